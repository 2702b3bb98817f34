# SPDX-License-Identifier: GPL-2.0
"""make fuzz: the mutations, each (rng, Model) -> (node, property, what)
or None, picked with the seeded generator (pick, mutate)."""

import json

from .model import (BAD_NAMES, BAD_PIN_NAMES, CONTRADICTIONS, FLAGS, LIMITS, STATE_NAMES,
                   STRUCTURAL, UNKNOWN, VALUED, Model, be32, cells_of, clone, give_phandle,
                   pin_state_props, strings, unique_name)

# -- the mutations: each (rng, model) -> description, or None --------------
def m_value_limit(rng, m):
    n = rng.choice(m.leaves)
    props = [p for p, v in n.props.items() if len(v) == 4 and p not in STRUCTURAL]
    if props and rng.random() < 0.7:
        p = rng.choice(props)
        old = cells_of(n.props[p])[0]
        v = rng.choice(LIMITS + [old - 1, old + 1, old * 2, old << 24, old | 0x1000000])
    else:
        p = rng.choice(VALUED)
        v = rng.choice(LIMITS)
    n.props[p] = be32(v)
    return n, p, "%s = <%#x>" % (p, v & 0xFFFFFFFF)


def wrong_bytes(rng, old):
    kinds = [b"", b"\x01", b"\x00\x01", b"\x00\x00\x01", b"\x00\x00\x00\x01\x02",
             be32(1, 2), be32(0, 4), b"abc\0", b"abc", strings("4", "8"),
             b"\0", b"\xff" * 4 + b"x", be32(0x10000, 0xFFFFFFFF, 0)]
    if old:
        kinds += [old[:-1], old + b"\0", old[:len(old) // 2], old + old[:2]]
    return rng.choice(kinds)


def m_wrong_size(rng, m):
    n = rng.choice(m.leaves)
    props = [p for p in n.props if p not in ("phandle", "linux,phandle")]
    if props and rng.random() < 0.8:
        p = rng.choice(props)
    else:
        p = rng.choice(VALUED + FLAGS)
    v = wrong_bytes(rng, n.props.get(p, b""))
    n.props[p] = v
    return n, p, "%s = [%s]" % (p, v.hex())


def m_contradiction(rng, m):
    n = rng.choice(m.leaves)
    a, b = rng.choice(CONTRADICTIONS)
    for p in (a, b):
        n.props[p] = b"" if rng.random() < 0.7 else be32(rng.choice([0, 1, 4700, 47000]))
    return n, a, "%s and %s" % (a, b)


def m_unknown_property(rng, m):
    n = rng.choice(m.leaves)
    props = [p for p in n.props if p not in ("phandle", "linux,phandle")]
    if props and rng.random() < 0.5:
        p = rng.choice(props)
        i = rng.randrange(len(p))
        typo = rng.choice([p[:i] + p[i + 1:], p[:i] + p[i] * 2 + p[i + 1:],
                           p + "s", p.replace("-", "_"), p.upper()])
        n.props[typo] = n.props.pop(p)
        return n, typo, "%s renamed %s" % (p, typo)
    p = rng.choice(UNKNOWN)
    n.props[p] = rng.choice([b"", be32(1), strings("x")])
    return n, p, "unknown %s" % p


def m_names(rng, m):
    n = rng.choice(m.leaves)
    which = [p for p in ("pins", "groups", "function") if n.has(p)]
    if not which:
        p = rng.choice(["pins", "groups", "function"])
        n.props[p] = strings(rng.choice(BAD_NAMES + BAD_PIN_NAMES))
        return n, p, "added %s" % p
    p = rng.choice(which)
    vals = n.strings(p)
    r = rng.random()
    if p == "pins":
        bad = rng.choice(BAD_PIN_NAMES + sorted(m.groups)[:3] or ["PZ0"])
    elif p == "groups":
        bad = rng.choice(BAD_NAMES + sorted(m.pins)[:3] + sorted(m.functions)[:2])
    else:
        bad = rng.choice(BAD_NAMES + sorted(m.functions) + sorted(m.groups)[:2])
    if r < 0.5 and vals:
        vals[rng.randrange(len(vals))] = bad
    elif r < 0.7:
        vals.append(bad)
    elif r < 0.85 and vals:
        vals = vals + [vals[0]]          # a name twice
        bad = vals[0] + " twice"
    else:
        vals = []
    n.props[p] = strings(*vals)
    return n, p, "%s = %s" % (p, json.dumps(vals)[:80])


def m_structure_props(rng, m):
    n = rng.choice(m.leaves)
    r = rng.random()
    if r < 0.4:
        p = rng.choice([p for p in ("pins", "groups", "function", *ROWS)
                        if n.has(p)] or ["pins"])
        n.props.pop(p, None)
        return n, p, "deleted %s" % p
    if r < 0.7 and (m.pins or m.groups):
        if n.has("pins"):
            n.props["groups"] = strings(rng.choice(sorted(m.groups) or ["x"]))
        else:
            n.props["pins"] = strings(rng.choice(sorted(m.pins) or ["PA0"]))
        return n, "pins", "pins and groups"
    # a generic flag or value added
    if rng.random() < 0.5:
        p = rng.choice(FLAGS)
        n.props[p] = b""
        return n, p, "added %s" % p
    p = rng.choice(VALUED)
    v = rng.choice(LIMITS)
    n.props[p] = be32(v)
    return n, p, "added %s = <%#x>" % (p, v)


def m_nodes(rng, m):
    r = rng.random()
    pool = m.used if rng.random() < 0.8 else m.pin_nodes
    n = rng.choice(pool)
    if r < 0.3:
        n.parent.children.remove(n)
        return n, "pinctrl-0", "deleted node %s" % n.path
    if r < 0.6:
        name = unique_name(n.parent, n.name)
        c = clone(n, n.parent, name)
        if rng.random() < 0.5:
            c.props.pop("phandle", None)
            c.props.pop("linux,phandle", None)
            what = "without its phandle"
        else:
            what = "with the same phandle"
        return c, "phandle", "duplicated %s as %s %s" % (n.path, name, what)
    if r < 0.85:
        s = rng.choice(["disabled", "fail", "okay", "reserved", "bogus"])
        n.props["status"] = strings(s)
        return n, "status", "status = %s on %s" % (s, n.path)
    # a config node nested one level too deep
    c = n.add("nested-pins")
    c.props = {k: v for k, v in n.props.items() if k not in ("phandle", "linux,phandle")}
    c2 = c.add("deeper-pins")
    c2.props = dict(c.props)
    return c2, "pins", "nested copies below %s" % n.path


def console_path(tree):
    """the node /chosen's stdout-path names (through /aliases)"""
    ch = tree.find("/chosen")
    sp = ch.string("stdout-path") if ch is not None else None
    if not sp:
        return None
    sp = sp.split(":", 1)[0]
    if not sp.startswith("/"):
        al = tree.find("/aliases")
        sp = al.string(sp) if al is not None else None
    return sp


def m_consumer_nodes(rng, m):
    c = rng.choice(m.consumers)
    if c in m.ctrls:
        # the hogs: their states only (the controller itself stays)
        return m_states(rng, m, c)
    r = rng.random()
    if r < 0.3:
        c.props["status"] = strings(rng.choice(["disabled", "fail", "bogus"]))
        return c, "status", "status = %s on consumer %s" % (c.string("status"), c.path)
    if r < 0.5 and c.path != console_path(m.tree):
        # (not the console's UART: without its node there is no earlycon
        # either, and the board cannot be observed)
        c.parent.children.remove(c)
        return c, "pinctrl-0", "deleted consumer %s" % c.path
    # a second consumer with the same states (simple-bus: binds anywhere)
    d = m.tree.root.add(unique_name(m.tree.root, c.basename))
    d.set_strings("compatible", ["simple-bus"])
    for k, v in c.props.items():
        if k.startswith("pinctrl-"):
            d.props[k] = v
    return d, "pinctrl-0", "second consumer %s with the states of %s" % (d.path, c.path)


def m_states(rng, m, c=None):
    c = c or rng.choice(m.consumers)
    st = pin_state_props(c)
    names = c.strings("pinctrl-names")
    r = rng.random()
    maxph = m.tree.max_phandle()
    if r < 0.12:
        names = names[:-1] if names else ["default", "sleep"]
        c.set_strings("pinctrl-names", names)
        return c, "pinctrl-names", "pinctrl-names = %s" % json.dumps(names)
    if r < 0.22:
        names = names + [rng.choice(STATE_NAMES)]
        c.props["pinctrl-names"] = strings(*names)
        return c, "pinctrl-names", "pinctrl-names = %s" % json.dumps(names)
    if r < 0.3:
        i = rng.randrange(len(names)) if names else 0
        names = list(names) or ["default"]
        names[i] = rng.choice(STATE_NAMES + [names[0]])
        c.props["pinctrl-names"] = strings(*names)
        return c, "pinctrl-names", "pinctrl-names = %s" % json.dumps(names)
    if r < 0.36:
        c.props["pinctrl-names"] = rng.choice([b"", b"default", be32(1), b"\0\0",
                                               b"default\0\xff\xfe\0"])
        return c, "pinctrl-names", "pinctrl-names = [%s]" % c.props["pinctrl-names"].hex()
    if r < 0.42:
        c.props.pop("pinctrl-names", None)
        return c, "pinctrl-names", "no pinctrl-names"
    if r < 0.5:
        k = len(st)
        c.props["pinctrl-%d" % k] = c.props[st[0][2]] if rng.random() < 0.5 else be32(maxph + 7)
        return c, "pinctrl-%d" % k, "pinctrl-%d added without a name" % k
    if r < 0.56:
        p = st[0][2]
        v = c.props.pop(p)
        if rng.random() < 0.5:
            c.props["pinctrl-%d" % len(st)] = v
        return c, p, "%s deleted, the others kept" % p
    _, _, p = rng.choice(st)
    cells = cells_of(c.props[p])
    r = rng.random()
    if r < 0.45:
        foreign = [n for n in m.tree.root.walk() if n.parent is not None and
                   n not in m.pin_nodes and not n.path.startswith("/__")]
        choice = rng.random()
        if choice < 0.35:
            ph = rng.choice([0, 0xFFFFFFFF, maxph + 1, maxph + 1000, 0x80000000])
            what = "phandle %#x" % ph
        elif choice < 0.55 and m.ctrls:
            t = rng.choice(m.ctrls)
            ph = give_phandle(m.tree, t)
            what = "the controller %s" % t.path
        elif choice < 0.7:
            ph = give_phandle(m.tree, c)
            what = "the consumer itself"
        elif choice < 0.85 and m.pin_nodes:
            t = rng.choice(m.pin_nodes)
            ph = give_phandle(m.tree, t)
            what = "pin node %s" % t.path
        else:
            t = rng.choice(foreign)
            ph = give_phandle(m.tree, t)
            what = "foreign node %s" % t.path
        i = rng.randrange(len(cells)) if cells else 0
        cells = list(cells) or [0]
        cells[i] = ph
        c.props[p] = be32(*cells)
        return c, p, "%s entry %d = %s" % (p, i, what)
    if r < 0.6:
        c.props[p] = wrong_bytes(rng, c.props[p])
        return c, p, "%s = [%s]" % (p, c.props[p].hex())
    if r < 0.75 and cells:
        c.props[p] = be32(*(cells + [cells[0]]))
        return c, p, "%s lists a node twice" % p
    if r < 0.85:
        c.props[p] = b""
        return c, p, "%s empty" % p
    # the state of another consumer, or another state of this one
    other = rng.choice(m.consumers)
    ost = pin_state_props(other)
    c.props[p] = other.props[rng.choice(ost)[2]] if ost else be32(1)
    return c, p, "%s = the state of %s" % (p, other.path)


# the families' own pin rows: cells a row, or None for a list of names
ROWS = {
    "fsl,pins": 6, "pinctrl-single,pins": 2, "pinctrl-single,bits": 3,
    "rockchip,pins": 4,                 # bank, pin, mux, &config
    "pinmux": 1,                        # STM32, MediaTek, RZ/G2L: one packed cell a pin
    "brcm,pins": 1, "brcm,function": 1, "brcm,pull": 1,
    "samsung,pin-function": 1, "samsung,pin-pud": 1, "samsung,pin-drv": 1,
    "samsung,pin-val": 1,
    "marvell,pins": None, "marvell,function": None, "samsung,pins": None,
    "nvidia,pins": None, "nvidia,function": None,
}


def m_names_row(rng, m, n, p):
    """a list of names of a family's own (marvell,pins, samsung,pins,
    nvidia,pins and their function): a name of another node, a near miss,
    a name twice, none"""
    vals = n.strings(p)
    seen = sorted({v for x in m.pin_nodes for v in x.strings(p)} - set(vals))
    r = rng.random()
    if vals and r < 0.35:
        i = rng.randrange(len(vals))
        v = vals[i]
        j = rng.randrange(len(v)) if v else 0
        vals[i] = rng.choice([v[:j] + v[j + 1:], v.upper(), v + "x", v + " ",
                              v.replace("-", "_"), "x" * 300])
    elif seen and r < 0.6:
        vals[rng.randrange(len(vals)) if vals else 0:] = [rng.choice(seen)]
    elif vals and r < 0.8:
        vals = vals + [vals[0]]
    else:
        vals = [] if rng.random() < 0.5 else [""]
    n.props[p] = strings(*vals)
    return n, p, "%s = %s" % (p, json.dumps(vals)[:80])


def m_family(rng, m):
    """the raw pin rows of a family (ROWS)"""
    rows = [(n, p) for n in m.used for p in ROWS if n.has(p)]
    if not rows:
        return m_value_limit(rng, m)
    n, p = rng.choice(rows)
    width = ROWS[p]
    if width is None:
        return m_names_row(rng, m, n, p)
    cells = cells_of(n.props[p])
    # pinctrl-single with #pinctrl-cells = 2: three cells a row
    ctl = next((a for a in n.ancestors() if a.has("#pinctrl-cells")), None)
    if p == "pinctrl-single,pins" and ctl is not None and ctl.u32("#pinctrl-cells") == 2:
        width = 3
    r = rng.random()
    if r < 0.2 and cells:
        cut = rng.choice([1, 2, width - 1]) if width > 1 else 1
        cells = cells[:-cut]
        n.props[p] = be32(*cells) if cells else b""
        return n, p, "%s cut by %d cells" % (p, cut)
    if r < 0.3:
        n.props[p] = be32(*(cells + cells[:rng.choice([1, width])]))
        return n, p, "%s with a partial or repeated row" % p
    if r < 0.35:
        n.props[p] = n.props[p][:-rng.choice([1, 2, 3])]
        return n, p, "%s not a whole number of cells" % p
    if not cells:
        n.props[p] = be32(0xFFFFFFFF)
        return n, p, "%s = <0xffffffff>" % p
    row = rng.randrange(max(1, len(cells) // width))
    col = rng.randrange(width)
    i = row * width + col
    if i >= len(cells):
        i = len(cells) - 1
    old = cells[i]
    cells[i] = rng.choice([old + 0x10000, old + 0x1000, 0xFFFC, 0x10000, 0xFFFFFFFF, 0xFFFFFFFC,
                           0x7FFFFFFF, old + 1, old | 0x80000000, old | 0x40000000, 0,
                           old + 2, old ^ 0xFF])
    n.props[p] = be32(*cells)
    return n, p, "%s row %d cell %d = %#x (was %#x)" % (p, row, col, cells[i], old)


MUTATIONS = [
    (m_value_limit, 16), (m_wrong_size, 12), (m_contradiction, 8),
    (m_unknown_property, 8), (m_names, 12), (m_structure_props, 8),
    (m_nodes, 10), (m_consumer_nodes, 6), (m_states, 14), (m_family, 0),
]


def pick(rng, kind):
    table = [(f, w if f is not m_family else (14 if kind == "rehearse" else 2))
             for f, w in MUTATIONS]
    total = sum(w for _, w in table)
    x = rng.uniform(0, total)
    for f, w in table:
        x -= w
        if x <= 0:
            return f
    return table[-1][0]



def mutate(rng, tree, kind, nops):
    ops = []
    for _ in range(nops):
        m = Model(tree, kind)
        if not m.leaves or not m.consumers:
            break
        f = pick(rng, kind)
        try:
            r = f(rng, m)
        except (IndexError, ValueError):
            r = None
        if r is None:
            continue
        node, prop, what = r
        ops.append({"op": f.__name__[2:], "node": node.path, "node_name": node.name,
                    "property": prop, "what": what})
    return ops

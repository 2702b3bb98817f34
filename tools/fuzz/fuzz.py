#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make fuzz: seeded mutations of the pin nodes and pin states of boards,
each booted, each judged (scripts/fuzz.sh runs the steps).

  fuzz.py gen --seed S --count N --out DIR BASE...
      BASE is vsoc:NAME:DTB (a VSOC board's DTB) or rehearse:NAME:DIR (a
      real board prepared by scripts/rehearse.sh: DIR/board.dtb, plan.json).
      Writes DIR/cases.json and, per case, DIR/<id>/ with the DTB to boot
      (a VSOC board: case.dtb; a real board: virt.dtb, board.dtb,
      plan.json, windows.txt and the reset images, as rehearse.py prepare
      leaves them). Every case is distinct (no two DTBs alike).
  fuzz.py import --dir CORPUS --out DIR BASE...
      the corpus cases (tests/corpus/fuzz/*.dts, each names its board) as
      the cases of DIR, to boot and judge again
  fuzz.py judge DIR [--base NAME=RUNDIR]... [--verify VSOC-VERIFY]
		    [--save CORPUS] [--known tests/corpus/fuzz]
      after the boots (DIR/<id>/rc, console.log): one line per case and
      the totals; DIR/results.json; one corpus case a class of the cases
      that break the rule into CORPUS; a class that a case of --known was
      saved for is marked known. Exit 1 when a case breaks the rule.

Mutations (one to three a case, each picked with the seeded generator),
on the pin nodes (every node below a pin controller) and the states (the
pinctrl-N and pinctrl-names properties of consumers and of the
controllers' hogs): values at and beyond each limit (0, 1, 2^24 - 1,
2^24, 2^31, 2^32 - 1, the value +-1, ...), every wrong size and type
(empty, 1, 2, 3, 5, 8 bytes, a string, an unterminated string, a string
list where cells go), contradictory siblings, unknown properties and
misspellings, unknown pin, group and function names, pins and groups
together or neither, broken phandles (0, ~0, one past the last) and
foreign ones (a node that is no pin configuration), deleted, duplicated
(with and without their phandle) and disabled nodes, pinctrl-names
counts that do not match, empty names, pinctrl-1 without pinctrl-0; on
i.MX fsl,pins rows cut short and register offsets beyond the window, on
pinctrl-single rows cut short and offsets beyond the window.

The rule each case must keep (scripts/fuzz.sh, README "DT fuzzing"): the
boot ends (no panic, hang or kernel report: qemu/run.sh), and then either
the board verifies (every device with pin states bound and the verifier
agreeing: build/vsoc-verify, or the rehearsal's verdict on the mutated
board) or the kernel refused it with a message it did not print for the
unmutated board that names a DT node (its full path, or a pin node's
name) and a property of the tree. A pin two devices claim is refused in
the core's own form, naming the pin and both devices ("already
requested"), which counts as refused too.
"""

import hashlib
import json
import os
import random
import re
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "rehearse"))

import fdt  # noqa: E402

# -- the generic pin configuration properties (pinconf-generic.c) ----------
FLAGS = [
    "bias-disable", "bias-high-impedance", "bias-bus-hold", "bias-pull-up",
    "bias-pull-down", "bias-pull-pin-default", "drive-push-pull",
    "drive-open-drain", "drive-open-source", "input-enable", "input-disable",
    "input-schmitt-enable", "input-schmitt-disable", "low-power-enable",
    "low-power-disable", "output-disable", "output-enable", "output-low",
    "output-high", "sleep-hardware-state", "vsoc,wakeup",
]
VALUED = [
    "bias-pull-up", "bias-pull-down", "drive-strength", "drive-strength-microamp",
    "input-debounce", "input-schmitt", "power-source", "slew-rate", "skew-delay",
    "output-impedance-ohms", "vsoc,slew-rate-rising", "vsoc,slew-rate-falling",
]
CONTRADICTIONS = [
    ("bias-pull-up", "bias-pull-down"), ("bias-disable", "bias-pull-up"),
    ("bias-disable", "bias-pull-down"), ("bias-high-impedance", "bias-pull-up"),
    ("output-high", "output-low"), ("input-enable", "input-disable"),
    ("input-schmitt-enable", "input-schmitt-disable"), ("low-power-enable", "low-power-disable"),
    ("drive-push-pull", "drive-open-drain"), ("drive-open-drain", "drive-open-source"),
    ("output-enable", "output-disable"), ("output-high", "output-disable"),
]
UNKNOWN = ["bias-pul-up", "drive-strenght", "input-enabled", "input-schmit-enable",
           "slewrate", "vsoc,bogus", "pinctrl-bogus", "bias-pull", "function-name",
           "pin", "group", "drive-strength-ma", "fsl,pin", "pinctrl-single,pin"]
LIMITS = [0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33, 255, 256, 1000, 4095, 4096,
          65535, 65536, 0xFFFFFF, 0x1000000, 0x1000001, 0x7FFFFFFF, 0x80000000,
          0xFFFFFFFE, 0xFFFFFFFF]
BAD_PIN_NAMES = ["PZ0", "PA32", "PH99", "pa0", "PA00", "PA", "", "P", "GPIO_0", "PA0 ",
                 "\xff\xfe", "A0", "PI0", "PA-1", "PA4294967296", "x" * 300]
BAD_NAMES = ["nosuch", "", "UART0", "gpio ", "x" * 300, "default", "\x01"]
STATE_NAMES = ["default", "sleep", "init", "idle", "", "default ", "Default"]
STRUCTURAL = {"pins", "groups", "function", "fsl,pins", "pinctrl-single,pins",
              "pinctrl-single,bits", "phandle", "linux,phandle", "pinmux"}


def be32(*v):
    return struct.pack(">%dI" % len(v), *[x & 0xFFFFFFFF for x in v])


def strings(*s):
    return b"".join(x.encode("latin-1") + b"\0" for x in s)


def pin_state_props(node):
    names = node.strings("pinctrl-names")
    out = []
    for p in node.props:
        m = re.fullmatch(r"pinctrl-(\d+)", p)
        if m:
            i = int(m.group(1))
            out.append((names[i] if i < len(names) else str(i), i, p))
    return out


def cells_of(v):
    n = len(v) // 4
    return list(struct.unpack(">%dI" % n, v[:4 * n]))


class Model:
    """what a mutation can pick from in one tree"""

    def __init__(self, tree, kind):
        self.tree = tree
        self.kind = kind
        by_ph = tree.by_phandle()
        self.consumers = [n for n in tree.root.walk()
                          if n.parent is not None and pin_state_props(n)
                          and not n.path.startswith("/__")]
        # a controller: the nearest node with a compatible above a
        # state's target (board.controller_of)
        self.ctrls = []
        for c in self.consumers:
            for _, _, p in pin_state_props(c):
                for ph in cells_of(c.props[p]):
                    t = by_ph.get(ph)
                    a = t.parent if t is not None else None
                    while a is not None and a.parent is not None and not a.has("compatible"):
                        a = a.parent
                    if a is not None and a.parent is not None and a not in self.ctrls:
                        self.ctrls.append(a)
        self.pin_nodes = [n for c in self.ctrls for n in c.walk()
                          if n is not c and not n.has("gpio-hog")]
        used = set()
        for c in self.consumers:
            for _, _, p in pin_state_props(c):
                for ph in cells_of(c.props[p]):
                    t = by_ph.get(ph)
                    if t is not None:
                        used.update(id(x) for x in t.walk())
        self.used = [n for n in self.pin_nodes if id(n) in used]
        self.states = [n for n in self.pin_nodes if n.phandle and id(n) in used]
        # config nodes: pin nodes with properties other than structural
        self.leaves = [n for n in self.used if not n.children] or self.used
        self.groups, self.pins, self.functions = set(), set(), set()
        for n in self.pin_nodes:
            self.groups.update(n.strings("groups"))
            self.pins.update(n.strings("pins"))
            self.functions.update(n.strings("function"))
        self.foreign = [n for n in tree.root.walk() if n.parent is not None and
                        n not in self.pin_nodes and not n.path.startswith("/__")
                        and n.phandle]


def next_phandle(tree):
    return tree.max_phandle() + 1


def give_phandle(tree, node):
    if not node.phandle:
        node.set_cells("phandle", [next_phandle(tree)])
    return node.phandle


def unique_name(parent, name):
    base, at, unit = name.partition("@")
    i = 1
    while True:
        cand = "%s-dup%d%s%s" % (base, i, at, unit)
        if parent.child(cand) is None:
            return cand
        i += 1


def clone(node, parent, name):
    c = parent.add(name)
    c.props = dict(node.props)
    for ch in node.children:
        clone(ch, c, ch.name)
    return c


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
        p = rng.choice([p for p in ("pins", "groups", "function", "fsl,pins",
                                    "pinctrl-single,pins") if n.has(p)] or ["pins"])
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


def m_family(rng, m):
    """the raw pin rows of i.MX (fsl,pins) and pinctrl-single"""
    rows = [(n, p) for n in m.used for p in ("fsl,pins", "pinctrl-single,pins",
                                              "pinctrl-single,bits") if n.has(p)]
    if not rows:
        return m_value_limit(rng, m)
    n, p = rng.choice(rows)
    cells = cells_of(n.props[p])
    width = {"fsl,pins": 6, "pinctrl-single,pins": 2, "pinctrl-single,bits": 3}[p]
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


# -- generating the cases ----------------------------------------------------
def blob_of(tree):
    import tempfile
    with tempfile.NamedTemporaryFile(suffix=".dtb", delete=False) as t:
        name = t.name
    fdt.write(tree, name)
    with open(name, "rb") as f:
        data = f.read()
    os.unlink(name)
    return data


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


def rehearse_case(base, tree, ops, outdir):
    """the mutated real board: transformed as rehearse.py prepare does,
    then the consumers' states copied verbatim (the transform only keeps
    states that point at a pin controller, and names them again)"""
    sys.path.insert(0, os.path.join(HERE, "..", "rehearse"))
    import board as rboard
    bdtb = os.path.join(outdir, "board.dtb")
    fdt.write(tree, bdtb)
    # the transform reads the states as cells: it gets them cut to whole
    # cells, and the booted DTB gets them as they are (below)
    sane = fdt.parse(blob_of(tree))
    for n in sane.root.walk():
        for k, v in n.props.items():
            if re.fullmatch(r"pinctrl-\d+", k) and len(v) % 4:
                n.props[k] = v[:len(v) // 4 * 4]
    tdtb = os.path.join(outdir, "transform.dtb")
    fdt.write(sane, tdtb)
    plan, ctrls = rboard.transform(tdtb, os.environ["VIRT_DTB"],
                                   os.path.join(outdir, "virt.dtb"), [])
    os.unlink(tdtb)
    plan["board"] = base["name"]
    plan["ksrc"] = os.environ.get("KSRC")
    virt = fdt.read(os.path.join(outdir, "virt.dtb"))
    rh = {n.string("rehearse,path"): n for n in virt.root.children if n.has("rehearse,path")}
    touched = {op["node"] for op in ops}
    idx = 900
    for c in plan["consumers"]:
        if c["hog"] or c["path"] not in touched:
            continue
        node = tree.find(c["path"])
        if node is None or not node.enabled():
            continue
        d = rh.get(c["path"])
        if d is None:
            d = virt.root.add("rh%03d-%s" % (idx, re.sub(r"[^A-Za-z0-9_-]", "-", node.basename)))
            idx += 1
            d.set_strings("compatible", ["simple-bus"])
            d.set_strings("rehearse,path", [c["path"]])
            c["dev"] = d.name
        for k in [k for k in d.props if k.startswith("pinctrl-")]:
            del d.props[k]
        for k, v in node.props.items():
            if k.startswith("pinctrl-"):
                d.props[k] = v
        c["states"] = [s[0] for s in pin_state_props(node)]
        c["raw"] = True
    # the hogs: the controllers' own states, as they are
    for c in plan["controllers"]:
        orig = tree.find(c["path"])
        copy = virt.root.child("%s@%x" % (orig.basename, c["windows"][0]["addr"]))
        if orig is None or copy is None:
            continue
        for k in [k for k in copy.props if k.startswith("pinctrl-")]:
            del copy.props[k]
        for k, v in orig.props.items():
            if k.startswith("pinctrl-"):
                copy.props[k] = v
    fdt.write(virt, os.path.join(outdir, "virt.dtb"))
    with open(os.path.join(outdir, "windows.txt"), "w") as f:
        for ctl in ctrls.values():
            for i, (wname, addr, size, _, _) in enumerate(ctl.windows):
                img = os.path.join(outdir, wname + ".reset")
                with open(img, "wb") as r:
                    r.write(ctl.family.reset_image(ctl, i, size))
                f.write("%s %#x %#x %s\n" % (wname, addr, size, img))
    rboard.write_plan(plan, os.path.join(outdir, "plan.json"))


def gen(args):
    seed, count, out, bases = args["seed"], args["count"], args["out"], args["bases"]
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    blobs = {}
    for b in bases:
        path = b["dtb"] if b["kind"] == "vsoc" else os.path.join(b["dir"], "board.dtb")
        with open(path, "rb") as f:
            blobs[b["name"]] = f.read()
    seen = set()
    cases = []
    tries = 0
    while len(cases) < count and tries < count * 20:
        tries += 1
        # real boards: about a third of the cases between them
        if rng.random() < 0.34 and any(b["kind"] == "rehearse" for b in bases):
            base = rng.choice([b for b in bases if b["kind"] == "rehearse"])
        else:
            base = rng.choice([b for b in bases if b["kind"] == "vsoc"])
        tree = fdt.parse(blobs[base["name"]])
        nops = rng.choices([1, 2, 3], weights=[6, 3, 1])[0]
        ops = mutate(rng, tree, base["kind"], nops)
        if not ops:
            continue
        blob = blob_of(tree)
        h = hashlib.sha256(base["name"].encode() + blob).hexdigest()
        if h in seen:
            continue
        seen.add(h)
        cid = "%04d" % len(cases)
        d = os.path.join(out, cid)
        os.makedirs(d, exist_ok=True)
        case = {"id": cid, "base": base["name"], "kind": base["kind"], "ops": ops,
                "sha256": h[:16]}
        if base["kind"] == "vsoc":
            with open(os.path.join(d, "case.dtb"), "wb") as f:
                f.write(blob)
        else:
            rehearse_case(base, tree, ops, d)
        cases.append(case)
    with open(os.path.join(out, "cases.json"), "w") as f:
        json.dump({"seed": seed, "count": len(cases), "bases": bases, "cases": cases}, f, indent=1)
    print("fuzz: seed %d: %d distinct mutated boards (%d tries) over %d boards" % (
        seed, len(cases), tries, len(bases)))
    return 0


def import_cases(args):
    """the corpus cases (tests/corpus/fuzz/*.dts, as save_cases writes
    them) as cases to boot and judge again: each names its base board"""
    out, src_dir, bases = args["out"], args["dir"], args["bases"]
    top = os.path.abspath(os.path.join(HERE, "..", ".."))
    by_name = {b["name"]: b for b in bases}
    cases = []
    for f in sorted(os.listdir(src_dir)):
        if not f.endswith(".dts"):
            continue
        path = os.path.join(src_dir, f)
        text = open(path).read()
        m = re.search(r"^ \* make fuzz seed \S+ case \S+ board (\S+):", text.replace(",", ""), re.M)
        if not m or m.group(1) not in by_name:
            print("fuzz: %s: no base board among the boards fuzzed" % f, file=sys.stderr)
            return 2
        base = by_name[m.group(1)]
        cid = "%04d" % len(cases)
        d = os.path.join(out, cid)
        os.makedirs(d, exist_ok=True)
        ops = [{"op": "replay", "what": f, "node": "/", "node_name": "", "property": ""}]
        if base["kind"] == "vsoc":
            subprocess.run([os.path.join(top, "scripts", "dtb.sh"), path,
                            os.path.join(d, "case.dtb")], check=True, stdout=subprocess.DEVNULL)
        else:
            import board as rboard
            ksrc = os.environ["KSRC"]
            rboard.build_board_dtb(rboard.resolve(path, ksrc), os.path.join(d, "board.dtb"),
                                   ksrc, os.environ["DTC"], os.environ["FDTOVERLAY"])
            tree = fdt.read(os.path.join(d, "board.dtb"))
            bt = fdt.read(os.path.join(base["dir"], "board.dtb"))
            tph, bph = tree.by_phandle(), bt.by_phandle()

            def states(node, phs):
                # the states with their phandles as paths (the two DTBs
                # number their phandles apart)
                out = {}
                for k, v in (node.props.items() if node else []):
                    if not (k == "pinctrl-names" or re.fullmatch(r"pinctrl-\d+", k)):
                        continue
                    if k == "pinctrl-names" or not re.fullmatch(r"pinctrl-\d+", k) or len(v) % 4:
                        out[k] = v
                    else:
                        out[k] = [phs[p].path if p in phs else p for p in cells_of(v)]
                return out
            for n in tree.root.walk():
                b = bt.find(n.path)
                mine, theirs = states(n, tph), states(b, bph)
                if mine != theirs:
                    ops.append({"op": "replay", "what": "states of %s" % n.path, "node": n.path,
                                "node_name": n.name, "property": "pinctrl-0"})
            rehearse_case(base, tree, ops, d)
        km = re.search(r"^ \* known-bad: .* \[(.*)\]$", text, re.M)
        cases.append({"id": cid, "base": base["name"], "kind": base["kind"], "ops": ops,
                      "sha256": "", "file": f, "expect_class": km.group(1) if km else None})
    with open(os.path.join(out, "cases.json"), "w") as f:
        json.dump({"seed": "replay", "count": len(cases), "bases": bases, "cases": cases}, f,
                  indent=1)
    print("fuzz: %d corpus cases from %s" % (len(cases), src_dir))
    return 0


def known_classes(corpus):
    """the classes the corpus cases were saved for ("known-bad: ... [CLASS]")"""
    out = {}
    if corpus and os.path.isdir(corpus):
        for f in sorted(os.listdir(corpus)):
            if f.endswith(".dts"):
                m = re.search(r"^ \* known-bad: .* \[(.*)\]$", open(os.path.join(corpus, f)).read(), re.M)
                if m:
                    out[m.group(1)] = f
    return out


# -- judging -----------------------------------------------------------------
def read_dumps(path):
    dumps, cur, name = {}, None, None
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", "replace").replace("\r", "")
    for line in text.split("\n"):
        if line.startswith("==== VSOC BEGIN "):
            name = line[len("==== VSOC BEGIN "):-5]
            cur = []
        elif line.startswith("==== VSOC END "):
            if cur is not None:
                dumps[name] = "\n".join(cur)
            cur = None
        elif cur is not None:
            cur.append(line)
    return dumps


LEVEL = re.compile(r"^<(\d)>(?:\[\s*[0-9.]+\]\s?)?(.*)$")


def messages(dmesg, maxlevel=4):
    out = []
    for line in dmesg.split("\n"):
        m = LEVEL.match(line)
        if m and int(m.group(1)) <= maxlevel:
            out.append(m.group(2).strip())
    return out


def handles(dumps):
    text = dumps.get("boot /sys/kernel/debug/pinctrl/pinctrl-handles", "")
    return {m.group(1): m.group(2) for m in
            re.finditer(r"^device: (\S+) current state: (\S+)", text, re.M)}


def deferred(dumps):
    text = dumps.get("boot /sys/kernel/debug/devices_deferred", "")
    return {l.split("\t")[0]: (l.split("\t", 1)[1] if "\t" in l else "")
            for l in text.split("\n") if l.strip()}


def dev_name(node):
    """the platform device name of_device_make_bus_id() gives a node"""
    name = None
    n = node
    while n.parent is not None:
        if n.has("reg"):
            try:
                r = n.regs()
                a = n.translate(r[0][0]) if r else None
            except (ValueError, IndexError, TypeError):
                a = None
            if a is not None:
                return "%x.%s" % (a, n.basename) + (":" + name if name else "")
        name = n.name + (":" + name if name else "")
        n = n.parent
    return name


def expected_devices(tree, kind):
    """the devices that should hold pin states: enabled nodes (a VSOC
    board: below the root or /soc; a real board: the rh devices) with a
    pinctrl-N property"""
    out = {}
    for n in tree.root.walk():
        if n.parent is None or n.path.startswith("/__") or not n.enabled():
            continue
        if not any(re.fullmatch(r"pinctrl-\d+", p) for p in n.props):
            continue
        if kind == "rehearse" and not (n.has("rehearse,path") or n.has("compatible")):
            continue
        if not n.has("compatible"):
            continue
        # only the nodes a bus populates: children of the root or of a
        # simple-bus
        p = n.parent
        if p.parent is not None and not any(
                c in ("simple-bus", "simple-pm-bus") for c in p.strings("compatible")):
            continue
        out[dev_name(n)] = n
    return out


TOKEN = re.compile(r"[A-Za-z0-9_#,.+-]+")
PATHTOK = re.compile(r"(/[A-Za-z0-9_,.+@:-]+)+")


def names_node_and_property(line, paths, pin_names, props):
    node = False
    for m in PATHTOK.finditer(line):
        p = m.group(0).rstrip(".:,")
        if p in paths:
            node = True
            break
    if not node:
        toks = set(TOKEN.findall(line))
        node = bool(toks & pin_names)
    if not node:
        return False
    toks = set(t.rstrip(".:,") for t in TOKEN.findall(line))
    # a state by its name stands for its pinctrl-N ("state default")
    return bool((toks & props) - WORDS) or bool(STATE.search(line))


STATE = re.compile(r"\bstate [\w.,+-]+")


# words of the core's messages that a mutation may also add as a property
WORDS = {"pin", "group", "status", "reg", "name", "x"}


KNOWN_PROPS = set(FLAGS + VALUED) | STRUCTURAL | {
    "pinctrl-names", "status"} | {"pinctrl-%d" % i for i in range(8)}


def normalize(line):
    """a message as a class: numbers, quoted and path-like names blanked"""
    line = re.sub(r"^\S+ \S+: ", "", line)          # driver and device
    line = PATHTOK.sub("/P", line)
    line = re.sub(r"\b(rh\d+-\S+|[0-9a-f]+\.[a-z][\w-]*)", "DEV", line)
    line = re.sub(r"0x[0-9a-f]+|\d+", "N", line)
    return line[:120]


def judge_case(case, d, verify, base):
    rcf = os.path.join(d, "rc")
    res = {"id": case["id"], "base": case["base"], "ops": [o["what"] for o in case["ops"]],
           "op_kinds": [o["op"] for o in case["ops"]]}
    rc = int(open(rcf).read().strip()) if os.path.isfile(rcf) else None
    err = open(os.path.join(d, "err")).read().strip() if os.path.isfile(os.path.join(d, "err")) else ""
    log = os.path.join(d, "console.log")
    if rc != 0 and os.path.isfile(log) and os.path.getsize(log) == 0 and any(
            o["what"] == "deleted consumer %s" % base["console"] for o in case["ops"]):
        # the console's node deleted (the mutator no longer does this):
        # no earlycon, nothing to judge
        res.update(verdict="unobservable", why="the console's node deleted: no output at all")
        return res
    if rc != 0 or not os.path.isfile(log):
        res.update(verdict="BROKEN", why="boot: " + (err.splitlines()[-1] if err else "rc %s" % rc))
        res["class"] = "boot: " + normalize(res["why"].split(": ", 2)[-1])
        text = open(log, "rb").read().decode(errors="replace").replace("\r", "") \
            if os.path.isfile(log) else ""
        m = re.search(r"^\[[ 0-9.]+\] pc : ([\w.]+)\+", text, re.M)
        if m:   # an oops: where it happened
            res["class"] = "boot: oops in %s" % m.group(1)
        m = re.search(r"(BUG: KASAN|UBSAN): ([\w-]+) in ([\w.]+)", text)
        if m:   # a sanitizer: what and where
            res["class"] = "boot: %s %s in %s" % (m.group(1), m.group(2), m.group(3))
        # the report's first lines, for the corpus case
        rep = re.search(r"^\[[ 0-9.]+\] (?:Unable to handle|BUG:|WARNING:|UBSAN:|Internal error).*", text, re.M)
        if rep:
            lines = text[rep.start():].split("\n")
            keep = [re.sub(r"^\[[ 0-9.]+\] ", "", l) for l in lines[:60]
                    if re.search(r"Unable to handle|Internal error|pc :|lr :|BUG:|WARNING:|UBSAN:|"
                                 r"Kernel panic|^\[[ 0-9.]+\]  \S+\+0x", l)]
            res["new_messages"] = keep[:16]
        return res
    dumps = read_dumps(log)
    dmesg = dumps.get("end dmesg", "")
    kind = case["kind"]
    tree = fdt.read(os.path.join(d, "case.dtb" if kind == "vsoc" else "virt.dtb"))
    new = [l for l in messages(dmesg) if l not in base["msgs"]]
    paths = {n.path for n in tree.root.walk()} | base["paths"]
    props = set(KNOWN_PROPS) | base["props"]
    pin_names = set(base["pin_names"])
    for n in tree.root.walk():
        props.update(n.props)
    for o in case["ops"]:
        props.add(o["property"])
        paths.add(o["node"])
        if kind == "rehearse":
            pin_names.add(o["node_name"])
    if kind == "rehearse":
        # the kernel prints the moved nodes' paths: the board's paths too
        btree = fdt.read(os.path.join(d, "board.dtb"))
        paths |= {n.path for n in btree.root.walk()}
    named = [l for l in new if names_node_and_property(l, paths, pin_names, props)]
    conflicts = [l for l in new if "already requested" in l]
    got = handles(dumps)
    waiting = deferred(dumps)
    want = expected_devices(tree, kind)
    missing = sorted(k for k in want if k not in got and k not in base["missing"])
    # a device waiting for good: its reason names the node it waits for
    waits = {k: waiting[k] for k in missing if k in waiting and
             any(m.group(0).rstrip(".:,") in paths for m in PATHTOK.finditer(waiting[k]))}
    res["named"] = named[:3]
    res["missing"] = missing
    if waits:
        res["waiting"] = waits
    refused = bool(named or conflicts or waits)
    # the verifier
    ok = False
    vwhy = ""
    if kind == "vsoc":
        args = [verify, d, "--dtb", os.path.join(d, "case.dtb"), "--console", log,
                "--regs", os.path.join(d, "regs.bin")]
        tries = [[]]
        failed = [k for k in missing if "default" in want[k].strings("pinctrl-names")]
        if failed:
            tries.append(sum((["--failed", "%s=default" % k] for k in failed), []))
        for extra in tries:
            p = subprocess.run(args + extra, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            out = p.stdout.decode(errors="replace").strip().splitlines()
            vwhy = out[-1] if out else "rc %d" % p.returncode
            if p.returncode == 0:
                ok = True
                break
    else:
        try:
            import verdict as rverdict
            r = rverdict.evaluate(d, os.path.join(d, "board.dtb"))
            bad = [x for x in r["rows"] if x["mismatch"]]
            failedc = [c for c in r["consumers"] if c["failed"]]
            ok = not bad and not r["stray"]
            vwhy = "%d rows, %d mismatches, %d stray, %d consumers failed" % (
                len(r["rows"]), len(bad), len(r["stray"]), len(failedc))
            if bad:
                vwhy += "; " + bad[0]["name"] + ": " + "; ".join(bad[0]["mismatch"])
        except Exception as e:  # the verdict could not read the mutated board
            vwhy = "verdict: %s: %s" % (type(e).__name__, e)
    res["verifier"] = vwhy
    if ok and not missing:
        res["verdict"] = "verified"
    elif refused:
        res["verdict"] = "refused" if ok else "refused-differs"
        if not named:
            res["verdict"] += "-conflict" if conflicts else "-deferred"
    else:
        res["verdict"] = "BROKEN"
        res["why"] = ("silently not applied: %s" % ", ".join(missing)) if ok else \
            "no message naming a node and property, and the verifier: %s" % vwhy
        res["new_messages"] = new[:6]
        res["class"] = normalize(new[0]) if new else (
            "no new message, not applied" if ok else "no new message, verifier: " +
            normalize(vwhy.split(": ", 1)[-1]))
    return res


def judge(args):
    out = args["dir"]
    with open(os.path.join(out, "cases.json")) as f:
        meta = json.load(f)
    bases = {}
    for b in meta["bases"]:
        rd = args["base_runs"][b["name"]]
        dumps = read_dumps(os.path.join(rd, "console.log"))
        path = b["dtb"] if b["kind"] == "vsoc" else os.path.join(b["dir"], "virt.dtb")
        t = fdt.read(path)
        m = Model(t, b["kind"])
        props = set()
        for n in t.root.walk():
            props.update(n.props)
        paths = {n.path for n in t.root.walk()}
        if b["kind"] == "rehearse":
            bt = fdt.read(os.path.join(b["dir"], "board.dtb"))
            paths |= {n.path for n in bt.root.walk()}
            m2 = Model(bt, b["kind"])
            pin_names = {n.name for n in m.pin_nodes} | {n.name for n in m2.pin_nodes}
        else:
            pin_names = {n.name for n in m.pin_nodes}
        got = handles(dumps)
        bases[b["name"]] = {"msgs": set(messages(dumps.get("end dmesg", ""))),
                            "console": console_path(t),
                            "paths": paths, "props": props, "pin_names": pin_names,
                            "missing": {k for k in expected_devices(t, b["kind"])
                                        if k not in got}}
    known = known_classes(args.get("known"))
    results = []
    for case in meta["cases"]:
        d = os.path.join(out, case["id"])
        r = judge_case(case, d, args["verify"], bases[case["base"]])
        if case.get("file"):
            r["file"], r["expect_class"] = case["file"], case.get("expect_class")
        results.append(r)
        ops = " + ".join(r["ops"])
        line = "%s %-24s %-26s %s" % (r["id"], r["base"], r["verdict"],
                                      ops if len(ops) < 300 else ops[:300] + "...")
        if r["verdict"] == "BROKEN":
            r["known"] = known.get(r["class"])
            line += "  -- " + r["why"] + " [" + r["class"] + "]"
            if r["known"]:
                line += " (known: tests/corpus/fuzz/%s)" % r["known"]
        print(line)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    counts = {}
    for r in results:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    per_base = {}
    for r in results:
        per_base.setdefault(r["base"], [0, 0])
        per_base[r["base"]][0] += 1
        per_base[r["base"]][1] += r["verdict"] == "BROKEN"
    ops = {}
    for c in meta["cases"]:
        for o in c["ops"]:
            ops[o["op"]] = ops.get(o["op"], 0) + 1
    print("fuzz: seed %s, %d boards: %s" % (meta["seed"], len(results), ", ".join(
        "%s %d" % (k, v) for k, v in sorted(counts.items()))))
    print("fuzz: per board: %s" % ", ".join("%s %d (%d broken)" % (k, v[0], v[1])
                                            for k, v in sorted(per_base.items())))
    print("fuzz: mutations: %s" % ", ".join("%s %d" % kv for kv in sorted(ops.items())))
    classes = {}
    for r in results:
        if r["verdict"] == "BROKEN":
            classes.setdefault(r["class"], []).append(r["id"])
    for k, v in sorted(classes.items(), key=lambda kv: -len(kv[1])):
        print("fuzz: class %d case(s) (%s%s): %s%s" % (
            len(v), ", ".join(v[:5]), ", ..." if len(v) > 5 else "", k,
            " (known: tests/corpus/fuzz/%s)" % known[k] if k in known else " (NEW)"))
    print("fuzz: broken %d, of them in known classes %d" % (
        counts.get("BROKEN", 0), sum(1 for r in results if r.get("known"))))
    if args.get("save"):
        save_cases(meta, results, out, args["save"], bases)
    return 1 if counts.get("BROKEN") else 0


# -- corpus cases: a representative of each class of broken boards ---------
def dts_value(v):
    if v == b"":
        return None
    if v.endswith(b"\0") and all(32 <= c < 127 for c in v[:-1].replace(b"\0", b"")) \
            and b"\0\0" not in v and not v.startswith(b"\0"):
        return ", ".join('"%s"' % x.decode().replace("\\", "\\\\").replace('"', '\\"')
                         for x in v[:-1].split(b"\0"))
    if len(v) % 4 == 0:
        return "<%s>" % " ".join("%#x" % c for c in cells_of(v))
    return "[%s]" % " ".join("%02x" % c for c in v)


def dts_props(node, ind):
    out = []
    for k, v in node.props.items():
        dv = dts_value(v)
        out.append("%s%s%s;" % (ind, k, "" if dv is None else " = " + dv))
    return out


def dts_node(node, ind):
    out = ["%s%s {" % (ind, node.name)] + dts_props(node, ind + "\t")
    for c in node.children:
        out += dts_node(c, ind + "\t")
    return out + ["%s};" % ind]


def dts_diff(base, mut):
    """the mutated tree as overrides of the base one, node by node"""
    out = []
    for n in mut.root.walk():
        if n.path.startswith("/__"):
            continue
        b = base.find(n.path)
        if b is None:
            continue            # written with its parent
        lines = []
        for k, v in n.props.items():
            if b.props.get(k) != v:
                dv = dts_value(v)
                lines.append("\t%s%s;" % (k, "" if dv is None else " = " + dv))
        for k in b.props:
            if k not in n.props:
                lines.append("\t/delete-property/ %s;" % k)
        names = [c.name for c in n.children]
        for c in b.children:
            if c.name not in names:
                lines.append("\t/delete-node/ %s;" % c.name)
        for c in n.children:
            if b.child(c.name) is None:
                lines += dts_node(c, "\t")
        if lines:
            out += ["", "&{%s} {" % n.path] + lines + ["};"]
    return out


def save_cases(meta, results, out, corpus, bases):
    """one case per class: a .dts of the VSOC corpus layout (the base board
    included, the mutation as overrides), or for a real board a .dts that
    includes the tree's board (scripts/rehearse.sh takes it)"""
    os.makedirs(corpus, exist_ok=True)
    cases = {c["id"]: c for c in meta["cases"]}
    best = {}
    for r in results:
        if r["verdict"] != "BROKEN":
            continue
        k = r["class"]
        if k not in best or len(r["ops"]) < len(best[k]["ops"]):
            best[k] = r
    written = []
    for k, r in sorted(best.items(), key=lambda kv: kv[1]["id"]):
        c = cases[r["id"]]
        b = next(x for x in meta["bases"] if x["name"] == c["base"])
        d = os.path.join(out, c["id"])
        name = "fuzz-%s-%s" % (meta["seed"], c["id"])
        head = ["// SPDX-License-Identifier: (GPL-2.0 OR MIT)", "/*",
                " * make fuzz, seed %s, case %s, board %s: %s" % (meta["seed"], c["id"],
                                                                 c["base"], " + ".join(r["ops"])),
                " *", " * Found by scripts/fuzz.sh; what the kernel did:", " *"]
        for l in (r.get("new_messages") or ["(no new kernel message)"]):
            head.append(" *\t" + l[:200])
        head.append(" *")
        head.append(" * known-bad: %s [%s]" % (r["why"][:300], k))
        if c["kind"] == "vsoc":
            src = b.get("src")
            base_t = fdt.read(b["dtb"])
            mut = fdt.read(os.path.join(d, "case.dtb"))
            got_bound = handles(read_dumps(os.path.join(d, "console.log"))) \
                if os.path.isfile(os.path.join(d, "console.log")) else {}
            for dev in sorted(got_bound):
                head.append(" * bound: %s" % dev)
            head += [" */", ""]
            if src and src.endswith(".dts"):
                # relative to where the cases are kept (tests/corpus/fuzz)
                rel = os.path.relpath(src, os.path.join(HERE, "..", "..", "tests", "corpus", "fuzz"))
                body = ['#include "%s"' % rel] + dts_diff(base_t, mut)
                path = os.path.join(corpus, name + ".dts")
            else:
                body = ["/* the base board is not a .dts: the case is %s.dtb */" % name]
                path = os.path.join(corpus, name + ".dts.txt")
                with open(os.path.join(corpus, name + ".dtb"), "wb") as f:
                    f.write(open(os.path.join(d, "case.dtb"), "rb").read())
        else:
            base_t = fdt.read(os.path.join(b["dir"], "board.dtb"))
            mut = fdt.read(os.path.join(d, "board.dtb"))
            board = c["base"].replace("_", "/", 1)
            raw = any(x.get("raw") for x in json.load(open(os.path.join(d, "plan.json")))["consumers"])
            if raw:
                head.append(" * The states of a consumer are booted as they are (scripts/fuzz.sh")
                head.append(" * --replay); make rehearse would name them again.")
            head += [" */", ""]
            body = ["#include <arm64/%s.dts>" % board] + dts_diff(base_t, mut)
            path = os.path.join(corpus, name + ".dts")
        with open(path, "w") as f:
            f.write("\n".join(head + body) + "\n")
        written.append((path, k))
    for p, k in written:
        print("fuzz: corpus case %s [%s]" % (os.path.relpath(p), k))


def main(argv):
    if argv and argv[0] in ("gen", "import"):
        a = {"seed": 1, "count": 100, "out": None, "bases": [], "dir": None}
        i = 1
        while i < len(argv):
            if argv[i] in ("--seed", "--count"):
                a[argv[i][2:]] = int(argv[i + 1])
                i += 2
            elif argv[i] in ("--out", "--dir"):
                a[argv[i][2:]] = argv[i + 1]
                i += 2
            else:
                kind, name, path = argv[i].split(":", 2)
                src = None
                if kind == "vsoc" and ":" in path:
                    path, src = path.split(":", 1)
                a["bases"].append({"kind": kind, "name": name, "src": src,
                                   ("dtb" if kind == "vsoc" else "dir"): path})
                i += 1
        return gen(a) if argv[0] == "gen" else import_cases(a)
    if argv and argv[0] == "judge":
        a = {"dir": argv[1], "base_runs": {}, "verify": None}
        i = 2
        while i < len(argv):
            if argv[i] == "--base":
                k, v = argv[i + 1].split("=", 1)
                a["base_runs"][k] = v
            elif argv[i] == "--verify":
                a["verify"] = argv[i + 1]
            elif argv[i] == "--save":
                a["save"] = argv[i + 1]
            elif argv[i] == "--known":
                a["known"] = argv[i + 1]
            i += 2
        return judge(a)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

# SPDX-License-Identifier: GPL-2.0
"""The form of a board's pin nodes, checked from its DT and the checked
kernel tree's own tables, without booting and whatever the kernel:

- on a controller whose driver uses the generic DT parser (generic.py
  finds it in the tree's drivers/pinctrl): unknown or misspelled
  properties, with the closest known name (generic or the driver's
  custom parameters); values a property does not take (a flag with a
  value, a cell property without one, a string, two cells, one byte);
  arguments above the 24 bits of a packed configuration; contradictory
  properties in one node; settings in a node with neither pins nor
  groups; pins and groups together, pins or groups that are not strings,
  a function that is not one string; pin nodes nested one level deeper
  than the parser reads;
- on a controller whose family knows its tables (families/, problems()):
  the pins, groups and functions it lacks.

A pin node is one a state of an enabled device (or of a pin controller,
its hogs) points at, pinctrl-0 up to the first missing pinctrl-N, and its
available children, as pinctrl_dt_to_map() and
pinconf_generic_dt_node_to_map() read them; its controller is the nearest
ancestor with a compatible. Everything the series' kernel says of such a
node, as a warning or as an error, is a finding, but for an unknown
property of a node with neither pins nor groups, which the kernel reports
only for a driver that sets strict_dt (bcm2835's brcm,pins nodes are its
own binding). Each finding is one line in the kernel's words:

  <node path>: <property>: <what> (did you mean <name>?)
"""

import collections
import os
import tempfile
import types

from . import cache as cachedir
from . import families, fdt, generic

Problem = collections.namedtuple("Problem", "node prop what state consumer")


def line(p):
    return "%s: %s: %s" % (p.node, p.prop, p.what)


def bad_node_line(p):
    """the verdict's line of a problem (and prepare's)"""
    return "BAD NODE %s (state %s of %s): %s" % (p.node, p.state, p.consumer, line(p))


def available(node):
    s = node.string("status")
    return s is None or s in ("okay", "ok")


def states(node):
    """[(state name, [phandles])]: pinctrl-0 up to the first missing one"""
    names = node.strings("pinctrl-names")
    out, i = [], 0
    while node.has("pinctrl-%d" % i):
        v = node.props["pinctrl-%d" % i]
        phs = [int.from_bytes(v[j:j + 4], "big") for j in range(0, len(v) - 3, 4)]
        out.append((names[i] if i < len(names) else str(i), phs))
        i += 1
    return out


def controller_of(node):
    for a in node.ancestors():
        if a.has("compatible"):
            return a
    return None


def state_nodes(tree):
    """(device, state name, state node, controller or None) of every state
    of every enabled device, each state node once; a state node that is
    the device itself (the kernel refuses it) is not a pin node"""
    by_ph = tree.by_phandle()
    seen = set()
    for dev in tree.root.walk():
        if dev.parent is None or not dev.enabled():
            continue
        for name, phs in states(dev):
            for ph in phs:
                cfg = by_ph.get(ph)
                if cfg is None or id(cfg) in seen:
                    continue
                seen.add(id(cfg))
                yield dev, name, cfg, controller_of(cfg)


def pin_nodes(tree, rules):
    """(node, device, state, driver, [nodes below it that no one reads]) of
    every pin node the generic parser reads, each once: a state node and
    its available children"""
    checked = set()
    for dev, st, cfg, ctl in state_nodes(tree):
        drv = ctl is not None and cfg is not dev and rules.driver_of(ctl.strings("compatible"))
        if not drv:
            continue
        for n in [cfg] + [c for c in cfg.children if available(c)]:
            if id(n) not in checked:
                checked.add(id(n))
                yield n, dev, st, drv, (n.children if drv.level == "full" and n is not cfg
                                        else [])


def findings(tree, rules, names=True):
    """[(Finding, device, state name, driver or None)] of a DT (fdt.Tree):
    every check of generic.check_node(), and the names the families know"""
    out = []
    for n, dev, st, drv, deeper in pin_nodes(tree, rules):
        for f in generic.check_node(n.path, n.props, rules, drv):
            out.append((f, dev, st, drv))
        for d in deeper:
            out.append((generic.deep_finding(d.path, d.props), dev, st, drv))
    for dev, st, cfg, ctl in state_nodes(tree) if names else ():
        fam = families.family_of(ctl) if ctl is not None and cfg is not dev else None
        if fam is not None:
            c = types.SimpleNamespace(orig=ctl, family=fam, path=ctl.path)
            for path, prop, what in fam.problems(c, cfg):
                out.append((generic.Finding("names", path, prop, what, prop, "-"),
                            dev, st, None))
    return out


def lint(tree, ksrc, names=True):
    """[Problem] of a DT (fdt.Tree) against the tree at ksrc, each once;
    names: with the names the families know"""
    os.environ["KSRC"] = ksrc       # the families read their tables there
    out, seen = [], set()
    for f, dev, st, drv in findings(tree, generic.rules(ksrc), names):
        if f.kind == "unknown-strict" and not drv.strict:
            continue
        p = Problem(f.path, f.prop, f.what, st, dev.path)
        if line(p) not in seen:
            seen.add(line(p))
            out.append(p)
    return out


def lint_dtb(path, ksrc):
    return lint(fdt.read(path), ksrc)


def run(a):
    """pincheck lint: the board's bad nodes, one line each; exit 1 if any"""
    if a.board.endswith(".dtb"):
        bad = lint_dtb(a.board, a.tree)
    else:
        from . import board
        with tempfile.TemporaryDirectory(prefix="pincheck-lint.") as tmp:
            dtb = os.path.join(tmp, "board.dtb")
            board.build_board_dtb(board.resolve(a.board, a.tree), dtb, a.tree, a.dtc,
                                  a.fdtoverlay)
            bad = lint_dtb(dtb, a.tree)
    for p in bad:
        print(bad_node_line(p))
    return 1 if bad else 0


def add_parsers(sub):
    cache = cachedir.root()
    ap = sub.add_parser("lint", help="the form of a board's pin nodes, without a boot",
                        description=__doc__.split("\n\n")[0])
    ap.add_argument("board", help="vendor/board, vendor/board+overlay, a .dts or a .dtb")
    ap.add_argument("--tree", default=os.environ.get("KSRC", os.path.join(cache, "linux")),
                    help="the kernel tree whose tables are checked against (KSRC)")
    ap.add_argument("--dtc", default=os.environ.get(
        "DTC", os.path.join(cache, "out/vsoc/scripts/dtc/dtc")))
    ap.add_argument("--fdtoverlay", default=os.environ.get("FDTOVERLAY", "fdtoverlay"))
    ap.set_defaults(func=run)

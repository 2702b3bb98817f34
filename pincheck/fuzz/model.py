# SPDX-License-Identifier: GPL-2.0
"""make fuzz: what is mutated: the generic pin configuration properties,
the limits and names the mutations use, and the model of a board's pin
nodes, pin states and consumers (Model)."""

import os
import re
import struct

from .. import fdt  # noqa: F401  (the other modules take it from here)

HERE = os.path.dirname(os.path.abspath(__file__))

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

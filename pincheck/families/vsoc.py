# SPDX-License-Identifier: GPL-2.0
"""VSOC, the project's virtual SoC: its encoding from its datasheet
(docs/vsoc/datasheet.md), which is the contract the driver is written to.

One window of 64 KiB: ID, VERSION and NBANKS at 0x0, 0x4 and 0x8 (section
2), MUXn at 0x100 + 4 * (p / 8) with a 4-bit select per pin, PADp at
0x1000 + 4 * p (section 4). The driver goes through the generic parser: a
node's "groups" (the datasheet's groups, section 3) or "pins" (pin names,
function gpio only), "function", and the properties of section 5, each a
read-modify-write of the PAD fields it names.
"""

import os
import re

from .. import generic
from .base import Family, Write

ID, VERSION, NBANKS = 0x56534F43, 0x00010000, 8
MUX_BASE, PAD_BASE = 0x100, 0x1000

# section 3: group -> (function, pins, mux select)
GROUPS = {
    "uart0_grp": ("uart0", (0, 1), 1),
    "uart0_rtscts_grp": ("uart0", (2, 3), 1),
    "uart1_grp": ("uart1", (4, 5), 1),
    "i2c0_a_grp": ("i2c0", (6, 7), 3),
    "i2c0_d_grp": ("i2c0", (122, 123), 2),
    "pwm0_grp": ("pwm", (8,), 2),
    "pwm1_grp": ("pwm", (9,), 2),
    "pwm2_grp": ("pwm", (10,), 2),
    "pwm3_grp": ("pwm", (11,), 2),
    "jtag_grp": ("jtag", (12, 13, 14, 15), 1),
    "sdmmc0_grp": ("sdmmc0", tuple(range(32, 38)), 1),
    "spi1_grp": ("spi1", (40, 41, 42, 43), 2),
    "uart2_grp": ("uart2", (44, 45), 1),
    "spi0_grp": ("spi0", (76, 77, 78, 79), 3),
    "i2c1_grp": ("i2c1", (77, 78), 2),
    "i2s0_grp": ("i2s0", (80, 81, 82), 1),
    "i2s0_mclk_grp": ("i2s0", (83,), 1),
    "uart3_grp": ("uart3", (96, 97), 1),
    "eth0_rgmii_grp": ("eth0", tuple(range(128, 142)), 1),
    "clkout0_grp": ("clkout", (160,), 4),
}

# section 4: field -> (shift, width)
FIELDS = {"BIAS": (0, 3), "PULL": (3, 2), "DRIVE": (5, 2), "STAGES": (7, 3),
          "SCHMITT": (10, 1), "HYST": (11, 2), "DEBOUNCE": (13, 4),
          "SLEW_RISE": (17, 2), "SLEW_FALL": (19, 2), "POWER": (21, 2),
          "LOWPOWER": (23, 1), "WAKEUP": (24, 1), "INPUT": (25, 1)}

PULL_CODE = {100000: 0, 47000: 1, 22000: 2, 10000: 3}
SLEW_CODE = {4: 0, 0: 0, 3: 1, 2: 2, 1: 3}

# section 5: property -> [(field, value)] for properties without an
# argument, or a function of the argument returning them (None: refused)
FLAGS = {
    "bias-disable": [("BIAS", 0)],
    "bias-high-impedance": [("BIAS", 1)],
    "vsoc,bias-high": [("BIAS", 4)],
    "vsoc,bias-ground": [("BIAS", 5)],
    "drive-push-pull": [("DRIVE", 1)],
    "drive-open-drain": [("DRIVE", 2)],
    "drive-open-source": [("DRIVE", 3)],
    "output-disable": [("DRIVE", 0)],
    "input-schmitt-enable": [("SCHMITT", 1)],
    "input-schmitt-disable": [("SCHMITT", 0)],
    "low-power-enable": [("LOWPOWER", 1)],
    "low-power-disable": [("LOWPOWER", 0)],
    "input-enable": [("INPUT", 1)],
    "input-disable": [("INPUT", 0)],
}


def _pull(bias):
    def enc(ohms):
        code = PULL_CODE.get(100000 if ohms is None else ohms)
        return None if code is None else [("BIAS", bias), ("PULL", code)]
    return enc


def _schmitt(level):
    if level is None or level > 4:
        return None
    return [("SCHMITT", 1), ("HYST", level - 1)] if level else [("SCHMITT", 0)]


def _debounce(us):
    if us is None or (us and (us & (us - 1) or us > 16384)):
        return None
    return [("DEBOUNCE", us.bit_length() if us else 0)]


def _slew(fields):
    def enc(q):
        code = SLEW_CODE.get(q)
        return None if code is None else [(f, code) for f in fields]
    return enc


VALUED = {
    "bias-pull-up": _pull(2),
    "bias-pull-down": _pull(3),
    "drive-strength": lambda ma: [("STAGES", ma // 2 - 1)]
    if ma is not None and 2 <= ma <= 16 and not ma % 2 else None,
    "input-schmitt": _schmitt,
    "input-debounce": _debounce,
    "slew-rate": _slew(("SLEW_RISE", "SLEW_FALL")),
    "vsoc,slew-rate-rising": _slew(("SLEW_RISE",)),
    "vsoc,slew-rate-falling": _slew(("SLEW_FALL",)),
    "power-source": lambda v: [("POWER", v)] if v is not None and v <= 2 else None,
    # optional 0 or 1; absent means 1
    "vsoc,wakeup": lambda v: [("WAKEUP", 1 if v is None else v)]
    if v in (None, 0, 1) else None,
}


# what a pin node holds besides section 5's properties
NODE_PROPS = ("pins", "groups", "function", "name", "phandle", "linux,phandle", "status")


def pin_number(name):
    """PA0 -> 0, PC13 -> 77, PAA0 -> 832; None for what is no pin name"""
    if not name.startswith("P") or len(name) < 3:
        return None
    letters = name[1:].rstrip("0123456789")
    digits = name[1 + len(letters):]
    if not digits or (len(digits) > 1 and digits[0] == "0") or int(digits) > 31:
        return None
    if len(letters) == 1 and "A" <= letters <= "Z":
        bank = ord(letters) - ord("A")
    elif len(letters) == 2 and letters[0] == "A" and "A" <= letters[1] <= "F":
        bank = 26 + ord(letters[1]) - ord("A")
    else:
        return None
    return bank * 32 + int(digits)


def pin_label(pin):
    bank = pin // 32
    letters = chr(ord("A") + bank) if bank < 26 else "A" + chr(ord("A") + bank - 26)
    return "P%s%d" % (letters, pin % 32)


def add_parsers(sub):
    """pincheck pinnames N: the datasheet's names of pins 0 to N-1, one a
    line (bench/gen-dts.sh and tests/verify/fixtures.sh name pins by it)"""
    p = sub.add_parser("pinnames", help="the VSOC datasheet's names of pins 0 to N-1",
                       description=add_parsers.__doc__.split(":")[0])
    p.add_argument("n", type=int, help="how many pins, at most %d" % (32 * 32))

    def run(a):
        if not 0 <= a.n <= 32 * 32:
            raise SystemExit("pinnames: at most %d pins (32 banks of 32)" % (32 * 32))
        print("\n".join(pin_label(p) for p in range(a.n)))
        return 0
    p.set_defaults(func=run)


def pad_fields(node):
    """[(property, [(field, value)] or None when refused)] of a pin node,
    in the order of section 5's table"""
    out = []
    for prop, enc in FLAGS.items():
        if node.has(prop):
            out.append((prop, enc if not node.props[prop] else None))
    for prop, enc in VALUED.items():
        if node.has(prop):
            v = node.props[prop]
            if not v:
                arg = None
            elif len(v) == 4:
                arg = int.from_bytes(v, "big")
            else:
                out.append((prop, None))
                continue
            out.append((prop, enc(arg)))
    return out


class VSOC(Family):
    name = "vsoc"
    compatibles = ("vsoc,vsoc1-pinctrl",)
    conf_owners = True
    # a pin GPIO requests goes to select 0 (vsoc_gpio_request_enable(),
    # section 3: select 0 is GPIO): the field and its value then
    gpio_field = ("mux", 0)

    def reset_word(self, window, offset):
        return {0x0: ID, 0x4: VERSION, 0x8: NBANKS}.get(offset, 0)

    def sources(self, node):
        """the nodes of a state that carry settings: the node, then its
        available subnodes (vsoc_dt_node_to_map() reads both, as
        pinconf_generic_dt_node_to_map() does): a child's own status, as
        for_each_available_child_of_node() reads it, not its parent's"""
        kids = [c for c in node.children if c.string("status") in (None, "okay", "ok")]
        return [n for n in [node] + kids if n.has("pins") or n.has("groups")]

    @staticmethod
    def group_of(name):
        """(function, pins, select) of a group name: a group of section 3,
        or a pin's own one-pin group in function gpio; None if the part
        has no such group"""
        if name in GROUPS:
            return GROUPS[name]
        num = pin_number(name)
        return ("gpio", (num,), 0) if num is not None and num < 32 * NBANKS else None

    def node_pins(self, n):
        pins = []
        for g in n.strings("groups") + n.strings("pins"):
            grp = self.group_of(g)
            pins += list(grp[1]) if grp else []
        return pins

    def pin_writes(self, ctrl, node):
        mux, conf = [], []
        for n in self.sources(node):
            func = n.string("function")
            if func:
                for g in n.strings("groups") + n.strings("pins"):
                    grp = self.group_of(g)
                    if grp and grp[0] == func and (func == "gpio" or g in GROUPS):
                        mux += [self.mux_write(p, grp[2]) for p in grp[1]]
            fields = [f for _, enc in pad_fields(n) if enc for f in enc]
            for p in self.node_pins(n):
                for field, value in fields:
                    shift, width = FIELDS[field]
                    conf.append(Write(0, PAD_BASE + 4 * p, value << shift,
                                      ((1 << width) - 1) << shift, 4, p, field.lower()))
        return mux, conf

    @staticmethod
    def mux_write(pin, select):
        shift = 4 * (pin % 8)
        return Write(0, MUX_BASE + 4 * (pin // 8), select << shift, 0xF << shift, 4, pin, "mux")

    def pin_fields(self, ctrl):
        # NBANKS banks of 32 pins (section 2), as the reset image says:
        # MUXn's select and every field of PADp (section 4)
        return {p: [self.mux_write(p, 0)] +
                [Write(0, PAD_BASE + 4 * p, 0, ((1 << w) - 1) << s, 4, p, f.lower())
                 for f, (s, w) in FIELDS.items()]
                for p in range(32 * self.nbanks(ctrl))}

    def pin_name(self, ctrl, pin):
        return pin_label(pin)

    def conf_props(self, ctrl, node):
        out = []
        for n in self.sources(node):
            props = [prop for prop, enc in pad_fields(n) if enc]
            if props:
                out += [(p, props) for p in self.node_pins(n)]
        return out

    def mux_groups(self, ctrl, node, virt):
        """a group of section 3, or a pin's own; but the driver muxes two
        or more distinct pins of function gpio as one group named after
        the node's path when it fits 128 bytes (vsoc_dt_node_group())"""
        out = {}
        for n in self.sources(node):
            func = n.string("function")
            pins = n.strings("pins")
            nums = [pin_number(p) for p in pins]
            path = virt(n.path)
            by_path = (func == "gpio" and len(path) < 128 and None not in nums and
                       len(set(nums)) == len(nums) > 1)
            for g in n.strings("groups") + pins:
                grp = self.group_of(g)
                if func and grp and grp[0] == func:
                    out.update((p, path if by_path else g) for p in grp[1])
        return out

    @staticmethod
    def nbanks(ctl):
        """NBANKS of the reset image the plan is made from (section 2: the
        part's size, 32 pins a bank), the datasheet's 8 without one"""
        reset = getattr(ctl, "reset", None)
        return int.from_bytes(reset[0][8:12], "little") if reset and len(reset[0]) >= 12 \
            else NBANKS

    def identity(self, ctl):
        """(what the window is, [(window, offset, mask, value, register)]):
        the words that say the window is a VSOC 1.x of the NBANKS the
        plan is made for (section 2)"""
        return "VSOC 1.x", [(0, 0x0, 0xFFFFFFFF, ID, "ID"),
                            (0, 0x4, 0xFFFF0000, VERSION & 0xFFFF0000, "VERSION"),
                            (0, 0x8, 0xFFFFFFFF, self.nbanks(ctl), "NBANKS")]

    def pinconf_fields(self, line):
        """pinconf-pins read back field by field (decode_pinconf())"""
        return decode_pinconf(line)

    def debugfs_kind(self, field):
        # pins: the driver's read-back of MUXn and PADp ("mux 1 pad 0x...")
        return "vsoc-mux" if field == "mux" else "vsoc-pad"

    def problems(self, ctrl, node):
        out = []
        for n in self.sources(node):
            func = n.string("function")
            for g in n.strings("groups"):
                grp = self.group_of(g)
                if grp is None:
                    out.append((n.path, "groups", "no group %s on VSOC" % g))
                elif func and grp[0] != func:
                    out.append((n.path, "function", "group %s has no function %s" % (g, func)))
            for p in n.strings("pins"):
                num = pin_number(p)
                if num is None:
                    out.append((n.path, "pins", "%s is no VSOC pin name" % p))
                elif num >= 32 * NBANKS:
                    out.append((n.path, "pins", "%s is beyond the %d pins of the part" % (
                        p, 32 * NBANKS)))
            if func and n.has("pins") and func != "gpio":
                out.append((n.path, "function", "pins take function gpio only, not %s" % func))
            out += self.section5(n)
        return out

    @staticmethod
    def section5(n):
        """section 5: only its properties configure a pin (a generic one
        it lacks, output-high, say: the driver refuses it; a name no
        parser knows is pincheck lint's "unknown property"), and one node
        sets each PAD field once (but for the generic parser's own
        conflicts, which lint names)"""
        out = []
        known = generic.rules(os.environ["KSRC"]).generic if os.environ.get("KSRC") else {}
        for prop in n.props:
            if prop in known and prop not in FLAGS and prop not in VALUED:
                out.append((n.path, prop, "not a pin configuration property of the "
                            "datasheet (section 5)"))
        seen = {}
        for prop, enc in pad_fields(n):
            if enc is None:
                out.append((n.path, prop, "a value VSOC cannot hold"))
                continue
            first = [seen[f] for f, _ in enc if f in seen and seen[f] != prop]
            if first and not any(prop in g and first[0] in g for g in generic.MODES):
                out.append((n.path, prop, "sets %s, as %s does" % (
                    next(f for f, _ in enc if seen.get(f) == first[0]), first[0])))
            for f, _ in enc:
                seen.setdefault(f, prop)
        return out


# pinconf-pins: the items pinconf_generic_dump_pins() prints for a pin
# (the generic ones the driver reads back, vsoc_pad_decode(), then the
# driver's custom ones, then vsoc_pinconf_dbg_show()'s hysteresis): the DT
# property of section 5 each reads back as, the unit of its argument
# ("0x": printed "(0xN)") and the fields it shows. An item is printed when
# its setting is in effect.
CONF_ITEMS = {
    "input bias disabled": ("bias-disable", None, "BIAS"),
    "input bias high impedance": ("bias-high-impedance", None, "BIAS"),
    "input bias pull down": ("bias-pull-down", "ohms", "BIAS PULL"),
    "input bias pull up": ("bias-pull-up", "ohms", "BIAS PULL"),
    "output drive open drain": ("drive-open-drain", None, "DRIVE"),
    "output drive open source": ("drive-open-source", None, "DRIVE"),
    "output drive push pull": ("drive-push-pull", None, "DRIVE"),
    "output drive strength": ("drive-strength", "mA", "STAGES"),
    "input debounce": ("input-debounce", "usec", "DEBOUNCE"),
    "input enabled": ("input-enable", None, "INPUT"),
    "input schmitt trigger": ("input-schmitt-enable", None, "SCHMITT"),
    "input schmitt enabled": ("input-schmitt-enable", None, "SCHMITT"),
    "pin low power": ("low-power-enable", "mode", "LOWPOWER"),
    "output enabled": (None, None, ""),
    "pin power source": ("power-source", "selector", "POWER"),
    "slew rate": ("slew-rate", "0x", "SLEW_RISE SLEW_FALL"),
    "input bias tied high": ("vsoc,bias-high", None, "BIAS"),
    "input bias tied to ground": ("vsoc,bias-ground", None, "BIAS"),
    "slew rate rising": ("vsoc,slew-rate-rising", "quarters", "SLEW_RISE"),
    "slew rate falling": ("vsoc,slew-rate-falling", "quarters", "SLEW_FALL"),
    "wakeup enabled": ("vsoc,wakeup", None, "WAKEUP"),
    "input schmitt hysteresis": ("input-schmitt", "level", "SCHMITT HYST"),
}
CONF_ITEM = re.compile(r"^(.*?)(?: \((?:0x([0-9a-f]+)|(\d+) (\S+))\))?$")
# the flags a pin's line shows off by leaving their items out
CONF_OFF = ("DRIVE", "SCHMITT", "DEBOUNCE", "LOWPOWER", "WAKEUP", "INPUT")
SCHMITT_ITEMS = {"input schmitt trigger", "input schmitt enabled", "input schmitt hysteresis"}


def _conf_item(item):
    """(its text, the fields it shows, [(field, value)] or None when the
    datasheet has no such value) of one item; None when the driver prints
    no such item"""
    text, hexarg, arg, unit = CONF_ITEM.match(item).groups()
    if text not in CONF_ITEMS:
        return None
    prop, want, fields = CONF_ITEMS[text]
    if (want == "0x") != (hexarg is not None) or (want != "0x" and unit != want):
        return None
    value = int(hexarg, 16) if hexarg else (int(arg) if arg else None)
    if prop is None:
        enc = []
    elif prop == "low-power-enable":
        enc = [("LOWPOWER", 1)] if value == 1 else None
    else:
        enc = FLAGS.get(prop) or VALUED[prop](value)
    return text, fields.split(), enc


def decode_pinconf(line):
    """{field: value, or "?" when its items contradict each other or hold
    what the datasheet does not have} of a pin's pinconf-pins line (after
    "pin N (NAME): "), fields named in lower case as Family.pin_writes()
    names them; a field the line does not show is absent. Every field is
    "?" when an item is not one the driver prints."""
    pad, bad, seen = {}, set(), set()
    for item in (line.split(", ") if line else []):
        got = _conf_item(item)
        if got is None:
            return {f.lower(): "?" for f in FIELDS}
        text, fields, enc = got
        seen.add(text)
        if enc is None:
            bad.update(fields)
        for f, v in enc or []:
            if pad.get(f, v) != v:
                bad.add(f)
            pad[f] = v
    if "BIAS" not in pad:
        bad.add("BIAS")
    if bool(pad.get("DRIVE")) != ("output enabled" in seen):
        bad.add("DRIVE")
    if seen & SCHMITT_ITEMS and not SCHMITT_ITEMS <= seen:
        bad.update(("SCHMITT", "HYST"))
    slew = ("SLEW_RISE", "SLEW_FALL")
    if all(f in pad for f in slew) and \
            (pad["SLEW_RISE"] == pad["SLEW_FALL"]) != ("slew rate" in seen):
        bad.update(slew)
    bad.update(f for f in slew + ("STAGES", "POWER") if f not in pad)
    for f in CONF_OFF:
        pad.setdefault(f, 0)
    return {f.lower(): "?" if f in bad else pad[f] for f in FIELDS if f in pad or f in bad}

# SPDX-License-Identifier: GPL-2.0
"""Marvell mvebu pin controllers (drivers/pinctrl/mvebu/): the MPP drivers
of Kirkwood, Orion, Armada 370/375/38x/39x/XP, 98DX3236/4251, AC5, AP806
and CP110 on the pinctrl-mvebu core, and the Armada 37xx's own driver.

Everything is read from the driver sources of the tree, nothing retyped:
- a compatible's driver file from its of_device_id table, and its variant:
  the entry's .data, either the variant itself ("(void *) V_88F6820") or a
  mvebu_pinctrl_soc_info whose .variant, .controls and .modes it names;
  else the probe's "soc->variant = ..." and its "soc->controls = X" and
  "soc->modes = Y" (Armada XP: those of the switch case of the variant);
- the MPP_MODE rows of the modes table with their MPP_FUNCTION /
  MPP_VAR_FUNCTION(value, name, subname, variants) settings, the variant
  expressions (enums, the files' V() macros) evaluated, and CP110's probe
  "case A ... B: mvebu_pinctrl_assign_variant(m, MASK)" applied;
- the MPP_FUNC_CTRL(first, last, NULL, accessor) controls: the pins
  (groups "mpp<N>", one pin each) and how the registers are reached:
  mvebu_mmio_mpp_ctrl (the node's own reg), mvebu_regmap_mpp_ctrl (the
  parent syscon's regmap, at the offset the probe passes to
  mvebu_pinctrl_simple_regmap_probe()), or Orion's orion_mpp_ctrl (MPPs
  below the "pid < N" of its setter in the first reg, the rest in the
  second, at offset 0); MVEBU_MPPS_PER_REG and MVEBU_MPP_BITS from
  pinctrl-mvebu.h: MPP N is 4 bits at N / 8 * 4, bit N % 8 * 4.

mvebu_pinctrl_dt_node_to_map() reads "marvell,pins" and "marvell,function";
the setting is the first of the pin's mode with that name whose variant
mask shares a bit with the SoC's (variant 0: every setting), written
read-modify-write. A pin the controller lacks or a function its MPP lacks
is skipped with an error, yet the driver still returns the node's full
map count, uninitialised entries included: the core refuses such a map,
so such a node fails its device.

Armada 37xx (pinctrl-armada-37xx.c): the generic "groups"/"function"
parser; the group table (PIN_GRP_* macros expanded from their
definitions: start pin, count, extra pins, register mask, the value of
each of up to NB_FUNCS functions) and the one SELECTION register, written
regmap_update_bits(SELECTION, mask, value) from the node's first reg.

Dove's controller sets its MPPs through the PMU, the MPP4 and the global
configuration registers (dove_*_mpp_ctrl) and needs its clock and a
dove-global-config syscon: it is not rehearsed (families.NOT_MMIO_HINTS).
"""

import glob
import os
import re

from .. import csrc
from .base import POISON, Family, Write

DIR = "drivers/pinctrl/mvebu"
SIMPLE = ("mvebu_mmio_mpp_ctrl", "mvebu_regmap_mpp_ctrl")


def expand(expr, fmacros):
    """expr with calls of the function-like macros fmacros expanded"""
    for _ in range(8):
        done = True
        for name, (params, body) in fmacros.items():
            m = re.search(r"\b%s\s*\(" % re.escape(name), expr)
            if not m:
                continue
            depth, i = 1, m.end()
            while depth:
                depth += {"(": 1, ")": -1}.get(expr[i], 0)
                i += 1
            args = csrc.calls(expr[m.start():i], name)[0][1]
            out = body
            for p, a in zip(params, args):
                out = re.sub(r"\b%s\b" % re.escape(p), "(%s)" % a, out)
            expr = expr[:m.start()] + "(" + out + ")" + expr[i:]
            done = False
        if done:
            return expr
    return expr


def enums(text):
    """{NAME: expression} of the enumerators of every enum of the file"""
    out = {}
    for m in re.finditer(r"\benum\s+\w*\s*\{([^}]*)\}", text):
        for item in csrc.calls("f(%s)" % m.group(1), "f")[0][1]:
            if "=" in item:
                k, v = item.split("=", 1)
                out[k.strip()] = v.strip()
    return out


def brace_list(expr):
    """the items of "{a, b}" (or [expr] when it has no braces)"""
    e = expr.strip()
    if e.startswith("{") and e.endswith("}"):
        return [x.strip() for x in csrc.calls("f(" + e[1:-1] + ")", "f")[0][1] if x.strip()]
    return [e]


class MppTable:
    """one compatible of an MPP driver: {pin: [(value, name, mask)]}, the
    variant, and where each MPP's register is"""

    def __init__(self, path, compat, hdr):
        text = csrc.read(path)
        self.path = path
        defs = csrc.defines(text)
        self.fmacros = {k: v for k, v in defs.items() if not isinstance(v, str)}
        self.names = dict(hdr)
        self.names.update({k: expand(v, self.fmacros) for k, v in defs.items() if isinstance(v, str)})
        self.names.update({k: expand(v, self.fmacros) for k, v in enums(text).items()})
        self.names["u8"] = "0"              # MPP_FUNCTION's (u8)-1: see val()
        entry = of_entry(text, compat)
        data = entry.get("data", "")
        info = {}
        m = re.fullmatch(r"&\s*(\w+)", data)
        if m:
            info = csrc.fields(csrc.block(text, r"\b%s\s*=\s*\{" % m.group(1)))
            self.variant = self.val(info.get("variant", "0")) & 0xFF
        elif data:
            self.variant = self.val(re.sub(r"^\(\s*(const\s+)?void\s*\*\s*\)", "", data)) & 0xFF
        else:
            pm = re.search(r"soc->variant\s*=\s*([^;]+);", text)
            self.variant = self.val(pm.group(1)) & 0xFF if pm else 0
        controls, modes = info.get("controls"), info.get("modes")
        if not controls:
            controls, modes = probe_choice(text, self.variant, self.val)
        cblock = csrc.block(text, r"\b%s\s*\[\s*\]\s*=\s*\{" % controls)
        self.controls = [(self.val(a[0]), self.val(a[1]), a[3])
                         for k in ("MPP_FUNC_CTRL", "MPP_FUNC_GPIO_CTRL")
                         for _, a in csrc.calls(cblock, k)]
        self.pins = {p for lo, hi, _ in self.controls for p in range(lo, hi + 1)}
        self.access = {lo: f for lo, hi, f in self.controls}
        rows = csrc.block(text, r"\b%s\s*\[\s*\]\s*=\s*\{" % modes)
        assign = {}
        for a, b, mask in re.findall(r"case\s+(\d+)\s*\.\.\.\s*(\d+)\s*:\s*"
                                     r"mvebu_pinctrl_assign_variant\(\s*m\s*,\s*(.*?)\)\s*;", text, re.S):
            for i in range(int(a), int(b) + 1):
                assign[i] = self.val(mask)
        self.settings = {}
        for i, (_, args) in enumerate(csrc.calls(rows, "MPP_MODE")):
            pid = self.val(args[0])
            sets = []
            for s in args[1:]:
                fm = re.match(r"(MPP_VAR_FUNCTION|MPP_FUNCTION)\s*\(", s)
                if not fm:
                    continue
                fa = csrc.calls(s, fm.group(1))[0][1]
                mask = self.val(fa[3]) & 0xFF if fm.group(1) == "MPP_VAR_FUNCTION" else 0xFF
                sets.append((self.val(fa[0]), fa[1].strip('"'), assign.get(i, mask)))
            if pid in self.pins and pid not in self.settings and \
               any(self.ok(m) for _, _, m in sets):
                self.settings[pid] = sets
        # where the registers are: regmap offset of the probe, Orion's split
        rm = re.search(r"mvebu_pinctrl_simple_regmap_probe\(\s*pdev\s*,[^,]*,\s*([^)]+)\)", text)
        self.regmap_offset = self.val(rm.group(1)) if rm else 0
        self.split = None
        for f in set(self.access.values()) - set(SIMPLE):
            body = csrc.block(text, r"\b%s_set\s*\([^)]*\)\s*\{" % f)
            sm = re.search(r"if\s*\(\s*pid\s*<\s*(\w+)\s*\)", body or "")
            if sm:
                self.split = self.val(sm.group(1))

    def val(self, expr):
        e = expand(expr, self.fmacros).replace("(u8)", "0xff & ")
        return csrc.cint(e, self.names)

    def ok(self, mask):
        return not self.variant or bool(self.variant & mask)

    def simple(self):
        """every control one of the accessors modelled here"""
        return all(f in SIMPLE for f in self.access.values()) or \
            (self.split is not None and len(self.access) == 1)

    def regmap(self):
        return any(f == "mvebu_regmap_mpp_ctrl" for f in self.access.values())

    def setting(self, pid, func):
        for v, n, m in self.settings.get(pid, []):
            if n == func and self.ok(m):
                return v
        return None

    def functions(self, pid):
        return sorted({n for _, n, m in self.settings.get(pid, []) if self.ok(m)})

    def register(self, pid, per, bits):
        """(window, offset, shift) of MPP pid"""
        shift = pid % per * bits
        if self.split is not None and pid >= self.split:
            return 1, 0, shift
        base = self.regmap_offset if self.regmap() else 0
        return 0, base + pid // per * bits, shift


class A37xxTable:
    """one compatible of pinctrl-armada-37xx.c: its groups and pins"""

    def __init__(self, path, compat):
        text = csrc.read(path)
        defs = csrc.defines(text)
        self.names = {k: v for k, v in defs.items() if isinstance(v, str)}
        fm = {k: v for k, v in defs.items() if not isinstance(v, str)}
        data = re.fullmatch(r"&\s*(\w+)", of_entry(text, compat).get("data", ""))
        d = csrc.fields(csrc.block(text, r"\b%s\s*=\s*\{" % data.group(1)))
        self.nr_pins = csrc.cint(d["nr_pins"], self.names)
        self.prefix = d["name"].strip('"')
        self.selection = csrc.cint("SELECTION", self.names)
        self.nfuncs = csrc.cint("NB_FUNCS", self.names)
        rows = csrc.block(text, r"\b%s\s*\[\s*\]\s*=\s*\{" % d["groups"])
        self.groups = {}        # name -> (pins, mask, {function: value})
        for m in re.finditer(r"\b(PIN_GRP_\w+)\s*\(", rows):
            args = csrc.calls(rows[m.start():], m.group(1))[0][1]
            params, body = fm[m.group(1)]
            for p, a in zip(params, args):
                body = re.sub(r"\b%s\b" % re.escape(p), lambda _m, a=a: a, body)
            f = csrc.fields(body.strip()[1:-1])
            n = lambda k: csrc.cint(f.get(k, "0"), self.names)  # noqa: E731
            pins = list(range(n("start_pin"), n("start_pin") + n("npins")))
            pins += list(range(n("extra_pin"), n("extra_pin") + n("extra_npins")))
            vals = [csrc.cint(v, self.names) for v in brace_list(f.get("val", "{0}"))]
            funcs = [x.strip('"') for x in brace_list(f.get("funcs", "{}"))][:self.nfuncs]
            vals += [0] * (len(funcs) - len(vals))
            name = f["name"].strip('"')
            self.groups.setdefault(name, (pins, n("reg_mask"), dict(zip(funcs[::-1], vals[::-1]))))


def of_entry(text, compat):
    """{field: expr} of the of_device_id entry of compat"""
    for body in re.findall(r"\{([^{}]*\"%s\"[^{}]*)\}" % re.escape(compat), text):
        if re.search(r"\.compatible\s*=\s*\"%s\"" % re.escape(compat), body):
            return csrc.fields(re.sub(r'"[^"]*"', '""', body))
    return {}


def probe_choice(text, variant, val):
    """(controls, modes) the probe assigns; in a switch on the variant,
    those of the case that names it"""
    sw = csrc.block(text, r"switch\s*\(\s*soc->variant\s*\)\s*\{")
    if sw:
        for chunk in sw.split("break;"):
            labels = re.findall(r"case\s+(\w+)\s*:", chunk)
            if any(val(x) & 0xFF == variant for x in labels):
                c = re.search(r"soc->controls\s*=\s*(\w+)", chunk)
                m = re.search(r"soc->modes\s*=\s*(\w+)", chunk)
                return c.group(1), m.group(1)
    c = re.search(r"soc->controls\s*=\s*(\w+)", text)
    m = re.search(r"soc->modes\s*=\s*(\w+)", text)
    return c.group(1), m.group(1)


class MVEBU(Family):
    name = "mvebu"

    def __init__(self):
        self.files = None       # compatible -> driver file
        self.hdr = {}
        self.loaded = {}

    def load(self):
        if self.files is not None:
            return
        d = os.path.join(os.environ["KSRC"], DIR)
        self.hdr = {k: v for k, v in csrc.defines(csrc.read(os.path.join(d, "pinctrl-mvebu.h"))).items()
                    if isinstance(v, str)}
        self.files = {}
        for f in sorted(glob.glob(os.path.join(d, "pinctrl-*.c"))):
            text = csrc.read(f)
            m = csrc.block(text, r"of_device_id\s+\w+\s*\[\s*\]\s*=\s*\{")
            for c in re.findall(r"\.compatible\s*=\s*\"([^\"]+)\"", m or ""):
                self.files[c] = f

    def table(self, node):
        self.load()
        for c in node.strings("compatible"):
            f = self.files.get(c)
            if f is None:
                continue
            if c not in self.loaded:
                try:
                    if f.endswith("-37xx.c"):
                        self.loaded[c] = A37xxTable(f, c)
                    else:
                        t = MppTable(f, c, self.hdr)
                        self.loaded[c] = t if t.simple() else None
                except (AttributeError, KeyError, TypeError, IndexError, ValueError, SyntaxError):
                    self.loaded[c] = None   # a driver whose tables this does not read (Dove)
            return self.loaded[c]
        return None

    def match(self, node):
        t = self.table(node)
        if t is None:
            return False
        # the regmap parts take their parent's syscon regmap
        return not (isinstance(t, MppTable) and t.regmap()) or self.syscon(node) is not None

    def unmatched_why(self, node):
        """why a controller of the family's tables is not one (why_not())"""
        t = self.table(node)
        if isinstance(t, MppTable) and t.regmap() and self.syscon(node) is None:
            return ("its driver takes the regmap of its parent, and %s is not a syscon with a reg"
                    % (node.parent.path if node.parent is not None else "/"))
        return None

    def driver_file(self, node):
        self.load()
        return next((self.files[c] for c in node.strings("compatible") if c in self.files), None)

    @staticmethod
    def syscon(node):
        p = node.parent
        if p is not None and "syscon" in p.strings("compatible") and p.regs():
            return p
        return None

    def reg_nodes(self, node):
        """the node whose reg holds the registers: an AP806's or CP110's
        parent system controller, whose regmap the probe takes"""
        t = self.table(node)
        if isinstance(t, MppTable) and t.regmap():
            return [self.syscon(node)]
        return [node]

    def fixup(self, orig, copy, ctx):
        """the children that are devices of their own go (the 37xx's xtal
        clock; the syscon's clock and GPIO blocks are not copied at all);
        the 37xx keeps its gpio node (gpiochip_node_get_first()), without
        its interrupts (optional: "invalid or no IRQ") and pin ranges"""
        copy.children = [c for c in copy.children if not c.has("compatible")]
        for c in copy.children:
            if c.has("gpio-controller"):
                for p in ("interrupts", "interrupts-extended", "interrupt-parent",
                          "gpio-ranges", "interrupt-controller", "#interrupt-cells"):
                    c.props.pop(p, None)

    def reset_word(self, window, offset):
        return POISON

    def h(self, name):
        return csrc.cint(self.hdr[name], self.hdr)

    @staticmethod
    def props(node):
        return node.string("marvell,function"), node.strings("marvell,pins")

    def problems(self, ctrl, node):
        t = self.table(ctrl.orig)
        if isinstance(t, A37xxTable):
            return self._problems_37xx(t, node)
        func, pins = self.props(node)
        if func is None and not pins:
            return []
        if func is None:
            return [(node.path, "marvell,function", "missing (the driver maps nothing)")]
        out = []
        for p in pins:
            m = re.fullmatch(r"mpp(\d+)", p)
            pid = int(m.group(1)) if m else None
            if pid is None or pid not in t.pins:
                out.append((node.path, "marvell,pins", "unknown pin %s" % p))
            elif t.setting(pid, func) is None:
                out.append((node.path, "marvell,function", "unsupported function %s on pin %s "
                            "(it has %s)" % (func, p, ", ".join(t.functions(pid)) or "none")))
        return out

    @staticmethod
    def _problems_37xx(t, node):
        func = node.string("function")
        groups = node.strings("groups") or node.strings("pins")
        out = []
        for g in groups if func else []:
            if g not in t.groups:
                out.append((node.path, "groups", "unknown group %s" % g))
            elif func not in t.groups[g][2]:
                out.append((node.path, "function", "invalid group %s for function %s (it has %s)"
                            % (g, func, ", ".join(sorted(t.groups[g][2])))))
        return out

    def refuses(self, ctrl, node):
        """the map with uninitialised entries (mvebu), a group a function
        lacks (37xx, pinmux_map_to_setting()): the device's states fail"""
        return ["%s: %s: %s" % p for p in self.problems(ctrl, node)
                if not p[2].startswith("missing")]

    def empty(self, ctrl, node):
        return not self.refuses(ctrl, node) and not any(self.pin_writes(ctrl, node))

    def pin_writes(self, ctrl, node):
        t = self.table(ctrl.orig)
        mux = []
        if self.refuses(ctrl, node):
            return mux, []
        if isinstance(t, A37xxTable):
            func = node.string("function")
            for g in (node.strings("groups") or node.strings("pins")) if func else []:
                pins, mask, vals = t.groups[g]
                for p in pins if mask else []:      # a gpio-only group writes nothing
                    mux.append(Write(0, t.selection, vals[func] & mask, mask, 4, p, "mux"))
            return mux, []
        func, pins = self.props(node)
        per, bits = self.h("MVEBU_MPPS_PER_REG"), self.h("MVEBU_MPP_BITS")
        for p in pins if func else []:
            pid = int(p[3:])
            win, off, shift = t.register(pid, per, bits)
            mask = self.h("MVEBU_MPP_MASK") << shift
            mux.append(Write(win, off, t.setting(pid, func) << shift, mask, 4, pid, "mux"))
        return mux, []

    def claims(self, ctrl, node, mux):
        t = self.table(ctrl.orig)
        if isinstance(t, A37xxTable):
            func = node.string("function")
            return {p for g in (node.strings("groups") or node.strings("pins")) if func
                    for p in t.groups.get(g, ([], 0, {}))[0]}
        return {w.pin for w in mux}

    def pin_name(self, ctrl, pin):
        t = self.table(ctrl.orig)
        if isinstance(t, A37xxTable):
            return "%s-%d" % (t.prefix, pin)
        return "mpp%d" % pin

# SPDX-License-Identifier: GPL-2.0
"""MediaTek pin controllers: the "paris" drivers (pinctrl-paris.c on
pinctrl-mtk-common-v2.c: mt6765, mt6779, mt6795, mt6797, mt8183, mt8186,
mt8188, mt8192, mt8195).

The controller maps its own MMIO windows by name: hw->base[i] is the reg
entry whose reg-names is base_names[i] of the SoC's mtk_pin_soc (mt8183:
iocfg0..iocfg8); the reg entries after them (eint) are the EINT block's.
Every reg entry is a window; a field's window is the one its range's
i_base names.  The copy drops interrupt-controller (with the interrupts
QEMU virt cannot give): mtk_build_eint() then returns -ENODEV and the
probe only warns "Failed to add EINT, but pinctrl still can work".

A state's node holds subnodes with `pinmux = <MTK_PIN_NO(n) | func>`
(pin = cell >> 8, function = cell & 0xf) and generic configuration (and
the driver's mediatek,* properties).  The driver makes one group a pin
(the pin's name); mtk_pctrl_dt_subnode_to_map() refuses a subnode
without pinmux, a pin past the table and a function the pin's
MTK_FUNCTION rows lack.  mtk_pmx_set_mux() writes the function into the
pin's MODE field; mtk_pconf_group_set() applies the configurations in
the parser's order through the SoC's callbacks, stopping at the first
error, then (when the SoC has adv_drive_set and the node set neither
drive-strength-microamp nor mediatek,drive-strength-adv) writes the
advanced drive 0.  Every write is mtk_hw_set_value(): a read-modify-write
of the field mtk_hw_pin_field_lookup() finds, a field that crosses a
word split over two.  The tables are read from the tree
(mediatek_tables.py); the code paths of pinctrl-mtk-common-v2.c are
ported below, one function per driver function.

The "moore" drivers (mt7622, mt7629, mt7981, mt7986: the same windows
and field tables, groups and functions of their own and the generic
binding) are in mediatek_moore.py.  The common v1 drivers (mt2701,
mt7623, mt2712, mt8127, mt8135, mt8167, mt8173, mt8365, mt8516) are
matched and reported as not rehearsed, with why.
"""

import glob
import os
import re

from .. import cache, csrc, generic
from . import mediatek_moore as moore
from . import mediatek_tables as tables
from .base import POISON, Family, Write

ENOTSUPP, EINVAL = -524, -22
ERRNO = {ENOTSUPP: "-ENOTSUPP", EINVAL: "-EINVAL"}


def common_v1(d):
    """{compatible: why} of the common v1 drivers of directory d"""
    other = {}
    for f in sorted(glob.glob(os.path.join(d, "pinctrl-mt*.c"))):
        text = csrc.read(f)
        if re.search(r"\bmtk_pctrl_(init|common_probe)\b", text) and \
                "mt6397" not in f:
            why = ("a MediaTek common v1 controller (%s): it writes through the "
                   "mediatek,pctl-regmap syscon's SET/CLR register aliases "
                   "(pinctrl-mtk-common.c), which a RAM window cannot compose"
                   % os.path.basename(f))
            for c in re.findall(r'\.compatible\s*=\s*"([^"]+)"', text):
                other[c] = why
    return other


class MediaTek(Family):
    name = "mediatek"
    group_per_pin = True
    drop = Family.drop + ("interrupt-controller", "#interrupt-cells", "mediatek,pctl-regmap")

    def __init__(self):
        self.t = None
        self.other = {}         # compatible -> why not rehearsed (v1, moore)
        self.params = None
        self.ua_to_adv = {}

    def load(self):
        if self.t is not None:
            return
        ksrc = os.environ["KSRC"]
        self.t = tables.read(ksrc)
        self.tm = tables.read(ksrc, "mtk_moore_pinctrl_probe")
        d = os.path.join(ksrc, tables.D)
        self.other = cache.memo("mediatek-v1", tables.sources(ksrc), lambda: common_v1(d),
                                code=(__file__, csrc.__file__))
        self.params = generic.rules(ksrc).params
        paris = csrc.read(os.path.join(d, "pinctrl-paris.c"))
        body = csrc.block(paris, r"\bmtk_drv_uA_to_adv\s*\([^)]*\)\s*\{") or ""
        for m in re.finditer(r"case\s+(\w+)\s*:\s*return\s+(\w+)\s*;", body):
            self.ua_to_adv[int(m.group(1), 0)] = int(m.group(2), 0)

    def soc(self, node):
        self.load()
        for c in node.strings("compatible"):
            s = self.t.soc(c) or self.tm.soc(c)
            if s is not None:
                return s
        return None

    def match(self, node):
        self.load()
        return self.soc(node) is not None or \
            any(c in self.other for c in node.strings("compatible"))

    def driver_file(self, node):
        s = self.soc(node)
        if s is not None:
            return s.path
        return None

    def unsupported_why(self, node):
        s = self.soc(node)
        if s is None:
            c = next((c for c in node.strings("compatible") if c in self.other), None)
            return self.other.get(c)
        names = node.strings("reg-names")
        missing = [n for n in s.base_names if n not in names]
        if missing:
            return ("%s: reg-names lacks %s, which the probe maps by name: it fails"
                    % (node.path, ", ".join(missing)))
        return None

    def fixup(self, orig, copy, ctx):
        """the probe needs the named windows only; without
        interrupt-controller mtk_build_eint() gives up with a warning"""

    def reset_image(self, ctrl, window, size):
        """0xa5a5a5a5 in every word, but the raw advanced drive fields
        (DRV_ADV) 0, the advanced drive off (what mtk_pconf_group_set()
        leaves a configured pin in): the debugfs dump reads every pin's
        drive-strength-microamp, and mtk_drv_adv_to_uA() WARNs on a value
        past 7, which the fill would give mt8192's 5-bit fields of GPIO89
        and 90"""
        buf = bytearray(POISON.to_bytes(4, "little") * (size // 4))
        s = self.soc(ctrl.orig)
        for p in s.pins:
            hw = HW(self, ctrl, s, p.number)
            hw.set("DRV_ADV", 0)
            for w in hw.out:
                if w.window == window and w.offset + 4 <= size:
                    old = int.from_bytes(buf[w.offset:w.offset + 4], "little")
                    buf[w.offset:w.offset + 4] = ((old & ~w.mask) | w.value).to_bytes(4, "little")
        return bytes(buf)

    # -- the driver's view of a state ---------------------------------------
    def window(self, ctrl, soc, i_base):
        """the window of hw->base[i_base]: the reg entry of that name"""
        names = ctrl.orig.strings("reg-names")
        if i_base >= len(soc.base_names) or soc.base_names[i_base] not in names:
            return None
        return names.index(soc.base_names[i_base])

    def configs(self, ctrl, sub):
        """[(property, parameter, argument)] as pinconf_generic_parse_dt_config()
        gives them: dt_params[] first, then the driver's custom ones"""
        drv = generic.rules(os.environ["KSRC"]).driver_of(ctrl.orig.strings("compatible"))
        return generic.node_configs(list(self.params) + list(drv.customs if drv else []), sub)

    def cells(self, sub):
        raw = sub.props.get("pinmux")
        if raw is None:
            return None
        return sub.cells("pinmux") if len(raw) % 4 == 0 else []

    def refuses(self, ctrl, node):
        """mtk_pctrl_dt_subnode_to_map()'s -EINVAL, in the kernel's words"""
        s = self.soc(ctrl.orig)
        if s.moore:
            return moore.refuses(self, ctrl, s, node)
        numbers = {p.number for p in s.pins}
        for sub in node.children:
            cells = self.cells(sub)
            if cells is None:
                return ["%s: missing pins property in node %s" % (sub.path, sub.basename)]
            if not cells:
                return ["%s: pinmux: no pin" % sub.path]
            for c in cells:
                pin, func = c >> 8, c & 0xF
                if pin >= len(s.pins):
                    return ["%s: pinmux: invalid pins value (pin %d of %d)" % (
                        sub.path, pin, len(s.pins))]
                if pin not in numbers:
                    return ["%s: pinmux: unable to match pin %d to group" % (sub.path, pin)]
                p = next(p for p in s.pins if p.number == pin)
                if func not in p.funcs:
                    return ["%s: pinmux: invalid function %d on pin %d" % (sub.path, func, pin)]
        return []

    def problems(self, ctrl, node):
        """what the driver refuses: at the map, or applying the state"""
        out = super().problems(ctrl, node)
        why = self.apply(ctrl, node)[2]
        return out + ([why] if why else [])

    def empty(self, ctrl, node):
        if self.soc(ctrl.orig).moore:
            return not any(moore.targets(n) and (n.has("function") or self.configs(ctrl, n))
                           for n in moore.nodes(node))
        return not node.children

    def pin_name(self, ctrl, pin):
        s = self.soc(ctrl.orig)
        p = s.pin(pin) if s else None
        return p.name if p and p.name else "pin%d" % pin

    def functions(self, ctrl, node):
        s = self.soc(ctrl.orig)
        if s.moore:
            return sorted(s.functions)
        out = set()
        for sub in node.children:
            for c in self.cells(sub) or []:
                p = s.pin(c >> 8)
                if p:
                    out |= set(p.funcs.values())
        return sorted(out)

    def apply(self, ctrl, node):
        """(mux writes, config writes, why the state fails or None): every
        mux of the node, then the configurations pin by pin up to the
        first one mtk_pinconf_set() refuses (the core stops there)"""
        mux, conf = [], []
        s = self.soc(ctrl.orig)
        if s.moore:
            return moore.apply(self, ctrl, s, node, lambda pin: HW(self, ctrl, s, pin, "mux"))
        if self.refuses(ctrl, node):
            return mux, conf, None
        why = None
        for sub in node.children:
            cfgs = self.configs(ctrl, sub)
            for c in self.cells(sub):
                pin, func = c >> 8, c & 0xF
                hw = HW(self, ctrl, s, pin)
                hw.set("MODE", func)            # mtk_pmx_set_mux()
                mux += hw.out
                if cfgs and why is None:
                    out, bad = group_set(self, ctrl, s, pin, cfgs)
                    conf += out
                    if bad:
                        prop, arg, err = bad
                        why = (sub.path, prop, "argument %d on %s: the driver refuses it (%s)"
                               % (arg, self.pin_name(ctrl, pin), ERRNO.get(err, err)))
        return mux, conf, why

    def pin_writes(self, ctrl, node):
        return self.apply(ctrl, node)[:2]

    def apply_error(self, ctrl, node):
        why = self.apply(ctrl, node)[2]
        return "%s: %s: %s" % why if why else None

    def debugfs_kind(self, field):
        """pins shows each pin's mode (mtk_pctrl_dbg_show())"""
        return "mtk-mode" if field == "mode" else None

    def pin_fields(self, ctrl):
        s = self.soc(ctrl.orig)
        out = {}
        for p in s.pins:
            hw = HW(self, ctrl, s, p.number, "mux" if s.moore else "mode")
            for f in s.ranges:
                if f not in ("DI",):
                    hw.set(f, 0)
            out[p.number] = hw.out
        return out


class HW:
    """the writes of one pin's mtk_hw_set_value() calls, in order"""

    def __init__(self, fam, ctrl, soc, pin, mode="mode"):
        self.fam, self.ctrl, self.soc, self.pin = fam, ctrl, soc, pin
        self.mode = mode    # the MODE field's name: moore's debugfs shows none
        self.out = []
        self.rsel_si_unit = ctrl.orig.has("mediatek,rsel-resistance-in-si-unit")

    def set(self, field, value):
        """mtk_hw_set_value(): 0, or the error the driver returns"""
        pf = tables.field_lookup(self.soc, field, self.pin)
        if pf is None:
            return ENOTSUPP
        i_base, off, bitpos, mask, nxt = pf
        win = self.fam.window(self.ctrl, self.soc, i_base)
        if win is None:
            return EINVAL
        if value < 0 or value > mask:
            return EINVAL
        f = self.mode if field == "MODE" else field.lower()
        if not nxt:
            self.out.append(Write(win, off, (value & mask) << bitpos, mask << bitpos, 4,
                                  self.pin, f))
            return 0
        # mtk_hw_write_cross_field(): the low bits up to bit 31, the rest
        # from bit 0 of the next register
        # (mtk_hw_bits_part() takes 32-bit registers: with sz_reg 16
        # (mt6795) the high part's count is negative, and BIT() of it on
        # arm64 shifts by the count mod 64: the next word is cleared whole)
        low = 32 - bitpos
        high = (mask.bit_length() - low) % 64
        self.out.append(Write(win, off, ((value & mask) << bitpos) & 0xFFFFFFFF,
                              (mask << bitpos) & 0xFFFFFFFF, 4, self.pin, f))
        self.out.append(Write(win, off + nxt, (value & mask) >> low,
                              ((1 << high) - 1) & 0xFFFFFFFF, 4, self.pin, f))
        return 0


def group_set(fam, ctrl, soc, pin, cfgs):
    """mtk_pconf_group_set() for one pin: (its writes, None or the
    (property, argument, error) it stopped at)"""
    hw = HW(fam, ctrl, soc, pin)
    ua = adv = False
    for prop, param, arg in cfgs:
        err = pinconf_set(fam, hw, param, arg)
        if err < 0:
            return hw.out, (prop, arg, err)
        ua |= param == "PIN_CONFIG_DRIVE_STRENGTH_UA"
        adv |= param == "MTK_PIN_CONFIG_DRV_ADV"
    if soc.ops.get("adv_drive_set") and not ua and not adv:
        call(hw, "adv_drive_set", 0)
    return hw.out, None


def call(hw, op, *args):
    """hw->soc-><op>(hw, desc, args...), ENOTSUPP when the SoC has none"""
    fn = hw.soc.ops.get(op)
    if fn is None:
        return ENOTSUPP
    if fn not in OPS:
        raise SystemExit("mediatek: %s of %s is not ported" % (fn, hw.soc.compatible))
    return OPS[fn](hw, *args)


def pinconf_set(fam, hw, param, arg):
    """mtk_pinconf_set()"""
    if param == "PIN_CONFIG_BIAS_DISABLE":
        return call(hw, "bias_set_combo", 0, 0)
    if param in ("PIN_CONFIG_BIAS_PULL_UP", "PIN_CONFIG_BIAS_PULL_DOWN"):
        return call(hw, "bias_set_combo", 1 if param.endswith("UP") else 0, arg)
    if param == "PIN_CONFIG_INPUT_ENABLE":
        return hw.set("IES", int(bool(arg)))
    if param == "PIN_CONFIG_SLEW_RATE":
        return hw.set("SR", int(bool(arg)))
    if param == "PIN_CONFIG_OUTPUT":
        return hw.set("DO", arg) or hw.set("DIR", 1)
    if param in ("PIN_CONFIG_INPUT_SCHMITT", "PIN_CONFIG_INPUT_SCHMITT_ENABLE"):
        return hw.set("DIR", int(not arg)) or hw.set("SMT", int(bool(arg)))
    if param == "PIN_CONFIG_DRIVE_STRENGTH":
        return call(hw, "drive_set", arg)
    if param == "PIN_CONFIG_DRIVE_STRENGTH_UA":
        if not hw.soc.ops.get("adv_drive_set"):
            return ENOTSUPP
        if arg not in fam.ua_to_adv:
            return EINVAL
        return call(hw, "adv_drive_set", fam.ua_to_adv[arg])
    if param in ("MTK_PIN_CONFIG_TDSEL", "MTK_PIN_CONFIG_RDSEL"):
        return hw.set(param[-5:], arg)
    if param in ("MTK_PIN_CONFIG_PU_ADV", "MTK_PIN_CONFIG_PD_ADV"):
        return call(hw, "adv_pull_set", param == "MTK_PIN_CONFIG_PU_ADV", arg)
    if param == "MTK_PIN_CONFIG_DRV_ADV":
        return call(hw, "adv_drive_set", arg)
    return ENOTSUPP


# -- pinctrl-mtk-common-v2.c -----------------------------------------------------
def k(hw, name):
    """a constant of the headers (MTK_PUPD_SET_R1R0_00, MTK_PULL_*_TYPE)"""
    return csrc.cint(name, hw.fam.t.consts)


def bias_set_pu_pd(hw, pullup, arg):
    if arg == 0:
        pu, pd = 0, 0
    elif arg == 1:
        pu, pd = (1, 0) if pullup else (0, 1)
    else:
        return EINVAL
    return hw.set("PU", pu) or hw.set("PD", pd)


def bias_set_pullsel_pullen(hw, pullup, arg):
    if arg not in (0, 1):
        return EINVAL
    return hw.set("PULLEN", arg) or hw.set("PULLSEL", pullup)


def bias_set_pupd_r1_r0(hw, pullup, arg):
    base = k(hw, "MTK_PUPD_SET_R1R0_00")
    if arg in (0, base):
        pullup, r0, r1 = 0, 0, 0
    elif base < arg <= base + 3:
        r0, r1 = (arg - base) & 1, (arg - base) >> 1
    else:
        return EINVAL
    # MTK HW PUPD bit: 1 for pull-down, 0 for pull-up
    return hw.set("PUPD", int(not pullup)) or hw.set("R0", r0) or hw.set("R1", r1)


def bias_set_rsel(hw, pullup, arg):
    if hw.rsel_si_unit:
        for r in hw.soc.rsel:
            if r.s_pin <= hw.pin <= r.e_pin and (r.up if pullup else r.down) == arg:
                return hw.set("RSEL", r.index)
        return ENOTSUPP
    lo, hi = k(hw, "MTK_PULL_SET_RSEL_000"), k(hw, "MTK_PULL_SET_RSEL_111")
    if not lo <= arg <= hi:
        return EINVAL
    return hw.set("RSEL", arg - lo)


def bias_set_pu_pd_rsel(hw, pullup, arg):
    if arg != 0:
        err = bias_set_rsel(hw, pullup, arg)
        if err:
            return err
    return bias_set_pu_pd(hw, pullup, 0 if arg == 0 else 1)


def bias_set_combo(hw, pullup, arg):
    """mtk_pinconf_bias_set_combo(): each pull type the pin may have, in
    turn, until one takes the argument (what a failed one wrote stays)"""
    pt = hw.soc.pull_type
    if pt is None:
        kinds = k(hw, "MTK_PULL_TYPE_MASK")
    else:
        kinds = pt[hw.pin] if hw.pin < len(pt) else 0
    err = ENOTSUPP
    for typ, fn in (("MTK_PULL_RSEL_TYPE", bias_set_pu_pd_rsel),
                    ("MTK_PULL_PU_PD_TYPE", bias_set_pu_pd),
                    ("MTK_PULL_PULLSEL_TYPE", bias_set_pullsel_pullen)):
        if kinds & k(hw, typ):
            err = fn(hw, pullup, arg)
            if not err:
                return 0
    if kinds & k(hw, "MTK_PULL_PUPD_R1R0_TYPE"):
        err = bias_set_pupd_r1_r0(hw, pullup, arg)
    return err


def bias_set(hw, pullup):
    """mtk_pinconf_bias_set() (revision 0): PU, PD"""
    code = 1 if pullup else 2
    return hw.set("PU", code & 1) or hw.set("PD", int(bool(code & 2)))


def bias_set_rev1(hw, pullup):
    return hw.set("PULLEN", 1) or hw.set("PULLSEL", 1 if pullup else 0)


def adv_pull_set(hw, pullup, arg):
    """mtk_pinconf_adv_pull_set(): R0, R1, then PUPD; a pin without PUPD
    falls back to the plain bias"""
    if hw.set("R0", arg & 1) or hw.set("R1", int(bool(arg & 2))):
        return 0
    err = hw.set("PUPD", 0 if pullup else 1)
    if err == ENOTSUPP:
        if hw.soc.ops.get("bias_set"):
            return call(hw, "bias_set", pullup)
        err = bias_set_rev1(hw, pullup)
        if err:
            err = bias_set(hw, pullup)
    return err


def drive_group(hw):
    return hw.fam.t.drive.get(hw.soc.pin(hw.pin).drv_n)


def drive_set_rev(fields):
    """mtk_pinconf_drive_set() (E4, E8) and _rev1() (DRV): the strength in
    the pin's drive group's range and step, (arg / step - 1) * scale"""
    def drive(hw, arg):
        tb = drive_group(hw)
        if tb is None:
            return ENOTSUPP      # DRV_FIXED: { 0 }, no strength passes
        lo, hi, step, scal = tb
        if not (lo <= arg <= hi and arg % step == 0):
            return ENOTSUPP
        v = (arg // step - 1) * scal
        if fields == "DRV":
            return hw.set("DRV", v)
        return hw.set("E4", v & 1) or hw.set("E8", (v & 2) >> 1)
    return drive


def adv_drive_set(hw, arg):
    en = arg & 1
    err = hw.set("DRV_EN", en)
    if err or not en:
        return err
    return hw.set("DRV_E0", int(bool(arg & 2))) or hw.set("DRV_E1", int(bool(arg & 4)))


OPS = {
    "mtk_pinconf_bias_set_combo": bias_set_combo,
    "mtk_pinconf_bias_disable_set": lambda hw: hw.set("PU", 0) or hw.set("PD", 0),
    "mtk_pinconf_bias_disable_set_rev1": lambda hw: hw.set("PULLEN", 0),
    "mtk_pinconf_bias_set": bias_set,
    "mtk_pinconf_bias_set_rev1": bias_set_rev1,
    "mtk_pinconf_adv_pull_set": adv_pull_set,
    "mtk_pinconf_drive_set": drive_set_rev("E4E8"),
    "mtk_pinconf_drive_set_rev1": drive_set_rev("DRV"),
    "mtk_pinconf_drive_set_raw": lambda hw, arg: hw.set("DRV", arg),
    "mtk_pinconf_adv_drive_set": adv_drive_set,
    "mtk_pinconf_adv_drive_set_raw": lambda hw, arg: hw.set("DRV_ADV", arg),
}

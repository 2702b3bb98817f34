# SPDX-License-Identifier: GPL-2.0
"""The Rockchip family: drivers/pinctrl/pinctrl-rockchip.c.

The controller has no registers of its own on the SoCs rehearsed: the
driver writes through the regmap of the GRF syscon (rockchip,grf) and the
PMU GRF (rockchip,pmu).  Those two nodes are the controller's windows (0
and 1): each is copied beside the controller as a bare syscon (reg and
compatible "syscon", its phandle kept, no simple-mfd children), so the
GRF's other registers are written by nobody and stay at their reset fill.
The gpio-bank children, which the probe of_platform_populate()s and which
need clocks and interrupts, are dropped from the copy: the banks only add
GPIO chips; without them the driver defers output-high/low and
input-enable (rockchip_pinconf_set()), as it does at boot before the GPIO
driver probes, and skips the configs after them.

Every write is hiword-masked: the value in the low half, its write-enable
bits in the high half, through regmap_update_bits() (a read-modify-write
of the RAM word under rmask = the field and its enable bits).  The
rehearsal compares the whole word: the model replays the same update on
the reset fill, so the upper half records which fields the driver wrote
and a field written at the wrong place shows as an enable bit where none
was predicted.  The route registers of the mux routes are written whole
(regmap_write()), and are explained writes like the others.

Tables (banks, iomux types and offsets, recalced and route tables,
rk3588's per-range offset tables, every #define) come from the tree
(rockchip_tables.py); the per-SoC pull, drive and schmitt offsets that the
driver computes in code are ported below, one function per driver
function.  SoCs whose calc functions are not ported are reported as not
rehearsed (their states dropped), never as mismatches.
"""

import os

from . import rockchip_tables as tables
from .base import POISON, Family, Write
from .. import csrc, generic

GRF, PMU = 0, 1     # window numbers: rockchip,grf then rockchip,pmu


class Rockchip(Family):
    name = "rockchip"
    hiword = True       # register conflicts: on the enabled bits (verdict.hiword_clash)

    def __init__(self):
        self.socs = None
        self.k = None
        self.text = None
        self.params = None
        self.rk3588 = None
        self.groups_cache = {}
        self.group_names = {}
        self.phandles = (None, {})
        self.bad_group = {}

    def load(self):
        if self.socs is None:
            ksrc = os.environ["KSRC"]
            self.socs, self.k, self.text = tables.read(ksrc)
            self.macros = csrc.defines(self.text)
            self.params = generic.rules(ksrc).params

    def soc(self, node):
        self.load()
        for c in node.strings("compatible"):
            if c in self.socs:
                return self.socs[c]
        return None

    def match(self, node):
        return self.soc(node) is not None

    def driver_file(self, node):
        return os.path.join(os.environ["KSRC"], tables.DRIVER) if self.match(node) else None

    # -- what cannot be rehearsed ----------------------------------------------
    def unsupported_why(self, node):
        """why a controller of the family is not rehearsed, or None"""
        s = self.soc(node)
        if s is None:
            return None
        if not node.has("rockchip,grf"):
            return ("%s maps registers of its own (%s): only controllers on the GRF "
                    "syscon are rehearsed" % (s.compatible, s.ctrl))
        missing = [f for f in (s.pull_calc, s.drv_calc, s.schmitt_calc)
                   if f and f not in CALC]
        if missing:
            return "%s: the driver's %s %s not ported to the rehearsal" % (
                s.compatible, ", ".join(missing), "are" if len(missing) > 1 else "is")
        return None

    # -- windows and probe -------------------------------------------------------
    def syscons(self, node, by_ph):
        """[GRF node, PMU GRF node or None]"""
        out = []
        for prop in ("rockchip,grf", "rockchip,pmu"):
            ph = node.u32(prop)
            out.append(by_ph.get(ph) if ph else None)
        return out

    def window_regs(self, node, by_ph):
        """(translated address, size) of each window: the syscons' first reg"""
        out = []
        for n in self.syscons(node, by_ph):
            if n is None or not n.regs():
                continue
            a, s = n.regs()[0]
            out.append((n.translate(a), s))
        return out

    def fixup(self, orig, copy, ctx):
        by_ph = ctx["by_phandle"]
        cells = copy.cells("reg") or []
        wins = [cells[i:i + 4] for i in range(0, len(cells), 4)]
        root = copy.parent
        for n, reg in zip([n for n in self.syscons(orig, by_ph) if n is not None and n.regs()],
                          wins):
            addr = (reg[0] << 32) | reg[1]
            s = root.add("%s@%x" % (n.basename, addr))
            s.set_strings("compatible", ["syscon"])
            s.set_cells("reg", reg)
            s.set_cells("phandle", [n.phandle])
        # the gpio banks: their driver needs clocks and interrupts
        copy.children = [c for c in copy.children
                         if not set(c.strings("compatible")) & BANKS]
        for p in ("rockchip,grf", "rockchip,pmu"):
            ph = orig.u32(p)
            if ph and by_ph.get(ph) is not None and by_ph[ph].regs():
                copy.set_cells(p, [ph])

    def reset_word(self, window, offset):
        return POISON

    # -- the driver's view of the pin nodes --------------------------------------
    def groups(self, ctrl):
        """[(group node)] in the order rockchip_pinctrl_parse_dt() parses
        them: the functions (children that are not gpio banks), their
        children"""
        key = ctrl.orig
        if key not in self.groups_cache:
            out = []
            for f in ctrl.orig.children:
                if set(f.strings("compatible")) & BANKS:
                    continue
                out.extend(f.children)
            self.groups_cache[key] = out
        return self.groups_cache[key]

    def group_of(self, ctrl, node):
        """pinctrl_name_to_group(): the first group of the node's name"""
        key = ctrl.orig
        if key not in self.group_names:
            first = {}
            for g in self.groups(ctrl):
                first.setdefault(g.basename, g)
            self.group_names[key] = first
        return self.group_names[key].get(node.basename)

    def rows(self, ctrl, node):
        """[(bank, pin, func, pcfg node)] or a string: why the probe fails"""
        s = self.soc(ctrl.orig)
        cells = node.cells("rockchip,pins")
        if not cells or len(cells) % 4:
            return "%s: rockchip,pins: wrong pins number or pins and configs should be by 4" % (
                node.path)
        root = node
        while root.parent is not None:
            root = root.parent
        if self.phandles[0] is not root:
            self.phandles = (root, {n.phandle: n for n in root.walk() if n.phandle})
        by_ph = self.phandles[1]
        out = []
        for i in range(0, len(cells), 4):
            b = s.bank(cells[i])
            if b is None:
                return "%s: rockchip,pins row %d: no bank %d" % (node.path, i // 4, cells[i])
            cfg = by_ph.get(cells[i + 3])
            if cfg is None:
                # pinconf_generic_parse_dt_config(NULL) is -EINVAL
                return "%s: rockchip,pins row %d: no pin configuration node (phandle %#x)" % (
                    node.path, i // 4, cells[i + 3])
            out.append((b, cells[i + 1], cells[i + 2], cfg))
        return out

    def refuses(self, ctrl, node):
        g = self.group_of(ctrl, node)
        if g is None:
            return ["%s: unable to find group for node %s" % (node.path, node.basename)]
        # the probe fails on any bad group: every state fails with it
        if ctrl.orig not in self.bad_group:
            bad = (self.rows(ctrl, grp) for grp in self.groups(ctrl))
            self.bad_group[ctrl.orig] = next((r for r in bad if isinstance(r, str)), None)
        return [self.bad_group[ctrl.orig]] if self.bad_group[ctrl.orig] else []

    def problems(self, ctrl, node):
        out = []
        g = self.group_of(ctrl, node)
        if g is None:
            return [(node.path, "rockchip,pins", "no group called %s" % node.basename)]
        r = self.rows(ctrl, g)
        if isinstance(r, str):
            return [(node.path, "rockchip,pins", r.split(": ", 1)[1])]
        for b, pin, func, cfg in r:
            if pin >= b.npins:
                out.append((node.path, "rockchip,pins", "pin %d of %s, which has %d" % (
                    pin, b.name, b.npins)))
            elif b.iomux[pin // 8][0] & self.k["IOMUX_UNROUTED"]:
                out.append((node.path, "rockchip,pins", "%s-%d is unrouted" % (b.name, pin)))
        return out

    def empty(self, ctrl, node):
        return False

    def claims(self, ctrl, node, mux):
        g = self.group_of(ctrl, node)
        r = self.rows(ctrl, g) if g is not None else []
        return set() if isinstance(r, str) else {b.base + p for b, p, _, _ in r}

    def pin_name(self, ctrl, pin):
        s = self.soc(ctrl.orig)
        for b in s.banks:
            if b.base <= pin < b.base + b.npins:
                return ctrl.pin_names.get(pin, "%s-%d" % (b.name, pin - b.base))
        return "pin%d" % pin

    def configs(self, node):
        """(param, arg) of a pcfg node in dt_params[] order"""
        return [(param, arg) for _, param, arg in generic.node_configs(self.params, node)]

    def pin_writes(self, ctrl, node):
        s = self.soc(ctrl.orig)
        g = self.group_of(ctrl, node)
        r = self.rows(ctrl, g) if g is not None else "no group"
        if isinstance(r, str):
            return [], []
        mux, conf = [], []
        for b, pin, func, cfg in r:
            if pin >= b.npins:
                continue
            mux += set_mux(s, b, pin, func)
            for param, arg in self.configs(cfg):
                if param in ("PIN_CONFIG_OUTPUT", "PIN_CONFIG_INPUT_ENABLE"):
                    break       # deferred until the GPIO bank probes; the rest skipped
                conf += set_config(s, self, b, pin, param, arg)
        if getattr(ctrl, "windows", None) is None:
            return mux, conf
        sizes = [w["orig_size"] if isinstance(w, dict) else w[4] for w in ctrl.windows]

        def inside(w):
            # regmap refuses a register past the syscon's max_register
            return w.window < len(sizes) and w.offset is not None and \
                w.offset + 4 <= sizes[w.window]
        return [w for w in mux if inside(w)], [w for w in conf if inside(w)]


BANKS = {"rockchip,gpio-bank", "rockchip,rk3188-gpio-bank0"}


def hiword(win, reg, bit, width, value, pin, field):
    """regmap_update_bits(reg, rmask, data) with data = the field's enable
    bits | value << bit, rmask = the field and its enable bits"""
    data = (((1 << width) - 1) << (bit + 16)) & 0xFFFFFFFF
    rmask = data | (data >> 16)
    data = (data | (value << bit)) & 0xFFFFFFFF
    return Write(win, reg, data, rmask, 4, pin, field)


def set_mux(s, b, pin, mux):
    """rockchip_set_mux()"""
    k = s.k
    n = pin // 8
    typ, reg = b.iomux[n]
    if typ & (k["IOMUX_UNROUTED"] | k["IOMUX_GPIO_ONLY"]):
        return []
    if typ & k["IOMUX_SOURCE_PMU"]:
        win = PMU
    elif typ & k["IOMUX_L_SOURCE_PMU"]:
        win = PMU if pin % 8 < 4 else GRF
    else:
        win = GRF
    if typ & k["IOMUX_WIDTH_4BIT"]:
        reg += 4 if pin % 8 >= 4 else 0
        bit, mask = (pin % 4) * 4, 0xF
    elif typ & k["IOMUX_WIDTH_3BIT"]:
        reg += 4 if pin % 8 >= 5 else 0
        bit, mask = (pin % 8 % 5) * 3, 0x7
    else:
        bit, mask = (pin % 8) * 2, 0x3
    if pin in b.recalced:
        reg, bit, mask = b.recalced[pin]
    p = b.base + pin
    width = mask.bit_length()
    if s.type == "RK3576" and b.num == 0 and k["RK_PB4"] <= pin <= k["RK_PB7"]:
        reg += 0x1FF4
    if s.type == "RK3588":
        if b.num == 0:
            if k["RK_PB4"] <= pin <= k["RK_PD7"]:
                if mux < 8:
                    return [hiword(win, reg + 0x4000 - 0xC, bit, width, mux & mask, p, "mux")]
                return [hiword(win, reg + 0x4000 - 0xC, bit, width, 8, p, "mux"),
                        hiword(GRF, reg + 0x8000, bit, width, mux, p, "mux")]
            return [hiword(win, reg, bit, width, mux & mask, p, "mux")]
        reg += 0x8000
    if mux > mask:
        return []       # -EINVAL: the state fails
    out = []
    route = b.routes.get((pin, mux))
    if route:
        loc, rreg, rval = route
        rwin = PMU if loc == k["ROCKCHIP_ROUTE_PMU"] else \
            GRF if loc == k["ROCKCHIP_ROUTE_GRF"] else win
        out.append(Write(rwin, rreg, rval, 0xFFFFFFFF, 4, p, "route"))
    out.append(hiword(win, reg, bit, width, mux & mask, p, "mux"))
    return out


PULLS = {"PIN_CONFIG_BIAS_DISABLE", "PIN_CONFIG_BIAS_PULL_UP", "PIN_CONFIG_BIAS_PULL_DOWN",
         "PIN_CONFIG_BIAS_PULL_PIN_DEFAULT", "PIN_CONFIG_BIAS_BUS_HOLD"}
# rockchip_pull_list[] of the driver, by pull type: the code of each bias
PULL_LIST = [["PIN_CONFIG_BIAS_DISABLE", "PIN_CONFIG_BIAS_PULL_UP",
              "PIN_CONFIG_BIAS_PULL_DOWN", "PIN_CONFIG_BIAS_BUS_HOLD"],
             ["PIN_CONFIG_BIAS_DISABLE", "PIN_CONFIG_BIAS_PULL_DOWN",
              "PIN_CONFIG_BIAS_DISABLE", "PIN_CONFIG_BIAS_PULL_UP"]]


def set_config(s, fam, b, pin, param, arg):
    """rockchip_pinconf_set() for one configuration; [] where the driver
    writes nothing or refuses it"""
    p = b.base + pin
    if param in PULLS:
        if s.type == "RK3066B" or not s.pull_calc:
            return []
        # rockchip_pinconf_pull_valid(), then rockchip_set_pull()
        old = s.type in ("RK2928", "RK3128")
        if param != "PIN_CONFIG_BIAS_DISABLE" and (
                (param == "PIN_CONFIG_BIAS_PULL_PIN_DEFAULT") != old or not arg):
            return []
        win, reg, bit = CALC[s.pull_calc](s, fam, b, pin)
        if reg is None:
            return []
        if old:
            # one bit a pin, the pull's enable written whole (regmap_write)
            v = (1 << (bit + 16)) | ((1 << bit) if param == "PIN_CONFIG_BIAS_DISABLE" else 0)
            return [Write(win, reg, v, 0xFFFFFFFF, 4, p, "pull")]
        lst = PULL_LIST[b.pull[pin // 8]]
        if param not in lst:
            return []
        code = lst.index(param)
        if s.type == "RK3568" and b.num == 0 and 27 <= pin <= 30 and code == 1:
            code = 3
        return [hiword(win, reg, bit, s.k["RK3188_PULL_BITS_PER_PIN"], code, p, "pull")]
    if param == "PIN_CONFIG_DRIVE_STRENGTH":
        return set_drive(s, fam, b, pin, arg)
    if param == "PIN_CONFIG_INPUT_SCHMITT_ENABLE" and s.schmitt_calc:
        win, reg, bit = CALC[s.schmitt_calc](s, fam, b, pin)
        # rockchip_set_schmitt()
        if s.type == "RK3568":
            return [hiword(win, reg, bit, s.k["RK3568_SCHMITT_BITS_PER_PIN"],
                           2 if arg else 1, p, "schmitt")]
        return [hiword(win, reg, bit, 1, 1 if arg else 0, p, "schmitt")]
    return []


# rockchip_perpin_drv_list[] is an int table of the driver: read, not typed
def drv_list(fam):
    if getattr(fam, "_drv_list", None) is None:
        body = csrc.block(fam.text, r"rockchip_perpin_drv_list\s*\[[^]]*\]\s*\[\d+\]\s*=\s*\{")
        fam._drv_list = [[int(x) for x in row.strip().strip("{}").split(",") if x.strip()]
                         for row in csrc.split_entries(body)]
    return fam._drv_list


def set_drive(s, fam, b, pin, strength):
    """rockchip_set_drive_perpin()"""
    k = s.k
    p = b.base + pin
    if not s.drv_calc:
        return []       # -ENOTSUPP: "rk3288 is the first with per-pin drive-strength"
    win, reg, bit = CALC[s.drv_calc](s, fam, b, pin)
    if reg is None:
        return []
    drv_type = b.drv[pin // 8][0]
    if s.type in ("RK3588", "RV1126"):
        return [hiword(win, reg, bit, k[s.type + "_DRV_BITS_PER_PIN"], strength, p, "drive")]
    if s.type == "RK3568":
        return [hiword(win, reg, bit, k["RK3568_DRV_BITS_PER_PIN"],
                       (1 << (strength + 1)) - 1, p, "drive")]
    lst = drv_list(fam)[drv_type]
    val = None
    for v in lst:
        if v == strength:
            val = lst.index(v)
            break
        if v < 0:
            break
    if val is None:
        return []       # "unsupported driver strength": the state fails
    if drv_type in (k["DRV_TYPE_IO_1V8_3V0_AUTO"], k["DRV_TYPE_IO_3V3_ONLY"]):
        bits = k["RK3399_DRV_3BITS_PER_PIN"]
        if bit == 15:
            # spread over two registers: bit 15, then bits 1:0 of the next
            return [Write(win, reg, (1 << 31) | ((val & 1) << 15), (1 << 15) | (1 << 31), 4,
                          p, "drive"),
                    Write(win, reg + 4, (3 << 16) | ((val >> 1) & 3), 3 | (3 << 16), 4,
                          p, "drive")]
        if 18 <= bit <= 21:
            reg, bit = reg + 4, bit - 16
        elif bit > 12:
            return []
    else:
        bits = k["RK3288_DRV_BITS_PER_PIN"]
    return [hiword(win, reg, bit, bits, val, p, "drive")]


# -- the per-SoC calc functions of the driver: (window, reg, bit) ----------------
def rk3288_pull(s, fam, b, pin):
    """rk3288_calc_pull_reg_and_bit()"""
    k = s.k
    per, bits = k["RK3188_PULL_PINS_PER_REG"], k["RK3188_PULL_BITS_PER_PIN"]
    if b.num == 0:
        return PMU, k["RK3188_PULL_PMU_OFFSET"] + pin // per * 4, pin % per * bits
    reg = k["RK3288_PULL_OFFSET"] - 0x10 + b.num * k["RK3188_PULL_BANK_STRIDE"]
    return GRF, reg + pin // per * 4, pin % per * bits


def rk3288_drv(s, fam, b, pin):
    """rk3288_calc_drv_reg_and_bit()"""
    k = s.k
    per, bits = k["RK3288_DRV_PINS_PER_REG"], k["RK3288_DRV_BITS_PER_PIN"]
    if b.num == 0:
        return PMU, k["RK3288_DRV_PMU_OFFSET"] + pin // per * 4, pin % per * bits
    reg = k["RK3288_DRV_GRF_OFFSET"] - 0x10 + b.num * k["RK3288_DRV_BANK_STRIDE"]
    return GRF, reg + pin // per * 4, pin % per * bits


def rk3399_pull(s, fam, b, pin):
    """rk3399_calc_pull_reg_and_bit()"""
    k = s.k
    per, bits = k["RK3188_PULL_PINS_PER_REG"], k["RK3188_PULL_BITS_PER_PIN"]
    stride = k["RK3188_PULL_BANK_STRIDE"]
    if b.num in (0, 1):
        reg = k["RK3399_PULL_PMU_OFFSET"] + b.num * stride
        return PMU, reg + pin // per * 4, pin % per * bits
    reg = k["RK3399_PULL_GRF_OFFSET"] - 0x20 + b.num * stride
    return GRF, reg + pin // per * 4, pin % per * bits


def rk3399_drv(s, fam, b, pin):
    """rk3399_calc_drv_reg_and_bit(): the bank's drive offsets"""
    k = s.k
    typ, reg = b.drv[pin // 8]
    wide = typ in (k["DRV_TYPE_IO_1V8_3V0_AUTO"], k["DRV_TYPE_IO_3V3_ONLY"])
    return (PMU if b.num in (0, 1) else GRF), reg, (pin % 8) * (3 if wide else 2)


def rk3568_pull(s, fam, b, pin):
    """rk3568_calc_pull_reg_and_bit()"""
    k = s.k
    per, bits = k["RK3568_PULL_PINS_PER_REG"], k["RK3568_PULL_BITS_PER_PIN"]
    if b.num == 0:
        reg = k["RK3568_PULL_PMU_OFFSET"]
        return PMU, reg + pin // per * 4, pin % per * bits
    reg = k["RK3568_PULL_GRF_OFFSET"] + (b.num - 1) * k["RK3568_PULL_BANK_STRIDE"]
    return GRF, reg + pin // per * 4, pin % per * bits


def rk3568_drv(s, fam, b, pin):
    """rk3568_calc_drv_reg_and_bit()"""
    k = s.k
    per, bits = k["RK3568_DRV_PINS_PER_REG"], k["RK3568_DRV_BITS_PER_PIN"]
    if b.num == 0:
        return PMU, k["RK3568_DRV_PMU_OFFSET"] + pin // per * 4, pin % per * bits
    reg = k["RK3568_DRV_GRF_OFFSET"] + (b.num - 1) * k["RK3568_DRV_BANK_STRIDE"]
    return GRF, reg + pin // per * 4, pin % per * bits


def rk3568_schmitt(s, fam, b, pin):
    """rk3568_calc_schmitt_reg_and_bit()"""
    k = s.k
    if b.num == 0:
        win, reg = PMU, k["RK3568_SCHMITT_PMUGRF_OFFSET"]
    else:
        win = GRF
        reg = k["RK3568_SCHMITT_GRF_OFFSET"] + (b.num - 1) * k["RK3568_SCHMITT_BANK_STRIDE"]
    per = k["RK3568_SCHMITT_PINS_PER_REG"]
    return win, reg + pin // per * 4, pin % per * k["RK3568_SCHMITT_BITS_PER_PIN"]


def pmu_bank0(pmu_off, grf_off, per, bits, stride):
    """the calc functions that put bank 0 in the PMU GRF at one offset and
    the other banks in the GRF from another, "correct the offset, as we're
    starting with the 2nd bank" (-0x10): rk3368_calc_pull_reg_and_bit(),
    rk3368_calc_drv_reg_and_bit(), px30_calc_pull_reg_and_bit(),
    px30_calc_drv_reg_and_bit(), rv1108_calc_pull_reg_and_bit(),
    rv1108_calc_drv_reg_and_bit(); the names of their #defines"""
    def calc(s, fam, b, pin):
        k = s.k
        if b.num == 0:
            win, reg = PMU, k[pmu_off]
        else:
            win, reg = GRF, k[grf_off] - 0x10 + b.num * k[stride]
        return win, reg + pin // k[per] * 4, pin % k[per] * k[bits]
    return calc


def grf_only(off, per, bits, stride):
    """the calc functions with every bank in the GRF from one offset:
    rk3228_calc_pull_reg_and_bit(), rk3228_calc_drv_reg_and_bit(),
    rk3308_calc_pull_reg_and_bit(), rk3308_calc_drv_reg_and_bit(),
    rk3308_calc_schmitt_reg_and_bit(), rk3328_calc_schmitt_reg_and_bit()
    (bits None: one bit a pin)"""
    def calc(s, fam, b, pin):
        k = s.k
        reg = k[off] + b.num * k[stride]
        return GRF, reg + pin // k[per] * 4, pin % k[per] * (k[bits] if bits else 1)
    return calc


def pmu_schmitt(soc):
    """px30_calc_schmitt_reg_and_bit(), rv1108_calc_schmitt_reg_and_bit():
    bank 0 in the PMU GRF, the others in the GRF from bank 1, one bit a
    pin, the pins a register apart for each (the <SOC>_SCHMITT_* names)"""
    def calc(s, fam, b, pin):
        k = s.k
        if b.num == 0:
            win, reg = PMU, k[soc + "_SCHMITT_PMU_OFFSET"]
            per = k[soc + "_SCHMITT_PINS_PER_PMU_REG"]
        else:
            win, per = GRF, k[soc + "_SCHMITT_PINS_PER_GRF_REG"]
            reg = k[soc + "_SCHMITT_GRF_OFFSET"] + (b.num - 1) * k[soc + "_SCHMITT_BANK_STRIDE"]
        return win, reg + pin // per * 4, pin % per
    return calc


def rk2928_pull(off):
    """rk2928_calc_pull_reg_and_bit(), rk3128_calc_pull_reg_and_bit(): one
    bit a pin, 16 pins a register, banks 8 bytes apart"""
    def calc(s, fam, b, pin):
        k = s.k
        per = k["RK2928_PULL_PINS_PER_REG"]
        reg = k[off] + b.num * k["RK2928_PULL_BANK_STRIDE"]
        return GRF, reg + pin // per * 4, pin % per
    return calc


def rk3188_pull(s, fam, b, pin):
    """rk3188_calc_pull_reg_and_bit() with the GRF binding (no regmap_pull):
    bank 0's first 12 pins in the PMU, the rest in the GRF from the second
    pull register, the pins of a register in inverse order"""
    k = s.k
    per, bits = k["RK3188_PULL_PINS_PER_REG"], k["RK3188_PULL_BITS_PER_PIN"]
    if b.num == 0 and pin < 12:
        return PMU, k["RK3188_PULL_PMU_OFFSET"] + pin // per * 4, pin % per * bits
    reg = k["RK3188_PULL_OFFSET"] - 4 + b.num * k["RK3188_PULL_BANK_STRIDE"]
    return GRF, reg + pin // per * 4, (7 - pin % per) * bits


def rv1126_calc(kind, drv=False):
    """rv1126_calc_{pull,drv,schmitt}_reg_and_bit(): bank 0 in the PMU GRF
    but its pins RV1126_GPIO_C4_D7(p) in the GRF below GPIO1A0's register
    (the drive's one word lower still), the other banks from GPIO1A0's"""
    def calc(s, fam, b, pin):
        import re
        k = s.k
        pre = "RV1126_%s_" % kind
        per_grf = k.get(pre + "PINS_PER_REG", k.get(pre + "PINS_PER_GRF_REG"))
        per_pmu = k.get(pre + "PINS_PER_REG", k.get(pre + "PINS_PER_PMU_REG"))
        bits = k.get(pre + "BITS_PER_PIN", 1)
        grf = k[pre + "GRF_GPIO1A0_OFFSET"]
        lo, hi = (int(x) for x in re.search(
            r"p\)?\s*>=\s*(\d+)\s*&&\s*\(?p\)?\s*<=\s*(\d+)",
            fam.macros["RV1126_GPIO_C4_D7"][1]).groups())
        if b.num == 0 and lo <= pin <= hi:
            reg = grf - ((31 - pin) // per_grf + 1) * 4 - (4 if drv else 0)
            return GRF, reg, pin % per_grf * bits
        if b.num == 0:
            win, reg, per = PMU, k[pre + "PMU_OFFSET"], per_pmu
        else:
            win, reg, per = GRF, grf + (b.num - 1) * k[pre + "BANK_STRIDE"], per_grf
        return win, reg + pin // per * 4, pin % per * bits
    return calc


def rk3588_lookup(table, per, bits):
    """rk3588_calc_{pull,drv,schmitt}_reg_and_bit(): the last entry of the
    driver's table at or below bank * 32 + pin; everything in the IOC"""
    def calc(s, fam, b, pin):
        cache = fam.__dict__.setdefault("_tables", {})
        if table not in cache:
            cache[table] = tables.reg_table(fam.text, table, s.k)
        rows = cache[table]
        n = b.num * 32 + pin
        for first, reg in reversed(rows):
            if n >= first:
                return GRF, reg, pin % s.k[per] * s.k[bits]
        return GRF, None, 0
    return calc


CALC = {
    "rv1126_calc_pull_reg_and_bit": rv1126_calc("PULL"),
    "rv1126_calc_drv_reg_and_bit": rv1126_calc("DRV", drv=True),
    "rv1126_calc_schmitt_reg_and_bit": rv1126_calc("SCHMITT"),
    "rk2928_calc_pull_reg_and_bit": rk2928_pull("RK2928_PULL_OFFSET"),
    "rk3128_calc_pull_reg_and_bit": rk2928_pull("RK3128_PULL_OFFSET"),
    "rk3188_calc_pull_reg_and_bit": rk3188_pull,
    "px30_calc_pull_reg_and_bit": pmu_bank0(
        "PX30_PULL_PMU_OFFSET", "PX30_PULL_GRF_OFFSET", "PX30_PULL_PINS_PER_REG",
        "PX30_PULL_BITS_PER_PIN", "PX30_PULL_BANK_STRIDE"),
    "px30_calc_drv_reg_and_bit": pmu_bank0(
        "PX30_DRV_PMU_OFFSET", "PX30_DRV_GRF_OFFSET", "PX30_DRV_PINS_PER_REG",
        "PX30_DRV_BITS_PER_PIN", "PX30_DRV_BANK_STRIDE"),
    "px30_calc_schmitt_reg_and_bit": pmu_schmitt("PX30"),
    "rv1108_calc_pull_reg_and_bit": pmu_bank0(
        "RV1108_PULL_PMU_OFFSET", "RV1108_PULL_OFFSET", "RV1108_PULL_PINS_PER_REG",
        "RV1108_PULL_BITS_PER_PIN", "RV1108_PULL_BANK_STRIDE"),
    "rv1108_calc_drv_reg_and_bit": pmu_bank0(
        "RV1108_DRV_PMU_OFFSET", "RV1108_DRV_GRF_OFFSET", "RV1108_DRV_PINS_PER_REG",
        "RV1108_DRV_BITS_PER_PIN", "RV1108_DRV_BANK_STRIDE"),
    "rv1108_calc_schmitt_reg_and_bit": pmu_schmitt("RV1108"),
    "rk3368_calc_pull_reg_and_bit": pmu_bank0(
        "RK3368_PULL_PMU_OFFSET", "RK3368_PULL_GRF_OFFSET", "RK3188_PULL_PINS_PER_REG",
        "RK3188_PULL_BITS_PER_PIN", "RK3188_PULL_BANK_STRIDE"),
    "rk3368_calc_drv_reg_and_bit": pmu_bank0(
        "RK3368_DRV_PMU_OFFSET", "RK3368_DRV_GRF_OFFSET", "RK3288_DRV_PINS_PER_REG",
        "RK3288_DRV_BITS_PER_PIN", "RK3288_DRV_BANK_STRIDE"),
    "rk3228_calc_pull_reg_and_bit": grf_only(
        "RK3228_PULL_OFFSET", "RK3188_PULL_PINS_PER_REG", "RK3188_PULL_BITS_PER_PIN",
        "RK3188_PULL_BANK_STRIDE"),
    "rk3228_calc_drv_reg_and_bit": grf_only(
        "RK3228_DRV_GRF_OFFSET", "RK3288_DRV_PINS_PER_REG", "RK3288_DRV_BITS_PER_PIN",
        "RK3288_DRV_BANK_STRIDE"),
    "rk3308_calc_pull_reg_and_bit": grf_only(
        "RK3308_PULL_OFFSET", "RK3188_PULL_PINS_PER_REG", "RK3188_PULL_BITS_PER_PIN",
        "RK3188_PULL_BANK_STRIDE"),
    "rk3308_calc_drv_reg_and_bit": grf_only(
        "RK3308_DRV_GRF_OFFSET", "RK3288_DRV_PINS_PER_REG", "RK3288_DRV_BITS_PER_PIN",
        "RK3288_DRV_BANK_STRIDE"),
    "rk3308_calc_schmitt_reg_and_bit": grf_only(
        "RK3308_SCHMITT_GRF_OFFSET", "RK3308_SCHMITT_PINS_PER_REG", None,
        "RK3308_SCHMITT_BANK_STRIDE"),
    "rk3328_calc_schmitt_reg_and_bit": grf_only(
        "RK3328_SCHMITT_GRF_OFFSET", "RK3328_SCHMITT_PINS_PER_REG", None,
        "RK3328_SCHMITT_BANK_STRIDE"),
    "rk3288_calc_pull_reg_and_bit": rk3288_pull,
    "rk3288_calc_drv_reg_and_bit": rk3288_drv,
    "rk3399_calc_pull_reg_and_bit": rk3399_pull,
    "rk3399_calc_drv_reg_and_bit": rk3399_drv,
    "rk3568_calc_pull_reg_and_bit": rk3568_pull,
    "rk3568_calc_drv_reg_and_bit": rk3568_drv,
    "rk3568_calc_schmitt_reg_and_bit": rk3568_schmitt,
    "rk3588_calc_pull_reg_and_bit": rk3588_lookup(
        "rk3588_p_regs", "RK3588_PULL_PINS_PER_REG", "RK3588_PULL_BITS_PER_PIN"),
    "rk3588_calc_drv_reg_and_bit": rk3588_lookup(
        "rk3588_ds_regs", "RK3588_DRV_PINS_PER_REG", "RK3588_DRV_BITS_PER_PIN"),
    "rk3588_calc_schmitt_reg_and_bit": rk3588_lookup(
        "rk3588_smt_regs", "RK3588_SMT_PINS_PER_REG", "RK3588_SMT_BITS_PER_PIN"),
}

# SPDX-License-Identifier: GPL-2.0
"""Qualcomm PMIC GPIO blocks on SPMI (pinctrl-spmi-gpio), under the real
qcom-spmi-pmic MFD, on the project's RAM-backed SPMI controller
("vsoc,rehearsal-spmi", the local patch "spmi: Add a RAM-backed controller
for the rehearsal"): one window of SPMI_MAX_SLAVE_ID x 64 KiB, register
ADDR of slave SID at byte (SID << 16) | ADDR.

Each GPIO block the board's states point into gets such a controller of
its own, in place of the board's arbiter (qcom,spmi-pmic-arb and its
variants): its PMIC node (compatible and reg as on the board) with the
block as its only child, and the base PMIC of the same chip when the
block's is not the base (the MFD takes the revision from it). Everything
else of the PMIC is left out, as the rehearsal leaves out devices without
pin states.

The driver is stateful: pmic_gpio_populate() reads each pad at probe into
a cache, and every set_mux()/config_set() writes whole registers from it.
The reset image is chosen so that the cache holds what the registers do
(EN_CTL enabled: the probe marks every pad enabled whatever the register
says), so a pin node's writes are the fields it changes, plus the enable
every configuration writes. The direction is the one field that depends on
the pad's past (input and output are kept apart in the cache, one mode in
the register): its write is an update of what the register held
(Write.update).
"""

import glob
import os
import re

from .. import generic
from .base import Family, Write
from .qcom_pmic_tables import gpio_tables, mfd_tables

# the control registers at reset (pmic_gpio_populate() reads them): a
# digital input of function normal, rail 0, the pull-down, a CMOS buffer
# of strength "no", no dtest, ATEST 1, enabled; which pull is a choice
# that shows a pull-up or a bias-disable written
RESET = {"PMIC_GPIO_REG_MODE_CTL": 0, "PMIC_GPIO_REG_DIG_VIN_CTL": 0,
         "PMIC_GPIO_REG_DIG_PULL_CTL": "PMIC_GPIO_PULL_DOWN", "PMIC_GPIO_REG_DIG_IN_CTL": 0,
         "PMIC_GPIO_REG_LV_MV_DIG_OUT_SOURCE_CTL": 0, "PMIC_GPIO_REG_DIG_OUT_CTL": 0,
         "PMIC_GPIO_REG_LV_MV_ANA_PASS_THRU_SEL": 0}
DECODED = ("enable", "dir", "out", "function", "vin", "pull", "buffer", "strength")


def rehearsal_symbol():
    """the Kconfig symbol of the rehearsal's SPMI controller, from the
    project's kernel patch that adds its Makefile line"""
    pdir = os.path.join(os.path.dirname(__file__), "..", "..", "kernel", "patches")
    for f in sorted(glob.glob(os.path.join(pdir, "*.patch"))):
        m = re.search(r"^\+obj-\$\((CONFIG_\w+)\)\s*\+=\s*spmi-rehearsal\.o", open(f).read(), re.M)
        if m:
            return m.group(1)
    return None


def pmic_of(node):
    """the PMIC node of a GPIO block on SPMI, or None (SSBI's)"""
    p = node.parent
    return p if p is not None and "qcom,spmi-pmic" in p.strings("compatible") else None


class QcomPmic(Family):
    name = "qcom-pmic"
    group_per_pin = True        # every pin its own group (pmic_gpio_get_group_pins())

    def __init__(self):
        self._subtype = {}

    def tables(self):
        return gpio_tables(os.environ["KSRC"])

    def match(self, node):
        return pmic_of(node) is not None and \
            any(c in self.tables().npins for c in node.strings("compatible"))

    def driver_file(self, node):
        return self.tables().path

    def unsupported_why(self, node):
        """the SPMI core, the MFD and the rehearsal's SPMI controller must
        be in the image too"""
        from . import kconfig_symbol, image_builds
        from .qcom_pmic_tables import MFD_C, MFD_H, SPMI_H
        ksrc = os.environ["KSRC"]
        for f in (MFD_C, MFD_H, SPMI_H):
            if not os.path.isfile(os.path.join(ksrc, f)):
                return "the tree %s has no %s, which the PMIC's rehearsal reads" % (ksrc, f)
        for f in ("drivers/spmi/spmi.c", "drivers/mfd/qcom-spmi-pmic.c"):
            path = os.path.join(ksrc, f)
            if not image_builds(path):
                return "no driver for %s in the image (%s is not set)" % (
                    pmic_of(node).strings("compatible")[0] if "mfd" in f else "the SPMI bus",
                    kconfig_symbol(path))
        sym = rehearsal_symbol()
        cfg = os.environ.get("IMAGE_CONFIG")
        if cfg and os.path.isfile(cfg) and not (
                sym and re.search(r"^%s=[ym]$" % sym, open(cfg).read(), re.M)):
            return "no driver for vsoc,rehearsal-spmi in the image (%s is not set): the " \
                "rehearsal's SPMI controller, which stands in for the PMIC arbiter" % (
                    sym or "the local patch that adds it")
        return None

    def npins(self, ctrl):
        t = self.tables()
        return next(t.npins[c] for c in ctrl.orig.strings("compatible") if c in t.npins)

    def window_size(self):
        _, _, ids, last = mfd_tables(os.environ["KSRC"])
        return ids * (last + 1)

    def window_regs(self, node, by_ph):
        """one window of the whole bus; the board's address: the arbiter's
        first register range"""
        bus = pmic_of(node).parent
        regs = bus.regs() if bus.has("reg") else []
        addr = bus.translate(regs[0][0]) if regs else None
        return [(addr or 0, self.window_size())]

    def holder(self, ctl, root):
        """the node the copy goes under, made in root: the rehearsal's SPMI
        controller at the window with the block's PMIC; and [(virt node,
        board node)] of what was made; sets ctl.dev_name as
        of_device_make_bus_id() names the block's device"""
        pmic = pmic_of(ctl.orig)
        bus = pmic.parent
        addr = ctl.windows[0][1]
        spmi = root.add("spmi@%x" % addr)
        spmi.set_strings("compatible", ["vsoc,rehearsal-spmi"])
        spmi.set_cells("reg", [0, addr, 0, ctl.windows[0][2]])
        spmi.set_cells("#address-cells", [2])
        spmi.set_cells("#size-cells", [0])
        spmi.set_empty("interrupt-controller")
        spmi.set_cells("#interrupt-cells", [4])
        made = [(spmi, bus)]
        for p in self.pmics(ctl):
            n = spmi.add(p.name)
            for prop in ("compatible", "reg", "#address-cells", "#size-cells"):
                if p.has(prop):
                    n.props[prop] = p.props[prop]
            made.append((n, p))
        ctl.dev_name = "%x.%s:%s:%s" % (addr, spmi.basename, pmic.name, ctl.orig.name)
        return spmi.child(pmic.name), made

    def pmics(self, ctl):
        """the block's PMIC, after the chip's base PMIC when it is not that
        (qcom_pmic_get_base_usid(): the sibling at usid - (N_USIDS - 1))"""
        pmic = pmic_of(ctl.orig)
        sid = pmic.u32("reg", 0)
        out = [pmic]
        if sid % 2:
            base = next((p for p in pmic.parent.children if p.has("reg") and
                         p.u32("reg") == sid - 1 and
                         p.strings("compatible")[:1] == pmic.strings("compatible")[:1]), None)
            if base is not None:
                out.insert(0, base)
        return out

    # -- the pads ---------------------------------------------------------
    def subtype(self, ctrl):
        """the GPIO subtype of the block's pads, which the tree does not
        say: a PMIC whose rails qcom,pmic-gpio.h names (PM8916_GPIO_L5,
        PM8994_GPIO_S4, ...) has GPIO_4CH (or GPIO_8CH) pads, the others
        LV/MV ones (the binding's func3/func4 are "supported by LV/MV GPIO
        subtypes", and the rails <0> and <1> their boards ask fit): GPIO_MV,
        or GPIO_MV_VIN3 when a pin node asks rail 2; a node that asks more
        rails than that, GPIO_8CH. Every pad of the block the same; the
        driver then refuses what the subtype lacks (func3 on GPIO_4CH), as
        on a board whose DT asks it."""
        key = ctrl.orig.path
        if key in self._subtype:
            return self._subtype[key]
        t = self.tables()
        pm = ctrl.orig.strings("compatible")[0].split(",")[-1].split("-")[0].upper()
        rail = t.rails.get(pm, 0)
        for n in ctrl.orig.walk():
            if n.has("power-source") and n.u32("power-source") is not None:
                rail = max(rail, n.u32("power-source"))
        names = {n: v for v, n in t.subtype_names.items()}
        if pm in t.rails:
            want = ["PMIC_GPIO_SUBTYPE_GPIO_4CH", "PMIC_GPIO_SUBTYPE_GPIO_8CH"]
        else:
            want = ["PMIC_GPIO_SUBTYPE_GPIO_MV", "PMIC_GPIO_SUBTYPE_GPIO_MV_VIN3",
                    "PMIC_GPIO_SUBTYPE_GPIO_8CH"]
        sub = next((names[w] for w in want if t.subtypes[names[w]][0] > rail),
                   names[want[-1]])
        self._subtype[key] = sub
        return sub

    def pad(self, ctrl):
        """(num_sources, have_buffer, lv_mv_type) of the block's pads"""
        return self.tables().subtypes[self.subtype(ctrl)]

    def base(self, ctrl, pin):
        """the pad's first register in the window"""
        sid = pmic_of(ctrl.orig).u32("reg", 0)
        k = self.tables().k
        return (sid << 16) | (ctrl.orig.u32("reg", 0) + pin * k["PMIC_GPIO_ADDRESS_RANGE"])

    def revid_image(self, ctrl, size):
        """the window with what the MFD's probe reads of the PMICs
        (pmic_spmi_load_revid()): the type, and the subtype where
        qcom-spmi-pmic.h names the PMIC"""
        buf = bytearray(size)
        mk, subs, _, _ = mfd_tables(os.environ["KSRC"])
        for p in self.pmics(ctrl):
            sid = p.u32("reg", 0)
            name = p.strings("compatible")[0].split(",")[-1].upper()
            if name in subs:
                buf[(sid << 16) | mk["PMIC_TYPE"]] = mk["PMIC_TYPE_VALUE"]
                buf[(sid << 16) | mk["PMIC_SUBTYPE"]] = subs[name]
        return buf

    def reset_image(self, ctrl, window, size):
        k = self.tables().k
        buf = self.revid_image(ctrl, size)
        lv = self.pad(ctrl)[2]
        for pin in range(self.npins(ctrl)):
            b = self.base(ctrl, pin)
            buf[b + k["PMIC_GPIO_REG_TYPE"]] = k["PMIC_GPIO_TYPE"]
            buf[b + k["PMIC_GPIO_REG_SUBTYPE"]] = self.subtype(ctrl)
            for reg, v in RESET.items():
                if "LV_MV" in reg and not lv:
                    continue
                buf[b + k[reg]] = k[v] if isinstance(v, str) else v
            buf[b + k["PMIC_GPIO_REG_EN_CTL"]] = 1 << k["PMIC_GPIO_REG_MASTER_EN_SHIFT"]
        return bytes(buf)

    def fields(self, lv):
        """{field: (register, mask)} of a pad"""
        k = self.tables().k

        def m(mask, shift):
            return k[mask] << k[shift]
        f = {"vin": ("PMIC_GPIO_REG_DIG_VIN_CTL", m("PMIC_GPIO_REG_VIN_MASK", "PMIC_GPIO_REG_VIN_SHIFT")),
             "pull": ("PMIC_GPIO_REG_DIG_PULL_CTL", m("PMIC_GPIO_REG_PULL_MASK",
                                                     "PMIC_GPIO_REG_PULL_SHIFT")),
             "dtest": ("PMIC_GPIO_REG_DIG_IN_CTL", 0xFF),
             "strength": ("PMIC_GPIO_REG_DIG_OUT_CTL", m("PMIC_GPIO_REG_OUT_STRENGTH_MASK",
                                                         "PMIC_GPIO_REG_OUT_STRENGTH_SHIFT")),
             "buffer": ("PMIC_GPIO_REG_DIG_OUT_CTL", m("PMIC_GPIO_REG_OUT_TYPE_MASK",
                                                       "PMIC_GPIO_REG_OUT_TYPE_SHIFT")),
             "enable": ("PMIC_GPIO_REG_EN_CTL", 1 << k["PMIC_GPIO_REG_MASTER_EN_SHIFT"])}
        if lv:
            f["dir"] = ("PMIC_GPIO_REG_MODE_CTL", k["PMIC_GPIO_REG_LV_MV_MODE_DIR_MASK"])
            f["function"] = ("PMIC_GPIO_REG_LV_MV_DIG_OUT_SOURCE_CTL",
                             k["PMIC_GPIO_LV_MV_OUTPUT_SOURCE_SEL_MASK"])
            f["out"] = ("PMIC_GPIO_REG_LV_MV_DIG_OUT_SOURCE_CTL", k["PMIC_GPIO_LV_MV_OUTPUT_INVERT"])
            f["atest"] = ("PMIC_GPIO_REG_LV_MV_ANA_PASS_THRU_SEL",
                          k["PMIC_GPIO_LV_MV_ANA_MUX_SEL_MASK"])
        else:
            f["dir"] = ("PMIC_GPIO_REG_MODE_CTL", m("PMIC_GPIO_REG_MODE_DIR_MASK",
                                                    "PMIC_GPIO_REG_MODE_DIR_SHIFT"))
            f["function"] = ("PMIC_GPIO_REG_MODE_CTL", m("PMIC_GPIO_REG_MODE_FUNCTION_MASK",
                                                         "PMIC_GPIO_REG_MODE_FUNCTION_SHIFT"))
            # "out_value & PMIC_GPIO_REG_MODE_VALUE_SHIFT": the shift is the mask
            f["out"] = ("PMIC_GPIO_REG_MODE_CTL", k["PMIC_GPIO_REG_MODE_VALUE_SHIFT"])
        return f

    def write(self, ctrl, pin, field, value, update=None):
        reg, mask = self.fields(self.pad(ctrl)[2])[field]
        off = self.base(ctrl, pin) + self.tables().k[reg]
        shift = (mask & -mask).bit_length() - 1
        return Write(0, off, (value << shift) & mask, mask, 1, pin, field, None, update)

    def sources(self, node):
        if node.has("pins"):
            return [node]
        return [c for c in node.children if c.enabled() and c.has("pins")]

    def pin_prefix(self):
        """the pins' names: pmic_gpio_groups[]'s "gpioN" """
        return "gpio"

    def offset(self):
        """PMIC_GPIO_PHYSICAL_OFFSET (PMIC_MPP_...): pin 0 is "gpio1" """
        return self.tables().k["PMIC_%s_PHYSICAL_OFFSET" % self.pin_prefix().upper()]

    def pins(self, ctrl, n):
        """[(name, pin number or None)] of a node's "pins" """
        pre = self.pin_prefix()
        off = self.offset()
        out = []
        for p in n.strings("pins"):
            num = int(p[len(pre):]) - off if p.startswith(pre) and p[len(pre):].isdigit() else None
            out.append((p, num if num is not None and 0 <= num < self.npins(ctrl) else None))
        return out

    def func_value(self, ctrl, func):
        """the register's function value, or why set_mux() refuses it"""
        t = self.tables()
        names = t.subtype_funcs(self.pad(ctrl)[2])
        if func in names:
            return names.index(func), None
        if func in t.functions:
            return None, "%s: function %s is not on this subtype (LV/MV only)" % (
                ctrl.orig.path, func)
        return None, None

    def configs(self, ctrl, n):
        drv = generic.rules(os.environ["KSRC"])
        customs = (drv.driver_of(ctrl.orig.strings("compatible")) or
                   generic.Driver("full", [], [], False)).customs
        return generic.node_configs(drv.params + customs, n)

    def settings(self, ctrl, n):
        """({field: value}, the direction's (input, output, analog) changes,
        why pmic_gpio_config_set() fails or None) of a node's configuration,
        taken in the parser's order"""
        k = self.tables().k
        sources, buffer, lv = self.pad(ctrl)
        cfgs = self.configs(ctrl, n)
        # pmic_gpio_config_set() enables the pad first; no configuration,
        # no call
        vals = {"enable": 1} if cfgs else {}
        flags = {}
        for prop, param, arg in cfgs:
            p = param.replace("PIN_CONFIG_", "")
            if p == "DRIVE_PUSH_PULL":
                vals["buffer"] = k["PMIC_GPIO_OUT_BUF_CMOS"]
            elif p in ("DRIVE_OPEN_DRAIN", "DRIVE_OPEN_SOURCE") and buffer:
                vals["buffer"] = k["PMIC_GPIO_OUT_BUF_OPEN_DRAIN_" +
                                   ("NMOS" if p == "DRIVE_OPEN_DRAIN" else "PMOS")]
            elif p == "BIAS_DISABLE" or (p == "BIAS_PULL_DOWN" and not arg):
                vals["pull"] = k["PMIC_GPIO_PULL_DISABLE"]
            elif p == "BIAS_PULL_UP":
                vals["pull"] = k["PMIC_GPIO_PULL_UP_30"]
            elif p == "BIAS_PULL_DOWN":
                vals["pull"] = k["PMIC_GPIO_PULL_DOWN"]
            elif p == "BIAS_HIGH_IMPEDANCE":
                vals["enable"] = 0
            elif p == "POWER_SOURCE" and arg < sources:
                vals["vin"] = arg
            elif p == "INPUT_ENABLE":
                flags["in"] = bool(arg)
            elif p == "OUTPUT_ENABLE":
                flags["out"] = bool(arg)
            elif p == "OUTPUT":
                flags["out"] = True
                vals["out"] = 1 if arg else 0
            elif param == "PMIC_GPIO_CONF_PULL_UP" and arg <= k["PMIC_GPIO_PULL_UP_1P5_30"]:
                vals["pull"] = arg
            elif param == "PMIC_GPIO_CONF_STRENGTH" and arg <= k["PMIC_GPIO_STRENGTH_LOW"]:
                vals["strength"] = {k["PMIC_GPIO_STRENGTH_HIGH"]: k["PMIC_GPIO_OUT_STRENGTH_HIGH"],
                                    k["PMIC_GPIO_STRENGTH_LOW"]: k["PMIC_GPIO_OUT_STRENGTH_LOW"]
                                    }.get(arg, arg)
            elif param == "PMIC_GPIO_CONF_ATEST" and lv and 0 < arg <= 4:
                vals["atest"] = arg - 1
            elif param == "PMIC_GPIO_CONF_ANALOG_PASS" and lv:
                flags["analog"] = True
            elif param == "PMIC_GPIO_CONF_DTEST_BUFFER" and arg <= 4:
                vals["dtest"] = 0 if not arg else (
                    (arg - 1) | k["PMIC_GPIO_LV_MV_DIG_IN_DTEST_EN"] if lv else 1 << (arg - 1))
            else:
                return vals, flags, "%s: %s%s: pmic_gpio_config_set() refuses it (-EINVAL)" % (
                    n.path, prop, "" if arg in (0, 1) else " <%d>" % arg)
        return vals, flags, None

    def direction(self, flags):
        """Write.update of the mode's direction: the cache's flags as
        pmic_gpio_populate() reads them from the register, this node's
        changes, the mode pmic_gpio_config_set() writes"""
        k = self.tables().k
        din, dout, dio, dana = (k["PMIC_GPIO_MODE_DIGITAL_INPUT"], k["PMIC_GPIO_MODE_DIGITAL_OUTPUT"],
                                k["PMIC_GPIO_MODE_DIGITAL_INPUT_OUTPUT"],
                                k["PMIC_GPIO_MODE_ANALOG_PASS_THRU"])

        def mode(old):
            analog = old == dana or flags.get("analog", False)
            i = flags.get("in", old in (din, dio))
            o = flags.get("out", old in (dout, dio))
            return dana if analog else dio if i and o else dout if o else din
        return mode

    def pin_writes(self, ctrl, node):
        mux, conf = [], []
        for n in self.sources(node):
            func = n.string("function")
            vals, flags, why = self.settings(ctrl, n)
            fval, fwhy = self.func_value(ctrl, func) if func else (None, None)
            if fwhy or why:
                # the driver refuses the node's first pin: set_mux() or
                # config_set() return before they write (apply_error())
                vals, flags = {}, {}
            for _, pin in self.pins(ctrl, n):
                if pin is None:
                    continue
                if fval is not None:
                    mux.append(self.write(ctrl, pin, "function", fval))
                for field, v in vals.items():
                    conf.append(self.write(ctrl, pin, field, v))
                if flags:
                    reg, mask = self.fields(self.pad(ctrl)[2])["dir"]
                    shift = (mask & -mask).bit_length() - 1
                    mode = self.direction(flags)

                    def upd(old, mode=mode, mask=mask, shift=shift):
                        return (old & ~mask) | ((mode((old & mask) >> shift) << shift) & mask)
                    conf.append(self.write(ctrl, pin, "dir", mode(0), upd))
        return mux, conf

    def apply_error(self, ctrl, node):
        for n in self.sources(node):
            func = n.string("function")
            if func:
                _, why = self.func_value(ctrl, func)
                if why:
                    return why
            why = self.settings(ctrl, n)[2]
            if why:
                return why
        return None

    def problems(self, ctrl, node):
        t = self.tables()
        out = []
        for n in self.sources(node):
            func = n.string("function")
            if func and func not in t.functions:
                out.append((n.path, "function", "unknown function '%s'" % func))
            for name, pin in self.pins(ctrl, n):
                if pin is None:
                    out.append((n.path, "pins", "unknown group '%s' (this controller has "
                                "%s%d to %s%d)" % (name, self.pin_prefix(), self.offset(),
                                                   self.pin_prefix(),
                                                   self.npins(ctrl) - 1 + self.offset())))
        return out

    def functions(self, ctrl, node):
        return set(self.tables().subtype_funcs(self.pad(ctrl)[2]))

    def pin_name(self, ctrl, pin):
        return ctrl.pin_names.get(pin, "%s%d" % (self.pin_prefix(), pin + self.offset()))

    def debugfs_kind(self, field):
        return "qcom-pmic-gpio" if field in DECODED else None

    def mode_of(self, shown, input_enabled):
        """the mode register's direction from what pmic_gpio_config_dbg_show()
        shows (0 in, 1 out, 2 analog-pass) and whether the generic dump
        says "input enabled" """
        k = self.tables().k
        if shown == 2:
            return k["PMIC_GPIO_MODE_ANALOG_PASS_THRU"]
        if shown == 0:
            return k["PMIC_GPIO_MODE_DIGITAL_INPUT"]
        return k["PMIC_GPIO_MODE_DIGITAL_INPUT_OUTPUT" if input_enabled else
                 "PMIC_GPIO_MODE_DIGITAL_OUTPUT"]

    def debugfs_words(self, ctrl):
        """what pmic_gpio_config_dbg_show() prints for each decoded field,
        by the field's value (the plan carries them to the guest)"""
        t = self.tables()
        return {"dir": [t.dir_words[0], t.dir_words[1], t.analog_word],
                "out": list(t.out_words),
                "function": t.subtype_funcs(self.pad(ctrl)[2]),
                "pull": t.biases, "buffer": t.buffers, "strength": t.strengths,
                "modes": self.mode_table(3, 1)}

    def mode_table(self, ndir, nfunc):
        """the mode for each (direction shown, function, input enabled),
        in that order, as decimal words: the guest's mode_of()"""
        return ["%d" % self.mode_of(d, inen, *([f] if nfunc > 1 else []))
                for d in range(ndir) for f in range(nfunc) for inen in (False, True)]

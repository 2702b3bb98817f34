# SPDX-License-Identifier: GPL-2.0
"""Qualcomm PMIC MPP blocks on SPMI (pinctrl-spmi-mpp): moved as the GPIO
blocks are (qcom_pmic.py: the rehearsal's SPMI controller, the PMIC node,
the block), their tables read from pinctrl-spmi-mpp.c and
qcom,pmic-mpp.h.

The driver keeps a cache of each pad too (pmic_mpp_populate() reads it
from the registers; the reset image keeps the two equal) and writes whole
registers from it. MODE_CTL holds the mode (a function and a direction:
digital input, output or both, analog ones, current sink), the selector
(normal, paired, a dtest) and the output value; a pin node's mode and
selector depend on what the pad held, so they are updates of the
register (Write.update), as the GPIO's direction is.
"""

import os

from .base import Write
from .qcom_pmic import QcomPmic
from .qcom_pmic_tables import mpp_tables

# the control registers at reset: digital input, normal selector, low,
# rail 0, the pull open, no analog route, level 0, no sink, enabled
RESET = {"PMIC_MPP_REG_MODE_CTL": "PMIC_MPP_MODE_DIGITAL_INPUT", "PMIC_MPP_REG_DIG_VIN_CTL": 0,
         "PMIC_MPP_REG_DIG_PULL_CTL": "PMIC_MPP_PULL_UP_OPEN", "PMIC_MPP_REG_AIN_CTL": 0,
         "PMIC_MPP_REG_AOUT_CTL": 0, "PMIC_MPP_REG_SINK_CTL": 0}


class QcomPmicMpp(QcomPmic):
    name = "qcom-pmic-mpp"

    def tables(self):
        return mpp_tables(os.environ["KSRC"])

    def subtype(self, ctrl):
        """4CH_FULL_FUNC (four rails, every function, a pull), or
        8CH_FULL_FUNC when a node asks a rail past 3: the tree does not say
        which a PMIC has, and the full ones refuse nothing a board asks"""
        k = self.tables().k
        rail = max([n.u32("power-source") or 0 for n in ctrl.orig.walk()] + [0])
        return k["PMIC_MPP_SUBTYPE_4CH_FULL_FUNC" if rail < 4 else "PMIC_MPP_SUBTYPE_8CH_FULL_FUNC"]

    def base(self, ctrl, pin):
        sid = ctrl.orig.parent.u32("reg", 0)
        return (sid << 16) | (ctrl.orig.u32("reg", 0) + pin * self.tables().k["PMIC_MPP_ADDRESS_RANGE"])

    def reset_image(self, ctrl, window, size):
        k = self.tables().k
        buf = bytearray(self.revid_image(ctrl, size))
        for pin in range(self.npins(ctrl)):
            b = self.base(ctrl, pin)
            buf[b + k["PMIC_MPP_REG_TYPE"]] = k["PMIC_MPP_TYPE"]
            buf[b + k["PMIC_MPP_REG_SUBTYPE"]] = self.subtype(ctrl)
            for reg, v in RESET.items():
                buf[b + k[reg]] = (k[v] << k["PMIC_MPP_REG_MODE_DIR_SHIFT"]
                                   if reg.endswith("MODE_CTL") else k[v]) if isinstance(v, str) else v
            buf[b + k["PMIC_MPP_REG_EN_CTL"]] = 1 << k["PMIC_MPP_REG_MASTER_EN_SHIFT"]
        return bytes(buf)

    def fields(self, lv=None):
        k = self.tables().k
        return {"mode": ("PMIC_MPP_REG_MODE_CTL",
                         k["PMIC_MPP_REG_MODE_DIR_MASK"] << k["PMIC_MPP_REG_MODE_DIR_SHIFT"]),
                "sel": ("PMIC_MPP_REG_MODE_CTL",
                        k["PMIC_MPP_REG_MODE_FUNCTION_MASK"] << k["PMIC_MPP_REG_MODE_FUNCTION_SHIFT"]),
                "out": ("PMIC_MPP_REG_MODE_CTL", k["PMIC_MPP_REG_MODE_VALUE_MASK"]),
                "vin": ("PMIC_MPP_REG_DIG_VIN_CTL", k["PMIC_MPP_REG_VIN_MASK"] << k["PMIC_MPP_REG_VIN_SHIFT"]),
                "pull": ("PMIC_MPP_REG_DIG_PULL_CTL",
                         k["PMIC_MPP_REG_PULL_MASK"] << k["PMIC_MPP_REG_PULL_SHIFT"]),
                "amux": ("PMIC_MPP_REG_AIN_CTL",
                         k["PMIC_MPP_REG_AIN_ROUTE_MASK"] << k["PMIC_MPP_REG_AIN_ROUTE_SHIFT"]),
                "level": ("PMIC_MPP_REG_AOUT_CTL", 0xFF),
                "sink": ("PMIC_MPP_REG_SINK_CTL", 0xFF),
                "enable": ("PMIC_MPP_REG_EN_CTL", 1 << k["PMIC_MPP_REG_MASTER_EN_SHIFT"])}

    def write(self, ctrl, pin, field, value, update=None):
        reg, mask = self.fields()[field]
        off = self.base(ctrl, pin) + self.tables().k[reg]
        shift = (mask & -mask).bit_length() - 1
        return Write(0, off, (value << shift) & mask, mask, 1, pin, field, None, update)

    def mode(self, function, i, o):
        """pmic_mpp_write_mode_ctl()'s mode of a function and the flags"""
        k = self.tables().k
        fn = self.tables().functions[function].upper()
        if fn == "SINK":
            return k["PMIC_MPP_MODE_CURRENT_SINK"]
        return k["PMIC_MPP_MODE_%s_%s" % (fn, "BIDIR" if i and o else "INPUT" if i else "OUTPUT")]

    def mode_update(self, function=None, flags=None):
        """Write.update of MODE_CTL's mode: the cache as pmic_mpp_populate()
        reads it, the node's function and flags, the mode written"""
        t = self.tables()
        sh, m = t.k["PMIC_MPP_REG_MODE_DIR_SHIFT"], self.fields()["mode"][1]
        flags = flags or {}

        def upd(old):
            i, o, f = t.modes.get((old & m) >> sh, (True, False, 0))
            i, o = flags.get("in", i), flags.get("out", o)
            f = f if function is None else function
            return (old & ~m) | (self.mode(f, i, o) << sh)
        return upd

    def sel_update(self, dtest=None, paired=None):
        """Write.update of MODE_CTL's selector (dtest first, then paired)"""
        k = self.tables().k
        sh, m = k["PMIC_MPP_REG_MODE_FUNCTION_SHIFT"], self.fields()["sel"][1]

        def upd(old):
            sel = (old & m) >> sh
            d = sel + 1 if sel >= k["PMIC_MPP_SELECTOR_DTEST_FIRST"] else 0
            p = sel == k["PMIC_MPP_SELECTOR_PAIRED"]
            d = d if dtest is None else dtest
            p = p if paired is None else paired
            new = (k["PMIC_MPP_SELECTOR_DTEST_FIRST"] + d - 1 if d else
                   k["PMIC_MPP_SELECTOR_PAIRED"] if p else k["PMIC_MPP_SELECTOR_NORMAL"])
            return (old & ~m) | ((new << sh) & m)
        return upd

    def settings(self, ctrl, n):
        """({field: value}, {flag: value}, why pmic_mpp_config_set() fails)"""
        k = self.tables().k
        sources = self.tables().subtypes[self.subtype(ctrl)]
        cfgs = self.configs(ctrl, n)
        vals = {"enable": 1} if cfgs else {}
        flags = {}
        ohms = {600: "PMIC_MPP_PULL_UP_0P6KOHM", 10000: "PMIC_MPP_PULL_UP_10KOHM",
                30000: "PMIC_MPP_PULL_UP_30KOHM"}
        for prop, param, arg in cfgs:
            p = param.replace("PIN_CONFIG_", "")
            if p == "BIAS_DISABLE":
                vals["pull"] = k["PMIC_MPP_PULL_UP_OPEN"]
            elif p == "BIAS_PULL_UP" and arg in ohms:
                vals["pull"] = k[ohms[arg]]
            elif p == "BIAS_HIGH_IMPEDANCE":
                vals["enable"] = 0
            elif p == "POWER_SOURCE" and arg < sources:
                vals["vin"] = arg
            elif p == "INPUT_ENABLE":
                flags["in"] = bool(arg)
            elif p == "OUTPUT":
                flags["out"] = True
                vals["out"] = 1 if arg else 0
            elif p == "DRIVE_STRENGTH":
                vals["sink"] = arg & 0xFF
            elif param == "PMIC_MPP_CONF_DTEST_SELECTOR":
                flags["dtest"] = arg
            elif param == "PMIC_MPP_CONF_AMUX_ROUTE" and arg < k["PMIC_MPP_AMUX_ROUTE_ABUS4"]:
                vals["amux"] = arg
            elif param == "PMIC_MPP_CONF_ANALOG_LEVEL":
                vals["level"] = arg & 0xFF
            elif param == "PMIC_MPP_CONF_PAIRED":
                flags["paired"] = bool(arg)
            else:
                return vals, flags, "%s: %s: pmic_mpp_config_set() refuses it (-EINVAL)" % (
                    n.path, prop)
        if self.subtype(ctrl) in self.tables().no_pull:
            vals.pop("pull", None)          # no DIG_PULL_CTL write (has_pullup)
        return vals, flags, None

    def pin_writes(self, ctrl, node):
        mux, conf = [], []
        fnames = self.tables().functions
        for n in self.sources(node):
            func = n.string("function")
            fval = fnames.index(func) if func in fnames else None
            vals, flags, why = self.settings(ctrl, n)
            if why:
                vals, flags = {}, {}
            for _, pin in self.pins(ctrl, n):
                if pin is None:
                    continue
                if fval is not None:
                    mux.append(self.write(ctrl, pin, "mode", 0, self.mode_update(fval)))
                for field, v in vals.items():
                    conf.append(self.write(ctrl, pin, field, v))
                if "in" in flags or "out" in flags:
                    conf.append(self.write(ctrl, pin, "mode", 0, self.mode_update(None, flags)))
                if "dtest" in flags or "paired" in flags:
                    conf.append(self.write(ctrl, pin, "sel", 0,
                                           self.sel_update(flags.get("dtest"), flags.get("paired"))))
        return mux, conf

    def func_value(self, ctrl, func):
        fnames = self.tables().functions
        return (fnames.index(func), None) if func in fnames else (None, None)

    def functions(self, ctrl, node):
        return set(self.tables().functions)

    def pin_prefix(self):
        return "mpp"

    def debugfs_kind(self, field):
        return "qcom-pmic-mpp" if field in ("enable", "mode", "out", "vin", "pull", "level") \
            else None

    def mode_of(self, shown, input_enabled, function=0):
        """the mode from what pmic_mpp_config_dbg_show() shows: the
        direction word (0 in, 1 out), the function, "input enabled" """
        return self.mode(function, input_enabled, shown == 1)

    def debugfs_words(self, ctrl):
        t = self.tables()
        return {"dir": list(t.dir_words), "out": list(t.out_words), "function": t.functions,
                "pull": t.biases, "modes": self.mode_table(len(t.dir_words), len(t.functions))}

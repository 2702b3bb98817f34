# SPDX-License-Identifier: GPL-2.0
"""NVIDIA Tegra pinmux controllers (drivers/pinctrl/tegra/): Tegra20, 30,
114, 124 (and 132), 210, 194 and 234 on the pinctrl-tegra core, their
tables read by tegra_tables.py.

The registers are the node's own MMIO, one window per reg entry (the
group's *_bank). The probe needs reg alone; it registers the controller
(its hogs, the "default" state of its own node, are applied then) and
afterwards clears each group's parked_bitmask in its mux register (its
drive register without one): Tegra210's PARK bits, probe writes here.

tegra_pinctrl_dt_node_to_map() reads the children of a state's node:
each needs nvidia,pins (group names; else the node, and the device's
state, is refused), and gives per group a mux map with nvidia,function
and one group configuration map with the properties of cfg_params[]
that read as a u32, in that order. The core refuses a function it does
not know or a group the function cannot be muxed on (a drive group has
no function) and a configuration of a group it does not know.
tegra_pinctrl_set_mux() writes the function's first index in the group's
funcs[] to the 2 bits at mux_bit (and, with sfsel_in_mux, sets the
SFIO bit); tegra_pinconf_group_set() writes each parameter to the field
tegra_pinconf_reg() names, read-modify-write, a width-1 argument as 0/1;
a field the group lacks, an argument wider than its field or clearing a
set LOCK bit fail the state there, the writes before it made.

The window starts as 0xa5a5a5a5 (POISON) but for the groups' LOCK bits,
clear as after a reset (a set one could not be cleared).
"""

import os
import re

from .base import POISON, Family, Write
from . import tegra_tables


class Tegra(Family):
    name = "tegra"
    group_per_pin = True        # one mux group per pin but Tegra20's and MIPI pads'

    def __init__(self):
        self.tables = None

    def load(self):
        if self.tables is None:
            self.tables = tegra_tables.read(os.environ["KSRC"])
        return self.tables

    def soc(self, node):
        t = self.load()
        return next((t.soc(c) for c in node.strings("compatible") if c in t.files), None)

    def match(self, node):
        t = self.load()
        return any(c in t.files for c in node.strings("compatible"))

    def driver_file(self, node):
        t = self.load()
        return next((t.files[c][0] for c in node.strings("compatible") if c in t.files), None)

    # -- windows and probe -----------------------------------------------------
    def reset_image(self, ctrl, window, size):
        buf = bytearray(POISON.to_bytes(4, "little") * (size // 4))
        for g in self.soc(ctrl.orig).groups.values():
            if g["mux_reg"] >= 0 and g["lock_bit"] >= 0 and g["mux_bank"] == window and \
               g["mux_reg"] + 4 <= size:
                off = g["mux_reg"]
                w = int.from_bytes(buf[off:off + 4], "little") & ~(1 << g["lock_bit"])
                buf[off:off + 4] = w.to_bytes(4, "little")
        return bytes(buf)

    def probe_writes(self, ctrl):
        """tegra_pinctrl_clear_parked_bits(): each group's parked_bitmask
        cleared in its mux register, or its drive register"""
        out = []
        for g in self.soc(ctrl.orig).groups.values():
            if g["parked_bitmask"] > 0:
                bank, reg = (g["mux_bank"], g["mux_reg"]) if g["mux_reg"] != -1 else \
                    (g["drv_bank"], g["drv_reg"])
                out.append(Write(bank, reg, 0, g["parked_bitmask"], 4, None, "park"))
        return out

    # -- the driver's view of a state ----------------------------------------------
    def params(self, n):
        """[(property, PARAM, argument)] of cfg_params[] the node has as a
        u32 (of_property_read_u32()), in that order"""
        out = []
        for prop, param in self.load().cfg_params:
            v = n.props.get(prop)
            if v is not None and len(v) >= 4:
                out.append((prop, param, int.from_bytes(v[:4], "big") & 0xFFFF))
        return out

    def refuses(self, ctrl, node):
        """what makes the node's maps fail: a child without nvidia,pins
        (tegra_pinctrl_dt_subnode_to_map()), an unknown function, a group
        its function cannot be muxed on, an unknown group (the core's
        pinmux_map_to_setting() and pinconf_map_to_setting())"""
        return ["%s: %s: %s" % p for p in self.refusals(ctrl, node)]

    def refusals(self, ctrl, node):
        soc = self.soc(ctrl.orig)
        out = []
        for n in node.children:
            if not n.has("nvidia,pins"):
                out.append((n.path, "nvidia,pins", "could not parse property nvidia,pins"))
                continue
            func = n.string("nvidia,function")
            if func is not None and func not in soc.functions:
                out.append((n.path, "nvidia,function", "invalid function %s in map table" % func))
                continue
            for gname in n.strings("nvidia,pins"):
                g = soc.groups.get(gname)
                if func is not None and (g is None or g["mux_reg"] == -1 or
                                         soc.functions.index(func) not in g["funcs"]):
                    out.append((n.path, "nvidia,pins", "invalid group \"%s\" for function \"%s\""
                                % (gname, func)))
                elif g is None and self.params(n):
                    out.append((n.path, "nvidia,pins", "could not map group config for \"%s\""
                                % gname))
        return out

    def empty(self, ctrl, node):
        return not self.refuses(ctrl, node) and \
            not any(n.has("nvidia,function") or self.params(n) for n in node.children)

    def field(self, soc, g, param):
        """(bank, reg, bit, width) of tegra_pinconf_reg(), or None: the
        group lacks the field (the driver's -ENOTSUPP)"""
        flag, yes, no = self.load().rules[param]
        d = yes if flag is None or soc.flags.get(flag) else no

        def value(k):
            v = d.get(k, "-1")
            return g[v] if v in g else int(v, 0) if re.fullmatch(r"-?\d+", v) else -1
        bank, reg, bit, width = (value(k) for k in ("bank", "reg", "bit", "width"))
        if reg < 0 or bit < 0:
            return None
        return bank, reg, bit, width

    def config(self, soc, g, params):
        """(writes, what failed or None) of tegra_pinconf_group_set() with
        the node's parameters, read-modify-write against what the state
        before it left; the LOCK check reads the reset image's bit"""
        out = []
        pin = g["pins"][0] if g["pins"] else None
        for prop, param, arg in params:
            f = self.field(soc, g, param)
            if f is None:
                return out, "%s is not supported on group %s" % (prop, g["name"])
            bank, reg, bit, width = f
            if width == 1:
                arg = 1 if arg else 0
            mask = (1 << width) - 1 if width > 0 else 0
            if arg & ~mask:
                return out, "%s: %d too big for the %d-bit field of group %s" % (
                    prop, arg, max(width, 0), g["name"])
            name = prop.split(",", 1)[1]
            out.append(Write(bank, reg, arg << bit, mask << bit, 4, pin, name))
        return out, None

    def writes(self, ctrl, node):
        """(mux writes, config writes, [what failed]) of the node"""
        soc = self.soc(ctrl.orig)
        mux, conf, failed = [], [], []
        if self.refusals(ctrl, node):
            return mux, conf, failed
        for n in node.children:
            func = n.string("nvidia,function")
            params = self.params(n)
            for gname in n.strings("nvidia,pins"):
                g = soc.groups[gname] if gname in soc.groups else None
                if g is None:
                    continue
                pin = g["pins"][0] if g["pins"] else None
                if func is not None:
                    i = g["funcs"].index(soc.functions.index(func))
                    mux.append(Write(g["mux_bank"], g["mux_reg"], i << g["mux_bit"],
                                     3 << g["mux_bit"], 4, pin, "mux"))
                    if soc.flags.get("sfsel_in_mux"):
                        mux.append(Write(g["mux_bank"], g["mux_reg"], 1 << g["sfsel_bit"],
                                         1 << g["sfsel_bit"], 4, pin, "sfsel"))
                w, why = self.config(soc, g, params)
                conf += w
                if why:
                    # the state's later configurations are not applied
                    failed.append((n.path, why))
                    return mux, conf, failed
        return mux, conf, failed

    def pin_writes(self, ctrl, node):
        mux, conf, _ = self.writes(ctrl, node)
        return mux, conf

    def claims(self, ctrl, node, mux):
        """every pin of each group the node muxes"""
        return set(self.mux_groups(ctrl, node, None)) if mux else set()

    def mux_groups(self, ctrl, node, virt):
        """{pin: group} of the groups the node muxes, which pinmux-pins
        names after the function"""
        soc = self.soc(ctrl.orig)
        out = {}
        for n in node.children:
            if n.has("nvidia,function"):
                for gname in n.strings("nvidia,pins"):
                    out.update((p, gname) for p in soc.groups[gname]["pins"]
                               if gname in soc.groups)
        return out

    def problems(self, ctrl, node):
        out = list(self.refusals(ctrl, node))
        if not out:
            out += [(path, "nvidia,pins", why) for path, why in self.writes(ctrl, node)[2]]
        return out

    def not_rehearsed(self, ctrl, node):
        return None

    def functions(self, ctrl, node):
        soc = self.soc(ctrl.orig)
        have = [{soc.function_name(i) for i in soc.groups[g]["funcs"]}
                for n in node.children for g in n.strings("nvidia,pins") if g in soc.groups and
                soc.groups[g]["mux_reg"] != -1]
        return set.intersection(*have) if have else None

    def pin_name(self, ctrl, pin):
        soc = self.soc(ctrl.orig)
        return ctrl.pin_names.get(pin) or soc.pin_names.get(pin, "pin%d" % pin)

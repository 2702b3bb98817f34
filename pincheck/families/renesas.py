# SPDX-License-Identifier: GPL-2.0
"""Renesas pin function controllers on the sh-pfc core
(drivers/pinctrl/renesas/core.c, pinctrl.c and the SoC's pfc-*.c): R-Car
Gen1 (M1A, H1), Gen2 (H2, M2-W, M2-N, V2H, E2), Gen3 (H3, M3-W, M3-N, V3M,
V3H, E3, D3), Gen4 (V3U, S4, V4H, V4M), RZ/G1 (H, M, N, E, C), RZ/G2 (H, M,
N, E) and EMMA Mobile EV2. The R-Mobile and SH-Mobile PFCs (R8A73A4,
R8A7740, SH73A0) are matched and not rehearsed.

The driver's tables hold absolute physical addresses (PINMUX_CFG_REG
"GPSR0" at 0xe6060100, unlock_reg 0xe6060000) and sh_pfc_phys_to_virt()
BUG()s on an address no window of the DT node holds: the windows cannot
move. So this family's windows stay where the SoC has them (in_place: the
reserved RAM of qemu/run.sh reaches up to them), one per 4 KiB page span of
the node's reg entries (R-Car Gen4's two banks of one page share it), and
the copy keeps its own reg entries.

Read from the tree, never retyped (renesas_tables.py compiles the driver
file): core.c's sh_pfc_of_table (compatible -> Kconfig symbol and
sh_pfc_soc_info), the pins, groups, functions, pinmux_data, cfg_regs,
drive_regs, the SoC's pin_to_pocctrl() and set_bias() per pin; the register
names from the macros' text.

What the driver does for a pin node (sh_pfc_dt_node_to_map()): each child,
else the node itself, is a setting source; a source needs a function or a
generic configuration, and pins or groups. A function makes a mux setting
per group (not per pin: "pins" with a function mux nothing); a
configuration a config setting per group and per pin.
- set_mux (sh_pfc_func_set_mux()): for each pin of the group its mark's
  pinmux_data row, each enum id a field of a config register written with
  its index (sh_pfc_config_mux(), sh_pfc_write_config_reg()): the GPSR bit,
  the IPSR field, MOD_SEL fields (shared by every pin of a module).
- bias (the SoC's set_bias(): PUEN/PUD bits), drive-strength (DRVCTRL:
  (mA / step) - 1, step 6 mA for a 2-bit field, 3 mA for a 3-bit one, 24 mA
  at most), power-source (POCCTRL: its bit set for the pin's higher
  voltage); any other parameter, or one the pin's configs flags lack, is
  -ENOTSUPP and fails the state.
- every register write is preceded by the PMMR unlock write of its inverted
  value (sh_pfc_unlock_reg()): that register holds no pin state, so its
  changes are no stray writes (scratch()).
"""

import os

from .. import generic
from . import renesas_tables as rt
from .base import POISON, Family, Write

# the biases sh_pfc_pinconf_validate() takes, by the index of what the
# table printer's set_bias() calls wrote and the sh_pfc.h flags the pin needs
BIAS = {"PIN_CONFIG_BIAS_DISABLE": (0, ("PULL_UP", "PULL_DOWN")),
        "PIN_CONFIG_BIAS_PULL_UP": (1, ("PULL_UP",)),
        "PIN_CONFIG_BIAS_PULL_DOWN": (2, ("PULL_DOWN",))}
# R-Mobile and SH-Mobile: PINCTRL_SH_PFC_GPIO tables, PORTnCR bias
NOT_RCAR = ("renesas,pfc-r8a73a4", "renesas,pfc-r8a7740", "renesas,pfc-sh73a0")


class Renesas(Family):
    name = "renesas"
    in_place = True

    def __init__(self):
        self.socs = None
        self.cache = {}

    def load(self):
        if self.socs is None:
            ksrc = os.environ["KSRC"]
            self.socs = rt.soc_map(ksrc)
            self.files = rt.info_files(ksrc)
            self.params = generic.rules(ksrc).params

    def compatible(self, node):
        self.load()
        return next((c for c in node.strings("compatible") if c in self.socs), None)

    def match(self, node):
        return self.compatible(node) is not None

    def driver_file(self, node):
        c = self.compatible(node)
        return self.files.get(self.socs[c][1]) if c else None

    def kconfig_symbol(self, node):
        """the SoC's own symbol (pfc-r8a7791.c serves four of them)"""
        c = self.compatible(node)
        return self.socs[c][0] if c else None

    def table(self, node):
        c = self.compatible(node)
        if c not in self.cache:
            try:
                self.cache[c] = rt.tables(os.environ["KSRC"], c)
            except rt.TableError as e:
                self.cache[c] = str(e)
        return self.cache[c]

    def unsupported_why(self, node):
        c = self.compatible(node)
        if c in NOT_RCAR:
            return "an R-Mobile/SH-Mobile PFC (%s): its tables need PINCTRL_SH_PFC_GPIO and " \
                   "its bias is in PORTnCR registers, which the rehearsal does not read" % c
        t = self.table(node)
        return t if isinstance(t, str) else None

    # -- windows ---------------------------------------------------------------
    def window_regs(self, node, by_ph):
        """the 4 KiB page spans of the node's reg entries, at their own
        addresses"""
        spans = []
        for a, s in node.regs():
            a = node.translate(a)
            lo, hi = a & ~0xFFF, (a + s + 0xFFF) & ~0xFFF
            if spans and lo <= spans[-1][1]:
                spans[-1][1] = max(spans[-1][1], hi)
            else:
                spans.append([lo, hi])
        return [(lo, hi - lo) for lo, hi in spans]

    def locate(self, ctrl, addr):
        """(window, offset) of physical address addr, None when no reg
        entry of the board's node holds it (the kernel BUG()s there)"""
        if not any(ctrl.orig.translate(a) <= addr < ctrl.orig.translate(a) + s
                   for a, s in ctrl.orig.regs()):
            return None
        for i, w in enumerate(ctrl.windows):
            # board.Controller's tuples, the plan's dicts (the verdict)
            base, size = (w["addr"], w["size"]) if isinstance(w, dict) else w[1:3]
            if base <= addr < base + size:
                return i, addr - base
        return None

    def reset_word(self, window, offset):
        return POISON

    def scratch(self, ctrl):
        """[(window, offset)] of the PMMR unlock registers: sh_pfc_unlock_reg()
        writes the inverse of every register write there"""
        t = self.table(ctrl.orig)
        regs = set()
        for reg, *_ in t.cfg:
            regs.add(reg)
        regs |= {r for r, _, _ in t.drive.values()} | set(t.ioctrl)
        for p in t.pins.values():
            for param in p[4] or []:
                regs |= {w[0] for w in param}
        out = set()
        for r in regs:
            u = t.unlock if t.unlock >= 0x80000000 else r & ~t.unlock
            loc = self.locate(ctrl, u) if t.unlock else None
            if loc:
                out.add(loc)
        return sorted(out)

    # -- pin nodes ---------------------------------------------------------------
    def sources(self, node):
        """[(source node, function, configs, pins, groups)] as
        sh_pfc_dt_node_to_map() reads them, and the first error (node,
        property, the driver's words) or None"""
        out = []
        for n in list(node.children) or []:
            s, why = self.source(n)
            if why:
                return out, why
            if s:
                out.append(s)
        if not any(s[1] and s[4] or s[2] and (s[3] or s[4]) for s in out):
            out = []
            s, why = self.source(node)
            if why:
                return out, why
            if s:
                out.append(s)
        if not any(s[1] and s[4] or s[2] and (s[3] or s[4]) for s in out):
            return out, (node.path, "(node)", "no mapping found in node")
        return out, None

    def source(self, n):
        func = n.string("function") if n.has("function") else None
        cfgs = generic.node_configs(self.params, n)
        if func is None and not cfgs:
            return None, (n.path, "(node)", "DT node must contain at least a function or config")
        pins, groups = n.strings("pins"), n.strings("groups")
        if not pins and not groups:
            return None, (n.path, "(node)", "No pin or group provided in DT node")
        return (n, func, cfgs, pins, groups), None

    def map_problems(self, ctrl, node):
        """what the core refuses of the maps (pinmux_map_to_setting(),
        pinconf_map_to_setting()): the state and the device fail"""
        t = self.table(ctrl.orig)
        srcs, why = self.sources(node)
        if why:
            return [why]
        out = []
        for n, func, cfgs, pins, groups in srcs:
            for g in groups:
                if func is not None:
                    if func not in t.functions:
                        out.append((n.path, "function", "invalid function %s in map table"
                                    % func))
                        return out
                    if g not in t.functions[func]:
                        out.append((n.path, "groups", "invalid group \"%s\" for function \"%s\""
                                    % (g, func)))
                        return out
                if g not in t.groups:
                    out.append((n.path, "groups", "invalid group %s in map table" % g))
                    return out
            for p in pins if cfgs else []:
                if p not in t.by_name:
                    out.append((n.path, "pins", "could not map pin config for \"%s\"" % p))
                    return out
        return out

    def refuses(self, ctrl, node):
        return ["%s: %s: %s" % p for p in self.map_problems(ctrl, node)]

    def empty(self, ctrl, node):
        """never: a node without maps fails dt_node_to_map() ("no mapping
        found in node", refuses())"""
        return False

    def functions(self, ctrl, node):
        t = self.table(ctrl.orig)
        srcs, _ = self.sources(node)
        have = [{f for f, gs in t.functions.items() if g in gs}
                for s in srcs for g in s[4]]
        return set.intersection(*have) if have else None

    def mux_settings(self, ctrl, node):
        srcs, _ = self.sources(node)
        return [(s[1], g) for s in srcs if s[1] is not None for g in s[4]]

    def claims(self, ctrl, node, mux):
        t = self.table(ctrl.orig)
        return {p for _, g in self.mux_settings(ctrl, node) for p in t.groups.get(g, ([],))[0]}

    def mux_groups(self, ctrl, node, virt):
        t = self.table(ctrl.orig)
        return {p: g for _, g in self.mux_settings(ctrl, node) for p in t.groups.get(g, ([],))[0]}

    def field(self, ctrl, t, reg, width, pos, bits, value, pin, role):
        """the Write of a field of `bits` bits at bit `pos` of register reg,
        named REG[bit] or REG[hi:lo] (a configuration's with its role in
        front: drive:DRVCTRL3[30:28], what debugfs_kind() reads)"""
        loc = self.locate(ctrl, reg)
        if loc is None:
            return None
        mask = ((1 << bits) - 1) << pos
        label = "%s[%d]" % (t.reg_name(reg), pos) if bits == 1 else \
            "%s[%d:%d]" % (t.reg_name(reg), pos + bits - 1, pos)
        return Write(loc[0], loc[1], (value << pos) & mask, mask, width // 8, pin,
                     "%s:%s" % (role, label) if role else label)

    def set_mux(self, ctrl, t, group):
        """sh_pfc_func_set_mux(): (writes, error)"""
        out = []
        pins, marks = t.groups[group]
        for pin, mark in zip(pins, marks):
            enums = t.mark_enums(mark)
            if enums is None:
                return out, "cannot locate data/mark enum_id for mark %d" % mark
            for e in enums:
                f = t.fields.get(e)
                if f is None:
                    return out, "enum id %d of %s is in no config register" % (
                        e, self.pin_name(ctrl, pin))
                reg, width, pos, bits, value = f
                w = self.field(ctrl, t, reg, width, pos, bits, value, pin, None)
                if w is None:
                    return out, "register %#x is in no reg entry of %s (the kernel BUG()s)" \
                        % (reg, ctrl.orig.path)
                out.append(w)
        return out, None

    def config(self, ctrl, t, pin, param, arg):
        """sh_pfc_pinconf_set() of one configuration: (writes, error)"""
        name, _, configs, poc, bias = t.pins[pin]
        if param in BIAS:
            i, flags = BIAS[param]
            if not any(configs & t.flags[f] for f in flags) or bias is None:
                return [], "-ENOTSUPP"
            out = []
            for reg, d0, d1 in bias[i]:
                mask = ~(d0 ^ d1) & 0xFFFFFFFF
                loc = self.locate(ctrl, reg)
                if loc is None:
                    return out, "register %#x is in no reg entry (the kernel BUG()s)" % reg
                role = t.bias_role.get(reg, "bias")
                for b in range(32):
                    if mask >> b & 1:
                        out.append(Write(loc[0], loc[1], d0 & (1 << b), 1 << b, 4, pin,
                                         "%s:%s[%d]" % (role, t.reg_name(reg), b)))
            return out, None
        if param == "PIN_CONFIG_DRIVE_STRENGTH":
            if not configs & t.flags["DRIVE_STRENGTH"] or pin not in t.drive:
                return [], "-EINVAL" if configs & t.flags["DRIVE_STRENGTH"] else "-ENOTSUPP"
            reg, off, size = t.drive[pin]
            two, step2, step, top = t.drive_rule
            step = step2 if size == two else step
            if arg < step or arg > top:
                return [], "-EINVAL"
            return [self.field(ctrl, t, reg, 32, off, size, arg // step - 1, pin, "drive")], None
        if param == "PIN_CONFIG_POWER_SOURCE":
            # lo 1800 up to IO_VOLTAGE_18_33, else 2500; hi 3300 from
            # IO_VOLTAGE_18_33 on, else 2500 (sh_pfc_pinconf_set())
            mode = configs & t.flags["IO_VOLTAGE_MASK"]
            if not mode or poc is None:
                return [], "-EINVAL" if mode else "-ENOTSUPP"
            lo = 1800 if mode <= t.flags["IO_VOLTAGE_18_33"] else 2500
            hi = 3300 if mode >= t.flags["IO_VOLTAGE_18_33"] else 2500
            if arg not in (lo, hi):
                return [], "-EINVAL"
            reg, bit = poc
            return [self.field(ctrl, t, reg, 32, bit, 1, int(arg == hi), pin, "power")], None
        return [], "-ENOTSUPP"

    def apply(self, ctrl, node):
        """(mux writes, config writes, why the driver stops) of pin node
        `node`, in the driver's order"""
        t = self.table(ctrl.orig)
        if self.refuses(ctrl, node):
            return [], [], None
        srcs, _ = self.sources(node)
        mux, conf = [], []
        for n, func, _, _, groups in srcs:
            for g in groups if func is not None else []:
                w, why = self.set_mux(ctrl, t, g)
                mux += w
                if why:
                    return mux, [], "%s: groups: %s" % (n.path, why)
        for n, _, cfgs, pins, groups in srcs:
            if not cfgs:
                continue
            targets = [(g, t.groups[g][0]) for g in groups] + [(p, [t.by_name[p]]) for p in pins]
            for target, tpins in targets:
                for pin in tpins:
                    for prop, param, arg in cfgs:
                        w, why = self.config(ctrl, t, pin, param, arg)
                        conf += [x for x in w if x is not None]
                        if why:
                            return mux, conf, "%s: %s: %s on %s: the driver refuses it (%s)" % (
                                n.path, prop, arg, self.pin_name(ctrl, pin), why)
        return mux, conf, None

    def pin_writes(self, ctrl, node):
        return self.apply(ctrl, node)[:2]

    def apply_error(self, ctrl, node):
        return self.apply(ctrl, node)[2]

    def debugfs_kind(self, field):
        """pinconf-pins shows the bias rcar_pinmux_get_bias() reads back
        (a pull enable reads as Meson's: 1 for up or down, 0 disabled; an
        up/down select as Meson's pull: 1 up, 0 down; a pull-down enable
        as a pull enable, the pin having no pull-up), the drive strength
        in mA and the power source in mV"""
        return {"pull-enable": "meson-pullen", "pull-down": "meson-pullen",
                "pull-up": "meson-pull", "drive": "rcar-drive",
                "power": "rcar-poc"}.get(field.split(":")[0] if ":" in field else None)

    def pin_name(self, ctrl, pin):
        t = self.table(ctrl.orig)
        return t.pins[pin][0] if pin in t.pins else "pin%d" % pin

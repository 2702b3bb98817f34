# SPDX-License-Identifier: GPL-2.0
"""Amlogic Meson pin controllers (drivers/pinctrl/meson/): GXBB, GXL, G12A
(and SM1, G12B, which use its tables), AXG, A1, S4, C3, T7 (arm64) and
Meson8, Meson8m2, Meson8b (arm), each SoC with a periphs (cbus) and an
aobus controller.

The controller node has no registers of its own: its one gpio-controller
child (meson_pinctrl_parse_dt()) holds them, named by reg-names ("mux",
"gpio", "pull", "pull-enable", "ds"), each a window here. The SoC's
parse_dt hook then aliases regmaps (pc->reg_pull = pc->reg_gpio, ...).

Read from the tree, not retyped:
- the compatible's meson_pinctrl_data (its of_device_id .data): the pins
  (MESON_PIN rows, numbered by the dt-bindings GPIO header the driver
  includes), the groups (GPIO_GROUP, GROUP with the pins of <group>_pins[]),
  the functions (FUNCTION(fn) with fn_groups[]), the banks (BANK, BANK_DS:
  register and bit per meson_reg_type, whose order and strides come from
  pinctrl-meson.h and meson_bit_strides[]), the mux style (pmx_ops) and,
  for the AXG style, the BANK_PMX rows of pmx_data; the parse_dt hook's
  regmap aliases;
- the mux widths and the drive strength steps from the driver code.

Two mux styles:
- meson8-PMX (Meson8/8b, GXBB, GXL; GROUP(name, reg, bit)): one enable bit
  per group at reg * 4. meson8_pmx_set_mux() first clears the bit of every
  other non-GPIO group that has one of the group's pins, group table
  order, pin by pin, then sets the group's own bit unless the function is
  the table's first (GPIO). Each bit is a field "grp:<group>" of the pin.
- AXG-PMX (G12A/SM1, AXG, A1, S4, C3, T7; GROUP(name, func)): a 4-bit
  function number per pin in the BANK_PMX row's register.

Configuration (pinconf_generic_dt_node_to_map_all(): the node and its
children; "groups" are set pin by pin, an error stopping that pin's list
only; "pins" fail the state on an error): bias-disable clears pull-enable,
bias-pull-up/-down set the pull bit then pull-enable,
drive-strength-microamp the 2-bit ds field (an error without a ds
window), output-enable/-disable the dir bit (0: output), output-high/-low
dir then out. Everything else is -ENOTSUPP.
"""

import glob
import os
import re

from .. import cache, csrc, generic
from .base import POISON, Family, Write

D = "drivers/pinctrl/meson"
REGMAPS = ("mux", "gpio", "pull", "pull-enable", "ds")
# struct meson_pinctrl's regmap members, by reg-names
MEMBER = {"reg_mux": "mux", "reg_gpio": "gpio", "reg_pull": "pull",
          "reg_pullen": "pull-enable", "reg_ds": "ds"}


def array(text, name):
    """the body of "name[] = { ... }" """
    return csrc.block(text, r"\b%s\s*\[\s*\]\s*=\s*\{" % re.escape(name)) or ""


class Core:
    """what pinctrl-meson.[ch] and the two pmx files say"""

    def __init__(self, d):
        hdr = csrc.read(os.path.join(d, "pinctrl-meson.h"))
        core = csrc.read(os.path.join(d, "pinctrl-meson.c"))
        defs = csrc.defines(hdr)
        self.types = [t.split("=")[0].strip() for t in
                      csrc.block(hdr, r"enum meson_reg_type\s*\{").split(",") if t.strip()]
        self.types = [t for t in self.types if t != "MESON_NUM_REG"]
        strides = [int(x, 0) for x in array(core, "meson_bit_strides").replace(",", " ").split()]
        self.stride = dict(zip(self.types, strides))
        # BANK_DS(...): {type: (register param, bit param)}; BANK: its args
        params, body = defs["BANK_DS"]
        self.bank_ds = params
        self.reg_params = {m.group(1): (m.group(2), m.group(3)) for m in re.finditer(
            r"\[(MESON_REG_\w+)\]\s*=\s*\{\s*(\w+)\s*,\s*(\w+)\s*\}", body)}
        self.bank = defs["BANK"]
        # the drive strength steps: (limit in uA or None, enum value)
        drv = [t.strip() for t in csrc.block(hdr, r"enum meson_pinconf_drv\s*\{").split(",")
               if t.strip()]
        ds = csrc.block(core, r"\bmeson_pinconf_set_drive_strength\s*\([^)]*\)\s*\{")
        self.ds_steps = [(int(a), drv.index(b)) for a, b in re.findall(
            r"drive_strength_ua\s*<=\s*(\d+)\s*\)\s*\{\s*ds_val\s*=\s*(\w+)", ds)]
        last = re.findall(r"else\s*\{[^}]*?ds_val\s*=\s*(\w+)", ds)
        self.ds_default = drv.index(last[-1])
        self.ds_mask = int(re.search(r"reg_ds\s*,\s*reg\s*,\s*(\w+)\s*<<\s*bit", ds).group(1), 0)
        # the parse_dt hooks of the core: {function: [(member, member)]}
        self.hooks = hooks(core)
        axg = csrc.read(os.path.join(d, "pinctrl-meson-axg-pmx.c"))
        upd = csrc.block(axg, r"\bmeson_axg_pmx_update_function\s*\([^)]*\)\s*\{")
        self.axg_mask = int(re.search(r"(0x[0-9a-fA-F]+|\d+)\s*<<\s*offset", upd).group(1), 0)
        calc = csrc.block(axg, r"\bmeson_pmx_calc_reg_and_offset\s*\([^)]*\)\s*\{")
        self.axg_step = 1 << int(re.search(r"shift\s*<<\s*(\d+)", calc).group(1))
        self.params = None


def hooks(text):
    """{function: [(assigned member, member)]} of the parse_dt hooks in
    text: their "pc->reg_x = pc->reg_y;" lines"""
    out = {}
    for m in re.finditer(r"\bint\s+(\w+)\s*\(\s*struct meson_pinctrl\s*\*\s*pc\s*\)\s*\{", text):
        body = csrc.block(text[m.start():], r"\{")
        out[m.group(1)] = re.findall(r"pc->(reg_\w+)\s*=\s*pc->(reg_\w+)\s*;", body)
    return out


class Table:
    """one meson_pinctrl_data of a SoC driver"""

    def __init__(self, core, path, data, ksrc):
        text = csrc.read(path)
        raw = open(path, errors="replace").read()
        self.path = path
        consts = {}
        for inc in re.findall(r"#include\s*<(dt-bindings/[^>]+)>", raw):
            try:
                consts.update({k: v for k, v in csrc.defines(csrc.read(
                    os.path.join(ksrc, "include", inc))).items() if isinstance(v, str)})
            except OSError:
                pass
        self.consts = consts
        f = csrc.fields(csrc.block(text, r"struct meson_pinctrl_data\s+%s\s*=\s*\{"
                                   % re.escape(data)) or "")
        self.name = f.get("name", '""').strip('"')
        # pins: {number: name}
        self.pins = {}
        for _, a in csrc.calls(array(text, f["pins"]), "MESON_PIN"):
            self.pins[self.num(a[0])] = a[0]
        self.by_name = {v: k for k, v in self.pins.items()}
        pinlists = {m.group(1): [self.num(x) for x in m.group(2).replace(",", " ").split()]
                    for m in re.finditer(r"unsigned int (\w+)_pins\[\]\s*=\s*\{([^}]*)\}", text)}
        # groups, in table order: (name, pins, data args, is_gpio)
        self.style = "meson8" if "meson8_pmx_ops" in f.get("pmx_ops", "") else "axg"
        self.groups = []
        for e in csrc.split_entries(array(text, f["groups"])):
            m = re.match(r"(GPIO_GROUP|GROUP)\s*\(", e)
            if not m:
                continue
            a = csrc.calls(e, m.group(1))[0][1]
            if m.group(1) == "GPIO_GROUP":
                # PMX_DATA(0) (AXG: function 0, GPIO) or PMX_DATA(0, 0, true)
                self.groups.append((a[0], [self.num(a[0])], (0, 0), True))
            else:
                self.groups.append((a[0], pinlists.get(a[0], []),
                                    tuple(self.num(x) for x in a[1:]), False))
        self.group_index = {}
        for i, g in enumerate(self.groups):
            self.group_index.setdefault(g[0], i)
        # functions, in table order: (name, [groups])
        lists = {m.group(1): re.findall(r"\"([^\"]+)\"", m.group(2)) for m in
                 re.finditer(r"(\w+)_groups\[\]\s*=\s*\{([^}]*)\}", text)}
        self.funcs = [(a[0], lists.get(a[0], []))
                      for _, a in csrc.calls(array(text, f["funcs"]), "FUNCTION")]
        self.func_index = {}
        for i, (n, _) in enumerate(self.funcs):
            self.func_index.setdefault(n, i)
        # banks: (name, first, last, {type: (reg, bit)})
        self.banks = []
        body = array(text, f["banks"])
        for e in csrc.split_entries(body):
            m = re.match(r"(BANK_DS|BANK)\s*\(", e)
            if not m:
                continue
            a = csrc.calls(e, m.group(1))[0][1]
            if m.group(1) == "BANK":
                params, bbody = core.bank
                amap = dict(zip(params, a))
                a = csrc.calls(re.sub(r"\b\w+\b", lambda x: amap.get(x.group(0), x.group(0)),
                                      bbody), "BANK_DS")[0][1]
            amap = dict(zip(core.bank_ds, a))
            regs = {t: (self.num(amap[r]), self.num(amap[b]))
                    for t, (r, b) in core.reg_params.items()}
            self.banks.append((a[0].strip('"'), self.num(amap[core.bank_ds[1]]),
                               self.num(amap[core.bank_ds[2]]), regs))
        # AXG style: BANK_PMX(name, first, last, reg, offset)
        self.pmx_banks = []
        pd = f.get("pmx_data", "").lstrip("&").strip()
        if pd:
            pf = csrc.fields(csrc.block(text, r"struct meson_axg_pmx_data\s+%s\s*=\s*\{"
                                        % re.escape(pd)) or "")
            for _, a in csrc.calls(array(text, pf.get("pmx_banks", "?")), "BANK_PMX"):
                self.pmx_banks.append(tuple(self.num(x) for x in a[1:5]))
        # the regmap aliases of the parse_dt hook (in this file or the core)
        hook = f.get("parse_dt", "").lstrip("&").strip()
        self.aliases = (hooks(text).get(hook) or core.hooks.get(hook) or []) if hook else []

    def num(self, expr):
        return csrc.cint(expr, self.consts)

    def bank_of(self, pin):
        return next((b for b in self.banks if b[1] <= pin <= b[2]), None)

    def reg_bit(self, core, pin, t):
        """meson_calc_reg_and_bit(): (byte offset, bit) of field t of pin"""
        b = self.bank_of(pin)
        reg, bit = b[3]["MESON_REG_" + t]
        bit = (bit + pin - b[1]) * core.stride["MESON_REG_" + t]
        return (reg + bit // 32) * 4, bit & 0x1F

    def group(self, name):
        i = self.group_index.get(name)
        return None if i is None else self.groups[i]


def read_drivers(d):
    """{compatible: (driver file, data name)} of directory d, and its Core"""
    files = {}
    for f in sorted(glob.glob(os.path.join(d, "pinctrl-*.c"))):
        text = csrc.read(f)
        if "meson_pinctrl_probe" not in text or f.endswith("/pinctrl-meson.c"):
            continue
        for m in re.finditer(r"\.compatible\s*=\s*\"([^\"]+)\"\s*,\s*\.data\s*=\s*&\s*(\w+)",
                             text):
            files[m.group(1)] = (f, m.group(2))
    return files, Core(d) if files else None


class Meson(Family):
    name = "meson"

    def __init__(self):
        self.files = None       # compatible -> (driver file, data name)
        self.tables = {}
        self.core = None
        self.params = None

    def load(self):
        if self.files is not None:
            return
        ksrc = os.environ["KSRC"]
        d = os.path.join(ksrc, D)
        # kept between runs (cache.memo) while no source of the directory
        # changes: every board whose DT has a controller no family before
        # this one matches asks for them
        self.files, self.core = cache.memo("meson", glob.glob(os.path.join(d, "*.[ch]")),
                                           lambda: read_drivers(d), code=(__file__, csrc.__file__))
        self.params = generic.rules(ksrc).params

    def table(self, node):
        self.load()
        for c in node.strings("compatible"):
            if c in self.files:
                if c not in self.tables:
                    f, data = self.files[c]
                    self.tables[c] = Table(self.core, f, data, os.environ["KSRC"])
                return self.tables[c]
        return None

    def match(self, node):
        self.load()
        return any(c in self.files for c in node.strings("compatible"))

    def driver_file(self, node):
        self.load()
        return next((self.files[c][0] for c in node.strings("compatible") if c in self.files),
                    None)

    # -- the bank child --------------------------------------------------------
    @staticmethod
    def bank_node(node):
        """the gpio-controller child whose named windows the probe maps"""
        return next((c for c in node.children if c.has("gpio-controller")), None)

    def reg_nodes(self, node):
        b = self.bank_node(node)
        return [b] if b is not None and b.has("reg") else []

    def unsupported_why(self, node):
        b = self.bank_node(node)
        if b is None:
            return "the pin controller %s has no gpio-controller child (\"no gpio node " \
                   "found\": the probe fails)" % node.path
        have = b.strings("reg-names")
        miss = [n for n in ("mux", "gpio") if n not in have]
        if miss:
            return "%s has no %s registers in reg-names (the probe fails)" % (b.path,
                                                                               miss[0])
        return None

    def regmaps(self, ctrl):
        """{regmap: window index or None} after the parse_dt hook's aliases"""
        names = self.bank_node(ctrl.orig).strings("reg-names")
        out = {n: names.index(n) if n in names else None for n in REGMAPS}
        for dst, src in self.table(ctrl.orig).aliases:
            if dst in MEMBER and src in MEMBER:
                out[MEMBER[dst]] = out[MEMBER[src]]
        return out

    def fixup(self, orig, copy, ctx):
        """the bank child keeps its gpio-ranges (to the copy itself); no
        interrupts anywhere (the GPIO IRQ controller is another device)"""
        for c in copy.children:
            for p in ("interrupts", "interrupts-extended", "interrupt-parent"):
                c.props.pop(p, None)

    def reset_word(self, window, offset):
        return POISON

    # -- pin nodes -------------------------------------------------------------
    @staticmethod
    def sources(node):
        """the nodes pinconf_generic_dt_node_to_map_all() reads: the node,
        then its available children, each with pins or groups"""
        return [n for n in [node] + [c for c in node.children if c.enabled()]
                if n.has("pins") or n.has("groups")]

    @staticmethod
    def targets(n):
        return n.strings("pins") if n.has("pins") else n.strings("groups")

    def configs(self, n):
        return generic.node_configs(self.params, n)

    def map_problems(self, ctrl, node):
        """a group or function the table lacks, a group its function does
        not list (pinmux_map_to_setting() fails the state)"""
        t = self.table(ctrl.orig)
        out = []
        for n in self.sources(node):
            func = n.string("function")
            prop = "pins" if n.has("pins") else "groups"
            if func is None:
                continue
            if func not in t.func_index:
                out.append((n.path, "function", "invalid function %s in map table" % func))
                continue
            can = t.funcs[t.func_index[func]][1]
            for g in self.targets(n):
                if t.group(g) is None:
                    out.append((n.path, prop, "unknown group %s" % g))
                elif g not in can:
                    out.append((n.path, prop, "invalid group \"%s\" for function \"%s\""
                                % (g, func)))
        return out

    def problems(self, ctrl, node):
        """map_problems(), and a configuration meson_pinconf_set() refuses
        (-ENOTSUPP): with "pins" the state fails, with "groups" the driver
        drops it and the configurations after it on each pin, silently"""
        out = self.map_problems(ctrl, node)
        t = self.table(ctrl.orig)
        for n in self.sources(node) if not out else []:
            pins = [t.by_name.get(p) for p in n.strings("pins")] if n.has("pins") else \
                [p for g in n.strings("groups") for p in (t.group(g) or ("", []))[1]]
            for name, param, arg in self.configs(n):
                if pins and any(p is None or self.config_writes(ctrl, p, param, arg) is None
                                for p in pins):
                    out.append((n.path, name, "refused by the driver (-ENOTSUPP): %s" % (
                        "the state fails" if n.has("pins") else
                        "it and the configuration after it are dropped on each pin")))
                    break
        return out

    def refuses(self, ctrl, node):
        """map_problems(), and a configuration of a "pins" node the driver
        refuses (-ENOTSUPP fails the state)"""
        out = ["%s: %s: %s" % p for p in self.map_problems(ctrl, node)]
        if out:
            return out
        return ["%s: %s: %s" % p for p in self.problems(ctrl, node)
                if p[2].endswith("the state fails")]

    def empty(self, ctrl, node):
        return not any(n.has("function") or self.configs(n) for n in self.sources(node))

    def functions(self, ctrl, node):
        t = self.table(ctrl.orig)
        have = [{f for f, gs in t.funcs if g in gs}
                for n in self.sources(node) for g in self.targets(n)]
        return set.intersection(*have) if have else None

    def mux_settings(self, ctrl, node):
        """[(function, group)] of the node's mux maps, in the core's order"""
        return [(n.string("function"), g) for n in self.sources(node)
                if n.string("function") for g in self.targets(n)]

    def claims(self, ctrl, node, mux):
        t = self.table(ctrl.orig)
        return {p for _, g in self.mux_settings(ctrl, node) for p in (t.group(g) or ("", []))[1]}

    def mux_groups(self, ctrl, node, virt):
        t = self.table(ctrl.orig)
        return {p: g for _, g in self.mux_settings(ctrl, node) for p in (t.group(g) or ("", []))[1]}

    def pin_writes(self, ctrl, node):
        if self.refuses(ctrl, node):
            return [], []
        t = self.table(ctrl.orig)
        win = self.regmaps(ctrl)["mux"]
        mux, conf = [], []
        for func, g in self.mux_settings(ctrl, node):
            mux += self.set_mux(t, win, t.func_index[func], t.group_index[g])
        for n in self.sources(node):
            cfgs = self.configs(n)
            for target in self.targets(n) if cfgs else []:
                pins = [t.by_name[target]] if n.has("pins") else t.group(target)[1] \
                    if t.group(target) else []
                for pin in pins:
                    for _, param, arg in cfgs:
                        w = self.config_writes(ctrl, pin, param, arg)
                        if w is None:
                            break       # meson_pinconf_set() stops at an error
                        conf += w
        return mux, conf

    def set_mux(self, t, win, fnum, gnum):
        name, pins, data, _ = t.groups[gnum]
        out = []
        if t.style == "axg":
            # meson_axg_pmx_set_mux(): the group's function in each pin's field
            for p in pins:
                b = next((x for x in t.pmx_banks if x[0] <= p <= x[1]), None)
                if b is None:
                    break
                o = b[3] + (p - b[0]) * self.core.axg_step
                reg, sh = b[2] + o // 32, o % 32
                out.append(Write(win, reg * 4, (data[0] & self.core.axg_mask) << sh,
                                 self.core.axg_mask << sh, 4, p, "mux"))
            return out
        # meson8_pmx_set_mux(): every other group of each pin off, then its own bit
        for p in pins:
            for i, (on, opins, odata, gpio) in enumerate(t.groups):
                if gpio or i == gnum:
                    continue
                for q in opins:
                    if q == p:
                        out.append(Write(win, odata[0] * 4, 0, 1 << odata[1], 4, p,
                                         "grp:" + on))
        if fnum:
            for p in pins:
                out.append(Write(win, data[0] * 4, 1 << data[1], 1 << data[1], 4, p,
                                 "grp:" + name))
        return out

    def config_writes(self, ctrl, pin, param, arg):
        """the writes of meson_pinconf_set() for one configuration of one
        pin; None when it returns an error"""
        t = self.table(ctrl.orig)
        if t.bank_of(pin) is None:
            return None
        rm = self.regmaps(ctrl)

        def bit(kind, t_, val):
            off, b = t.reg_bit(self.core, pin, t_)
            return Write(rm[kind], off, (1 << b) if val else 0, 1 << b, 4, pin,
                         t_.lower().replace("pullen", "pull-enable"))
        if param == "PIN_CONFIG_BIAS_DISABLE":
            return [bit("pull-enable", "PULLEN", 0)]
        if param in ("PIN_CONFIG_BIAS_PULL_UP", "PIN_CONFIG_BIAS_PULL_DOWN"):
            return [bit("pull", "PULL", param.endswith("UP")), bit("pull-enable", "PULLEN", 1)]
        if param == "PIN_CONFIG_DRIVE_STRENGTH_UA":
            if rm["ds"] is None:
                return None
            v = next((v for lim, v in self.core.ds_steps if arg <= lim), self.core.ds_default)
            off, b = t.reg_bit(self.core, pin, "DS")
            return [Write(rm["ds"], off, v << b, self.core.ds_mask << b, 4, pin, "ds")]
        if param == "PIN_CONFIG_OUTPUT_ENABLE":
            return [bit("gpio", "DIR", not arg)]
        if param == "PIN_CONFIG_OUTPUT":
            return [bit("gpio", "DIR", 0), bit("gpio", "OUT", arg)]
        return None

    def debugfs_kind(self, field):
        """pinconf-pins shows the bias meson_pinconf_get() reads back"""
        return {"pull-enable": "meson-pullen", "pull": "meson-pull"}.get(field)

    def pin_name(self, ctrl, pin):
        return self.table(ctrl.orig).pins.get(pin, "pin%d" % pin)

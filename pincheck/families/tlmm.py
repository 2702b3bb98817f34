# SPDX-License-Identifier: GPL-2.0
"""Qualcomm TLMM pin controllers: each SoC's group table (PINGROUP and its
SDC/UFS/QUP variants, the functions of every group in order, the register
offsets, bits and tiles) is read from its driver in the tree
(drivers/pinctrl/qcom/pinctrl-<soc>.c) by expanding the file's own macros.

TLMM goes through the kernel's generic parser (pinconf-generic.c):
pinconf_generic_dt_node_to_map_group() makes a mux map per entry of "pins"
(group names, "gpioN") when the node has "function", and a CONFIGS_GROUP
map with the generic properties in dt_params[] order; a node without
"pins"/"groups" contributes its available subnodes instead.
pinctrl-msm.c then writes, read-modify-write in the group's ctl register:
the function's index in the group's list at mux_bit, pull codes at
pull_bit (no pull 0, down 1, keeper 2, up 3; up is 2 on pull_no_keeper
SoCs), drive strength (mA / 2 - 1) at drv_bit, the output enable at
oe_bit, and for output-high/-low the out bit of the io register.
"""

import glob
import os
import re

from .. import cache, csrc, generic
from .base import Family, Write

# Documented reset values of TLMM_GPIO_CFGn (pull-down, function 0 = GPIO,
# output disabled) and of the other registers of a group.
RESET_CTL, RESET_OTHER = 0x00000001, 0x00000000

MSM_NO_PULL, MSM_PULL_DOWN, MSM_KEEPER, MSM_PULL_UP_NO_KEEPER, MSM_PULL_UP = 0, 1, 2, 2, 3
MSM_I2C_STRONG_PULL_UP = 2200


class SocTable:
    def __init__(self, path):
        text = csrc.read(path)
        self.path = path
        defs = csrc.defines(text)
        self.consts = {k: v for k, v in defs.items() if isinstance(v, str)}
        em = re.search(r"enum\s*\{([^}]*)\}\s*;", text)
        if em and re.search(r"\bNORTH\b|\bSOUTH\b|\bWEST\b|\bEAST\b|\bCENTER\b", em.group(1)):
            for i, n in enumerate(x.strip() for x in em.group(1).split(",") if x.strip()):
                self.consts[n.split("=")[0].strip()] = str(i)
        self.pins = {}
        for m in re.finditer(r"unsigned int (\w+)_pins\[\]\s*=\s*\{([\s\dxa-fA-F,]*)\}", text):
            self.pins[m.group(1)] = [int(x, 0) for x in m.group(2).replace(",", " ").split()]
        # gpioN_pins[] = { N } declared by a macro of the file's own
        # (DECLARE_MSM_GPIO_PINS, DECLARE_MSM_GPIO_PIN, DECLARE_APQ_GPIO_PINS,
        # DECLARE_QCA_GPIO_PINS, ...)
        for name, v in defs.items():
            if isinstance(v, tuple) and len(v[0]) == 1 and \
               re.search(r"gpio\s*##\s*%s\s*##\s*_pins" % re.escape(v[0][0]), v[1]):
                for _, args in csrc.calls(text, name):
                    if len(args) == 1 and re.fullmatch(r"\d+", args[0]):
                        self.pins["gpio" + args[0]] = [int(args[0])]
        soc = csrc.block(text, r"static const struct msm_pinctrl_soc_data \w+\s*=\s*\{")
        sf = csrc.fields(soc or "")
        self.pull_no_keeper = sf.get("pull_no_keeper") == "true"
        self.gpio_func = int(sf.get("gpio_func", "0"), 0)
        # the functions (MSM_PIN_FUNCTION(f) and its APQ/IPQ/QCA forms; the
        # gpio function's MSM_GPIO_PIN_FUNCTION(f) forms of later kernels, 7.3)
        # and the groups each can be muxed on (f_groups[]), as the core checks
        lists = {m.group(1): re.findall(r"\"([^\"]+)\"", m.group(2)) for m in
                 re.finditer(r"(\w+)_groups\[\]\s*=\s*\{([^}]*)\}", text)}
        self.functions = {m.group(1): lists.get(m.group(1), []) for m in
                          re.finditer(r"\b(?:APQ|IPQ|MSM|QCA)_(?:GPIO_)?PIN_FUNCTION\(\s*(\w+)\s*\)", text)}
        self.tiles = []
        if "tiles" in sf:
            arr = re.search(r"%s\[\]\s*=\s*\{([^}]*)\}" % re.escape(sf["tiles"]), text)
            self.tiles = re.findall(r"\"([^\"]+)\"", arr.group(1))
        body = csrc.block(text, r"static const struct msm_pingroup \w+\[\]\s*=\s*\{")
        self.groups = {}
        macros = {k: v for k, v in defs.items() if isinstance(v, tuple)}
        for entry in csrc.split_entries(body or ""):
            m = re.match(r"(?:\[[^\]]*\]\s*=\s*)?(\w+)\s*\(", entry)
            if not m or m.group(1) not in macros:
                continue
            g = self.expand_call(entry, m.group(1), macros)
            if g:
                self.groups[g["name"]] = g

    def expand_call(self, text, name, macros, depth=0):
        """a group from a call of one of the file's macros, following a
        macro defined as a call of another (sc8180x: PINGROUP is
        PINGROUP_OFFSET with offset 0)"""
        args = csrc.calls(text, name)[0][1]
        params, body = macros[name]
        if len(params) != len(args):
            return None
        inner = re.match(r"\s*(\w+)\s*\(", body)
        if inner and inner.group(1) in macros and depth < 4:
            amap = dict(zip(params, args))
            b = re.sub(r"\b\w+\b", lambda m: amap.get(m.group(0), m.group(0)), body)
            return self.expand_call(b, inner.group(1), macros, depth + 1)
        return self.expand(params, body, args)

    def expand(self, params, body, args):
        if len(params) != len(args):
            return None
        amap = dict(zip(params, args))
        b = re.sub(r"#\s*(\w+)", lambda m: '"%s"' % amap[m.group(1)] if m.group(1) in amap
                   else m.group(0), body.replace("##", "\x00"))
        b = re.sub(r"\b\w+\b", lambda m: amap.get(m.group(0), m.group(0)), b)
        b = b.replace(" \x00 ", "").replace("\x00", "")
        b = b.strip()
        if b.startswith("{"):
            b = b[1:b.rindex("}")]
        f = csrc.fields(b)
        g = {}
        grp = re.match(r"PINCTRL_PINGROUP\((.*)\)$", f.get("grp", ""), re.S)
        if grp:
            parts = csrc.calls("X(" + grp.group(1) + ")", "X")[0][1]
            g["name"] = "".join(re.findall(r"\"([^\"]*)\"", parts[0]))
            g["pins"] = self.pins.get(parts[1].strip().replace("_pins", ""), [])
        elif "name" in f:
            g["name"] = "".join(re.findall(r"\"([^\"]*)\"", f["name"]))
            g["pins"] = self.pins.get(g["name"], [])
        else:
            return None
        fl = re.search(r"\{(.*)\}", f.get("funcs", ""), re.S)
        # the enum's prefix: msm_mux_, and APQ_MUX_, IPQ_MUX_, qca_mux_ in
        # the older drivers (apq8064, ipq8064, ipq4019)
        g["funcs"] = [re.sub(r"^(?:msm|apq|ipq|qca)_mux_", "", x.strip(), flags=re.I)
                      for x in fl.group(1).split(",") if x.strip()] if fl else []
        nf = f.get("nfuncs")
        g["nfuncs"] = csrc.cint(nf, self.consts) if nf else len(g["funcs"])
        for k in ("ctl_reg", "io_reg", "mux_bit", "pull_bit", "drv_bit", "oe_bit", "out_bit",
                  "in_bit", "od_bit", "i2c_pull_bit", "egpio_enable", "egpio_present",
                  "intr_cfg_reg", "intr_status_reg", "intr_target_reg"):
            if k in f:
                try:
                    g[k] = csrc.cint(f[k], self.consts)
                except (KeyError, SyntaxError):
                    g[k] = None
        tile = f.get("tile")
        g["tile"] = csrc.cint(tile, self.consts) if tile else 0
        return g


def order_base_2(n):
    return (n - 1).bit_length() if n > 1 else 0


def drivers(files):
    """{compatible: driver file} of the files that probe with msm_pinctrl_probe()"""
    out = {}
    for f in files:
        text = csrc.read(f)
        if "msm_pinctrl_probe" not in text:
            continue
        for c in re.findall(r"\.compatible\s*=\s*\"([^\"]+)\"", text):
            out[c] = f
    return out


class TLMM(Family):
    name = "tlmm"

    def __init__(self):
        self.files = None
        self.loaded = {}
        self.params = None

    def load(self):
        if self.files is not None:
            return
        ksrc = os.environ["KSRC"]
        # the drivers and their tables are kept between runs (cache.memo)
        # while no source of the directory changes
        files = glob.glob(os.path.join(ksrc, "drivers/pinctrl/qcom/pinctrl-*.c"))
        self.files = cache.memo("tlmm", files, lambda: drivers(files),
                                code=(__file__, csrc.__file__))
        self.params = generic.rules(ksrc).params

    def table(self, node):
        self.load()
        for c in node.strings("compatible"):
            if c in self.files:
                if c not in self.loaded:
                    self.loaded[c] = cache.memo("tlmm-" + c, [self.files[c]],
                                                lambda: SocTable(self.files[c]),
                                                code=(__file__, csrc.__file__))
                return self.loaded[c]
        return None

    def match(self, node):
        return self.table(node) is not None

    def driver_file(self, node):
        self.load()
        return next((self.files[c] for c in node.strings("compatible") if c in self.files), None)

    def fixup(self, orig, copy, ctx):
        copy.set_cells("interrupts", [0, ctx["spi"], 4])
        ctx["spi"] += 1

    def window_of(self, ctrl, t, g):
        if not t.tiles:
            return 0
        names = ctrl.orig.strings("reg-names")
        tile = t.tiles[g["tile"]]
        return names.index(tile) if tile in names else g["tile"]

    def reset_image(self, ctrl, window, size):
        buf = bytearray(size)
        t = self.table(ctrl.orig)
        for g in t.groups.values():
            if self.window_of(ctrl, t, g) != window or g.get("mux_bit", -1) == -1:
                continue
            off = g.get("ctl_reg")
            if off is not None and off + 4 <= size:
                buf[off:off + 4] = RESET_CTL.to_bytes(4, "little")
        return bytes(buf)

    def sources(self, node):
        """the nodes of a state that carry pins: the node, or its
        available subnodes"""
        if node.has("pins") or node.has("groups"):
            return [node]
        return [c for c in node.children if c.enabled() and (c.has("pins") or c.has("groups"))]

    def functions(self, ctrl, node):
        t = self.table(ctrl.orig)
        have = [set(t.groups[g]["funcs"]) for n in self.sources(node)
                for g in n.strings("pins" if n.has("pins") else "groups") if g in t.groups]
        return set.intersection(*have) if have else None

    def configs(self, node):
        return generic.node_configs(self.params, node)

    def empty(self, ctrl, node):
        self.load()     # dt_params[], before any table was asked for
        names = {p.name for p in self.params}
        return not any(n.has("function") or any(n.has(p) for p in names)
                       for n in self.sources(node))

    def problems(self, ctrl, node):
        """the groups and functions of the nodes of a state that the SoC's
        table lacks, in the words of the core (kernel patch 32); a name in
        "pins" is a group's, as pinctrl-msm.c maps them"""
        t = self.table(ctrl.orig)
        names = list(t.groups)
        out = []
        for n in self.sources(node):
            func = n.string("function")
            prop = "pins" if n.has("pins") else "groups"
            if func and t.functions and func not in t.functions:
                out.append((n.path, "function", "unknown function '%s'" % func))
                func = None
            for gname in n.strings(prop):
                g = t.groups.get(gname)
                if g is None:
                    out.append((n.path, prop, "unknown group '%s' (this controller has %s to %s)"
                                % (gname, names[0], names[-1])))
                    continue
                if not func:
                    continue
                can = t.functions.get(func)
                if can is None:
                    can = [x for x, y in t.groups.items() if func in y["funcs"]]
                if gname not in can:
                    out.append((n.path, "function", "%s cannot be muxed on group %s (%s has %s)"
                                % (func, gname, func, "groups %s%s" % (
                                    can[0], ", ..." if len(can) > 1 else "")
                                   if can else "no groups")))
                elif func not in g["funcs"]:
                    # the function's groups[] list the group, its funcs[]
                    # do not: msm_pinmux_set_mux() WARNs and fails
                    out.append((n.path, "function", "%s lists group %s, whose functions do "
                                "not include it (the driver's tables disagree)" % (func, gname)))
        return out

    def pin_writes(self, ctrl, node):
        t = self.table(ctrl.orig)
        mux, conf = [], []
        for n in self.sources(node):
            func = n.string("function")
            cfgs = self.configs(n)
            for gname in n.strings("pins") or n.strings("groups"):
                g = t.groups.get(gname)
                if g is None:
                    continue
                win = self.window_of(ctrl, t, g)
                pin = g["pins"][0] if g["pins"] else None
                ctl = g.get("ctl_reg")
                if func and func in g["funcs"] and g.get("mux_bit", -1) not in (-1, None):
                    i = g["funcs"].index(func)
                    mask = ((1 << order_base_2(g["nfuncs"])) - 1) << g["mux_bit"]
                    mux.append(Write(win, ctl, i << g["mux_bit"], mask, 4, pin, "mux"))
                for name, param, arg in cfgs:
                    w = self.config_write(t, g, win, pin, param, arg)
                    conf.extend(w)
        return mux, conf

    def config_write(self, t, g, win, pin, param, arg):
        ctl = g.get("ctl_reg")
        out = []
        if param in ("PIN_CONFIG_BIAS_DISABLE", "PIN_CONFIG_BIAS_PULL_DOWN",
                     "PIN_CONFIG_BIAS_BUS_HOLD", "PIN_CONFIG_BIAS_PULL_UP"):
            bit, mask = g.get("pull_bit", -1), 3
            if param == "PIN_CONFIG_BIAS_DISABLE":
                val = MSM_NO_PULL
            elif param == "PIN_CONFIG_BIAS_PULL_DOWN":
                val = MSM_PULL_DOWN
            elif param == "PIN_CONFIG_BIAS_BUS_HOLD":
                val = MSM_KEEPER
            elif t.pull_no_keeper:
                val = MSM_PULL_UP_NO_KEEPER
            elif g.get("i2c_pull_bit") and arg == MSM_I2C_STRONG_PULL_UP:
                val = (1 << g["i2c_pull_bit"]) >> bit | MSM_PULL_UP
            else:
                val = MSM_PULL_UP
            if g.get("i2c_pull_bit"):
                mask |= (1 << g["i2c_pull_bit"]) >> bit
            name = "pull"
        elif param == "PIN_CONFIG_DRIVE_STRENGTH":
            bit, mask, name = g.get("drv_bit", -1), 7, "drive"
            val = arg // 2 - 1 if 2 <= arg <= 16 and arg % 2 == 0 else None
        elif param == "PIN_CONFIG_DRIVE_OPEN_DRAIN":
            bit, mask, name, val = g.get("od_bit", -1), 1, "od", 1
        elif param in ("PIN_CONFIG_OUTPUT", "PIN_CONFIG_INPUT_ENABLE",
                       "PIN_CONFIG_OUTPUT_ENABLE"):
            bit, mask, name = g.get("oe_bit", -1), 1, "oe"
            if param == "PIN_CONFIG_OUTPUT":
                out.append(Write(win, g["io_reg"], (1 if arg else 0) << g["out_bit"],
                                 1 << g["out_bit"], 4, pin, "out"))
                val = 1
            elif param == "PIN_CONFIG_INPUT_ENABLE":
                val = 0
            else:
                val = 1 if arg else 0
        else:
            return out      # the driver refuses it; the consumer fails
        if bit is None or bit < 0 or val is None:
            return out
        out.append(Write(win, ctl, val << bit, mask << bit, 4, pin, name))
        return out

    def pin_name(self, ctrl, pin):
        return ctrl.pin_names.get(pin, "GPIO_%d" % pin)

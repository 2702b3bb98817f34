# SPDX-License-Identifier: GPL-2.0
"""The i.MX family: every controller on the pinctrl-imx core with fsl,pins
rows (drivers/pinctrl/freescale/pinctrl-imx.c): i.MX25/35/50/51/53,
i.MX6Q/DL/SL/SLL/SX/UL/ULL (and the 6ULL's SNVS iomuxc), i.MX7D (and its
LPSR iomuxc), i.MX7ULP, i.MX8M, i.MX8ULP, i.MX91, i.MX93 and VF610.

What the core does with a row, and every SoC's flags, come from the tree's
sources, not from a table here: the drivers that call imx_pinctrl_probe()
(their of_device_id tables, struct imx_pinctrl_soc_info: flags, mux_mask,
mux_shift, the pin table's length) and the constants of pinctrl-imx.[ch]
(IMX_NO_PAD_CTL, IMX_PAD_SION, IOMUXC_CONFIG_SION, SHARE_MUX_CONF_REG,
ZERO_OFFSET_VALID, IMX_USE_SCU).  The SCU parts (IMX_USE_SCU) talk to
firmware and are not this family.

A row is <mux_reg conf_reg input_reg mux_mode input_val config>, or with
SHARE_MUX_CONF_REG <mux_conf_reg input_reg mux_mode input_val config>
(VF610, 7ULP, 8ULP):
- a register offset 0 means none, except a mux register of a
  ZERO_OFFSET_VALID controller (6ULL-SNVS, 7D, 7D-LPSR, 7ULP, VF610, 8ULP,
  91, 93); the pin is mux_reg / 4, else conf_reg / 4;
- config bit IMX_PAD_SION sets IOMUXC_CONFIG_SION in the mux mode;
  IMX_NO_PAD_CTL skips the pad write;
- the mux write is the whole word, or with SHARE_MUX_CONF_REG a
  read-modify-write: mux_mask cleared, mux_mode << mux_shift or-ed in;
  the pad write is the whole word, or with SHARE_MUX_CONF_REG the word's
  mux_mask bits kept and the config or-ed in;
- an input_val with top byte 0xff is <0xff shift width select>: a
  read-modify-write of the field at input_reg of the controller's own
  registers (a GPR inside the IOMUXC, i.MX6Q/DL); other input values are
  written whole at input_reg, in the registers of the node that
  fsl,input-sel points at when there is one (i.MX7D LPSR: the main
  IOMUXC's select-input registers), else in the controller's own.

The driver keeps one register pair per pin id (pin_regs[]), set by the
last group parsed that names the pin, and finds a node's group by the
node's name: the first group parsed with that name (imx_dt_node_to_map()).
The rehearsal's kernel refuses a whole group whose row names a register
outside the window or not a pin's (imx_pinctrl_check_pin_mmio()); its
pins are then not set up and a consumer of it fails.
"""

import glob
import os
import re

from .. import cache, csrc
from .base import POISON, Family, Write

FSL = "drivers/pinctrl/freescale"
LEVELS = ["pure", "core", "postcore", "arch", "subsys", "fs", "rootfs", "device", "late"]


class Driver:
    """one struct imx_pinctrl_soc_info of a driver, by compatible"""

    def __init__(self, path, compatible, info, flags, consts, order):
        self.path = path
        self.compatible = compatible
        self.info = info
        self.order = order              # registration order: (initcall level, link order)
        self.flags = flags
        self.share = bool(flags & consts["SHARE_MUX_CONF_REG"])
        self.zero_valid = bool(flags & consts["ZERO_OFFSET_VALID"])
        self.scu = bool(flags & consts["IMX_USE_SCU"])
        self.mux_mask = 0
        self.mux_shift = 0
        self.npins = 0

    def __repr__(self):
        return "%s (%s)" % (self.info, os.path.basename(self.path))


def read_drivers(ksrc):
    """{compatible: [Driver]} of every driver on imx_pinctrl_probe(), kept
    between runs (cache.memo) while no source of the directory changes"""
    d = os.path.join(ksrc, FSL)
    files = glob.glob(os.path.join(d, "*.[ch]")) + [os.path.join(d, "Makefile")]
    return cache.memo("imx", files, lambda: parse_drivers(d),
                      code=(__file__, csrc.__file__))


def parse_drivers(d):
    """read_drivers() from the sources of directory d"""
    hdr = csrc.read(os.path.join(d, "pinctrl-imx.h"))
    core = csrc.read(os.path.join(d, "pinctrl-imx.c"))
    consts = {}
    for text in (hdr, core):
        for k, v in csrc.defines(text).items():
            if isinstance(v, str):
                consts[k] = bits(v)
    names = {k: csrc.cint(consts[k], consts) for k in (
        "SHARE_MUX_CONF_REG", "ZERO_OFFSET_VALID", "IMX_USE_SCU", "IMX_NO_PAD_CTL",
        "IMX_PAD_SION", "IOMUXC_CONFIG_SION")}
    link = []
    mk = open(os.path.join(d, "Makefile")).read()
    for m in re.finditer(r"obj-\$\(CONFIG_\w+\)\s*\+=\s*([\w-]+)\.o", mk):
        link.append(m.group(1) + ".c")
    out = {}
    for f in sorted(glob.glob(os.path.join(d, "pinctrl-*.c"))):
        text = csrc.read(f)
        if "imx_pinctrl_probe(" not in text or os.path.basename(f) == "pinctrl-imx.c":
            continue
        local = dict(consts)
        for k, v in csrc.defines(text).items():
            if isinstance(v, str):
                local[k] = bits(v)
        lvl = re.search(r"\b(\w+?)_initcall(?:_sync)?\s*\(", text)
        level = LEVELS.index(lvl.group(1)) if lvl and lvl.group(1) in LEVELS else \
            LEVELS.index("device")
        base = os.path.basename(f)
        order = (level, link.index(base) if base in link else len(link))
        # the info the probe passes: one for the whole file, or per entry
        direct = re.search(r"imx_pinctrl_probe\s*\(\s*pdev\s*,\s*&(\w+)\s*\)", text)
        table = csrc.block(text, r"struct of_device_id\s+\w+\[\]\s*=\s*\{")
        for m in re.finditer(r"\{([^{}]*)\}", table or ""):
            fl = csrc.fields(m.group(1))
            cm = re.search(r'\.compatible\s*=\s*"([^"]*)"', m.group(1))
            if not cm:
                continue
            comp = cm.group(1)
            info = direct.group(1) if direct else fl.get("data", "").lstrip("&").strip()
            body = csrc.block(text, r"struct imx_pinctrl_soc_info\s+%s\s*=\s*\{" % re.escape(info))
            if body is None:
                continue
            fi = csrc.fields(body)
            flags = csrc.cint(fi["flags"], local) if "flags" in fi else 0
            drv = Driver(f, comp, info, flags, names, order)
            drv.consts = names
            if "mux_mask" in fi:
                drv.mux_mask = csrc.cint(fi["mux_mask"], local)
                drv.mux_shift = csrc.cint(fi.get("mux_shift", "0"), local)
            pins = re.match(r"ARRAY_SIZE\((\w+)\)", fi.get("npins", ""))
            arr = pins and csrc.block(text, r"\b%s\[\]\s*=\s*\{" % pins.group(1))
            drv.npins = len(re.findall(r"\bPINCTRL_PIN\s*\(", arr)) + \
                len(re.findall(r"\bIMX_PINCTRL_PIN\s*\(", arr)) if arr else 0
            out.setdefault(comp, []).append(drv)
    return out


def bits(expr):
    """BIT(n) as C integer arithmetic for csrc.cint"""
    return re.sub(r"\bBIT\s*\(([^()]*)\)", r"(1 << (\1))", expr)


class Group:
    def __init__(self, node, rows, refused):
        self.node = node
        self.rows = rows            # [(pin, mux_reg, conf_reg, input_reg, mux, input_val, config)]
        self.refused = refused      # why the probe refused it, or None


class IMX(Family):
    name = "imx"
    # fsl,input-sel is kept when the node it points at is moved too (fixup)
    drop = tuple(p for p in Family.drop if p != "fsl,input-sel")

    def __init__(self):
        self.drivers = None
        self.parsed = {}            # controller node -> (groups in order, pin_regs)
        self.bound = {}             # controller node -> the Driver that binds it

    def load(self):
        if self.drivers is None:
            self.drivers = read_drivers(os.environ["KSRC"])

    def driver(self, node):
        """the driver the kernel binds: of the drivers in the image that
        match one of the node's compatibles, the first registered (initcall
        level, then link order); its entry for the earliest of the node's
        compatibles"""
        self.load()
        if node in self.bound:
            return self.bound[node]
        from . import image_builds
        best = None
        for i, c in enumerate(node.strings("compatible")):
            for drv in self.drivers.get(c, []):
                # a driver the image lacks registers nothing
                key = (not image_builds(drv.path), drv.order, i)
                if best is None or key < best[0]:
                    best = (key, drv)
        self.bound[node] = best[1] if best else None
        return self.bound[node]

    def match(self, node):
        drv = self.driver(node)
        return drv is not None and not drv.scu

    def driver_file(self, node):
        drv = self.driver(node)
        return drv.path if drv else None

    def reset_word(self, window, offset):
        return POISON

    def companions(self, node, by_ph):
        """nodes to move with this controller: what fsl,input-sel names"""
        ph = node.u32("fsl,input-sel")
        t = by_ph.get(ph) if ph else None
        return [t] if t is not None else []

    def fixup(self, orig, copy, ctx):
        if self.input_sel(orig) is None:
            copy.props.pop("fsl,input-sel", None)

    # -- the driver's view of the controller's pin nodes ---------------------
    def groups(self, ctrl):
        """(groups in the order imx_pinctrl_probe_dt() parses them,
        {pin: (mux_reg, conf_reg)} as pin_regs[] holds them after probe)"""
        key = ctrl.orig             # the node itself: one process may read several boards
        if key in self.parsed:
            return self.parsed[key]
        drv = self.driver(ctrl.orig)
        np = ctrl.orig
        flat = True
        for f in np.children:
            if f.has("fsl,pins"):
                break
            if any(g.has("fsl,pins") for g in f.children):
                flat = False
                break
        nodes = list(np.children) if flat else [g for f in np.children for g in f.children]
        size = np.regs()[0][1] if np.regs() else 0
        insel = self.input_sel(np) is not None
        groups, pin_regs = [], {}
        for g in nodes:
            rows, refused = self.parse(drv, g, size, insel)
            groups.append(Group(g, rows, refused))
            if refused is None:
                for r in rows:
                    pin_regs[r[0]] = (r[1], r[2])
        self.parsed[key] = (groups, pin_regs)
        return self.parsed[key]

    def parse(self, drv, g, size, insel):
        """(rows, None) or ([], why the probe refuses the group)"""
        prop = "fsl,pins" if g.has("fsl,pins") else "pinmux" if g.has("pinmux") else None
        if prop is None:
            return [], "no fsl,pins and pins property"
        raw = g.props[prop]
        n = 5 if drv.share else 6
        if not raw or len(raw) % (4 * n):
            return [], "invalid %s: %d bytes, not rows of %d cells" % (prop, len(raw), n)
        cells = g.cells(prop)
        NONE = 0xFFFFFFFF               # (u32)-1
        lim = min(size, 0x8000)         # struct imx_pin_reg keeps s16 offsets
        rows = []
        for i in range(0, len(cells), n):
            c = cells[i:i + n]
            mux_reg = c[0]
            if not drv.zero_valid and not mux_reg:
                mux_reg = NONE
            if drv.share:
                conf_reg = mux_reg
                input_reg, mux, input_val, config = c[1:5]
            else:
                conf_reg = c[1] or NONE
                input_reg, mux, input_val, config = c[2:6]
            row = i // n
            pin_reg = mux_reg if mux_reg != NONE else conf_reg
            if pin_reg == NONE:
                return [], "%s row %d has neither a mux nor a pad register" % (prop, row)
            if pin_reg % 4 or pin_reg // 4 >= drv.npins:
                return [], "%s row %d: register offset %#x is not that of a pin (%d pins)" % (
                    prop, row, pin_reg, drv.npins)
            if mux_reg != NONE and not valid(mux_reg, lim):
                return [], "%s row %d: mux register offset %#x is outside the registers" % (
                    prop, row, mux_reg)
            if conf_reg != NONE and not valid(conf_reg, lim):
                return [], "%s row %d: pad register offset %#x is outside the registers" % (
                    prop, row, conf_reg)
            if conf_reg == NONE and not config & drv.consts["IMX_NO_PAD_CTL"]:
                return [], "%s row %d: pad configuration %#x but no pad register" % (
                    prop, row, config)
            if (input_val >> 24 == 0xFF or (input_reg and not insel)) and \
               not valid(input_reg, size):
                return [], "%s row %d: input register offset %#x is outside the registers" % (
                    prop, row, input_reg)
            rows.append((pin_reg // 4, mux_reg, conf_reg, input_reg, mux, input_val, config))
        return rows, None

    def group_of(self, ctrl, node):
        """the group the driver maps `node` to: the first with its name"""
        for g in self.groups(ctrl)[0]:
            if g.node.basename == node.basename:
                return g
        return None

    def problems(self, ctrl, node):
        """[(node path, property, what)]"""
        g = self.group_of(ctrl, node)
        if g is None:
            return [(node.path, "fsl,pins", "the driver parsed no group called %s" % node.basename)]
        out = []
        if g.node is not node:
            out.append((node.path, "fsl,pins",
                        "the driver maps it by name to %s, parsed first" % g.node.path))
        if g.refused:
            out.append((node.path, "fsl,pins", "group refused at probe: %s" % g.refused))
        return out

    def refuses(self, ctrl, node):
        """imx_dt_node_to_map() fails on a node whose name no group has, or
        whose group the probe refused"""
        g = self.group_of(ctrl, node)
        if g is None:
            return ["%s: the driver parsed no group called %s" % (node.path, node.basename)]
        if g.refused:
            return ["%s: group refused at probe: %s" % (node.path, g.refused)]
        return []

    def empty(self, ctrl, node):
        return False        # a group always gets a mux map (or fails)

    def claims(self, ctrl, node, mux):
        g = self.group_of(ctrl, node)
        return {r[0] for r in g.rows} if g and not g.refused else set()

    def pin_writes(self, ctrl, node):
        drv = self.driver(ctrl.orig)
        g = self.group_of(ctrl, node)
        if g is None or g.refused:
            return [], []
        k = drv.consts
        _, pin_regs = self.groups(ctrl)
        NONE = 0xFFFFFFFF
        sel = self.input_sel(ctrl.orig)
        sel = sel.path if sel is not None else None
        mux, conf = [], []
        for pin, _, _, input_reg, mode, input_val, config in g.rows:
            mux_reg, conf_reg = pin_regs[pin]
            if config & k["IMX_PAD_SION"]:
                mode |= k["IOMUXC_CONFIG_SION"]
            config &= ~k["IMX_PAD_SION"] & 0xFFFFFFFF
            # imx_pmx_set_one_pin_mmio() returns before the mux and the
            # select input of a pin without a mux register
            if mux_reg != NONE:
                if drv.share:
                    v = (mode << drv.mux_shift) & 0xFFFFFFFF
                    mux.append(Write(0, mux_reg, v, drv.mux_mask | v, 4, pin, "mux"))
                else:
                    mux.append(Write(0, mux_reg, mode, 0xFFFFFFFF, 4, pin, "mux"))
                if input_val >> 24 == 0xFF:
                    s, width, shift = (input_val & 0xFF, (input_val >> 8) & 0xFF,
                                       (input_val >> 16) & 0xFF)
                    m = (((1 << width) - 1) << shift) & 0xFFFFFFFF
                    mux.append(Write(0, input_reg, (s << shift) & 0xFFFFFFFF, m, 4, pin, "input"))
                elif input_reg:
                    mux.append(Write(0, input_reg, input_val, 0xFFFFFFFF, 4, pin, "input", sel))
            if not config & k["IMX_NO_PAD_CTL"]:
                if drv.share:
                    conf.append(Write(0, conf_reg, config, ~drv.mux_mask & 0xFFFFFFFF | config,
                                      4, pin, "conf"))
                else:
                    conf.append(Write(0, conf_reg, config, 0xFFFFFFFF, 4, pin, "conf"))
        return mux, conf

    def debugfs_kind(self, field):
        # pinconf-pins shows the pad register's value
        return "imx-conf" if field == "conf" else None

    def input_sel(self, node):
        """the node whose registers the select-input writes go to when it
        is not the controller's own: what fsl,input-sel points at, when the
        rehearsal moves it too (board.transform: enabled, a controller of a
        family) and so keeps the property"""
        ph = node.u32("fsl,input-sel")
        if not ph:
            return None
        root = node
        while root.parent is not None:
            root = root.parent
        from . import family_of
        for n in root.walk():
            if n.phandle == ph:
                return n if n.enabled() and family_of(n) else None
        return None


def valid(reg, size):
    """imx_pinctrl_reg_valid(): 32 bits, aligned, in the first size bytes"""
    return not reg % 4 and reg < size and size - reg >= 4

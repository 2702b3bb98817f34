# SPDX-License-Identifier: GPL-2.0
"""i.MX1 and i.MX27: the pinctrl-imx1 core (drivers/pinctrl/freescale/
pinctrl-imx1-core.c), fsl,pins rows of 3 cells <PIN MUX_ID CONFIG>.

The IOMUX is per port of 32 pins, MX1_PORT_STRIDE bytes a port, with
1-bit fields (GIUS gpio in use, DDIR direction, GPR alternate function,
PUEN pull-up) at bit pin % 32 and 2-bit fields (OCR, ICONFA, ICONFB) at
bits (pin % 16) * 2 of the register, or of the next one for pins 16..31;
every write is a read-modify-write of its field. imx1_pmx_set() writes
GIUS and DDIR, then with GIUS set OCR, ICONFA and ICONFB, else GPR; the
config of each pin is its PUEN bit (config & 1). The register offsets and
the MUX_ID decoding macros (MX1_MUX_*) are read from the core's source.

Groups are the function nodes' children, found by name (the first of
that name, imx1_pinctrl_find_group_by_name()); the children of the
controller with a compatible (its GPIO ports) are not function nodes and
are not copied: of_platform_populate() would make devices of them.
"""

import glob
import os
import re

from .. import csrc
from .base import POISON, Family, Write
from .imx import bits

CORE = "drivers/pinctrl/freescale/pinctrl-imx1-core.c"


class IMX1(Family):
    name = "imx1"

    def __init__(self):
        self.compat = None
        self.consts = None
        self.macros = None

    def load(self):
        if self.compat is not None:
            return
        ksrc = os.environ["KSRC"]
        self.compat = {}
        for f in glob.glob(os.path.join(ksrc, "drivers/pinctrl/freescale/pinctrl-*.c")):
            text = csrc.read(f)
            if "imx1_pinctrl_core_probe(pdev" in text:
                for c in re.findall(r"\.compatible\s*=\s*\"([^\"]+)\"", text):
                    self.compat[c] = f
        defs = csrc.defines(csrc.read(os.path.join(ksrc, CORE)))
        self.consts = {k: bits(v) for k, v in defs.items() if isinstance(v, str)}
        self.macros = {k: (v[0], bits(v[1])) for k, v in defs.items()
                       if not isinstance(v, str) and k.startswith("MX1_MUX_")}

    def match(self, node):
        self.load()
        return any(c in self.compat for c in node.strings("compatible"))

    def driver_file(self, node):
        self.load()
        return next((self.compat[c] for c in node.strings("compatible") if c in self.compat), None)

    def refuses(self, ctrl, node):
        """imx1_dt_node_to_map() fails on a name no group has"""
        if self.group_of(ctrl, node) is None:
            return ["%s: the driver parsed no group called %s" % (node.path, node.basename)]
        return []

    def k(self, name):
        self.load()
        return csrc.cint(self.consts[name], self.consts)

    def mux_field(self, name, mux):
        self.load()
        params, body = self.macros[name]
        return csrc.cint(re.sub(r"\b%s\b" % params[0], str(mux), body), self.consts)

    def reset_word(self, window, offset):
        return POISON

    def fixup(self, orig, copy, ctx):
        copy.children = [c for c in copy.children if not c.has("compatible")]

    def group_of(self, ctrl, node):
        for f in ctrl.orig.children:
            if f.has("compatible"):
                continue
            for g in f.children:
                if g.basename == node.basename:
                    return g
        return None

    def rows(self, ctrl, node):
        g = self.group_of(ctrl, node)
        raw = g.props.get("fsl,pins") if g is not None else None
        if not raw or len(raw) % 12:
            return None
        c = g.cells("fsl,pins")
        return [tuple(c[i:i + 3]) for i in range(0, len(c), 3)]

    def problems(self, ctrl, node):
        """[(node path, property, what)]"""
        g = self.group_of(ctrl, node)
        if g is None:
            return [(node.path, "fsl,pins", "the driver parsed no group called %s" % node.basename)]
        out = []
        if g is not node:
            out.append((node.path, "fsl,pins",
                        "the driver maps it by name to %s, parsed first" % g.path))
        if self.rows(ctrl, node) is None:
            out.append((node.path, "fsl,pins", "not a valid fsl,pins property (rows of 3 cells)"))
        return out

    def empty(self, ctrl, node):
        return False

    def claims(self, ctrl, node, mux):
        return {r[0] for r in self.rows(ctrl, node) or []}

    def bit(self, pin, reg, value, field):
        off = pin // 32 * self.k("MX1_PORT_STRIDE") + self.k(reg)
        return Write(0, off, (value & 1) << pin % 32, 1 << pin % 32, 4, pin, field)

    def bit2(self, pin, reg, value, field):
        off = pin // 32 * self.k("MX1_PORT_STRIDE") + self.k(reg) + (4 if pin % 32 >= 16 else 0)
        shift = pin % 16 * 2
        return Write(0, off, (value & 3) << shift, 3 << shift, 4, pin, field)

    def pin_writes(self, ctrl, node):
        mux, conf = [], []
        for pin, mux_id, config in self.rows(ctrl, node) or []:
            gpio = self.mux_field("MX1_MUX_GPIO", mux_id)
            mux.append(self.bit(pin, "MX1_GIUS", gpio, "gius"))
            mux.append(self.bit(pin, "MX1_DDIR", self.mux_field("MX1_MUX_DIR", mux_id), "ddir"))
            if gpio:
                mux.append(self.bit2(pin, "MX1_OCR", self.mux_field("MX1_MUX_OCONF", mux_id), "ocr"))
                mux.append(self.bit2(pin, "MX1_ICONFA", self.mux_field("MX1_MUX_ICONFA", mux_id),
                                     "iconfa"))
                mux.append(self.bit2(pin, "MX1_ICONFB", self.mux_field("MX1_MUX_ICONFB", mux_id),
                                     "iconfb"))
            else:
                mux.append(self.bit(pin, "MX1_GPR", self.mux_field("MX1_MUX_FUNCTION", mux_id),
                                    "gpr"))
            conf.append(self.bit(pin, "MX1_PUEN", config, "puen"))
        return mux, conf

    def debugfs_kind(self, field):
        # imx1_pinconf_dbg_show(): the pin's PUEN bit
        return "imx1-conf" if field == "puen" else None

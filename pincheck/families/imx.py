# SPDX-License-Identifier: GPL-2.0
"""The i.MX family: the pinctrl-imx core with fsl,pins rows."""

import glob
import os
import re

from .base import POISON, Family, Write


class IMX(Family):
    """i.MX8M IOMUXC: fsl,pins = mux_reg conf_reg input_reg mux input conf"""
    name = "imx"
    compatibles = ("fsl,imx8mm-iomuxc", "fsl,imx8mn-iomuxc",
                   "fsl,imx8mp-iomuxc", "fsl,imx8mq-iomuxc")
    NO_PAD_CTL = 1 << 31
    SION = 1 << 30
    SION_MUX = 1 << 4

    def driver_file(self, node):
        for f in glob.glob(os.path.join(os.environ["KSRC"], "drivers/pinctrl/freescale/pinctrl-imx8m*.c")):
            comp = re.findall(r"\.compatible\s*=\s*\"([^\"]+)\"", open(f, errors="replace").read())
            if any(c in comp for c in node.strings("compatible")):
                return f
        return None

    def reset_word(self, window, offset):
        return POISON

    def pin_writes(self, ctrl, node):
        cells = node.cells("fsl,pins") or []
        mux, conf = [], []
        for i in range(0, len(cells) - 5, 6):
            mux_reg, conf_reg, input_reg, mux_mode, input_val, config = cells[i:i + 6]
            pin = mux_reg // 4 if mux_reg else conf_reg // 4
            if config & self.SION:
                mux_mode |= self.SION_MUX
            if mux_reg:
                mux.append(Write(0, mux_reg, mux_mode, 0xFFFFFFFF, 4, pin, "mux"))
            if input_val >> 24 == 0xFF:
                sel, width, shift = input_val & 0xFF, (input_val >> 8) & 0xFF, (input_val >> 16) & 0xFF
                m = ((1 << width) - 1) << shift
                mux.append(Write(0, input_reg, sel << shift, m, 4, pin, "input"))
            elif input_reg:
                mux.append(Write(0, input_reg, input_val, 0xFFFFFFFF, 4, pin, "input"))
            if conf_reg and not config & self.NO_PAD_CTL:
                conf.append(Write(0, conf_reg, config & ~self.SION, 0xFFFFFFFF, 4,
                                  pin, "conf"))
        return mux, conf

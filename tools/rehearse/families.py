# SPDX-License-Identifier: GPL-2.0
"""Pin controller families the rehearsal knows: how to recognise a
controller, what its probe needs on QEMU virt, what its registers hold at
reset, and what the mainline driver writes for a pin node.

A write is Write(window, offset, value, mask, pin, field): the driver puts
(old & ~mask) | (value & mask) at byte offset of the controller's window
number `window` (its reg entry).  Expected register contents are the reset
image with the writes of every applied setting replayed in the core's
order.
"""

import re
import struct
from collections import namedtuple

Write = namedtuple("Write", "window offset value mask width pin field")


class Family:
    name = "?"
    compatibles = ()
    # props of the original node the copy drops: what QEMU virt cannot give
    drop = ("clocks", "clock-names", "resets", "reset-names", "power-domains",
            "power-domain-names", "interrupts", "interrupts-extended",
            "interrupt-parent", "assigned-clocks", "assigned-clock-rates",
            "assigned-clock-parents", "gpio-ranges", "gpio-ranges-group-names",
            "wakeup-parent", "iommus", "bootph-all", "bootph-pre-ram",
            "bootph-pre-sram", "bootph-some-ram", "syscon", "fsl,input-sel")

    def match(self, node):
        return any(c in self.compatibles for c in node.strings("compatible"))

    def fixup(self, orig, copy, ctx):
        """add what the probe needs (clocks, interrupts) to the copy"""

    def reset_word(self, window, offset):
        return 0

    def reset_image(self, ctrl, window, size):
        buf = bytearray(size)
        for off in range(0, size, 4):
            struct.pack_into("<I", buf, off, self.reset_word(window, off) & 0xFFFFFFFF)
        return bytes(buf)

    def pin_writes(self, ctrl, node):
        """(mux writes, config writes) the driver makes for pin node `node`"""
        return [], []

    def pin_name(self, ctrl, pin):
        return ctrl.pin_names.get(pin, "pin%d" % pin)

    def empty(self, ctrl, node):
        """True when the driver makes no map of this node"""
        return not any(self.pin_writes(ctrl, node))


POISON = 0xA5A5A5A5     # whole-word writers: every missed write shows


class IMX(Family):
    """i.MX8M IOMUXC: fsl,pins = mux_reg conf_reg input_reg mux input conf"""
    name = "imx"
    compatibles = ("fsl,imx8mm-iomuxc", "fsl,imx8mn-iomuxc",
                   "fsl,imx8mp-iomuxc", "fsl,imx8mq-iomuxc")
    NO_PAD_CTL = 1 << 31
    SION = 1 << 30
    SION_MUX = 1 << 4

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


class PinctrlSingle(Family):
    """pinctrl-single (TI K3): rows of <offset value> (or <offset conf mux>
    with #pinctrl-cells = 2), read-modify-write under function-mask;
    bit-per-mux parts use pinctrl-single,bits = <offset value mask>"""
    name = "pinctrl-single"
    compatibles = ("pinctrl-single", "pinconf-single")

    def reset_word(self, window, offset):
        return POISON

    def geometry(self, ctrl):
        n = ctrl.orig
        width = n.u32("pinctrl-single,register-width", 32)
        fmask = n.u32("pinctrl-single,function-mask", 0)
        cells = n.u32("#pinctrl-cells", 1)
        bpm = n.has("pinctrl-single,bit-per-mux")
        return width, fmask, cells, bpm

    def pin_writes(self, ctrl, node):
        width, fmask, ncells, bpm = self.geometry(ctrl)
        wbytes = width // 8
        mux = []
        rows = node.cells("pinctrl-single,pins")
        if rows and not bpm:
            step = ncells + 1
            for i in range(0, len(rows) - step + 1, step):
                off = rows[i]
                val = rows[i + 1] | (rows[i + 2] if ncells == 2 else 0)
                if fmask:
                    mux.append(Write(0, off, val, fmask, wbytes, off // wbytes, "padconf"))
        bits = node.cells("pinctrl-single,bits")
        if bits and bpm:
            fbits = fmask.bit_length() if fmask else 1
            step = ncells + 2 if ncells == 2 else 3
            for i in range(0, len(bits) - step + 1, step):
                off, val, m = bits[i], bits[i + 1], bits[i + step - 1]
                if ncells == 2:
                    val |= bits[i + 2]
                pin = (off * 8 + (m & -m).bit_length() - 1) // fbits if m else off
                mux.append(Write(0, off, val, m, wbytes, pin, "bits"))
        return mux, []

    def pin_name(self, ctrl, pin):
        width = self.geometry(ctrl)[0] // 8
        pad = ctrl.pad_names.get(pin * width)
        base = "PADCONFIG%d" % pin
        return "%s %s" % (base, pad) if pad else base


FAMILIES = [IMX(), PinctrlSingle()]


def _more():
    # the families whose tables come from the driver sources
    import sunxi
    FAMILIES.append(sunxi.Sunxi())
    try:
        import tlmm
        FAMILIES.append(tlmm.TLMM())
    except ImportError:
        pass

# Known pin controllers that the rehearsal cannot move into a window, and
# why (matched on a compatible's tail).
NOT_MMIO_HINTS = [
    (re.compile(r"-lpass-lpi-pinctrl$|-lpi-pinctrl$"),
     "an LPASS LPI pin controller (needs its audio clocks and power domain)"),
    (re.compile(r"^qcom,pm.*-(gpio|mpp)$"), "a PMIC GPIO/MPP block on SPMI"),
]


def family_of(node):
    for f in FAMILIES:
        if f.match(node):
            return f
    return None


def why_not(node):
    """one line saying why a pin controller node cannot be rehearsed"""
    compat = node.strings("compatible")
    for c in compat:
        for rx, why in NOT_MMIO_HINTS:
            if rx.search(c):
                return why
    p = node.parent
    while p is not None and p.parent is not None:
        pc = p.strings("compatible")
        if any(re.search(r"spmi|i2c|spi|ssbi|mfd|pmic|rpmh", c) for c in pc) and \
           "ranges" not in p.props:
            return "not an MMIO block (under %s, %s)" % (p.path, pc[0] if pc else "?")
        p = p.parent
    return "no driver for %s in the image" % (compat[0] if compat else "a node without compatible")

_more()

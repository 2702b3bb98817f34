# SPDX-License-Identifier: GPL-2.0
"""The pinctrl-single family: one register per pin, masks from the DT."""

from .base import POISON, Family, Write


class PinctrlSingle(Family):
    """pinctrl-single (TI K3): rows of <offset value> (or <offset conf mux>
    with #pinctrl-cells = 2), read-modify-write under function-mask;
    bit-per-mux parts use pinctrl-single,bits = <offset value mask>
    (#pinctrl-cells = 2)"""
    name = "pinctrl-single"
    compatibles = ("pinctrl-single", "pinconf-single")

    def reset_word(self, window, offset):
        return POISON

    def geometry(self, ctrl):
        n = ctrl.orig
        width = n.u32("pinctrl-single,register-width", 32)
        fmask = n.u32("pinctrl-single,function-mask", 0)
        bpm = n.has("pinctrl-single,bit-per-mux")
        # without #pinctrl-cells the driver takes 2 for bit-per-mux, else 1
        # (pcs_quirk_missing_pinctrl_cells())
        cells = n.u32("#pinctrl-cells", 2 if bpm else 1)
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
        if bits and bpm and ncells >= 2:
            # rows of #pinctrl-cells + 1 cells of which the driver reads
            # offset, value and mask (pcs_parse_bits_in_pinctrl_entry();
            # with fewer it refuses the node)
            fbits = fmask.bit_length() if fmask else 1
            step = ncells + 1
            for i in range(0, len(bits) - step + 1, step):
                off, val, m = bits[i], bits[i + 1], bits[i + 2]
                pin = (off * 8 + (m & -m).bit_length() - 1) // fbits if m else off
                mux.append(Write(0, off, val, m, wbytes, pin, "bits"))
        return mux, []

    def pin_name(self, ctrl, pin):
        width = self.geometry(ctrl)[0] // 8
        pad = ctrl.pad_names.get(pin * width)
        base = "PADCONFIG%d" % pin
        return "%s %s" % (base, pad) if pad else base

    def debugfs_kind(self, field):
        # pins shows each pin's register and its value
        return "pinctrl-single"

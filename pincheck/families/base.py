# SPDX-License-Identifier: GPL-2.0
"""The interface of a pin controller family: how to recognise a
controller, what its probe needs on QEMU virt, what its registers hold at
reset, and what the mainline driver writes for a pin node.

A write is Write(window, offset, value, mask, width, pin, field[, ctl]):
the driver puts (old & ~mask) | (value & mask) at byte offset of the
controller's window number `window` (its reg entry); ctl, when given, is
the DT path of another moved controller whose window it is (the i.MX7D
LPSR iomuxc writes its select-input registers into the main iomuxc's).  Expected register contents are the reset
image with the writes of every applied setting replayed in the core's
order.
"""

import struct
from collections import namedtuple

Write = namedtuple("Write", "window offset value mask width pin field ctl", defaults=(None,))


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

    def driver_file(self, node):
        """the driver's source for the node (its Makefile line names the
        Kconfig symbol the image needs); None: not known"""
        return None

    def fixup(self, orig, copy, ctx):
        """add what the probe needs (clocks, interrupts) to the copy"""

    def reset_word(self, window, offset):
        return 0

    def companions(self, node, by_ph):
        """other pin controller nodes the probe of this one needs moved too"""
        return []

    def reset_image(self, ctrl, window, size):
        buf = bytearray(size)
        for off in range(0, size, 4):
            struct.pack_into("<I", buf, off, self.reset_word(window, off) & 0xFFFFFFFF)
        return bytes(buf)

    def pin_writes(self, ctrl, node):
        """(mux writes, config writes) the driver makes for pin node `node`"""
        return [], []

    def claims(self, ctrl, node, mux):
        """the pins the core claims for the node's mux setting: those its
        mux writes are for, unless the family says otherwise"""
        return {w.pin for w in mux}

    def refuses(self, ctrl, node):
        """what of the node makes the driver's dt_node_to_map() fail (the
        device's pinctrl handle, and its probe, fail with it)"""
        return []

    def pin_name(self, ctrl, pin):
        return ctrl.pin_names.get(pin, "pin%d" % pin)

    def empty(self, ctrl, node):
        """True when the driver makes no map of this node"""
        return not any(self.pin_writes(ctrl, node))


POISON = 0xA5A5A5A5     # whole-word writers: every missed write shows

# SPDX-License-Identifier: GPL-2.0
"""The interface of a pin controller family: how to recognise a
controller, what its probe needs on QEMU virt, what its registers hold at
reset, and what the mainline driver writes for a pin node.

A write is Write(window, offset, value, mask, width, pin, field[, ctl]):
the driver puts (old & ~mask) | (value & mask) at byte offset of the
controller's window number `window` (its reg entry); ctl, when given, is
the DT path of another moved controller whose window it is (the i.MX7D
LPSR iomuxc writes its select-input registers into the main iomuxc's);
update, when given, is what a driver that keeps a cache writes: the new
register as a function of the old (the PMIC GPIO's direction), value then
only what it writes over the reset image. Expected register contents are
the reset image with the writes of every applied setting replayed in the
core's order.
"""

import struct
from collections import namedtuple

Write = namedtuple("Write", "window offset value mask width pin field ctl update",
                   defaults=(None, None))


class Family:
    """One pin controller family: the mainline driver's behaviour the
    rehearsal needs, read from the driver (or, for VSOC, its datasheet).

    A family module defines a subclass and registers an instance in
    FAMILIES (families/__init__.py). The rest of the package calls only
    the methods below; a family overrides what its driver does
    differently. `ctrl` is a board.Controller: ctrl.orig the board's
    node, ctrl.windows its register windows in reg order, ctrl.pin_names
    and ctrl.pad_names what the board's sources call its pins.
    """
    name = "?"
    # the compatibles the family's driver binds to
    compatibles = ()
    # props of the original node the copy drops: what QEMU virt cannot give
    drop = ("clocks", "clock-names", "resets", "reset-names", "power-domains",
            "power-domain-names", "interrupts", "interrupts-extended",
            "interrupt-parent", "assigned-clocks", "assigned-clock-rates",
            "assigned-clock-parents", "gpio-ranges", "gpio-ranges-group-names",
            "wakeup-parent", "iommus", "bootph-all", "bootph-pre-ram",
            "bootph-pre-sram", "bootph-some-ram", "syscon", "fsl,input-sel")

    # whether the board boots with pinctrl.strict_dt=1: False for a driver
    # that reads a binding of its own after the generic parser tried the
    # node (bcm2835's brcm,pins), which strict parsing refuses
    strict_dt = True
    # one group per pin (STM32, BCM2835, Samsung): a state the core cannot
    # apply has its pins before the first one taken muxed all the same
    group_per_pin = False
    # windows at the controller's own addresses, not relocated (sh-pfc,
    # whose tables hold physical addresses; board.transform)
    in_place = False

    def match(self, node):
        """True when `node` is a controller of this family"""
        return any(c in self.compatibles for c in node.strings("compatible"))

    def reg_nodes(self, node):
        """the nodes whose reg entries are the controller's windows, in
        order: the node itself, nodes under it (STM32's GPIO banks), or
        the syscon above it whose regmap its driver takes (mvebu's
        AP806/CP110: the copy is then the only child of a copy of it)"""
        return [node]

    def holder(self, ctl, root):
        """None: the copy is a child of the root at its window. Else (the
        node the copy goes under, made in root at the window, [(virt node,
        board node)] of what it made), ctl.dev_name set as the kernel names
        the device there (the PMIC GPIO's SPMI controller and PMIC)"""
        return None

    def stubs(self, node):
        """other nodes of the board the probe looks up (Samsung's PMU), to
        be copied with their compatible into a window of their own"""
        return []

    def driver_file(self, node):
        """the driver's source for the node (its Makefile line names the
        Kconfig symbol the image needs); None: not known"""
        return None

    def fixup(self, orig, copy, ctx):
        """add what the probe needs (clocks, interrupts) to the copy"""

    def kconfig_symbol(self, node):
        """the Kconfig symbol the image needs for the node, when the
        Makefile line of driver_file() does not say it (one file serving
        several SoCs); None: that line's"""
        return None

    def scratch(self, ctrl):
        """[(window, offset)] of 32-bit words the driver writes that hold
        no pin state (sh-pfc's unlock register, written before every
        register write): their changes are no stray writes"""
        return []

    def reset_word(self, window, offset):
        """the 32-bit word at `offset` of window `window` before the boot"""
        return 0

    def companions(self, node, by_ph):
        """other pin controller nodes the probe of this one needs moved too"""
        return []

    def reset_image(self, ctrl, window, size):
        """the bytes of window `window` before the boot (reset_word by word)"""
        buf = bytearray(size)
        for off in range(0, size, 4):
            struct.pack_into("<I", buf, off, self.reset_word(window, off) & 0xFFFFFFFF)
        return bytes(buf)

    def pin_writes(self, ctrl, node):
        """(mux writes, config writes) the driver makes for pin node `node`,
        a list of Write each, in the driver's order; the verdict replays
        them in the core's order (every mux of a state before its configs)"""
        return [], []

    def claims(self, ctrl, node, mux):
        """the pins the core claims for the node's mux setting: those its
        mux writes are for, unless the family says otherwise"""
        return {w.pin for w in mux}

    def refuses(self, ctrl, node):
        """what of the node makes the driver's dt_node_to_map() fail (the
        device's pinctrl handle, and its probe, fail with it)"""
        return []

    def apply_error(self, ctrl, node):
        """why the driver fails applying pin node `node` after the core
        made its maps (a configuration its pinconf_set refuses: the mux
        and the configurations before it are written, the state fails and
        the device with it), or None; pin_writes() then stops where the
        driver does"""
        return None

    def mux_error(self, ctrl, node):
        """why the core fails claiming a pin of node `node` (the driver's
        request op refuses it), or None: the mux writes pin_writes()
        returns, those of the pins before it, stay (the core undoes no
        register) and no configuration of the state is applied"""
        return None

    def unsupported_why(self, node):
        """why this family cannot rehearse a controller it matches (a SoC
        whose driver code is not ported: Rockchip), or None"""
        return None

    def unmatched_why(self, node):
        """why a node with one of the family's compatibles is not matched
        (mvebu's AP806/CP110 without their syscon parent), or None"""
        return None

    def not_rehearsed(self, ctrl, node):
        """what of pin node `node` the window cannot show (the BCM2835's
        clocked pulls), one line, or None: reported as "not rehearsed",
        never as a mismatch"""
        return None

    def inner_states(self, ctrl, node):
        """why the pin states of `node`, a node inside the controller other
        than the controller itself (an STM32 GPIO bank's, which its GPIO
        device applies), are not rehearsed; None: they are left as the
        copy has them"""
        return None

    def pin_fields(self, ctrl):
        """{pin: [Write]} of every pin of the part, each field of it as a
        Write (its value unused): what a board as it is (asis.py) checks,
        touched or not, against the reset image where no state writes it;
        empty: the family does not say, only the states' pins are checked"""
        return {}

    def pin_name(self, ctrl, pin):
        """the name the verdict shows for pin number `pin`"""
        return ctrl.pin_names.get(pin, "pin%d" % pin)

    def functions(self, ctrl, node):
        """the functions every pin (or group) of pin node `node` has, as
        the driver names them; None when the family has no function names
        (pincheck fix offers the one a misspelled function means)"""
        return None

    def empty(self, ctrl, node):
        """True when the driver makes no map of this node"""
        return not any(self.pin_writes(ctrl, node))

    def debugfs_kind(self, field):
        """how the kernel's debugfs shows field `field` of a Write, for the
        verdict to compare: None (it does not), or a kind of
        verdict.DEBUGFS_KINDS (the guest's checker reads the same codes)"""
        return None

    def mux_groups(self, ctrl, node, virt):
        """{pin: the group pinmux-pins names} of the mux settings of pin
        node `node` (virt: a DT path as the guest's DT has it); None: not
        checked"""
        return None

    # the verdict checks the core's pinconf-owners against conf_props()
    conf_owners = False

    def conf_props(self, ctrl, node):
        """[(pin, [DT property])]: the generic configuration properties a
        state's pin node `node` sets on each pin, for the provenance check
        (pinconf-owners, verdict.py; only when conf_owners is True)"""
        return []

    def problems(self, ctrl, node):
        """[(node path, property, what)]: what the driver's tables refuse in
        pin node `node` (a pin, group or function the controller lacks),
        in the kernel's words; pincheck lint prints each as
        "<node>: <property>: <what>". By default refuses()'s and
        mux_error()'s lines, each "<node>: <property>: <what>" (or
        "<node>: <property>")"""
        out = []
        for why in self.refuses(ctrl, node) + [w for w in [self.mux_error(ctrl, node)] if w]:
            path, prop, what = (why.split(": ", 2) + ["", ""])[:3]
            out.append((path, prop, what or prop))
        return out


POISON = 0xA5A5A5A5     # whole-word writers: every missed write shows

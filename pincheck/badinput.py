# SPDX-License-Identifier: GPL-2.0
"""What the verdict refuses as input (pincheck verdict exits 2, one line;
the guest's rehearse-ktap the same words): a window that is not what its
family's identity words say, a window or a debugfs dump the run lacks,
and, for a board as it is, a handle of pinctrl-handles that no DT node of
the plan made."""

import os
import re

from .readback import read_reg


class BadInput(SystemExit):
    """input the verdict cannot read (pincheck verdict exits 2): one line"""


def check_identity(ctl, regs):
    """the words of a family's window that say what it is (Family.identity,
    VSOC's ID, VERSION and NBANKS); BadInput naming the first that differs"""
    ident = getattr(ctl.family, "identity", None)
    name, words = ident(ctl) if ident else (None, [])
    for win, off, mask, value, reg in words:
        got = read_reg(regs[win], off, 4) if win < len(regs) else 0
        if got & mask != value:
            raise BadInput("%s: %s 0x%08x at offset %#x of window %d, expected 0x%08x under "
                           "0x%08x: not a %s window" % (ctl.path, reg, got, off, win, value,
                                                        mask, name))


def check_handles(guest, devs):
    """a board as it is: every handle of pinctrl-handles is a device of
    the plan, made from a DT node of the board (a handle the DT did not
    make, pinctrl maps registered by code, is no input of the replay)"""
    text = guest.files.get("/sys/kernel/debug/pinctrl/pinctrl-handles", "")
    for m in re.finditer(r"^device: (\S+) current state: ", text, re.M):
        if m.group(1) not in devs:
            raise BadInput("pinctrl-handles: %s has no DT node of the board with pin states"
                           % m.group(1))


def check_window(path):
    """a window the host reads after the boot (NAME.bin, or NAME.bin.gz):
    BadInput when the run has neither"""
    if not os.path.isfile(path) and not os.path.isfile(path + ".gz"):
        raise BadInput("%s: no such window file (qemu/run.sh leaves it after the boot)" % path)


def check_dumps(guest, ctl):
    """a family that reads pinconf-pins back field by field (VSOC) needs
    its dump: a capture with the controller's pins but not its
    pinconf-pins is not a boot of /init"""
    if getattr(ctl.family, "pinconf_fields", None) is None:
        return
    if guest.ctrl_file(ctl.dev, "pins") is not None and \
            guest.ctrl_file(ctl.dev, "pinconf-pins") is None:
        raise BadInput("no boot dump of /sys/kernel/debug/pinctrl/%s/pinconf-pins" % ctl.dev)

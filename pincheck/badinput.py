# SPDX-License-Identifier: GPL-2.0
"""What the verdict refuses as input (pincheck verdict exits 2, one line;
the guest's rehearse-ktap the same words): a window that is not what its
family's identity words say, and, for a board as it is, a handle of
pinctrl-handles that no DT node of the plan made."""

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

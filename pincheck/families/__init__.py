# SPDX-License-Identifier: GPL-2.0
"""Pin controller families the rehearsal knows: one module each, every one
a Family (base.py): how to recognise a controller, what its probe needs on
QEMU virt, what its registers hold at reset, and what the mainline driver
writes for a pin node.  FAMILIES is the registry the rest of the package
looks controllers up in."""

import re

from .base import POISON, Family, Write  # noqa: F401  (the package's interface)
from .imx import IMX
from .imx1 import IMX1
from .pinctrl_single import PinctrlSingle
from .sunxi import Sunxi
from .tlmm import TLMM

FAMILIES = [IMX(), IMX1(), PinctrlSingle(), Sunxi(), TLMM()]

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


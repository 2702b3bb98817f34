# SPDX-License-Identifier: GPL-2.0
"""Pin controller families the rehearsal knows: one module each, every one
a Family (base.py): how to recognise a controller, what its probe needs on
QEMU virt, what its registers hold at reset, and what the mainline driver
writes for a pin node.  FAMILIES is the registry the rest of the package
looks controllers up in."""

import os
import re

from .base import POISON, Family, Write  # noqa: F401  (the package's interface)
from .bcm2835 import BCM2835
from .imx import IMX
from .imx1 import IMX1
from .meson import Meson
from .mediatek import MediaTek
from .mvebu import MVEBU
from .pinctrl_single import PinctrlSingle
from .qcom_pmic import QcomPmic
from .qcom_pmic_mpp import QcomPmicMpp
from .renesas import Renesas
from .rockchip import Rockchip
from .samsung import Samsung
from .stm32 import STM32
from .sunxi import Sunxi
from .tegra import Tegra
from .tlmm import TLMM
from .vsoc import VSOC

# VSOC, matched by compatible alone, first: the others read the tree's
# driver tables (KSRC) to match
FAMILIES = [VSOC(), IMX(), IMX1(), PinctrlSingle(), Sunxi(), TLMM(), MVEBU(), STM32(), BCM2835(),
            Samsung(), Rockchip(), Meson(), Tegra(), MediaTek(), Renesas(), QcomPmic(),
            QcomPmicMpp()]

# Known pin controllers that the rehearsal cannot move into a window, and
# why (matched on a compatible's tail).
NOT_MMIO_HINTS = [
    (re.compile(r"-lpass-lpi-pinctrl$|-lpi-pinctrl$"),
     "an LPASS LPI pin controller (needs its audio clocks and power domain)"),
    # the GPIO and MPP blocks on SPMI are families qcom-pmic and
    # qcom-pmic-mpp's; on SSBI (the 32-bit PM8921, PM8058) they stay
    (re.compile(r"^qcom,pm.*-(gpio|mpp)$"), "a PMIC GPIO/MPP block on SPMI"),
    (re.compile(r"^marvell,dove-pinctrl$"),
     "a Dove MPP controller (marvell,dove-pinctrl): its driver sets MPPs through the PMU, "
     "MPP4 and global configuration registers with their own accessors and needs the SoC's "
     "clock and dove-global-config syscon, which the rehearsal does not model"),
    (re.compile(r"^ti,dra7-iodelay$"),
     "a DRA7 IODELAY block (ti,dra7-iodelay): its probe computes delays from the "
     "calibration counts the SoC's registers hold, which a RAM window does not"),
]


def family_of(node):
    """the family of a pin controller node whose driver is in the image"""
    for f in FAMILIES:
        if f.match(node):
            if other_image_tree():
                # TREE=7.3: the booting kernel's drivers, not the tree's
                return f if image_binds(node) and not unsupported(f, node) else None
            if missing_symbol(f, node) or unsupported(f, node):
                return None
            return f
    return None


def unsupported(fam, node):
    """why the family cannot rehearse this controller of its own (a SoC
    whose driver code is not ported), or None"""
    return fam.unsupported_why(node)


def other_image_tree():
    """the tree of the kernel that boots ($IMAGE_SRC) when it is not the
    tree whose boards and tables are read ($KSRC, TREE=7.3), else None"""
    img, ksrc = os.environ.get("IMAGE_SRC"), os.environ.get("KSRC")
    if not img or not ksrc or not os.path.isdir(img) or \
       os.path.realpath(img) == os.path.realpath(ksrc):
        return None
    return img


_IMAGE_COMPATS = {}


def image_compatibles(img):
    """{compatible: driver source} of the pin controller drivers of tree
    img that its image builds in (the strings of their .c files that
    look like compatibles)"""
    if img not in _IMAGE_COMPATS:
        out = {}
        d = os.path.join(img, "drivers/pinctrl")
        for root, _, files in os.walk(d):
            for fn in files:
                if not fn.endswith(".c"):
                    continue
                path = os.path.join(root, fn)
                text = open(path, errors="replace").read()
                if "of_device_id" not in text or not image_builds(path):
                    continue
                for m in re.finditer(r'\.compatible\s*=\s*"([^"]+)"', text):
                    out.setdefault(m.group(1), path)
        _IMAGE_COMPATS[img] = out
    return _IMAGE_COMPATS[img]


def image_binds(node):
    """False when the kernel that boots is built from another tree than
    the one read (TREE=7.3 on the project's 6.12) and none of its drivers
    binds to a compatible of the node"""
    img = other_image_tree()
    if img is None:
        return True
    have = image_compatibles(img)
    return any(c in have for c in node.strings("compatible"))


def kconfig_symbol(path):
    """CONFIG_X of "obj-$(CONFIG_X) += <file>.o" in the driver's Makefile"""
    mk = os.path.join(os.path.dirname(path), "Makefile")
    obj = os.path.basename(path)[:-2] + ".o"
    try:
        text = open(mk).read().replace("\\\n", " ")
    except OSError:
        return None
    for m in re.finditer(r"^obj-\$\((CONFIG_\w+)\)\s*\+?=(.*)$", text, re.M):
        if obj in m.group(2).split():
            return m.group(1)
    return None


# built in, or a module the guest loads (IMAGE_MODULES: a kernel not the
# project's, whose pin controller modules go into the initramfs)
def _built():
    return "[ym]" if os.environ.get("IMAGE_MODULES") else "y"


def image_builds(path):
    """whether the image builds the driver source at path in (True when
    that is not known)"""
    cfg = os.environ.get("IMAGE_CONFIG")
    sym = kconfig_symbol(path) if cfg and os.path.isfile(cfg) else None
    if not sym:
        return True
    with open(cfg) as f:
        return bool(re.search(r"^%s=%s$" % (sym, _built()), f.read(), re.M))


def missing_symbol(fam, node):
    """the Kconfig symbol of the node's driver when the image's .config
    ($IMAGE_CONFIG, the kernel that boots) does not build it in; None when
    it does, or when that is not known"""
    cfg = os.environ.get("IMAGE_CONFIG")
    path = fam.driver_file(node)
    if not cfg or not os.path.isfile(cfg) or not path:
        return None
    sym = fam.kconfig_symbol(node) or kconfig_symbol(path)
    if not sym:
        return None
    with open(cfg) as f:
        return None if re.search(r"^%s=%s$" % (sym, _built()), f.read(), re.M) else sym


def why_not(node):
    """one line saying why a pin controller node cannot be rehearsed"""
    compat = node.strings("compatible")
    for f in FAMILIES:
        if f.match(node):
            if not image_binds(node):
                return "the kernel has no driver for %s" % compat[0]
            sym = missing_symbol(f, node)
            if not sym and unsupported(f, node):
                return unsupported(f, node)
            return "no driver for %s in the image (%s is not set)" % (compat[0], sym)
    for f in FAMILIES:
        why = f.unmatched_why(node)
        if why:
            return why
    if other_image_tree() and not image_binds(node):
        return "the kernel has no driver for %s" % (compat[0] if compat else "a node without "
                                                    "compatible")
    ssbi = any("ssbi" in c for a in node.ancestors() for c in a.strings("compatible"))
    for c in compat:
        for rx, why in NOT_MMIO_HINTS:
            if rx.search(c):
                return "a PMIC GPIO/MPP block on SSBI" if ssbi and "PMIC" in why else why
    p = node.parent
    while p is not None and p.parent is not None:
        pc = p.strings("compatible")
        if any(re.search(r"spmi|i2c|spi|ssbi|mfd|pmic|rpmh", c) for c in pc) and \
           "ranges" not in p.props:
            return "not an MMIO block (under %s, %s)" % (p.path, pc[0] if pc else "?")
        p = p.parent
    return "no driver for %s in the image" % (compat[0] if compat else "a node without compatible")


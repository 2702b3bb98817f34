# SPDX-License-Identifier: GPL-2.0
"""pincheck fix (fix.py) without QEMU: the names a fix takes for the same
name spelled otherwise, the subjects' prefixes, and the edits on a small
tree written here: where dtc's annotations put a property (a shared .dtsi
when it sets it) and what each edit changes there.

    /usr/bin/python3 -m pytest -q pincheck/tests/test_fix.py
"""

import os
import shutil

import pytest

from pincheck import board, fdt, fix

CACHE = os.environ.get("VSOC_CACHE", os.path.expanduser("~/.cache/vsoc"))
KDTC = os.path.join(CACHE, "out/vsoc/scripts/dtc/dtc")
DTC = KDTC if os.access(KDTC, os.X_OK) else shutil.which("dtc")
need_dtc = pytest.mark.skipif(not DTC, reason="no dtc")


@pytest.mark.parametrize("a,b,same", [
    ("i2s0", "i2s", True),                  # sun5i-gr8's i2s0 for pinctrl-sun5i.c's i2s
    ("pinctrlnames", "pinctrl-names", True),
    ("pinctrl-name", "pinctrl-names", True),
    ("bias-pul-up", "bias-pull-up", True),
    ("spi0", "i2c0", False),                # two edits
    ("uart1", "uart1", False),              # the same name is no fix
    ("mmc", "emmc0", False),
])
def test_spelled_otherwise(a, b, same):
    assert fix.spelled_otherwise(a, b) == same


def test_prefix():
    assert fix.prefix("arch/arm64/boot/dts/freescale/imx8mm-phg.dts") == \
        "arm64: dts: freescale: imx8mm-phg: "
    assert fix.prefix("arch/arm/boot/dts/allwinner/sun5i-gr8.dtsi") == \
        "ARM: dts: allwinner: sun5i-gr8: "
    assert fix.prefix("arch/arm/boot/dts/nxp/imx/imx6q-a.dts") == "ARM: dts: nxp: imx: imx6q-a: "
    assert fix.prefix("tests/rehearse/qrb5165-rb5-lint.dts") == "qrb5165-rb5-lint: "


SOC = """\
/ {
	#address-cells = <1>;
	#size-cells = <1>;
	pc: pinctrl@1000 {
		reg = <0x1000 0x100>;
		beep_pins: beep-pins {
			pins = "gpio1";
			bias-pul-up;
		};
	};
	beeper {
		compatible = "gpio-beeper";
		pinctrl-0 = <&beep_pins>;
	};
};
"""
BOARD = """\
/dts-v1/;
#include "soc.dtsi"

/ {
	model = "test";
};
"""


@need_dtc
def test_annotated_and_edits(tmp_path):
    """the beeper's pinctrl-0 and the pin node's bias-pul-up are set in
    soc.dtsi (lines 13 and 8): the edits go there"""
    ksrc = tmp_path / "tree"
    d = ksrc / "arch/arm64/boot/dts/v"
    d.mkdir(parents=True)
    (ksrc / "scripts/dtc/include-prefixes").mkdir(parents=True)
    (d / "soc.dtsi").write_text(SOC)
    (d / "b.dts").write_text(BOARD)
    where = fix.annotated(str(d / "b.dts"), str(ksrc), DTC)
    soc = os.path.realpath(str(d / "soc.dtsi"))
    assert where[("/beeper", "pinctrl-0")] == (soc, 13, 13)
    assert where[("/pinctrl@1000/beep-pins", "bias-pul-up")] == (soc, 8, 8)
    assert where[("/", "model")][0] == os.path.realpath(str(d / "b.dts"))

    # pinctrl-names before pinctrl-0, with its indentation
    dtb = tmp_path / "b.dtb"
    board.compile_dts(str(d / "b.dts"), str(dtb), str(ksrc), DTC)
    node = fdt.read(str(dtb)).find("/beeper")
    c = {"path": "/beeper", "unapplied": "pinctrl-0 has no pinctrl-names: ...", "failed": False}
    e = fix.names_edit(c, node, where)
    lines = SOC.split("\n")
    assert e.file == soc and e.apply(lines)
    assert lines[11:14] == ['\t\tcompatible = "gpio-beeper";', '\t\tpinctrl-names = "default";',
                            "\t\tpinctrl-0 = <&beep_pins>;"]
    assert e.subject == "Add pinctrl-names to beeper"
    # a renamed property: only on its own line
    lines = SOC.split("\n")
    assert fix.rename_on(lines, 8, 8, "bias-pul-up", "bias-pull-up")
    assert lines[7] == "\t\t\tbias-pull-up;" and "bias-pul-up" not in "\n".join(lines)
    assert not fix.rename_on(lines, 7, 7, "bias-pul-up", "bias-pull-up")
    # two states: which is which needs the board
    node.props["pinctrl-1"] = node.props["pinctrl-0"]
    assert fix.names_edit(c, node, where) is None

# SPDX-License-Identifier: GPL-2.0
"""The VSOC family's writes, against values worked out by hand from the
datasheet (docs/vsoc/datasheet.md): MUXn at 0x100 + 4 * (p / 8), a 4-bit
select at bit 4 * (p % 8); PADp at 0x1000 + 4 * p with BIAS [2:0], PULL
[4:3], DRIVE [6:5], STAGES [9:7], SCHMITT [10], HYST [12:11], DEBOUNCE
[16:13], SLEW_RISE [18:17], SLEW_FALL [20:19], POWER [22:21], LOWPOWER
[23], WAKEUP [24], INPUT [25]."""

import os
import subprocess

import pytest

from pincheck import fdt
from pincheck.families import family_of
from pincheck.families.vsoc import pin_label, pin_number

DTS = """
/dts-v1/;
/ {
	#address-cells = <2>;
	#size-cells = <2>;
	pinctrl@4c000000 {
		compatible = "vsoc,vsoc1-pinctrl";
		reg = <0x0 0x4c000000 0x0 0x10000>;
		spi0: spi0-state {
			spi0-pins {
				groups = "spi0_grp";
				function = "spi0";
				drive-strength = <8>;
				bias-pull-up = <22000>;
			};
		};
		gpio: gpio-state {
			pins = "PA21", "PA22";
			function = "gpio";
			input-schmitt = <3>;
			input-debounce = <1024>;
			vsoc,wakeup = <0>;
		};
		pa4: pa4-state {
			groups = "PA4";
			function = "gpio";
			low-power-enable;
			vsoc,wakeup;
		};
		both: both-state {
			pins = "PA5";
			bias-pull-up;
			pa6 {
				pins = "PA6";
				drive-push-pull;
			};
			pa7 {
				status = "disabled";
				pins = "PA7";
				bias-pull-up;
			};
		};
		off: off-state {
			status = "disabled";
			pa10 {
				pins = "PA10";
				drive-push-pull;
			};
		};
		twice: twice-state {
			pins = "PA8";
			bias-disable;
			vsoc,bias-high;
			bias-pull-up;
		};
		bad: bad-state {
			pins = "PA32", "PZ0";
			function = "uart0";
			drive-strength = <5>;
			vsoc,wakeup = <2>;
		};
	};
};
"""


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    d = tmp_path_factory.mktemp("vsoc")
    src, dtb = os.path.join(d, "t.dts"), os.path.join(d, "t.dtb")
    with open(src, "w") as f:
        f.write(DTS)
    subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", dtb, src], check=True)
    return fdt.read(dtb)


def writes(tree, state):
    ctl = tree.find("/pinctrl@4c000000")
    fam = family_of(ctl)
    assert fam.name == "vsoc"
    mux, conf = fam.pin_writes(None, tree.find("/pinctrl@4c000000/" + state))
    return fam, [(w.offset, w.value, w.mask) for w in mux], [(w.offset, w.value, w.mask, w.field) for w in conf]


def test_pin_names():
    # section 3: pin 0 is PA0, 77 PC13, 122 PD26, 255 PH31; banks 26.. are AA..
    assert [pin_label(p) for p in (0, 77, 122, 255, 832)] == ["PA0", "PC13", "PD26", "PH31", "PAA0"]
    assert [pin_number(n) for n in ("PA0", "PC13", "PD26", "PH31", "PAF31")] == [0, 77, 122, 255, 1023]
    assert [pin_number(n) for n in ("PA32", "PA00", "pa0", "PAG0", "P", "GPIO_0")] == [None] * 6


def test_group_mux_and_pad(tree):
    fam, mux, conf = writes(tree, "spi0-state")
    # spi0_grp: pins 76..79 (PC12..PC15), select 3; MUX9 (0x124) holds pins
    # 72..79, pin 76 at bits [19:16], 77 [23:20], 78 [27:24], 79 [31:28]
    assert mux == [(0x124, 3 << 16, 0xF << 16), (0x124, 3 << 20, 0xF << 20),
                   (0x124, 3 << 24, 0xF << 24), (0x124, 3 << 28, 0xF << 28)]
    # drive-strength 8 mA: STAGES = 8 / 2 - 1 = 3 at [9:7] -> 0x180, mask 0x380;
    # bias-pull-up 22000: BIAS = 2 at [2:0], PULL = 2 at [4:3] -> 0x10
    pad76 = [(v, m, f) for o, v, m, f in conf if o == 0x1000 + 4 * 76]
    assert sorted(pad76) == sorted([(0x2, 0x7, "bias"), (0x10, 0x18, "pull"), (0x180, 0x380, "stages")])
    assert {o for o, *_ in conf} == {0x1000 + 4 * p for p in (76, 77, 78, 79)}
    assert fam.problems(None, tree.find("/pinctrl@4c000000/spi0-state")) == []


def test_pins_gpio_schmitt_debounce_wakeup0(tree):
    fam, mux, conf = writes(tree, "gpio-state")
    # PA21, PA22: MUX2 (0x108) holds pins 16..23, 21 at [23:20], 22 at [27:24], select 0
    assert mux == [(0x108, 0, 0xF << 20), (0x108, 0, 0xF << 24)]
    pad21 = sorted((v, m) for o, v, m, f in conf if o == 0x1000 + 4 * 21)
    # input-schmitt 3: SCHMITT 1 (bit 10: 0x400), HYST 3 - 1 = 2 at [12:11] (0x1000);
    # input-debounce 1024 us = 2^10: k = 11 at [16:13] (0x16000, mask 0x1e000);
    # vsoc,wakeup = <0>: WAKEUP 0 at [24] (mask 0x1000000)
    assert pad21 == sorted([(0x400, 0x400), (0x1000, 0x1800), (0x16000, 0x1E000), (0, 0x1000000)])


def test_pin_group_in_gpio(tree):
    fam, mux, conf = writes(tree, "pa4-state")
    # PA4's own group, function gpio: MUX0 (0x100), bits [19:16], select 0;
    # low-power-enable: LOWPOWER [23]; vsoc,wakeup without a value: WAKEUP 1 [24]
    assert mux == [(0x100, 0, 0xF << 16)]
    assert sorted(conf) == sorted([(0x1010, 1 << 23, 1 << 23, "lowpower"),
                                   (0x1010, 1 << 24, 1 << 24, "wakeup")])


def test_node_and_its_subnodes(tree):
    """vsoc_dt_node_to_map() reads the node, then each available child
    (as pinconf_generic_dt_node_to_map()); a disabled child not"""
    fam, mux, conf = writes(tree, "both-state")
    # PA5 (0x1014): bias-pull-up alone = 100k: BIAS 2 [2:0], PULL 0 [4:3];
    # PA6 (0x1018): drive-push-pull: DRIVE 1 [6:5] -> 0x20, mask 0x60
    assert mux == []
    assert sorted(conf) == sorted([(0x1014, 0x2, 0x7, "bias"), (0x1014, 0, 0x18, "pull"),
                                   (0x1018, 0x20, 0x60, "drive")])


def test_child_of_a_disabled_node(tree):
    """a child is read by its own status (for_each_available_child_of_node),
    not its parent's: PA10 (0x1028) DRIVE 1 [6:5]"""
    fam, mux, conf = writes(tree, "off-state")
    assert mux == [] and conf == [(0x1028, 0x20, 0x60, "drive")]


def test_a_field_set_twice(tree):
    """section 5: one node sets each PAD field once; bias-disable and
    bias-pull-up are the generic parser's own conflict (pincheck lint's
    "conflicts with"), vsoc,bias-high against either is VSOC's"""
    fam = family_of(tree.find("/pinctrl@4c000000"))
    node = "/pinctrl@4c000000/twice-state"
    assert fam.problems(None, tree.find(node)) == [
        (node, "vsoc,bias-high", "sets BIAS, as bias-disable does")]


def test_refused(tree):
    fam, mux, conf = writes(tree, "bad-state")
    probs = ["%s: %s: %s" % p for p in fam.problems(None, tree.find("/pinctrl@4c000000/bad-state"))]
    node = "/pinctrl@4c000000/bad-state"
    assert probs == [
        "%s: pins: PA32 is no VSOC pin name" % node,
        "%s: pins: PZ0 is beyond the 256 pins of the part" % node,
        "%s: function: pins take function gpio only, not uart0" % node,
        "%s: drive-strength: a value VSOC cannot hold" % node,
        "%s: vsoc,wakeup: a value VSOC cannot hold" % node,
    ]
    assert mux == [] and conf == []


def test_debugfs_readback():
    """the driver's pins line, vsoc_pin_dbg_show(): "mux %lu pad 0x%08x";
    PA0 of vsoc-evb at select 1, PAD 0xa0 (DRIVE 1 at [6:5], STAGES 1 at
    [9:7]), and behind a GPIO range's words"""
    from types import SimpleNamespace
    from pincheck import verdict
    vsoc = family_of(SimpleNamespace(strings=lambda p: ["vsoc,vsoc1-pinctrl"]))
    ctl = SimpleNamespace(family=vsoc, guest_pins={
        0: ("PA0", "mux 1 pad 0x000000a0"),
        1: ("PA1", "0:gpio-0-31 mux 0 pad 0x02000002"),
        2: ("PA2", "mux 1 pad 0xa0")})
    assert verdict.debugfs_value(ctl, 0, "mux", {}, 0xF) == 1
    assert verdict.debugfs_value(ctl, 0, "drive", {}, 0x60) == 1
    assert verdict.debugfs_value(ctl, 0, "stages", {}, 0x380) == 1
    assert verdict.debugfs_value(ctl, 1, "input", {}, 1 << 25) == 1
    assert verdict.debugfs_value(ctl, 1, "bias", {}, 0x7) == 2
    # a line that is not the driver's form shows nothing
    assert verdict.debugfs_value(ctl, 2, "mux", {}, 0xF) is None
    assert verdict.debugfs_value(ctl, 3, "mux", {}, 0xF) is None


def test_mux_groups_and_conf_props(tree):
    """pinmux-pins' group: a group of section 3 (spi0_grp: PC12..PC15,
    pins 76..79), a pin's own (PA4), or the driver's group named after the
    node of two or more pins of function gpio (vsoc_dt_node_group());
    pinconf-owners' properties per pin"""
    fam = family_of(tree.find("/pinctrl@4c000000"))
    node = tree.find("/pinctrl@4c000000/spi0-state")
    assert fam.mux_groups(None, node, lambda p: p) == {p: "spi0_grp" for p in range(76, 80)}
    node = tree.find("/pinctrl@4c000000/gpio-state")
    assert fam.mux_groups(None, node, lambda p: "/virt" + p) == {
        21: "/virt/pinctrl@4c000000/gpio-state", 22: "/virt/pinctrl@4c000000/gpio-state"}
    assert fam.conf_props(None, node) == [
        (21, ["input-schmitt", "input-debounce", "vsoc,wakeup"]),
        (22, ["input-schmitt", "input-debounce", "vsoc,wakeup"])]
    node = tree.find("/pinctrl@4c000000/pa4-state")
    assert fam.mux_groups(None, node, lambda p: p) == {4: "PA4"}


def test_pinconf_pins_decoded():
    """pinconf-pins read back into the PAD fields (decode_pinconf), against
    values worked out from the datasheet's sections 4 and 5"""
    from pincheck.families.vsoc import decode_pinconf
    # vsoc-evb's PA0 (drive-push-pull, drive-strength 4 mA): DRIVE 1,
    # STAGES 4 / 2 - 1 = 1; 4 quarters on both edges: SLEW codes 0; bias
    # disabled: BIAS 0 (PULL not shown); the flags without items are 0
    pa0 = ("input bias disabled, output drive push pull, output drive strength (4 mA), "
           "output enabled, pin power source (0 selector), slew rate (0x4), "
           "slew rate rising (4 quarters), slew rate falling (4 quarters)")
    assert decode_pinconf(pa0) == {
        "bias": 0, "drive": 1, "stages": 1, "schmitt": 0, "debounce": 0, "slew_rise": 0,
        "slew_fall": 0, "power": 0, "lowpower": 0, "wakeup": 0, "input": 0}
    # PG3: pull-up 47 kOhm (BIAS 2, PULL 1), Schmitt with hysteresis level 1
    # (SCHMITT 1, HYST 0), wakeup, input; debounce 1024 us = 2^10 (k 11);
    # 1 quarter rising, 3 falling: SLEW codes 3 and 1, no common "slew rate"
    pg3 = ("input bias pull up (47000 ohms), output drive strength (2 mA), input debounce "
           "(1024 usec), input enabled, input schmitt trigger, input schmitt enabled, "
           "pin low power (1 mode), pin power source (2 selector), slew rate rising "
           "(1 quarters), slew rate falling (3 quarters), wakeup enabled, "
           "input schmitt hysteresis (1 level)")
    assert decode_pinconf(pg3) == {
        "bias": 2, "pull": 1, "drive": 0, "stages": 0, "schmitt": 1, "hyst": 0,
        "debounce": 11, "slew_rise": 3, "slew_fall": 1, "power": 2, "lowpower": 1,
        "wakeup": 1, "input": 1}
    # items that contradict each other or hold what the datasheet does not
    # have: "?" for their fields alone
    bad = decode_pinconf(pa0.replace(", output enabled", "")
                         .replace("4 mA", "5 mA").replace("falling (4", "falling (3"))
    assert {f for f, v in bad.items() if v == "?"} == {"drive", "stages", "slew_rise",
                                                       "slew_fall"}
    assert decode_pinconf(pa0 + ", input schmitt trigger")["schmitt"] == "?"
    assert decode_pinconf("output enabled")["bias"] == "?"
    # an item the driver does not print: nothing of the line is trusted
    assert set(decode_pinconf(pa0 + ", input bias bus hold").values()) == {"?"}


def test_window_identity():
    """section 2: ID 0x56534f43 at 0x0, VERSION 1.x at 0x4 (major in
    [31:16]), NBANKS 8 at 0x8; a window saying otherwise is bad input"""
    import struct
    from types import SimpleNamespace
    from pincheck import verdict
    vsoc = family_of(SimpleNamespace(strings=lambda p: ["vsoc,vsoc1-pinctrl"]))
    ctl = SimpleNamespace(family=vsoc, path="/soc/pinctrl@4c000000")
    good = struct.pack("<III", 0x56534F43, 0x00010003, 8) + bytes(0x10000 - 12)
    verdict.check_identity(ctl, [good])        # a minor version is still 1.x
    with pytest.raises(verdict.BadInput, match=r"^/soc/pinctrl@4c000000: NBANKS 0x00000004 "
                       r"at offset 0x8 of window 0, expected 0x00000008 under 0xffffffff: "
                       r"not a VSOC 1.x window$"):
        verdict.check_identity(ctl, [good[:8] + struct.pack("<I", 4) + good[12:]])
    with pytest.raises(verdict.BadInput, match="ID 0x00000000 at offset 0x0"):
        verdict.check_identity(ctl, [bytes(0x10000)])
    # the part's size is the reset image's NBANKS: 4 banks, 128 pins
    ctl.reset = [good[:8] + struct.pack("<I", 4) + good[12:]]
    assert len(vsoc.pin_fields(ctl)) == 128
    verdict.check_identity(ctl, ctl.reset)

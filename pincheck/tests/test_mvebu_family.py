# SPDX-License-Identifier: GPL-2.0
"""The mvebu family's reading of the tree's drivers (drivers/pinctrl/
mvebu/): the MPP tables and their variant masks, where each MPP's register
is, and the Armada 37xx group table. The expected writes are worked out by
hand from the driver rows each test names: MPP N is the 4 bits at offset
N / 8 * 4, bit N % 8 * 4 (MVEBU_MPPS_PER_REG 8, MVEBU_MPP_BITS 4); the
tests need the kernel tree (they skip without it)."""

from pincheck.families import Write, family_of, why_not
from pincheck.families.mvebu import MVEBU, expand

from .conftest import controller

MPP_DTS = """/dts-v1/;
/ { #address-cells = <1>; #size-cells = <1>;
%s
}; };
"""


def tree_of(dts, compat, grp, syscon=False):
    if syscon:
        head = ('sc@440000 { compatible = "syscon", "simple-mfd"; reg = <0x440000 0x2000>;\n'
                'pinctrl { compatible = "%s";\n\tgrp { %s };\n}; };' % (compat, grp))
        return dts(MPP_DTS.replace("}; };\n", "};\n") % head), "/sc@440000/pinctrl"
    body = 'pinctrl@18000 { compatible = "%s"; reg = <0x18000 0x20>, <0x18050 0x4>;\n' \
        '\tgrp { %s };' % (compat, grp)
    return dts(MPP_DTS % body), "/pinctrl@18000"


def mvebu(dts, compat, grp, syscon=False):
    tree, path = tree_of(dts, compat, grp, syscon)
    fam = MVEBU()
    c = controller(tree.find(path), fam)
    node = tree.find(path + "/grp")
    return c, node, fam.pin_writes(c, node)[0]


def test_expand_function_like_macro():
    # kirkwood's V(f6180, ..., dx1135): (f6180 << 0) | (f6190 << 1) | ...
    v = {"V": (["a", "b"], "((a << 0) | (b << 1))")}
    assert eval(expand("V(1, 1) | 4", v)) == 7


def test_armada_38x_mpp21_sd0(dts, ksrc):
    # MPP_MODE(21, ... MPP_VAR_FUNCTION(4, "sd0", "cmd", V_88F6810_PLUS))
    # (pinctrl-armada-38x.c): word 21 / 8 * 4 = 0x8, shift 21 % 8 * 4 = 20
    c, node, mux = mvebu(dts, "marvell,mv88f6820-pinctrl",
                         'marvell,pins = "mpp21"; marvell,function = "sd0";')
    assert mux == [Write(0, 0x8, 0x4 << 20, 0xF << 20, 4, 21, "mux")]
    assert c.family.pin_name(c, 21) == "mpp21"
    assert c.family.problems(c, node) == []


def test_kirkwood_variant_mask(dts, ksrc):
    # MPP_MODE(4, ... MPP_VAR_FUNCTION(0xb, "lcd", "hsync", V(0, 0, 0, 0,
    # 1, 0, 0))): the 88F6282 only; word 0, shift 16
    grp = 'marvell,pins = "mpp4"; marvell,function = "lcd";'
    _, _, mux = mvebu(dts, "marvell,88f6282-pinctrl", grp)
    assert mux == [Write(0, 0x0, 0xB << 16, 0xF << 16, 4, 4, "mux")]
    c, node, mux = mvebu(dts, "marvell,88f6281-pinctrl", grp)
    assert mux == []
    [(path, prop, what)] = c.family.problems(c, node)
    assert (path, prop) == ("/pinctrl@18000/grp", "marvell,function")
    assert what.startswith("unsupported function lcd on pin mpp4 (it has gpio, nand, ptp, sata1, uart0")
    assert c.family.refuses(c, node)        # its map has an uninitialised entry


def test_orion_high_mpps_in_second_window(dts, ksrc):
    # orion_mpp_ctrl_set(): pid < 16 in the first reg, the rest in the
    # second at offset 0; MPP_MODE(17, ... MPP_VAR_FUNCTION(0x5, "gpio",
    # NULL, V_5182)): shift 17 % 8 * 4 = 4 of window 1
    _, _, mux = mvebu(dts, "marvell,88f5182-pinctrl",
                      'marvell,pins = "mpp3", "mpp17"; marvell,function = "gpio";')
    assert mux == [Write(0, 0x0, 0x0, 0xF << 12, 4, 3, "mux"),
                   Write(1, 0x0, 0x5 << 4, 0xF << 4, 4, 17, "mux")]


def test_cp110_variant_assigned_by_probe(dts, ksrc):
    # armada_cp110_pinctrl_probe(): modes 0..31 get V_ARMADA_7K_8K_CPS |
    # V_CP115_STANDALONE, so the 8K's CPM has no function on MPP4, its CPS
    # has MPP_FUNCTION(6, "uart1", "cts") at word 0, shift 16; the registers
    # are the parent syscon's (reg_nodes), the family needs that parent
    grp = 'marvell,pins = "mpp4"; marvell,function = "uart1";'
    c, node, mux = mvebu(dts, "marvell,armada-8k-cps-pinctrl", grp, syscon=True)
    assert mux == [Write(0, 0x0, 0x6 << 16, 0xF << 16, 4, 4, "mux")]
    assert [n.path for n in c.family.reg_nodes(c.orig)] == ["/sc@440000"]
    assert c.family.match(c.orig)
    c, node, mux = mvebu(dts, "marvell,armada-8k-cpm-pinctrl", grp, syscon=True)
    assert mux == [] and "(it has none)" in c.family.problems(c, node)[0][2]


def test_ap806_needs_its_syscon(dts, ksrc):
    # MPP_MODE(11, MPP_FUNCTION(3, "uart0", "txd")): word 4, shift 12
    grp = 'marvell,pins = "mpp11"; marvell,function = "uart0";'
    c, _, mux = mvebu(dts, "marvell,ap806-pinctrl", grp, syscon=True)
    assert mux == [Write(0, 0x4, 0x3 << 12, 0xF << 12, 4, 11, "mux")]
    c, _, _ = mvebu(dts, "marvell,ap806-pinctrl", grp)
    assert not c.family.match(c.orig)       # a regmap driver without a syscon parent
    assert why_not(c.orig) == "its driver takes the regmap of its parent, and / is not a " \
        "syscon with a reg"


def test_unknown_pin(dts, ksrc):
    c, node, mux = mvebu(dts, "marvell,mv88f6820-pinctrl",
                         'marvell,pins = "mpp60"; marvell,function = "gpio";')
    assert mux == []
    assert c.family.problems(c, node) == [("/pinctrl@18000/grp", "marvell,pins",
                                           "unknown pin mpp60")]


def test_armada_37xx_groups(dts, ksrc):
    # armada_37xx_nb_groups: PIN_GRP_EXTRA("uart2", 9, 2, BIT(1) | BIT(13) |
    # BIT(14) | BIT(19), BIT(1) | BIT(13) | BIT(14), BIT(1) | BIT(19), 18,
    # 2, "gpio", "uart"): pins 9, 10, 18, 19, "uart" = BIT(1) | BIT(19)
    # under the mask, at SELECTION (0x30); pins named "GPIO1-<n>"
    body = 'pinctrl@13800 { compatible = "marvell,armada3710-nb-pinctrl", "syscon", ' \
        '"simple-mfd"; reg = <0x13800 0x100>, <0x13c00 0x20>;\n\tgrp { groups = "uart2"; ' \
        'function = "uart"; };'
    tree = dts(MPP_DTS % body)
    fam = MVEBU()
    c = controller(tree.find("/pinctrl@13800"), fam)
    node = tree.find("/pinctrl@13800/grp")
    mux = fam.pin_writes(c, node)[0]
    assert mux == [Write(0, 0x30, 0x80002, 0x86002, 4, p, "mux") for p in (9, 10, 18, 19)]
    assert fam.claims(c, node, mux) == {9, 10, 18, 19}
    assert fam.pin_name(c, 18) == "GPIO1-18"


def test_dove_is_not_this_family(dts, ksrc):
    # dove_pmu_mpp_ctrl and its siblings: accessors of its own
    tree = dts(MPP_DTS % 'pinctrl@d0200 { compatible = "marvell,dove-pinctrl"; '
               'reg = <0xd0200 0x14>;')
    node = tree.find("/pinctrl@d0200")
    assert not MVEBU().match(node)
    assert family_of(node) is None


def test_board_name_with_a_plus(ksrc):
    # arch/arm's kirkwood-netgear_readynas_nv+_v2.dts is one board, not a
    # base board and an overlay "_v2"
    from pincheck import board
    b = "arm/marvell/kirkwood-netgear_readynas_nv+_v2"
    assert board.canonical(b, ksrc) == b
    [src] = board.resolve(b, ksrc)
    assert src.endswith("/kirkwood-netgear_readynas_nv+_v2.dts")
    assert board.board_parts("freescale/imx8mm-evk+x", ksrc) == ["freescale/imx8mm-evk", "x"]

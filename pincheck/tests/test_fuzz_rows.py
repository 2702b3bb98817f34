# SPDX-License-Identifier: GPL-2.0
"""make fuzz: the row mutator (m_family) reaches the pin rows of the
families with rows of their own, a row at a time for cells and a name at a
time for lists of names; the other properties of the node stay."""

import random

from pincheck.fuzz.model import Model, cells_of
from pincheck.fuzz.mutators import ROWS, m_family

# a Rockchip-like controller (four cells a row: bank, pin, mux, &config)
# and a Marvell-like one (names), each with one consumer
BOARD = """/dts-v1/;
/ {
	pinctrl@1000 {
		compatible = "x,rk";
		pcfg: pcfg-pull-none { bias-disable; };
		uart_rk: uart { rockchip,pins = <1 2 3 &pcfg>, <1 3 3 &pcfg>; };
	};
	pinctrl@2000 {
		compatible = "x,mvebu";
		uart_mv: uart { marvell,pins = "mpp0", "mpp1"; marvell,function = "uart0"; };
		spi { marvell,pins = "mpp4"; marvell,function = "spi0"; };
	};
	serial@3000 { pinctrl-names = "default"; pinctrl-0 = <&uart_rk>; };
	serial@4000 { pinctrl-names = "default"; pinctrl-0 = <&uart_mv>; };
};
"""


def test_rows_cover_the_part2_families():
    # the widths read off each family's binding by hand
    assert ROWS["rockchip,pins"] == 4
    assert ROWS["pinmux"] == 1
    assert ROWS["fsl,pins"] == 6
    for names in ("marvell,pins", "samsung,pins", "nvidia,pins", "nvidia,function"):
        assert ROWS[names] is None


def test_each_seed_changes_one_row_property_of_a_used_node(dts):
    seen = set()
    for seed in range(60):
        tree = dts(BOARD)
        before = {n.path: dict(n.props) for n in tree.root.walk()}
        node, prop, what = m_family(random.Random(seed), Model(tree, "rehearse"))
        seen.add(prop)
        # only the used nodes: the spi node has no consumer
        assert node.path in ("/pinctrl@1000/uart", "/pinctrl@2000/uart"), what
        assert prop in ROWS
        changed = [n.path + ":" + p for n in tree.root.walk()
                   for p in set(n.props) | set(before.get(n.path, {}))
                   if n.props.get(p) != before.get(n.path, {}).get(p)]
        assert changed in ([node.path + ":" + prop], []), (what, changed)
        if prop == "rockchip,pins" and " cell " in what:
            # one cell of the 8 changed; the row count stays
            assert len(cells_of(node.props[prop])) == 8
    assert {"rockchip,pins", "marvell,pins", "marvell,function"} <= seen

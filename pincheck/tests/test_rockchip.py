# SPDX-License-Identifier: GPL-2.0
"""The Rockchip family: the tables read from pinctrl-rockchip.c, and the
hiword-masked writes the driver makes for a pin node. Expected values are
worked out by hand from the driver's tables and calc functions (the
comments say which); the family reads the kernel tree, so these tests
need it (they skip without it)."""

import os
import types

from pincheck import csrc, verdict
from pincheck.families import Write
from pincheck.families import rockchip_tables as tables
from pincheck.families.rockchip import GRF, PMU, Rockchip

from .conftest import controller

RK_DTS = """/dts-v1/;
/ { #address-cells = <1>; #size-cells = <1>;
grf: syscon@fdc60000 { compatible = "syscon"; reg = <0xfdc60000 0x10000>; };
pmugrf: syscon@fdc20000 { compatible = "syscon"; reg = <0xfdc20000 0x10000>; };
pinctrl { compatible = "%s"; rockchip,grf = <&grf>; rockchip,pmu = <&pmugrf>;
	gpio0: gpio@fdd60000 { compatible = "rockchip,gpio-bank"; reg = <0xfdd60000 0x100>; };
	fn { grp { rockchip,pins = <%s>; }; };
	pcfg_pull_up: pcfg-pull-up { bias-pull-up; };
	pcfg_none: pcfg-none { bias-disable; };
	pcfg_drv2: pcfg-drv2 { bias-pull-up; drive-strength = <2>; };
	pcfg_drv10: pcfg-drv10 { drive-strength = <10>; };
	pcfg_in: pcfg-in { input-enable; bias-pull-up; };
	pcfg_smt: pcfg-smt { input-schmitt-enable; };
}; };
"""


def rk(dts, rows, compat="rockchip,rk3568-pinctrl"):
    fam = Rockchip()
    t = dts(RK_DTS % (compat, rows))
    c = controller(t.find("/pinctrl"), fam)
    return c, fam.pin_writes(c, t.find("/pinctrl/fn/grp"))


def hi(win, reg, bit, width, val, pin, field):
    """the hiword write as the driver computes it, spelled out"""
    en = ((1 << width) - 1) << (bit + 16)
    return Write(win, reg, en | (val << bit), en | (en >> 16), 4, pin, field)


# --- the tables ------------------------------------------------------------
def test_rk3568_banks(ksrc):
    s = tables.read(ksrc)[0]["rockchip,rk3568-pinctrl"]
    k = s.k
    # bank 0: IOMUX_SOURCE_PMU | IOMUX_WIDTH_4BIT, pmu_mux_offset 0, 8
    # bytes per 8 pins; bank 1 in the GRF from grf_mux_offset 0
    assert [t for t, _ in s.banks[0].iomux] == [k["IOMUX_SOURCE_PMU"] | k["IOMUX_WIDTH_4BIT"]] * 4
    assert [o for _, o in s.banks[0].iomux] == [0, 8, 16, 24]
    assert [o for _, o in s.banks[1].iomux] == [0, 8, 16, 24]
    assert [b.base for b in s.banks] == [0, 32, 64, 96, 128]
    # RK_MUXROUTE_GRF(0, RK_PD1, 1, 0x030c, WRITE_MASK_VAL(10, 10, 0))
    assert s.banks[0].routes[(25, 1)] == (k["ROCKCHIP_ROUTE_GRF"], 0x30C, 1 << 26)


def test_rk3288_offsets_accumulate(ksrc):
    # rockchip_pinctrl_get_soc_data(): bank 0's fourth group is never
    # reached (24 pins); banks 1-6 take 4 bytes a group, 8 a 4-bit one
    s = tables.read(ksrc)[0]["rockchip,rk3288-pinctrl"]
    assert s.banks[0].iomux[3][1] == -1
    assert [o for _, o in s.banks[7].iomux] == [0x6C, 0x70, 0x74, 0x7C]


def test_rk3399_drive_offsets_and_route(ksrc):
    s = tables.read(ksrc)[0]["rockchip,rk3399-pinctrl"]
    k = s.k
    # bank 0: drive offsets 0x80, 0x88 preset, then 0x8c, 0x90 (1V8 types: +4)
    assert [o for _, o in s.banks[0].drv] == [0x80, 0x88, 0x8C, 0x90]
    # RK_MUXROUTE_SAME(2, RK_PD2, 2, 0xe21c, BIT(16 + 14)) /* pcie_clkreqn */
    assert s.banks[2].routes[(26, 2)] == (k["ROCKCHIP_ROUTE_SAME"], 0xE21C, 1 << 30)


def test_recalced_and_3588_tables(ksrc):
    socs, names, text = tables.read(ksrc)
    # rk3328_mux_recalced_data[0]: gpio2_b7_sel, .reg 0x28 .bit 0 .mask 7
    assert socs["rockchip,rk3328-pinctrl"].banks[2].recalced[15] == (0x28, 0, 7)
    # rk3588_p_regs[2]: {RK_GPIO0_B5, RK3588_PMU2_IOC_REG + 0x0028}
    assert tables.reg_table(text, "rk3588_p_regs", names)[2] == (13, 0x4028)


def test_expand_write_mask_val(ksrc):
    # the driver's WRITE_MASK_VAL(h, l, v): bits h:l enabled in the high
    # half, v in them: (3, 2, 1) is 0xc << 16 | 1 << 2
    text = csrc.read(os.path.join(ksrc, tables.DRIVER))
    macros = dict(csrc.defines(text), GENMASK=tables.GENMASK)
    assert csrc.cint(tables.expand("WRITE_MASK_VAL(3, 2, 1)", macros), {}) == 0x000C0004


# --- the writes -----------------------------------------------------------
def test_rk3568_console_row(dts, ksrc):
    # <0 RK_PD1 1 &pcfg_pull_up>: mux 1 at PMU GRF 0x18 bit 4 (GPIO0_D:
    # 3 * 8; pin 25 % 4 * 4), the UART2 M0 route word into the GRF, the
    # pull at RK3568_PULL_PMU_OFFSET 0x20 + 25 / 8 * 4, bit 25 % 8 * 2
    c, (mux, conf) = rk(dts, "0 25 1 &pcfg_pull_up")
    assert mux == [Write(GRF, 0x30C, 0x04000000, 0xFFFFFFFF, 4, 25, "route"),
                   hi(PMU, 0x18, 4, 4, 1, 25, "mux")]
    assert conf == [hi(PMU, 0x2C, 2, 2, 1, 25, "pull")]
    assert c.family.pin_name(c, 25) == "gpio0-25"


def test_rk3568_pull_up_is_3_on_gpio0_d3(dts, ksrc):
    # rockchip_set_pull(): GPIO0_D3-D6 take 3 for pull-up on the RK3568
    _, (mux, conf) = rk(dts, "0 28 0 &pcfg_pull_up")
    assert conf == [hi(PMU, 0x2C, 8, 2, 3, 28, "pull")]
    # a 4-bit pin in the upper word: pin 28 % 8 >= 4 -> 0x18 + 4, bit 28 % 4 * 4
    assert mux == [hi(PMU, 0x1C, 0, 4, 0, 28, "mux")]


def test_rk3568_drive(dts, ksrc):
    # bank 1 pin 16: pull at 0x80 + 16 / 8 * 4, drive at 0x200 + 16 / 2 * 4,
    # 8 bits a pin, (1 << (2 + 1)) - 1 = 7
    _, (mux, conf) = rk(dts, "1 16 1 &pcfg_drv2")
    assert mux == [hi(GRF, 0x10, 0, 4, 1, 48, "mux")]
    assert conf == [hi(GRF, 0x88, 0, 2, 1, 48, "pull"), hi(GRF, 0x220, 0, 8, 7, 48, "drive")]


def test_input_enable_defers_the_rest(dts, ksrc):
    # rockchip_pinconf_set(): without a probed GPIO bank input-enable is
    # deferred and the loop stops; bias-pull-up comes before it in
    # dt_params[] and is written
    _, (_, conf) = rk(dts, "1 0 0 &pcfg_in")
    assert conf == [hi(GRF, 0x80, 0, 2, 1, 32, "pull")]


def test_rk3568_schmitt(dts, ksrc):
    # rk3568_calc_schmitt_reg_and_bit(): bank 2 at 0xc0 + 0x10, 2 bits a
    # pin; rockchip_set_schmitt() writes 2 to enable
    _, (_, conf) = rk(dts, "2 9 0 &pcfg_smt")
    assert conf == [hi(GRF, 0xD4, 2, 2, 2, 73, "schmitt")]


def test_rk3399_three_bit_drive_across_two_words(dts, ksrc):
    # bank 4 group B is DRV_TYPE_IO_1V8_3V0_AUTO at 0xe130 (rk3399_pin_banks,
    # offsets completed at probe): pin 13 is bit 13 % 8 * 3 = 15, so the
    # driver splits 10 mA (index 3 of {4, 6, 8, 10, ...}) into bit 15 of
    # the word and bits 1:0 of the next
    _, (_, conf) = rk(dts, "4 13 0 &pcfg_drv10", "rockchip,rk3399-pinctrl")
    p = 128 + 13
    assert conf == [Write(GRF, 0xE130, (1 << 31) | (1 << 15), (1 << 31) | (1 << 15), 4, p, "drive"),
                    Write(GRF, 0xE134, (3 << 16) | 1, (3 << 16) | 3, 4, p, "drive")]


def test_rk3588_bank0_high_function(dts, ksrc):
    # rockchip_set_mux(), RK3588 bank 0 pins B4-D7: mux >= 8 writes 8 in the
    # PMU2 IOC (reg + 0x4000 - 0xc) and the function in the BUS IOC
    # (reg + 0x8000), both through the one ioc regmap: B5 is pin 13,
    # group 1 at 8, pin % 8 >= 4 so + 4, bit 13 % 4 * 4 = 4
    _, (mux, _) = rk(dts, "0 13 10 &pcfg_none", "rockchip,rk3588-pinctrl")
    assert mux == [hi(GRF, 0xC + 0x4000 - 0xC, 4, 4, 8, 13, "mux"),
                   hi(GRF, 0xC + 0x8000, 4, 4, 10, 13, "mux")]


def test_rk3188_pull_inverse_order(dts, ksrc):
    # rk3188_calc_pull_reg_and_bit(): bank 1 from the second pull register,
    # RK3188_PULL_OFFSET 0x164 - 4 + 1 * 16, pin 0 at bits 15:14
    _, (_, conf) = rk(dts, "1 0 1 &pcfg_pull_up", "rockchip,rk3188-pinctrl")
    assert conf == [hi(GRF, 0x170, 14, 2, 1, 32, "pull")]


def test_rk2928_pull_written_whole(dts, ksrc):
    # rockchip_set_pull() for RK2928: regmap_write() of the enable bit and,
    # to disable the pull, the bit: RK2928_PULL_OFFSET 0x118 + 1 * 8, bit 3
    _, (_, conf) = rk(dts, "1 3 1 &pcfg_none", "rockchip,rk3066a-pinctrl")
    assert conf == [Write(GRF, 0x120, (1 << 19) | (1 << 3), 0xFFFFFFFF, 4, 35, "pull")]
    # bias-pull-up is not an RK2928 pull: -ENOTSUPP, nothing written
    _, (_, conf) = rk(dts, "1 3 1 &pcfg_pull_up", "rockchip,rk3066a-pinctrl")
    assert conf == []


def test_unsupported_why(dts, ksrc):
    fam = Rockchip()
    t = dts(RK_DTS % ("rockchip,rk3576-pinctrl", "0 0 1 &pcfg_none"))
    assert fam.unsupported_why(t.find("/pinctrl")) == (
        "rockchip,rk3576-pinctrl: the driver's rk3576_calc_pull_reg_and_bit, "
        "rk3576_calc_drv_reg_and_bit, rk3576_calc_schmitt_reg_and_bit are not "
        "ported to the rehearsal")
    t = dts(RK_DTS % ("rockchip,rk3568-pinctrl", "0 0 1 &pcfg_none"))
    assert fam.unsupported_why(t.find("/pinctrl")) is None


def test_rv1126_gpio0_c4_d7_in_the_grf(dts, ksrc):
    # rv1126_calc_pull_reg_and_bit(): RV1126_GPIO_C4_D7(20) holds, so the
    # GRF at RV1126_PULL_GRF_GPIO1A0_OFFSET 0x10108 - ((31 - 20) / 8 + 1) * 4,
    # bit 20 % 8 * 2; bank 0 is PIN_BANK_IOMUX_FLAGS (pull type 0): up is 1
    _, (_, conf) = rk(dts, "0 20 0 &pcfg_pull_up", "rockchip,rv1126-pinctrl")
    assert conf == [hi(GRF, 0x10100, 8, 2, 1, 20, "pull")]


def test_hiword_clash():
    def a(dev, value):
        w = Write(0, 0x300, value, 0xFFFFFFFF, 4, 1, "route")
        return types.SimpleNamespace(consumer=dev, w=w)
    # WRITE_MASK_VAL(8, 8, 1) and WRITE_MASK_VAL(10, 10, 1): other fields
    assert not verdict.hiword_clash([a("x", 0x01000100), a("y", 0x04000400)])
    # one field, two values
    assert verdict.hiword_clash([a("x", 0x01000100), a("y", 0x01000000)])
    # one device twice is no clash
    assert not verdict.hiword_clash([a("x", 0x01000100), a("x", 0x01000000)])

# SPDX-License-Identifier: GPL-2.0
"""What each family says the mainline driver writes for a pin node:
Write(window, offset, value, mask, width, pin, field). The expected values
are worked out by hand from the DT snippet and the driver's encoding (the
comments say how); the families read the sunxi and TLMM tables from the
kernel tree, so those tests need it (they skip without it)."""

import os

import pytest

from pincheck.families import Write
from pincheck.families.imx import IMX
from pincheck.families.pinctrl_single import PinctrlSingle
from pincheck.families.sunxi import Sunxi
from pincheck.families.tlmm import TLMM

from .conftest import CACHE, controller

ALL = 0xFFFFFFFF


def writes(tree, family, ctl="/pinctrl", node="/pinctrl/grp"):
    c = controller(tree.find(ctl), family)
    return c, family.pin_writes(c, tree.find(node))


# --- i.MX: fsl,pins = <mux_reg conf_reg input_reg mux_mode input_val config>
# (pinctrl-imx.c: imx_pinctrl_parse_pin_mmio(), imx_pmx_set_one_pin_mmio(),
# imx_pinconf_set_mmio()); the pin is mux_reg / 4 (conf_reg / 4 without one)
IMX_DTS = """/dts-v1/;
/ { #address-cells = <1>; #size-cells = <1>;
pinctrl { compatible = "fsl,imx8mm-iomuxc"; reg = <0x30330000 0x10000>;
	grp { fsl,pins = <%s>; };
}; };
"""


def imx(dts, rows):
    return writes(dts(IMX_DTS % rows), IMX())[1]


def test_imx_plain_row(dts, ksrc):
    # MX8MM_IOMUXC_UART2_RXD_UART2_DCE_RX (imx8mm-pinfunc.h) with pad 0x140
    mux, conf = imx(dts, "0x23c 0x4a4 0x4fc 0x0 0x0 0x140")
    assert mux == [Write(0, 0x23c, 0x0, ALL, 4, 0x23c // 4, "mux"),
                   Write(0, 0x4fc, 0x0, ALL, 4, 0x23c // 4, "input")]
    assert conf == [Write(0, 0x4a4, 0x140, ALL, 4, 0x23c // 4, "conf")]


def test_imx_sion(dts, ksrc):
    # IMX_PAD_SION (1 << 30) in the config goes to the mux register as
    # IOMUXC_CONFIG_SION (1 << 4), and out of the pad word:
    # MX8MM_IOMUXC_GPIO1_IO03_GPIO1_IO3 mode 0 -> mux 0x10, pad 0x19
    mux, conf = imx(dts, "0x034 0x29c 0x000 0x0 0x0 0x40000019")
    assert mux == [Write(0, 0x34, 0x10, ALL, 4, 0x34 // 4, "mux")]
    assert conf == [Write(0, 0x29c, 0x19, ALL, 4, 0x34 // 4, "conf")]


def test_imx_no_pad_ctl(dts, ksrc):
    # IMX_NO_PAD_CTL (1 << 31): the pad register is left alone;
    # MX8MM_IOMUXC_SD1_DATA0_USDHC1_DATA0, mode 0
    mux, conf = imx(dts, "0x0a8 0x310 0x000 0x0 0x0 0x80000000")
    assert mux == [Write(0, 0xa8, 0x0, ALL, 4, 0xa8 // 4, "mux")]
    assert conf == []


def test_imx_input_select(dts, ksrc):
    # a plain select input: input_val written whole at input_reg
    mux, _ = imx(dts, "0x23c 0x4a4 0x4fc 0x1 0x2 0x140")
    assert mux[1] == Write(0, 0x4fc, 0x2, ALL, 4, 0x8f, "input")
    # input_val 0xff SS WW VV: select VV into a WW-bit field at shift SS of
    # a general purpose register, read-modify-write: 0xff100201 is
    # select 1, width 2, shift 16 -> value 0x10000 under mask 0x30000
    mux, _ = imx(dts, "0x38 0x2a0 0x4 0x1 0xff100201 0x0")
    assert mux == [Write(0, 0x38, 0x1, ALL, 4, 0x38 // 4, "mux"),
                   Write(0, 0x4, 0x10000, 0x30000, 4, 0x38 // 4, "input")]


def test_imx_row_without_mux_register(dts, ksrc):
    # mux_reg 0 is no register (imx8mm has no ZERO_OFFSET_VALID): the pin
    # is conf_reg / 4, and imx_pmx_set_one_pin_mmio() returns before the
    # mux and the select input; the pad is still configured (a pad register
    # whose offset / 4 is one of the 149 pins of pinctrl-imx8mm.c: the
    # series' i.MX check refuses any other)
    mux, conf = imx(dts, "0x0 0x244 0x4fc 0x0 0x1 0x7")
    assert mux == []
    assert conf == [Write(0, 0x244, 0x7, ALL, 4, 0x244 // 4, "conf")]


def test_imx_several_rows_in_order(dts, ksrc):
    mux, conf = imx(dts, "0x23c 0x4a4 0x4fc 0x0 0x0 0x140 0x240 0x4a8 0x0 0x0 0x0 0x140")
    assert [(w.offset, w.field) for w in mux] == [(0x23c, "mux"), (0x4fc, "input"), (0x240, "mux")]
    assert [w.offset for w in conf] == [0x4a4, 0x4a8]


# --- pinctrl-single: rows of #pinctrl-cells + 1 cells (pinctrl-single.c:
# pcs_parse_one_pinctrl_entry() ORs the cells after the offset; pcs_set_mux()
# writes them read-modify-write under function-mask)
PCS_DTS = """/dts-v1/;
/ { pinctrl { compatible = "pinctrl-single"; %s
	grp { %s };
}; };
"""


def pcs(dts, ctl, grp):
    return writes(dts(PCS_DTS % (ctl, grp)), PinctrlSingle())


K3 = ("pinctrl-single,register-width = <32>; "
      "pinctrl-single,function-mask = <0xffffffff>;")


def test_pcs_one_cell(dts, ksrc):
    # beagleplay's main_uart0 RXD: AM62X_IOPAD(0x01c8, PIN_INPUT, 0), PIN_INPUT
    # = RXACTIVE | ST_ENABLE | PULL_DISABLE = 1 << 18 | 1 << 14 | 1 << 16
    c, (mux, conf) = pcs(dts, "#pinctrl-cells = <1>; " + K3,
                         "pinctrl-single,pins = <0x1c8 0x54000 0x1cc 0x10000>;")
    assert mux == [Write(0, 0x1c8, 0x54000, ALL, 4, 0x1c8 // 4, "padconf"),
                   Write(0, 0x1cc, 0x10000, ALL, 4, 0x1cc // 4, "padconf")]
    assert conf == []
    c.pad_names = {0x1c8: "UART0_RXD (D14)"}
    assert c.family.pin_name(c, 114) == "PADCONFIG114 UART0_RXD (D14)"
    assert c.family.pin_name(c, 115) == "PADCONFIG115"


def test_pcs_two_cells(dts, ksrc):
    # <offset conf mux>: the value is conf | mux
    _, (mux, _) = pcs(dts, "#pinctrl-cells = <2>; " + K3,
                      "pinctrl-single,pins = <0x1c8 0x54000 0x1 0x1cc 0x10000 0x6>;")
    assert mux == [Write(0, 0x1c8, 0x54001, ALL, 4, 114, "padconf"),
                   Write(0, 0x1cc, 0x10006, ALL, 4, 115, "padconf")]


def test_pcs_narrow_registers(dts, ksrc):
    # 16-bit registers, function-mask 0x7: the pin is offset / 2, the rest
    # of the word is kept (the mask)
    _, (mux, _) = pcs(dts, "#pinctrl-cells = <1>; pinctrl-single,register-width = <16>; "
                      "pinctrl-single,function-mask = <0x7>;",
                      "pinctrl-single,pins = <0x40 0x107>;")
    assert mux == [Write(0, 0x40, 0x107, 0x7, 2, 0x20, "padconf")]
    # no function-mask: the driver's mask is 0 and changes nothing
    _, (mux, _) = pcs(dts, "#pinctrl-cells = <1>; pinctrl-single,register-width = <32>;",
                      "pinctrl-single,pins = <0x40 0x107>;")
    assert mux == []


LX2160A = ("pinctrl-single,bit-per-mux; pinctrl-single,register-width = <32>; "
           "pinctrl-single,function-mask = <0x7>;")


@pytest.mark.parametrize("cells", ["", "#pinctrl-cells = <2>;"])
def test_pcs_bits(dts, cells, ksrc):
    # fsl-lx2160a.dtsi's pinmux_i2crv (no #pinctrl-cells: the driver takes 2
    # for bit-per-mux, pcs_quirk_missing_pinctrl_cells()): rows <offset
    # value mask>; bits_per_pin = fls(0x7) = 3, pin = offset * 8 / 3 + the
    # mask's lowest bit / 3 (pcs_get_pin_by_offset(), pin_num_from_lsb)
    _, (mux, _) = pcs(dts, cells + LX2160A,
                      "pinctrl-single,bits = <0x4 0x2 0x7 0x0 0x8 0x38>;")
    assert mux == [Write(0, 0x4, 0x2, 0x7, 4, 10, "bits"),
                   Write(0, 0x0, 0x8, 0x38, 4, 1, "bits")]


def test_pcs_bits_one_cell_refused(dts, ksrc):
    # with #pinctrl-cells = <1> a row has no mask: the driver refuses it
    # ("invalid args_count"), nothing is written
    _, (mux, _) = pcs(dts, "#pinctrl-cells = <1>;" + LX2160A,
                      "pinctrl-single,bits = <0x4 0x2>;")
    assert mux == []


# --- sunxi (H6): the function's mux value from the driver's SUNXI_PIN table,
# 4-bit mux, 2-bit drive and pull fields in banks of 0x24 bytes
# (pinctrl-sunxi.h: BANK_MEM_SIZE 0x24, MUX_REGS_OFFSET 0x0,
# DLEVEL_REGS_OFFSET 0x14, PULL_REGS_OFFSET 0x1c); port H is bank 7
SUNXI_DTS = """/dts-v1/;
/ { pinctrl { compatible = "%s";
	grp { %s };
}; };
"""


def sunxi(dts, grp, compat="allwinner,sun50i-h6-pinctrl"):
    return writes(dts(SUNXI_DTS % (compat, grp)), Sunxi())


def test_sunxi_h6_uart0(dts, ksrc):
    # PH0, PH1: SUNXI_FUNCTION(0x2, "uart0") (pinctrl-sun50i-h6.c); PH_CFG0
    # at 7 * 0x24 = 0xfc, PH_DRV0 at 0xfc + 0x14, PH_PULL0 at 0xfc + 0x1c;
    # 40 mA is drive level 40 / 10 - 1 = 3, pull-up is 1
    c, (mux, conf) = sunxi(dts, 'pins = "PH0", "PH1"; function = "uart0"; '
                           "drive-strength = <40>; bias-pull-up;")
    assert mux == [Write(0, 0xfc, 0x2, 0xf, 4, 224, "mux"),
                   Write(0, 0xfc, 0x20, 0xf0, 4, 225, "mux")]
    assert conf == [Write(0, 0x110, 0x3, 0x3, 4, 224, "drive"),
                    Write(0, 0x118, 0x1, 0x3, 4, 224, "pull"),
                    Write(0, 0x110, 0xc, 0xc, 4, 225, "drive"),
                    Write(0, 0x118, 0x4, 0xc, 4, 225, "pull")]
    assert c.family.pin_name(c, 225) == "PH1"
    assert c.family.problems(c, c.orig.child("grp")) == []


def test_sunxi_drive_rounding_and_legacy_properties(dts, ksrc):
    # 25 mA rounds down to 20 mA (level 1); allwinner,drive = <1> is 20 mA
    # too; allwinner,pull = <2> is pull-down (2)
    for grp in ('pins = "PH0"; function = "uart0"; drive-strength = <25>; bias-pull-down;',
                'allwinner,pins = "PH0"; allwinner,function = "uart0"; '
                "allwinner,drive = <1>; allwinner,pull = <2>;"):
        _, (_, conf) = sunxi(dts, grp)
        assert conf == [Write(0, 0x110, 0x1, 0x3, 4, 224, "drive"),
                        Write(0, 0x118, 0x2, 0x3, 4, 224, "pull")]


def test_sunxi_r_pio_pin_base(dts, ksrc):
    # R_PIO starts at PL (pin_base PL_BASE = 352): PL2 is its pin 2, bank 0;
    # SUNXI_FUNCTION(0x2, "s_uart") (pinctrl-sun50i-h6-r.c) at shift 2 * 4
    _, (mux, conf) = sunxi(dts, 'pins = "PL2"; function = "s_uart";',
                           "allwinner,sun50i-h6-r-pinctrl")
    assert mux == [Write(0, 0x0, 0x200, 0xf00, 4, 354, "mux")]
    assert conf == []


def test_sunxi_unknown_function_skipped(dts, ksrc):
    c, (mux, conf) = sunxi(dts, 'pins = "PH0", "PZ9"; function = "uart0";')
    assert [w.pin for w in mux] == [224]
    c, (mux, conf) = sunxi(dts, 'pins = "PH0"; function = "nope";')
    assert mux == [] and conf == []
    path, prop, what = c.family.problems(c, c.orig.child("grp"))[0]
    assert (path, prop) == ("/pinctrl/grp", "function")
    assert what.startswith("pin PH0 has no function nope (the driver skips it; it has ")


# --- TLMM (sm8250): PINGROUP(id, tile, f1..f9) of pinctrl-sm8250.c: ctl at
# 0x1000 * id (io at + 4) in the tile's window (reg-names west, south,
# north), mux_bit 2 over order_base_2(10 functions) = 4 bits, pull_bit 0,
# drv_bit 6, oe_bit 9, out_bit 1; the function's index in the group's list
# (gpio first) is the mux value
TLMM_DTS = """/dts-v1/;
/ { pinctrl { compatible = "qcom,sm8250-pinctrl";
	reg-names = "west", "south", "north";
	grp { %s };
}; };
"""


def tlmm(dts, grp):
    return writes(dts(TLMM_DTS % grp), TLMM())


def test_tlmm_mux_and_config(dts, ksrc):
    # gpio34: PINGROUP(34, SOUTH, qup12, ...): qup12 is function 1; 2 mA is
    # drive code 2 / 2 - 1 = 0, no pull is 0
    _, (mux, conf) = tlmm(dts, 'pins = "gpio34"; function = "qup12"; '
                          "drive-strength = <2>; bias-disable;")
    assert mux == [Write(1, 0x22000, 0x1 << 2, 0xf << 2, 4, 34, "mux")]
    assert sorted(conf) == sorted([Write(1, 0x22000, 0x0, 0x3, 4, 34, "pull"),
                                   Write(1, 0x22000, 0x0, 0x7 << 6, 4, 34, "drive")])


def test_tlmm_output_high(dts, ksrc):
    # gpio28 (NORTH): output-high sets out_bit in the io register and
    # oe_bit in ctl; pull-up is 3 (sm8250 keeps a keeper code)
    _, (mux, conf) = tlmm(dts, 'pins = "gpio28"; output-high; bias-pull-up;')
    assert mux == []
    assert sorted(conf) == sorted([Write(2, 0x1c000, 0x3, 0x3, 4, 28, "pull"),
                                   Write(2, 0x1c004, 0x2, 0x2, 4, 28, "out"),
                                   Write(2, 0x1c000, 0x1 << 9, 0x1 << 9, 4, 28, "oe")])


def test_tlmm_sdc_group(dts, ksrc):
    # SDC_PINGROUP(sdc2_clk, 0xb7000, 14, 6), NORTH, pin 181: no mux;
    # 16 mA is drive code 7 at bit 6, no pull at bit 14
    _, (mux, conf) = tlmm(dts, 'pins = "sdc2_clk"; drive-strength = <16>; bias-disable;')
    assert mux == []
    assert sorted(conf) == sorted([Write(2, 0xb7000, 0x0, 0x3 << 14, 4, 181, "pull"),
                                   Write(2, 0xb7000, 0x7 << 6, 0x7 << 6, 4, 181, "drive")])


def test_tlmm_subnodes_and_problems(dts, ksrc):
    # a state node without pins: its subnodes carry them
    t = dts(TLMM_DTS % 'tx { pins = "gpio34"; function = "qup12"; }; '
            'rx { pins = "gpio35"; function = "qup12"; }; '
            'bad { pins = "gpio999"; function = "qup12"; };')
    c, (mux, _) = writes(t, TLMM())
    assert mux == [Write(1, 0x22000, 0x4, 0x3c, 4, 34, "mux"),
                   Write(1, 0x23000, 0x4, 0x3c, 4, 35, "mux")]
    # in the core's words (pinctrl_get_group_selector()): groups gpio0 first,
    # sdc2_data last in pinctrl-sm8250.c's table
    assert c.family.problems(c, t.find("/pinctrl/grp")) == [
        ("/pinctrl/grp/bad", "pins",
         "unknown group 'gpio999' (this controller has gpio0 to sdc2_data)")]


def test_tlmm_apq8064_enum_prefix(dts, ksrc):
    # pinctrl-apq8064.c names its functions APQ_MUX_*: PINGROUP(20, gsbi1,
    # NA x 9) has funcs {gpio, gsbi1, NA, ...}, 11 of them, so gsbi1 is
    # mux value 1 over order_base_2(11) = 4 bits at mux_bit 2, in
    # ctl_reg 0x1000 + 0x10 * 20 = 0x1140 (one window, no tiles)
    t = dts("""/dts-v1/;
/ { pinctrl { compatible = "qcom,apq8064-pinctrl";
	grp { pins = "gpio20"; function = "gsbi1"; }; }; };
""")
    c, (mux, _) = writes(t, TLMM())
    assert mux == [Write(0, 0x1140, 0x1 << 2, 0xf << 2, 4, 20, "mux")]
    assert c.family.problems(c, t.find("/pinctrl/grp")) == []


def test_tlmm_gpio_function_of_later_kernels():
    """7.3's TLMM drivers declare the gpio function with
    MSM_GPIO_PIN_FUNCTION(gpio) (pinctrl-msm8916.c): it is a function of
    the table like MSM_PIN_FUNCTION's, with gpio_groups[] as its groups"""
    from pincheck.families.tlmm import SocTable
    f = os.path.join(CACHE, "linux-7.3", "drivers/pinctrl/qcom/pinctrl-msm8916.c")
    if not os.path.isfile(f):
        pytest.skip("no 7.3 tree in the cache (scripts/linux73.sh tree)")
    t = SocTable(f)
    assert "gpio" in t.functions and "gpio0" in t.functions["gpio"]
    assert "blsp_uart1" in t.functions

# SPDX-License-Identifier: GPL-2.0
"""The Meson family's reading of the tree's drivers (drivers/pinctrl/
meson/): the pin, group, function and bank tables of one SoC driver, the
two mux styles and the configuration writes. The expected writes are
worked out by hand from the driver rows each test names; the tests need
the kernel tree (they skip without it)."""

from pincheck.families import Write
from pincheck.families.meson import Meson

from .conftest import controller

DTS = """/dts-v1/;
/ { #address-cells = <2>; #size-cells = <2>;
pinctrl@14 { compatible = "%s"; #address-cells = <2>; #size-cells = <2>; ranges;
  bank@14 { reg = %s; reg-names = %s; gpio-controller; #gpio-cells = <2>; };
  grp { %s };
}; };
"""
# GXL's aobus: "mux", "pull", "gpio" (meson-gxl.dtsi); G12A's periphs:
# "gpio", "pull", "pull-enable", "mux", "ds" (meson-g12-common.dtsi)
GXL_AO = ("amlogic,meson-gxl-aobus-pinctrl", "<0 0x14 0 8>, <0 0x2c 0 4>, <0 0x24 0 8>",
          '"mux", "pull", "gpio"')
G12A = ("amlogic,meson-g12a-periphs-pinctrl",
        "<0 0x40 0 0x4c>, <0 0xe8 0 0x18>, <0 0x120 0 0x18>, <0 0x2c0 0 0x40>, <0 0x340 0 0x1c>",
        '"gpio", "pull", "pull-enable", "mux", "ds"')


def meson(dts, soc, grp):
    tree = dts(DTS % (soc + (grp,)))
    fam = Meson()
    c = controller(tree.find("/pinctrl@14"), fam)
    return c, tree.find("/pinctrl@14/grp"), fam


def test_gxl_ao_uart_meson8_style(dts, ksrc):
    # meson_gxl_aobus_groups: GROUP(uart_tx_ao_a, 0, 12) on GPIOAO_0, whose
    # other group is GROUP(uart_tx_ao_b_0, 0, 26): that bit cleared, then
    # bit 12 set (uart_ao is not the first function, gpio_aobus);
    # bias-disable: BANK("AO", ..., pullen 0, 16, ...) in the "pull" window
    # (meson8_aobus_parse_dt_extra: reg_pullen = reg_pull)
    c, node, fam = meson(dts, GXL_AO, 'groups = "uart_tx_ao_a"; function = "uart_ao"; '
                         'bias-disable;')
    mux, conf = fam.pin_writes(c, node)
    assert mux == [Write(0, 0, 0, 1 << 26, 4, 0, "grp:uart_tx_ao_b_0"),
                   Write(0, 0, 1 << 12, 1 << 12, 4, 0, "grp:uart_tx_ao_a")]
    assert conf == [Write(1, 0, 0, 1 << 16, 4, 0, "pull-enable")]
    assert fam.pin_name(c, 0) == "GPIOAO_0"
    assert fam.mux_groups(c, node, None) == {0: "uart_tx_ao_a"}


def test_gxl_ao_gpio_function_only_clears(dts, ksrc):
    # function 0 (gpio_aobus): meson8_pmx_set_mux() sets no bit, and the
    # GPIO_GROUP itself has none; GPIOAO_0's two groups are cleared in
    # table order; output-high: dir (0, 0) cleared, out (0, 16) set
    c, node, fam = meson(dts, GXL_AO, 'groups = "GPIOAO_0"; function = "gpio_aobus"; '
                         'output-high;')
    mux, conf = fam.pin_writes(c, node)
    assert mux == [Write(0, 0, 0, 1 << 26, 4, 0, "grp:uart_tx_ao_b_0"),
                   Write(0, 0, 0, 1 << 12, 4, 0, "grp:uart_tx_ao_a")]
    assert conf == [Write(2, 0, 0, 1, 4, 0, "dir"), Write(2, 0, 1 << 16, 1 << 16, 4, 0, "out")]


def test_g12a_sdcard_axg_style(dts, ksrc):
    # GROUP(sdcard_d0_c, 1) on GPIOC_0; BANK_PMX("C", GPIOC_0, GPIOC_7,
    # 0x9, 0): the nibble at bit 0 of word 0x9 (byte 0x24) of "mux" (window
    # 3); bias-pull-up: BANK_DS("C", ..., pullen 1, 0, pull 1, 0, ...,
    # ds 1, 0): pull bit 0 of word 1 (window 1), then pull-enable (window
    # 2); 4000 uA is MESON_PINCONF_DRV_4000UA, 3, in 2 bits (stride 2)
    c, node, fam = meson(dts, G12A, 'groups = "sdcard_d0_c"; function = "sdcard"; '
                         'bias-pull-up; drive-strength-microamp = <4000>;')
    mux, conf = fam.pin_writes(c, node)
    pin = fam.table(c.orig).by_name["GPIOC_0"]
    assert mux == [Write(3, 0x24, 1, 0xF, 4, pin, "mux")]
    assert conf == [Write(1, 4, 1, 1, 4, pin, "pull"), Write(2, 4, 1, 1, 4, pin, "pull-enable"),
                    Write(4, 4, 3, 3, 4, pin, "ds")]


def test_g12a_problems(dts, ksrc):
    # sdcard lists sdcard_d0_c; uart_ao_a is an aobus function
    c, node, fam = meson(dts, G12A, 'groups = "sdcard_d0_c", "nope"; function = "sdcard";')
    assert fam.problems(c, node) == [("/pinctrl@14/grp", "groups", "unknown group nope")]
    assert fam.pin_writes(c, node) == ([], [])
    c, node, fam = meson(dts, G12A, 'groups = "i2c3_sda_a"; function = "sdcard";')
    assert fam.problems(c, node) == [("/pinctrl@14/grp", "groups",
                                      'invalid group "i2c3_sda_a" for function "sdcard"')]


def test_drive_strength_without_ds_window_stops_the_pin(dts, ksrc):
    # GXL's aobus has no "ds": -ENOTSUPP ends meson_pinconf_set() for the
    # pin (a "groups" node: the state still applies): bias-disable, before
    # it in dt_params[], is written, output-low, after it, is not
    c, node, fam = meson(dts, GXL_AO, 'groups = "uart_tx_ao_a"; function = "uart_ao"; '
                         'bias-disable; drive-strength-microamp = <3000>; output-low;')
    _, conf = fam.pin_writes(c, node)
    assert conf == [Write(1, 0, 0, 1 << 16, 4, 0, "pull-enable")]
    assert fam.refuses(c, node) == []


def test_input_enable_is_refused(dts, ksrc):
    # meson_pinconf_set(): PIN_CONFIG_INPUT_ENABLE is -ENOTSUPP; on a
    # "groups" node it is dropped with what follows (a lint problem, the
    # state applies), on a "pins" node the state fails
    c, node, fam = meson(dts, G12A, 'groups = "sdcard_d0_c"; function = "sdcard"; '
                         'input-enable;')
    assert fam.problems(c, node) == [
        ("/pinctrl@14/grp", "input-enable", "refused by the driver (-ENOTSUPP): it and "
         "the configuration after it are dropped on each pin")]
    assert fam.refuses(c, node) == []
    c, node, fam = meson(dts, G12A, 'pins = "GPIOC_0"; input-enable;')
    assert fam.refuses(c, node) == ["/pinctrl@14/grp: input-enable: refused by the driver "
                                    "(-ENOTSUPP): the state fails"]

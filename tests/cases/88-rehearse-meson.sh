#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# Amlogic Meson boards rehearsed with their SoC's own mainline driver
# (scripts/rehearse.sh; pincheck/families/meson.py reads the tables of
# drivers/pinctrl/meson/): the Libre Computer "Le Potato" (GXL, the
# meson8-PMX style: one enable bit per group) and the ODROID-N2 (G12B on
# the G12A tables, the AXG-PMX style: a function number per pin) agree pin
# by pin, and register words are compared with values worked out by hand
# below from the board's DT and the driver's table; on the Le Potato a
# second enabled device on the console's pin is a CONFLICT naming both DT
# paths, the second device FAILED; the guest's KTAP (console.ktap) is the
# host's (verdict.ktap) on every run (check_ktap, window_of: tests/lib.sh).
#
# How the words are worked out: the registers are in the controller's
# gpio-controller child, one window per reg entry in reg order, named by
# reg-names; each window starts as 0xa5a5a5a5 (families/base.py POISON,
# nibbles 7..0 = a 5 a 5 a 5 a 5) and the driver writes read-modify-write.
# Pull, pull-enable, direction and drive strength: the BANK/BANK_DS row of
# the pin's bank gives (register, bit) per field; the pin's bit is
# bit + pin - first (times 2 for ds), in word register + bit / 32.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

out=$BUILD/rehearse

agrees() { rehearse_agrees meson "$@"; }
word() { window_word meson "$@"; }

# --- GXL: Libre Computer AML-S905X-CC (pinctrl-meson-gxl.c) ----------------
# 26 pins of 7 consumers: cec ao_cec (GPIOAO_8), serial uart_tx_ao_a,
# uart_rx_ao_a (GPIOAO_0, 1), ir remote_input_ao (GPIOAO_7), the PHY's
# eth_link_led, eth_act_led (GPIOZ_14, 15), sd card sdcard_d0..d3, cmd,
# clk (CARD_0-5), eMMC emmc_nand_d07, cmd, clk, ds (BOOT_0-8, 10, 15),
# hdmi hdmi_hpd, hdmi_sda, hdmi_scl (GPIOH_0-2)
agrees lepotato amlogic/meson-gxl-s905x-libretech-cc 26 7
d=$out/amlogic_meson-gxl-s905x-libretech-cc
ao=/soc/bus@c8100000/pinctrl@14
pe=/soc/bus@c8834000/pinctrl@4b0
# aobus: reg-names "mux", "pull", "gpio" (meson-gxl.dtsi);
# meson8_aobus_parse_dt_extra makes "pull" the pull-enable registers too.
# meson8_pmx_set_mux(): for each pin of the group, the bit of every other
# (non-GPIO) group of the table with that pin is cleared, then the group's
# own bit set. Mux word 0 (meson_gxl_aobus_groups): ao_cec GROUP(ao_cec,
# 0, 15) on GPIOAO_8 clears pwm_ao_a_8 (0, 17; already 0), ee_cec (0, 14;
# already 0) and i2s_out_ch23_ao (1, 0: word 1), sets 15 (already 1);
# uart_tx_ao_a (0, 12) on GPIOAO_0 clears uart_tx_ao_b_0 (0, 26), sets 12;
# uart_rx_ao_a (0, 11) on GPIOAO_1 clears uart_rx_ao_b_1 (0, 25; already
# 0), sets 11; remote_input_ao (0, 0) sets 0 (already 1). Nibbles 7..0:
# a, 5 - bit 26 = 1, a, 5, a | bit 12 = b, 5 | bit 11 = d, a, 5
word lepotato-ao-mux0 "$(window_of "$d" $ao 0)" 0x0 0xa1a5bda5
# mux word 1: i2s_out_ch23_ao (1, 0) cleared: nibble 0 5 -> 4
word lepotato-ao-mux1 "$(window_of "$d" $ao 0)" 0x4 0xa5a5a5a4
# pull (= pull-enable) word 0: BANK("AO", GPIOAO_0, GPIOAO_9, ..., pullen
# 0, 16, ...): bias-disable of GPIOAO_0, 1, 7, 8 clears bits 16, 17, 23,
# 24: nibble 4 5 -> 4, nibble 5 a -> 2, nibble 6 5 -> 4
word lepotato-ao-pullen "$(window_of "$d" $ao 1)" 0x0 0xa424a5a5
# periphs: reg-names "mux", "pull", "pull-enable", "gpio". Mux word 6
# (0x18): sdcard_d2, d3, cmd, clk, d0, d1 (6, 0..5) set, no other group has
# a CARD pin; hdmi_scl, hdmi_sda, hdmi_hpd (6, 29..31) set: nibble 7 a -> e,
# nibble 1 a -> b, nibble 0 5 -> f
word lepotato-mux6 "$(window_of "$d" $pe 0)" 0x18 0xe5a5a5bf
# mux word 7 (0x1c): emmc_nand_d07, emmc_clk, emmc_cmd, emmc_ds (7, 31..28)
# set; on their pins nand_ce0 (7, 7: BOOT_8), nand_rb0 (7, 5: BOOT_10),
# nor_cs (7, 10) and nand_dqs (7, 0) (BOOT_15) cleared: nibble 7 f, nibble
# 2 5 -> 1, nibble 1 a -> 0, nibble 0 5 -> 4
word lepotato-mux7 "$(window_of "$d" $pe 0)" 0x1c 0xf5a5a104
# pull word 2 (0x8): BANK("BOOT", ..., pull 2, 0) and BANK("CARD", ...,
# pull 2, 20): bias-pull-up sets BOOT_0-7, 10 (bits 0-7, 10) and CARD_0,
# 1, 3, 4, 5 (bits 20, 21, 23, 24, 25); bias-pull-down clears BOOT_15 (bit
# 15); the clocks' bias-disable leaves pull alone: nibbles a, 5 -> 7,
# a -> b, 5, a -> 2, 5, f, f
word lepotato-pull "$(window_of "$d" $pe 1)" 0x8 0xa7b525ff
# pull-enable word 2: the same bits set, BOOT_15 set too (a pull-down is a
# pull), the clocks BOOT_8 (bit 8) and CARD_2 (bit 22, already 0) cleared:
# nibble 2 5 -> 4, nibble 3 a stays a
word lepotato-pullen "$(window_of "$d" $pe 2)" 0x8 0xa7b5a4ff

# --- G12B: Hardkernel ODROID-N2 (pinctrl-meson-g12a.c) --------------------
# 42 pins of 10 consumers: ethernet GPIOZ_0-13, hdmi GPIOH_0-2, cec
# GPIOH_3, pwm_ao_d_e GPIOE_1, serial GPIOAO_0, 1, ir GPIOAO_5, pwm_a_e
# GPIOE_2, i2c3 GPIOA_14, 15, sd card GPIOC_0-5, eMMC BOOT_0-8, 10, 13
agrees odroid-n2 amlogic/meson-g12b-odroid-n2 42 10
d=$out/amlogic_meson-g12b-odroid-n2
ao=/soc/bus@ff800000/pinctrl@14
pe=/soc/bus@ff600000/bus@34400/pinctrl@40
# aobus: reg-names "mux", "ds", "gpio" (meson-g12-common.dtsi). The AXG
# style: meson_axg_pmx_set_mux() puts the group's GROUP(name, func) value
# in the pin's nibble, (offset + (pin - first) * 4) of the BANK_PMX row.
# Mux word 0: BANK_PMX("AO", GPIOAO_0, GPIOAO_11, 0x0, 0): uart_ao_a_tx,
# uart_ao_a_rx (1) in nibbles 0, 1, remote_ao_input (1) in nibble 5
word odroid-n2-ao-mux0 "$(window_of "$d" $ao 0)" 0x0 0xa515a511
# mux word 1: BANK_PMX("E", GPIOE_0, GPIOE_2, 0x1, 16): pwm_ao_d_e (3) on
# GPIOE_1 in nibble 5, pwm_a_e (3) on GPIOE_2 in nibble 6
word odroid-n2-ao-mux1 "$(window_of "$d" $ao 0)" 0x4 0xa335a5a5
# gpio word 3 (0xc): meson_g12a_aobus_parse_dt_extra makes "gpio" the pull
# and pull-enable registers; BANK_DS("AO", ..., pullen 3, 0) and
# BANK_DS("E", ..., pullen 3, 16): bias-disable of GPIOAO_0, 1, 5 and
# GPIOE_2 clears bits 0, 1, 5, 18: nibble 0 5 -> 4, nibble 1 a -> 8,
# nibble 4 5 -> 1
word odroid-n2-ao-pullen "$(window_of "$d" $ao 2)" 0xc 0xa5a1a584
# periphs: reg-names "gpio", "pull", "pull-enable", "mux", "ds". Mux word
# 9 (0x24): BANK_PMX("C", GPIOC_0, GPIOC_7, 0x9, 0): sdcard_*_c (1) on
# GPIOC_0-5, nibbles 0-5
word odroid-n2-mux-c "$(window_of "$d" $pe 3)" 0x24 0xa5111111
# ds word 1 (0x4): BANK_DS("C", ..., ds 1, 0), 2 bits a pin:
# drive-strength-microamp = <4000> is MESON_PINCONF_DRV_4000UA (3) on
# GPIOC_0-5, bits 0-11
word odroid-n2-ds-c "$(window_of "$d" $pe 4)" 0x4 0xa5a5afff
# pull word 1: BANK_DS("C", ..., pull 1, 0): bias-pull-up of GPIOC_0-3, 5
# (bits 0-3, 5; bit 5 already 1), the clock GPIOC_4 left alone
word odroid-n2-pull-c "$(window_of "$d" $pe 1)" 0x4 0xa5a5a5af

# --- a second enabled device on the console's pin -------------------------
# the Le Potato with an LED on GPIOAO_0 (tests/rehearse/
# meson-gxl-s905x-libretech-cc-clash.dts): exit 1, one CONFLICT line naming
# the console's and /clash-leds' DT paths and pin nodes, /clash-leds FAILED
# with the kernel's claim of GPIOAO_0, one KTAP test not ok: it (26 pins +
# 7 consumers + /clash-leds); the verdict names the pin with its
# controller's label (two controllers)
rehearse_clash meson lepotato "$TOP/tests/rehearse/meson-gxl-s905x-libretech-cc-clash.dts" \
	pinctrl_aobus:GPIOAO_0 /soc/bus@c8100000/serial@4c0 /soc/bus@c8100000/pinctrl@14/uart_ao_a \
	/soc/bus@c8100000/pinctrl@14/clash-led-pin 34 GPIOAO_0
finish

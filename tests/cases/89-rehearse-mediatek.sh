#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# MediaTek boards rehearsed with the paris drivers (scripts/rehearse.sh;
# pincheck/families/mediatek.py): each reg entry of the controller is a
# window, the driver's base i the one reg-names calls base_names[i]. The
# reference board, the Lenovo IdeaPad Duet Chromebook (mt8183 "krane"),
# and the Acer Chromebook Spin 513 (mt8195 "tomato") agree pin by pin;
# register words of krane are compared with values worked out by hand
# below; a
# second enabled device on the console's RX pin is a CONFLICT naming both
# DT paths, the second device FAILED; a moore board, the Banana Pi
# BPI-R3 (mt7986a), agrees too; a common v1 controller (mt8173) is "not
# rehearsed", not failed; the guest's KTAP
# (console.ktap) is the host's (verdict.ktap) on every run (check_ktap,
# window_of: tests/lib.sh).
#
# How the words are worked out (pinctrl-mtk-common-v2.c): every write is a
# read-modify-write of one field, at the register and bit that
# mtk_hw_pin_field_lookup() computes from the range of the SoC's table
# that holds the pin: PIN_FIELD_BASE(s_pin, e_pin, i_base, s_addr,
# x_addrs, s_bit, x_bits) puts pin p at bits = s_bit + (p - s_pin) *
# x_bits, register s_addr + x_addrs * (bits / 32), bit bits % 32 of base
# i_base (iocfg<i_base>: mt8183.dtsi's reg-names are iocfg0..iocfg8 in that
# order, so window i is iocfg<i>); the bits no state writes keep the fill
# 0xa5a5a5a5 (1010 0101 in every byte, 5 in every even nibble, a in every
# odd one).
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

R=$TOP/scripts/rehearse.sh
out=$BUILD/rehearse
PIO=/soc/pinctrl@10005000

agrees() { rehearse_agrees mediatek "$@"; }
word() { window_word mediatek "$@"; }

# --- arm64: MT8183, Lenovo IdeaPad Duet Chromebook (the reference board) --
# 81 pins, 27 consumers with their default state applied, as the plan
# found them before the first boot. (The Acer Chromebook Spin 311,
# mt8183-kukui-jacuzzi-juniper-sku16, has its two second-source trackpads
# on one pin, GPIO7: a conflict, docs/results/mainline-6.12.md.)
agrees krane mediatek/mt8183-kukui-krane-sku176 81 27
d=$out/mediatek_mt8183-kukui-krane-sku176
# mode: mt8183_pin_mode_range is PIN_FIELD(0, 192, 0x300, 0x10, 0, 4):
# pin p's 4 bits at 0x300 + p / 8 * 0x10, bit p % 8 * 4; pins 80-87 are
# the word at 0x3a0 of iocfg0. kukui's i2c1 = <PINMUX_GPIO81__FUNC_SDA1>,
# <PINMUX_GPIO84__FUNC_SCL1>, i2c0 = <..GPIO82__FUNC_SDA0>,
# <..GPIO83__FUNC_SCL0> (function 1 each), spi0 = <..GPIO85__FUNC_SPI0_MI>
# (1), <..GPIO86__FUNC_GPIO86> (0), <..GPIO87__FUNC_SPI0_MO> (1),
# <..GPIO88__FUNC_SPI0_CLK> (its nibble is in 0x3b0); GPIO80 is no
# state's: the fill's 5 (nibble 0). Nibbles 87..80: 1 0 1 1 1 1 1 5.
word krane-mode-gpio80-87 "$(window_of "$d" $PIO 0)" 0x3a0 0x10111115
# pull enable: mt8183_pin_pullen_range's PIN_FIELD_BASE(61, 88, 5, 0x060,
# 0x10, 0, 1): pin p at bit p - 61 of iocfg5 0x060. The i2c pins have
# mediatek,pull-up-adv = <3>: GPIO81-84 have no PUPD row, so
# mtk_pinconf_adv_pull_set() falls back to mtk_pinconf_bias_set_rev1():
# PULLEN 1 (bits 20-23); spi0's bias-disable: mtk_pinconf_bias_set_combo()
# finds no PU field (the RSEL and PU/PD types fail first) and takes
# PULLEN/PULLSEL: PULLEN 0 for GPIO85-88 (bits 24-27). Bytes: 31:24 the
# fill 0xa5 with bits 24-27 clear = 0xa0; 23:16 0xa5 with bits 20-23 set
# = 0xf5; the rest the fill.
word krane-pullen-gpio61-88 "$(window_of "$d" $PIO 5)" 0x060 0xa0f5a5a5
# pull select: mt8183_pin_pullsel_range's PIN_FIELD_BASE(61, 88, 5, 0x080,
# 0x10, 0, 1): the same bits, 1 (pull-up) for the i2c pins, 0 for spi0's
word krane-pullsel-gpio61-88 "$(window_of "$d" $PIO 5)" 0x080 0xa0f5a5a5
# R0, R1 and the advanced drive enable of the i2c pins, all in iocfg5
# 0x0f0 (one row each in mt8183_pin_r0_range, _r1_range, _e1e0en_range):
# pull-up-adv 3 sets R0 and R1: GPIO81 bits 7, 8; GPIO82 5, 6; GPIO83 15,
# 16; GPIO84 17, 18; then mtk_pconf_group_set() writes the advanced drive
# 0 (no drive-strength-microamp): DRV_EN of GPIO81 bit 12, GPIO82 9,
# GPIO83 19, GPIO84 22 cleared. On the fill: byte 7:0 0xa5 | bits 5-7 =
# 0xe5; 15:8 0xa5 already has bits 8 and 15, bits 9 and 12 clear: 0xa5;
# 23:16 0xa5 | bit 17 = 0xa7 (16 and 18 set, 19 and 22 clear already).
word krane-r0r1-gpio81-84 "$(window_of "$d" $PIO 5)" 0x0f0 0xa5a7a5e5
# the console's RX, uart0-pins-default's pins-rx = <PINMUX_GPIO95__FUNC_URXD0>
# with input-enable and bias-pull-up: PIN_FIELD_BASE(95, 95, 6, 0x060,
# 0x10, 15, 1) of the pullen and pullsel ranges (already 1 in the fill)
# and the input enable PINS_FIELD_BASE(95, 96, 6, 0x000, 0x10, 6, 1), one
# bit for GPIO95 and 96: iocfg6 0x000 bit 6, 0 in the fill's 0xa5 of
# bits 7:0: 0xe5. (Bit 5, the one of GPIO4-7 that the volume buttons',
# trackpad's and bridge's input-enable set, is the fill's 1 already.)
word krane-ies-gpio95 "$(window_of "$d" $PIO 6)" 0x000 0xa5a5a5e5
# the eint window (reg entry 9) is nobody's: the probe skips the EINT
# block without interrupt-controller
word krane-eint-untouched "$(window_of "$d" $PIO 9)" 0x000 0xa5a5a5a5
grep -q '^GPIO95 *\/soc\/serial@11002000 .* ok$' "$d/verdict.txt" 2>/dev/null &&
	pass "mediatek-krane-names" ||
	fail "mediatek-krane-names" "no GPIO95 row of /soc/serial@11002000 in $d/verdict.txt"

# --- MT8195, Acer Chromebook Spin 513 (tomato): RSEL and PU/PD pulls ------
agrees tomato-r2 mediatek/mt8195-cherry-tomato-r2 110 24

# --- moore: MT7986A, Banana Pi BPI-R3 (groups and functions) -------------
agrees bpi-r3 mediatek/mt7986a-bananapi-bpi-r3 48 8
d=$out/mediatek_mt7986a-bananapi-bpi-r3
# mode: mt7986_pin_mode_range's PIN_FIELD(0, 100, 0x300, 0x10, 0, 4),
# pin p's 4 bits at 0x300 + p / 8 * 0x10, bit p % 8 * 4, of the "gpio"
# window (reg entry 0). i2c-pins: function "i2c", groups "i2c" =
# mt7986_i2c_pins[] { 3, 4 } with mt7986_i2c_funcs[] { 1, 1 }: 1 in bits
# 15:12 and 19:16 of 0x300 (pins 0-7); wf-led-pins of the WiFi's
# default state: function "led", groups "wifi_led" = { 1, 2 } with { 1, 1
# }: 1 in bits 7:4 and 11:8; pins 0, 5, 6 and 7 keep the fill's 5, a, 5, a.
# Nibbles 7..0: a 5 a 1 1 1 1 5.
word bpi-r3-mode-gpio0-7 "$(window_of "$d" /soc/pinctrl@1001f000 0)" 0x300 0xa5a11115

# --- a common v1 controller: not rehearsed, exit 4 -------------------------
b=mediatek/mt8173-evb
line=$("$R" --quiet "$b" 2>&1)
rc=$?
case "$rc $line" in
"4 $b: nothing rehearsed: a MediaTek common v1 controller (pinctrl-mt8173.c): it writes through the mediatek,pctl-regmap syscon's SET/CLR register aliases (pinctrl-mtk-common.c), which a RAM window cannot compose")
	pass "mediatek-v1-not-rehearsed" ;;
*) fail "mediatek-v1-not-rehearsed" "exit $rc: $line" ;;
esac

# --- a second enabled device on the console's RX pin ---------------------
# 109 KTAP tests: the 81 pins, krane's 27 consumers and /clash-leds
rehearse_clash mediatek krane "$TOP/tests/rehearse/mt8183-krane-clash.dts" GPIO95 \
	/soc/serial@11002000 $PIO/uart0-pins-default $PIO/clash-led-pin 109
# the pin stays the console's: function 1 in GPIO95's nibble (bits 31:28
# of 0x3b0)
w=$(window_of "$out/mt8183-krane-clash" $PIO 0)
got=$([ -f "$w" ] && reg32 "$w" 0x3b0)
[ -n "$got" ] && [ $(((got >> 28) & 0xf)) = 1 ] && pass "mediatek-clash-pin-kept" ||
	fail "mediatek-clash-pin-kept" "GPIO95's mode is $(((${got:-0} >> 28) & 0xf)), want 1"
finish

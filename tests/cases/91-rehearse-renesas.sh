#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# Renesas boards rehearsed with the sh-pfc driver (scripts/rehearse.sh;
# pincheck/families/renesas.py, its tables compiled from the SoC's
# drivers/pinctrl/renesas/pfc-*.c): the R-Car H3 Starter Kit (R-Car Gen3),
# the HiHope RZ/G2M and the 32-bit iWave RZ/G1M Qseven (R-Car Gen2's
# tables) agree pin by pin with their windows at the SoC's own address
# (0xe6060000: the tables hold physical addresses, so the windows stay in
# place, in guest RAM that qemu/run.sh makes reach up to them); register
# words are compared with values worked out by hand below from the board's
# DT and the driver's table; the PMMR unlock register, written before every
# register write, changed and is no stray write; on the H3 a second enabled
# device on the console's pin is a CONFLICT naming both DT paths, the
# second device FAILED; the guest's KTAP (console.ktap) is the host's
# (verdict.ktap) on every run (check_ktap, window_of: tests/lib.sh).
#
# How the words are worked out: one window, the page at 0xe6060000, so a
# register's offset is its address - 0xe6060000; it starts as 0xa5a5a5a5
# (families/base.py POISON, nibbles 7..0 = a 5 a 5 a 5 a 5) and the driver
# writes read-modify-write.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

out=$BUILD/rehearse
pfc=/soc/pinctrl@e6060000

agrees() { rehearse_agrees renesas "$@"; }
word() { window_word renesas "$@"; }

# --- R-Car H3 ULCB (pfc-r8a77951.c, r8a77951_pinmux_info) -----------------
# 43 pins of the controller's hog and 8 consumers (ulcb.dtsi): the hog
# scif_clk_a (GP_6_23); i2c2_a (GP_5_0, GP_5_4); the PMIC's intc_ex_irq0 (GP_2_0);
# avb: avb_link (GP_2_12) and avb_mdio (GP_2_9, PIN_AVB_MDIO) muxed, the
# avb_mii pins static (no mux field), of which the six TX pins get a drive
# strength; scif2_data_a (GP_5_11, GP_5_10); sdhi0 data4 and ctrl (6),
# sdhi2 data8, ctrl and ds (11); sound ssi01239_ctrl, ssi0_data,
# ssi1_data_a and five audio_clk groups (9); usb1 (GP_6_26, GP_6_27)
agrees h3-ulcb renesas/r8a77951-ulcb 43 8
d=$out/renesas_r8a77951-ulcb
# IPSR11 (0xe606022c, 4-bit fields): i2c2_a's SDA2_A is
# PINMUX_IPSR_MSEL(IP11_27_24, SDA2_A, SEL_I2C2_0); IP11_27_24 lists SCK0,
# HSCK1_B, MSIOF1_SS2_B, AUDIO_CLKC_B, SDA2_A: 4 in bits 27:24, nibble 6
# 5 -> 4; no other pin of the board has an IPSR11 field
word h3-ipsr11 "$(window_of "$d" $pfc)" 0x22c 0xa4a5a5a5
# DRVCTRL3 (0xe606030c): { PIN_AVB_TD1, 28, 3 }, { PIN_AVB_TD2, 24, 3 },
# { PIN_AVB_TD3, 20, 3 }: drive-strength = <12> (pins_mii_tx) is
# 12 / 3 - 1 = 3; { PIN_AVB_MDIO, 12, 3 }, { RCAR_GP_PIN(2, 9), 8, 3 }
# (AVB_MDC): <24> (pins_mdio, group avb_mdio) is 7. Nibbles: 7 a -> b
# (bit 31 kept, 011), 6 5 -> 3, 5 a -> b, 4 5, 3 a -> f, 2 5 -> 7, a, 5
word h3-drvctrl3 "$(window_of "$d" $pfc)" 0x30c 0xb3b5f7a5
# POCCTRL (0xe6060380): r8a77951_pin_to_pocctrl() gives GP_3_0-11 bits
# 0-11, GP_4_0-17 bits 12-29. sdhi0 (GP_3_0-5) power-source = <3300>
# sets bits 0-5; sdhi2 (GP_3_8-11, GP_4_0-6) <1800> clears bits 8-18:
# nibble 0 5 -> f, 1 a -> b, 2 and 3 -> 0, 4 (bits 16-18 cleared, 19
# was 0) -> 0
word h3-pocctrl "$(window_of "$d" $pfc)" 0x380 0xa5a000bf
# the PMMR (0xe6060000) holds the inverse of the last register write
# (sh_pfc_unlock_reg()): it changed, and the agreement above counted no
# stray write
pmmr=$( [ -f "$(window_of "$d" $pfc)" ] && printf '0x%08x' "$(reg32 "$(window_of "$d" $pfc)" 0)")
[ -n "$pmmr" ] && [ "$pmmr" != 0xa5a5a5a5 ] && pass renesas-h3-pmmr-written ||
	fail renesas-h3-pmmr-written "PMMR holds ${pmmr:-nothing}"

# --- HiHope RZ/G2M (pfc-r8a7796.c, r8a774a1_pinmux_info) -------------------
# 45 pins of the hog and 10 consumers: the hog scif_clk_a, hscif0 (4), scif2 (2),
# i2c2 (2), sdhi0 (6), sdhi2 (6), sdhi3 (11), sound (7), usb0 (2), usb1
# (2) and usb30 (2)
agrees hihope-rzg2m renesas/r8a774a1-hihope-rzg2m 45 10
d=$out/renesas_r8a774a1-hihope-rzg2m
# POCCTRL (0xe6060380): r8a7796_pin_to_pocctrl() as the H3's. sdhi0
# (GP_3_0-5) <3300> sets bits 0-5; sdhi2 (GP_4_0-5) <1800> clears bits
# 12-17; sdhi3 (GP_4_7-17) <1800> clears bits 19-29. Bits 7, 8, 10, 18, 31
# are POISON's: 0x80000000 | 0x40000 | 0x500 | 0xbf
word hihope-pocctrl "$(window_of "$d" $pfc)" 0x380 0x800405bf

# --- iWave RZ/G1M Qseven, 32-bit (pfc-r8a7791.c, r8a7743_pinmux_info) -----
# 73 pins of 13 consumers (r8a7743-iwg20m.dtsi, iwg20d-q7-common.dtsi; no
# hog): avb (28), can0 (2), i2c2 (2), sdhi0 (6), sdhi1 (6), mmcif0 (10),
# qspi (4), pwm3 (1), scif0 (2), scifb1 (4), sound (4), hsusb's usb0 (2),
# pci1's usb1 (2); pci0 also lists usb0_pins but is not enabled
agrees iwg20d-q7 arm/renesas/r8a7743-iwg20d-q7 73 13
d=$out/arm_renesas_r8a7743-iwg20d-q7
# POCCTRL at 0xe606008c (r8a7791_pin_to_pocctrl(): GP_6_0-23, bit
# 31 - pin): sdhi0 (GP_6_0-5, r8a7743-iwg20m.dtsi) and sdhi1 (GP_6_8-13)
# power-source = <3300> set bits 31-26 and 23-18: nibbles 7 f, 6 5 -> d
# (bit 24 POISON's), 5 f, 4 5 -> d, then a5a5
word iwg20d-pocctrl "$(window_of "$d" $pfc)" 0x8c 0xfdfda5a5

# --- a second enabled device on the console's pin -------------------------
# the H3 ULCB with an LED whose pin node muxes GP_5_10 as SDHI2's card
# detect (tests/rehearse/r8a77951-ulcb-clash.dts): exit 1, one CONFLICT
# line naming the console's and /clash-leds' DT paths and pin nodes,
# /clash-leds FAILED with the kernel's claim of GP_5_10, one KTAP test not
# ok: it (43 pins + the hog and 8 consumers + /clash-leds)
rehearse_clash renesas h3 "$TOP/tests/rehearse/r8a77951-ulcb-clash.dts" \
	GP_5_10 /soc/serial@e6e88000 $pfc/scif2 $pfc/clash-led 53
finish

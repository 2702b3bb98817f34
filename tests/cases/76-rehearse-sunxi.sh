#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# Allwinner boards beyond the H6/H616 rehearsed with their SoC's own
# mainline driver (scripts/rehearse.sh; pincheck/families/sunxi.py reads
# every sunxi driver's tables): the arm64 reference A64 board and the
# 32-bit H3 board agree pin by pin, and register words are compared with
# values worked out by hand below from the board's DT and the driver's
# table and layout; an A20 board shows the variant masks (a function only
# the A20 has) and the older parts' reset (no I/O-disable: inputs); a T113
# board shows the D1's register layout; on each reference board a second
# enabled device on a pin the console has is a CONFLICT naming both DT
# paths, the second device FAILED; the guest's KTAP (console.ktap) is the
# host's (verdict.ktap) on every run (check_ktap, window_of: tests/lib.sh).
#
# How the words are worked out (pinctrl-sunxi.h and .c): pin N of bank B
# (PA = 0, PB = 1, ...; an R-PIO's PL is bank 0 of its own window) has its
# 4-bit function at B * bank_size + N / 8 * 4, bit N % 8 * 4; its drive
# level at B * bank_size + 0x14 + N / 16 * 4, bit N % 16 * 2 (the D1: 4-bit
# fields, N / 8 * 4); its pull at B * bank_size + pull_offset + N / 16 * 4,
# bit N % 16 * 2. bank_size 0x24 and pull_offset 0x1c, on the D1 0x30 and
# 0x24. drive-strength = <30> is level 30 / 10 - 1 = 2, <40> level 3;
# bias-pull-up is 1. Fields no state writes keep the reset image: function
# 7 (I/O disabled; 0xf on the D1, and 0, input, on the A10/A20/R40, which
# have no disable), drive level 1, no pull. The function values are the
# SUNXI_FUNCTION rows of the pins in the driver file named at each board.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

R=$TOP/scripts/rehearse.sh
out=$BUILD/rehearse

# tests/lib.sh's rehearse_agrees and window_word, the names sunxi-*
agrees() { rehearse_agrees sunxi "$@"; }
word() { window_word sunxi "$@"; }

# --- arm64: A64, pine64-plus (pinctrl-sun50i-a64.c, -a64-r.c) --------------
# 27 pins: uart0 PB8 PB9 (uart0_pb_pins), emac's 15 rgmii_pins (PD8-PD13,
# PD15-PD23), mmc0 PF0-PF5, i2c1 PH2 PH3, r_rsb PL0 PL1; 5 consumers.
agrees a64 allwinner/sun50i-a64-pine64-plus 27 5
d=$out/allwinner_sun50i-a64-pine64-plus
w=$(window_of "$d" /soc/pinctrl@1c20800)
r=$(window_of "$d" /soc/pinctrl@1f02c00)
# PB_CFG1 (PB8-PB15) at 1 * 0x24 + 4: PB8, PB9 "uart0" = 0x4, the rest 7
word a64-pb-cfg1 "$w" 0x28 0x77777744
# PD_CFG1 (PD8-PD15) at 3 * 0x24 + 4: "emac" = 0x4, PD14 not in the group
word a64-pd-cfg1 "$w" 0x70 0x47444444
word a64-pd-cfg2 "$w" 0x74 0x44444444
# PD_DRV0 (PD0-PD15) at 3 * 0x24 + 0x14: rgmii drive-strength 40 = 3 on
# PD8-PD13 and PD15, level 1 elsewhere: 0b11_01_111111111111_0101010101010101
word a64-pd-drv0 "$w" 0x80 0xdfff5555
word a64-pd-drv1 "$w" 0x84 0x5555ffff
# PF_CFG0 at 5 * 0x24: "mmc0" = 0x2 on PF0-PF5; drive 30 mA = 2, pull-up 1
word a64-pf-cfg0 "$w" 0xb4 0x77222222
word a64-pf-drv0 "$w" 0xc8 0x55555aaa
word a64-pf-pull0 "$w" 0xd0 0x00000555
# PH_CFG0 at 7 * 0x24: "i2c1" = 0x2 on PH2, PH3; the board adds
# bias-pull-up to i2c1_pins: PH_PULL0 at 7 * 0x24 + 0x1c
word a64-ph-cfg0 "$w" 0xfc 0x77772277
word a64-ph-pull0 "$w" 0x118 0x00000050
# the probe masks and clears the IRQ banks of a64_pinctrl_data (3, no
# bank map): status 0x214 + bank * 0x20 cleared for 0-2, not for 3
word a64-irq-status0 "$w" 0x214 0xffffffff
word a64-irq-status2 "$w" 0x254 0xffffffff
word a64-irq-status3-untouched "$w" 0x274 0x00000000
# R-PIO: pin_base PL, so PL0 is field 0 of its window: "s_rsb" = 0x2
word a64-pl-cfg0 "$r" 0x0 0x77777722

# --- arm: H3, orangepi-pc (pinctrl-sun8i-h3.c, -h3-r.c) --------------------
# 11 pins: uart0 PA4 PA5 (uart0_pa_pins), mmc0 PF0-PF5, r_i2c PL0 PL1, ir
# PL11; 4 consumers.
agrees h3 arm/allwinner/sun8i-h3-orangepi-pc 11 4
d=$out/arm_allwinner_sun8i-h3-orangepi-pc
w=$(window_of "$d" /soc/pinctrl@1c20800)
r=$(window_of "$d" /soc/pinctrl@1f02c00)
# PA_CFG0 at 0: "uart0" = 0x2 on PA4, PA5
word h3-pa-cfg0 "$w" 0x0 0x77227777
# mmc0 as on the A64 (the same sunxi-h3-h5.dtsi node, 0x2 in sun8i-h3.c)
word h3-pf-cfg0 "$w" 0xb4 0x77222222
word h3-pf-drv0 "$w" 0xc8 0x55555aaa
word h3-pf-pull0 "$w" 0xd0 0x00000555
# 2 IRQ banks (PA and PG): bank 1 cleared, bank 2 not
word h3-irq-status1 "$w" 0x234 0xffffffff
word h3-irq-status2-untouched "$w" 0x254 0x00000000
# R-PIO: "s_i2c" = 0x2 on PL0, PL1; "s_cir_rx" = 0x2 on PL11 (PL_CFG1)
word h3-pl-cfg0 "$r" 0x0 0x77777722
word h3-pl-cfg1 "$r" 0x4 0x77772777

# --- arm: A20, bananapi (pinctrl-sun4i-a10.c, variant PINCTRL_SUN7I_A20) ---
# "gmac" on PA0-PA16 is SUNXI_FUNCTION_VARIANT(0x5, "gmac", A20 | R40): the
# A10 has no such function. gmac_rgmii_pins: PA0-PA8, PA10-PA13, PA15, PA16
# with drive-strength 40; the A10/A20 table uses function 7, so the reset is
# 0 (input) and PA9, PA14 stay 0. 37 pins: gmac 15, spi0 5 (spi0_pi_pins
# PI11-PI13, cs0 PI10, cs1 PI14), mmc0 PF0-PF5, uart0 PB22 PB23, uart3 PH0
# PH1, uart7 PI20 PI21, i2c0 PB0 PB1, i2c2 PB20 PB21, ir0 PB4; 9 consumers.
agrees a20 arm/allwinner/sun7i-a20-bananapi 37 9
w=$(window_of "$out/arm_allwinner_sun7i-a20-bananapi" /soc/pinctrl@1c20800)
word a20-pa-cfg1-variant "$w" 0x4 0x50555505
word a20-pa-drv0 "$w" 0x14 0xdff7ffff

# --- arm: T113, mangopi-mq-r (pinctrl-sun20i-d1.c, the D1 layout) ----------
# bank_size 0x30: PB_CFG0 at 0x30 (not 0x24), "uart3" = 0x7 on PB6, PB7,
# the rest 0xf; PF_CFG0 at 5 * 0x30: "mmc0" = 0x2 on PF0-PF5. 14 pins:
# uart3 PB6 PB7, mmc0 PF0-PF5, mmc1 PG0-PG5; 3 consumers.
agrees t113 arm/allwinner/sun8i-t113s-mangopi-mq-r-t113 14 3
w=$(window_of "$out/arm_allwinner_sun8i-t113s-mangopi-mq-r-t113" /soc/pinctrl@2000000)
word t113-pb-cfg0 "$w" 0x30 0x77ffffff
word t113-pf-cfg0 "$w" 0xf0 0xff222222

# --- a second enabled device on the console's pin -------------------------
# NAME DTS PIN CONSOLE CONSOLE-NODE CTL TESTS: exit 1, one CONFLICT line for
# PIN naming the console's and /clash-leds' DT paths and pin nodes,
# /clash-leds FAILED with the kernel's claim, one KTAP test not ok: it
clash() {
	rehearse_clash sunxi "$1" "$2" "pio:$3" "$4" "$6/$5" "$6/clash-led-pin" "$7" "$3"
}
# the reference boards' pins and consumers, plus /clash-leds (its PB8 or
# PA4 row is the console's: the LED device writes nothing)
clash a64 "$TOP/tests/rehearse/sun50i-a64-pine64-plus-clash.dts" PB8 /soc/serial@1c28000 \
	uart0-pb-pins /soc/pinctrl@1c20800 $((27 + 5 + 1))
clash h3 "$TOP/tests/rehearse/sun8i-h3-orangepi-pc-clash.dts" PA4 /soc/serial@1c28000 \
	uart0-pa-pins /soc/pinctrl@1c20800 $((11 + 4 + 1))
finish

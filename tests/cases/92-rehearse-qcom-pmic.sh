#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# Qualcomm PMIC GPIO blocks on SPMI rehearsed with their own drivers
# (pinctrl-spmi-gpio under the qcom-spmi-pmic MFD) on the rehearsal's
# SPMI controller (vsoc,rehearsal-spmi; pincheck/families/qcom_pmic.py),
# beside the board's TLMM: qrb5165-rb5 (PM8150L gpio5, the HDMI bridge's
# reset) and sdm845-db845c (PM8998 gpio6, gpio10, gpio12) agree pin by
# pin, every consumer applies its default state, and register words of
# the PMIC's window are compared with values worked out by hand below; a
# second enabled device on the HDMI bridge's PMIC pin is a CONFLICT naming
# both DT paths, the second device FAILED; the guest's KTAP (console.ktap,
# which decodes the driver's pinconf-groups line itself) is the host's
# (verdict.ktap) on every run (check_ktap, window_of: tests/lib.sh).
#
# How the bytes are worked out (pinctrl-spmi-gpio.c): pad N of the block
# at reg 0xc000 of the PMIC at slave id S is at (S << 16) | (0xc000 +
# 0x100 * (N - 1)) of the window (PMIC_GPIO_ADDRESS_RANGE; the rehearsal's
# controller puts slave S at S * 64 KiB). Neither PM8150L nor PM8998 has
# rails named in qcom,pmic-gpio.h, so their pads are GPIO_MV (0x11:
# LV/MV, two rails; families.md). The control registers at +0x40: MODE_CTL
# (direction, bits 1:0 on LV/MV), DIG_VIN_CTL, DIG_PULL_CTL, DIG_IN_CTL,
# +0x44 DIG_OUT_SOURCE_CTL (bit 7 the output value, bits 3:0 the
# function), DIG_OUT_CTL (bits 5:4 buffer, 1:0 strength), EN_CTL (bit 7),
# read as little-endian words of four. Reset (families/qcom_pmic.py):
# MODE_CTL 0 (PMIC_GPIO_MODE_DIGITAL_INPUT), rail 0, DIG_PULL_CTL 4
# (PMIC_GPIO_PULL_DOWN), buffer CMOS 0, strength 0, EN_CTL 0x80.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

out=$BUILD/rehearse

agrees() { rehearse_agrees qcom-pmic "$@"; }
word() { window_word qcom-pmic "$@"; }

# --- qrb5165-rb5 ---------------------------------------------------------------
# 34 TLMM pins of 70-rehearse's count before the PMIC was rehearsed, the
# HDMI bridge's interrupt (TLMM GPIO_63: lt9611-irq-state, the other node
# of its default state) and PM8150L gpio5; 13 consumers with their default
# state (the 12 of before and the HDMI bridge, whose state was left out
# whole); the LPASS LPI controller and its two consumers' states stay not
# rehearsed
agrees rb5 qcom/qrb5165-rb5 36 13 3
w=$(window_of "$out/qcom_qrb5165-rb5" /soc@0/spmi@c440000/pmic@4/gpio@c000)
# lt9611-rst-state: pins "gpio5" (pad 5, slave 4: 0x4c400), function
# normal, output-high, input-disable, power-source <0>. The parser's order
# (dt_params[]): input-disable clears the input flag, output-high sets the
# output and the value 1: MODE_CTL = PMIC_GPIO_MODE_DIGITAL_OUTPUT 1;
# DIG_VIN_CTL 0; the pull keeps its 4; DIG_IN_CTL 0: 0x00040001
word rb5-gpio5-mode "$w" 0x4c440 0x00040001
# DIG_OUT_SOURCE_CTL = out_value << 7 | function normal (0) = 0x80;
# DIG_OUT_CTL 0; EN_CTL = is_enabled << 7 = 0x80: 0x00800080
word rb5-gpio5-out "$w" 0x4c444 0x00800080
# pad 6 (gpio6), which no state writes, keeps its reset: TYPE 0x10 and
# SUBTYPE 0x11 (PMIC_GPIO_SUBTYPE_GPIO_MV) at +4, +5
word rb5-gpio6-type "$w" 0x4c504 0x00001110
# the MFD's revision of PM8150L (slave 4): PMIC_TYPE 0x104 = 0x51,
# PMIC_SUBTYPE 0x105 = PM8150L_SUBTYPE 0x1f
word rb5-pmic-revid "$w" 0x40104 0x00001f51
# the guest decodes the pad's pinconf-groups line too: "out high normal
# vin-0", no "input enabled"
grep -q '^pm8150l_gpios:gpio5 ' "$out/qcom_qrb5165-rb5/verdict.txt" &&
	pass qcom-pmic-rb5-pin-name || fail qcom-pmic-rb5-pin-name "no row pm8150l_gpios:gpio5"

# --- sdm845-db845c ------------------------------------------------------------
# 41 TLMM pins (70-rehearse) and PM8998 gpio6, gpio10, gpio12; 17
# consumers: the 14 of the TLMM, gpio-keys and the two camera regulators;
# nothing left not rehearsed
agrees db845c qcom/sdm845-db845c 44 17
w=$(window_of "$out/qcom_sdm845-db845c" /soc@0/spmi@c440000/pmic@0/gpio@c000)
# cam0-dvdd-1v2-en-state: pins "gpio12" (slave 0: 0xcb00), function
# normal, bias-pull-up (DIG_PULL_CTL PMIC_GPIO_PULL_UP_30 0),
# drive-push-pull (buffer 0), qcom,drive-strength <1>
# (PMIC_GPIO_STRENGTH_HIGH: PMIC_GPIO_OUT_STRENGTH_HIGH 3): MODE_CTL stays
# 0 (no direction property), pull 0: 0x00000000; DIG_OUT_SOURCE_CTL 0,
# DIG_OUT_CTL 0x03, EN_CTL 0x80: 0x00800300
word db845c-gpio12-mode "$w" 0xcb40 0x00000000
word db845c-gpio12-out "$w" 0xcb44 0x00800300
# vol-up-active-state: "gpio6" (0xc500), input-enable on a digital input
# (mode 0), bias-pull-up (0), qcom,drive-strength <0> (NO: 0)
word db845c-gpio6-mode "$w" 0xc540 0x00000000
word db845c-gpio6-out "$w" 0xc544 0x00800000
# gpio7, which no state writes: the pull-down of the reset image
word db845c-gpio7-mode "$w" 0xc640 0x00040000

# --- a second enabled device on the HDMI bridge's PMIC pin -------------------
# tests/rehearse/qrb5165-rb5-pmic-clash.dts: /clash-leds muxes PM8150L
# gpio5 (function normal); the kernel's claim names the pin gpio5
rehearse_clash qcom-pmic rb5 "$TOP/tests/rehearse/qrb5165-rb5-pmic-clash.dts" \
	"pm8150l_gpios:gpio5" /soc@0/geniqup@9c0000/i2c@994000/hdmi-bridge@2b \
	/soc@0/spmi@c440000/pmic@4/gpio@c000/lt9611-rst-state \
	/soc@0/spmi@c440000/pmic@4/gpio@c000/clash-led-state $((36 + 13 + 1)) gpio5
finish

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# Marvell mvebu boards rehearsed with their SoC's own mainline driver
# (scripts/rehearse.sh; pincheck/families/mvebu.py reads the MPP tables of
# drivers/pinctrl/mvebu/): the 32-bit Armada 388 ClearFog (own MMIO), the
# arm64 MACCHIATObin (AP806 and two CP110s: the registers of each parent
# system controller, its regmap) and the ESPRESSObin (Armada 37xx: groups
# and one selection register) agree pin by pin, and register words are
# compared with values worked out by hand below from the board's DT and
# the driver's table; on the ClearFog a second enabled device on the
# console's pin is a CONFLICT naming both DT paths, the second device
# FAILED; the guest's KTAP (console.ktap) is the host's (verdict.ktap) on
# every run (check_ktap, window_of: tests/lib.sh).
#
# How the words are worked out (pinctrl-mvebu.h, MVEBU_MPPS_PER_REG 8,
# MVEBU_MPP_BITS 4): MPP N is the 4 bits at offset N / 8 * 4, bit
# N % 8 * 4, of the controller's window (the syscon's, for AP806/CP110);
# its value is that of the first MPP_MODE(N, ...) setting whose name is
# the node's marvell,function (and whose variant mask has the SoC's bit).
# The window starts as 0xa5a5a5a5 (families/base.py POISON) and the driver
# writes read-modify-write, so an MPP no state sets keeps its nibble of
# the fill: 5 for an even N % 8, a for an odd one.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

R=$TOP/scripts/rehearse.sh
out=$BUILD/rehearse

# tests/lib.sh's rehearse_agrees and window_word, the names mvebu-*
agrees() { rehearse_agrees mvebu "$@"; }
word() { window_word mvebu "$@"; }

# --- arm: Armada 388 ClearFog (pinctrl-armada-38x.c, mv88f6820) -----------
# 40 pins of 10 consumers: uart0 mpp0 mpp1, i2c0 mpp2 mpp3, mdio mpp4 mpp5
# (+ ref mpp45), ge0 rgmii mpp6-mpp17, sdhci mpp21 mpp28 mpp37-mpp40 (+ cd
# gpio mpp20), dsa switch gpio mpp23 mpp41 (+ ref mpp46), uart1 (mikro)
# mpp24 mpp25, i2c1 mpp26 mpp27, spi1 mpp43 mpp55-mpp59, rear button mpp34.
agrees a388 arm/marvell/armada-388-clearfog 40 10
w=$(window_of "$out/arm_marvell_armada-388-clearfog" /soc/internal-regs/pinctrl@18000)
# word 0, MPP0-7: uart-pins-0 "ua0" (MPP_VAR_FUNCTION(1, "ua0", "rxd"/"txd")),
# i2c-pins-0 "i2c0" (1), mdio-pins "ge" (1, "mdc"/"mdio"), ge-rgmii-pins-0
# "ge0" on MPP6, 7 (1): every nibble 1
word a388-mpp0-7 "$w" 0x0 0x11111111
# word 2, MPP16-23: MPP16, 17 "ge0" = 1; MPP18, 19 untouched (5, a);
# clearfog-sdhci-cd-pins MPP20 "gpio" = 0; microsom-sdhci-pins MPP21 "sd0"
# = 4; MPP22 untouched (5: mikro-pins belongs to no device); clearfog-dsa0
# -pins MPP23 "gpio" = 0: nibbles 7..0 = 0 5 4 0 a 5 1 1
word a388-mpp16-23 "$w" 0x8 0x0540a511
# word 3, MPP24-31: mikro-uart-pins MPP24, 25 "ua1" = 3 (MPP_VAR_FUNCTION(3,
# "ua1", ...)); i2c1-pins MPP26, 27 "i2c1" = 3; MPP28 "sd0" = 4; MPP29-31
# untouched: nibbles 7..0 = a 5 a 4 3 3 3 3
word a388-mpp24-31 "$w" 0xc 0xa5a43333
# word 4, MPP32-39: rear-button-pins MPP34 "gpio" = 0; MPP37-39 "sd0" = 4;
# MPP32, 33, 35, 36 untouched: nibbles 7..0 = 4 4 4 5 a 0 a 5
word a388-mpp32-39 "$w" 0x10 0x4445a0a5

# --- arm64: MACCHIATObin (pinctrl-armada-ap806.c, -cp110.c) ----------------
# AP806 and the 8040's two CP110s (cp0: marvell,armada-8k-cpm-pinctrl, cp1:
# -cps-) each under their system controller, whose 0x2000 bytes are the
# window. 38 pins of 13 consumers: ap uart0 mpp11 mpp19; cp0 mdio mpp32
# mpp34, i2c1 mpp35 mpp36, i2c0 mpp37 mpp38, uart1 mpp40 mpp41, xhci vbus
# mpp47, sfp 1g mpp51 mpp53 mpp54, pcie mpp52, sdhci mpp55-mpp61, sfpp1
# mpp62; cp1 uart0 mpp6 mpp7, sfpp1 mpp8 mpp10 mpp11, spi1 mpp12-mpp16, sfp
# 1g mpp24, sfpp0 mpp26-mpp29.
agrees mcbin marvell/armada-8040-mcbin 38 13
d=$out/marvell_armada-8040-mcbin
ap=$(window_of "$d" /ap806/config-space@f0000000/system-controller@6f4000/pinctrl)
cp0=$(window_of "$d" /cp0/config-space@f2000000/system-controller@440000/pinctrl)
cp1=$(window_of "$d" /cp1/config-space@f4000000/system-controller@440000/pinctrl)
# AP word 1, MPP8-15: uart0-pins MPP11 "uart0" = 3 (MPP_FUNCTION(3, "uart0",
# "txd")), the rest untouched: nibbles 7..0 = a 5 a 5 3 5 a 5; word 2,
# MPP16-23: MPP19 "uart0" = 3 (MPP_FUNCTION(3, "uart0", "rxd")), the same
word mcbin-ap-mpp8-15 "$ap" 0x4 0xa5a535a5
word mcbin-ap-mpp16-23 "$ap" 0x8 0xa5a535a5
# CP0 word 7, MPP56-63: sdhci-pins MPP56-61 "sdio" = 0xe (MPP_FUNCTION(14,
# "sdio", ...)), sfpp1-pins MPP62 "gpio" = 0, MPP63 untouched (a)
word mcbin-cp0-mpp56-63 "$cp0" 0x1c 0xa0eeeeee
# CP1 word 1, MPP8-15: sfpp1-pins MPP8, 10, 11 "gpio" = 0, MPP9 untouched
# (a), spi1-pins MPP12-15 "spi1" = 3 (MPP_FUNCTION(3, "spi1", ...)): on the
# CPS, MPP0-31 have their functions (the probe's assign_variant)
word mcbin-cp1-mpp8-15 "$cp1" 0x4 0x333300a0

# --- arm64: ESPRESSObin (pinctrl-armada-37xx.c) ----------------------------
# north and south bridge controllers; 24 pins of 4 consumers: the serial
# port's "uart1" group (GPIO1-25, 26), ethernet "rgmii" (GPIO2-6 to 17) and
# "smi" (GPIO2-18, 19), mmc "sdio_sb" (GPIO2-24 to 29), pcie "pcie1" and
# "pcie1_clkreq" (GPIO2-3, 4)
agrees espressobin marvell/armada-3720-espressobin 24 4
sb=$(window_of "$out/marvell_armada-3720-espressobin" /soc/internal-regs@d0000000/pinctrl@18800)
# SELECTION (0x30) of the south bridge: sdio-pins "sdio" clears BIT(2)
# (PIN_GRP_GPIO("sdio_sb", 24, 6, BIT(2), "sdio"): value 0 under the mask),
# rgmii "mii" BIT(3), smi BIT(4), pcie1_clkreq BIT(9) to 0 (already 0 in
# the fill), pcie-reset-pins "gpio" sets BIT(5) (already 1): 0xa5a5a5a5
# with bit 2 cleared
word espressobin-sb-selection "$sb" 0x30 0xa5a5a5a1

# --- a second enabled device on the console's pin -------------------------
# the ClearFog with an LED on MPP1 (tests/rehearse/armada-388-clearfog-clash.dts):
# exit 1, one CONFLICT line naming the console's and /clash-leds' DT paths
# and pin nodes, /clash-leds FAILED with the kernel's claim (the kernel
# names the pin PIN1: the mvebu core gives its pins no names), one KTAP
# test not ok: it
dts=$TOP/tests/rehearse/armada-388-clearfog-clash.dts
d=$out/armada-388-clearfog-clash
ctl=/soc/internal-regs/pinctrl@18000
"$R" --quiet "$dts" >/dev/null 2>&1
rc=$?
[ "$rc" = 1 ] && pass "mvebu-clash-exit" || fail "mvebu-clash-exit" "exit $rc, want 1"
if [ "$(grep -c '^CONFLICT ' "$d/verdict.txt" 2>/dev/null)" = 1 ] &&
   grep -qxF "CONFLICT mpp1: muxed by /soc/internal-regs/serial@12000 ($ctl/uart-pins-0) and claimed by /clash-leds ($ctl/clash-led-pin, state default)" "$d/verdict.txt"; then
	pass "mvebu-clash-conflict"
else
	fail "mvebu-clash-conflict" "$(grep '^CONFLICT' "$d/verdict.txt" | tr '\n' ' ')"
fi
grep -Eq "^consumer /clash-leds \(rh[0-9]+-clash-leds\): FAILED: pin PIN1 already requested by /soc/internal-regs/serial@12000\$" "$d/verdict.txt" &&
	pass "mvebu-clash-failed" ||
	fail "mvebu-clash-failed" "$(grep '^consumer /clash-leds' "$d/verdict.txt")"
n=$((40 + 10 + 1))
check_ktap "mvebu-clash" "$d" 1 "Ran $n tests: passed: $((n - 1)), failed: 1"
[ "$(grep -c '^    not ok ' "$d/console.ktap")" = 1 ] &&
	grep -q '^    not ok [0-9]* consumer_/clash-leds$' "$d/console.ktap" &&
	pass "mvebu-clash-ktap-names-the-consumer" ||
	fail "mvebu-clash-ktap-names-the-consumer" "$(grep '^    not ok' "$d/console.ktap" | tr '\n' ' ')"

# Dove is reported, not rehearsed: its driver's accessors are its own
line=$("$R" --quiet arm/marvell/dove-cubox 2>&1)
rc=$?
[ "$rc" = 4 ] && grep -q "nothing rehearsed: a Dove MPP controller" <<<"$line" &&
	pass "mvebu-dove-not-rehearsed" || fail "mvebu-dove-not-rehearsed" "exit $rc: $line"
finish

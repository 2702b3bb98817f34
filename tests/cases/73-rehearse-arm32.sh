#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# 32-bit boards of arch/arm rehearsed on the arm64 virt machine with their
# SoC's own pinctrl-single (scripts/rehearse.sh arm/VENDOR/BOARD: compiled
# as kbuild compiles it for arm, its pin controllers moved into windows):
# the BeagleBone Black (AM335x, 32-bit pads, #pinctrl-cells 2) and the
# PandaBoard ES (OMAP4, 16-bit pads, two controllers) agree on every pin of
# every enabled consumer, with register words worked out by hand from the
# DT and the dt-bindings macros; DA850's bit-per-mux rows and PXA300's
# pinconf-single tuples likewise, one word each. A board that includes the
# BeagleBone Black and gives a GPIO LED the console's UART0_TXD is a
# CONFLICT naming both devices by DT path, the LED failed. A pin node the
# driver refuses (omap3-echo: a wake-up pad given to the core controller)
# fails its device; DRA7's IODELAY and a Qualcomm arm32 TLMM without its
# driver in the image are reported in one line. On every board booted the
# guest's KTAP is the host's line for line. The board names keep arm and
# arm64 apart, the board list has families with an arch, and the summary a
# line per family and per arch.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

R=$TOP/scripts/rehearse.sh
out=$BUILD/rehearse

# 16-bit little-endian halfword at OFFSET of a window
reg16() {
	od -An -t u2 -j "$(($2))" -N 2 --endian=little "$1" | tr -d ' '
}
# WINDOW OFFSET... WANT...: the 32-bit words at the offsets, in hex
words() {
	local w=$1 o
	shift
	for o in "$@"; do printf '%#x ' "$(reg32 "$w" "$o")"; done
}

# --- AM335x: BeagleBone Black ----------------------------------------------
# 70 pins: each row of the default states of its 10 enabled consumers and
# the pinmux's own hog (am335x-bone-common.dtsi, am335x-boneblack-common.dtsi,
# am335x-boneblack-hdmi.dtsi): uart0 2, i2c0 2, i2c2 2, emmc 10, mmc1 7,
# mcasp0 5, cpsw 13, mdio 3, user leds 4, nxp-hdmi 21, clkout2 (hog) 1.
bb=$out/arm_ti_omap_am335x-boneblack
rehearse_ok arm/ti/omap/am335x-boneblack 70
# The pinmux sits three ranges deep under 1-cell buses: interconnect@44c00000
# + segment@200000 + target-module@10000 + pinmux@800 = 0x44e10800, 0x238
# bytes (the AM335x control module's conf_* registers)
python3 - "$bb/plan.json" <<-'EOF' && pass "rehearse-am335x-ranges" || fail "rehearse-am335x-ranges" "the pinmux window is not 0x44e10800+0x238 and arch arm"
import json, sys
p = json.load(open(sys.argv[1]))
w = p["controllers"][0]["windows"][0]
sys.exit(not (w["orig_addr"] == 0x44e10800 and w["orig_size"] == 0x238 and p["arch"] == "arm"
              and p["board"] == "arm/ti/omap/am335x-boneblack"))
EOF
# Register words by hand. The window's reset fill is 0xa5a5a5a5; the
# driver writes (value) under function-mask 0x7f, read-modify-write, so
# bits 7-31 keep 0xa5a5a5 and bit 7 stays 1. Rows are AM33XX_PADCONF(pin,
# conf, mux) = <pin - 0x800, conf, mux>, value conf | mux (am33xx.h, omap.h):
#  uart0_pins: UART0_RXD 0x970 PIN_INPUT_PULLUP = INPUT_EN (1 << 5) |
#    PULL_UP (1 << 4) = 0x30, mode 0 -> 0x170: 0xa5a5a580 | 0x30 = 0xa5a5a5b0;
#    UART0_TXD 0x974 PIN_OUTPUT_PULLDOWN = 0, mode 0 -> 0x174: 0xa5a5a580
#  user_leds_s0: GPMC_A5 0x854 PIN_OUTPUT_PULLDOWN, mode 7 -> 0x54: 0xa5a5a587;
#    GPMC_A6 0x858 PIN_OUTPUT_PULLUP = PULL_UP = 0x10, mode 7 -> 0x58: 0xa5a5a597
#  conf_usb1_drvvbus (0xa34 -> 0x234, the last pad) is in no state: the fill
w=$(window_of "$bb" /ocp/interconnect@44c00000/segment@200000/target-module@10000/scm@0/pinmux@800)
got=$( [ -n "$w" ] && words "$w" 0x170 0x174 0x54 0x58 0x234)
[ "$got" = "0xa5a5a5b0 0xa5a5a580 0xa5a5a587 0xa5a5a597 0xa5a5a5a5 " ] &&
	pass "rehearse-am335x-registers" || fail "rehearse-am335x-registers" "words $got"
grep -q '^PADCONFIG92 UART0_RXD  *.*/target-module@9000/serial@0  *padconf=0x30 ' "$bb/verdict.txt" &&
	grep -q '^consumer /ocp/interconnect@44c00000/segment@200000/target-module@9000/serial@0 (rh000-serial): default applied$' "$bb/verdict.txt" &&
	pass "rehearse-am335x-names" || fail "rehearse-am335x-names" "UART0_RXD's row or the console's consumer line is missing"
# arm64/ in front names an arm64 board, the same run as without it
line=$("$R" --quiet arm64/freescale/imx8mm-evk 2>&1)
case "$line" in
"freescale/imx8mm-evk: 79 pins checked, 0 mismatches,"*)
	[ -s "$out/freescale_imx8mm-evk/verdict.json" ] && pass "rehearse-arm64-prefix" ||
		fail "rehearse-arm64-prefix" "no run in $out/freescale_imx8mm-evk" ;;
*) fail "rehearse-arm64-prefix" "$line" ;;
esac

# --- OMAP4: PandaBoard ES, 16-bit pads ------------------------------------
# 87 pins of 13 consumers and the core controller's hogs (omap4-panda-common.dtsi
# and omap4-panda-es.dts), both controllers: omap4_pmx_core at 0x4a100040
# (0x196 bytes) and omap4_pmx_wkup at 0x4a31e040 (0x38)
pa=$out/arm_ti_omap_omap4-panda-es
rehearse_ok arm/ti/omap/omap4-panda-es 87
# Halfwords by hand: OMAP4_IOPAD(pa, val) = <pa - 0x40, val>, 16-bit
# registers, function-mask 0x7fff over the fill 0xa5a5: bit 15 stays 1.
#  i2c1_pins: i2c1_scl 0x122, i2c1_sda 0x124 PIN_INPUT_PULLUP = PULL_ENA
#    (1 << 3) | PULL_UP (1 << 4) | INPUT_EN (1 << 8) = 0x118, mode 0 ->
#    0xe2 and 0xe4: 0x8000 | 0x118 = 0x8118
#  i2c2_pins: i2c2_scl 0x126 -> 0xe6: 0x8118
#  twl6040_pins: hdq_sio 0x120 PIN_OUTPUT (0) | MUX_MODE3 -> 0xe0: 0x8003
# so the 32-bit words: 0xe0 = 0x81188003 (hdq_sio low, i2c1_scl high),
# 0xe4 = 0x81188118 (i2c1_sda low, i2c2_scl high); pad 0x40 (0x0, the
# first, gpmc_ad0) is in no state of the board: 0xa5a5
w=$(window_of "$pa" /ocp/interconnect@4a000000/segment@100000/target-module@0/pinmux@40)
got=$( [ -n "$w" ] && echo "$(reg16 "$w" 0xe2) $(reg16 "$w" 0xe4) $(words "$w" 0xe0 0xe4)$(reg16 "$w" 0)")
[ "$got" = "$((0x8118)) $((0x8118)) 0x81188003 0x81188118 $((0xa5a5))" ] &&
	pass "rehearse-omap4-16bit-registers" || fail "rehearse-omap4-16bit-registers" "$got"
python3 - "$pa/plan.json" <<-'EOF' && pass "rehearse-omap4-ranges" || fail "rehearse-omap4-ranges" "the padconf windows are not 0x4a100040+0x196 and 0x4a31e040+0x38"
import json, sys
w = sorted((c["windows"][0]["orig_addr"], c["windows"][0]["orig_size"])
           for c in json.load(open(sys.argv[1]))["controllers"])
sys.exit(w != [(0x4a100040, 0x196), (0x4a31e040, 0x38)])
EOF
grep -q '^omap4_pmx_core:PADCONFIG113 I2C1_SCL  *.*/target-module@70000/i2c@0  *padconf=0x118 ' "$pa/verdict.txt" &&
	pass "rehearse-omap4-names" || fail "rehearse-omap4-names" "no row omap4_pmx_core:PADCONFIG113 I2C1_SCL for i2c@0 of target-module@70000"

# --- DA850 bit-per-mux, PXA300 pinconf-single: a word each ---------------
# da850-lcdk: function-mask 0xf, so 4 bits a pin; PINMUX4 (0x10) holds 8
# pins. mdio_pins <0x10 0x88 0xff>, i2c0_pins <0x10 0x2200 0xff00>,
# serial2_rxtx_pins <0x10 0x220000 0xff0000> (da850.dtsi), each cut into
# 4-bit submasks, read-modify-write: 0xa5 (fill) | 0x22 | 0x22 | 0x88
rehearse_ok arm/ti/davinci/da850-lcdk 92
w=$(window_of "$out/arm_ti_davinci_da850-lcdk" /soc@1c00000/pinmux@14120)
got=$( [ -n "$w" ] && words "$w" 0x10)
[ "$got" = "0xa5222288 " ] && pass "rehearse-da850-bits-register" ||
	fail "rehearse-da850-bits-register" "PINMUX4 holds $got, want 0xa5222288"
# pxa300-raumfeld-controller: charger_pins, MFP_PIN_PXA300(31) = 0x400 +
# 4 * (31 - 27) = 0x410, MFP_AF0 under function-mask 0x7; then, pinconf-single
# in the driver's table order: low-power-mode MFP_LPM(MFP_LPM_PULL_HIGH) =
# <0x4180 0xe1f0>: 0xa5a5a5a0 & ~0xe1f0 | 0x4180 = 0xa5a54580; bias-pullup
# MPF_PULL_UP = <0xc000 0xc000 0 0xe000>, value = enable: first every bias of
# the node to its disable (0 under 0xe000: 0xa5a50580), then enable:
# 0xa5a5c580 (pxa3xx.dtsi)
rehearse_ok arm/intel/pxa/pxa300-raumfeld-controller 60
w=$(window_of "$out/arm_intel_pxa_pxa300-raumfeld-controller" /pxabus/pinctrl@40e10000)
got=$( [ -n "$w" ] && words "$w" 0x410)
[ "$got" = "0xa5a5c580 " ] && pass "rehearse-pxa300-pinconf-register" ||
	fail "rehearse-pxa300-pinconf-register" "MFPR of GPIO31 holds $got, want 0xa5a5c580"

# --- two enabled devices on one pin -----------------------------------------
# tests/rehearse/am335x-boneblack-clash.dts: /clash-led wants UART0_TXD in
# mode 7 (PIN_OUTPUT = PULL_DISABLE 0x8 | 7); serial@0 had it first
c=$out/am335x-boneblack-clash
"$R" --quiet "$TOP/tests/rehearse/am335x-boneblack-clash.dts" >/dev/null 2>&1
rc=$?
[ "$rc" = 1 ] && pass "rehearse-am335x-clash-exit" || fail "rehearse-am335x-clash-exit" "exit $rc, want 1"
serial=/ocp/interconnect@44c00000/segment@200000/target-module@9000/serial@0
pmx=/ocp/interconnect@44c00000/segment@200000/target-module@10000/scm@0/pinmux@800
grep -qxF "CONFLICT PADCONFIG93 UART0_TXD: muxed by $serial ($pmx/uart0-pins) and claimed by /clash-led ($pmx/led-on-uart0-txd-pins, state default)" "$c/verdict.txt" &&
	pass "rehearse-am335x-clash-both-paths" ||
	fail "rehearse-am335x-clash-both-paths" "no CONFLICT line for UART0_TXD naming $serial and /clash-led"
grep -qxF "consumer /clash-led (rh010-clash-led): FAILED: pin PIN93 already requested by $serial" "$c/verdict.txt" &&
	pass "rehearse-am335x-clash-second-failed" ||
	fail "rehearse-am335x-clash-second-failed" "/clash-led is not reported failed by serial@0's claim"
w=$(window_of "$c" "$pmx")
got=$( [ -n "$w" ] && words "$w" 0x174)
[ "$got" = "0xa5a5a580 " ] && pass "rehearse-am335x-clash-uart-keeps-pad" ||
	fail "rehearse-am335x-clash-uart-keeps-pad" "UART0_TXD holds $got: the LED's 0xa5a5a58f got through?"
n=$(verdict_tests "$c")
check_ktap am335x-clash "$c" 1 "Ran $n tests: passed: $((n - 1)), failed: 1"
[ "$(grep -c '^    not ok ' "$c/console.ktap")" = 1 ] &&
	grep -q '^    not ok [0-9]* consumer_/clash-led$' "$c/console.ktap" &&
	pass "rehearse-am335x-clash-ktap-names-the-led" ||
	fail "rehearse-am335x-clash-ktap-names-the-led" "$(grep '^    not ok' "$c/console.ktap" | tr '\n' ' ')"

# --- what the driver refuses, what cannot be moved, what is not built -------
# omap3-echo's button_pins has OMAP3_CORE1_IOPAD(0x2a1a, ...), sys_clkout1,
# a wake-up pad: offset 0x2a1a - 0x2030 = 0x9ea in the core controller of
# 0x238 bytes. pinctrl-single refuses the node, so /gpio-keys has no pins
# and does not probe; the guest sees it so, as the plan says. The reason is
# the kernel's message (the series' pinctrl-single row check) with the
# board's path of the node, and the checker finds the same before the boot
# (a BAD NODE line)
e=$out/arm_ti_omap_omap3-echo
"$R" --quiet arm/ti/omap/omap3-echo >/dev/null 2>&1
grep -qxF 'consumer /gpio-keys (rh005-gpio-keys): FAILED: /ocp@68000000/l4@48000000/scm@2000/pinmux@30/button-pins: pinctrl-single,pins offset 0x9ea is out of range (0x238)' "$e/verdict.txt" &&
	grep -qxF 'BAD NODE /ocp@68000000/l4@48000000/scm@2000/pinmux@30/button-pins (state default of /gpio-keys): /ocp@68000000/l4@48000000/scm@2000/pinmux@30/button-pins: pinctrl-single,pins: offset 0x9ea is out of range (0x238)' "$e/verdict.txt" &&
	grep -q '] pinctrl-single 4c000000.pinmux: /pinmux@4c000000/button-pins: pinctrl-single,pins offset 0x9ea is out of range (0x238)' "$e/console.log" &&
	pass "rehearse-omap3-echo-refused-node" ||
	fail "rehearse-omap3-echo-refused-node" "/gpio-keys is not failed by the refused button-pins"
n=$(verdict_tests "$e")
check_ktap omap3-echo "$e" 1 "Ran $n tests: passed: $((n - 1)), failed: 1"
# dra7-evm: its MMC states' IODELAY nodes are reported per state; what is
# on the padconf agrees
line=$("$R" --quiet arm/ti/omap/dra7-evm 2>&1)
rc=$?
d=$out/arm_ti_omap_dra7-evm
if [ "$rc" = 0 ] && [[ $line == *": 18 pins checked, 0 mismatches, 0 conflicts, 0 stray writes, 0 bad nodes, 0 consumers failed, 0 states never applied, 9 not rehearsed" ]] &&
   grep -q '^not rehearsed: state sdr104 of /ocp/interconnect@48000000/segment@0/target-module@9c000/mmc@0: /ocp/padconf@4844a000/mmc1_iodelay_sdr104_rev20_conf is on /ocp/padconf@4844a000: a DRA7 IODELAY block (ti,dra7-iodelay): ' "$d/verdict.txt"; then
	pass "rehearse-dra7-iodelay-reported"
else
	fail "rehearse-dra7-iodelay-reported" "exit $rc: $line"
fi
# a Qualcomm arm32 board: with its TLMM driver in the image it agrees on
# every pin (35: the 29 TLMM rows of its consumers' default states and 6
# pins of its PM8941 GPIO block on SPMI, family qcom-pmic), without it one
# line says so and nothing is rehearsed (exit 4)
q=arm/qcom/qcom-msm8974-lge-nexus5-hammerhead
if grep -qx 'CONFIG_PINCTRL_MSM8X74=y' "$CACHE/out/${KERNEL:-vsoc}/.config" 2>/dev/null; then
	rehearse_ok "$q" 35
else
	line=$("$R" --quiet "$q" 2>&1)
	rc=$?
	[ "$rc" = 4 ] && [ "$line" = "$q: nothing rehearsed: no driver for qcom,msm8974-pinctrl in the image (CONFIG_PINCTRL_MSM8X74 is not set)" ] &&
		pass "rehearse-msm8974-no-driver" || fail "rehearse-msm8974-no-driver" "exit $rc: $line"
fi

# --- board names, families, the summary -----------------------------------
list=$BUILD/tests/rehearse-arm32.boards
KSRC=$CACHE/linux pincheck boards omap imx >"$list"
grep -qx 'omap arm/ti/omap/am335x-boneblack' "$list" &&
	grep -qx 'omap arm/ti/omap/am57xx-beagle-x15+am57xx-evm' "$list" &&
	grep -qx 'imx freescale/imx8mm-evk' "$list" && ! grep -q '^omap [^a]' "$list" &&
	pass "rehearse-board-list-arch" ||
	fail "rehearse-board-list-arch" "arm boards not as arm/..., a composite missing, or arm64's renamed"
printf '%s\n' 'omap arm/ti/omap/am335x-boneblack' 'omap arm/ti/omap/omap4-panda-es' \
	'davinci arm/ti/davinci/da850-lcdk' 'imx freescale/imx8mm-evk' >"$list"
sdir=$BUILD/tests/rehearse-arm32-summary
rm -rf "$sdir"
mkdir -p "$sdir"
for b in arm_ti_omap_am335x-boneblack arm_ti_omap_omap4-panda-es arm_ti_davinci_da850-lcdk freescale_imx8mm-evk; do
	mkdir -p "$sdir/$b" && cp "$out/$b/verdict.json" "$sdir/$b/" 2>/dev/null
done
pincheck summary "$sdir" "$list" >/dev/null
if grep -qx 'family omap (arm): 2 boards: 2 ok; 2 fully rehearsed (every pin state), 2 of them agree' "$sdir/summary.txt" &&
   grep -qx 'family davinci (arm): 1 boards: 1 ok; 1 fully rehearsed (every pin state), 1 of them agree' "$sdir/summary.txt" &&
   grep -qx 'arch arm: 3 boards: 3 ok; 3 fully rehearsed (every pin state), 3 of them agree' "$sdir/summary.txt" &&
   grep -qx 'arch arm64: 1 boards: 1 ok; 1 fully rehearsed (every pin state), 1 of them agree' "$sdir/summary.txt" &&
   [ "$(tail -n 1 "$sdir/summary.txt")" = "4 boards: 4 ok; 4 fully rehearsed (every pin state), 4 of them agree" ]; then
	pass "rehearse-summary-per-family-and-arch"
else
	fail "rehearse-summary-per-family-and-arch" "$(tail -n 6 "$sdir/summary.txt" | tr '\n' '|')"
fi
finish

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# Rockchip boards rehearsed with pinctrl-rockchip (scripts/rehearse.sh;
# pincheck/families/rockchip.py): the driver writes through the GRF syscon
# (window 0) and the PMU GRF (window 1), each moved as a bare syscon. The
# reference board rockchip/rk3568-rock-3a and one board of each other
# ported SoC agree pin by pin; register words of the ROCK 3A and of a
# 32-bit RK3288 board are compared with values worked out by hand below; a
# second enabled device on the console's pin is a CONFLICT naming both DT
# paths, the second device FAILED; a controller the family does not
# model is "not rehearsed", not failed; the guest's KTAP (console.ktap) is the
# host's (verdict.ktap) on every run (check_ktap, window_of: tests/lib.sh).
#
# How the words are worked out (pinctrl-rockchip.c): every write is
# hiword-masked, regmap_update_bits(reg, field | field << 16,
# value << bit | field << 16): the low half takes the value, the high
# half the field's write-enable bits; a RAM window keeps both, and the
# bits no state writes keep the reset fill 0xa5a5a5a5 (families/rockchip.py).
# A row is <bank pin mux &pcfg>; RK_PD0 is pin 24 of its bank.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

R=$TOP/scripts/rehearse.sh
out=$BUILD/rehearse

# NAME WINDOW OFFSET=VALUE...: each 32-bit word of the window holds VALUE
# (or, as OFFSET&MASK=VALUE, holds VALUE under MASK)
words() {
	local name=$1 w=$2 bad=() kv off val mask got
	shift 2
	for kv in "$@"; do
		off=${kv%%=*} val=$((${kv#*=})) mask=0xffffffff
		case "$off" in *"&"*) mask=${off#*&} off=${off%%&*} ;; esac
		got=$([ -f "$w" ] && reg32 "$w" "$off")
		[ -n "$got" ] && [ $((got & mask)) = "$val" ] ||
			bad+=("$(printf '%s: %#x, want %#x' "$off" "$((${got:-0} & mask))" "$val")")
	done
	[ "${#bad[@]}" = 0 ] && pass "rockchip-$name" || fail "rockchip-$name" "${bad[*]} (${w:-no window})"
}

# --- arm64: RK3568, ROCK 3A (the reference board) --------------------------
# 86 pins: the pins of the default states of its 27 enabled consumers that
# are devices, as the plan found them before the first boot. The 28th,
# rk356x.dtsi's /xin32k, is a fixed-clock with pinctrl-0 = <&clk32k_out0>:
# of_clk_init() marks it populated, no device is made of it and nothing
# applies that state, so it is the one finding, "1 states never applied",
# and the one KTAP test not ok (GPIO0_B0 is then no state's pin).
d=$out/rockchip_rk3568-rock-3a
line=$("$R" --quiet rockchip/rk3568-rock-3a 2>&1)
rc=$?
case "$rc:$line" in
"1:"*": 86 pins checked, 0 mismatches, 0 conflicts, 0 stray writes, 0 bad nodes, 0 consumers failed, 1 states never applied,"*)
	pass "rehearse-rk3568-rock-3a" ;;
*)	fail "rehearse-rk3568-rock-3a" "exit $rc: $line" ;;
esac
grep -q '^consumer /xin32k (-): NOT APPLIED: fixed-clock is set up by of_clk_init()' "$d/verdict.txt" &&
	pass "rehearse-rk3568-rock-3a-xin32k-never-applied" ||
	fail "rehearse-rk3568-rock-3a-xin32k-never-applied" "no NOT APPLIED line for /xin32k in $d/verdict.txt"
n=$(verdict_tests "$d")
check_ktap rk3568-rock-3a "$d" 1 "Ran $n tests: passed: $((n - 1)), failed: 1"
grf=$(window_of "$d" /pinctrl 0)
pmu=$(window_of "$d" /pinctrl 1)
# mux: the console, uart2m0-xfer = <0 RK_PD0 1 &pcfg_pull_up>, <0 RK_PD1 1
# &pcfg_pull_up> (rk3568-pinctrl.dtsi). Bank 0 is IOMUX_SOURCE_PMU |
# IOMUX_WIDTH_4BIT (rk3568_pin_banks[]): the PMU GRF, pmu_mux_offset 0, 8
# bytes per 8 pins, so GPIO0_D is at 3 * 8 = 0x18, pins 4-7 of it at 0x1c;
# pin 24 % 4 * 4 = bit 0, pin 25 bit 4: mux 1 in bits 3:0 and 7:4, enables
# 0xff in 23:16. GPIO0_D3 (pin 27, bit 12) is the RTC's interrupt pin,
# rtc-int-l = <0 RK_PD3 RK_FUNC_GPIO &pcfg_pull_up>: 0, enable 31:28. D2
# (bits 11:8, 27:24) is no state's: the fill's 5 and 5.
#   = 0xf << 28 | 0x5 << 24 | 0xff << 16 | 0x0 << 12 | 0x5 << 8 | 0x11
words rk3568-mux-pmu-gpio0d "$pmu" 0x18=0xf5ff0511
# pull: rk3568_calc_pull_reg_and_bit(): bank 0 in the PMU GRF at
# RK3568_PULL_PMU_OFFSET 0x20 + 24 / 8 * 4 = 0x2c, 2 bits a pin from bit
# pin % 8 * 2. pcfg_pull_up (bias-pull-up) is code 1 of
# rockchip_pull_list[PULL_TYPE_IO_DEFAULT], except on GPIO0_D3-D6 where
# the driver writes 3: D0 1 (bits 1:0), D1 1 (3:2), D3 3 (7:6); the two
# regulators' enable pins GPIO0_D4, D5 (vcc3v3-pcie, vcc5v0-usb-hub) have
# pcfg_pull_none: 0 (9:8, 11:10); D2, D6, D7 keep the fill (2 each: 0xa5's
# and 0xa5a5's bit pairs). Low half: 10 10 00 00 | 11 10 01 01 = 0xa0e5;
# high half: enables 11 for D0, D1, D3, D4, D5, fill 10 for D2, D6, D7:
# 10 10 11 11 | 11 10 11 11 = 0xafef.
words rk3568-pull-pmu-gpio0d "$pmu" 0x2c=0xafefa0e5
# drive: rk3568_calc_drv_reg_and_bit(): bank 1 in the GRF at
# RK3568_DRV_GRF_OFFSET 0x200 + (1 - 1) * 0x40 + pin / 2 * 4, 8 bits a pin
# (RK3568_DRV_BITS_PER_PIN). emmc-bus8 has GPIO1_C0 (pin 16) and C1 (17)
# with pcfg_pull_up_drv_level_2 (drive-strength = <2>); for RK3568
# rockchip_set_drive_perpin() writes (1 << (2 + 1)) - 1 = 7: 0x220 holds
# 7 in bits 7:0 and 15:8, enables 0xffff in 31:16.
words rk3568-drive-grf-gpio1c0 "$grf" 0x220=0xffff0707
# route: muxing GPIO0_D1 to function 1 also writes rk3568_mux_route_data's
# RK_MUXROUTE_GRF(0, RK_PD1, 1, 0x030c, WRITE_MASK_VAL(10, 10, 0)) /*
# UART2 IO mux M0 */ whole into the GRF: GENMASK(26, 26) | 0 = 0x04000000
words rk3568-route-uart2m0 "$grf" 0x30c=0x04000000
# the GRF's other registers are nobody's and keep the fill: GRF_SOC_CON0
# at 0x500 (not a pin register)
words rk3568-grf-untouched "$grf" 0x500=0xa5a5a5a5
grep -q '^gpio0-24 *\/serial@fe660000 .* ok$' "$d/verdict.txt" 2>/dev/null &&
	pass "rockchip-rk3568-names" || fail "rockchip-rk3568-names" "no gpio0-24 row of /serial@fe660000 in $d/verdict.txt"

# --- arm: RK3288, ROCK2 Square: iomux offsets accumulated at probe ----------
# 66 pins, as the plan found them.
rehearse_ok arm/rockchip/rk3288-rock2-square 66
grf=$(window_of "$out/arm_rockchip_rk3288-rock2-square" /pinctrl 0)
# rockchip_pinctrl_get_soc_data() lays the GRF iomux words out bank by
# bank from grf_mux_offset 0: 4 bytes per 8 pins, 8 for an
# IOMUX_WIDTH_4BIT group (rk3288_pin_banks[]); bank 0's groups are PMU's
# and its unrouted fourth is never reached (24 pins). Banks 1, 2: 0x00,
# 0x10; bank 3 0x20 0x24 0x28, its 4-bit D 0x2c (+8); bank 4's 4-bit A
# 0x34, B 0x3c, C 0x44, D 0x48; bank 5 0x4c-0x58; bank 6 0x5c-0x68;
# bank 7 A 0x6c, B 0x70, 4-bit C 0x74 (C0-C3) and 0x78 (C4-C7).
# uart2-xfer (rk3288.dtsi) = <7 RK_PC6 1 &pcfg_pull_up>, <7 RK_PC7 1
# &pcfg_pull_none>: pin 22 % 4 * 4 = bit 8, pin 23 bit 12, mux 1;
# i2c5-xfer's <7 RK_PC4 1 &pcfg_pull_none> is bit 0; C5 keeps the fill (0xa, 0xa):
#   = 0xff << 24 | 0xa << 20 | 0xf << 16 | 0x11a1
words rk3288-mux-grf-gpio7c-high "$grf" 0x78=0xffaf11a1
# rk3288_calc_pull_reg_and_bit(): RK3288_PULL_OFFSET 0x140 - 0x10 +
# 7 * 16 + 22 / 8 * 4 = 0x1a8, bit 22 % 8 * 2 = 12: C6 up (1), C7 none (0)
words rk3288-pull-grf-gpio7c "$grf" 0x1a8\&0xf000f000=0xf0001000

# --- one board of each other ported SoC, in agreement ------------------------
rehearse_ok rockchip/rk3399-rockpro64 72
rehearse_ok rockchip/rk3588-rock-5b 63
rehearse_ok rockchip/rk3328-rock64 57
# RK3188: the pull registers' pins in inverse order (rk3188_calc_pull_reg_and_bit())
rehearse_ok arm/rockchip/rk3188-radxarock 38

# --- a controller the family does not model: not rehearsed, exit 4 --------
# (every SoC of the tree's boards is ported; the family refuses a
# controller without rockchip,grf, which maps a reg of its own, and a SoC
# whose calc functions are not ported, pincheck/tests/test_rockchip.py)
b=$TOP/tests/rehearse/rk3568-rock-3a-no-grf.dts
line=$("$R" --quiet "$b" 2>&1)
rc=$?
case "$rc $line" in
"4 $b: nothing rehearsed: rockchip,rk3568-pinctrl maps registers of its own (rk3568_pin_ctrl): only controllers on the GRF syscon are rehearsed")
	pass "rockchip-no-grf-not-rehearsed" ;;
*) fail "rockchip-no-grf-not-rehearsed" "exit $rc: $line" ;;
esac

# --- a second enabled device on the console's pin ---------------------------
b=$TOP/tests/rehearse/rk3568-rock-3a-clash.dts
d=$out/rk3568-rock-3a-clash
line=$("$R" --quiet "$b" 2>&1)
rc=$?
case "$rc $line" in
"1 $b: 86 pins checked, 0 mismatches, 1 conflicts, 0 stray writes, 0 bad nodes, 1 consumers failed, 1 states never applied,"*)
	pass "rockchip-clash-exit" ;;
*) fail "rockchip-clash-exit" "exit $rc: $line" ;;
esac
[ "$(grep -c '^CONFLICT ' "$d/verdict.txt" 2>/dev/null)" = 1 ] &&
	grep -qxF 'CONFLICT gpio0-24: muxed by /serial@fe660000 (/pinctrl/uart2/uart2m0-xfer) and claimed by /clash-leds (/pinctrl/clash-leds/clash-led-pin, state default)' \
		"$d/verdict.txt" && pass "rockchip-clash-both-paths" ||
	fail "rockchip-clash-both-paths" "$(grep '^CONFLICT' "$d/verdict.txt" 2>/dev/null | tr '\n' ' ')"
grep -Eq '^consumer /clash-leds \(rh[0-9]+-clash-leds\): FAILED: pin gpio0-24 already requested by /serial@fe660000$' \
	"$d/verdict.txt" 2>/dev/null && pass "rockchip-clash-second-failed" ||
	fail "rockchip-clash-second-failed" "$(grep '^consumer /clash-leds' "$d/verdict.txt" 2>/dev/null)"
# the pin stays the console's: mux 1, as on the board without the LED
words clash-pin-kept "$(window_of "$d" /pinctrl 1)" 0x18=0xf5ff0511
# 86 pins + 28 consumers (/xin32k's state never applied, as on the board)
# + /clash-leds
check_ktap rockchip-clash "$d" 1 "Ran 115 tests: passed: 113, failed: 2"
[ "$(grep -c '^    not ok ' "$d/console.ktap" 2>/dev/null)" = 2 ] &&
	grep -q '^    not ok [0-9]* consumer_/clash-leds$' "$d/console.ktap" &&
	grep -q '^    not ok [0-9]* consumer_/xin32k$' "$d/console.ktap" &&
	pass "rockchip-clash-ktap-one-failure" ||
	fail "rockchip-clash-ktap-one-failure" "$(grep '^    not ok' "$d/console.ktap" 2>/dev/null | tr '\n' ' ')"
finish

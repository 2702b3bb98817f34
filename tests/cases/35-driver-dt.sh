#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc debug
# The driver on a booted board: hogs, a group-level config and a consumer's
# default state show in debugfs with the values the DT gave, and the
# registers hold exactly the datasheet's encoding. State left by firmware
# (a custom reset image) shows at boot, and a GPIO request takes its pin to
# mux select 0.
. "$(dirname "$0")/../lib.sh"

dtb=$(board_dtb "$TOP/tests/boards/driver-dt.dts") ||
	{ fail driver-dt "tests/boards/driver-dt.dts does not compile"; exit 1; }
run=$BUILD/run/driver-dt
reset=$BUILD/driver-dt-reset.bin
# Firmware left PG3 on select 1 (MUX24 bits 15:12) and PH20 pulled up
# through 22 kOhm (PAD244 = BIAS 2 | PULL 2).
"$BUILD/vsoc-reset" --poke 0x160=0x1000 --poke $((0x1000 + 4 * 244))=0x12 "$reset"
"$TOP/qemu/run.sh" --name driver-dt --reset "$reset" "$dtb" ||
	{ fail driver-dt "the board did not boot"; exit 1; }

dir=/sys/kernel/debug/pinctrl/4c000000.pinctrl
conf=$(dump "$run/console.log" boot $dir/pinconf-pins)
mux=$(dump "$run/console.log" boot $dir/pinmux-pins)

pad() { reg32 "$run/regs.bin" $((0x1000 + 4 * $1)); }
muxsel() { echo $(( ($(reg32 "$run/regs.bin" $((0x100 + 4 * ($1 / 8)))) >> (4 * ($1 % 8))) & 15 )); }

# expect_pin PIN NAME PAD MUX ITEM...: the PAD and MUX registers of a pin,
# and the items its pinconf-pins line must show
expect_pin() {
	local pin=$1 name=$2 want_pad=$3 want_mux=$4 line item ok=1
	shift 4
	line=$(grep "^pin $pin ($name):" <<<"$conf")
	for item in "$@"; do
		grep -qF "$item" <<<"$line" || { ok=; fail "driver-dt-$name" "debugfs lacks '$item': $line"; }
	done
	[ "$(pad "$pin")" = $((want_pad)) ] ||
		{ ok=; fail "driver-dt-$name" "PAD is $(printf 0x%08x "$(pad "$pin")"), expected $want_pad"; }
	[ "$(muxsel "$pin")" = "$want_mux" ] ||
		{ ok=; fail "driver-dt-$name" "mux select is $(muxsel "$pin"), expected $want_mux"; }
	[ -n "$ok" ] && pass "driver-dt: $name: PAD $want_pad, mux $want_mux, debugfs: $*"
}

expect_pin 160 PF0 0x00000080 4 "output drive strength (4 mA)"
expect_pin 161 PF1 0x0000000a 0 "input bias pull up (47000 ohms)"
expect_pin 162 PF2 0x00000003 0 "input bias pull down (100000 ohms)"
expect_pin 163 PF3 0x00000001 0 "input bias high impedance"
expect_pin 164 PF4 0x00000004 0 "input bias tied high"
expect_pin 165 PF5 0x00000005 0 "input bias tied to ground"
expect_pin 166 PF6 0x000003a0 0 "output drive push pull" "output drive strength (16 mA)" "output enabled"
expect_pin 167 PF7 0x00000040 0 "output drive open drain"
expect_pin 168 PF8 0x00000060 0 "output drive open source"
expect_pin 169 PF9 0x00000000 0 "input bias disabled"
expect_pin 170 PF10 0x00001c00 0 "input schmitt trigger" "input schmitt enabled" "input schmitt hysteresis (4 level)"
expect_pin 171 PF11 0x00000400 0 "input schmitt enabled" "input schmitt hysteresis (1 level)"
expect_pin 172 PF12 0x0001e000 0 "input debounce (16384 usec)"
expect_pin 173 PF13 0x001a0000 0 "slew rate rising (3 quarters)" "slew rate falling (1 quarters)"
expect_pin 174 PF14 0x00140000 0 "slew rate (0x2)" "slew rate rising (2 quarters)" "slew rate falling (2 quarters)"
expect_pin 175 PF15 0x00400000 0 "pin power source (2 selector)"
expect_pin 176 PF16 0x00800000 0 "pin low power (1 mode)"
expect_pin 177 PF17 0x01000000 0 "wakeup enabled"
expect_pin 178 PF18 0x02000000 0 "input enabled"
expect_pin 179 PF19 0x00000012 0 "input bias pull up (22000 ohms)"
expect_pin 0 PA0 0x0200001a 1 "input bias pull up (10000 ohms)" "input enabled"
expect_pin 1 PA1 0x0200001a 1 "input bias pull up (10000 ohms)" "input enabled"
# left by firmware, shown as it is
expect_pin 244 PH20 0x00000012 0 "input bias pull up (22000 ohms)"
# taken by GPIO: select 0 although firmware left select 1
expect_pin 195 PG3 0x00000000 0 "input bias disabled"

check "driver-dt: PG3 is owned by the PL061 through its GPIO range" \
	grep -q '^pin 195 (PG3): GPIO 9030000.gpio:' <<<"$mux"
check "driver-dt: the console owns uart0_grp" \
	grep -q '^pin 0 (PA0): device 9000000.serial function uart0 group uart0_grp' <<<"$mux"
check "driver-dt: the hogs own clkout0_grp" \
	grep -q '^pin 160 (PF0): device 4c000000.pinctrl (HOG) function clkout group clkout0_grp' <<<"$mux"
check "driver-dt: pinconf-groups shows the group-level config" \
	grep -q '(clkout0_grp): .*output drive strength (4 mA)' <(dump "$run/console.log" boot $dir/pinconf-groups)
check "driver-dt: pinctrl-maps decodes configs by name" \
	grep -q 'input bias pull up: 0x2710' <(dump "$run/console.log" boot /sys/kernel/debug/pinctrl/pinctrl-maps)
check "driver-dt: no other pin was touched" \
	bash -c "[ \$(grep -vc 'pin [0-9]* ([A-Z0-9]*): input bias disabled, output drive strength (2 mA), pin power source (0 selector), slew rate (0x4), slew rate rising (4 quarters), slew rate falling (4 quarters)$' <<<'$conf') -eq 24 ]"

# Config owners (the core's pinconf-owners): the node a state points at,
# the device and the state behind each configuration
src=$(dump "$run/console.log" boot $dir/pinconf-owners)
check "driver-dt: pinconf-owners names the hog node of PF1" \
	grep -qx 'pin 161 (PF1): bias-pull-up <47000> <- /soc/pinctrl@4c000000/hogs-state (4c000000.pinctrl, default)' <<<"$src"
check "driver-dt: pinconf-owners names the consumer's node and state for PA0" \
	grep -qx 'pin 0 (PA0): bias-pull-up <10000>, input-enable <- /soc/pinctrl@4c000000/uart0-conf-state (9000000.serial, default)' <<<"$src"
check "driver-dt: pinconf-owners has the later of two nodes for PF19" \
	grep -qx 'pin 179 (PF19): bias-pull-up <22000> <- /soc/pinctrl@4c000000/hogs-again-state (4c000000.pinctrl, default)' <<<"$src"
check "driver-dt: pinconf-owners lists exactly the pins a state configured" \
	test "$(grep -c '^pin ' <<<"$src")" -eq 22
check "driver-dt: two nodes of one state setting PF19 differently are reported once" \
	test "$(grep -cF 'pin PF19: /soc/pinctrl@4c000000/hogs-state sets bias-pull-up <47000> and /soc/pinctrl@4c000000/hogs-again-state sets bias-pull-up <22000>, both in state default of 4c000000.pinctrl: the last one wins' <(dump "$run/console.log" end dmesg))" -eq 1
finish

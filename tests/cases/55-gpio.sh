#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
# The VSOC block's GPIO controller, on tests/boards/gpio.dts, in one boot
# whose pads the host drives while the guest runs (qemu/gpio-in.sh):
# Debian's gpiod tools (libgpiod 1.6) in the guest find the chip and its
# lines, set a free line (GPIO_DIR and GPIO_OUT read by the host after
# power-off, the pin muxed to GPIO from the select firmware left), read a
# line whose GPIO_IN bit the host set, and are refused a line that a
# function holds (EBUSY); a key on a VSOC line, read by gpio-keys-polled,
# gives the key events of the edges the host makes on its GPIO_IN bit.
. "$(dirname "$0")/../lib.sh"

dtb=$(board_dtb "$TOP/tests/boards/gpio.dts") ||
	{ fail gpio "tests/boards/gpio.dts does not compile"; exit 1; }
"$TOP/scripts/dt-check.sh" dtb "$dtb" >&2 &&
	pass "gpio: the board validates with dt-schema" ||
	fail gpio "tests/boards/gpio.dts does not validate (dt-schema)"

run=$BUILD/run/gpio
rm -rf "$run"
chip=4c000000.pinctrl
# Firmware left PB5 (pin 37) on select 1 (sdmmc0 DAT3): MUX4 bits 23:20
reset=$BUILD/gpio-reset.bin
"$BUILD/vsoc-reset" --poke 0x110=0x100000 "$reset"
cmds="gpiodetect;gpioinfo,$chip"
cmds+=";gpioset,-m,exit,$chip,37=1,38=0"		# 3: PB5 high, PB6 low
cmds+=";gpioset,-m,exit,$chip,0=1;gpioget,$chip,0"	# 4, 5: uart0's PA0
cmds+=";wait-in,42,1;gpioget,$chip,42,43"		# 6, 7: PB10 set by the host
cmds+=";events,2,60"					# 8: the key on PG9
"$TOP/qemu/run.sh" --name gpio --reset "$reset" --append "vsocinit.run=$cmds" "$dtb" &
qpid=$!

# The host's side, as the guest reaches each point
gpio_in() { "$TOP/qemu/gpio-in.sh" --dir "$run" "$@"; }
host_ok=
if gpio_in wait "==== VSOC WAIT gpio-in 42 1 ====" 120 &&
   gpio_in set PB10=1 &&
   gpio_in wait "==== VSOC WAIT events ====" &&
   gpio_in set PG9=1 &&
   gpio_in wait ": key $((148)) value 1" &&
   [ "$(gpio_in get PG9)" = 1 ] &&
   gpio_in set PG9=0; then
	host_ok=1
fi
wait "$qpid" || { fail gpio "the board did not boot to the end (see $run/console.log)"; exit 1; }
[ -n "$host_ok" ] && pass "gpio: the host drove GPIO_IN of PB10 and PG9 while the guest ran" ||
	fail gpio-host "the guest did not reach a point where the host drives its pads"

log=$run/console.log
out() { dump "$log" run "$1"; }
status() { tr -d '\r' <"$log" | sed -n "s/^==== VSOC EXIT $1 \\(.*\\) ====\$/\\1/p"; }
# expect N STATUS REGEX WHAT: command N exited with STATUS and printed a
# line matching REGEX (nothing at all when REGEX is empty)
expect() {
	local printed
	printed=$(out "$1")
	if [ "$(status "$1")" = "$2" ] &&
	   if [ -n "$3" ]; then grep -qE -- "$3" <<<"$printed"; else [ -z "$printed" ]; fi; then
		pass "gpio: $4"
	else
		fail "gpio-$1" "$4: exit status '$(status "$1")', output: $(out "$1" | head -n 5 | tr '\n' '|')"
	fi
}
expect 1 0 "^gpiochip[0-9]+ \\[$chip\\] \\(256 lines\\)\$" \
	"gpiodetect lists the VSOC chip with 256 lines"
expect 2 0 "^gpiochip[0-9]+ - 256 lines:\$" "gpioinfo: 256 lines"
expect 2 0 '^[[:space:]]+line +37: +"PB5" +unused +input +active-high' \
	"gpioinfo: line 37 is PB5, free"
expect 2 0 '^[[:space:]]+line +201: +"PG9" +"Prog1" +input +active-high \[used\]' \
	"gpioinfo: line 201 (PG9) is used by the polled key"
expect 2 0 '^[[:space:]]+line +195: +"PG3" +kernel +input +active-high \[used\]' \
	"gpioinfo: line 195 (PG3) is reserved (the PL061's pad)"
# used: the reserved lines, uart0's pins (strict: a function holds them)
# and the key
used=$(out 2 | sed -n 's/^[[:space:]]*line *\([0-9]*\):.*\[used.*/\1/p' | tr '\n' ' ')
[ "$used" = "0 1 192 193 194 195 196 197 198 199 201 " ] &&
	pass "gpio: gpioinfo: the used lines are 0-1 (uart0), 192-199 (reserved) and 201 (the key)" ||
	fail gpio-used "gpioinfo: used lines: $used"
expect 3 0 "" "gpioset of free lines PB5 and PB6 succeeds, silently"
expect 4 1 "Device or resource busy" "gpioset of PA0, held by uart0, is refused with EBUSY"
expect 5 1 "Device or resource busy" "gpioget of PA0, held by uart0, is refused with EBUSY"
expect 6 0 "^GPIO_IN1 0x00000400\$" "the guest sees the GPIO_IN bit the host set (PB10)"
expect 7 0 "^1 0\$" "gpioget reads PB10 (set by the host) as 1 and PB11 as 0"
expect 8 0 "^event[0-9]+ gpio-keys-polled: key 148 value 1\$" \
	"the host's rising edge on PG9 is a KEY_PROG1 press of gpio-keys-polled"
expect 8 0 "^event[0-9]+ gpio-keys-polled: key 148 value 0\$" \
	"the host's falling edge on PG9 is a KEY_PROG1 release"
check "gpio: the two key events are the only ones, press first" \
	test "$(out 8 | grep -o 'key [0-9]* value [0-9]' | tr '\n' ,)" = "key 148 value 1,key 148 value 0,"

# The registers, read by the host after power-off
regs=$run/regs.bin
word() { printf '0x%08x' "$(reg32 "$regs" "$1")"; }
[ "$(word 0x820)" = 0x00000060 ] &&
	pass "gpio: GPIO_DIR1 = 0x00000060: PB5 and PB6 outputs, PB10 input" ||
	fail gpio-dir "GPIO_DIR1 is $(word 0x820), expected 0x00000060"
[ "$(word 0x824)" = 0x00000020 ] &&
	pass "gpio: GPIO_OUT1 = 0x00000020: PB5 high, PB6 low" ||
	fail gpio-out "GPIO_OUT1 is $(word 0x824), expected 0x00000020"
[ "$(word 0x828)" = 0x00000400 ] && [ "$(word 0x8c8)" = 0x00000000 ] &&
	pass "gpio: GPIO_IN1 holds the host's PB10, GPIO_IN6 no longer PG9" ||
	fail gpio-in "GPIO_IN1 is $(word 0x828), GPIO_IN6 $(word 0x8c8)"
[ "$(word 0x110)" = 0x00000000 ] &&
	pass "gpio: the request of PB5 muxed it from select 1 to GPIO (MUX4 = 0)" ||
	fail gpio-mux "MUX4 is $(word 0x110), expected 0 (PB5 was on select 1)"
others=
for b in 0 2 3 4 5 6 7; do
	others+=" $(word $((0x800 + 0x20 * b))) $(word $((0x804 + 0x20 * b)))"
done
[ "$others" = "$(printf ' 0x00000000%.0s' {1..14})" ] &&
	pass "gpio: GPIO_DIR and GPIO_OUT of the other banks are untouched" ||
	fail gpio-other "GPIO_DIR/GPIO_OUT of banks 0, 2-7:$others"
check "gpio: PA0 stays uart0's (the refused requests changed nothing)" \
	grep -q '^pin 0 (PA0): device 9000000.serial function uart0 group uart0_grp' \
	<(dump "$log" boot /sys/kernel/debug/pinctrl/$chip/pinmux-pins)
check "gpio: pinmux-pins shows PG9 taken by the VSOC chip's GPIO request" \
	grep -q "^pin 201 (PG9): GPIO $chip:" \
	<(dump "$log" boot /sys/kernel/debug/pinctrl/$chip/pinmux-pins)
finish

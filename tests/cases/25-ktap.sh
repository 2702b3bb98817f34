#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# The guest's own verdict on the console as KTAP (guest/init.c runs the
# checker built for the guest, rehearse-ktap, on the plan in the booted DTB,
# its debugfs and the window through /dev/mem): the kernel's kunit.py parse
# reads it, and it is the host's verdict of the same run (pincheck verdict
# on the capture), line for line, for a board that agrees and for one with
# a deliberate mismatch (a reset image whose PAD of an unused pin is not
# the datasheet's). The board is vsoc-evb as make run boots it: its own DTB
# with the plan added (pincheck prepare --dtb), booted as it is.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
rehearse_env

# NAME RC REGEX [run.sh options]: prepare and boot vsoc-evb in build/run/
# NAME, the guest's KTAP against the host's; kunit.py parse exits RC and
# its summary matches REGEX
check_board() {
	local name=$1 want_rc=$2 want=$3 d=$BUILD/run/$1 dtb
	shift 3
	dtb=$(board_dtb vsoc-evb) || { fail "$name" "vsoc-evb does not compile"; return; }
	rm -rf "$d"
	if ! pincheck prepare --dtb "$dtb" vsoc-evb "$d" >/dev/null 2>&1 ||
	   ! "$TOP/qemu/run.sh" --name "$name" --dir "$d" "$@" "$d/virt.dtb" >/dev/null 2>&1; then
		fail "$name-boot" "$(tail -n 1 "$d/console.log" 2>/dev/null | tr -d '\r')"
		return
	fi
	pincheck verdict "$d" >"$d/verdict.txt"
	check_ktap "$name" "$d" "$want_rc" "$want"
}

# the board as it is: every test passes (the 256 pins of the part, NBANKS =
# 8 banks of 32 in datasheet section 2, and the 3 devices of
# pinctrl-handles: the controller's hogs, 9000000.serial, gpio-keys)
check_board ktap-evb 0 "Ran 259 tests: passed: 259"

# a deliberate mismatch: PAD of PF30 (pin 190, which no state of the board
# touches) left at 0x1 by "firmware", which the plan (made from the
# datasheet's reset image) does not expect; both verdicts say not ok for
# PF30 alone, its BIAS (PAD bits [2:0]) in the registers, debugfs pins and
# pinconf-pins ("input bias high impedance": BIAS = 1)
reset=$BUILD/tests/ktap-reset.bin
mkdir -p "$BUILD/tests"
cp "$BUILD/vsoc-reset.bin" "$reset"
printf '\001' | dd of="$reset" bs=1 seek=$((0x1000 + 4 * 190)) conv=notrunc status=none
check_board ktap-mismatch 1 "Ran 259 tests: passed: 258, failed: 1" --reset "$reset"
g=$BUILD/run/ktap-mismatch/console.ktap
if grep -q '^    not ok [0-9]* PF30$' "$g" && [ "$(grep -c '^    not ok ' "$g")" = 1 ] &&
   grep -qx '    # PF30: bias: registers=0x1, expected=0x0; bias: debugfs=0x1, expected=0x0; bias: pinconf-pins=0x1, expected=0x0' "$g" &&
   tail -n 1 "$g" | grep -q '^not ok 1 vsoc-evb$'; then
	pass "ktap-mismatch-names-the-pin"
else
	fail "ktap-mismatch-names-the-pin" "$(grep 'not ok\|# PF30' "$g" | head -n 3 | tr '\n' ' ')"
fi
finish

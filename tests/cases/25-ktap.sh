#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# The guest's own verdict on the console as KTAP (guest/init.c runs the
# verifier built for the guest on the booted DTB, its debugfs and the window
# through /dev/mem): the kernel's kunit.py parse reads it, and it is the
# host's verdict of the same run (vsoc-verify --ktap on the capture), line
# for line, for a board that agrees and for one with a deliberate mismatch
# (a reset image whose PAD of an unused pin is not the datasheet's).
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

KUNIT="python3 $CACHE/linux/tools/testing/kunit/kunit.py parse"

# console KTAP of run NAME
guest_ktap() {
	dump "$BUILD/run/$1/console.log" boot ktap
}

# NAME RC REGEX [run.sh options]: boot, compare the guest's KTAP with the
# host's; kunit.py parse exits RC and its summary matches REGEX
check_board() {
	local name=$1 want_rc=$2 want=$3
	shift 3
	local dtb g h parsed rc
	dtb=$(board_dtb vsoc-evb) || { fail "$name" "vsoc-evb does not compile"; return; }
	if ! "$TOP/qemu/run.sh" --name "$name" "$@" "$dtb" >/dev/null 2>&1; then
		fail "$name-boot" "$(tail -n 1 "$BUILD/run/$name/console.log" | tr -d '\r')"
		return
	fi
	g=$BUILD/run/$name/guest.ktap h=$BUILD/run/$name/host.ktap
	guest_ktap "$name" >"$g"
	"$BUILD/vsoc-verify" --ktap "$BUILD/run/$name" >"$h"
	[ -s "$g" ] && head -n 1 "$g" | grep -q '^KTAP version 1$' && pass "$name-on-console" ||
		fail "$name-on-console" "no KTAP between the ktap markers of the console"
	if diff -q "$g" "$h" >/dev/null; then
		pass "$name-host-agrees"
	else
		fail "$name-host-agrees" "guest and host KTAP differ: $(diff "$g" "$h" | head -n 4 | tr '\n' ' ')"
	fi
	parsed=$($KUNIT <"$g" 2>&1)
	rc=$?
	if [ "$rc" = "$want_rc" ] && grep -Eq "Testing complete\. $want\$" <<<"$parsed"; then
		pass "$name-kunit-parse"
	else
		fail "$name-kunit-parse" "exit $rc: $(grep 'Testing complete' <<<"$parsed")"
	fi
}

# the board as it is: every test passes (the 7 pins of the verifier's table
# and the 3 devices of pinctrl-handles)
check_board ktap-evb 0 "Ran 10 tests: passed: 10"

# a deliberate mismatch: PAD of PF30 (pin 190, which no state of the board
# touches) left at 0x1 by "firmware"; both verdicts say not ok for PF30,
# the one more row of the table
reset=$BUILD/tests/ktap-reset.bin
cp "$BUILD/vsoc-reset.bin" "$reset"
printf '\001' | dd of="$reset" bs=1 seek=$((0x1000 + 4 * 190)) conv=notrunc status=none
check_board ktap-mismatch 1 "Ran 11 tests: passed: 10, failed: 1" --reset "$reset"
g=$BUILD/run/ktap-mismatch/guest.ktap
if grep -q '^    not ok [0-9]* PF30$' "$g" && [ "$(grep -c '^    not ok ' "$g")" = 1 ] &&
   grep -q '^    # PF30: ' "$g" && tail -n 1 "$g" | grep -q '^not ok 1 vsoc,evb$'; then
	pass "ktap-mismatch-names-the-pin"
else
	fail "ktap-mismatch-names-the-pin" "$(grep 'not ok\|# PF30' "$g" | head -n 3 | tr '\n' ' ')"
fi
finish

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc debug
# The boot harness: a board boots, its console and register window are kept,
# and every way a boot can go wrong is reported with the board and the reason.
. "$(dirname "$0")/../lib.sh"

dtb=$(board_dtb vsoc-evb) || { fail harness-dtb "vsoc-evb does not compile"; exit 1; }
run=$BUILD/run/harness-ok

if "$TOP/qemu/run.sh" --name harness-ok --timeout 60 "$dtb"; then
	pass "harness: vsoc-evb boots to the end of /init and powers off"
else
	fail "harness-boot" "vsoc-evb did not boot cleanly"
fi
check "harness: console.log, regs.bin and the DTB are kept" \
	test -s "$run/console.log" -a -f "$run/harness-ok.dtb" -a "$(stat -c %s "$run/regs.bin" 2>/dev/null)" = 65536
# The read-only registers of the reset image, read back from the RAM file.
if [ "$(reg32 "$run/regs.bin" 0)" = $((0x56534f43)) ] &&
   [ "$(reg32 "$run/regs.bin" 4)" = $((0x00010000)) ] &&
   [ "$(reg32 "$run/regs.bin" 8)" = 8 ]; then
	pass "harness: the window holds ID, VERSION and NBANKS of the reset image"
else
	fail "harness-window" "regs.bin starts with $(od -An -tx4 -N12 "$run/regs.bin")"
fi
check "harness: the pinctrl debugfs directory is dumped between markers" \
	grep -q '^name \[pinmux\] \[pinconf\]' <(dump "$run/console.log" boot /sys/kernel/debug/pinctrl/pinctrl-devices)
check "harness: the kernel log is dumped at the end" \
	grep -q 'Machine model: VSOC evaluation board' <(dump "$run/console.log" end dmesg)

# expect_failure NAME WHAT RUN-ARGS...: the harness must fail, naming the
# board and the reason.
expect_failure() {
	local name=$1 what=$2 out
	shift 2
	out=$("$TOP/qemu/run.sh" --name "$name" "$@" 2>&1) && {
		fail "harness-$name" "the harness reported success"
		return
	}
	if grep -q "^$name: $what" <<<"$out"; then
		pass "harness: $what is reported for board $name"
	else
		fail "harness-$name" "expected '$name: $what', got: $out"
	fi
}
expect_failure panic "kernel panic" --timeout 60 --append "rdinit=/no-such-init" "$dtb"
expect_failure hang "QEMU hung" --timeout 8 --append "vsocinit.hang=1" "$dtb"
head -c 100 "$dtb" >"$BUILD/dtb/truncated.dtb"
expect_failure truncated "QEMU failed" --timeout 60 "$BUILD/dtb/truncated.dtb"
finish

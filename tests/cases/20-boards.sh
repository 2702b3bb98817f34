#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc debug
# Every board under boards/: compiles with the kernel's dtc without a
# warning, validates with dt-schema against our bindings, boots as make run
# boots it (the one pipeline: the board as it is with its plan, the guest's
# checker, the host's verdict: scripts/rehearse.sh --run), every device
# with a pinctrl state probed, and the DTB, debugfs and the registers agree
# on every pin, the guest's KTAP the host's. The handset goes through system
# sleep: the registers read while it sleeps hold the hogs' sleep state, and
# after resume everything is as at boot. A board outside the repository
# runs the same way. Then a board with a deliberate SPI0/I2C1 conflict: the
# second claimant fails with the core's error and the rest of the board is
# configured.
. "$(dirname "$0")/../lib.sh"
R=$TOP/scripts/rehearse.sh
agree=" 0 mismatches, 0 conflicts, 0 stray writes, 0 bad nodes, 0 consumers failed, 0 states never applied,"

# verify NAME LINE: make run's verdict on board NAME (its last line LINE)
# agrees on every pin of the part (256: NBANKS = 8 banks of 32, datasheet
# section 2), and the guest's KTAP is the host's, every test passing
verify() {
	local name=$1 line=$2 n
	if [[ "$line" == *": 256 pins checked,$agree"* ]]; then
		pass "boards: $name: the DTB, debugfs and the registers agree on every pin (256 pins)"
	else
		fail "boards-$name-verify" "$(grep -E 'MISMATCH|CONFLICT|STRAY|FAILED' "$BUILD/run/$name/verdict.txt" | head -n 4) $line"
	fi
	n=$(verdict_tests "$BUILD/run/$name")
	check_ktap "$name" "$BUILD/run/$name" 0 "Ran $n tests: passed: $n"
}

# bound_check NAME: every node of the DTB with a pinctrl-0 is a handle in
# pinctrl-handles (the controller's own for hogs)
bound_check() {
	local name=$1 run=$BUILD/run/$1 want have
	want=$(dtc -I dtb -O dts "$run/$name.dtb" 2>/dev/null | grep -c 'pinctrl-0 = ')
	have=$(dump "$run/console.log" boot /sys/kernel/debug/pinctrl/pinctrl-handles |
		grep -c '^device: .* current state: default$')
	if [ "$want" -eq "$have" ]; then
		pass "boards: $name: all $want devices with pin states probed in state default"
	else
		fail "boards-$name-bound" "$want nodes have pinctrl-0, $have handles in default state"
	fi
}

dtbs=()
for dts in "$TOP"/boards/*.dts; do
	name=$(basename "$dts" .dts)
	if dtb=$(board_dtb "$dts"); then
		pass "boards: $name compiles without a dtc warning"
		dtbs+=("$dtb")
	else
		fail "boards-$name-dtc" "scripts/dtb.sh failed"
		continue
	fi
	line=$("$R" --quiet --run "$name" 2>&1)
	if [ $? != 2 ] && grep -q '^==== VSOC DONE ====' "$BUILD/run/$name/console.log"; then
		pass "boards: $name boots"
		bound_check "$name"
		verify "$name" "$line"
	else
		fail "boards-$name-boot" "did not boot: $(tail -n 2 <<<"$line" | tr '\n' ' ')"
	fi
done

out=$("$TOP/scripts/dt-check.sh" dtb "${dtbs[@]}" 2>&1)
echo "$out" >&2
for dtb in "${dtbs[@]}"; do
	if grep -q "^ok *dt-validate: $dtb" <<<"$out"; then
		pass "boards: $(basename "$dtb" .dtb) validates with dt-schema"
	else
		fail "boards-$(basename "$dtb" .dtb)-schema" "dt-validate reported errors"
	fi
done

# System sleep on the handset, whose hogs all have sleep states: asleep,
# the registers hold the sleep state, 12 pins off default (each at least
# by LOWPOWER = 1: the sleep nodes of i2c0_d_grp, PD26, PD27; i2s0_grp and
# i2s0_mclk_grp, PC16 to PC19; sdmmc0_grp, PB0 to PB5); after resume,
# everything is the replay of boot, sleep, default
h=4c000000.pinctrl run=$BUILD/run/vsoc-handset@sleep
if "$R" --quiet --run --sleep 3 vsoc-handset >/dev/null 2>&1 &&
   [ -f "$run/regs-sleep.bin" ]; then
	check "boards: the handset slept and resumed" \
		grep -q '^==== VSOC RESUMED ====' "$run/console.log"
	asleep=$(pincheck verdict "$run" --asleep --then $h=sleep | tail -n 1)
	awake=$(pincheck verdict "$run" --asleep | tail -n 1)
	resume=$(pincheck verdict "$run" --phase resume --then $h=sleep --then $h=default | tail -n 1)
	check "boards: while asleep, the registers hold the hogs' sleep state" \
		grep -q ": 256 pins checked,$agree" <<<"$asleep"
	check "boards: while asleep, 12 pins differ from the default state" \
		grep -q ": 256 pins checked, 12 mismatches," <<<"$awake"
	check "boards: after resume, debugfs and the registers are back to the default state" \
		grep -q ": 256 pins checked,$agree" <<<"$resume"
else
	fail boards-sleep "the handset did not go through system sleep"
fi

# A board outside the repository, the way a user runs one
ext=$(mktemp -d)
sed 's/"VSOC evaluation board"/"An evaluation board kept elsewhere"/' \
	"$TOP/boards/vsoc-evb.dts" >"$ext/my-board.dts"
if out=$(make -s -C "$TOP" run BOARD="$ext/my-board.dts" 2>&1) &&
   grep -q "my-board.dts: 256 pins checked,$agree" <<<"$out"; then
	pass "boards: make run BOARD=<a .dts elsewhere> boots and verifies"
else
	fail boards-external "$(tail -n 3 <<<"$out")"
fi
rm -rf "$ext"

# The conflict: PC13 is SPI0 SCLK (hog) and I2C1 SCL (i2c-sensor)
dtb=$BUILD/run/spi-i2c-conflict/spi-i2c-conflict.dtb
line=$("$R" --quiet --run "$TOP/tests/boards/spi-i2c-conflict.dts" 2>&1)
[ $? = 1 ] || fail boards-conflict "tests/boards/spi-i2c-conflict.dts did not boot: $line"
log=$BUILD/run/spi-i2c-conflict/console.log
check "boards: a second claimant of PC13 gets the core's 'already requested' error" \
	grep -q 'pin PC13 already requested by 4c000000.pinctrl; cannot claim for i2c-sensor' \
	<(dump "$log" end dmesg)
handles=$(dump "$log" boot /sys/kernel/debug/pinctrl/pinctrl-handles)
pins=$(dump "$log" boot /sys/kernel/debug/pinctrl/4c000000.pinctrl/pinmux-pins)
check "boards: the second claimant does not probe" \
	test -z "$(grep '^device: i2c-sensor' <<<"$handles")"
check "boards: SPI0 keeps PC12-PC15" \
	test "$(grep -c 'device 4c000000.pinctrl (HOG) function spi0 group spi0_grp' <<<"$pins")" -eq 4
want=$(($(dtc -I dtb -O dts "$dtb" 2>/dev/null | grep -c 'pinctrl-0 = ') - 1))
have=$(grep -c '^device: .* current state: default$' <<<"$handles")
check "boards: every other device with pin states probed ($have of $want)" test "$want" -eq "$have"
# the rest agrees: the clash on PC13 and PC14 (spi0_grp PC12..PC15, a
# hog; i2c1_grp PC13, PC14) is CONFLICT twice, /i2c-sensor FAILED, every
# pin of the part checked; the guest says the same (one not ok: the
# failed consumer)
if [[ "$line" == *": 256 pins checked, 0 mismatches, 2 conflicts, 0 stray writes, 0 bad nodes, 1 consumers failed, 0 states never applied,"* ]]; then
	pass "boards: spi-i2c-conflict: all else agrees on every pin, CONFLICT on PC13 and PC14, /i2c-sensor FAILED"
else
	fail boards-spi-i2c-conflict-verify "$line"
fi
check_ktap spi-i2c-conflict "$BUILD/run/spi-i2c-conflict" 1 "Ran [0-9]+ tests: passed: [0-9]+, failed: 1"
finish

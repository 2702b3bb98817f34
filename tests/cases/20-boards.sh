#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc debug
# Every board under boards/: compiles with the kernel's dtc without a
# warning, validates with dt-schema against our bindings, boots, every
# device with a pinctrl state probed, and the verifier finds the DTB,
# debugfs and the registers in agreement on every pin. The handset goes
# through system sleep: the registers read while it sleeps hold the hogs'
# sleep state, and after resume everything is as at boot. A board outside
# the repository runs the same way. Then a board with a deliberate SPI0/I2C1
# conflict: the second claimant fails with the core's error and the rest of
# the board is configured.
. "$(dirname "$0")/../lib.sh"

# verify NAME [ARGS...]: the verifier's verdict on a run
verify() {
	local name=$1 what out
	shift
	what="${VERIFY_WHAT:-the DTB, debugfs and the registers agree on every pin}"
	if out=$("$BUILD/vsoc-verify" "$@" "$BUILD/run/$name" 2>&1); then
		pass "boards: $name: $what ($(tail -n 1 <<<"$out" | sed 's/^[^:]*: //'))"
	else
		fail "boards-$name-verify" "$(grep -v ' ok$' <<<"$out" | tail -n 4)"
	fi
	echo "$out" >&2
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
	if "$TOP/qemu/run.sh" "$dtb"; then
		pass "boards: $name boots"
		bound_check "$name"
		verify "$name"
	else
		fail "boards-$name-boot" "did not boot"
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

# System sleep on the handset, whose hogs all have sleep states
if "$TOP/qemu/run.sh" --name vsoc-handset-sleep --append "vsocinit.sleep=3" \
	"$BUILD/dtb/vsoc-handset.dtb"; then
	run=$BUILD/run/vsoc-handset-sleep
	check "boards: the handset slept and resumed" \
		grep -q '^==== VSOC RESUMED ====' "$run/console.log"
	VERIFY_WHAT="while asleep, the registers hold the hogs' sleep state" \
		verify vsoc-handset-sleep --registers-only --regs "$run/regs-sleep.bin" \
		--then 4c000000.pinctrl=sleep
	check "boards: while asleep, 12 pins differ from the default state" \
		bash -c "'$BUILD/vsoc-verify' --registers-only --regs '$run/regs-sleep.bin' '$run' | grep -q ': 256 pins checked, 12 mismatches$'"
	VERIFY_WHAT="after resume, debugfs and the registers are back to the default state" \
		verify vsoc-handset-sleep --phase resume \
		--then 4c000000.pinctrl=sleep --then 4c000000.pinctrl=default
else
	fail boards-sleep "the handset did not go through system sleep"
fi

# A board outside the repository, the way a user runs one
ext=$(mktemp -d)
sed 's/"VSOC evaluation board"/"An evaluation board kept elsewhere"/' \
	"$TOP/boards/vsoc-evb.dts" >"$ext/my-board.dts"
if out=$(make -s -C "$TOP" run BOARD="$ext/my-board.dts" 2>&1) &&
   grep -q '^my-board: 256 pins checked, 0 mismatches$' <<<"$out"; then
	pass "boards: make run BOARD=<a .dts elsewhere> boots and verifies"
else
	fail boards-external "$(tail -n 3 <<<"$out")"
fi
rm -rf "$ext"

# The conflict: PC13 is SPI0 SCLK (hog) and I2C1 SCL (i2c-sensor)
dtb=$(board_dtb "$TOP/tests/boards/spi-i2c-conflict.dts") &&
	"$TOP/qemu/run.sh" "$dtb" ||
	fail boards-conflict "tests/boards/spi-i2c-conflict.dts did not boot"
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
verify spi-i2c-conflict
finish

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# LAVA (make lava, scripts/lava.sh): the job of every VSOC board and of three
# rehearsed real boards, one of them arch/arm's (with a results callback, as
# a KernelCI lab's) passes LAVA's own schema check (lava_common, as
# lava-server checks a submission), and one that breaks it does not; then a
# VSOC board and a rehearsed real board, each with a deliberate mismatch,
# and the arm32 BeagleBone Black with a GPIO LED on the console's UART0_TXD
# go through Debian's lava-dispatcher (lava-run with the local QEMU device
# dictionary pincheck/templates/vsoc-qemu.jinja2 rendered on lava-server's
# qemu.jinja2): the job completes, and the test cases LAVA recorded from the
# console's KTAP are, case by case, the host's verdict of a direct boot of
# the same board (one pin fails, the one made to; on the BeagleBone, the
# LED's device).
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

needs lava lava
rehearse_env	# the plans (pincheck prepare)

L=$TOP/scripts/lava.sh
out=$BUILD/tests/lava
rm -rf "$out"
mkdir -p "$out"

# --- the jobs: every VSOC board and variant, three real boards --------------
mapfile -t vsoc < <("$TOP/scripts/dtb.sh" --list)
if "$L" jobs --out "$out/all" --callback https://ci.invalid/callback/lava --token ci-token \
	"${vsoc[@]}" freescale/imx8mm-evk ti/k3-am625-beagleplay arm/ti/omap/am335x-boneblack \
	>"$out/jobs.log" 2>&1; then
	n=$(grep -c ': valid$' "$out/jobs.log")
	want=$(( ${#vsoc[@]} + 3 ))
	[ "$n" = "$want" ] && [ "$(wc -l <"$out/all/jobs.txt")" = "$want" ] &&
		pass "lava-jobs-valid" ||
		fail "lava-jobs-valid" "$n of $want jobs valid: $(grep -v ': valid$' "$out/jobs.log" | head -n 3 | tr '\n' ' ')"
else
	fail "lava-jobs-valid" "scripts/lava.sh jobs failed: $(tail -n 3 "$out/jobs.log" | tr '\n' ' ')"
fi
# what a job boots: kernel, initramfs, DTB, the windows' reset images
j=$out/all/ti_k3-am625-beagleplay/job.yaml
if [ -f "$j" ] && grep -q 'file://.*/Image$' "$j" && grep -q 'image_arg: -initrd {initrd}' "$j" &&
   grep -q 'image_arg: -dtb {dtb}' "$j" &&
   [ "$(grep -c 'image_arg: -device loader,file={win[0-9_]*},addr=0x' "$j")" -ge 2 ] &&
   grep -q '^device_type: qemu$' "$j" && grep -q 'arch: arm64' "$j" &&
   grep -q '^  - url: https://ci.invalid/callback/lava$' "$j" && grep -q '^    token: ci-token$' "$j"; then
	pass "lava-job-artifacts"
else
	fail "lava-job-artifacts" "$j lacks the kernel, initramfs, DTB, the two controllers' windows or the callback"
fi
# arch/arm's board: named apart from arm64's, its one pinmux window loaded
j=$out/all/arm_ti_omap_am335x-boneblack/job.yaml
if [ -f "$j" ] && [ "$(grep -c 'image_arg: -device loader,file={win[0-9_]*},addr=0x4c000000' "$j")" = 1 ] &&
   grep -q 'image_arg: -dtb {dtb}' "$j" && grep -q 'arch: arm64' "$j"; then
	pass "lava-arm32-job"
else
	fail "lava-arm32-job" "no job arm_ti_omap_am335x-boneblack with its pinmux window at 0x4c000000"
fi
j=$out/all/ti_k3-am625-beagleplay/job.yaml
# the check is LAVA's: a job with a monitor name it refuses is invalid
if [ -f "$j" ]; then
	sed 's/^    - name: pins$/    - name: pins and more/' "$j" >"$out/broken.yaml"
	r=$(pincheck lava validate "$out/broken.yaml" 2>&1)
	[ $? = 1 ] && grep -q 'INVALID' <<<"$r" && pass "lava-schema-refuses" ||
		fail "lava-schema-refuses" "a job with monitor name 'pins and more' passed: $r"
fi

# --- through lava-run, each against a direct boot ------------------------
# NAME JOBDIR HOSTKTAP BADCASE: lava-run completes the job; its recorded
# cases are those of the host's KTAP, and BADCASE is the only failing one
through_lava() {
	local name=$1 jd=$2 host=$3 bad=$4 r
	if ! "$L" run "$jd" >"$out/$name.run.log" 2>&1; then
		fail "lava-$name-run" "$(tail -n 2 "$out/$name.run.log" | tr '\n' ' ')"
		return
	fi
	pass "lava-$name-run"
	r=$jd/lava/results.txt
	grep '^pins ' "$r" | sort >"$out/$name.lava"
	pincheck lava ktap-cases "$host" | sort >"$out/$name.host"
	if [ -s "$out/$name.host" ] && diff -q "$out/$name.lava" "$out/$name.host" >/dev/null; then
		pass "lava-$name-cases-are-the-host-verdict"
	else
		fail "lava-$name-cases-are-the-host-verdict" "$(wc -l <"$out/$name.lava") cases recorded, $(wc -l <"$out/$name.host") in the host's KTAP: $(diff "$out/$name.lava" "$out/$name.host" | head -n 4 | tr '\n' ' ')"
	fi
	if [ "$(grep -c ' fail$' "$out/$name.lava")" = 2 ] && grep -q "^pins $bad fail$" "$out/$name.lava"; then
		pass "lava-$name-the-mismatch-fails"
	else
		fail "lava-$name-the-mismatch-fails" "failing: $(grep ' fail$' "$out/$name.lava" | tr '\n' ' ')"
	fi
}

# vsoc-evb with PF30's PAD left set by "firmware" (as 25-ktap): the pin
# and the board fail
reset=$out/reset-pf30.bin
cp "$BUILD/vsoc-reset.bin" "$reset"
printf '\001' | dd of="$reset" bs=1 seek=$((0x1000 + 4 * 190)) conv=notrunc status=none
"$L" jobs --out "$out/evb" --reset "$reset" vsoc-evb >"$out/evb.jobs.log" 2>&1 ||
	fail "lava-evb-job" "$(tail -n 2 "$out/evb.jobs.log" | tr '\n' ' ')"
# the direct boot as make run's, with the plan made from the datasheet's
# reset image, then the host's verdict
dtb=$(board_dtb vsoc-evb)
d=$BUILD/run/lava-evb-direct
rm -rf "$d"
if pincheck prepare --dtb "$dtb" vsoc-evb "$d" >/dev/null 2>&1 &&
   "$TOP/qemu/run.sh" --name lava-evb-direct --dir "$d" --reset "$reset" "$d/virt.dtb" >/dev/null 2>&1; then
	pincheck verdict "$d" >"$d/verdict.txt"
	through_lava evb "$out/evb/vsoc-evb" "$d/verdict.ktap" pf30
else
	fail "lava-evb-direct" "the direct boot failed"
fi

# imx8mm-evk booted with the fixup of UART2_RXD's pad (as 70-rehearse): the
# pin and the board fail
fx=$TOP/tests/rehearse/imx8mm-evk-fixup-uart2-rxd.dtso
"$L" jobs --out "$out/imx" --fixup "$fx" freescale/imx8mm-evk >"$out/imx.jobs.log" 2>&1 ||
	fail "lava-imx8mm-job" "$(tail -n 2 "$out/imx.jobs.log" | tr '\n' ' ')"
"$TOP/scripts/rehearse.sh" --quiet --fixup "$fx" freescale/imx8mm-evk >/dev/null 2>&1
h=$BUILD/rehearse/freescale_imx8mm-evk~imx8mm-evk-fixup-uart2-rxd/verdict.ktap
if [ -s "$h" ]; then
	through_lava imx8mm "$out/imx/freescale_imx8mm-evk~imx8mm-evk-fixup-uart2-rxd" "$h" \
		mx8mm_iomuxc_uart2_rxd
else
	fail "lava-imx8mm-direct" "the direct rehearsal left no verdict.ktap"
fi
# the BeagleBone Black with /clash-led on UART0_TXD (as 73-rehearse-arm32):
# the LED's consumer and the board fail
cl=$TOP/tests/rehearse/am335x-boneblack-clash.dts
"$L" jobs --out "$out/arm32" "$cl" >"$out/arm32.jobs.log" 2>&1 ||
	fail "lava-arm32-clash-job" "$(tail -n 2 "$out/arm32.jobs.log" | tr '\n' ' ')"
"$TOP/scripts/rehearse.sh" --quiet "$cl" >/dev/null 2>&1
h=$BUILD/rehearse/am335x-boneblack-clash/verdict.ktap
if [ -s "$h" ]; then
	through_lava arm32-clash "$out/arm32/am335x-boneblack-clash" "$h" consumer__clash_led
else
	fail "lava-arm32-clash-direct" "the direct rehearsal left no verdict.ktap"
fi
finish

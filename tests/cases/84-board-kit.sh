#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# The board kit (make board-kit, scripts/board-kit.sh) run as a user runs
# it: Debian's stock arm64 kernel (KERNEL=debian) boots the board's
# rehearsal DTB in QEMU with an initramfs of nothing but a minimal /init
# (tests/kit/init.c: mounts proc, sysfs, devtmpfs and debugfs, then runs
# /kit/run's commands; none of guest/init.c) and the kit copied to /kit;
# the kit's checker, run as "rehearse-ktap-arm64 --plan /kit/plan", prints
# the KTAP that the host's verdict of the same board on the same kernel
# prints (verdict.ktap of KERNEL=debian scripts/rehearse.sh), line for
# line, and kunit.py parse reads it: "Testing complete. Ran N tests:
# passed: N" with N the pins and consumers of the board (imx8mm-evk: 79
# pins and 23 consumers, 102, as 70-rehearse counts them).
# The 32-bit board arm/ti/omap/am335x-boneblack's kit: its armhf checker
# (ELF 32-bit ARM, static) runs in the same arm64 guest through the
# kernel's 32-bit compat (CONFIG_COMPAT=y in Debian's arm64 config,
# AArch32 at EL0 of QEMU's cortex-a53) and prints the KTAP of the arm64
# one and of the host; and on Debian's own armhf kernel
# (linux-image-6.12-armmp, KERNEL=debian-armhf) under qemu-system-arm's
# virt, the board prepared on that machine's DTB, the same again (70 pins
# and 11 consumers: 81 tests, all ok). The how-to names the board's real register address
# (imx8mm.dtsi's iomuxc: reg = <0x30330000 0x10000>), and the plan carries
# it beside QEMU's window as hw-windows = <0 0x30330000 0x10000>.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

KUNIT="python3 $CACHE/linux/tools/testing/kunit/kunit.py parse"
if ! KERNEL=debian "$TOP/scripts/anykernel.sh" prepare >"$BUILD/tests-84-prepare.log" 2>&1; then
	skip 84-board-kit "Debian's kernel could not be fetched: $(tail -n 1 "$BUILD/tests-84-prepare.log")"
	exit 0
fi
needs kit 84-board-kit
out=$BUILD/tests/board-kit
rm -rf "$out"
mkdir -p "$out"
gen=$(scripts/kernel.sh path | tail -n 1)/usr/gen_init_cpio
aarch64-linux-gnu-gcc -static -O2 -Wall -Wextra -Werror -o "$out/init" "$TOP/tests/kit/init.c" ||
	fail 84-init "tests/kit/init.c does not build"
arm-linux-gnueabihf-gcc -static -O2 -Wall -Wextra -Werror -o "$out/init-armhf" "$TOP/tests/kit/init.c" ||
	fail 84-init-armhf "tests/kit/init.c does not build for armhf"

# BOARD CMD...: the kit of BOARD booted with the minimal init running the
# commands; leaves $out/NAME/{console.log,kit-*.ktap} and $out/NAME.host.ktap.
# ARM32=1: on Debian's armhf kernel (qemu-system-arm), into $out/NAME-arm32/,
# the board prepared on that machine's virt DTB, the init built for armhf
kit_boot() {
	local board=$1 name=${1//\//_} kit rdir list f init=$out/init kernel=debian run
	shift
	kit=$BUILD/board-kit/$name
	rdir=$BUILD/rehearse/$name
	run=$out/$name
	if [ -n "${ARM32:-}" ]; then
		kernel=debian-armhf init=$out/init-armhf rdir=$out/$name-arm32.prep run=$out/$name-arm32
		mkdir -p "$rdir"
		rehearse_env
		unset IMAGE_CONFIG IMAGE_MODULES
		virt_dtb_arm32 "$out/virt-arm32.dtb" || { fail 84-arm32-virt "no DTB of the arm32 virt"; return 1; }
		VIRT_DTB=$out/virt-arm32.dtb pincheck prepare "$board" "$rdir" >"$rdir.log" 2>&1 ||
			{ fail 84-arm32-prepare "$(tail -n 1 "$rdir.log")"; return 1; }
	else
		KERNEL=debian "$TOP/scripts/rehearse.sh" --quiet "$board" >"$out/$name.rehearse" 2>&1
		cp "$rdir/verdict.ktap" "$out/$name.host.ktap"
		"$TOP/scripts/board-kit.sh" "$board" 2>"$out/$name.kit.log" ||
			{ fail "84-$name-kit" "$(tail -n 1 "$out/$name.kit.log")"; return 1; }
	fi
	list=$out/$name.list
	{
		echo "dir /dev 0755 0 0"
		echo "nod /dev/console 0600 0 0 c 5 1"
		for d in proc sys tmp kit; do echo "dir /$d 0755 0 0"; done
		echo "file /init $init 0755 0 0"
		printf '%s\n' "$@" >"$out/$name.run"
		echo "file /kit/run $out/$name.run 0644 0 0"
		(cd "$kit" && find . -mindepth 1 | LC_ALL=C sort) | while read -r f; do
			f=${f#./}
			if [ -d "$kit/$f" ]; then echo "dir /kit/$f 0755 0 0"
			else echo "file /kit/$f $kit/$f $(stat -c %a "$kit/$f") 0 0"; fi
		done
	} >"$list"
	"$gen" "$list" >"$out/$name.cpio"
	KERNEL=$kernel "$TOP/qemu/run.sh" --initrd "$out/$name.cpio" --name "$name" \
		--dir "$run" --windows "$rdir/windows.txt" --timeout 300 \
		--append "iomem=relaxed" "$rdir/virt.dtb" 2>"$run.log" ||
		{ fail "84-$name-boot" "$(cat "$run.log")"; return 1; }
	for f in "$@"; do
		f=${f%% *}
		awk -v b="==== KIT BEGIN $f ====" -v e="==== KIT END $f: " '
			{ sub(/\r$/, "") }
			index($0, e) == 1 { on = 0 }
			on { print }
			$0 == b { on = 1 }' "$run/console.log" >"$run/kit-${f##*-}.ktap"
	done
}

# the i.MX reference board
b=freescale_imx8mm-evk
kit_boot freescale/imx8mm-evk "/kit/rehearse-ktap-arm64 --plan /kit/plan"
check 84-imx-files test -f "$BUILD/board-kit/$b/HOWTO.md" -a -x "$BUILD/board-kit/$b/rehearse-ktap-arm64" \
	-a -x "$BUILD/board-kit/$b/rehearse-ktap-armhf" -a -d "$BUILD/board-kit/$b/plan"
check 84-imx-static-arm64 bash -c "file '$BUILD/board-kit/$b/rehearse-ktap-arm64' | grep -q 'ARM aarch64.*statically linked'"
check 84-imx-howto-address grep -q 'pinctrl@30330000` (imx): registers at 0x30330000 (0x10000 bytes)' "$BUILD/board-kit/$b/HOWTO.md"
check 84-imx-hw-windows [ "$(od -An -tx1 "$BUILD/board-kit/$b/plan/ctl-0/hw-windows" | tr -d ' \n')" = 000000003033000000010000 ]
check 84-imx-stock-kernel grep -aq 'Linux version 6.12.*deb12-arm64' "$out/$b/console.log"
check 84-imx-no-project-init bash -c "! grep -aq 'VSOC INIT' '$out/$b/console.log'"
check 84-imx-exit-0 grep -aq '^==== KIT END /kit/rehearse-ktap-arm64: exit 0 ====' "$out/$b/console.log"
check 84-imx-same-ktap cmp "$out/$b/kit-arm64.ktap" "$out/$b.host.ktap"
parsed=$($KUNIT <"$out/$b/kit-arm64.ktap" 2>&1)
check 84-imx-kunit-parse grep -q 'Testing complete. Ran 102 tests: passed: 102' <<<"$parsed"

# a 32-bit board: its armhf checker through the arm64 kernel's compat
b=arm_ti_omap_am335x-boneblack
kit_boot arm/ti/omap/am335x-boneblack "/kit/rehearse-ktap-armhf --plan /kit/plan" \
	"/kit/rehearse-ktap-arm64 --plan /kit/plan"
check 84-arm32-static-armhf bash -c "file '$BUILD/board-kit/$b/rehearse-ktap-armhf' | grep -q 'ELF 32-bit LSB executable, ARM, EABI5.*statically linked'"
check 84-arm32-armhf-ran grep -aq '^==== KIT END /kit/rehearse-ktap-armhf: exit [01] ====' "$out/$b/console.log"
check 84-arm32-same-ktap cmp "$out/$b/kit-armhf.ktap" "$out/$b.host.ktap"
check 84-arm32-armhf-is-arm64 cmp "$out/$b/kit-armhf.ktap" "$out/$b/kit-arm64.ktap"
parsed=$($KUNIT <"$out/$b/kit-armhf.ktap" 2>&1)
check 84-arm32-kunit-parse grep -q 'Testing complete. Ran 81 tests: passed: 81' <<<"$parsed"

# the same kit on Debian's armhf kernel (linux-image-6.12-armmp) under
# qemu-system-arm: the board prepared on that machine's virt DTB (the windows
# where the arm64 machine has them), the kit's plan unchanged
if ! "$TOP/scripts/anykernel.sh" armhf >"$out/armhf.log" 2>&1; then
	skip 84-armhf-kernel "Debian's armhf kernel could not be fetched: $(tail -n 1 "$out/armhf.log")"
else
	ARM32=1 kit_boot arm/ti/omap/am335x-boneblack "/kit/rehearse-ktap-armhf --plan /kit/plan"
	check 84-armhf-kernel grep -aq 'Linux version 6.12.*deb12-armmp' "$out/$b-arm32/console.log"
	check 84-armhf-same-ktap cmp "$out/$b-arm32/kit-armhf.ktap" "$out/$b.host.ktap"
	parsed=$($KUNIT <"$out/$b-arm32/kit-armhf.ktap" 2>&1)
	check 84-armhf-kunit-parse grep -q 'Testing complete. Ran 81 tests: passed: 81' <<<"$parsed"
fi
finish

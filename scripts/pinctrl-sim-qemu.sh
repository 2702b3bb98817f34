#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Set 10 (kernel/mainline/10-pinctrl-sim) booted: its kselftest,
# tools/testing/selftests/pinctrl/pinctrl-sim.sh, run on Linux 7.3 in QEMU.
#
#   scripts/pinctrl-sim-qemu.sh
#
# The kernel is a small arm64 Image: allnoconfig plus the PL011 console,
# initramfs, configfs, debugfs, lockdep and PINCTRL_SIM built in, from
# branch check/10-pinctrl-sim of the 7.3 tree (scripts/linux73.sh check
# makes it), checked out in a worktree of its own ($VSOC_CACHE/
# linux-7.3-pinsim, or $PINSIM_SRC) so that a check of another set cannot
# change the sources under the build. It is built into $VSOC_CACHE/out-7.3/
# pinsim, niced and under the kernel build lock. The initramfs has Debian's
# static busybox (busybox-static:arm64, fetched once with apt-get download
# into $VSOC_CACHE/debs), the kselftest and an init that runs it.
#
# Prints the console to $BUILD/pinctrl-sim-qemu.log; exit 0 when the
# kselftest says PASS and the kernel reported no lockdep splat, BUG or
# WARNING.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

SRC73=$CACHE/linux-7.3
SRC=${PINSIM_SRC:-$CACHE/linux-7.3-pinsim}
OUT=$CACHE/out-7.3/pinsim
LOG=$BUILD/pinctrl-sim-qemu.log
SET=10-pinctrl-sim

mkdir -p "$OUT" "$BUILD" "$CACHE/debs"

if [ -z "${PINSIM_SRC:-}" ]; then
	git -C "$SRC73" rev-parse -q --verify "check/$SET" >/dev/null ||
		"$TOP/scripts/linux73.sh" check "$SET" >/dev/null ||
		die "scripts/linux73.sh check $SET failed"
	[ -d "$SRC" ] || git -C "$SRC73" worktree add -q --detach "$SRC" "check/$SET"
	git -C "$SRC" checkout -q --detach "check/$SET"
fi

# Debian's static busybox for arm64, the guest's shell and tools
bb=$(ls "$CACHE"/debs/busybox-static_*_arm64.deb 2>/dev/null | tail -n 1 || true)
if [ -z "$bb" ]; then
	(cd "$CACHE/debs" && apt-get -q download busybox-static:arm64) >"$OUT/apt.log" 2>&1 ||
		die "apt-get download busybox-static:arm64 failed (see $OUT/apt.log)"
	bb=$(ls "$CACHE"/debs/busybox-static_*_arm64.deb | tail -n 1)
fi
rm -rf "$OUT/bb"
dpkg-deb -x "$bb" "$OUT/bb"

kmake() {
	nice -n 19 make -C "$SRC" O="$OUT/build" ARCH=arm64 CROSS_COMPILE="$CROSS" \
		CC="ccache ${CROSS}gcc" HOSTCC="ccache gcc" -j"$JOBS" "$@"
}

(
	flock 9
	mkdir -p "$OUT/build"
	kmake allnoconfig >"$OUT/build.log" 2>&1
	"$SRC/scripts/config" --file "$OUT/build/.config" \
		-e TTY -e SERIAL_AMBA_PL011 -e SERIAL_AMBA_PL011_CONSOLE \
		-e BLK_DEV_INITRD -e BINFMT_ELF -e BINFMT_SCRIPT -e PROC_FS \
		-e SYSFS -e CONFIGFS_FS -e DEBUG_FS -e DEBUG_FS_ALLOW_ALL \
		-e PINCTRL -e PINCTRL_SIM -e DEBUG_KERNEL -e PROVE_LOCKING \
		-e DEBUG_ATOMIC_SLEEP -e DEBUG_LIST
	kmake olddefconfig >>"$OUT/build.log" 2>&1
	for sym in PINCTRL_SIM CONFIGFS_FS DEBUG_FS PROVE_LOCKING SERIAL_AMBA_PL011_CONSOLE; do
		grep -qx "CONFIG_$sym=y" "$OUT/build/.config" || die "CONFIG_$sym is not y in $OUT/build/.config"
	done
	kmake Image >>"$OUT/build.log" 2>&1 || { tail -n 20 "$OUT/build.log" >&2; die "the Image did not build (see $OUT/build.log)"; }
) 9>"${VSOC_BUILD_LOCK:-/tmp/vsoc-kernel-build.lock}"

# the initramfs: busybox, the kselftest, and an init that runs it
cat >"$OUT/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc none /proc
mount -t sysfs none /sys
mount -t configfs none /sys/kernel/config
mount -t debugfs none /sys/kernel/debug
echo "pinsim: running pinctrl-sim.sh"
sh /pinctrl-sim.sh
echo "pinsim: exit code $?"
poweroff -f
INIT
cat >"$OUT/initramfs.list" <<LIST
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
dir /proc 0755 0 0
dir /sys 0755 0 0
dir /tmp 1777 0 0
dir /bin 0755 0 0
file /bin/busybox $OUT/bb/bin/busybox 0755 0 0
file /init $OUT/init 0755 0 0
file /pinctrl-sim.sh $SRC/tools/testing/selftests/pinctrl/pinctrl-sim.sh 0755 0 0
LIST
"$OUT/build/usr/gen_init_cpio" "$OUT/initramfs.list" >"$OUT/initramfs.cpio"

timeout 600 qemu-system-aarch64 -M virt -cpu cortex-a57 -m 512 -nographic -no-reboot \
	-kernel "$OUT/build/arch/arm64/boot/Image" -initrd "$OUT/initramfs.cpio" \
	-append "console=ttyAMA0 panic=-1" </dev/null >"$LOG" 2>&1 || true

sed -n '/pinsim: running/,/pinsim: exit code/p' "$LOG"
if grep -q "pinctrl pinctrl-sim test PASS" "$LOG" && grep -q "pinsim: exit code 0" "$LOG" &&
	! grep -qE "possible circular locking|BUG:|WARNING:|Oops" "$LOG"; then
	echo "pinctrl-sim kselftest PASS on $(sed -n 's/^Linux version \([^ ]*\).*/\1/p' "$LOG" | head -n 1)"
else
	echo "pinctrl-sim kselftest FAIL (see $LOG)"
	exit 1
fi

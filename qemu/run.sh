#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot one DTB on QEMU virt with the project's kernel and initramfs, the VSOC
# reset image loaded at the register window, and the guest RAM in a shared
# file so the window can be read from the host.
#
#   qemu/run.sh [options] BOARD.dtb
#	--name NAME	run directory build/run/NAME (default: DTB base name)
#	--reset FILE	reset image of the window (default: the datasheet's)
#	--append ARGS	extra kernel command line (e.g. vsocinit.dump=...)
#	--timeout SEC	hard limit for the whole boot (default 120)
#	--kernel NAME	kernel to boot: vsoc or debug (default:
#			$KERNEL, else vsoc), debian or a path to an Image
#			(scripts/anykernel.sh); the debug image also scans
#			for leaks before power-off
#	--qemu ARGS	extra QEMU options, split on blanks (bench/: e.g.
#			"-icount shift=0,sleep=off" for a guest clock that
#			counts instructions)
#	--windows FILE	register windows other than VSOC's (make rehearse):
#			one "NAME ADDR SIZE RESET.bin" a line; each window is
#			loaded from its reset image and read back into
#			NAME.bin after power-off, and the VSOC window is not
#			loaded (nor regs.bin written)
#	--dir DIR	run directory (default: build/run/NAME)
#	--dumps-to-ram	the guest's debugfs dumps through 32 MiB of RAM past
#			the kernel's (mem=, vsocinit.dumpmem of guest/init.c)
#			instead of the serial console, which QEMU's PL011
#			takes a byte at a time; appended to console.log after
#			the run (make rehearse; not through U-Boot)
#	--initrd F	the initramfs instead of the project's (84-board-kit:
#			a minimal /init and the board kit)
#	--initrd-add F	a cpio appended to the initramfs (the kernel
#			unpacks concatenated archives): make stress's test
#			module, scripts/module.sh
#
#   qemu/run.sh [options] --u-boot CONF FIT.itb
#	the same machine, booted like a real board: QEMU starts Debian's
#	U-Boot for qemu_arm64 (-bios), whose distro boot finds boot.scr on a
#	virtio disk (MBR, one ext2 partition holding boot.scr and the FIT);
#	the script loads the FIT at FIT_ADDR (scripts/lib.sh) and runs
#	"bootm FIT_ADDR#CONF", which hands the kernel the configuration's DTB
#	and initramfs and the command line of a direct boot. NAME defaults to
#	CONF without "conf-". The FIT holds its own kernel (scripts/fit.sh
#	--kernel); --kernel here only adds the debug image's options.
#	VSOC_UBOOT=FILE boots another U-Boot binary.
#
# While QEMU runs, build/run/NAME/ram is a symbolic link to the guest's RAM
# file: qemu/gpio-in.sh sets GPIO_IN bits through it and waits for console
# lines (tests/cases/55-gpio.sh).
#
# Leaves build/run/NAME/{console.log,regs.bin,NAME.dtb} and, when the guest
# sleeps (vsocinit.sleep), regs-sleep.bin read while it was asleep; through
# U-Boot, NAME.dtb is the configuration's DTB taken out of the FIT and
# boot.cmd the boot script. Exit 0 when the guest reached the end of /init
# and powered off with a clean kernel log; otherwise prints "NAME: <reason>"
# and exits 1. Clean means none of the signatures of a kernel bug,
# sanitizer, lockdep or leak report below. Through U-Boot, a boot also
# fails when U-Boot does not start the kernel (no script found, a bad
# configuration or hash), when U-Boot's own area reaches down to the VSOC
# window, and when the window no longer holds the reset image just before
# bootm (its crc32, printed by the script) or when the kernel's probe read
# an ID other than the reset image's.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

name= reset= append= timeout=120 config=${KERNEL:-vsoc} conf= qemu_args=
windows= run= initrd_add= initrd= dumps_to_ram=
UBOOT=${VSOC_UBOOT:-/usr/lib/u-boot/qemu_arm64/u-boot.bin}
while [ $# -gt 1 ]; do
	case "$1" in
	--name) name=$2; shift 2 ;;
	--reset) reset=$2; shift 2 ;;
	--append) append=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--kernel) config=$2; shift 2 ;;
	--u-boot) conf=$2; shift 2 ;;
	--qemu) qemu_args=$2; shift 2 ;;
	--windows) windows=$2; shift 2 ;;
	--dir) run=$2; shift 2 ;;
	--initrd-add) initrd_add=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--dumps-to-ram) dumps_to_ram=1; shift ;;
	*) die "unknown option $1" ;;
	esac
done
if [ -z "$conf" ]; then
	[ $# -eq 1 ] || die "usage: qemu/run.sh [options] BOARD.dtb | [options] --u-boot CONF FIT.itb"
	dtb=$1
	[ -f "$dtb" ] || die "no such DTB: $dtb"
	name=${name:-$(basename "$dtb" .dtb)}
else
	[ $# -eq 1 ] || die "usage: qemu/run.sh [options] --u-boot CONF FIT.itb"
	fit=$1
	[ -f "$fit" ] || die "no such FIT: $fit"
	[ -f "$UBOOT" ] || die "missing $UBOOT (run scripts/deps.sh: u-boot-qemu)"
	name=${name:-${conf#conf-}}
fi
reset=${reset:-$BUILD/vsoc-reset.bin}
kernel_env "$config"	# scripts/anykernel.sh: KIMAGE, KMODCPIO, KARCH
if [ "$KARCH" = arm ]; then
	# Debian's armhf kernel (84-board-kit): the 32-bit machine
	QEMU_SYSTEM=$QEMU_SYSTEM_ARM32 QEMU_VIRT=$QEMU_VIRT_ARM32 QEMU_CPU=$QEMU_CPU_ARM32
	KERNEL_CMDLINE=$KERNEL_CMDLINE_ARM32
fi
kernel=$KIMAGE
initrd=${initrd:-$BUILD/initramfs.cpio}
if [ -z "$conf" ]; then
	for f in "$kernel" "$initrd"; do
		[ -f "$f" ] || die "missing $f (run make first)"
	done
fi
[ -f "$reset" ] || die "missing $reset (run make first)"

WINDOW=$VSOC_WINDOW
RAM_BASE=0x40000000
WINDOW_SIZE=$((VSOC_WINDOW_SIZE))
run=${run:-$BUILD/run/$name}
mkdir -p "$run"
rm -f "$run"/{console.log,regs.bin,regs-sleep.bin,ram.img,ram,qemu.err,disk.img,boot.cmd,initrd.cpio}
if [ -n "$initrd_add" ] || [ -n "$KMODCPIO" ]; then
	[ -z "$initrd_add" ] || [ -f "$initrd_add" ] || die "no such cpio: $initrd_add"
	# a kernel not the project's: its pin controller modules too
	cat "$initrd" $initrd_add $KMODCPIO >"$run/initrd.cpio"
	initrd=$run/initrd.cpio
fi
# The windows: the VSOC one, or those of --windows (name, address, size,
# reset image).
win_names=() win_addrs=() win_sizes=() loaders=()
if [ -n "$windows" ]; then
	[ -f "$windows" ] || die "no such windows file: $windows"
	while read -r wname waddr wsize wreset; do
		[ -n "$wname" ] || continue
		[ -f "$wreset" ] || die "$windows: no reset image $wreset"
		[ $((waddr % 4096)) -eq 0 ] && [ $((wsize % 4096)) -eq 0 ] ||
			die "$windows: $wname is not 4 KiB aligned"
		win_names+=("$wname") win_addrs+=("$waddr") win_sizes+=("$wsize")
		loaders+=(-device "loader,file=$wreset,addr=$waddr,force-raw=on")
		rm -f "$run/$wname.bin"
	done <"$windows"
else
	win_names=(regs) win_addrs=("$VSOC_WINDOW") win_sizes=("$VSOC_WINDOW_SIZE")
	loaders=(-device "loader,file=$reset,addr=$VSOC_WINDOW,force-raw=on")
fi
if [ -z "$conf" ]; then
	[ "$(realpath "$dtb")" = "$(realpath -m "$run/$name.dtb")" ] || cp "$dtb" "$run/$name.dtb"
fi
# A window above the top of the machine's RAM (sh-pfc's, which stay at the
# SoC's addresses): the RAM reaches up to it, in steps of 256 MiB, and the
# kernel uses only the first QEMU_MEM of it (mem=), so the boot costs what
# it did; the RAM past that is a sparse file never touched
mem=$QEMU_MEM
mem_mib=$(ram_mib "$QEMU_MEM")
ram_args=
for i in "${!win_addrs[@]}"; do
	need=$(( (win_addrs[i] + win_sizes[i] - RAM_BASE + (256 << 20) - 1) / (256 << 20) * 256 ))
	if [ "$need" -gt "$mem_mib" ]; then
		mem_mib=$need mem=${need}M ram_args="mem=$QEMU_MEM"
	fi
done
dm_addr=
if [ -n "$dumps_to_ram" ] && [ -z "$conf" ]; then
	dm_addr=$((RAM_BASE + (mem_mib << 20))) dm_mib=32
	mem_mib=$((mem_mib + dm_mib)) ram_args="mem=$QEMU_MEM"
	mem=${mem_mib}M
	append+=" vsocinit.dumpmem=$(printf '%#x,%#x' "$dm_addr" $((dm_mib << 20)))"
fi

# The guest's RAM: a shared file that the host reads the window from, on
# tmpfs when there is one (VSOC_RAMDIR overrides; a file on disk made every
# boot about a second slower); removed when the script exits, however it
# exits.
ramdir=${VSOC_RAMDIR:-/dev/shm}
if ! [ -d "$ramdir" ] || ! [ -w "$ramdir" ] ||
   [ "$(df -Pk "$ramdir" | awk 'NR == 2 { print $4 }')" -lt 524288 ]; then
	ramdir=$run	# no room for 256 MiB of guest RAM there
fi
ram=$(mktemp "$ramdir/vsoc-ram.XXXXXX")
trap 'rm -f "$ram" "$run/ram"' EXIT

# Every window as it is now in the RAM file, into DIR/NAME$1.bin
# (regs.bin, regs-sleep.bin)
snapshot_all() {
	local i
	for i in "${!win_names[@]}"; do
		dd if="$ram" of="$run/${win_names[$i]}$1.bin" bs=4096 \
			count=$((win_sizes[i] / 4096)) \
			skip=$(((win_addrs[i] - RAM_BASE) / 4096)) status=none
	done
}

# The command line of qemu/machine.sh. The debug kernel: a kmemleak scan at
# the end, and a dmesg dump without its 80 000 KERN_DEBUG lines
# (DEBUG_PINCTRL; guest/init.c dump_dmesg())
cmdline="$KERNEL_CMDLINE${ram_args:+ $ram_args} $append"
[ "$config" = debug ] && cmdline="$cmdline vsocinit.kmemleak=1 vsocinit.dmesg=nodebug"

if [ -z "$conf" ]; then
	boot=(-kernel "$kernel" -initrd "$initrd" -dtb "$run/$name.dtb" -append "$cmdline")
else
	. "$TOP/qemu/u-boot.sh"
	uboot_prepare	# checks the FIT, writes $run/{NAME.dtb,boot.cmd,disk.img}
	boot=(-bios "$UBOOT"
	      -drive if=none,id=boot,format=raw,readonly=on,file="$run/disk.img"
	      -device virtio-blk-device,drive=boot)
fi

# The machine of qemu/machine.sh, its RAM a new, empty file every time:
# the reset image is the only state. $qemu_args is split on blanks on
# purpose.
# shellcheck disable=SC2086
timeout --kill-after=5 "$timeout" "$QEMU_SYSTEM" \
	-M "$QEMU_VIRT,memory-backend=ram" -cpu "$QEMU_CPU" -m "$mem" \
	-object memory-backend-file,id=ram,size="$mem",mem-path="$ram",share=on \
	-nographic -net none -no-reboot \
	"${boot[@]}" \
	"${loaders[@]}" \
	$qemu_args \
	</dev/null >"$run/console.log" 2>"$run/qemu.err" &
qpid=$!
# The RAM file, for the host to drive GPIO_IN while the guest runs
ln -sf "$ram" "$run/ram"

# While it runs: take the window while the guest is suspended; through
# U-Boot, stop when U-Boot gave up and waits at its prompt. Neither can
# happen on a direct boot without vsocinit.sleep: then only wait (the
# console read ten times a second cost a rehearsal ~0.05 s of CPU).
slept= prompt= watch=
[ -z "$conf" ] && [[ " $cmdline " != *" vsocinit.sleep="* ]] || watch=1
while [ -n "$watch" ] && kill -0 "$qpid" 2>/dev/null; do
	if [ -n "$conf" ] && [ -z "$prompt" ] && uboot_at_prompt "$run/console.log"; then
		prompt=1
		kill "$qpid" 2>/dev/null || true
		break
	fi
	if [ -z "$slept" ] && grep -q '^==== VSOC SLEEP' "$run/console.log" 2>/dev/null; then
		# The guest printed the marker just before entering the sleep
		# state; give it a moment to suspend its devices.
		sleep 1
		snapshot_all -sleep
		slept=1
	fi
	sleep 0.1
done
rc=0
wait "$qpid" || rc=$?

rm -f "$run/ram"
[ -s "$ram" ] && snapshot_all ""
# the dumps the guest wrote to RAM (--dumps-to-ram): text, then zeros
if [ -n "$dm_addr" ] && [ -s "$ram" ]; then
	dd if="$ram" bs=1M skip=$(((dm_addr - RAM_BASE) >> 20)) count="$dm_mib" status=none |
		tr -d '\000' >>"$run/console.log"
fi
rm -f "$ram" "$run/disk.img" "$run/initrd.cpio"

fail() {
	echo "$name: $*" >&2
	exit 1
}
log=$run/console.log
# U-Boot's part of the console: it ran the script, its area is clear of the
# window, the window was intact before bootm, and it started the kernel.
[ -z "$conf" ] || uboot_check "$prompt"
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	fail "QEMU hung: no power-off within ${timeout}s (last console line: $(tail -n 1 "$log" | tr -d '\r'))"
fi
if grep -q 'Kernel panic - not syncing' "$log"; then
	fail "kernel panic: $(grep -m1 'Kernel panic - not syncing' "$log" | tr -d '\r' | sed 's/^.*Kernel panic - not syncing: //')"
fi
if [ "$rc" -ne 0 ]; then
	fail "QEMU failed (exit $rc): $(head -c 300 "$run/qemu.err")"
fi
if ! grep -q '^==== VSOC DONE ====' "$log"; then
	fail "the guest powered off before /init finished (see $log)"
fi
SIGNATURES='BUG:|WARNING:|Unable to handle kernel|Internal error:|UBSAN:|KASAN:|'\
'possible recursive locking|possible circular locking|inconsistent lock state|'\
'suspicious RCU usage|unreferenced object|blocked for more than'
if bad=$(grep -a -m1 -E "$SIGNATURES" "$log"); then
	fail "the kernel reported a problem: $(tr -d '\r' <<<"$bad")"
fi
[ -z "$conf" ] || uboot_check_probe
exit 0

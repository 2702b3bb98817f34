# SPDX-License-Identifier: GPL-2.0
# The one definition of the machine every boot of the project uses and of
# its kernel command line: qemu/run.sh, the virt DTB the rehearsal moves
# boards onto, the benchmark's QEMU-alone boots and the LAVA jobs
# (pincheck/machine.py reads the assignments below). Source it; plain
# NAME=value lines only.

# QEMU's arm64 virt machine with a GICv3 and no ACPI: with firmware (-bios,
# the U-Boot path) QEMU would otherwise replace the PL061 (and its power
# key) by an ACPI event device; without firmware it changes nothing.
QEMU_SYSTEM=qemu-system-aarch64
QEMU_VIRT=virt,gic-version=3,acpi=off
QEMU_CPU=cortex-a53
QEMU_MEM=256M

# MiB of a QEMU_MEM value (256M, 3G)
ram_mib() {
	case "$1" in
	*G) echo $(( ${1%G} * 1024 )) ;;
	*M) echo $(( ${1%M} )) ;;
	*) return 1 ;;
	esac
}

# earlycon: a boot that dies before the console driver binds (it waits for
# the pin controller) still leaves its log; panic=-1 ends a boot that
# panics; the guest's /init is guest/init.c.
KERNEL_CMDLINE="earlycon console=ttyAMA0 panic=-1 log_buf_len=16M rdinit=/init"

# The virt machine's own DTB, as QEMU describes it (-machine dumpdtb): the
# rehearsal moves a real board's pin controllers into it. Written to $1
# unless it is there.
virt_dtb() {
	[ -s "$1" ] && return 0
	mkdir -p "$(dirname "$1")"
	"$QEMU_SYSTEM" -M "$QEMU_VIRT,dumpdtb=$1.tmp" -cpu "$QEMU_CPU" -m "$QEMU_MEM" \
		-nographic -net none >/dev/null 2>&1 || return 1
	mv "$1.tmp" "$1"
}

# The 32-bit guest: Debian's armhf kernel (KERNEL=debian-armhf,
# scripts/anykernel.sh) on the virt machine of qemu-system-arm, its RAM at
# the same 0x40000000 and below 4 GiB, so the windows are where the arm64
# machine has them. Only 84-board-kit boots it: a 32-bit board's kit, its
# armhf checker, on an arm32 kernel.
QEMU_SYSTEM_ARM32=qemu-system-arm
QEMU_VIRT_ARM32=virt,highmem=off
QEMU_CPU_ARM32=cortex-a15
KERNEL_CMDLINE_ARM32="console=ttyAMA0 panic=-1 log_buf_len=16M rdinit=/init"

# The same machine of qemu-system-arm's (its DTB; the rehearsal moves a
# board into it as into the arm64 one), written to $1 unless it is there
virt_dtb_arm32() {
	[ -s "$1" ] && return 0
	mkdir -p "$(dirname "$1")"
	"$QEMU_SYSTEM_ARM32" -M "$QEMU_VIRT_ARM32,dumpdtb=$1.tmp" -cpu "$QEMU_CPU_ARM32" \
		-m "$QEMU_MEM" -nographic -net none >/dev/null 2>&1 || return 1
	mv "$1.tmp" "$1"
}

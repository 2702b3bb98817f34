# SPDX-License-Identifier: GPL-2.0
# Common settings for the project's scripts. Source it, do not run it.

# Debian's tools first: dt-schema, checkpatch's SPDX check and the kernel's
# scripts need Debian's python3 and its modules, not another one on PATH.
export PATH=/usr/bin:/bin:$PATH

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Everything big (kernel tree, kernel build, ccache) lives here, outside the
# repository, and survives between runs.
CACHE=${VSOC_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vsoc}

# Small per-run outputs (console logs, register dumps, DTBs) live in the
# repository's build/ directory, which git ignores.
BUILD=${VSOC_BUILD:-$TOP/build}

CROSS=aarch64-linux-gnu-
JOBS=${JOBS:-$(nproc)}

export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache}
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
# Fixed build identity so that ccache hits and the image is reproducible.
export KBUILD_BUILD_USER=vsoc KBUILD_BUILD_HOST=vsoc
export KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 2026'

# The host tools: one Python package (pincheck/), python3 -m pincheck --help.
# Its bytecode goes to the cache, also where the environment says not to
# write any (PYTHONDONTWRITEBYTECODE): a sweep runs it twice a board.
pincheck() {
	PYTHONPATH=$TOP${PYTHONPATH:+:$PYTHONPATH} PYTHONDONTWRITEBYTECODE= \
		PYTHONPYCACHEPREFIX=$CACHE/pycache python3 -m pincheck "$@"
}

# The machine and the kernel command line (qemu/machine.sh)
. "$TOP/qemu/machine.sh"

# The tree whose boards are rehearsed (TREE=6.12, the default: the tree
# the project's kernel is built from; TREE=7.3: Debian's linux-source-7.3
# of kernel/mainline/BASE, scripts/linux73.sh): REHEARSE_OUT, where its
# boards' runs go (build/rehearse, build/rehearse-7.3), and rehearse_tree,
# which sets KSRC, the tree whose boards and tables the rehearsal reads
# (fetching 7.3 when it is missing).
case ${TREE:-6.12} in
6.12) REHEARSE_OUT=$BUILD/rehearse ;;
7.3) REHEARSE_OUT=$BUILD/rehearse-7.3 ;;
*) printf '%s: error: TREE=%s: the trees are 6.12 (the default) and 7.3\n' "${0##*/}" "$TREE" >&2
   exit 1 ;;
esac
rehearse_tree() {
	export KSRC=$CACHE/linux
	# the tree of the kernel that boots (its drivers' compatibles)
	export IMAGE_SRC=$CACHE/linux
	if [ "${TREE:-6.12}" = 7.3 ]; then
		KSRC=$("$TOP/scripts/linux73.sh" path)
		"$TOP/scripts/linux73.sh" tree >&2 ||
			die "TREE=7.3: the 7.3 tree could not be fetched (scripts/linux73.sh tree)"
	fi
}

# What pincheck prepare needs: the kernel tree whose tables it reads, the
# tree's dtc and fdtoverlay (the system's if the build has none), and QEMU
# virt's own DTB. Dies with the reason when something is missing.
rehearse_env() {
	rehearse_tree
	export DTC=$CACHE/out/vsoc/scripts/dtc/dtc
	export FDTOVERLAY=$CACHE/out/vsoc/scripts/dtc/fdtoverlay
	if [ "${TREE:-6.12}" = 7.3 ]; then
		# the 7.3 tree's own dtc, as kbuild would use it
		DTC=$("$TOP/scripts/linux73.sh" dtc)/dtc ||
			die "TREE=7.3: the 7.3 tree's dtc could not be built"
		FDTOVERLAY=${DTC%/dtc}/fdtoverlay
	fi
	[ -x "$FDTOVERLAY" ] || FDTOVERLAY=$(command -v fdtoverlay)
	export VIRT_DTB=$BUILD/rehearse/qemu-virt.dtb
	# the configuration of the kernel that boots: a controller whose
	# driver it does not build in (nor ships as a module that the guest
	# loads, IMAGE_MODULES) is reported, not moved
	kernel_env "${KERNEL:-vsoc}"
	export IMAGE_CONFIG=$KCONFIG IMAGE_MODULES=${KMODCPIO:+1}
	[ -x "$DTC" ] || die "the kernel's dtc is missing: $DTC (run make kernel)"
	virt_dtb "$VIRT_DTB" || die "$QEMU_SYSTEM could not describe the virt machine"
}

# The kernel KERNEL names (vsoc, debug, debian or a path to an Image; see
# scripts/anykernel.sh): sets KIMAGE, KCONFIG, KMODCPIO and KPROJECT
kernel_env() {
	local e
	e=$("$TOP/scripts/anykernel.sh" env "$1") || exit 2
	eval "$e"
}

msg() { printf '%s\n' "$*" >&2; }
die() { printf '%s: error: %s\n' "${0##*/}" "$*" >&2; exit 1; }

# The Debian version of the installed kernel source, e.g. 6.12.118-1~deb12u1.
linux_pkg_version() {
	dpkg-query -W -f '${Version}' linux-source-6.12 2>/dev/null
}

# The boot-loader path (scripts/fit.sh, qemu/run.sh --u-boot): where U-Boot
# puts what it loads. Everything lies below the VSOC window at 0x4c000000
# (datasheet, section 1); U-Boot itself relocates to the top of RAM (seen
# with 256 MiB: its lowest reservation at 0x4ddb2000). The kernel and the
# ramdisk use U-Boot's own kernel_addr_r and ramdisk_addr_r.
VSOC_WINDOW=0x4c000000
VSOC_WINDOW_SIZE=0x10000
FIT_KERNEL_ADDR=0x40400000	# up to FIT_FDT_ADDR: Image with its BSS
FIT_FDT_ADDR=0x43e00000		# the DTB, and U-Boot's fixups after it
FIT_RAMDISK_ADDR=0x44000000	# up to FIT_ADDR
FIT_ADDR=0x46000000		# where the boot script loads the FIT

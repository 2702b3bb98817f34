#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Install the Debian packages the project needs, skipping those already there.
# Run as root it installs them (--no-install-recommends); otherwise it prints
# the exact apt-get line and fails.
#
#   scripts/deps.sh [report] [lava] [kit]          install what is missing
#   scripts/deps.sh --check [report] [lava] [kit]  only report, exit 1 if something is missing
#
# "report" adds the optional packages that only the HTML pin map's test
# needs (tests/cases/71-report.sh): a headless browser to load the pages.
# "kit" adds the armhf cross compiler of make board-kit's 32-bit checker.
# "lava" adds Debian's LAVA dispatcher, for the jobs of make lava and their
# test (tests/cases/75-lava.sh); the device-type templates it renders come
# from lava-server's package, which scripts/lava.sh unpacks into the cache
# (installing lava-server would bring Django, gunicorn and a PostgreSQL
# client, and recommends the database and Apache).
set -euo pipefail

check=
if [ "${1:-}" = "--check" ]; then
	check=1
	shift
fi

PKGS=(
	# host build of the kernel and of the project's own tools
	make gcc libc6-dev bc flex bison cpio xz-utils git perl ccache
	# the debug kernel signs modules (the lockdown LSM selects MODULE_SIG)
	libssl-dev openssl
	# cross compiler and the C library the guest init links statically
	gcc-aarch64-linux-gnu libc6-dev-arm64-cross
	# the kernel source: /usr/src/linux-source-6.12.tar.xz
	linux-source-6.12
	# device trees: dtc/fdtoverlay, pylibfdt for the host tools (pincheck/),
	# the schemas
	device-tree-compiler python3-libfdt dt-schema python3 yamllint
	# the host tools' unit tests (pincheck/tests)
	python3-pytest
	# checkpatch.pl and the SPDX check it runs
	python3-ply python3-git
	# the virtual machine and the boot loader path (U-Boot, mkimage and
	# dumpimage, the ext2 boot disk)
	qemu-system-arm u-boot-qemu u-boot-tools e2fsprogs
	# Debian's arm64 gpiod tools for the guest (dynamically linked: the
	# initramfs takes them with libgpiod and libc6:arm64's loader and
	# libc); needs the arm64 architecture in dpkg (added below)
	gpiod:arm64 libgpiod2:arm64
)
# Optional groups, installed only when asked for by name
REPORT_PKGS=(
	# Debian's Chromium, run headless to load the report's pages
	chromium
)
LAVA_PKGS=(
	# lava-run; it depends on systemd-sysv and python3-guestfs (and so
	# on libguestfs, supermin and qemu-system-x86), about 150 packages
	lava-dispatcher
)
KIT_PKGS=(
	# the board kit's checker for 32-bit boards (make board-kit): the
	# armhf cross compiler and the C library it links statically
	gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
)
for group in "$@"; do
	case "$group" in
	report) PKGS+=("${REPORT_PKGS[@]}") ;;
	kit) PKGS+=("${KIT_PKGS[@]}") ;;
	lava) PKGS+=("${LAVA_PKGS[@]}") ;;
	*) echo "deps: unknown package group $group" >&2; exit 2 ;;
	esac
done

# One dpkg-query for all of them (this runs before every make target)
# (a package of another architecture, gpiod:arm64, by name and architecture)
installed=" $(dpkg-query -W -f '${Package} ${Architecture} ${Status}\n' "${PKGS[@]}" 2>/dev/null |
	awk '$3 == "install" && $4 == "ok" && $5 == "installed" { printf "%s %s:%s ", $1, $1, $2 }' ||
	true)"
missing=()
for p in "${PKGS[@]}"; do
	[[ "$installed" == *" $p "* ]] || missing+=("$p")
done

[ ${#missing[@]} -eq 0 ] && exit 0

line="apt-get install -y --no-install-recommends ${missing[*]}"
# Packages of another architecture (gpiod:arm64) need it in dpkg first
arch=
for p in "${missing[@]}"; do
	if [[ "$p" == *:* ]] && ! dpkg --print-foreign-architectures | grep -qx "${p#*:}"; then
		arch=${p#*:}
	fi
done
if [ -n "$check" ]; then
	echo "missing packages: ${missing[*]}" >&2
	exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "missing Debian packages; as root run:" >&2
	echo "  ${arch:+dpkg --add-architecture $arch && }apt-get update && $line" >&2
	exit 1
fi
echo "deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
[ -z "$arch" ] || dpkg --add-architecture "$arch"
apt-get update -q >&2
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends "${missing[@]}" >&2

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The kernel a boot uses, named by KERNEL (one variable everywhere):
#
#   vsoc, debug	the project's builds ($VSOC_CACHE/out/NAME, scripts/kernel.sh)
#   debian	Debian's own arm64 kernel, linux-image-6.12-arm64 (configured
#		by Debian, not by the project): the package the meta-package
#		depends on, fetched with apt-get download into
#		$VSOC_CACHE/debs/ and unpacked into $VSOC_CACHE/debian/VERSION/
#		(its Image, config and lib/modules, with depmod run there).
#		With TREE=7.3: Debian's 7.3 kernel, the linux-image-7.3.*-arm64
#		that trixie-backports' linux-image-arm64 depends on, through
#		scripts/linux73.sh's private apt list (exit 2 when the suite
#		has none)
#   debian-armhf	Debian's armhf kernel (linux-image-6.12-armmp) on
#		qemu-system-arm's virt (qemu/machine.sh): a 32-bit board's
#		kit only (84-board-kit), the project's initramfs is arm64
#   PATH	a user's Image (gzip-compressed or not), its modules in
#		MODULES=path/to/lib/modules/<version> (optional), its
#		.config in KCONFIG= or found beside it (the kbuild output
#		tree of arch/arm64/boot/Image, or MODULES/build/.config)
#
#   scripts/anykernel.sh env [KERNEL]	shell assignments for lib.sh: KIMAGE
#					(what QEMU's -kernel loads), KCONFIG (its
#					.config, empty when unknown), KMODCPIO (a
#					cpio of its pin controller modules, empty
#					when none), KPROJECT (1 for vsoc and debug),
#					KARCH (arm64, or arm: debian-armhf)
#   scripts/anykernel.sh prepare [KERNEL]	fetch and unpack what env needs
#   scripts/anykernel.sh armhf		Debian's armhf kernel (linux-image-6.12-armmp)
#					for qemu-system-arm; prints its directory
#					(zImage, config)
#
# The modules cpio holds every module of the kernel's drivers/pinctrl/ and
# what each depends on (modules.dep), decompressed, in /lib/modules/vsoc/
# with load.list in load order: guest/modules.c loads them before the
# checks. Nothing of the machine's own apt configuration is changed: the
# .deb comes from the sources apt already has (arm64 is a foreign
# architecture of dpkg since scripts/deps.sh added it for gpiod:arm64).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

DEBS=$CACHE/debs
META=linux-image-6.12-arm64

# The versioned package the meta-package depends on now (empty offline)
debian_pkg() {
	apt-cache show "$META:arm64" 2>/dev/null |
		sed -n 's/^Depends: \([^ ,]*\).*/\1/p' | head -n 1
}

# Debian's kernel unpacked; prints its directory. TREE=7.3: Debian's 7.3
# arm64 kernel of trixie-backports instead (debian73_prepare).
debian_prepare() {
	local pkg deb tmp
	if [ "${TREE:-6.12}" = 7.3 ]; then
		debian73_prepare
		return
	fi
	mkdir -p "$DEBS"
	pkg=$(debian_pkg)
	if [ -n "$pkg" ]; then
		deb=$(ls "$DEBS/${pkg}_"*_arm64.deb 2>/dev/null | tail -n 1 || true)
		if [ -z "$deb" ]; then
			msg "anykernel: apt-get download $pkg:arm64 into $DEBS"
			tmp=$(mktemp -d "$DEBS/dl.XXXXXX")
			chmod 755 "$tmp"
			(cd "$tmp" && apt-get -q download "$pkg:arm64") >"$tmp.log" 2>&1 ||
				{ cat "$tmp.log" >&2; rm -rf "$tmp" "$tmp.log";
				  die "apt-get download $pkg:arm64 failed (apt-get update first?)"; }
			mv "$tmp"/*.deb "$DEBS/"
			rm -rf "$tmp" "$tmp.log"
			deb=$(ls "$DEBS/${pkg}_"*_arm64.deb | tail -n 1)
		fi
	else
		# no index of arm64 packages: the newest one fetched before
		deb=$(ls "$DEBS"/linux-image-6.12.*-arm64_*_arm64.deb 2>/dev/null | sort -V | tail -n 1 || true)
		[ -n "$deb" ] || die "apt knows no $META:arm64 (scripts/deps.sh adds the arm64 architecture; then apt-get update)"
	fi
	debian_unpack "$deb"
}

# Debian's 7.3 arm64 kernel (linux-image-7.3.*-arm64 of trixie-backports,
# what its linux-image-arm64 depends on), fetched by scripts/linux73.sh
# image-debs with the private apt list and state it uses for
# linux-source-7.3: 7.3 splits the kernel into the image package and its
# binary (vmlinuz), modules and base (config) packages, all unpacked
# together. Its exit status (2: the suite has no such package) is kept.
debian73_prepare() {
	local debs rc=0
	debs=$("$TOP/scripts/linux73.sh" image-debs) || rc=$?
	[ "$rc" = 0 ] || exit "$rc"
	# shellcheck disable=SC2086
	debian_unpack $debs
}

# Unpack Debian kernel packages (the image's first) into
# $VSOC_CACHE/debian/<image .deb's name>/: Image, config, the modules'
# directory (lib/modules/VER or, usr-merged, usr/lib/modules/VER) with
# depmod run on it, and the cpio of its pin controller modules
debian_unpack() {
	local deb=$1 dir ver d mods
	dir=$CACHE/debian/$(basename "$deb" _arm64.deb)
	if [ ! -f "$dir/stamp" ]; then
		msg "anykernel: unpacking $(basename "$deb") into $dir"
		rm -rf "$dir"
		mkdir -p "$dir/root"
		for d in "$@"; do dpkg-deb -x "$d" "$dir/root"; done
		for d in "$dir/root" "$dir/root/usr"; do
			[ -d "$d/lib/modules" ] && [ ! -L "$d/lib" ] || continue
			ver=$(ls "$d/lib/modules")
			mods=$d/lib/modules/$ver
			depmod -b "$d" "$ver"
		done
		[ -n "${mods:-}" ] || die "$(basename "$deb"): no lib/modules in its packages"
		if [ -f "$dir/root/boot/vmlinuz-$ver" ]; then
			image_of "$dir/root/boot/vmlinuz-$ver" "$dir/Image"
			cp "$dir/root/boot/config-$ver" "$dir/config"
		else
			image_of "$mods/vmlinuz" "$dir/Image"
			cp "$mods/config" "$dir/config"
		fi
		echo "$mods" >"$dir/modules"
		modules_cpio "$mods" "$dir/modules.cpio"
		touch "$dir/stamp"
	fi
	echo "$dir"
}

# An Image QEMU's -kernel boots: Debian's arm64 vmlinuz is an EFI-stub
# Image already; a gzip-compressed one (Image.gz) is decompressed.
image_of() {
	if [ "$(head -c 2 "$1" | od -An -tx1 | tr -d ' ')" = 1f8b ]; then
		gzip -dc "$1" >"$2.tmp" && mv "$2.tmp" "$2"
	else
		cp "$1" "$2"
	fi
}

# The cpio of a modules directory's pin controller modules ($1) at $2
modules_cpio() {
	local mods=$1 out=$2 stage
	[ -f "$mods/modules.dep" ] ||
		die "$mods has no modules.dep (run depmod -b ROOT VERSION for it)"
	stage=$(mktemp -d)
	mkdir -p "$stage/lib/modules/vsoc"
	# modules.dep: "kernel/a.ko.xz: kernel/b.ko.xz kernel/c.ko.xz", the
	# last to be loaded first; each pinctrl module after what it needs
	awk -F': *' '
		{ dep[$1] = $2; if ($1 ~ /^kernel\/drivers\/pinctrl\//) want[++n] = $1 }
		function add(m,   d, k, i) {
			if (m in seen) return
			seen[m] = 1
			k = split(dep[m], d, " ")
			for (i = k; i >= 1; i--) add(d[i])
			print m
		}
		END { for (i = 1; i <= n; i++) add(want[i]) }' "$mods/modules.dep" |
	while read -r m; do
		local base=${m##*/}
		base=${base%.xz}; base=${base%.zst}; base=${base%.gz}
		case "$m" in
		*.xz) xz -dc "$mods/$m" ;;
		*.zst) zstd -qdc "$mods/$m" ;;
		*.gz) gzip -dc "$mods/$m" ;;
		*) cat "$mods/$m" ;;
		esac >"$stage/lib/modules/vsoc/$base"
		echo "$base" >>"$stage/lib/modules/vsoc/load.list"
	done
	touch "$stage/lib/modules/vsoc/load.list"
	(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) >"$out.tmp"
	mv "$out.tmp" "$out"
	rm -rf "$stage"
}

# A user's kernel: its Image, config and modules under $BUILD/kernels/
user_prepare() {
	local img=$1 dir cfg=${KCONFIG:-} sum
	[ -f "$img" ] || die "KERNEL=$img: no such Image (KERNEL is vsoc, debug, debian or a path)"
	img=$(realpath "$img")
	if [ -z "$cfg" ]; then
		for c in "$(dirname "$img")/../../../.config" "${MODULES:+$MODULES/build/.config}"; do
			[ -n "$c" ] && [ -f "$c" ] && { cfg=$(realpath "$c"); break; }
		done
	fi
	sum=$(printf '%s %s %s' "$img" "${MODULES:-}" "$cfg" | sha256sum | cut -c1-12)
	dir=$BUILD/kernels/$sum
	mkdir -p "$dir"
	if [ ! -f "$dir/Image" ] || [ "$img" -nt "$dir/Image" ]; then
		image_of "$img" "$dir/Image"
	fi
	if [ -n "$cfg" ]; then cp "$cfg" "$dir/config"; else rm -f "$dir/config"; fi
	if [ -n "${MODULES:-}" ]; then
		[ -d "$MODULES" ] || die "MODULES=$MODULES: no such directory"
		if [ ! -f "$dir/modules.cpio" ] || [ "$MODULES/modules.dep" -nt "$dir/modules.cpio" ]; then
			modules_cpio "$(realpath "$MODULES")" "$dir/modules.cpio"
		fi
	else
		rm -f "$dir/modules.cpio"
	fi
	echo "$dir"
}

# Debian's armhf kernel (linux-image-6.12-armmp), for a 32-bit board's kit
# under qemu-system-arm (84-board-kit): armhf is no architecture of the
# machine's dpkg, so apt reads a private list of the suite the machine's
# linux-source-6.12 comes from, state and cache in
# $VSOC_CACHE/apt-armhf; prints the directory with its zImage
armhf_prepare() {
	local A=$CACHE/apt-armhf pkg deb dir
	apt_armhf() {
		"$@" -o Dir::Etc::sourcelist="$A/sources.list" -o Dir::Etc::sourceparts=- \
			-o Dir::Etc::preferencesparts="$A/preferences.d" -o Dir::State="$A/state" \
			-o Dir::State::status="$A/state/status" -o Dir::Cache="$A/cache" \
			-o APT::Architectures::=armhf -o APT::Architecture=armhf \
			-o Acquire::Languages=none -o APT::Sandbox::User=root
	}
	deb=$(ls "$DEBS"/linux-image-6.12.*-armmp_*_armhf.deb 2>/dev/null | sort -V | tail -n 1 || true)
	if [ -z "$deb" ]; then
		mkdir -p "$A/preferences.d" "$A/state/lists/partial" "$A/cache/archives/partial" "$DEBS"
		touch "$A/state/status"
		# the machine's own source of the suite its linux-source-6.12
		# came from: "URL SUITE/main"
		local src
		src=$(apt-cache policy linux-source-6.12 | awk '!f && /^ \*\*\*/ { getline; print $2, $3; f = 1 }')
		[ -n "$src" ] || die "apt knows no source of linux-source-6.12"
		src=${src%/main}
		echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $src main" >"$A/sources.list"
		apt_armhf apt-get -q update >"$A/update.log" 2>&1 ||
			{ cat "$A/update.log" >&2; die "apt-get update of the armhf list failed"; }
		pkg=$(apt_armhf apt-cache show linux-image-6.12-armmp 2>/dev/null |
			sed -n 's/^Depends: \([^ ,]*\).*/\1/p' | head -n 1)
		[ -n "$pkg" ] || die "bookworm-security has no linux-image-6.12-armmp"
		(cd "$DEBS" && apt_armhf apt-get -q download "$pkg") >"$A/download.log" 2>&1 ||
			{ cat "$A/download.log" >&2; die "apt-get download $pkg failed"; }
		deb=$(ls "$DEBS/${pkg}_"*_armhf.deb | tail -n 1)
	fi
	dir=$CACHE/debian/$(basename "$deb" _armhf.deb)
	if [ ! -f "$dir/stamp" ]; then
		rm -rf "$dir"
		mkdir -p "$dir/root"
		dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir/root" --wildcards './boot/*'
		cp "$dir"/root/boot/vmlinuz-* "$dir/zImage"
		cp "$dir"/root/boot/config-* "$dir/config"
		touch "$dir/stamp"
	fi
	echo "$dir"
}

prepare() {
	local k=${1:-${KERNEL:-vsoc}}
	case "$k" in
	vsoc | debug) echo "$CACHE/out/$k" ;;
	debian) debian_prepare ;;
	*) user_prepare "$k" ;;
	esac
}

env_of() {
	local k=${1:-${KERNEL:-vsoc}} dir
	echo "KARCH=arm64"
	case "$k" in
	debian-armhf)
		# for a 32-bit kit only: no project initramfs runs on it
		dir=$(armhf_prepare)
		echo "KIMAGE=$dir/zImage"
		echo "KCONFIG=$dir/config"
		echo "KMODCPIO="
		echo "KPROJECT=0"
		echo "KARCH=arm" ;;
	vsoc | debug)
		echo "KIMAGE=$CACHE/out/$k/arch/arm64/boot/Image"
		echo "KCONFIG=$CACHE/out/$k/.config"
		echo "KMODCPIO="
		echo "KPROJECT=1" ;;
	*)
		dir=$(prepare "$k")
		echo "KIMAGE=$dir/Image"
		[ -f "$dir/config" ] && echo "KCONFIG=$dir/config" || echo "KCONFIG="
		[ -f "$dir/modules.cpio" ] && echo "KMODCPIO=$dir/modules.cpio" || echo "KMODCPIO="
		echo "KPROJECT=0" ;;
	esac
}

cmd=${1:-env}
shift || true
case "$cmd" in
env) env_of "$@" ;;
prepare) prepare "$@" >/dev/null ;;
armhf) armhf_prepare ;;
*) die "unknown command $cmd" ;;
esac

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The mainline side of the kernel series: Debian's linux-source-7.3 from
# trixie-backports, pinned in kernel/mainline/BASE, unpacked into a git tree
# of its own, and the sets of kernel/mainline/<NN-set>/ checked on it. The
# 6.12 product series (kernel/series, scripts/kernel.sh) is not touched.
#
#   scripts/linux73.sh fetch         the pinned .deb into the cache (apt with a
#                                    private sources list and state)
#   scripts/linux73.sh tree          fetch, then unpack into a git tree tagged
#                                    pristine-7.3
#   scripts/linux73.sh check [SET]   every set (or SET): git am on a fresh
#                                    branch of pristine-7.3, checkpatch.pl
#                                    --strict per patch, kernel-doc -none on
#                                    the files it touches
#   scripts/linux73.sh build [SET]   the end state of each set, arm64 W=1 (and
#                                    the arm DTBs of arch/arm device trees),
#                                    the objects of the touched files only,
#                                    niced and under the kernel build lock
#   scripts/linux73.sh export SET    write kernel/mainline/SET/ from branch
#                                    set/SET of the tree (format-patch -n,
#                                    cover letter kept)
#   scripts/linux73.sh dtc           the tree's own dtc and fdtoverlay, built
#                                    into out-7.3/dtc (make rehearse TREE=7.3
#                                    compiles the tree's boards with them)
#   scripts/linux73.sh path          print the tree
#   scripts/linux73.sh subject MAIL  a mail's subject, unfolded, no [PATCH]
#   scripts/linux73.sh latest        what the suite has now (moving the pin)
#   scripts/linux73.sh image-debs    Debian's own 7.3 arm64 kernel of the same
#                                    suite (the linux-image-7.3.*-arm64 that
#                                    linux-image-arm64 depends on, and the
#                                    linux-*-VERSION packages it depends on:
#                                    binary, modules, base) into $VSOC_CACHE/
#                                    debs/; prints their paths (KERNEL=debian
#                                    TREE=7.3, scripts/anykernel.sh); exit 2
#                                    when the suite has no such package
#
# Everything lives in $VSOC_CACHE (apt/, linux-7.3/, out-7.3/). Nothing of
# the machine's own apt configuration is changed: apt reads only the private
# list, and "apt-get update" refreshes only that list's indexes.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

MAIN=$TOP/kernel/mainline
PIN=${LINUX73_BASE:-$MAIN/BASE}	# another pin file, for a trial
APTDIR=$CACHE/apt
DEBS=$CACHE/debs
SRC73=$CACHE/linux-7.3
OUT73=$CACHE/out-7.3

pin() { sed -n "s/^$1 //p" "$PIN"; }
PKG=$(pin package)
VERSION=$(pin version)
SHA256=$(pin sha256)
SUITE=$(pin suite)
[ -n "$PKG" ] && [ -n "$VERSION" ] && [ -n "$SHA256" ] && [ -n "$SUITE" ] ||
	die "$PIN must name package, version, sha256 and suite"
DEB=$DEBS/${PKG}_${VERSION//:/%3a}_all.deb

git73() { git -C "$SRC73" -c core.autocrlf=false -c gc.auto=0 "$@"; }

# The mirror the machine itself uses for its own release (bookworm's main
# archive, not -security or -updates), as apt reads its sources.
mirror() {
	local codename
	codename=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release)
	apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2>/dev/null |
		awk -v c="$codename" '$2 == c { print $1; exit }' | sed 's:/*$::'
}

# apt with only the private list, state and cache: the machine's own
# sources, lists and archives are neither read nor written.
apt_private() {
	local cmd=$1
	shift
	"$cmd" -o Dir::Etc::sourcelist="$APTDIR/sources.list" \
		-o Dir::Etc::sourceparts=- \
		-o Dir::Etc::preferencesparts="$APTDIR/preferences.d" \
		-o Dir::State="$APTDIR/state" \
		-o Dir::State::status="$APTDIR/state/status" \
		-o Dir::Cache="$APTDIR/cache" \
		-o APT::Architectures::=amd64 -o APT::Architectures::=arm64 \
		-o Acquire::Languages=none \
		-o APT::Sandbox::User=root "$@"
}

apt_setup() {
	local url
	url=$(mirror)
	[ -n "$url" ] || url=http://deb.debian.org/debian
	mkdir -p "$APTDIR/preferences.d" "$APTDIR/state/lists/partial" \
		"$APTDIR/cache/archives/partial"
	touch "$APTDIR/state/status"
	echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $url $SUITE main" \
		>"$APTDIR/sources.list"
	msg "linux73: apt-get update of $url $SUITE main (private list)"
	apt_private apt-get -q update >"$APTDIR/update.log" 2>&1 ||
		{ cat "$APTDIR/update.log" >&2; die "apt-get update of $url $SUITE failed"; }
}

# The versions of the package the suite has now, newest first
suite_versions() {
	apt_private apt-cache madison "$PKG" 2>/dev/null | awk -F'|' '{ gsub(/ /, "", $2); print $2 }'
}

fetch() {
	local have tmp
	mkdir -p "$DEBS"
	if [ -f "$DEB" ] && echo "$SHA256  $DEB" | sha256sum -c --status; then
		return 0
	fi
	apt_setup
	have=$(suite_versions)
	if ! grep -qxF -- "$VERSION" <<<"$have"; then
		die "$SUITE no longer has $PKG $VERSION (it has: $(tr '\n' ' ' <<<"$have")); to move the sets, run 'scripts/linux73.sh latest', write its version and sha256 into kernel/mainline/BASE, then 'scripts/linux73.sh check' and refresh the sets that no longer apply"
	fi
	tmp=$(mktemp -d "$DEBS/dl.XXXXXX")
	(cd "$tmp" && apt_private apt-get -q download "$PKG=$VERSION") >"$APTDIR/download.log" 2>&1 ||
		{ cat "$APTDIR/download.log" >&2; rm -rf "$tmp"; die "apt-get download $PKG=$VERSION failed"; }
	if ! echo "$SHA256  $(ls "$tmp"/*.deb)" | sha256sum -c --status; then
		rm -rf "$tmp"
		die "$PKG $VERSION from $SUITE does not have the pinned sha256 $SHA256"
	fi
	mv "$tmp"/*.deb "$DEB"
	rmdir "$tmp"
	msg "linux73: $DEB"
}

latest() {
	local v
	apt_setup
	v=$(suite_versions | head -n 1)
	[ -n "$v" ] || die "$SUITE has no $PKG"
	apt_private apt-cache show "$PKG=$v" | awk -v v="$v" '
		/^SHA256: / { print "version " v; print "sha256 " $2; exit }'
	[ "$v" = "$VERSION" ] && msg "linux73: the pin ($VERSION) is the newest" || true
}

# Debian's 7.3 arm64 kernel from the suite: the versioned package the
# meta-package depends on, split in 7.3 into linux-image-VER-arm64 (empty but
# for its dependencies), linux-binary-VER-arm64 (vmlinuz), linux-modules-VER-
# arm64 and linux-base-VER-arm64 (config); all four, each fetched once.
# Offline (apt-get update fails), the newest set fetched before.
image_debs() {
	local pkg ver deps p deb out=()
	mkdir -p "$DEBS" "$APTDIR"
	# the suite's arm64 index, refreshed once a day (rehearse-all asks once
	# a board)
	if grep -qs " $SUITE main\$" "$APTDIR/sources.list" &&
		[ -n "$(find "$APTDIR/state/lists" -name "*${SUITE}_main_binary-arm64_Packages*" -mtime -1 2>/dev/null)" ]; then
		:
	elif ! (apt_setup) 2>"$APTDIR/setup.err"; then
		deb=$(ls "$DEBS"/linux-image-7.3.*-arm64_*_arm64.deb 2>/dev/null | sort -V | tail -n 1 || true)
		[ -n "$deb" ] || { cat "$APTDIR/setup.err" >&2; die "no apt index of $SUITE and no linux-image-7.3.*-arm64 fetched before"; }
		ver=${deb##*/}; ver=${ver#*_}; ver=${ver%_arm64.deb}
		ls "$DEBS"/linux-*-7.3.*-arm64_"${ver}"_arm64.deb
		return 0
	fi
	pkg=$(apt_private apt-cache show linux-image-arm64:arm64 2>/dev/null |
		sed -n 's/^Depends: //p' | head -n 1 | tr ',' '\n' |
		sed -n 's/^ *\(linux-image-7\.3\.[^ ]*-arm64\) .*/\1/p' | head -n 1)
	if [ -z "$pkg" ]; then
		printf '%s: error: %s has no linux-image-7.3.*-arm64 (its linux-image-arm64 depends on: %s)\n' \
			"${0##*/}" "$SUITE" "$(apt_private apt-cache show linux-image-arm64:arm64 2>/dev/null |
			sed -n 's/^Depends: //p' | head -n 1)" >&2
		exit 2
	fi
	ver=$(apt_private apt-cache show "$pkg:arm64" | sed -n 's/^Version: //p' | head -n 1)
	# the image and its linux-*-<same kernel>-arm64 dependencies
	deps=$(apt_private apt-cache show "$pkg:arm64" | sed -n 's/^Depends: //p' | head -n 1 |
		tr ',|' '\n\n' | awk -v k="${pkg#linux-image-}" '
			{ n = $1; sub(/^linux-[a-z]+-/, "", n) }
			$1 ~ /^linux-[a-z]+-/ && n == k { print $1 }')
	for p in "$pkg" $deps; do
		deb=$DEBS/${p}_${ver//:/%3a}_arm64.deb
		if [ ! -f "$deb" ]; then
			msg "linux73: apt-get download $p:arm64=$ver ($SUITE) into $DEBS"
			(cd "$DEBS" && apt_private apt-get -q download "$p:arm64=$ver") >"$APTDIR/download.log" 2>&1 ||
				{ cat "$APTDIR/download.log" >&2; die "apt-get download $p:arm64=$ver failed"; }
		fi
		out+=("$deb")
	done
	printf '%s\n' "${out[@]}"
}

# Unpack the pinned package into a git repository: one commit, the tarball as
# shipped, tag pristine-7.3 (as scripts/kernel.sh tree does for 6.12).
tree() {
	local stamp=$SRC73/.git/vsoc-pkg-version
	if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$VERSION $SHA256" ]; then
		return 0
	fi
	fetch
	msg "linux73: unpacking $PKG $VERSION into $SRC73"
	rm -rf "$SRC73"
	mkdir -p "$SRC73"
	dpkg-deb --fsys-tarfile "$DEB" |
		tar -xO "./usr/src/$PKG.tar.xz" |
		tar -xJ -C "$SRC73" --strip-components=1
	git73 init -q
	git73 config user.name "vsoc build"
	git73 config user.email "vsoc-build@localhost"
	# no background gc on a loaded machine; the tree is rebuilt, not kept
	git73 config gc.auto 0
	git73 add -A -f
	GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' GIT_COMMITTER_DATE='2026-01-01T00:00:00Z' \
		git73 commit -q -m "$PKG $VERSION as shipped by Debian"
	git73 tag -f pristine-7.3 >/dev/null
	echo "$VERSION $SHA256" >"$stamp"
}

sets() {
	local s
	if [ $# -gt 0 ]; then
		for s in "$@"; do
			s=${s%/}
			[ -d "$MAIN/${s##*/}" ] || die "no set kernel/mainline/${s##*/}"
			echo "${s##*/}"
		done
	else
		(cd "$MAIN" && ls -d [0-9][0-9]-*/ | sed 's:/$::')
	fi
}

# The mails of set $1 without its cover letter, in order
mails() {
	local m
	for m in "$MAIN/$1"/0*.patch; do
		[ "${m##*/}" = 0000-cover-letter.patch ] || echo "$m"
	done
}

# The files of the set's patches that kernel-doc reads (C sources, headers)
touched() {
	git73 diff --name-only --diff-filter=AM pristine-7.3 "check/$1" -- '*.c' '*.h'
}

passes=0 fails=0
ok() { passes=$((passes + 1)); printf 'ok   %s\n' "$*"; }
bad() { fails=$((fails + 1)); printf 'FAIL %s\n' "$*"; }

# checkpatch's verdict on one mail, nothing when clean. UNKNOWN_COMMIT_ID is
# left out: the tree is a tarball without history, where no commit id of a
# Fixes: tag resolves (each one the sets carry was checked against the
# list archive, see docs/kernel-series.md)
#
# A fix for stable whose cover letter says why it has no Fixes: tag (a line
# 'No Fixes: "<subject>": <why>') is not held to MISSING_FIXES_TAG: where
# no single commit introduced the bug, or its id could not be verified, a
# justified absence is better than a made-up id.
checkpatch() {
	local ignore=FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID
	if grep -qF "No Fixes: \"$(subject "$1")\"" "${1%/*}/0000-cover-letter.patch" 2>/dev/null; then
		ignore=$ignore,MISSING_FIXES_TAG
	fi
	(cd "$SRC73" && perl scripts/checkpatch.pl --strict --no-tree --quiet \
		--ignore "$ignore" "$1") 2>&1 || true
}

# The subject of mail $1 without its [PATCH n/m] prefix, unfolded
subject() {
	awk '/^Subject: / { s = $0; on = 1; next }
		on && /^[ \t]/ { s = s $0; next }
		on { exit }
		END { sub(/^Subject: (\[[^]]*\] )?/, "", s); gsub(/[ \t]+/, " ", s); print s }' "$1"
}

check_set() {
	local set=$1 m out f n=0 target
	target=$(cat "$MAIN/$set/TARGET" 2>/dev/null || true)
	[[ $target == *" 7.3" ]] && ok "$set: TARGET \"$target\"" ||
		bad "$set: TARGET is \"$target\", not \"<tree> 7.3\""
	[ -s "$MAIN/$set/0000-cover-letter.patch" ] && ok "$set: cover letter" ||
		bad "$set: no 0000-cover-letter.patch"
	git73 checkout -q --detach pristine-7.3
	git73 branch -f "check/$set" pristine-7.3 >/dev/null
	git73 checkout -q "check/$set"
	# shellcheck disable=SC2046
	if git73 -c user.name=check -c user.email=check@localhost am -q --whitespace=error-all \
		$(mails "$set") >"$OUT73/$set.am.log" 2>&1; then
		n=$(mails "$set" | wc -l)
		ok "$set: $n patches git am on pristine-7.3"
	else
		git73 am --abort >/dev/null 2>&1 || true
		bad "$set: git am on pristine-7.3 failed: $(head -n 3 "$OUT73/$set.am.log" | tr '\n' ' ')"
		return 0
	fi
	for m in $(mails "$set"); do
		out=$(checkpatch "$m")
		if [ -z "$out" ]; then
			ok "$set: checkpatch --strict clean: ${m##*/}"
		else
			bad "$set: checkpatch --strict ${m##*/}: $(grep -E '^(ERROR|WARNING|CHECK)' <<<"$out" | head -n 3 | tr '\n' ' ')"
			printf '%s\n' "$out" >"$OUT73/$set.${m##*/}.checkpatch"
		fi
	done
	for f in $(touched "$set"); do
		kdoc_new "$f" >"$OUT73/kdoc.new"
		if [ ! -s "$OUT73/kdoc.new" ]; then
			ok "$set: kernel-doc -none -Wall: no warning the set adds to $f"
		else
			bad "$set: kernel-doc $f: $(head -n 2 "$OUT73/kdoc.new" | tr '\n' ' ')"
		fi
	done
}

# The kernel-doc -Wall warnings of file $1 on the current branch that the
# pristine file does not have (line numbers left out of the comparison)
kdoc_new() {
	local f=$1 d=$OUT73/kdoc
	rm -rf "$d"
	mkdir -p "$d/old/${f%/*}"
	git73 show "pristine-7.3:$f" >"$d/old/$f" 2>/dev/null || true
	(cd "$SRC73" && ./scripts/kernel-doc -none -Wall "$f" 2>&1 || true) |
		sed -E 's/:[0-9]+ / /' | sort >"$d/new.txt"
	if [ -s "$d/old/$f" ]; then
		(cd "$d/old" && "$SRC73/scripts/kernel-doc" -none -Wall "$f" 2>&1 || true) |
			sed -E 's/:[0-9]+ / /' | sort >"$d/old.txt"
	else
		: >"$d/old.txt"
	fi
	comm -23 "$d/new.txt" "$d/old.txt"
}

check() {
	local s
	tree
	mkdir -p "$OUT73"
	for s in $(sets "$@"); do
		check_set "$s"
	done
	git73 checkout -q --detach pristine-7.3
	echo "$passes passed, $fails failed"
	[ "$fails" = 0 ]
}

# One kernel build at a time on this machine: the lock of scripts/kernel.sh
build_lock() {
	exec 9>"${VSOC_BUILD_LOCK:-/tmp/vsoc-kernel-build.lock}"
	if ! flock -n 9; then
		msg "linux73: waiting for another kernel build to finish"
		flock 9
	fi
}

# check, build and export switch the branch of the one 7.3 checkout: one
# of them at a time on the machine (another session's waits)
tree_lock() {
	exec 8>"$CACHE/linux-7.3.lock"
	if ! flock -n 8; then
		msg "linux73: waiting for another check or build of the 7.3 tree"
		flock 8
	fi
}

kmake73() {
	nice -n 19 make -C "$SRC73" O="$OUT73/build" ARCH=arm64 CROSS_COMPILE="$CROSS" \
		CC="ccache ${CROSS}gcc" HOSTCC="ccache gcc" -j"$JOBS" "$@"
}

# The 32-bit ARM DTBs of the sets' arch/arm device trees: an output tree of
# its own, multi_v7_defconfig (a DTB target builds whatever the config)
CROSS_ARM=${CROSS_ARM:-arm-linux-gnueabihf-}
kmake73_arm() {
	nice -n 19 make -C "$SRC73" O="$OUT73/build-arm" ARCH=arm CROSS_COMPILE="$CROSS_ARM" \
		CC="ccache ${CROSS_ARM}gcc" HOSTCC="ccache gcc" -j"$JOBS" "$@"
}

# The end state of each set, W=1: defconfig plus the drivers the sets touch,
# then only the objects of the C files a set changes, and the DTBs of the
# device trees it changes (with CHECK_DTBS when dt-schema is there): a whole
# Image is not needed to see a warning in a file a set changes. Only
# warnings in the set's own files count, and only those pristine-7.3 does
# not give for the same targets.
build() {
	local s objs dtbs dtbs_arm all built warn f log files check_dtbs='' schema_note
	tree
	mkdir -p "$OUT73/build"
	schema_note=$(dtschema_note)
	[ -n "$schema_note" ] || check_dtbs=CHECK_DTBS=y
	build_lock
	for s in $(sets "$@"); do
		git73 rev-parse -q --verify "check/$s" >/dev/null ||
			{ check "$s" >/dev/null || true; }
		git73 checkout -q "check/$s"
		log=$OUT73/$s.build.log
		: >"$log"
		[ -f "$OUT73/build/.config" ] || kmake73 defconfig >"$log" 2>&1
		# the symbols of what the sets touch, again on every run: a set
		# may add one (KUnit tests), which olddefconfig keeps only on
		# the tree that has it
		"$SRC73/scripts/config" --file "$OUT73/build/.config" \
			-e COMPILE_TEST -e PINCTRL_SINGLE -e PINCTRL_IMX8MM \
			-e REGMAP_MMIO -e DEBUG_FS -e GPIOLIB -e OF \
			-e PINCTRL_SM4450 -e PINCTRL_NPCM7XX \
			-e PINCTRL_NPCM8XX -e PINCTRL_WPCM450 \
			-e KUNIT -e PINCTRL_PINMUX_KUNIT_TEST \
			-e CONFIGFS_FS -e PINCTRL_SIM
		kmake73 olddefconfig >>"$log" 2>&1
		objs=$(touched "$s" | sed -n 's/\.c$/.o/p' | tr '\n' ' ')
		dtbs=$(dtbs_of "$s" arm64 | tr '\n' ' ')
		dtbs_arm=$(dtbs_of "$s" arm | tr '\n' ' ')
		files=$(git73 diff --name-only pristine-7.3 "check/$s" | tr '\n' '|')
		files=${files%|}
		[ -n "$objs$dtbs$dtbs_arm" ] || { ok "$s: nothing to build"; continue; }
		all="$dtbs$dtbs_arm"
		[ -z "$all" ] || files="$files|$(tr ' ' '|' <<<"${all% }")"
		if [ -n "$dtbs_arm" ] && [ ! -f "$OUT73/build-arm/.config" ]; then
			mkdir -p "$OUT73/build-arm"
			kmake73_arm multi_v7_defconfig >>"$log" 2>&1
		fi
		built=yes
		# shellcheck disable=SC2086
		# (make without a target would build everything)
		{ [ -z "$objs" ] || kmake73 W=1 $objs >>"$log" 2>&1; } &&
		{ [ -z "$dtbs" ] || kmake73 W=1 $check_dtbs $dtbs >>"$log" 2>&1; } &&
		{ [ -z "$dtbs_arm" ] || kmake73_arm W=1 $check_dtbs $dtbs_arm >>"$log" 2>&1; } ||
			built=" failed"
		warn=$(new_warnings "$s" "$log" "$files" "$objs" "$dtbs" "$dtbs_arm")
		if [ "$built" = yes ] && [ -z "$warn" ]; then
			dtbs=$all
			ok "$s: W=1 build without warnings the set adds: $objs$dtbs${dtbs:+${check_dtbs:+ (dt-schema checked)}${schema_note:+ ($schema_note)}}"
		else
			[ "$built" = yes ] && built=""
			bad "$s: W=1 build$built: $(head -n 3 <<<"$warn" | tr '\n' ' ') (see $log)"
		fi
	done
	git73 checkout -q --detach pristine-7.3
	echo "$passes passed, $fails failed"
	[ "$fails" = 0 ]
}

# Why the DTBs are not checked against the bindings, nothing if they are:
# CHECK_DTBS needs dt-schema at least at the tree's minimum version.
dtschema_note() {
	local have min
	have=$(dt-validate --version 2>/dev/null || true)
	min=$(sed -n 's/^DT_SCHEMA_MIN_VERSION = //p' \
		"$SRC73/Documentation/devicetree/bindings/Makefile")
	if [ -z "$have" ]; then
		echo "no dt-schema: bindings not checked"
	elif [ "$(printf '%s\n' "$min" "$have" | sort -V | head -n 1)" != "$min" ]; then
		echo "dt-schema $have is older than 7.3's minimum $min: bindings not checked"
	fi
}

# The warnings and errors of build log $1 about the files of regex $2. W=1
# runs scripts/misc-check, which lists every tracked file that a .gitignore
# ignores: in Debian's tree (its top .gitignore ignores everything) that
# is every file, not a warning about the set.
build_warnings() {
	grep -iE 'warning|error' "$1" | grep -v 'ignored by one of the .gitignore files' |
		grep -E "$2" || true
}

# The warnings of build log $2 (set $1, files regex $3) that the same
# targets ($4 objects, $5 arm64 DTBs, $6 arm DTBs) do not give on
# pristine-7.3, positions left out of the comparison: a DTB of a board file
# the set touches has the W=1 warnings of the rest of the file too. The
# pristine build runs only when the set's build has warnings.
new_warnings() {
	local s=$1 log=$2 files=$3 objs=$4 dtbs=$5 dtbs_arm=$6 plog=$OUT73/$1.pristine.log
	local strip='s/:[0-9]+(\.[0-9]+)?(-[0-9]+(\.[0-9]+)?)?:/:/g'
	build_warnings "$log" "$files" | sed -E "$strip" | sort -u >"$OUT73/$s.warn.new"
	[ -s "$OUT73/$s.warn.new" ] || return 0
	: >"$plog"
	git73 checkout -q --detach pristine-7.3
	# shellcheck disable=SC2086
	{ [ -z "$objs" ] || kmake73 W=1 $objs >>"$plog" 2>&1; }
	# shellcheck disable=SC2086
	{ [ -z "$dtbs" ] || kmake73 W=1 $dtbs >>"$plog" 2>&1; }
	# shellcheck disable=SC2086
	{ [ -z "$dtbs_arm" ] || kmake73_arm W=1 $dtbs_arm >>"$plog" 2>&1; }
	git73 checkout -q "check/$s"
	build_warnings "$plog" "$files" | sed -E "$strip" | sort -u >"$OUT73/$s.warn.old"
	comm -23 "$OUT73/$s.warn.new" "$OUT73/$s.warn.old"
}

# The DTBs of architecture $2 (arm64 or arm) built from the device tree
# files that set $1 changes: a .dts itself, and every .dts that includes a
# changed .dtsi, directly or through other .dtsi files of its directory
dtbs_of() {
	local root=arch/$2/boot/dts f g dir base seen=' '
	local -a todo
	mapfile -t todo < <(git73 diff --name-only pristine-7.3 "check/$1" -- "$root/*")
	while [ ${#todo[@]} -gt 0 ]; do
		f=${todo[0]}
		todo=("${todo[@]:1}")
		case $seen in *" $f "*) continue ;; esac
		seen="$seen$f "
		dir=${f%/*}
		base=${f##*/}
		case $base in
		*.dts) f=${f#"$root"/}; echo "${f%.dts}.dtb" ;;
		*.dtsi)
			for g in $(grep -l "#include \"$base\"" "$SRC73/$dir"/*.dts \
				"$SRC73/$dir"/*.dtsi 2>/dev/null); do
				todo+=("${g#"$SRC73"/}")
			done ;;
		esac
	done | sort -u
}

# The tree's dtc and fdtoverlay (scripts_dtc of an allnoconfig), for
# compiling its boards as kbuild does: out-7.3/dtc/scripts/dtc/
dtc73() {
	local o=$OUT73/dtc
	tree
	[ -x "$o/scripts/dtc/dtc" ] && [ -x "$o/scripts/dtc/fdtoverlay" ] && return 0
	build_lock
	mkdir -p "$o"
	msg "linux73: building the tree's dtc into $o"
	if ! { nice -n 19 make -C "$SRC73" O="$o" ARCH=arm64 HOSTCC="ccache gcc" allnoconfig &&
	       nice -n 19 make -C "$SRC73" O="$o" ARCH=arm64 HOSTCC="ccache gcc" -j"$JOBS" scripts_dtc; } \
		>"$o.log" 2>&1; then
		tail -n 5 "$o.log" >&2
		die "building the 7.3 tree's dtc failed (see $o.log)"
	fi
}

# Write kernel/mainline/SET/ from branch set/SET of the tree (pristine-7.3..):
# the mails of git format-patch -n with a cover letter. The cover letter's
# subject, its prefix ("PATCH", "RFC PATCH"), text and To:/Cc: headers are
# kept from the set's present 0000-cover-letter.patch (a new set:
# $COVER_SUBJECT, $COVER_TEXT file, $COVER_TO, $COVER_CC, $COVER_PREFIX).
export_set() {
	local set=$1 dir=$MAIN/$1 tmp cover args=() a
	git73 rev-parse -q --verify "set/$set" >/dev/null || die "no branch set/$set in $SRC73"
	tmp=$(mktemp -d)
	cover=$dir/0000-cover-letter.patch
	if [ -f "$cover" ]; then
		python3 - "$cover" "$tmp" <<-'EOF'
		import sys, re
		s = open(sys.argv[1]).read()
		head, body = s.split("\n\n", 1)
		head = re.sub(r"\n[ \t]+", " ", head)
		m = re.search(r"^Subject: \[([^]]*)\] (.*)$", head, re.M)
		subj = m.group(2)
		prefix = re.sub(r" *\d+/\d+$", "", m.group(1)) or "PATCH"
		hdr = dict(to=[], cc=[])
		for k in ("To", "Cc"):
		    for m in re.finditer(r"^%s: (.*)$" % k, head, re.M):
		        hdr[k.lower()] += [a.strip() for a in m.group(1).split(",") if a.strip()]
		text = re.split(r"\n\n[^\n]+ \(\d+\):\n", body)[0]
		open(sys.argv[2] + "/subject", "w").write(subj + "\n")
		open(sys.argv[2] + "/prefix", "w").write(prefix + "\n")
		open(sys.argv[2] + "/text", "w").write(text.strip() + "\n")
		open(sys.argv[2] + "/to", "w").write("".join(a + "\n" for a in hdr["to"]))
		open(sys.argv[2] + "/cc", "w").write("".join(a + "\n" for a in hdr["cc"]))
		EOF
	else
		[ -n "${COVER_SUBJECT:-}" ] && [ -f "${COVER_TEXT:-}" ] ||
			die "a new set needs COVER_SUBJECT and a COVER_TEXT file"
		echo "$COVER_SUBJECT" >"$tmp/subject"
		echo "${COVER_PREFIX:-PATCH}" >"$tmp/prefix"
		cp "$COVER_TEXT" "$tmp/text"
		tr ',' '\n' <<<"${COVER_TO:-}" >"$tmp/to"
		tr ',' '\n' <<<"${COVER_CC:-}" >"$tmp/cc"
	fi
	while read -r a; do [ -z "$a" ] || args+=("--to=$a"); done <"$tmp/to"
	while read -r a; do [ -z "$a" ] || args+=("--cc=$a"); done <"$tmp/cc"
	mkdir -p "$dir"
	rm -f "$dir"/0*.patch
	git73 -c core.abbrev=12 -c diff.noprefix=false format-patch -q -n --cover-letter \
		--no-signature --subject-prefix="$(cat "$tmp/prefix")" "${args[@]}" \
		-o "$dir" "pristine-7.3..set/$set"
	# the cover letter's date: the last commit's, so that exporting an
	# unchanged set changes nothing
	python3 - "$cover" "$tmp/subject" "$tmp/text" \
		"$(git73 log -1 --format=%aD "set/$set")" <<-'EOF'
	import sys, re
	cover, subj, text, date = sys.argv[1:]
	s = open(cover).read()
	s = re.sub(r"^Date: .*$", "Date: " + date, s, count=1, flags=re.M)
	s = s.replace("*** SUBJECT HERE ***", open(subj).read().strip())
	s = s.replace("*** BLURB HERE ***", open(text).read().strip())
	open(cover, "w").write(s)
	EOF
	rm -rf "$tmp"
	msg "linux73: kernel/mainline/$set: $(mails "$set" | wc -l) patches and a cover letter"
}

cmd=${1:-check}
shift || true
case "$cmd" in
fetch) fetch ;;
tree) tree ;;
check) tree_lock; check "$@" ;;
build) tree_lock; build "$@" ;;
path) echo "$SRC73" ;;
dtc) dtc73; echo "$OUT73/dtc/scripts/dtc" ;;
subject) subject "$1" ;;
export) [ $# -gt 0 ] || die "export SET..."; tree_lock
	for s in "$@"; do export_set "${s%/}"; done ;;
latest) latest ;;
image-debs) image_debs ;;
*) die "unknown command $cmd" ;;
esac

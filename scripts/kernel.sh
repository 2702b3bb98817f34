#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The kernel side of the project: a pristine tree from Debian's
# linux-source-6.12 in the cache, the series of kernel/ on top of it, and
# builds of the QEMU image from a Kconfig fragment.
#
#   scripts/kernel.sh tree            unpack and commit the pristine baseline
#   scripts/kernel.sh apply           (re)build branch "vsoc" from kernel/series
#   scripts/kernel.sh build [CONFIG]  apply, configure, build Image (CONFIG:
#                                     vsoc (default) or debug)
#   scripts/kernel.sh series DIR      write the series with a cover letter
#   scripts/kernel.sh export [REF]    rewrite kernel/series, kernel/patches
#                                     and kernel/src from branch "vsoc"
#                                     (rebuilt first) or from commit REF of
#                                     the tree (pristine..REF); into
#                                     $VSOC_EXPORT_DIR instead if set
#   scripts/kernel.sh path [CONFIG]   print the tree, and the build directory
#   scripts/kernel.sh kunit [ARGS]    the pinctrl KUnit suites through the
#                                     kernel's own kunit.py, arm64 on QEMU:
#                                     drivers/pinctrl/.kunitconfig (the core
#                                     and the generic parser) plus the VSOC
#                                     driver's suites; ARGS go to kunit.py
#
# The tree is $CACHE/linux: a git repository whose tag "pristine" is the
# package as shipped and whose branch "vsoc" is pristine plus kernel/series.
# Only files that differ between two applications are rewritten, so make
# rebuilds only what an edit under kernel/ changed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

KDIR=$TOP/kernel
SRC=$CACHE/linux
TARBALL=/usr/src/linux-source-6.12.tar.xz

git_src() { git -C "$SRC" -c core.autocrlf=false -c gc.auto=0 "$@"; }

# The copy to edit of a file the series adds: a binding's source is under
# bindings/ at the top of the repository, every other file under kernel/src/.
DT_BINDINGS=Documentation/devicetree/bindings
src_of() {
	case "$1" in
	"$DT_BINDINGS"/*) echo "$TOP/bindings/${1#"$DT_BINDINGS"/}" ;;
	*) echo "$KDIR/src/$1" ;;
	esac
}

tree() {
	local ver stamp
	ver=$(linux_pkg_version)
	[ -n "$ver" ] && [ -f "$TARBALL" ] ||
		die "linux-source-6.12 is not installed (run scripts/deps.sh)"
	stamp=$SRC/.git/vsoc-pkg-version
	if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$ver" ]; then
		return 0
	fi
	msg "kernel: unpacking linux-source-6.12 $ver into $SRC"
	rm -rf "$SRC"
	mkdir -p "$SRC"
	tar -xJf "$TARBALL" -C "$SRC" --strip-components=1
	git_src init -q
	git_src config user.name "vsoc build"
	git_src config user.email "vsoc-build@localhost"
	# Debian's top-level .gitignore ignores everything: force.
	git_src add -A -f
	GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' GIT_COMMITTER_DATE='2026-01-01T00:00:00Z' \
		git_src commit -q -m "linux-source-6.12 $ver as shipped by Debian"
	git_src tag -f pristine >/dev/null
	git_src checkout -q -b vsoc
	echo "$ver" >"$stamp"
}

# Build the commits of kernel/series on top of "pristine" without touching
# the work tree, then move the work tree to them. Each line of kernel/series
# names a patch in kernel/patches/, a whole git format-patch mail, followed
# by the new files the commit adds. Those are taken from kernel/src/, the
# copy to edit, rather than from the patch: the patch's diff of them is
# skipped, and "export" writes it again from the result.
apply() {
	local index parent line patch files f blob tree commit tmp excl
	tree
	tmp=$(mktemp -d)
	index=$SRC/.git/vsoc-index
	rm -f "$index"
	export GIT_INDEX_FILE=$index
	git_src read-tree pristine
	parent=$(git_src rev-parse pristine)
	while read -r line; do
		line=${line%%#*}
		[ -n "${line// /}" ] || continue
		read -r patch files <<<"$line"
		[ -f "$KDIR/patches/$patch" ] || die "kernel/series: no kernel/patches/$patch"
		excl=()
		for f in $files; do
			excl+=("--exclude=$f")
		done
		if grep -q '^diff --git ' "$KDIR/patches/$patch"; then
			git_src apply --cached "${excl[@]}" "$KDIR/patches/$patch" ||
				die "kernel/patches/$patch does not apply"
		fi
		for f in $files; do
			[ -f "$(src_of "$f")" ] || die "kernel/series: no $(src_of "$f")"
			blob=$(git_src hash-object -w "$(src_of "$f")")
			git_src update-index --add --cacheinfo "100644,$blob,$f"
		done
		tree=$(git_src write-tree)
		git_src mailinfo -b "$tmp/msg" "$tmp/diff" \
			<"$KDIR/patches/$patch" >"$tmp/info"
		commit=$( {
			sed -n 's/^Subject: //p' "$tmp/info"
			echo
			cat "$tmp/msg"
		} | GIT_AUTHOR_NAME=$(sed -n 's/^Author: //p' "$tmp/info") \
		    GIT_AUTHOR_EMAIL=$(sed -n 's/^Email: //p' "$tmp/info") \
		    GIT_AUTHOR_DATE=$(sed -n 's/^Date: //p' "$tmp/info") \
		    GIT_COMMITTER_NAME=$(sed -n 's/^Author: //p' "$tmp/info") \
		    GIT_COMMITTER_EMAIL=$(sed -n 's/^Email: //p' "$tmp/info") \
		    GIT_COMMITTER_DATE=$(sed -n 's/^Date: //p' "$tmp/info") \
		    git_src commit-tree "$tree" -p "$parent")
		parent=$commit
	done <"$KDIR/series"
	unset GIT_INDEX_FILE
	rm -f "$index"
	rm -rf "$tmp"
	# HEAD may be another branch with these very commits (one edited
	# and exported from): vsoc is still moved to them.
	if [ "$(git_src rev-parse HEAD)" != "$parent" ] ||
	   [ "$(git_src symbolic-ref -q HEAD)" != refs/heads/vsoc ]; then
		git_src update-ref refs/heads/vsoc "$parent"
		git_src symbolic-ref HEAD refs/heads/vsoc
		# Rewrites only the files whose content changed.
		git_src reset -q --hard vsoc
	fi
}

kmake() {
	local out=$1
	shift
	make -C "$SRC" O="$out" ARCH=arm64 CROSS_COMPILE="$CROSS" \
		CC="ccache ${CROSS}gcc" HOSTCC="ccache gcc" -j"$JOBS" "$@"
}

# The fragment of a configuration: vsoc.config and core-kunit.config, plus
# <name>.config for others.
fragments() {
	local name=$1
	echo "$KDIR/configs/vsoc.config"
	echo "$KDIR/configs/core-kunit.config"
	[ "$name" = vsoc ] || echo "$KDIR/configs/$name.config"
}

configure() {
	local name=$1 out=$2 frag sum bad
	frag=$out/vsoc.fragment
	mkdir -p "$out"
	# shellcheck disable=SC2046
	cat $(fragments "$name") >"$frag.new"
	sum=$( (cat "$frag.new"; git_src rev-parse HEAD) | sha256sum)
	if [ -f "$out/.config" ] && [ -f "$out/vsoc.stamp" ] &&
	   [ "$(cat "$out/vsoc.stamp")" = "$sum" ]; then
		rm -f "$frag.new"
		return 0
	fi
	mv "$frag.new" "$frag"
	msg "kernel: configuring $name (allnoconfig + fragment)"
	kmake "$out" KCONFIG_ALLCONFIG="$frag" allnoconfig >"$out/config.log" 2>&1 ||
		{ cat "$out/config.log" >&2; die "configuration failed"; }
	# Every symbol the fragment sets must have that value in the result.
	bad=$(awk '
		FNR == NR {
			if ($0 ~ /^CONFIG_[A-Za-z0-9_]+=/) {
				k = $0; sub(/=.*/, "", k); want[k] = $0
			} else if ($0 ~ /^# CONFIG_[A-Za-z0-9_]+ is not set/) {
				want[$2] = $2 "=n"
			}
			next
		}
		/^CONFIG_/ { k = $0; sub(/=.*/, "", k); have[k] = $0 }
		END {
			for (k in want) {
				h = (k in have) ? have[k] : k "=n"
				if (h != want[k]) print want[k] " -> " h
			}
		}' "$frag" "$out/.config")
	[ -z "$bad" ] || die "Kconfig fragment not honoured:
$bad"
	echo "$sum" >"$out/vsoc.stamp"
}

# Everything a build of configuration $1 is made from: the package's
# version, the series with its patches and files, the Kconfig fragments, the
# compiler and this script.
inputs() {
	{
		linux_pkg_version
		"${CROSS}gcc" --version | head -n 1
		cat "${BASH_SOURCE[0]}" "$KDIR/series" $(fragments "$1")
		find "$KDIR/patches" "$KDIR/src" "$TOP/bindings" -type f -print0 | sort -z |
			xargs -0 cat
	} | sha256sum | cut -d' ' -f1
}

# One kernel build at a time on this machine (2 cores), whichever checkout
# or cache asks for it: held until the script exits.
build_lock() {
	exec 9>"${VSOC_BUILD_LOCK:-/tmp/vsoc-kernel-build.lock}"
	if ! flock -n 9; then
		msg "kernel: waiting for another kernel build to finish"
		flock 9
	fi
}

build() {
	local name=${1:-vsoc} out sum
	out=$CACHE/out/$name
	# Built from the same inputs: done. Applying the series and a kbuild
	# run that finds nothing to do take several seconds of every make run.
	sum=$(inputs "$name")
	if [ -f "$out/arch/arm64/boot/Image" ] && [ -f "$out/vsoc.built" ] &&
	   [ "$(cat "$out/vsoc.built")" = "$sum" ]; then
		msg "kernel: $name is up to date ($out)"
		return 0
	fi
	rm -f "$out/vsoc.built"
	build_lock
	apply
	configure "$name" "$out"
	msg "kernel: building $name in $out"
	if ! kmake "$out" Image >"$out/build.log" 2>&1; then
		grep -E 'error|Error' "$out/build.log" | head -40 >&2
		die "kernel build failed, see $out/build.log"
	fi
	grep -E '(warning|error):' "$out/build.log" >&2 || true
	echo "$sum" >"$out/vsoc.built"
}

series() {
	local dir=$1 cover
	apply
	rm -rf "$dir"
	mkdir -p "$dir"
	git_src format-patch -q --cover-letter --base=pristine -o "$dir" pristine..vsoc
	# Fill the cover letter from kernel/cover-letter.txt: first line the
	# subject, the rest the body.
	cover=$(ls "$dir"/0000-cover-letter.patch)
	if [ -f "$KDIR/cover-letter.txt" ]; then
		python3 - "$cover" "$KDIR/cover-letter.txt" <<-'EOF'
		import sys
		cover, text = sys.argv[1], open(sys.argv[2]).read().split("\n", 1)
		s = open(cover).read()
		s = s.replace("*** SUBJECT HERE ***", text[0].strip())
		s = s.replace("*** BLURB HERE ***", text[1].strip())
		open(cover, "w").write(s)
		EOF
	fi
	ls "$dir"
}

# Write kernel/ from the commits pristine..REF of the tree (default: branch
# vsoc, rebuilt from kernel/ first, which makes the patches exactly what
# format-patch gives for the built branch: order, index lines, new files).
# kernel/patches gets one format-patch mail per commit, kernel/src every
# file a commit adds (as of that commit; a binding goes to bindings/ at the
# top, or to $VSOC_EXPORT_DIR/bindings), kernel/series the order. Exporting
# what apply built changes nothing (tests/cases/40-series.sh checks it).
export_series() {
	local ref=${1:-} out=${VSOC_EXPORT_DIR:-$KDIR} tmp c i=0 mail name added f series bdir
	if [ -z "$ref" ]; then
		apply
		ref=vsoc
	fi
	git_src rev-parse -q --verify "$ref^{commit}" >/dev/null ||
		die "export: no commit $ref in $SRC"
	tmp=$(mktemp -d)
	# Fixed abbreviation, no numbers in subjects, no commit ids: the mail
	# of a commit does not depend on the repository or on the series length.
	git_src -c core.abbrev=12 -c diff.noprefix=false format-patch -q \
		--zero-commit -N --filename-max-length=100 -o "$tmp/mails" \
		"pristine..$ref"
	mkdir -p "$tmp/patches" "$tmp/src"
	series=$tmp/series
	cat >"$series" <<-'EOF'
	# The kernel series, in order: one commit per line, written by
	# "scripts/kernel.sh export". The first word is the commit's mail in
	# kernel/patches/ (git format-patch); the rest are the files the commit
	# adds, whose copy in kernel/src/ (a binding's: in bindings/) is the one
	# to edit (apply takes them from there). scripts/kernel.sh builds branch
	# "vsoc" from it.
	EOF
	# format-patch numbers the mails in commit order (0001-...): the i-th
	# mail is the i-th commit. (Not "ls | head", which under pipefail
	# fails when ls gets SIGPIPE.)
	local mails=("$tmp"/mails/*.patch)
	for c in $(git_src rev-list --reverse "pristine..$ref"); do
		mail=$(basename "${mails[$i]}")
		i=$((i + 1))
		name=$(tr '[:upper:]' '[:lower:]' <<<"$mail")
		mv "$tmp/mails/$mail" "$tmp/patches/$name"
		added=$(git_src diff-tree --no-commit-id --name-only -r \
			--diff-filter=A "$c" | LC_ALL=C sort)
		echo "$name" $added >>"$series"
		for f in $added; do
			mkdir -p "$tmp/src/$(dirname "$f")"
			git_src show "$c:$f" >"$tmp/src/$f"
		done
	done
	mkdir -p "$out"
	rm -rf "$out/patches" "$out/src"
	mv "$tmp/patches" "$out/patches"
	if [ -d "$tmp/src/$DT_BINDINGS" ]; then
		bdir=$TOP/bindings
		[ -z "${VSOC_EXPORT_DIR:-}" ] || bdir=$out/bindings
		(cd "$tmp/src/$DT_BINDINGS" && find . -type f) | while read -r f; do
			mkdir -p "$(dirname "$bdir/$f")"
			mv "$tmp/src/$DT_BINDINGS/$f" "$bdir/$f"
		done
		rm -rf "${tmp:?}/src/Documentation"
	fi
	mv "$tmp/src" "$out/src"
	mv "$series" "$out/series"
	rm -rf "$tmp"
	msg "kernel: exported $i commits of $ref to $out"
}

# kunit.py run --arch arm64 in the tree, its own build directory in the
# cache; the build counts as a kernel build (the lock)
kunit() {
	apply
	build_lock
	cd "$SRC"
	python3 tools/testing/kunit/kunit.py run --arch arm64 \
		--cross_compile "$CROSS" --jobs "$JOBS" \
		--build_dir "$CACHE/out/kunit-arm64" \
		--kunitconfig drivers/pinctrl \
		--kconfig_add CONFIG_PINCTRL_VSOC=y \
		--kconfig_add CONFIG_PINCTRL_VSOC_KUNIT_TEST=y "$@"
}

cmd=${1:-build}
shift || true
case "$cmd" in
tree) tree ;;
apply) apply ;;
build) build "$@" ;;
series) series "${1:-$BUILD/series}" ;;
export) export_series "$@" ;;
path) echo "$SRC"; echo "$CACHE/out/${1:-vsoc}" ;;
kunit) kunit "$@" ;;
make) name=$1; shift; build_lock; kmake "$CACHE/out/$name" "$@" ;;
*) die "unknown command $cmd" ;;
esac

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
# The repository as a newcomer reads it (boots nothing):
#  - README's "Layout" table against git ls-files: every tracked top-level
#    file and directory has a row (or, for a directory described by rows of
#    its parts, each tracked part of it has one), and every path a row names
#    is tracked;
#  - the test list of docs/testing.md (its "Cases" section): each case of
#    tests/cases/ once, in numeric order, and nothing else;
#  - README.md at most 200 lines: the front page, the rest is in docs/;
#  - no tracked source or page over 700 lines but the driver and the
#    patches;
#  - bench/README.md without words of the project's tracker;
#  - bench/tbprof.c loads into Debian's QEMU and refuses a plugin API other
#    than the one its declarations are taken from.
. "$(dirname "$0")/../lib.sh"

cd "$TOP" || exit 1
work=$BUILD/tests/repo
rm -rf "$work"
mkdir -p "$work"

# --- the layout table --------------------------------------------------------
# its rows' first column, one path a line, without backticks
awk '/^## Layout$/ { on = 1; next } /^## / { on = 0 } on && /^\| `/' README.md |
	sed -E 's/^\| `([^`]*)`.*/\1/' >"$work/layout"
git ls-files >"$work/tracked"
if [ "$(wc -l <"$work/layout")" -lt 5 ]; then
	fail layout-table "README.md has no Layout table (## Layout, rows | \`path\` | what |)"
else
	bad=()
	# a listed path must be tracked: a file, or a directory with files
	while read -r p; do
		q=${p%/}
		grep -qxF -- "$q" "$work/tracked" || grep -q "^$q/" "$work/tracked" ||
			bad+=("listed but not tracked: $p")
	done <"$work/layout"
	# covered PATH: a row is PATH, or PATH is below a row
	covered() {
		local p r
		while read -r r; do
			r=${r%/}
			[ "$1" = "$r" ] || [[ $1 == "$r"/* ]] && return 0
		done <"$work/layout"
		return 1
	}
	# rows below PATH: PATH is described by its parts
	has_parts() { grep -q "^$1/" "$work/layout"; }
	while read -r top; do
		if covered "$top"; then
			continue
		elif has_parts "$top"; then
			while read -r part; do
				covered "$part" || bad+=("tracked, no row: $part/ (in $top/)")
			done < <(grep "^$top/" "$work/tracked" | cut -d/ -f1-2 | sort -u)
		else
			bad+=("tracked, no row: $top")
		fi
	done < <(cut -d/ -f1 "$work/tracked" | sort -u)
	if [ ${#bad[@]} = 0 ]; then
		pass "layout: README's Layout table covers the $(cut -d/ -f1 "$work/tracked" |
			sort -u | wc -l) tracked top-level entries, its $(wc -l <"$work/layout") paths tracked"
	else
		fail layout-table "$(printf '%s; ' "${bad[@]}")"
	fi
fi

# --- the test list -----------------------------------------------------------
awk '/^## Cases$/ { on = 1; next } /^## / { on = 0 } on' docs/testing.md |
	sed -nE 's/^- `([0-9][0-9]-[a-z0-9-]+)`.*/\1/p' >"$work/listed"
(cd tests/cases && ls -- *.sh | sed 's/\.sh$//' | LC_ALL=C sort) >"$work/cases"
if [ ! -s "$work/listed" ]; then
	fail test-list "docs/testing.md's Cases section lists no case (- \`NN-name\`: ...)"
elif ! diff -u "$work/cases" "$work/listed" >"$work/list.diff"; then
	fail test-list "docs/testing.md's test list is not tests/cases/ once each in order: $(grep '^[-+][0-9]' "$work/list.diff" | tr '\n' ' ')"
else
	pass "test list: docs/testing.md lists the $(wc -l <"$work/cases") cases of tests/cases/ once each, in order"
fi

# --- sizes -------------------------------------------------------------------
# README.md is the front page: what the project is and the commands; the
# rest belongs in docs/, one page per topic.
n=$(wc -l <README.md)
if [ "$n" -le 200 ]; then
	pass "readme: README.md has $n lines (at most 200)"
else
	fail readme-size "README.md has $n lines, more than 200: move the rest to docs/"
fi
# Left out: the driver (kernel/src), the exported patches, and pictures.
big=$(git ls-files | grep -vE '^(kernel/src/drivers/pinctrl/pinctrl-vsoc\.c|kernel/(patches|mainline/[^/]*)/.*\.patch|docs/.*\.png)$' |
	while read -r f; do
		n=$(wc -l <"$f")
		[ "$n" -ge 700 ] && echo "$f ($n)"
	done)
if [ -z "$big" ]; then
	pass "sizes: every tracked source and page under 700 lines (but the driver, the patches)"
else
	fail sizes "700 lines or more: $(tr '\n' ' ' <<<"$big")"
fi

# --- bench/README.md ----------------------------------------------------------
words=$(grep -niwE 'issues?|items?|tracker|ticket' bench/README.md)
if [ -z "$words" ]; then
	pass "bench/README.md: no tracker words"
else
	fail bench-readme "tracker words: $(tr '\n' ' ' <<<"$words")"
fi

# --- bench/tbprof.c ------------------------------------------------------------
# A host that loads it as QEMU does and offers API (cur, min); it stubs the
# two registrations qemu_plugin_install() makes.
cat >"$work/host.c" <<'EOF'
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
	const char *target_name;
	struct { int min, cur; } version;
	_Bool system_emulation;
	union { struct { int smp_vcpus, max_vcpus; } system; };
} info_t;

void qemu_plugin_register_vcpu_tb_trans_cb(uint64_t id, void *cb) { (void)id, (void)cb; }
void qemu_plugin_register_atexit_cb(uint64_t id, void *cb, void *u) { (void)id, (void)cb, (void)u; }

int main(int argc, char **argv)
{
	info_t info = { "aarch64", { atoi(argv[3]), atoi(argv[2]) }, 1, { { 1, 1 } } };
	char *args[] = { "out=/dev/null" };
	void *h = dlopen(argv[1], RTLD_LAZY);
	int (*install)(uint64_t, const info_t *, int, char **);
	int *version;

	if (argc != 4 || !h)
		return 2;
	version = dlsym(h, "qemu_plugin_version");
	install = (int (*)(uint64_t, const info_t *, int, char **))dlsym(h, "qemu_plugin_install");
	if (!version || !install)
		return 2;
	printf("version %d install %d\n", *version, install(1, &info, 1, args));
	return 0;
}
EOF
tb=$work/tbprof.so
if ! gcc -shared -fPIC -O2 -Wall -Wextra -Werror -o "$tb" bench/tbprof.c 2>"$work/cc.log" ||
   ! gcc -O2 -Wall -Wextra -rdynamic -o "$work/host" "$work/host.c" -ldl 2>>"$work/cc.log"; then
	fail tbprof-build "$(head -n 3 "$work/cc.log")"
else
	# tbprof_api NAME CUR MIN WANT-INSTALL WANT-STDERR-PATTERN
	tbprof_api() {
		local out err
		out=$("$work/host" "$tb" "$2" "$3" 2>"$work/err")
		err=$(cat "$work/err")
		if [ "$out" = "version 1 install $4" ] && grep -q -- "$5" <<<"$err"; then
			pass "tbprof: $1: install returns $4${err:+ ($err)}"
		else
			fail "tbprof-$1" "got '$out', stderr '$err'"
		fi
	}
	tbprof_api "QEMU with API 1" 1 0 0 '^$'
	tbprof_api "QEMU with API 2, still taking 1" 2 1 -1 'written for QEMU.s plugin API 1 (QEMU 7.2), this QEMU offers API 2 (oldest it takes: 1): not loaded'
	tbprof_api "QEMU with API 4 only" 4 4 -1 'this QEMU offers API 4 (oldest it takes: 4): not loaded'
	# Debian's QEMU loads it, runs nothing (-S) and quits: its atexit writes out=
	rm -f "$work/tbprof.txt"
	echo q | timeout 30 qemu-system-aarch64 -M virt -nic none -display none -monitor stdio -S \
		-plugin "$tb,out=$work/tbprof.txt" >/dev/null 2>"$work/qemu.err"
	rc=$?
	if [ $rc = 0 ] && [ -f "$work/tbprof.txt" ] && [ ! -s "$work/qemu.err" ]; then
		pass "tbprof: $(qemu-system-aarch64 --version | head -n 1) loads it"
	else
		fail tbprof-qemu "exit $rc, $(head -n 2 "$work/qemu.err")"
	fi
fi
finish

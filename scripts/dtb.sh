#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Compile a board the kernel's way: the C preprocessor with the SoC include
# directory (dts/) and the dt-bindings headers, then the kernel's own dtc
# (scripts/dtc, built with the image) with all its warnings on: any warning
# is an error. Boards are compiled with -@ (symbols) so overlays apply.
#
#   scripts/dtb.sh BOARD OUT.dtb
#   scripts/dtb.sh --list		every board and board variant, one a line
#
# BOARD is a name under boards/ ("vsoc-evb"), a path to a .dts anywhere, or
# a board variant: boards/<base>-<addon>.dtso, an overlay for the board
# <base> (the longest board name that prefixes it), which is compiled too
# and applied to the base board's DTB with fdtoverlay ("vsoc-evb-display").
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# Board variants: name of the overlay -> its base board, or nothing.
variant_base() {
	local v=$1 b base=
	for b in "$TOP"/boards/*.dts; do
		b=$(basename "$b" .dts)
		case "$v" in "$b"-?*) [ ${#b} -gt ${#base} ] && base=$b ;; esac
	done
	echo "$base"
}

if [ "${1:-}" = --list ]; then
	for f in "$TOP"/boards/*.dts "$TOP"/boards/*.dtso; do
		[ -f "$f" ] || continue
		case "$f" in
		*.dts) basename "$f" .dts ;;
		*) v=$(basename "$f" .dtso)
		   [ -n "$(variant_base "$v")" ] || die "$f: no board is a prefix of $v"
		   echo "$v" ;;
		esac
	done
	exit 0
fi

[ $# -eq 2 ] || die "usage: scripts/dtb.sh BOARD OUT.dtb | --list"
board=$1 out=$2
ksrc=$CACHE/linux
[ -d "$ksrc/scripts/dtc/include-prefixes" ] ||
	die "kernel tree missing in $ksrc (run make kernel)"

dtc=$CACHE/out/vsoc/scripts/dtc/dtc
[ -x "$dtc" ] || die "the kernel's dtc is missing: $dtc (run make kernel)"
# The kernel's fdtoverlay (built with its dtc), else Debian's.
fdtoverlay=$CACHE/out/vsoc/scripts/dtc/fdtoverlay
[ -x "$fdtoverlay" ] || fdtoverlay=$(command -v fdtoverlay) ||
	die "no fdtoverlay (run scripts/deps.sh)"

# compile SRC OUT: preprocess and dtc, warnings are errors
compile() {
	local src=$1 out=$2 pre=$2.pre.dts warn
	gcc -E -nostdinc -undef -D__DTS__ -x assembler-with-cpp \
		-I "$(dirname "$src")" -I "$TOP/dts" \
		-I "$TOP/kernel/src/include" \
		-I "$ksrc/scripts/dtc/include-prefixes" \
		-o "$pre" "$src"
	warn=$("$dtc" -I dts -O dtb -@ -i "$(dirname "$src")" -i "$TOP/dts" \
		-o "$out" "$pre" 2>&1) || { echo "$warn" >&2; rm -f "$out"; die "dtc failed on $src"; }
	if [ -n "$warn" ]; then
		echo "$warn" >&2
		rm -f "$out"
		die "dtc warnings in $src"
	fi
	rm -f "$pre"
}

mkdir -p "$(dirname "$out")"
case "$board" in
*/* | *.dts) compile "$board" "$out"; exit 0 ;;
esac
if [ -f "$TOP/boards/$board.dts" ]; then
	compile "$TOP/boards/$board.dts" "$out"
	exit 0
fi
dtso=$TOP/boards/$board.dtso
[ -f "$dtso" ] || die "no board file $TOP/boards/$board.dts (nor a variant $dtso)"
base=$(variant_base "$board")
[ -n "$base" ] || die "$dtso: no board under boards/ is a prefix of $board"
# The base board and the overlay next to OUT (OUT's name + .base.dtb and
# .dtbo), then the merged DTB.
compile "$TOP/boards/$base.dts" "$out.base.dtb"
compile "$dtso" "${out%.dtb}.dtbo"
"$fdtoverlay" -i "$out.base.dtb" -o "$out" "${out%.dtb}.dtbo" ||
	{ rm -f "$out"; die "fdtoverlay could not apply $dtso to $base"; }
rm -f "$out.base.dtb"

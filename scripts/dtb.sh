#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Compile a board the kernel's way: the C preprocessor with the SoC include
# directory (dts/) and the dt-bindings headers, then the kernel's own dtc
# (scripts/dtc, built with the image) with all its warnings on: any warning
# is an error.
#
#   scripts/dtb.sh BOARD OUT.dtb
#
# BOARD is a name under boards/ ("vsoc-evb") or a path to a .dts anywhere.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: scripts/dtb.sh BOARD OUT.dtb"
board=$1 out=$2
case "$board" in
*/* | *.dts) src=$board ;;
*) src=$TOP/boards/$board.dts ;;
esac
[ -f "$src" ] || die "no board file $src"
ksrc=$CACHE/linux
[ -d "$ksrc/scripts/dtc/include-prefixes" ] ||
	die "kernel tree missing in $ksrc (run make kernel)"

dtc=$CACHE/out/vsoc/scripts/dtc/dtc
[ -x "$dtc" ] || die "the kernel's dtc is missing: $dtc (run make kernel)"

mkdir -p "$(dirname "$out")"
pre=$out.pre.dts
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

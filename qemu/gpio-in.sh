#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Drive the pads of a running guest from the host: set the GPIO_IN bits of
# the VSOC block (datasheet, sections 2 and 7: the outside world drives
# GPIO_IN, the guest only reads it), and wait for the guest to reach a
# point of its console.
#
#   qemu/gpio-in.sh [--dir DIR] set PIN=0|1...	set or clear pins' GPIO_IN bits
#   qemu/gpio-in.sh [--dir DIR] get PIN		print a pin's GPIO_IN bit
#   qemu/gpio-in.sh [--dir DIR] wait TEXT [SEC]	wait until a console line
#						holds TEXT (default 60 s)
#
# DIR is the run directory of a boot in progress (qemu/run.sh --dir, or
# build/run/NAME; default build/run/vsoc-evb). While QEMU runs, DIR/ram is a
# symbolic link to the guest's RAM file, where the register window starts at
# offset 0x0c000000 (RAM at 0x40000000, window at 0x4c000000). PIN is a
# datasheet name (PG9, PAA3) or a pin number. "wait" fails when the boot
# ends, or the time runs out, before the text appears.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

dir=$BUILD/run/vsoc-evb
if [ "${1:-}" = --dir ]; then
	dir=$2
	shift 2
fi
cmd=${1:-}
shift || true

# The pin number of a datasheet pin name: P, the bank's letter(s), the index
pin_number() {
	local p=$1 bank idx
	if [[ "$p" =~ ^[0-9]+$ ]]; then
		echo "$p"
		return
	fi
	[[ "$p" =~ ^P(A?[A-Z])([0-9]|[12][0-9]|3[01])$ ]] || die "not a pin name: $p"
	bank=${BASH_REMATCH[1]} idx=${BASH_REMATCH[2]}
	if [ ${#bank} -eq 2 ]; then
		bank=$((26 + $(printf '%d' "'${bank:1}") - 65))
		[ "$bank" -le 31 ] || die "not a pin name: $p"
	else
		bank=$(($(printf '%d' "'$bank") - 65))
	fi
	echo $((bank * 32 + idx))
}

ram() {
	[ -e "$dir/ram" ] || die "$dir: no guest running (no $dir/ram)"
	echo "$dir/ram"
}

# Offset of bank b's GPIO_IN in the RAM file
gpio_in_offset() { echo $((VSOC_WINDOW - 0x40000000 + 0x808 + 0x20 * $1)); }

read_word() {
	od -An -t u4 -j "$2" -N 4 --endian=little "$1" | tr -d ' '
}

# Write a 32-bit little-endian word in place
write_word() {
	local v=$3
	printf "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $((v & 255)) \
		$(((v >> 8) & 255)) $(((v >> 16) & 255)) $(((v >> 24) & 255)))" |
		dd of="$1" bs=1 seek="$2" count=4 conv=notrunc status=none
}

case "$cmd" in
set)
	[ $# -gt 0 ] || die "usage: qemu/gpio-in.sh [--dir DIR] set PIN=0|1..."
	f=$(ram)
	for a in "$@"; do
		[[ "$a" =~ ^([A-Z0-9]+)=([01])$ ]] || die "not PIN=0|1: $a"
		pin=$(pin_number "${BASH_REMATCH[1]}") v=${BASH_REMATCH[2]}
		off=$(gpio_in_offset $((pin / 32)))
		word=$(read_word "$f" "$off")
		if [ "$v" = 1 ]; then
			word=$((word | (1 << (pin % 32))))
		else
			word=$((word & ~(1 << (pin % 32)) & 0xffffffff))
		fi
		write_word "$f" "$off" "$word"
	done
	;;
get)
	[ $# -eq 1 ] || die "usage: qemu/gpio-in.sh [--dir DIR] get PIN"
	pin=$(pin_number "$1")
	echo $((($(read_word "$(ram)" "$(gpio_in_offset $((pin / 32)))") >> (pin % 32)) & 1))
	;;
wait)
	[ $# -ge 1 ] || die "usage: qemu/gpio-in.sh [--dir DIR] wait TEXT [SEC]"
	end=$((SECONDS + ${2:-60}))
	# Until the boot began (run.sh makes the link), the console may be
	# the previous run's.
	until [ -e "$dir/ram" ] && grep -qaF -- "$1" "$dir/console.log" 2>/dev/null; do
		if [ -e "$dir/ram" ]; then
			started=1
		elif [ -n "${started:-}" ]; then
			die "$dir: the boot ended before the console said '$1'"
		fi
		[ "$SECONDS" -lt "$end" ] || die "$dir: no '$1' on the console after ${2:-60} s"
		sleep 0.05
	done
	;;
*)
	die "usage: qemu/gpio-in.sh [--dir DIR] set PIN=0|1... | get PIN | wait TEXT [SEC]"
	;;
esac

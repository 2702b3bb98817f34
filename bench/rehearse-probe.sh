#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# What a real driver's states cost, in guest instructions (QEMU -icount
# shift=0: one guest nanosecond per instruction, deterministic): a board
# rehearsed BOOTS times with initcall_debug, and from the console's own
# timestamps (the driver core's "after N usecs" is too coarse here):
#  - the pin controller's probe: from the driver core's or initcall_debug's
#    line before "probe of CTRL returned" to that line (the driver's own
#    messages in between do not count as a start; the device is created and probed in
#    of_platform_default_populate_init, right after the console's UART;
#    the driver's initcall only registers it), hogs included;
#  - the consumers: from "calling simple_pm_bus_driver_init" to its
#    "returned" (the rehearsal's consumers bind there, and the core creates
#    and applies their states);
#  - the time to /init.
# Informational, never fails.
#
#   bench/rehearse-probe.sh [--boots N] [--label L] BOARD
#
# Run it once per kernel to compare, e.g. with and without the core
# patches: VSOC_CACHE=/other/cache bench/rehearse-probe.sh --label no-core
# freescale/imx8mm-evk. Appends to build/bench/rehearse-probe.txt.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

boots=5 label=$(basename "$CACHE")
while [ $# -gt 1 ]; do
	case "$1" in
	--boots) boots=$2; shift 2 ;;
	--label) label=$2; shift 2 ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || die "usage: bench/rehearse-probe.sh [--boots N] [--label L] BOARD"
board=$1
OUT=$BUILD/bench
mkdir -p "$OUT"
dir=$BUILD/rehearse/${board//\//_}

# the rehearsal once: the virt DTB, the windows and a verdict that agrees
"$TOP/scripts/rehearse.sh" --quiet "$board" >/dev/null ||
	die "$board does not rehearse cleanly with $CACHE"
samples=()
for i in $(seq "$boots"); do
	"$TOP/qemu/run.sh" --name "probe-$i" --dir "$OUT/rehearse-probe" \
		--windows "$dir/windows.txt" --append "initcall_debug" \
		--qemu "-icount shift=0,sleep=off" "$dir/virt.dtb" >/dev/null 2>&1 ||
		die "boot $i failed ($OUT/rehearse-probe/console.log)"
	samples+=("$(awk '
		function ts(l) { sub(/^[^[]*\[ */, "", l); sub(/\].*/, "", l); return l * 1000000 }
		{ sub(/\r$/, "") }
		!/^</ { next }	# the kernel log dumped at the end, not the live console
		/ probe of [^ ]*\.(pinctrl|pinmux|iomuxc)[^ ]* returned/ && !drv {
			drv = ts($0) - prev; name = $0
			sub(/.* probe of /, "", name); sub(/ .*/, "", name) }
		/calling  simple_pm_bus_driver_init\+/ { b0 = ts($0) }
		/initcall simple_pm_bus_driver_init\+/ && /returned/ { bus = ts($0) - b0 }
		/Run \/init as init process/ && !t { t = ts($0) }
		/ probe of | calling  | initcall / { prev = ts($0) }
		END { printf "%.0f %.0f %.0f %s\n", drv, bus, t, name }' "$OUT/rehearse-probe/console.log")")
done
printf '%s\n' "${samples[@]}" | sort -n -k3 | awk -v n="$boots" -v b="$board" -v l="$label" '
	{ drv[NR] = $1; bus[NR] = $2; t[NR] = $3; name = $4 }
	END {
		m = int((n + 1) / 2)
		printf "%s, kernel %s: probe of %s %s us, consumers (simple_pm_bus_driver_init) %s us, /init at %s us (median of %d, icount)\n",
			b, l, name, drv[m], bus[m], t[m], n
	}' | tee -a "$OUT/rehearse-probe.txt"
rm -rf "$OUT/rehearse-probe"

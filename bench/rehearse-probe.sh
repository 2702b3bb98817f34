#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# What a real driver's states cost, in guest instructions (QEMU -icount
# shift=0: one guest nanosecond per instruction, deterministic): a board
# rehearsed BOOTS times with initcall_debug; the pin controller driver's
# initcall (its probe, with any hogs), simple-pm-bus's initcall (where the
# rehearsal's consumers bind and the core creates and applies their
# states) and the time to /init. Informational, never fails.
#
#   bench/rehearse-probe.sh [--boots N] [--label L] BOARD [DRIVER_INIT]
#
# DRIVER_INIT is the initcall's name (default imx8mm_pinctrl_driver_init).
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
[ $# -ge 1 ] || die "usage: bench/rehearse-probe.sh [--boots N] [--label L] BOARD [DRIVER_INIT]"
board=$1 init=${2:-imx8mm_pinctrl_driver_init}
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
	samples+=("$(awk -v d="$init" '
		{ sub(/\r$/, "") }
		/initcall / && index($0, "initcall " d "+") && /returned/ {
			for (i = 1; i <= NF; i++) if ($i == "after") drv = $(i + 1) }
		/initcall simple_pm_bus_driver_init\+/ && /returned/ {
			for (i = 1; i <= NF; i++) if ($i == "after") bus = $(i + 1) }
		/Run \/init as init process/ && !t {
			t = $0; sub(/^[^[]*\[ */, "", t); sub(/\].*/, "", t) }
		END { printf "%s %s %.0f\n", drv, bus, t * 1000000 }' "$OUT/rehearse-probe/console.log")")
done
printf '%s\n' "${samples[@]}" | sort -n -k3 | awk -v n="$boots" -v b="$board" -v l="$label" -v d="$init" '
	{ drv[NR] = $1; bus[NR] = $2; t[NR] = $3 }
	END {
		m = int((n + 1) / 2)
		printf "%s, kernel %s: %s %s us, simple_pm_bus_driver_init (consumers) %s us, /init at %s us (median of %d, icount)\n",
			b, l, d, drv[m], bus[m], t[m], n
	}' | tee -a "$OUT/rehearse-probe.txt"
rm -rf "$OUT/rehearse-probe"

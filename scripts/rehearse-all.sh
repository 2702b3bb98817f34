#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Rehearse every board of the chosen families of the tree (TREE=6.12, the
# default, or 7.3: scripts/rehearse.sh; runs in build/rehearse-7.3/), and every
# composite of a base board with tree overlays (the vendor Makefiles'
# "-dtbs" lines), booted $JOBS at a time; then build/rehearse/summary.txt
# and summary.csv (pincheck summary).
#
#   scripts/rehearse-all.sh [FAMILY...]     families (imx k3 sunxi tlmm tlmm-arm rockchip omap
#                                           davinci keystone pxa hisi-arm layerscape hisi
#                                           socfpga agilex stingray stm32 bcm2835
#                                           samsung meson tegra mediatek renesas) or
#                                           groups (pcs arm arm64); default: every
#                                           family. The PMIC families (qcom-pmic,
#                                           qcom-pmic-mpp) ride on tlmm's and tlmm-arm's
#   SEED=N COUNT=M scripts/rehearse-all.sh  a seeded sample of M boards
#   FIX=1 scripts/rehearse-all.sh ...       and a DT patch for each finding
#                                           with one obvious fix, counted and
#                                           checked with git am (fix-summary.txt)
#
# Exit 0 when every board rehearsed agrees.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

rehearse_tree
out=$REHEARSE_OUT
mkdir -p "$out"
list=$out/boards.txt
pincheck boards "$@" >"$list.all"
if [ -n "${COUNT:-}" ]; then
	# the same sample for the same seed
	python3 - "$list.all" "${SEED:-1}" "$COUNT" >"$list" <<-'EOF'
	import random, sys
	lines = open(sys.argv[1]).read().splitlines()
	random.Random(int(sys.argv[2])).shuffle(lines)
	print("\n".join(sorted(lines[:int(sys.argv[3])])))
	EOF
	msg "rehearse-all: $COUNT of $(wc -l <"$list.all") boards, seed ${SEED:-1}"
else
	mv "$list.all" "$list"
fi
rm -f "$list.all"

# the virt machine's DTB once, before the parallel boots
"$TOP/scripts/rehearse.sh" --quiet "$(awk 'NR == 1 { print $2 }' "$list")" >/dev/null 2>&1 || true

# each board's start and end in times.txt (bench/rehearse.sh splits the
# time per family from it)
start=$(date +%s)
: >"$out/times.txt"
awk '{ print $2 }' "$list" |
	xargs -P "$JOBS" -I{} sh -c 's=$(date +%s.%N)
		"$1" --quiet --compact "$2" >/dev/null 2>&1 || true
		echo "$2 $s $(date +%s.%N)" >>"$3"' _ \
		"$TOP/scripts/rehearse.sh" {} "$out/times.txt"
end=$(date +%s)
rc=0
pincheck summary "$out" "$list" || rc=$?
# FIX=1: each board wrote its patches (scripts/rehearse.sh --fix); count
# them, and check each with git am on the tree as shipped
if [ -n "${FIX:-}" ] && [ "${FIX:-}" != 0 ]; then
	pincheck fix --summary "$out" "$list" | tee "$out/fix-summary.txt" || rc=1
fi
msg "rehearse-all: $(wc -l <"$list") boards in $((end - start)) s on $JOBS jobs; $out/summary.txt"
exit "$rc"

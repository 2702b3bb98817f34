#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Throughput of the real-board rehearsal (make bench-rehearse; informational,
# never fails): every i.MX8M and TI K3 board of the tree, overlays included
# (scripts/rehearse-all.sh imx k3), against a peer measured in the same run:
# as many boots of the VSOC evb through the same harness (qemu/run.sh), $JOBS
# at a time, with nothing to compile or check. Writes build/bench/rehearse.txt.
#
#   bench/rehearse.sh [FAMILY...]	default: imx k3
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

fams=("$@")
[ ${#fams[@]} -gt 0 ] || fams=(imx k3)
OUT=$BUILD/bench
mkdir -p "$OUT"
export KSRC=$CACHE/linux
n=$(pincheck boards "${fams[@]}" | wc -l)

# the peer: n harness boots of a board that needs no preparation
"$TOP/scripts/dtb.sh" vsoc-evb "$BUILD/dtb/vsoc-evb.dtb"
t0=$(date +%s.%N)
seq "$n" | xargs -P "$JOBS" -I{} sh -c \
	'"$1" --name "bench-peer-$2" --dir "$3/bench-peer/$2" "$4" >/dev/null 2>&1' _ \
	"$TOP/qemu/run.sh" {} "$BUILD" "$BUILD/dtb/vsoc-evb.dtb"
t1=$(date +%s.%N)
rm -rf "$BUILD/bench-peer"

rc=0
"$TOP/scripts/rehearse-all.sh" "${fams[@]}" >"$OUT/rehearse-all.log" 2>&1 || rc=$?
t2=$(date +%s.%N)

python3 - "$n" "$t0" "$t1" "$t2" "${fams[*]}" "$JOBS" "$BUILD/rehearse/summary.txt" <<-'EOF' |
import sys
n, t0, t1, t2 = int(sys.argv[1]), *map(float, sys.argv[2:5])
fams, jobs, summary = sys.argv[5], sys.argv[6], sys.argv[7]
peer, reh = t1 - t0, t2 - t1
last = open(summary).read().splitlines()[-1]
print("rehearse-all %s: %d boards in %.0f s on %s jobs (%.2f s a board), %s" % (
    fams, n, reh, jobs, reh / n, "target <= 360 s met" if reh <= 360 else "target <= 360 s NOT met"))
print("peer, the same number of harness boots of vsoc-evb: %.0f s (%.2f s a boot)" % (peer, peer / n))
print("rehearsal / peer: %.2f (what compiling, transforming and checking adds)" % (reh / peer))
print("results: " + last)
EOF
tee "$OUT/rehearse.txt"
[ "$rc" -le 1 ] || msg "bench-rehearse: rehearse-all failed ($rc), see $OUT/rehearse-all.log"
exit 0

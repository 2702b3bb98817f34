#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Throughput of the real-board rehearsal (make bench-rehearse; informational,
# never fails): every board of the tree's families, overlays included
# (scripts/rehearse-all.sh), against a peer measured in the same run: $PEER
# boots of the VSOC evb through the same harness (qemu/run.sh), $JOBS at a
# time, with nothing to compile or check. The time is split per family from
# each board's start and end (times.txt of rehearse-all). Writes
# build/bench/rehearse.txt.
#
#   bench/rehearse.sh [FAMILY...]	default: every family
#   PEER=N bench/rehearse.sh		peer boots (default 100)
#   COUNT=M SEED=N bench/rehearse.sh	a seeded sample of M boards, and the
#					whole at its rate
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

OUT=$BUILD/bench
mkdir -p "$OUT"
export KSRC=$CACHE/linux
peer_n=${PEER:-100}
total=$(pincheck boards "$@" | wc -l)

# the peer: harness boots of a board that needs no preparation
"$TOP/scripts/dtb.sh" vsoc-evb "$BUILD/dtb/vsoc-evb.dtb"
t0=$(date +%s.%N)
seq "$peer_n" | xargs -P "$JOBS" -I{} sh -c \
	'"$1" --name "bench-peer-$2" --dir "$3/bench-peer/$2" "$4" >/dev/null 2>&1' _ \
	"$TOP/qemu/run.sh" {} "$BUILD" "$BUILD/dtb/vsoc-evb.dtb"
t1=$(date +%s.%N)
rm -rf "$BUILD/bench-peer"

rc=0
"$TOP/scripts/rehearse-all.sh" "$@" >"$OUT/rehearse-all.log" 2>&1 || rc=$?
t2=$(date +%s.%N)

python3 - "$peer_n" "$t0" "$t1" "$t2" "$JOBS" "$BUILD/rehearse" "$*" "$total" <<-'EOF' |
import collections, sys
peer_n, t0, t1, t2 = int(sys.argv[1]), *map(float, sys.argv[2:5])
jobs, out, fams = int(sys.argv[5]), sys.argv[6], sys.argv[7] or "every family"
total = int(sys.argv[8])
peer, reh = t1 - t0, t2 - t1
family = {}
for line in open(out + "/boards.txt"):
    fam, board = line.split()[:2]
    family[board] = fam
took = collections.defaultdict(float)
count = collections.Counter()
for line in open(out + "/times.txt"):
    board, s, e = line.split()
    took[family.get(board, "?")] += float(e) - float(s)
    count[family.get(board, "?")] += 1
n = sum(count.values())
busy = sum(took.values())
# a sample (COUNT=) or some families: the whole at this rate
whole = reh if n >= total else reh / n * total
print("rehearse-all (%s): %d boards in %.0f s on %d jobs (%.2f s a board)%s; "
      "the whole tree's target, 30 min: %s" % (
          fams, n, reh, jobs, reh / n,
          "" if n >= total else ", a sample of %d: all %d at this rate %.0f s" % (
              n, total, whole),
          ("met" if whole <= 1800 else "NOT met") if fams == "every family"
          else "%.0f s at this rate for 2,000 boards" % (reh / n * 2000)))
print("peer, %d harness boots of vsoc-evb: %.0f s (%.2f s a boot, %.0f s for %d)" % (
    peer_n, peer, peer / peer_n, peer / peer_n * n, n))
print("rehearsal / peer: %.2f (what compiling, transforming and checking add)" % (
    reh / (peer / peer_n * n)))
print("per family: boards, share of the wall time (board-seconds / jobs), s a board")
for fam in sorted(took, key=lambda f: -took[f]):
    print("  %-12s %5d  %6.0f s  %5.2f" % (
        fam, count[fam], reh * took[fam] / busy, took[fam] / count[fam]))
print("results: " + open(out + "/summary.txt").read().splitlines()[-1])
EOF
tee "$OUT/rehearse.txt"
[ "$rc" -le 1 ] || msg "bench-rehearse: rehearse-all failed ($rc), see $OUT/rehearse-all.log"
exit 0

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The seeded subset of make fuzz (scripts/fuzz.sh --quick --seed 14): 120
# distinct boards made by mutating the pin nodes and states of the VSOC
# boards, the test boards, imx8mm-evk and k3-am625-beagleplay, each booted.
# Every boot must end without a kernel report, and every board must verify
# or be refused with a new message naming a DT node and a property (README
# "DT fuzzing"). A board that breaks the rule fails the test, unless its
# class is that of a corpus case of a fault found and not fixed yet
# (tests/corpus/fuzz/, replayed by make fuzz, which fails on it): those are
# counted and named. Then the corpus cases are replayed: each must still
# boot to the end without a report.
. "$(dirname "$0")/../lib.sh"

out=$BUILD/tests/fuzz.out
mkdir -p "$BUILD/tests"
"$TOP/scripts/fuzz.sh" --quick --seed 14 --config "${VSOC_CONFIG:-vsoc}" >"$out" 2>&1
rc=$?
cat "$out" >&2
sum=$(grep -E '^fuzz: seed 14, quick' "$out" || true)
judge=$BUILD/fuzz/quick/judge.txt
if [ -z "$sum" ] || ! [ -f "$judge" ]; then
	fail fuzz "scripts/fuzz.sh did not finish (exit $rc): $(tail -n 1 "$out")"
	finish
	exit
fi
n=$(sed -n 's/.* \([0-9]*\) boards, .*/\1/p' <<<"$sum")
[ "${n:-0}" -ge 120 ] && pass "fuzz-count: $n distinct mutated boards, seed 14" ||
	fail fuzz-count "only ${n:-0} boards: $sum"
reports=$(sed -n 's/.*), \([0-9]*\) with a kernel report.*/\1/p' <<<"$sum")
hung=$(grep -c -E '^[0-9]{4} .* BROKEN .*-- boot: ' "$judge" || true)
if [ "${reports:-1}" = 0 ] && [ "$hung" = 0 ]; then
	pass "fuzz-boots: every boot ended, no oops, WARN, sanitizer or lockdep report"
else
	fail fuzz-boots "$reports boots with a kernel report, $hung boots that failed: $(grep -m1 -E 'BROKEN .*-- boot: ' "$judge")"
fi
new=$(grep -E '^[0-9]{4} .* BROKEN ' "$judge" | grep -v '(known: ' || true)
known=$(grep -c -E '^[0-9]{4} .* BROKEN .*\(known: ' "$judge" || true)
counts=$(grep -m1 -E '^fuzz: seed 14, [0-9]+ boards: ' "$judge" | sed 's/^fuzz: seed 14, //')
if [ -z "$new" ]; then
	pass "fuzz-rule: $counts; $known in the known classes of $(grep -o 'known: tests/corpus/fuzz/[^)]*' "$judge" | sort -u | wc -l) corpus cases (faults not fixed yet)"
else
	while read -r line; do
		fail "fuzz-rule" "case $line"
	done <<<"$new"
fi
# the verdicts the rule accepts must all occur: a judge that lets
# everything through, or refuses everything, is broken itself
for v in verified refused; do
	grep -q -E "^[0-9]{4} .* $v " "$judge" && pass "fuzz-judge: some boards $v" ||
		fail fuzz-judge "no board $v: $counts"
done

# the corpus cases of the faults found: booted again, judged the same way
rout=$BUILD/tests/fuzz-replay.out
"$TOP/scripts/fuzz.sh" --replay --config "${VSOC_CONFIG:-vsoc}" >"$rout" 2>&1
rsum=$(grep -E '^fuzz: seed replay, config' "$rout" || true)
rreports=$(sed -n 's/.*), \([0-9]*\) with a kernel report.*/\1/p' <<<"$rsum")
rboot=$(grep -c -E '^[0-9]{4} .* BROKEN .*-- boot: ' "$BUILD/fuzz/replay/judge.txt" 2>/dev/null || echo 1)
if [ -n "$rsum" ] && [ "$rreports" = 0 ] && [ "$rboot" = 0 ]; then
	pass "fuzz-corpus: the corpus cases boot to the end without a report (${rsum#fuzz: seed replay, })"
else
	fail fuzz-corpus "${rsum:-$(tail -n 1 "$rout")}"
fi
# a case that keeps the rule now was fixed: it belongs in tests/corpus/
# with the expectations of its message (as a known-bad corpus case that
# holds fails there)
fixed=$(python3 - "$BUILD/fuzz/replay" <<'PY' 2>&1
import json, sys
d = sys.argv[1]
cases = {c["id"]: c for c in json.load(open(d + "/cases.json"))["cases"]}
for r in json.load(open(d + "/results.json")):
    if r["verdict"] != "BROKEN":
        print(cases[r["id"]]["ops"][0]["what"], r["verdict"])
PY
)
while read -r f v; do
	[ -n "$f" ] && fail fuzz-corpus "$f keeps the rule now ($v): move it to tests/corpus/ with its expect: lines"
done <<<"$fixed"
finish

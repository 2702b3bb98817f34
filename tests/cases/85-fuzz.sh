#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
# The seeded subset of make fuzz (scripts/fuzz.sh --quick --seed 14): 120
# distinct boards made by mutating the pin nodes and states of the VSOC
# boards, the test boards, imx8mm-evk and k3-am625-beagleplay, each booted.
# Every boot must end without a kernel report, and every board must verify
# or be refused with a new message naming a DT node and a property
# (docs/fuzzing.md). A board that breaks the rule fails the test, unless its
# class is that of a corpus case of a fault found and not fixed yet
# (tests/corpus/fuzz/, replayed by make fuzz, which fails on it): those are
# counted and named (also when the fault is a kernel report). Then the
# corpus cases are replayed: each must still break the rule the way it
# did when it was saved, or the test says what changed.
. "$(dirname "$0")/../lib.sh"

out=$BUILD/tests/fuzz.out
mkdir -p "$BUILD/tests"
"$TOP/scripts/fuzz.sh" --quick --seed 14 --kernel "${KERNEL:-vsoc}" >"$out" 2>&1
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
boots=$(grep -E '^[0-9]{4} .* BROKEN .*-- boot: ' "$judge" || true)
newboots=$(grep -v '(known: ' <<<"$boots" | grep -c . || true)
knownboots=$(grep '(known: ' <<<"$boots" | grep -c . || true)
if [ "$newboots" = 0 ] && [ "$(( ${reports:-1} - knownboots ))" -le 0 ]; then
	extra=
	[ "$knownboots" = 0 ] || extra=", but for $knownboots of a known class (tests/corpus/fuzz)"
	pass "fuzz-boots: every boot ended without an oops, WARN, sanitizer or lockdep report$extra"
else
	fail fuzz-boots "$reports boots with a kernel report, $newboots failed boots of no known class: $(grep -v '(known: ' <<<"$boots" | head -n 1)"
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

# the corpus cases of the faults found: booted again and judged the same
# way. A case with a "known-bad:" line must still break the rule as it did
# when it was saved (its class): one that keeps the rule now was fixed,
# and its known-bad line goes; one that breaks it differently needs a
# look. A case without one is a fault fixed in the series: it must keep
# the rule (verify, or be refused naming node and property), or the fault
# is back.
rout=$BUILD/tests/fuzz-replay.out
"$TOP/scripts/fuzz.sh" --replay --kernel "${KERNEL:-vsoc}" >"$rout" 2>&1
rsum=$(grep -E '^fuzz: seed replay, config' "$rout" || true)
if [ -z "$rsum" ] || ! [ -f "$BUILD/fuzz/replay/results.json" ]; then
	fail fuzz-corpus "scripts/fuzz.sh --replay did not finish: $(tail -n 1 "$rout")"
	finish
	exit
fi
replay=$(python3 - "$BUILD/fuzz/replay/results.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1])):
    if r.get("expect_class") is None:
        if r["verdict"] == "BROKEN":
            print("BACK %s %s" % (r["file"], r.get("class")))
        else:
            print("KEPT %s %s" % (r["file"], r["verdict"]))
    elif r["verdict"] != "BROKEN":
        print("FIXED %s %s" % (r["file"], r["verdict"]))
    elif r.get("class") != r.get("expect_class"):
        print("CHANGED %s %s" % (r["file"], r.get("class")))
    else:
        print("SAME %s %s" % (r["file"], r.get("class")))
PY
)
same=$(grep -c '^SAME ' <<<"$replay" || true)
kept=$(grep -c '^KEPT ' <<<"$replay" || true)
bad=0
while read -r what f rest; do
	case "$what" in
	FIXED) bad=1; fail fuzz-corpus "$f keeps the rule now ($rest): its fault is fixed, drop its known-bad: line" ;;
	CHANGED) bad=1; fail fuzz-corpus "$f breaks the rule differently now: [$rest]" ;;
	BACK) bad=1; fail fuzz-corpus-fixed "$f breaks the rule again, its fault was fixed: [$rest]" ;;
	esac
done <<<"$replay"
[ "$bad" = 1 ] ||
	pass "fuzz-corpus: of $(grep -c . <<<"$replay") corpus cases (tests/corpus/fuzz), $kept of faults fixed keep the rule, $same of faults not fixed still show them"
finish

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Run every test under tests/cases/ (in name order) and count the results.
#
#   tests/run.sh [PATTERN...]	only cases whose file name contains a PATTERN
#   KERNEL=debug tests/run.sh	the cases that declare the debug kernel
#
# A case is an executable that reports one or more results on stdout as
# "PASS <name>", "FAIL <name>: <why>" or "SKIP <name>: <why>" (a package
# it needs is missing; tests/lib.sh has helpers) and exits non-zero if
# anything failed. A case that exits non-zero without reporting a failure
# counts as one failure. The last line is "N passed, N failed" (skips are
# counted on the line before it); the exit status is non-zero on any
# failure.
#
# Each case declares the kernels it boots on in its header, a line
# "# kernels: vsoc debug" or "# kernels: vsoc"; a case runs when it names
# $KERNEL (vsoc by default).
#
# Every run, with or without a PATTERN, also writes the results as JUnit XML
# to build/tests/junit.xml (tests/junit.py): one testcase per result.
#
# Environment: VSOC_TEST_CASES, the directory of cases (tests/cases);
# VSOC_TEST_OUT, where the logs and junit.xml go (build/tests).
set -uo pipefail
cd "$(dirname "$0")/.."

passed=0 failed=0 skipped=0
kernel=${KERNEL:-vsoc}
cases=${VSOC_TEST_CASES:-tests/cases}
logdir=${VSOC_TEST_OUT:-build/tests}
mkdir -p "$logdir"
# The cases that ran, for the JUnit file, written even when interrupted
ran=$logdir/cases.tsv
: >"$ran"
junit() {
	python3 tests/junit.py "$ran" "$logdir/junit.xml" ||
		echo "run.sh: could not write $logdir/junit.xml" >&2
}
trap junit EXIT
trap 'exit 130' INT TERM
for t in "$cases"/*; do
	[ -x "$t" ] || continue
	if [ $# -gt 0 ]; then
		match=
		for p in "$@"; do
			case "$(basename "$t")" in *"$p"*) match=1 ;; esac
		done
		[ -n "$match" ] || continue
	fi
	name=$(basename "$t")
	name=${name%.*}
	kernels=$(sed -n 's/^# kernels: *//p' "$t" | head -n 1)
	if [ -z "$kernels" ]; then
		echo "FAIL $name: no \"# kernels: ...\" line in its header" |
			tee "$logdir/$name.log.out"
		: >"$logdir/$name.log"
		printf '%s\t%s\t1\t0\t%s\t%s\n' "$name" "$t" "$logdir/$name.log.out" \
			"$logdir/$name.log" >>"$ran"
		failed=$((failed + 1))
		continue
	fi
	[[ " $kernels " == *" $kernel "* ]] || continue
	log=$logdir/$name.log
	start=$(date +%s)
	"$t" >"$log.out" 2>"$log" </dev/null
	rc=$?
	p=$(grep -c '^PASS ' "$log.out")
	f=$(grep -c '^FAIL ' "$log.out")
	k=$(grep -c '^SKIP ' "$log.out")
	grep -E '^(PASS|FAIL|SKIP) ' "$log.out" | sed 's/^PASS /ok   /; s/^FAIL /FAIL /'
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "FAIL $name: exited $rc without a result; last lines of $log:"
		tail -n 5 "$log" | sed 's/^/     /'
		f=1
	elif [ "$f" -gt 0 ]; then
		tail -n 5 "$log" | sed 's/^/     /'
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	skipped=$((skipped + k))
	secs=$(($(date +%s) - start))
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$t" "$rc" "$secs" "$log.out" "$log" >>"$ran"
	echo "     ($name: $secs s, log $log)"
done
echo "$skipped skipped"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

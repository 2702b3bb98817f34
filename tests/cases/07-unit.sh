#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
# The host tools' unit tests (pincheck/tests, pytest, no QEMU) with Debian's
# python3: one PASS, FAIL or SKIP line per pytest test, read from pytest's
# JUnit XML, named "unit FILE::TEST" as pytest names it (rerun one with
# python3 -m pytest pincheck/tests/FILE::TEST); and the whole run in under
# 30 s.
. "$(dirname "$0")/../lib.sh"

out=$BUILD/tests/unit
rm -rf "$out"
mkdir -p "$out"
cd "$TOP" || exit 1
# pytest exits 1 when a test fails: the lines below say which. The time
# limit is on the CPU time the run takes (user + system, with its
# children), which a machine busy with other work does not stretch; the
# wall time is said beside it.
TIMEFORMAT='%R %U %S'
times=$( { time timeout 300 python3 -m pytest -q -rA -p no:cacheprovider \
	--junitxml="$out/junit.xml" pincheck/tests >"$out/pytest.log" 2>&1; } 2>&1)
rc=$?
read -r wall user sys <<<"$times"
cpu=$(echo "$user + $sys" | bc)
cat "$out/pytest.log" >&2
if ! [ -s "$out/junit.xml" ]; then
	fail unit "pytest wrote no results (exit $rc): $(tail -n 1 "$out/pytest.log")"
	finish
	exit
fi
python3 - "$out/junit.xml" >"$out/results" <<'EOF_PY'
import sys
import xml.etree.ElementTree as ET

for case in ET.parse(sys.argv[1]).getroot().iter("testcase"):
    # classname pincheck.tests.test_fdt -> test_fdt.py::NAME, pytest's id
    name = "unit %s.py::%s" % (case.get("classname").rsplit(".", 1)[-1], case.get("name"))
    bad = case.find("failure")
    if bad is None:
        bad = case.find("error")
    skip = case.find("skipped")
    if bad is not None:
        why = (bad.get("message") or "").splitlines() or ["failed"]
        print("FAIL %s: %s" % (name, why[0]))
    elif skip is not None:
        print("SKIP %s: %s" % (name, skip.get("message") or "skipped"))
    else:
        print("PASS %s" % name)
EOF_PY
cat "$out/results"
NFAIL=$(grep -c '^FAIL ' "$out/results")
n=$(grep -c . "$out/results")
if [ "$rc" != 0 ] && [ "$NFAIL" = 0 ]; then
	fail unit "pytest exited $rc with no failing test: $(tail -n 1 "$out/pytest.log")"
fi
if [ "$(echo "$cpu < 30" | bc)" = 1 ]; then
	pass "unit-time: $n unit tests in $cpu s of CPU ($wall s wall)"
else
	fail unit-time "$n unit tests took $cpu s of CPU ($wall s wall), not under 30 s"
fi
finish

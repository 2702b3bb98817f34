#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
# tests/run.sh writes JUnit XML: run it on a directory of fake cases (one
# that passes, one that passes and fails, one that exits non-zero without a
# result, one that skips, one for the debug kernel only, one that declares
# no kernel) and read build/tests/junit.xml back with python3's xml.etree:
# counts, names, classnames, the failure and skip messages, escaping; a run
# with a PATTERN writes it too, with only the cases that ran; KERNEL=debug
# runs only the cases that declare it.
. "$(dirname "$0")/../lib.sh"

work=$BUILD/tests/junit
rm -rf "$work"
mkdir -p "$work/cases"
cat >"$work/cases/a-pass.sh" <<'CASE'
#!/bin/sh
# kernels: vsoc
echo "PASS one: <b>bold</b> & \"quoted\""
CASE
cat >"$work/cases/b-fail.sh" <<'CASE'
#!/bin/sh
# kernels: vsoc debug
printf 'PASS colour \033[1mescape\033[0m\n'
echo "some noise on stdout"
echo "FAIL broken: wanted <1> & got \"2\": no"
echo "why it broke" >&2
exit 1
CASE
cat >"$work/cases/c-silent.sh" <<'CASE'
#!/bin/sh
# kernels: vsoc
echo "it died" >&2
exit 3
CASE
cat >"$work/cases/e-skip.sh" <<'CASE'
#!/bin/sh
# kernels: vsoc
echo "SKIP browser: no chromium"
CASE
cat >"$work/cases/f-debug.sh" <<'CASE'
#!/bin/sh
# kernels: debug
echo "PASS debug only"
CASE
printf 'not executable, not a case\n' >"$work/cases/d-notes.txt"
chmod +x "$work/cases/"*.sh
mkdir -p "$work/undeclared"
printf '#!/bin/sh\necho "PASS no header"\n' >"$work/undeclared/x-bare.sh"
chmod +x "$work/undeclared/x-bare.sh"

# check_xml NAME XML EXPECTED-PYTHON: the python expression, over the parsed
# root r and the testcases tc (a list of (classname, name, failure message
# or None)), must be true
check_xml() {
	local name=$1 xml=$2 expr=$3 out
	if out=$(python3 - "$xml" "$expr" 2>&1 <<'PY'
import sys
import xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
tc = []
for c in r.iter("testcase"):
    f = c.find("failure")
    tc.append((c.get("classname"), c.get("name"), None if f is None else f.get("message")))
if not eval(sys.argv[2]):
    sys.exit("not true: %s; testcases: %r; root: %r" % (sys.argv[2], tc, r.attrib))
PY
	); then
		pass "junit: $name"
	else
		fail "junit-$name" "$out"
	fi
}

out=$(VSOC_TEST_CASES=$work/cases VSOC_TEST_OUT=$work/out "$TOP/tests/run.sh" 2>&1)
rc=$?
xml=$work/out/junit.xml
if [ $rc != 0 ] && [ "$(tail -n 2 <<<"$out" | tr '\n' '/')" = "1 skipped/2 passed, 2 failed/" ]; then
	pass "junit: the fake cases run: 1 skipped, 2 passed, 2 failed, exit $rc"
else
	fail junit-run "exit $rc, last lines: $(tail -n 2 <<<"$out" | tr '\n' '/')"
fi
check_xml "junit.xml is well-formed XML with one testsuite per case of the plain kernel" "$xml" \
	'r.tag == "testsuites" and [s.get("name") for s in r] == ["a-pass", "b-fail", "c-silent", "e-skip"]'
check_xml "5 testcases, 2 failures, in the totals and per suite" "$xml" \
	'len(tc) == 5 and r.get("tests") == "5" and r.get("failures") == "2" and [(s.get("tests"), s.get("failures")) for s in r] == [("1", "0"), ("2", "1"), ("1", "1"), ("1", "0")]'
check_xml "a SKIP is a skipped testcase with its reason" "$xml" \
	'r.find("testsuite[@name=\"e-skip\"]/testcase/skipped").get("message") == "no chromium" and r.find("testsuite[@name=\"e-skip\"]").get("skipped") == "1"'
check_xml "a PASS with markup in its name is one testcase, escaped" "$xml" \
	'("a-pass", "one: <b>bold</b> & \"quoted\"", None) in tc'
check_xml "a PASS with terminal escapes still parses" "$xml" \
	'("b-fail", "colour \ufffd[1mescape\ufffd[0m", None) in tc'
check_xml "a FAIL carries the text after its name as the failure message" "$xml" \
	'("b-fail", "broken", "wanted <1> & got \"2\": no") in tc'
check_xml "a case that exits non-zero without a result is one failure" "$xml" \
	'("c-silent", "c-silent", "exited 3 without a result") in tc and "it died" in r.find("testsuite[@name=\"c-silent\"]/testcase/failure").text'
check_xml "a failing case keeps its stderr" "$xml" \
	'"why it broke" in r.find("testsuite[@name=\"b-fail\"]/system-err").text'

out=$(VSOC_TEST_CASES=$work/cases VSOC_TEST_OUT=$work/out "$TOP/tests/run.sh" a-pass 2>&1)
rc=$?
if [ $rc = 0 ] && [ "$(tail -n 1 <<<"$out")" = "1 passed, 0 failed" ]; then
	pass "junit: a run with a PATTERN runs only the matching case"
else
	fail junit-pattern "exit $rc, last line: $(tail -n 1 <<<"$out")"
fi
check_xml "a run with a PATTERN rewrites junit.xml with its own results" "$xml" \
	'len(tc) == 1 and tc[0][0] == "a-pass" and r.get("failures") == "0"'

out=$(KERNEL=debug VSOC_TEST_CASES=$work/cases VSOC_TEST_OUT=$work/out "$TOP/tests/run.sh" 2>&1)
rc=$?
if [ $rc != 0 ] && [ "$(tail -n 1 <<<"$out")" = "2 passed, 1 failed" ]; then
	pass "junit: KERNEL=debug runs the two cases that declare debug: 2 passed, 1 failed"
else
	fail junit-kernel "exit $rc, last line: $(tail -n 1 <<<"$out")"
fi
check_xml "KERNEL=debug: junit.xml has b-fail and f-debug only" "$xml" \
	'[s.get("name") for s in r] == ["b-fail", "f-debug"]'

out=$(VSOC_TEST_CASES=$work/undeclared VSOC_TEST_OUT=$work/out2 "$TOP/tests/run.sh" 2>&1)
rc=$?
if [ $rc != 0 ] && grep -qF 'FAIL x-bare: no "# kernels: ..." line in its header' <<<"$out" &&
   [ "$(tail -n 1 <<<"$out")" = "0 passed, 1 failed" ]; then
	pass "junit: a case that declares no kernel fails, unrun"
	check_xml "a case that declares no kernel is a failing testcase in junit.xml" "$work/out2/junit.xml" \
		'tc == [("x-bare", "x-bare", "no \"# kernels: ...\" line in its header")]'
else
	fail junit-undeclared "exit $rc, output: $(tr '\n' '/' <<<"$out")"
fi
finish

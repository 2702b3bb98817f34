#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc debug
# The KUnit suites of the driver and of the core's generic DT parser, run at
# boot in the test image: every KUnit test (each parameter of a
# parameterised test) counts as one result.
. "$(dirname "$0")/../lib.sh"

dtb=$(board_dtb vsoc-evb) || { fail kunit-dtb "vsoc-evb does not compile"; exit 1; }
# The debug kernel (KASAN, kmemleak, lockdep) runs the suites several
# times slower, and a loaded CI machine slower again: its limit is a
# hang detector, not a figure (the suites' time: docs/measurements.md).
limit=120
[ "${KERNEL:-vsoc}" = debug ] && limit=420
if ! "$TOP/qemu/run.sh" --name kunit --timeout "$limit" --append "kunit.enable=1" "$dtb"; then
	fail kunit-boot "the KUnit image did not boot cleanly"
	exit 1
fi

# KTAP from the console before /init (KUnit runs first), without the time
# stamps; the console has it all, even when the log buffer wrapped
ktap=$BUILD/run/kunit/kunit.ktap
sed -n '/^==== VSOC INIT ====/q; s/\r$//; s/^\[[ 0-9.]*\] //p' \
	"$BUILD/run/kunit/console.log" >"$ktap"

awk '
	function report(ok, name, rest) {
		if (ok && rest !~ /# SKIP/)
			print "PASS kunit: " name
		else
			print "FAIL kunit: " name ": " (ok ? "skipped" : "failed") rest
	}
	/^    # Subtest: / { suite = $3; next }
	/^        # Subtest: / { kase = $3; leaves = 0; next }
	/^        (not )?ok [0-9]+ / {
		ok = $1 == "ok"
		sub(/^ *(not )?ok [0-9]+ /, "")
		rest = ""
		if (match($0, / # .*/)) { rest = substr($0, RSTART); $0 = substr($0, 1, RSTART - 1) }
		report(ok, suite "." kase " " $0, rest)
		leaves++
		next
	}
	/^    (not )?ok [0-9]+ / {
		ok = $1 == "ok"
		name = $3
		rest = ""
		if (match($0, / # .*/)) rest = substr($0, RSTART)
		# a parameterised test was counted by its parameters, unless it
		# died before reporting any
		if (name == kase && leaves > 0) { kase = ""; next }
		report(ok, suite "." name, rest)
		kase = ""
		next
	}
	/^(not )?ok [0-9]+ pinctrl_vsoc/ { suites++ }
	/^(not )?ok [0-9]+ (pinconf_generic_dt|pinctrl_dt)$/ { core++ }
	END {
		if (suites != 4) print "FAIL kunit: expected 4 pinctrl_vsoc suites, found " suites + 0
		if (core != 2) print "FAIL kunit: expected the pinconf_generic_dt and pinctrl_dt suites, found " core + 0
	}
' "$ktap" >"$ktap.results"
cat "$ktap.results"
[ -s "$ktap.results" ] || fail kunit "no KTAP output in the kernel log"
! grep -q '^FAIL' "$ktap.results" && finish

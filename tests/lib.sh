# SPDX-License-Identifier: GPL-2.0
# Helpers for tests/cases/*: source it.

. "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

NFAIL=0

pass() { echo "PASS $1"; }
fail() {
	echo "FAIL $1: $2"
	echo "FAIL $1: $2" >&2
	NFAIL=$((NFAIL + 1))
}
# check NAME CONDITION-COMMAND... : PASS if the command succeeds.
check() {
	local name=$1
	shift
	if "$@" >/dev/null 2>&1; then pass "$name"; else fail "$name" "$*"; fi
}
# skip NAME WHY: the case cannot run here (a package it needs is missing)
skip() { echo "SKIP $1: $2"; }
# needs GROUP NAME: skip NAME and end the case unless scripts/deps.sh's
# optional package group GROUP is installed (make test installs it)
# (GROUP linux73: Debian's linux-source-7.3 of kernel/mainline/BASE,
# fetched and unpacked by scripts/linux73.sh, with the tree's dtc)
needs() {
	local why
	if [ "$1" = linux73 ]; then
		why=$("$TOP/scripts/linux73.sh" dtc 2>&1 >/dev/null) && return 0
		skip "$2" "the 7.3 tree (Debian's linux-source-7.3, kernel/mainline/BASE) cannot be fetched or its dtc built: $(tail -n 1 <<<"$why")"
		exit 0
	fi
	"$TOP/scripts/deps.sh" --check "$1" >/dev/null 2>&1 && return 0
	skip "$2" "the packages of 'scripts/deps.sh $1' are not installed (make test installs them)"
	exit 0
}
finish() { [ "$NFAIL" -eq 0 ]; }

# The text between the begin and end markers of one dump in a console log.
#   dump LOG PHASE PATH
dump() {
	awk -v b="==== VSOC BEGIN $2 $3 ====" -v e="==== VSOC END $2 $3 ====" '
		{ sub(/\r$/, "") }
		$0 == e { on = 0 }
		on { print }
		$0 == b { on = 1 }' "$1"
}

# 32-bit little-endian word at OFFSET of a register dump.
reg32() {
	od -An -t u4 -j "$(($2))" -N 4 --endian=little "$1" | tr -d ' '
}

# Build a board's DTB (name under boards/ or path) into build/dtb/.
board_dtb() {
	local name
	name=$(basename "$1" .dts)
	"$TOP/scripts/dtb.sh" "$1" "$BUILD/dtb/$name.dtb" && echo "$BUILD/dtb/$name.dtb"
}

# --- real boards (scripts/rehearse.sh): 70-rehearse, 73-rehearse-arm32 ---

# NAME DIR RC SUMMARY: the guest's KTAP (console.ktap) is on the console,
# equals the host's (verdict.ktap) and kunit.py parse exits RC with the
# summary "Testing complete. SUMMARY"
check_ktap() {
	local t=$1 d=$2 want_rc=$3 want=$4 parsed rc
	if ! [ -s "$d/console.ktap" ] || [ "$(head -n 1 "$d/console.ktap")" != "KTAP version 1" ]; then
		fail "rehearse-$t-ktap" "no KTAP on the console ($d/console.log)"
		return
	fi
	if diff -q "$d/console.ktap" "$d/verdict.ktap" >/dev/null; then
		pass "rehearse-$t-ktap-host-agrees"
	else
		fail "rehearse-$t-ktap-host-agrees" "guest and host KTAP differ: $(diff "$d/console.ktap" "$d/verdict.ktap" | head -n 4 | tr '\n' ' ')"
	fi
	parsed=$(python3 "$CACHE/linux/tools/testing/kunit/kunit.py" parse <"$d/console.ktap" 2>&1)
	rc=$?
	if [ "$rc" = "$want_rc" ] && grep -Eq "Testing complete\. $want\$" <<<"$parsed"; then
		pass "rehearse-$t-ktap-kunit-parse"
	else
		fail "rehearse-$t-ktap-kunit-parse" "exit $rc: $(grep 'Testing complete' <<<"$parsed")"
	fi
}

# verdict_tests DIR: the tests of DIR's KTAP, a test per pin row and per
# consumer, from DIR/verdict.json read as every reader reads it
# (pincheck/verdict_json.py: its schema and version checked)
verdict_tests() {
	PYTHONPATH=$TOP python3 -c 'import sys
from pincheck import verdict_json
v = verdict_json.load(sys.argv[1])
print(v["counts"]["pins"] + len(v["consumers"]))' "$1/verdict.json" 2>/dev/null
}

# BOARD PINS: scripts/rehearse.sh BOARD boots, agrees everywhere (every
# consumer applied its states, no mismatch, conflict or stray write) and
# checks PINS pins; its console KTAP passes every test and is the host's.
# The callers say where each PINS comes from.
rehearse_ok() {
	local b=$1 pins=$2 d line t rc
	case "$b" in
	*.dts) t=$(basename "$b" .dts) d=$BUILD/rehearse/$t ;;
	*) t=${b#arm64/} d=$BUILD/rehearse/${t//\//_} ;;
	esac
	line=$("$TOP/scripts/rehearse.sh" --quiet "$b" 2>&1)
	rc=$?
	if [ "$rc" != 0 ]; then
		fail "rehearse-$t" "exit status $rc ($(tail -n 3 <<<"$line" | tr '\n' ' '))"
		return
	fi
	case "$line" in
	*": $pins pins checked, 0 mismatches, 0 conflicts, 0 stray writes, 0 bad nodes, 0 consumers failed, 0 states never applied,"*)
		pass "rehearse-$t" ;;
	*) fail "rehearse-$t" "$line" ;;
	esac
	# on the console: a test per pin and per consumer, all passing
	local n
	n=$(verdict_tests "$d")
	check_ktap "$t" "$d" 0 "Ran $n tests: passed: $n"
	[ -s "$d/verdict.json" ] && [ -s "$d/virt.dtb" ] && [ -s "$d/console.log" ] &&
		ls "$d"/win*.bin >/dev/null 2>&1 ||
		fail "rehearse-$t-files" "missing verdict.json, virt.dtb, console.log or windows in $d"
}

# RUN CTL-PATH [N]: the window file of the controller at DT path CTL-PATH in
# the rehearsal directory RUN: its window N (from 0; default the first: its
# first reg entry, its first bank's for STM32, for Rockchip 0 the GRF and 1
# the PMU GRF)
window_of() {
	python3 - "$1" "$2" "${3:-0}" <<-'EOF'
	import json, sys
	for c in json.load(open(sys.argv[1] + "/plan.json"))["controllers"]:
	    if c["path"] == sys.argv[2]:
	        print(sys.argv[1] + "/" + c["windows"][int(sys.argv[3])]["name"] + ".bin")
	EOF
}

# PREFIX NAME BOARD PINS CONSUMERS [NOTREH]: scripts/rehearse.sh BOARD
# boots and every pin of every consumer agrees: PINS pins and CONSUMERS
# consumers with their default state applied (counted by hand from the
# DT), NOTREH "not rehearsed" lines (default 0); the console's KTAP is the
# host's and passes
rehearse_agrees() {
	local p=$1 t=$2 b=$3 pins=$4 ncons=$5 nr=${6:-0} d line rc n
	d=$BUILD/rehearse/${b//\//_}
	line=$("$TOP/scripts/rehearse.sh" --quiet "$b" 2>&1)
	rc=$?
	case "$rc $line" in
	"0 $b: $pins pins checked, 0 mismatches, 0 conflicts, 0 stray writes, 0 bad nodes, 0 consumers failed, 0 states never applied, $nr not rehearsed")
		pass "$p-$t-agrees" ;;
	*) fail "$p-$t-agrees" "exit $rc: $line" ;;
	esac
	[ "$(grep -c '^consumer .*: default applied$' "$d/verdict.txt" 2>/dev/null)" = "$ncons" ] &&
		pass "$p-$t-consumers" ||
		fail "$p-$t-consumers" "want $ncons consumers with default applied: $(grep '^consumer ' "$d/verdict.txt" | tr '\n' ' ')"
	n=$(verdict_tests "$d")
	check_ktap "$p-$t" "$d" 0 "Ran $n tests: passed: $n"
}

# PREFIX NAME WINDOW OFFSET WANT: the 32-bit word the host read at OFFSET
# of the window file WINDOW is WANT (0x%08x)
window_word() {
	local got
	got=$( [ -f "$3" ] && printf '0x%08x' "$(reg32 "$3" "$4")")
	[ "$got" = "$5" ] && pass "$1-$2" || fail "$1-$2" "$(basename "$3")+$4 holds ${got:-nothing}, want $5"
}

# PREFIX NAME DTS PIN CONSUMER CONSUMER-NODE LED-NODE TESTS [KPIN]: the
# board DTS puts /clash-leds on a pin CONSUMER has: exit 1, one CONFLICT
# line for PIN naming both DT paths and pin nodes, /clash-leds FAILED with
# the kernel's claim of KPIN (default PIN), TESTS KTAP tests with one not
# ok, /clash-leds'
rehearse_clash() {
	local p=$1 t=$2 dts=$3 pin=$4 con=$5 cnode=$6 lnode=$7 n=$8 kpin=${9:-$4} d rc
	d=$BUILD/rehearse/$(basename "$dts" .dts)
	"$TOP/scripts/rehearse.sh" --quiet "$dts" >/dev/null 2>&1
	rc=$?
	[ "$rc" = 1 ] && pass "$p-$t-clash-exit" || fail "$p-$t-clash-exit" "exit $rc, want 1"
	if [ "$(grep -c '^CONFLICT ' "$d/verdict.txt" 2>/dev/null)" = 1 ] &&
	   grep -qxF "CONFLICT $pin: muxed by $con ($cnode) and claimed by /clash-leds ($lnode, state default)" "$d/verdict.txt"; then
		pass "$p-$t-clash-conflict"
	else
		fail "$p-$t-clash-conflict" "$(grep '^CONFLICT' "$d/verdict.txt" | tr '\n' ' ')"
	fi
	grep -Eq "^consumer /clash-leds \(rh[0-9]+-clash-leds\): FAILED: pin $kpin already requested by $con\$" "$d/verdict.txt" &&
		pass "$p-$t-clash-failed" ||
		fail "$p-$t-clash-failed" "$(grep '^consumer /clash-leds' "$d/verdict.txt")"
	check_ktap "$p-$t-clash" "$d" 1 "Ran $n tests: passed: $((n - 1)), failed: 1"
	[ "$(grep -c '^    not ok ' "$d/console.ktap")" = 1 ] &&
		grep -q '^    not ok [0-9]* consumer_/clash-leds$' "$d/console.ktap" &&
		pass "$p-$t-clash-ktap-names-the-consumer" ||
		fail "$p-$t-clash-ktap-names-the-consumer" "$(grep '^    not ok' "$d/console.ktap" | tr '\n' ' ')"
}

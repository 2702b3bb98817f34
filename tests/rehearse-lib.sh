# SPDX-License-Identifier: GPL-2.0
# Helpers for the cases that rehearse boards (tests/cases/7*-rehearse*.sh):
# source it after tests/lib.sh. R is scripts/rehearse.sh, KUNIT the tree's
# kunit.py parse, out where scripts/rehearse.sh leaves its runs.

R=$TOP/scripts/rehearse.sh
KUNIT="python3 $CACHE/linux/tools/testing/kunit/kunit.py parse"
out=$BUILD/rehearse

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
	parsed=$($KUNIT <"$d/console.ktap" 2>&1)
	rc=$?
	if [ "$rc" = "$want_rc" ] && grep -Eq "Testing complete\. $want\$" <<<"$parsed"; then
		pass "rehearse-$t-ktap-kunit-parse"
	else
		fail "rehearse-$t-ktap-kunit-parse" "exit $rc: $(grep 'Testing complete' <<<"$parsed")"
	fi
}

# BOARD PINS: boots, agrees everywhere, and checks PINS pins. The counts of
# imx8mm-evk, k3-am625-beagleplay, sun50i-h6-pine-h64 and qrb5165-rb5 are
# those of the trial by hand (docs/results/real-boards-notes.md: 79,
# 129 + 4, 38 + 3, and 31 + the 3 SDC groups it did not model); the others
# guard against change.
rehearse_ok() {
	local b=$1 pins=$2 d line t rc
	case "$b" in
	*.dts) t=$(basename "$b" .dts) d=$out/$t ;;
	*) t=$b d=$out/${b//\//_} ;;
	esac
	line=$("$R" --quiet "$b" 2>&1)
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
	n=$(python3 -c 'import json, sys; v = json.load(open(sys.argv[1])); print(len(v["rows"]) + len(v["consumers"]))' "$d/verdict.json" 2>/dev/null)
	check_ktap "$t" "$d" 0 "Ran $n tests: passed: $n"
	[ -s "$d/verdict.json" ] && [ -s "$d/virt.dtb" ] && [ -s "$d/console.log" ] &&
		ls "$d"/win*.bin >/dev/null 2>&1 ||
		fail "rehearse-$t-files" "missing verdict.json, virt.dtb, console.log or windows in $d"
}

# the window of the controller at DT path $2 in run $1, and a word in it
window_of() {
	python3 - "$1" "$2" <<-'EOF'
	import json, sys
	for c in json.load(open(sys.argv[1] + "/plan.json"))["controllers"]:
	    if c["path"] == sys.argv[2]:
	        print(sys.argv[1] + "/" + c["windows"][0]["name"] + ".bin")
	EOF
}


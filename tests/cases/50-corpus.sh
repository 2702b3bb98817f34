#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc debug
# The corpus of malformed boards (tests/corpus/*.dts): each is a real board
# plus one mistake. Each case compiles (or dtc refuses it with the expected
# error), boots, and then the kernel log holds every "expect:" text, no
# "unbound:" device got its pins, every "bound:" device did, and nothing
# crashed or warned. The comment block at the top of each case holds:
#
#	expect: TEXT	fixed text that must be in the kernel log
#	absent: TEXT	fixed text that must not be in it (a message
#			the kernel must not give for this board)
#	unbound: DEV	a device that must not have bound (for the
#			controller: that has no handle, its hogs were
#			not applied)
#	bound: DEV	a device that must still have bound
#	deferred: DEV	a device that must be waiting in devices_deferred;
#			"DEV because TEXT": with TEXT in its reason
#	verify-failed: DEV=STATE
#			a state whose device then failed to probe: its
#			settings stay (the core does not undo them), its mux
#			claims go; the verdict reads it from the log and says
#			DEV FAILED with STATE applied
#	reset: OPTS	vsoc-reset options for the window's reset image
#	pad: PIN VALUE	the PAD register of pin number PIN holds VALUE at
#			power-off (regs.bin); "PIN VALUE/MASK": its MASK
#			bits do
#	debugfs: FILE: TEXT
#			a line of FILE (a path, or a name in the
#			controller's debugfs directory), as /init dumped it
#			at boot, holds TEXT
#	dtc: fail TEXT	dtc must refuse the file, saying TEXT (no boot)
#	known-bad: WHY	the driver does not yet say what it should: FAIL, WHY
#
# A device is bound when it is a handle in pinctrl-handles, or the parent
# of a GPIO chip (the PL061 has no pin states), and is not deferred.
#
#	KERNEL=debug tests/run.sh corpus	boots the debug kernel: a seeded
#						half of the cases (CORPUS_SEED,
#						default 1), every one of them on
#						the project's kernel; CORPUS_ALL=1
#						for all of them on debug too
#	CORPUS=NAME tests/run.sh corpus		only cases whose name has NAME
#
# Each case boots as make run boots a board: its DTB with the plan added
# (pincheck prepare --dtb, with its reset image), so the guest prints its
# own verdict. Then every booted case whose controller registered is
# checked by the pipeline (pincheck verdict): everything the DTB asks of
# the devices that did bind is what debugfs and the registers hold (no
# mismatch, no stray write; the case's own mistake is its finding: a BAD
# NODE, a FAILED consumer, a CONFLICT), and the guest's KTAP is the host's.
. "$(dirname "$0")/../lib.sh"
rehearse_env

kernel=${KERNEL:-vsoc}
out=$BUILD/corpus
mkdir -p "$out"
dbg=/sys/kernel/debug
dumps=$dbg/devices_deferred,$dbg/gpio

# Never in a clean log, whatever the board did wrong
signatures=(
	'BUG:' 'WARNING:' 'Unable to handle kernel' 'Internal error:' 'Oops'
	'KASAN' 'UBSAN' 'possible recursive locking' 'circular locking'
	'unreferenced object' 'Kernel panic' 'inconsistent lock state'
	'suspicious RCU usage' 'blocked for more than'
)

# header FILE: the machine-readable lines of the first comment block, as
# "key<TAB>value"
header() {
	awk '
		/\/\*/ { on = 1 }
		on && match($0, /^ \* (expect|absent|unbound|bound|deferred|verify-failed|reset|pad|debugfs|dtc|known-bad): /) {
			k = substr($0, 4); sub(/: .*/, "", k)
			v = substr($0, RLENGTH + 1); sub(/[ \t\r]+$/, "", v)
			print k "\t" v
		}
		on && /\*\// { exit }' "$1"
}

# description FILE: the first line of text in the first comment block
description() {
	awk '/\/\*/ { on = 1; next } on && /^ \* [^ ]/ { print substr($0, 4); exit }' "$1"
}

# The reasons a case failed, joined
reasons() {
	local r out=
	for r in "${why[@]}"; do out+="${out:+; }$r"; done
	echo "$out"
}

# is_bound DEV, after a boot
is_bound() {
	printf '%s\n%s\n' "$handles" "$chips" | grep -qxF -- "$1" &&
		! grep -qxF -- "$1" <<<"$waiting"
}

# read_header FILE: the case's lines into the variables below
read_header() {
	expects=() absents=() unbound=() bound=() deferred=() thens=() pads=() dfs=()
	reset='' dtcfail='' knownbad=
	while IFS=$'\t' read -r k v; do
		case "$k" in
		expect) expects+=("$v") ;;
		absent) absents+=("$v") ;;
		unbound) unbound+=("$v") ;;
		bound) bound+=("$v") ;;
		deferred) deferred+=("$v") ;;
		verify-failed) thens+=(--failed "$v") ;;
		reset) reset=$v ;;
		pad) pads+=("$v") ;;
		debugfs) dfs+=("$v") ;;
		dtc) dtcfail=${v#fail } ;;
		known-bad) knownbad=$v ;;
		esac
	done < <(header "$1")
}

cases=()
for dts in "$TOP"/tests/corpus/*.dts; do
	case=$(basename "$dts" .dts)
	case "$case" in *"${CORPUS:-}"*) cases+=("$case") ;; esac
done
# The debug kernel repeats boots the project's kernel makes: in the test
# command a seeded half of them (the same half for the same seed), which
# keeps CI in its time; all of them with CORPUS_ALL=1 or a CORPUS filter
if [ "$kernel" = debug ] && [ -z "${CORPUS:-}${CORPUS_ALL:-}" ]; then
	mapfile -t cases < <(printf '%s\n' "${cases[@]}" | python3 -c '
import random, sys
names = sys.stdin.read().split()
keep = set(random.Random(int(sys.argv[1])).sample(names, (len(names) + 1) // 2))
print("\n".join(n for n in names if n in keep))' "${CORPUS_SEED:-1}")
	echo "corpus: ${#cases[@]} cases on the debug kernel, seed ${CORPUS_SEED:-1} (CORPUS_ALL=1: all)" >&2
fi

# First compile every case and boot it, two QEMUs at a time (one per core);
# each boot leaves its exit status and its harness message in $out.
for case in "${cases[@]}"; do
	dts=$TOP/tests/corpus/$case.dts
	read_header "$dts"
	rm -f "$out/$case".{rc,err,dtc,dtb} "$out/$case-reset.bin"
	"$TOP/scripts/dtb.sh" "$dts" "$out/$case.dtb" >"$out/$case.dtc" 2>&1
	echo $? >"$out/$case.dtcrc"
	[ "$(cat "$out/$case.dtcrc")" = 0 ] && [ -z "$dtcfail" ] || continue
	args=(--name "corpus-$case" --kernel "$kernel"
	      --append "vsocinit.dump=$dumps")
	prep=()
	if [ -n "$reset" ]; then
		# shellcheck disable=SC2086 # options, split on purpose
		"$BUILD/vsoc-reset" $reset "$out/$case-reset.bin" || continue
		args+=(--reset "$out/$case-reset.bin")
		prep+=(--reset "$out/$case-reset.bin")
	fi
	while [ "$(jobs -rp | wc -l)" -ge "${JOBS:-2}" ]; do
		wait -n
	done
	# the plan first (a DTB it refuses boots without one), then the boot
	run=$BUILD/run/corpus-$case
	( rm -rf "$run"
	  dtb=$out/$case.dtb
	  pincheck prepare --dtb "$dtb" "${prep[@]}" "corpus-$case" "$run" >"$out/$case.prep" 2>&1 &&
		dtb=$run/virt.dtb
	  "$TOP/qemu/run.sh" "${args[@]}" "$dtb" >"$out/$case.err" 2>&1
	  echo $? >"$out/$case.rc" ) &
done
wait

booted=()
for case in "${cases[@]}"; do
	dts=$TOP/tests/corpus/$case.dts
	name="corpus: $case: $(description "$dts")"
	read_header "$dts"
	if [ -n "$dtcfail" ]; then
		if [ "$(cat "$out/$case.dtcrc")" = 0 ]; then
			fail "$name" "dtc accepted the file"
		elif ! grep -qF -- "$dtcfail" "$out/$case.dtc"; then
			fail "$name" "dtc failed without '$dtcfail': $(grep -m1 -E 'ERROR|Warning|Error' "$out/$case.dtc")"
		else
			pass "$name"
		fi
		continue
	fi
	if [ ! -f "$out/$case.rc" ]; then
		cat "$out/$case.dtc" >&2
		fail "$name" "does not compile: $(grep -m1 -E 'ERROR|Warning|Error|error' "$out/$case.dtc")"
		continue
	fi
	err=$(cat "$out/$case.err")
	run=$BUILD/run/corpus-$case
	log=$run/console.log
	why=()
	if [ "$(cat "$out/$case.rc")" != 0 ]; then
		# A complete log (the harness may refuse a kernel report) is
		# still checked; a boot that did not finish is not.
		if ! grep -q '^==== VSOC DONE ====' "$log" 2>/dev/null; then
			fail "$name" "boot failed: $err"
			continue
		fi
		why+=("qemu/run.sh: $err")
	fi
	# the verdict needs the controller's debugfs: skip it when the
	# controller never registered (nothing on the board has pins then)
	grep -q "^==== VSOC BEGIN boot $dbg/pinctrl/4c000000.pinctrl/pinmux-pins ====" "$log" &&
		booted+=("$case")
	dmesg=$(dump "$log" end dmesg)
	handles=$(dump "$log" boot $dbg/pinctrl/pinctrl-handles | sed -n 's/^device: \([^ ]*\) .*/\1/p')
	chips=$(dump "$log" boot $dbg/gpio | sed -n 's/^gpiochip[0-9]*: .* parent: [^/]*\/\([^,]*\),.*/\1/p')
	reasons_deferred=$(dump "$log" boot $dbg/devices_deferred)
	waiting=$(cut -f1 <<<"$reasons_deferred")

	for e in "${expects[@]}"; do
		grep -qF -- "$e" <<<"$dmesg" || why+=("no '$e' in the log")
	done
	for e in "${absents[@]}"; do
		! grep -qF -- "$e" <<<"$dmesg" || why+=("the log has '$e'")
	done
	for d in "${unbound[@]}"; do
		! is_bound "$d" || why+=("$d bound")
	done
	for d in "${bound[@]}"; do
		is_bound "$d" || why+=("$d did not bind")
	done
	for d in "${deferred[@]}"; do
		# "DEV because TEXT": TEXT must be its deferral reason
		because=
		[[ "$d" == *" because "* ]] && because=${d#* because } d=${d%% because *}
		if ! grep -qxF -- "$d" <<<"$waiting"; then
			why+=("$d is not in devices_deferred")
		elif [ -n "$because" ] &&
		     ! grep -F -- "$d"$'\t' <<<"$reasons_deferred" | grep -qF -- "$because"; then
			why+=("$d waits, but not because $because")
		fi
	done
	for e in "${pads[@]}"; do
		read -r pin want <<<"$e"
		mask=0xffffffff
		[[ "$want" == */* ]] && mask=${want#*/} want=${want%/*}
		have=$(reg32 "$run/regs.bin" $((0x1000 + 4 * pin)))
		[ "$have" ] && (( (have & mask) == (want & mask) )) ||
			why+=("PAD $pin is $(printf 0x%08x "${have:-0}"), expected $want (mask $mask)")
	done
	for e in "${dfs[@]}"; do
		f=${e%%: *} t=${e#*: }
		[[ "$f" == /* ]] || f=$dbg/pinctrl/4c000000.pinctrl/$f
		dump "$log" boot "$f" | grep -qF -- "$t" ||
			why+=("no '$t' in $f")
	done
	for s in "${signatures[@]}"; do
		grep -qF -- "$s" "$log" && why+=("the log has '$s': $(grep -m1 -F -- "$s" "$log" | tr -d '\r')")
	done
	if [ -n "$knownbad" ]; then
		if [ ${#why[@]} -eq 0 ]; then
			fail "$name" "known-bad: $knownbad (but every expectation holds now: remove the known-bad line)"
		else
			fail "$name" "known-bad: $knownbad [$(reasons)]"
		fi
	elif [ ${#why[@]} -eq 0 ]; then
		pass "$name"
	else
		fail "$name" "$(reasons)"
	fi
done

# verdict_ok CASE: the pipeline's verdict on the booted case
verdict_ok() {
	local case=$1 run=$BUILD/run/corpus-$1 v d st why=()
	if ! [ -s "$run/plan.json" ]; then
		echo "no plan: $(tail -n 1 "$out/$case.prep")"
		return 1
	fi
	[ -s "$run/verdict.json" ] || { tail -n 1 "$run/verdict.txt"; return 1; }
	v=$(PYTHONPATH=$TOP python3 -c 'import sys
from pincheck import verdict_json
v = verdict_json.load(sys.argv[1])
print(v["counts"]["mismatches"], v["counts"]["stray_writes"])
for c in v["consumers"]:
    if c["failed"]:
        print("failed", c["dev"], *c["applied"])' "$run/verdict.json") || { echo "verdict.json unread"; return 1; }
	[ "$(head -n 1 <<<"$v")" = "0 0" ] ||
		why+=("$(grep -E '^(STRAY WRITE|.* MISMATCH )' "$run/verdict.txt" | head -n 3 | tr '\n' ';')")
	for d in "${fails[@]}"; do
		st=${d#*=} d=${d%%=*}
		grep -qx "failed $d\( .*\)\? $st\( .*\)\?" <<<"$v" ||
			why+=("$d is not FAILED with $st applied")
	done
	diff -q "$run/console.ktap" "$run/verdict.ktap" >/dev/null ||
		why+=("the guest's KTAP is not the host's: $(diff "$run/console.ktap" "$run/verdict.ktap" | head -n 3 | tr '\n' ' ')")
	[ ${#why[@]} = 0 ] && return 0
	local IFS=';'
	echo "${why[*]}"
	return 1
}

# the verdicts, JOBS at a time as the boots
for case in "${booted[@]}"; do
	run=$BUILD/run/corpus-$case
	[ -s "$run/plan.json" ] || continue
	while [ "$(jobs -rp | wc -l)" -ge "${JOBS:-2}" ]; do
		wait -n
	done
	pincheck verdict "$run" >"$run/verdict.txt" 2>&1 &
done
wait
for case in "${booted[@]}"; do
	name="corpus: $case: everything else on the board is as asked"
	read_header "$TOP/tests/corpus/$case.dts"
	fails=()
	for ((i = 1; i < ${#thens[@]}; i += 2)); do fails+=("${thens[i]}"); done
	if report=$(verdict_ok "$case"); then
		pass "$name"
	else
		fail "$name" "$report"
	fi
done
finish

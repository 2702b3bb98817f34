#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# make fuzz: seeded mutations of the boards' pin nodes and pin states
# (pincheck fuzz, pincheck/fuzz/), every mutated board booted and judged.
#
#   scripts/fuzz.sh [--quick] [--seed S] [--count N] [--kernel NAME]
#		    [--jobs J] [--keep]
#	--quick		the seeded subset of make test (tests/cases/85-fuzz.sh):
#			120 boards, in build/fuzz/quick (default: 2400
#			boards, in build/fuzz/full)
#	--seed S	seed of the mutations (default 1)
#	--count N	how many distinct mutated boards
#	--kernel NAME	kernel build (default $KERNEL, else vsoc); the
#			debug image (KASAN, lockdep, UBSAN; no kmemleak scan
#			here) takes about 3 s a boot against 0.6 s
#	--jobs J	QEMUs at a time (default 2, one per core)
#	--out-name D	run in build/fuzz/D (make stress: "debug", the first
#			boards of the same seed again on the debug kernel)
#	--keep		keep every case's console and windows (by default
#			only those of the cases that break the rule stay)
#	--replay [DIR]	no mutations: boot and judge the corpus cases of DIR
#			(default tests/corpus/fuzz), in build/fuzz/replay;
#			fails while any of them still breaks the rule
#
# The boards: every VSOC board and board variant (boards/), the test boards
# (tests/boards/), and two real boards rehearsed with their SoC's own driver
# (freescale/imx8mm-evk, ti/k3-am625-beagleplay; FUZZ_REAL overrides; a
# third of the cases, FUZZ_REAL_SHARE=0..1 says otherwise). Each
# unmutated board is booted first, for the kernel messages it prints anyway.
# Then each mutated board boots (qemu/run.sh: a panic, a hang or any kernel
# report fails the boot) and is judged (fuzz.py judge): it verifies, or the
# kernel refused it with a new message naming a DT node and a property (or,
# for a pin two devices want, the core's "already requested" naming both).
# Prints the seed, the count, one line per case that breaks the rule and
# the totals; exit 0 only when no case breaks it. The cases are in
# build/fuzz/<full|quick>/NNNN/ (case.dtb or virt.dtb), judged in
# results.json; one case of each class of those that break the rule is
# written as a corpus case (the base board included, the mutation as
# overrides) to build/fuzz/<full|quick>/corpus/, for tests/corpus/fuzz/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# One boot (xargs runs these in parallel): fuzz.sh --boot-one CONFIG DIR
if [ "${1:-}" = --boot-one ]; then
	config=$2 d=$3 id=$(basename "$3")
	opts="quiet vsocinit.ktap=0 vsocinit.only=pinctrl-handles,pins,pinmux-pins,pinconf-pins"
	opts+=" vsocinit.dump=/sys/kernel/debug/devices_deferred"
	timeout=30
	# the debug image: no kmemleak scan (it waits until 6 s of uptime:
	# 13 s a boot against 3 s)
	[ "$config" = vsoc ] || timeout=300 opts="vsocinit.kmemleak=0 $opts"
	if [ -f "$d/case.dtb" ]; then
		# a VSOC board: its plan first (pincheck prepare --dtb), which
		# the judge reads, and its windows beside VSOC's (a test board's
		# pinctrl-single); a DTB it refuses boots as it is, and the
		# judge says why it has no verdict (prepare.log)
		args=(--append "$opts" "$d/case.dtb")
		if pincheck prepare --dtb "$d/case.dtb" "fuzz-$id" "$d" >"$d/prepare.log" 2>&1; then
			[ ! -s "$d/windows.txt" ] || args=(--windows "$d/windows.txt" "${args[@]}")
		else
			rm -f "$d/plan.json"
		fi
	else
		# strict parsing unless the family's driver reads a binding of
		# its own after the generic parser (the plan says so, as for
		# make rehearse)
		strict=1
		grep -q '"strict_dt": false' "$d/plan.json" 2>/dev/null && strict=0
		args=(--windows "$d/windows.txt" --append "pinctrl.strict_dt=$strict $opts" "$d/virt.dtb")
	fi
	rc=0
	"$TOP/qemu/run.sh" --kernel "$config" --name "fuzz-$id" --dir "$d" --timeout "$timeout" \
		"${args[@]}" >"$d/err" 2>&1 || rc=$?
	echo "$rc" >"$d/rc"
	exit 0
fi

quick= seed=1 count= config=${KERNEL:-vsoc} jobs=2 keep= replay= outname=
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) quick=1; shift ;;
	--replay) replay=$TOP/tests/corpus/fuzz; shift
		  if [ $# -gt 0 ] && [ -d "$1" ]; then replay=$(realpath "$1"); shift; fi ;;
	--seed) seed=$2; shift 2 ;;
	--count) count=$2; shift 2 ;;
	--kernel) config=$2; shift 2 ;;
	--jobs) jobs=$2; shift 2 ;;
	--keep) keep=1; shift ;;
	--out-name) outname=$2; shift 2 ;;
	*) die "unknown option $1" ;;
	esac
done
if [ -n "$replay" ]; then
	out=$BUILD/fuzz/replay
elif [ -n "$quick" ]; then
	count=${count:-120} out=$BUILD/fuzz/quick
else
	count=${count:-2400} out=$BUILD/fuzz/full
fi
[ -z "$outname" ] || out=$BUILD/fuzz/$outname
real=${FUZZ_REAL:-freescale/imx8mm-evk ti/k3-am625-beagleplay}
# A replay also rehearses the real boards its cases include (a case of
# another family's board: <arm64/vendor/board.dts>, <arm/vendor/board.dts>)
if [ -n "$replay" ]; then
	for r in $(sed -n 's|^#include <\(arm64/\)\{0,1\}\(.*\)\.dts>$|\2|p' "$replay"/*.dts | sort -u); do
		case " $real " in *" $r "*) ;; *) real="$real $r" ;; esac
	done
fi
start=$(date +%s)
export KERNEL=$config
rm -rf "$out"
mkdir -p "$out/bases"

# KSRC, DTC, VIRT_DTB: the plans of every board, VSOC's too
rehearse_env
# The VSOC boards and the test boards, and their boots as they are
bases=() baseruns=()
boot_base() {	# NAME DTB
	local d=$out/bases/$1
	mkdir -p "$d"
	cp "$2" "$d/case.dtb"
	"$0" --boot-one "$config" "$d"
	[ "$(cat "$d/rc")" = 0 ] || die "fuzz: the unmutated board $1 does not boot: $(tail -n 1 "$d/err")"
	baseruns+=(--base "$1=$d")
}
# (none when every case is a real board's: FUZZ_REAL_SHARE=1)
vsoc_bases=$("$TOP/scripts/dtb.sh" --list; cd "$TOP/tests/boards" && ls ./*.dts | sed 's|^\./||; s|\.dts$||')
[ "${FUZZ_REAL_SHARE:-}" != 1 ] || [ -n "$replay" ] || vsoc_bases=
for b in $vsoc_bases; do
	src=$b file=$TOP/boards/$b.dts
	[ -f "$file" ] || file=$TOP/boards/$b.dtso
	[ -f "$TOP/tests/boards/$b.dts" ] && src=$TOP/tests/boards/$b.dts file=$src
	"$TOP/scripts/dtb.sh" "$src" "$out/bases/$b.dtb" >/dev/null
	boot_base "$b" "$out/bases/$b.dtb"
	bases+=("vsoc:$b:$out/bases/$b.dtb:$file")
done
# The real boards: rehearsed as they are (their boot is the reference)
for r in $real; do
	rc=0
	"$TOP/scripts/rehearse.sh" --quiet --kernel "$config" "$r" >"$out/bases/${r//\//_}.rehearse" 2>&1 || rc=$?
	[ "$rc" -le 1 ] || die "fuzz: the real board $r could not be rehearsed: $(tail -n 3 "$out/bases/${r//\//_}.rehearse")"
	# a copy: make rehearse may run the board again meanwhile
	dir=$out/bases/rehearse-${r//\//_}
	cp -r "$BUILD/rehearse/${r//\//_}" "$dir"
	bases+=("rehearse:${r//\//_}:$dir")
	baseruns+=(--base "${r//\//_}=$dir")
done

if [ -n "$replay" ]; then
	pincheck fuzz import --dir "$replay" --out "$out" "${bases[@]}"
	seed=replay
else
	pincheck fuzz gen --seed "$seed" --count "$count" --out "$out" \
		${FUZZ_REAL_SHARE:+--real-share "$FUZZ_REAL_SHARE"} "${bases[@]}"
fi
gen_done=$(date +%s)
find "$out" -mindepth 1 -maxdepth 1 -name '[0-9][0-9][0-9][0-9]' | sort |
	xargs -P "$jobs" -n 1 "$0" --boot-one "$config"
boot_done=$(date +%s)
status=0
pincheck fuzz judge "$out" "${baseruns[@]}" \
	--save "$out/corpus" --known "$TOP/tests/corpus/fuzz" >"$out/judge.txt" || status=1
end=$(date +%s)
grep -E '^[0-9]{4} .* BROKEN ' "$out/judge.txt" || true
grep -E '^fuzz: ' "$out/judge.txt" || true
reports=$(grep -l 'the kernel reported a problem\|kernel panic\|QEMU hung' "$out"/[0-9]*/err 2>/dev/null | wc -l || true)
n=$(find "$out" -mindepth 1 -maxdepth 1 -name '[0-9][0-9][0-9][0-9]' | wc -l)
# boards whose console's node was deleted cannot be judged: not counted
unobservable=$(grep -c -E '^[0-9]{4} .* unobservable ' "$out/judge.txt" || true)
n=$((n - unobservable)) unob=
[ "$unobservable" = 0 ] || unob=" ($unobservable more could not be observed: their console's node deleted)"
broken=$(grep -c -E '^[0-9]{4} .* BROKEN ' "$out/judge.txt" || true)
known=$(grep -c -E '^[0-9]{4} .* BROKEN .*\(known: ' "$out/judge.txt" || true)
if [ -z "$keep" ]; then
	# keep the cases that break the rule whole; of the others the DTBs
	for d in "$out"/[0-9][0-9][0-9][0-9]; do
		grep -q -E "^$(basename "$d") .* BROKEN " "$out/judge.txt" && continue
		rm -f "$d"/console.log "$d"/*.bin "$d"/*.reset "$d"/fuzz-*.dtb
	done
fi
echo "fuzz: seed $seed, ${quick:+quick, }config $config, $n boards, $broken break the rule" \
	"($known in known classes), $reports with a kernel report$unob; wall time $((end - start)) s" \
	"(boots $((boot_done - gen_done)) s, $(awk -v n="$n" -v s="$((boot_done - gen_done))" \
	'BEGIN { if (n) printf "%.2f", s / n }') s a board with $jobs at a time)"
[ "$broken" -eq 0 ] || status=1
[ "$status" -eq 0 ] && echo "fuzz: clean" || echo "fuzz: FAILED (see $out/judge.txt)"
exit "$status"

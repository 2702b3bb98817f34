#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# make stress: the stress board (tests/boards/stress.dts) under faults,
# churn, threads and malformed debugfs writes, on the debug kernel (KASAN,
# kmemleak, lockdep, UBSAN, fault injection), then one figure table.
#
#   scripts/stress.sh [--quick] [--seed S] [--kernel NAME]
#	--quick		the seeded subset tests/cases/80-stress.sh runs
#			(fewer writes, cycles, switches, overlay cycles and
#			race operations; every fail-nth sweep runs to its
#			end either way, the second VSOC block's probe in
#			steps of N = 5)
#	--seed S	seed of the malformed writes (default 1)
#	--oversize	accepted for older callers: the boots of the two
#			kernel faults found by make stress (docs/stress.md),
#			"stress-oversize", pinmux-select writes of 4 MiB - 1,
#			4 MiB + 1 and 8 MiB, and "stress-single-hog", 30
#			unbind/bind cycles with hogs on the pinctrl-single
#			instance, now run always (also with --quick): they
#			fail if either fault comes back
#	--kernel NAME	kernel build (default $KERNEL, else debug); on
#			an image without fault injection and the lockdown
#			LSM (vsoc) the fail-nth part does not run and the
#			probe part binds the second VSOC block once
#
# Two boots: "stress" runs the parts (guest/stress/stress.c) with two CPUs and the
# test consumer module (guest/consumer-test, built by
# scripts/module.sh for the kernel booted, with the board's runtime overlay:
# the states, overlay, probe and refcounts parts) and is then verified
# (the board after the last operation, through the one pipeline: its plan
# made before the boot, pincheck prepare --dtb, and pincheck verdict on
# the run, with the pinctrl-single window beside VSOC's); "stress-lockdown"
# boots with lockdown=integrity and checks that pinmux-select cannot be
# opened. On the debug kernel a third, "stress-imx8mm": the rehearsed
# imx8mm-evk (its own pinctrl-imx8mm driver), fail-nth of binding three of
# its consumers and 200 unbind/bind cycles of them, then its verdict. Each boot fails, as every boot does, on any kernel report
# (qemu/run.sh). Exit 0 only when every row of the table is 0 in the
# "bad" and "reports" columns, the board verifies and every device is bound.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

quick= seed=1 config=${KERNEL:-debug} oversize=1 stride=1
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) quick=1; shift ;;
	--oversize) oversize=1; shift ;;
	--seed) seed=$2; shift 2 ;;
	--kernel) config=$2; shift 2 ;;
	*) die "unknown option $1" ;;
	esac
done
if [ -n "$quick" ]; then
	writes=2000 cycles=50 race=60 switches=1000 overlays=100 timeout=900 stride=5
else
	writes=10000 cycles=1000 race=1000 switches=10000 overlays=1000 timeout=3600
fi
if [ "$config" = debug ]; then
	parts=debugfs,fail-nth,churn,race,states,overlay,probe,refcounts
else
	parts=debugfs,churn,race,states,overlay,probe,refcounts
fi
start=$(date +%s)
# Run directories: build/run/stress*, with --quick build/run/stress-quick*
# (so the subset of make test never overwrites a make stress in progress)
r=stress${quick:+-quick}
dtb=$BUILD/dtb/stress.dtb
"$TOP/scripts/dtb.sh" "$TOP/tests/boards/stress.dts" "$dtb" >/dev/null
export KERNEL=$config
status=0
module=$("$TOP/scripts/module.sh" "$config") || die "the test module could not be built"
# the plan of the board as it is (the guest's checker and the verdict read
# it), and the windows beside VSOC's (the pinctrl-single instance)
run=$BUILD/run/$r
log=$run/console.log
rm -rf "$run"
if (rehearse_env); then rehearse_env; else status=1; fi
pincheck prepare --dtb "$dtb" "$r" "$run" >"$run.prepare" 2>&1 ||
	die "the stress board's plan could not be made: $(tail -n 1 "$run.prepare")"
windows=()
[ ! -s "$run/windows.txt" ] || windows=(--windows "$run/windows.txt")
"$TOP/qemu/run.sh" --name "$r" --dir "$run" "${windows[@]}" --timeout "$timeout" --qemu "-smp 2" \
	--initrd-add "$module" \
	--append "vsocinit.stress=$parts vsocinit.stress.seed=$seed vsocinit.stress.writes=$writes vsocinit.stress.cycles=$cycles vsocinit.stress.race=$race vsocinit.stress.switches=$switches vsocinit.stress.overlays=$overlays vsocinit.stress.probe-stride=$stride" \
	"$run/virt.dtb" || status=1
rm -f "$BUILD/run/$r-lockdown/console.log"
if [ "$config" = debug ]; then
	"$TOP/qemu/run.sh" --name "$r-lockdown" --timeout 300 --append \
		"lockdown=integrity vsocinit.stress=lockdown" "$dtb" || status=1
fi
logs=("$log" "$BUILD/run/$r-lockdown/console.log")
# A rehearsed real board's driver (i.MX8MM, pinctrl-imx8mm): fail-nth of
# binding three of imx8mm-evk's consumers (the console UART, the SD card
# with its three states, the Ethernet MAC) and 200 cycles of them (slab
# compared between cycle 20 and 200: fewer cycles only measure the first
# allocations), then the
# rehearsal's verdict of the board (docs/check-your-board.md). The
# controller itself cannot be unbound (suppress_bind_attrs).
imx=$BUILD/run/$r-imx8mm
rm -f "$imx/console.log"
imx_verdict=
if [ "$config" = debug ]; then
	rm -rf "$imx"
	if pincheck prepare freescale/imx8mm-evk "$imx" 2>"$imx.prepare"; then
		"$TOP/qemu/run.sh" --name "$r-imx8mm" --dir "$imx" --windows "$imx/windows.txt" \
			--timeout "$timeout" --append "pinctrl.strict_dt=1 vsocinit.stress=fail-nth,churn vsocinit.stress.tag=imx8mm vsocinit.stress.bind=simple-pm-bus:rh006-serial,simple-pm-bus:rh013-mmc,simple-pm-bus:rh016-ethernet vsocinit.stress.cycles=200" \
			"$imx/virt.dtb" || status=1
		imx_verdict=$(pincheck verdict "$imx" 2>&1 | tail -n 1) || status=1
	else
		status=1 imx_verdict="imx8mm-evk could not be prepared: $(tail -n 1 "$imx.prepare")"
	fi
	logs+=("$imx/console.log")
fi
rm -f "$BUILD/run/$r-oversize/console.log" "$BUILD/run/$r-single-hog/console.log"
if [ -n "$oversize" ]; then
	"$TOP/qemu/run.sh" --name "$r-oversize" --timeout 300 --append \
		"vsocinit.stress=oversize" "$dtb" || status=1
	logs+=("$BUILD/run/$r-oversize/console.log")
	# pinctrl-single unbound with hogs (tests/boards/stress-single-hog.dts);
	# 30 cycles: the slab check starts at cycle 3, after the first bind's
	# one-time allocations (2 cycles compared those with the second)
	hogdtb=$BUILD/dtb/stress-single-hog.dtb
	"$TOP/scripts/dtb.sh" "$TOP/tests/boards/stress-single-hog.dts" "$hogdtb" >/dev/null
	"$TOP/qemu/run.sh" --name "$r-single-hog" --timeout 300 --append \
		"vsocinit.stress=churn vsocinit.stress.cycles=30 vsocinit.stress.tag=single-hog" \
		"$hogdtb" || status=1
	logs+=("$BUILD/run/$r-single-hog/console.log")
fi

SIGNATURES='BUG:|WARNING:|Unable to handle kernel|Internal error:|UBSAN:|KASAN:|'\
'possible recursive locking|possible circular locking|inconsistent lock state|'\
'suspicious RCU usage|unreferenced object|blocked for more than'
reports() { if [ -f "$1" ]; then grep -a -c -E "$SIGNATURES" "$1" || true; else echo 0; fi; }
verdict=$(pincheck verdict "$run" 2>&1 | tee "$run/verdict.txt" | tail -n 1) || status=1
unbound=$(tr -d '\r' <"$log" | awk '/^==== VSOC BEGIN stress bound/ { on = 1; next }
	/^==== VSOC END stress bound/ { on = 0 } on && $2 != "bound"' | wc -l)
grep -q '^==== VSOC BEGIN stress bound' "$log" || unbound=unknown
[ "$unbound" = 0 ] || status=1
leaks=$(grep -a -c 'unreferenced object' "$log" || true)
locks=$(grep -a -m1 '^debug_locks' "$log" | awk '{ print $2 }' | tr -d '\r')

# figures PART ops=.. faults=.. cycles=.. writes=.. bad=.. reports=.. seconds=..
table=$( { cat "${logs[@]}" 2>/dev/null || true; } | tr -d '\r' |
	awk -F'[ =]' '/^figures / {
		printf "| %-16s | %10s | %15s | %6s | %6s | %3s | %7s | %7s |\n",
		       $2, $4, $6, $8, $10, $12, $14, $16
		ops += $4; f += $6; c += $8; w += $10; b += $12; r += $14; n++ }
	END { if (n) printf "| %-16s | %10d | %15d | %6d | %6d | %3d | %7d | %7s |\n",
		"total", ops, f, c, w, b, r, "" ; if (n == 0) print "NONE" }')
boot_reports=0
for f in "${logs[@]}"; do
	boot_reports=$((boot_reports + $(reports "$f")))
done
echo "stress: seed $seed, ${quick:+quick, }config $config, parts $parts (+lockdown, +oversize, +single-hog)"
echo "| part             | operations | faults injected | cycles | writes | bad | reports | seconds |"
echo "| ---------------- | ---------: | --------------: | -----: | -----: | --: | ------: | ------: |"
echo "$table"
echo "kernel reports in the boots' logs: $boot_reports; kmemleak objects: $leaks;" \
	"debug_locks: ${locks:-?}; devices not bound at the end: $unbound"
echo "verify: $verdict"
[ -z "$imx_verdict" ] || echo "verify imx8mm-evk: $imx_verdict"
if [ -f "$imx/console.log" ] && tr -d '\r' <"$imx/console.log" |
	awk '/^==== VSOC BEGIN stress bound/ { on = 1; next } /^==== VSOC END stress bound/ { on = 0 }
	     on && $2 != "bound" { bad = 1 } END { exit !bad }'; then
	echo "imx8mm-evk: a consumer is not bound at the end"
	status=1
fi
echo "wall time: $(( $(date +%s) - start )) s"
if [ "$table" = NONE ] || awk '/^\| [a-z][a-z0-9\/-]* / && ($12 != 0 || $14 != 0) { bad = 1 } END { exit !bad }' <<<"$table" ||
   [ "$boot_reports" -ne 0 ]; then
	status=1
fi
[ "$status" -eq 0 ] && echo "stress: clean" || echo "stress: FAILED"
exit "$status"

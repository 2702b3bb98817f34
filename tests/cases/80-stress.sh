#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc debug
# The seeded subset of make stress (scripts/stress.sh --quick): on the
# debug kernel every fail-nth sweep (failslab and fail_page_alloc) of
# binding each consumer and the pinctrl-single controller, a pinmux-select
# write and a GPIO request, 2200 malformed pinmux-select writes, 50
# unbind/bind cycles of four devices with slab usage compared, a race of
# seven threads, and a lockdown=integrity boot; on the plain kernel the
# writes, the churn and the race. On either kernel the boots of two kernel
# faults fixed in the series: pinmux-select writes of 4 MiB and more
# (oversize, "pinctrl: pinmux: Refuse pinmux-select writes longer than
# 4 KiB") and unbinding pinctrl-single with hogs (single-hog, "pinctrl:
# single: Unregister the controller before devres frees its hogs"). Each
# row of the table must show no bad
# outcome and no kernel report, the board must verify afterwards and every
# device must be bound. The test consumer module's parts on either kernel:
# 4 threads x 1000 state switches racing GPIO requests (PA4, a switching
# consumer's pin, refused), debugfs and CPU1 hotplug (states), 100 overlay
# cycles (overlay), the second VSOC block bound late, its probe swept by
# fail-nth on the debug kernel (probe), the DT node refcounts at the end
# against the start (refcounts).
. "$(dirname "$0")/../lib.sh"

out=$BUILD/tests/stress.table
mkdir -p "$BUILD/tests"
"$TOP/scripts/stress.sh" --quick --seed 14 --kernel "${KERNEL:-vsoc}" >"$out" 2>&1
rc=$?
cat "$out" >&2
rows=$(grep -E '^\| [a-z][a-z0-9/-]* ' "$out" | grep -v '^| part' || true)
[ -n "$rows" ] || fail stress "no figure table (see $BUILD/run/stress-quick/console.log)"
while read -r row; do
	[ -n "$row" ] || continue
	part=$(awk '{ print $2 }' <<<"$row")
	[ "$part" = total ] && continue
	read -r ops faults bad reports < <(awk '{ print $4, $6, $12, $14 }' <<<"$row")
	if [ "$ops" -gt 0 ] && [ "$bad" -eq 0 ] && [ "$reports" -eq 0 ]; then
		pass "stress-$part: $ops operations, $faults faults injected, none bad, no report"
	else
		fail "stress-$part" "$ops operations, $bad bad, $reports kernel reports (see $BUILD/run/stress-quick/console.log)"
	fi
done <<<"$rows"
for part in oversize churn/single-hog states overlay probe refcounts; do
	grep -qE "^\| $part " "$out" || fail "stress-$part" "the part did not run"
done
if [ "${KERNEL:-vsoc}" = debug ]; then
	for part in fail-nth lockdown; do
		grep -qE "^\| $part " "$out" || fail "stress-$part" "the part did not run"
	done
fi
if grep -q '^verify: .*0 mismatches' "$out"; then
	pass "stress-verify: $(grep '^verify: ' "$out" | sed 's/^verify: //')"
else
	fail stress-verify "$(grep '^verify: ' "$out" || echo 'no verdict')"
fi
if grep -q 'devices not bound at the end: 0$' "$out" && grep -q 'kernel reports in the boots. logs: 0;' "$out"; then
	pass "stress-end: every device bound, no kernel report in either boot"
else
	fail stress-end "$(grep '^kernel reports' "$out")"
fi
[ "$rc" -eq 0 ] || fail stress "scripts/stress.sh failed: $(tail -n 1 "$out")"
finish

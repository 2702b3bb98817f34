#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc debug
#
# A real board whose pin nodes its driver refuses (tests/rehearse/
# imx8mm-evk-bad-pins.dts: imx8mm-evk with i2c2's fsl,pins cut short,
# i2c3's pad register past what pinctrl-imx takes, and a hog state of the
# IOMUXC whose mux register is no pin's): the rehearsal exits 1; each
# failed consumer, and the controller's hogs, say why in the kernel's words
# with the board's own DT paths (not the virt DTB's /pinctrl@4c000000), in
# the table, verdict.json and both KTAPs; the guest's KTAP is the host's
# line for line and kunit.py parse reads it. The host's verdict and the
# guest's tool (built for the host) also agree on the capture with its log
# changed.
#
# The kernel's words, from drivers/pinctrl/freescale/pinctrl-imx.c as the
# series' patch 'pinctrl: imx: Refuse fsl,pins rows whose registers are not
# the pins'' leaves it, and the core's patch 'pinctrl: core: Drop a bad
# pin hog state alone':
# - i2c2grp has 11 cells, 44 bytes, not a multiple of FSL_PIN_SIZE (24):
#   imx_pinctrl_parse_groups() at probe says "Invalid fsl,pins or pins
#   property in node %pOF" and registers the group without pins; when
#   i2c2's device binds, imx_dt_node_to_map() says "%pOF: group refused at
#   probe, its pins are not set up" and the device gets no state.
# - i2c3grp's first row has pad register 0x848c: the check takes
#   min(window 0x10000 (imx8mm.dtsi's iomuxc reg), S16_MAX + 1) = 0x8000,
#   so imx_pinctrl_check_pin_mmio() says "%pOF: %s row %d: pad register
#   offset 0x%x is outside the registers or not aligned (0x%llx)" with
#   fsl,pins, row 0, 0x848c, 0x8000; then the same "group refused" at bind.
# - hogbadgrp's mux register 0x254 is pin 0x254 / 4 = 149, and
#   imx8mm_pinctrl_pads[] has 149 pins (MX8MM_PAD_RESERVE0 = 0 to
#   MX8MM_IOMUXC_UART4_TXD = 148): "register offset 0x%x is not that of a
#   pin (%u pins)"; the hog's map fails with "group refused", and the core
#   drops the state: "pin hogs of state %s (%s) not applied: %pe" with
#   default, pinctrl-0, -EINVAL.
# Each message without its "imx8mm-pinctrl 4c000000.pinctrl: " prefix, the
# node's virt path /pinctrl@4c000000/... made the board's, joined by "; " in
# the log's order. Counts: imx8mm-evk's 79 pins (70-rehearse) less I2C2_SCL,
# I2C2_SDA, I2C3_SCL and I2C3_SDA, which nothing sets up: 75; 23 consumers
# and the hogs: 99 tests, 3 of them not ok.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

R=$TOP/scripts/rehearse.sh
KUNIT="python3 $CACHE/linux/tools/testing/kunit/kunit.py parse"
b=$TOP/tests/rehearse/imx8mm-evk-bad-pins.dts
d=$BUILD/rehearse/imx8mm-evk-bad-pins
ctl=/soc@0/bus@30000000/pinctrl@30330000
i2c2="$ctl/i2c2grp"
i2c3="$ctl/i2c3grp"
hog="$ctl/hogbadgrp"
refused="group refused at probe, its pins are not set up"
why_i2c2="Invalid fsl,pins or pins property in node $i2c2; $i2c2: $refused"
why_i2c3="$i2c3: fsl,pins row 0: pad register offset 0x848c is outside the registers or not aligned (0x8000); $i2c3: $refused"
why_hog="$hog: fsl,pins row 0: register offset 0x254 is not that of a pin (149 pins); $hog: $refused; pin hogs of state default (pinctrl-0) not applied: -EINVAL"

# The checker finds the three nodes before the boot too, from the DT and
# the i.MX family's reading of pinctrl-imx.c: three BAD NODE lines
line=$("$R" --quiet "$b" 2>&1)
rc=$?
case "$rc $line" in
"1 $b: 75 pins checked, 0 mismatches, 0 conflicts, 0 stray writes, 3 bad nodes, 3 consumers failed, 0 states never applied, 0 not rehearsed")
	pass rehearse-fail-exit ;;
*) fail rehearse-fail-exit "exit $rc: $line" ;;
esac

# the table: one line each, the board's paths, the kernel's words
want_lines() {
	local t=$1 file=$2
	shift 2
	local l missing=
	for l in "$@"; do
		grep -qxF -- "$l" "$file" || missing+="[$l] "
	done
	[ -z "$missing" ] && pass "$t" || fail "$t" "not in $file: $missing"
}
want_lines rehearse-fail-table "$d/verdict.txt" \
	"consumer /soc@0/bus@30800000/i2c@30a30000 (rh009-i2c): FAILED: $why_i2c2" \
	"consumer /soc@0/bus@30800000/i2c@30a40000 (rh011-i2c): FAILED: $why_i2c3" \
	"hogs of $ctl (4c000000.pinctrl): FAILED: $why_hog"
# no virt path is left in any verdict
if grep -q '/pinctrl@4c000000\|/rh0[0-9][0-9]-' "$d/verdict.txt" "$d/verdict.ktap" "$d/console.ktap"; then
	fail rehearse-fail-board-paths "$(grep -h '/pinctrl@4c000000\|/rh0[0-9][0-9]-' "$d/verdict.txt" "$d/console.ktap" | head -n 2 | tr '\n' ' ')"
else
	pass rehearse-fail-board-paths
fi

# verdict.json: the same reasons, and the hogs counted as failed
python3 - "$d/verdict.json" "$ctl" "$why_i2c2" "$why_i2c3" "$why_hog" <<-'EOF' &&
import json, sys
v = json.load(open(sys.argv[1]))
ctl, w2, w3, wh = sys.argv[2:]
got = {c["path"]: c["why"] for c in v["consumers"] if c["failed"]}
want = {"/soc@0/bus@30800000/i2c@30a30000": w2, "/soc@0/bus@30800000/i2c@30a40000": w3, ctl: wh}
assert not v["ok"], "ok"
assert got == want, got
EOF
	pass rehearse-fail-json || fail rehearse-fail-json "the failed consumers of $d/verdict.json are not the three with their reasons"

# the guest's KTAP: the host's line for line, kunit.py parse reads it, the
# three not ok with the same words, and no row for the pins nothing set up
if [ -s "$d/console.ktap" ] && diff -q "$d/console.ktap" "$d/verdict.ktap" >/dev/null; then
	pass rehearse-fail-ktap-host-agrees
else
	fail rehearse-fail-ktap-host-agrees "$(diff "$d/console.ktap" "$d/verdict.ktap" 2>&1 | head -n 4 | tr '\n' ' ')"
fi
parsed=$($KUNIT <"$d/console.ktap" 2>&1)
rc=$?
if [ "$rc" = 1 ] && grep -q 'Testing complete\. Ran 99 tests: passed: 96, failed: 3$' <<<"$parsed"; then
	pass rehearse-fail-ktap-kunit-parse
else
	fail rehearse-fail-ktap-kunit-parse "exit $rc: $(grep 'Testing complete' <<<"$parsed")"
fi
want_lines rehearse-fail-ktap-reasons "$d/console.ktap" \
	"    # consumer_/soc@0/bus@30800000/i2c@30a30000: FAILED: $why_i2c2" \
	"    # consumer_/soc@0/bus@30800000/i2c@30a40000: FAILED: $why_i2c3" \
	"    # hogs_$ctl: FAILED: $why_hog" \
	"    not ok 76 hogs_$ctl" \
	"    not ok 86 consumer_/soc@0/bus@30800000/i2c@30a30000" \
	"    not ok 88 consumer_/soc@0/bus@30800000/i2c@30a40000" \
	"not ok 1 imx8mm-evk-bad-pins"
if [ "$(grep -c '^    not ok ' "$d/console.ktap")" = 3 ] &&
   ! grep -q 'I2C2_S\|I2C3_S\|pin149' "$d/console.ktap"; then
	pass rehearse-fail-ktap-no-rows-unwritten
else
	fail rehearse-fail-ktap-no-rows-unwritten "$(grep '^    not ok \|I2C[23]_S\|pin149' "$d/console.ktap" | head -n 5 | tr '\n' ' ')"
fi

# the mapping the verdicts translate with, in plan.json and in the plan the
# guest read
python3 - "$d" "$TOP" <<-'EOF' &&
import json, sys
sys.path.insert(0, sys.argv[2])
from pincheck import fdt
d = sys.argv[1]
plan = json.load(open(d + "/plan.json"))
pairs = [(p["virt"], p["board"]) for p in plan["paths"]]
assert ("/pinctrl@4c000000", "/soc@0/bus@30000000/pinctrl@30330000") in pairs, pairs
assert ("/rh009-i2c", "/soc@0/bus@30800000/i2c@30a30000") in pairs, pairs
m = fdt.read(d + "/virt.dtb").root.child("rehearse-plan").strings("path-map")
assert list(zip(m[::2], m[1::2])) == pairs, m
EOF
	pass rehearse-fail-path-map || fail rehearse-fail-path-map "plan.json paths or /rehearse-plan path-map lack the controller or rh009-i2c"

# the host's verdict and the guest's tool (tests/verify/guest-root.py) on
# the capture with its log changed: without the probe's message, i2c2's
# reason is the bind's alone; a line of "pinctrl core" (not a device of the
# plan, so kept whole) naming i2c2's own node /rh009-i2c is added to it
if [ "${KERNEL:-vsoc}" = vsoc ]; then
	m=$BUILD/tests/rehearse-fail-log
	rm -rf "$m" "$m.root"
	cp -r "$d" "$m"
	sed -i -e '/Invalid fsl,pins or pins property in node/d' \
		-e 's|^\(<3>\[ *[0-9.]*\] imx8mm-pinctrl 4c000000.pinctrl: /pinctrl@4c000000/i2c2grp: group refused.*\)$|\1\n<3>[    0.300000] pinctrl core: /rh009-i2c: pinctrl-0 is made up|' \
		"$m/console.log"
	pincheck verdict "$m" >"$m/verdict.txt"
	rc=$?
	python3 "$TOP/tests/verify/guest-root.py" "$m" "$m.root" >&2
	"$BUILD/rehearse-ktap" --root "$m.root" --mem "$m.root/mem" >"$m/guest.ktap"
	grc=$?
	rm -rf "$m.root"
	want="$i2c2: $refused; pinctrl core: /soc@0/bus@30800000/i2c@30a30000: pinctrl-0 is made up"
	if [ "$rc $grc" = "1 1" ] && diff -q "$m/guest.ktap" "$m/verdict.ktap" >/dev/null &&
	   grep -qxF "    # consumer_/soc@0/bus@30800000/i2c@30a30000: FAILED: $want" "$m/guest.ktap" &&
	   grep -qxF "consumer /soc@0/bus@30800000/i2c@30a30000 (rh009-i2c): FAILED: $want" "$m/verdict.txt"; then
		pass rehearse-fail-log-changed-both-agree
	else
		fail rehearse-fail-log-changed-both-agree "exit $rc/$grc; $(diff "$m/guest.ktap" "$m/verdict.ktap" | head -n 4 | tr '\n' ' ') $(grep 'i2c@30a30000 (rh009' "$m/verdict.txt")"
	fi
fi
finish

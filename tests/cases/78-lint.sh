#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# The form of a board's pin nodes, checked by the host from the DT and the
# checked kernel tree's own tables (pincheck/lint.py), not from the
# kernel's messages: a copy of qrb5165-rb5 (tests/rehearse/qrb5165-rb5-lint.dts)
# whose Bluetooth enable node, a TLMM node that the generic parser reads,
# says bias-pul-up and drive-strength = <0x1000010>. Worked out by hand:
# the node is /soc@0/pinctrl@f100000/bt-default-state (sm8250.dtsi's TLMM,
# label bt_en_state), state default of /qca6390-pmu (its pinctrl-0);
# bias-pul-up is one edit from bias-pull-up; 0x1000010 = 16777232, above
# the 24 bits of a packed configuration. Checked:
#  - pincheck prepare alone (no boot) prints the two BAD NODE lines, before
#    it moves a controller;
#  - so does it against a tree without the kernel series (6.12's
#    drivers/pinctrl and pincfg-node.yaml from the tree's tag pristine);
#  - the rehearsal's verdict prints them, counts 2 bad nodes, exits 1;
#  - the real qrb5165-rb5 has none (prepare prints no BAD NODE line);
#  - a VSOC board goes the same way: the corpus's typo-drive-strenght
#    through prepare, then booted: its BAD NODE line is its expect: line
#    in the checker's form, and the verdict exits 1, not 4 (nothing of it
#    is rehearsed: no family moves a VSOC controller).
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

rehearse_env
R=$TOP/scripts/rehearse.sh
out=$BUILD/tests/lint
rm -rf "$out"
mkdir -p "$out"

node=/soc@0/pinctrl@f100000/bt-default-state
want1="BAD NODE $node (state default of /qca6390-pmu): $node: bias-pul-up: unknown property (did you mean bias-pull-up?)"
want2="BAD NODE $node (state default of /qca6390-pmu): $node: drive-strength: <16777232> does not fit in 24 bits"
board=$TOP/tests/rehearse/qrb5165-rb5-lint.dts

# LOG NAME: exactly the two lines, once each
two_lines() {
	local log=$1 t=$2
	if [ "$(grep -c '^BAD NODE ' "$log")" = 2 ] && grep -qxF "$want1" "$log" &&
	   grep -qxF "$want2" "$log"; then
		pass "$t"
	else
		fail "$t" "$(grep '^BAD NODE ' "$log" | tr '\n' ' ')"
	fi
}

# --- before any boot ---------------------------------------------------------
if pincheck prepare "$board" "$out/prep" 2>"$out/prepare.log"; then
	two_lines "$out/prepare.log" lint-prepare-names-both
	# the cheap checks first: before the controllers are moved
	first=$(grep -n -m 1 '^BAD NODE ' "$out/prepare.log" | cut -d: -f1)
	moved=$(grep -n -m 1 'pin controller(s) moved' "$out/prepare.log" | cut -d: -f1)
	[ -n "$first" ] && [ -n "$moved" ] && [ "$first" -lt "$moved" ] &&
		pass lint-prepare-before-the-rest ||
		fail lint-prepare-before-the-rest "BAD NODE at line ${first:-?}, moved at ${moved:-?}"
else
	fail lint-prepare-names-both "prepare failed: $(tail -n 2 "$out/prepare.log" | tr '\n' ' ')"
fi

# --- the same against a tree without the series --------------------------------
# only what the checker reads of the kernel differs: drivers/pinctrl and
# the binding; the board's sources come from the cache's tree as before
old=$out/pristine
mkdir -p "$old"
if git -C "$KSRC" archive pristine drivers/pinctrl \
	Documentation/devicetree/bindings/pinctrl/pincfg-node.yaml | tar -x -C "$old"; then
	for d in arch include scripts; do ln -s "$KSRC/$d" "$old/$d"; done
	if grep -q PIN_DT_VALUE "$old/drivers/pinctrl/pinconf-generic.c" ||
	   ! grep -q '"bias-pull-up", PIN_CONFIG_BIAS_PULL_UP, 1 }' "$old/drivers/pinctrl/pinconf-generic.c"; then
		fail lint-without-the-series "$old is not 6.12's generic parser"
	elif KSRC=$old pincheck prepare "$board" "$out/prep-old" 2>"$out/prepare-old.log"; then
		two_lines "$out/prepare-old.log" lint-without-the-series
	else
		fail lint-without-the-series "prepare failed: $(tail -n 2 "$out/prepare-old.log" | tr '\n' ' ')"
	fi
else
	fail lint-without-the-series "no tag pristine in $KSRC"
fi

# --- the real board: nothing to say ------------------------------------------
if pincheck prepare qcom/qrb5165-rb5 "$out/prep-rb5" 2>"$out/prepare-rb5.log"; then
	! grep -q '^BAD NODE\|bad node' "$out/prepare-rb5.log" && pass lint-real-board-clean ||
		fail lint-real-board-clean "$(grep '^BAD NODE' "$out/prepare-rb5.log" | head -n 2 | tr '\n' ' ')"
else
	fail lint-real-board-clean "prepare failed: $(tail -n 2 "$out/prepare-rb5.log" | tr '\n' ' ')"
fi

# --- the verdict after the boot --------------------------------------------------
d=$BUILD/rehearse/qrb5165-rb5-lint
"$R" "$board" >"$out/rehearse.log" 2>&1
rc=$?
[ "$rc" = 1 ] && pass lint-verdict-exit || fail lint-verdict-exit "exit $rc, want 1"
if [ -f "$d/verdict.txt" ]; then
	two_lines "$d/verdict.txt" lint-verdict-names-both
	tail -n 1 "$d/verdict.txt" | grep -q ' 2 bad nodes, ' && pass lint-verdict-counts ||
		fail lint-verdict-counts "$(tail -n 1 "$d/verdict.txt")"
	python3 - "$d/verdict.json" <<-'EOF' && pass lint-verdict-json || fail lint-verdict-json "verdict.json has not the two problems"
	import json, sys
	p = json.load(open(sys.argv[1]))["problems"]
	sys.exit(sorted(x["property"] for x in p) != ["bias-pul-up", "drive-strength"])
	EOF
else
	fail lint-verdict-names-both "no verdict.txt in $d ($(tail -n 2 "$out/rehearse.log" | tr '\n' ' '))"
fi

# --- a VSOC board ---------------------------------------------------------------------
c=$TOP/tests/corpus/typo-drive-strenght.dts
expect=$(sed -n 's/^ \* expect: //p' "$c")
# the kernel's "<node>: unknown property P (did you mean Q?)" as
# "<node>: P: unknown property (did you mean Q?)"
vsoc=$(sed -E 's/^(\S+): unknown property (\S+) /\1: \2: unknown property /' <<<"$expect")
want="BAD NODE /soc/pinctrl@4c000000/bad-state/bad-pins (state default of /bad-led): $vsoc"
if pincheck prepare "$c" "$out/prep-vsoc" 2>"$out/prepare-vsoc.log" &&
   [ "$(grep -c '^BAD NODE ' "$out/prepare-vsoc.log")" = 1 ] &&
   grep -qxF "$want" "$out/prepare-vsoc.log"; then
	pass lint-vsoc-prepare
else
	fail lint-vsoc-prepare "$(grep -v '^not rehearsed' "$out/prepare-vsoc.log" | head -n 3 | tr '\n' ' ')"
fi
"$R" --quiet "$c" >"$out/rehearse-vsoc.log" 2>&1
rc=$?
dv=$BUILD/rehearse/typo-drive-strenght
if [ "$rc" = 1 ] && grep -qxF "$want" "$dv/verdict.txt" &&
   tail -n 1 "$dv/verdict.txt" | grep -q ': 30 pins checked, 0 mismatches, .* 1 bad nodes, '; then
	pass lint-vsoc-verdict
else
	fail lint-vsoc-verdict "exit $rc: $(tail -n 1 "$dv/verdict.txt" 2>/dev/null)"
fi

finish

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# FIX=1 (scripts/rehearse.sh --fix, pincheck/fix.py): a DT patch for each
# finding with one obvious fix, in git format-patch form, then the board
# rehearsed again with it applied.
#
# - freescale/imx8mm-phg (a tree board, a state never applied:
#   docs/results/mainline-6.12.md): /beeper has pinctrl-0 = <&pinctrl_beeper>
#   (imx8mm-phg.dts line 25) and no pinctrl-names. The patch adds
#   pinctrl-names = "default" before that line; it applies with git am on
#   a scratch copy of the tree as shipped (tag pristine); rehearsed with it
#   the board is clean and has one pin more than without (54 + 1):
#   beepergrp's MX8MM_IOMUXC_GPIO1_IO00_GPIO1_IO0 0x19, which
#   imx8mm-pinfunc.h makes mux register 0x028, pad register 0x290, mux
#   value 0: after the boot, word 0x28 of the IOMUXC window is 0 and word
#   0x290 is 0x19.
# - tests/rehearse/qrb5165-rb5-lint.dts (78-lint's typo board): the patch
#   renames bias-pul-up to bias-pull-up in that file (outside the tree:
#   against the repository that holds it), applies with git am on a
#   scratch copy of it; rehearsed with it, the bias-pul-up line is gone,
#   nothing new appears, and what remains is the 25-bit drive strength,
#   which has no obvious fix and so no patch.
# Each patch is signed off by the identity of the repository's commits,
# never a placeholder.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

R=$TOP/scripts/rehearse.sh
who=$(git -C "$TOP" log -1 --format='%an <%ae>')
out=$BUILD/tests/fix
rm -rf "$out"
mkdir -p "$out"

# git am of PATCH on a scratch repository holding FILE as git archive of
# REV in REPO gives it; leaves the result in $out/am
am_on() {
	local repo=$1 rev=$2 file=$3 patch=$4
	rm -rf "$out/am"
	mkdir -p "$out/am"
	git -C "$repo" archive "$rev" -- "$file" | tar -x -C "$out/am" &&
		git -C "$out/am" init -q && git -C "$out/am" add -A &&
		git -C "$out/am" -c user.name=t -c user.email=t@localhost commit -q -m base &&
		git -C "$out/am" -c user.name=t -c user.email=t@localhost am -q "$patch"
}

# the patch's header: subject (unfolded) and sign-off
patch_ok() {
	local t=$1 p=$2 subject=$3 s
	s=$(sed -n '/^Subject: /,/^$/p' "$p" | sed '$d' | tr -d '\n' | sed 's/^Subject: \[PATCH\] //; s/  */ /g')
	if [ "$s" = "$subject" ] && grep -qxF "Signed-off-by: $who" "$p" &&
	   [ "$(grep -c '^Signed-off-by: ' "$p")" = 1 ] && ! grep -qi 'your name\|example\.com\|placeholder' "$p"; then
		pass "$t"
	else
		fail "$t" "subject [$s], $(grep '^Signed-off-by' "$p")"
	fi
}

# --- a pinctrl-0 without pinctrl-names, in the tree ---------------------------------
b=freescale/imx8mm-phg
d=$BUILD/rehearse/freescale_imx8mm-phg
line=$(FIX=1 "$R" --quiet "$b" 2>&1)
rc=$?
if [ "$rc" = 1 ] && grep -qxF "fix: 1 patch(es) in $d/fix; rehearsed again with them applied: the 1 finding(s) they fix are gone and nothing new appears" <<<"$line"; then
	pass fix-names-said
else
	fail fix-names-said "exit $rc: $(tail -n 2 <<<"$line" | tr '\n' ' ')"
fi
p=$(ls "$d"/fix/0001-*.patch 2>/dev/null)
if [ -f "$p" ]; then
	patch_ok fix-names-patch "$p" "arm64: dts: freescale: imx8mm-phg: Add pinctrl-names to beeper"
	f=arch/arm64/boot/dts/freescale/imx8mm-phg.dts
	if am_on "$CACHE/linux" pristine "$f" "$p" 2>"$out/am.log" &&
	   grep -A1 -F 'pinctrl-names = "default";' "$out/am/$f" | grep -qF 'pinctrl-0 = <&pinctrl_beeper>;'; then
		pass fix-names-git-am
	else
		fail fix-names-git-am "$(head -n 2 "$out/am.log" | tr '\n' ' ')"
	fi
else
	fail fix-names-patch "no patch in $d/fix"
fi
a=$d/fix/after
if tail -n 1 "$a/verdict.txt" 2>/dev/null | grep -qxF "$b: 55 pins checked, 0 mismatches, 0 conflicts, 0 stray writes, 0 bad nodes, 0 consumers failed, 0 states never applied, 0 not rehearsed" &&
   grep -qxF 'consumer /beeper (rh010-beeper): default applied' "$a/verdict.txt"; then
	pass fix-names-rehearsed-clean
else
	fail fix-names-rehearsed-clean "$(tail -n 1 "$a/verdict.txt" 2>/dev/null)"
fi
w=$(window_of "$a" /soc@0/bus@30000000/pinctrl@30330000)
got="$(reg32 "$w" 0x28) $(reg32 "$w" 0x290)"
[ "$got" = "0 $((0x19))" ] && pass fix-names-registers ||
	fail fix-names-registers "GPIO1_IO00 mux and pad words after the fix: $got"

# --- a misspelled generic property, outside the tree ---------------------------------
c=$TOP/tests/rehearse/qrb5165-rb5-lint.dts
d=$BUILD/rehearse/qrb5165-rb5-lint
node=/soc@0/pinctrl@f100000/bt-default-state
gone="BAD NODE $node (state default of /qca6390-pmu): $node: bias-pul-up: unknown property (did you mean bias-pull-up?)"
left="BAD NODE $node (state default of /qca6390-pmu): $node: drive-strength: <16777232> does not fit in 24 bits"
line=$(FIX=1 "$R" --quiet "$c" 2>&1)
rc=$?
if [ "$rc" = 1 ] && grep -q "^fix: 1 patch(es) in $d/fix; rehearsed again with them applied: the 1 finding(s) they fix are gone and nothing new appears" <<<"$line"; then
	pass fix-typo-said
else
	fail fix-typo-said "exit $rc: $(tail -n 2 <<<"$line" | tr '\n' ' ')"
fi
p=$(ls "$d"/fix/0001-*.patch 2>/dev/null)
if [ -f "$p" ]; then
	patch_ok fix-typo-patch "$p" "qrb5165-rb5-lint: Fix misspelled bias-pull-up"
	f=tests/rehearse/qrb5165-rb5-lint.dts
	if am_on "$TOP" HEAD "$f" "$p" 2>"$out/am-typo.log" && grep -qx $'\tbias-pull-up;' "$out/am/$f" &&
	   ! grep -q 'bias-pul-up' "$out/am/$f"; then
		pass fix-typo-git-am
	else
		fail fix-typo-git-am "$(head -n 2 "$out/am-typo.log" | tr '\n' ' ')"
	fi
else
	fail fix-typo-patch "no patch in $d/fix"
fi
a=$d/fix/after
if [ -f "$a/verdict.txt" ] && ! grep -qxF "$gone" "$a/verdict.txt" && grep -qxF "$left" "$a/verdict.txt" &&
   [ "$(grep -c '^BAD NODE ' "$a/verdict.txt")" = 1 ]; then
	pass fix-typo-rehearsed-gone
else
	fail fix-typo-rehearsed-gone "$(grep '^BAD NODE' "$a/verdict.txt" 2>/dev/null | tr '\n' ' ')"
fi
python3 - "$d/fix/result.json" "$left" <<-'EOF' &&
import json, sys
r = json.load(open(sys.argv[1]))
assert r["ok"] and not r["new"] and not r["left"], r
assert sys.argv[2] in r["remaining"], r["remaining"]
EOF
	pass fix-typo-nothing-new || fail fix-typo-nothing-new "$(cat "$d/fix/result.json" 2>/dev/null | tr '\n' ' ')"

# --- a board without a finding: no fix directory, nothing said -------------------------
line=$(FIX=1 "$R" --quiet freescale/imx8mm-evk 2>&1)
rc=$?
[ "$rc" = 0 ] && [ ! -e "$BUILD/rehearse/freescale_imx8mm-evk/fix" ] && ! grep -q '^fix:' <<<"$line" &&
	pass fix-clean-board || fail fix-clean-board "exit $rc: $line"
finish

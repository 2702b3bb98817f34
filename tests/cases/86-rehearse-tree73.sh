#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# TREE=7.3: a board of Debian's linux-source-7.3 (kernel/mainline/BASE),
# compiled with that tree's dtc and include prefixes, its tables read from
# that tree, booted on the project's 6.12 kernel. SKIP when the 7.3 tree
# cannot be fetched.
#
# ti/k3-am62-pocketbeagle2 is in 7.3 and not in 6.12. Its enabled
# consumers and their rows (k3-am62-pocketbeagle2.dts): leds 4, main_i2c0
# 2, main_i2c2 2, main_uart0 2, main_uart6 2, main_mmc1 7, the two SD
# regulators 1 each, the PMIC's irq 1, usb1 1, epwm2 1, wkup_i2c0 2 (in
# mcu_pmx0): 26 pins, 12 consumers (wkup_uart0 and main_uart1 are not
# enabled). Words worked out by hand from 7.3's k3-pinctrl.h
# (AM62X_IOPAD(pa, val, mux) is offset pa, value val | mux;
# pinctrl-single,function-mask 0xffffffff, so the whole word):
#  - main_pmx0 (pinctrl@f4000) 0x1c8, UART0_RXD, PIN_INPUT mode 0:
#    INPUT_EN (1 << 18) | ST_ENABLE (1 << 14) | PULL_DISABLE (1 << 16)
#    = 0x00054000;
#  - main_pmx0 0x1cc, UART0_TXD, PIN_OUTPUT mode 0: INPUT_DISABLE (0) |
#    PULL_DISABLE = 0x00010000;
#  - mcu_pmx0 (pinctrl@4084000) 0x4c, WKUP_I2C0_SCL, PIN_INPUT_PULLUP mode
#    0: INPUT_EN | ST_ENABLE | PULL_UP (1 << 17, PULLUDEN 0) = 0x00064000.
# allwinner/sun55i-t527-orangepi-4a (A523, new in 7.3): 6.12 has no
# driver for allwinner,sun55i-a523-pinctrl (nor for its -r-pinctrl):
# nothing rehearsed (exit 4), each state says so in one line, and so does
# each controller once.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

needs linux73 tree73
R=$TOP/scripts/rehearse.sh
b=ti/k3-am62-pocketbeagle2
d=$BUILD/rehearse-7.3/ti_k3-am62-pocketbeagle2
K73=$("$TOP/scripts/linux73.sh" path)

if [ -f "$K73/arch/arm64/boot/dts/$b.dts" ] && [ ! -f "$CACHE/linux/arch/arm64/boot/dts/$b.dts" ]; then
	pass tree73-board-only-in-7.3
else
	fail tree73-board-only-in-7.3 "$b.dts is not in 7.3 alone"
fi

line=$(TREE=7.3 "$R" --quiet "$b" 2>&1)
rc=$?
case "$rc $line" in
"0 $b: 26 pins checked, 0 mismatches, 0 conflicts, 0 stray writes, 0 bad nodes, 0 consumers failed, 0 states never applied, 0 not rehearsed")
	pass tree73-every-pin ;;
*) fail tree73-every-pin "exit $rc: $line" ;;
esac
# the run is 7.3's: its own directory, the tree in the plan, 12 consumers
python3 - "$d/plan.json" "$d/verdict.json" "$K73" <<-'EOF' &&
import json, sys
plan, v = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert plan["ksrc"] == sys.argv[3], plan["ksrc"]
cons = [c for c in v["consumers"] if not c["hog"]]
assert len(cons) == 12 and all(c["current"] == "default" for c in cons), cons
assert len(v["rows"]) == 26 and not any(r["mismatch"] for r in v["rows"])
EOF
	pass tree73-plan || fail tree73-plan "plan.json or verdict.json of $d"
[ ! -e "$BUILD/rehearse/ti_k3-am62-pocketbeagle2" ] && pass tree73-own-directory ||
	fail tree73-own-directory "the run is under build/rehearse/ too"
w=$(window_of "$d" /bus@f0000/pinctrl@f4000)
m=$(window_of "$d" /bus@f0000/bus@4000000/pinctrl@4084000)
got="$(reg32 "$w" 0x1c8) $(reg32 "$w" 0x1cc) $(reg32 "$m" 0x4c)"
[ "$got" = "$((0x54000)) $((0x10000)) $((0x64000))" ] && pass tree73-registers ||
	fail tree73-registers "UART0_RXD, UART0_TXD, WKUP_I2C0_SCL words: $got"
check_ktap tree73 "$d" 0 "Ran 38 tests: passed: 38"

# a board whose controller the 6.12 kernel has no driver for
a=allwinner/sun55i-t527-orangepi-4a
da=$BUILD/rehearse-7.3/allwinner_sun55i-t527-orangepi-4a
why="the kernel has no driver for allwinner,sun55i-a523-pinctrl"
line=$(TREE=7.3 "$R" --quiet "$a" 2>&1)
rc=$?
if [ "$rc" = 4 ] && [ "$line" = "$a: nothing rehearsed: $why" ] &&
   [ "$(grep -c "^not rehearsed: /soc/pinctrl@2000000: $why\$" "$da/verdict.txt")" = 1 ] &&
   ! grep '^not rehearsed: ' "$da/verdict.txt" |
	grep -Eqv ': the kernel has no driver for allwinner,sun55i-a523(-r)?-pinctrl$'; then
	pass tree73-no-driver
else
	fail tree73-no-driver "exit $rc: $line; $(grep '^not rehearsed' "$da/verdict.txt" 2>/dev/null | head -n 2 | tr '\n' ' ')"
fi

# a tree that is not there: one line, nothing run
line=$(TREE=5.10 "$R" --quiet "$b" 2>&1)
rc=$?
[ "$rc" != 0 ] && [ "$(wc -l <<<"$line")" = 1 ] && grep -q 'TREE=5.10: the trees are 6.12' <<<"$line" &&
	pass tree73-bad-tree || fail tree73-bad-tree "exit $rc: $line"
finish

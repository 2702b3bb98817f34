#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc debug
#
# Real boards rehearsed with their SoC's own mainline pin controller driver
# (scripts/rehearse.sh): two boards per family verify pin by pin, with
# register values checked against the board's DT by hand as well; a board
# variant whose two devices claim one pin is reported with the pin's SoC
# name and both DT paths; and each kind of disagreement (mux, config, input
# select, a write no state explains) provoked in a real capture is reported
# as exactly that pin and field. Every rehearsal also leaves the guest's own
# verdict, the KTAP on its console (checker/rehearse-ktap.c, from the
# plan in the booted DTB, debugfs and /dev/mem): the kernel's kunit.py parse
# reads it, and it is the host's verdict.ktap line for line, on every board
# here, on the conflict, and on a boot whose DT a fixup changed (one pin
# not ok on both sides); run on the host on each provoked capture, the
# guest's tool agrees with the host's verdict of it.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

V="pincheck verdict"
R=$TOP/scripts/rehearse.sh
out=$BUILD/rehearse

# On the debug kernel (make test-debug: KASAN, kmemleak, lockdep) one board
# per family and the conflict: the drivers' paths under the sanitizers; the
# verdict's own logic is tested once, on the normal kernel.
debug=
[ "${KERNEL:-vsoc}" = vsoc ] || debug=1

# --- two boards per family, the first the reference of docs/families.md ---
# The counts of imx8mm-evk, k3-am625-beagleplay, sun50i-h6-pine-h64 and
# qrb5165-rb5 are those of the trial by hand (docs/results/real-boards-notes.md:
# 79, 129 + 4, 38 + 3, and 31 + the 3 SDC groups it did not model, + the
# HDMI bridge's two, on the TLMM and PM8150L: 92-rehearse-qcom-pmic); the
# others guard against change (db845c: 41 TLMM pins and 3 of PM8998).
rehearse_ok freescale/imx8mm-evk 79
rehearse_ok ti/k3-am625-beagleplay 133
rehearse_ok allwinner/sun50i-h6-pine-h64 41
rehearse_ok qcom/qrb5165-rb5 36
if [ -z "$debug" ]; then
	rehearse_ok freescale/imx8mp-evk 106
	rehearse_ok ti/k3-am642-evm 80
	rehearse_ok allwinner/sun50i-h616-orangepi-zero2 30
	rehearse_ok qcom/sdm845-db845c 44
fi

# registers read by the host hold what the DT's pin rows say, checked here
# without the tool: imx8mm-evk's UART2_RXD_UART2_DCE_RX = mux 0x23c, conf
# 0x4a4, input 0x4fc, mux mode 0, input 0, pad config 0x140 (imx8mm-evk.dtsi)
w=$out/freescale_imx8mm-evk/win0-0.bin
if [ -f "$w" ]; then
	[ "$(reg32 "$w" 0x23c)" = 0 ] && [ "$(reg32 "$w" 0x4a4)" = $((0x140)) ] &&
		[ "$(reg32 "$w" 0x4fc)" = 0 ] && pass "rehearse-imx8mm-uart2-registers" ||
		fail "rehearse-imx8mm-uart2-registers" "mux/conf/input words $(reg32 "$w" 0x23c) $(reg32 "$w" 0x4a4) $(reg32 "$w" 0x4fc)"
	# an untouched pad keeps the window's fill
	[ "$(reg32 "$w" 0x8000)" = $((0xa5a5a5a5)) ] && pass "rehearse-imx8mm-fill-untouched" ||
		fail "rehearse-imx8mm-fill-untouched" "0x8000 holds $(reg32 "$w" 0x8000)"
fi
# the debugfs dumps came through guest RAM (qemu/run.sh --dumps-to-ram),
# not the serial console: none before "VSOC DONE", appended after it; of
# the pinctrl directory only the files the verdict reads (no pinctrl-maps)
c=$out/freescale_imx8mm-evk/console.log
# (the serial lines end in CR LF)
serial=$(tr -d '\r' <"$c" 2>/dev/null | sed -n '1,/^==== VSOC DONE ====$/p' |
	grep -c '^==== VSOC BEGIN boot /sys/kernel/debug/pinctrl')
ram=$(tr -d '\r' <"$c" 2>/dev/null | sed -n '/^==== VSOC DONE ====$/,$p' |
	grep -c '^==== VSOC BEGIN boot /sys/kernel/debug/pinctrl/4c000000.pinctrl/pinmux-pins ====$')
maps=$(grep -c '^==== VSOC BEGIN boot /sys/kernel/debug/pinctrl/pinctrl-maps ' "$c" 2>/dev/null)
[ "$serial" = 0 ] && [ "$ram" = 1 ] && [ "$maps" = 0 ] && pass "rehearse-dumps-through-ram" ||
	fail "rehearse-dumps-through-ram" "$serial dumps on the serial console, $ram pinmux-pins after DONE, $maps pinctrl-maps"
# beagleplay: main_uart0 RXD AM62X_IOPAD(0x01c8, PIN_INPUT, 0), PIN_INPUT
# being RXACTIVE | ST_ENABLE | PULL_DISABLE = 1 << 18 | 1 << 14 | 1 << 16
# (k3-pinctrl.h)
w=$(window_of "$out/ti_k3-am625-beagleplay" /bus@f0000/pinctrl@f4000)
[ -n "$w" ] && [ "$(reg32 "$w" 0x1c8)" = $((0x54000)) ] && pass "rehearse-am625-uart0-register" ||
	fail "rehearse-am625-uart0-register" "main_pmx0+0x1c8 holds $( [ -n "$w" ] && reg32 "$w" 0x1c8)"
# pine-h64: uart0 on PH0/PH1, function 2 (uart0_ph_pins), cfg register of
# bank H at 7 * 0x24: fields 0 and 1 are 2, the rest keep reset value 7
w=$(window_of "$out/allwinner_sun50i-h6-pine-h64" /soc/pinctrl@300b000)
[ -n "$w" ] && [ "$(printf '%#x' "$(reg32 "$w" $((7 * 0x24)))")" = 0x77777722 ] &&
	pass "rehearse-h6-uart0-register" ||
	fail "rehearse-h6-uart0-register" "PH_CFG0 holds $( [ -n "$w" ] && printf '%#x' "$(reg32 "$w" $((7 * 0x24)))")"
# the names the table prints are the SoC's
grep -q '^MX8MM_IOMUXC_UART2_RXD ' "$out/freescale_imx8mm-evk/verdict.txt" &&
	grep -q 'main_pmx0:PADCONFIG114 UART0_RXD (D14) ' "$out/ti_k3-am625-beagleplay/verdict.txt" &&
	grep -q '^consumer /soc@0/bus@30800000/spba-bus@30800000/serial@30890000 (rh006-serial): default applied$' \
		"$out/freescale_imx8mm-evk/verdict.txt" &&
	pass "rehearse-names" || fail "rehearse-names" "SoC pin names or DT paths missing from the tables"
# what cannot be rehearsed says why, and does not fail the board
grep -q '^not rehearsed: /soc@0/pinctrl@33c0000: an LPASS LPI pin controller (needs its audio clocks and power domain)$' \
	"$out/qcom_qrb5165-rb5/verdict.txt" && pass "rehearse-not-mmio-reported" ||
	fail "rehearse-not-mmio-reported" "the LPASS LPI controller of rb5 is not reported"

# --- a board outside the tree that includes a tree board -----------------
if [ -z "$debug" ]; then
	rehearse_ok "$TOP/tests/rehearse/imx8mm-evk-custom.dts" 79
	w=$out/imx8mm-evk-custom/win0-0.bin
	[ -f "$w" ] && [ "$(reg32 "$w" 0x4a4)" = $((0x49)) ] && [ "$(reg32 "$w" 0x4a8)" = $((0x49)) ] &&
		pass "rehearse-own-board-registers" ||
		fail "rehearse-own-board-registers" "UART2 pads hold $( [ -f "$w" ] && reg32 "$w" 0x4a4), want 0x49"
fi

# --- two enabled devices claim one pin: both DT paths, the SoC's pin name -
b="freescale/imx8mm-evk+$TOP/tests/rehearse/imx8mm-evk-leds-take-uart2.dtso"
d=$out/freescale_imx8mm-evk+imx8mm-evk-leds-take-uart2
"$R" --quiet "$b" >/dev/null 2>&1
rc=$?
[ "$rc" = 1 ] && pass "rehearse-conflict-exit" || fail "rehearse-conflict-exit" "exit $rc, want 1"
for pin in MX8MM_IOMUXC_UART2_RXD MX8MM_IOMUXC_UART2_TXD; do
	if grep -q "^CONFLICT $pin: muxed by /soc@0/bus@30800000/spba-bus@30800000/serial@30890000 (/soc@0/bus@30000000/pinctrl@30330000/uart2grp) and claimed by /leds (/soc@0/bus@30000000/pinctrl@30330000/uart2grp, state default)$" "$d/verdict.txt" ||
	   grep -q "^CONFLICT $pin: muxed by /leds (/soc@0/bus@30000000/pinctrl@30330000/uart2grp) and claimed by /soc@0/bus@30800000/spba-bus@30800000/serial@30890000 " "$d/verdict.txt"; then
		pass "rehearse-conflict-$pin"
	else
		fail "rehearse-conflict-$pin" "no CONFLICT line naming $pin, /leds and serial@30890000 in $d/verdict.txt"
	fi
done
grep -q "^consumer /leds (rh018-leds): FAILED: pin MX8MM_IOMUXC_UART2_[RT]XD already requested by /soc@0/bus@30800000/spba-bus@30800000/serial@30890000$" "$d/verdict.txt" &&
	pass "rehearse-conflict-consumer-failed" ||
	fail "rehearse-conflict-consumer-failed" "/leds is not reported as failed by the claim"
# on the console: the one test not ok is /leds, with the claim's words
check_ktap conflict "$d" 1 "Ran 102 tests: passed: 101, failed: 1"
if [ "$(grep -c '^    not ok ' "$d/console.ktap")" = 1 ] &&
   grep -q '^    not ok [0-9]* consumer_/leds$' "$d/console.ktap" &&
   grep -q '^    # consumer_/leds: FAILED: pin MX8MM_IOMUXC_UART2_[RT]XD already requested by /soc@0/bus@30800000/spba-bus@30800000/serial@30890000$' "$d/console.ktap"; then
	pass "rehearse-conflict-ktap-names-the-consumer"
else
	fail "rehearse-conflict-ktap-names-the-consumer" "$(grep -B1 '^    not ok' "$d/console.ktap" | head -n 4 | tr '\n' ' ')"
fi

# --- a mismatch the guest sees: the booted DT is not the board's ----------
# A fixup (an overlay on the booted DTB, as a boot loader's) sets bit 0 of
# UART2_RXD's pad word; the plan is the board's DT: both verdicts find that
# pin, and only it, not ok, with registers and debugfs at 0x141
if [ -z "$debug" ]; then
	d=$out/freescale_imx8mm-evk~imx8mm-evk-fixup-uart2-rxd
	line=$("$R" --quiet --fixup "$TOP/tests/rehearse/imx8mm-evk-fixup-uart2-rxd.dtso" freescale/imx8mm-evk 2>&1)
	rc=$?
	case "$rc $line" in
	"1 freescale/imx8mm-evk: 79 pins checked, 1 mismatches, 0 conflicts, 0 stray writes,"*)
		pass "rehearse-fixup-mismatch" ;;
	*) fail "rehearse-fixup-mismatch" "exit $rc: $line" ;;
	esac
	check_ktap fixup "$d" 1 "Ran 102 tests: passed: 101, failed: 1"
	if [ "$(grep -c '^    not ok ' "$d/console.ktap")" = 1 ] &&
	   grep -q '^    not ok [0-9]* MX8MM_IOMUXC_UART2_RXD$' "$d/console.ktap" &&
	   grep -q '^    # MX8MM_IOMUXC_UART2_RXD: conf: registers=0x141, expected=0x140; conf: debugfs=0x141, expected=0x140$' "$d/console.ktap" &&
	   tail -n 1 "$d/console.ktap" | grep -q '^not ok 1 freescale/imx8mm-evk~imx8mm-evk-fixup-uart2-rxd$'; then
		pass "rehearse-fixup-ktap-names-the-pin"
	else
		fail "rehearse-fixup-ktap-names-the-pin" "$(grep -B1 'not ok' "$d/console.ktap" | head -n 4 | tr '\n' ' ')"
	fi
fi

# --- each kind of disagreement, provoked in a real capture ------------------
# mutate RUN FIELD-SELECTOR VALUE: copy the imx8mm-evk run, put VALUE in the
# register of the field, print the verdict's output
src=$out/freescale_imx8mm-evk
provoke() {
	local name=$1 off=$2 val=$3 want=$4 m=$BUILD/tests/rehearse-$1 txt
	rm -rf "$m"
	cp -r "$src" "$m"
	python3 - "$m/win0-0.bin" "$off" "$val" <<-'EOF'
	import struct, sys
	f, off, val = sys.argv[1], int(sys.argv[2], 0), int(sys.argv[3], 0)
	b = bytearray(open(f, "rb").read())
	struct.pack_into("<I", b, off, val)
	open(f, "wb").write(b)
	EOF
	txt=$($V "$m")
	rc=$?
	# exactly one disagreement, the one provoked
	if [ "$rc" = 1 ] && [ "$(grep -c 'MISMATCH\|^STRAY WRITE' <<<"$txt")" = 1 ] &&
	   grep -q -- "$want" <<<"$txt"; then
		pass "rehearse-provoked-$name"
	else
		fail "rehearse-provoked-$name" "exit $rc; $(grep 'MISMATCH\|STRAY' <<<"$txt" | head -3 | tr '\n' ' ')"
	fi
	# the guest's tool (built for the host) on what the guest would have
	# seen of the changed capture prints the host's KTAP of it: the pin not
	# ok, or, for a stray word (which the guest does not check), all ok
	local nbad=$5
	rm -rf "$m.root"
	python3 "$TOP/tests/verify/guest-root.py" "$m" "$m.root" >&2
	"$BUILD/rehearse-ktap" --root "$m.root" --mem "$m.root/mem" >"$m/guest.ktap"
	rc=$?
	rm -rf "$m.root"
	if [ "$rc" = "$nbad" ] && [ "$(grep -c '^    not ok ' "$m/guest.ktap")" = "$nbad" ] &&
	   diff -q "$m/guest.ktap" "$m/verdict.ktap" >/dev/null; then
		pass "rehearse-provoked-$name-guest-ktap"
	else
		fail "rehearse-provoked-$name-guest-ktap" "exit $rc; $(diff "$m/guest.ktap" "$m/verdict.ktap" | head -n 4 | tr '\n' ' ')"
	fi
}
if [ -z "$debug" ] && [ -f "$src/verdict.json" ]; then
	provoke mux 0x23c 0x5 '^MX8MM_IOMUXC_UART2_RXD .* MISMATCH mux: registers=0x5, expected=0x0$' 1
	provoke config 0x4a4 0x141 '^MX8MM_IOMUXC_UART2_RXD .* MISMATCH conf: registers=0x141, expected=0x140$' 1
	provoke input 0x4fc 0x1 '^MX8MM_IOMUXC_UART2_RXD .* MISMATCH input: registers=0x1, expected=0x0$' 1
	provoke stray 0x8000 0x0 '^STRAY WRITE /soc@0/bus@30000000/pinctrl@30330000 window 0 offset 0x8000: reset 0xa5a5a5a5, registers 0x0, no applied state writes it$' 0
fi
finish

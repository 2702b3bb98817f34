#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# The i.MX parts on the pinctrl-imx core beyond i.MX8M, and the i.MX27 on
# the pinctrl-imx1 core, rehearsed with their own drivers
# (scripts/rehearse.sh): an i.MX9 reference board (imx93-11x11-evk) and
# 32-bit boards of arch/arm, one per driver flag the family models, every
# pin of every enabled consumer in agreement; register words of each window
# compared with values worked out by hand from the board's fsl,pins rows
# and the SoC's pinfunc.h macros (<mux_reg conf_reg input_reg mux_mode
# input_val>, the row adding the config); a board of one's own that puts a
# second enabled device on the console's pad reported as a CONFLICT with
# both DT paths, the second device failed; and on every boot the guest's
# own KTAP (console.ktap) equal to the host's (verdict.ktap).
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

# rehearse_ok, check_ktap and window_of are tests/lib.sh's. The pin counts
# guard against change: the pins of the default states of each board's
# enabled devices, as the plan found them before the first boot.
R=$TOP/scripts/rehearse.sh
out=$BUILD/rehearse
FILL=$((0xa5a5a5a5))            # the i.MX windows' reset fill (families/imx.py)

# NAME WINDOW OFFSET=VALUE...: each 32-bit word of the window holds VALUE
# (or, as OFFSET&MASK=VALUE, holds VALUE under MASK)
words() {
	local name=$1 w=$2 bad=() kv off val mask got
	shift 2
	for kv in "$@"; do
		off=${kv%%=*} val=$((${kv#*=})) mask=0xffffffff
		case "$off" in *"&"*) mask=${off#*&} off=${off%%&*} ;; esac
		got=$([ -f "$w" ] && reg32 "$w" "$off")
		[ -n "$got" ] && [ $((got & mask)) = "$val" ] ||
			bad+=("$(printf '%s: %#x, want %#x' "$off" "$((${got:-0} & mask))" "$val")")
	done
	[ "${#bad[@]}" = 0 ] && pass "imx-$name" || fail "imx-$name" "${bad[*]} (${w:-no window})"
}

# --- i.MX93: ZERO_OFFSET_VALID, SION ---------------------------------------
rehearse_ok freescale/imx93-11x11-evk 70
d=$out/freescale_imx93-11x11-evk
w=$(window_of "$d" /soc@0/bus@44000000/pinctrl@443c0000)
# lpuart1 (console): MX93_PAD_UART1_RXD__LPUART1_RX 0x0180 0x0330 0x0000
# 0x0 0x0, config 0x31e; MX93_PAD_UART1_TXD__LPUART1_TX 0x0184 0x0334 0
# 0x0 0, config 0x31e
words imx93-uart1 "$w" 0x180=0 0x330=0x31e 0x184=0 0x334=0x31e
# lpuart5: MX93_PAD_DAP_TDI__LPUART5_RX 0x0000 0x01B0 0x0430 0x6 0x0,
# 0x31e: the mux register at offset 0 is a pad's (ZERO_OFFSET_VALID) and
# holds mode 6; the input select at 0x430 gets 0
words imx93-mux-at-offset-0 "$w" 0x0=6 0x1b0=0x31e 0x430=0
# usdhc1: MX93_PAD_SD1_CMD__USDHC1_CMD 0x010C 0x02BC 0 0x0 0, config
# 0x40001382: bit 30 (SION) goes to the mux word as 0x10, the pad word
# gets the rest; MX93_PAD_SD1_CLK__USDHC1_CLK 0x0108 0x02B8, 0x1582
words imx93-sion "$w" 0x10c=0x10 0x2bc=0x1382 0x108=0 0x2b8=0x1582
# a pad no enabled device names keeps the fill: MX93_PAD_SD3_CLK's mux
# word 0x0138 (usdhc3 is disabled on this board)
words imx93-fill-untouched "$w" 0x138=$FILL
grep -q '^IMX93_IOMUXC_UART1_RXD .* ok$' "$d/verdict.txt" 2>/dev/null &&
	grep -q '^consumer /soc@0/bus@44000000/serial@44380000 (rh[0-9]*-serial): default applied$' "$d/verdict.txt" &&
	pass "imx-imx93-names" || fail "imx-imx93-names" "the SoC's pin names or the DT paths are missing from $d/verdict.txt"

# --- a second enabled device on the console's pad ---------------------------
b=$TOP/tests/rehearse/imx93-11x11-evk-led-on-console.dts
d=$out/imx93-11x11-evk-led-on-console
line=$("$R" --quiet "$b" 2>&1)
rc=$?
case "$rc $line" in
"1 $b: 70 pins checked, 0 mismatches, 1 conflicts, 0 stray writes, 0 bad nodes, 1 consumers failed,"*)
	pass "imx-conflict-exit" ;;
*) fail "imx-conflict-exit" "exit $rc: $line" ;;
esac
grep -q '^CONFLICT IMX93_IOMUXC_UART1_TXD: muxed by /soc@0/bus@44000000/serial@44380000 (/soc@0/bus@44000000/pinctrl@443c0000/uart1grp) and claimed by /leds-status (/soc@0/bus@44000000/pinctrl@443c0000/ledstatusgrp, state default)$' \
	"$d/verdict.txt" 2>/dev/null && pass "imx-conflict-both-paths" ||
	fail "imx-conflict-both-paths" "$(grep '^CONFLICT' "$d/verdict.txt" 2>/dev/null | head -n 2 | tr '\n' ' ')"
grep -q '^consumer /leds-status (rh[0-9]*-leds-status): FAILED: pin IMX93_IOMUXC_UART1_TXD already requested by /soc@0/bus@44000000/serial@44380000$' \
	"$d/verdict.txt" 2>/dev/null && pass "imx-conflict-second-failed" ||
	fail "imx-conflict-second-failed" "$(grep '^consumer /leds-status' "$d/verdict.txt" 2>/dev/null)"
# the pad stays the console's: mux 0 (LPUART1_TX), not 5 (GPIO1_IO05)
words conflict-pad-kept "$(window_of "$d" /soc@0/bus@44000000/pinctrl@443c0000)" 0x184=0 0x334=0x31e
check_ktap imx-conflict "$d" 1 "Ran 85 tests: passed: 84, failed: 1"
[ "$(grep -c '^    not ok ' "$d/console.ktap" 2>/dev/null)" = 1 ] &&
	grep -q '^    not ok [0-9]* consumer_/leds-status$' "$d/console.ktap" &&
	pass "imx-conflict-ktap-one-failure" ||
	fail "imx-conflict-ktap-one-failure" "$(grep -B1 '^    not ok' "$d/console.ktap" 2>/dev/null | head -n 4 | tr '\n' ' ')"

# --- i.MX6ULL (arch/arm): select input, IMX_NO_PAD_CTL ------------------------
rehearse_ok arm/nxp/imx/imx6ull-14x14-evk 112
w=$(window_of "$out/arm_nxp_imx_imx6ull-14x14-evk" /soc/bus@2000000/pinctrl@20e0000)
# uart1: MX6UL_PAD_UART1_TX_DATA__UART1_DCE_TX 0x0084 0x0310 0x0000 0 0 and
# MX6UL_PAD_UART1_RX_DATA__UART1_DCE_RX 0x0088 0x0314 0x0624 0 3, 0x1b0b1
words imx6ull-uart1 "$w" 0x84=0 0x310=0x1b0b1 0x88=0 0x314=0x1b0b1 0x624=3
# spi4 (spi-gpio): MX6UL_PAD_SNVS_TAMPER8__GPIO5_IO08 0x003c 0x02c8 0 5 0
# with config 0x80000000 (IMX_NO_PAD_CTL): mode 5, the pad word untouched;
# MX6UL_PAD_SNVS_TAMPER7__GPIO5_IO07 0x0038 0x02c4, 0x70a1 written
words imx6ull-no-pad-ctl "$w" 0x3c=5 0x2c8=$FILL 0x38=5 0x2c4=0x70a1

# --- VF610: SHARE_MUX_CONF_REG, ZERO_OFFSET_VALID ----------------------------
rehearse_ok arm/nxp/vf/vf610-twr 70
w=$(window_of "$out/arm_nxp_vf_vf610-twr" /soc/bus@40000000/iomuxc@40048000)
# one word per pad, the mux mode in bits 22:20 (mux_mask 0x700000, shift
# 20, pinctrl-vf610.c) and the config below it: VF610_PAD_PTB4__UART1_TX
# 0x068 0x380 ALT2 0x0 with 0x21a2 is 2 << 20 | 0x21a2; PTB5__UART1_RX
# 0x06C 0x37C ALT2 0x0 with 0x21a1; the input selects get 0
words vf610-uart1 "$w" 0x68=0x2021a2 0x6c=0x2021a1 0x380=0 0x37c=0
# fec0: VF610_PAD_PTA6__RMII_CLKIN 0x000 0x2F0 ALT2 0x0 with 0x30d1: the
# pad at offset 0
words vf610-pad-at-offset-0 "$w" 0x0=0x2030d1 0x2f0=0

# --- i.MX6DL: the select input in a GPR (input_val 0xff......) ---------------
rehearse_ok arm/nxp/imx/imx6dl-riotboard 72
w=$(window_of "$out/arm_nxp_imx_imx6dl-riotboard" /soc/bus@2000000/pinctrl@20e0000)
# enet: MX6QDL_PAD_GPIO_6__ENET_IRQ 0x234 0x604 0x03c 0x11 0xff000609
# (imx6dl-pinfunc.h), 0x000b1: the GPR at 0x3c gets select 9 in a field of
# width 6 at shift 0, the rest of the word keeps the fill
words imx6dl-gpr-input "$w" 0x234=0x11 0x604=0xb1 0x3c=$(((FILL & ~0x3f) | 9))

# --- i.MX7D: the LPSR iomuxc's select inputs in the main iomuxc ----------------
rehearse_ok arm/nxp/imx/imx7d-nitrogen7 115
d=$out/arm_nxp_imx_imx7d-nitrogen7
lpsr=$(window_of "$d" /soc/bus@30000000/pinctrl@302c0000)
main=$(window_of "$d" /soc/bus@30000000/pinctrl@30330000)
# usbotg1: MX7D_PAD_LPSR_GPIO1_IO04__USB_OTG1_OC 0x0010 0x0040 0x072C 0x1
# 0x1, 0x7d: mux and pad in the LPSR window, the select input 0x72c in the
# main iomuxc's (fsl,input-sel = <&iomuxc>), not in the LPSR's
words imx7d-lpsr-pad "$lpsr" 0x10=1 0x40=0x7d 0x72c=$FILL
words imx7d-lpsr-input-in-main "$main" 0x72c=1
# wdog1: MX7D_PAD_LPSR_GPIO1_IO00__WDOG1_WDOG_B 0x0000 0x0030 0 0x3 0, 0x75
words imx7d-lpsr-mux-at-offset-0 "$lpsr" 0x0=3 0x30=0x75
# the booted DT keeps the phandle, to the moved main iomuxc
if (cd "$TOP" && python3 - "$d/virt.dtb") <<-'EOF'
	import sys
	from pincheck import fdt
	t = fdt.read(sys.argv[1])
	lpsr = [n for n in t.root.children if "fsl,imx7d-iomuxc-lpsr" in n.strings("compatible")]
	main = [n for n in t.root.children if "fsl,imx7d-iomuxc" in n.strings("compatible")]
	sys.exit(not (lpsr and main and lpsr[0].u32("fsl,input-sel") == main[0].phandle))
	EOF
then
	pass "imx-imx7d-input-sel-kept"
else
	fail "imx-imx7d-input-sel-kept" "the LPSR iomuxc of $d/virt.dtb has no fsl,input-sel to the moved iomuxc"
fi
# that select input is checked where it is: the capture changed by hand
# (the main window's 0x72c back to 0) makes the LPSR pin, and only it, not
# ok in the host's verdict and in the guest's tool run on the same capture
m=$BUILD/tests/imx-lpsr-input
rm -rf "$m" "$m.root"
if [ -n "$main" ] && cp -r "$d" "$m"; then
	python3 - "$m/${main##*/}" <<-'EOF'
	import struct, sys
	b = bytearray(open(sys.argv[1], "rb").read())
	struct.pack_into("<I", b, 0x72c, 0)
	open(sys.argv[1], "wb").write(b)
	EOF
	txt=$(pincheck verdict "$m")
	rc=$?
	python3 "$TOP/tests/verify/guest-root.py" "$m" "$m.root" >&2
	"$BUILD/rehearse-ktap" --root "$m.root" --mem "$m.root/mem" >"$m/guest.ktap"
	grc=$?
	if [ "$rc $grc" = "1 1" ] && [ "$(grep -c MISMATCH <<<"$txt")" = 1 ] &&
	   grep -q '^iomuxc_lpsr:MX7D_PAD_GPIO1_IO04 .* MISMATCH input: registers=0x0, expected=0x1$' <<<"$txt" &&
	   [ "$(grep -c '^    not ok ' "$m/guest.ktap")" = 1 ] &&
	   diff -q "$m/guest.ktap" "$m/verdict.ktap" >/dev/null; then
		pass "imx-imx7d-lpsr-input-provoked"
	else
		fail "imx-imx7d-lpsr-input-provoked" "exit $rc/$grc; $(grep MISMATCH <<<"$txt" | head -n 2 | tr '\n' ' ')$(diff "$m/guest.ktap" "$m/verdict.ktap" | head -n 3 | tr '\n' ' ')"
	fi
	rm -rf "$m.root"
else
	fail "imx-imx7d-lpsr-input-provoked" "no run of imx7d-nitrogen7 to change"
fi

# --- i.MX27: the pinctrl-imx1 core, bit fields per port --------------------
rehearse_ok arm/nxp/imx/imx27-pdk 46
w=$(window_of "$out/arm_nxp_imx_imx27-pdk" /soc/bus@10000000/iomuxc@10015000)
# rows <pin mux_id config>, pin = port * 32 + bit, a port every 0x100 with
# DDIR 0x00, OCR 0x04 (+4 for bits 16-31, 2 bits a pin), ICONFA 0x0c,
# ICONFB 0x14, GIUS 0x20, GPR 0x38, PUEN 0x40 (pinctrl-imx1-core.c);
# mux_id = function | dir << 2 | oconf << 4 | iconfa << 8 | iconfb << 10
# with bit 1 "GPIO" (imx27-pinfunc.h).
# uart1: MX27_PAD_UART1_TXD__UART1_TXD 0x8c 0x004 (port 4 bit 12, output),
# _RXD 0x8d 0x000, _CTS 0x8e 0x004, _RTS 0x8f 0x000, config 0: DDIR bits
# 12 and 14 set, 13 and 15 clear; GIUS, GPR and PUEN bits 12-15 clear
words imx27-uart1 "$w" "0x400&0xf000=0x5000" "0x420&0xf000=0" "0x438&0xf000=0" "0x440&0xf000=0"
# cspi2: MX27_PAD_CSPI2_SS0__GPIO4_21 0x75 0x032 (port 3 bit 21, GPIO in,
# oconf 3): GIUS bit 21 set, DDIR bit 21 clear, OCR2 bits 11:10 = 3,
# ICONFA2/B2 bits 11:10 clear; every write is read-modify-write, so
# DDIR bit 18 (pin 0x72, in no row of the board) keeps the fill's 1
words imx27-gpio-pin "$w" "0x320&0x200000=0x200000" "0x300&0x240000=0x40000" \
	"0x308&0xc00=0xc00" "0x310&0xc00=0" "0x318&0xc00=0"
finish

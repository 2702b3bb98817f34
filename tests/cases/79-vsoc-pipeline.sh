#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc debug
#
# VSOC is a family like the real boards' (pincheck/families/vsoc.py, from
# the datasheet): every VSOC board goes through the one pipeline of make
# rehearse (plan, boot, the guest's checker, the host's verdict) and
# agrees pin by pin, its guest KTAP equal to the host's; words of its
# window are checked against values worked out by hand from the board's DT
# and the datasheet; a board whose two devices want one pin is CONFLICT
# with both DT paths, the second device FAILED.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
R=$TOP/scripts/rehearse.sh
out=$BUILD/rehearse

debug=
[ "${KERNEL:-vsoc}" = vsoc ] || debug=1

# BOARD PINS: as rehearse_ok, for a board of boards/ named without a path
rehearse_ok vsoc-evb 7
if [ -z "$debug" ]; then
	rehearse_ok vsoc-handset 20
	rehearse_ok vsoc-milker 30
fi

# vsoc-evb's words, by hand (datasheet sections 2 to 5; boards/vsoc-evb.dts):
#  - MUX0 (0x100): uart0_grp is PA0, PA1 at select 1: bits [3:0] and [7:4]
#    are 1: 0x11;
#  - PAD of PA0 (0x1000): drive-push-pull, DRIVE = 1 at [6:5] (0x20), and
#    drive-strength 4 mA, STAGES = 4 / 2 - 1 = 1 at [9:7] (0x80): 0xa0;
#  - PAD of PA1 (0x1004): bias-pull-up without ohms (100 kOhm), BIAS = 2,
#    PULL = 0 (0x2), input-enable, INPUT at [25] (0x2000000): 0x2000002;
#  - PAD of PG3 (pin 6 * 32 + 3 = 195, 0x1000 + 4 * 195 = 0x130c):
#    bias-pull-up 47 kOhm, BIAS = 2 and PULL = 1 (0xa), input-schmitt-enable
#    at [10] (0x400), vsoc,wakeup at [24], input-enable at [25]: 0x300040a.
w=$out/vsoc-evb/win0-0.bin
if [ -f "$w" ]; then
	got="$(reg32 "$w" 0x100) $(reg32 "$w" 0x1000) $(reg32 "$w" 0x1004) $(reg32 "$w" 0x130c)"
	if [ "$got" = "$((0x11)) $((0xa0)) $((0x2000002)) $((0x300040a))" ]; then
		pass "vsoc-pipeline: vsoc-evb's MUX0 and the PADs of PA0, PA1 and PG3 hold the hand-computed words"
	else
		fail vsoc-pipeline-words "MUX0, PAD PA0, PA1, PG3: $got"
	fi
else
	fail vsoc-pipeline-words "no window $w"
fi

# provoke NAME SED-EXPR WANT WHAT: a copy of vsoc-evb's run with one line
# of its console changed is a MISMATCH of that alone, matching WANT, in the
# host's verdict and in the guest's checker (built for the host, on what the
# guest would have seen of the changed capture: tests/verify/guest-root.py)
provoke() {
	local name=$1 expr=$2 want=$3 what=$4 m=$BUILD/tests/vsoc-pipeline-$1 txt rc grc
	rm -rf "$m" "$m.root"
	cp -r "$out/vsoc-evb" "$m"
	sed -i "$expr" "$m/console.log"
	txt=$(pincheck verdict "$m")
	rc=$?
	python3 "$TOP/tests/verify/guest-root.py" "$m" "$m.root" >&2
	"$BUILD/rehearse-ktap" --root "$m.root" --mem "$m.root/mem" >"$m/guest.ktap"
	grc=$?
	rm -rf "$m.root"
	if [ "$rc" = 1 ] && [ "$(grep -c MISMATCH <<<"$txt")" = 1 ] && grep -qx -- "$want" <<<"$txt" &&
	   [ "$grc" = 1 ] && diff -q "$m/guest.ktap" "$m/verdict.ktap" >/dev/null; then
		pass "vsoc-pipeline: $what, guest and host alike"
	else
		fail "vsoc-pipeline-$name" "exit $rc, guest $grc; $(grep MISMATCH <<<"$txt") $(diff "$m/guest.ktap" "$m/verdict.ktap" | head -n 4 | tr '\n' ' ')"
	fi
}
if [ -z "$debug" ] && [ -f "$out/vsoc-evb/verdict.json" ]; then
	# the driver's read-back (debugfs pins, "mux N pad 0x..."): PA0's
	# select 1 (uart0_grp, datasheet section 3) read back as 7
	provoke pins '/^pin 0 (PA0) /s/ mux 1 pad / mux 7 pad /' \
		'PA0 .* MISMATCH mux: debugfs=0x7, expected=0x1' \
		"a mux select in debugfs pins that is not the DT's is a debugfs MISMATCH"
	# provenance: the core's pinconf-owners names another DT node for
	# PA0's configuration than the one that set it (uart0-conf-state,
	# the serial's default state in boards/vsoc-evb.dts)
	provoke owners '/^pin 0 (PA0): /s/uart0-conf-state (rh000-serial/jtag-park-state (rh000-serial/' \
		'PA0 .* MISMATCH owners: pinconf-owners=/soc/pinctrl@4c000000/jtag-park-state (rh000-serial, default), expected=/soc/pinctrl@4c000000/uart0-conf-state (rh000-serial, default)' \
		"pinconf-owners naming another DT node for PA0's configuration is a MISMATCH"
	# the group a pin is muxed through: PA0 claimed through uart0_rtscts_grp
	# (PA2, PA3 in section 3) instead of the board's uart0_grp
	provoke group '/^pin 0 (PA0): device/s/group uart0_grp/group uart0_rtscts_grp/' \
		'PA0 .* MISMATCH group: debugfs=uart0_rtscts_grp, expected=uart0_grp' \
		"a pin claimed through another group than the DT's is a MISMATCH"
	# pinconf-pins decoded field by field (datasheet sections 4 and 5):
	# PA1's bias-pull-up without ohms is 100 kOhm, PULL = 0; read back as
	# 47000 ohms it is PULL = 1
	provoke pinconf '/^pin 1 (PA1): /s/pull up (100000 ohms)/pull up (47000 ohms)/' \
		'PA1 .* MISMATCH pull: pinconf-pins=0x1, expected=0x0' \
		"a PAD field pinconf-pins reads back off the DT's is a MISMATCH"
	# PA0 push-pull (DRIVE = 1) without the "output enabled" that goes
	# with a driving pad: the items contradict each other, "?"
	provoke pinconf-items '/^pin 0 (PA0): /s/, output enabled//' \
		'PA0 .* MISMATCH drive: pinconf-pins=?, expected=0x1' \
		"pinconf-pins items that contradict each other are a MISMATCH"
fi

# System sleep: the handset's hogs have a sleep state, which the driver
# applies while the guest sleeps and leaves for default on resume
# (boards/vsoc-handset.dts). Asleep, the window holds the sleep state: 12
# pins differ from the boot's expectation, each at least by LOWPOWER = 1
# (low-power-enable in all three sleep nodes: i2c0_d_grp, PD26 and PD27;
# i2s0_grp and i2s0_mclk_grp, PC16 to PC19; sdmmc0_grp, PB0 to PB5); after
# resume, registers, debugfs and pinconf-owners (which keeps the sleep
# nodes as owners of what default does not set) are the replay of boot,
# sleep, default.
hs=$out/vsoc-handset@sleep h=4c000000.pinctrl
if [ -z "$debug" ]; then
	"$R" --quiet --sleep 3 vsoc-handset >/dev/null 2>&1
	rc=$?
	asleep=$(pincheck verdict "$hs" --asleep --then $h=sleep | tail -n 1)
	src=$?
	awake=$(pincheck verdict "$hs" --asleep | tail -n 1)
	resume=$(pincheck verdict "$hs" --phase resume --then $h=sleep --then $h=default | tail -n 1)
	rrc=$?
	ok=": 20 pins checked, 0 mismatches, 0 conflicts, 0 stray writes,"
	if [ "$rc" = 0 ] && grep -q '^==== VSOC RESUMED ====' "$hs/console.log" &&
	   [ "$src" = 0 ] && [[ "$asleep" == *"$ok"* ]] &&
	   [[ "$awake" == *": 20 pins checked, 12 mismatches, 0 conflicts, 0 stray writes,"* ]] &&
	   [ "$rrc" = 0 ] && [[ "$resume" == *"$ok"* ]] &&
	   grep -q '"conf_owners": "/pinctrl@4c000000/sdmmc0-sleep-state (4c000000.pinctrl, sleep) | ' \
		"$hs/verdict-resume.json"; then
		pass "vsoc-pipeline: vsoc-handset asleep holds its hogs' sleep state (12 pins off default), after resume all agrees"
	else
		fail vsoc-pipeline-sleep "exit $rc; asleep ($src): $asleep; as if awake: $awake; resume ($rrc): $resume"
	fi
fi

# Firmware state in the reset image: PF30's PAD (pin 5 * 32 + 30 = 190,
# 0x1000 + 4 * 190 = 0x12f8), which no state of vsoc-evb writes, left at
# 0x1. Booted with --reset, the verdict expects it and all agrees; told the
# datasheet's reset state instead (all zero there), the same window is a
# STRAY WRITE at 0x12f8 and exit 1.
fw=$BUILD/tests/pf30-firmware.bin fd=$out/vsoc-evb@pf30-firmware
if [ -z "$debug" ] && cp "$BUILD/vsoc-reset.bin" "$fw" &&
   printf '\001' | dd of="$fw" bs=1 seek=$((0x1000 + 4 * 190)) conv=notrunc status=none; then
	"$R" --quiet --reset "$fw" vsoc-evb >/dev/null 2>&1
	rc=$?
	cp "$BUILD/vsoc-reset.bin" "$fd/win0-0.reset"
	txt=$(pincheck verdict "$fd")
	src=$?
	if [ "$rc" = 0 ] && [ "$src" = 1 ] && [ "$(reg32 "$fd/win0-0.bin" 0x12f8)" = 1 ] &&
	   [ "$(grep -c '^STRAY WRITE' <<<"$txt")" = 1 ] &&
	   grep -qx 'STRAY WRITE /soc/pinctrl@4c000000 window 0 offset 0x12f8: reset 0x0, registers 0x1, no applied state writes it' <<<"$txt"; then
		pass "vsoc-pipeline: firmware state in the reset image is expected with --reset, a STRAY WRITE without"
	else
		fail vsoc-pipeline-reset "exit $rc, then $src: $(grep -E 'STRAY|MISMATCH' <<<"$txt" | head -3)"
	fi
fi

# As it is (--as-is): the board's own DTB (scripts/dtb.sh's, what make run
# boots) with the plan added, nothing moved, every consumer under its own
# device name with its own driver. The names are the kernel's
# (of_device_make_bus_id()): /soc/serial@9000000's reg translates to
# 0x9000000, so "9000000.serial"; /gpio-keys has no reg, so its node name.
# As it is, every pin of the part is checked, touched or not: 256 (NBANKS
# = 8 banks of 32, datasheet section 2), the pins no state writes against
# the reset image in the window and in debugfs pins; the guest's KTAP is
# the host's, and regs.bin (the window qemu/run.sh loads itself) holds the
# words above.
asis_ok() {
	local b=$1 pins=$2 d=$out/$1@as-is line rc n
	line=$("$R" --quiet --as-is "$b" 2>&1)
	rc=$?
	if [ "$rc" = 0 ] && [[ "$line" == *": $pins pins checked, 0 mismatches, 0 conflicts, 0 stray writes, 0 bad nodes, 0 consumers failed, 0 states never applied,"* ]] &&
	   grep -qx 'consumer /gpio-keys (gpio-keys): default applied' "$d/verdict.txt"; then
		pass "vsoc-pipeline: $b as it is, consumers under their own names: all $pins pins agree"
	else
		fail "vsoc-pipeline-as-is-$b" "exit $rc: $(tail -n 2 <<<"$line" | tr '\n' ' ')"
	fi
	n=$(verdict_tests "$d")
	check_ktap "$b@as-is" "$d" 0 "Ran $n tests: passed: $n"
}
asis_ok vsoc-evb 256
w=$out/vsoc-evb@as-is/regs.bin
if grep -qx 'consumer /soc/serial@9000000 (9000000.serial): default applied' "$out/vsoc-evb@as-is/verdict.txt" &&
   [ -f "$w" ] && [ "$(reg32 "$w" 0x100) $(reg32 "$w" 0x1000) $(reg32 "$w" 0x1004) $(reg32 "$w" 0x130c)" = \
	"$((0x11)) $((0xa0)) $((0x2000002)) $((0x300040a))" ]; then
	pass "vsoc-pipeline: vsoc-evb as it is: 9000000.serial applied its default, regs.bin holds the hand-computed words"
else
	fail vsoc-pipeline-as-is-words "$(grep serial "$out/vsoc-evb@as-is/verdict.txt" 2>/dev/null); regs.bin $(reg32 "$w" 0x100 2>/dev/null)"
fi
if [ -z "$debug" ]; then
	asis_ok vsoc-handset 256
	asis_ok vsoc-milker 256
fi
# a pin no state of vsoc-evb writes, PD4 (pin 3 * 32 + 4 = 100): its
# read-back in debugfs pins with BIAS = 2 (pad 0x2, section 4: [2:0]), or
# its PAD (0x1000 + 4 * 100 = 0x1190) holding 0x2 in the window, is that
# pin's MISMATCH against the reset image's 0, not a stray write
untouched() {
	local name=$1 want=$2 what=$3 m=$BUILD/tests/vsoc-pipeline-$1 txt rc grc
	rm -rf "$m" "$m.root"
	cp -r "$out/vsoc-evb@as-is" "$m"
	if [ "$name" = untouched-debugfs ]; then
		sed -i '/^pin 100 (PD4) /s/ pad 0x00000000/ pad 0x00000002/' "$m/console.log"
	else
		printf '\002' | dd of="$m/regs.bin" bs=1 seek=$((0x1190)) conv=notrunc status=none
	fi
	txt=$(pincheck verdict "$m")
	rc=$?
	python3 "$TOP/tests/verify/guest-root.py" "$m" "$m.root" >&2
	"$BUILD/rehearse-ktap" --root "$m.root" --mem "$m.root/mem" >"$m/guest.ktap"
	grc=$?
	rm -rf "$m.root"
	if [ "$rc" = 1 ] && [ "$grc" = 1 ] && grep -qx -- "$want" <<<"$txt" &&
	   grep -q ": 256 pins checked, 1 mismatches, 0 conflicts, 0 stray writes," <<<"$txt" &&
	   diff -q "$m/guest.ktap" "$m/verdict.ktap" >/dev/null; then
		pass "vsoc-pipeline: as it is, $what, guest and host alike"
	else
		fail "vsoc-pipeline-$name" "exit $rc, guest $grc; $(grep -E 'MISMATCH|STRAY|pins checked' <<<"$txt" | tr '\n' ' ')"
	fi
}
if [ -z "$debug" ] && [ -f "$out/vsoc-evb@as-is/verdict.json" ]; then
	untouched untouched-debugfs 'PD4 .* MISMATCH bias: debugfs=0x2, expected=0x0' \
		"an untouched pin's debugfs read-back off reset is its MISMATCH"
	untouched untouched-registers 'PD4 .* MISMATCH bias: registers=0x2, expected=0x0' \
		"an untouched pin's PAD off reset in the window is its MISMATCH"
fi

# A device whose driver fails its probe after the core applied its
# default state (call_driver_probe()'s "probe with driver ... failed with
# error"): its settings stay, its claims go. vsoc-evb as it is with
# gpio-keys' handle gone and that line in the log: gpio-keys FAILED with
# the log's reason, and PG3's PAD (pin 195, 0x300040a by hand above) is
# still what its default state set: no mismatch, guest and host alike
if [ -z "$debug" ] && [ -f "$out/vsoc-evb@as-is/verdict.json" ]; then
	m=$BUILD/tests/vsoc-pipeline-probe-failed
	rm -rf "$m" "$m.root"
	cp -r "$out/vsoc-evb@as-is" "$m"
	sed -i -e '/^device: gpio-keys current state: default/d' \
		-e '/^==== VSOC END end dmesg ====/i <3>[    0.600000] gpio-keys gpio-keys: probe with driver gpio-keys failed with error -22' \
		"$m/console.log"
	txt=$(pincheck verdict "$m")
	rc=$?
	python3 "$TOP/tests/verify/guest-root.py" "$m" "$m.root" >&2
	"$BUILD/rehearse-ktap" --root "$m.root" --mem "$m.root/mem" >"$m/guest.ktap"
	grc=$?
	rm -rf "$m.root"
	if [ "$rc" = 1 ] && [ "$grc" = 1 ] &&
	   grep -qx 'consumer /gpio-keys (gpio-keys): FAILED: gpio-keys gpio-keys: probe with driver gpio-keys failed with error -22' <<<"$txt" &&
	   grep -q ": 256 pins checked, 0 mismatches, 0 conflicts, 0 stray writes, 0 bad nodes, 1 consumers failed," <<<"$txt" &&
	   [ "$(reg32 "$m/regs.bin" 0x130c)" = $((0x300040a)) ] &&
	   diff -q "$m/guest.ktap" "$m/verdict.ktap" >/dev/null; then
		pass "vsoc-pipeline: a device that failed its probe after its state keeps its settings, guest and host alike"
	else
		fail vsoc-pipeline-probe-failed "exit $rc, guest $grc; $(grep -E 'MISMATCH|gpio-keys|pins checked' <<<"$txt" | tr '\n' ' ')"
	fi
fi

# A pin GPIO holds: its request puts it on select 0 (datasheet section 3),
# whatever the reset image said. Firmware left PG3 (pin 195: MUX24 at
# 0x100 + 4 * (195 / 8) = 0x160, bits [15:12]) at select 3; gpio-keys'
# GPIO request then set 0, as this run's regs.bin holds: the plan made
# from that reset image (prepare --reset) expects 0 for PG3's mux, host
# and guest alike, not the reset image's 3
if [ -z "$debug" ] && [ -f "$out/vsoc-evb@as-is/verdict.json" ]; then
	m=$BUILD/tests/vsoc-pipeline-gpio
	rm -rf "$m" "$m.root"
	cp -r "$out/vsoc-evb@as-is" "$m"
	cp "$BUILD/vsoc-reset.bin" "$m/firmware.bin"
	printf '\060' | dd of="$m/firmware.bin" bs=1 seek=$((0x160 + 1)) conv=notrunc status=none
	cp "$m/board.dtb" "$m/own.dtb"
	rehearse_env
	pincheck prepare --dtb "$m/own.dtb" --reset "$m/firmware.bin" vsoc-evb "$m" 2>/dev/null
	txt=$(pincheck verdict "$m")
	rc=$?
	python3 "$TOP/tests/verify/guest-root.py" "$m" "$m.root" >&2
	"$BUILD/rehearse-ktap" --root "$m.root" --mem "$m.root/mem" >"$m/guest.ktap"
	grc=$?
	rm -rf "$m.root"
	if [ "$rc" = 0 ] && [ "$grc" = 0 ] && [ "$(reg32 "$m/regs.reset" 0x160)" = $((0x3000)) ] &&
	   grep -q '"gpio": true' "$m/verdict.json" &&
	   diff -q "$m/guest.ktap" "$m/verdict.ktap" >/dev/null; then
		pass "vsoc-pipeline: a pin GPIO holds is expected at select 0 over firmware's, guest and host alike"
	else
		fail vsoc-pipeline-gpio "exit $rc, guest $grc; $(grep -E 'MISMATCH' <<<"$txt" | tr '\n' ' ')"
	fi
fi

# bad_input NAME WANT WHAT: a copy of vsoc-evb's run as it is, changed by
# the caller in $m, is bad input: exit 2 and the line WANT from the host's
# verdict and the guest's checker alike
bad_input() {
	local name=$1 want=$2 what=$3 txt rc gtxt grc
	txt=$(pincheck verdict "$m" 2>&1)
	rc=$?
	python3 "$TOP/tests/verify/guest-root.py" "$m" "$m.root" >&2
	gtxt=$("$BUILD/rehearse-ktap" --root "$m.root" --mem "$m.root/mem" 2>&1 >/dev/null)
	grc=$?
	rm -rf "$m.root"
	if [ "$rc" = 2 ] && [ "$grc" = 2 ] && [ "$txt" = "verdict: $want" ] &&
	   [ "$gtxt" = "rehearse-ktap: $want" ]; then
		pass "vsoc-pipeline: $what is bad input, guest and host alike"
	else
		fail "vsoc-pipeline-$name" "exit $rc, guest $grc: $txt / $gtxt"
	fi
}
if [ -z "$debug" ] && [ -f "$out/vsoc-evb@as-is/verdict.json" ]; then
	# The window's identity (datasheet section 2): VERSION at 0x4 is 1.0,
	# 0x00010000, major in [31:16]; a window whose VERSION reads 2.0
	# (byte 6 = 2: 0x00020000) is not a VSOC 1.x window
	m=$BUILD/tests/vsoc-pipeline-identity
	rm -rf "$m" "$m.root"
	cp -r "$out/vsoc-evb@as-is" "$m"
	printf '\002' | dd of="$m/regs.bin" bs=1 seek=6 conv=notrunc status=none
	bad_input identity "/soc/pinctrl@4c000000: VERSION 0x00020000 at offset 0x4 of window 0, expected 0x00010000 under 0xffff0000: not a VSOC 1.x window" \
		"a window whose VERSION is not 1.x"
	# a handle the board's DT did not make (pinctrl maps registered by
	# code): no input of the replay
	m=$BUILD/tests/vsoc-pipeline-handle
	rm -rf "$m" "$m.root"
	cp -r "$out/vsoc-evb@as-is" "$m"
	sed -i '/^device: gpio-keys current state: default/i device: board-code current state: default' "$m/console.log"
	bad_input handle "pinctrl-handles: board-code has no DT node of the board with pin states" \
		"a handle without a DT node"
fi

# the SPI0/I2C1 board: spi0_grp (PC12..PC15) is a hog of the controller,
# i2c1_grp (PC13, PC14) the default state of /i2c-sensor
b=$TOP/tests/boards/spi-i2c-conflict.dts
d=$out/spi-i2c-conflict
"$R" --quiet "$b" >/dev/null 2>&1
rc=$?
txt=$d/verdict.txt
want1="CONFLICT PC13: muxed by /soc/pinctrl@4c000000 (/soc/pinctrl@4c000000/spi0-state) and claimed by /i2c-sensor (/soc/pinctrl@4c000000/i2c1-state, state default)"
want2="consumer /i2c-sensor (rh004-i2c-sensor): FAILED: pin PC13 already requested by /soc/pinctrl@4c000000"
if [ "$rc" = 1 ] && grep -qxF "$want1" "$txt" && grep -qxF "$want2" "$txt" &&
   grep -q ": 30 pins checked, 0 mismatches, 2 conflicts, 0 stray writes, 0 bad nodes, 1 consumers failed," "$txt"; then
	pass "vsoc-pipeline: the SPI0/I2C1 clash is CONFLICT on PC13 and PC14 with both DT paths, /i2c-sensor FAILED, exit 1"
else
	fail vsoc-pipeline-conflict "exit $rc; $(grep -E '^(CONFLICT|consumer /i2c)' "$txt" 2>/dev/null | tr '\n' ' ')"
fi
# the guest sees the same: one not ok, the failed consumer
[ -z "$debug" ] && check_ktap spi-i2c-conflict "$d" 1 "Ran [0-9]+ tests: passed: [0-9]+, failed: 1"
finish

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
# The pipeline's verdict (pincheck prepare --dtb, pincheck verdict) on
# captures made here, as /init and qemu/run.sh leave them, and on a boot:
#  - the expected view of a small DTB, its plan as it is: hogs, consumers
#    with init/default states, group and pin configs, a node with children
#    (read with the node, as vsoc_dt_node_to_map() does), a disabled
#    child, device names; every touched pin's mux and PAD against values
#    worked out by hand from the datasheet;
#  - the VSOC family's reading of pinconf-pins, on captures generated here
#    from PAD values: every value of every field reads back, and items
#    that contradict each other are caught;
#  - bad input: values the datasheet does not have (BAD NODE, naming node
#    and property), a handle without a DT node, a missing window, a foreign
#    window, no VSOC controller, a capture without pinconf-pins (exit 2);
#  - a real boot of the evaluation board: it agrees on all 256 pins, and
#    one flipped PAD field, pinconf value, mux select or owner is reported
#    as exactly that, with the DT node that set it.
. "$(dirname "$0")/../lib.sh"
rehearse_env

RESET=$BUILD/vsoc-reset
make -C "$TOP" -s "$RESET" >&2 || { fail verdict-build "make build/vsoc-reset failed"; exit 1; }
work=$BUILD/tests/verdict-captures
rm -rf "$work"
mkdir -p "$work"

# The capture builders (make_capture, pinconf_items, poke32, ...), DBG, CTRL
. "$TOP/tests/verify/fixtures.sh"

# plan NAME DTB [prepare options]: the plan of DTB as it is, $work/NAME
plan() {
	local n=$1 dtb=$2
	shift 2
	rm -rf "${work:?}/$n"
	pincheck prepare --dtb "$dtb" "$@" "$n" "$work/$n" 2>"$work/$n.prepare"
}

# judge NAME RUN [FILE SOURCE]...: a copy of run RUN in $work/NAME with
# each FILE replaced by SOURCE (or removed: SOURCE -), judged by pincheck
# verdict: OUT, RC, ERR
judge() {
	local n=$1 run=$2
	shift 2
	rm -rf "${work:?}/$n"
	cp -r "$run" "$work/$n"
	while [ $# -gt 1 ]; do
		if [ "$2" = - ]; then rm -f "$work/$n/$1"; else cp "$2" "$work/$n/$1"; fi
		shift 2
	done
	OUT=$(pincheck verdict "$work/$n" 2>"$work/stderr")
	RC=$?
	ERR=$(cat "$work/stderr")
}

# expect_bad NAME PATTERN: the last judge exited 2 with one line naming PATTERN
expect_bad() {
	if [ "$RC" = 2 ] && [ "$(wc -l <<<"$ERR")" = 1 ] && grep -q -- "$2" <<<"$ERR"; then
		pass "verdict: bad input: $1: $ERR"
	else
		fail "verdict-bad-$1" "exit $RC, expected 2 and one line with '$2'; got: $ERR"
	fi
}

# The DTB walk ###############################################################

# Pins of one bank only. Every number in the expected table below was worked
# out by hand from the datasheet.
cat >"$work/walk.dts.in" <<'EOF'
/dts-v1/;
/ {
	#address-cells = <2>;
	#size-cells = <2>;

	soc {
		compatible = "simple-bus";
		#address-cells = <1>;
		#size-cells = <1>;
		ranges = <0x0 0x0 0x40000000 0x10000000>;

		pinctrl@c000000 {
			compatible = "vsoc,vsoc1-pinctrl";
			reg = <0xc000000 0x10000>;
			pinctrl-names = "default", "sleep";
			pinctrl-0 = <&hog_a &hog_b>;
			pinctrl-1 = <&hog_sleep>;

			hog_a: hog-a {
				groups = "jtag_grp";
				function = "jtag";
				bias-pull-down = <10000>;
				drive-open-drain;
				input-schmitt = <4>;
			};
			hog_b: hog-b {
				pins = "PA20";
				bias-pull-up;
				vsoc,wakeup;
				pa21 {
					pins = "PA21", "PA22";
					function = "gpio";
					drive-strength = <16>;
					slew-rate = <1>;
				};
				pa23 {
					status = "disabled";
					pins = "PA23";
					bias-pull-up;
				};
				pa24 {
					groups = "PA24";
					power-source = <2>;
					low-power-enable;
					input-debounce = <1024>;
				};
				pa25 {
					pins = "PA25";
					vsoc,slew-rate-rising = <3>;
					vsoc,slew-rate-falling = <2>;
					vsoc,bias-high;
					input-schmitt-enable;
					@EXTRA@
				};
			};
			hog_sleep: hog-sleep {
				pins = "PA26";
				bias-pull-up;
			};
			uart0_mux: uart0 {
				groups = "uart0_grp";
				function = "uart0";
			};
			uart_conf: uart-conf {
				tx {
					pins = "PA0";
					drive-push-pull;
					drive-strength = <4>;
				};
				rx {
					pins = "PA1";
					bias-pull-up = <47000>;
					input-enable;
				};
			};
			uart_conf2: uart-conf2 {
				pins = "PA0";
				drive-strength = <8>;
			};
			uart_sleep: uart-sleep {
				pins = "PA0";
				low-power-enable;
			};
			pwm_mux: pwm {
				groups = "pwm1_grp", "pwm3_grp";
				function = "pwm";
				input-enable;
			};
			keys_init: keys-init {
				pins = "PA28", "PA29";
				bias-pull-up = <22000>;
				input-schmitt = <3>;
				drive-open-source;
			};
			keys_default: keys-default {
				pins = "PA28";
				bias-disable;
				input-schmitt = <0>;
				output-disable;
			};
			leds_pins: leds {
				pins = "PA30";
				function = "gpio";
				slew-rate = <0>;
			};
			pa20_override: pa20 {
				pins = "PA20";
				bias-pull-down;
				@EXTRA20@
			};
		};

		serial@1000 {
			reg = <0x1000 0x100>;
			pinctrl-names = "default", "sleep";
			pinctrl-0 = <&uart0_mux &uart_conf &uart_conf2 &pwm_mux>;
			pinctrl-1 = <&uart_sleep>;
		};

		serial@2000 {
			status = "disabled";
			reg = <0x2000 0x100>;
			pinctrl-names = "default";
			pinctrl-0 = <&hog_sleep>;
		};

		keys {
			pinctrl-names = "init", "default";
			pinctrl-0 = <&keys_init>;
			pinctrl-1 = <&keys_default>;
		};
	};

	leds {
		pinctrl-names = "default";
		pinctrl-0 = <&leds_pins &pa20_override>;
	};

	reserved-memory {
		#address-cells = <2>;
		#size-cells = <2>;
		ranges;

		pinctrl@4c000000 {
			reg = <0x0 0x4c000000 0x0 0x10000>;
			no-map;
		};
	};
};
EOF

# walk_dtb NAME EXTRA [EXTRA20]: the DTB with EXTRA in node pa25 (and
# EXTRA20 in node pa20, the leds' override of hog PA20)
walk_dtb() {
	sed "s|@EXTRA@|$2|; s|@EXTRA20@|${3:-}|" "$work/walk.dts.in" >"$work/$1.dts"
	dtc -q -I dts -O dtb -o "$work/$1.dtb" "$work/$1.dts"
}
walk_dtb walk "" || { fail verdict-walk-dtc "dtc failed on the fixture"; exit 1; }
"$RESET" --nbanks 1 "$work/reset-1bank.bin"

# pin  mux  PAD  owner (device/group; GPIO: a GPIO request holds it)
expected_table='
PA0  1 0x000001a0 40001000.serial/uart0_grp
PA1  1 0x0200000a 40001000.serial/uart0_grp
PA9  2 0x02000000 40001000.serial/pwm1_grp
PA11 2 0x02000000 40001000.serial/pwm3_grp
PA12 1 0x00001c5b 4c000000.pinctrl/jtag_grp
PA13 1 0x00001c5b 4c000000.pinctrl/jtag_grp
PA14 1 0x00001c5b 4c000000.pinctrl/jtag_grp
PA15 1 0x00001c5b 4c000000.pinctrl/jtag_grp
PA16 0 0x00000000 GPIO
PA20 0 0x01000003 -
PA21 0 0x001e0380 4c000000.pinctrl//soc/pinctrl@c000000/hog-b/pa21
PA22 0 0x001e0380 4c000000.pinctrl//soc/pinctrl@c000000/hog-b/pa21
PA24 0 0x00c16000 -
PA25 0 0x00120404 -
PA28 0 0x00001010 -
PA29 0 0x00001472 -
PA30 0 0x00000000 leds/PA30
'
# Why, for the less obvious ones:
#  PA0: the later node of the same state wins STAGES (4 mA, then 8 mA)
#  PA21, PA22: the driver makes one group of function gpio of a node's pins,
#	named after the node; pa21 is a child of hog-b, read after hog-b
#  PA20: hog pull-up + wakeup, then the last handle's pull-down (100k)
#  PA23: disabled child; PA26: hog "sleep" state
#  PA28: init (pull-up 22k, Schmitt level 3, open source), then default:
#	bias-disable keeps PULL, input-schmitt = <0> keeps HYST, DRIVE off

HANDLES=(
	"device: $CTRL current state: default"
	"device: 40001000.serial current state: default"
	"device: soc:keys current state: default"
	"device: leds current state: default"
)
PAD=() MUX=() CLAIM=()
while read -r pin mux pad owner; do
	[ -n "$pin" ] || continue
	p=${pin:2}
	PAD[p]=$pad MUX[p]=$mux
	case "$owner" in
	-) ;;
	GPIO) CLAIM[p]="GPIO 9030000.gpio:$((512 + p))" ;;
	*) dev=${owner%%/*} g=${owner#*/} f=gpio
	   case "$g" in uart0_grp) f=uart0 ;; pwm*) f=pwm ;; jtag_grp) f=jtag ;; esac
	   [ "$dev" = $CTRL ] && dev="$dev (HOG)"
	   CLAIM[p]="device $dev function $f group $g" ;;
	esac
done <<<"$expected_table"
make_capture "$work/walk-capture" 1

# expected_view VERDICT.JSON: "PIN mux=M pad=0x... owner=..." of every pin a
# state or a GPIO request touches, from the verdict's expected values
expected_view() {
	python3 - "$1" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    if r.get("untouched") and not r.get("gpio"):
        continue
    pad = mux = 0
    for f in r["fields"]:
        shift = (f["mask"] & -f["mask"]).bit_length() - 1
        if f["field"] == "mux":
            mux = f["expected"]
        else:
            pad |= f["expected"] << shift
    owner = "GPIO" if r.get("gpio") else \
        "%s/%s" % (r["expected_owner"], r.get("expected_group")) if r.get("expected_owner") else "-"
    print("%s mux=%d pad=0x%08x owner=%s" % (r["name"], mux, pad, owner))
PY
}

# The plan of the DTB as it is (one bank: the reset image of a 1-bank part),
# the capture generated from the table beside it
if plan walk "$work/walk.dtb" --reset "$work/reset-1bank.bin"; then
	cp "$work/walk-capture/console.log" "$work/walk-capture/regs.bin" "$work/walk/"
	judge walk-run "$work/walk"
	want=$(awk 'NF { printf "%s mux=%s pad=%s owner=%s\n", $1, $2, $3, $4 }' <<<"$expected_table")
	got=$(expected_view "$work/walk-run/verdict.json")
	if [ "$got" = "$want" ]; then
		pass "verdict: DTB walk: the expected view of all $(wc -l <<<"$want") touched pins is the hand-computed one"
	else
		fail verdict-walk "diff: $(diff <(echo "$want") <(echo "$got") | tr '\n' ' ') $ERR"
	fi
	if [ "$RC" = 0 ] && [ "$(tail -n 1 <<<"$OUT")" = "walk: 32 pins checked, 0 mismatches, 0 conflicts, 0 stray writes, 0 bad nodes, 0 consumers failed, 0 states never applied, 0 not rehearsed" ]; then
		pass "verdict: a capture that matches the DTB passes"
	else
		fail verdict-walk-capture "exit $RC: $(grep MISMATCH <<<"$OUT" | head -3) $(tail -n 1 <<<"$OUT") $ERR"
	fi
	if python3 -c '
import json, sys
v = json.load(open(sys.argv[1]))
pa0 = [r for r in v["rows"] if r["name"] == "PA0"][0]
f = {x["field"]: x for x in pa0["fields"]}
assert v["schema"] == "pincheck-verdict" and v["counts"]["mismatches"] == 0 and len(v["rows"]) == 32
assert f["stages"]["expected"] == 3 and f["stages"]["registers"] == 3 and f["stages"]["pinconf"] == 3
assert pa0["expected_owner"] == "40001000.serial" and pa0["expected_group"] == "uart0_grp"
# 4 mA, then 8 mA: both nodes of the state, the later wins
assert f["stages"]["set_by"] == [["/soc/serial@1000", "default", "/soc/pinctrl@c000000/uart-conf"],
                                 ["/soc/serial@1000", "default", "/soc/pinctrl@c000000/uart-conf2"]]
assert not pa0["mismatch"]
' "$work/walk-run/verdict.json"; then
		pass "verdict: verdict.json has the pins, their three views and who set each field"
	else
		fail verdict-json "verdict.json is not what the table says"
	fi
else
	fail verdict-walk-plan "$(tail -n 2 "$work/walk.prepare")"
fi

# Firmware state from a reset image stays where the DT does not touch it,
# and a GPIO request still takes its pin to select 0 (PA16: MUX2 bits
# [3:0] = 1 in the image; PA17: PAD 0x12, BIAS 2 [2:0], PULL 2 [4:3]: a
# 22k pull-up).
"$RESET" --nbanks 1 --poke 0x108=0x1 --poke $((0x1000 + 4 * 17))=0x12 "$work/reset.bin"
if plan walk-fw "$work/walk.dtb" --reset "$work/reset.bin"; then
	cp "$work/walk-capture/console.log" "$work/walk-capture/regs.bin" "$work/walk-fw/"
	judge walk-fw-run "$work/walk-fw"
	got=$(python3 -c '
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    if r["name"] in ("PA16", "PA17"):
        print(r["name"], " ".join("%s=%d" % (f["field"], f["expected"]) for f in r["fields"]
                                  if f["expected"]))' "$work/walk-fw-run/verdict.json")
	check "verdict: --reset: firmware's PA17 pull-up is expected, GPIO takes PA16 to select 0" \
		test "$(tr '\n' ' ' <<<"$got")" = "PA16  PA17 bias=2 pull=2 "
fi

# vsoc,wakeup takes no value (1), 1 or 0 (datasheet section 5). WAKEUP is
# PAD bit 24: PA25 (0x00120404 above) with = <1> is 0x01120404; PA20, which
# the hog's vsoc,wakeup left at 0x01000003, is 0x00000003 once the leds'
# override says = <0>, its pull-down (BIAS 3, PULL 0) kept.
for row in "wakeup-1|vsoc,wakeup = <1>;||PA25 mux=0 pad=0x01120404 owner=-" \
	   "wakeup-0||vsoc,wakeup = <0>;|PA20 mux=0 pad=0x00000003 owner=-"; do
	IFS='|' read -r name extra extra20 want <<<"$row"
	walk_dtb "$name" "$extra" "$extra20"
	plan "$name" "$work/$name.dtb" --reset "$work/reset-1bank.bin" &&
		cp "$work/walk-capture/console.log" "$work/walk-capture/regs.bin" "$work/$name/"
	judge "$name-run" "$work/$name"
	got=$(expected_view "$work/$name-run/verdict.json" | grep "^${want%% *} ")
	if [ "$got" = "$want" ]; then
		pass "verdict: $(sed 's/;$//' <<<"$extra$extra20") gives $want"
	else
		fail "verdict-$name" "expected '$want', got '$got' $ERR"
	fi
done

# Values the datasheet does not have are bad nodes, named with node and
# property, before the boot (pincheck prepare, lint) and in the verdict,
# even where the driver would take them
for row in "vsoc,wakeup = <2>;|vsoc,wakeup: a value VSOC cannot hold" \
	   "vsoc,wakeup = <0 1>;|vsoc,wakeup: <0 1>, must be empty or one 32-bit cell" \
	   "bias-pull-up = <1>;|bias-pull-up: a value VSOC cannot hold" \
	   "drive-strength = <5>;|drive-strength: a value VSOC cannot hold" \
	   "input-debounce = <3>;|input-debounce: a value VSOC cannot hold" \
	   "output-high;|output-high: not a pin configuration property of the datasheet (section 5)" \
	   "bias-disable;|vsoc,bias-high: sets BIAS, as bias-disable does" \
	   'function = "uart0";|function: pins take function gpio only, not uart0'; do
	extra=${row%%|*} want=${row#*|}
	walk_dtb bad "$extra"
	plan bad "$work/bad.dtb" --reset "$work/reset-1bank.bin" &&
		cp "$work/walk-capture/console.log" "$work/walk-capture/regs.bin" "$work/bad/"
	judge bad-run "$work/bad"
	line="BAD NODE /soc/pinctrl@c000000/hog-b/pa25 (state default of /soc/pinctrl@c000000): /soc/pinctrl@c000000/hog-b/pa25: $want"
	if [ "$RC" = 1 ] && grep -qxF -- "$line" "$work/bad.prepare" && grep -qxF -- "$line" <<<"$OUT"; then
		pass "verdict: bad node: ${extra%;}: $want"
	else
		fail "verdict-bad-node" "${extra%;}: exit $RC, no '$want' before and after the boot: $(grep 'BAD NODE' <<<"$OUT" | head -n 2)"
	fi
done
run=$work/walk
sed 's/device: leds /device: 40002000.serial /' "$run/console.log" >"$work/disabled.log"
judge disabled "$run" console.log "$work/disabled.log"
expect_bad "a handle of a disabled node" "pinctrl-handles: 40002000.serial has no DT node of the board with pin states"
judge nofile "$run" regs.bin -
expect_bad "a missing file" "regs.bin: no such window file"
"$RESET" --id 0x12345678 "$work/foreign.bin"
judge foreign "$run" regs.bin "$work/foreign.bin"
expect_bad "a window that is not VSOC" "not a VSOC 1.x window"
sed 's/vsoc,vsoc1-pinctrl/vsoc,other/; s/@EXTRA@//; s/@EXTRA20@//' "$work/walk.dts.in" |
	dtc -q -I dts -O dtb -o "$work/noctrl.dtb"
plan noctrl "$work/noctrl.dtb" && cp "$run/console.log" "$run/regs.bin" "$work/noctrl/"
judge noctrl-run "$work/noctrl"
expect_bad "no VSOC controller" "pinctrl-handles: 4c000000.pinctrl has no DT node of the board with pin states"
grep -v 'pinconf-pins ====' "$run/console.log" >"$work/nosection.log"
judge nosection "$run" console.log "$work/nosection.log"
expect_bad "a capture without pinconf-pins" "no boot dump of $DBG/$CTRL/pinconf-pins"

# The pinconf-pins reader #####################################################

# Two banks of pins whose PADs take every value of every field; the reset
# image is the same window, so that the expected view is the registers.
cat >"$work/decode.dts" <<'EOF'
/dts-v1/;
/ {
	#address-cells = <1>;
	#size-cells = <1>;
	pinctrl@4c000000 {
		compatible = "vsoc,vsoc1-pinctrl";
		reg = <0x4c000000 0x10000>;
	};
	reserved-memory {
		#address-cells = <1>;
		#size-cells = <1>;
		ranges;
		window@4c000000 {
			reg = <0x4c000000 0x10000>;
			no-map;
		};
	};
};
EOF
dtc -q -I dts -O dtb -o "$work/decode.dtb" "$work/decode.dts"
HANDLES=() PAD=() MUX=() CLAIM=()
for ((i = 0; i < 64; i++)); do
	PAD[i]=$(( i % 6 | (i / 6 % 4) << 3 | (i % 4) << 5 | (i % 8) << 7 |
		   (i / 3 % 2) << 10 | (i / 2 % 4) << 11 | (i % 16) << 13 |
		   (i % 4) << 17 | (i / 4 % 4) << 19 | (i % 3) << 21 |
		   (i / 3 % 2) << 23 | (i / 5 % 2) << 24 | (i / 7 % 2) << 25 ))
done
make_capture "$work/decode-capture" 2
plan decode "$work/decode.dtb" --reset "$work/decode-capture/regs.bin" &&
	cp "$work/decode-capture/console.log" "$work/decode-capture/regs.bin" "$work/decode/"
judge decode-run "$work/decode"
if [ "$RC" = 0 ] && [ "$(tail -n 1 <<<"$OUT" | cut -d, -f1-2)" = "decode: 64 pins checked, 0 mismatches" ]; then
	pass "verdict: pinconf-pins: 64 PADs with every value of every field read back"
else
	fail verdict-decode "exit $RC: $(grep MISMATCH <<<"$OUT" | head -3) $(tail -n 1 <<<"$OUT") $ERR"
fi

# mutate_line NAME PIN SED-EXPR: the decode capture with one pinconf-pins
# line changed, judged
mutate_line() {
	sed "/^pin $2 ($(pin_name "$2")): / $3" "$work/decode/console.log" >"$work/$1.log"
	judge "$1" "$work/decode" console.log "$work/$1.log"
}

# expect_one NAME PIN FIELD VIEW [FIELD2]: exit 1, one MISMATCH row, that
# pin, only FIELD (and FIELD2) in VIEW
expect_one() {
	local name=$1 pin=$2 view=$4 rows items bad=
	rows=$(grep MISMATCH <<<"$OUT")
	items=$(sed 's/.*MISMATCH //; s/; /\n/g' <<<"$rows")
	while read -r it; do
		case "$it" in "$3: $view="* | "${5:-$3}: $view="*) ;; *) bad=1 ;; esac
	done <<<"$items"
	if [ $RC = 1 ] && [ "$(wc -l <<<"$rows")" = 1 ] && [ -z "$bad" ] &&
	   [ "$(awk '{ print $1 }' <<<"$rows")" = "$pin" ]; then
		pass "verdict: $name: $pin $3${5:+, $5}, $view differs, nothing else"
	else
		fail "verdict-$name" "exit $RC, expected $pin $3 ($view) only: $rows $ERR"
	fi
}

# PA5 is tied to ground, push-pull, both edges at 3/4
mutate_line no-output 5 's/, output enabled//'
expect_one "pinconf-pins: a drive kind without 'output enabled'" PA5 drive pinconf-pins
mutate_line bad-slew 5 's/slew rate (0x3)/slew rate (0x1)/'
if [ $RC = 1 ] && grep -q "^PA5 .*slew_rise: pinconf-pins=?" <<<"$OUT"; then
	pass "verdict: pinconf-pins: a 'slew rate' that contradicts the edges is '?'"
else
	fail verdict-decode-slew "exit $RC: $(grep MISMATCH <<<"$OUT")"
fi
mutate_line bad-mA 5 's/strength ([0-9]* mA)/strength (5 mA)/'
expect_one "pinconf-pins: a drive strength the datasheet does not have" PA5 stages pinconf-pins
mutate_line unknown 5 's/input bias/input bias bus hold, input bias/'
if [ $RC = 1 ] && [ "$(grep -c MISMATCH <<<"$OUT")" = 1 ] && grep -q "^PA5 .*bias: pinconf-pins=?" <<<"$OUT"; then
	pass "verdict: pinconf-pins: an item the driver cannot print makes PA5's line unreadable ('?')"
else
	fail verdict-decode-unknown "exit $RC: $(grep MISMATCH <<<"$OUT") $ERR"
fi

# A real boot of the evaluation board #########################################

run=$BUILD/run/verdict-fixture
rm -rf "$run"
if ! dtb=$(board_dtb vsoc-evb) || ! pincheck prepare --dtb "$dtb" vsoc-evb "$run" 2>/dev/null ||
   ! "$TOP/qemu/run.sh" --name verdict-fixture --dir "$run" "$run/virt.dtb"; then
	fail verdict-boot "vsoc-evb did not build or boot"
	finish
	exit
fi
judge evb "$run"
if [ $RC = 0 ] && grep -q '^vsoc-evb: 256 pins checked, 0 mismatches, 0 conflicts, 0 stray writes' <<<"$OUT"; then
	pass "verdict: vsoc-evb: DT, debugfs and registers agree on all 256 pins"
else
	fail verdict-evb "exit $RC: $(grep MISMATCH <<<"$OUT" | head -3) $ERR"
fi
echo "$OUT" >&2

# One PAD field flipped in a copy of the window: PA0's STAGES
cp "$run/regs.bin" "$work/regs-stages.bin"
pad=$(reg32 "$run/regs.bin" 0x1000)
poke32 "$work/regs-stages.bin" 0x1000 $((pad ^ 1 << 7))
judge stages "$run" regs.bin "$work/regs-stages.bin"
expect_one "registers: PA0 STAGES flipped" PA0 stages registers

# PA0's mux select flipped in a copy of the window
cp "$run/regs.bin" "$work/regs-mux.bin"
poke32 "$work/regs-mux.bin" 0x100 $(($(reg32 "$run/regs.bin" 0x100) ^ 2))
judge mux "$run" regs.bin "$work/regs-mux.bin"
expect_one "registers: PA0 mux select flipped" PA0 mux registers

# mutate_console NAME SED-EXPR: a copy of the console with one change, judged
mutate_console() {
	sed "$2" "$run/console.log" >"$work/$1.log"
	cmp -s "$run/console.log" "$work/$1.log" && echo "$1: the edit changed nothing" >&2
	judge "$1" "$run" console.log "$work/$1.log"
}

# PA0's drive strength in pinconf-pins: 2 mA more, or less at 16 mA
ma=$(dump "$run/console.log" boot $DBG/$CTRL/pinconf-pins |
	sed -n 's/^pin 0 (PA0):.*output drive strength (\([0-9]*\) mA).*/\1/p')
mutate_console conf-mA "/^pin 0 (PA0): /s/strength ($ma mA)/strength ($((ma < 16 ? ma + 2 : ma - 2)) mA)/"
expect_one "pinconf-pins: PA0 drive strength changed" PA0 stages pinconf-pins

# PA1's power source in pinconf-pins
sel=$(dump "$run/console.log" boot $DBG/$CTRL/pinconf-pins |
	sed -n 's/^pin 1 (PA1):.*power source (\([0-9]*\) selector).*/\1/p')
mutate_console conf-power "/^pin 1 (PA1): /s/source ($sel selector)/source ($((sel ? 0 : 1)) selector)/"
expect_one "pinconf-pins: PA1 power source changed" PA1 power pinconf-pins

# The first pulled-up pin's resistor in pinconf-pins, if the board has one
line=$(dump "$run/console.log" boot $DBG/$CTRL/pinconf-pins | grep -m1 'pull up (')
if [ -n "$line" ]; then
	pin=$(sed 's/^pin [0-9]* (\([A-Z0-9]*\)).*/\1/' <<<"$line")
	res=$(sed 's/.*pull up (\([0-9]*\) ohms).*/\1/' <<<"$line")
	mutate_console conf-pull "/ ($pin): /s/pull up ($res ohms)/pull up ($((res == 22000 ? 10000 : 22000)) ohms)/"
	expect_one "pinconf-pins: $pin pull resistor changed" "$pin" pull pinconf-pins
fi

# PA0's mux in the driver's readback (pins), and its claim (pinmux-pins)
mutate_console pins-mux '/^pin 0 (PA0) /s/ mux \([0-9]*\) pad/ mux 7 pad/'
expect_one "pins: PA0 mux readback changed" PA0 mux debugfs
mutate_console pinmux-group '/^pin 0 (PA0): device/s/group uart0_grp/group uart0_rtscts_grp/'
expect_one "pinmux-pins: PA0 claimed through another group" PA0 group debugfs

# Provenance: verdict.json says which node set each field of a mismatching
# row ...
judge stages "$run" regs.bin "$work/regs-stages.bin"
if python3 -c '
import json, sys
r = [r for r in json.load(open(sys.argv[1]))["rows"] if r["name"] == "PA0"][0]
f = [f for f in r["fields"] if f["field"] == "stages"][0]
assert r["mismatch"] and f["set_by"] == [["/soc/serial@9000000", "default", "/soc/pinctrl@4c000000/uart0-conf-state"]]
' "$work/stages/verdict.json"; then
	pass "verdict: a mismatch's field names the DT node, device and state that set it"
else
	fail verdict-source-row "no set_by of PA0 STAGES in $work/stages/verdict.json"
fi
# ... and the core's pinconf-owners must name the nodes the replay says
mutate_console sources '/^pin 0 (PA0): /s/uart0-conf-state (9000000.serial/jtag-park-state (9000000.serial/'
expect_one "pinconf-owners naming another node" PA0 owners pinconf-owners
finish

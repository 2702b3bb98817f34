#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
# The pin verifier (checker/, build/vsoc-verify):
#  - its DTB walk, on a small DTB made here: the states pinctrl-handles names,
#    in its order, hogs, consumers with init/default states, group and pin
#    configs, nodes with children, a state without a name, device names;
#  - its debugfs decoder, on captures generated here from PAD values: every
#    value of every field reads back, and contradicting items are caught;
#  - its input checks: a bad DT value, a missing file, a foreign window;
#  - a real boot of the evaluation board: it passes, and one flipped PAD
#    field, pinconf value or mux select is reported as exactly that.
. "$(dirname "$0")/../lib.sh"

VERIFY=$TOP/build/vsoc-verify
RESET=$TOP/build/vsoc-reset
make -C "$TOP" -s "$VERIFY" "$RESET" >&2 ||
	{ fail verify-build "make build/vsoc-verify failed"; exit 1; }
work=$BUILD/tests/verify-tool
rm -rf "$work"
mkdir -p "$work"

# The capture builders (make_capture, pinconf_items, poke32, ...), DBG, CTRL
. "$TOP/tests/verify/fixtures.sh"

# run_verify ARGS...: sets OUT, ERR and RC
run_verify() {
	OUT=$("$VERIFY" "$@" 2>"$work/stderr")
	RC=$?
	ERR=$(cat "$work/stderr")
}

# expect_bad NAME PATTERN ARGS...: exit 2 with one line naming PATTERN
expect_bad() {
	local name=$1 pat=$2
	shift 2
	run_verify "$@"
	if [ $RC = 2 ] && [ "$(wc -l <<<"$ERR")" = 1 ] && grep -q -- "$pat" <<<"$ERR"; then
		pass "verify: bad input: $name: $ERR"
	else
		fail "verify-bad-$name" "exit $RC, expected 2 and one line with '$pat'; got: $ERR"
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
			pinctrl-0 = <&uart0_mux &uart_conf &uart_conf2 &pwm_mux &other_conf>;
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

		other-controller {
			other_conf: conf {
				pins = "PA31";
				bias-pull-up;
			};
		};
	};

	leds {
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
walk_dtb walk "" || { fail verify-walk-dtc "dtc failed on the fixture"; exit 1; }

# pin  mux  PAD  owner
expected_table='
PA0  1 0x000001a0 40001000.serial uart0/uart0_grp
PA1  1 0x0200000a 40001000.serial uart0/uart0_grp
PA9  2 0x02000000 40001000.serial pwm/pwm1_grp
PA11 2 0x02000000 40001000.serial pwm/pwm3_grp
PA12 1 0x00001c5b 4c000000.pinctrl jtag/jtag_grp
PA13 1 0x00001c5b 4c000000.pinctrl jtag/jtag_grp
PA14 1 0x00001c5b 4c000000.pinctrl jtag/jtag_grp
PA15 1 0x00001c5b 4c000000.pinctrl jtag/jtag_grp
PA16 0 0x00000000 GPIO
PA20 0 0x01000003 -
PA21 0 0x001e0380 4c000000.pinctrl gpio//soc/pinctrl@c000000/hog-b/pa21
PA22 0 0x001e0380 4c000000.pinctrl gpio//soc/pinctrl@c000000/hog-b/pa21
PA24 0 0x00c16000 -
PA25 0 0x00120404 -
PA28 0 0x00001010 -
PA29 0 0x00001472 -
PA30 0 0x00000000 leds gpio/PA30
'
# Why, for the less obvious ones:
#  PA0: the later node of the same state wins STAGES (4 mA, then 8 mA)
#  PA21, PA22: the driver makes one group of function gpio of a node's pins,
#	named after the node
#  PA20: hog pull-up + wakeup, then the last handle's pull-down (100k)
#  PA23: disabled child; PA26: hog "sleep" state; PA31: another controller
#  PA28: init (pull-up 22k, Schmitt level 3, open source), then default:
#	bias-disable keeps PULL, input-schmitt = <0> keeps HYST, DRIVE off

HANDLES=(
	"device: $CTRL current state: default"
	"device: 40001000.serial current state: default"
	"device: soc:keys current state: default"
	"device: leds current state: 0"
)
PAD=() MUX=() CLAIM=()
while read -r pin mux pad owner; do
	[ -n "$pin" ] || continue
	p=${pin:2}
	PAD[p]=$pad MUX[p]=$mux
	case "$owner" in
	-) ;;
	GPIO) CLAIM[p]="GPIO 9030000.gpio:$((512 + p))" ;;
	*) dev=${owner%% *} fg=${owner#* }
	   [ "$dev" = $CTRL ] && dev="$dev (HOG)"
	   CLAIM[p]="device $dev function ${fg%%/*} group ${fg#*/}" ;;
	esac
done <<<"$expected_table"
make_capture "$work/walk" 1
cp "$work/walk.dtb" "$work/walk/walk.dtb"

run_verify --dump-expected --dtb "$work/walk.dtb" --console "$work/walk/console.log"
got=$(sed 's/ : .*//' <<<"$OUT")
want=$(awk 'NF { o = $4; for (i = 5; i <= NF; i++) o = o " " $i;
	printf "%s mux=%s pad=%s owner=%s\n", $1, $2, $3, o }' <<<"$expected_table")
if [ $RC = 0 ] && [ "$got" = "$want" ]; then
	pass "verify: DTB walk: the expected view of all $(wc -l <<<"$want") touched pins is the hand-computed one"
else
	fail verify-walk "exit $RC; diff: $(diff <(echo "$want") <(echo "$got") | tr '\n' ' ') $ERR"
fi
# The field list of a few pins, by name
for line in "PA28 : PULL=22k HYST=lvl3" \
	    "PA29 : BIAS=pull-up PULL=22k DRIVE=open-source SCHMITT=on HYST=lvl3" \
	    "PA25 : BIAS=high SCHMITT=on HYST=lvl1 SLEW_RISE=3/4 SLEW_FALL=2/4" \
	    "PA24 : DEBOUNCE=1024us POWER=2.5V LOWPOWER=on" \
	    "PA21 : mux0 STAGES=16mA SLEW_RISE=1/4 SLEW_FALL=1/4" \
	    "PA16 : gpio"; do
	check "verify: DTB walk: ${line/ :/:}" grep -qx "${line%% *} .* : ${line#* : }" <<<"$OUT"
done

# Firmware state from a reset image stays where the DT does not touch it,
# and a GPIO request still takes its pin to select 0.
"$RESET" --nbanks 1 --poke 0x108=0x10000 --poke $((0x1000 + 4 * 17))=0x12 "$work/reset.bin"
run_verify --dump-expected --reset "$work/reset.bin" --dtb "$work/walk.dtb" \
	--console "$work/walk/console.log"
check "verify: --reset: firmware's PA17 pull-up stays, GPIO takes PA16 to select 0" \
	test "$(grep -E '^PA1[67] ' <<<"$OUT" | sed 's/ : .*//' | tr '\n' ' ')" = \
	"PA16 mux=0 pad=0x00000000 owner=GPIO PA17 mux=0 pad=0x00000012 owner=- "

# The capture generated from the table agrees with the DTB
run_verify "$work/walk"
if [ $RC = 0 ] && [ "$(tail -n 1 <<<"$OUT")" = "walk: 32 pins checked, 0 mismatches" ]; then
	pass "verify: a capture that matches the DTB passes"
else
	fail verify-walk-capture "exit $RC: $(grep MISMATCH <<<"$OUT" | head -3) $ERR"
fi
if "$VERIFY" --json "$work/walk" | python3 -c '
import json, sys
d = json.load(sys.stdin)
pa0 = [p for p in d["pins"] if p["pin"] == "PA0"][0]
assert d["mismatches"] == 0 and len(d["pins"]) == 17
assert pa0["expected"]["STAGES"] == "8mA" and pa0["registers"]["PAD"] == "0x000001a0"
assert pa0["debugfs"]["OWNER"] == "40001000.serial uart0/uart0_grp"
assert "PULL" not in pa0["debugfs"] and pa0["verdict"] == "ok"
' 2>&2; then
	pass "verify: --json has the same pins, views and verdicts"
else
	fail verify-json "--json output is not what the table says"
fi

# vsoc,wakeup takes no value (1), 1 or 0 (datasheet section 5). WAKEUP is
# PAD bit 24: PA25 (0x00120404 above) with = <1> is 0x01120404; PA20, which
# the hog's vsoc,wakeup left at 0x01000003, is 0x00000003 once the leds'
# override says = <0>, its pull-down (BIAS 3, PULL 0) kept.
for row in "wakeup-1|vsoc,wakeup = <1>;||PA25 mux=0 pad=0x01120404 owner=-" \
	   "wakeup-0||vsoc,wakeup = <0>;|PA20 mux=0 pad=0x00000003 owner=-"; do
	IFS='|' read -r name extra extra20 want <<<"$row"
	walk_dtb "$name" "$extra" "$extra20"
	run_verify --dump-expected --dtb "$work/$name.dtb" --console "$work/walk/console.log"
	got=$(grep "^${want%% *} " <<<"$OUT" | sed 's/ : .*//')
	if [ $RC = 0 ] && [ "$got" = "$want" ]; then
		pass "verify: $(sed 's/;$//' <<<"$extra$extra20") gives $want"
	else
		fail "verify-$name" "exit $RC, expected '$want', got '$got' $ERR"
	fi
done

# Values the datasheet does not have are bad input, even where the driver
# would take them
expect_bad "vsoc,wakeup = <2>" "vsoc,wakeup = <2> cannot be held" --dump-expected \
	--dtb "$(walk_dtb bad7 'vsoc,wakeup = <2>;' && echo "$work/bad7.dtb")" \
	--console "$work/walk/console.log"
expect_bad "vsoc,wakeup = <0 1>" "vsoc,wakeup has 8 bytes" --dump-expected \
	--dtb "$(walk_dtb bad8 'vsoc,wakeup = <0 1>;' && echo "$work/bad8.dtb")" \
	--console "$work/walk/console.log"
expect_bad "bias-pull-up = <1>" "bias-pull-up = <1>" --dump-expected \
	--dtb "$(walk_dtb bad1 'bias-pull-up = <1>;' && echo "$work/bad1.dtb")" \
	--console "$work/walk/console.log"
expect_bad "drive-strength = <5>" "drive-strength = <5>" --dump-expected \
	--dtb "$(walk_dtb bad2 'drive-strength = <5>;' && echo "$work/bad2.dtb")" \
	--console "$work/walk/console.log"
expect_bad "input-debounce = <3>" "input-debounce = <3>" --dump-expected \
	--dtb "$(walk_dtb bad3 'input-debounce = <3>;' && echo "$work/bad3.dtb")" \
	--console "$work/walk/console.log"
expect_bad "output-high" "output-high is not" --dump-expected \
	--dtb "$(walk_dtb bad4 'output-high;' && echo "$work/bad4.dtb")" \
	--console "$work/walk/console.log"
expect_bad "two biases in a node" "sets BIAS" --dump-expected \
	--dtb "$(walk_dtb bad5 'bias-disable;' && echo "$work/bad5.dtb")" \
	--console "$work/walk/console.log"
expect_bad "a function on a pin of another" "cannot be muxed on PA25" --dump-expected \
	--dtb "$(walk_dtb bad6 'function = "uart0";' && echo "$work/bad6.dtb")" \
	--console "$work/walk/console.log"
sed 's/device: leds /device: 40002000.serial /' "$work/walk/console.log" >"$work/disabled.log"
expect_bad "a handle of a disabled node" "no DT node with pin states for device 40002000.serial" \
	--dtb "$work/walk.dtb" --console "$work/disabled.log" --regs "$work/walk/regs.bin"
expect_bad "a missing file" "no-such/regs.bin" \
	--dtb "$work/walk.dtb" --console "$work/walk/console.log" --regs "$work/no-such/regs.bin"
"$RESET" --id 0x12345678 "$work/foreign.bin"
expect_bad "a window that is not VSOC" "not a VSOC" \
	--dtb "$work/walk.dtb" --console "$work/walk/console.log" --regs "$work/foreign.bin"
sed 's/vsoc,vsoc1-pinctrl/vsoc,other/; s/@EXTRA@//; s/@EXTRA20@//' "$work/walk.dts.in" |
	dtc -q -I dts -O dtb -o "$work/noctrl.dtb"
expect_bad "no controller" "no enabled \"vsoc,vsoc1-pinctrl\"" \
	--dtb "$work/noctrl.dtb" --console "$work/walk/console.log" --regs "$work/walk/regs.bin"
grep -v 'pinconf-pins ====' "$work/walk/console.log" >"$work/nosection.log"
expect_bad "a capture without pinconf-pins" "no boot dump of $DBG/$CTRL/pinconf-pins" \
	--dtb "$work/walk.dtb" --console "$work/nosection.log" --regs "$work/walk/regs.bin"

# The debugfs decoder ########################################################

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
make_capture "$work/decode" 2
cp "$work/decode.dtb" "$work/decode/"
run_verify "$work/decode" --reset "$work/decode/regs.bin"
if [ $RC = 0 ] && [ "$(tail -n 1 <<<"$OUT")" = "decode: 64 pins checked, 0 mismatches" ]; then
	pass "verify: decoder: 64 PADs with every value of every field read back from pinconf-pins"
else
	fail verify-decode "exit $RC: $(grep MISMATCH <<<"$OUT" | head -3) $ERR"
fi

# mutate_line NAME PIN SED-EXPR: the decode capture with one pinconf-pins line
# changed, into $work/NAME.log
mutate_line() {
	sed "/^pin $2 ($(pin_name "$2")): / $3" "$work/decode/console.log" >"$work/$1.log"
}

# expect_one NAME PIN FIELD VIEW: exit 1, one MISMATCH row, that pin, only
# that field, VIEW the odd one out
expect_one() {
	local name=$1 pin=$2 field=$3 view=$4 rows
	rows=$(grep MISMATCH <<<"$OUT")
	if [ $RC = 1 ] && [ "$(wc -l <<<"$rows")" = 1 ] &&
	   [ "$(awk '{ print $1 }' <<<"$rows")" = "$pin" ] &&
	   grep -q "MISMATCH $field: $view=" <<<"$rows" && ! grep -q ';' <<<"$rows"; then
		pass "verify: $name: $pin $field, $view differs, nothing else"
	else
		fail "verify-$name" "exit $RC, expected $pin $field ($view) only: $rows $ERR"
	fi
}

# PA5 is tied to ground, push-pull, both edges at 3/4
mutate_line no-output 5 's/, output enabled//'
run_verify "$work/decode" --reset "$work/decode/regs.bin" --console "$work/no-output.log"
expect_one "decoder: a drive kind without 'output enabled'" PA5 DRIVE debugfs
mutate_line bad-slew 5 's/slew rate (0x3)/slew rate (0x1)/'
run_verify "$work/decode" --reset "$work/decode/regs.bin" --console "$work/bad-slew.log"
if [ $RC = 1 ] && grep -q "^PA5 .*SLEW_RISE: debugfs=?" <<<"$OUT"; then
	pass "verify: decoder: a 'slew rate' that contradicts the edges"
else
	fail verify-decode-slew "exit $RC: $(grep MISMATCH <<<"$OUT")"
fi
mutate_line bad-mA 5 's/strength ([0-9]* mA)/strength (5 mA)/'
run_verify "$work/decode" --reset "$work/decode/regs.bin" --console "$work/bad-mA.log"
expect_one "decoder: a drive strength the datasheet does not have" PA5 STAGES debugfs
mutate_line unknown 5 's/input bias/input bias bus hold, input bias/'
expect_bad "an item the driver cannot print" "cannot parse 'pin 5 (PA5)" \
	"$work/decode" --reset "$work/decode/regs.bin" --console "$work/unknown.log"

# A real boot of the evaluation board #########################################

dtb=$BUILD/dtb/vsoc-evb.dtb
if ! "$TOP/scripts/dtb.sh" vsoc-evb "$dtb" ||
   ! "$TOP/qemu/run.sh" --name verify-fixture "$dtb"; then
	fail verify-boot "vsoc-evb did not build or boot"
	finish
	exit
fi
run=$BUILD/run/verify-fixture
run_verify "$run"
if [ $RC = 0 ] && grep -q '^verify-fixture: 256 pins checked, 0 mismatches$' <<<"$OUT"; then
	pass "verify: vsoc-evb: DT, debugfs and registers agree on all 256 pins"
else
	fail verify-evb "exit $RC: $(grep MISMATCH <<<"$OUT" | head -3) $ERR"
fi
echo "$OUT" >&2

# One PAD field flipped in a copy of the window: PA0's STAGES
cp "$run/regs.bin" "$work/regs-stages.bin"
pad=$(reg32 "$run/regs.bin" 0x1000)
poke32 "$work/regs-stages.bin" 0x1000 $((pad ^ 1 << 7))
run_verify "$run" --regs "$work/regs-stages.bin"
expect_one "registers: PA0 STAGES flipped" PA0 STAGES registers

# PA0's mux select flipped in a copy of the window
cp "$run/regs.bin" "$work/regs-mux.bin"
poke32 "$work/regs-mux.bin" 0x100 $(($(reg32 "$run/regs.bin" 0x100) ^ 2))
run_verify "$run" --regs "$work/regs-mux.bin"
expect_one "registers: PA0 mux select flipped" PA0 MUX registers

# mutate_console NAME SED-EXPR: a copy of the console with one change
mutate_console() {
	sed "$2" "$run/console.log" >"$work/$1.log"
	cmp -s "$run/console.log" "$work/$1.log" && echo "$1: the edit changed nothing" >&2
	run_verify "$run" --console "$work/$1.log"
}

# PA0's drive strength in pinconf-pins: 2 mA more, or less at 16 mA
ma=$(dump "$run/console.log" boot $DBG/$CTRL/pinconf-pins |
	sed -n 's/^pin 0 (PA0):.*output drive strength (\([0-9]*\) mA).*/\1/p')
mutate_console conf-mA "/^pin 0 (PA0): /s/strength ($ma mA)/strength ($((ma < 16 ? ma + 2 : ma - 2)) mA)/"
expect_one "pinconf-pins: PA0 drive strength changed" PA0 STAGES debugfs

# PA1's power source in pinconf-pins
sel=$(dump "$run/console.log" boot $DBG/$CTRL/pinconf-pins |
	sed -n 's/^pin 1 (PA1):.*power source (\([0-9]*\) selector).*/\1/p')
mutate_console conf-power "/^pin 1 (PA1): /s/source ($sel selector)/source ($((sel ? 0 : 1)) selector)/"
expect_one "pinconf-pins: PA1 power source changed" PA1 POWER debugfs

# The first pulled-up pin's resistor in pinconf-pins, if the board has one
line=$(dump "$run/console.log" boot $DBG/$CTRL/pinconf-pins | grep -m1 'pull up (')
if [ -n "$line" ]; then
	pin=$(sed 's/^pin [0-9]* (\([A-Z0-9]*\)).*/\1/' <<<"$line")
	res=$(sed 's/.*pull up (\([0-9]*\) ohms).*/\1/' <<<"$line")
	mutate_console conf-pull "/ ($pin): /s/pull up ($res ohms)/pull up ($((res == 22000 ? 10000 : 22000)) ohms)/"
	expect_one "pinconf-pins: $pin pull resistor changed" "$pin" PULL debugfs
fi

# PA0's mux in the driver's readback (pins), and its claim (pinmux-pins)
mutate_console pins-mux '/^pin 0 (PA0) /s/ mux \([0-9]*\) pad/ mux 7 pad/'
expect_one "pins: PA0 mux readback changed" PA0 MUX debugfs-pins
mutate_console pinmux-group '/^pin 0 (PA0): device/s/group uart0_grp/group uart0_rtscts_grp/'
expect_one "pinmux-pins: PA0 claimed through another group" PA0 OWNER debugfs

# Provenance: a mismatching row says which node set the field ...
run_verify "$run" --regs "$work/regs-stages.bin"
if grep -q '^      STAGES set by /soc/pinctrl@4c000000/uart0-conf-state (9000000.serial, default)$' <<<"$OUT"; then
	pass "verify: a mismatch shows the DT node, device and state behind the field"
else
	fail verify-source-row "no source line under PA0: $(grep -A2 '^PA0' <<<"$OUT")"
fi
# ... and the core's pinconf-owners must agree with the DTB walk
mutate_console sources '/^pin 0 (PA0): /s/uart0-conf-state (9000000.serial/jtag-park-state (9000000.serial/'
if [ $RC = 1 ] && grep -q '^PA0 DRIVE: the DTB walk says /soc/pinctrl@4c000000/uart0-conf-state (9000000.serial, default), pinconf-owners says /soc/pinctrl@4c000000/jtag-park-state (9000000.serial, default)$' <<<"$OUT" &&
   [ "$(grep -c 'the DTB walk says' <<<"$OUT")" = 2 ]; then
	pass "verify: pinconf-owners naming another node is a mismatch (PA0 DRIVE, STAGES)"
else
	fail verify-sources "exit $RC: $(grep 'DTB walk' <<<"$OUT") $ERR"
fi

finish

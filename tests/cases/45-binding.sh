#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
# The binding validates with Debian's dt-schema and its example compiles and
# validates against it (scripts/dt-check.sh prints one line per check).
# scripts/dt-check.sh copies what the kernel's dt_binding_check does,
# because that check refuses Debian's dt-schema: the copied example DTC
# flags must be the kernel's, and the reason must still hold.
. "$(dirname "$0")/../lib.sh"

kmake=$(git -C "$CACHE/linux" show pristine:Documentation/devicetree/bindings/Makefile 2>/dev/null)
# the kernel's "override DTC_FLAGS := \" and its continuation lines, a flag a line
kflags=$(awk '/^override DTC_FLAGS :=/ { on = 1; next }
	on { line = $0; sub(/\\$/, "", line); n = split(line, f, " ");
	     for (i = 1; i <= n; i++) print f[i]; if ($0 !~ /\\$/) on = 0 }' <<<"$kmake")
oflags=$("$TOP/scripts/dt-check.sh" flags)
if [ -z "$kflags" ]; then
	fail binding-dtc-flags "no override DTC_FLAGS in the pristine Documentation/devicetree/bindings/Makefile"
elif [ "$kflags" = "$oflags" ]; then
	pass "binding: scripts/dt-check.sh's example DTC flags are the kernel's ($(paste -sd' ' <<<"$kflags"))"
else
	fail binding-dtc-flags "scripts/dt-check.sh has '$(paste -sd' ' <<<"$oflags")', the kernel '$(paste -sd' ' <<<"$kflags")'"
fi
kmin=$(sed -n 's/^DT_SCHEMA_MIN_VERSION = //p' <<<"$kmake")
have=$(dt-doc-validate --version 2>/dev/null)
if [ -z "$kmin" ] || [ -z "$have" ]; then
	fail binding-dtschema-version "kernel minimum '$kmin', installed '$have'"
elif printf '%s\n%s\n' "$kmin" "$have" | sort -Vc 2>/dev/null; then
	fail binding-dtschema-version "dt-schema $have meets the kernel's minimum $kmin: make dt_binding_check would run, scripts/dt-check.sh should use it (README \"Boards\")"
else
	pass "binding: the kernel's dt_binding_check wants dt-schema $kmin, Debian has $have (why scripts/dt-check.sh)"
fi

out=$("$TOP/scripts/dt-check.sh" binding 2>&1)
rc=$?
while read -r verdict what; do
	case "$verdict" in
	ok) pass "binding: $what" ;;
	FAIL) fail "binding: $what" "see build/tests/45-binding.log" ;;
	esac
done <<<"$out"
echo "$out" >&2
[ "$rc" -eq 0 ] || fail binding "scripts/dt-check.sh binding exited $rc"

# The argument forms of the datasheet's section 5 that the schema takes and
# refuses: a pin node of the controller with one property, validated
# against the processed schema (scripts/dt-check.sh dtb). A refusal must
# name the property (of two that exclude each other, the second).
forms=(
	"ok|vsoc,wakeup;"
	"ok|vsoc,wakeup = <1>;"
	"ok|vsoc,wakeup = <0>;"
	"bad|vsoc,wakeup = <2>;"
	"bad|vsoc,wakeup = <0 1>;"
	"ok|drive-push-pull;"
	"bad|drive-push-pull = <1>;"
	"bad|drive-push-pull = <0>;"
	"ok|drive-open-drain;"
	"bad|drive-open-drain = <1>;"
	"ok|input-schmitt = <2>;"
	"bad|input-schmitt = <2>; input-schmitt-enable;"
	"bad|input-schmitt = <0>; input-schmitt-disable;"
	"ok|vsoc,slew-rate-rising = <3>; vsoc,slew-rate-falling = <2>;"
	"bad|slew-rate = <2>; vsoc,slew-rate-falling = <1>;"
)
work=$BUILD/tests/binding-forms
rm -rf "$work"
mkdir -p "$work"
dtbs=()
for i in "${!forms[@]}"; do
	cat >"$work/form-$i.dts" <<-EOF
	/dts-v1/;
	/ {
		#address-cells = <2>;
		#size-cells = <2>;
		model = "binding form $i";
		compatible = "vsoc,evb", "vsoc,soc";

		soc {
			compatible = "simple-bus";
			#address-cells = <2>;
			#size-cells = <2>;
			ranges;

			pinctrl: pinctrl@4c000000 {
				compatible = "vsoc,vsoc1-pinctrl";
				reg = <0x0 0x4c000000 0x0 0x10000>;
				gpio-controller;
				#gpio-cells = <2>;
				gpio-ranges = <&pinctrl 0 0 256>;

				key-pins {
					pins = "PG3";
					${forms[i]#*|}
				};
			};
		};
	};
	EOF
	dtc -q -I dts -O dtb -o "$work/form-$i.dtb" "$work/form-$i.dts" &&
		dtbs+=("$work/form-$i.dtb")
done
out=$("$TOP/scripts/dt-check.sh" dtb "${dtbs[@]}" 2>&1)
echo "$out" >&2
for i in "${!forms[@]}"; do
	want=${forms[i]%%|*} form=${forms[i]#*|} dtb=$work/form-$i.dtb
	# the property a refusal names: the form's last
	prop=${form%;} prop=${prop##*; } prop=${prop%% *}
	if grep -qx "ok *dt-validate: $dtb" <<<"$out"; then
		got=ok
	elif grep -qx "FAIL *dt-validate: $dtb" <<<"$out" &&
	     grep -q "^ *$dtb: pinctrl@4c000000: key-pins: *$prop: " <<<"$out"; then
		got=bad
	else
		got="not checked, or refused for another reason"
	fi
	if [ "$got" = "$want" ]; then
		pass "binding: ${form%;} is ${want/bad/refused}"
	else
		fail "binding-form-$i" "${form%;}: expected $want, got $got"
	fi
done
finish

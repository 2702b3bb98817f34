# SPDX-License-Identifier: GPL-2.0
# Fixture builders for the verdict's tests (tests/cases/21-verdict-captures.sh
# sources this): captures of a VSOC board made from register values, as
# qemu/run.sh and the guest's /init would leave them, without a boot.
#
# Needs: RESET (build/vsoc-reset, which writes register windows), and
# pincheck (scripts/lib.sh) for the datasheet's pin names.
#
#   pin_name P             the datasheet's name of pin P
#   pinconf_items PAD      the pinconf-pins items the driver prints for PAD
#   section PATH           stdin between the dump markers of /init
#   make_capture DIR N     DIR/console.log and DIR/regs.bin of a part of N
#                          banks whose pins hold PAD[p], MUX[p], CLAIM[p]
#                          (the pinmux-pins text), HANDLES the
#                          pinctrl-handles device lines
#   poke32 FILE OFF VAL    a little-endian word into a window

DBG=/sys/kernel/debug/pinctrl
CTRL=4c000000.pinctrl

# Capture fixtures. For pin p: PAD[p], MUX[p], CLAIM[p] (the pinmux-pins
# text); HANDLES: the pinctrl-handles device lines.

# the datasheet's pin names, from pincheck's VSOC family (banks PA..PZ,
# PAA..PAF)
mapfile -t PIN_NAMES < <(pincheck pinnames 1024)
pin_name() { printf '%s' "${PIN_NAMES[$1]}"; }

# What the driver prints in pinconf-pins for a PAD value: the items of
# pinconf-generic.c in its order, the driver's custom ones, its hysteresis.
pinconf_items() {
	local pad=$1 ohms=(100000 47000 22000 10000) items=() IFS=
	local bias=$((pad & 7)) pull=$((pad >> 3 & 3)) drive=$((pad >> 5 & 3))
	local stages=$((pad >> 7 & 7)) schmitt=$((pad >> 10 & 1)) hyst=$((pad >> 11 & 3))
	local deb=$((pad >> 13 & 15)) rise=$((pad >> 17 & 3)) fall=$((pad >> 19 & 3))
	local power=$((pad >> 21 & 3)) lp=$((pad >> 23 & 1)) wake=$((pad >> 24 & 1))
	local input=$((pad >> 25 & 1))

	[ $bias = 0 ] && items+=("input bias disabled")
	[ $bias = 1 ] && items+=("input bias high impedance")
	[ $bias = 3 ] && items+=("input bias pull down (${ohms[pull]} ohms)")
	[ $bias = 2 ] && items+=("input bias pull up (${ohms[pull]} ohms)")
	[ $drive = 2 ] && items+=("output drive open drain")
	[ $drive = 3 ] && items+=("output drive open source")
	[ $drive = 1 ] && items+=("output drive push pull")
	items+=("output drive strength ($((2 * (stages + 1))) mA)")
	[ $deb != 0 ] && items+=("input debounce ($((1 << (deb - 1))) usec)")
	[ $input = 1 ] && items+=("input enabled")
	[ $schmitt = 1 ] && items+=("input schmitt trigger" "input schmitt enabled")
	[ $lp = 1 ] && items+=("pin low power (1 mode)")
	[ $drive != 0 ] && items+=("output enabled")
	items+=("pin power source ($power selector)")
	[ $rise = $fall ] && items+=("slew rate ($(printf 0x%x $((4 - rise))))")
	[ $bias = 4 ] && items+=("input bias tied high")
	[ $bias = 5 ] && items+=("input bias tied to ground")
	items+=("slew rate rising ($((4 - rise)) quarters)" "slew rate falling ($((4 - fall)) quarters)")
	[ $wake = 1 ] && items+=("wakeup enabled")
	[ $schmitt = 1 ] && items+=("input schmitt hysteresis ($((hyst + 1)) level)")
	local out=${items[0]} i
	for i in "${items[@]:1}"; do out+=", $i"; done
	printf '%s' "$out"
}

section() { echo "==== VSOC BEGIN boot $1 ===="; cat; echo "==== VSOC END boot $1 ===="; }

# make_capture DIR NBANKS: console.log and regs.bin of a part with NBANKS
# banks whose pins hold PAD/MUX/CLAIM
make_capture() {
	local dir=$1 npins=$(($2 * 32)) p i reg pokes=()
	mkdir -p "$dir"
	{
		echo "Booting Linux (fixture)"
		echo "==== VSOC INIT ===="
		{
			echo "Pin config settings per pin"
			echo "Format: pin (name): configs"
			for ((p = 0; p < npins; p++)); do
				echo "pin $p ($(pin_name $p)): $(pinconf_items "${PAD[p]:-0}")"
			done
		} | section $DBG/$CTRL/pinconf-pins
		{
			echo "Pinmux settings per pin"
			echo "Format: pin (name): mux_owner|gpio_owner (strict) hog?"
			for ((p = 0; p < npins; p++)); do
				echo "pin $p ($(pin_name $p)): ${CLAIM[p]:-UNCLAIMED}"
			done
		} | section $DBG/$CTRL/pinmux-pins
		{
			echo "registered pins: $npins"
			for ((p = 0; p < npins; p++)); do
				printf 'pin %d (%s) 0:? mux %d pad 0x%08x\n' $p "$(pin_name $p)" \
					"${MUX[p]:-0}" "${PAD[p]:-0}"
			done
		} | section $DBG/$CTRL/pins
		{
			echo "Requested pin control handlers their pinmux maps:"
			printf '%s\n' "${HANDLES[@]}"
		} | section $DBG/pinctrl-handles
		echo "==== VSOC DONE ===="
	} | sed 's/$/\r/' >"$dir/console.log"
	for ((p = 0; p < npins; p++)); do
		[ "${PAD[p]:-0}" != 0 ] && pokes+=(--poke "$((0x1000 + 4 * p))=$((PAD[p]))")
		if [ $((p % 8)) = 0 ]; then
			reg=0
			for ((i = 0; i < 8; i++)); do reg=$((reg | ${MUX[p + i]:-0} << 4 * i)); done
			[ $reg != 0 ] && pokes+=(--poke "$((0x100 + p / 2))=$reg")
		fi
	done
	"$RESET" --nbanks "$2" "${pokes[@]}" "$dir/regs.bin"
}

# poke32 FILE OFFSET VALUE: a little-endian word into a copy of a window
poke32() {
	printf '%b' "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $(($3 & 255)) $(($3 >> 8 & 255)) \
		$(($3 >> 16 & 255)) $(($3 >> 24 & 255)))" |
		dd of="$1" bs=1 seek=$(($2)) conv=notrunc status=none
}

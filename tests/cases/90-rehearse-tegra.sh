#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# NVIDIA Tegra boards rehearsed with their SoC's own pinctrl-tegra driver
# (scripts/rehearse.sh; pincheck/families/tegra.py, its tables expanded
# from the PINGROUP/DRV_PINGROUP macros of drivers/pinctrl/tegra/ by
# tegra_tables.py): the 32-bit Beaver (Tegra30; its whole pinmux one hog
# on the controller), Harmony (Tegra20: tristate, mux and pull registers
# in windows of their own) and the arm64 Jetson Xavier NX (Tegra194; the
# PCIe C5 controller's own states) agree pin by pin, and register words
# are compared with values worked out by hand below from the board's DT
# and the driver's tables; the Jetson Nano (Tegra210) applies nothing at
# probe (its pinmux is the firmware's; the MMC drive states are selected
# by name later); on the Beaver a second enabled device on the console's
# pin is a CONFLICT naming both DT paths, the second device FAILED; the
# guest's KTAP (console.ktap) is the host's (verdict.ktap) on every run
# (check_ktap, window_of: tests/lib.sh).
#
# How the words are worked out (pinctrl-tegra.c): set_mux writes the
# function's index in the group's funcs[] (f0..f3 of its PINGROUP row) to
# the 2 bits at mux_bit; each configuration property goes, read-modify-
# write, to the field tegra_pinconf_reg() names (pull 2 bits at pupd_bit,
# tristate tri_bit, enable-input einput_bit, open-drain odrain_bit, drive
# strengths drvdn/drvup at their bits and widths). The window starts as
# 0xa5a5a5a5 (families/base.py POISON) but for each group's LOCK bit,
# cleared (families/tegra.py), so a Tegra30 mux register with nothing
# written in its low byte holds 0x25 there. dt-bindings/pinctrl/
# pinctrl-tegra.h: TEGRA_PIN_PULL_NONE 0, TEGRA_PIN_DISABLE 0, ENABLE 1.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

R=$TOP/scripts/rehearse.sh
out=$BUILD/rehearse

agrees() { rehearse_agrees tegra "$@"; }
word() { window_word tegra "$@"; }

# WINDOW OFFSET MASK WANT NAME: the word under MASK
masked() {
	local got
	got=$([ -f "$1" ] && printf '0x%08x' $(($(reg32 "$1" "$2") & $3)))
	[ "$got" = "$4" ] && pass "tegra-$5" || fail "tegra-$5" "$(basename "$1")+$2 & $3 holds ${got:-nothing}, want $4"
}

# --- arm: Beaver (pinctrl-tegra30.c) ----------------------------------------
# 234 groups of the controller's own "default" state (its hog), no other
# consumer: the core applies the hogs when the driver registers
agrees beaver arm/nvidia/tegra30-beaver 234 0
d=$out/arm_nvidia_tegra30-beaver
pad=$(window_of "$d" /pinmux@70000868 0)
mux=$(window_of "$d" /pinmux@70000868 1)
# mux window (reg 1, 0x70003000) + 0: PINGROUP(ulpi_data0_po1, SPI3, HSI,
# UARTA, ULPI, 0x3000, N, N); DT ulpi_data0_po1: function uarta = f2 ->
# bits 1:0 = 2, pull none bits 3:2 = 0, tristate disable bit 4 = 0,
# enable-input disable bit 5 = 0; bits 6 (od N) and 7 (lock, cleared in
# the reset image) untouched: low byte 0x25 & ~0x3f | 2 = 0x02
word beaver-ulpi-data0 "$mux" 0x0 0xa5a5a502
# + 0x1a4: PINGROUP(gen1_i2c_scl_pc4, I2C1, RSVD2, RSVD3, RSVD4, 0x31a4,
# Y, N); DT: i2c1 = f0 (0), pull none, tristate disable, enable-input
# enable (bit 5), open-drain enable (od Y: bit 6): 0x25 & ~0x7f | 0x60
word beaver-gen1-i2c-scl "$mux" 0x1a4 0xa5a5a560
# pad window (reg 0, 0x70000868) + 0x48: DRV_PINGROUP(sdio3, 0x8b0, hsm 2,
# schmitt 3, lpmd -1, drvdn 12 w7, drvup 20 w7, slwr 28 w2, slwf 30 w2);
# DT drive_sdio3: high-speed-mode 0, schmitt 0, pull-down-strength 46
# (0x2e << 12), pull-up-strength 42 (0x2a << 20), slew-rate-rising 1
# (1 << 28), -falling 1 (1 << 30): 0x52a2e000; of 0xa5a5a5a5 only bits 0,
# 5, 7, 8 and 10 are outside those fields: 0x5a1
word beaver-drive-sdio3 "$pad" 0x48 0x52a2e5a1
# The hog sets a pin through its mux group and its drive group, whose
# parameters do not overlap (nvidia,pull and nvidia,high-speed-mode on
# SDMMC3's pins): "pinctrl: core: Report the settings of a state that
# override each other" compares generic configurations only, so the
# kernel says nothing (32 lines "pin ...: ... sets config 0x0 and ...
# sets config 0x70000 ...: the last one wins" when it compared Tegra's
# packed configurations whole)
if grep -q "the last one wins" "$d/console.log"; then
	fail tegra-beaver-no-override-warning "$(grep -m1 "the last one wins" "$d/console.log")"
else
	pass tegra-beaver-no-override-warning
fi

# --- arm: Harmony (pinctrl-tegra20.c) -----------------------------------------
# 115 pins of the hog's mux, pull and tristate groups; the mux groups hold
# several pins each, the pull groups (PULL_PG) are groups of their own
agrees harmony arm/nvidia/tegra20-harmony 115 0
mux=$(window_of "$out/arm_nvidia_tegra20-harmony" /pinmux@70000014 1)
# mux window (reg 1, 0x70000080) + 0: MUX_PG(ate, IDE, NAND, GMI, RSVD4,
# .., 0x80, 12, ..) "gmi" = 2 at bits 13:12; MUX_PG(atb, IDE, NAND, GMI,
# SDIO4, .., 0x80, 16, ..) "sdio4" = 3 at 17:16; bits 19:18 no group's
# (0xa5a5a5a5: 01); atd (0x80, 20) "gmi" = 2; atc (0x80, 22) "nand" = 1;
# ata (0x80, 24) "ide" = 0. Under 0x03ff3000: 0x00672000
masked "$mux" 0x0 0x03ff3000 0x00672000 harmony-mux-ata-ate

# --- arm64: Jetson Xavier NX (pinctrl-tegra194.c) -------------------------------
# the PCIe C5 controller's default state, two config-only groups
agrees xavier-nx nvidia/tegra194-p3509-0000+p3668-0000 2 1 11
w=$(window_of "$out/nvidia_tegra194-p3509-0000+p3668-0000" /bus@0/pinmux@2430000)
# + 0x14000: PINGROUP(pex_l5_clkreq_n_pgg0, PE5, RSVD1, .., 0x14000, 0, Y,
# 5, -1, 6, 8, -1, 10, 11, 12, ..): pull bits 3:2 = 0, tristate bit 4 = 0,
# enable-input bit 6 = 1, schmitt bit 12 = 0 (schmitt_in_mux); io-hv is
# RCV_SEL, at the group's e_io_hv bit 5 since "pinctrl: tegra194: Do not
# write io-hv and io-reset to the function select" (before it, bit 0, the
# low bit of the function select). 0xa5a5a5a5 & ~0x107c | 0x60 = 0xa5a5a5e1
word xavier-nx-clkreq "$w" 0x14000 0xa5a5a5e1
# + 0x14008: pex_l5_rst_n_pgg1 the same, enable-input 0: 0xa5a5a5a1
word xavier-nx-rst "$w" 0x14008 0xa5a5a5a1
# The fill has bits 0 and 5 set, so it cannot tell bit 0 from bit 5: the
# same board from the state its firmware leaves, both pins on PE5
# (funcs[0]: bits 1:0 = 0, 0xa5a5a5a4), stays on PE5 after the PCIe
# controller's default state: 0xa4 & ~0x7c | 0x60 = 0xe0 (clkreq; the
# unfixed driver gave 0xe1, RSVD1), and the verdict agrees
nx=nvidia/tegra194-p3509-0000+p3668-0000
fw=$BUILD/tests/tegra194-pe5.bin
mkdir -p "${fw%/*}"
python3 - "$out/${nx//\//_}/win0-0.reset" "$fw" <<-'EOF'
	import sys
	b = bytearray(open(sys.argv[1], "rb").read())
	for off in (0x14000, 0x14008):
	    b[off] &= ~3 & 0xff
	open(sys.argv[2], "wb").write(b)
	EOF
line=$("$R" --quiet --reset "$fw" "$nx" 2>&1)
rc=$?
[ "$rc" = 0 ] && pass "tegra-xavier-nx-firmware-agrees" ||
	fail "tegra-xavier-nx-firmware-agrees" "exit $rc: $line"
w=$(window_of "$out/${nx//\//_}@tegra194-pe5" /bus@0/pinmux@2430000)
word xavier-nx-firmware-clkreq-pe5 "$w" 0x14000 0xa5a5a5e0
# rst: 0xa4 & ~0x7c | 0x20 = 0xa0
word xavier-nx-firmware-rst-pe5 "$w" 0x14008 0xa5a5a5a0

# --- arm64: Jetson Nano (pinctrl-tegra210.c) -------------------------------------
# no pinmux hog (its pinmux is the firmware's), and its three consumers'
# states (sdmmc-3v3-drv, sdmmc-1v8-drv, dvfs_pwm_enable, ...) have no
# "default": their drivers select them by name later, so nothing is
# applied at probe and nothing is a finding; the probe's PARK clears
# (tegra210's parked_bitmask) explain what changed; 13 states on the PMC,
# the DPAUX pads and the PMIC are not rehearsed
line=$("$R" --quiet nvidia/tegra210-p3450-0000 2>&1)
rc=$?
[ "$rc $line" = "0 nvidia/tegra210-p3450-0000: 0 pins checked, 0 mismatches, 0 conflicts, 0 stray writes, 0 bad nodes, 0 consumers failed, 0 states never applied, 13 not rehearsed" ] &&
	pass "tegra-nano-nothing-at-probe" || fail "tegra-nano-nothing-at-probe" "exit $rc: $line"

# --- a second enabled device on the console's pin --------------------------------
# the Beaver with an LED on ULPI_DATA0 PO1 (tests/rehearse/tegra30-beaver-clash.dts):
# the hog's owner is the controller itself
rehearse_clash tegra beaver "$TOP/tests/rehearse/tegra30-beaver-clash.dts" \
	"ULPI_DATA0 PO1" /pinmux@70000868 /pinmux@70000868/pinmux \
	/pinmux@70000868/clash-led-pin $((234 + 1 + 1))
finish

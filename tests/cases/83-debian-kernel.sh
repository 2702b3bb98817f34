#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
#
# The rehearsal on Debian's own arm64 kernel (KERNEL=debian,
# scripts/anykernel.sh: linux-image-6.12-arm64 as apt fetches it, configured
# by Debian): the i.MX reference board and the clash and typo boards of the
# rehearsal tests give the verdicts they give on the project's kernel,
# except the lines docs/check-your-board.md lists as project-kernel only.
# Worked out from Debian's config (boot/config-* of the package):
#  - PINCTRL_IMX8MM, PINCTRL_SINGLE and PINCTRL_SUN50I_A64 are =y: imx8mm-evk,
#    imx8mm-evk with the leds-take-uart2 clash, the am335x-boneblack and
#    pine64-plus clashes print the same verdict line for line (less the
#    "missing on this kernel: debugfs pinconf-owners" line: the series'
#    patch 'pinctrl: pinconf: Show what set each configuration of each
#    pin' is not in Debian's kernel), the same exit status, and the guest's
#    KTAP equals the host's;
#  - PINCTRL_SM8250 is =m: qrb5165-rb5-lint boots only when the guest loads
#    pinctrl-sm8250.ko from the appended cpio ("vsocinit: N modules
#    loaded"), and still prints the two BAD NODE lines of 78-lint, computed
#    from the tree (bias-pul-up with the closest name, drive-strength
#    <16777232> above 24 bits, naming node and property); Debian's kernel
#    has no strict_dt, so it applies the node: /qca6390-pmu is "default
#    applied" where the project's kernel refuses it, and the verdict says
#    that this refusal is missing on this kernel;
#  - the same Image, modules and config given as a user's kernel
#    (KERNEL=path MODULES=... KCONFIG=...) give the same verdict; a path
#    that is no file is one line of error;
#  - PINCTRL_SUN8I_H3 is not set on arm64: the orangepi-pc clash's main
#    controller is "not rehearsed ... (CONFIG_PINCTRL_SUN8I_H3 is not set)".
# TREE=7.3 KERNEL=debian: Debian's own 7.3 kernel (linux-image-7.3.*-arm64
# of trixie-backports, scripts/linux73.sh image-debs), one board of the 7.3
# tree: ti/k3-am62-pocketbeagle2. Its config (usr/lib/modules/VER/config
# of linux-base-VER-arm64) has PINCTRL_SINGLE=y, so every pin is checked
# as on the project's kernel (86-rehearse-tree73 counts them by hand from
# the DT: 26 pins, 12 consumers), exit 0, the guest's KTAP equals the
# host's, and the console shows the 7.3 kernel booting. SKIP when the 7.3
# tree or Debian's 7.3 kernel cannot be fetched.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"

R=$TOP/scripts/rehearse.sh
KUNIT="python3 $CACHE/linux/tools/testing/kunit/kunit.py parse"
if ! KERNEL=debian "$TOP/scripts/anykernel.sh" prepare >"$BUILD/tests-83-prepare.log" 2>&1; then
	skip 83-debian-kernel "Debian's kernel could not be fetched: $(tail -n 1 "$BUILD/tests-83-prepare.log")"
	exit 0
fi
out=$BUILD/tests/debian-kernel
rm -rf "$out"
mkdir -p "$out"

# BOARD NAME: rehearsed on both kernels; leaves $out/NAME.{vsoc,debian}
# (the verdict) and .rc
both() {
	local k
	for k in vsoc debian; do
		KERNEL=$k "$R" "$1" >"$out/$2.$k" 2>"$out/$2.$k.err"
		echo $? >"$out/$2.$k.rc"
		[ -s "$out/$2.$k" ] || cat "$out/$2.$k.err" >&2
		cp "$BUILD/rehearse/$3/console.ktap" "$out/$2.$k.ktap" 2>/dev/null
		cp "$BUILD/rehearse/$3/verdict.ktap" "$out/$2.$k.host-ktap" 2>/dev/null
		cp "$BUILD/rehearse/$3/console.log" "$out/$2.$k.console" 2>/dev/null
	done
}
same_verdict() {
	diff <(cat "$out/$1.vsoc") <(grep -v '^missing on this kernel: ' "$out/$1.debian")
}

rb=$TOP/tests/rehearse
for spec in "freescale/imx8mm-evk imx8mm-evk freescale_imx8mm-evk" \
	"freescale/imx8mm-evk+$rb/imx8mm-evk-leds-take-uart2.dtso leds-take-uart2 freescale_imx8mm-evk+imx8mm-evk-leds-take-uart2" \
	"$rb/am335x-boneblack-clash.dts boneblack-clash am335x-boneblack-clash" \
	"$rb/sun50i-a64-pine64-plus-clash.dts pine64-clash sun50i-a64-pine64-plus-clash"; do
	read -r board name dir <<<"$spec"
	both "$board" "$name" "$dir"
	check "83-$name-same-verdict" same_verdict "$name"
	check "83-$name-same-exit" [ "$(cat "$out/$name.vsoc.rc")" = "$(cat "$out/$name.debian.rc")" ]
	check "83-$name-ktap" cmp "$out/$name.debian.ktap" "$out/$name.debian.host-ktap"
	check "83-$name-booted-debian" grep -q 'Linux version 6.12.*deb12-arm64' "$out/$name.debian.console"
done
check 83-missing-said grep -qx "missing on this kernel: debugfs pinconf-owners of 4c000000.pinctrl (which state set each configuration: the series' 'pinctrl: pinconf: Show what set each configuration of each pin')" "$out/imx8mm-evk.debian"
check 83-missing-not-on-vsoc bash -c "! grep -q '^missing on this kernel' '$out/imx8mm-evk.vsoc'"
check 83-imx-ktap-parses bash -c "$KUNIT <'$out/imx8mm-evk.debian.ktap' >/dev/null"

# The other families' reference boards (70, 76, 81, 82, 77) whose drivers
# Debian's config has =y: PINCTRL_SINGLE (K3), _SUN50I_H6, _ROCKCHIP, _ARMADA_AP806 and _CP110, _ARMADA_37XX, _BCM2835,
# _MESON_GXL and _MESON_G12A (88), _MT8183 and _MT7986 (89), and
# _PFC_R8A774A1 (91: the RZ/G2M's window at the SoC's own address, past
# the RAM Debian's kernel is given with mem=), _EXYNOS_ARM64 (the
# WinLink E850-96: the Samsung reference of 77 is an Exynos 4, 32-bit)
# and _TEGRA210 (the Jetson Nano: its states are the PMC's and DPAUX's
# pads, not rehearsed on either kernel, in the same 13 lines). The same verdict
# line for line but the pinconf-owners line, the same exit, the guest's
# KTAP equal to the host's. (Of the R-Car PFCs it builds the RZ/G2M's
# alone: the H3 of 91 is not rehearsed there.)
for board in ti/k3-am625-beagleplay allwinner/sun50i-h6-pine-h64 \
	rockchip/rk3568-rock-3a marvell/armada-8040-mcbin marvell/armada-3720-espressobin \
	broadcom/bcm2711-rpi-4-b amlogic/meson-gxl-s905x-libretech-cc \
	amlogic/meson-g12b-odroid-n2 mediatek/mt8183-kukui-krane-sku176 \
	mediatek/mt7986a-bananapi-bpi-r3 renesas/r8a774a1-hihope-rzg2m \
	exynos/exynos850-e850-96 nvidia/tegra210-p3450-0000; do
	name=${board##*/}
	both "$board" "$name" "${board//\//_}"
	check "83-$name-same-verdict" same_verdict "$name"
	check "83-$name-same-exit" [ "$(cat "$out/$name.vsoc.rc")" = "$(cat "$out/$name.debian.rc")" ]
	check "83-$name-ktap" cmp "$out/$name.debian.ktap" "$out/$name.debian.host-ktap"
done
# db845c: its TLMM rows are the same; its PM8998 GPIO block is not
# rehearsed on Debian's kernel, which has no rehearsal SPMI controller (the
# project's local patch), so the three devices of its states are not
# booted and their states are said not rehearsed
both qcom/sdm845-db845c sdm845-db845c qcom_sdm845-db845c
# (the TLMM alone on Debian's: its pins without the "tlmm:" of several
# controllers, the table's columns narrower)
check 83-db845c-same-tlmm diff <(grep '^tlmm:' "$out/sdm845-db845c.vsoc" | sed 's/^tlmm://; s/  */ /g' | sort) \
	<(grep -E '^(GPIO|SDC|UFS)[0-9]*_' "$out/sdm845-db845c.debian" | sed 's/  */ /g' | sort)
check 83-db845c-pmic-not-rehearsed grep -qxF "not rehearsed: /soc@0/spmi@c440000/pmic@0/gpio@c000: no driver for vsoc,rehearsal-spmi in the image (CONFIG_SPMI_REHEARSAL is not set): the rehearsal's SPMI controller, which stands in for the PMIC arbiter" "$out/sdm845-db845c.debian"
check 83-db845c-ktap cmp "$out/sdm845-db845c.debian.ktap" "$out/sdm845-db845c.debian.host-ktap"

# i.MX93's driver is not in Debian's 6.12 arm64 config ("# ... is not set")
KERNEL=debian "$R" freescale/imx93-11x11-evk >"$out/imx93.debian" 2>&1
echo $? >"$out/imx93.debian.rc"
check 83-imx93-not-rehearsed grep -qxF "not rehearsed: /soc@0/bus@44000000/pinctrl@443c0000: no driver for fsl,imx93-iomuxc in the image (CONFIG_PINCTRL_IMX93 is not set)" "$out/imx93.debian"
check 83-imx93-nothing-rehearsed grep -qxF "freescale/imx93-11x11-evk: nothing rehearsed: no driver for fsl,imx93-iomuxc in the image (CONFIG_PINCTRL_IMX93 is not set)" "$out/imx93.debian"
check 83-imx93-not-a-pass [ "$(cat "$out/imx93.debian.rc")" != 0 ]

# The typo board: its TLMM driver is a module of Debian's kernel (on the
# project's kernel the HDMI bridge, whose reset pin is on the PMIC, is a
# device before the qca6390-pmu: rh012 there, rh011 on Debian's)
both "$rb/qrb5165-rb5-lint.dts" lint qrb5165-rb5-lint
node=/soc@0/pinctrl@f100000/bt-default-state
want1="BAD NODE $node (state default of /qca6390-pmu): $node: bias-pul-up: unknown property (did you mean bias-pull-up?)"
want2="BAD NODE $node (state default of /qca6390-pmu): $node: drive-strength: <16777232> does not fit in 24 bits"
check 83-lint-module-loaded grep -aq '^vsocinit: [1-9][0-9]* modules loaded' "$out/lint.debian.console"
check 83-lint-closest-name grep -qxF "$want1" "$out/lint.debian"
check 83-lint-25-bits grep -qxF "$want2" "$out/lint.debian"
check 83-lint-exit-1 [ "$(cat "$out/lint.debian.rc")" = 1 ]
check 83-lint-applied-without-series grep -qxF "consumer /qca6390-pmu (rh011-qca6390-pmu): default applied" "$out/lint.debian"
check 83-lint-refused-with-series grep -q "^consumer /qca6390-pmu (rh012-qca6390-pmu): FAILED: .*bias-pul-up" "$out/lint.vsoc"
check 83-lint-refusal-missing grep -q "^missing on this kernel: its refusal of the BAD NODE lines' nodes" "$out/lint.debian"
check 83-lint-ktap cmp "$out/lint.debian.ktap" "$out/lint.debian.host-ktap"

# The same kernel given as a user's: KERNEL=path/to/Image, MODULES= its
# lib/modules/<version> (depmod's modules.dep), KCONFIG= its .config
deb=$(KERNEL=debian "$TOP/scripts/anykernel.sh" env | sed -n 's/^KIMAGE=//p')
deb=${deb%/Image}
KERNEL=$deb/Image MODULES=$(cat "$deb/modules") KCONFIG=$deb/config \
	"$R" "$rb/qrb5165-rb5-lint.dts" >"$out/lint.user" 2>"$out/lint.user.err"
check 83-user-kernel-same-as-debian diff "$out/lint.user" "$out/lint.debian"
check 83-user-kernel-module-loaded grep -aq '^vsocinit: [1-9][0-9]* modules loaded' "$BUILD/rehearse/qrb5165-rb5-lint/console.log"
KERNEL=/nonexistent/Image "$R" "$rb/qrb5165-rb5-lint.dts" >"$out/nokernel" 2>&1
check 83-no-such-kernel grep -q 'KERNEL=/nonexistent/Image: no such Image' "$out/nokernel"

# A driver Debian's arm64 kernel does not build: said, not guessed
KERNEL=debian "$R" "$rb/sun8i-h3-orangepi-pc-clash.dts" >"$out/h3.debian" 2>&1
check 83-h3-not-rehearsed grep -qxF "not rehearsed: /soc/pinctrl@1c20800: no driver for allwinner,sun8i-h3-pinctrl in the image (CONFIG_PINCTRL_SUN8I_H3 is not set)" "$out/h3.debian"

# Debian's 7.3 kernel, the 7.3 tree's board (see the header)
b73=ti/k3-am62-pocketbeagle2
d73=$BUILD/rehearse-7.3/ti_k3-am62-pocketbeagle2
if ! why=$("$TOP/scripts/linux73.sh" dtc 2>&1 >/dev/null); then
	skip 83-debian73 "the 7.3 tree cannot be fetched or its dtc built: $(tail -n 1 <<<"$why")"
elif ! TREE=7.3 KERNEL=debian "$TOP/scripts/anykernel.sh" prepare >"$out/debian73-prepare.log" 2>&1; then
	skip 83-debian73 "Debian's 7.3 kernel could not be fetched: $(tail -n 1 "$out/debian73-prepare.log")"
else
	TREE=7.3 KERNEL=debian "$R" --quiet "$b73" >"$out/debian73" 2>"$out/debian73.err"
	rc=$?
	check 83-debian73-every-pin grep -qxF "$b73: 26 pins checked, 0 mismatches, 0 conflicts, 0 stray writes, 0 bad nodes, 0 consumers failed, 0 states never applied, 0 not rehearsed" "$out/debian73"
	check 83-debian73-exit-0 [ "$rc" = 0 ]
	check 83-debian73-booted-debian-7.3 grep -aq 'Linux version 7\.3\..*deb13-arm64 .*Debian 7\.3' "$d73/console.log"
	check 83-debian73-ktap cmp "$d73/console.ktap" "$d73/verdict.ktap"
fi
finish

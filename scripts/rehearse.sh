#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Rehearse a real board: its DT compiled as kbuild does, its pin controllers
# moved into reserved windows of QEMU virt's RAM, every consumer a device of
# its own, booted with the project's kernel (which carries the SoC's own
# mainline pin controller driver), then checked pin by pin. The project's
# kernel boots with pinctrl.strict_dt=1: the core's generic parser refuses
# what it would only warn about (docs/strict-dt-parsing.md); not when a
# family's driver reads a binding of its own after the generic parser
# (bcm2835's brcm,pins), which the plan says. KERNEL (or --kernel) debian
# or a path to an Image boots another kernel (scripts/anykernel.sh), its
# pin controller modules loaded by the guest.
#
#   scripts/rehearse.sh [--quiet] [--compact] [--kernel NAME] [--fixup F.dtso]
#                       [--include DIR]... [--sleep N] [--reset F] [--as-is] BOARD
#
# --quiet prints the last line of the verdict only; --compact (rehearse-all)
# keeps the windows gzipped and no reset images (the verdict makes them
# again), since a Qualcomm board's windows are 9 MiB. --fixup boots the
# board with an overlay applied that the verdict does not expect (as a boot
# loader that edits the DT would; target-path on the virt DTB's paths), in
# build/rehearse/<board>~<overlay>/. --sleep N: the guest goes through a
# system sleep of N seconds after its verdict (vsocinit.sleep), the windows
# are also read while it sleeps (win*-sleep.bin), in build/rehearse/
# <board>@sleep/; pincheck verdict --phase resume and --asleep check them.
# --reset F: a board of one window (VSOC) starts from F instead of its
# family's reset image, as firmware would leave it, and the verdict expects
# what F holds where no state writes; in build/rehearse/<board>@<F>/.
# --as-is: a VSOC board as make run boots it: its own DTB (scripts/dtb.sh),
# nothing moved or rewritten, the consumers under their own device names
# with their own drivers, the plan added as /rehearse-plan (pincheck
# prepare --dtb), booted with make run's command line; the window is
# regs.bin; in build/rehearse/<board>@as-is/.
# --run: make run's form of --as-is, in build/run/<board>/ (the run as
# qemu/run.sh leaves it: console.log, regs.bin, <board>.dtb, with the
# plan and the verdict beside it); --u-boot FIT boots it through U-Boot,
# the FIT's configuration conf-<board> (whose DTB carries the same plan,
# scripts/fit.sh: the guest's checker gives its KTAP too).
#
# The guest prints its own verdict as KTAP on the console (from the plan
# that prepare writes into the virt DTB); the run leaves it as
# console.ktap, and the host's as verdict.ktap.
#
# --fix (or FIX=1): where a finding has one obvious fix, a DT patch in
# git format-patch form into <dir>/fix/, and the board rehearsed again with
# the patches applied (<dir>/fix/after/): the fixed findings are gone and
# nothing new appears, or it says what (pincheck/fix.py).
#
# TREE=7.3 takes the board, and the tables of its drivers, from Debian's
# linux-source-7.3 (kernel/mainline/BASE) and leaves the run in
# build/rehearse-7.3/<board>/; the kernel that boots is still the
# project's (6.12): a board whose controller's driver it lacks says so per
# state ("the kernel has no driver for <compatible>").
#
# BOARD: vendor/board (arch/arm64/boot/dts/ without .dts; arm64/vendor/board
# too), arm/vendor/board for a 32-bit board of arch/arm/boot/dts (compiled
# as kbuild compiles it for arm, its pin controllers moved into windows of
# the same arm64 virt machine: the driver is the same code), vendor/board+ovl
# (a tree .dtso applied on it), or a path to a .dts. Leaves
# build/rehearse/<board>/{console.log,win*.bin,virt.dtb,board.dtb,
# plan.json,verdict.json}, <board> with "/" as "_" (arm_ti_omap_am335x-evm). Exit 0 only when every pin agrees and every
# consumer applied its default state; 1 on a disagreement; 2 when the board
# could not be prepared or booted; 4 when nothing of it could be rehearsed
# (no pin controller of the board has a driver in the image, say: one line
# says why).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

quiet= compact= fixup= config=${KERNEL:-vsoc} fix=${FIX:-}
[ "$fix" != 0 ] || fix=
incs=()
while [ $# -gt 1 ]; do
	case "$1" in
	--quiet) quiet=1; shift ;;
	--compact) compact=1; shift ;;
	--kernel) config=$2; shift 2 ;;
	--fixup) fixup=$2; shift 2 ;;
	--fix) fix=1; shift ;;
	--include) incs+=(-I "$(realpath "$2")"); shift 2 ;;
	--sleep) sleep=$2; shift 2 ;;
	--reset) reset=$2; shift 2 ;;
	--as-is) asis=1; shift ;;
	--run) asis=1 run=1; shift ;;
	--u-boot) fit=$2; shift 2 ;;
	*) die "unknown option $1" ;;
	esac
done
[ $# -eq 1 ] || die "usage: scripts/rehearse.sh [--quiet] [--compact] [--kernel NAME] [--fixup F.dtso] [--fix] [--include DIR]... [--sleep N] [--reset F] [--as-is] [--run [--u-boot FIT]] BOARD"
# a boot takes about a second; the debug image (KASAN, kmemleak) far more
timeout=60
[ "$config" = vsoc ] || timeout=300	# the debug image, or another kernel
board=$1
# arm64's boards have no prefix (arm64/ is accepted); arch/arm's are arm/...
board=${board#arm64/}

KERNEL=$config rehearse_env	# the kernel that boots: KPROJECT, IMAGE_CONFIG
# pinctrl.strict_dt=1 is the series' parameter: the project's kernels only
# (the DT form checks come from pincheck lint whatever the kernel)
# iomem=relaxed: a kernel with CONFIG_IO_STRICT_DEVMEM (Debian's) refuses
# /dev/mem of a region a driver claimed, the pin controllers' registers
# that the guest's checker reads
append="iomem=relaxed"
[ "$KPROJECT" = 1 ] && append="pinctrl.strict_dt=1"
# of the pinctrl debugfs directory, the files the verdict reads (Guest of
# pincheck/verdict.py): pinctrl-maps, pingroups and pinmux-functions are a
# quarter of the console, which the serial port takes a byte at a time
append+=" vsocinit.only=pinctrl-handles,pinctrl-devices,pins,pinmux-pins"
append+=",pinconf-pins,pinconf-groups,pinconf-owners,gpio-ranges"

name=$board
case "$board" in
*.dts) name=$(basename "$board" .dts) ;;
*+) ;;	# a board named so (7.3's allwinner/sun55i-h728-x96qpro+)
*+*)	# an overlay given as a path is named by its file name
	IFS=+ read -r -a parts <<<"$board"
	name=${parts[0]}
	for p in "${parts[@]:1}"; do name+="+$(basename "$p" .dtso)"; done ;;
esac
prep=("${incs[@]}")
if [ -n "$fixup" ]; then
	[ -f "$fixup" ] || die "no such overlay: $fixup"
	fixup=$(realpath "$fixup")
	name+="~$(basename "$fixup" .dtso)"
	prep+=(--fixup "$fixup")
fi
if [ -n "${asis:-}" ]; then
	[ -z "$fixup" ] || die "--as-is boots the board's own DTB: no --fixup"
	[ -n "${run:-}" ] || name+="@as-is"
	append=		# make run's command line
fi
[ -z "${fit:-}" ] || [ -n "${run:-}" ] || die "--u-boot boots make run's form: with --run"
if [ -n "${sleep:-}" ]; then
	name+="@sleep"
	append+=" vsocinit.sleep=$sleep"
fi
if [ -n "${reset:-}" ]; then
	[ -f "$reset" ] || die "no such reset image: $reset"
	reset=$(realpath "$reset")
	name+="@$(basename "$reset" .bin)"
fi
dir=$REHEARSE_OUT/${name//\//_}
[ -z "${run:-}" ] || dir=$BUILD/run/${name//\//_}
mkdir -p "$REHEARSE_OUT"


rm -rf "$dir"
mkdir -p "$dir"
if [ -n "${asis:-}" ]; then
	"$TOP/scripts/dtb.sh" "$board" "$dir/own.dtb" 2>"$dir/prepare.log" ||
		{ cat "$dir/prepare.log" >&2; echo "$board: could not be compiled" >&2; exit 2; }
	prep+=(--dtb "$dir/own.dtb")
fi
[ -n "${reset:-}" ] && prep+=(--reset "$reset")
if ! pincheck prepare "$board" "$dir" "${prep[@]}" 2>>"$dir/prepare.log"; then
	cat "$dir/prepare.log" >&2
	echo "$board: could not be prepared" >&2
	exit 2
fi
[ -n "$quiet" ] || cat "$dir/prepare.log" >&2
boot=()
[ -s "$dir/windows.txt" ] && boot+=(--windows "$dir/windows.txt")
# as it is: qemu/run.sh loads the VSOC window itself (prepare --reset
# made the plan from the image and put it in the window's place)
[ -n "${reset:-}" ] && [ -f "$dir/regs.reset" ] && boot+=(--reset "$dir/regs.reset")
# strict parsing unless a family's driver reads a binding of its own
# after the generic parser (bcm2835's brcm,pins: the plan says so)
grep -q '"strict_dt": false' "$dir/plan.json" && append=${append/pinctrl.strict_dt=1/pinctrl.strict_dt=0}
what=("$dir/virt.dtb")
[ -z "${fit:-}" ] || what=(--u-boot "conf-${name//\//_}" "$fit")
if ! "$TOP/qemu/run.sh" --kernel "$config" --name "${name//\//_}" --dir "$dir" \
	"${boot[@]}" --timeout "$timeout" --dumps-to-ram \
	--append "$append" "${what[@]}" 2>"$dir/run.log"; then
	cat "$dir/run.log" >&2
	exit 2
fi
rc=0
if [ -n "$quiet" ]; then
	pincheck verdict "$dir" >"$dir/verdict.txt" || rc=$?
	tail -n 1 "$dir/verdict.txt"
else
	pincheck verdict "$dir" | tee "$dir/verdict.txt" || rc=${PIPESTATUS[0]}
	if [ -s "$dir/console.ktap" ]; then
		msg "rehearse: the guest's verdict as KTAP: $dir/console.ktap (the host's: verdict.ktap)"
	else
		msg "rehearse: no KTAP on the console (see $dir/console.log)"
	fi
fi
# FIX=1: a patch for each finding with one obvious fix, then the board
# again with the patches applied (pincheck/fix.py)
if [ -n "$fix" ] && [ "$rc" = 1 ] && [ -z "$fixup" ]; then
	frc=0
	pincheck fix "$dir" --dtc "$DTC" "${incs[@]}" >"$dir/fix.log" 2>&1 || frc=$?
	[ -n "$quiet" ] || cat "$dir/fix.log"
	if [ "$frc" = 0 ]; then
		a=$dir/fix/after
		mapfile -t rerun <"$dir/fix/rerun"
		extra=()
		[ -z "${rerun[2]:-}" ] || extra=(-I "${rerun[2]}")
		mkdir -p "$a"
		if KSRC=${rerun[0]} pincheck prepare "${rerun[1]}" "$a" "${incs[@]}" "${extra[@]}" \
			2>"$a/prepare.log" &&
		   "$TOP/qemu/run.sh" --kernel "$config" --name "${name//\//_}" --dir "$a" \
			--windows "$a/windows.txt" --timeout "$timeout" --dumps-to-ram \
			--append "$append" "$a/virt.dtb" 2>"$a/run.log"; then
			pincheck verdict "$a" >"$a/verdict.txt" || true
		fi
		pincheck fix --check "$dir" >"$dir/fix/check.txt" || rc=1
		if [ -n "$quiet" ]; then tail -n 1 "$dir/fix/check.txt"; else cat "$dir/fix/check.txt"; fi
		# rehearse-all: the shadow tree's links go, the patches stay
		[ -z "$compact" ] || { rm -rf "$dir/fix/tree" "$a"/*.reset "$a/ram.img"; gzip -1 -f "$a"/win*.bin; }
	elif [ "$frc" != 3 ]; then
		cat "$dir/fix.log" >&2
	fi
fi
if [ -n "$compact" ]; then
	rm -f "$dir"/*.reset "$dir/ram.img"
	gzip -1 -f "$dir"/win*.bin
fi
exit "$rc"

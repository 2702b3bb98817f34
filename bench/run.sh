#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Benchmarks (make bench; never part of pass/fail). Boots the kernel that is
# already built, one QEMU at a time, and writes CSV files and a summary table
# to build/bench/ (see bench/README.md).
#
#   bench/run.sh [--parts LIST] [--boots N] [--scale-boots M]
#		[--banks "1 2 4 8 16 32"] [--clocks "icount real"] [--board NAME]
#
#   --parts	comma-separated, default probe,where,profile,loop (cold runs
#		only with COLD=1 or when listed):
#		probe	pin controller probe time (initcall_debug), VSOC and a
#			pinconf-single peer in the same boot, every pin of the
#			part configured by hogs, for each NBANKS of --banks
#		where	where VSOC's probe time goes: the same boot with hogs
#			that only mux, only configure, are parsed but not
#			applied, or are split into more nodes
#		profile	instructions per kernel function during each
#			controller's probe at 256 pins (QEMU TCG plugin)
#		loop	edit-to-verdict loop with the kernel built, the
#			steps of make run: dtb.sh + pincheck prepare +
#			qemu/run.sh + pincheck verdict, against QEMU alone
#			and qemu/run.sh alone (and make -s run, under make
#			bench)
#		cold	empty cache to the first verified board: a fresh clone
#			of HEAD and an empty VSOC_CACHE, `make run` timed
#   --boots	boots per measurement (default 5; medians are reported)
#   --scale-boots  boots per size in the probe part other than 256 pins
#		(default 3)
#   --clocks	the guest clock of the probe boots: "icount" (QEMU
#		-icount shift=0: one guest nanosecond per instruction,
#		deterministic), "real" (the host's time under TCG: noisy, and
#		whichever controller probes first also pays for translating
#		the shared pinctrl core code); default both
#
# Environment: COLD=1 adds the cold part; BENCH_MAKE_RUN=1 (set by make
# bench) adds a `make -s run` column to the loop part; VSOC_CACHE as for make.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

parts=probe,where,profile,loop
[ "${COLD:-}" = 1 ] && parts=$parts,cold
boots=${BOOTS:-5}
scale_boots=${SCALE_BOOTS:-3}
banks="1 2 4 8 16 32"
clocks="icount real"
board=vsoc-evb
while [ $# -gt 0 ]; do
	case "$1" in
	--parts) parts=$2; shift 2 ;;
	--boots) boots=$2; shift 2 ;;
	--scale-boots) scale_boots=$2; shift 2 ;;
	--banks) banks=$2; shift 2 ;;
	--clocks) clocks=$2; shift 2 ;;
	--board) board=$2; shift 2 ;;
	*) die "unknown option $1 (see the comment at the top of $0)" ;;
	esac
done
want() { [[ ",$parts," == *",$1,"* ]]; }

OUT=$BUILD/bench
WORK=$OUT/work
mkdir -p "$OUT" "$WORK"
kernel=$CACHE/out/vsoc/arch/arm64/boot/Image
for f in "$kernel" "$BUILD/initramfs.cpio" "$BUILD/vsoc-reset"; do
	[ -f "$f" ] || die "missing $f (run make first)"
done
rehearse_env	# KSRC, DTC: the plans of the boards (pincheck prepare)
. "$TOP/tests/lib.sh"	# dump

ICOUNT="-icount shift=0,sleep=off"
APPEND="initcall_debug quiet"

now() { date +%s.%N; }
load1() { cut -d' ' -f1 /proc/loadavg; }
elapsed() { echo "$2 - $1" | bc; }

# boot NAME DTB RESET QEMU-ARGS [WINDOWS]: qemu/run.sh with the probe
# options (WINDOWS: the windows beside VSOC's that the host reads after the
# boot, the guest sees the same). A boot that fails is tried again after a
# pause (the kernel may be being rebuilt in the shared cache); the third
# failure stops the bench.
boot() {
	local name=$1 dtb=$2 reset=$3 qargs=$4 win=()
	[ -z "${5:-}" ] || win=(--windows "$5")
	for _ in 1 2 3; do
		if "$TOP/qemu/run.sh" --name "$name" "${win[@]}" --reset "$reset" --qemu "$qargs" \
			--append "$APPEND" --timeout 300 "$dtb" >"$WORK/$name.err" 2>&1; then
			return 0
		fi
		msg "bench: boot $name failed ($(tail -n 1 "$WORK/$name.err")); retrying in 30 s"
		sleep 30
	done
	die "boot $name failed three times: see $WORK/$name.err and $BUILD/run/$name/"
}

# probe_us NAME DEV: the probe time of DEV in the kernel log of run NAME
probe_us() {
	dump "$BUILD/run/$1/console.log" end dmesg |
		sed -n "s/.*probe of $2 returned 0 after \([0-9]*\) usecs.*/\1/p" | tail -n 1
}

# gen NAME GEN-DTS-ARGS...: generate and compile a benchmark board
gen() {
	local name=$1
	shift
	"$TOP/bench/gen-dts.sh" "$@" >"$WORK/$name.dts"
	"$TOP/scripts/dtb.sh" "$WORK/$name.dts" "$WORK/$name.dtb"
}

reset_image() {
	[ -f "$WORK/reset-$1.bin" ] || "$BUILD/vsoc-reset" --nbanks "$1" "$WORK/reset-$1.bin"
	echo "$WORK/reset-$1.bin"
}

# plan NAME DTB RESET: the board's plan as it is (pincheck prepare --dtb,
# its VSOC window from RESET), in $WORK/NAME.plan, with windows.txt; the
# pinconf-single window starts as the guest's RAM does, zeros (not the
# family's poison): what the probe times were measured on
plan() {
	local r
	rm -rf "$WORK/$1.plan"
	pincheck prepare --dtb "$2" --reset "$3" "$1" "$WORK/$1.plan" 2>"$WORK/$1.prepare" ||
		die "$1: no plan: $(tail -n 1 "$WORK/$1.prepare")"
	for r in "$WORK/$1.plan"/win*.reset; do
		[ -f "$r" ] && head -c "$(stat -c %s "$r")" /dev/zero >"$r"
	done
}

# check_hogs NAME PLAN PINS SINGLE: the hogs did what the DT asks: the
# pipeline's verdict agrees on every pin (of both controllers: the run
# with the plan PLAN made before it), VSOC's PINS pins checked, and
# every pinconf-single register holds mux 0, pull-up and 8 mA (0x1a0)
check_hogs() {
	local run=$BUILD/run/$1 plan=$WORK/$2.plan n
	cp "$run"/console.log "$run"/*.bin "$plan/"
	pincheck verdict "$plan" >"$WORK/$1.verify" 2>&1 ||
		die "$1: the verdict disagrees: $(tail -n 1 "$WORK/$1.verify")"
	n=$(python3 -c 'import json, sys
print(sum(r["controller"] == "/soc/pinctrl@4c000000" for r in json.load(open(sys.argv[1]))["rows"]))' \
		"$plan/verdict.json")
	[ "$n" = "$3" ] ||
		die "$1: expected $3 VSOC pins checked, $n: $(tail -n 1 "$WORK/$1.verify")"
	set -- "$1" "$3" "$4"
	[ "$3" -gt 0 ] || return 0
	n=$(dump "$run/console.log" boot /sys/kernel/debug/pinctrl/4c100000.pinmux-pinctrl-single/pins |
		grep -c ' 000001a0 ' || true)
	[ "$n" = "$3" ] || die "$1: $n of $3 pinconf-single registers configured"
}

header() {
	local mem
	mem=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
	echo "date,$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "host,$(uname -m) $(nproc) CPUs $mem"
	echo "cpu,$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1 | tr ',' ' ')"
	echo "load,$(cut -d' ' -f1-3 /proc/loadavg)"
	echo "qemu,$(qemu-system-aarch64 --version | head -n 1 | tr ',' ' ')"
	echo "kernel,$kernel $(date -u -r "$kernel" +%Y-%m-%dT%H:%M:%SZ) sha256 $(sha256sum "$kernel" | cut -c1-12)"
	echo "tree,$(git -C "$TOP" describe --always --dirty 2>/dev/null || echo '?')"
	echo "boots,$boots"
}
header >"$OUT/header.csv"

# Probe time of both controllers, every pin configured, for each size
if want probe; then
	echo "clock,nbanks,pins,boot,vsoc_us,single_us,load" >"$OUT/probe.csv"
	for nb in $banks; do
		pins=$((nb * 32))
		n=$boots
		[ "$pins" = 256 ] || n=$scale_boots
		gen "probe-$pins" --nbanks "$nb" --single "$pins"
		reset=$(reset_image "$nb")
		plan "probe-$pins" "$WORK/probe-$pins.dtb" "$reset"
		for clock in $clocks; do
			case "$clock" in
			icount) qargs=$ICOUNT ;;
			real) qargs= ;;
			*) die "unknown clock $clock" ;;
			esac
			for ((b = 1; b <= n; b++)); do
				msg "bench: probe, $pins pins, $clock clock, boot $b/$n"
				boot bench-probe "$WORK/probe-$pins.dtb" "$reset" "$qargs" \
					"$WORK/probe-$pins.plan/windows.txt"
				[ "$b" -gt 1 ] || check_hogs bench-probe "probe-$pins" "$pins" "$pins"
				v=$(probe_us bench-probe 4c000000.pinctrl)
				s=$(probe_us bench-probe 4c100000.pinmux)
				if [ -z "$v" ] || [ -z "$s" ]; then die "no probe time in $BUILD/run/bench-probe/console.log"; fi
				echo "$clock,$nb,$pins,$b,$v,$s,$(load1)" >>"$OUT/probe.csv"
			done
		done
	done
fi

# Where VSOC's probe time goes: variants of the all-pins board (icount
# clock: one boot each, the result does not change from boot to boot)
if want where; then
	echo "pins,variant,vsoc_us,single_us" >"$OUT/where.csv"
	for nb in 8 32; do
		pins=$((nb * 32))
		reset=$(reset_image "$nb")
		for v in "none:--what none" "mux:--what mux" "conf:--what conf" \
			"all:--what all" "parsed:--what all --state sleep" \
			"mux-parsed:--what mux --state sleep" "conf-parsed:--what conf --state sleep" \
			"bank-nodes:--layout bank" "pin-nodes:--layout pin" \
			"first-32:--vsoc-pins 32" "last-32:--vsoc-first $((pins - 32))"; do
			name=${v%%:*}
			msg "bench: where, $pins pins, $name"
			# shellcheck disable=SC2086
			gen "where-$pins-$name" --nbanks "$nb" --single "$pins" ${v#*:}
			boot bench-where "$WORK/where-$pins-$name.dtb" "$reset" "$ICOUNT"
			echo "$pins,$name,$(probe_us bench-where 4c000000.pinctrl),$(probe_us bench-where 4c100000.pinmux)" >>"$OUT/where.csv"
		done
	done
fi

if want profile; then
	for target in vsoc single; do
		msg "bench: profile of the $target probe, 256 pins"
		"$TOP/bench/profile.sh" --target "$target" --nbanks 8 --single 256 \
			>"$OUT/profile-$target-256.txt" ||
			msg "bench: profile failed (see $OUT/profile-$target-256.txt)"
	done
fi

# The edit-to-verdict loop with the kernel built, against bare boots
if want loop; then
	echo "what,run,seconds,load" >"$OUT/loop.csv"
	dtb=$BUILD/dtb/$board.dtb
	"$TOP/scripts/dtb.sh" "$board" "$dtb"
	for ((b = 1; b <= boots; b++)); do
		msg "bench: loop, round $b/$boots"
		# QEMU alone: the same machine, kernel, initramfs, DTB and reset
		# image, its RAM a file on tmpfs as qemu/run.sh has it (faster
		# here than anonymous memory), no harness, no verification
		# (the machine and command line of qemu/machine.sh)
		ram=$(mktemp /dev/shm/vsoc-bench-ram.XXXXXX)
		t0=$(now)
		timeout 120 "$QEMU_SYSTEM" \
			-M "$QEMU_VIRT,memory-backend=ram" \
			-cpu "$QEMU_CPU" -m "$QEMU_MEM" \
			-object memory-backend-file,id=ram,size="$QEMU_MEM",mem-path="$ram",share=on \
			-nographic -net none -no-reboot \
			-kernel "$kernel" -initrd "$BUILD/initramfs.cpio" -dtb "$dtb" \
			-device loader,file="$BUILD/vsoc-reset.bin",addr=0x4c000000,force-raw=on \
			-append "$KERNEL_CMDLINE" \
			</dev/null >"$WORK/loop-qemu.log" 2>&1 ||
			die "QEMU alone failed: see $WORK/loop-qemu.log"
		echo "qemu,$b,$(elapsed "$t0" "$(now)"),$(load1)" >>"$OUT/loop.csv"
		rm -f "$ram"
		grep -q '^==== VSOC DONE ====' "$WORK/loop-qemu.log" ||
			die "QEMU alone did not reach the end of /init: see $WORK/loop-qemu.log"

		t0=$(now)
		"$TOP/qemu/run.sh" --name bench-loop "$dtb"
		echo "run.sh,$b,$(elapsed "$t0" "$(now)"),$(load1)" >>"$OUT/loop.csv"

		# what make run does once its no-op build is done
		# (scripts/rehearse.sh --run): the DTB and its plan, the boot,
		# the verdict
		run=$BUILD/run/$board
		t0=$(now)
		"$TOP/scripts/dtb.sh" "$board" "$dtb"
		pincheck prepare --dtb "$dtb" "$board" "$run" 2>"$WORK/loop-prepare.txt"
		t1=$(now)
		"$TOP/qemu/run.sh" --dir "$run" --name "$board" "$run/virt.dtb"
		t2=$(now)
		pincheck verdict "$run" >"$WORK/loop-verify.txt"
		t3=$(now)
		l=$(load1)
		{
			echo "loop,$b,$(elapsed "$t0" "$t3"),$l"
			echo "loop-dtb,$b,$(elapsed "$t0" "$t1"),$l"
			echo "loop-run,$b,$(elapsed "$t1" "$t2"),$l"
			echo "loop-verify,$b,$(elapsed "$t2" "$t3"),$l"
		} >>"$OUT/loop.csv"

		if [ "${BENCH_MAKE_RUN:-}" = 1 ]; then
			t0=$(now)
			make -C "$TOP" -s run BOARD="$board" >"$WORK/loop-make.txt" 2>&1 ||
				die "make run failed: see $WORK/loop-make.txt"
			echo "make-run,$b,$(elapsed "$t0" "$(now)"),$(load1)" >>"$OUT/loop.csv"
		fi
	done
fi

# Empty cache to the first verified board (COLD=1 only: builds a kernel)
if want cold; then
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/vsoc-cold.XXXXXX")
	msg "bench: cold build in $tmp (fresh clone of HEAD, empty VSOC_CACHE)"
	echo "what,seconds" >"$OUT/cold.csv"
	t0=$(now)
	git clone -q "$TOP" "$tmp/src"
	env -u CCACHE_DIR -u VSOC_BUILD VSOC_CACHE="$tmp/cache" \
		make -C "$tmp/src" run BOARD="$board" >"$OUT/cold.log" 2>&1 ||
		die "cold make run failed: see $OUT/cold.log"
	echo "clone+make-run,$(elapsed "$t0" "$(now)")" >>"$OUT/cold.csv"
	if [ "${KEEP:-}" = 1 ]; then msg "bench: kept $tmp"; else rm -rf "$tmp"; fi
fi

"$TOP/bench/summarize.py" "$OUT" | tee "$OUT/summary.txt"

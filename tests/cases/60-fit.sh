#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
# The boot-loader path. The FIT (what "make fit" runs: scripts/fit.sh) holds
# the kernel, the initramfs, every board and board variant with a
# configuration each, and every image's sha256 matches its data. Every
# board's DTB in the FIT carries its plan (scripts/fit.sh: pincheck
# prepare --dtb). Debian's U-Boot boots conf-vsoc-evb and the overlay
# variant conf-vsoc-evb-display by name; each gets the pipeline's verdict
# (pincheck verdict, from the plan fit.sh made) with the same table as its
# direct boot of the same DTB, the guest's checker prints the host's KTAP
# from the FIT's DTB, and the kernel gets the direct boot's command line. The variant also boots
# directly, validates with dt-schema, and really differs from its base
# board in the registers. Then what goes wrong through U-Boot is named: a
# configuration that is not in the FIT, a configuration with an overlay
# (this U-Boot has no CONFIG_OF_LIBFDT_OVERLAY), a window overwritten
# before bootm, and U-Boot's own area over the window (a canned bdinfo).
. "$(dirname "$0")/../lib.sh"

FIT=$BUILD/vsoc.itb
# Options the init must find in /proc/cmdline, through either path.
APPEND=vsocinit.dump=/proc/cmdline

# verdict RUN BOARD: the pipeline's verdict of run RUN, from the plan that
# scripts/fit.sh made of BOARD's DTB (the DTB in the FIT); its output in
# RUN/verdict.txt
verdict() {
	local run=$BUILD/run/$1 plan=$BUILD/fit/$2
	cp "$plan/plan.json" "$plan/board.dtb" "$plan/regs.reset" "$run/" &&
		pincheck verdict "$run" >"$run/verdict.txt" 2>&1
}
# table RUN: the verdict's table of a run, without its summary line
table() { sed '$d' "$BUILD/run/$1/verdict.txt"; }

# kernel_cmdline NAME: the command line the kernel reports
kernel_cmdline() {
	tr -d '\r' <"$BUILD/run/$1/console.log" | sed -n 's/^.*Kernel command line: //p'
}

# boot_pair BOARD: direct boot and U-Boot boot of BOARD, then compare
boot_pair() {
	local b=$1 direct=fit-$1 ub=fit-$1-u-boot dtb=$BUILD/fit/$1/virt.dtb
	if ! "$TOP/qemu/run.sh" --name "$direct" --append "$APPEND" "$dtb"; then
		fail "fit-$b-direct" "$b does not boot directly"
		return
	fi
	if verdict "$direct" "$b"; then
		pass "fit: $b boots directly and verifies ($(tail -n 1 "$BUILD/run/$direct/verdict.txt" | sed 's/^[^:]*: //'))"
	else
		fail "fit-$b-direct-verify" "$(grep -v ' ok$' "$BUILD/run/$direct/verdict.txt" | tail -n 3)"
	fi
	if ! "$TOP/qemu/run.sh" --name "$ub" --append "$APPEND" --u-boot "conf-$b" "$FIT"; then
		fail "fit-$b-u-boot" "U-Boot did not boot conf-$b"
		return
	fi
	local log=$BUILD/run/$ub/console.log
	pass "fit: U-Boot boots conf-$b from the virtio disk, the VSOC window intact before bootm"
	check "fit: U-Boot verified the sha256 of kernel, initramfs and DTB of conf-$b" \
		test "$(grep -c 'Verifying Hash Integrity \.\.\. sha256+ OK' "$log")" -eq 3
	check "fit: conf-$b: the kernel runs the FIT's DTB ($(fdtget "$dtb" / model))" \
		grep -q "Machine model: $(fdtget "$dtb" / model)" "$log"
	check "fit: conf-$b: U-Boot gives the kernel the direct boot's command line" \
		test "$(kernel_cmdline "$ub")" = "$(kernel_cmdline "$direct")"
	check "fit: conf-$b: the init finds its options in /proc/cmdline" \
		grep -q "$APPEND" <(dump "$log" boot /proc/cmdline)
	if verdict "$ub" "$b" && [ "$(table "$ub")" = "$(table "$direct")" ]; then
		pass "fit: conf-$b through U-Boot: the same verdict table as the direct boot ($(tail -n 1 "$BUILD/run/$ub/verdict.txt" | sed 's/^[^:]*: //'))"
	else
		fail "fit-$b-table" "$(diff <(table "$direct") <(table "$ub") | head -n 4 | tr '\n' ' ')"
	fi
	# the plan in the FIT's DTB: the guest's checker printed the host's KTAP
	local k=$BUILD/run/$ub/console.ktap
	if [ "$(head -n 1 "$k" 2>/dev/null)" = "KTAP version 1" ] &&
	   cmp -s "$k" "$BUILD/run/$ub/verdict.ktap"; then
		pass "fit: conf-$b: the guest's checker reads the plan in the FIT's DTB and prints the host's KTAP ($(grep -c '^ok \|^    ok ' "$k") ok lines)"
	else
		fail "fit-$b-ktap" "guest and host KTAP differ: $(diff "$k" "$BUILD/run/$ub/verdict.ktap" 2>&1 | head -n 3 | tr '\n' ' ')"
	fi
}

# The FIT
if out=$("$TOP/scripts/fit.sh" --kernel "${KERNEL:-vsoc}" "$FIT" 2>&1); then
	pass "fit: scripts/fit.sh (make fit) builds build/vsoc.itb with mkimage"
else
	fail fit-build "$(tail -n 3 <<<"$out")"
	finish
	exit
fi
mapfile -t boards < <("$TOP/scripts/dtb.sh" --list)
list=$(dumpimage -l "$FIT")
echo "$list" >&2
missing=
for b in "${boards[@]}"; do
	grep -q "^ Configuration [0-9]* (conf-$b)$" <<<"$list" || missing="$missing conf-$b"
	grep -q "^ Image [0-9]* (fdt-$b)$" <<<"$list" || missing="$missing fdt-$b"
done
for i in kernel initramfs; do
	grep -q "^ Image [0-9]* ($i)$" <<<"$list" || missing="$missing $i"
done
if [ -z "$missing" ]; then
	pass "fit: dumpimage -l lists the kernel, the initramfs and ${#boards[@]} boards, each with its DTB and conf-<board> (${boards[*]})"
else
	fail fit-list "dumpimage -l misses:$missing"
fi
n=$(fdtget -l "$FIT" /images | wc -l)
if out=$("$TOP/scripts/fit.sh" --check "$FIT" 2>&1) &&
   [ "$(grep -c '^ok ' <<<"$out")" -eq "$n" ]; then
	pass "fit: all $n images have a sha256 that matches their data (mkimage -l reads the FIT)"
else
	fail fit-hashes "$(grep -v '^ok ' <<<"$out" | head -n 3)"
fi
check "fit: conf-vsoc-evb-display holds the merged DTB (a single fdt, the overlay applied at build time)" \
	test "$(fdtget "$FIT" /configurations/conf-vsoc-evb-display fdt)" = fdt-vsoc-evb-display

# The base board and the overlay variant, each directly and through U-Boot
boot_pair vsoc-evb
boot_pair vsoc-evb-display

out=$("$TOP/scripts/dt-check.sh" dtb "$BUILD/dtb/vsoc-evb-display.dtb" 2>&1)
echo "$out" >&2
check "fit: vsoc-evb-display (merged) validates with dt-schema" \
	grep -q "^ok *dt-validate: $BUILD/dtb/vsoc-evb-display.dtb" <<<"$out"

# The overlay changed the hardware: PB9 (pin 41) muxed to SPI1, select 2
# (MUX5 bits 7:4), and PG3's PAD (pin 195) with a 10k pull-up (PULL=3) and
# a 1024 us debounce (DEBOUNCE=11), where the bare board has 47k and none.
base=$BUILD/run/fit-vsoc-evb-u-boot/regs.bin var=$BUILD/run/fit-vsoc-evb-display-u-boot/regs.bin
if [ -f "$base" ] && [ -f "$var" ]; then
	mb=$((($(reg32 "$base" 0x114) >> 4) & 15)) mv=$((($(reg32 "$var" 0x114) >> 4) & 15))
	pb=$(reg32 "$base" $((0x1000 + 4 * 195))) pv=$(reg32 "$var" $((0x1000 + 4 * 195)))
	if [ "$mb" -eq 0 ] && [ "$mv" -eq 2 ] &&
	   [ $(((pb >> 3) & 3)) -eq 1 ] && [ $(((pv >> 3) & 3)) -eq 3 ] &&
	   [ $(((pb >> 13) & 15)) -eq 0 ] && [ $(((pv >> 13) & 15)) -eq 11 ]; then
		pass "fit: the overlay re-muxes PB9 to SPI1 (select $mb -> $mv) and changes PG3's pad ($(printf '0x%08x -> 0x%08x' "$pb" "$pv"): 10k pull-up, 1024 us debounce)"
	else
		fail fit-overlay-regs "PB9 select $mb -> $mv, PG3 PAD $(printf '0x%08x -> 0x%08x' "$pb" "$pv")"
	fi
fi

# What goes wrong through U-Boot, named by the harness
if out=$("$TOP/qemu/run.sh" --name fit-nosuch --u-boot conf-nosuch "$FIT" 2>&1); then
	fail fit-noconf "a configuration that is not in the FIT booted"
else
	check "fit: a configuration that is not in the FIT is refused, naming those it has" \
		grep -q "has no configuration conf-nosuch (it has: conf-vsoc-evb " <<<"$out"
fi

# A FIT whose configuration asks U-Boot to apply the overlay itself
tmp=$(mktemp -d)
"$TOP/scripts/dtb.sh" vsoc-evb-display "$tmp/display.dtb"
awk -v dtbo="$tmp/display.dtbo" '
	/^\tconfigurations \{/ { conf = 1 }
	/^\t};/ && !conf && !done {
		print "\n\t\tdisplay-overlay {\n\t\t\tdata = /incbin/(\"" dtbo "\");"
		print "\t\t\ttype = \"flat_dt\";\n\t\t\tarch = \"arm64\";\n\t\t\tcompression = \"none\";"
		print "\t\t\thash-1 {\n\t\t\t\talgo = \"sha256\";\n\t\t\t};\n\t\t};"
		done = 1
	}
	conf && /^\t};/ {
		print "\n\t\tconf-overlay {\n\t\t\tkernel = \"kernel\";\n\t\t\tramdisk = \"initramfs\";"
		print "\t\t\tfdt = \"fdt-vsoc-evb\", \"display-overlay\";\n\t\t};"
		conf = 0
	}
	{ print }' "${FIT%.itb}.its" >"$tmp/overlay.its"
if mkimage -f "$tmp/overlay.its" "$tmp/overlay.itb" >&2; then
	out=$("$TOP/qemu/run.sh" --name fit-overlay-conf --u-boot conf-overlay "$tmp/overlay.itb" 2>&1) || true
	echo "$out" >&2
	check "fit: Debian's U-Boot cannot apply a configuration's overlay (CONFIG_OF_LIBFDT_OVERLAY not set), and the harness says so" \
		grep -q "^fit-overlay-conf: U-Boot did not start the kernel of conf-overlay: config with overlays but CONFIG_OF_LIBFDT_OVERLAY not set" <<<"$out"
else
	fail fit-overlay-conf "mkimage could not build a FIT with an overlay configuration"
fi
rm -rf "$tmp"

# A U-Boot that overwrites the window before bootm
out=$(VSOC_UBOOT_CMDS="mw.l 0x4c000000 0 1" "$TOP/qemu/run.sh" --name fit-clobber \
	--u-boot conf-vsoc-evb "$FIT" 2>&1) || true
echo "$out" >&2
check "fit: a window changed by U-Boot before the kernel is reported with what it holds" \
	grep -q "^fit-clobber: U-Boot changed the VSOC window at 0x4c000000 before starting the kernel: .* it begins: 4c000000: 00000000 00010000 00000008" <<<"$out"

# U-Boot's own area over the window (bdinfo of a U-Boot on less RAM),
# judged on a canned console
canned=$(mktemp -d)
out=$(
	name=canned run=$canned log=$canned/console.log reset=$BUILD/vsoc-reset.bin
	WINDOW=$VSOC_WINDOW WINDOW_SIZE=$((VSOC_WINDOW_SIZE)) conf=conf-vsoc-evb
	fail() { echo "$name: $*"; exit 1; }
	. "$TOP/qemu/u-boot.sh"
	printf '%s\n' '==== VSOC U-BOOT virtio 0:1 conf-vsoc-evb ====' \
		'relocaddr   = 0x000000004c6f7000' 'lmb_dump_all:' \
		' reserved[0]	[0x4b5ae000-0x4c7fffff], 0x01252000 bytes flags: 0' >"$log"
	uboot_check ""
)
rm -rf "$canned"
check "fit: U-Boot reserving memory over the window is reported from its bdinfo" \
	grep -q "^canned: U-Boot reserves 0x4b5ae000-0x4c7fffff for itself (bdinfo), over the VSOC window" <<<"$out"
finish

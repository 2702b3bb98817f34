# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2154
#
# The U-Boot half of qemu/run.sh (--u-boot CONF FIT.itb): sourced by it,
# uses its variables (fit, conf, name, run, log, reset, cmdline, WINDOW,
# WINDOW_SIZE) and its fail().
#
# The boot is a real board's: Debian's U-Boot for qemu_arm64 starts with
# its default environment, its distro boot scans the boot targets, finds
# boot.scr on the first partition of the virtio disk and runs it. The script
# prints U-Boot's memory layout (bdinfo), loads the FIT, prints the crc32 of
# the VSOC window and boots the configuration. Nothing is typed.
#
# VSOC_UBOOT_CMDS (tests only): U-Boot commands the script runs after
# loading the FIT, before the window check (e.g. "mw.l 0x4c000000 0" plays a
# U-Boot that overwrites the window).

# Expected contents of the window: the reset image, then zeros.
window_image() {
	local f=$run/window.bin
	cp "$reset" "$f"
	truncate -s "$WINDOW_SIZE" "$f"
	cat "$f"
	rm -f "$f"
}

# CRC-32 (the one of U-Boot's crc32 command) of stdin: gzip's trailer has it.
crc32_of() {
	gzip -c | tail -c 8 | od -An -t x4 -N 4 --endian=little | tr -d ' '
}

# le32 N: N as 4 little-endian bytes
le32() {
	local v=$1 o
	printf -v o '\\%03o\\%03o\\%03o\\%03o' $((v & 255)) $((v >> 8 & 255)) \
		$((v >> 16 & 255)) $((v >> 24 & 255))
	# shellcheck disable=SC2059
	printf "$o"
}

# The configuration's DTB out of the FIT (several DTBs, a base and its
# overlays, are merged here as U-Boot would): $run/$name.dtb, what the
# verifier reads.
uboot_extract_dtb() {
	local fdts f idx want have out parts=()
	fdts=$(fdtget "$fit" "/configurations/$conf" fdt 2>/dev/null) ||
		die "$fit has no configuration $conf (it has:$(fdtget -l "$fit" /configurations 2>/dev/null | sed 's/^/ /' | tr -d '\n'))"
	for f in $fdts; do
		idx=$(fdtget -l "$fit" /images | grep -n -x -F "$f" | cut -d: -f1) || true
		[ -n "$idx" ] || die "$fit: configuration $conf names a missing image $f"
		out=$run/$f.dtb
		dumpimage -T flat_dt -p $((idx - 1)) -o "$out" "$fit" >/dev/null ||
			die "$fit: dumpimage cannot extract $f"
		want=$(fdtget -t bx "$fit" "/images/$f/hash-1" value 2>/dev/null |
			awk '{ for (i = 1; i <= NF; i++) printf "%02s", $i }' | tr ' ' 0)
		have=$(sha256sum "$out" | cut -d' ' -f1)
		[ "$want" = "$have" ] || die "$fit: image $f: sha256 $have, its hash node says ${want:-nothing}"
		parts+=("$out")
	done
	if [ ${#parts[@]} -eq 1 ]; then
		mv "${parts[0]}" "$run/$name.dtb"
	else
		fdtoverlay -i "${parts[0]}" -o "$run/$name.dtb" "${parts[@]:1}" ||
			die "$fit: the overlays of $conf do not apply"
		rm -f "${parts[@]}"
	fi
}

uboot_prepare() {
	local t size stage kib
	for t in mkimage dumpimage fdtget fdtoverlay mke2fs gzip; do
		command -v "$t" >/dev/null || die "$t not found (run scripts/deps.sh)"
	done
	mkimage -l "$fit" >/dev/null 2>&1 || die "$fit: not a FIT image (mkimage -l fails)"
	size=$(stat -c %s "$fit")
	[ $((FIT_ADDR + size)) -le $((WINDOW)) ] ||
		die "$fit ($size bytes) loaded at $FIT_ADDR would reach the VSOC window at $WINDOW"
	case "$cmdline" in *"'"*) die "--append: no single quotes through U-Boot" ;; esac
	rm -f "$run/$name.dtb"	# not the other DTBs of the run (make run's plan)
	uboot_extract_dtb

	cat >"$run/boot.cmd" <<-EOF
	# Written by qemu/run.sh for the run $name: boot $conf of the FIT
	# next to this script. U-Boot's distro boot sets devtype, devnum and
	# distro_bootpart.
	echo "==== VSOC U-BOOT \${devtype} \${devnum}:\${distro_bootpart} $conf ===="
	bdinfo
	setenv bootargs '$cmdline'
	# Keep the DTB and the initramfs at the FIT's load addresses, below
	# the window, rather than moving them under U-Boot's own area.
	setenv fdt_high 0xffffffffffffffff
	setenv initrd_high 0xffffffffffffffff
	load \${devtype} \${devnum}:\${distro_bootpart} $FIT_ADDR /vsoc.itb
	${VSOC_UBOOT_CMDS:+$VSOC_UBOOT_CMDS
	}echo "==== VSOC U-BOOT WINDOW ===="
	crc32 $WINDOW $(printf '0x%x' "$WINDOW_SIZE")
	md.l $WINDOW 4
	bootm $FIT_ADDR#$conf
	echo "==== VSOC U-BOOT FAILED ===="
	poweroff
	EOF

	# The disk: an MBR with one bootable Linux partition at 1 MiB, ext2,
	# holding boot.scr and the FIT.
	stage=$run/disk.d
	rm -rf "$stage"
	mkdir -p "$stage"
	cp "$fit" "$stage/vsoc.itb"
	mkimage -A arm64 -O linux -T script -C none -n "VSOC $conf" \
		-d "$run/boot.cmd" "$stage/boot.scr" >/dev/null
	kib=$(($(du -sk --apparent-size "$stage" | cut -f1) * 5 / 4 + 1024))
	truncate -s $(((1024 + kib) * 1024)) "$run/disk.img"
	mke2fs -q -F -t ext2 -b 4096 -m 0 -L vsoc-boot -E offset=1048576 -d "$stage" \
		"$run/disk.img" "${kib}k" || die "mke2fs failed on $run/disk.img"
	{
		head -c 446 /dev/zero
		printf '\x80\0\0\0\x83\0\0\0'
		le32 2048
		le32 $((kib * 2))
		head -c 48 /dev/zero
		printf '\x55\xaa'
	} | dd of="$run/disk.img" conv=notrunc status=none
	rm -rf "$stage"
}

# U-Boot gave up: its prompt, and no kernel started.
uboot_at_prompt() {
	[ -f "$1" ] && ! grep -q '^Starting kernel \.\.\.' "$1" 2>/dev/null &&
		tr -d '\r' <"$1" 2>/dev/null | grep -q '^=> '
}

# After the run: U-Boot's part of the console ($1: it stopped at its prompt).
uboot_check() {
	local stopped=$1 ulog s e low hi crc want errs
	ulog=$(tr -d '\r' <"$log" | sed -n '1,/^Starting kernel \.\.\./p')
	if ! grep -q '^==== VSOC U-BOOT ' <<<"$ulog"; then
		[ -n "$stopped" ] &&
			fail "U-Boot found no boot script and stopped at its prompt (last lines: $(grep -v '^=> *$' <<<"$ulog" | grep . | tail -n 2 | paste -sd ' '))"
		fail "U-Boot did not run the boot script (last console line: $(grep . <<<"$ulog" | tail -n 1))"
	fi
	# U-Boot's own memory (bdinfo: its reservations, from its relocation
	# area, stack and heap to the top of RAM) must stay clear of the window.
	low=$WINDOW hi=$((WINDOW + WINDOW_SIZE - 1))
	while read -r s e; do
		if [ $((s)) -le $hi ] && [ $((e)) -ge $((low)) ]; then
			fail "U-Boot reserves $s-$e for itself (bdinfo), over the VSOC window $WINDOW-$(printf '0x%x' $hi): the window does not survive U-Boot; move the window or give the machine more RAM"
		fi
	done < <(sed -n 's/^ *reserved\[[0-9]*\][[:space:]]*\[\(0x[0-9a-f]*\)-\(0x[0-9a-f]*\)\].*/\1 \2/p' <<<"$ulog")
	grep -q 'relocaddr *= 0x' <<<"$ulog" ||
		fail "U-Boot's bdinfo printed no relocaddr: cannot tell where U-Boot lives"
	s=$(sed -n 's/^relocaddr *= *\(0x[0-9a-f]*\).*/\1/p' <<<"$ulog" | tail -n 1)
	[ $((s)) -gt $hi ] ||
		fail "U-Boot relocated itself to $s, at or below the VSOC window ($WINDOW): the window does not survive U-Boot"
	if grep -q '^==== VSOC U-BOOT WINDOW ====' <<<"$ulog"; then
		crc=$(sed -n 's/^crc32 for .* ==> \([0-9a-f]*\)$/\1/p' <<<"$ulog" | tail -n 1)
		want=$(window_image | crc32_of)
		[ "$crc" = "$want" ] ||
			fail "U-Boot changed the VSOC window at $WINDOW before starting the kernel: its crc32 is ${crc:-unknown}, the reset image's $want; it begins: $(grep -m1 "^${WINDOW#0x}:" <<<"$ulog")"
	fi
	if ! grep -q '^Starting kernel \.\.\.' <<<"$ulog"; then
		# (not the hashes U-Boot prints: hex digits can spell "bad")
		errs=$(sed -n '/^==== VSOC U-BOOT WINDOW/,$p' <<<"$ulog" |
			grep -v -e '^==== ' -e '^crc32 for' -e "^${WINDOW#0x}:" -e '^=> *$' \
				-e '^ *Hash value: *[0-9a-f]*$' |
			grep -i -E 'error|bad|not set|could not|can.t|cannot|not found|fail|wrong|invalid|unsupported|too large' |
			sed -n 1,3p | tr '\n' ' ')
		[ -n "$errs" ] || errs=$(grep . <<<"$ulog" | grep -v '^==== ' | tail -n 2 | tr '\n' ' ')
		fail "U-Boot did not start the kernel of $conf: ${errs% }"
	fi
}

# The kernel's view: a probe that read another ID than the reset image's
# means the window changed after the crc32 (during bootm).
uboot_check_probe() {
	local line id want
	line=$(grep -a -m1 'not a VSOC pin controller 1.x: ID 0x' "$log" | tr -d '\r') || return 0
	id=$(sed 's/.*: ID \(0x[0-9a-f]*\).*/\1/' <<<"$line")
	want=$(printf '0x%08x' "$(od -An -t u4 -N 4 --endian=little <(window_image) | tr -d ' ')")
	[ "$((id))" -eq "$((want))" ] ||
		fail "the kernel read ID $id at $WINDOW, the reset image has $want: the window did not survive U-Boot (bootm)"
}

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# LAVA jobs for the boards (make lava), and running one through Debian's
# lava-dispatcher here, as a lab's worker would (tests/cases/75-lava.sh).
#
#   scripts/lava.sh jobs [--url URL] [--out DIR] [--reset F] [--fixup F]
#			 [--callback URL [--token NAME]] [BOARD...]
#	a job per board in DIR/<name>/job.yaml (default DIR build/lava),
#	with what it boots: DIR/Image and DIR/initramfs.cpio (one copy for
#	all), DIR/<name>/board.dtb (with its plan, for the guest's checker)
#	and the reset images of its register
#	windows. The jobs fetch them from URL (default file://DIR, which a
#	worker on this machine reads; for a lab, the address where DIR is
#	served). BOARD: a VSOC board or variant (scripts/dtb.sh), or a real
#	board as make rehearse takes it (arm/ti/omap/am335x-evm for one of
#	arch/arm, in a job named arm_ti_omap_am335x-evm; prepared, not booted, by
#	pincheck prepare: the virt DTB with its plan, the
#	windows' reset images). Without BOARD: every VSOC board and variant
#	and every board rehearsed so far (build/rehearse/*/plan.json).
#	--reset: the VSOC window's reset image (qemu/run.sh --reset);
#	--fixup: an overlay on a real board's booted DTB (rehearse.sh
#	--fixup); --callback: where the lab sends each finished job's
#	results (a notify callback, JSON; --token: the name of the lab
#	user's token it sends). Also writes DIR/jobs.txt (one job file a line) and checks
#	every job against LAVA's schema when lava_common is installed.
#   scripts/lava.sh families FAMILY...
#	the boards of make rehearse-all's families, one a line (for jobs)
#   scripts/lava.sh run JOBDIR
#	lava-run the job of JOBDIR on this machine: the device dictionary
#	pincheck/templates/vsoc-qemu.jinja2 rendered with the device-type templates
#	of lava-server's package (unpacked into the cache) and the job's
#	context; leaves JOBDIR/lava/{device.yaml,log.yaml,results.txt}
#	(results: "definition case result" a line). Exit 0 when lava-run
#	finished the job (whatever the pins say).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

LAVA=$CACHE/lava
cmd=${1:-}
[ -n "$cmd" ] && shift

# the kernel command line of qemu/run.sh (qemu/machine.sh)
CMDLINE=$KERNEL_CMDLINE

# lava-server's device-type templates (qemu.jinja2 extends base.jinja2),
# from its Debian package at the version of the installed dispatcher:
# installing lava-server would bring Django, gunicorn and a PostgreSQL
# client (and recommends the database and Apache)
templates() {
	local ver deb tmp
	ver=$(dpkg-query -W -f '${Version}' lava-dispatcher 2>/dev/null) ||
		die "lava-dispatcher is not installed (scripts/deps.sh lava)"
	if [ -f "$LAVA/device-types/qemu.jinja2" ] && [ "$(cat "$LAVA/device-types/VERSION" 2>/dev/null)" = "$ver" ]; then
		return
	fi
	mkdir -p "$LAVA/debs"
	rm -f "$LAVA"/debs/lava-server_*.deb
	(cd "$LAVA/debs" && apt-get download -q "lava-server=$ver" >&2) ||
		die "could not download lava-server $ver (apt-get download)"
	deb=$(ls "$LAVA"/debs/lava-server_*.deb)
	tmp=$(mktemp -d)
	dpkg-deb -x "$deb" "$tmp"
	rm -rf "$LAVA/device-types"
	mkdir -p "$LAVA/device-types"
	cp "$tmp"/usr/share/lava-server/device-types/{base,qemu}.jinja2 "$LAVA/device-types/"
	rm -rf "$tmp"
	echo "$ver" >"$LAVA/device-types/VERSION"
}

# the run name of a board, as qemu/run.sh and rehearse.sh name them
board_name() {
	local b=$1 name p
	case "$b" in
	*.dts) basename "$b" .dts; return ;;
	*+*)
		IFS=+ read -r -a parts <<<"$b"
		name=${parts[0]}
		for p in "${parts[@]:1}"; do name+="+$(basename "$p" .dtso)"; done
		echo "${name//\//_}"; return ;;
	esac
	echo "${b//\//_}"
}

is_vsoc() {
	[ -f "$TOP/boards/$1.dts" ] || [ -f "$TOP/boards/$1.dtso" ] ||
		{ [[ "$1" == *.dts ]] && grep -q 'vsoc.dtsi' "$1" 2>/dev/null; }
}

jobs() {
	local out=$BUILD/lava url= reset=$BUILD/vsoc-reset.bin fixup= boards=() b name d
	local notify=()
	while [ $# -gt 0 ]; do
		case "$1" in
		--url) url=$2; shift 2 ;;
		--out) out=$2; shift 2 ;;
		--reset) reset=$2; shift 2 ;;
		--fixup) fixup=$(realpath "$2"); shift 2 ;;
		--callback) notify=("$2" "${notify[1]:-}"); shift 2 ;;
		--token) notify=("${notify[0]:-}" "$2"); shift 2 ;;
		-*) die "unknown option $1" ;;
		*) boards+=("$1"); shift ;;
		esac
	done
	[ ${#notify[@]} -eq 0 ] || [ -n "${notify[0]}" ] || die "--token without --callback"
	mkdir -p "$out"
	out=$(realpath "$out")
	url=${url:-file://$out}
	if [ ${#boards[@]} -eq 0 ]; then
		mapfile -t boards < <("$TOP/scripts/dtb.sh" --list
			for p in "$BUILD"/rehearse/*/plan.json; do
				[ -f "$p" ] || continue
				python3 -c 'import json, sys; p = json.load(open(sys.argv[1])); print(p["board"]) if not p.get("fixup") else None' "$p"
			done | sort -u)
	fi
	local kernel=$CACHE/out/vsoc/arch/arm64/boot/Image
	for f in "$kernel" "$BUILD/initramfs.cpio" "$BUILD/vsoc-reset.bin"; do
		[ -f "$f" ] || die "missing $f (run make first)"
	done
	cp "$kernel" "$out/Image"
	cp "$BUILD/initramfs.cpio" "$out/initramfs.cpio"
	: >"$out/jobs.txt"
	rehearse_env
	for b in "${boards[@]}"; do
		# arm64's boards as rehearse.sh names them; arch/arm's are arm/...
		b=${b#arm64/}
		name=$(board_name "$b")
		if is_vsoc "$b"; then
			d=$out/$name
			rm -rf "$d"
			mkdir -p "$d"
			"$TOP/scripts/dtb.sh" "$b" "$d/$name.dtb" >&2
			# its plan, as make run's (made from the datasheet's
			# reset image, whatever --reset boots): the guest's
			# checker reads it from the DTB
			pincheck prepare --dtb "$d/$name.dtb" "$name" "$d/plan" >&2 ||
				die "$b: no plan (pincheck prepare --dtb)"
			echo "regs $VSOC_WINDOW $VSOC_WINDOW_SIZE $reset" >"$d/windows.txt"
			pincheck lava job "$name" "$d" "$url" vsoc \
				"$d/plan/virt.dtb" "$CMDLINE" "$d/windows.txt" "${notify[@]}"
		else
			local prep=()
			if [ -n "$fixup" ]; then
				name+="~$(basename "$fixup" .dtso)"
				prep=(--fixup "$fixup")
			fi
			d=$out/$name
			rm -rf "$d"
			mkdir -p "$d/prepare"
			pincheck prepare "$b" "$d/prepare" "${prep[@]}" \
				2>"$d/prepare.log" || { cat "$d/prepare.log" >&2; die "$b: could not be prepared"; }
			pincheck lava job "$name" "$d" "$url" rehearsal \
				"$d/prepare/virt.dtb" "$CMDLINE pinctrl.strict_dt=1" "$d/prepare/windows.txt" \
				"${notify[@]}"
		fi
		echo "$d/job.yaml" >>"$out/jobs.txt"
	done
	msg "lava: $(wc -l <"$out/jobs.txt") job(s) in $out (listed in $out/jobs.txt), fetching from $url"
	if python3 -c 'import lava_common.schemas' 2>/dev/null; then
		# shellcheck disable=SC2046
		pincheck lava validate $(cat "$out/jobs.txt") >&2
	else
		msg "lava: lava_common is not installed (scripts/deps.sh lava): jobs not validated"
	fi
}

run() {
	[ $# -eq 1 ] || die "usage: scripts/lava.sh run JOBDIR"
	local d l rc=0
	d=$(realpath "$1")
	[ -f "$d/job.yaml" ] || die "no job in $d"
	command -v lava-run >/dev/null || die "lava-run is missing (scripts/deps.sh lava)"
	templates
	l=$d/lava
	rm -rf "$l"
	mkdir -p "$l"
	pincheck lava device "$TOP/pincheck/templates/vsoc-qemu.jinja2" \
		"$LAVA/device-types" "$d/job.yaml" "$l/device.yaml"
	# the worker's own address, so that lava-run asks no network
	# interface for it (the NFS and HTTP parts it would serve are unused)
	printf 'dispatcher_ip: 127.0.0.1\n' >"$l/dispatcher.yaml"
	lava-run --job-id "$(basename "$d")" --output-dir "$l/out" --device "$l/device.yaml" \
		--dispatcher "$l/dispatcher.yaml" "$d/job.yaml" >"$l/stdout.txt" 2>"$l/log.yaml" || rc=$?
	pincheck lava results "$l/log.yaml" >"$l/results.txt"
	if [ "$rc" != 0 ] || ! grep -q '^lava job pass$' "$l/results.txt"; then
		msg "lava: $d: lava-run exit $rc; $(grep '^lava job' "$l/results.txt" || echo 'no job result') (log: $l/log.yaml)"
		return 1
	fi
	msg "lava: $d: $(grep -vc '^lava ' "$l/results.txt") test case(s) recorded, $(grep -c ' fail$' "$l/results.txt") failing ($l/results.txt)"
}

case "$cmd" in
jobs) jobs "$@" ;;
run) run "$@" ;;
families) KSRC=$CACHE/linux pincheck boards "$@" | awk '{ print $2 }' ;;
*) die "usage: scripts/lava.sh jobs [--url URL] [--out DIR] [--reset F] [--fixup F] [--callback URL [--token NAME]] [BOARD...] | families FAMILY... | run JOBDIR" ;;
esac

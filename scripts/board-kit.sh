#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The board kit: what a board engineer copies to the board to check its
# pins there, with the same KTAP as the rehearsal prints in QEMU.
#
#   scripts/board-kit.sh BOARD
#
# BOARD as scripts/rehearse.sh takes it. Writes build/board-kit/<board>/
# (<board> with "/" as "_"):
#   plan/			the rehearsal's plan as files (pincheck/kit.py):
#				what the DT asks for, field by field, the QEMU
#				windows and the board's real register addresses
#   rehearse-ktap-arm64	the checker (checker/rehearse-*.c), static arm64
#   rehearse-ktap-armhf	the same, static armhf (scripts/deps.sh kit)
#   HOWTO.md		one page: how to run it on the board
# The plan is made for every controller the tree's families know, whatever
# the kernel of a later rehearsal builds (IMAGE_CONFIG is not consulted).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: scripts/board-kit.sh BOARD"
board=${1#arm64/}
KERNEL=vsoc rehearse_env
unset IMAGE_CONFIG IMAGE_MODULES

name=$board
case "$board" in
*.dts) name=$(basename "$board" .dts) ;;
*+*)	IFS=+ read -r -a parts <<<"$board"
	name=${parts[0]}
	for p in "${parts[@]:1}"; do name+="+$(basename "$p" .dtso)"; done ;;
esac
name=${name//\//_}
kit=$BUILD/board-kit/$name
prep=$BUILD/board-kit/.prepare/$name
rm -rf "$kit" "$prep"
mkdir -p "$kit" "$prep"
if ! pincheck prepare "$board" "$prep" >"$prep/prepare.log" 2>&1; then
	cat "$prep/prepare.log" >&2
	die "$board: could not be prepared"
fi
pincheck kit-plan "$prep/virt.dtb" "$kit/plan"

SRC=(checker/rehearse-ktap.c checker/rehearse-debugfs.c checker/rehearse-klog.c checker/rehearse-vsoc.c checker/util.c)
CFLAGS=(-static -std=gnu11 -O2 -Wall -Wextra -Werror -D_FILE_OFFSET_BITS=64)
(cd "$TOP" && aarch64-linux-gnu-gcc "${CFLAGS[@]}" -o "$kit/rehearse-ktap-arm64" "${SRC[@]}")
if command -v arm-linux-gnueabihf-gcc >/dev/null; then
	(cd "$TOP" && arm-linux-gnueabihf-gcc "${CFLAGS[@]}" -o "$kit/rehearse-ktap-armhf" "${SRC[@]}")
else
	msg "board-kit: no arm-linux-gnueabihf-gcc (scripts/deps.sh kit): no armhf checker"
fi

# the controllers, for the how-to: path, driver's device on the board, the
# registers' real addresses
ctls=$(python3 - "$prep/plan.json" <<'EOF'
import json, sys
plan = json.load(open(sys.argv[1]))
for c in plan.get("controllers", []):
    wins = ", ".join("0x%x (0x%x bytes)" % (w["orig_addr"], w["orig_size"]) for w in c["windows"])
    print("- `%s` (%s): registers at %s" % (c["path"], c.get("family", "?"), wins))
EOF
)
sed -e "s|@BOARD@|$board|g" -e "s|@NAME@|$name|g" "$TOP/docs/board-kit-howto.md.in" |
	awk -v ctls="$ctls" '$0 == "@CONTROLLERS@" { print ctls; next } { print }' >"$kit/HOWTO.md"
msg "board-kit: $kit (plan/, rehearse-ktap-arm64$([ -x "$kit/rehearse-ktap-armhf" ] && echo ", rehearse-ktap-armhf"), HOWTO.md)"

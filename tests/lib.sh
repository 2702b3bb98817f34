# SPDX-License-Identifier: GPL-2.0
# Helpers for tests/cases/*: source it.

. "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

NFAIL=0

pass() { echo "PASS $1"; }
fail() {
	echo "FAIL $1: $2"
	echo "FAIL $1: $2" >&2
	NFAIL=$((NFAIL + 1))
}
# check NAME CONDITION-COMMAND... : PASS if the command succeeds.
check() {
	local name=$1
	shift
	if "$@" >/dev/null 2>&1; then pass "$name"; else fail "$name" "$*"; fi
}
# skip NAME WHY: the case cannot run here (a package it needs is missing)
skip() { echo "SKIP $1: $2"; }
# needs GROUP NAME: skip NAME and end the case unless scripts/deps.sh's
# optional package group GROUP is installed (make test installs it)
needs() {
	"$TOP/scripts/deps.sh" --check "$1" >/dev/null 2>&1 && return 0
	skip "$2" "the packages of 'scripts/deps.sh $1' are not installed (make test installs them)"
	exit 0
}
finish() { [ "$NFAIL" -eq 0 ]; }

# The text between the begin and end markers of one dump in a console log.
#   dump LOG PHASE PATH
dump() {
	awk -v b="==== VSOC BEGIN $2 $3 ====" -v e="==== VSOC END $2 $3 ====" '
		{ sub(/\r$/, "") }
		$0 == e { on = 0 }
		on { print }
		$0 == b { on = 1 }' "$1"
}

# 32-bit little-endian word at OFFSET of a register dump.
reg32() {
	od -An -t u4 -j "$(($2))" -N 4 --endian=little "$1" | tr -d ' '
}

# Build a board's DTB (name under boards/ or path) into build/dtb/.
board_dtb() {
	local name
	name=$(basename "$1" .dts)
	"$TOP/scripts/dtb.sh" "$1" "$BUILD/dtb/$name.dtb" && echo "$BUILD/dtb/$name.dtb"
}

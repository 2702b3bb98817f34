#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The binding validates with Debian's dt-schema and its example compiles and
# validates against it (scripts/dt-check.sh prints one line per check).
. "$(dirname "$0")/../lib.sh"

out=$("$TOP/scripts/dt-check.sh" binding 2>&1)
rc=$?
while read -r verdict what; do
	case "$verdict" in
	ok) pass "binding: $what" ;;
	FAIL) fail "binding: $what" "see build/tests/45-binding.log" ;;
	esac
done <<<"$out"
echo "$out" >&2
[ "$rc" -eq 0 ] || fail binding "scripts/dt-check.sh binding exited $rc"
finish

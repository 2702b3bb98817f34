#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
# The mainline sets of kernel/mainline/ as the maintainers get them, on the
# pinned Linux 7.3 (kernel/mainline/BASE): "make series-check" applies each
# set with git am on pristine-7.3, runs 7.3's checkpatch.pl --strict on each
# mail (a Cc: stable without Fixes: passes only where the set's cover letter
# says why, "No Fixes: ..."), and kernel-doc on the files it touches. The
# W=1 builds (make series-build) are not run here: they need a kernel build.
# SKIP when the pinned linux-source-7.3 is neither in the cache nor in its
# suite any more (scripts/linux73.sh says how to move the pin).
. "$(dirname "$0")/../lib.sh"

# needs-style: end the case with a SKIP when the 7.3 tree cannot be had
if ! why=$("$TOP/scripts/linux73.sh" tree 2>&1 >/dev/null); then
	skip series73 "linux-source-7.3 cannot be fetched: $(tail -n 1 <<<"$why")"
	exit 0
fi

log=$BUILD/series73-check.log
mkdir -p "$BUILD"
"$TOP/scripts/linux73.sh" check >"$log" 2>&1
rc=$?
summary=$(tail -n 1 "$log")
grep '^FAIL ' "$log" | sed 's/^FAIL /FAIL series73: /' | head -n 20
if [ "$rc" -eq 0 ] && [[ $summary == *" passed, 0 failed" ]]; then
	pass "series73: make series-check: $summary"
else
	fail series73 "make series-check: $summary (see $log)"
fi

# every set that sends a stable fix either names the commit it fixes or
# says in its cover letter why it cannot
for cover in "$TOP"/kernel/mainline/[0-9][0-9]-*/0000-cover-letter.patch; do
	set=${cover%/*}
	set=${set##*/}
	for m in "${cover%/*}"/0*.patch; do
		[ "$m" = "$cover" ] && continue
		grep -q '^Cc: stable@vger.kernel.org' "$m" || continue
		subj=$("$TOP/scripts/linux73.sh" subject "$m")
		if grep -q '^Fixes: [0-9a-f]\{12\} ("' "$m"; then
			pass "series73: $set: stable fix with Fixes: ${m##*/}"
		elif grep -qF "No Fixes: \"$subj\"" "$cover"; then
			pass "series73: $set: stable fix, its cover letter says why it has no Fixes: ${m##*/}"
		else
			fail series73-fixes "$set: ${m##*/} is for stable without Fixes: and its cover letter does not say why"
		fi
	done
done
finish

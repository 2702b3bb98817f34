#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
# The kernel series as a maintainer gets it: it applies with git am on a
# pristine tree, gives exactly the tree the image is built from, passes
# checkpatch --strict (only the warnings the cover letter justifies), our
# files build with W=1 without warnings, and their kernel-doc is complete.
. "$(dirname "$0")/../lib.sh"

src=$CACHE/linux
series=$BUILD/series
"$TOP/scripts/kernel.sh" series "$series" >/dev/null ||
	{ fail series "make series failed"; exit 1; }
n=$(ls "$series"/0*.patch | grep -vc 0000-cover-letter)
check "series: $n patches and a cover letter in build/series" \
	test -s "$series/0000-cover-letter.patch" -a "$n" -eq "$(grep -c '^0' "$TOP/kernel/series")"
check "series: the cover letter has a subject and a text" \
	bash -c "! grep -q '\*\*\* \(SUBJECT\|BLURB\) HERE' '$series/0000-cover-letter.patch'"

# git am on a pristine tree, in a worktree of the cache's repository
wt=$CACHE/am-check
git -C "$src" worktree remove --force "$wt" >/dev/null 2>&1
rm -rf "$wt"
git -C "$src" worktree prune
if git -C "$src" worktree add -q --detach "$wt" pristine &&
   git -C "$wt" -c user.name=check -c user.email=check@localhost \
	am -q $(ls "$series"/0*.patch | grep -v 0000-cover-letter); then
	pass "series: applies with git am on the pristine tree"
	if [ -z "$(git -C "$wt" diff --stat HEAD vsoc)" ]; then
		pass "series: the result is the tree the image is built from"
	else
		fail series-tree "git am result differs from branch vsoc"
	fi
else
	fail series-am "git am failed on the pristine tree"
fi
git -C "$src" worktree remove --force "$wt" >/dev/null 2>&1

# kernel/patches are the mails of the built commits themselves: in the
# order of kernel/series they git am onto pristine to the branch's tree,
# and exporting the branch again rewrites none of kernel/.
wt=$CACHE/am-check
rm -rf "$wt"
git -C "$src" worktree prune
mails=$(grep -v '^#' "$TOP/kernel/series" | awk -v d="$TOP/kernel/patches" '{ print d "/" $1 }')
if git -C "$src" worktree add -q --detach "$wt" pristine &&
   git -C "$wt" -c user.name=check -c user.email=check@localhost am -q $mails &&
   [ "$(git -C "$wt" rev-parse 'HEAD^{tree}')" = "$(git -C "$src" rev-parse 'vsoc^{tree}')" ]; then
	pass "series: kernel/patches, in kernel/series order, git am onto pristine to the tree of branch vsoc"
else
	fail series-patches-am "kernel/patches do not git am to the tree of branch vsoc (run scripts/kernel.sh export)"
fi
git -C "$wt" am --abort >/dev/null 2>&1
git -C "$src" worktree remove --force "$wt" >/dev/null 2>&1
exp=$(mktemp -d)
if VSOC_EXPORT_DIR=$exp "$TOP/scripts/kernel.sh" export >/dev/null 2>&1 &&
   out=$(diff -r "$TOP/kernel/series" "$exp/series" &&
	 diff -r "$TOP/kernel/patches" "$exp/patches" &&
	 diff -r "$TOP/kernel/src" "$exp/src" &&
	 diff -r "$TOP/bindings/pinctrl" "$exp/bindings/pinctrl"); then
	pass "series: exporting the built branch again changes nothing in kernel/"
else
	fail series-export "re-export differs: $(head -n 5 <<<"$out")"
fi
rm -rf "$exp"

# checkpatch --strict: 0 errors, and no warning but the justified ones
out=$(cd "$src" && ./scripts/checkpatch.pl --strict --terse --no-summary \
	$(ls "$series"/0*.patch | grep -v 0000-cover-letter) 2>&1)
unexpected=$(grep -E ': (ERROR|WARNING|CHECK):|Traceback|Error' <<<"$out" |
	grep -v -e 'WARNING: ENOTSUPP is not a SUSV4 error code, prefer EOPNOTSUPP' \
		-e 'WARNING: DT compatible string "test,\(vsoc\|pinconf-generic\)-[a-z]*" appears un-documented' \
		-e "\(0001-pinctrl-core-Do-not-oops-on-an-empty-hog-state\|0004-regmap-mmio-Free-the-context-when-the-regmap-can\).*: WARNING: The commit message has 'stable@', perhaps it also needs a 'Fixes:' tag?" \
		-e '[0-9]*-pinctrl-pinconf-generic-Add-KUnit-tests-for-the-DT-.*: WARNING: added, moved or deleted file(s), does MAINTAINERS need updating?' \
		-e '[0-9]*-\(pinctrl-core-Drop-a-bad-pin-hog-state\|pinctrl-pinconf-Show-what-set-each-config\|pinctrl-core-Report-the-settings-of-a-stat\|pinctrl-devicetree-Warn-about-a-state-name\|pinctrl-core-Name-the-DT-node-and-propert\).*: WARNING: Prefer a maximum 75 chars per line (possible unwrapped commit description?)' \
		-e "00\(0[235689]\|1[0145]\|59\|60\)-pinctrl-[a-z0-9]*-[A-Z].*: WARNING: Unknown commit id '[0-9a-f]\{12\}', maybe rebased or not pulled?")
if [ -z "$unexpected" ]; then
	pass "series: checkpatch --strict clean but for the warnings the cover letter justifies"
else
	fail series-checkpatch "$(head -n 5 <<<"$unexpected")"
fi

# W=1 on our objects, in the image's build directory
objs="drivers/pinctrl/pinctrl-vsoc.o drivers/pinctrl/pinctrl-vsoc-pad.o
	drivers/pinctrl/pinctrl-vsoc-gpio.o
	drivers/pinctrl/pinctrl-vsoc_test.o drivers/pinctrl/pinctrl-vsoc-pad_test.o
	drivers/pinctrl/pinconf-generic.o drivers/pinctrl/pinconf-generic_test.o
	drivers/pinctrl/core_test.o drivers/pinctrl/core.o drivers/pinctrl/pinconf.o
	drivers/pinctrl/pinmux.o drivers/pinctrl/devicetree.o"
out=$("$TOP/scripts/kernel.sh" make vsoc W=1 $objs 2>&1)
if [ $? -eq 0 ] && ! grep -q 'warning:' <<<"$out"; then
	pass "series: our files build with W=1 without warnings"
else
	fail series-w1 "$(grep -m3 'warning:\|error:' <<<"$out")"
fi

# kernel-doc on everything non-static
out=$(cd "$src" && scripts/kernel-doc -v -none drivers/pinctrl/pinctrl-vsoc.c \
	drivers/pinctrl/pinctrl-vsoc-gpio.c drivers/pinctrl/pinctrl-vsoc-pad.c \
	drivers/pinctrl/pinctrl-vsoc.h drivers/pinctrl/pinconf-generic.c \
	include/linux/pinctrl/pinconf-generic.h include/linux/pinctrl/pinctrl.h \
	2>&1 | grep -i 'warn\|error')
if [ -z "$out" ]; then
	pass "series: kernel-doc has no complaints"
else
	fail series-kerneldoc "$(head -n 3 <<<"$out")"
fi
finish

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Where a pin controller's probe spends its instructions: boots a benchmark
# board (bench/gen-dts.sh) with QEMU's -icount and the bench/tbprof.c plugin
# counting every translated block that runs between the entry to the
# controller's probe function and the next driver_bound() (the end of that
# probe), and prints a flat profile per kernel function.
#
#   bench/profile.sh [--target vsoc|single] [--top N] [--inclusive F,F..]
#                    [GEN-DTS-OPTIONS...]
#
# e.g. bench/profile.sh --target vsoc --nbanks 32 (the default board is
# --nbanks 8 --single 256). Instructions are those of the guest; with
# -icount shift=0 each takes one guest nanosecond, so the total matches the
# probe time that initcall_debug prints.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"
. "$TOP/tests/lib.sh"

target=vsoc top=40 gen=() more=
while [ $# -gt 0 ]; do
	case "$1" in
	--target) target=$2; shift 2 ;;
	--top) top=$2; shift 2 ;;
	--inclusive) more=,$2; shift 2 ;;
	*) gen+=("$1"); shift ;;
	esac
done
[ ${#gen[@]} -gt 0 ] || gen=(--nbanks 8 --single 256)
case "$target" in
vsoc) fn=vsoc_pinctrl_probe dev=4c000000.pinctrl ;;
single) fn=pcs_probe dev=4c100000.pinmux ;;
*) die "--target vsoc or single" ;;
esac
nbanks=8
for ((i = 0; i < ${#gen[@]}; i++)); do
	[ "${gen[i]}" = --nbanks ] && nbanks=${gen[i + 1]}
done

work=$BUILD/bench/work
mkdir -p "$work"
plugin=$BUILD/bench/tbprof.so
if [ ! -f "$plugin" ] || [ "$TOP/bench/tbprof.c" -nt "$plugin" ]; then
	gcc -shared -fPIC -O2 -Wall -Wextra -o "$plugin" "$TOP/bench/tbprof.c"
fi
map=$CACHE/out/vsoc/System.map
[ -f "$map" ] || die "missing $map (run make first)"
addr() {
	local a
	a=$(awk -v s="$1" '$3 == s { print $1; exit }' "$map")
	[ -n "$a" ] || die "no symbol $1 in $map"
	echo "$a"
}

"$TOP/bench/gen-dts.sh" "${gen[@]}" >"$work/profile.dts"
"$TOP/scripts/dtb.sh" "$work/profile.dts" "$work/profile.dtb"
"$BUILD/vsoc-reset" --nbanks "$nbanks" "$work/profile-reset.bin"
prof=$work/profile-$target.txt
rm -f "$prof"
"$TOP/qemu/run.sh" --name bench-profile --reset "$work/profile-reset.bin" \
	--append "initcall_debug quiet" --timeout 600 \
	--qemu "-icount shift=0,sleep=off -plugin $plugin,out=$prof,start=$(addr "$fn"),stop=$(addr driver_bound)" \
	"$work/profile.dtb"
[ -s "$prof" ] || die "the plugin wrote no profile (does this QEMU load TCG plugins?)"

echo "# bench/profile.sh --target $target ${gen[*]}"
echo "# $(dump "$BUILD/run/bench-profile/console.log" end dmesg | grep -m1 "probe of $dev returned" | sed 's/^<[0-9]>\[ *[0-9.]*\] //')"
# The name lookups of the pinctrl core, the driver's own, its provenance
# bookkeeping, and what the peer does instead
incl=pin_get_from_name,pinctrl_get_group_selector,vsoc_get_group_name,match_string
incl=$incl,pinmux_func_name_to_selector,vsoc_dt_check_node,vsoc_dt_subnode_to_map
incl=$incl,xa_load,xa_store,vsoc_pad_update,vsoc_source_get,vsoc_set_mux
incl=$incl,pcs_parse_one_pinctrl_entry,pcs_pinconf_set,pcs_set_mux$more
"$TOP/bench/tbprof-report.py" "$map" "$prof" --top "$top" --inclusive "$incl" \
	--callers strcmp,radix_tree_lookup,__kmalloc_cache_noprof,__kmalloc_node_track_caller_noprof

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Check the project's device-tree bindings and DTBs with dt-schema, the way
# "make dt_binding_check" and "make dtbs_check" do, but without the kernel's
# make. Any error or warning fails the check.
#
#   scripts/dt-check.sh binding           check our bindings and their examples
#   scripts/dt-check.sh dtb FILE.dtb...   check DTBs against all bindings
#   scripts/dt-check.sh flags             the example DTC flags copied below
#
# Why not the kernel's make (docs/vsoc/binding.md, measured there): 6.12's
# bindings Makefile wants dt-schema 2023.9 or newer (DT_SCHEMA_MIN_VERSION)
# and Debian 12 has 2022.08.2, so "make dt_binding_check" stops before it
# checks anything; kbuild ignores the checkers' exit status (a binding or
# DTB with errors still "passes"); "dtbs_check" checks the tree's own DTBs,
# not boards outside it; and both need the fixes below (ensure_schema) for
# this dt-schema. 45-binding fails when the copied flags differ from the
# kernel's, and when the kernel's minimum version stops excluding Debian's.
#
# The kernel's bindings and dt-bindings headers come from the tag "pristine"
# of the kernel tree ($CACHE/linux, made by "scripts/kernel.sh tree"), never
# from its work tree. Our bindings (bindings/: the series' new binding in
# bindings/pinctrl, and the project's own schema of the boards'
# compatibles in bindings/arm, which is not for the kernel) are copied over them and the
# binding parts of kernel/patches/ are applied. The processed schema is cached in $CACHE/dtschema/ and rebuilt only
# when one of those inputs changes.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

KTREE=$CACHE/linux
BINDINGS=Documentation/devicetree/bindings
OURS=$TOP/bindings
SCHEMA_DIR=$CACHE/dtschema
SCHEMA=$SCHEMA_DIR/processed-schema.json
SCHEMA_NEW=$SCHEMA.$$.new

# The DTC flags of Documentation/devicetree/bindings/Makefile for examples
# (its "override DTC_FLAGS"): 45-binding compares them with the kernel's.
EXAMPLE_DTC_FLAGS=(-Wno-avoid_unnecessary_addr_size -Wno-graph_child_address
	-Wno-interrupt_provider -Wno-unique_unit_address
	-Wunique_unit_address_if_enabled)

usage() { die "usage: scripts/dt-check.sh binding | dtb FILE.dtb... | flags"; }

ok() { printf '%-8s %s\n' "ok" "$*"; }
fail() { printf '%-8s %s\n' "FAIL" "$*"; failed=1; }
failed=0

TMP=$(mktemp -d)
trap 'rm -rf "$TMP" "$SCHEMA_NEW"' EXIT

for tool in dt-doc-validate dt-mk-schema dt-validate dt-extract-example dtc gcc; do
	command -v "$tool" >/dev/null || die "$tool not found (run scripts/deps.sh)"
done
git -C "$KTREE" rev-parse -q --verify 'pristine^{commit}' >/dev/null 2>&1 ||
	die "no tag pristine in $KTREE (run scripts/kernel.sh tree)"

our_yamls() {
	local d
	(cd "$OURS" && find . -name '*.yaml' | sed 's|^\./||') | LC_ALL=C sort -u
}

# The file of one of ours
our_file() { echo "$OURS/$1"; }

binding_patches() {
	local p
	for p in "$TOP"/kernel/patches/*.patch; do
		[ -f "$p" ] || continue
		grep -q "^diff --git a/$BINDINGS/" "$p" && echo "$p"
	done
	return 0
}

# The pristine bindings and dt-bindings headers, with ours laid on top, in
# $TMP/tree. Prints nothing; dies when a patch does not apply.
make_tree() {
	local p f
	mkdir -p "$TMP/tree"
	git -C "$KTREE" archive pristine "$BINDINGS" include/dt-bindings |
		tar -x -C "$TMP/tree"
	while read -r p; do
		(cd "$TMP/tree" && GIT_CEILING_DIRECTORIES=$TMP git apply \
			--include="$BINDINGS/*" "$p") ||
			die "${p#"$TOP"/} does not apply to the pristine bindings"
	done < <(binding_patches)
	while read -r f; do
		mkdir -p "$(dirname "$TMP/tree/$BINDINGS/$f")"
		cp "$(our_file "$f")" "$TMP/tree/$BINDINGS/$f"
	done < <(our_yamls)
}

# What the processed schema depends on.
schema_key() {
	local f p
	{
		echo "layout 4"	# bump when ensure_schema changes what it writes
		git -C "$KTREE" rev-parse 'pristine^{commit}'
		dt-mk-schema --version
		while read -r f; do
			echo "$f"
			sha256sum <"$(our_file "$f")"
		done < <(our_yamls)
		while read -r p; do
			echo "${p##*/}"
			sha256sum <"$p"
		done < <(binding_patches)
	} | sha256sum | cut -d' ' -f1
}

# Build $SCHEMA unless it is up to date. dt-schema 2022.08 refuses a few
# upstream schemas written for newer versions; those are listed in
# $SCHEMA_DIR/mk-schema.log and tolerated, while any message about one of
# ours fails.
ensure_schema() {
	local key f
	key=$(schema_key)
	if [ -f "$SCHEMA" ] && [ "$(cat "$SCHEMA_DIR/key" 2>/dev/null)" = "$key" ]; then
		ok "processed schema: up to date ($SCHEMA)"
		return 0
	fi
	[ -d "$TMP/tree" ] || make_tree
	mkdir -p "$SCHEMA_DIR"
	rm -f "$SCHEMA_DIR/key"
	if ! dt-mk-schema -j "$TMP/tree/$BINDINGS" >"$SCHEMA_NEW" \
		2>"$SCHEMA_DIR/mk-schema.log"; then
		cat "$SCHEMA_DIR/mk-schema.log" >&2
		die "dt-mk-schema failed"
	fi
	{
		grep -v ': ignoring, error in schema: ' "$SCHEMA_DIR/mk-schema.log" || true
		while read -r f; do
			grep -F "/$BINDINGS/$f:" "$SCHEMA_DIR/mk-schema.log" || true
			grep -qF "\"http://devicetree.org/schemas/$f#\"" "$SCHEMA_NEW" ||
				echo "$f: missing from the processed schema"
		done < <(our_yamls)
	} | LC_ALL=C sort -u >"$TMP/mk-bad"
	if [ -s "$TMP/mk-bad" ]; then
		sed 's/^/    /' "$TMP/mk-bad"
		rm -f "$SCHEMA_NEW"
		fail "processed schema: dt-mk-schema reported problems in our bindings"
		return 1
	fi
	# Name schemas by their path in the kernel tree, not by this run's $TMP.
	sed -i "s|$TMP/tree/||g" "$SCHEMA_NEW"
	# Two fixes for dt-schema 2022.08 reading 6.12 bindings (newer versions
	# do not need them):
	# - dt-validate -m reports compatibles that no schema documents, but one
	#   upstream pattern (renesas-soc.yaml: "^(?!renesas,.+-.+).+$") matches
	#   nearly every string and hides them all: drop catch-all patterns.
	# - a schema is selected by any of its compatibles, so fsl,qe.yaml
	#   ("fsl,qe", "simple-bus") claims every simple-bus node: do not select
	#   on "simple-bus" next to a specific compatible.
	python3 - "$SCHEMA_NEW" <<-'EOF'
	import json, re, sys
	path = sys.argv[1]
	with open(path) as f:
	    schemas = json.load(f)
	compat = schemas["generated-compatibles"]["properties"]["compatible"]
	compat["items"]["anyOf"] = [
	    s for s in compat["items"]["anyOf"]
	    if "pattern" not in s or not re.search(s["pattern"], "zz-undocumented,zz")
	]
	for sch in schemas.values():
	    try:
	        enum = sch["select"]["properties"]["compatible"]["contains"]["enum"]
	    except (KeyError, TypeError):
	        continue
	    if "simple-bus" in enum and len(enum) > 1:
	        enum.remove("simple-bus")
	with open(path, "w") as f:
	    json.dump(schemas, f, indent=4)
	EOF
	mv "$SCHEMA_NEW" "$SCHEMA"
	echo "$key" >"$SCHEMA_DIR/key"
	ok "processed schema: rebuilt, $(grep -c ': ignoring, ' \
		"$SCHEMA_DIR/mk-schema.log" || true) upstream schemas skipped by" \
		"dt-schema $(dt-mk-schema --version) (see $SCHEMA_DIR/mk-schema.log)"
}

# Run a checker; it passes when it exits 0 and prints nothing on stderr.
quiet_check() {
	local what=$1 log=$TMP/log
	shift
	if "$@" >"$log" 2>&1 && [ ! -s "$log" ]; then
		ok "$what"
	else
		sed 's/^/    /' "$log"
		fail "$what"
	fi
}

# Build the example of a binding the way dt_binding_check does.
example_dtb() {
	local f=$1 base=$TMP/ex/${1%.yaml}
	mkdir -p "$(dirname "$base")"
	dt-extract-example "$TMP/tree/$BINDINGS/$f" >"$base.example.dts" &&
	gcc -E -nostdinc -undef -D__DTS__ -x assembler-with-cpp \
		-I "$TOP/kernel/src/include" -I "$TMP/tree/include" \
		-o "$base.example.dts.pre" "$base.example.dts" &&
	dtc -O dtb -b 0 "${EXAMPLE_DTC_FLAGS[@]}" \
		-o "$base.example.dtb" "$base.example.dts.pre"
}

check_binding() {
	local f yamls=()
	mapfile -t yamls < <(our_yamls)
	[ ${#yamls[@]} -gt 0 ] || die "no bindings under ${OURS#"$TOP"/}"
	make_tree
	for f in "${yamls[@]}"; do
		quiet_check "dt-doc-validate: $f" \
			dt-doc-validate -u "$TMP/tree/$BINDINGS" "$TMP/tree/$BINDINGS/$f"
		if command -v yamllint >/dev/null; then
			quiet_check "yamllint: $f" yamllint -f parsable \
				-c "$TMP/tree/$BINDINGS/.yamllint" "$TMP/tree/$BINDINGS/$f"
		else
			printf '%-8s %s\n' "skip" "yamllint: $f (yamllint not installed)"
		fi
	done
	ensure_schema || return 0
	for f in "${yamls[@]}"; do
		quiet_check "example: $f: extract, cpp, dtc" example_dtb "$f"
		[ -f "$TMP/ex/${f%.yaml}.example.dtb" ] || continue
		quiet_check "example: $f: dt-validate" \
			dt-validate -m -s "$SCHEMA" "$TMP/ex/${f%.yaml}.example.dtb"
	done
}

check_dtbs() {
	local dtb
	[ $# -gt 0 ] || usage
	for dtb in "$@"; do
		[ -f "$dtb" ] || die "no such file: $dtb"
	done
	ensure_schema || return 0
	for dtb in "$@"; do
		quiet_check "dt-validate: $dtb" dt-validate -m -s "$SCHEMA" "$dtb"
	done
}

cmd=${1:-}
shift || true
if [ "$cmd" = flags ]; then
	printf '%s\n' "${EXAMPLE_DTC_FLAGS[@]}"
	exit 0
fi
case "$cmd" in
binding) [ $# -eq 0 ] || usage; check_binding ;;
dtb) check_dtbs "$@" ;;
*) usage ;;
esac

exit "$failed"

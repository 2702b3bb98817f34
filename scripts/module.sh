#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The out-of-tree test module of make stress (guest/consumer-test)
# and the stress board's runtime overlay, built against the cache's kernel
# build of CONFIG and packed as a cpio to append to the initramfs
# (qemu/run.sh --initrd-add): /lib/modules/pinctrl-consumer-test.ko and
# /lib/firmware/stress-overlay.dtbo and stress-vsoc2.dtbo, which the
# guest's /stress loads.
#
#   scripts/module.sh [CONFIG]	(default $KERNEL, else vsoc); prints
#				the path of the cpio
#
# The module is built with "make -C <tree> O=<build> M=<copy> modules"
# through scripts/kernel.sh make, which holds the kernel build lock; a
# build of CONFIG without Module.symvers gets one first ("make modules",
# no module of its own). The module is rebuilt when its sources or the
# kernel changed; the overlay and the cpio are made every time.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

config=${1:-${KERNEL:-vsoc}}
out=$CACHE/out/$config
image=$out/arch/arm64/boot/Image
[ -f "$image" ] || die "no kernel build $out (run scripts/kernel.sh build $config)"
src=$TOP/guest/consumer-test
dir=$BUILD/module/$config
cpio=$BUILD/module/$config.cpio
# The module: rebuilt when its sources or the kernel changed
sum=$( { cat "$src"/*; cat "$out/vsoc.built" 2>/dev/null || true; } |
	sha256sum | cut -d' ' -f1)
if ! [ -f "$dir/pinctrl-consumer-test.ko" ] || [ "$(cat "$dir.sum" 2>/dev/null)" != "$sum" ]; then
	if ! [ -f "$out/Module.symvers" ] || [ "$out/Module.symvers" -ot "$image" ]; then
		msg "module: Module.symvers of $config"
		"$TOP/scripts/kernel.sh" make "$config" modules >"$BUILD/module-$config-symvers.log" 2>&1 ||
			{ tail -n 20 "$BUILD/module-$config-symvers.log" >&2; die "make modules failed"; }
	fi
	rm -rf "$dir" "$dir.sum"
	mkdir -p "$dir"
	cp "$src"/*.c "$src/Makefile" "$dir/"
	msg "module: building pinctrl-consumer-test for $config"
	"$TOP/scripts/kernel.sh" make "$config" M="$dir" modules >"$dir/build.log" 2>&1 ||
		{ cat "$dir/build.log" >&2; die "module build failed"; }
	if grep -E 'warning:|error:|WARNING' "$dir/build.log" >&2; then
		die "the module build warned (see $dir/build.log)"
	fi
	echo "$sum" >"$dir.sum"
fi
# The overlay, every time (no lock): the kernel's preprocessor include paths
# and its dtc, without symbols (-@ would add properties to /__symbols__,
# which of_overlay_remove() cannot free); warnings are errors
for ovl in "$TOP/tests/boards/stress-overlay.dtso" "$TOP/tests/boards/stress-vsoc2.dtso"; do
	name=$(basename "$ovl" .dtso) flags=()
	# stress-vsoc2 adds a node to /soc, whose #address-cells and
	# #size-cells (2, 2) dtc cannot see from the overlay: its reg checks
	[ "$name" != stress-vsoc2 ] || for w in reg_format avoid_default_addr_size \
		avoid_unnecessary_addr_size unique_unit_address simple_bus_reg \
		pci_device_reg pci_device_bus_num i2c_bus_reg spi_bus_reg; do
		flags+=(-W "no-$w")
	done
	gcc -E -nostdinc -undef -D__DTS__ -x assembler-with-cpp -I "$TOP/dts" \
		-I "$CACHE/linux/scripts/dtc/include-prefixes" -o "$dir/$name.pre.dts" "$ovl"
	warn=$("$CACHE/out/vsoc/scripts/dtc/dtc" "${flags[@]}" -I dts -O dtb -o "$dir/$name.dtbo" \
		"$dir/$name.pre.dts" 2>&1) || { echo "$warn" >&2; die "dtc failed on $ovl"; }
	[ -z "$warn" ] || { echo "$warn" >&2; die "dtc warnings in $ovl"; }
done
cat >"$dir/list" <<LIST
dir /lib 0755 0 0
dir /lib/modules 0755 0 0
file /lib/modules/pinctrl-consumer-test.ko $dir/pinctrl-consumer-test.ko 0644 0 0
dir /lib/firmware 0755 0 0
file /lib/firmware/stress-overlay.dtbo $dir/stress-overlay.dtbo 0644 0 0
file /lib/firmware/stress-vsoc2.dtbo $dir/stress-vsoc2.dtbo 0644 0 0
LIST
"$CACHE/out/vsoc/usr/gen_init_cpio" "$dir/list" >"$cpio.tmp"
mv "$cpio.tmp" "$cpio"
echo "$cpio"

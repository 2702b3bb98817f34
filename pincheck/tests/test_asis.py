# SPDX-License-Identifier: GPL-2.0
"""A board as it is: the device names of its consumers and the rule that
its pin controller's registers are a no-map window of virt's RAM"""

import pytest

from pincheck import asis, fdt


def tree():
    root = fdt.Node("")
    root.set_cells("#address-cells", [2])
    root.set_cells("#size-cells", [2])
    soc = root.add("soc")
    soc.set_cells("#address-cells", [2])
    soc.set_cells("#size-cells", [2])
    soc.set_empty("ranges")
    serial = soc.add("serial@9000000")
    serial.set_cells("reg", [0, 0x9000000, 0, 0x1000])
    keys = soc.add("keys")
    bus = root.add("bus")                     # no ranges: reg does not translate
    bus.set_cells("#address-cells", [1])
    bus.set_cells("#size-cells", [0])
    dev = bus.add("dev@3")
    dev.set_cells("reg", [3])
    masked = soc.add("gpio@100")
    masked.set_cells("reg", [0, 0x100, 0, 4])
    masked.set_cells("mask", [0x10])
    return root, serial, keys, dev, masked, root.add("gpio-keys")


def test_bus_id_as_the_kernel_names_devices():
    _, serial, keys, dev, masked, gk = tree()
    assert asis.bus_id(serial) == "9000000.serial"
    assert asis.bus_id(keys) == "soc:keys"
    assert asis.bus_id(dev) == "bus:dev@3"
    assert asis.bus_id(masked) == "100.4.gpio"
    assert asis.bus_id(gk) == "gpio-keys"


def test_reserved_windows_are_the_no_map_ones():
    root = tree()[0]
    rm = root.add("reserved-memory")
    rm.set_cells("#address-cells", [2])
    rm.set_cells("#size-cells", [2])
    rm.set_empty("ranges")
    w = rm.add("pinctrl@4c000000")
    w.set_cells("reg", [0, 0x4C000000, 0, 0x10000])
    w.set_empty("no-map")
    rm.add("cma@48000000").set_cells("reg", [0, 0x48000000, 0, 0x1000])

    class Tree:
        pass
    t = Tree()
    t.root = root
    assert asis.reserved_windows(t) == [(0x4C000000, 0x10000)]


def test_vsoc_board_outside_a_window_is_refused(tmp_path):
    src = tmp_path / "b.dts"
    src.write_text("""/dts-v1/;
/ { #address-cells = <2>; #size-cells = <2>;
    pinctrl@4c000000 { compatible = "vsoc,vsoc1-pinctrl"; reg = <0 0x4c000000 0 0x10000>;
        p: s { p { pins = "PA0"; bias-disable; }; }; };
    dev { pinctrl-names = "default"; pinctrl-0 = <&p>; }; };
""")
    import subprocess
    dtb = tmp_path / "b.dtb"
    if subprocess.run(["dtc", "-q", "-o", str(dtb), str(src)]).returncode:
        pytest.skip("no dtc")
    with pytest.raises(SystemExit, match="pinctrl@4c000000: reg entry 0 .* no-map"):
        asis.plan_as_is(str(dtb))

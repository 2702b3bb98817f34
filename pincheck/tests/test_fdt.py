# SPDX-License-Identifier: GPL-2.0
"""pincheck/fdt.py: DTBs read and written through libfdt, the tree the
package edits in between. The checks that do not go through fdt.py itself
read the blobs with libfdt directly or with dtc."""

import os
import subprocess

import libfdt
import pytest

from pincheck import fdt

from .conftest import DATA, compile_dts

# What dtc does that a writer can get wrong: a reserved range, the strings
# table in order of first use with a name that ends another one sharing its
# bytes ("phandle" in "linux,phandle"), padding after values of 1, 2 and 3
# bytes and after node names, "node" beside "node@1" (one name to libfdt's
# lookup), labels (-@ makes /__symbols__) and references.
SAMPLE = """/dts-v1/;
/memreserve/ 0x40000000 0x1000;
/ {
	model = "unit";
	compatible = "vendor,board", "vendor,soc";
	#address-cells = <1>;
	#size-cells = <1>;
	odd = [01 02 03];
	two = [aa bb];
	big = /bits/ 64 <0x123456789>;
	flag;
	node { linux,phandle = <7>; phandle = <7>; };
	node@1 { reg = <1 2>; };
	soc: soc@10000000 {
		compatible = "simple-bus";
		#address-cells = <1>;
		#size-cells = <1>;
		ranges = <0x0 0x10000000 0x100000>;
		uart: serial@2000 { reg = <0x2000 0x100>; status = "okay"; };
		off: gpio@3000 { reg = <0x3000 0x100>; status = "disabled";
			child { }; };
	};
	consumer { pinctrl-0 = <&uart>; target = <&off>; };
};
"""


def walk_libfdt(blob):
    """[(path, [(prop, bytes)])] in DT order, read by libfdt alone"""
    f = libfdt.FdtRo(blob)
    out = []

    def rec(off, path):
        props = []
        p = f.first_property_offset(off, libfdt.QUIET_NOTFOUND)
        while p >= 0:
            prop = f.get_property_by_offset(p)
            props.append((prop.name, bytes(prop)))
            p = f.next_property_offset(p, libfdt.QUIET_NOTFOUND)
        out.append((path, props))
        c = f.first_subnode(off, libfdt.QUIET_NOTFOUND)
        while c >= 0:
            rec(c, path.rstrip("/") + "/" + f.get_name(c))
            c = f.next_subnode(c, libfdt.QUIET_NOTFOUND)

    rec(0, "/")
    return out


def walk_tree(t):
    return [(n.path, list(n.props.items())) for n in t.root.walk()]


def test_dtc_tree_comes_back_byte_for_byte(tmp_path):
    blob = compile_dts(tmp_path, SAMPLE, symbols=True)
    t = fdt.parse(blob)
    assert fdt.dumps(t) == blob
    out = tmp_path / "out.dtb"
    fdt.write(t, str(out))
    assert out.read_bytes() == blob
    # and what was read is what libfdt reads
    assert walk_tree(t) == walk_libfdt(blob)
    assert t.rsv == [(0x40000000, 0x1000)]


@pytest.mark.parametrize("run", ["beagleplay", "imx8mm-evk-fixup", "pine-h64"])
def test_recorded_board_dtb_comes_back_byte_for_byte(run):
    """the board DTBs of recorded rehearsals, made by the kernel's dtc"""
    with open(os.path.join(DATA, run, "board.dtb"), "rb") as f:
        blob = f.read()
    assert fdt.dumps(fdt.parse(blob)) == blob


def test_order_of_nodes_and_properties_kept(tmp_path):
    t = fdt.parse(compile_dts(tmp_path, """/dts-v1/;
/ { zeta = <1>; alpha = <2>; mid = <3>;
	z-node { b = <1>; a = <2>; };
	a-node { };
	m-node { };
};
"""))
    root = t.root
    assert list(root.props) == ["zeta", "alpha", "mid"]
    assert [c.name for c in root.children] == ["z-node", "a-node", "m-node"]
    # edits in the middle stay where they were made
    root.props["new"] = b"\0\0\0\4"
    root.children.insert(1, fdt.Node("inserted", root))
    blob = fdt.dumps(t)
    got = walk_libfdt(blob)
    assert [p for p, _ in got] == ["/", "/z-node", "/inserted", "/a-node", "/m-node"]
    assert [k for k, _ in got[0][1]] == ["zeta", "alpha", "mid", "new"]
    assert [k for k, _ in got[1][1]] == ["b", "a"]


def test_malformed_properties_kept_byte_for_byte(tmp_path):
    """the fuzzer's broken values: sizes that are no cells, unterminated
    strings; kept as bytes, and written back as they were"""
    t = fdt.Tree()
    t.boot_cpuid = 3
    n = t.root.add("pins")
    broken = {
        "one": b"\x01",
        "two": b"\x01\x02",
        "three": b"\x01\x02\x03",
        "five": b"\0\0\0\x01\x02",
        "reg": b"\0\0\0\x10\0\0",
        "function": b"uart",                    # no NUL
        "groups": b"a\0b",                      # the last one unterminated
        "empty": b"",
    }
    n.props.update(broken)
    blob = fdt.dumps(t)
    assert dict(walk_libfdt(blob)[1][1]) == broken
    assert libfdt.FdtRo(blob).boot_cpuid_phys() == 3
    back = fdt.parse(blob)
    assert back.find("/pins").props == broken
    assert fdt.dumps(back) == blob
    # a reader that is not fdt.py takes the blob: dtc writes it out again
    (tmp_path / "m.dtb").write_bytes(blob)
    r = subprocess.run(["dtc", "-q", "-I", "dtb", "-O", "dts", str(tmp_path / "m.dtb")],
                       capture_output=True, text=True)
    assert r.returncode == 0
    for line in ("function = <0x75617274>;", "five = [00 00 00 01 02];",
                 "groups = [61 00 62];", "three = [01 02 03];"):
        assert line in r.stdout
    # the accessors say what is wrong instead of guessing
    with pytest.raises(ValueError):
        back.find("/pins").cells("five")
    assert back.find("/pins").strings("groups") == ["a"]


def test_duplicate_phandle_resolves_to_the_first_node_in_dt_order():
    """two nodes with one phandle (tests/corpus/fuzz/fuzz-1-0305.dts): the
    kernel's of_find_node_by_phandle() takes the first in DT order, a
    deeper node before a later sibling of its parent"""
    t = fdt.Tree()
    bus = t.root.add("bus")
    first = bus.add("first")
    first.set_cells("phandle", [0x34])
    second = t.root.add("second")
    second.set_cells("phandle", [0x34])
    t2 = fdt.parse(fdt.dumps(t))
    assert t2.by_phandle()[0x34].path == "/bus/first"
    # libfdt's own lookup agrees
    f = libfdt.FdtRo(fdt.dumps(t2))
    assert f.get_name(f.node_offset_by_phandle(0x34)) == "first"
    assert t2.max_phandle() == 0x34


def test_sibling_names_libfdt_would_take_for_one_another():
    t = fdt.Tree()
    for name in ("pins", "pins@1", "dup", "dup", "x@2", "x"):
        t.root.add(name).set_strings("label", [name])
    blob = fdt.dumps(t)
    got = walk_libfdt(blob)
    assert [p for p, _ in got] == ["/", "/pins", "/pins@1", "/dup", "/dup", "/x@2", "/x"]
    assert [dict(p)["label"] for _, p in got[1:]] == [
        b"pins\0", b"pins@1\0", b"dup\0", b"dup\0", b"x@2\0", b"x\0"]
    # the renamed nodes' names are padded with zeros as dtc pads them
    assert fdt.dumps(fdt.parse(blob)) == blob


def test_tree_api(tmp_path):
    t = fdt.parse(compile_dts(tmp_path, SAMPLE, symbols=True))
    root = t.root
    assert root.string("model") == "unit"
    assert root.strings("compatible") == ["vendor,board", "vendor,soc"]
    assert root.u32("#address-cells") == 1 and root.u32("missing", 9) == 9
    assert t.find("/node@1").cells("reg") == [1, 2]
    assert t.find("/nowhere") is None
    uart = t.find("/soc@10000000/serial@2000")
    assert uart.basename == "serial" and uart.path == "/soc@10000000/serial@2000"
    # reg through the bus's ranges: 0x2000 of the bus is 0x10002000
    assert uart.regs() == [(0x2000, 0x100)]
    assert uart.translate(0x2000) == 0x10002000
    assert uart.enabled()
    assert not t.find("/soc@10000000/gpio@3000/child").enabled()    # parent disabled
    assert t.label_of(uart) == "uart"
    assert t.label_of(t.find("/consumer")) is None
    # dtc gives phandles in order of reference: uart 1, gpio 2; /node has 7
    by_ph = t.by_phandle()
    assert by_ph[t.find("/consumer").u32("pinctrl-0")] is uart
    assert by_ph[7].path == "/node"
    assert t.max_phandle() == 7
    assert fdt.join_cells([0x1, 0x2]) == 0x100000002
    assert fdt.split_cells(0x100000002, 2) == [1, 2]


def test_the_structure_block_is_libfdts():
    """no DTB structure parsed or packed by hand in fdt.py"""
    with open(fdt.__file__) as f:
        src = f.read()
    for word in ("unpack_from", "FDT_BEGIN_NODE", "FDT_PROP", "0xD00DFEED", "off_dt_struct"):
        assert word not in src

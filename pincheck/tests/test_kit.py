# SPDX-License-Identifier: GPL-2.0
"""The board kit's names and addresses of the real board (pincheck/kit.py)
and its plan as files."""

from pincheck import fdt, kit

# A board shaped as imx8mm.dtsi is: /soc@0 maps 1:1, its bus@30000000 too,
# an I2C controller with a PMIC, a node without reg under /, and a bus that
# moves its children (ranges = <0 0x40000000 0x1000>)
BOARD = """/dts-v1/;
/ {
	#address-cells = <1>; #size-cells = <1>;
	soc@0 {
		#address-cells = <1>; #size-cells = <1>; ranges;
		bus@30000000 {
			#address-cells = <1>; #size-cells = <1>;
			ranges = <0x30000000 0x30000000 0x400000>;
			iomuxc: pinctrl@30330000 { reg = <0x30330000 0x10000>; };
			i2c@30a20000 {
				reg = <0x30a20000 0x10000>;
				#address-cells = <1>; #size-cells = <0>;
				pmic@4b { reg = <0x4b>; };
			};
		};
		bus@40000000 {
			#address-cells = <1>; #size-cells = <1>;
			ranges = <0 0x40000000 0x1000>;
			serial@800 { reg = <0x800 0x100>; };
		};
	};
	leds { };
};
"""


def test_hw_dev_names_as_of_device_make_bus_id(dts):
    t = dts(BOARD)
    # "<translated address>.<node name>": 0x30330000 through two 1:1 ranges
    assert kit.hw_dev(t, "/soc@0/bus@30000000/pinctrl@30330000") == "30330000.pinctrl"
    # 0x800 of bus@40000000, whose ranges move it to 0x40000800
    assert kit.hw_dev(t, "/soc@0/bus@40000000/serial@800") == "40000800.serial"
    # no reg: the node's name
    assert kit.hw_dev(t, "/leds") == "leds"
    # on I2C (no ranges above it): its bus names it, not known here
    assert kit.hw_dev(t, "/soc@0/bus@30000000/i2c@30a20000/pmic@4b") is None
    assert kit.hw_dev(t, "/nosuch") is None


def test_plan_as_files(tmp_path, dts):
    t = dts("/dts-v1/; / { rehearse-plan { board = \"b\"; ctl-0 { windows = <0x4c000000 0x1000>; }; }; };")
    dtb = tmp_path / "v.dtb"
    fdt.write(t, str(dtb))
    kit.write_plan(str(dtb), str(tmp_path / "plan"))
    assert (tmp_path / "plan" / "board").read_bytes() == b"b\0"
    assert (tmp_path / "plan" / "ctl-0" / "windows").read_bytes() == bytes.fromhex("4c00000000001000")

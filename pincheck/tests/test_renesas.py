# SPDX-License-Identifier: GPL-2.0
"""The Renesas sh-pfc family: its table reader (renesas_tables.py, which
compiles the SoC's pfc-*.c with the host's compiler) and the writes it
expects. Every expected write is worked out by hand from the driver rows
each test names (drivers/pinctrl/renesas/pfc-r8a77951.c unless said);
the tests that read the tree skip without it."""

import pytest

from pincheck.families import Write
from pincheck.families import renesas_tables as rt
from pincheck.families.renesas import Renesas

from .conftest import controller

H3 = """/dts-v1/;
/ { #address-cells = <2>; #size-cells = <2>;
pfc: pinctrl@e6060000 { compatible = "%s"; reg = <0 0xe6060000 0 0x50c>;
  grp { %s };
}; };
"""
PFC = 0xE6060000


def h3(dts, grp, compatible="renesas,pfc-r8a7795"):
    tree = dts(H3 % (compatible, grp))
    fam = Renesas()
    c = controller(tree.find("/pinctrl@e6060000"), fam)
    c.windows = [("win0-0", PFC, 0x1000, PFC, 0x1000)]
    return c, tree.find("/pinctrl@e6060000/grp"), fam


def test_function_text_and_register_names(tmp_path):
    text = ("int x;\n\nconst struct foo *\nbar(int a,\n    int b)\n{\n\tif (a) {\n\t\treturn 0;"
            "\n\t}\n\treturn 1;\n}\nstatic int baz(void) { return 2; }\n")
    assert rt.function_text(text, "bar").startswith("const struct foo *\nbar(")
    assert rt.function_text(text, "bar").endswith("return 1;\n}")
    assert rt.function_text(text, "baz") == "static int baz(void) { return 2; }"
    assert rt.function_text(text, "nope") is None
    src = tmp_path / "pfc-x.c"
    src.write_text('{ PINMUX_CFG_REG("GPSR0", 0xe6060100, 32, 1, GROUP(\n'
                   '{ PINMUX_CFG_REG_VAR("MOD_SEL0", 0xe6060500, 32,\n'
                   '{ PINMUX_DRIVE_REG("DRVCTRL0", 0xe6060300) {\n'
                   '{ PINMUX_BIAS_REG("PUEN0", 0xe6060400, "PUD0", 0xe6060440) {\n'
                   'static const struct pinmux_ioctrl_reg pinmux_ioctrl_regs[] = {\n'
                   '\t[POCCTRL] = { 0xe6060380, },\n\t{ /* sentinel */ }\n};\n')
    assert rt.register_names(str(src)) == {
        0xE6060100: "GPSR0", 0xE6060500: "MOD_SEL0", 0xE6060300: "DRVCTRL0",
        0xE6060400: "PUEN0", 0xE6060440: "PUD0", 0xE6060380: "POCCTRL"}


def test_soc_map_and_files(ksrc):
    # core.c's sh_pfc_of_table: "renesas,pfc-r8a7795" under
    # CONFIG_PINCTRL_PFC_R8A77951 with r8a77951_pinmux_info; the Makefile
    # builds RZ/G1M's table from pfc-r8a7791.c
    socs = rt.soc_map(ksrc)
    assert socs["renesas,pfc-r8a7795"] == ("CONFIG_PINCTRL_PFC_R8A77951",
                                           "r8a77951_pinmux_info")
    assert rt.info_files(ksrc)["r8a7743_pinmux_info"].endswith("/pfc-r8a7791.c")


def test_tables_h3_and_rzg2h(ksrc):
    # r8a77951_pinmux_info reads pinmux_groups.common and .automotive as
    # one array, r8a774e1_pinmux_info the common part alone: DRIF is
    # automotive; GP_5_10 is pin 5 * 32 + 10; PMMR at 0xe6060000
    h3_ = rt.tables(ksrc, "renesas,pfc-r8a7795")
    g2h = rt.tables(ksrc, "renesas,pfc-r8a774e1")
    assert "drif0" in h3_.functions and "drif0" not in g2h.functions
    assert h3_.pins[5 * 32 + 10][0] == "GP_5_10" and h3_.unlock == PFC
    assert h3_.groups["scif2_data_a"][0] == [5 * 32 + 11, 5 * 32 + 10]
    assert h3_.reg_name(0xE6060504) == "MOD_SEL1"


def test_h3_scif2_mux(dts, ksrc):
    # scif2_data_a: RCAR_GP_PIN(5, 11), RCAR_GP_PIN(5, 10) with RX2_A_MARK,
    # TX2_A_MARK. TX2_A: PINMUX_IPSR_MSEL(IP13_3_0, TX2_A, SEL_SCIF2_0), so
    # FN_SEL_SCIF2_0, FN_TX2_A, FN_IP13_3_0 in that order:
    # - MOD_SEL1 (0xe6060504, widths 2,3,1,2,3,1,1,2,1,2,1,1,...): the 12th
    #   field is bit 12 (MOD_SEL1_12: SEL_SCIF2_0 first, 0);
    # - IPSR13 (0xe6060234, 4-bit fields): IP13_3_0 is bits 3:0, FM(TX2_A)
    #   its first entry (0);
    # - GPSR5 (0xe6060114): GPSR5_10 = F_(TX2_A, IP13_3_0), bit 10 set.
    c, node, fam = h3(dts, 'groups = "scif2_data_a"; function = "scif2";')
    mux, conf = fam.pin_writes(c, node)
    tx = [w for w in mux if w.pin == 5 * 32 + 10]
    assert tx == [Write(0, 0x504, 0, 1 << 12, 4, 170, "MOD_SEL1[12]"),
                  Write(0, 0x234, 0, 0xF, 4, 170, "IPSR13[3:0]"),
                  Write(0, 0x114, 1 << 10, 1 << 10, 4, 170, "GPSR5[10]")]
    assert conf == [] and fam.apply_error(c, node) is None
    assert fam.mux_groups(c, node, None) == {171: "scif2_data_a", 170: "scif2_data_a"}
    assert fam.claims(c, node, mux) == {170, 171}


def test_h3_bias_drive_power(dts, ksrc):
    # GP_5_10 is [22] of PINMUX_BIAS_REG("PUEN4", 0xe6060410, "PUD4",
    # 0xe6060450): rcar_pinmux_set_bias() for a pull-up writes PUD4 bit 22
    # set, then PUEN4 bit 22 set. GP_2_9 (AVB_MDC) is { RCAR_GP_PIN(2, 9),
    # 8, 3 } of DRVCTRL3 (0xe606030c): 24 mA is 24 / 3 - 1 = 7 in bits 10:8.
    # GP_3_0 (SD0_CLK): r8a77951_pin_to_pocctrl() gives bit 0 of POCCTRL
    # (0xe6060380); 3300 mV sets it.
    c, node, fam = h3(dts, 'p1 { pins = "GP_5_10"; bias-pull-up; };'
                      'p2 { pins = "GP_2_9"; drive-strength = <24>; };'
                      'p3 { pins = "GP_3_0"; power-source = <3300>; };')
    mux, conf = fam.pin_writes(c, node)
    assert mux == []
    assert conf == [Write(0, 0x450, 1 << 22, 1 << 22, 4, 170, "pull-up:PUD4[22]"),
                    Write(0, 0x410, 1 << 22, 1 << 22, 4, 170, "pull-enable:PUEN4[22]"),
                    Write(0, 0x30C, 7 << 8, 7 << 8, 4, 73, "drive:DRVCTRL3[10:8]"),
                    Write(0, 0x380, 1, 1, 4, 96, "power:POCCTRL[0]")]
    assert [fam.debugfs_kind(w.field) for w in conf] == [
        "meson-pull", "meson-pullen", "rcar-drive", "rcar-poc"]


def test_refused_and_failed_nodes(dts, ksrc):
    # the core's map errors fail the device; the driver's own refusals
    # (sh_pfc_pinconf_set(): -EINVAL for 25 mA, -ENOTSUPP for a parameter
    # it does not handle) fail the state when it is applied
    c, node, fam = h3(dts, 'groups = "scif2_data_a"; function = "i2c2";')
    assert fam.refuses(c, node) == ['/pinctrl@e6060000/grp: groups: invalid group '
                                    '"scif2_data_a" for function "i2c2"']
    c, node, fam = h3(dts, 'p { bias-pull-up; };')
    assert fam.refuses(c, node) == ["/pinctrl@e6060000/grp/p: (node): No pin or group "
                                    "provided in DT node"]
    c, node, fam = h3(dts, 'pins = "GP_2_9"; drive-strength = <25>;')
    assert fam.refuses(c, node) == []
    assert "drive-strength: 25 on GP_2_9" in fam.apply_error(c, node)
    c, node, fam = h3(dts, 'pins = "GP_2_9"; input-enable;')
    assert fam.apply_error(c, node).endswith("(-ENOTSUPP)")


def test_windows_and_unlock(dts, ksrc):
    # R-Car S4 (r8a779f0): reg entries 0xe6050000 and 0xe6050800 share a
    # page, 0xe6051000 and 0xe6051800 the next; unlock_reg 0x1ff is a mask:
    # each bank's PMMR is its address & ~0x1ff (GPSR0 at 0xe6050040 ->
    # 0xe6050000, GPSR1 at 0xe6050840 -> 0xe6050800)
    tree = dts("""/dts-v1/;
/ { #address-cells = <2>; #size-cells = <2>;
pinctrl@e6050000 { compatible = "renesas,pfc-r8a779f0";
  reg = <0 0xe6050000 0 0x16c>, <0 0xe6050800 0 0x16c>,
        <0 0xe6051000 0 0x16c>, <0 0xe6051800 0 0x16c>; }; };""")
    fam = Renesas()
    node = tree.find("/pinctrl@e6050000")
    assert fam.window_regs(node, {}) == [(0xE6050000, 0x2000)]
    c = controller(node, fam)
    c.windows = [("win0-0", 0xE6050000, 0x2000, 0xE6050000, 0x2000)]
    assert {(0, 0), (0, 0x800), (0, 0x1000), (0, 0x1800)} <= set(fam.scratch(c))
    assert fam.locate(c, 0xE6050170) is None     # past the reg entry: the kernel BUG()s
    assert fam.locate(c, 0xE6050840) == (0, 0x840)


@pytest.mark.parametrize("compatible,why", [
    ("renesas,pfc-r8a7740", "R-Mobile"),
    ("renesas,pfc-r8a7791", None)])
def test_supported(dts, ksrc, compatible, why):
    c, node, fam = h3(dts, "", compatible)
    got = fam.unsupported_why(c.orig)
    assert (got is None) if why is None else why in got


def test_ram_for_windows_in_place():
    # qemu/run.sh's rule: 256 MiB unless a window lies above 0x50000000;
    # then RAM up to it in 256 MiB steps (0xe6061000 - 0x40000000 is
    # 0xa6061000, 2656 MiB and a bit: 2816), the kernel kept on 256 MiB
    from pincheck import machine
    assert machine.ram_for([0x4C001000], "256M") == (256, "")
    assert machine.ram_for([0xE6061000, 0x4C001000], "256M") == (2816, "mem=256M")

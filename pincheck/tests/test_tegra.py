# SPDX-License-Identifier: GPL-2.0
"""The Tegra family: the C macro expansion of tegra_tables.py, the group
tables it reads from drivers/pinctrl/tegra/, and the writes the driver
makes for a pin node. Expected values are worked out by hand from the
tables' rows (the comments say which); the tests that read the kernel
tree skip without it."""

import pytest

from pincheck.families import Write
from pincheck.families import tegra_tables as tables
from pincheck.families.tegra import Tegra

from .conftest import controller


# --- the preprocessor --------------------------------------------------------
def test_preprocessor_stringify_paste_rescan():
    pp = tables.Preprocessor({
        "BIT_Y": (["b"], "(b)"), "BIT_N": (["b"], "(-1)"),
        "G": (["n", "f", "od"], "{ .name = #n, .pins = n##_pins, .fn = TEGRA_MUX_ ## f, "
                                 ".odrain_bit = BIT_##od(6), drive_##n }"),
        "drive_x": "DRV(0x10)", "DRV": (["r"], ".drv_reg = ((r) - A)"), "A": "0x8"})
    out = pp.expand("G(x, UARTA, N)")
    assert '.name = "x"' in out and ".pins = x_pins" in out
    assert ".fn = TEGRA_MUX_UARTA" in out
    assert ".odrain_bit = (-1)" in out
    assert ".drv_reg = ((0x10) - 0x8)" in out


def test_preprocessor_refuses_a_wrong_call():
    pp = tables.Preprocessor({"M": (["a", "b"], "a b")})
    with pytest.raises(ValueError):
        pp.expand("M(1)")


def test_bitfield_cut():
    # s32 x:6 holds -32..31; u32 bank:2 keeps 2 bits (DRV_PINGROUP_ENTRY_N's -1)
    assert tables.cut(-1, True, 6) == -1
    assert tables.cut(28, True, 6) == 28
    assert tables.cut(-1, False, 2) == 3


# --- the tables --------------------------------------------------------------
def test_core_rules(ksrc):
    t = tables.Tables(ksrc)
    props = [p for p, _ in t.cfg_params]
    assert props[:3] == ["nvidia,pull", "nvidia,tristate", "nvidia,enable-input"]
    assert dict(t.cfg_params)["nvidia,io-hv"] == "RCV_SEL"
    # case TEGRA_PINCONF_PARAM_PULL: pupd_bank, pupd_reg, pupd_bit, width 2
    assert t.rules["PULL"] == (None, {"bank": "pupd_bank", "reg": "pupd_reg",
                                      "bit": "pupd_bit", "width": "2"}, None)
    # SCHMITT: the mux register when the soc data's schmitt_in_mux
    flag, yes, no = t.rules["SCHMITT"]
    assert (flag, yes["reg"], no["reg"], no["bit"]) == ("schmitt_in_mux", "mux_reg", "drv_reg",
                                                        "schmitt_bit")
    assert t.rules["DRIVE_DOWN_STRENGTH"][1]["width"] == "drvdn_width"


def test_tegra30_groups(ksrc):
    s = tables.Tables(ksrc).soc("nvidia,tegra30-pinmux")
    # PINGROUP(ulpi_data0_po1, SPI3, HSI, UARTA, ULPI, 0x3000, N, N):
    # PINGROUP_REG(0x3000) = 0 of bank 1, od N -> -1, lock bit 7
    g = s.groups["ulpi_data0_po1"]
    assert [s.function_name(f) for f in g["funcs"]] == ["spi3", "hsi", "uarta", "ulpi"]
    assert (g["mux_bank"], g["mux_reg"], g["pupd_bit"], g["tri_bit"]) == (1, 0, 2, 4)
    assert (g["einput_bit"], g["odrain_bit"], g["lock_bit"], g["ioreset_bit"]) == (5, -1, 7, -1)
    assert g["drv_reg"] == -1 and len(g["pins"]) == 1
    # DRV_PINGROUP(sdio3, 0x8b0, 2, 3, -1, 12, 7, 20, 7, 28, 2, 30, 2)
    d = s.groups["drive_sdio3"]
    assert (d["drv_bank"], d["drv_reg"], d["hsm_bit"], d["lpmd_bit"]) == (0, 0x8b0 - 0x868, 2, -1)
    assert (d["drvdn_bit"], d["drvdn_width"], d["slwf_bit"], d["mux_reg"]) == (12, 7, 30, -1)


def test_tegra20_layout(ksrc):
    s = tables.Tables(ksrc).soc("nvidia,tegra20-pinmux")
    # MUX_PG(ata, IDE, NAND, GMI, RSVD4, 0x14, 0, 0x80, 24, 0xa0, 0): tri in
    # bank 0, mux in bank 1 at bit 24, pull in bank 2
    g = s.groups["ata"]
    assert (g["tri_bank"], g["tri_reg"], g["tri_bit"]) == (0, 0, 0)
    assert (g["mux_bank"], g["mux_reg"], g["mux_bit"]) == (1, 0, 24)
    assert (g["pupd_bank"], g["pupd_reg"], g["pupd_bit"]) == (2, 0, 0)
    # PULL_PG(ck32, 0xb0, 14): a pull group, no mux; its tristate fields
    # are left out of the initializer, so 0
    p = s.groups["ck32"]
    assert (p["mux_reg"], p["pupd_reg"], p["pupd_bit"], p["tri_reg"]) == (-1, 0x10, 14, 0)
    # DRV_PG(ao1, 0x868) is DRV_PG_EXT(ao1, 0x868, 2, 3, 4, 12, 20, ...) in bank 3
    a = s.groups["drive_ao1"]
    assert (a["drv_bank"], a["drv_reg"], a["drvdn_bit"], a["drvup_width"]) == (3, 0, 12, 5)


def test_tegra194_nested_macros(ksrc):
    s = tables.Tables(ksrc).soc("nvidia,tegra194-pinmux")
    # PINGROUP(pex_l5_clkreq_n_pgg0, PE5, ..., 0x14000, 0, Y, 5, -1, 6, 8,
    # -1, 10, 11, 12, ...) with drive_pex_l5_clkreq_n_pgg0 =
    # DRV_PINGROUP_ENTRY_Y(0x14004, 12, 5, 20, 5, ...): the e_io_hv argument
    # (5) is rcv_sel_bit in the tree the image is built from ("pinctrl:
    # tegra194: Do not write io-hv and io-reset to the function select";
    # mainline 6.12 and 7.3 leave it 0)
    g = s.groups["pex_l5_clkreq_n_pgg0"]
    assert (g["mux_reg"], g["einput_bit"], g["sfsel_bit"], g["odrain_bit"]) == (0x14000, 6, 10, 11)
    assert (g["drv_reg"], g["drvdn_bit"], g["drvdn_width"]) == (0x14004, 12, 5)
    assert g["rcv_sel_bit"] == 5
    assert s.flags["sfsel_in_mux"] and s.flags["schmitt_in_mux"]


# --- the writes ----------------------------------------------------------------
T30 = """/dts-v1/;
/ { #address-cells = <1>; #size-cells = <1>;
pinmux@70000868 { compatible = "nvidia,tegra30-pinmux";
	reg = <0x70000868 0xd4>, <0x70003000 0x3e4>;
	st: pinmux { %s };
}; };
"""


def t30(dts, body):
    fam = Tegra()
    t = dts(T30 % body)
    c = controller(t.find("/pinmux@70000868"), fam)
    return fam, c, t.find("/pinmux@70000868/pinmux")


def test_mux_and_config_writes(ksrc, dts):
    fam, c, n = t30(dts, 'a { nvidia,pins = "gen1_i2c_scl_pc4"; nvidia,function = "i2c1"; '
                         'nvidia,pull = <2>; nvidia,open-drain = <1>; nvidia,lock = <0>; }; '
                         'b { nvidia,pins = "drive_sdio3"; nvidia,pull-down-strength = <46>; };')
    mux, conf = fam.pin_writes(c, n)
    # PINGROUP(gen1_i2c_scl_pc4, I2C1, ..., 0x31a4, Y, N): bank 1, 0x1a4
    pin = mux[0].pin
    assert mux == [Write(1, 0x1a4, 0, 3, 4, pin, "mux")]
    assert conf[:3] == [Write(1, 0x1a4, 2 << 2, 3 << 2, 4, pin, "pull"),
                        Write(1, 0x1a4, 1 << 6, 1 << 6, 4, pin, "open-drain"),
                        Write(1, 0x1a4, 0, 1 << 7, 4, pin, "lock")]
    # drive_sdio3: drvdn at bit 12, 7 bits, of 0x8b0 - 0x868 in bank 0
    assert conf[3][:6] == (0, 0x48, 46 << 12, 0x7f << 12, 4, conf[3].pin)
    assert fam.claims(c, n, mux) == {pin}
    assert fam.mux_groups(c, n, None) == {pin: "gen1_i2c_scl_pc4"}
    assert fam.refuses(c, n) == [] and not fam.empty(c, n)


def test_refusals_and_failures(ksrc, dts):
    fam, c, n = t30(dts, 'a { nvidia,pins = "pu3"; nvidia,function = "rsvd1"; };')
    # PINGROUP(pu3, PWM0, UARTA, GMI, RSVD4, ...): rsvd1 is not one of them
    assert fam.refuses(c, n) == ['/pinmux@70000868/pinmux/a: nvidia,pins: invalid group '
                                 '"pu3" for function "rsvd1"']
    assert fam.pin_writes(c, n) == ([], [])
    fam, c, n = t30(dts, 'a { nvidia,function = "uarta"; };')
    assert "could not parse property nvidia,pins" in fam.refuses(c, n)[0]
    # drive groups have no pull field: the state fails at the config
    fam, c, n = t30(dts, 'a { nvidia,pins = "drive_sdio3"; nvidia,pull = <1>; };')
    assert fam.problems(c, n) == [("/pinmux@70000868/pinmux/a", "nvidia,pins",
                                   "nvidia,pull is not supported on group drive_sdio3")]
    # a 7-bit field takes 0..127
    fam, c, n = t30(dts, 'a { nvidia,pins = "drive_sdio3"; nvidia,pull-up-strength = <200>; };')
    assert "too big" in fam.problems(c, n)[0][2]
    fam, c, n = t30(dts, 'a { nvidia,pins = "pu3"; };')
    assert fam.empty(c, n)


def test_reset_and_probe(ksrc, dts):
    fam, c, n = t30(dts, "")
    img = fam.reset_image(c, 1, 0x1000)
    # POISON but the LOCK bit 7 of every mux register
    assert img[0:4] == bytes([0x25, 0xa5, 0xa5, 0xa5])
    assert fam.probe_writes(c) == []
    t = dts(T30.replace("tegra30", "tegra210") % "")
    c = controller(t.find("/pinmux@70000868"), fam)
    # tegra210: PINGROUP's parked_bitmask BIT(5), DRV_PINGROUP(sdmmc2, 0xa9c,
    # 0x7ffc000, ...) in its drive register (no mux register)
    pw = fam.probe_writes(c)
    assert Write(1, 0, 0, 1 << 5, 4, None, "park") in pw
    assert Write(0, 0xa9c - 0x8d4, 0, 0x7ffc000, 4, None, "park") in pw

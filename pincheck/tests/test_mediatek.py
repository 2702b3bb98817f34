# SPDX-License-Identifier: GPL-2.0
"""The MediaTek paris family: the tables read from pinctrl-mt*.c and
pinctrl-mtk-mt*.h, and the writes the driver makes for a pin node.
Expected values are worked out by hand from the driver's tables (the
comments say which row); the family reads the kernel tree, so these tests
need it (they skip without it)."""

import types

from pincheck import readback
from pincheck.families import Write
from pincheck.families import mediatek_tables as tables
from pincheck.families.mediatek import MediaTek

from .conftest import controller

MT8183_NAMES = '"iocfg0", "iocfg1", "iocfg2", "iocfg3", "iocfg4", "iocfg5", ' \
               '"iocfg6", "iocfg7", "iocfg8", "eint"'
MT8195_NAMES = '"iocfg0", "iocfg_bm", "iocfg_bl", "iocfg_br", "iocfg_lm", "iocfg_rb", ' \
               '"iocfg_tl", "eint"'

DTS = """/dts-v1/;
/ { #address-cells = <1>; #size-cells = <1>;
pio: pinctrl@10005000 { compatible = "%s"; reg-names = %s; %s
	st { pins { pinmux = <%s>; %s }; };
}; };
"""


def mtk(dts, cells, props="", compat="mediatek,mt8183-pinctrl", names=MT8183_NAMES, extra=""):
    fam = MediaTek()
    t = dts(DTS % (compat, names, extra, cells, props))
    c = controller(t.find("/pinctrl@10005000"), fam)
    node = t.find("/pinctrl@10005000/st")
    return fam, c, node


def pin(n, func):
    return "%#x" % (n << 8 | func)


# --- the tables ------------------------------------------------------------
def test_mt8183_tables(ksrc):
    s = tables.Tables(ksrc).soc("mediatek,mt8183-pinctrl")
    assert s.base_names == ["iocfg%d" % i for i in range(9)]
    assert len(s.pins) == 192
    # MTK_PIN(82, "GPIO82", MTK_EINT_FUNCTION(0, 82), DRV_GRP4, ...
    # MTK_FUNCTION(1, "SDA0"), ...): DRV_GRP4 is the 6th of the enum
    p = s.pin(82)
    assert (p.number, p.name, p.funcs[1]) == (82, "GPIO82", "SDA0")
    assert p.drv_n == 5
    # mt8183_pin_mode_range: PIN_FIELD(0, 192, 0x300, 0x10, 0, 4)
    assert s.ranges["MODE"] == [tables.Calc(0, 192, 0, 0x300, 0x10, 0, 4, 32, 0)]
    # mt8183_pin_r0_range: PIN_FIELD_BASE(82, 82, 5, 0x0F0, 0x10, 5, 1)
    assert tables.Calc(82, 82, 5, 0xF0, 0x10, 5, 1, 32, 0) in s.ranges["R0"]
    assert s.pull_type is None and "adv_pull_set" in s.ops


def test_field_lookup(ksrc):
    s = tables.Tables(ksrc).soc("mediatek,mt8183-pinctrl")
    # MODE of pin 82: bits 82 * 4 = 328, word 10 of 0x300 on, bit 8
    assert tables.field_lookup(s, "MODE", 82) == (0, 0x3A0, 8, 0xF, 0)
    # PULLEN: PIN_FIELD_BASE(61, 88, 5, 0x060, 0x10, 0, 1): pin 82 bit 21
    assert tables.field_lookup(s, "PULLEN", 82) == (5, 0x60, 21, 1, 0)
    # no PUPD row covers pin 82
    assert tables.field_lookup(s, "PUPD", 82) is None


def test_default_base_names(ksrc):
    # mt6795 takes mtk_default_register_base_names ("base") of the header
    s = tables.Tables(ksrc).soc("mediatek,mt6795-pinctrl")
    assert s.base_names == ["base"]
    assert len(s.pull_type) == len(s.pins)


def test_rsel_rows(ksrc):
    s = tables.Tables(ksrc).soc("mediatek,mt8195-pinctrl")
    # PIN_RSEL(8, 17, 0x1, 10000, 5000)
    assert tables.Rsel(8, 17, 1, 10000, 5000) in s.rsel


# --- the writes ------------------------------------------------------------
def test_pull_up_adv_falls_back_to_pullen(dts, ksrc):
    # kukui's i2c0: SDA0 (func 1 of GPIO82), mediatek,pull-up-adv = <3>:
    # R0 (iocfg5 0xf0 bit 5) and R1 (bit 6) set; GPIO82 has no PUPD row,
    # and mt8183 no bias_set: mtk_pinconf_bias_set_rev1(), PULLEN (0x60
    # bit 21) and PULLSEL (0x80 bit 21) 1; then the advanced drive off:
    # DRV_EN (0xf0 bit 9) 0
    fam, c, node = mtk(dts, pin(82, 1), "mediatek,pull-up-adv = <3>;")
    mux, conf = fam.pin_writes(c, node)
    assert mux == [Write(0, 0x3A0, 1 << 8, 0xF << 8, 4, 82, "mode")]
    assert conf == [Write(5, 0xF0, 1 << 5, 1 << 5, 4, 82, "r0"),
                    Write(5, 0xF0, 1 << 6, 1 << 6, 4, 82, "r1"),
                    Write(5, 0x60, 1 << 21, 1 << 21, 4, 82, "pullen"),
                    Write(5, 0x80, 1 << 21, 1 << 21, 4, 82, "pullsel"),
                    Write(5, 0xF0, 0, 1 << 9, 4, 82, "drv_en")]


def test_window_follows_reg_names(dts, ksrc):
    # the same node with its reg-names in another order: iocfg5 is the
    # first window
    names = '"iocfg5", "iocfg0", "iocfg1", "iocfg2", "iocfg3", "iocfg4", ' \
            '"iocfg6", "iocfg7", "iocfg8"'
    fam, c, node = mtk(dts, pin(82, 1), "mediatek,pull-up-adv = <3>;", names=names)
    mux, conf = fam.pin_writes(c, node)
    assert mux[0].window == 1 and {w.window for w in conf} == {0}


def test_drive_rev1(dts, ksrc):
    # drive-strength = <8> on GPIO82 (DRV_GRP4: 2..16 mA, step 2, scale
    # 1): (8 / 2 - 1) * 1 = 3 into its DRV field
    fam, c, node = mtk(dts, pin(82, 1), "drive-strength = <8>;")
    s = fam.soc(c.orig)
    i_base, off, bit, mask, _ = tables.field_lookup(s, "DRV", 82)
    conf = fam.pin_writes(c, node)[1]
    assert conf[0] == Write(i_base, off, 3 << bit, mask << bit, 4, 82, "drv")
    # a strength off the step: -ENOTSUPP, nothing written, not even the
    # advanced drive reset (the group set stops there)
    fam, c, node = mtk(dts, pin(82, 1), "drive-strength = <7>;")
    assert fam.pin_writes(c, node)[1] == []


def test_rsel_pull(dts, ksrc):
    # mt8195 GPIO8 is MTK_PULL_PU_PD_RSEL_TYPE: bias-pull-up =
    # <MTK_PULL_SET_RSEL_011> (203) writes RSEL 3, then PU 1, PD 0; then
    # DRV_ADV 0 (mtk_pinconf_adv_drive_set_raw)
    fam, c, node = mtk(dts, pin(8, 2), "bias-pull-up = <203>;", "mediatek,mt8195-pinctrl",
                       MT8195_NAMES)
    s = fam.soc(c.orig)
    conf = fam.pin_writes(c, node)[1]
    assert [(w.field, w.value >> (w.mask & -w.mask).bit_length() - 1) for w in conf] == \
        [("rsel", 3), ("pu", 1), ("pd", 0), ("drv_adv", 0)]
    _, off, bit, _, _ = tables.field_lookup(s, "RSEL", 8)
    # PIN_FIELD_BASE(8, 8, 4, 0x00c0, 0x10, 15, 3): iocfg_lm 0xc0 bits 17:15
    assert (conf[0].window, off, bit) == (4, 0xC0, 15)


def test_refuses(dts, ksrc):
    fam, c, node = mtk(dts, pin(82, 1))
    assert fam.refuses(c, node) == []
    # GPIO82 has no function 9 ... and there is no pin 300
    fam, c, node = mtk(dts, pin(82, 9))
    assert fam.refuses(c, node) == ["/pinctrl@10005000/st/pins: pinmux: invalid function 9 "
                                    "on pin 82"]
    fam, c, node = mtk(dts, pin(300, 1))
    assert "invalid pins value" in fam.refuses(c, node)[0]
    assert fam.pin_writes(c, node) == ([], [])


def test_missing_base_name(dts, ksrc):
    fam, c, _ = mtk(dts, pin(82, 1), names='"iocfg0", "eint"')
    assert "lacks iocfg1" in fam.unsupported_why(c.orig)


def test_v1_not_rehearsed(dts, ksrc):
    fam, c, _ = mtk(dts, pin(1, 1), compat="mediatek,mt8173-pinctrl")
    assert fam.match(c.orig) and fam.soc(c.orig) is None
    assert "SET/CLR" in fam.unsupported_why(c.orig)


def test_debugfs_mode():
    ctl = types.SimpleNamespace(guest_pins={82: ("GPIO82", "082: 1000020000 (1 1)"),
                                            7: ("GPIO7", "7:pio 007: 30001")})
    assert readback._read_mtk_mode(ctl, 82, {}, 0xF00) == 1
    assert readback._read_mtk_mode(ctl, 7, {}, 0xF) == 3
    assert readback._read_mtk_mode(ctl, 8, {}, 0xF) is None


# --- moore ----------------------------------------------------------------
MOORE_NAMES = '"gpio", "iocfg_rt", "iocfg_rb", "iocfg_lt", "iocfg_lb", "iocfg_tr", "iocfg_tl", "eint"'
MOORE_DTS = """/dts-v1/;
/ { #address-cells = <1>; #size-cells = <1>;
pio: pinctrl@1001f000 { compatible = "mediatek,mt7986a-pinctrl"; reg-names = %s;
	st { mux { function = "%s"; groups = "%s"; }; %s };
}; };
"""


def moore(dts, func, group, conf=""):
    fam = MediaTek()
    t = dts(MOORE_DTS % (MOORE_NAMES, func, group, conf))
    c = controller(t.find("/pinctrl@1001f000"), fam)
    return fam, c, t.find("/pinctrl@1001f000/st")


def test_moore_tables(ksrc):
    s = tables.Tables(ksrc, "mtk_moore_pinctrl_probe").soc("mediatek,mt7986a-pinctrl")
    # mt7986_i2c_pins[] = { 3, 4, }, mt7986_i2c_funcs[] = { 1, 1, }
    assert s.groups["i2c"] == [(3, 1), (4, 1)]
    assert "i2c" in s.functions["i2c"]
    assert s.base_names[0] == "gpio" and s.moore


def test_moore_mux_and_pull(dts, ksrc):
    # the i2c group: GPIO3 and 4 mode 1 into the "gpio" window's MODE
    # fields; bias-pull-up on both, pin by pin
    fam, c, node = moore(dts, "i2c", "i2c", 'conf { pins = "I2C_SCL"; bias-disable; };')
    s = fam.soc(c.orig)
    mux, conf = fam.pin_writes(c, node)
    _, off, bit, mask, _ = tables.field_lookup(s, "MODE", 3)
    assert mux[0] == Write(0, off, 1 << bit, mask << bit, 4, 3, "mux")
    assert [w.pin for w in mux] == [3, 4] and conf and {w.pin for w in conf} == {3}
    assert fam.debugfs_kind("mux") is None


def test_moore_refuses(dts, ksrc):
    fam, c, node = moore(dts, "i2c", "uart0")
    assert fam.refuses(c, node) == ['/pinctrl@1001f000/st/mux: groups: invalid group "uart0" '
                                    'for function "i2c"']
    fam, c, node = moore(dts, "nosuch", "i2c")
    assert "not supported" in fam.refuses(c, node)[0]


def test_rsel_si_unit(dts, ksrc):
    # with mediatek,rsel-resistance-in-si-unit the argument is in ohms:
    # PIN_RSEL(8, 17, 0x1, 10000, 5000) is the first row of GPIO8 whose
    # pull-up is 10000: RSEL 1; an argument no row has is -ENOTSUPP, the
    # PU/PD type then takes only 0 or 1: the state fails there
    si = "mediatek,rsel-resistance-in-si-unit;"
    fam, c, node = mtk(dts, pin(8, 2), "bias-pull-up = <10000>;", "mediatek,mt8195-pinctrl",
                       MT8195_NAMES, si)
    conf = fam.pin_writes(c, node)[1]
    assert (conf[0].field, conf[0].value >> 15) == ("rsel", 1)
    fam, c, node = mtk(dts, pin(8, 2), "bias-pull-up = <12345>;", "mediatek,mt8195-pinctrl",
                       MT8195_NAMES, si)
    assert fam.pin_writes(c, node)[1] == []
    assert "bias-pull-up: argument 12345 on GPIO8" in fam.apply_error(c, node)

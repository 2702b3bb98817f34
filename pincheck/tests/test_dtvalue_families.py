# SPDX-License-Identifier: GPL-2.0
"""The families whose per-pin values are in the DT (STM32, BCM2835/2711):
what each says the mainline driver writes for a pin node. The expected
Writes are worked out by hand from the DT snippet and the driver (the
comments say how); the families read the drivers from the kernel tree,
so these tests need it (they skip without it)."""

from pincheck import board, fdt
from pincheck.families import Write
from pincheck.families.bcm2835 import BCM2835
from pincheck.families.stm32 import STM32

from .conftest import controller

ALL = 0xFFFFFFFF

# --- STM32MP157, package AC (st,package = <4>): banks A and G enabled, in
# that order (windows 0 and 1); B disabled. pinmux = STM32_PINMUX(port,
# line, f) = ((port - 'A') * 16 + line) << 8 | f; f = AFn + 1, ANALOG 0x11.
# pinctrl-stm32.c: MODER 0x00 2 bits, OTYPER 0x04 1 bit, OSPEEDR 0x08 2
# bits, PUPDR 0x0c 2 bits, BSRR 0x18, AFRL 0x20 / AFRH 0x24 4 bits
STM32_DTS = """/dts-v1/;
/ { #address-cells = <1>; #size-cells = <1>;
pinctrl: pinctrl@50002000 { compatible = "st,stm32mp157-pinctrl";
	#address-cells = <1>; #size-cells = <1>; ranges = <0 0x50002000 0xa400>;
	st,package = <4>;
	gpio@50002000 { gpio-controller; reg = <0x0 0x400>; gpio-ranges = <&pinctrl 0 0 16>; };
	gpio@50003000 { gpio-controller; reg = <0x1000 0x400>; status = "disabled"; };
	gpio@50008000 { gpio-controller; reg = <0x6000 0x400>; gpio-ranges = <&pinctrl 0 96 16>; };
	grp { %s };
}; };
"""


def stm32(dts, body):
    t = dts(STM32_DTS % body)
    c = controller(t.find("/pinctrl@50002000"), STM32())
    return c, c.family.pin_writes(c, t.find("/pinctrl@50002000/grp"))


def test_stm32_uart4_tx(dts, ksrc):
    # PG11 (pin 6 * 16 + 11 = 107) AF6 (f = 7): alt 6 at AFRH bit 11 % 8 * 4
    # = 12, mode 2 at bit 22; then dt_params[] order: bias-disable (PUPDR
    # 0), drive-push-pull (OTYPER 0), slew-rate 0 (OSPEEDR 0)
    c, (mux, conf) = stm32(dts, "pins1 { pinmux = <0x6b07>; bias-disable; drive-push-pull; "
                                "slew-rate = <0>; };")
    assert mux == [Write(1, 0x24, 0x6000, 0xf000, 4, 107, "alt"),
                   Write(1, 0x00, 0x800000, 0xc00000, 4, 107, "mode")]
    assert conf == [Write(1, 0x0c, 0, 0xc00000, 4, 107, "bias"),
                    Write(1, 0x04, 0, 0x800, 4, 107, "type"),
                    Write(1, 0x08, 0, 0xc00000, 4, 107, "speed")]
    assert c.family.pin_name(c, 107) == "PG11"
    assert c.family.refuses(c, c.orig.child("grp")) == []


def test_stm32_analog_pull_and_output(dts, ksrc):
    # PA3 ANALOG (0x11): mode 3, alternate 0 in AFRL; PA9 GPIO (0) with
    # bias-pull-up (PUPDR 1), slew-rate 3, output-high: BSRR BIT(9), then
    # the output mode (1), alternate 0
    _, (mux, conf) = stm32(dts, "a { pinmux = <0x0311>; }; "
                                "b { pinmux = <0x0900>; bias-pull-up; output-high; slew-rate = <3>; };")
    assert mux == [Write(0, 0x20, 0, 0xf000, 4, 3, "alt"),
                   Write(0, 0x00, 0xc0, 0xc0, 4, 3, "mode"),
                   Write(0, 0x24, 0, 0xf0, 4, 9, "alt"),
                   Write(0, 0x00, 0, 0xc0000, 4, 9, "mode")]
    assert conf == [Write(0, 0x0c, 0x40000, 0xc0000, 4, 9, "bias"),
                    Write(0, 0x18, 0x200, ALL, 4, 9, "out"),
                    Write(0, 0x24, 0, 0xf0, 4, 9, "alt"),
                    Write(0, 0x00, 0x40000, 0xc0000, 4, 9, "mode"),
                    Write(0, 0x08, 0xc0000, 0xc0000, 4, 9, "speed")]


def test_stm32_refusals(dts, ksrc):
    # PA0 has no AF0 (f = 1) in stm32mp157_pins; drive-strength is
    # -ENOTSUPP; a subnode without pinmux is -EINVAL
    for body, why in (("p { pinmux = <0x0001>; };", "invalid function 1 on pin PA0"),
                      ("p { pinmux = <0x0000>; drive-strength = <4>; };", "not supported"),
                      ("p { bias-disable; };", "no pinmux property")):
        c, (mux, conf) = stm32(dts, body)
        (r,) = c.family.refuses(c, c.orig.child("grp"))
        assert why in r and mux == [] and conf == []
        assert c.family.mux_error(c, c.orig.child("grp")) is None


def test_stm32_bank_not_registered_fails_the_claim(dts, ksrc):
    # PB0 (0x1000 >> 8 = 16) is in the disabled bank: dt_node_to_map takes
    # it, stm32_pmx_request() refuses its claim ("No gpio range defined."):
    # PA3's mux (f = 0x11, analog: alternate 0 at AFRL bits 12-15, mode 3
    # at MODER bits 6-7, as in test_stm32_uart4_tx's "a") stays written;
    # PA4's is never made, and no config is applied
    c, (mux, conf) = stm32(dts, "p { pinmux = <0x0311>, <0x1000>, <0x0411>; bias-pull-up; };")
    grp = c.orig.child("grp")
    assert c.family.refuses(c, grp) == []
    assert "pin PB0 is in a bank the probe did not register" in c.family.mux_error(c, grp)
    assert mux == [Write(0, 0x20, 0, 0xf000, 4, 3, "alt"),
                   Write(0, 0x00, 0xc0, 0xc0, 4, 3, "mode")]
    assert conf == []


def test_stm32_windows_are_the_banks(dts, ksrc):
    # one window per enabled bank; the copy's banks at the windows, in the
    # root's address space (2 + 2 cells), the controller without reg
    t = dts(STM32_DTS % "")
    node = t.find("/pinctrl@50002000")
    fam = STM32()
    assert [b.name for b in fam.reg_nodes(node)] == ["gpio@50002000", "gpio@50008000"]
    ctl = board.Controller(node, fam, 0)
    for i, b in enumerate(fam.reg_nodes(node)):
        a, s = b.regs()[0]
        ctl.windows.append(("win0-%d" % i, 0x4c000000 + 0x1000 * i, 0x1000, b.translate(a), s))
        ctl.window_nodes.append(b)
    assert [w[3] for w in ctl.windows] == [0x50002000, 0x50008000]
    root = fdt.Tree().root
    copy = board.copy_subtree(node, root, "pinctrl@4c000000")
    board.place_windows(ctl, copy)
    assert not copy.has("reg") and copy.props["ranges"] == b""
    assert copy.cells("#address-cells") == [2]
    assert copy.child("gpio@50008000").cells("reg") == [0, 0x4c001000, 0, 0x400]


# --- BCM2835/2711 (pinctrl-bcm2835.c): GPFSELn at (pin / 10) * 4, 3 bits at
# (pin % 10) * 3; dt-bindings/pinctrl/bcm2835.h: alt0 4, alt3 7, alt5 2,
# PUD_OFF 0, DOWN 1, UP 2. The BCM2711: 2-bit pull at 0xe4 + (pin / 16) *
# 4, UP 1, DOWN 2. The BCM2835: GPPUD 0x94, GPPUDCLK0 0x98
BCM_DTS = """/dts-v1/;
/ { #address-cells = <1>; #size-cells = <1>;
gpio@7e200000 { compatible = "%s"; reg = <0x7e200000 0xb4>;
	grp { %s };
}; };
"""


def bcm(dts, body, compat="brcm,bcm2711-gpio"):
    t = dts(BCM_DTS % (compat, body))
    c = controller(t.find("/gpio@7e200000"), BCM2835())
    return c, c.family.pin_writes(c, t.find("/gpio@7e200000/grp"))


def test_bcm2711_legacy_pulls(dts, ksrc):
    # uart0_ctsrts_gpio30: pins 30, 31 alt3 (7) at GPFSEL3 (0xc) bits 0, 3;
    # brcm,pull <UP OFF>: pin 30 1 at 0xe8 bit 28, pin 31 0 at bit 30
    c, (mux, conf) = bcm(dts, "brcm,pins = <30 31>; brcm,function = <7>; brcm,pull = <2 0>;")
    assert mux == [Write(0, 0xc, 0x7, 0x7, 4, 30, "fsel"),
                   Write(0, 0xc, 0x38, 0x38, 4, 31, "fsel")]
    assert conf == [Write(0, 0xe8, 0x10000000, 0x30000000, 4, 30, "pull"),
                    Write(0, 0xe8, 0, 0xc0000000, 4, 31, "pull")]
    assert c.family.not_rehearsed(c, c.orig.child("grp")) is None
    assert c.family.pin_name(c, 30) == "gpio30"


def test_bcm2835_generic_pull_is_not_rehearsed(dts, ksrc):
    # pins = "gpio14", function = "alt5" (2): GPFSEL1 (0x4) bit 12; the
    # pull-up (PUD_UP 2) goes through GPPUD and GPPUDCLK0, whose words keep
    # 2 and 0: checked as writes of no pin, the pull itself not rehearsed
    c, (mux, conf) = bcm(dts, 'pins = "gpio14"; function = "alt5"; bias-pull-up;',
                         "brcm,bcm2835-gpio")
    assert mux == [Write(0, 0x4, 0x2000, 0x7000, 4, 14, "fsel")]
    assert conf == [Write(0, 0x94, 2, ALL, 4, None, "pud"),
                    Write(0, 0x98, 0, ALL, 4, None, "pudclk")]
    assert "gpio14: clocked pull sequence" in c.family.not_rehearsed(c, c.orig.child("grp"))
    assert not c.family.strict_dt


def test_bcm2835_refusals_and_probe(dts, ksrc):
    for body, why in (("brcm,pins = <3>; brcm,function = <8>;", "brcm,function: invalid"),
                      ("brcm,pins = <54>; brcm,function = <4>;", "brcm,pins: invalid"),
                      ("brcm,pins = <3 4>; brcm,pull = <0 1 2>;", "must have 1 or 2"),
                      ('pins = "gpio3"; function = "alt9";', "unknown function")):
        c, (mux, conf) = bcm(dts, body, "brcm,bcm2835-gpio")
        (r,) = c.family.refuses(c, c.orig.child("grp"))
        assert why in r and mux == [] and conf == []
    # the probe: the detect enables of both banks 0; GPEDS0 and GPEDS1
    # (0x40, 0x44) cleared a bit at a time from 0xa5a5a5a5: BIT(31) last
    c, _ = bcm(dts, "")
    pw = c.family.probe_writes(c)
    assert Write(0, 0x4c, 0, ALL, 4, None, "detect") in pw
    assert Write(0, 0x8c, 0, ALL, 4, None, "detect") in pw
    assert [w.offset for w in pw if w.field == "events"] == [0x40, 0x44]
    assert {w.value for w in pw if w.field == "events"} == {0x80000000}


# --- Samsung (exynos4x12, alias pinctrl0): exynos4x12_pin_banks0 of
# pinctrl-exynos-arm.c: gpa0 8 pins, gpa1 6, gpb 8, gpc0 5, gpc1 5, gpd0 4,
# gpd1 4 at 0x0c0, ...: gpd1-2 is pin 8 + 6 + 8 + 5 + 5 + 4 + 2 = 38;
# bank_type_off: CON +0x0 4 bits, DAT +0x4 1, PUD +0x8 2, DRV +0xc 2,
# CON_PDN +0x10 2, PUD_PDN +0x14 2; configs in cfg_params[] order (pud,
# drv, con-pdn, pud-pdn, val)
SAMSUNG_DTS = """/dts-v1/;
/ { #address-cells = <1>; #size-cells = <1>;
aliases { %s };
pinctrl@11400000 { compatible = "samsung,exynos4x12-pinctrl"; reg = <0x11400000 0x1000>;
	grp { %s };
	other { samsung,pins = "gpd1-3"; samsung,pin-function = <3>; };
}; };
"""


def samsung(dts, body, alias='pinctrl0 = "/pinctrl@11400000";'):
    from pincheck.families.samsung import Samsung
    t = dts(SAMSUNG_DTS % (alias, body))
    c = controller(t.find("/pinctrl@11400000"), Samsung())
    return c, c.family.pin_writes(c, t.find("/pinctrl@11400000/grp"))


def test_samsung_function_and_configs(dts, ksrc):
    # function 2 at GPD1CON bits 8-11; pud 3 at GPD1PUD (0xc8) bits 4-5;
    # drv 0 at GPD1DRV (0xcc); con-pdn 1 at 0xd0; the value or-ed unmasked
    c, (mux, conf) = samsung(dts, 'samsung,pins = "gpd1-2"; samsung,pin-function = <2>; '
                                  "samsung,pin-pud = <3>; samsung,pin-drv = <0>; "
                                  "samsung,pin-con-pdn = <1>;")
    assert mux == [Write(0, 0xc0, 0x200, 0xf00, 4, 38, "func")]
    assert conf == [Write(0, 0xc8, 0x30, 0x30, 4, 38, "pud"),
                    Write(0, 0xcc, 0, 0x30, 4, 38, "drv"),
                    Write(0, 0xd0, 0x10, 0x30, 4, 38, "con-pdn")]
    assert c.family.pin_name(c, 38) == "gpd1-2"
    assert c.family.refuses(c, c.orig.child("grp")) == []


def test_samsung_refusals(dts, ksrc):
    # no pinctrlN alias: the probe has no table; a pin of another
    # instance's bank (gpk0 is instance 1's); a function node whose name
    # the pin's function lacks: "other" (the node of that name) has gpd1-3
    c, _ = samsung(dts, 'samsung,pins = "gpd1-2";', alias="")
    assert "no pinctrlN alias" in c.family.refuses(c, c.orig.child("grp"))[0]
    c, _ = samsung(dts, 'samsung,pins = "gpk0-0"; samsung,pin-function = <2>;')
    assert "no pin gpk0-0" in c.family.refuses(c, c.orig.child("grp"))[0]
    t = dts(SAMSUNG_DTS % ('pinctrl0 = "/pinctrl@11400000";', ""))
    c = controller(t.find("/pinctrl@11400000"), c.family)
    assert c.family.functions(c)["other"] == (3, ["gpd1-3"])


def test_reserve_map_read(dts):
    # the Raspberry Pi DTs have a /memreserve/: its address and size, which
    # Debian 12's pylibfdt get_mem_rsv() does not both give
    t = dts("/dts-v1/;\n/memreserve/ 0x1000 0x2000;\n/memreserve/ 0x0 0x1000;\n/ { };\n")
    assert t.rsv == [(0x1000, 0x2000), (0x0, 0x1000)]


def test_samsung_field_the_bank_lacks(dts, ksrc):
    # instance 1 (alias pinctrl1) of the 4x12: gpx1 is an
    # EXYNOS_PIN_BANK_EINTW row, bank_type_alive, which has no CON_PDN: the
    # pud is written, con-pdn fails (-EINVAL, which
    # samsung_pinconf_group_set() ignores) and pud-pdn after it is not
    # written; lint names the property
    from pincheck.families.samsung import Samsung
    t = dts("""/dts-v1/;
/ { #address-cells = <1>; #size-cells = <1>;
aliases { pinctrl1 = "/pinctrl@11000000"; };
pinctrl@11000000 { compatible = "samsung,exynos4x12-pinctrl"; reg = <0x11000000 0x1000>;
	grp { samsung,pins = "gpx1-7"; samsung,pin-function = <1>; samsung,pin-pud = <1>;
	      samsung,pin-con-pdn = <3>; samsung,pin-pud-pdn = <1>; };
}; };
""")
    c = controller(t.find("/pinctrl@11000000"), Samsung())
    grp = t.find("/pinctrl@11000000/grp")
    mux, conf = c.family.pin_writes(c, grp)
    assert [w.field for w in mux] == ["func"] and [w.field for w in conf] == ["pud"]
    assert c.family.refuses(c, grp) == []
    (p,) = c.family.problems(c, grp)
    assert p[1] == "samsung,pin-con-pdn" and p[2].startswith("bank gpx1 has no such field")

# SPDX-License-Identifier: GPL-2.0
"""The Qualcomm PMIC GPIO family: the tables read from
pinctrl-spmi-gpio.c and qcom,pmic-gpio.h, the subtype chosen per PMIC,
the reset image and the writes of a pin node. Expected values are worked
out by hand from the driver (the comments say which lines); the tests
that read the kernel tree skip without it."""

from pincheck import readback
from pincheck.families import qcom_pmic_tables as tables
from pincheck.families.qcom_pmic import QcomPmic

from .conftest import controller

BOARD = """/dts-v1/;
/ {
    #address-cells = <2>; #size-cells = <2>;
    spmi@c440000 {
        compatible = "qcom,spmi-pmic-arb";
        reg = <0 0xc440000 0 0x1100>;
        #address-cells = <2>; #size-cells = <0>;
        pmic@4 {
            compatible = "qcom,pm8150l", "qcom,spmi-pmic";
            reg = <4 0>;
            #address-cells = <1>; #size-cells = <0>;
            gpio@c000 {
                compatible = "qcom,pm8150l-gpio", "qcom,spmi-gpio";
                reg = <0xc000>;
                rst: rst-state {
                    pins = "gpio5"; function = "normal";
                    output-high; input-disable; power-source = <0>;
                };
                key: key-state {
                    pins = "gpio6"; function = "normal";
                    input-enable; bias-pull-up; qcom,drive-strength = <1>;
                };
                out: out-state {
                    pins = "gpio7"; output-low;
                };
                bad: bad-state {
                    pins = "gpio8", "gpio13"; function = "func9";
                };
            };
        };
        pmic@0 {
            compatible = "qcom,pm8994", "qcom,spmi-pmic";
            reg = <0 0>;
            #address-cells = <1>; #size-cells = <0>;
            gpio@c000 {
                compatible = "qcom,pm8994-gpio", "qcom,spmi-gpio";
                reg = <0xc000>;
                led: led-state {
                    pins = "gpio2"; function = "func1";
                    output-high; qcom,drive-strength = <3>; power-source = <2>;
                };
                f3: f3-state { pins = "gpio3"; function = "func3"; };
            };
        };
    };
    ssbi { pmic { compatible = "qcom,pm8921";
        gpio@150 { compatible = "qcom,pm8921-gpio", "qcom,ssbi-gpio"; reg = <0x150 0x160>; }; }; };
};
"""


def test_tables(ksrc):
    t = tables.gpio_tables(ksrc)
    # pmic_gpio_functions[], by enum pmic_gpio_func_index
    assert t.functions[:3] == ["normal", "paired", "func1"] and t.functions[-1] == "dtest4"
    # the switch of pmic_gpio_populate(): GPIO_4CH sets have_buffer and
    # falls through to GPIOC_4CH's num_sources = 4; GPIO_MV: 2 sources,
    # buffer, LV/MV
    k = t.k
    assert t.subtypes[k["PMIC_GPIO_SUBTYPE_GPIO_4CH"]] == (4, True, False)
    assert t.subtypes[k["PMIC_GPIO_SUBTYPE_GPIOC_4CH"]] == (4, False, False)
    assert t.subtypes[k["PMIC_GPIO_SUBTYPE_GPIO_MV"]] == (2, True, True)
    assert t.subtypes[k["PMIC_GPIO_SUBTYPE_GPIO_MV_VIN3"]] == (3, True, True)
    # { .compatible = "qcom,pm8150-gpio", .data = (void *) 10 }
    assert t.npins["qcom,pm8150-gpio"] == 10 and t.npins["qcom,pm8998-gpio"] == 26
    assert t.biases[4] == "pull-down 10uA" and t.strengths[3] == "high"
    # PM8994_GPIO_L12 3: four rails
    assert t.rails["PM8994"] == 3 and "PM8150" not in t.rails
    # non-LV/MV pads: no func3/func4, the dtests two lower (pmic_gpio_set_mux())
    assert t.subtype_funcs(False)[4] == "dtest1"
    mk, subs, ids, last = tables.mfd_tables(ksrc)
    assert (mk["PMIC_TYPE"], mk["PMIC_TYPE_VALUE"], subs["PM8150L"]) == (0x104, 0x51, 0x1f)
    assert ids * (last + 1) == 0x100000


def ctls(dts):
    t = dts(BOARD)
    f = QcomPmic()
    return (f, t, controller(t.find("/spmi@c440000/pmic@4/gpio@c000"), f),
            controller(t.find("/spmi@c440000/pmic@0/gpio@c000"), f))


def test_match_and_subtype(ksrc, dts):
    f, t, lv, old = ctls(dts)
    assert f.match(lv.orig) and f.match(old.orig)
    assert not f.match(t.find("/ssbi/pmic/gpio@150"))       # SSBI: pinctrl-ssbi-gpio
    k = f.tables().k
    # pm8150l: not in qcom,pmic-gpio.h, rail 0 asked: GPIO_MV
    assert f.subtype(lv) == k["PMIC_GPIO_SUBTYPE_GPIO_MV"]
    # pm8994: its rails are named (0 to 3): GPIO_4CH, though func3 is asked
    # (which the driver then refuses)
    assert f.subtype(old) == k["PMIC_GPIO_SUBTYPE_GPIO_4CH"]


def test_reset_image(ksrc, dts):
    f, t, lv, old = ctls(dts)
    img = f.reset_image(lv, 0, f.window_size())
    assert len(img) == 0x100000
    # sid 4, pad gpio5 (pin 4): base (4 << 16) | (0xc000 + 4 * 0x100)
    b = 0x4c400
    assert (img[b + 4], img[b + 5]) == (0x10, 0x11)     # PMIC_GPIO_TYPE, GPIO_MV
    assert img[b + 0x46] == 0x80 and img[b + 0x42] == 4  # enabled, pull-down
    # the MFD's revision: PMIC_TYPE 0x104 = 0x51, PMIC_SUBTYPE = PM8150L_SUBTYPE
    assert (img[0x40104], img[0x40105]) == (0x51, 0x1f)
    # gpio12 is the last pad of pm8150l (12 pins): 0x4cb04; none after
    assert img[0x4cb04] == 0x10 and img[0x4cc04] == 0


def replay(writes, old=0):
    for w in writes:
        old = w.update(old) if w.update else (old & ~w.mask) | (w.value & w.mask)
    return old


def test_writes_lv_mv(ksrc, dts):
    f, t, lv, old = ctls(dts)
    mux, conf = f.pin_writes(lv, t.find("/spmi@c440000/pmic@4/gpio@c000/rst-state"))
    # function normal: index 0 in DIG_OUT_SOURCE_CTL (0x44) bits 3:0
    assert [(w.offset, w.value, w.mask, w.field) for w in mux] == [(0x4c444, 0, 0xf, "function")]
    by = {w.field: w for w in conf}
    # output-high: the INVERT bit 7 of 0x44; input-disable + output: mode
    # DIGITAL_OUTPUT (1) in MODE_CTL (0x40) bits 1:0 from a digital input
    assert (by["out"].offset, by["out"].value, by["out"].mask) == (0x4c444, 0x80, 0x80)
    assert by["dir"].offset == 0x4c440 and replay([by["dir"]], 0) == 1
    assert (by["vin"].offset, by["vin"].value) == (0x4c441, 0)
    assert (by["enable"].offset, by["enable"].value) == (0x4c446, 0x80)
    # input-enable, bias-pull-up, qcom,drive-strength <PMIC_GPIO_STRENGTH_HIGH>
    _, conf = f.pin_writes(lv, t.find("/spmi@c440000/pmic@4/gpio@c000/key-state"))
    by = {w.field: w for w in conf}
    assert by["pull"].value == 0 and by["strength"].value == 3    # PULL_UP_30; OUT_STRENGTH_HIGH
    assert replay([by["dir"]], 1) == 2      # an output before: input and output
    # output-low alone on a digital input: the input stays, mode 2
    _, conf = f.pin_writes(lv, t.find("/spmi@c440000/pmic@4/gpio@c000/out-state"))
    assert replay([w for w in conf if w.field == "dir"], 0) == 2


def test_writes_4ch_and_refusals(ksrc, dts):
    f, t, lv, old = ctls(dts)
    mux, conf = f.pin_writes(old, t.find("/spmi@c440000/pmic@0/gpio@c000/led-state"))
    # func1 on a GPIO_4CH pad: MODE_CTL (0x40) function bits 3:1 = 2;
    # output-high: bit 0; mode DIGITAL_INPUT_OUTPUT (2) in bits 6:4
    assert [(w.offset, w.value, w.mask) for w in mux] == [(0xc140, 4, 0xe)]
    by = {w.field: w for w in conf}
    assert replay(mux + [by["out"], by["dir"]], 0) == 0x25
    # qcom,drive-strength <3> (STRENGTH_LOW) is OUT_STRENGTH_LOW 1; rail 2
    assert (by["strength"].value, by["vin"].value) == (1, 2)
    # func3 on a non-LV/MV pad: pmic_gpio_set_mux() refuses it
    f3 = t.find("/spmi@c440000/pmic@0/gpio@c000/f3-state")
    assert f.pin_writes(old, f3) == ([], [])
    assert "LV/MV" in f.apply_error(old, f3)
    probs = f.problems(lv, t.find("/spmi@c440000/pmic@4/gpio@c000/bad-state"))
    assert [p[1] for p in probs] == ["function", "pins"]
    assert "gpio13" in probs[1][2]


def test_debugfs_line(ksrc, dts):
    f, t, lv, old = ctls(dts)
    ctl = controller(lv.orig, f)
    # pinconf-groups of a pad: the generic dump, then pmic_gpio_config_dbg_show()
    ctl.guest_groups = {4: "output drive push pull, pin output (1 level) gpio5 : out  high "
                           "normal  vin-0 pull-down 10uA               push-pull  no      "
                           "atest-1 dtest-0",
                        5: "input enabled gpio6 : out  low  normal  vin-1 pull-up 1.5uA + "
                           "30uA boost push-pull  high    atest-1 dtest-0",
                        6: " gpio7 : ---"}
    v = lambda pin, field: readback.debugfs_value(ctl, pin, field, {}, 0xff)  # noqa: E731
    assert (v(4, "dir"), v(4, "out"), v(4, "function"), v(4, "pull")) == (1, 1, 0, 4)
    assert (v(5, "dir"), v(5, "out"), v(5, "pull"), v(5, "strength"), v(5, "vin")) == \
        (2, None, 3, 3, 1)
    assert (v(6, "enable"), v(6, "dir")) == (0, None)


MPP = """/dts-v1/;
/ {
    spmi@200f000 {
        compatible = "qcom,spmi-pmic-arb";
        #address-cells = <2>; #size-cells = <0>;
        pmic@0 {
            compatible = "qcom,pm8916", "qcom,spmi-pmic";
            reg = <0 0>;
            #address-cells = <1>; #size-cells = <0>;
            mpps@a000 {
                compatible = "qcom,pm8916-mpp", "qcom,spmi-mpp";
                reg = <0xa000>;
                led: led-state {
                    pins = "mpp2"; function = "digital"; output-low; power-source = <3>;
                };
                ain: ain-state { pins = "mpp4"; function = "analog"; input-enable; };
            };
        };
    };
};
"""


def test_mpp(ksrc, dts):
    from pincheck.families.qcom_pmic_mpp import QcomPmicMpp
    t = dts(MPP)
    f = QcomPmicMpp()
    c = controller(t.find("/spmi@200f000/pmic@0/mpps@a000"), f)
    assert f.match(c.orig) and not QcomPmic().match(c.orig)
    k = f.tables().k
    # pmic_mpp_populate()'s switch on the mode: digital input (in, not out, digital)
    assert f.tables().modes[k["PMIC_MPP_MODE_DIGITAL_INPUT"]] == (True, False, 0)
    img = f.reset_image(c, 0, f.window_size())
    # mpp2 at 0xa100: PMIC_MPP_TYPE 0x11, 4CH_FULL_FUNC 7; pull open (3)
    assert (img[0xa104], img[0xa105], img[0xa142], img[0xa146]) == (0x11, 7, 3, 0x80)
    mux, conf = f.pin_writes(c, t.find("/spmi@200f000/pmic@0/mpps@a000/led-state"))
    # "digital" on a digital input keeps mode 0; output-low: the output
    # flag with the input's: DIGITAL_BIDIR 2 (pmic_mpp_write_mode_ctl())
    assert replay(mux + [w for w in conf if w.field == "mode"], 0) == 0x20
    assert {w.field: w.value for w in conf if not w.update} == \
        {"out": 0, "vin": 3, "enable": 0x80}
    mux, conf = f.pin_writes(c, t.find("/spmi@200f000/pmic@0/mpps@a000/ain-state"))
    # "analog" with the input enabled: ANALOG_INPUT 4, in bits 6:4
    assert replay(mux + conf, 0) & 0x70 == 0x40

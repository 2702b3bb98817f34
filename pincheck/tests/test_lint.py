# SPDX-License-Identifier: GPL-2.0
"""pincheck lint (lint.py, generic.py) on small DTs compiled with dtc,
against a small kernel tree written here (a generic parser's dt_params[]
as 6.12's, pincfg-node.yaml types, three drivers): every expected line is
worked out by hand in the comments of the DT. Then the rules read from the
real trees (the cache's kernel tree, with and without the series) and the
VSOC corpus, whose expect: lines are the series' kernel's own messages.

    /usr/bin/python3 -m pytest -q pincheck/tests
"""

import glob
import os
import re
import shutil
import subprocess

import pytest

from pincheck import board, fdt, generic, lint, rehearse

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CACHE = os.environ.get("VSOC_CACHE", os.path.expanduser("~/.cache/vsoc"))
KSRC = os.path.join(CACHE, "linux")
KDTC = os.path.join(CACHE, "out/vsoc/scripts/dtc/dtc")
need_dtc = pytest.mark.skipif(not shutil.which("dtc"), reason="no dtc")
need_tree = pytest.mark.skipif(not (os.path.isdir(KSRC + "/drivers/pinctrl") and
                                    os.access(KDTC, os.X_OK)),
                               reason="no kernel tree and dtc in %s (make kernel)" % CACHE)

# 6.12's dt_params[] (name, parameter, default), the form without the
# series' value field
DT_PARAMS = """\
static const struct pinconf_generic_params dt_params[] = {
	{ "bias-bus-hold", PIN_CONFIG_BIAS_BUS_HOLD, 0 },
	{ "bias-disable", PIN_CONFIG_BIAS_DISABLE, 0 },
	{ "bias-high-impedance", PIN_CONFIG_BIAS_HIGH_IMPEDANCE, 0 },
	{ "bias-pull-up", PIN_CONFIG_BIAS_PULL_UP, 1 },
	{ "bias-pull-pin-default", PIN_CONFIG_BIAS_PULL_PIN_DEFAULT, 1 },
	{ "bias-pull-down", PIN_CONFIG_BIAS_PULL_DOWN, 1 },
	{ "drive-open-drain", PIN_CONFIG_DRIVE_OPEN_DRAIN, 0 },
	{ "drive-open-source", PIN_CONFIG_DRIVE_OPEN_SOURCE, 0 },
	{ "drive-push-pull", PIN_CONFIG_DRIVE_PUSH_PULL, 0 },
	{ "drive-strength", PIN_CONFIG_DRIVE_STRENGTH, 0 },
	{ "drive-strength-microamp", PIN_CONFIG_DRIVE_STRENGTH_UA, 0 },
	{ "input-debounce", PIN_CONFIG_INPUT_DEBOUNCE, 0 },
	{ "input-disable", PIN_CONFIG_INPUT_ENABLE, 0 },
	{ "input-enable", PIN_CONFIG_INPUT_ENABLE, 1 },
	{ "input-schmitt", PIN_CONFIG_INPUT_SCHMITT, 0 },
	{ "input-schmitt-disable", PIN_CONFIG_INPUT_SCHMITT_ENABLE, 0 },
	{ "input-schmitt-enable", PIN_CONFIG_INPUT_SCHMITT_ENABLE, 1 },
	{ "input-schmitt-microvolts", PIN_CONFIG_INPUT_SCHMITT_UV, 0 },
	{ "low-power-disable", PIN_CONFIG_MODE_LOW_POWER, 0 },
	{ "low-power-enable", PIN_CONFIG_MODE_LOW_POWER, 1 },
	{ "output-disable", PIN_CONFIG_OUTPUT_ENABLE, 0 },
	{ "output-enable", PIN_CONFIG_OUTPUT_ENABLE, 1 },
	{ "output-high", PIN_CONFIG_OUTPUT, 1, },
	{ "output-impedance-ohms", PIN_CONFIG_OUTPUT_IMPEDANCE_OHMS, 0 },
	{ "output-low", PIN_CONFIG_OUTPUT, 0, },
	{ "power-source", PIN_CONFIG_POWER_SOURCE, 0 },
	{ "sleep-hardware-state", PIN_CONFIG_SLEEP_HARDWARE_STATE, 0 },
	{ "slew-rate", PIN_CONFIG_SLEW_RATE, 0 },
	{ "skew-delay", PIN_CONFIG_SKEW_DELAY, 0 },
};
"""

# the types of a few properties, in pincfg-node.yaml's forms
YAML = """\
properties:
  bias-disable:
    type: boolean
    description: disable any pin bias

  bias-pull-up:
    oneOf:
      - type: boolean
      - $ref: /schemas/types.yaml#/definitions/uint32
    description: pull up

  bias-pull-down:
    oneOf:
      - type: boolean
      - $ref: /schemas/types.yaml#/definitions/uint32

  drive-push-pull:
    oneOf:
      - type: boolean
      - $ref: /schemas/types.yaml#/definitions/uint32
        enum: [ 0, 1 ]
        deprecated: true

  drive-strength:
    $ref: /schemas/types.yaml#/definitions/uint32

  input-debounce:
    $ref: /schemas/types.yaml#/definitions/uint32-array

  drive-strength-microamp:
    description: no type given

additionalProperties: true
"""

DRIVERS = {
    # every check: the generic subnode parser, one custom parameter
    "pinctrl-fake.c": """
static const struct pinconf_generic_params fake_params[] = {
	{ "fake,wakeup", PIN_CONFIG_END + 1, 0 },
};
static const struct pinctrl_ops fake_ops = {
	.dt_node_to_map = pinconf_generic_dt_node_to_map_all,
};
static const struct of_device_id fake_match[] = {
	{ .compatible = "fake,pinctrl" },
	{ }
};
""",
    # values and contradictions only
    "pinctrl-partial.c": """
	ret = pinconf_generic_parse_dt_config(np, pctldev, &configs, &n);
static const struct of_device_id partial_match[] = { { .compatible = "fake,partial" }, { } };
""",
    # its own binding: no generic check
    "pinctrl-own.c": """
static const struct of_device_id own_match[] = { { .compatible = "fake,own" }, { } };
""",
}


def write_tree(root):
    d = os.path.join(root, "drivers/pinctrl")
    os.makedirs(d)
    with open(os.path.join(d, "pinconf-generic.c"), "w") as f:
        f.write("#ifdef CONFIG_OF\n" + DT_PARAMS + "#endif\n")
    for name, text in DRIVERS.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    y = os.path.join(root, "Documentation/devicetree/bindings/pinctrl")
    os.makedirs(y)
    with open(os.path.join(y, "pincfg-node.yaml"), "w") as f:
        f.write(YAML)
    return root


DTS = r"""
/dts-v1/;
/ {
	#address-cells = <1>;
	#size-cells = <1>;

	pinctrl@1000 {
		compatible = "fake,pinctrl";
		reg = <0x1000 0x100>;
		pinctrl-names = "default";
		pinctrl-0 = <&hog>;

		/* a hog: output-high and output-low are one list of ONE_OF */
		hog: hog-state {
			pins = "H0";
			output-high;
			output-low;
		};
		good: good-state {
			pins = "A0";
			function = "uart";
			bias-pull-up;
			drive-strength = <8>;
			fake,wakeup;
		};
		/* bias-pul-up is one edit from bias-pull-up, fake,wakup one
		 * from the custom fake,wakeup; nothing is within two edits of
		 * zzzz-unrelated; bootph-* is not configuration */
		typo: typo-state {
			pins = "A1";
			bias-pul-up;
			fake,wakup;
			zzzz-unrelated;
			bootph-all;
		};
		/* bias-disable: boolean in the yaml; drive-push-pull: its uint32
		 * form deprecated, so a flag; drive-strength: uint32;
		 * input-debounce: uint32-array, one cell; power-source and
		 * slew-rate: untyped, default 0, one cell; fake,wakeup: a
		 * custom parameter without a value field, empty or one cell.
		 * Said in dt_params[] order, then the custom one. */
		values: values-state {
			pins = "A2";
			slew-rate;
			power-source = "x";
			input-debounce = [04];
			drive-strength = <0x1000000>;
			drive-push-pull = <1>;
			bias-disable = <1>;
			fake,wakeup = <0x1000000>;
		};
		/* bias-pull-down: one of the yaml, boolean or uint32 */
		cells: cells-state {
			pins = "A3";
			bias-pull-down = <1 2>;
			drive-strength = <0xffffff>;
		};
		/* input-*: ONE_OF; bias-disable comes before bias-pull-up in
		 * the list of bias modes, whatever the DT's order */
		conflict: conflict-state {
			pins = "A4";
			bias-pull-up;
			bias-disable;
			input-enable;
			input-disable;
		};
		/* a setting beside the pin nodes; a node below a pin node; a
		 * disabled pin node (not read, not checked) */
		holder: holder-state {
			drive-strength = <4>;
			a-pins {
				pins = "A5";
				deep-pins {
					pins = "A6";
				};
			};
			off-pins {
				status = "disabled";
				pins = "A7";
				bias-pul-up;
			};
		};
		form: form-state {
			pins = "A8";
			groups = "g8";
			function = "a", "b";
		};
		strs: strs-state {
			pins = <1>;
		};
		/* reached by no enabled device's read state */
		unused: unused-state {
			pins = "A9";
			bias-pul-up;
		};
		bus: bus-state {
			pins = "A10";
			bias-pul-up;
		};
	};

	partial@2000 {
		compatible = "fake,partial";
		reg = <0x2000 0x100>;
		/* its own binding: an unknown name is not its parser's; the
		 * value and the contradiction are */
		p: p-state {
			fake,pins = <1 2>;
			bias-pul-up;
			drive-strength = <0x1000000>;
			input-enable;
			input-disable;
		};
	};

	own@3000 {
		compatible = "fake,own";
		reg = <0x3000 0x100>;
		o: o-state {
			bias-pul-up;
			drive-strength = <0x1000000>;
		};
	};

	dev-a {
		pinctrl-names = "default", "sleep";
		pinctrl-0 = <&good &typo>;
		pinctrl-1 = <&values &cells>;
	};
	dev-b {
		pinctrl-names = "default";
		pinctrl-0 = <&conflict &holder &form &strs>;
	};
	/* pinctrl-2 after a missing pinctrl-1 is not read */
	dev-c {
		pinctrl-names = "default";
		pinctrl-0 = <&p>;
		pinctrl-2 = <&unused>;
	};
	dev-d {
		status = "disabled";
		pinctrl-names = "default";
		pinctrl-0 = <&unused>;
	};
	bus-off {
		status = "disabled";
		dev-e {
			pinctrl-names = "default";
			pinctrl-0 = <&bus>;
		};
	};
	dev-f {
		pinctrl-names = "default";
		pinctrl-0 = <&o>;
	};
	/* a second reference: each node is said once */
	dev-g {
		pinctrl-0 = <&values>;
	};
};
"""

P = "/pinctrl@1000/"
EXPECTED = [
    "BAD NODE /pinctrl@1000/hog-state (state default of /pinctrl@1000): "
    "/pinctrl@1000/hog-state: output-low: conflicts with output-high",
    P + "typo-state: bias-pul-up: unknown property (did you mean bias-pull-up?)",
    P + "typo-state: fake,wakup: unknown property (did you mean fake,wakeup?)",
    P + "typo-state: zzzz-unrelated: unknown property",
    P + "values-state: bias-disable: <1>, takes no value",
    P + "values-state: drive-push-pull: <1>, takes no value",
    P + "values-state: drive-strength: <16777216> does not fit in 24 bits",
    P + "values-state: input-debounce: [04], must be one 32-bit cell",
    P + 'values-state: power-source: "x", must be one 32-bit cell',
    P + "values-state: slew-rate: has no value, must be one 32-bit cell",
    P + "values-state: fake,wakeup: <16777216> does not fit in 24 bits",
    P + "cells-state: bias-pull-down: <1 2>, must be empty or one 32-bit cell",
    P + "conflict-state: input-disable: conflicts with input-enable",
    P + "conflict-state: bias-pull-up: conflicts with bias-disable",
    P + "holder-state: drive-strength: has pin settings but neither pins nor groups",
    P + "holder-state/a-pins/deep-pins: pins: pin configuration nodes nest one level deep, "
    "this one would be ignored",
    P + "form-state: groups: has both pins and groups, use one",
    P + "form-state: function: must be one string",
    P + "strs-state: pins: must be a non-empty list of strings",
    "/partial@2000/p-state: drive-strength: <16777216> does not fit in 24 bits",
    "/partial@2000/p-state: input-disable: conflicts with input-enable",
]


def compile_dts(tmp, text, name="t"):
    src, out = os.path.join(tmp, name + ".dts"), os.path.join(tmp, name + ".dtb")
    with open(src, "w") as f:
        f.write(text)
    subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", out, src], check=True)
    return out


@need_dtc
def test_lint_small_tree(tmp_path):
    ksrc = write_tree(str(tmp_path / "tree"))
    dtb = compile_dts(str(tmp_path), DTS)
    got = lint.lint(fdt.read(dtb), ksrc, names=False)
    assert lint.bad_node_line(got[0]) == EXPECTED[0]
    assert [lint.line(p) for p in got] == [EXPECTED[0].split("): ", 1)[1]] + EXPECTED[1:]
    # the state and device each line names: the first that reads the node
    by = {p.node: (p.state, p.consumer) for p in got}
    assert by[P + "values-state"] == ("sleep", "/dev-a")
    assert by[P + "holder-state/a-pins/deep-pins"] == ("default", "/dev-b")
    assert by["/partial@2000/p-state"] == ("default", "/dev-c")


@need_dtc
def test_lint_clean_board(tmp_path):
    ksrc = write_tree(str(tmp_path / "tree"))
    dtb = compile_dts(str(tmp_path), """/dts-v1/;
/ { pinctrl { compatible = "fake,pinctrl";
      u: uart-state { rx-pins { pins = "A0"; function = "uart"; bias-pull-up = <47000>;
                                input-enable; drive-strength = <0xffffff>; };
                      tx-pins { pins = "A1"; function = "uart"; output-high; }; }; };
    dev { pinctrl-names = "default"; pinctrl-0 = <&u>; }; };
""")
    assert lint.lint(fdt.read(dtb), ksrc, names=False) == []


def test_rules_of_a_tree_without_value_field(tmp_path):
    r = generic.Rules(write_tree(str(tmp_path / "tree")))
    kind = {p.name: p.kind for p in r.params}
    # pairs of one parameter with defaults 0 and 1: flags
    for n in ("input-enable", "input-disable", "output-high", "output-low",
              "low-power-enable", "input-schmitt-disable"):
        assert kind[n] == generic.NONE, n
    # the yaml's types; its deprecated uint32 form of drive-push-pull
    assert (kind["bias-disable"], kind["bias-pull-up"], kind["drive-push-pull"],
            kind["drive-strength"], kind["input-debounce"]) == (
                generic.NONE, generic.ANY, generic.NONE, generic.U32, generic.U32)
    # untyped: default 1 is "any", default 0 one cell
    assert (kind["bias-pull-pin-default"], kind["drive-strength-microamp"],
            kind["slew-rate"]) == (generic.ANY, generic.U32, generic.U32)
    d = r.drivers
    assert (d["fake,pinctrl"].level, d["fake,partial"].level) == ("full", "parse")
    assert "fake,own" not in d
    assert [(p.name, p.kind) for p in d["fake,pinctrl"].customs] == [("fake,wakeup", generic.ANY)]


def test_a_renamed_parameter_keeps_its_6_12_name():
    # 7.3's dt_params[] rows for output-high/-low name PIN_CONFIG_LEVEL;
    # the families model it as 6.12's PIN_CONFIG_OUTPUT (same meaning)
    rows = generic.param_rows('{ "output-high", PIN_CONFIG_LEVEL, 1, },\n'
                              '{ "output-low", PIN_CONFIG_LEVEL, 0, },\n'
                              '{ "output-enable", PIN_CONFIG_OUTPUT_ENABLE, 1, },\n')
    assert [(r.name, r.param, r.default) for r in rows] == [
        ("output-high", "PIN_CONFIG_OUTPUT", 1), ("output-low", "PIN_CONFIG_OUTPUT", 0),
        ("output-enable", "PIN_CONFIG_OUTPUT_ENABLE", 1)]


def test_suggest_order_and_cap():
    # the first of equals in the order given: dt_params[], then the driver's
    # "ab" and "ac" are one edit from "a"; "input-enabl" one from
    # input-enable, more than two from input-disable
    assert generic.suggest("a", ["ab", "ac"]) == "ab"
    assert generic.suggest("a", ["ac", "ab"]) == "ac"
    assert generic.suggest("input-enabl", ["input-disable", "input-enable"]) == "input-enable"
    assert generic.suggest("slewrate-rising", ["vsoc,slew-rate-rising"]) == "vsoc,slew-rate-rising"
    assert generic.suggest("drive", ["drive-strength"]) is None
    assert generic.distance("a" * 40, "a" * 40) > 2


def test_show_values():
    assert generic.show(b"slow\0") == '"slow"'
    assert generic.show(b"a\0b\0") == '"a", ...'
    assert generic.show(bytes(20)) == "<0 0 0 0 ...>"
    assert generic.show(bytes(range(10))) == "[00 01 02 03 04 05 06 07 ...]"


# --- the real trees --------------------------------------------------------

@need_tree
def test_value_kinds_of_the_series_follow_from_612s_tables(tmp_path):
    """the series' PIN_DT_VALUE_* of each dt_params[] row are what the rules
    derive from the tables alone, in the series' tree and in 6.12's"""
    patched = generic.Rules(KSRC)
    said = [(p.name, p.kind) for p in patched.params]
    assert len(said) == 29 and all(k for _, k in said)
    assert [(p.name, p.kind) for p in patched.derived] == said
    pristine = str(tmp_path / "pristine")
    os.makedirs(pristine)
    r = subprocess.run("git -C %s archive pristine drivers/pinctrl "
                       "Documentation/devicetree/bindings/pinctrl/pincfg-node.yaml | tar -x -C %s"
                       % (KSRC, pristine), shell=True)
    if r.returncode:
        pytest.skip("no tag pristine in %s" % KSRC)
    old = generic.Rules(pristine)
    assert not any("PIN_DT_VALUE" in open(f).read() for f in
                   glob.glob(pristine + "/drivers/pinctrl/pinconf-generic.c"))
    assert [(p.name, p.kind) for p in old.params] == said


# the kernel's messages (corpus expect: lines) that lint says, in its form
KERNEL = [
    (r"^(\S+): unknown property (\S+)( \(did you mean \S+\?\))?$", r"\1: \2: unknown property\3"),
    (r"^(\S+): (\S+) = (.*(?:, takes no value|, must be one 32-bit cell|"
     r", must be empty or one 32-bit cell| does not fit in 24 bits))$", r"\1: \2: \3"),
    (r"^(\S+): (\S+) has no value, (.*)$", r"\1: \2: has no value, \3"),
    (r"^(\S+): (\S+) conflicts with (\S+)$", r"\1: \2: conflicts with \3"),
    (r"^(\S+): (pins|groups) must be a non-empty list of strings$",
     r"\1: \2: must be a non-empty list of strings"),
    (r"^(\S+): function must be one string$", r"\1: function: must be one string"),
    (r"^(\S+): has both pins and groups, use one$", r"\1: groups: has both pins and groups, use one"),
    (r"^(\S+): (has pin settings but neither pins nor groups)$", r"\1: *: \2"),
    (r"^(\S+): (pin configuration nodes nest one level deep, this one would be ignored)$",
     r"\1: *: \2"),
]


def in_lint_form(message):
    for rx, to in KERNEL:
        if re.match(rx, message):
            return re.sub(rx, to, message)
    return None


@need_tree
def test_corpus_kernel_messages(tmp_path):
    """each VSOC corpus board: lint's lines are the kernel's messages of the
    kinds it checks (its expect: lines), no more, no fewer (the property
    of the two messages that name none is the one lint picks)"""
    n = 0
    for src in sorted(glob.glob(os.path.join(TOP, "tests/corpus/*.dts"))):
        if os.path.basename(src).startswith("dtc-"):
            continue        # boards dtc refuses
        text = open(src).read()
        want = {in_lint_form(m) for m in re.findall(r"^ \* expect: (.*)$", text, re.M)} - {None}
        dtb = str(tmp_path / "b.dtb")
        board.compile_dts(src, dtb, KSRC, KDTC, rehearse.VSOC_INCLUDES)
        got = {re.sub(r": \S+: (has pin settings|pin configuration nodes)", r": *: \1",
                      lint.line(p)) for p in lint.lint(fdt.read(dtb), KSRC, names=False)}
        assert got == want, os.path.basename(src)
        n += bool(want)
    assert n >= 37      # the corpus's cases of these kinds


TLMM_DTS = """
#include <arm64/qcom/qrb5165-rb5.dts>

&bt_en_state {
	pins = "gpio999";
};

&wlan_en_state {
	function = "nofunc";
};

&lt9611_irq_pin {
	function = "qup12";
};
"""


@need_tree
def test_tlmm_names(tmp_path):
    """sm8250's table (pinctrl-sm8250.c): groups gpio0 first and sdc2_data
    last; no function nofunc; qup12_groups[] = gpio32 to gpio35, so not
    gpio63 (lt9611-irq-state)"""
    src = str(tmp_path / "rb5-names.dts")
    with open(src, "w") as f:
        f.write(TLMM_DTS)
    dtb = str(tmp_path / "rb5-names.dtb")
    board.compile_dts(src, dtb, KSRC, KDTC)
    got = sorted(lint.line(p) for p in lint.lint(fdt.read(dtb), KSRC))
    t = "/soc@0/pinctrl@f100000/"
    assert got == [
        t + "bt-default-state: pins: unknown group 'gpio999' (this controller has gpio0 to sdc2_data)",
        t + "lt9611-irq-state: function: qup12 cannot be muxed on group gpio63 "
        "(qup12 has groups gpio32, ...)",
        t + "wlan-default-state: function: unknown function 'nofunc'",
    ]

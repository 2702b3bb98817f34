# SPDX-License-Identifier: GPL-2.0
"""The tables of the Qualcomm PMIC GPIO driver on SPMI, read from the tree
(never retyped): drivers/pinctrl/qcom/pinctrl-spmi-gpio.c (register
offsets, shifts and masks, block type and subtypes, what each subtype
gives a pad in pmic_gpio_populate(), the function names, the strings of
pmic_gpio_config_dbg_show(), the compatibles with their pin counts),
include/dt-bindings/pinctrl/qcom,pmic-gpio.h (the function names, pull-up
and drive strength codes, the power-source rails each PMIC's constants
name), drivers/mfd/qcom-spmi-pmic.c with include/soc/qcom/qcom-spmi-pmic.h
(the revision registers the MFD's probe reads) and include/linux/spmi.h
(the slave ids a bus has).
"""

import functools
import os
import re

from .. import csrc

GPIO_C = "drivers/pinctrl/qcom/pinctrl-spmi-gpio.c"
GPIO_H = "include/dt-bindings/pinctrl/qcom,pmic-gpio.h"
MFD_C = "drivers/mfd/qcom-spmi-pmic.c"
MFD_H = "include/soc/qcom/qcom-spmi-pmic.h"
SPMI_H = "include/linux/spmi.h"


def _consts(*texts):
    """{NAME: value} of the integer #defines and enum members of texts"""
    raw = {}
    for t in texts:
        raw.update({k: v for k, v in csrc.defines(t).items() if isinstance(v, str)})
    out = {}
    for k, v in raw.items():
        try:
            out[k] = csrc.cint(v, raw)
        except (KeyError, SyntaxError, TypeError, ValueError, ZeroDivisionError):
            pass
    for t in texts:
        out.update(csrc.enums(t))
    return out


def _strings(text):
    return {k: v[1:-1] for k, v in csrc.defines(text).items()
            if isinstance(v, str) and re.fullmatch(r'"[^"]*"', v)}


def _array(text, name):
    """the strings of "static const char *const NAME[] = { ... }" """
    body = csrc.block(text, r"\b%s\[\]\s*=\s*\{" % re.escape(name))
    if body is None:
        raise SystemExit("pincheck: no %s[] in %s" % (name, GPIO_C))
    return re.findall(r'"([^"]*)"', body)


def switch_cases(text, expr):
    """{case constant: {pad field: expression}} of "switch (EXPR)": what
    each case assigns to pad->..., the cases that fall through to it
    included"""
    body = csrc.block(text, r"switch\s*\(\s*%s\s*\)\s*\{" % re.escape(expr)) or ""
    out, pending = {}, []
    for m in re.finditer(r"\bcase\s+(\w+)\s*:|pad->(\w+)\s*=\s*(\w+)\s*;|\bbreak\s*;|"
                         r"\bdefault\s*:", body):
        if m.group(1):
            pending.append(m.group(1))
            out.setdefault(m.group(1), {})
        elif m.group(2):
            for c in pending:
                out[c][m.group(2)] = m.group(3)
        elif m.group(0).startswith("break"):
            pending = []
        else:
            break
    return out


def _subtypes(text, k):
    """{subtype value: (num_sources, have_buffer, lv_mv_type)} from the
    switch on the subtype in pmic_gpio_populate()"""
    return {k[c]: (csrc.cint(s.get("num_sources", "0"), k), s.get("have_buffer") == "true",
                   s.get("lv_mv_type") == "true")
            for c, s in switch_cases(text, "subtype").items()}


class GpioTables:
    def __init__(self, ksrc):
        path = os.path.join(ksrc, GPIO_C)
        text = csrc.read(path)
        head = csrc.read(os.path.join(ksrc, GPIO_H))
        self.path = path
        self.k = _consts(head, text)
        names = _strings(head)
        # pmic_gpio_functions[]: [PMIC_GPIO_FUNC_INDEX_X] = PMIC_GPIO_FUNC_X
        body = csrc.block(text, r"pmic_gpio_functions\[\]\s*=\s*\{") or ""
        funcs = {}
        for m in re.finditer(r"\[\s*(\w+)\s*\]\s*=\s*(\w+)", body):
            funcs[self.k[m.group(1)]] = names[m.group(2)]
        self.functions = [funcs[i] for i in sorted(funcs)]
        self.npins = {c: int(n) for c, n in re.findall(
            r'\.compatible\s*=\s*"([^"]+)"\s*,\s*\.data\s*=\s*\(void\s*\*\)\s*(\d+)', text)}
        self.subtypes = _subtypes(text, self.k)
        self.subtype_names = {v: n for n, v in self.k.items()
                              if n.startswith("PMIC_GPIO_SUBTYPE_")}
        # what pmic_gpio_config_dbg_show() prints
        self.biases = _array(text, "biases")
        self.buffers = _array(text, "buffer_types")
        self.strengths = _array(text, "strengths")
        m = re.search(r'output_enabled\s*\?\s*"(\w+)"\s*:\s*"(\w+)"', text)
        self.dir_words = (m.group(2), m.group(1)) if m else ("in", "out")
        m = re.search(r'out_value\s*\?\s*"(\w+)"\s*:\s*"(\w+)"', text)
        self.out_words = (m.group(2), m.group(1)) if m else ("low", "high")
        m = re.search(r'seq_puts\(s,\s*"\s*([\w-]+)"\);\s*else', text)
        self.analog_word = m.group(1) if m else "analog-pass"
        # the rails each PMIC's constants name ("PM8916_GPIO_L5 3"):
        # {PMIC: highest rail}
        self.rails = {}
        for n, v in self.k.items():
            m = re.fullmatch(r"(PM[A-Z]*\d+[A-Z]*)_GPIO_(?!FUNC)[A-Z]+\d*", n)
            if m and isinstance(v, int):
                self.rails[m.group(1)] = max(self.rails.get(m.group(1), 0), v)

    def subtype_funcs(self, lv_mv):
        """the function names by the value the register holds: on an LV/MV
        pad the index in pmic_gpio_functions[]; on the others func3 and
        func4 are missing and the dtests sit two lower (pmic_gpio_set_mux())"""
        if lv_mv:
            return list(self.functions)
        k = self.k
        drop = (k["PMIC_GPIO_FUNC_INDEX_FUNC3"], k["PMIC_GPIO_FUNC_INDEX_FUNC4"])
        return [f for i, f in enumerate(self.functions) if i not in drop]


@functools.lru_cache(maxsize=2)
def gpio_tables(ksrc):
    return GpioTables(ksrc)


@functools.lru_cache(maxsize=2)
def mfd_tables(ksrc):
    """(the MFD's register constants, {"PM8150": subtype} of the PMICs,
    the bus's slave ids, the MFD regmap's last register)"""
    text = csrc.read(os.path.join(ksrc, MFD_C))
    k = _consts(text)
    subs = {n[:-len("_SUBTYPE")]: v for n, v in
            _consts(csrc.read(os.path.join(ksrc, MFD_H))).items() if n.endswith("_SUBTYPE")}
    ids = _consts(csrc.read(os.path.join(ksrc, SPMI_H))).get("SPMI_MAX_SLAVE_ID", 16)
    cfg = csrc.block(text, r"spmi_regmap_config\s*=\s*\{") or ""
    last = csrc.cint(csrc.fields(cfg).get("max_register", "0xffff"), k)
    return k, subs, ids, last


MPP_C = "drivers/pinctrl/qcom/pinctrl-spmi-mpp.c"
MPP_H = "include/dt-bindings/pinctrl/qcom,pmic-mpp.h"


class MppTables:
    """pinctrl-spmi-mpp.c: its constants, functions, compatibles, what
    each subtype gives a pad and what pmic_mpp_populate() makes of each
    mode (input, output, function), and its bias words"""

    def __init__(self, ksrc):
        self.path = os.path.join(ksrc, MPP_C)
        text = csrc.read(self.path)
        self.k = _consts(csrc.read(os.path.join(ksrc, MPP_H)), text)
        self.functions = _array(text, "pmic_mpp_functions")
        self.npins = {c: int(n) for c, n in re.findall(
            r'\.compatible\s*=\s*"([^"]+)"\s*,\s*\.data\s*=\s*\(void\s*\*\)\s*(\d+)', text)}
        self.subtypes = {self.k[c]: csrc.cint(s.get("num_sources", "0"), self.k)
                         for c, s in switch_cases(text, "subtype").items()}
        # the subtypes whose pads have no pull register (populate()'s test)
        m = re.search(r"if\s*\(((?:\s*subtype\s*!=\s*\w+\s*&*)+)\)\s*\{[^}]*has_pullup", text)
        self.no_pull = {self.k[c] for c in re.findall(r"!=\s*(\w+)", m.group(1))} if m else set()
        self.modes = {}
        for c, s in switch_cases(text, "dir").items():
            self.modes[self.k[c]] = (s.get("input_enabled") == "true",
                                     s.get("output_enabled") == "true",
                                     self.k[s["function"]])
        self.biases = _array(text, "biases")
        m = re.search(r'output_enabled\s*\?\s*"(\w+)"\s*:\s*"(\w+)"', text)
        self.dir_words = (m.group(2), m.group(1)) if m else ("in", "out")
        m = re.search(r'out_value\s*\?\s*"(\w+)"\s*:\s*"(\w+)"', text)
        self.out_words = (m.group(2), m.group(1)) if m else ("low", "high")


@functools.lru_cache(maxsize=2)
def mpp_tables(ksrc):
    return MppTables(ksrc)

# SPDX-License-Identifier: GPL-2.0
"""Broadcom BCM2835/2836/2837 and BCM2711 GPIO pin controllers (the
Raspberry Pi): drivers/pinctrl/bcm/pinctrl-bcm2835.c.

Read from the tree, not retyped: the register offsets (GPFSEL0, GPREN0,
..., GPPUD, GPPUDCLK0, GP_GPIO_PUP_PDN_CNTRL_REG0), FSEL_REG/FSEL_SHIFT
and the BCM2711 pull field (PUD_2711_*), BCM2835_FSEL_MASK, the function
names in order (bcm2835_functions[], the values of
dt-bindings/pinctrl/bcm2835.h), the pull codes, the bank count, and per
compatible (its bcm_plat_data) the pin count and which pull helper its
pin_config_set() calls: the BCM2711's plain field, or the BCM2835's
clocked sequence.

Pin nodes: the generic binding first (pins = "gpioN", function =
"alt0", bias-*, output-*: pinconf_generic_dt_node_to_map_all(), the node
and its children), else the legacy one (brcm,pins with brcm,function
and/or brcm,pull, one value or one per pin). The mux is a 3-bit field,
10 pins a word (read-modify-write; the driver passes through GPIO_IN on
the way, which the word does not keep). A pull on the BCM2711 is its
2-bit field; on the BCM2835 it is GPPUD = code, GPPUDCLKn = BIT(pin),
GPPUDCLKn = 0: a RAM window keeps the code of the last pull and 0 in the
clock word, so those words are checked as explained writes and the pull
of each pin is "not rehearsed: clocked pull sequence", never a mismatch.

The probe writes 0 to the rising, falling, high, low and async edge
detect enables of both banks and clears every pending event of GPEDSn
(one BIT(n) write per set bit: the word keeps the highest): checked as
probe writes.
"""

import os
import re

from .. import csrc, generic
from .base import POISON, Family, Write
from .stm32 import expand
from .sunxi import irq_count

F = "drivers/pinctrl/bcm/pinctrl-bcm2835.c"
H = "include/dt-bindings/pinctrl/bcm2835.h"
CLOCKED = "clocked pull sequence"


class Variant:
    def __init__(self, npins, clocked):
        self.npins = npins
        self.clocked = clocked


class BCM2835(Family):
    name = "bcm2835"
    group_per_pin = True
    # its dt_node_to_map() tries the generic parser on every node before
    # brcm,pins: pinctrl.strict_dt=1 would refuse the legacy names
    strict_dt = False

    def __init__(self):
        self.variants = None
        self.params = None

    def load(self):
        if self.variants is not None:
            return
        ksrc = os.environ["KSRC"]
        self.variants = {}
        try:        # a tree of drivers/pinctrl alone (78-lint) lacks the header
            text = csrc.read(os.path.join(ksrc, F))
            header = csrc.read(os.path.join(ksrc, H))
        except OSError:
            return
        names, macros = {}, {}
        for t in (header, text):
            for k, v in csrc.defines(t).items():
                (names if isinstance(v, str) else macros)[k] = v
        for k, v in re.findall(r"\b(BCM2835_FSEL_\w+)\s*=\s*([^,\n}]+)", text):
            names.setdefault(k, v.strip())
        self.names, self.macros = names, macros
        self.k = lambda e: csrc.cint(expand(e, macros), names)
        arr = csrc.block(text, r"bcm2835_functions\[\w*\]\s*=\s*\{")
        self.functions = {s: self.k(i) for i, s in re.findall(r"\[(\w+)\]\s*=\s*\"(\w+)\"", arr)}
        self.ngroups = self.k(re.search(r"bcm2835_pctl_get_groups_count\([^)]*\)\s*\{\s*return\s+"
                                        r"(\w+)\s*;", text).group(1))
        self.nbanks = self.k("BCM2835_NUM_BANKS")
        self.variants = {}
        for comp, data in re.findall(r"\.compatible\s*=\s*\"([^\"]+)\"\s*,\s*\.data\s*=\s*&(\w+)",
                                     text):
            pd = csrc.fields(csrc.block(text, r"struct bcm_plat_data\s+%s\s*=\s*\{" % data))
            desc = csrc.fields(csrc.block(text, r"struct pinctrl_desc\s+%s\s*=\s*\{"
                                          % pd["pctl_desc"].lstrip("&")))
            ops = csrc.fields(csrc.block(text, r"struct pinconf_ops\s+%s\s*=\s*\{"
                                         % desc["confops"].lstrip("&")))
            setter = csrc.block(text, r"\b%s\s*\([^)]*\)\s*\{" % ops["pin_config_set"])
            helper = re.search(r"\b(\w+_pull_config_set)\s*\(", setter).group(1)
            body = csrc.block(text, r"\b%s\s*\([^)]*\)\s*\{" % helper)
            self.variants[comp] = Variant(self.k(desc["npins"]), "GPPUDCLK0" in body)
        self.params = generic.rules(ksrc).params

    def variant(self, node):
        self.load()
        return next((self.variants[c] for c in node.strings("compatible") if c in self.variants),
                    None)

    def match(self, node):
        return self.variant(node) is not None

    def driver_file(self, node):
        return os.path.join(os.environ["KSRC"], F) if self.match(node) else None

    def fixup(self, orig, copy, ctx):
        """its interrupts (the probe maps those listed), as GIC SPIs"""
        irqs = []
        for _ in range(irq_count(orig)):
            irqs += [0, ctx["spi"], 4]
            ctx["spi"] += 1
        if irqs:
            copy.set_cells("interrupts", irqs)

    def reset_word(self, window, offset):
        return POISON

    def reg(self, name):
        return self.k(name)

    def probe_writes(self, ctrl):
        """bcm2835_pinctrl_probe(): per bank, the six detect enables 0, then
        one BIT(n) write to GPEDSn per pending event of the reset word"""
        out = []
        for i in range(self.nbanks):
            for r in ("GPREN0", "GPFEN0", "GPHEN0", "GPLEN0", "GPAREN0", "GPAFEN0"):
                out.append(Write(0, self.reg(r) + 4 * i, 0, 0xFFFFFFFF, 4, None, "detect"))
            off = self.reg("GPEDS0") + 4 * i
            ev = self.reset_word(0, off)
            if ev:
                out.append(Write(0, off, 1 << (ev.bit_length() - 1), 0xFFFFFFFF, 4, None,
                                 "events"))
        return out

    # -- pin nodes -----------------------------------------------------------
    def generic_nodes(self, node):
        """the nodes pinconf_generic_dt_node_to_map_all() maps: the node and
        its available children, those with pins or groups"""
        return [n for n in [node] + [c for c in node.children if c.enabled()]
                if n.has("pins") or n.has("groups")]

    def configs(self, n):
        return generic.node_configs(self.params, n)

    def rows(self, ctrl, node):
        """([(pin, fsel or None, [(param, arg)])], why the node is refused)"""
        v = self.variant(ctrl.orig)
        gen = self.generic_nodes(node)
        out = []
        if gen:
            for n in gen:
                func = n.string("function")
                fsel = None
                if func is not None:
                    if func not in self.functions:
                        return [], "%s: function: unknown function '%s'" % (n.path, func)
                    fsel = self.functions[func]
                cfgs = [(p, a) for _, p, a in self.configs(n)]
                for pn in n.strings("pins") or n.strings("groups"):
                    m = re.fullmatch(r"gpio(\d+)", pn)
                    lim = self.ngroups if fsel is not None else v.npins
                    if not m or int(m.group(1)) >= lim:
                        return [], "%s: pins: no pin or group %s" % (n.path, pn)
                    out.append((int(m.group(1)), fsel, cfgs))
            return out, None
        if not node.has("brcm,pins"):
            return [], "%s: brcm,pins: missing" % node.path
        pins = node.cells("brcm,pins") or []
        funcs = node.cells("brcm,function") if node.has("brcm,function") else None
        pulls = node.cells("brcm,pull") if node.has("brcm,pull") else None
        if funcs is None and pulls is None:
            return [], "%s: brcm,function: neither brcm,function nor brcm,pull" % node.path
        for prop, vals in (("brcm,function", funcs), ("brcm,pull", pulls)):
            if vals is not None and len(vals) > 1 and len(vals) != len(pins):
                return [], "%s: %s: must have 1 or %d entries" % (node.path, prop, len(pins))
        for i, pin in enumerate(pins):
            if pin >= v.npins:
                return [], "%s: brcm,pins: invalid value %d" % (node.path, pin)
            fsel = pull = None
            if funcs:
                fsel = funcs[i if len(funcs) > 1 else 0]
                if fsel >= len(self.functions):
                    return [], "%s: brcm,function: invalid value %d" % (node.path, fsel)
            if pulls:
                pull = pulls[i if len(pulls) > 1 else 0]
                if pull > 2:
                    return [], "%s: brcm,pull: invalid value %d" % (node.path, pull)
            out.append((pin, fsel, [("legacy-pull", pull)] if pull is not None else []))
        return out, None

    SUPPORTED = ("legacy-pull", "PIN_CONFIG_BIAS_DISABLE", "PIN_CONFIG_BIAS_PULL_DOWN",
                 "PIN_CONFIG_BIAS_PULL_UP", "PIN_CONFIG_OUTPUT")

    def refuses(self, ctrl, node):
        rows, why = self.rows(ctrl, node)
        if why:
            return [why]
        for pin, _, cfgs in rows:
            for p, _ in cfgs:
                if p not in self.SUPPORTED:
                    return ["%s: %s: not supported by the driver" % (node.path, p)]
        return []

    def problems(self, ctrl, node):
        return [tuple((w.split(": ", 2) + ["", ""])[:3]) for w in self.refuses(ctrl, node)]

    def empty(self, ctrl, node):
        rows, why = self.rows(ctrl, node)
        return not why and not rows

    def pull_code(self, variant, param, arg):
        """the driver's code for a pull: BCM2835_PUD_* (the clocked
        sequence's GPPUD), or the BCM2711's BCM2711_PULL_* field"""
        k = self.k
        if variant.clocked:
            if param == "legacy-pull":
                return arg
            return k({"PIN_CONFIG_BIAS_DISABLE": "BCM2835_PUD_OFF",
                      "PIN_CONFIG_BIAS_PULL_DOWN": "BCM2835_PUD_DOWN",
                      "PIN_CONFIG_BIAS_PULL_UP": "BCM2835_PUD_UP"}[param])
        if param == "legacy-pull":
            # bcm2711_pinconf_set(): the legacy codes converted
            if arg == k("BCM2835_PUD_UP"):
                return k("BCM2711_PULL_UP")
            if arg == k("BCM2835_PUD_DOWN"):
                return k("BCM2711_PULL_DOWN")
            return k("BCM2711_PULL_NONE")
        return k({"PIN_CONFIG_BIAS_DISABLE": "BCM2711_PULL_NONE",
                  "PIN_CONFIG_BIAS_PULL_DOWN": "BCM2711_PULL_DOWN",
                  "PIN_CONFIG_BIAS_PULL_UP": "BCM2711_PULL_UP"}[param])

    def macro(self, name, arg):
        return self.k("%s(%d)" % (name, arg))

    def pin_writes(self, ctrl, node):
        v = self.variant(ctrl.orig)
        mux, conf = [], []
        if self.refuses(ctrl, node):
            return mux, conf
        fmask = self.k("BCM2835_FSEL_MASK")
        for pin, fsel, cfgs in self.rows(ctrl, node)[0]:
            if fsel is not None:
                sh = self.macro("FSEL_SHIFT", pin)
                mux.append(Write(0, self.macro("FSEL_REG", pin), fsel << sh, fmask << sh, 4, pin,
                                 "fsel"))
            for param, arg in cfgs:
                if param == "PIN_CONFIG_OUTPUT":
                    reg = self.reg("GPSET0" if arg else "GPCLR0") + \
                        self.macro("GPIO_REG_OFFSET", pin) * 4
                    conf.append(Write(0, reg, 1 << self.macro("GPIO_REG_SHIFT", pin),
                                      0xFFFFFFFF, 4, None, "out"))
                    continue
                code = self.pull_code(v, param, arg)
                if v.clocked:
                    clk = self.reg("GPPUDCLK0") + self.macro("GPIO_REG_OFFSET", pin) * 4
                    conf.append(Write(0, self.reg("GPPUD"), code & 3, 0xFFFFFFFF, 4, None,
                                      "pud"))
                    conf.append(Write(0, clk, 0, 0xFFFFFFFF, 4, None, "pudclk"))
                else:
                    reg = self.reg("GP_GPIO_PUP_PDN_CNTRL_REG0") + \
                        self.macro("PUD_2711_REG_OFFSET", pin) * 4
                    sh = self.macro("PUD_2711_REG_SHIFT", pin)
                    m = self.k("PUD_2711_MASK")
                    conf.append(Write(0, reg, code << sh, m << sh, 4, pin, "pull"))
        return mux, conf

    def not_rehearsed(self, ctrl, node):
        """what of the node a window cannot show: the BCM2835's pulls"""
        v = self.variant(ctrl.orig)
        if not v.clocked or self.refuses(ctrl, node):
            return None
        pins = sorted({p for p, _, cfgs in self.rows(ctrl, node)[0]
                       if any(c != "PIN_CONFIG_OUTPUT" for c, _ in cfgs)})
        if not pins:
            return None
        return "%s: the pulls of %s: %s (GPPUD, GPPUDCLKn), which a RAM window cannot hold" % (
            node.path, ", ".join("gpio%d" % p for p in pins), CLOCKED)

    def pin_name(self, ctrl, pin):
        return "gpio%d" % pin

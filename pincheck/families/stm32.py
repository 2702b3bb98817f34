# SPDX-License-Identifier: GPL-2.0
"""STM32 pin controllers (drivers/pinctrl/stm32/): the MP15 and MP13
(arm), the F4, F7 and H7 MCUs (arm) and the MP25 (arm64), each with its
Z controller where it has one.

The controller node has no registers of its own: each enabled GPIO bank
child (gpio-controller, the nodes for_each_gpiochip_node() walks) is one
window, in the order of the DT. Read from the tree, not retyped:
- the compatible's stm32_pinctrl_match_data (its of_device_id .data): the
  pin table and secure_control;
- the pin table's STM32_PIN/STM32_PIN_PKG rows: the pin number and name,
  the package mask (stm32_pctrl_create_pins_tab() keeps a row only when
  it shares a bit with the node's st,package) and the function numbers
  the pin has (stm32_pctrl_is_function_valid());
- the register offsets (STM32_GPIO_MODER, ...) and the per-bank pin count
  of pinctrl-stm32.c, and the mode and alternate of a function from its
  stm32_gpio_get_mode() and stm32_gpio_get_alt() switches.

A pin node holds subnodes, each with `pinmux = <STM32_PINMUX(port, line,
function)>` cells (pin = cell >> 8, function = cell & 0xff) and generic
configuration; stm32_pctrl_dt_subnode_to_map() makes a mux map and a
config map per pin. stm32_pmx_set_mode() writes the 4-bit alternate in
AFRL/AFRH (pin % 8 * 4) and the 2-bit mode in MODER; the configs, in
dt_params[] order: drive-push-pull/-open-drain the OTYPER bit, slew-rate
the 2-bit OSPEEDR field, bias-disable/-pull-up/-pull-down the 2-bit PUPDR
field (0, 1, 2), output-high/-low a BSRR word and the output mode. Every
write is a read-modify-write; the probe writes nothing. Any other
configuration is -ENOTSUPP: the state fails.
"""

import glob
import os
import re

from .. import csrc, generic
from .base import POISON, Family, Write

D = "drivers/pinctrl/stm32"


class Table:
    """one compatible's stm32_pinctrl_match_data"""

    def __init__(self, path, data, consts):
        text = csrc.read(path)
        body = csrc.block(text, r"struct stm32_pinctrl_match_data\s+%s\s*=\s*\{" % re.escape(data))
        f = csrc.fields(body or "")
        self.path = path
        self.secure = f.get("secure_control", "false").strip() == "true"
        arr = csrc.block(text, r"\b%s\s*\[\s*\]\s*=\s*\{" % re.escape(f.get("pins", "?")))
        self.rows = []          # (number, name, pkg mask, {function numbers})
        for name in ("STM32_PIN", "STM32_PIN_PKG"):
            for start, args in csrc.calls(arr or "", name):
                pm = re.match(r"PINCTRL_PIN\(\s*([^,]+?)\s*,\s*\"([^\"]+)\"\s*\)", args[0])
                if not pm:
                    continue
                pkg = csrc.cint(args[1], consts) if name == "STM32_PIN_PKG" else 0
                funcs = {0}
                for a in args[2 if name == "STM32_PIN_PKG" else 1:]:
                    fm = re.match(r"STM32_FUNCTION\(\s*([^,]+?)\s*,", a)
                    if fm:
                        funcs.add(csrc.cint(fm.group(1), consts))
                self.rows.append((start, csrc.cint(pm.group(1), consts), pm.group(2), pkg, funcs))
        self.rows.sort()

    def pins(self, package):
        """{pin number: (name, functions)} as stm32_pctrl_create_pins_tab()
        keeps them for the package (0: no st,package, every row)"""
        return {n: (nm, fs) for _, n, nm, pkg, fs in self.rows if not package or package & pkg}


def switch_cases(text, fn, macros):
    """[(low, high, return expression)] of the switch of function fn, and
    the expression it returns after the switch"""
    body = csrc.block(text, r"\b%s\s*\([^)]*\)\s*\{" % fn)
    if body is None:
        raise SystemExit("stm32: no %s() in pinctrl-stm32.c" % fn)
    out = []
    for m in re.finditer(r"((?:case\s+[^:]+:\s*)+)return\s+([^;]+);", body):
        for c in re.findall(r"case\s+([^:]+):", m.group(1)):
            lo, _, hi = c.partition("...")
            out.append((expand(lo, macros), expand(hi or lo, macros), m.group(2).strip()))
    tail = re.findall(r"return\s+([^;]+);", body.rsplit("}", 1)[-1])
    return out, tail[-1].strip() if tail else "0"


def expand(expr, macros):
    """the value of expr with the header's function-like macros expanded"""
    for _ in range(8):
        def sub(m):
            params, bodyx = macros[m.group(1)]
            args = [a.strip() for a in m.group(2).split(",")]
            for p, a in zip(params, args):
                bodyx = re.sub(r"\b%s\b" % re.escape(p), "(%s)" % a, bodyx)
            return "(%s)" % bodyx
        new = re.sub(r"\b(%s)\s*\(([^()]*)\)" % "|".join(map(re.escape, macros)), sub, expr) \
            if macros else expr
        if new == expr:
            break
        expr = new
    return expr


class STM32(Family):
    name = "stm32"
    group_per_pin = True
    drop = Family.drop + ("st,syscfg", "hwlocks", "hwlock-names")

    def __init__(self):
        self.files = None       # compatible -> (driver file, match data name)
        self.tables = {}
        self.consts = {}
        self.params = None

    def load(self):
        if self.files is not None:
            return
        ksrc = os.environ["KSRC"]
        d = os.path.join(ksrc, D)
        hdr = csrc.read(os.path.join(d, "pinctrl-stm32.h"))
        core = csrc.read(os.path.join(d, "pinctrl-stm32.c"))
        consts, macros = {}, {}
        for text in (hdr, core):
            for k, v in csrc.defines(text).items():
                if isinstance(v, str):
                    consts[k] = v
                else:
                    macros[k] = v
        fm = {k: v for k, v in macros.items() if k.startswith("STM32_PIN")}
        self.consts = consts = {k: expand(v, fm) for k, v in consts.items()}
        self.regs = {k: csrc.cint(consts["STM32_GPIO_" + k], consts)
                     for k in ("MODER", "TYPER", "SPEEDR", "PUPDR", "BSRR", "AFRL", "SECCFGR")}
        self.per_bank = csrc.cint(consts["STM32_GPIO_PINS_PER_BANK"], consts)
        self.mode_cases = switch_cases(core, "stm32_gpio_get_mode", fm)
        self.alt_cases = switch_cases(core, "stm32_gpio_get_alt", fm)
        self.files = {}
        for f in sorted(glob.glob(os.path.join(d, "pinctrl-stm32*.c"))):
            text = csrc.read(f)
            if "stm32_pctl_probe" not in text or f.endswith("/pinctrl-stm32.c"):
                continue
            for m in re.finditer(r"\.compatible\s*=\s*\"([^\"]+)\"\s*,\s*\.data\s*=\s*&(\w+)", text):
                self.files[m.group(1)] = (f, m.group(2))
        self.params = generic.rules(ksrc).params

    def case_value(self, cases, function):
        """what stm32_gpio_get_mode()/get_alt() return for function"""
        table, default = cases
        for lo, hi, ret in table:
            if csrc.cint(lo, self.consts) <= function <= csrc.cint(hi, self.consts):
                return csrc.cint(ret.replace("function", str(function)), self.consts)
        return csrc.cint(default, self.consts)

    def mode_alt(self, function):
        return (self.case_value(self.mode_cases, function),
                self.case_value(self.alt_cases, function))

    def table(self, node):
        self.load()
        for c in node.strings("compatible"):
            if c in self.files:
                if c not in self.tables:
                    self.tables[c] = Table(*self.files[c], self.consts)
                return self.tables[c]
        return None

    def match(self, node):
        return self.table(node) is not None

    def driver_file(self, node):
        t = self.table(node)
        return t.path if t else None

    def pins(self, ctrl):
        return self.table(ctrl.orig).pins(ctrl.orig.u32("st,package", 0))

    # -- the banks -----------------------------------------------------------
    @staticmethod
    def banks(node):
        """the bank children the probe registers, in DT order"""
        return [c for c in node.children if c.has("gpio-controller") and
                c.string("status") in (None, "okay", "ok")]

    def reg_nodes(self, node):
        return [b for b in self.banks(node) if b.has("reg")]

    def bank_map(self, ctrl):
        """{bank number: window index}: the bank number from the first
        gpio-ranges entry (its pin base / 16), else the bank's position,
        as stm32_gpiolib_register_bank() numbers it"""
        out = {}
        for i, b in enumerate(self.reg_nodes(ctrl.orig)):
            r = b.cells("gpio-ranges") or []
            nr = r[2] // self.per_bank if len(r) >= 4 else i
            out.setdefault(nr, i)
        return out

    def fixup(self, orig, copy, ctx):
        """every bank a clock (of_clk_get_by_name(np, NULL) fails the
        probe otherwise); no resets, no interrupt-parent (the EXTI domain
        is used only when the node has one)"""
        for b in copy.children:
            if not b.has("gpio-controller"):
                continue
            for p in ("clocks", "clock-names", "resets", "reset-names", "interrupt-parent",
                      "interrupts", "interrupts-extended"):
                b.props.pop(p, None)
            b.set_cells("clocks", [ctx["clock"]])
            # the bank's own pin states: see inner_states()
            for p in [p for p in b.props if re.fullmatch(r"pinctrl-(\d+|names)", p)]:
                del b.props[p]

    def inner_states(self, ctrl, node):
        """a bank's pin states are applied by its GPIO device (gpiolib's
        stub driver binds it), which the rehearsal does not name: dropped
        from the copy"""
        return "pin states of a GPIO bank, which its GPIO device applies"

    def reset_image(self, ctrl, window, size):
        """0xa5a5a5a5 in every word; SECCFGR 0 on a secure_control part
        (stm32_gpio_init_valid_mask() takes a set bit as a pin Linux may
        not touch)"""
        buf = bytearray(POISON.to_bytes(4, "little") * (size // 4))
        if self.table(ctrl.orig).secure:
            off = self.regs["SECCFGR"]
            buf[off:off + 4] = bytes(4)
        return bytes(buf)

    # -- pin nodes -----------------------------------------------------------
    def cells(self, sub):
        raw = sub.props.get("pinmux")
        if raw is None or not raw or len(raw) % 4:
            return None
        return sub.cells("pinmux")

    def configs(self, node):
        return generic.node_configs(self.params, node)

    SUPPORTED = ("PIN_CONFIG_DRIVE_PUSH_PULL", "PIN_CONFIG_DRIVE_OPEN_DRAIN",
                 "PIN_CONFIG_SLEW_RATE", "PIN_CONFIG_BIAS_DISABLE", "PIN_CONFIG_BIAS_PULL_UP",
                 "PIN_CONFIG_BIAS_PULL_DOWN", "PIN_CONFIG_OUTPUT")

    def refuses(self, ctrl, node):
        """what makes the state fail: stm32_pctrl_dt_subnode_to_map()'s
        -EINVAL (no pinmux, a pin or function the table lacks), a
        configuration the driver does not take (-ENOTSUPP)"""
        self.load()
        pins = self.pins(ctrl)
        for sub in node.children:
            cells = self.cells(sub)
            if cells is None:
                return ["%s: no pinmux property" % sub.path]
            for c in cells:
                pin, func = c >> 8, c & 0xFF
                if pin not in pins:
                    return ["%s: pinmux: no pin %d on this controller" % (sub.path, pin)]
                if func not in pins[pin][1]:
                    return ["%s: pinmux: invalid function %d on pin %s" % (sub.path, func,
                                                                          pins[pin][0])]
            for name, param, _ in self.configs(sub):
                if param not in self.SUPPORTED:
                    return ["%s: %s: not supported by the driver" % (sub.path, name)]
        return []

    def bankless(self, ctrl, node):
        """(subnode, pin) of the first pin of a bank the probe did not
        register (its node disabled or missing), or None"""
        banks = self.bank_map(ctrl)
        for sub in node.children:
            for c in self.cells(sub) or []:
                if (c >> 8) // self.per_bank not in banks:
                    return sub, c >> 8
        return None

    def mux_error(self, ctrl, node):
        """stm32_pmx_request(): a pin of a bank without a GPIO range ("No
        gpio range defined."), when the core claims it"""
        self.load()
        bad = not self.refuses(ctrl, node) and self.bankless(ctrl, node)
        return "%s: pinmux: pin %s is in a bank the probe did not register" % (
            bad[0].path, self.pin_name(ctrl, bad[1])) if bad else None

    def empty(self, ctrl, node):
        return False        # a subnode without pinmux fails the state

    def pin_writes(self, ctrl, node):
        self.load()
        mux, conf = [], []
        if self.refuses(ctrl, node):
            return mux, conf
        banks = self.bank_map(ctrl)
        # a group per pin, muxed in order up to a pin the claim refuses
        # (mux_error()), and then no configuration
        bad = self.bankless(ctrl, node)
        for sub in node.children:
            cfgs = self.configs(sub) if not bad else []
            for c in self.cells(sub):
                pin, func = c >> 8, c & 0xFF
                if bad and (sub, pin) == bad:
                    return mux, []
                win, off = banks[pin // self.per_bank], pin % self.per_bank
                mode, alt = self.mode_alt(func)
                mux += self.set_mode(win, pin, off, mode, alt)
                for _, param, arg in cfgs:
                    conf += self.config(win, pin, off, param, arg)
        return mux, conf

    def set_mode(self, win, pin, off, mode, alt):
        """stm32_pmx_set_mode(): the alternate, then the mode"""
        sh = off % 8 * 4
        return [Write(win, r_afr(self.regs, off), alt << sh, 0xF << sh, 4, pin, "alt"),
                Write(win, self.regs["MODER"], mode << (2 * off), 3 << (2 * off), 4, pin, "mode")]

    def config(self, win, pin, off, param, arg):
        r = self.regs
        if param in ("PIN_CONFIG_DRIVE_PUSH_PULL", "PIN_CONFIG_DRIVE_OPEN_DRAIN"):
            v = 1 if param.endswith("OPEN_DRAIN") else 0
            return [Write(win, r["TYPER"], v << off, 1 << off, 4, pin, "type")]
        if param == "PIN_CONFIG_SLEW_RATE":
            return [Write(win, r["SPEEDR"], (arg & 3) << (2 * off), 3 << (2 * off), 4, pin,
                          "speed")]
        if param.startswith("PIN_CONFIG_BIAS_"):
            v = {"PIN_CONFIG_BIAS_DISABLE": 0, "PIN_CONFIG_BIAS_PULL_UP": 1,
                 "PIN_CONFIG_BIAS_PULL_DOWN": 2}[param]
            return [Write(win, r["PUPDR"], v << (2 * off), 3 << (2 * off), 4, pin, "bias")]
        if param == "PIN_CONFIG_OUTPUT":
            # __stm32_gpio_set(): BSRR's set bit, or its reset bit 16 up;
            # then the output mode, alternate 0
            bit = off if arg else off + self.per_bank
            return [Write(win, r["BSRR"], 1 << bit, 0xFFFFFFFF, 4, pin, "out")] + \
                self.set_mode(win, pin, off, 1, 0)
        return []

    def pin_name(self, ctrl, pin):
        p = self.pins(ctrl).get(pin)
        return p[0] if p else "pin%d" % pin


def r_afr(regs, off):
    """AFRL for pins 0-7, AFRH (the next word) for 8-15"""
    return regs["AFRL"] + off // 8 * 4

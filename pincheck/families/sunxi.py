# SPDX-License-Identifier: GPL-2.0
"""Allwinner (sunxi) pin controllers, H6/H616/H618: the function-to-mux
table, the pin base, the IRQ banks and the register layout are read from
the driver sources of the tree (drivers/pinctrl/sunxi/), not retyped.

The driver (pinctrl-sunxi.c) reads the generic names itself
(sunxi_pctrl_build_pin_config()): "pins"/"allwinner,pins",
"function"/"allwinner,function", drive-strength (10..40 mA, rounded down
to 10 mA steps) or allwinner,drive, bias-pull-up/-down/-disable or
allwinner,pull. Every pin of a node gets one mux setting and one config
setting with [drive, bias]; the writes are read-modify-writes of 4-bit mux,
2-bit drive and 2-bit pull fields.
"""

import glob
import os
import re

from .. import csrc
from .base import Family, Write

# Documented reset values (H6/H616 user manuals, Px_CFG/Px_DRV/Px_PULL):
# every function field 7 (I/O disabled), drive level 1, no pull.
RESET_CFG, RESET_DRV, RESET_PULL = 0x77777777, 0x55555555, 0x00000000


class SunxiTable:
    def __init__(self, path, hdr):
        text = csrc.read(path)
        self.path = path
        self.funcs = {}         # pin name -> {function: muxval}
        for _, args in csrc.calls(text, "SUNXI_PIN"):
            pm = re.match(r"SUNXI_PINCTRL_PIN\(\s*([A-Z])\s*,\s*(\d+)\s*\)", args[0])
            if not pm:
                continue
            name = "P%s%s" % (pm.group(1), pm.group(2))
            fs = {}
            for a in args[1:]:
                fm = re.match(r"SUNXI_FUNCTION(?:_VARIANT)?\(\s*(0x[0-9a-fA-F]+|\d+)\s*,\s*\"([^\"]+)\"", a)
                if fm:
                    fs.setdefault(fm.group(2), int(fm.group(1), 0))
            self.funcs[name] = fs
        base = re.search(r"\.pin_base\s*=\s*(P[A-Z])_BASE", text)
        self.pin_base = hdr.get(base.group(1) + "_BASE", "0") if base else "0"
        self.pin_base = int(self.pin_base, 0)
        nb = re.search(r"\.irq_banks\s*=\s*(\d+|ARRAY_SIZE\((\w+)\))", text)
        bank_map = None
        if nb and nb.group(2):
            arr = re.search(r"%s\[\]\s*=\s*\{([^}]*)\}" % nb.group(2), text)
            bank_map = [int(x, 0) for x in arr.group(1).replace(",", " ").split()]
            self.irq_banks = len(bank_map)
        else:
            self.irq_banks = int(nb.group(1)) if nb else 0
        m = re.search(r"\.irq_bank_map\s*=\s*(\w+)", text)
        if m:
            arr = re.search(r"%s\[\]\s*=\s*\{([^}]*)\}" % m.group(1), text)
            bank_map = [int(x, 0) for x in arr.group(1).replace(",", " ").split()]
        self.bank_map = bank_map or list(range(self.irq_banks))
        self.d1 = "PINCTRL_SUN20I_D1" in text or "SUNXI_PINCTRL_NEW_REG_LAYOUT" in text

    def pin_number(self, name):
        m = re.fullmatch(r"P([A-Z])(\d+)", name)
        return (ord(m.group(1)) - ord("A")) * 32 + int(m.group(2)) if m else None


class Sunxi(Family):
    name = "sunxi"

    def __init__(self):
        self.tables = None
        self.hdr = {}

    def load(self, ksrc):
        if self.tables is not None:
            return
        d = os.path.join(ksrc, "drivers/pinctrl/sunxi")
        self.hdr = {k: v for k, v in csrc.defines(csrc.read(os.path.join(d, "pinctrl-sunxi.h"))).items()
                    if isinstance(v, str)}
        self.tables = {}
        for f in glob.glob(os.path.join(d, "pinctrl-sun*.c")):
            text = csrc.read(f)
            for c in re.findall(r"\.compatible\s*=\s*\"([^\"]+)\"", text):
                self.tables[c] = f
        self.loaded = {}

    def table(self, node):
        self.load(os.environ["KSRC"])
        for c in node.strings("compatible"):
            if c in self.tables and re.search(r"sun50i-h6|sun50i-h616", c):
                if c not in self.loaded:
                    self.loaded[c] = SunxiTable(self.tables[c], self.hdr)
                return self.loaded[c]
        return None

    def match(self, node):
        return self.table(node) is not None

    def driver_file(self, node):
        self.load(os.environ["KSRC"])
        return next((self.tables[c] for c in node.strings("compatible") if c in self.tables), None)

    def h(self, name):
        return csrc.cint(self.hdr[name], self.hdr)

    def fixup(self, orig, copy, ctx):
        names = orig.strings("clock-names")
        n = len(orig.cells("clocks") or []) and max(len(names), 1)
        if names:
            copy.set_strings("clock-names", names)
            copy.set_cells("clocks", [ctx["clock"]] * len(names))
        elif n:
            copy.set_cells("clocks", [ctx["clock"]])
        t = self.table(orig)
        irqs = []
        for _ in range(t.irq_banks):
            irqs += [0, ctx["spi"], 4]
            ctx["spi"] += 1
        if irqs:
            copy.set_cells("interrupts", irqs)

    def reset_image(self, ctrl, window, size):
        buf = bytearray(size)
        self.table(ctrl.orig)   # reads pinctrl-sunxi.h for self.h()
        bank_size = self.h("BANK_MEM_SIZE")
        nbanks = min(self.h("IRQ_CFG_REG") // bank_size, size // bank_size)
        for b in range(nbanks):
            base = b * bank_size
            for i in range(4):
                put(buf, base + self.h("MUX_REGS_OFFSET") + 4 * i, RESET_CFG)
            for i in range(2):
                put(buf, base + self.h("DLEVEL_REGS_OFFSET") + 4 * i, RESET_DRV)
                put(buf, base + self.h("PULL_REGS_OFFSET") + 4 * i, RESET_PULL)
        return bytes(buf)

    def probe_writes(self, ctrl):
        """what sunxi_pinctrl_init() writes before any state: every IRQ
        bank masked (ctrl 0) and its status cleared (0xffffffff)"""
        t = self.table(ctrl.orig)
        out = []
        for i in range(t.irq_banks):
            hw = t.bank_map[i]
            out.append(Write(0, self.h("IRQ_CTRL_REG") + hw * self.h("IRQ_MEM_SIZE"), 0,
                             0xFFFFFFFF, 4, None, "irq-ctrl"))
            out.append(Write(0, self.h("IRQ_STATUS_REG") + hw * self.h("IRQ_MEM_SIZE"),
                             0xFFFFFFFF, 0xFFFFFFFF, 4, None, "irq-status"))
        return out

    def field(self, pin, regs_offset, width):
        bank, idx = pin // 32, pin % 32 * width
        reg = bank * self.h("BANK_MEM_SIZE") + regs_offset + idx // 32 * 4
        shift = idx % 32
        return reg, shift, ((1 << width) - 1) << shift

    def node_config(self, node):
        drive = bias = None
        if node.has("drive-strength"):
            v = node.u32("drive-strength")
            drive = None if v < 10 else min(v, 40) // 10 * 10
        elif node.has("allwinner,drive"):
            drive = (node.u32("allwinner,drive") + 1) * 10
        if node.has("bias-pull-up"):
            bias = 1
        elif node.has("bias-pull-down"):
            bias = 2
        elif node.has("bias-disable"):
            bias = 0
        elif node.has("allwinner,pull"):
            bias = {0: 0, 1: 1, 2: 2}.get(node.u32("allwinner,pull"))
        return drive, bias

    def problems(self, ctrl, node):
        t = self.table(ctrl.orig)
        func = node.string("function") or node.string("allwinner,function")
        out = []
        for p in node.strings("pins") or node.strings("allwinner,pins"):
            if p not in t.funcs:
                out.append("unknown pin %s (the driver skips it)" % p)
            elif func not in t.funcs[p]:
                out.append("pin %s has no function %s (the driver skips it; it has %s)"
                           % (p, func, ", ".join(sorted(t.funcs[p]))))
        return out

    def pin_writes(self, ctrl, node):
        t = self.table(ctrl.orig)
        func = node.string("function") or node.string("allwinner,function")
        drive, bias = self.node_config(node)
        mux, conf = [], []
        w = self.h("MUX_FIELD_WIDTH")
        for p in node.strings("pins") or node.strings("allwinner,pins"):
            if p not in t.funcs or func not in t.funcs[p]:
                continue
            pin = t.pin_number(p)
            local = pin - t.pin_base
            reg, shift, mask = self.field(local, self.h("MUX_REGS_OFFSET"), w)
            mux.append(Write(0, reg, t.funcs[p][func] << shift, mask, 4, pin, "mux"))
            if drive is not None:
                reg, shift, mask = self.field(local, self.h("DLEVEL_REGS_OFFSET"),
                                              self.h("DLEVEL_FIELD_WIDTH"))
                conf.append(Write(0, reg, (drive // 10 - 1) << shift, mask, 4, pin, "drive"))
            if bias is not None:
                reg, shift, mask = self.field(local, self.h("PULL_REGS_OFFSET"),
                                              self.h("PULL_FIELD_WIDTH"))
                conf.append(Write(0, reg, bias << shift, mask, 4, pin, "pull"))
        return mux, conf

    def pin_name(self, ctrl, pin):
        return "P%s%d" % (chr(ord("A") + pin // 32), pin % 32)


def put(buf, off, val):
    if off + 4 <= len(buf):
        buf[off:off + 4] = val.to_bytes(4, "little")

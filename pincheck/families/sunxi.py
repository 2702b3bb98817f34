# SPDX-License-Identifier: GPL-2.0
"""Allwinner (sunxi) pin controllers, every one of the tree: A10/A20/R40,
A10s/A13/GR8, A31/A31s (+R), A23/A33 (+R), A83T (+R), H3 (+R), V3/V3s,
A80 (+R), D1/T113, F1C100s, A64 (+R), H5, H6 (+R), H616 (+R), A100 (+R).

Everything is read from the driver sources of the tree
(drivers/pinctrl/sunxi/), nothing retyped:
- the driver file of a compatible from its of_device_id table, and the
  variant its probe passes (the entry's .data, PINCTRL_* of
  pinctrl-sunxi.h; 0 for sunxi_pinctrl_init());
- the sunxi_pinctrl_desc the probe uses (H5 has two: its probe takes the
  one whose irq_banks is the node's interrupt count), its pins array,
  pin_base (the R-PIO's PL_BASE), irq_banks and irq_bank_map;
- the SUNXI_PIN / SUNXI_PIN_VARIANT rows and their SUNXI_FUNCTION*
  entries, filtered by the variant as sunxi_pinctrl_build_state() does: a
  pin or function with a variant mask exists only when the mask shares a
  bit with the driver's variant;
- the register layout of sunxi_pinctrl_init_with_variant(): from the
  variant named in its "variant >= ..." test (the D1) the bank size, pull
  offset and drive field width of its if branch, else those of its else
  branch; the rest from pinctrl-sunxi.h.

The driver (pinctrl-sunxi.c) reads the generic names itself
(sunxi_pctrl_build_pin_config()): "pins"/"allwinner,pins",
"function"/"allwinner,function", drive-strength (10..40 mA, rounded down
to 10 mA steps) or allwinner,drive, bias-pull-up/-down/-disable or
allwinner,pull. Every pin of a node gets one mux setting and one config
setting with [drive, bias]; the writes are read-modify-writes of the mux,
drive and pull fields. The IO-bias writes need a supply with a voltage:
the copy has none (the dummy regulator has no voltage), so there are none,
and the older parts have no IO-bias registers at all.
"""

import glob
import os
import re

from .. import cache, csrc
from .base import Family, Write


def _ints(body):
    return [int(x, 0) for x in body.replace(",", " ").split()]


class SunxiTable:
    """one compatible's view of its driver: variant, desc, pins, layout"""

    def __init__(self, path, compat, hdr, layout, nirqs):
        text = csrc.read(path)
        self.path = path
        self.compat = compat
        # the header's constants, and the file's own (7.3 defines its
        # variants, PINCTRL_SUN5I_GR8, in the SoC's file)
        hdr = dict(hdr)
        hdr.update({k: v for k, v in csrc.defines(text).items()
                    if isinstance(v, str) and k not in hdr})
        self.hdr = hdr
        # the variant: the of_device_id entry's .data
        m = re.search(r"\.compatible\s*=\s*\"%s\"\s*,?\s*(?:\.data\s*=\s*\(\s*(?:const\s+)?"
                      r"void\s*\*\s*\)\s*([^,}]+?)\s*,?\s*)?\}" % re.escape(compat), text)
        self.variant = csrc.cint(m.group(1), hdr) if m and m.group(1) else 0
        # the descs of the file; the one the probe takes
        descs = []
        for dm in re.finditer(r"struct\s+sunxi_pinctrl_desc\s+(\w+)\s*=\s*\{", text):
            descs.append(csrc.fields(csrc.block(text[dm.start():], r"=\s*\{")))
        for d in descs:
            d["_irq_banks"] = self._irq_banks(text, d)
        pick = [d for d in descs if d["_irq_banks"] == nirqs] if len(descs) > 1 else []
        desc = (pick or descs)[-1]
        self.irq_banks = desc["_irq_banks"]
        bm = desc.get("irq_bank_map")
        self.bank_map = self._array(text, bm) if bm else list(range(self.irq_banks))
        self.pin_base = csrc.cint(desc.get("pin_base", "0"), hdr)
        self.io_bias = desc.get("io_bias_cfg_variant", "BIAS_VOLTAGE_NONE")
        self.desc_irq_counts = sorted({d["_irq_banks"] for d in descs})
        # the rows of the pins array, filtered by the variant
        rows = csrc.block(text, r"\b%s\s*\[\s*\]\s*=\s*\{" % re.escape(desc["pins"]))
        self.funcs = {}         # pin name -> {function: muxval}, first match wins
        self.numbers = {}       # pin name -> pin number
        self.muxvals = set()
        calls = sorted(csrc.calls(rows, "SUNXI_PIN") + csrc.calls(rows, "SUNXI_PIN_VARIANT"))
        for start, args in calls:
            variant_pin = re.match(r"SUNXI_PIN_VARIANT", rows[start:])
            pm = re.match(r"SUNXI_PINCTRL_PIN\(\s*([A-Z])\s*,\s*(\d+)\s*\)", args[0])
            if not pm:
                continue
            funcs = args[1:]
            if variant_pin:
                if not self.has(csrc.cint(args[1], hdr)):
                    continue
                funcs = args[2:]
            name = "P%s%s" % (pm.group(1), pm.group(2))
            self.numbers[name] = csrc.cint("P%s_BASE" % pm.group(1), hdr) + int(pm.group(2))
            fs = {}
            for a in funcs:
                f = self._function(a)
                if f and f[0] not in fs and self.has(f[2]):
                    fs[f[0]] = f[1]
                    self.muxvals.add(f[1])
            self.funcs[name] = fs
        # the register layout of this variant
        if "flag" in layout:
            new = bool(re.search(r"sunxi_pinctrl_init_with_flags\([^;]*\b%s\b" % layout["flag"],
                                 text))
        else:
            new = self.variant >= csrc.cint(layout["from"], hdr)
        pick = layout["if" if new else "else"]
        self.bank_size = csrc.cint(pick["bank_mem_size"], hdr)
        self.pull_off = csrc.cint(pick["pull_regs_offset"], hdr)
        self.dlevel_width = csrc.cint(pick["dlevel_field_width"], hdr)
        self.new_layout = new

    def has(self, mask):
        """sunxi_pinctrl_build_state(): no mask, or one bit of the variant"""
        return not mask or bool(mask & self.variant)

    def _function(self, a):
        """(name, muxval, variant mask) of a SUNXI_FUNCTION* entry"""
        m = re.match(r"(SUNXI_FUNCTION(?:_VARIANT|_IRQ_BANK|_IRQ)?)\s*\(", a)
        if not m:
            return None
        args = csrc.calls(a, m.group(1))[0][1]
        val = csrc.cint(args[0], self.hdr)
        if m.group(1) == "SUNXI_FUNCTION":
            return args[1].strip('"'), val, 0
        if m.group(1) == "SUNXI_FUNCTION_VARIANT":
            return args[1].strip('"'), val, csrc.cint(args[2], self.hdr)
        return "irq", val, 0

    def _array(self, text, name):
        arr = re.search(r"\b%s\s*\[\s*\]\s*=\s*\{([^}]*)\}" % re.escape(name), text)
        return _ints(arr.group(1))

    def _irq_banks(self, text, d):
        e = d.get("irq_banks", "0")
        m = re.fullmatch(r"ARRAY_SIZE\((\w+)\)", e)
        return len(self._array(text, m.group(1))) if m else csrc.cint(e, self.hdr)

    def pin_number(self, name):
        return self.numbers.get(name)


class Sunxi(Family):
    name = "sunxi"

    def __init__(self):
        self.files = None       # compatible -> driver file
        self.sources = []
        self.hdr = {}
        self.layout = None
        self.loaded = {}

    def load(self, ksrc):
        if self.files is not None:
            return
        # kept between runs (cache.memo) while no source of the directory
        # changes, as is each SoC's table
        d = os.path.join(ksrc, "drivers/pinctrl/sunxi")
        self.sources = glob.glob(os.path.join(d, "*.[ch]"))
        self.hdr, self.layout, self.files = cache.memo(
            "sunxi", self.sources, lambda: read_drivers(d), code=(__file__, csrc.__file__))

    def table(self, node):
        self.load(os.environ["KSRC"])
        for c in node.strings("compatible"):
            if c in self.files:
                n = irq_count(node)
                if (c, n) not in self.loaded:
                    self.loaded[(c, n)] = cache.memo(
                        "sunxi-%s-%d" % (c, n), self.sources, lambda: self.read_table(c, n),
                        code=(__file__, csrc.__file__))
                return self.loaded[(c, n)]
        return None

    def read_table(self, c, n):
        """table() from the sources"""
        # a SoC whose pins the DT describes (7.3's A523,
        # sunxi_pinctrl_dt_table_init()) has no table to read
        if not re.search(r"\.pins\s*=", csrc.read(self.files[c])):
            return None
        return SunxiTable(self.files[c], c, self.hdr, self.layout, n)

    def match(self, node):
        return self.table(node) is not None

    def driver_file(self, node):
        """the node's driver (families.missing_symbol() reads its Makefile
        line: the F1C100s's is def_bool MACH_SUNIV, not in the image)"""
        self.load(os.environ["KSRC"])
        return next((self.files[c] for c in node.strings("compatible") if c in self.files), None)

    def h(self, name):
        return csrc.cint(self.hdr[name], self.hdr)

    def fixup(self, orig, copy, ctx):
        """the probe's clock: "apb" by name when the node has more than
        one (of_clk_get_parent_count()), else the only one; as many
        interrupts as the node has (H5's probe picks its table by their
        count, the others take irq_banks of them)"""
        names = orig.strings("clock-names")
        n = specifier_count(orig, "clocks", "#clock-cells")
        if names:
            copy.set_strings("clock-names", names)
        if n:
            copy.set_cells("clocks", [ctx["clock"]] * n)
        irqs = []
        for _ in range(irq_count(orig)):
            irqs += [0, ctx["spi"], 4]
            ctx["spi"] += 1
        if irqs:
            copy.set_cells("interrupts", irqs)

    def reset_fill(self, t):
        """(cfg, drv, pull) words at reset: every pin's function the I/O
        disable value, when the part has one (the top value of the field,
        7, or 15 with the D1's layout, which the table gives no function);
        the A10/A20/R40 table uses 7 for a function, as those parts have no
        disable: their pins reset as inputs (0). Drive level 1, no pull."""
        top = 0xF if t.new_layout else 0x7
        fn = 0 if top in t.muxvals else top
        w = self.h("MUX_FIELD_WIDTH")
        cfg = sum(fn << (i * w) for i in range(32 // w))
        dw = t.dlevel_width
        drv = sum(1 << (i * dw) for i in range(32 // dw))
        return cfg, drv, 0

    def reset_image(self, ctrl, window, size):
        buf = bytearray(size)
        t = self.table(ctrl.orig)
        cfg, drv, pull = self.reset_fill(t)
        nbanks = min(self.h("IRQ_CFG_REG") // t.bank_size, size // t.bank_size)
        per = 32 // self.h("MUX_FIELD_WIDTH")
        for b in range(nbanks):
            base = b * t.bank_size
            for i in range(32 // per):
                put(buf, base + self.h("MUX_REGS_OFFSET") + 4 * i, cfg)
            for i in range(t.dlevel_width):
                put(buf, base + self.h("DLEVEL_REGS_OFFSET") + 4 * i, drv)
            for i in range(self.h("PULL_FIELD_WIDTH")):
                put(buf, base + t.pull_off + 4 * i, pull)
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

    @staticmethod
    def field(t, pin, regs_offset, width):
        """sunxi_mux_reg() and its siblings: pin relative to pin_base"""
        bank, idx = pin // 32, pin % 32 * width
        reg = bank * t.bank_size + regs_offset + idx // 32 * 4
        shift = idx % 32
        return reg, shift, ((1 << width) - 1) << shift

    @staticmethod
    def node_config(node):
        """(drive mA or None, bias code or None, why the driver refuses
        the node or None), as sunxi_pctrl_build_pin_config()"""
        drive = bias = None
        if node.has("drive-strength"):
            v = node.u32("drive-strength")
            if v < 10:
                return None, None, "drive-strength %d mA is below 10 mA" % v
            drive = min(v, 40) // 10 * 10
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
            if bias is None:
                return None, None, "allwinner,pull = %d is not 0, 1 or 2" % node.u32("allwinner,pull")
        return drive, bias, None

    @staticmethod
    def props(node):
        func = node.string("function") or node.string("allwinner,function")
        pins = node.strings("pins") or node.strings("allwinner,pins")
        return func, pins

    def refuses(self, ctrl, node):
        """why sunxi_pctrl_dt_node_to_map() fails the node with -EINVAL
        (every state of the device, and its probe, fail with it)"""
        func, pins = self.props(node)
        if not func:
            return ["%s: no function property" % node.path]
        if not pins:
            return ["%s: no pins property" % node.path]
        why = self.node_config(node)[2]
        return ["%s: %s" % (node.path, why)] if why else []

    def problems(self, ctrl, node):
        """[(node path, property, what)]: the pins and functions the
        table lacks"""
        t = self.table(ctrl.orig)
        fprop = "function" if node.has("function") else "allwinner,function"
        pprop = "pins" if node.has("pins") else "allwinner,pins"
        func, pins = self.props(node)
        if not func:
            return [(node.path, fprop, "no function property")]
        if not pins:
            return [(node.path, pprop, "no pins property")]
        why = self.node_config(node)[2]
        if why:
            # "<property> ...": the property the driver refuses
            prop, _, what = why.partition(" ")
            return [(node.path, prop, what)]
        out = []
        for p in pins:
            if p not in t.funcs:
                out.append((node.path, pprop, "unknown pin '%s' (the driver skips it)" % p))
            elif func not in t.funcs[p]:
                out.append((node.path, fprop, "pin %s has no function %s (the driver skips it; "
                            "it has %s)" % (p, func, ", ".join(sorted(t.funcs[p])))))
        return out

    def functions(self, ctrl, node):
        t = self.table(ctrl.orig)
        _, pins = self.props(node)
        have = [set(t.funcs[p]) for p in pins if p in t.funcs]
        return set.intersection(*have) if have else None

    def empty(self, ctrl, node):
        return not self.refuses(ctrl, node) and not any(self.pin_writes(ctrl, node))

    def pin_writes(self, ctrl, node):
        t = self.table(ctrl.orig)
        func, pins = self.props(node)
        drive, bias, why = self.node_config(node)
        mux, conf = [], []
        if why or not func:
            return mux, conf
        for p in pins:
            if p not in t.funcs or func not in t.funcs[p]:
                continue
            pin = t.pin_number(p)
            local = pin - t.pin_base
            reg, shift, mask = self.field(t, local, self.h("MUX_REGS_OFFSET"),
                                          self.h("MUX_FIELD_WIDTH"))
            mux.append(Write(0, reg, t.funcs[p][func] << shift, mask, 4, pin, "mux"))
            if drive is not None:
                reg, shift, mask = self.field(t, local, self.h("DLEVEL_REGS_OFFSET"),
                                              t.dlevel_width)
                conf.append(Write(0, reg, (drive // 10 - 1) << shift, mask, 4, pin, "drive"))
            if bias is not None:
                reg, shift, mask = self.field(t, local, t.pull_off, self.h("PULL_FIELD_WIDTH"))
                conf.append(Write(0, reg, bias << shift, mask, 4, pin, "pull"))
        return mux, conf

    def pin_name(self, ctrl, pin):
        return "P%s%d" % (chr(ord("A") + pin // 32), pin % 32)

    def debugfs_kind(self, field):
        # pinconf-pins: "input bias pull up, output drive strength (40 mA)"
        return "sunxi-" + field if field in ("drive", "pull") else None


def read_drivers(d):
    """the constants of pinctrl-sunxi.h, the layout of pinctrl-sunxi.c and
    {compatible: driver file} of directory d"""
    hdr = {k: v for k, v in csrc.defines(csrc.read(os.path.join(d, "pinctrl-sunxi.h"))).items()
           if isinstance(v, str)}
    layout = read_layout(csrc.read(os.path.join(d, "pinctrl-sunxi.c")))
    files = {}
    for f in sorted(glob.glob(os.path.join(d, "pinctrl-sun*.c"))):
        for c in re.findall(r"\.compatible\s*=\s*\"([^\"]+)\"", csrc.read(f)):
            files[c] = f
    return hdr, layout, files


def read_layout(text):
    """{"from": VARIANT, "if": {field: expr}, "else": {...}} of
    sunxi_pinctrl_init_with_variant()'s "if (pctl->variant >= X) {...}
    else {...}" choice of the register layout"""
    def assigns(body):
        return dict(re.findall(r"pctl->(\w+)\s*=\s*(\w+)\s*;", body))
    m = re.search(r"if\s*\(\s*pctl->variant\s*>=\s*(\w+)\s*\)\s*\{([^}]*)\}\s*else\s*\{([^}]*)\}",
                  text)
    if m:
        return {"from": m.group(1), "if": assigns(m.group(2)), "else": assigns(m.group(3))}
    # later trees (7.3): "if (flags & SUNXI_PINCTRL_NEW_REG_LAYOUT)", the
    # flag the SoC's probe passes to sunxi_pinctrl_init_with_flags()
    m = re.search(r"if\s*\(\s*flags\s*&\s*(\w+)\s*\)\s*\{([^}]*)\}\s*else\s*\{([^}]*)\}", text)
    if m and "bank_mem_size" in m.group(2):
        return {"flag": m.group(1), "if": assigns(m.group(2)), "else": assigns(m.group(3))}
    raise SystemExit("sunxi: no register layout choice in pinctrl-sunxi.c")


def _root(node):
    for a in node.ancestors():
        node = a
    return node


_PHANDLES = {}


def _by_phandle(node):
    root = _root(node)
    if id(root) not in _PHANDLES:
        _PHANDLES.clear()
        _PHANDLES[id(root)] = {n.phandle: n for n in root.walk() if n.phandle}
    return _PHANDLES[id(root)]


def specifier_count(node, prop, cells_name):
    """entries of a phandle-with-arguments list (clocks, interrupts-extended)"""
    cells = node.cells(prop) or []
    ph = _by_phandle(node)
    i = n = 0
    while i < len(cells):
        prov = ph.get(cells[i])
        i += 1 + (prov.u32(cells_name, 0) if prov is not None else 0)
        n += 1
    return n


def irq_count(node):
    """platform_irq_count() of the node: interrupts-extended entries, else
    interrupts in units of the interrupt parent's #interrupt-cells"""
    if node.has("interrupts-extended"):
        return specifier_count(node, "interrupts-extended", "#interrupt-cells")
    cells = node.cells("interrupts") or []
    if not cells:
        return 0
    ph = _by_phandle(node)
    for n in [node] + list(node.ancestors()):
        if n.has("interrupt-parent"):
            parent = ph.get(n.u32("interrupt-parent"))
            if parent is not None:
                return len(cells) // max(parent.u32("#interrupt-cells", 1), 1)
            break
    return len(cells)


def put(buf, off, val):
    if off + 4 <= len(buf):
        buf[off:off + 4] = val.to_bytes(4, "little")

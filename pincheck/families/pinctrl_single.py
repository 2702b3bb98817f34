# SPDX-License-Identifier: GPL-2.0
"""The pinctrl-single family: one register (or a few bits of one) per pin,
masks and values all in the DT. TI K3, AM335x, AM437x, OMAP2/3/4/5,
DRA7/AM57x, DM814x/816x, DA850, Keystone, Layerscape LX216x, HiSilicon,
PXA3xx, Stratix 10, Stingray.

What drivers/pinctrl/pinctrl-single.c writes (6.12, with the series),
read from the tree where it is a table (the of_device_id list and the
pcs_soc_data of each compatible, the pinconf property tables, pcs_bias):
- probe: on parts whose soc data has an irq_enable_mask (OMAP wake-up
  enable: bit 14 of OMAP3/4/5, 24 of DRA7, 29 of AM437x), every pin
  register with that bit set gets it cleared (pcs_add_pin());
- mux (pcs_set_mux(), nothing without a function-mask): each row of
  pinctrl-single,pins = <offset value> (<offset conf mux> with
  #pinctrl-cells = <2>: conf | mux) is a read-modify-write under
  function-mask of the register-width register at offset; with
  pinctrl-single,bit-per-mux, each row of pinctrl-single,bits = <offset
  value mask> is cut from its lowest set bit up into function-mask-wide
  submasks, one pin each (bits_per_pin = fls(function-mask)), a submask
  that is not the whole function-mask skipped with a warning;
- pinconf (only "pinconf-single", PCS_FEAT_PINCONF): after the mux, for
  each pin of the node, each property in the driver's table order:
  two-cell <value mask> ones (drive-strength, slew-rate, input-enable,
  input-schmitt, low-power-mode) write value & mask under mask; four-cell
  <value enable disable mask> ones (bias-pullup, bias-pulldown,
  input-schmitt-enable) write enable when value & mask is enable, disable
  when it is disable (enable otherwise: the driver's "no match" argument
  is non-zero); a bias being enabled first writes disable of every bias
  the node has (pcs_pinconf_clear_bias()).
"""

import os
import re

from .. import csrc
from .base import POISON, Family, Write


class Driver:
    """the tables of pinctrl-single.c"""

    def __init__(self, path):
        text = csrc.read(path)
        defs = {k: v for k, v in csrc.defines(text).items() if isinstance(v, str)}
        self.soc = {}
        for m in re.finditer(r"static const struct pcs_soc_data (\w+)\s*=\s*\{", text):
            f = csrc.fields(csrc.block(text[m.start():], r"=\s*\{") or "")
            self.soc[m.group(1)] = {
                "flags": csrc.cint(f["flags"], defs) if "flags" in f else 0,
                "irq_enable_mask": csrc.cint(f["irq_enable_mask"], defs)
                if "irq_enable_mask" in f else 0}
        match = csrc.block(text, r"static const struct of_device_id pcs_of_match\[\]\s*=\s*\{")
        self.compat = {}
        for m in re.finditer(r"\.compatible\s*=\s*\"([^\"]+)\"\s*,\s*\.data\s*=\s*&(\w+)", match or ""):
            self.compat[m.group(1)] = self.soc[m.group(2)]
        self.pinconf_flag = csrc.cint("PCS_FEAT_PINCONF", defs)
        self.prop2 = self.props(text, "prop2")
        self.prop4 = self.props(text, "prop4")
        bias = csrc.block(text, r"static enum pin_config_param pcs_bias\[\]\s*=\s*\{")
        self.bias = re.findall(r"PIN_CONFIG_\w+", bias or "")
        if not self.compat or not self.prop2 or not self.prop4 or not self.bias:
            raise SystemExit("rehearse: cannot read the tables of %s" % path)

    @staticmethod
    def props(text, name):
        """[(property, PIN_CONFIG_*)] of a pcs_conf_type table, in order"""
        b = csrc.block(text, r"static const struct pcs_conf_type %s\[\]\s*=\s*\{" % name)
        return re.findall(r"\{\s*\"([^\"]+)\"\s*,\s*(PIN_CONFIG_\w+)\s*,?\s*\}", b or "")


class PinctrlSingle(Family):
    name = "pinctrl-single"

    def __init__(self):
        self.drv = None

    def driver(self):
        if self.drv is None:
            self.drv = Driver(os.path.join(os.environ["KSRC"], "drivers/pinctrl/pinctrl-single.c"))
        return self.drv

    def soc(self, node):
        """the match data of_match_node() picks: the node's first
        compatible in the table"""
        for c in node.strings("compatible"):
            if c in self.driver().compat:
                return self.driver().compat[c]
        return None

    def match(self, node):
        return self.soc(node) is not None

    def driver_file(self, node):
        return os.path.join(os.environ["KSRC"], "drivers/pinctrl/pinctrl-single.c")

    def reset_word(self, window, offset):
        return POISON

    def geometry(self, ctrl):
        n = ctrl.orig
        width = n.u32("pinctrl-single,register-width", 32)
        fmask = n.u32("pinctrl-single,function-mask", 0)
        bpm = n.has("pinctrl-single,bit-per-mux")
        # pcs_quirk_missing_pinctrl_cells(): 2 with bit-per-mux, else 1
        cells = n.u32("#pinctrl-cells", 2 if bpm else 1)
        return width, fmask, cells, bpm

    def size(self, ctrl):
        regs = ctrl.orig.regs()
        return regs[0][1] if regs else 0

    def pinconf(self, ctrl):
        return bool(self.soc(ctrl.orig)["flags"] & self.driver().pinconf_flag)

    def probe_writes(self, ctrl):
        """pcs_add_pin(): the wake-up enable bit cleared in every pin
        register (where it is clear already, writing it clear changes
        nothing)"""
        irq = self.soc(ctrl.orig)["irq_enable_mask"]
        if not irq:
            return []
        width = self.geometry(ctrl)[0] // 8
        return [Write(0, off, 0, irq, width, None, "wakeup-enable")
                for off in range(0, self.size(ctrl) - width + 1, width)]

    @staticmethod
    def cells(node, prop):
        """the cells of a property, [] when absent, None when it is no
        whole number of cells (the driver refuses the node then)"""
        v = node.props.get(prop)
        if v is None:
            return []
        return node.cells(prop) if len(v) % 4 == 0 else None

    def rows(self, node, prop, step):
        c = self.cells(node, prop) or []
        return [c[i:i + step] for i in range(0, len(c) - step + 1, step)]

    def row_offsets(self, ctrl, node):
        """the offset of each row of the node, in order (pad names)"""
        _, _, ncells, bpm = self.geometry(ctrl)
        prop = "pinctrl-single,bits" if bpm else "pinctrl-single,pins"
        return [r[0] for r in self.rows(node, prop, ncells + 1)]

    def mux_rows(self, ctrl, node):
        """[(pin, offset, value, mask)] in the driver's order: the pins of
        the node's group and what pcs_set_mux() writes for each"""
        width, fmask, ncells, bpm = self.geometry(ctrl)
        wbytes = width // 8
        out = []
        if not bpm:
            for r in self.rows(node, "pinctrl-single,pins", ncells + 1):
                val = r[1] | (r[2] if ncells == 2 else 0)
                out.append((r[0] // wbytes, r[0], val, fmask))
            return out
        bpp = fmask.bit_length()
        if not bpp:
            return out
        for r in self.rows(node, "pinctrl-single,bits", ncells + 1):
            off, val, mask = r[0], r[1], r[2] if len(r) > 2 else 0
            while mask:
                bit = (mask & -mask).bit_length() - 1
                mask_pos = (fmask << bit) & 0xFFFFFFFF
                sub = mask & mask_pos
                if not sub:
                    break
                mask &= ~mask_pos
                if sub != mask_pos:
                    continue            # "Invalid submask": skipped
                out.append(((off * 8) // bpp + bit // bpp, off, val & mask_pos, sub))
        return out

    def confs(self, node):
        """[(property, PIN_CONFIG_*, cells)] the node sets, in the order of
        pcs_parse_pinconf() (its func->conf[] and its settings)"""
        d = self.driver()
        out = []
        for prop, param in d.prop2 + d.prop4:
            if node.has(prop):
                out.append((prop, param, self.cells(node, prop) or []))
        return out

    def claims(self, ctrl, node, mux):
        """the pins the core claims for the node's group (also without a
        function-mask, when nothing is written)"""
        return {p for p, _, _, _ in self.mux_rows(ctrl, node)}

    def pin_writes(self, ctrl, node):
        width, fmask, _, bpm = self.geometry(ctrl)
        wbytes = width // 8
        rows = self.mux_rows(ctrl, node)
        mux = []
        if fmask:
            for pin, off, val, mask in rows:
                mux.append(Write(0, off, val, mask, wbytes, pin, "bits" if bpm else "padconf"))
        conf = []
        if not self.pinconf(ctrl) or bpm:
            return mux, conf
        confs = self.confs(node)
        two = {p for _, p in self.driver().prop2}
        table = {}          # func->conf[]: the first entry of each param
        for prop, param, c in confs:
            if param in two and len(c) == 2 and c[1]:
                table.setdefault(param, ("2", c[0] & c[1], c[1], prop))
            elif param not in two and len(c) == 4 and c[3]:
                m = c[3]
                table.setdefault(param, ("4", (c[0] & m, c[1] & m, c[2] & m), m, prop))
        for pin, _, _, _ in rows:
            off = pin * wbytes
            for prop, param, c in confs:
                if param not in table or table[param][3] != prop:
                    continue
                kind, v, m, _ = table[param]
                field = prop.split(",", 1)[1]
                if kind == "2":
                    # the argument is value >> shift, 24 bits in the
                    # packed config (pinconf_to_config_argument())
                    shift = (m & -m).bit_length() - 1
                    arg = (v >> shift) & 0xFFFFFF
                    conf.append(Write(0, off, (arg << shift) & m, m, wbytes, pin, field))
                    continue
                value, enable, disable = v
                on = value != disable or value == enable
                if on and param in self.driver().bias:
                    for b in self.driver().bias:
                        if b in table:
                            bm = table[b]
                            conf.append(Write(0, off, bm[1][2], bm[2], wbytes, pin,
                                              bm[3].split(",", 1)[1]))
                conf.append(Write(0, off, enable if on else disable, m, wbytes, pin, field))
        return mux, conf

    def empty(self, ctrl, node):
        """the driver makes a mux map of every node it can parse"""
        return False

    def refusals(self, ctrl, node):
        """[(property, what the driver says)]: what pcs_dt_node_to_map()
        refuses of a pin node (the state then fails)"""
        width, fmask, ncells, bpm = self.geometry(ctrl)
        wbytes = width // 8
        prop = "pinctrl-single,bits" if bpm else "pinctrl-single,pins"
        c = self.cells(node, prop)
        out = []
        if not c or len(c) % (ncells + 1):
            return [(prop, "%s is not a list of rows of %d cells" % (prop, ncells + 1))]
        size = self.size(ctrl)
        for r in self.rows(node, prop, ncells + 1):
            if r[0] >= size or size - r[0] < wbytes:
                out.append((prop, "%s offset %#x is out of range (%#x)" % (prop, r[0], size)))
            elif r[0] % wbytes:
                out.append((prop, "%s offset %#x is not aligned to the register width (%d bits)"
                            % (prop, r[0], width)))
        if bpm and self.pinconf(ctrl):
            out.append((prop, "pinconf not supported with pinctrl-single,bits"))
        if self.pinconf(ctrl) and not bpm:
            two = {p for _, p in self.driver().prop2}
            for p, param, cells in self.confs(node):
                n = 2 if param in two else 4
                if len(cells) != n:
                    out.append((p, "%s must be %d cells" % (p, n)))
                elif not cells[-1]:
                    out.append((p, "the mask of %s can't be 0" % p))
        return out

    def problems(self, ctrl, node):
        """[(node path, property, what)] of refusals()"""
        return [(node.path, p, t[len(p) + 1:] if t.startswith(p + " ") else t)
                for p, t in self.refusals(ctrl, node)]

    def refuses(self, ctrl, node):
        """pcs_dt_node_to_map() fails on every refusal"""
        return ["%s: %s" % (node.path, t) for _, t in self.refusals(ctrl, node)]

    def pin_name(self, ctrl, pin):
        width = self.geometry(ctrl)[0] // 8
        pad = ctrl.pad_names.get(pin * width)
        base = "PADCONFIG%d" % pin
        return "%s %s" % (base, pad) if pad else base

    def debugfs_kind(self, field):
        # pins shows each pin's register and its value
        return "pinctrl-single"

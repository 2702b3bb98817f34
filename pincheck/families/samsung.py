# SPDX-License-Identifier: GPL-2.0
"""Samsung pin controllers (drivers/pinctrl/samsung/): Exynos 3250, 4210,
4x12, 5250, 5260, 5410, 5420, S5PV210 (pinctrl-exynos-arm.c), the arm64
Exynos and FSD parts (pinctrl-exynos-arm64.c) and the S3C64xx
(pinctrl-s3c64xx.c).

Read from the tree, not retyped:
- the compatible's samsung_pinctrl_of_match_data (samsung_pinctrl_dt_match
  of pinctrl-samsung.c) and its samsung_pin_ctrl array: one entry per
  controller instance, which the probe picks by the node's "pinctrlN"
  alias (of_alias_get_id());
- each instance's bank rows (EXYNOS_PIN_BANK_EINTG/EINTW/EINTN and the
  other *_PIN_BANK_* macros, expanded from their definitions): pin count,
  register offset, name, register resource (pctl_res_idx) and bank type;
- each bank type's field widths and register offsets per PINCFG_TYPE_*
  (FUNC, DAT, PUD, DRV, CON_PDN, PUD_PDN), a width 0 meaning none;
- the configuration properties in the order of cfg_params[] of
  pinctrl-samsung.c, and what the instance's retention init needs: the
  PMU regmap (exynos_get_pmu_regmap(): a node of exynos_pmu_of_device_ids,
  whose driver must have probed) or the clock controller node whose
  compatible the S5PV210 init looks up.

Pins are numbered per instance, bank after bank, and named "<bank>-<n>".
A state node, or each of its children when it has some, gives per pin of
samsung,pins a mux map when it has samsung,pin-function (the function is
the first node of that name the probe made a function of) and one config
map with the properties of cfg_params[]. samsung_pinmux_setup() writes
the function field (the next word when the field is past bit 31) and
samsung_pinconf_rw() the others, read-modify-write, the value or-ed in
unmasked. Without an interrupt the probe's EINT setup stops before any
write; the wake-up interrupt child is dropped from the copy.
"""

import glob
import os
import re
import struct

from .. import csrc
from .base import POISON, Family, Write

D = "drivers/pinctrl/samsung"
INIT = r"\s*(?:__initconst\s*)?=\s*\{"     # "X __initconst = {"


def _ints(body):
    return [int(x, 0) for x in body.replace(",", " ").split()]


class Bank:
    def __init__(self, name, npins, offset, res, widths, offsets, base):
        self.name, self.npins, self.offset, self.res = name, npins, offset, res
        self.widths, self.offsets, self.base = widths, offsets, base


class Instance:
    """one samsung_pin_ctrl: its banks, and what its retention init needs"""

    def __init__(self, banks, needs):
        self.banks = banks
        self.needs = needs          # None, ("pmu",), or ("compatible", c)
        self.pins = {}              # name -> (number, bank)
        for b in banks:
            for i in range(b.npins):
                self.pins["%s-%d" % (b.name, i)] = (b.base + i, b)
        self.names = {n: nm for nm, (n, _) in self.pins.items()}


def expand_call(macros, name, args):
    params, body = macros[name]
    for p, a in zip(params, args):
        body = re.sub(r"\b%s\b" % re.escape(p), a.strip(), body)
    return body


class Samsung(Family):
    name = "samsung"
    group_per_pin = True

    def __init__(self):
        self.of_data = None         # compatible -> (file text, macros, names, of_data name)
        self.cache = {}

    def load(self):
        if self.of_data is not None:
            return
        ksrc = os.environ["KSRC"]
        d = os.path.join(ksrc, D)
        core = csrc.read(os.path.join(d, "pinctrl-samsung.c"))
        hdrs = [csrc.read(os.path.join(d, h)) for h in ("pinctrl-samsung.h", "pinctrl-exynos.h")]
        self.types = [t for t in re.findall(r"\b(PINCFG_TYPE_\w+)\s*,",
                                            csrc.block(hdrs[0], r"enum pincfg_type\s*\{"))]
        self.cfg = re.findall(r"\{\s*\"([^\"]+)\"\s*,\s*(PINCFG_TYPE_\w+)\s*\}",
                              csrc.block(core, r"cfg_params\[\]\s*=\s*\{"))
        table = csrc.block(core, r"samsung_pinctrl_dt_match\[\]\s*=\s*\{")
        comps = dict(re.findall(r"\.compatible\s*=\s*\"([^\"]+)\"\s*,\s*\.data\s*=\s*&(\w+)", table))
        self.of_data = {}
        for f in sorted(glob.glob(os.path.join(d, "pinctrl-*.c"))):
            text = csrc.read(f)
            macros, names = {}, {}
            for t in hdrs + [text]:
                for k, v in csrc.defines(t).items():
                    (names if isinstance(v, str) else macros)[k] = v
            for c, od in comps.items():
                if re.search(r"samsung_pinctrl_of_match_data\s+%s\b" % od, text):
                    self.of_data[c] = (f, text, macros, names, od)
        try:        # a tree of drivers/pinctrl alone (78-lint) has no PMU driver
            pmu = csrc.read(os.path.join(ksrc, "drivers/soc/samsung/exynos-pmu.c"))
        except OSError:
            pmu = ""
        ids = csrc.block(pmu, r"exynos_pmu_of_device_ids\[\]\s*=\s*\{") or ""
        self.pmu_compatibles = re.findall(r"\.compatible\s*=\s*\"([^\"]+)\"", ids)

    def instances(self, node):
        """[Instance] of the node's compatible, in the driver's order"""
        self.load()
        comp = next((c for c in node.strings("compatible") if c in self.of_data), None)
        if comp is None:
            return None
        if comp in self.cache:
            return self.cache[comp]
        path, text, macros, names, od = self.of_data[comp]
        f = csrc.fields(csrc.block(text, r"samsung_pinctrl_of_match_data\s+%s%s" % (od, INIT)))
        arr = csrc.block(text, r"\b%s\s*\[\s*\]%s" % (f["ctrl"].strip(), INIT))
        out = []
        for body in top_braces(arr):
            fi = csrc.fields(body)
            banks = self.banks(text, macros, names, fi["pin_banks"].strip())
            out.append(Instance(banks, self.needs(text, fi.get("retention_data"))))
        self.cache[comp] = out
        return out

    def banks(self, text, macros, names, arr_name):
        arr = csrc.block(text, r"\b%s\s*\[\s*\]%s" % (re.escape(arr_name), INIT))
        rows = []
        for m in set(re.findall(r"\b(\w+)\s*\(", arr)):
            if m in macros and ".nr_pins" in macros[m][1]:
                rows += [(s, m, a) for s, a in csrc.calls(arr, m)]
        out, base = [], 0
        for _, m, args in sorted(rows):
            fi = csrc.fields(expand_call(macros, m, args).strip().strip("{}"))
            tname = fi["type"].lstrip("&").strip()
            tb = csrc.fields(csrc.block(text, r"samsung_pin_bank_type\s+%s%s" % (tname, INIT)))
            widths = _ints(tb["fld_width"].strip("{} "))
            offs = _ints(tb["reg_offset"].strip("{} "))
            widths += [0] * (len(self.types) - len(widths))
            offs += [0] * (len(self.types) - len(offs))
            n = csrc.cint(fi["nr_pins"], names)
            out.append(Bank(fi["name"].strip().strip('"'), n, csrc.cint(fi["pctl_offset"], names),
                            csrc.cint(fi.get("pctl_res_idx", "0"), names), widths, offs, base))
            base += n
        return out

    @staticmethod
    def needs(text, ret):
        """what the instance's retention init looks up"""
        if not ret:
            return None
        r = csrc.fields(csrc.block(text, r"samsung_retention_data\s+%s%s"
                                   % (ret.lstrip("&").strip(), INIT)) or "")
        init = r.get("init", "").strip()
        body = csrc.block(text, r"\b%s\s*\([^)]*\)\s*\{" % re.escape(init)) if init else None
        if body is None:
            # exynos_retention_init() is in pinctrl-exynos.c
            body = csrc.read(os.path.join(os.environ["KSRC"], D, "pinctrl-exynos.c"))
            body = csrc.block(body, r"\b%s\s*\([^)]*\)\s*\{" % re.escape(init)) or ""
        m = re.search(r"of_find_compatible_node\(\s*NULL\s*,\s*NULL\s*,\s*\"([^\"]+)\"", body)
        if m:
            return ("compatible", m.group(1))
        return ("pmu",) if "exynos_get_pmu_regmap" in body else None

    def alias_id(self, node):
        """N of the /aliases pinctrlN naming the node"""
        root = node
        while root.parent is not None:
            root = root.parent
        al = root.child("aliases")
        for k, v in (al.props.items() if al is not None else []):
            m = re.fullmatch(r"pinctrl(\d+)", k)
            if m and v.rstrip(b"\0").decode(errors="replace") == node.path:
                return int(m.group(1))
        return None

    def instance(self, node):
        ins = self.instances(node)
        i = self.alias_id(node)
        return ins[i] if ins is not None and i is not None and i < len(ins) else None

    def match(self, node):
        self.load()
        return any(c in self.of_data for c in node.strings("compatible"))

    def driver_file(self, node):
        self.load()
        return next((self.of_data[c][0] for c in node.strings("compatible")
                     if c in self.of_data), None)

    def stubs(self, node):
        """the nodes the instance's retention init looks up, to be given a
        window of their own: the PMU (a syscon the exynos-pmu driver binds)
        or the S5PV210 clock controller"""
        ins = self.instance(node)
        if ins is None or not ins.needs:
            return []
        root = node
        while root.parent is not None:
            root = root.parent
        want = self.pmu_compatibles if ins.needs[0] == "pmu" else [ins.needs[1]]
        return [n for n in root.walk() if n.parent is not None and n.has("reg") and
                any(c in want for c in n.strings("compatible"))][:1]

    def fixup(self, orig, copy, ctx):
        """the pinctrlN alias the probe finds its table by; no wake-up
        interrupt child (its interrupts are the board's)"""
        i = self.alias_id(orig)
        root = copy
        while root.parent is not None:
            root = root.parent
        if i is not None:
            al = root.child("aliases") or root.add("aliases")
            al.set_strings("pinctrl%d" % i, [copy.path])
        for c in list(copy.children):
            if c.has("compatible"):
                copy.children.remove(c)

    def reset_word(self, window, offset):
        return POISON

    # -- pin nodes -----------------------------------------------------------
    def subnodes(self, node):
        return list(node.children) if node.children else [node]

    def functions(self, ctrl):
        """{full name: (value, [pin names])} of the probe's functions, the
        first of each name (pinmux finds a function by its name)"""
        out = {}
        for c in ctrl.orig.children:
            for n in ([c] if not c.children else c.children):
                if first_cell(n, "samsung,pin-function") is not None and n.name not in out:
                    out[n.name] = (first_cell(n, "samsung,pin-function"),
                                   n.strings("samsung,pins"))
        return out

    def refuses(self, ctrl, node):
        ins = self.instance(ctrl.orig)
        if ins is None:
            return ["%s: no pinctrlN alias names the controller (or the driver has no table "
                    "for its number)" % ctrl.orig.path]
        funcs = self.functions(ctrl)
        for n in self.subnodes(node):
            if not n.has("samsung,pins"):
                return ["%s: samsung,pins: could not parse property samsung,pins" % n.path]
            for p in n.strings("samsung,pins"):
                if p not in ins.pins:
                    return ["%s: samsung,pins: no pin %s on this controller" % (n.path, p)]
                _, b = ins.pins[p]
                if n.has("samsung,pin-function") and p not in funcs.get(n.name, (0, []))[1]:
                    return ["%s: samsung,pin-function: the function %s (the first node of that "
                            "name) has no pin %s" % (n.path, n.name, p)]
        return []

    def problems(self, ctrl, node):
        """what refuses() says, and a configuration the pin's bank has no
        field for: samsung_pinconf_rw() returns -EINVAL, which
        samsung_pinconf_group_set() ignores, so that property and those
        after it in cfg_params[] are dropped without a word"""
        out = [tuple((w.split(": ", 2) + ["", ""])[:3]) for w in self.refuses(ctrl, node)]
        ins = self.instance(ctrl.orig)
        if out or ins is None:
            return out
        for n in self.subnodes(node):
            # of_property_read_u32() of less than a cell: -EOVERFLOW, the
            # driver says so (naming neither node nor pin) and goes on
            out += [(n.path, prop, "could not parse property %s (%d bytes, not a cell): the "
                     "driver leaves it out" % (prop, len(n.props[prop])))
                    for prop, _ in self.cfg if n.has(prop) and first_cell(n, prop) is None]
            banks = {ins.pins[p][1].name: ins.pins[p][1] for p in n.strings("samsung,pins")}
            for b in banks.values():
                for prop, t in self.cfg:
                    if n.has(prop) and not b.widths[self.types.index(t)]:
                        out.append((n.path, prop, "bank %s has no such field: the driver drops "
                                    "it and the configuration after it" % b.name))
                        break
        return out

    def empty(self, ctrl, node):
        return not self.refuses(ctrl, node) and not any(self.pin_writes(ctrl, node))

    def pin_writes(self, ctrl, node):
        mux, conf = [], []
        if self.refuses(ctrl, node):
            return mux, conf
        ins = self.instance(ctrl.orig)
        funcs = self.functions(ctrl)
        fi = self.types.index("PINCFG_TYPE_FUNC")
        for n in self.subnodes(node):
            cfgs = [(self.types.index(t), first_cell(n, prop) & 0xFF) for prop, t in self.cfg
                    if first_cell(n, prop) is not None]
            for p in n.strings("samsung,pins"):
                pin, b = ins.pins[p]
                off = pin - b.base
                if n.has("samsung,pin-function"):
                    val = funcs[n.name][0]
                    w = b.widths[fi]
                    sh, reg = off * w, b.offset + b.offsets[fi]
                    if sh >= 32:
                        sh, reg = sh - 32, reg + 4
                    mux.append(Write(b.res, reg, (val << sh) & 0xFFFFFFFF,
                                     ((((1 << w) - 1) << sh) | (val << sh)) & 0xFFFFFFFF, 4,
                                     pin, self.field(fi)))
                for t, val in cfgs:
                    w = b.widths[t]
                    if not w:
                        break       # -EINVAL: the pin's later configs are not written
                    sh = off * w
                    conf.append(Write(b.res, b.offset + b.offsets[t], (val << sh) & 0xFFFFFFFF,
                                      ((((1 << w) - 1) << sh) | (val << sh)) & 0xFFFFFFFF, 4,
                                      pin, self.field(t)))
        return mux, conf

    def field(self, t):
        """PINCFG_TYPE_CON_PDN -> "con-pdn" """
        return self.types[t][len("PINCFG_TYPE_"):].lower().replace("_", "-")

    def pin_name(self, ctrl, pin):
        ins = self.instance(ctrl.orig)
        return ins.names.get(pin, "pin%d" % pin) if ins else "pin%d" % pin


def top_braces(text):
    """the bodies of the top-level { ... } of an initializer list"""
    out, depth, start = [], 0, None
    for i, ch in enumerate(text or ""):
        if ch == "{":
            depth += 1
            if depth == 1:
                start = i + 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                out.append(text[start:i])
    return out


def first_cell(node, prop):
    """what of_property_read_u32() reads: the first cell, or None when the
    property is missing or shorter than one"""
    v = node.props.get(prop)
    return struct.unpack(">I", v[:4])[0] if v is not None and len(v) >= 4 else None

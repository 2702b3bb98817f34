# SPDX-License-Identifier: GPL-2.0
"""The tables of the MediaTek "paris" pin controller drivers
(drivers/pinctrl/mediatek/pinctrl-mt*.c with their pinctrl-mtk-mt*.h),
read from the tree, never retyped:

- the compatible's struct mtk_pin_soc (its of_device_id .data): the
  register base names, the pin table, pull_type[], pin_rsel[] and the
  pinconf callbacks (bias_set_combo, drive_set, adv_pull_set, ...);
- reg_cal[]: for each PINCTRL_PIN_REG_* field the mtk_pin_field_calc
  ranges, every entry (PIN_FIELD, PINS_FIELD, PIN_FIELD_BASE,
  PIN_FIELD16, ...) expanded through the macros of the file and of
  pinctrl-mtk-common-v2.h down to PIN_FIELD_CALC's nine arguments;
- mtk_pins_<soc>[]: MTK_PIN(number, name, eint, drv_n, MTK_FUNCTION(...))
  rows: the pin's name, drive group and the mux values it has;
- mtk_drive[] of pinctrl-mtk-common-v2.c (min, max, step, scale of each
  DRV_GRP*) and the constants of dt-bindings/pinctrl/mt65xx.h.
"""

import collections
import glob
import os
import re

from .. import cache, csrc

D = "drivers/pinctrl/mediatek"
BINDING = "include/dt-bindings/pinctrl/mt65xx.h"

Calc = collections.namedtuple("Calc", "s_pin e_pin i_base s_addr x_addrs s_bit x_bits sz_reg fixed")
Pin = collections.namedtuple("Pin", "index number name drv_n funcs")
Rsel = collections.namedtuple("Rsel", "s_pin e_pin index up down")
CALC_ARGS = 9


class Soc:
    """one compatible's struct mtk_pin_soc"""

    def __init__(self, compatible, path, data):
        self.compatible = compatible
        self.path = path
        self.data = data
        self.base_names = []
        self.ranges = {}        # "MODE", "DIR", ... -> [Calc]
        self.pins = []          # [Pin] in table order (the driver's pins[i])
        self.pull_type = None
        self.rsel = []
        self.ops = {}           # "bias_set_combo", ... -> the function's name
        self.gpio_m = 0

    def pin(self, number):
        """hw->soc->pins[number]: the driver indexes its table by number"""
        return self.pins[number] if 0 <= number < len(self.pins) else None


def _expand(entry, macros, consts, depth=0):
    """the nine PIN_FIELD_CALC arguments of one range entry"""
    m = re.match(r"\s*(\w+)\s*\(", entry)
    if not m or depth > 8:
        raise ValueError("not a field range entry: %s" % entry[:60])
    name = m.group(1)
    args = csrc.calls(entry, name)[0][1]
    if name == "PIN_FIELD_CALC":
        if len(args) != CALC_ARGS:
            raise ValueError("PIN_FIELD_CALC with %d arguments" % len(args))
        return Calc(*[csrc.cint(a, consts) for a in args])
    if name not in macros or isinstance(macros[name], str):
        raise ValueError("unknown range macro %s" % name)
    params, body = macros[name]
    for p, a in zip(params, args):
        body = re.sub(r"\b%s\b" % re.escape(p), "(%s)" % a, body)
    return _expand(body, macros, consts, depth + 1)


def _array(text, ctype, name):
    return csrc.block(text, r"\b%s\s*\b%s\s*\[[^]]*\][^={;]*=\s*\{" % (ctype, re.escape(name)))


def sources(ksrc):
    """what the tables are read from: the directory's sources, the binding"""
    return glob.glob(os.path.join(ksrc, D, "*.[ch]")) + [os.path.join(ksrc, BINDING)]


def read(ksrc, probe="mtk_paris_pinctrl_probe"):
    """Tables(ksrc, probe), kept between runs (cache.memo) while no source
    changes: every board whose DT has a controller no family before this
    one matches asks for them"""
    return cache.memo("mediatek-" + probe, sources(ksrc), lambda: Tables(ksrc, probe),
                      code=(__file__, csrc.__file__))


def _local_text(path, seen=None):
    """the file with the local headers it includes (but the common ones,
    read once for every SoC), comments stripped"""
    seen = seen if seen is not None else set()
    seen.add(os.path.basename(path))
    text = csrc.read(path)
    out = [text]
    for inc in re.findall(r'#include\s+"([^"]+)"', text):
        p = os.path.join(os.path.dirname(path), inc)
        if inc in seen or inc in COMMON or not os.path.isfile(p):
            continue
        out.append(_local_text(p, seen))
    return "\n".join(out)


COMMON = ("pinctrl-paris.h", "pinctrl-mtk-common-v2.h", "mtk-eint.h", "pinctrl-moore.h")


class Tables:
    """every paris SoC of the tree: {compatible: Soc}, read on demand"""

    def __init__(self, ksrc, probe="mtk_paris_pinctrl_probe"):
        self.ksrc = ksrc
        d = os.path.join(ksrc, D)
        self.common = "\n".join(csrc.read(os.path.join(d, h)) for h in COMMON
                                if os.path.isfile(os.path.join(d, h)))
        self.consts, self.macros = {"false": "0", "true": "1"}, {}
        self.add_defines(self.common)
        self.add_defines(csrc.read(os.path.join(ksrc, BINDING)))
        # the enums of pinctrl-mtk-common-v2.h: PINCTRL_PIN_REG_*, DRV_*
        add_enums(self.common, self.consts)
        core = csrc.read(os.path.join(d, "pinctrl-mtk-common-v2.c"))
        self.drive = {}
        body = csrc.block(core, r"mtk_drive_desc\s+mtk_drive\s*\[\s*\]\s*=\s*\{") or ""
        for m in re.finditer(r"\[\s*(\w+)\s*\]\s*=\s*\{([^}]*)\}", body):
            self.drive[csrc.cint(m.group(1), self.consts)] = tuple(
                csrc.cint(x, self.consts) for x in m.group(2).split(","))
        self.moore = probe == "mtk_moore_pinctrl_probe"
        self.files = {}         # compatible -> (path, data name)
        for f in sorted(glob.glob(os.path.join(d, "pinctrl-mt*.c"))):
            text = csrc.read(f)
            if probe not in text:
                continue
            for m in re.finditer(r'\.compatible\s*=\s*"([^"]+)"\s*,\s*\.data\s*=\s*&(\w+)', text):
                self.files[m.group(1)] = (f, m.group(2))
            if self.moore:
                self.moore_files(f, text)
        self.socs = {}

    def moore_files(self, path, text):
        """the moore drivers' compatibles: a platform_driver's
        of_match_table and the data its probe passes to
        mtk_moore_pinctrl_probe()"""
        for body in re.findall(r"struct\s+platform_driver\s+\w+\s*=\s*\{(.*?)\n\};", text, re.S):
            mt = re.search(r"\.of_match_table\s*=\s*(\w+)", body)
            pr = re.search(r"\.probe\s*=\s*(\w+)", body)
            if not mt or not pr:
                continue
            fn = csrc.block(text, r"\b%s\s*\([^)]*\)\s*\{" % pr.group(1)) or ""
            data = re.search(r"mtk_moore_pinctrl_probe\s*\(\s*\w+\s*,\s*&(\w+)", fn)
            table = _array(text, r"of_device_id", mt.group(1)) or ""
            for c in re.findall(r'\.compatible\s*=\s*"([^"]+)"', table):
                if data:
                    self.files[c] = (path, data.group(1))

    def add_defines(self, text):
        for k, v in csrc.defines(text).items():
            (self.consts if isinstance(v, str) else self.macros)[k] = v

    def soc(self, compatible):
        if compatible not in self.files:
            return None
        if compatible not in self.socs:
            # kept between runs while no source of the directory changes
            self.socs[compatible] = cache.memo(
                "mediatek-" + compatible, sources(self.ksrc),
                lambda: self.read_soc(compatible, *self.files[compatible]),
                code=(__file__, csrc.__file__))
        return self.socs[compatible]

    def read_soc(self, compatible, path, data):
        text = _local_text(path)
        consts, macros = dict(self.consts), dict(self.macros)
        for k, v in csrc.defines(text).items():
            (consts if isinstance(v, str) else macros)[k] = v
        add_enums(text, consts)         # mt7986's IOCFG_RB_BASE, ...
        s = Soc(compatible, path, data)
        body = csrc.block(text, r"struct\s+mtk_pin_soc\s+%s\s*=\s*\{" % re.escape(data))
        if body is None:
            raise ValueError("%s: no struct mtk_pin_soc %s" % (path, data))
        f = csrc.fields(body)
        s.ops = {k: v for k, v in f.items() if v.startswith("mtk_")}
        s.gpio_m = csrc.cint(f.get("gpio_m", "0"), consts)
        s.moore = self.moore
        s.ies_present = f.get("ies_present", "false").strip() == "true"
        names = _array(text + self.common, r"char\s*\*\s*const", f["base_names"]) or ""
        s.base_names = re.findall(r'"([^"]*)"', names)
        cal = _array(text, r"struct\s+mtk_pin_reg_calc", f["reg_cal"]) or ""
        for m in re.finditer(r"\[\s*PINCTRL_PIN_REG_(\w+)\s*\]\s*=\s*MTK_RANGE\(\s*(\w+)\s*\)", cal):
            rows = _array(text, r"struct\s+mtk_pin_field_calc", m.group(2))
            s.ranges[m.group(1)] = [_expand(e, macros, consts)
                                    for e in csrc.split_entries(rows or "")]
        pins = _array(text, r"struct\s+mtk_pin_desc", f["pins"]) or ""
        for i, e in enumerate(csrc.split_entries(pins)):
            s.pins.append(self.pin_row(path, i, e, macros, consts))
        if self.moore:
            self.read_groups(s, text, f)
        if "pull_type" in f:
            rows = _array(text, r"unsigned\s+int", f["pull_type"]) or ""
            s.pull_type = [csrc.cint(e, consts) for e in csrc.split_entries(rows)]
        if "pin_rsel" in f:
            rows = _array(text, r"struct\s+mtk_pin_rsel", f["pin_rsel"]) or ""
            for e in csrc.split_entries(rows):
                a = csrc.calls(e, "PIN_RSEL")[0][1]
                s.rsel.append(Rsel(*[csrc.cint(x, consts) for x in a]))
        return s


    def pin_row(self, path, i, e, macros, consts):
        """one row of the pin table: MTK_PIN(number, name, eint, drv_n,
        MTK_FUNCTION(...)...) of pinctrl-paris.h, or a moore SoC's own
        macro (MT7986_PIN(n, name)) expanded to pinctrl-moore.h's
        MTK_PIN(number, name, eint_m, eint_n, drv_n), or a pin without a
        ball ({ .number = n, .name = NULL })"""
        for _ in range(4):
            m = re.match(r"\s*(\w+)\s*\(", e)
            if not m or m.group(1) == "MTK_PIN" or m.group(1) not in macros:
                break
            params, body = macros[m.group(1)]
            for p, a in zip(params, csrc.calls(e, m.group(1))[0][1]):
                body = re.sub(r"\b%s\b" % re.escape(p), a, body)
            e = body
        if e.lstrip().startswith("{"):
            fl = csrc.fields(e.strip()[1:-1])
            return Pin(i, csrc.cint(fl["number"], consts), None, 0, {})
        c = csrc.calls(e, "MTK_PIN")
        if not c:
            raise ValueError("%s: pin row %d is not MTK_PIN(...)" % (path, i))
        a = c[0][1]
        if self.moore:
            return Pin(i, csrc.cint(a[0], consts), a[1].strip('"'), csrc.cint(a[4], consts), {})
        funcs = {}
        for fa in a[4:]:
            fm = re.match(r'MTK_FUNCTION\(\s*([^,]+?)\s*,\s*"([^"]*)"\s*\)', fa)
            if fm:
                funcs[csrc.cint(fm.group(1), consts)] = fm.group(2)
        return Pin(i, csrc.cint(a[0], consts), a[1].strip('"'), csrc.cint(a[3], consts), funcs)

    @staticmethod
    def read_groups(s, text, f):
        """a moore SoC's groups (PINCTRL_PIN_GROUP(name, id): id_pins[],
        id_funcs[]) and functions (PINCTRL_PIN_FUNCTION(name, id):
        id_groups[])"""
        def ints(name):
            return [int(x, 0) for x in csrc.split_entries(_array(text, r"int", name) or "")]
        s.groups = {}
        for _, a in csrc.calls(_array(text, r"struct\s+group_desc", f["grps"]) or "",
                               "PINCTRL_PIN_GROUP"):
            s.groups.setdefault(a[0].strip('"'), list(zip(ints(a[1] + "_pins"),
                                                          ints(a[1] + "_funcs"))))
        s.functions = {}
        # struct function_desc in 6.12, struct pinfunction in 7.3
        for _, a in csrc.calls(_array(text, r"struct\s+(?:function_desc|pinfunction)",
                                      f["funcs"]) or "",
                               "PINCTRL_PIN_FUNCTION"):
            s.functions.setdefault(a[0].strip('"'), re.findall(
                r'"([^"]*)"', _array(text, r"char\s*\*(?:\s*const)?", a[1] + "_groups") or ""))


def add_enums(text, consts):
    """the names of the anonymous enums of text, numbered from 0"""
    for body in re.findall(r"enum\s*\{([^}]*)\}", text):
        names = [e.split("=")[0].strip() for e in body.split(",") if e.strip()]
        for i, n in enumerate(names):
            consts.setdefault(n, str(i))


def field_lookup(soc, field, number):
    """mtk_hw_pin_field_lookup(): (base index, offset, bitpos, mask, next)
    of the field of pin `number`, or None (-ENOTSUPP): the driver's binary
    search over the field's ranges"""
    rc = soc.ranges.get(field)
    if not rc:
        return None
    start, end, found, check = 0, len(rc) - 1, False, 0
    while start <= end:
        check = (start + end) >> 1
        if rc[check].s_pin <= number <= rc[check].e_pin:
            found = True
            break
        if start == end:
            break
        if number < rc[check].s_pin:
            end = check - 1
        else:
            start = check + 1
    if not found:
        return None
    c = rc[check]
    bits = c.s_bit if c.fixed else c.s_bit + (number - c.s_pin) * c.x_bits
    bitpos = bits % c.sz_reg
    nxt = c.x_addrs if bitpos + c.x_bits > c.sz_reg else 0
    return c.i_base, c.s_addr + c.x_addrs * (bits // c.sz_reg), bitpos, (1 << c.x_bits) - 1, nxt

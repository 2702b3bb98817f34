# SPDX-License-Identifier: GPL-2.0
"""The tables of drivers/pinctrl/pinctrl-rockchip.c, read from the tree:
every SoC of rockchip_pinctrl_dt_match[] with its struct rockchip_pin_ctrl
(type, mux and drive start offsets, calc functions), its banks (the
PIN_BANK* macros expanded: iomux types and offsets, drive types and
offsets, pull types), its recalced and route tables; the iomux and drive
offsets completed as rockchip_pinctrl_get_soc_data() completes them at
probe; the #defines, the enums of pinctrl-rockchip.h and the RK_P*
numbers of include/dt-bindings/pinctrl/rockchip.h.  Nothing here is
retyped: a new SoC table or macro in the tree is read the same way."""

import functools
import os
import re

from .. import cache, csrc

DRIVER = "drivers/pinctrl/pinctrl-rockchip.c"
HEADER = "drivers/pinctrl/pinctrl-rockchip.h"
BINDING = "include/dt-bindings/pinctrl/rockchip.h"
# the kernel's GENMASK() (include/linux/bits.h), for WRITE_MASK_VAL()
GENMASK = (["h", "l"], "((((1 << ((h) + 1)) - 1)) & ~((1 << (l)) - 1))")


def expand(text, macros, depth=0):
    """text with every call of a function-like macro of `macros` replaced
    by its body, arguments substituted, until none is left"""
    if depth > 16:
        raise ValueError("macro expansion too deep: %s" % text[:60])
    for name, val in macros.items():
        if not isinstance(val, tuple) or not re.search(r"\b%s\s*\(" % name, text):
            continue
        params, body = val
        for start, args in reversed(csrc.calls(text, name)):
            end = start
            # the call's closing parenthesis: after its last argument
            depth_, i = 0, text.index("(", start)
            while i < len(text):
                if text[i] == "(":
                    depth_ += 1
                elif text[i] == ")":
                    depth_ -= 1
                    if depth_ == 0:
                        end = i + 1
                        break
                i += 1
            sub = dict(zip(params, args))
            rep = re.sub(r"\b\w+\b", lambda m: "(%s)" % sub[m.group(0)]
                         if m.group(0) in sub else m.group(0), body)
            text = text[:start] + rep + text[end:]
        return expand(text, macros, depth + 1)
    return text


class Bank:
    def __init__(self, num, npins, name, iomux, drv, pull):
        self.num = num
        self.npins = npins
        self.name = name
        self.iomux = iomux          # [[type, offset]] x4
        self.drv = drv              # [[drv_type, offset]] x4
        self.pull = pull            # pull_type x4
        self.base = 0               # pin_base
        self.recalced = {}          # pin -> (reg, bit, mask)
        self.routes = {}            # (pin, func) -> (location, reg, value)


class Soc:
    """one struct rockchip_pin_ctrl, by compatible"""

    def __init__(self, compatible, name, fields, banks, names):
        self.compatible = compatible
        self.ctrl = name
        self.type = fields.get("type", "?").strip()
        self.banks = banks
        self.pull_calc = fields.get("pull_calc_reg", "").strip() or None
        self.drv_calc = fields.get("drv_calc_reg", "").strip() or None
        self.schmitt_calc = fields.get("schmitt_calc_reg", "").strip() or None
        self.k = names
        self.offs = {f: csrc.cint(fields[f], names) if f in fields else 0
                     for f in ("grf_mux_offset", "pmu_mux_offset", "grf_drv_offset",
                               "pmu_drv_offset")}

    def bank(self, num):
        return next((b for b in self.banks if b.num == num), None)

    def npins(self):
        return sum(b.npins for b in self.banks)

    def complete(self):
        """rockchip_pinctrl_get_soc_data(): pin bases, iomux and drive
        offsets where the table leaves them -1"""
        k = self.k
        pmu_src = k["IOMUX_SOURCE_PMU"] | k["IOMUX_L_SOURCE_PMU"]
        widths = k["IOMUX_WIDTH_4BIT"] | k["IOMUX_WIDTH_3BIT"] | k["IOMUX_WIDTH_2BIT"]
        wide_drv = (k["DRV_TYPE_IO_1V8_3V0_AUTO"], k["DRV_TYPE_IO_3V3_ONLY"])
        grf, pmu = self.offs["grf_mux_offset"], self.offs["pmu_mux_offset"]
        dgrf, dpmu = self.offs["grf_drv_offset"], self.offs["pmu_drv_offset"]
        n = 0
        for b in self.banks:
            b.base = n
            n += b.npins
            done = 0
            for j in range(4):
                if done >= b.npins:
                    break
                iom, drv = b.iomux[j], b.drv[j]
                if iom[1] >= 0:
                    if iom[0] & pmu_src:
                        pmu = iom[1]
                    else:
                        grf = iom[1]
                else:
                    iom[1] = pmu if iom[0] & pmu_src else grf
                if drv[1] >= 0:
                    if iom[0] & k["IOMUX_SOURCE_PMU"]:
                        dpmu = drv[1]
                    else:
                        dgrf = drv[1]
                else:
                    drv[1] = dpmu if iom[0] & k["IOMUX_SOURCE_PMU"] else dgrf
                inc = 8 if iom[0] & widths else 4
                if iom[0] & pmu_src:
                    pmu += inc
                else:
                    grf += inc
                inc = 8 if drv[0] in wide_drv else 4
                if iom[0] & k["IOMUX_SOURCE_PMU"]:
                    dpmu += inc
                else:
                    dgrf += inc
                done += 8
        return self


def parse_bank(entry, macros, names):
    """a bank's initializer (a PIN_BANK* call) as a Bank, unset fields 0 as
    C leaves them"""
    e = expand(entry, macros).strip()
    if e.startswith("{"):
        e = e[1:e.rindex("}")]
    f = csrc.fields(e)

    def val(expr):
        return csrc.cint(expr.strip().strip("()") if expr.strip().startswith("(\"") else expr,
                         names)

    def rows(field, keys):
        m = re.search(r"\.%s\s*=\s*\{" % field, e)
        out = [[0, 0] for _ in range(4)]
        if not m:
            return out
        body = csrc.block(e[m.start():], r"\.%s\s*=\s*\{" % field)
        for i, item in enumerate(csrc.split_entries(body)[:4]):
            fi = csrc.fields(item.strip().strip("{}"))
            out[i] = [val(fi[k]) if k in fi else 0 for k in keys]
        return out
    name = re.search(r'"([^"]*)"', f.get("name", "")).group(1)
    pull = [0] * 4
    for m in re.finditer(r"\.pull_type\[(\d)\]\s*=\s*([^,]+)", e):
        pull[int(m.group(1))] = val(m.group(2))
    return Bank(val(f["bank_num"]), val(f["nr_pins"]), name,
                rows("iomux", ("type", "offset")), rows("drv", ("drv_type", "offset")), pull)


@functools.lru_cache(maxsize=4)
def read(ksrc):
    """({compatible: Soc}, offsets completed; {name: value}; the driver's
    text without comments), kept between runs (cache.memo) while the
    three sources do not change: every board whose DT has a controller no
    family before this one matches asks for it"""
    files = [os.path.join(ksrc, f) for f in (DRIVER, HEADER, BINDING)]
    return cache.memo("rockchip", files, lambda: parse(ksrc), code=(__file__, csrc.__file__))


def parse(ksrc):
    """read() from the sources"""
    text = csrc.read(os.path.join(ksrc, DRIVER))
    hdr = csrc.read(os.path.join(ksrc, HEADER))
    binding = csrc.read(os.path.join(ksrc, BINDING))
    names, macros = {}, {"GENMASK": GENMASK}
    for t in (binding, hdr, text):
        for k, v in csrc.defines(t).items():
            if isinstance(v, tuple):
                macros[k] = v
            elif v and not v.startswith('"'):
                names[k] = v
        names.update(csrc.enums(t))
    for k in list(names):
        if isinstance(names[k], str):
            try:
                names[k] = csrc.cint(expand(names[k], macros), names)
            except (KeyError, SyntaxError, ValueError, TypeError, NameError):
                del names[k]
    bank_macros = {k: v for k, v in macros.items()
                   if k.startswith(("PIN_BANK", "RK3588_PIN_BANK", "RK3576_PIN_BANK"))}
    arrays = {}
    for m in re.finditer(r"struct\s+rockchip_pin_bank\s+(\w+)\s*\[\]\s*=\s*\{", text):
        body = csrc.block(text[m.start():], r"\[\]\s*=\s*\{")
        arrays[m.group(1)] = body
    recalced = {}
    for m in re.finditer(r"struct\s+rockchip_mux_recalced_data\s+(\w+)\s*\[\]\s*=\s*\{", text):
        body = csrc.block(text[m.start():], r"\[\]\s*=\s*\{")
        recalced[m.group(1)] = [
            {k: csrc.cint(v, names) for k, v in csrc.fields(it.strip().strip("{}")).items()}
            for it in csrc.split_entries(body) if it.strip()]
    routes = {}
    route_macros = {k: v for k, v in macros.items()
                    if k.startswith(("RK_MUXROUTE", "PIN_BANK_MUX"))}
    route_macros.update({k: v for k, v in macros.items() if k in ("WRITE_MASK_VAL", "GENMASK")})
    for m in re.finditer(r"struct\s+rockchip_mux_route_data\s+(\w+)\s*\[\]\s*=\s*\{", text):
        body = csrc.block(text[m.start():], r"\[\]\s*=\s*\{")
        rows = []
        for it in csrc.split_entries(body):
            fi = csrc.fields(expand(it, route_macros).strip().strip("{}"))
            rows.append({k: csrc.cint(v, names) for k, v in fi.items()})
        routes[m.group(1)] = rows
    socs = {}
    table = csrc.block(text, r"struct\s+of_device_id\s+rockchip_pinctrl_dt_match\[\]\s*=\s*\{")
    for it in csrc.split_entries(table or ""):
        cm = re.search(r'\.compatible\s*=\s*"([^"]+)"', it)
        dm = re.search(r"\.data\s*=\s*(?:\([^)]*\))?\s*&(\w+)", it)
        if not cm or not dm:
            continue
        body = csrc.block(text, r"struct\s+rockchip_pin_ctrl\s+%s\b[^=]*=\s*\{" % dm.group(1))
        if body is None:
            continue
        fields = csrc.fields(body)
        arr = arrays.get(fields.get("pin_banks", "").strip())
        banks = [parse_bank(b, bank_macros, names) for b in csrc.split_entries(arr or "") if b]
        soc = Soc(cm.group(1), dm.group(1), fields, banks, names)
        for r in recalced.get(fields.get("iomux_recalced", "").strip(), []):
            b = soc.bank(r["num"])
            if b is not None and r["pin"] not in b.recalced:
                b.recalced[r["pin"]] = (r["reg"], r["bit"], r["mask"])
        for r in routes.get(fields.get("iomux_routes", "").strip(), []):
            b = soc.bank(r["bank_num"])
            key = (r["pin"], r["func"])
            if b is not None and key not in b.routes:
                b.routes[key] = (r["route_location"], r["route_offset"], r["route_val"])
        socs[cm.group(1)] = soc.complete()
    return socs, names, text


def reg_table(text, name, names):
    """[(pin, reg)] of a `static const u32 name[][2]` table (rk3588_p_regs)"""
    body = csrc.block(text, r"\b%s\s*\[\]\s*\[2\]\s*=\s*\{" % re.escape(name))
    out = []
    for it in csrc.split_entries(body or ""):
        a, b = csrc.split_entries(it.strip().strip("{}"))
        out.append((csrc.cint(a, names), csrc.cint(b, names)))
    return out

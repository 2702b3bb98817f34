# SPDX-License-Identifier: GPL-2.0
"""The NVIDIA Tegra pinmux tables, read from the tree's drivers
(drivers/pinctrl/tegra/): each SoC file's groups (PINGROUP, DRV_PINGROUP,
Tegra20's MUX_PG/PULL_PG/DRV_PG, Tegra124's MIPI_PAD_CTRL_PINGROUP,
Tegra194's nested PIN_PINGROUP_ENTRY_Y/drive_* forms) expanded with the
file's own macros, a small C preprocessor below (object- and
function-like macros, # and ##, rescanned); the fields a group's
initializer leaves out are 0, as in C, and every field is cut to its
bit-field width in struct tegra_pingroup (pinctrl-tegra.h). From the
core, pinctrl-tegra.c: cfg_params[] (DT property -> parameter, in the
order tegra_pinctrl_dt_subnode_to_map() adds them) and, per parameter,
the register, bit and width tegra_pinconf_reg() takes from the group."""

import glob
import os
import re

from .. import cache, csrc

D = "drivers/pinctrl/tegra"
_TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|[A-Za-z_]\w*|.', re.S)


class Preprocessor:
    """expand the macros of one driver file in a piece of its text"""

    def __init__(self, macros):
        self.macros = macros        # name -> body, or (params, body)

    def expand(self, text, hide=frozenset(), depth=0):
        if depth > 32:
            raise ValueError("macro expansion too deep")
        out, i = [], 0
        while i < len(text):
            m = _TOKEN.match(text, i)
            tok = m.group(0)
            i = m.end()
            d = self.macros.get(tok) if tok[0].isalpha() or tok[0] == "_" else None
            if d is None or tok in hide:
                out.append(tok)
                continue
            if isinstance(d, str):
                out.append(self.expand(d, hide | {tok}, depth + 1))
                continue
            j = i
            while j < len(text) and text[j].isspace():
                j += 1
            if j >= len(text) or text[j] != "(":
                out.append(tok)
                continue
            args, i = self.args(text, j + 1)
            out.append(self.expand(self.substitute(d, args), hide | {tok}, depth + 1))
        return "".join(out)

    @staticmethod
    def args(text, i):
        """([raw arguments], the offset after the closing parenthesis)"""
        depth, start, args = 1, i, []
        while i < len(text):
            ch = text[i]
            if ch == '"':
                i = _TOKEN.match(text, i).end()
                continue
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
                if depth == 0:
                    args.append(text[start:i].strip())
                    return args, i + 1
            elif ch == "," and depth == 1:
                args.append(text[start:i].strip())
                start = i + 1
            i += 1
        raise ValueError("unbalanced macro call")

    @staticmethod
    def substitute(d, args):
        params, body = d
        if len(params) != len(args) and not (params == [] and args == [""]):
            raise ValueError("macro takes %d arguments, %d given" % (len(params), len(args)))
        amap = dict(zip(params, args))
        body = re.sub(r"\s*##\s*", "\x00", body)
        body = re.sub(r"(?<![#\x00])#\s*(\w+)",
                      lambda m: '"%s"' % amap[m.group(1)] if m.group(1) in amap else m.group(0),
                      body)
        body = re.sub(r"\b\w+\b", lambda m: amap.get(m.group(0), m.group(0)), body)
        return body.replace("\x00", "")


def strings(expr):
    """the C string literals of expr, concatenated"""
    return "".join(re.findall(r'"((?:\\.|[^"\\])*)"', expr))


def struct_fields(hdr, name):
    """{field: (signed, bits or None)} of a struct's integer members"""
    body = csrc.block(hdr, r"struct %s\s*\{" % name) or ""
    out = {}
    for m in re.finditer(r"\b([su])(8|16|32)\s+(\w+)\s*(?::\s*(\d+))?\s*;", body):
        out[m.group(3)] = (m.group(1) == "s", int(m.group(4)) if m.group(4) else
                           int(m.group(2)))
    return out


def cut(v, signed, bits):
    """v stored in a bit-field of `bits` bits and read back"""
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >> (bits - 1) else v


class Soc:
    """one tegra_pinctrl_soc_data: pins, functions, groups and flags"""

    def __init__(self, path, text, pp, names, data, layout):
        self.path = path
        f = csrc.fields(csrc.block(text, r"struct tegra_pinctrl_soc_data\s+%s\s*=\s*\{" % data))
        # hsm_in_mux, schmitt_in_mux, ...: false unless set
        self.flags = {k: v.strip() == "true" for k, v in f.items() if k.endswith("_in_mux")}
        arr = csrc.block(text, r"\b%s\s*\[\s*\]\s*=\s*\{" % f["pins"].strip())
        self.pin_names = {}
        for _, (num, nm) in csrc.calls(arr, "PINCTRL_PIN"):
            self.pin_names[csrc.cint(pp.expand(num), names)] = strings(nm)
        fn = pp.expand(csrc.block(text, r"\b%s\s*\[\s*\]\s*=\s*\{" % f["functions"].strip()))
        self.functions = [strings(e) for e in csrc.split_entries(fn)]
        pins = {}
        for m in re.finditer(r"\bunsigned(?:\s+int)?\s+(\w+_pins)\s*\[\s*\]\s*=\s*\{([^}]*)\}",
                             text):
            pins[m.group(1)] = [csrc.cint(pp.expand(x), names)
                                for x in csrc.split_entries(m.group(2))]
        body = csrc.block(text, r"\b%s\s*\[\s*\]\s*=\s*\{" % f["groups"].strip())
        self.groups = {}
        self.order = []
        for entry in csrc.split_entries(body or ""):
            g = self.group(pp.expand(entry).strip(), pins, names, layout)
            if g:
                self.groups[g["name"]] = g
                self.order.append(g["name"])

    def group(self, text, pins, names, layout):
        if not text.startswith("{"):
            return None
        f = csrc.fields(text[1:text.rindex("}")])
        if "name" not in f:
            return None
        g = {"name": strings(f["name"]), "pins": pins.get(f.get("pins", "").strip(), [])}
        fl = re.search(r"\{(.*)\}", f.get("funcs", ""), re.S)
        g["funcs"] = [csrc.cint(x, names) for x in csrc.split_entries(fl.group(1))] if fl else []
        for k, (signed, bits) in layout.items():
            if k in ("npins",):
                continue
            v = csrc.cint(f[k], names) if k in f else 0
            g[k] = cut(v, signed, bits)
        return g

    def function_name(self, idx):
        return self.functions[idx] if 0 <= idx < len(self.functions) else "?"


class Tables:
    """every SoC of drivers/pinctrl/tegra on tegra_pinctrl_probe(), by
    compatible, and the core's configuration parameters"""

    def __init__(self, ksrc):
        self.ksrc = ksrc
        d = os.path.join(ksrc, D)
        core = csrc.read(os.path.join(d, "pinctrl-tegra.c"))
        hdr = csrc.read(os.path.join(d, "pinctrl-tegra.h"))
        self.layout = struct_fields(hdr, "tegra_pingroup")
        self.cfg_params = re.findall(r"\{\s*\"([^\"]+)\"\s*,\s*TEGRA_PINCONF_PARAM_(\w+)\s*\}",
                                     csrc.block(core, r"cfg_params\[\]\s*=\s*\{"))
        self.rules = pinconf_rules(core)
        self.files = {}         # compatible -> (path, soc data name)
        self.socs = {}
        for fn in sorted(os.listdir(d)):
            if not fn.startswith("pinctrl-tegra") or not fn.endswith(".c"):
                continue
            path = os.path.join(d, fn)
            text = csrc.read(path)
            if "tegra_pinctrl_probe(" not in text or fn == "pinctrl-tegra.c":
                continue
            direct = re.search(r"tegra_pinctrl_probe\s*\(\s*pdev\s*,\s*&(\w+)\s*\)", text)
            for m in re.finditer(r"\.compatible\s*=\s*\"([^\"]+)\"\s*(?:,\s*\.data\s*=\s*&(\w+))?",
                                 text):
                data = m.group(2) or (direct.group(1) if direct else None)
                if data and "gpio" not in m.group(1):
                    self.files[m.group(1)] = (path, data)

    def soc(self, compatible):
        """the SoC's tables, kept between runs (cache.memo) while no source
        of the directory changes"""
        if compatible not in self.files:
            return None
        if compatible not in self.socs:
            self.socs[compatible] = cache.memo(
                "tegra-" + compatible, sources(self.ksrc), lambda: self.read_soc(compatible),
                code=(__file__, csrc.__file__))
        return self.socs[compatible]

    def read_soc(self, compatible):
        """soc() from the sources"""
        path, data = self.files[compatible]
        text = csrc.read(path)
        macros, names = {}, {}
        for k, v in csrc.defines(text).items():
            (names if isinstance(v, str) else macros)[k] = v
        pp = Preprocessor(dict(macros, **names))
        consts = csrc.enums(text)
        for k, v in names.items():
            if k not in consts:
                consts[k] = pp.expand(v)
        return Soc(path, text, pp, consts, data, self.layout)


def sources(ksrc):
    """what the tables are read from: the directory's sources"""
    return glob.glob(os.path.join(ksrc, D, "*.[ch]"))


def read(ksrc):
    """Tables(ksrc), kept between runs (cache.memo) while no source of the
    directory changes: every board whose DT has a controller no family
    before this one matches asks for them"""
    return cache.memo("tegra", sources(ksrc), lambda: Tables(ksrc),
                      code=(__file__, csrc.__file__))


def pinconf_rules(core):
    """{PARAM: (flag, {bank, reg, bit, width}, the same otherwise or None)}
    from tegra_pinconf_reg()'s switch: what it sets each of the four to,
    a group field (g->x), a number or an error code; flag is the soc
    data's *_in_mux that chooses between the two, or None"""
    body = csrc.block(core, r"static int tegra_pinconf_reg\s*\([^)]*\)\s*\{")
    sw = csrc.block(body, r"switch\s*\(\s*param\s*\)\s*\{")
    out = {}
    for m in re.finditer(r"case\s+TEGRA_PINCONF_PARAM_(\w+)\s*:(.*?)\bbreak\s*;", sw, re.S):
        case = m.group(2)

        def sets(t):
            return dict(re.findall(r"\*(\w+)\s*=\s*(?:g->)?(-?\w+)\s*;", t))
        cond = re.search(r"if\s*\(\s*pmx->soc->(\w+)\s*\)\s*\{(.*?)\}\s*else\s*\{(.*?)\}", case,
                         re.S)
        common = sets(re.sub(r"if\s*\(.*?\}\s*else\s*\{.*?\}", "", case, flags=re.S))
        if cond:
            out[m.group(1)] = (cond.group(1), dict(common, **sets(cond.group(2))),
                               dict(common, **sets(cond.group(3))))
        else:
            out[m.group(1)] = (None, common, None)
    return out

# SPDX-License-Identifier: GPL-2.0
"""The rules of the kernel's generic DT pin configuration parser
(drivers/pinctrl/pinconf-generic.c), read from the tree being checked, and
the checks of one pin node against them: what the kernel series' patches
21-24, 31 and 34 made the parser say, computed here from the DT so that
they hold for any kernel (lint.py, scan.py).

Read from the tree (never retyped):
- dt_params[]: the generic properties, in the parser's order, with the
  parameter each sets and its default (the argument of a property written
  without a value);
- what value each takes: "none" (a flag), "u32" (one cell) or "any" (no
  value or one cell). A tree whose dt_params[] says it (the series'
  PIN_DT_VALUE_*) is taken at its word; otherwise it follows from the
  tree's own tables: two properties setting one parameter with defaults 0
  and 1 (input-enable/-disable, output-high/-low, ...) are flags; else the
  type pincfg-node.yaml gives the property (boolean: a flag; uint32 or
  uint32-array: one cell; boolean or uint32: "any", "none" when the uint32
  form is deprecated); else a default of 1 (no value means "on": the
  pulls) is "any", and the rest one cell (every flag of 6.12 with a
  default of 0 has its boolean type in pincfg-node.yaml, and 6.12's yaml
  lacks input-schmitt, which takes a cell);
- the drivers of drivers/pinctrl and how far each uses the parser (scan.py
  documents it), with their custom parameters (struct
  pinconf_generic_params, the value each takes when said, "any" if not)
  and whether they set pinctrl_desc.strict_dt.

The tables of the binding, which no 6.12 source holds, are here, once:
the properties of which a node takes one (ONE_OF, MODES: pincfg-node.yaml
of linux-next) and those that are not configuration (HOUSEKEEPING).
"""

import collections
import functools
import glob
import os
import re

from . import cache, csrc

NONE, U32, ANY = "none", "u32", "any"
VALUE_NAMES = {"PIN_DT_VALUE_NONE": NONE, "PIN_DT_VALUE_U32": U32,
               "PIN_DT_VALUE_ANY": ANY}
ARG_MAX = 0xFFFFFF          # the argument of a packed configuration: 24 bits

# Two of one list contradict each other ...
ONE_OF = [
    ["input-enable", "input-disable"],
    ["input-schmitt-enable", "input-schmitt-disable"],
    ["low-power-enable", "low-power-disable"],
    ["output-enable", "output-disable"],
    ["output-high", "output-low"],
]
# ... or are two modes, which a driver may give a meaning of its own
MODES = [
    ["bias-bus-hold", "bias-disable", "bias-high-impedance", "bias-pull-up",
     "bias-pull-pin-default", "bias-pull-down"],
    ["drive-open-drain", "drive-open-source", "drive-push-pull"],
    ["drive-strength", "drive-strength-microamp"],
]
# Properties of a pin node that are not configuration (and bootph-*)
HOUSEKEEPING = ("function", "groups", "linux,phandle", "name", "phandle",
                "pinctrl-use-default", "pinmux", "pins", "status")

# Drivers whose compatibles are in a file that includes another header
EXTRA = {"renesas/pinctrl.c": ["renesas/core.c"]}

Param = collections.namedtuple("Param", "name param default kind")
Driver = collections.namedtuple("Driver", "level customs files strict")

# { "name", PARAM, default[, value] } of a pinconf_generic_params table
_ROW = re.compile(r'\{\s*"([^"]+)"\s*,\s*([^,{}]+?)\s*,\s*([^,{}]+?)\s*'
                  r'(?:,\s*([^,{}]+?)\s*)?,?\s*\}')
_TABLE = re.compile(r"pinconf_generic_params\s+\w+\[\w*\]\s*=\s*\{(.*?)\n\};", re.S)


def _int(text, default=0):
    try:
        return int(text, 0)
    except ValueError:
        return default


# parameters a later tree renamed, under the names the families use: 7.3
# calls what output-high and output-low set PIN_CONFIG_LEVEL (6.12:
# PIN_CONFIG_OUTPUT), with the same meaning and drivers doing the same
RENAMED = {"PIN_CONFIG_LEVEL": "PIN_CONFIG_OUTPUT"}


def param_rows(block, kind=None):
    """[Param] of a table's text; kind: the value of a row that does not say"""
    return [Param(m.group(1), RENAMED.get(m.group(2), m.group(2)), _int(m.group(3)),
                  VALUE_NAMES.get(m.group(4) or "", kind))
            for m in _ROW.finditer(block)]


def yaml_kinds(path):
    """{property: kind} from the types pincfg-node.yaml gives"""
    try:
        text = open(path).read()
    except OSError:
        return {}
    m = re.search(r"^properties:\n(.*?)(?=^\S)", text + "\nend:\n", re.M | re.S)
    out = {}
    for e in re.finditer(r"^  ([\w,.-]+):[ \t]*\n((?:(?:    .*)?\n)*)", m.group(1) if m else "",
                         re.M):
        body = e.group(2)
        flag = "type: boolean" in body
        cell = re.search(r"definitions/uint32(-array)?\s*$", body, re.M)
        if flag and cell:
            out[e.group(1)] = NONE if "deprecated: true" in body else ANY
        elif flag:
            out[e.group(1)] = NONE
        elif cell:
            out[e.group(1)] = U32
    return out


def derive_kinds(rows, typed):
    """what value each of dt_params[] takes, from the tree's tables alone
    (the module's header says how)"""
    out = []
    for p in rows:
        same = [r for r in rows if r.param == p.param]
        if len(same) == 2 and {r.default for r in same} == {0, 1}:
            kind = NONE
        elif p.name in typed:
            kind = typed[p.name]
        else:
            kind = ANY if p.default == 1 else U32
        out.append(p._replace(kind=kind))
    return out


class Rules:
    """the generic parser's rules and the drivers of the tree at ksrc"""

    def __init__(self, ksrc):
        self.ksrc = ksrc
        gen = os.path.join(ksrc, "drivers/pinctrl/pinconf-generic.c")
        text = csrc.read(gen)
        tbl = csrc.block(text, r"static const struct pinconf_generic_params dt_params\[\]\s*=\s*\{")
        rows = param_rows(tbl or "")
        if len(rows) < 20:
            raise SystemExit("pincheck: cannot read dt_params[] of %s (%d entries)"
                             % (gen, len(rows)))
        typed = yaml_kinds(os.path.join(
            ksrc, "Documentation/devicetree/bindings/pinctrl/pincfg-node.yaml"))
        self.derived = derive_kinds(rows, typed)
        # the tree's own word where it has one
        self.params = [r if r.kind else d for r, d in zip(rows, self.derived)]
        self.generic = {p.name: p for p in self.params}
        self._drivers = None

    @property
    def drivers(self):
        if self._drivers is None:
            self._drivers = find_drivers(self.ksrc)
        return self._drivers

    def driver_of(self, compatibles):
        for c in compatibles:
            d = self.drivers.get(c)
            if d:
                return d
        return None


@functools.lru_cache(maxsize=4)
def rules(ksrc):
    return Rules(ksrc)


def find_drivers(ksrc):
    """compatible -> Driver(level, custom Params, files, strict): level
    "full" for a driver that calls the generic subnode parser, "parse" for
    one that calls only pinconf_generic_parse_dt_config(); kept between
    runs (cache.memo) while no driver source changes"""
    files = glob.glob(os.path.join(ksrc, "drivers/pinctrl") + "/**/*.[ch]", recursive=True)
    return cache.memo("drivers", files, lambda: read_drivers(ksrc, files),
                      code=(__file__, csrc.__file__))


def read_drivers(ksrc, files):
    """find_drivers() from the sources"""
    pdir = os.path.join(ksrc, "drivers/pinctrl")
    srcs = {f: csrc.read(f) for f in files}
    full = {f for f, s in srcs.items() if f.endswith(".c") and re.search(
        r"pinconf_generic_dt_(sub)?node_to_map", s)
        and not f.endswith("pinconf-generic.c")}
    part = {f for f, s in srcs.items() if f.endswith(".c") and
            "pinconf_generic_parse_dt_config" in s and
            not f.endswith("pinconf-generic.c")} - full

    def customs(text):
        rows = []
        for block in _TABLE.findall(text):
            rows += param_rows(block, ANY)
        return rows

    compat = {}
    for level, files in (("full", sorted(full)), ("parse", sorted(part))):
        for f in files:
            stem = os.path.splitext(os.path.basename(f))[0]
            group = {f} | {os.path.join(pdir, x)
                           for x in EXTRA.get(os.path.relpath(f, pdir), [])}
            for g, s in srcs.items():
                if (g.endswith(".c") and os.path.dirname(g) == os.path.dirname(f)
                        and re.search(r'#include\s+"%s\.h"' % re.escape(stem), s)):
                    group.add(g)
            params, strict = {}, False
            for g in sorted(group):
                h = os.path.splitext(g)[0] + ".h"
                for t in [srcs[g]] + ([srcs[h]] if h in srcs else []):
                    for p in customs(t):
                        params.setdefault(p.name, p)
                strict |= bool(re.search(r"\bstrict_dt\s*=\s*true", srcs[g]))
            rel = [os.path.relpath(f, ksrc)] + sorted(os.path.relpath(x, ksrc)
                                                      for x in group - {f})
            for g in sorted(group):
                for c in re.findall(r'\.compatible\s*=\s*"([^"]+)"', srcs[g]):
                    old = compat.get(c)
                    if old and old.level == "full":
                        continue
                    compat[c] = Driver(level, list(params.values()), rel, strict)
    return compat


def distance(a, b):
    """Levenshtein distance, as the kernel's (none for names of 40 or more)"""
    if len(a) >= 40 or len(b) >= 40:
        return 1 << 32
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        prev, row[0] = row[0], i
        for j in range(1, len(b) + 1):
            cur = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1,
                         prev + (a[i - 1] != b[j - 1]))
            prev = cur
    return row[len(b)]


def suggest(name, known):
    """the known name closest to name (at most 2 edits; a "vendor,name" is
    also compared by its name), the first of equals in the order given"""
    best, bestd = None, 3
    for k in known:
        d = distance(name, k)
        if "," in k:
            d = min(d, distance(name, k.split(",", 1)[1]))
        if d < bestd:
            best, bestd = k, d
    return best


def is_string(v):
    return (len(v) > 1 and 32 <= v[0] < 127 and v[-1] == 0 and
            all(b == 0 or 32 <= b < 127 for b in v[:-1]))


def show(v):
    """a property's value as the kernel's message shows it"""
    if is_string(v):
        first = v.split(b"\0")[0]
        return '"%s"%s' % (first.decode(), ", ..." if len(first) + 1 < len(v) else "")
    if len(v) % 4 == 0:
        cells = [int.from_bytes(v[i:i + 4], "big") for i in range(0, len(v), 4)]
        return "<%s%s>" % (" ".join("%u" % c for c in cells[:4]),
                           " ..." if len(cells) > 4 else "")
    return "[%s%s]" % (" ".join("%02x" % b for b in v[:8]), " ..." if len(v) > 8 else "")


def value_problem(v, kind):
    """why value v is not what a property of this kind takes, or None"""
    if not v and kind != U32:
        return None
    if len(v) == 4 and kind != NONE and not is_string(v):
        arg = int.from_bytes(v, "big")
        return None if arg <= ARG_MAX else "<%u> does not fit in 24 bits" % arg
    if not v:
        return "has no value, must be one 32-bit cell"
    return show(v) + {NONE: ", takes no value", U32: ", must be one 32-bit cell",
                      ANY: ", must be empty or one 32-bit cell"}[kind]


# kind: scan.py's name of the check; key, extra: its columns
Finding = collections.namedtuple("Finding", "kind path prop what key extra")


def strings(v):
    """a non-empty list of strings, as of_property_count_strings() takes one"""
    return len(v) > 0 and v[-1] == 0


def check_node(path, props, rules_, drv):
    """[Finding] for one pin node (its path and its {property: bytes}) on a
    controller whose driver is drv, in the order the kernel says them"""
    out = []
    params = rules_.params + [p for p in drv.customs if p.name not in rules_.generic]
    known = [p.name for p in params]
    targets = "pins" in props or "groups" in props
    if drv.level == "full":
        settings = [p for p in props if p == "function" or p in known]
        if not targets and settings:
            out.append(Finding("targetless", path, settings[0],
                               "has pin settings but neither pins nor groups",
                               ",".join(settings), "-"))
        for name in props:
            if name.startswith("bootph-") or name in HOUSEKEEPING or name in known:
                continue
            best = suggest(name, known)
            out.append(Finding("unknown" if targets else "unknown-strict", path, name,
                               "unknown property" + (" (did you mean %s?)" % best
                                                     if best else ""),
                               name, best or "-"))
        bad = [k for k in ("pins", "groups") if k in props and not strings(props[k])]
        for k in bad:
            out.append(Finding("form", path, k, "must be a non-empty list of strings",
                               "%s not strings" % k, "-"))
        if not bad and "pins" in props and "groups" in props:
            out.append(Finding("form", path, "groups", "has both pins and groups, use one",
                               "pins + groups", "-"))
        v = props.get("function")
        if v is not None and (not strings(v) or v.count(b"\0") != 1):
            out.append(Finding("form", path, "function", "must be one string",
                               "function not one string", "-"))
    if drv.level == "full" and not targets:
        return out      # the parser reads no setting of such a node
    for p in params:
        if p.name in props:
            why = value_problem(props[p.name], p.kind)
            if why:
                out.append(Finding("value", path, p.name, why, p.name, why))
    for key, lists in (("conflict", ONE_OF), ("modes", MODES)):
        for group in lists:
            present = [p for p in group if p in props]
            for p in present[1:]:
                out.append(Finding(key, path, p, "conflicts with %s" % present[0],
                                   "%s + %s" % (present[0], p), "-"))
    return out


def deep_finding(node_path, props):
    """a pin node one level deeper than the parser reads"""
    named = [p for p in ("pins", "groups", "function") if p in props] + \
        [p for p in props if p not in ("phandle", "linux,phandle", "name")]
    return Finding("deep", node_path, named[0] if named else "(node)",
                   "pin configuration nodes nest one level deep, this one would be ignored",
                   "(node)", "-")


@functools.lru_cache(maxsize=4)
def owner_classes(ksrc):
    """{parameter: the parameter pinconf-owners keeps it under}, from
    pinconf_param_class() of drivers/pinctrl/pinconf.c (the series' patch
    "pinctrl: pinconf: Show what set each configuration of each pin": one
    owner per kind of parameter, a pull-up replaces a bias-disable); a
    parameter it does not name is its own class. None for a tree without
    it."""
    try:
        text = csrc.read(os.path.join(ksrc, "drivers/pinctrl/pinconf.c"))
    except OSError:
        return None
    body = csrc.block(text, r"\bpinconf_param_class\s*\([^)]*\)\s*\{")
    if body is None:
        return None
    out, cases = {}, []
    for m in re.finditer(r"\bcase\s+(\w+)\s*:|\breturn\s+(\w+)\s*;", body):
        if m.group(1):
            cases.append(m.group(1))
        else:
            for c in cases:
                out[c] = m.group(2)
            cases = []
    return out


def owner_key(ksrc, compatibles, prop):
    """what pinconf-owners keeps DT property `prop` of a generic driver's
    pin node under (its parameter's class), None when not known"""
    classes = owner_classes(ksrc)
    r = rules(ksrc)
    p = r.generic.get(prop)
    if p is None:
        drv = r.driver_of(compatibles)
        p = next((c for c in drv.customs if c.name == prop), None) if drv else None
    if classes is None or p is None:
        return None
    return classes.get(p.param, p.param)


def node_configs(params, node):
    """[(property, PIN_CONFIG_*, argument)] of the generic configuration
    properties pin node `node` has, in the order of params (dt_params[]
    as rules() reads it); a flag takes the entry's default argument"""
    out = []
    for p in params:
        if node is not None and node.has(p.name):
            v = node.props[p.name]
            out.append((p.name, p.param, int.from_bytes(v[:4], "big") if len(v) >= 4
                        else p.default))
    return out

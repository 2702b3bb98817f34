# SPDX-License-Identifier: GPL-2.0
"""Scan the pin configuration nodes of every arm64 DTB of a kernel tree
with the checks the series adds to the generic DT parser
(drivers/pinctrl/pinconf-generic.c), and say what each would flag.

    pincheck scan [--tree KSRC]             [--dtc DTC] [--jobs N]
                              [--markdown] [--keep DIR]

Every arch/arm64/boot/dts/**/*.dts is compiled the way kbuild does it
(cpp -nostdinc -undef -D__DTS__ -x assembler-with-cpp with
scripts/dtc/include-prefixes, then the kernel's dtc -b 0) and read with
pylibfdt (Debian's python3-libfdt). A pin configuration node is a node a
pinctrl-N phandle points at, and each of its available children, as
pinconf_generic_dt_node_to_map() reads them; its controller is the
nearest ancestor with a compatible.

Which checks reach a node depends on the controller's driver, found from
the sources of drivers/pinctrl: a driver that calls the generic subnode
parser (pinconf_generic_dt_node_to_map*() or
pinconf_generic_dt_subnode_to_map()) gets every check; one that calls only
pinconf_generic_parse_dt_config() gets the value and contradiction checks;
others (sunxi, i.MX, pinctrl-single, ...) none. The driver of a compatible
is the file that lists it, or the file whose header it includes
(pinctrl-msm.h, pinctrl-meson.h, ...). The custom parameters a driver
declares (struct pinconf_generic_params) are known properties for it.

The states of every enabled node are checked as the core reads them,
whatever its pin controller: pinctrl-0 up to the first missing pinctrl-N,
each named by pinctrl-names; what the core warns about (a state with no
name, a pinctrl-N or a pinctrl-names entry after the first missing
pinctrl-N, a name that is almost a standard one, init/sleep/idle with no
default) is a row of its own. Only devices probe, so a node that is not
one (a child its parent reads itself) may be counted when it should not.
"""
import collections
import glob
import multiprocessing
import os
import re
import subprocess
import sys
import tempfile

import libfdt

# The generic properties and the value each takes (pinconf-generic.c).
NONE, U32, ANY = "no value", "one cell", "no value or one cell"
GENERIC = {
    "bias-bus-hold": NONE, "bias-disable": NONE, "bias-high-impedance": NONE,
    "bias-pull-up": ANY, "bias-pull-pin-default": ANY, "bias-pull-down": ANY,
    "drive-open-drain": NONE, "drive-open-source": NONE,
    "drive-push-pull": NONE, "drive-strength": U32,
    "drive-strength-microamp": U32, "input-debounce": U32,
    "input-disable": NONE, "input-enable": NONE, "input-schmitt": U32,
    "input-schmitt-disable": NONE, "input-schmitt-enable": NONE,
    "input-schmitt-microvolts": U32, "low-power-disable": NONE,
    "low-power-enable": NONE, "output-disable": NONE, "output-enable": NONE,
    "output-high": NONE, "output-impedance-ohms": U32, "output-low": NONE,
    "power-source": U32, "sleep-hardware-state": NONE, "slew-rate": U32,
    "skew-delay": U32,
}
# Two of one list contradict each other (an error) ...
ONE_OF = [
    ["input-enable", "input-disable"],
    ["input-schmitt-enable", "input-schmitt-disable"],
    ["low-power-enable", "low-power-disable"],
    ["output-enable", "output-disable"],
    ["output-high", "output-low"],
]
# ... or are two modes (a warning, an error under strict_dt)
MODES = [
    ["bias-bus-hold", "bias-disable", "bias-high-impedance", "bias-pull-up",
     "bias-pull-pin-default", "bias-pull-down"],
    ["drive-open-drain", "drive-open-source", "drive-push-pull"],
    ["drive-strength", "drive-strength-microamp"],
]
HOUSEKEEPING = {"function", "groups", "linux,phandle", "name", "phandle",
                "pinctrl-use-default", "pinmux", "pins", "status"}

# Drivers whose compatibles are in a file that includes another header
EXTRA = {"renesas/pinctrl.c": ["renesas/core.c"]}

CHECKS = [
    ("value", "a value the property does not take, or above 24 bits", "error"),
    ("conflict", "contradictory properties in one node", "error"),
    ("modes", "two bias, drive or drive strength modes in one node",
     "warning (error if strict)"),
    ("unknown", "unknown property", "warning (error if strict)"),
    ("unknown-strict", "unknown property of a node with neither pins nor "
     "groups", "not checked (error under pinctrl.strict_dt=1)"),
    ("targetless", "settings but neither pins nor groups",
     "warning (error if strict)"),
    ("form", "pins and groups together, pins or groups not a list of "
     "strings, a function that is not one string", "warning (error if strict)"),
    ("deep", "a pin node nested below a state's child (read by no one)",
     "warning (error if strict)"),
    ("selfref", "pinctrl-N names the device's own node", "error"),
]
# What the core says of a device's states as a whole (the series' "Warn
# about a state that pinctrl-names does not name", "Warn about the states
# after a missing pinctrl-N", "Warn about a state name that is not quite a
# standard one" and "Warn about states that are not applied without a
# default"), checked on every enabled node with pinctrl-N or pinctrl-names;
# the "property" of a row is the device's first compatible.
STATE_CHECKS = [
    ("unnamed", "a pinctrl-N that pinctrl-names does not name", "warning"),
    ("gap", "a pinctrl-N after a missing one (not read)", "warning"),
    ("names", "a pinctrl-names entry after a missing pinctrl-N (not read)",
     "warning"),
    ("near", "a state name that is almost a standard one", "warning"),
    ("nodefault", "init, sleep or idle but no default (none applied)",
     "warning"),
]
STANDARD = ("default", "init", "idle", "sleep")
# At most this many (property, driver or device) pairs in a markdown cell
MARKDOWN_MAX = 6


def distance(a, b):
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
    best, bestd = None, 3
    for k in sorted(known):
        d = distance(name, k)
        if "," in k:
            d = min(d, distance(name, k.split(",", 1)[1]))
        if d < bestd:
            best, bestd = k, d
    return best


def drivers(ksrc):
    """compatible -> (level, custom parameter names, driver files)"""
    pdir = os.path.join(ksrc, "drivers/pinctrl")
    srcs = {}
    for f in glob.glob(pdir + "/**/*.[ch]", recursive=True):
        with open(f, errors="replace") as fh:
            srcs[f] = fh.read()
    full = {f for f, s in srcs.items() if f.endswith(".c") and re.search(
        r"pinconf_generic_dt_(sub)?node_to_map", s)
        and not f.endswith("pinconf-generic.c")}
    part = {f for f, s in srcs.items() if f.endswith(".c") and
            "pinconf_generic_parse_dt_config" in s and
            not f.endswith("pinconf-generic.c")} - full
    custom_re = re.compile(
        r"pinconf_generic_params\s+\w+\[\]\s*=\s*\{(.*?)\n\};", re.S)

    def customs(text):
        names = set()
        for block in custom_re.findall(text):
            names.update(re.findall(r'\{\s*"([^"]+)"\s*,', block))
        return names

    compat = {}
    for level, files in (("full", full), ("parse", part)):
        for f in files:
            stem = os.path.splitext(os.path.basename(f))[0]
            group = {f} | {os.path.join(pdir, x)
                           for x in EXTRA.get(os.path.relpath(f, pdir), [])}
            for g, s in srcs.items():
                if (g.endswith(".c") and os.path.dirname(g) == os.path.dirname(f)
                        and re.search(r'#include\s+"%s\.h"' % re.escape(stem), s)):
                    group.add(g)
            names = set()
            for g in group:
                names |= customs(srcs[g])
                h = os.path.splitext(g)[0] + ".h"
                if h in srcs:
                    names |= customs(srcs[h])
            for g in group:
                for c in re.findall(r'\.compatible\s*=\s*"([^"]+)"', srcs[g]):
                    old = compat.get(c)
                    if old and old[0] == "full":
                        continue
                    compat[c] = (level, names, [os.path.relpath(f, ksrc)] +
                                 sorted(os.path.relpath(x, ksrc)
                                        for x in group - {f}))
    return compat


def compile_one(args):
    dts, ksrc, dtc, outdir = args
    rel = os.path.relpath(dts, os.path.join(ksrc, "arch/arm64/boot/dts"))
    base = os.path.join(outdir, rel.replace("/", "__"))
    inc = os.path.join(ksrc, "scripts/dtc/include-prefixes")
    pre, dtb = base + ".pre", base[:-4] + ".dtb"
    r = subprocess.run(["gcc", "-E", "-nostdinc", "-I", inc, "-undef",
                        "-D__DTS__", "-x", "assembler-with-cpp", "-o", pre,
                        dts], capture_output=True)
    if r.returncode:
        return rel, None
    r = subprocess.run([dtc, "-q", "-I", "dts", "-O", "dtb", "-b", "0",
                        "-i", os.path.dirname(dts), "-i", inc, "-o", dtb,
                        pre], capture_output=True)
    os.unlink(pre)
    return rel, (dtb if r.returncode == 0 else None)


class Tree:
    def __init__(self, path):
        with open(path, "rb") as f:
            self.fdt = libfdt.Fdt(f.read())
        self.props, self.parent, self.children, self.path = {}, {}, {}, {}
        self.phandles = {}
        self.walk(0, None, "")

    def walk(self, off, parent, path):
        fdt = self.fdt
        name = fdt.get_name(off)
        path = "/" if parent is None else (path.rstrip("/") + "/" + name)
        self.path[off], self.parent[off] = path, parent
        props = collections.OrderedDict()
        p = fdt.first_property_offset(off, libfdt.QUIET_NOTFOUND)
        while p >= 0:
            prop = fdt.get_property_by_offset(p)
            props[prop.name] = bytes(prop)
            p = fdt.next_property_offset(p, libfdt.QUIET_NOTFOUND)
        self.props[off] = props
        for k in ("phandle", "linux,phandle"):
            if k in props and len(props[k]) == 4:
                self.phandles[int.from_bytes(props[k], "big")] = off
        kids = []
        c = fdt.first_subnode(off, libfdt.QUIET_NOTFOUND)
        while c >= 0:
            kids.append(c)
            self.walk(c, off, path)
            c = fdt.next_subnode(c, libfdt.QUIET_NOTFOUND)
        self.children[off] = kids


def is_string(v):
    return (len(v) > 1 and 32 <= v[0] < 127 and v[-1] == 0 and
            all(b == 0 or 32 <= b < 127 for b in v[:-1]))


def check_value(name, v):
    kind = GENERIC[name]
    if not v and kind != U32:
        return None
    if len(v) == 4 and kind != NONE and not is_string(v):
        arg = int.from_bytes(v, "big")
        return None if arg <= 0xFFFFFF else "<%u> above 24 bits" % arg
    if is_string(v):
        shown = '"%s"' % v.split(b"\0")[0].decode()
    elif len(v) % 4 == 0:
        shown = "<%s>" % " ".join(str(int.from_bytes(v[i:i + 4], "big"))
                                  for i in range(0, len(v), 4))
    else:
        shown = "[%s]" % v.hex(" ")
    return "%s, must be %s" % (shown or "no value", kind)


def scan_dtb(rel, dtb, compat, found):
    t = Tree(dtb)
    seen = set()
    for off, props in t.props.items():
        if props.get("status", b"okay\0")[:2] != b"ok":
            continue    # a disabled device does not probe
        if off != 0:
            check_states(rel, t, off, found)
        for pname, v in props.items():
            if not re.fullmatch(r"pinctrl-[0-9]+", pname) or len(v) % 4:
                continue
            for i in range(0, len(v), 4):
                ph = int.from_bytes(v[i:i + 4], "big")
                cfg = t.phandles.get(ph)
                if cfg is None:
                    continue
                if cfg == off:
                    found["selfref"].append((rel, t.path[off], pname, "-"))
                    continue
                for node in [cfg] + t.children[cfg]:
                    deeper = t.children[node] if node != cfg else []
                    if node in seen:
                        continue
                    seen.add(node)
                    if t.props[node].get("status", b"okay\0")[:4] not in (
                            b"okay", b"ok\0"):
                        continue
                    ctl = t.parent[cfg]
                    while ctl is not None and "compatible" not in t.props[ctl]:
                        ctl = t.parent[ctl]
                    if ctl is None:
                        continue
                    comps = t.props[ctl]["compatible"].split(b"\0")
                    info = None
                    for c in comps:
                        info = compat.get(c.decode(errors="replace"))
                        if info:
                            break
                    if not info:
                        continue
                    check_node(rel, t.path[node], t.props[node], info, found)
                    if info[0] == "full":
                        for d in deeper:
                            found["deep"].append((rel, t.path[d], "(node)",
                                                  "-", info[2][0]))


REACHED = collections.Counter()


def state_names(v):
    """pinctrl-names as of_property_read_string_index() reads it: a name, or
    None for an index it refuses (past the end, or not terminated)"""
    if v is None:
        return []
    parts = v.split(b"\0")
    names = [x.decode(errors="replace") for x in parts[:-1]]
    if parts[-1]:
        names.append(None)
    return names


def check_states(rel, t, off, found):
    """what pinctrl_dt_to_map() and pinctrl_bind_pins() say of the states of
    a device: the states are pinctrl-0 up to the first missing pinctrl-N"""
    props = t.props[off]
    nums = sorted(int(k[8:]) for k in props if re.fullmatch(r"pinctrl-[0-9]+", k))
    if not nums and "pinctrl-names" not in props:
        return
    names = state_names(props.get("pinctrl-names"))
    comp = props.get("compatible", b"-\0").split(b"\0")[0].decode(
        errors="replace")
    path = t.path[off]
    missing = 0
    while missing in nums:
        missing += 1
    read = set()
    for n in range(missing):
        name = names[n] if n < len(names) else None
        if not name:
            found["unnamed"].append((rel, path, "pinctrl-%d" % n, "-", comp))
            continue
        read.add(name)
        stripped = name.strip().lower()
        if name not in STANDARD and stripped in STANDARD:
            found["near"].append((rel, path, '"%s"' % name, "-", comp))
    for n in nums:
        if n > missing:
            found["gap"].append((rel, path, "pinctrl-%d without pinctrl-%d" %
                                 (n, missing), "-", comp))
    for n, name in enumerate(names):
        if n >= missing and name is not None:
            found["names"].append((rel, path, '"%s" without pinctrl-%d' %
                                   (name, n), "-", comp))
    if "default" not in read:
        for name in ("init", "sleep", "idle"):
            if name in read:
                found["nodefault"].append((rel, path, '"%s"' % name, "-",
                                           comp))


def strings(v):
    """a non-empty list of strings, as pinconf_dt_strings() reads one"""
    return len(v) > 0 and v[-1] == 0


def check_form(rel, path, props, drv, found):
    """what pinconf_dt_check_form() says of a node"""
    bad = [k for k in ("pins", "groups") if k in props and not strings(props[k])]
    for k in bad:
        found["form"].append((rel, path, "%s not strings" % k, "-", drv))
    if not bad and "pins" in props and "groups" in props:
        found["form"].append((rel, path, "pins + groups", "-", drv))
    if "function" in props:
        v = props["function"]
        if not strings(v) or v.count(b"\0") != 1:
            found["form"].append((rel, path, "function not one string", "-",
                                  drv))


def check_node(rel, path, props, info, found):
    level, customs, files = info
    drv = files[0]
    REACHED[level] += 1
    REACHED[(level, drv)] += 1
    for name, v in props.items():
        if name in GENERIC:
            why = check_value(name, v)
            if why:
                found["value"].append((rel, path, name, why, drv))
    for key, lists in (("conflict", ONE_OF), ("modes", MODES)):
        for group in lists:
            present = [p for p in group if p in props]
            for p in present[1:]:
                found[key].append((rel, path, "%s + %s" % (present[0], p),
                                   "-", drv))
    if level != "full":
        return
    check_form(rel, path, props, drv, found)
    known = set(GENERIC) | customs
    if "pins" not in props and "groups" not in props:
        # Not a node the generic parser reads (it may hold the pin nodes,
        # or be a binding the driver parses itself): settings only.
        if "function" in props or any(p in known for p in props):
            found["targetless"].append((rel, path, ",".join(
                p for p in props if p in known or p == "function"), "-", drv))
        for name in props:
            if not (name.startswith("bootph-") or name in HOUSEKEEPING or
                    name in known):
                found["unknown-strict"].append(
                    (rel, path, name, suggest(name, known) or "-", drv))
        return
    for name in props:
        if name.startswith("bootph-") or name in HOUSEKEEPING or name in known:
            continue
        found["unknown"].append((rel, path, name, suggest(name, known) or "-",
                                 drv))


def add_parsers(sub):
    ap = sub.add_parser("scan", help="scan the pin nodes of every arm64 DTB of a tree",
                        description=__doc__.split("\n")[0])
    cache = os.environ.get("VSOC_CACHE",
                           os.path.expanduser("~/.cache/vsoc"))
    ap.add_argument("--tree", default=os.path.join(cache, "linux"))
    ap.add_argument("--dtc", default=os.path.join(
        cache, "out/vsoc/scripts/dtc/dtc"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--keep", help="keep the DTBs in this directory")
    ap.add_argument("--markdown", action="store_true")
    ap.set_defaults(func=run)


def run(a):
    if not os.access(a.dtc, os.X_OK):
        sys.exit("pincheck scan: no dtc at %s (run make kernel)" % a.dtc)

    compat = drivers(a.tree)
    dts = sorted(glob.glob(os.path.join(a.tree, "arch/arm64/boot/dts/**/*.dts"),
                           recursive=True))
    outdir = a.keep or tempfile.mkdtemp(prefix="scan-pin-nodes.")
    os.makedirs(outdir, exist_ok=True)
    found = {k: [] for k, _, _ in CHECKS + STATE_CHECKS}
    failed, ok = [], 0
    with multiprocessing.Pool(a.jobs) as pool:
        for rel, dtb in pool.imap_unordered(
                compile_one, [(d, a.tree, a.dtc, outdir) for d in dts]):
            if not dtb:
                failed.append(rel)
                continue
            ok += 1
            scan_dtb(rel, dtb, compat, found)
            if not a.keep:
                os.unlink(dtb)
    if not a.keep:
        os.rmdir(outdir)

    print("%d arm64 DTS files, %d compiled%s" % (
        len(dts), ok, (", not compiled: " + " ".join(failed)) if failed else ""))
    top = sorted(((n, k[1]) for k, n in REACHED.items()
                  if isinstance(k, tuple) and k[0] == "full"), reverse=True)
    print("pin nodes checked: %d through the generic subnode parser (%s), "
          "%d through pinconf_generic_parse_dt_config() only" % (
              REACHED["full"], ", ".join("%s %d" % (d.split("/")[-1], n)
                                         for n, d in top[:6]),
              REACHED["parse"]))
    if a.markdown:
        print("\n| check | by default | nodes flagged (DTBs) "
              "| each distinct flagged property (nodes, driver or device) |")
        print("| --- | --- | ---: | --- |")
        for key, what, level in CHECKS + STATE_CHECKS:
            hits = found[key]
            nodes = {(r, p) for r, p, *_ in hits}
            # each (property, driver or device), the most frequent first
            byprop = collections.Counter(
                (h[2], (h[4] if len(h) > 4 else "-").split("/")[-1])
                for h in hits)
            top = byprop.most_common(MARKDOWN_MAX)
            props = "; ".join("`%s` (%d, %s)" % (k, n, d)
                              for (k, d), n in top) or "none"
            if len(byprop) > len(top):
                props += "; %d more" % (len(byprop) - len(top))
            print("| %s | %s | %d (%d) | %s |" % (
                what, level, len(nodes), len({r for r, _ in nodes}), props))
        return
    for key, what, level in CHECKS + STATE_CHECKS:
        hits = found[key]
        nodes = {(r, p) for r, p, *_ in hits}
        distinct = {p for _, p, *_ in hits}
        print("\n%s (%s, %s): %d nodes in %d DTBs (%d distinct paths)" % (
            key, what, level, len(nodes), len({r for r, _ in nodes}),
            len(distinct)))
        byprop = collections.defaultdict(list)
        for h in hits:
            byprop[(h[2], h[3], h[4] if len(h) > 4 else "-")].append(h)
        for (prop, extra, drv), hs in sorted(byprop.items(),
                                             key=lambda x: -len(x[1])):
            ex = hs[0]
            print("  %-40s %-34s %4d nodes  %s  e.g. %s %s" % (
                prop, extra, len({(r, p) for r, p, *_ in hs}), drv,
                ex[0], ex[1]))

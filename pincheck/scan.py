# SPDX-License-Identifier: GPL-2.0
"""Scan the pin configuration nodes of every arm64 DTB of a kernel tree
with the checks of the generic DT parser's rules (generic.py, the checks
pincheck lint makes of one board), and say what each would flag.

    pincheck scan [--tree KSRC]             [--dtc DTC] [--jobs N]
                              [--markdown] [--keep DIR]

Every arch/arm64/boot/dts/**/*.dts is compiled the way kbuild does it
(cpp -nostdinc -undef -D__DTS__ -x assembler-with-cpp with
scripts/dtc/include-prefixes, then the kernel's dtc -b 0) and read with
fdt.py. A pin configuration node is a node a pinctrl-N (of an enabled
device, up to the first missing pinctrl-N) points at, and each of its
available children, as pinconf_generic_dt_node_to_map() reads them; its
controller is the nearest ancestor with a compatible (lint.py).

Which checks reach a node depends on the controller's driver, found from
the sources of drivers/pinctrl: a driver that calls the generic subnode
parser (pinconf_generic_dt_node_to_map*() or
pinconf_generic_dt_subnode_to_map()) gets every check; one that calls only
pinconf_generic_parse_dt_config() gets the value and contradiction checks;
others (sunxi, i.MX, pinctrl-single, ...) none. The driver of a compatible
is the file that lists it, or the file whose header it includes
(pinctrl-msm.h, pinctrl-meson.h, ...). The custom parameters a driver
declares (struct pinconf_generic_params) are known properties for it
(generic.py).

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

from . import cache as cachedir
from . import fdt, generic, lint

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


def scan_dtb(rel, dtb, rules, found):
    t = fdt.read(dtb)
    for n in t.root.walk():
        if n.parent is not None and n.enabled():
            check_states(rel, n, found)
    for dev, _, cfg, _ in lint.state_nodes(t):
        if cfg is dev:
            found["selfref"].append((rel, dev.path, "pinctrl-N", "-"))
    for n, _, _, drv, deeper in lint.pin_nodes(t, rules):
        REACHED[drv.level] += 1
        REACHED[(drv.level, drv.files[0])] += 1
        for f in generic.check_node(n.path, n.props, rules, drv):
            found[f.kind].append((rel, f.path, f.key, f.extra, drv.files[0]))
        for d in deeper:
            found["deep"].append((rel, d.path, "(node)", "-", drv.files[0]))


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


def check_states(rel, node, found):
    """what pinctrl_dt_to_map() and pinctrl_bind_pins() say of the states of
    a device: the states are pinctrl-0 up to the first missing pinctrl-N"""
    props = node.props
    nums = sorted(int(k[8:]) for k in props if re.fullmatch(r"pinctrl-[0-9]+", k))
    if not nums and "pinctrl-names" not in props:
        return
    names = state_names(props.get("pinctrl-names"))
    comp = (node.strings("compatible") or ["-"])[0]
    path = node.path
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


def add_parsers(sub):
    ap = sub.add_parser("scan", help="scan the pin nodes of every arm64 DTB of a tree",
                        description=__doc__.split("\n")[0])
    cache = cachedir.root()
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

    rules = generic.rules(a.tree)
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
            scan_dtb(rel, dtb, rules, found)
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

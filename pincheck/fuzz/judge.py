# SPDX-License-Identifier: GPL-2.0
"""make fuzz: the rule each booted case is judged by (judge_case, judge;
fuzz.py's docstring and docs/fuzzing.md)."""

import contextlib
import io
import json
import os
import re

from .boot import deferred, handles, messages, read_dumps
from .model import FLAGS, STRUCTURAL, VALUED, Model, fdt
from .mutators import console_path
from .replay import known_classes, save_cases

# -- judging -----------------------------------------------------------------
def dev_name(node):
    """the platform device name of_device_make_bus_id() gives a node"""
    name = None
    n = node
    while n.parent is not None:
        if n.has("reg"):
            try:
                r = n.regs()
                a = n.translate(r[0][0]) if r else None
            except (ValueError, IndexError, TypeError):
                a = None
            if a is not None:
                return "%x.%s" % (a, n.basename) + (":" + name if name else "")
        name = n.name + (":" + name if name else "")
        n = n.parent
    return name


def expected_devices(tree, kind):
    """the devices that should hold pin states: enabled nodes (a VSOC
    board: below the root or /soc; a real board: the rh devices) with a
    pinctrl-N property"""
    out = {}
    for n in tree.root.walk():
        if n.parent is None or n.path.startswith("/__") or not n.enabled():
            continue
        if not any(re.fullmatch(r"pinctrl-\d+", p) for p in n.props):
            continue
        if kind == "rehearse" and not (n.has("rehearse,path") or n.has("compatible")):
            continue
        if not n.has("compatible"):
            continue
        # only the nodes a bus populates: children of the root or of a
        # simple-bus
        p = n.parent
        if p.parent is not None and not any(
                c in ("simple-bus", "simple-pm-bus") for c in p.strings("compatible")):
            continue
        out[dev_name(n)] = n
    return out


TOKEN = re.compile(r"[A-Za-z0-9_#,.+-]+")
PATHTOK = re.compile(r"(/[A-Za-z0-9_,.+@:-]+)+")


def names_node_and_property(line, paths, pin_names, props):
    node = False
    for m in PATHTOK.finditer(line):
        p = m.group(0).rstrip(".:,")
        if p in paths:
            node = True
            break
    if not node:
        toks = set(TOKEN.findall(line))
        node = bool(toks & pin_names)
    if not node:
        return False
    toks = set(t.rstrip(".:,") for t in TOKEN.findall(line))
    # a state by its name stands for its pinctrl-N ("state default")
    return bool((toks & props) - WORDS) or bool(STATE.search(line))


STATE = re.compile(r"\bstate [\w.,+-]+")


# words of the core's messages that a mutation may also add as a property
WORDS = {"pin", "group", "status", "reg", "name", "x"}


KNOWN_PROPS = set(FLAGS + VALUED) | STRUCTURAL | {
    "pinctrl-names", "status"} | {"pinctrl-%d" % i for i in range(8)}


def normalize(line):
    """a message as a class: numbers, quoted and path-like names blanked"""
    line = re.sub(r"^\S+ \S+: ", "", line)          # driver and device
    line = PATHTOK.sub("/P", line)
    line = re.sub(r"\b(rh\d+-\S+|[0-9a-f]+\.[a-z][\w-]*)", "DEV", line)
    line = re.sub(r"0x[0-9a-f]+|\d+", "N", line)
    return line[:120]


def pipeline_verdict(case, d):
    """(agrees, why, the devices whose states the checker's BAD NODE lines
    name a node and a property of) of the pipeline's verdict on a booted case, from its
    plan: a VSOC board's made from its DTB before the boot (scripts/
    fuzz.sh, pincheck prepare --dtb), a real board's by gen; agrees when no pin mismatches and nothing was written
    that no applied state writes. A consumer that failed after its state
    is read from the log, as pincheck verdict does."""
    from .. import verdict as rverdict
    if not os.path.isfile(os.path.join(d, "plan.json")):
        log = os.path.join(d, "prepare.log")
        why = open(log).read().strip().splitlines() if os.path.isfile(log) else []
        return False, "no plan: %s" % (why[-1] if why else "pincheck prepare did not run"), set()
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            r = rverdict.evaluate(d, os.path.join(d, "board.dtb"))
    except SystemExit as e:     # prepare's or the verdict's one line on bad input
        return False, "verdict: %s" % e, set()
    except Exception as e:  # the verdict could not read the mutated board
        return False, "verdict: %s: %s" % (type(e).__name__, e), set()
    bad = [x for x in r["rows"] if x["mismatch"]]
    failedc = [c for c in r["consumers"] if c["failed"]]
    why = "%d rows, %d mismatches, %d stray, %d consumers failed" % (
        len(r["rows"]), len(bad), len(r["stray"]), len(failedc))
    if bad:
        why += "; " + bad[0]["name"] + ": " + "; ".join(bad[0]["mismatch"])
    named = {p["consumer"] for p in r["problems"] if p["property"]}
    return not bad and not r["stray"], why, {c["dev"] for c in r["consumers"]
                                             if c["path"] in named}


def judge_case(case, d, base):
    rcf = os.path.join(d, "rc")
    res = {"id": case["id"], "base": case["base"], "ops": [o["what"] for o in case["ops"]],
           "op_kinds": [o["op"] for o in case["ops"]]}
    rc = int(open(rcf).read().strip()) if os.path.isfile(rcf) else None
    err = open(os.path.join(d, "err")).read().strip() if os.path.isfile(os.path.join(d, "err")) else ""
    log = os.path.join(d, "console.log")
    if rc != 0 and os.path.isfile(log) and os.path.getsize(log) == 0 and any(
            o["what"] == "deleted consumer %s" % base["console"] for o in case["ops"]):
        # the console's node deleted (the mutator no longer does this):
        # no earlycon, nothing to judge
        res.update(verdict="unobservable", why="the console's node deleted: no output at all")
        return res
    if rc != 0 or not os.path.isfile(log):
        res.update(verdict="BROKEN", why="boot: " + (err.splitlines()[-1] if err else "rc %s" % rc))
        res["class"] = "boot: " + normalize(res["why"].split(": ", 2)[-1])
        text = open(log, "rb").read().decode(errors="replace").replace("\r", "") \
            if os.path.isfile(log) else ""
        m = re.search(r"^\[[ 0-9.]+\] pc : ([\w.]+)\+", text, re.M)
        if m:   # an oops: where it happened
            res["class"] = "boot: oops in %s" % m.group(1)
        m = re.search(r"(BUG: KASAN|UBSAN): ([\w-]+) in ([\w.]+)", text)
        if m:   # a sanitizer: what and where
            res["class"] = "boot: %s %s in %s" % (m.group(1), m.group(2), m.group(3))
        # the report's first lines, for the corpus case
        rep = re.search(r"^\[[ 0-9.]+\] (?:Unable to handle|BUG:|WARNING:|UBSAN:|Internal error).*", text, re.M)
        if rep:
            lines = text[rep.start():].split("\n")
            keep = [re.sub(r"^\[[ 0-9.]+\] ", "", l) for l in lines[:60]
                    if re.search(r"Unable to handle|Internal error|pc :|lr :|BUG:|WARNING:|UBSAN:|"
                                 r"Kernel panic|^\[[ 0-9.]+\]  \S+\+0x", l)]
            res["new_messages"] = keep[:16]
        return res
    dumps = read_dumps(log)
    dmesg = dumps.get("end dmesg", "")
    kind = case["kind"]
    tree = fdt.read(os.path.join(d, "case.dtb" if kind == "vsoc" else "virt.dtb"))
    new = [l for l in messages(dmesg) if l not in base["msgs"]]
    paths = {n.path for n in tree.root.walk()} | base["paths"]
    props = set(KNOWN_PROPS) | base["props"]
    pin_names = set(base["pin_names"])
    for n in tree.root.walk():
        props.update(n.props)
    for o in case["ops"]:
        props.add(o["property"])
        paths.add(o["node"])
        if kind == "rehearse":
            pin_names.add(o["node_name"])
    if kind == "rehearse":
        # the kernel prints the moved nodes' paths: the board's paths too
        btree = fdt.read(os.path.join(d, "board.dtb"))
        paths |= {n.path for n in btree.root.walk()}
    named = [l for l in new if names_node_and_property(l, paths, pin_names, props)]
    conflicts = [l for l in new if "already requested" in l]
    got = handles(dumps)
    waiting = deferred(dumps)
    want = expected_devices(tree, kind)
    missing = sorted(k for k in want if k not in got and k not in base["missing"])
    # a device waiting for good: its reason names the node it waits for
    waits = {k: waiting[k] for k in missing if k in waiting and
             any(m.group(0).rstrip(".:,") in paths for m in PATHTOK.finditer(waiting[k]))}
    res["named"] = named[:3]
    res["missing"] = missing
    if waits:
        res["waiting"] = waits
    # the verifier: the pipeline's verdict on the mutated board (a VSOC
    # board: its plan made now, from the DTB it booted)
    ok, vwhy, checked = pipeline_verdict(case, d)
    res["verifier"] = vwhy
    # a device the kernel refused in words naming neither node nor
    # property, whose state the checker's BAD NODE lines name both of (the
    # form checks and the families' tables: the check the user reads)
    by_checker = bool(missing) and all(k in checked for k in missing)
    refused = bool(named or conflicts or waits or by_checker)
    if ok and not missing:
        res["verdict"] = "verified"
    elif refused:
        res["verdict"] = "refused" if ok else "refused-differs"
        if not named:
            res["verdict"] += "-conflict" if conflicts else "-deferred" if waits else "-checker"
    else:
        res["verdict"] = "BROKEN"
        res["why"] = ("silently not applied: %s" % ", ".join(missing)) if ok else \
            "no message naming a node and property, and the verifier: %s" % vwhy
        res["new_messages"] = new[:6]
        res["class"] = normalize(new[0]) if new else (
            "no new message, not applied" if ok else "no new message, verifier: " +
            normalize(vwhy.split(": ", 1)[-1]))
    return res


def judge(args):
    out = args["dir"]
    with open(os.path.join(out, "cases.json")) as f:
        meta = json.load(f)
    bases = {}
    for b in meta["bases"]:
        rd = args["base_runs"][b["name"]]
        dumps = read_dumps(os.path.join(rd, "console.log"))
        path = b["dtb"] if b["kind"] == "vsoc" else os.path.join(b["dir"], "virt.dtb")
        t = fdt.read(path)
        m = Model(t, b["kind"])
        props = set()
        for n in t.root.walk():
            props.update(n.props)
        paths = {n.path for n in t.root.walk()}
        if b["kind"] == "rehearse":
            bt = fdt.read(os.path.join(b["dir"], "board.dtb"))
            paths |= {n.path for n in bt.root.walk()}
            m2 = Model(bt, b["kind"])
            pin_names = {n.name for n in m.pin_nodes} | {n.name for n in m2.pin_nodes}
        else:
            pin_names = {n.name for n in m.pin_nodes}
        got = handles(dumps)
        bases[b["name"]] = {"msgs": set(messages(dumps.get("end dmesg", ""))),
                            "console": console_path(t),
                            "paths": paths, "props": props, "pin_names": pin_names,
                            "missing": {k for k in expected_devices(t, b["kind"])
                                        if k not in got}}
    known = known_classes(args.get("known"))
    results = []
    for case in meta["cases"]:
        d = os.path.join(out, case["id"])
        r = judge_case(case, d, bases[case["base"]])
        if case.get("file"):
            r["file"], r["expect_class"] = case["file"], case.get("expect_class")
        results.append(r)
        ops = " + ".join(r["ops"])
        line = "%s %-24s %-26s %s" % (r["id"], r["base"], r["verdict"],
                                      ops if len(ops) < 300 else ops[:300] + "...")
        if r["verdict"] == "BROKEN":
            r["known"] = known.get(r["class"])
            line += "  -- " + r["why"] + " [" + r["class"] + "]"
            if r["known"]:
                line += " (known: tests/corpus/fuzz/%s)" % r["known"]
        print(line)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    counts = {}
    for r in results:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    per_base = {}
    for r in results:
        per_base.setdefault(r["base"], [0, 0])
        per_base[r["base"]][0] += 1
        per_base[r["base"]][1] += r["verdict"] == "BROKEN"
    ops = {}
    for c in meta["cases"]:
        for o in c["ops"]:
            ops[o["op"]] = ops.get(o["op"], 0) + 1
    print("fuzz: seed %s, %d boards: %s" % (meta["seed"], len(results), ", ".join(
        "%s %d" % (k, v) for k, v in sorted(counts.items()))))
    print("fuzz: per board: %s" % ", ".join("%s %d (%d broken)" % (k, v[0], v[1])
                                            for k, v in sorted(per_base.items())))
    print("fuzz: mutations: %s" % ", ".join("%s %d" % kv for kv in sorted(ops.items())))
    classes = {}
    for r in results:
        if r["verdict"] == "BROKEN":
            classes.setdefault(r["class"], []).append(r["id"])
    for k, v in sorted(classes.items(), key=lambda kv: -len(kv[1])):
        print("fuzz: class %d case(s) (%s%s): %s%s" % (
            len(v), ", ".join(v[:5]), ", ..." if len(v) > 5 else "", k,
            " (known: tests/corpus/fuzz/%s)" % known[k] if k in known else " (NEW)"))
    print("fuzz: broken %d, of them in known classes %d" % (
        counts.get("BROKEN", 0), sum(1 for r in results if r.get("known"))))
    if args.get("save"):
        save_cases(meta, results, out, args["save"], bases)
    return 1 if counts.get("BROKEN") else 0

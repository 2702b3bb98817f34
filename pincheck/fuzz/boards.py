# SPDX-License-Identifier: GPL-2.0
"""make fuzz: the cases made from the base boards (gen): a VSOC board's
DTB as mutated, a real board transformed as rehearse.py prepare does
(rehearse_case)."""

import hashlib
import json
import os
import random
import re

from .model import fdt, pin_state_props
from .mutators import mutate

# -- generating the cases ----------------------------------------------------
def rehearse_case(base, tree, ops, outdir):
    """the mutated real board: transformed as rehearse.py prepare does,
    then the states of the consumers a mutation touched, or whose states
    point at a node that is not there, copied verbatim (the transform only
    keeps states that point at a pin controller, and names them again)"""
    from .. import board as rboard
    bdtb = os.path.join(outdir, "board.dtb")
    fdt.write(tree, bdtb)
    # the transform reads the states as cells: it gets them cut to whole
    # cells, and the booted DTB gets them as they are (below)
    sane = fdt.parse(fdt.dumps(tree))
    for n in sane.root.walk():
        for k, v in n.props.items():
            if re.fullmatch(r"pinctrl-\d+", k) and len(v) % 4:
                n.props[k] = v[:len(v) // 4 * 4]
    tdtb = os.path.join(outdir, "transform.dtb")
    fdt.write(sane, tdtb)
    plan, ctrls = rboard.transform(tdtb, os.environ["VIRT_DTB"],
                                   os.path.join(outdir, "virt.dtb"), [])
    os.unlink(tdtb)
    plan["board"] = base["name"]
    plan["ksrc"] = os.environ.get("KSRC")
    # as rehearse.py prepare says (the boot's pinctrl.strict_dt, fuzz.sh)
    plan["strict_dt"] = all(c.family.strict_dt for c in ctrls.values())
    virt = fdt.read(os.path.join(outdir, "virt.dtb"))
    rh = {n.string("rehearse,path"): n for n in virt.root.children if n.has("rehearse,path")}
    touched = {op["node"] for op in ops}
    by_ph = tree.by_phandle()
    idx = 900
    for c in plan["consumers"]:
        if c["hog"]:
            continue
        node = tree.find(c["path"])
        if node is None or not node.enabled():
            continue
        # a state whose node was deleted: the kernel must see its phandle
        if c["path"] not in touched and all(
                ph in by_ph for _, _, phs in pin_state_props(node) for ph in phs):
            continue
        d = rh.get(c["path"])
        if d is None:
            d = virt.root.add("rh%03d-%s" % (idx, re.sub(r"[^A-Za-z0-9_-]", "-", node.basename)))
            idx += 1
            d.set_strings("compatible", ["simple-bus"])
            d.set_strings("rehearse,path", [c["path"]])
            c["dev"] = d.name
        for k in [k for k in d.props if k.startswith("pinctrl-")]:
            del d.props[k]
        for k, v in node.props.items():
            if k.startswith("pinctrl-"):
                d.props[k] = v
        c["states"] = [s[0] for s in pin_state_props(node)]
        c["raw"] = True
    # the hogs: the controllers' own states, as they are
    for c in plan["controllers"]:
        orig = tree.find(c["path"])
        copy = virt.root.child("%s@%x" % (orig.basename, c["windows"][0]["addr"]))
        if orig is None or copy is None:
            continue
        for k in [k for k in copy.props if k.startswith("pinctrl-")]:
            del copy.props[k]
        for k, v in orig.props.items():
            if k.startswith("pinctrl-"):
                copy.props[k] = v
    fdt.write(virt, os.path.join(outdir, "virt.dtb"))
    rboard.write_windows(ctrls, outdir)
    rboard.write_plan(plan, os.path.join(outdir, "plan.json"))


def gen(args):
    seed, count, out, bases = args["seed"], args["count"], args["out"], args["bases"]
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    blobs = {}
    for b in bases:
        path = b["dtb"] if b["kind"] == "vsoc" else os.path.join(b["dir"], "board.dtb")
        with open(path, "rb") as f:
            blobs[b["name"]] = f.read()
    seen = set()
    cases = []
    tries = 0
    while len(cases) < count and tries < count * 20:
        tries += 1
        # real boards: about a third of the cases between them (--real-share)
        if rng.random() < args["real_share"] and any(b["kind"] == "rehearse" for b in bases):
            base = rng.choice([b for b in bases if b["kind"] == "rehearse"])
        else:
            base = rng.choice([b for b in bases if b["kind"] == "vsoc"])
        tree = fdt.parse(blobs[base["name"]])
        nops = rng.choices([1, 2, 3], weights=[6, 3, 1])[0]
        ops = mutate(rng, tree, base["kind"], nops)
        if not ops:
            continue
        blob = fdt.dumps(tree)
        h = hashlib.sha256(base["name"].encode() + blob).hexdigest()
        if h in seen:
            continue
        seen.add(h)
        cid = "%04d" % len(cases)
        d = os.path.join(out, cid)
        os.makedirs(d, exist_ok=True)
        case = {"id": cid, "base": base["name"], "kind": base["kind"], "ops": ops,
                "sha256": h[:16]}
        if base["kind"] == "vsoc":
            with open(os.path.join(d, "case.dtb"), "wb") as f:
                f.write(blob)
        else:
            rehearse_case(base, tree, ops, d)
        cases.append(case)
    with open(os.path.join(out, "cases.json"), "w") as f:
        json.dump({"seed": seed, "count": len(cases), "bases": bases, "cases": cases}, f, indent=1)
    print("fuzz: seed %d: %d distinct mutated boards (%d tries) over %d boards" % (
        seed, len(cases), tries, len(bases)))
    return 0

# SPDX-License-Identifier: GPL-2.0
"""make fuzz: the corpus cases of tests/corpus/fuzz/: written from the
boards that break the rule, one a class (save_cases), and read back as
cases to boot and judge again (import_cases, scripts/fuzz.sh --replay)."""

import json
import os
import re
import subprocess
import sys

from .boards import rehearse_case
from .boot import handles, read_dumps
from .model import HERE, cells_of, fdt

def import_cases(args):
    """the corpus cases (tests/corpus/fuzz/*.dts, as save_cases writes
    them) as cases to boot and judge again: each names its base board"""
    out, src_dir, bases = args["out"], args["dir"], args["bases"]
    top = os.path.abspath(os.path.join(HERE, "..", ".."))
    by_name = {b["name"]: b for b in bases}
    cases = []
    for f in sorted(os.listdir(src_dir)):
        if not f.endswith(".dts"):
            continue
        path = os.path.join(src_dir, f)
        text = open(path).read()
        m = re.search(r"^ \* make fuzz seed \S+ case \S+ board (\S+):", text.replace(",", ""), re.M)
        if not m or m.group(1) not in by_name:
            print("fuzz: %s: no base board among the boards fuzzed" % f, file=sys.stderr)
            return 2
        base = by_name[m.group(1)]
        cid = "%04d" % len(cases)
        d = os.path.join(out, cid)
        os.makedirs(d, exist_ok=True)
        ops = [{"op": "replay", "what": f, "node": "/", "node_name": "", "property": ""}]
        if base["kind"] == "vsoc":
            subprocess.run([os.path.join(top, "scripts", "dtb.sh"), path,
                            os.path.join(d, "case.dtb")], check=True, stdout=subprocess.DEVNULL)
        else:
            from .. import board as rboard
            ksrc = os.environ["KSRC"]
            rboard.build_board_dtb(rboard.resolve(path, ksrc), os.path.join(d, "board.dtb"),
                                   ksrc, os.environ["DTC"], os.environ["FDTOVERLAY"])
            tree = fdt.read(os.path.join(d, "board.dtb"))
            bt = fdt.read(os.path.join(base["dir"], "board.dtb"))
            tph, bph = tree.by_phandle(), bt.by_phandle()

            def states(node, phs):
                # the states with their phandles as paths (the two DTBs
                # number their phandles apart)
                out = {}
                for k, v in (node.props.items() if node else []):
                    if not (k == "pinctrl-names" or re.fullmatch(r"pinctrl-\d+", k)):
                        continue
                    if k == "pinctrl-names" or not re.fullmatch(r"pinctrl-\d+", k) or len(v) % 4:
                        out[k] = v
                    else:
                        out[k] = [phs[p].path if p in phs else p for p in cells_of(v)]
                return out
            for n in tree.root.walk():
                b = bt.find(n.path)
                mine, theirs = states(n, tph), states(b, bph)
                if mine != theirs:
                    ops.append({"op": "replay", "what": "states of %s" % n.path, "node": n.path,
                                "node_name": n.name, "property": "pinctrl-0"})
            rehearse_case(base, tree, ops, d)
        km = re.search(r"^ \* known-bad: .* \[(.*)\]$", text, re.M)
        cases.append({"id": cid, "base": base["name"], "kind": base["kind"], "ops": ops,
                      "sha256": "", "file": f, "expect_class": km.group(1) if km else None})
    with open(os.path.join(out, "cases.json"), "w") as f:
        json.dump({"seed": "replay", "count": len(cases), "bases": bases, "cases": cases}, f,
                  indent=1)
    print("fuzz: %d corpus cases from %s" % (len(cases), src_dir))
    return 0


def known_classes(corpus):
    """the classes the corpus cases were saved for ("known-bad: ... [CLASS]")"""
    out = {}
    if corpus and os.path.isdir(corpus):
        for f in sorted(os.listdir(corpus)):
            if f.endswith(".dts"):
                m = re.search(r"^ \* known-bad: .* \[(.*)\]$", open(os.path.join(corpus, f)).read(), re.M)
                if m:
                    out[m.group(1)] = f
    return out


# -- corpus cases: a representative of each class of broken boards ---------
def dts_value(v):
    if v == b"":
        return None
    if v.endswith(b"\0") and all(32 <= c < 127 for c in v[:-1].replace(b"\0", b"")) \
            and b"\0\0" not in v and not v.startswith(b"\0"):
        return ", ".join('"%s"' % x.decode().replace("\\", "\\\\").replace('"', '\\"')
                         for x in v[:-1].split(b"\0"))
    if len(v) % 4 == 0:
        return "<%s>" % " ".join("%#x" % c for c in cells_of(v))
    return "[%s]" % " ".join("%02x" % c for c in v)


def dts_props(node, ind):
    out = []
    for k, v in node.props.items():
        dv = dts_value(v)
        out.append("%s%s%s;" % (ind, k, "" if dv is None else " = " + dv))
    return out


def dts_node(node, ind):
    out = ["%s%s {" % (ind, node.name)] + dts_props(node, ind + "\t")
    for c in node.children:
        out += dts_node(c, ind + "\t")
    return out + ["%s};" % ind]


def dts_diff(base, mut):
    """the mutated tree as overrides of the base one, node by node"""
    out = []
    for n in mut.root.walk():
        if n.path.startswith("/__"):
            continue
        b = base.find(n.path)
        if b is None:
            continue            # written with its parent
        lines = []
        for k, v in n.props.items():
            if b.props.get(k) != v:
                dv = dts_value(v)
                lines.append("\t%s%s;" % (k, "" if dv is None else " = " + dv))
        for k in b.props:
            if k not in n.props:
                lines.append("\t/delete-property/ %s;" % k)
        names = [c.name for c in n.children]
        for c in b.children:
            if c.name not in names:
                lines.append("\t/delete-node/ %s;" % c.name)
        for c in n.children:
            if b.child(c.name) is None:
                lines += dts_node(c, "\t")
        if lines:
            out += ["", "&{%s} {" % n.path] + lines + ["};"]
    return out


def save_cases(meta, results, out, corpus, bases):
    """one case per class: a .dts of the VSOC corpus layout (the base board
    included, the mutation as overrides), or for a real board a .dts that
    includes the tree's board (scripts/rehearse.sh takes it)"""
    os.makedirs(corpus, exist_ok=True)
    cases = {c["id"]: c for c in meta["cases"]}
    best = {}
    for r in results:
        if r["verdict"] != "BROKEN":
            continue
        k = r["class"]
        if k not in best or len(r["ops"]) < len(best[k]["ops"]):
            best[k] = r
    written = []
    for k, r in sorted(best.items(), key=lambda kv: kv[1]["id"]):
        c = cases[r["id"]]
        b = next(x for x in meta["bases"] if x["name"] == c["base"])
        d = os.path.join(out, c["id"])
        name = "fuzz-%s-%s" % (meta["seed"], c["id"])
        head = ["// SPDX-License-Identifier: (GPL-2.0 OR MIT)", "/*",
                " * make fuzz, seed %s, case %s, board %s: %s" % (meta["seed"], c["id"],
                                                                 c["base"], " + ".join(r["ops"])),
                " *", " * Found by scripts/fuzz.sh; what the kernel did:", " *"]
        for l in (r.get("new_messages") or ["(no new kernel message)"]):
            head.append(" *\t" + l[:200])
        head.append(" *")
        head.append(" * known-bad: %s [%s]" % (r["why"][:300], k))
        if c["kind"] == "vsoc":
            src = b.get("src")
            base_t = fdt.read(b["dtb"])
            mut = fdt.read(os.path.join(d, "case.dtb"))
            got_bound = handles(read_dumps(os.path.join(d, "console.log"))) \
                if os.path.isfile(os.path.join(d, "console.log")) else {}
            for dev in sorted(got_bound):
                head.append(" * bound: %s" % dev)
            head += [" */", ""]
            if src and src.endswith(".dts"):
                # relative to where the cases are kept (tests/corpus/fuzz)
                rel = os.path.relpath(src, os.path.join(HERE, "..", "..", "tests", "corpus", "fuzz"))
                body = ['#include "%s"' % rel] + dts_diff(base_t, mut)
                path = os.path.join(corpus, name + ".dts")
            else:
                body = ["/* the base board is not a .dts: the case is %s.dtb */" % name]
                path = os.path.join(corpus, name + ".dts.txt")
                with open(os.path.join(corpus, name + ".dtb"), "wb") as f:
                    f.write(open(os.path.join(d, "case.dtb"), "rb").read())
        else:
            base_t = fdt.read(os.path.join(b["dir"], "board.dtb"))
            mut = fdt.read(os.path.join(d, "board.dtb"))
            # the tree's name of the board: arm/vendor/board for a 32-bit
            # one (the "arm" include prefix), vendor/board under "arm64"
            board = json.load(open(os.path.join(b["dir"], "plan.json")))["board"]
            if not board.startswith("arm/"):
                board = "arm64/" + board
            raw = any(x.get("raw") for x in json.load(open(os.path.join(d, "plan.json")))["consumers"])
            if raw:
                head.append(" * The states of a consumer are booted as they are (scripts/fuzz.sh")
                head.append(" * --replay); make rehearse would name them again.")
            head += [" */", ""]
            body = ["#include <%s.dts>" % board] + dts_diff(base_t, mut)
            path = os.path.join(corpus, name + ".dts")
        with open(path, "w") as f:
            f.write("\n".join(head + body) + "\n")
        written.append((path, k))
    for p, k in written:
        print("fuzz: corpus case %s [%s]" % (os.path.relpath(p), k))

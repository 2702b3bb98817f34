# SPDX-License-Identifier: GPL-2.0
"""A DT patch for each finding of a rehearsal that has one obvious fix
(make rehearse FIX=1, scripts/rehearse.sh --fix):

  pincheck fix OUTDIR       after the verdict: OUTDIR/fix/NNNN-*.patch, in
                            git format-patch form against the tree (or,
                            for a board file outside it, against that
                            file's git repository or directory), and
                            OUTDIR/fix/fixes.json (each patch, its file,
                            the findings it fixes); the patched files in
                            OUTDIR/fix/tree, a shadow of the tree (every
                            other file a symlink) for the second rehearsal
  pincheck fix --check OUTDIR
                            the second rehearsal's verdict (OUTDIR/fix/after)
                            against the first: each fixed finding gone,
                            nothing new; exit 1 otherwise
  pincheck fix --summary DIR [LIST]
                            the patches of DIR/*/fix/ (make rehearse-all
                            FIX=1): counted, a change several boards share
                            once, each checked with git am on a scratch
                            copy of the tree as shipped (tag pristine)

The fixes, each an edit of the file that holds the property (a shared
.dtsi when the finding is in it, as dtc's source annotations say):
- a pinctrl-0 without pinctrl-names, on a device with that one state:
  pinctrl-names = "default" before it (or a misspelled pinctrl-names of
  the node renamed);
- a misspelled generic property ("did you mean X?" of lint.py): renamed,
  unless the node has X already;
- a function the node's pins lack, where all of them have one function
  that is the same name spelled otherwise (one edit, or one name the
  other with a trailing number): renamed (families' functions());
- a state that sets nothing, on a device all of whose states set
  nothing, set in the board's own file: its pinctrl-names and pinctrl-N
  dropped (the pins stay as they are, as now).
Everything else (conflicts, mismatches, refused rows, values) needs
knowledge of the board and gets no patch.
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import types

from . import cache as cachedir
from . import board, fdt, families

ANNOT = re.compile(r"/\* (\S+?):(\d+):\d+-(\d+):\d+(?:, .*)? \*/\s*$")
OPEN = re.compile(r"^\s*(?:[\w-]+:\s*)*([^\s{]+) \{")


def annotated(src, ksrc, dtc, extra_inc=()):
    """{(node path, property): (file, first line, last line)} of the board
    source src, from dtc's source annotations (-T -T): where each
    property's value was last set"""
    with tempfile.TemporaryDirectory(prefix="pincheck-fix.") as tmp:
        pre = os.path.join(tmp, "board.pre")
        deps = board.kernel_cpp(src, pre, ksrc, extra_inc)
        inc = [os.path.dirname(os.path.abspath(src)),
               os.path.join(ksrc, "scripts/dtc/include-prefixes")] + list(extra_inc)
        inc += [os.path.dirname(os.path.abspath(d)) for d in deps]
        r = subprocess.run([dtc, "-q", "-@", "-T", "-T", "-b", "0", "-I", "dts", "-O", "dts"] +
                           [a for d in inc for a in ("-i", d)] + [pre],
                           capture_output=True, text=True)
    if r.returncode:
        return {}
    out, path = {}, []
    for line in r.stdout.splitlines():
        m = ANNOT.search(line)
        body = line[:m.start()].rstrip() if m else line.rstrip()
        if body.strip().startswith("};"):
            path = path[:-1]
            continue
        o = OPEN.match(body)
        if o and body.endswith("{"):
            name = o.group(1)
            path = path + [name] if path or name != "/" else ["/"]
            continue
        p = re.match(r"^\s*([\w,.+#?-]+)\s*(=|;)", body)
        if p and m and path:
            node = "/" + "/".join(path[1:])
            out[(node, p.group(1))] = (os.path.realpath(m.group(1)), int(m.group(2)),
                                       int(m.group(3)))
    return out


def distance(a, b):
    """edit distance (Levenshtein)"""
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]


def spelled_otherwise(a, b):
    """b is a spelled otherwise: one edit, or the one the other with a
    number at its end (i2s0 for i2s)"""
    return a != b and (distance(a, b) <= 1 or re.sub(r"\d+$", "", a) == b or
                       re.sub(r"\d+$", "", b) == a)


class Edit:
    """one edit of one file: kind, what it fixes, how"""

    def __init__(self, kind, file, findings, subject, why, apply, line=0):
        self.kind, self.file, self.findings = kind, file, findings
        self.subject, self.why, self.apply, self.line = subject, why, apply, line


def rename_on(lines, first, last, old, new, quoted=False):
    """old -> new on lines first..last (1-based), the first time; False
    when it is not there"""
    rx = re.compile((r'"%s"' if quoted else r"(?<![\w,.#-])%s(?![\w,.#-])") % re.escape(old))
    for i in range(first - 1, last):
        if rx.search(lines[i]):
            lines[i] = rx.sub('"%s"' % new if quoted else new, lines[i], count=1)
            return True
    return False


def node_name(path):
    return re.sub(r"@.*$", "", path.rstrip("/").rsplit("/", 1)[-1]) or "root"


def src_path(s, ksrc):
    """a source of plan.json: under the tree, else as given (from the
    directory the rehearsal ran in)"""
    if os.path.isabs(s):
        return s
    k = os.path.join(ksrc, s)
    return k if os.path.isfile(k) else os.path.abspath(s)


def find_edits(outdir, ksrc, dtc, include=()):
    """[Edit] of a rehearsal's findings (the module's header says which)"""
    plan = json.load(open(os.path.join(outdir, "plan.json")))
    v = json.load(open(os.path.join(outdir, "verdict.json")))
    srcs = [src_path(s, ksrc) for s in plan["sources"]]
    try:
        where = annotated(srcs[0], ksrc, dtc, include)
    except (OSError, subprocess.CalledProcessError) as e:
        raise SystemExit("pincheck fix: %s: cannot read its sources again: %s" % (srcs[0], e))
    tree = fdt.read(os.path.join(outdir, "board.dtb"))
    edits = []
    os.environ["KSRC"] = ksrc
    for c in v["consumers"]:
        why = c.get("unapplied") or ""
        node = tree.find(c["path"])
        if node is None:
            continue
        if why.startswith("pinctrl-0 has no pinctrl-names"):
            e = names_edit(c, node, where)
            if e:
                edits.append(e)
        elif " sets nothing" in why and not c["failed"]:
            # nodes that set nothing because the driver refuses what they
            # ask (a function it spells otherwise) are that finding's
            empty = re.findall(r"(/\S+?)(?:,| ha(?:s|ve) pins)", why)
            if any(p["node"].startswith(n) for p in v.get("problems", []) for n in empty):
                continue
            e = empty_edit(c, node, where, srcs[0])
            if e:
                edits.append(e)
    for p in v.get("problems", []):
        m = re.search(r": unknown property \(did you mean ([\w,.+-]+)\?\)$", p["problem"])
        node = tree.find(p["node"])
        if m and node is not None and not node.has(m.group(1)) and (p["node"], p["property"]) in where:
            f, a, b = where[(p["node"], p["property"])]
            old, new = p["property"], m.group(1)
            edits.append(Edit("rename", f, [finding_text(p)],
                              "Fix misspelled %s" % new,
                              "%s of %s is %s misspelled: the parser does not know it, and "
                              "the setting is lost." % (old, p["node"], new),
                              lambda ls, a=a, b=b, old=old, new=new: rename_on(ls, a, b, old, new), a))
        elif p["property"] in ("function", "allwinner,function") and node is not None:
            e = function_edit(p, node, tree, where)
            if e:
                edits.append(e)
    return edits


def finding_text(p):
    return "BAD NODE %s (state %s of %s): %s" % (p["node"], p["state"], p["consumer"],
                                                p["problem"])


def names_edit(c, node, where):
    text = "consumer %s: %s" % (c["path"], c["unapplied"])
    # a pinctrl-names spelled otherwise: renamed
    for prop in node.props:
        if prop != "pinctrl-names" and spelled_otherwise(prop, "pinctrl-names") and \
           (c["path"], prop) in where:
            f, a, b = where[(c["path"], prop)]
            return Edit("names", f, [text], "Fix misspelled pinctrl-names of %s" % node_name(c["path"]),
                        "%s of %s is pinctrl-names misspelled, so its pinctrl-0 has no name: "
                        "pinctrl_bind_pins() applies only \"default\", and the state is never "
                        "applied." % (prop, c["path"]),
                        lambda ls, a=a, b=b, prop=prop: rename_on(ls, a, b, prop, "pinctrl-names"), a)
    if node.has("pinctrl-1") or (c["path"], "pinctrl-0") not in where:
        return None     # several states: which is which needs the board
    f, a, _ = where[(c["path"], "pinctrl-0")]

    def apply(ls, a=a):
        indent = re.match(r"^\s*", ls[a - 1]).group(0)
        if not re.match(r"^\s*pinctrl-0\s*=", ls[a - 1]):
            return False
        ls.insert(a - 1, indent + 'pinctrl-names = "default";')
        return True
    return Edit("names", f, [text], "Add pinctrl-names to %s" % node_name(c["path"]),
                "%s has a pinctrl-0 but no pinctrl-names: the state is called \"0\", and "
                "pinctrl_bind_pins() applies only \"default\", so its pins are never set up. "
                "Name it \"default\"." % c["path"], apply, a)


def empty_edit(c, node, where, main):
    props = ["pinctrl-names"] + ["pinctrl-%d" % i for i in range(16) if node.has("pinctrl-%d" % i)]
    locs = [where.get((c["path"], p)) for p in props]
    if any(x is None for x in locs) or len(c.get("states", [])) != len(props) - 1:
        return None
    files = {x[0] for x in locs}
    # the nodes that set nothing are completed elsewhere on other boards:
    # only the board's own file is the board's to change
    if files != {os.path.realpath(main)}:
        return None
    text = "consumer %s: %s" % (c["path"], c["unapplied"])

    def apply(ls, locs=locs):
        for _, a, b in sorted(locs, key=lambda x: -x[1]):
            if not all(re.match(r"^\s*(pinctrl-|$)", ls[i]) or ls[i].strip().startswith("<")
                       for i in range(a - 1, b)):
                return False
            del ls[a - 1:b]
        return True
    return Edit("empty", locs[0][0], [text], "Drop the pin states of %s that set nothing"
                % node_name(c["path"]),
                "The states of %s list pin nodes with neither function nor configuration: "
                "the core makes no map of them and the pins keep what the boot loader left. "
                "Drop the states, which do nothing." % c["path"], apply,
                min(x[1] for x in locs))


def function_edit(p, node, tree, where):
    anc = next((a for a in node.ancestors() if families.family_of(a)), None)
    if anc is None:
        return None
    fam = families.family_of(anc)
    prop = p["property"]
    old = node.string(prop)
    have = fam.functions(types.SimpleNamespace(orig=anc), node)
    if not old or have is None:
        return None
    cands = sorted(f for f in have if spelled_otherwise(old, f))
    if len(cands) != 1 or (p["node"], prop) not in where:
        return None
    f, a, b = where[(p["node"], prop)]
    new = cands[0]
    drv = fam.driver_file(anc)
    return Edit("function:%s:%s" % (old, new), f, [finding_text(p)],
                "Rename function %s to %s" % (old, new),
                "%s names this function %s, not %s: the driver finds no function %s on "
                "the pins, skips them and makes no map of them, so the state never muxes "
                "them." % (os.path.basename(drv) if drv else "The driver", new, old, old),
                lambda ls, a=a, b=b, old=old, new=new: rename_on(ls, a, b, old, new, quoted=True), a)


def identity(top):
    """(name, email, date) of the repository's commits: the identity the
    patches carry (a Signed-off-by of a real person, never a placeholder)"""
    r = subprocess.run(["git", "-C", top, "log", "-1", "--format=%an%n%ae%n%aD"],
                       capture_output=True, text=True)
    out = r.stdout.splitlines()
    if r.returncode or len(out) < 3:
        r = subprocess.run(["git", "var", "GIT_COMMITTER_IDENT"], capture_output=True, text=True)
        m = re.match(r"^(.*) <(.*)> \d+", r.stdout)
        if not m:
            raise SystemExit("pincheck fix: no git identity (the repository's last commit, or "
                             "git config user.name and user.email) to sign the patches with")
        return m.group(1), m.group(2), "Thu, 1 Jan 2026 00:00:00 +0000"
    return out[0], out[1], out[2]


def rel_of(f, ksrc):
    """(root, path under it) of a file to patch: the tree's, else its git
    repository's, else its directory's"""
    rk = os.path.realpath(ksrc)
    if f.startswith(rk + os.sep):
        return rk, os.path.relpath(f, rk)
    r = subprocess.run(["git", "-C", os.path.dirname(f), "rev-parse", "--show-toplevel"],
                       capture_output=True, text=True)
    root = r.stdout.strip() if r.returncode == 0 and r.stdout.strip() else os.path.dirname(f)
    return root, os.path.relpath(f, root)


def prefix(rel):
    """the subject's prefix in the DT maintainers' style"""
    m = re.match(r"arch/(arm64|arm)/boot/dts/(.*)/([^/]+)\.dtsi?$", rel)
    if m:
        return "%s: dts: %s: %s: " % ("arm64" if m.group(1) == "arm64" else "ARM",
                                      m.group(2).replace("/", ": "), m.group(3))
    return "%s: " % re.sub(r"\.dtsi?$|\.dts[io]?$", "", os.path.basename(rel))


def git(cwd, *args, env=None):
    r = subprocess.run(["git", "-C", cwd] + list(args), capture_output=True, text=True, env=env)
    if r.returncode:
        raise SystemExit("pincheck fix: git %s: %s" % (" ".join(args), r.stderr.strip()))
    return r.stdout


def write_patch(root, rel, old, new, subject, body, fixdir, number, who):
    """one patch in git format-patch form: rel changed from old to new"""
    name, email, date = who
    env = dict(os.environ, GIT_AUTHOR_NAME=name, GIT_AUTHOR_EMAIL=email,
               GIT_COMMITTER_NAME=name, GIT_COMMITTER_EMAIL=email,
               GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    with tempfile.TemporaryDirectory(prefix="pincheck-fix.") as tmp:
        git(tmp, "init", "-q")
        os.makedirs(os.path.join(tmp, os.path.dirname(rel)), exist_ok=True)
        open(os.path.join(tmp, rel), "w").write(old)
        git(tmp, "add", rel)
        git(tmp, "commit", "-q", "-m", "base", env=env)
        open(os.path.join(tmp, rel), "w").write(new)
        msg = "%s\n\n%s\n\nSigned-off-by: %s <%s>\n" % (subject, body, name, email)
        subprocess.run(["git", "-C", tmp, "commit", "-q", "-a", "-F", "-"], input=msg, text=True,
                       env=env, check=True, capture_output=True)
        out = git(tmp, "-c", "core.abbrev=12", "-c", "diff.noprefix=false", "format-patch",
                  "--zero-commit", "--no-signature", "--start-number", str(number),
                  "-o", fixdir, "-1", "HEAD", env=env)
    return out.strip()


def wrap(text, width=72):
    out, line = [], ""
    for w in text.split():
        if line and len(line) + 1 + len(w) > width:
            out.append(line)
            line = w
        else:
            line = (line + " " + w) if line else w
    return "\n".join(out + [line])


def shadow_tree(ksrc, dst):
    """a tree at dst that is ksrc but for the files written into it later:
    every file a symlink, the include prefixes as they are (relative)"""
    if os.path.isdir(dst):
        shutil.rmtree(dst)
    os.makedirs(dst)
    for e in os.listdir(ksrc):
        if e not in ("arch", "scripts", ".git"):
            os.symlink(os.path.join(ksrc, e), os.path.join(dst, e))
    for top, keep in (("arch", ("arm", "arm64")), ("scripts", ("dtc",))):
        os.makedirs(os.path.join(dst, top))
        for e in os.listdir(os.path.join(ksrc, top)):
            if e not in keep:
                os.symlink(os.path.join(ksrc, top, e), os.path.join(dst, top, e))
    for a in ("arm", "arm64"):
        for e in os.listdir(os.path.join(ksrc, "arch", a)):
            if e != "boot":
                os.makedirs(os.path.join(dst, "arch", a), exist_ok=True)
                os.symlink(os.path.join(ksrc, "arch", a, e), os.path.join(dst, "arch", a, e))
        os.makedirs(os.path.join(dst, "arch", a, "boot"), exist_ok=True)
        subprocess.run(["cp", "-as", os.path.join(ksrc, "arch", a, "boot", "dts"),
                        os.path.join(dst, "arch", a, "boot", "dts")], check=True)
    os.makedirs(os.path.join(dst, "scripts", "dtc"))
    for e in os.listdir(os.path.join(ksrc, "scripts", "dtc")):
        src = os.path.join(ksrc, "scripts", "dtc", e)
        if e == "include-prefixes":
            subprocess.run(["cp", "-a", src, os.path.join(dst, "scripts", "dtc", e)], check=True)
        else:
            os.symlink(src, os.path.join(dst, "scripts", "dtc", e))


def fix_cmd(a):
    """pincheck fix OUTDIR: the patches, the patched files, what to rehearse again"""
    outdir = a.outdir
    plan = json.load(open(os.path.join(outdir, "plan.json")))
    ksrc = plan["ksrc"]
    fixdir = os.path.join(outdir, "fix")
    if os.path.isdir(fixdir):
        shutil.rmtree(fixdir)
    edits = find_edits(outdir, ksrc, a.dtc, a.include)
    groups = {}
    for e in edits:
        groups.setdefault((e.file, e.subject), []).append(e)
    texts = {}
    done, fixes = [], []
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    # in each file from the bottom up, so that an edit leaves the lines of
    # the next where the annotations put them
    for (f, subject), es in sorted(groups.items(),
                                   key=lambda g: (g[0][0], -max(e.line for e in g[1]))):
        if f not in texts:
            texts[f] = [open(f).read()]
        lines = texts[f][-1].split("\n")
        once = {}
        for e in es:        # one edit per place; the findings of all
            once.setdefault((e.kind, e.line), e)
        if not all(e.apply(lines) for e in once.values()):
            print("fix: %s: %s: the source is not as the annotations say; no patch"
                  % (f, subject), file=sys.stderr)
            continue
        texts[f].append("\n".join(lines))
        done.append((f, subject, es))
    if not done:
        print("fix: %s: no finding with one obvious fix" % plan["board"])
        return 3
    os.makedirs(fixdir)
    who = identity(top)
    shadow = None
    rerun_board = plan["board"]
    n = 0
    for f, subject, es in done:
        root, rel = rel_of(f, ksrc)
        # one patch per edit, each on the file as the patches before it left it
        i = next(k for k, (g, s_, _) in enumerate(done) if g == f and s_ == subject)
        same = [d for d in done[:i] if d[0] == f]
        old, new = texts[f][len(same)], texts[f][len(same) + 1]
        n += 1
        body = "\n\n".join([wrap(es[0].why)] + [wrap("The rehearsal (make rehearse BOARD=%s) "
                                                      "says:" % plan["board"])] +
                            ["  " + t for e in es for t in e.findings])
        path = write_patch(root, rel, old, new, prefix(rel) + subject, body, fixdir, n, who)
        fixes.append({"patch": os.path.basename(path), "file": f, "root": root, "path": rel,
                      "subject": prefix(rel) + subject,
                      "findings": [t for e in es for t in e.findings]})
        print("fix: %s: %s" % (os.path.relpath(path), fixes[-1]["subject"]))
        if root == os.path.realpath(ksrc):
            if shadow is None:
                shadow = os.path.join(fixdir, "tree")
                shadow_tree(ksrc, shadow)
            dst = os.path.join(shadow, rel)
            os.unlink(dst)
            open(dst, "w").write(texts[f][-1])
        else:
            d = os.path.join(fixdir, "src")
            os.makedirs(d, exist_ok=True)
            open(os.path.join(d, os.path.basename(f)), "w").write(texts[f][-1])
            if os.path.realpath(src_path(plan["sources"][0], ksrc)) == f:
                rerun_board = os.path.join(d, os.path.basename(f))
    with open(os.path.join(fixdir, "fixes.json"), "w") as fj:
        json.dump({"board": plan["board"], "fixes": fixes}, fj, indent=1)
    with open(os.path.join(fixdir, "rerun"), "w") as rr:
        rr.write("%s\n%s\n" % (shadow or ksrc, rerun_board))
        if rerun_board != plan["board"]:
            rr.write(os.path.dirname(os.path.realpath(src_path(plan["sources"][0], ksrc))) + "\n")
    return 0


def findings_of(vj):
    """the findings of a verdict.json, as lines that do not depend on the run"""
    out = set()
    for c in vj["consumers"]:
        if c["failed"]:
            # a failure is one finding whatever the first error the
            # kernel gave (a fix of one bad node leaves the next)
            out.add("consumer %s: FAILED" % c["path"])
        elif c.get("unapplied"):
            out.add("consumer %s: %s" % (c["path"], c["unapplied"]))
    for p in vj.get("problems", []):
        out.add(finding_text(p))
    for c in vj["conflicts"]:
        out.add("CONFLICT %s: %s and %s" % (c["pin_name"], c["owner"], c["claimant"]))
    for r in vj["rows"]:
        for m in r["mismatch"]:
            out.add("MISMATCH %s: %s" % (r["name"], m))
    for s in vj["stray"]:
        out.add("STRAY WRITE %s window %d offset %#x" % (s["controller"], s["window"],
                                                          s["offset"]))
    return out


def check_cmd(a):
    """pincheck fix --check OUTDIR: the second rehearsal against the first"""
    fixdir = os.path.join(a.outdir, "fix")
    before = findings_of(json.load(open(os.path.join(a.outdir, "verdict.json"))))
    fixes = json.load(open(os.path.join(fixdir, "fixes.json")))["fixes"]
    try:
        after = findings_of(json.load(open(os.path.join(fixdir, "after", "verdict.json"))))
    except OSError:
        print("fix: the board with the patches applied could not be rehearsed (see %s)"
              % os.path.join(fixdir, "after"))
        return 2
    fixed = {t for f in fixes for t in f["findings"]}
    left = sorted(fixed & after)
    new = sorted(after - before)
    for t in left:
        print("fix: still there with the patches applied: %s" % t)
    for t in new:
        print("fix: new with the patches applied: %s" % t)
    ok = not left and not new
    with open(os.path.join(fixdir, "result.json"), "w") as f:
        json.dump({"ok": ok, "patches": len(fixes), "fixed": sorted(fixed), "left": left,
                   "new": new, "remaining": sorted(after)}, f, indent=1)
    print("fix: %d patch(es) in %s; rehearsed again with them applied: %s%s" % (
        len(fixes), fixdir, "the %d finding(s) they fix are gone and nothing new appears"
        % len(fixed) if ok else "NOT CLEAN",
        "" if not after or not ok else " (%d other finding(s) remain, which have no obvious "
        "fix)" % len(after)))
    return 0 if ok else 1


def pristine_tag(ksrc):
    """the tag of the tree as shipped (scripts/kernel.sh, linux73.sh)"""
    for t in ("pristine-7.3", "pristine"):
        if subprocess.run(["git", "-C", ksrc, "rev-parse", "-q", "--verify", "refs/tags/" + t],
                          capture_output=True).returncode == 0:
            return t
    return None


def am_check(patch, ksrc, tag):
    """None when the patch applies with git am to a scratch copy of the
    tree as shipped (the files it touches, from tag), else why not"""
    files = re.findall(r"^diff --git a/(\S+) b/", open(patch).read(), re.M)
    with tempfile.TemporaryDirectory(prefix="pincheck-am.") as tmp:
        git(tmp, "init", "-q")
        arc = subprocess.run(["git", "-C", ksrc, "archive", tag, "--"] + files,
                             capture_output=True)
        if arc.returncode:
            return "git archive %s: %s" % (tag, arc.stderr.decode().strip())
        subprocess.run(["tar", "-x", "-C", tmp], input=arc.stdout, check=True)
        ident = ["-c", "user.name=am", "-c", "user.email=am@localhost"]
        git(tmp, *ident, "add", "-A")
        git(tmp, *ident, "commit", "-q", "-m", tag)
        r = subprocess.run(["git", "-C", tmp] + ident + ["am", "-q", os.path.abspath(patch)],
                           capture_output=True, text=True)
        return None if r.returncode == 0 else (r.stderr or r.stdout).strip().splitlines()[0]


def summary_cmd(a):
    """pincheck fix --summary DIR: the patches of a sweep's boards, counted,
    the same change once, each checked with git am on the tree as shipped"""
    per_board, distinct, clean, bad = 0, {}, 0, 0
    boards = sorted(glob.glob(os.path.join(a.dir, "*", "fix", "fixes.json")))
    if a.list:
        names = {line.split()[-1].replace("/", "_") for line in open(a.list) if line.strip()}
        boards = [b for b in boards if os.path.basename(os.path.dirname(os.path.dirname(b)))
                  in names]
    for fj in boards:
        d = os.path.dirname(fj)
        j = json.load(open(fj))
        res = os.path.join(d, "result.json")
        ok = os.path.isfile(res) and json.load(open(res))["ok"]
        clean += ok
        bad += not ok
        ksrc = json.load(open(os.path.join(os.path.dirname(d), "plan.json")))["ksrc"]
        for f in j["fixes"]:
            per_board += 1
            p = os.path.join(d, f["patch"])
            diff = open(p).read().split("\n---\n", 1)[-1]
            distinct.setdefault(diff, (p, f, ksrc))
    applies, fails = 0, []
    for p, f, ksrc in distinct.values():
        if f["root"] != os.path.realpath(ksrc):
            continue        # a file outside the tree
        tag = pristine_tag(ksrc)
        why = am_check(p, ksrc, tag) if tag else "no pristine tag in %s" % ksrc
        if why:
            fails.append("%s: %s" % (os.path.relpath(p, a.dir), why))
        else:
            applies += 1
    for f in fails:
        print("fix: does not apply: %s" % f)
    in_tree = sum(1 for p, f, k in distinct.values() if f["root"] == os.path.realpath(k))
    print("fix: %d patches on %d boards (%d distinct changes), %d of the %d distinct apply with "
          "git am on the tree as shipped; %d boards rehearse clean of what they fix with them, "
          "%d do not" % (per_board, len(boards), len(distinct), applies, in_tree, clean, bad))
    return 0 if not fails and not bad else 1


def add_parsers(sub):
    cache = cachedir.root()
    p = sub.add_parser("fix", help="a DT patch for each finding with one obvious fix",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("outdir", help="a rehearsal's directory (with --summary: a sweep's)")
    p.add_argument("list", nargs="?", help="--summary: only the boards of this list")
    p.add_argument("--check", action="store_true",
                   help="the second rehearsal (OUTDIR/fix/after) against the first")
    p.add_argument("--summary", action="store_true",
                   help="the patches of OUTDIR/*/fix/, counted and checked with git am")
    p.add_argument("--dtc", default=os.environ.get(
        "DTC", os.path.join(cache, "out/vsoc/scripts/dtc/dtc")))
    p.add_argument("-I", "--include", action="append", default=[], metavar="DIR")

    def run(a):
        if a.summary:
            a.dir = a.outdir
            return summary_cmd(a)
        return check_cmd(a) if a.check else fix_cmd(a)
    p.set_defaults(func=run)

# SPDX-License-Identifier: GPL-2.0
"""pincheck compare: two make rehearse-all sweeps side by side (a tree and
the next, or one tree before and after a change), from their summary.csv:
per family the boards, those fully rehearsed and those of them that agree;
each finding of the first sweep marked fixed, still present, changed or
gone in the second; the findings on the boards only the second has."""

import csv
import os
import sys

# the results that are findings (summary.csv's "result"); "not rehearsed"
# is the rehearsal's gap, not the board's
FINDINGS = ("conflict", "mismatch", "unapplied", "crash")


def read(path):
    """{board: row} of a sweep's summary.csv (or of the directory's)"""
    if os.path.isdir(path):
        path = os.path.join(path, "summary.csv")
    with open(path, newline="") as f:
        return {r["board"]: r for r in csv.DictReader(f)}


def full(r):
    return r.get("full") == "True"


def families(*sweeps):
    out = []
    for s in sweeps:
        for r in s.values():
            if r["family"] not in out:
                out.append(r["family"])
    return out


def fate(old, new):
    """what became of OLD's finding in NEW: (word, NEW's row or None)"""
    if new is None:
        return "gone", None
    if new["result"] == "ok":
        return "fixed", new
    if new["result"] == old["result"]:
        return "still present", new
    return "now " + new["result"], new


def table(a, b, na, nb):
    lines = ["| family | %s: boards | fully rehearsed | of them agree "
             "| %s: boards (new) | fully rehearsed | of them agree |" % (na, nb),
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]

    def cols(rows):
        f = [r for r in rows if full(r)]
        return len(rows), len(f), sum(1 for r in f if r["result"] == "ok")

    tot = [0] * 7
    for fam in families(a, b):
        ra = [r for r in a.values() if r["family"] == fam]
        rb = [r for r in b.values() if r["family"] == fam]
        new = sum(1 for r in rb if r["board"] not in a)
        v = cols(ra) + (cols(rb)[0], new) + cols(rb)[1:]
        tot = [x + y for x, y in zip(tot, v)]
        lines.append("| `%s` | %d | %d | %d | %d (%d) | %d | %d |" % ((fam,) + v))
    lines.append("| all | %d | %d | %d | %d (%d) | %d | %d |" % tuple(tot))
    return lines


def compare(a, b, na, nb):
    out = ["## %s and %s, family by family" % (na, nb), ""] + table(a, b, na, nb)
    out += ["", "## The findings of %s in %s" % (na, nb), ""]
    for fam in families(a):
        found = [(r, *fate(r, b.get(r["board"]))) for r in a.values()
                 if r["family"] == fam and r["result"] in FINDINGS]
        if not found:
            continue
        count = {}
        for _, word, _ in found:
            count[word] = count.get(word, 0) + 1
        out.append("- `%s`, %d: %s" % (fam, len(found), ", ".join(
            "%d %s" % (n, w) for w, n in sorted(count.items(), key=lambda x: -x[1]))))
        for r, word, nr in found:
            if word != "still present":
                out.append("  - %s `%s` (%s%s)" % (word, r["board"], r["result"],
                                                 ": " + r["why"][:160] if r["why"] else ""))
    out += ["", "## Findings on the boards new in %s" % nb, ""]
    for fam in families(b):
        new = [r for r in b.values() if r["family"] == fam and r["board"] not in a
               and r["result"] in FINDINGS]
        for r in new:
            out.append("- `%s` (%s) %s%s" % (r["board"], fam, r["result"],
                                           ": " + r["why"][:200] if r["why"] else ""))
    return "\n".join(out) + "\n"


def cmd(args):
    try:
        a, b = read(args.first), read(args.second)
    except OSError as e:
        print("pincheck compare: %s" % e, file=sys.stderr)
        return 2
    sys.stdout.write(compare(a, b, args.first_name, args.second_name))
    return 0


def add_parsers(sub):
    p = sub.add_parser("compare", help="two make rehearse-all sweeps side by side",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("first", help="the first sweep's directory or summary.csv")
    p.add_argument("second", help="the second sweep's")
    p.add_argument("--first-name", default="first")
    p.add_argument("--second-name", default="second")
    p.set_defaults(func=cmd)

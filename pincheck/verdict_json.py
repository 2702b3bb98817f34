# SPDX-License-Identifier: GPL-2.0
"""The verdict as JSON, one schema with a version: `pincheck verdict`
writes OUTDIR/verdict.json with document() and write(); every reader
(pincheck report, pincheck summary, the tests) opens it with load(),
which refuses another schema or a newer major version in one line. The
fields are listed in docs/verdict-reference.md ("The verdict as JSON").

Version 1: the first versioned form. A reader of version N reads every
file of version N; a field added without changing the meaning of the
others does not change the version.
"""

import json

SCHEMA = "pincheck-verdict"
VERSION = 1


class VerdictError(ValueError):
    """a verdict file that is not one this package reads"""


def counts(res):
    """the figures of the verdict's last line, by name"""
    from .ktap import consumer_bad
    consumers = res["consumers"]
    return {"pins": len(res["rows"]),
            "mismatches": sum(1 for r in res["rows"] if r["mismatch"]),
            "conflicts": len(res["conflicts"]),
            "stray_writes": len(res["stray"]),
            "bad_nodes": len(res["problems"]),
            "consumers_failed": sum(1 for c in consumers if c["failed"]),
            # a pinctrl-0 without pinctrl-names is a state nobody applies
            "states_never_applied": sum(1 for c in consumers
                                        if consumer_bad(c) and not c["failed"]),
            "not_rehearsed": len(res["plan"]["skipped"])}


def document(res, rc, states_rehearsed, states):
    """the JSON of verdict `res` (verdict.evaluate) whose exit status is rc"""
    return {"schema": SCHEMA, "version": VERSION,
            "board": res["plan"]["board"], "ok": rc == 0, "exit": rc,
            "counts": counts(res), "rows": res["rows"],
            "states_rehearsed": states_rehearsed, "states": states,
            "consumers": res["consumers"], "conflicts": res["conflicts"],
            "stray": res["stray"], "not_rehearsed": res["plan"]["skipped"],
            "problems": res["problems"],
            "controllers": [{"path": c.path, "family": c.family.name, "dev": c.dev}
                            for c in res["ctrls"]]}


def write(path, doc):
    with open(path, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)


def load(path):
    """the verdict in `path`; VerdictError (one line) when it is not JSON
    of this schema and a version this package reads"""
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise VerdictError("%s: %s" % (path, e)) from None
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA:
        raise VerdictError("%s: not a %s file (no \"schema\": \"%s\")" % (path, SCHEMA, SCHEMA))
    v = doc.get("version")
    if not isinstance(v, int) or not 1 <= v <= VERSION:
        raise VerdictError("%s: %s version %r, this pincheck reads versions 1 to %d"
                           % (path, SCHEMA, v, VERSION))
    return doc

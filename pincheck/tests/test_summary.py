# SPDX-License-Identifier: GPL-2.0
"""pincheck summary: what counts as a fully rehearsed board. Three
verdicts written by hand: a board that agrees with every pin state
rehearsed, a board whose rehearsal found a conflict with every pin state
rehearsed (the rehearsal's answer, so fully rehearsed, not agreeing), and
a board that agrees but had one of its four states on a block that could
not be moved (not fully rehearsed)."""

import os

from pincheck import boardlist, verdict_json


def verdict(board, states_rehearsed, conflicts=(), skipped=()):
    cons = [{"path": "/soc/serial@1000", "hog": False, "failed": False, "unapplied": None}]
    if conflicts:
        cons.append({"path": "/leds", "hog": False, "failed": True, "unapplied": None,
                     "why": "pin P1 already requested by /soc/serial@1000"})
    return {"schema": verdict_json.SCHEMA, "version": verdict_json.VERSION,
            "board": board, "ok": not conflicts, "exit": 1 if conflicts else 0,
            "counts": {"pins": 4, "mismatches": 0, "conflicts": len(conflicts)},
            "rows": [], "states_rehearsed": states_rehearsed, "states": 4,
            "consumers": cons, "stray": [], "problems": [],
            "conflicts": [{"pin_name": p, "claimant": "/soc/serial@1000 | /leds"}
                          for p in conflicts],
            "not_rehearsed": list(skipped),
            "controllers": [{"path": "/soc/pinctrl@0", "family": "imx", "dev": "0.pinctrl"}]}


def test_a_finding_is_fully_rehearsed_a_gap_is_not(tmp_path):
    boards = {"a/ok": verdict("a/ok", 4),
              "a/clash": verdict("a/clash", 4, conflicts=["P1"]),
              "a/gap": verdict("a/gap", 3, skipped=[{"consumer": "/pmic", "why": "on SPMI"}])}
    listfile = tmp_path / "boards.txt"
    listfile.write_text("".join("imx %s\n" % b for b in boards))
    for b, doc in boards.items():
        d = tmp_path / b.replace("/", "_")
        os.makedirs(d)
        verdict_json.write(str(d / "verdict.json"), doc)
    assert boardlist.summary(str(tmp_path), str(listfile)) == 1
    last = (tmp_path / "summary.txt").read_text().splitlines()[-1]
    assert last == "3 boards: 1 conflict, 2 ok; 2 fully rehearsed (every pin state), 1 of them agree"

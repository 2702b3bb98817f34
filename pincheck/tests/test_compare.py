# SPDX-License-Identifier: GPL-2.0
"""pincheck compare: each finding of the first sweep fixed, still present,
changed or gone in the second; the boards new in the second counted and
their findings listed; the columns counted by hand from the rows below."""

import csv

from pincheck import compare

KEYS = ["board", "family", "full", "result", "why"]
FIRST = [
    ("a/ok", "imx", "True", "ok", ""),
    ("a/clash", "imx", "True", "conflict", "PA0: /x"),
    ("a/stays", "imx", "True", "unapplied", "/pmic: state never applied"),
    ("a/changes", "imx", "True", "conflict", "PB1: /y"),
    ("a/removed", "imx", "True", "mismatch", "PC2 mux"),
    ("b/part", "tegra", "False", "ok", ""),
]
SECOND = [
    ("a/ok", "imx", "True", "ok", ""),
    ("a/clash", "imx", "True", "ok", ""),
    ("a/stays", "imx", "True", "unapplied", "/pmic: state never applied"),
    ("a/changes", "imx", "True", "mismatch", "PB1 conf"),
    ("a/new-ok", "imx", "True", "ok", ""),
    ("a/new-bad", "imx", "True", "conflict", "PD3: /z"),
    ("b/part", "tegra", "True", "ok", ""),
]


def write(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(KEYS)
        w.writerows(rows)
    return str(path)


def test_compare(tmp_path):
    a = compare.read(write(tmp_path / "a.csv", FIRST))
    b = compare.read(write(tmp_path / "b.csv", SECOND))
    text = compare.compare(a, b, "6.12", "7.3")
    lines = text.splitlines()
    # imx: 5 boards, 5 fully, 1 agrees; then 6 boards (2 new), 6 fully,
    # 3 agree (ok, clash now ok, new-ok); tegra: 1, 0, 0 / 1 (0), 1, 1
    assert "| `imx` | 5 | 5 | 1 | 6 (2) | 6 | 3 |" in lines
    assert "| `tegra` | 1 | 0 | 0 | 1 (0) | 1 | 1 |" in lines
    assert "| all | 6 | 5 | 1 | 7 (2) | 7 | 4 |" in lines
    # (ties in the order the boards come)
    assert "- `imx`, 4: 1 fixed, 1 still present, 1 now mismatch, 1 gone" in lines
    assert "  - fixed `a/clash` (conflict: PA0: /x)" in lines
    assert "  - now mismatch `a/changes` (conflict: PB1: /y)" in lines
    assert "  - gone `a/removed` (mismatch: PC2 mux)" in lines
    # still present: counted, not listed
    assert not any("`a/stays`" in x for x in lines)
    assert "- `a/new-bad` (imx) conflict: PD3: /z" in lines
    assert not any("`a/new-ok`" in x for x in lines)


def test_missing_file(tmp_path, capsys):
    class A:
        first, second = str(tmp_path / "none.csv"), str(tmp_path / "none.csv")
        first_name, second_name = "x", "y"
    assert compare.cmd(A) == 2
    assert "pincheck compare:" in capsys.readouterr().err

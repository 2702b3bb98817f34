# SPDX-License-Identifier: GPL-2.0
"""make report's pages from the one verdict schema: a recorded rehearsal
(data/) judged, its verdict.json read back as a board (report.board_of),
a page with as many pins as the verdict's rows and a marker exactly on
the pin that mismatches; a run without a verdict.json is listed with the
reason."""

import os
import re

from pincheck import __main__ as front
from pincheck import report

from .conftest import KSRC, recorded_run


def test_board_from_verdict_json(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("KSRC", KSRC)
    run = recorded_run("imx8mm-evk-fixup", tmp_path)
    assert front.main(["verdict", run]) == 1
    b, why = report.board_of(run)
    assert why is None and b["kind"] == "rehearsed" and not b["ok"]
    # UART2_RXD's pad, 0x141 where the DT says 0x140 (data/README.md)
    assert [p["name"] for p in b["pins"] if p["mismatch"]] == ["MX8MM_IOMUXC_UART2_RXD"]
    page = report.board_page(dict(b, page="x.html"))
    assert len(re.findall(r'<div class="pin[ "]', page)) == b["npins"] == 79
    assert page.count('aria-label="mismatch"') == 1


def test_run_without_verdict(tmp_path):
    d = tmp_path / "run"
    d.mkdir()
    (d / "plan.json").write_text("{}")
    b, why = report.board_of(str(d))
    assert b is None and why.startswith("no verdict.json")
    out = tmp_path / "rep"
    assert front.main(["report", "--out", str(out), "--run", str(d)]) == 0
    assert "Runs without a verdict" in (out / "index.html").read_text()
    assert os.listdir(out) == ["index.html"]

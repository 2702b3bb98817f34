# SPDX-License-Identifier: GPL-2.0
"""cache.memo: computed once while the files are unchanged, again when one
changes, and a broken entry is no error"""

import os

from pincheck import cache


def test_memo(tmp_path, monkeypatch):
    monkeypatch.setenv("VSOC_CACHE", str(tmp_path / "cache"))
    src = tmp_path / "a.c"
    src.write_text("int a;\n")
    calls = []

    def compute():
        calls.append(1)
        return {"n": len(calls)}

    assert cache.memo("t", [str(src)], compute) == {"n": 1}
    assert cache.memo("t", [str(src)], compute) == {"n": 1}
    assert len(calls) == 1
    # another size: another entry
    src.write_text("int a, b;\n")
    assert cache.memo("t", [str(src)], compute) == {"n": 2}
    # a half-written entry is computed again and replaced
    entries = list((tmp_path / "cache" / "pincheck").iterdir())
    assert len(entries) == 2
    for e in entries:
        e.write_bytes(b"\x80")
    assert cache.memo("t", [str(src)], compute) == {"n": 3}
    assert cache.memo("t", [str(src)], compute) == {"n": 3}


def test_memo_unwritable(tmp_path, monkeypatch):
    # a cache directory that cannot be made: the value all the same
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("VSOC_CACHE", str(blocker))
    assert cache.memo("t", [], lambda: 7) == 7
    assert not os.path.isdir(str(blocker))

# SPDX-License-Identifier: GPL-2.0
"""Fixtures of the unit tests: tiny DTBs compiled with dtc, the recorded
runs under data/, and the kernel tree whose driver tables the sunxi and
TLMM families read (skipped with the reason when it is not there)."""

import gzip
import os
import shutil
import subprocess
import types

import pytest

from pincheck import fdt

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
TOP = os.path.dirname(os.path.dirname(HERE))
# the tree scripts/lib.sh's rehearse_env gives: $CACHE/linux
CACHE = os.environ.get("VSOC_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "vsoc")
KSRC = os.environ.get("KSRC") or os.path.join(CACHE, "linux")


def compile_dts(tmp_path, text, name="t", symbols=False):
    """the DTB dtc makes of the DT source `text` (bytes)"""
    src, out = tmp_path / (name + ".dts"), tmp_path / (name + ".dtb")
    src.write_text(text)
    cmd = ["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", str(out), str(src)]
    if symbols:
        cmd.insert(1, "-@")
    subprocess.run(cmd, check=True)
    return out.read_bytes()


@pytest.fixture
def dts(tmp_path):
    """dts(TEXT) -> the fdt.Tree of what dtc makes of TEXT"""
    return lambda text, symbols=False: fdt.parse(compile_dts(tmp_path, text, symbols=symbols))


@pytest.fixture
def ksrc(monkeypatch):
    """the kernel tree (KSRC, else the cache's) in KSRC"""
    if not os.path.isdir(os.path.join(KSRC, "drivers/pinctrl")):
        pytest.skip("no kernel tree at %s (set KSRC, or make kernel)" % KSRC)
    monkeypatch.setenv("KSRC", KSRC)
    return KSRC


def controller(node, family):
    """what a family's pin_writes() reads of a controller"""
    return types.SimpleNamespace(orig=node, family=family, pin_names={}, pad_names={})


def recorded_run(name, dest):
    """copy the recorded run data/NAME into DEST as the rehearsal left it
    (console.log unpacked; the windows stay NAME.bin.gz, as rehearse-all
    --compact leaves them); returns DEST"""
    src = os.path.join(DATA, name)
    os.makedirs(dest, exist_ok=True)
    for f in os.listdir(src):
        if f == "console.log.gz":
            with gzip.open(os.path.join(src, f)) as i, open(os.path.join(dest, "console.log"), "wb") as o:
                shutil.copyfileobj(i, o)
        else:
            shutil.copy(os.path.join(src, f), dest)
    return str(dest)

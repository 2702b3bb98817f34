# SPDX-License-Identifier: GPL-2.0
"""The driver tables kept between runs (cache.memo): a later run loads
what the first one read, equal to a fresh read of the sources, without
reading them; an edited driver source is read again. The tests that read
the kernel tree skip without it."""

import os
import re
import shutil

import pytest

from pincheck.families import meson, mediatek_tables, rockchip_tables, tegra_tables, tlmm
from pincheck.families.sunxi import Sunxi


@pytest.fixture
def cachedir(tmp_path, monkeypatch):
    monkeypatch.setenv("VSOC_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache" / "pincheck"


def plain(x):
    """x as dicts, lists and values: an object as its class and fields"""
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple, set, frozenset)):
        items = sorted(x, key=repr) if isinstance(x, (set, frozenset)) else x
        return (type(x).__name__, [plain(v) for v in items])
    if hasattr(x, "__dict__") and not callable(x):
        return (type(x).__name__, plain(vars(x)))
    return x


def same(a, b):
    """the same tables: every field of every object equal"""
    return plain(a) == plain(b)


def forbid(monkeypatch, obj, name):
    """obj.name raises from now on: the tables must come from the cache"""
    def fail(*_args, **_kw):
        raise AssertionError("%s read from the sources again" % name)
    monkeypatch.setattr(obj, name, fail)


class Node:
    """just enough of a controller node for a family's table(): its
    compatible, no interrupts"""

    def __init__(self, compatible):
        self.compatible = compatible

    def strings(self, prop):
        return [self.compatible] if prop == "compatible" else []

    def has(self, _prop):
        return False

    def cells(self, _prop):
        return []


def test_rockchip(ksrc, cachedir, monkeypatch):
    fresh = rockchip_tables.parse(ksrc)
    assert same(rockchip_tables.read.__wrapped__(ksrc), fresh)
    assert any(p.name.startswith("rockchip-") for p in cachedir.iterdir())
    forbid(monkeypatch, rockchip_tables, "parse")
    assert same(rockchip_tables.read.__wrapped__(ksrc), fresh)


@pytest.mark.parametrize("mod, compatible", [
    (tegra_tables, "nvidia,tegra194-pinmux"),
    (mediatek_tables, "mediatek,mt8183-pinctrl")])
def test_tegra_mediatek(ksrc, cachedir, monkeypatch, mod, compatible):
    fresh = mod.Tables(ksrc)
    first = mod.read(ksrc)
    assert same(first, fresh)
    # tegra's read_soc(compatible), mediatek's read_soc(compatible, path, data)
    args = (compatible,) if mod is tegra_tables else (compatible,) + fresh.files[compatible]
    fresh_soc = fresh.read_soc(*args)
    assert same(first.soc(compatible), fresh_soc)
    forbid(monkeypatch, mod.Tables, "__init__")
    forbid(monkeypatch, mod.Tables, "read_soc")
    again = mod.read(ksrc)
    assert same(again.soc(compatible), fresh_soc)


def test_tlmm(ksrc, cachedir, monkeypatch):
    fam = tlmm.TLMM()
    t = fam.table(Node("qcom,sdm845-pinctrl"))
    fresh = tlmm.SocTable(fam.files["qcom,sdm845-pinctrl"])
    assert same(t, fresh)
    forbid(monkeypatch, tlmm, "drivers")
    forbid(monkeypatch, tlmm.SocTable, "__init__")
    assert same(tlmm.TLMM().table(Node("qcom,sdm845-pinctrl")), fresh)


def test_sunxi(ksrc, cachedir, monkeypatch):
    fam = Sunxi()
    t = fam.table(Node("allwinner,sun50i-a64-pinctrl"))
    fresh = fam.read_table("allwinner,sun50i-a64-pinctrl", 0)
    assert t is not None and same(t, fresh)
    forbid(monkeypatch, Sunxi, "read_table")
    assert same(Sunxi().table(Node("allwinner,sun50i-a64-pinctrl")), fresh)


def test_meson(ksrc, cachedir, monkeypatch):
    fam = meson.Meson()
    fam.load()
    assert fam.files and fam.core is not None
    forbid(monkeypatch, meson, "read_drivers")
    again = meson.Meson()
    again.load()
    assert same((again.files, again.core), (fam.files, fam.core))


def test_an_edited_source_is_read_again(ksrc, cachedir, tmp_path):
    # a copy of the Tegra drivers; Tegra194's PINGROUP(pex_l5_clkreq_n_pgg0,
    # ..., 0x14000, ...) row: its mux register 0x14000, then 0x14800
    tree = tmp_path / "tree"
    shutil.copytree(os.path.join(ksrc, tegra_tables.D), str(tree / tegra_tables.D))
    c = "nvidia,tegra194-pinmux"
    src = tree / tegra_tables.D / "pinctrl-tegra194.c"

    def mux_reg():
        return tegra_tables.read(str(tree)).soc(c).groups["pex_l5_clkreq_n_pgg0"]["mux_reg"]

    assert mux_reg() == 0x14000
    assert mux_reg() == 0x14000
    text = src.read_text()
    edited = re.sub(r"(PINGROUP\(pex_l5_clkreq_n_pgg0,[^)]*?)0x14000", r"\g<1>0x14800", text)
    assert edited != text
    src.write_text(edited)      # the same size: its modification time tells
    st = src.stat()
    os.utime(str(src), ns=(st.st_atime_ns, st.st_mtime_ns + 1000000000))
    assert mux_reg() == 0x14800

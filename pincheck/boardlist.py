# SPDX-License-Identifier: GPL-2.0
"""The boards of the tree that the rehearsal covers, and the summary of a
make rehearse-all run.

  pincheck boards [FAMILY...]      one board a line: FAMILY BOARD, where
                                 BOARD is vendor/board or vendor/board+ovl
                                 (each composite DTB of the vendor Makefile:
                                 a base board and its .dtbo overlays);
                                 arch/arm's boards are arm/vendor/board
  pincheck summary DIR LIST       DIR/summary.{txt,csv} from DIR/*/verdict.json
                                 for the boards of LIST (a list's output),
                                 with a line per family and per arch

Families (arm64 unless said):
  imx        every i.MX on the pinctrl-imx core, both arches: arm64's
             i.MX8M M/N/P/Q, 8ULP, 91, 93; arm's i.MX1, 25, 27, 35, 50,
             51, 53, 6, 7 and Vybrid VF5xx/VF6xx
  k3         TI K3 (pinctrl-single)
  sunxi      every Allwinner board, both arches: arm64's sun50i-* (A64, H5,
             H6, H616/H618/H313/H700, A100), sun55i-* (A523, 7.3's) and arm's sun4i- to sun9i-,
             sun20i- and suniv-* (A10 to T113, F1C100s)
  rockchip   pinctrl-rockchip, both arches: arm64's px30, rk33xx, rk35xx;
             arm's rk3036 to rk3288, rv1108, rv1126
  tlmm       Qualcomm TLMM
  tlmm-arm   Qualcomm TLMM, arm: msm8974, msm8226, apq8064, ipq4019, ...
  omap       pinctrl-single, arm: AM335x, AM437x, OMAP2/3/4/5, DRA7/AM57x,
             DM814x/816x
  davinci    pinctrl-single, arm: DA850 (bit-per-mux)
  keystone   pinctrl-single, arm: K2G, K2L (bit-per-mux); K2E/K2HK have
             no pin controller
  pxa        pinconf-single, arm: PXA3xx
  hisi-arm   pinctrl-/pinconf-single, arm: HiSilicon Hi3620
  layerscape pinctrl-single: LX2160A, LX2162A
  hisi       pinctrl-/pinconf-single: HiSilicon Hi3660, Hi3670, Hi6220,
             Hi3798CV200
  socfpga    pinctrl-single: Stratix 10
  agilex     pinctrl-single: Agilex, N5X
  stingray   pinctrl-single: Broadcom Stingray
  mvebu      Marvell mvebu, both arches: arm64's AP806/CP110 (Armada 7K/8K,
             CN913x), AC5 and Armada 37xx; arm's Kirkwood, Orion, Dove,
             Armada 370/375/38x/39x/XP and 98DX
  stm32      STM32, both arches: arm's MP15, MP13, F4, F7, H7; arm64's MP25
  bcm2835    Broadcom BCM2835/2836/2837/2711 (the Raspberry Pi), arm and
             arm64 (whose boards include arm's)
  samsung    Samsung, both arches: arm's Exynos 3250, 4210, 4x12, 5250,
             5260, 5410, 542x, S5PV210, S3C6410; arm64's Exynos and FSD
  meson      Amlogic Meson, both arches: arm64's GXBB, GXL, GXM, G12A, G12B,
             SM1, AXG, A1, S4, C3; arm's Meson8, Meson8m2, Meson8b
  tegra      NVIDIA Tegra, both arches: arm's Tegra20, 30, 114, 124; arm64's
             Tegra132, 194, 210
  mediatek   MediaTek, both arches: the paris SoCs (mt6765/6779/6795/6797,
             mt8183/8186/8188/8192/8195) and moore ones (mt7622/7629/7981/
             7986) rehearsed; common v1 (mt2701/7623/8173/...) reported
  renesas    Renesas sh-pfc, both arches: arm64's R-Car Gen3/Gen4, RZ/G2;
             arm's R-Car Gen1/Gen2, RZ/G1, EMEV2 (R-Mobile reported)
Groups: pcs (every pinctrl-single family outside K3), arm, arm64 (every
family with boards of that arch). KSRC is the kernel tree.
"""

import csv
import glob
import os
import re
import sys

from . import ktap, verdict_json

# name: (arch, directory under arch/<arch>/boot/dts, board name regex), or
# a list of them (a family on both arches)
FAMILIES = {
    "imx": [("arm64", "freescale", r"imx(8m[mnpq]|8ulp|91|93)-.*"),
            ("arm", "nxp/imx", r"imx(1|25|27|35|5[013]|6[a-z]*|7[a-z]*)-.*"),
            ("arm", "nxp/vf", r"vf.*")],
    "k3": ("arm64", "ti", r"k3-.*"),
    "sunxi": [("arm64", "allwinner", r"sun5[05]i-.*"),
              ("arm", "allwinner", r"(sun[4-9]i|sun20i|suniv)-.*")],
    "tlmm": ("arm64", "qcom", r".*"),
    "rockchip": [("arm64", "rockchip", r".*"), ("arm", "rockchip", r".*")],
    "tlmm-arm": ("arm", "qcom", r"qcom-.*"),
    "omap": ("arm", "ti/omap", r".*"),
    "davinci": ("arm", "ti/davinci", r"da850-.*"),
    "keystone": ("arm", "ti/keystone", r"keystone-k2[gl]-.*"),
    "pxa": ("arm", "intel/pxa", r"pxa3.*"),
    "hisi-arm": ("arm", "hisilicon", r"hi3620-.*"),
    "layerscape": ("arm64", "freescale", r"fsl-lx216[02]a-.*"),
    "hisi": ("arm64", "hisilicon", r"hi(3660|3670|6220|3798cv200)-.*"),
    "socfpga": ("arm64", "altera", r"socfpga_stratix10.*"),
    "agilex": ("arm64", "intel", r"socfpga_(agilex|n5x).*"),
    "stingray": ("arm64", "broadcom/stingray", r".*"),
    "mvebu": [("arm64", "marvell", r".*"),
              ("arm", "marvell", r"(kirkwood|orion5x|dove|armada)-.*")],
    "stm32": [("arm", "st", r"stm32.*"), ("arm64", "st", r"stm32.*")],
    "bcm2835": [("arm", "broadcom", r"bcm(2835|2836|2837|2711)-.*"),
                ("arm64", "broadcom", r"bcm(2837|2711)-.*")],
    "samsung": [("arm", "samsung", r"(exynos|s5pv210|s3c64).*"),
                ("arm64", "exynos", r"exynos.*"), ("arm64", "tesla", r"fsd-.*")],
    "meson": [("arm64", "amlogic", r".*"), ("arm", "amlogic", r"meson8.*")],
    "tegra": [("arm", "nvidia", r"tegra(20|30|114|124)-.*"),
              ("arm64", "nvidia", r"tegra(132|194|210)-.*")],
    "mediatek": [("arm64", "mediatek", r"mt.*"), ("arm", "mediatek", r"mt.*")],
    "renesas": [("arm64", "renesas", r"r8a7.*"), ("arm", "renesas", r"(r8a7|emev2|sh73a0).*")],
}


def entries(family):
    """[(arch, directory, regex)] of a family"""
    v = FAMILIES[family]
    return v if isinstance(v, list) else [v]


def prefix(arch, vendor):
    """how the list names a directory's boards: arch/arm's with arm/"""
    return ("arm/" if arch == "arm" else "") + vendor + "/"


GROUPS = {
    "pcs": ["omap", "davinci", "keystone", "pxa", "hisi-arm", "layerscape", "hisi",
            "socfpga", "agilex", "stingray"],
    "arm": [f for f in FAMILIES if any(e[0] == "arm" for e in entries(f))],
    "arm64": [f for f in FAMILIES if any(e[0] == "arm64" for e in entries(f))],
}


def entries(family):
    """[(arch, directory, board name regex)] of a family"""
    v = FAMILIES[family]
    return v if isinstance(v, list) else [v]


def arches(family):
    return [e[0] for e in entries(family)]


GROUPS["arm"] = [f for f in FAMILIES if "arm" in arches(f)]
GROUPS["arm64"] = [f for f in FAMILIES if "arm64" in arches(f)]


def board_arch(family, board):
    """the arch of a board of the family's list (arm/ in front: arch/arm's)"""
    for arch, vendor, _ in entries(family) if family in FAMILIES else []:
        if board.startswith(("arm/" if arch == "arm" else "") + vendor + "/"):
            return arch
    return "?"


def composites(makefile):
    """[(name, [parts])] of "X-dtbs := a.dtb b.dtbo ..." lines"""
    if not os.path.isfile(makefile):
        return []
    text = open(makefile).read().replace("\\\n", " ")
    out = {}
    for m in re.finditer(r"^([\w.+-]+)-dtbs\s*[:+]?=\s*(.*)$", text, re.M):
        out.setdefault(m.group(1), []).extend(m.group(2).split())
    return list(out.items())


def boards(family, ksrc):
    out = []
    for arch, vendor, rx in entries(family):
        d = os.path.join(ksrc, "arch", arch, "boot/dts", vendor)
        base = sorted(os.path.basename(f)[:-4] for f in glob.glob(os.path.join(d, "*.dts"))
                      if re.fullmatch(rx, os.path.basename(f)[:-4]))
        pre = prefix(arch, vendor)
        out += [pre + b for b in base]
        for _name, parts in composites(os.path.join(d, "Makefile")):
            dtbs = [p[:-4] for p in parts if p.endswith(".dtb")]
            ovls = [p[:-5] for p in parts if p.endswith(".dtbo")]
            if len(dtbs) == 1 and ovls and dtbs[0] in base:
                out.append("%s%s+%s" % (pre, dtbs[0], "+".join(ovls)))
    return out


def expand(names):
    """family and group names -> [(family, arch or None)], in order, once
    each; the arch groups keep only their arch's boards of a family on both"""
    out = []
    for n in names:
        for f in GROUPS.get(n, [n]):
            e = (f, n if n in ("arm", "arm64") else None)
            if e not in out:
                out.append(e)
    return out


def summary(outdir, listfile):
    rows = []
    for line in open(listfile):
        fam, b = line.split()
        vj = os.path.join(outdir, b.replace("/", "_"), "verdict.json")
        r = {"board": b, "family": fam, "controllers": 0, "consumers": 0, "pins": 0,
             "result": "not rehearsed", "mismatches": 0, "conflicts": 0, "why": ""}
        d = os.path.join(outdir, b.replace("/", "_"))
        if not os.path.isfile(vj):
            log = os.path.join(d, "run.log")
            prep = os.path.join(d, "prepare.log")
            why = ""
            for f in (log, prep):       # the boot's reason, else the preparation's
                if not why and os.path.isfile(f) and os.path.getsize(f):
                    why = open(f).read().strip().splitlines()[-1]
            con = os.path.join(d, "console.log")
            if "kernel panic" in why or "reported a problem" in why:
                # the kernel broke: say where
                r["result"] = "crash"
                if os.path.isfile(con):
                    pc = re.search(r"pc : (\S+)", open(con, errors="replace").read())
                    if pc:
                        why += " (pc: %s)" % pc.group(1)
            r["why"] = why or "no verdict"
            rows.append(r)
            continue
        try:
            v = verdict_json.load(vj)
        except verdict_json.VerdictError as e:
            r["why"] = str(e)
            rows.append(r)
            continue
        cons = [c for c in v["consumers"] if not c["hog"]]
        r["controllers"] = len(v["controllers"])
        r["consumers"] = len(cons)
        for k in ("pins", "mismatches", "conflicts"):
            r[k] = v["counts"][k]
        failed = [c for c in v["consumers"] if c["failed"]]
        if not v["controllers"]:
            # the controllers' reasons first, a driver missing from the
            # image before a block that cannot be moved
            whys = sorted(v["not_rehearsed"], key=lambda x: (not x.get("controller"),
                                                              "no driver for" not in x["why"]))
            r["why"] = whys[0]["why"] if whys else "no enabled device with a pin state"
        elif r["conflicts"]:
            r["result"] = "conflict"
        elif r["mismatches"] or v["stray"] or failed or v.get("problems"):
            r["result"] = "mismatch"
        elif any(ktap.never_applied(c) for c in v["consumers"]):
            r["result"] = "unapplied"
        else:
            r["result"] = "ok"
        if r["result"] != "ok" and not r["why"]:
            parts = ["%s: %s" % (c["pin_name"], c["claimant"]) for c in v["conflicts"][:2]]
            parts += ["%s failed: %s" % (c["path"], c["why"]) for c in failed[:2]]
            parts += ["%s %s" % (x["name"], "; ".join(x["mismatch"])) for x in v["rows"] if x["mismatch"]][:2]
            parts += [p["problem"] for p in v.get("problems", [])][:2]
            parts += ["%s: state never applied (pinctrl-0 without pinctrl-names)" % c["path"]
                      for c in v["consumers"] if "no pinctrl-names" in (c.get("unapplied") or "")][:3]
            parts += ["%s: %s" % (c["path"], c["unapplied"])
                      for c in v["consumers"] if ktap.never_applied(c) and
                      "no pinctrl-names" not in c["unapplied"]][:2]
            parts += ["stray write at %s+%#x" % (x["controller"], x["offset"]) for x in v["stray"]][:2]
            r["why"] = " | ".join(parts)
        r["not_rehearsed"] = len(v["not_rehearsed"])
        # fully: every pin state of the board rehearsed, nothing of one
        # left out (the BCM2835's pulls, an STM32 bank's states), whatever
        # the verdict found (a conflict or a state never applied is the
        # rehearsal's answer for that board, not a gap in it)
        r["states"] = "%s/%s" % (v.get("states_rehearsed", "?"), v.get("states", "?"))
        r["full"] = bool(v["controllers"]) and v.get("states_rehearsed") == v.get("states") and \
            not any(x.get("partial") for x in v["not_rehearsed"])
        rows.append(r)
    keys = ["board", "family", "controllers", "consumers", "pins", "states", "full", "result",
            "mismatches", "conflicts", "not_rehearsed", "why"]
    with open(os.path.join(outdir, "summary.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, keys, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow({k: r.get(k, "") for k in keys})
    tot = {}
    for r in rows:
        tot[r["result"]] = tot.get(r["result"], 0) + 1

    def counts(rs):
        t = {}
        for r in rs:
            t[r["result"]] = t.get(r["result"], 0) + 1
        return "%d boards: %s; %d fully rehearsed (every pin state), %d of them agree" % (
            len(rs), ", ".join("%d %s" % (n, k) for k, n in sorted(t.items())),
            sum(1 for r in rs if r.get("full")),
            sum(1 for r in rs if r.get("full") and r["result"] == "ok"))
    fams = []
    for r in rows:
        if r["family"] not in fams:
            fams.append(r["family"])
    for r in rows:
        r["arch"] = board_arch(r["family"], r["board"])
    arch = {f: "+".join(sorted({r["arch"] for r in rows if r["family"] == f})) for f in fams}
    with open(os.path.join(outdir, "summary.txt"), "w") as f:
        for r in rows:
            f.write("%-70s %-6s %2d ctl %3d cons %4d pins  %s%s\n" % (
                r["board"], r["family"], r["controllers"], r["consumers"], r["pins"],
                r["result"], (": " + r["why"]) if r["why"] else ""))
        # a line per family and per arch when there are several, then all
        if len(fams) > 1:
            for fam in fams:
                f.write("family %s (%s): %s\n" % (
                    fam, arch[fam], counts([r for r in rows if r["family"] == fam])))
        arches = sorted({r["arch"] for r in rows})
        if len(arches) > 1:
            for a in arches:
                f.write("arch %s: %s\n" % (
                    a, counts([r for r in rows if r["arch"] == a])))
        f.write(counts(rows) + "\n")
    print(open(os.path.join(outdir, "summary.txt")).read().splitlines()[-1])
    return 0 if tot.get("ok", 0) == len(rows) else 1


def list_cmd(a):
    ksrc = os.environ.get("KSRC", "")
    seen = set()
    for fam, arch in expand(a.family or list(FAMILIES)):
        if fam not in FAMILIES:
            print("pincheck boards: unknown family %s (families: %s; groups: %s)"
                  % (fam, ", ".join(FAMILIES), ", ".join(GROUPS)), file=sys.stderr)
            return 2
        for b in boards(fam, ksrc):
            if (fam, b) not in seen and arch in (None, board_arch(fam, b)):
                seen.add((fam, b))
                print(fam, b)
    return 0


def add_parsers(sub):
    p = sub.add_parser("boards", help="the boards of the tree the rehearsal covers")
    p.add_argument("family", nargs="*", help="families or groups (default: every family)")
    p.set_defaults(func=list_cmd)
    p = sub.add_parser("summary", help="the summary of a make rehearse-all run")
    p.add_argument("dir")
    p.add_argument("list")
    p.set_defaults(func=lambda a: summary(a.dir, a.list))

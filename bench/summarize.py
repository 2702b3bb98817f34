#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The summary table of bench/run.sh: reads the CSV files of build/bench/,
prints the table and writes build/bench/summary.csv (section,key,value).

    bench/summarize.py build/bench

Informational only: the exit status does not depend on any timing.
"""
import csv
import math
import os
import statistics
import sys

TARGET_RATIO, TARGET_EXP, TARGET_LOOP = 1.0, 1.1, 1.5


def rows(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return list(csv.DictReader(f))


def fit_exponent(points):
    """Least-squares slope of log(t) against log(n)."""
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(t) for _, t in points]
    if len(xs) < 2:
        return float("nan")
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx


def load_range(rs, clock=None):
    ls = [float(r["load"]) for r in rs if "load" in r and (clock is None or r.get("clock") == clock)]
    return f"{min(ls):.2f}..{max(ls):.2f}" if ls else "?"


def verdict(value, target):
    return "met" if value <= target else "NOT met"


def main():
    out = sys.argv[1]
    summary = []
    lines = []

    def say(s=""):
        lines.append(s)

    def keep(section, key, value):
        summary.append((section, key, value))

    head = {}
    if os.path.exists(f"{out}/header.csv"):
        for line in open(f"{out}/header.csv"):
            k, _, v = line.rstrip("\n").partition(",")
            head[k] = v
    say(f"VSOC benchmarks, {head.get('date', '?')}")
    say(f"  machine: {head.get('host', '?')}; {head.get('cpu', '?')}; load {head.get('load', '?')}")
    say(f"  {head.get('qemu', '?')}; kernel {head.get('kernel', '?')}; tree {head.get('tree', '?')}")
    say("  (informational: no timing here passes or fails anything)")
    for k, v in head.items():
        keep("header", k, v)

    probe = rows(f"{out}/probe.csv")
    for clock in ("icount", "real"):
        data = {}
        for r in probe:
            if r["clock"] == clock:
                data.setdefault(int(r["pins"]), []).append((int(r["vsoc_us"]), int(r["single_us"])))
        if not data:
            continue
        say()
        if clock == "icount":
            say("1-2. Probe time, hogs configuring every pin: VSOC and pinconf-single in the same boot")
            say("     clock icount: -icount shift=0, one guest ns per instruction (deterministic)")
        else:
            say("     clock real: host time under TCG (noisy; pinconf-single probes first and also")
            say("     pays for translating the shared pinctrl core code)")
        counts = sorted({len(v) for v in data.values()})
        nb = "/".join(str(c) for c in counts)
        say(f"     median of {nb} boots (5 at 256 pins); us = microseconds from initcall_debug")
        if clock == "real":
            say(f"     host load (1 min) during these boots: {load_range(probe, clock)}")
        say(f"     {'pins':>5} {'VSOC us':>9} {'single us':>9} {'VSOC us/pin':>11} {'single us/pin':>13} {'ratio':>6}")
        vs, ss = [], []
        for pins in sorted(data):
            v = statistics.median(x for x, _ in data[pins])
            s = statistics.median(y for _, y in data[pins])
            vs.append((pins, v))
            ss.append((pins, s))
            ratio = v / s if s else float("nan")
            say(f"     {pins:5d} {v:9.0f} {s:9.0f} {v / pins:11.2f} {s / pins:13.2f} {ratio:6.2f}")
            keep(f"probe-{clock}", f"vsoc_us_{pins}", f"{v:.0f}")
            keep(f"probe-{clock}", f"single_us_{pins}", f"{s:.0f}")
            keep(f"probe-{clock}", f"ratio_{pins}", f"{ratio:.3f}")
        ev, es = fit_exponent(vs), fit_exponent(ss)
        lo, hi = vs[0][0], vs[-1][0]
        say(f"     exponent (least squares on log-log, {lo}..{hi} pins): VSOC {ev:.2f}, pinconf-single {es:.2f}")
        keep(f"probe-{clock}", "exponent_vsoc", f"{ev:.3f}")
        keep(f"probe-{clock}", "exponent_single", f"{es:.3f}")
        if 256 in data:
            r256 = statistics.median(x for x, _ in data[256]) / statistics.median(y for _, y in data[256])
            say(f"     at 256 pins VSOC/pinconf-single per pin = {r256:.2f} (target <= {TARGET_RATIO}: {verdict(r256, TARGET_RATIO)});"
                f" exponent {ev:.2f} (target <= {TARGET_EXP}: {verdict(ev, TARGET_EXP)})")

    where = rows(f"{out}/where.csv")
    if where:
        say()
        say("     Where VSOC's probe time goes (clock icount, one boot each; us)")
        by = {}
        for r in where:
            by.setdefault(int(r["pins"]), {})[r["variant"]] = (int(r["vsoc_us"]), int(r["single_us"]))
        sizes = sorted(by)
        say(f"     {'variant':<44}" + "".join(f"{p:>9} pins" for p in sizes))

        def line(label, f):
            vals = []
            for p in sizes:
                try:
                    vals.append(f"{f(by[p], p):14.0f}")
                except (KeyError, ZeroDivisionError):
                    vals.append(f"{'-':>14}")
            say(f"     {label:<44}" + "".join(vals))

        line("registration only (no hogs)", lambda w, p: w["none"][0])
        line("hogs parsed into maps and settings, not set", lambda w, p: w["parsed"][0] - w["none"][0])
        line("  of which mux nodes only", lambda w, p: w["mux-parsed"][0] - w["none"][0])
        line("  of which config nodes only", lambda w, p: w["conf-parsed"][0] - w["none"][0])
        line("settings applied to the registers", lambda w, p: w["all"][0] - w["parsed"][0])
        line("total probe (mux + pull-up + drive, 1 node)", lambda w, p: w["all"][0])
        line("  same, one node per bank", lambda w, p: w["bank-nodes"][0])
        line("  same, one node per pin", lambda w, p: w["pin-nodes"][0])
        line("pinconf-single, one node per pin", lambda w, p: w["pin-nodes"][1])
        line("pinconf-single: registration + hogs parsed", lambda w, p: w["parsed"][1])
        line("pinconf-single: settings applied", lambda w, p: w["all"][1] - w["parsed"][1])
        line("pinconf-single: total probe (1 node)", lambda w, p: w["all"][1])
        line("32 pins at the end minus 32 at the start", lambda w, p: w["last-32"][0] - w["first-32"][0])
        line("  per pin, per pin before it (ns)",
             lambda w, p: 1000.0 * (w["last-32"][0] - w["first-32"][0]) / 32 / (p - 32))
        for p in sizes:
            for k, (v, s) in by[p].items():
                keep("where", f"{k}_{p}_vsoc_us", v)
                keep("where", f"{k}_{p}_single_us", s)
        for t in ("vsoc", "single"):
            if os.path.exists(f"{out}/profile-{t}-256.txt"):
                say(f"     per-function profile of the {t} probe at 256 pins: {out}/profile-{t}-256.txt")

    loop = rows(f"{out}/loop.csv")
    if loop:
        say()
        med = {}
        for what in ("qemu", "run.sh", "loop", "loop-dtb", "loop-run", "loop-verify", "make-run"):
            ts = [float(r["seconds"]) for r in loop if r["what"] == what]
            if ts:
                med[what] = (statistics.median(ts), len(ts), min(ts))
        n = max(c for _, c, _ in med.values())
        is_piece = lambda w: w.startswith("loop-")
        say(f"3.   Edit-to-verdict loop with the kernel built (wall seconds, median of {n} and"
            f" fastest; host load {load_range(loop)})")
        labels = {
            "qemu": "floor: QEMU alone (same kernel, initramfs, DTB)",
            "run.sh": "floor: qemu/run.sh alone",
            "loop": "loop: scripts/dtb.sh + pincheck prepare + qemu/run.sh + pincheck verdict",
            "loop-dtb": "  of which scripts/dtb.sh + pincheck prepare",
            "loop-run": "  of which qemu/run.sh",
            "loop-verify": "  of which pincheck verdict",
            "make-run": "make -s run (incl. the no-op kernel build)",
        }
        for what, label in labels.items():
            if what in med:
                t, _, tmin = med[what]
                rel = f"{t / med['qemu'][0]:5.2f}x QEMU alone" if "qemu" in med and not is_piece(what) else ""
                say(f"     {label:<52} {t:7.2f} s {tmin:6.2f} s  {rel}")
                keep("loop", f"{what}_s", f"{t:.3f}")
                keep("loop", f"{what}_min_s", f"{tmin:.3f}")
            elif what == "make-run":
                say(f"     {label:<52}  not measured (only under make bench)")
        if "loop" in med and "qemu" in med:
            r = med["loop"][0] / med["qemu"][0]
            rmin = med["loop"][2] / med["qemu"][2]
            say(f"     loop / floor = {r:.2f}, fastest {rmin:.2f} (target <= {TARGET_LOOP}: {verdict(r, TARGET_LOOP)})")
            keep("loop", "loop_over_qemu", f"{r:.3f}")
        if "make-run" in med and "qemu" in med:
            r = med["make-run"][0] / med["qemu"][0]
            rmin = med["make-run"][2] / med["qemu"][2]
            say(f"     make run / floor = {r:.2f}, fastest {rmin:.2f} (target <= {TARGET_LOOP}: {verdict(r, TARGET_LOOP)})")
            keep("loop", "make_run_over_qemu", f"{r:.3f}")

    say()
    cold = rows(f"{out}/cold.csv")
    if cold:
        t = float(cold[0]["seconds"])
        say(f"4.   Cold: fresh clone + empty VSOC_CACHE to the first verified board: {t:.0f} s ({t / 60:.1f} min)")
        keep("cold", "seconds", f"{t:.1f}")
    else:
        say("4.   Cold build: not run (make bench COLD=1)")

    print("\n".join(lines))
    with open(f"{out}/summary.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(("section", "key", "value"))
        w.writerows(summary)


main()

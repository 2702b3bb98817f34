#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Flat profile of a guest kernel from bench/tbprof.c output.

    tbprof-report.py System.map PROFILE [BASELINE] [--top N]

Per kernel function: instructions executed (blocks attributed to the
function their first instruction is in) and calls (runs of the block at
the function's first instruction). With BASELINE, the difference
PROFILE - BASELINE: what the extra work of PROFILE costs.
"""
import bisect
import sys


def load_map(path):
    syms = []
    for line in open(path):
        f = line.split()
        if len(f) >= 3 and f[1] in "tTwW":
            syms.append((int(f[0], 16), f[2]))
    syms.sort()
    return [a for a, _ in syms], [n for _, n in syms]


def profile(path, addrs, names):
    insns, calls = {}, {}
    for line in open(path):
        if line.startswith("#"):
            sys.exit(f"{path}: {line[1:].strip()}")
        va, n, c = line.split()
        va, n, c = int(va, 16), int(n), int(c)
        i = bisect.bisect_right(addrs, va) - 1
        name = names[i] if i >= 0 and va >= 0xffff000000000000 else "(user)"
        insns[name] = insns.get(name, 0) + n * c
        if i >= 0 and addrs[i] == va:
            calls[name] = calls.get(name, 0) + c
    return insns, calls


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    top = 40
    if "--top" in sys.argv:
        top = int(sys.argv[sys.argv.index("--top") + 1])
        args.remove(str(top))
    addrs, names = load_map(args[0])
    ins, calls = profile(args[1], addrs, names)
    if len(args) > 2:
        bins, bcalls = profile(args[2], addrs, names)
        for k, v in bins.items():
            ins[k] = ins.get(k, 0) - v
        for k, v in bcalls.items():
            calls[k] = calls.get(k, 0) - v
    total = sum(ins.values())
    print(f"{'insns':>12} {'%':>6} {'calls':>10}  function   (total {total})")
    for k, v in sorted(ins.items(), key=lambda kv: -kv[1])[:top]:
        print(f"{v:12d} {100.0 * v / total:6.1f} {calls.get(k, 0):10d}  {k}")


main()

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Flat profile of a guest kernel from bench/tbprof.c output.

    tbprof-report.py System.map PROFILE [BASELINE] [--top N] [--callers F,G]
                     [--inclusive F,G]

Per kernel function: instructions executed (blocks attributed to the
function their first instruction is in) and calls (runs of the block at
the function's first instruction). With BASELINE, the difference
PROFILE - BASELINE: what the extra work of PROFILE costs. --callers F
splits F's instructions between the functions that call it directly, by
their share of the calls. --inclusive F gives F's own instructions plus,
for each function it calls directly (BL), that function's inclusive
instructions times F's share of its calls (gprof's estimate; calls through
pointers are not seen, so a callback counts as its caller's caller's).
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


def symbol(va, addrs, names):
    i = bisect.bisect_right(addrs, va) - 1
    return names[i] if i >= 0 and va >= 0xffff000000000000 else "(user)"


CALLERS = {}


def profile(path, addrs, names, collect=True):
    insns, calls = {}, {}
    for line in open(path):
        if line.startswith("#"):
            sys.exit(f"{path}: {line[1:].strip()}")
        if line.startswith("call "):
            if not collect:
                continue
            _, site, target, c = line.split()
            callee = symbol(int(target, 16), addrs, names)
            caller = symbol(int(site, 16), addrs, names)
            by = CALLERS.setdefault(callee, {})
            by[caller] = by.get(caller, 0) + int(c)
            continue
        va, n, c = line.split()
        va, n, c = int(va, 16), int(n), int(c)
        i = bisect.bisect_right(addrs, va) - 1
        name = symbol(va, addrs, names)
        insns[name] = insns.get(name, 0) + n * c
        if i >= 0 and addrs[i] == va:
            calls[name] = calls.get(name, 0) + c
    return insns, calls


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    top, callers, inclusive = 40, [], []
    if "--top" in sys.argv:
        top = int(sys.argv[sys.argv.index("--top") + 1])
        args.remove(str(top))
    if "--callers" in sys.argv:
        arg = sys.argv[sys.argv.index("--callers") + 1]
        callers = arg.split(",")
        args.remove(arg)
    if "--inclusive" in sys.argv:
        arg = sys.argv[sys.argv.index("--inclusive") + 1]
        inclusive = arg.split(",")
        args.remove(arg)
    addrs, names = load_map(args[0])
    ins, calls = profile(args[1], addrs, names)
    if len(args) > 2:
        bins, bcalls = profile(args[2], addrs, names, collect=False)
        for k, v in bins.items():
            ins[k] = ins.get(k, 0) - v
        for k, v in bcalls.items():
            calls[k] = calls.get(k, 0) - v
    total = sum(ins.values())
    print(f"{'insns':>12} {'%':>6} {'calls':>10}  function   (total {total})")
    for k, v in sorted(ins.items(), key=lambda kv: -kv[1])[:top]:
        print(f"{v:12d} {100.0 * v / total:6.1f} {calls.get(k, 0):10d}  {k}")
    if inclusive:
        callees = {}
        for callee, by in CALLERS.items():
            for caller, c in by.items():
                if caller != callee:
                    callees.setdefault(caller, {})[callee] = c
        memo, busy = {}, set()

        def incl(f):
            if f in memo:
                return memo[f]
            if f in busy:
                return 0
            busy.add(f)
            t = ins.get(f, 0)
            for g, c in callees.get(f, {}).items():
                n = sum(CALLERS[g].values())
                t += incl(g) * c / n
            busy.discard(f)
            memo[f] = t
            return t

        print(f"\n{'inclusive':>12} {'%':>6}  function (own + share of direct callees)")
        for f in inclusive:
            v = incl(f)
            print(f"{v:12.0f} {100.0 * v / total:6.1f}  {f}")
    for f in callers:
        by = CALLERS.get(f, {})
        n = sum(by.values())
        print(f"\n{f}: {ins.get(f, 0)} instructions, {n} direct calls, by caller:")
        for k, c in sorted(by.items(), key=lambda kv: -kv[1]):
            print(f"{ins.get(f, 0) * c // max(n, 1):12d} {100.0 * c / max(n, 1):6.1f} {c:10d}  {k}")


main()

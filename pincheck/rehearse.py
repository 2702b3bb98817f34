# SPDX-License-Identifier: GPL-2.0
"""Rehearse a real board's pin configuration with its SoC's own mainline
pin controller driver on QEMU virt (scripts/rehearse.sh runs the steps).

  pincheck prepare BOARD OUTDIR [--fixup F.dtso]
                                     compile the board as kbuild does,
                                     print its bad pin nodes (lint.py) and
                                     write OUTDIR/{board.dtb,virt.dtb,
                                     plan.json,windows.txt,*.reset}; the
                                     virt DTB carries what the board asks
                                     for as /rehearse-plan (ktap.py), for
                                     the guest's own KTAP verdict. --fixup:
                                     an overlay applied to the virt DTB
                                     after that, as a boot loader that
                                     edits the DT would (target-path on
                                     the virt DTB's paths): the verdicts
                                     see what it changes as mismatches
  pincheck prepare --as-is BOARD OUTDIR, --dtb F.dtb BOARD OUTDIR
                                     a VSOC board as it is (asis.py):
                                     nothing moved, the plan added to its
                                     own DTB (--dtb: F as built)
  pincheck verdict OUTDIR            after the boot: the per-pin table, one
                                     line per consumer, per bad pin node
                                     and per thing not rehearsed;
                                     OUTDIR/verdict.json; exit 0 only when
                                     everything agrees, 1 on a disagreement
                                     or a bad node, 4 when nothing could be
                                     rehearsed (one line says why); also
                                     OUTDIR/verdict.ktap (the same as
                                     KTAP) and console.ktap (the guest's);
                                     after vsocinit.sleep, --phase resume
                                     or --asleep with --then DEV=STATE
                                     (OUTDIR/verdict-resume.json,
                                     verdict-asleep.json)

BOARD is a board of the tree as under arch/arm64/boot/dts/ without .dts
(freescale/imx8mm-evk, or arm64/freescale/imx8mm-evk), a 32-bit board of
arch/arm/boot/dts/ with "arm/" in front (arm/ti/omap/am335x-evm: compiled
as kbuild compiles it for arm, its pin controllers moved into windows of
the same arm64 virt machine), BOARD+OVERLAY for a tree .dtso on it, or a
path to a .dts that includes tree files through the kernel's include
prefixes (<arm/ti/omap/am335x-boneblack.dts>).
Environment: KSRC (the kernel tree), DTC, FDTOVERLAY, VIRT_DTB (QEMU virt's
own DTB, from -machine dumpdtb).
"""

import json
import os
import shutil
import subprocess
import sys

from . import asis, board, ktap, lint, verdict, verdict_json


TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# A VSOC board (boards/NAME.dts, or a .dts of the repository) includes
# vsoc.dtsi and the binding's header
VSOC_INCLUDES = [os.path.join(TOP, "dts"), os.path.join(TOP, "kernel", "src", "include")]


def vsoc_board(name):
    """boards/NAME.dts of the repository for NAME, else None"""
    path = os.path.join(TOP, "boards", name + ".dts")
    return path if "/" not in name and os.path.isfile(path) else None


def use_reset(reset, outdir, ctrls):
    """a board of one window, or the VSOC window ("regs") of a board as it
    is, starts from RESET (firmware's state, or a part of fewer banks),
    which the plan is made from as the verdict is"""
    wins = [w[0] for ctl in ctrls.values() for w in ctl.windows]
    if "regs" in wins:
        wins = ["regs"]
    if len(wins) != 1:
        raise SystemExit("prepare: --reset: the board has %d register windows and none is "
                         "VSOC's" % len(wins))
    img = os.path.join(outdir, wins[0] + ".reset")
    if not os.path.isfile(reset) or os.path.getsize(reset) != os.path.getsize(img):
        raise SystemExit("prepare: --reset: %s is not a file of the window's size, %d bytes"
                         % (reset, os.path.getsize(img)))
    shutil.copyfile(reset, img)


def prepare(name, outdir, fixup=None, include=(), as_is=False, dtb=None, reset=None):
    ksrc = os.environ["KSRC"]
    os.makedirs(outdir, exist_ok=True)
    include = list(include)
    vsoc = vsoc_board(name)
    if vsoc or os.path.realpath(name).startswith(TOP + os.sep):
        include += VSOC_INCLUDES
    bdtb = os.path.join(outdir, "board.dtb")
    if dtb:
        # the board's DTB as it was built (scripts/dtb.sh, for make run)
        if not os.path.isfile(dtb):
            raise SystemExit("prepare: no such DTB: %s" % dtb)
        shutil.copyfile(dtb, bdtb)
        srcs, deps = [dtb], []
    else:
        srcs = [vsoc] if vsoc else board.resolve(name, ksrc)
        deps = board.build_board_dtb(srcs, bdtb, ksrc, os.environ["DTC"],
                                     os.environ["FDTOVERLAY"], include)
    # the cheap checks first: the form of the pin nodes, before any boot
    bad = lint.lint_dtb(bdtb, ksrc)
    for p in bad:
        print(lint.bad_node_line(p), file=sys.stderr)
    if bad:
        print("rehearse: %s: %d bad node(s) in the DT, found before the boot" % (name, len(bad)),
              file=sys.stderr)
    if as_is or dtb:
        plan, ctrls = asis.plan_as_is(bdtb)
        shutil.copyfile(bdtb, os.path.join(outdir, "virt.dtb"))
    else:
        plan, ctrls = board.transform(bdtb, os.environ["VIRT_DTB"],
                                      os.path.join(outdir, "virt.dtb"), deps)
    plan["board"] = name if dtb or vsoc else board.canonical(name, ksrc)
    plan["arch"] = board.arch_of(deps, ksrc)
    plan["ksrc"] = ksrc      # the tree whose driver tables the verdict reads
    # pinctrl.strict_dt=1 unless a driver reads its own binding after the
    # generic parser, whose strict mode would refuse that binding's names
    plan["strict_dt"] = all(c.family.strict_dt for c in ctrls.values())
    plan["sources"] = [os.path.relpath(s, ksrc) if s.startswith(ksrc) else s for s in srcs]
    if fixup:
        plan["fixup"] = os.path.basename(fixup)[:-5] if fixup.endswith(".dtso") else fixup
    board.write_windows(ctrls, outdir)
    if reset:
        use_reset(reset, outdir, ctrls)
    board.write_plan(plan, os.path.join(outdir, "plan.json"))
    vdtb = os.path.join(outdir, "virt.dtb")
    ktap.add_plan(outdir, bdtb, vdtb)
    if fixup:
        odtb = os.path.join(outdir, "fixup.dtbo")
        board.compile_dts(fixup, odtb, ksrc, os.environ["DTC"])
        r = subprocess.run([os.environ["FDTOVERLAY"], "-i", vdtb, "-o", vdtb, odtb],
                           capture_output=True, text=True)
        if r.returncode:
            raise SystemExit("rehearse: the fixup %s does not apply: %s" % (fixup, r.stderr.strip()))
        print("rehearse: %s: booted with the fixup %s, which the plan does not know"
              % (name, fixup), file=sys.stderr)
    n = sum(1 for c in plan["consumers"] if c.get("dev") and not c["hog"])
    print("rehearse: %s: %d pin controller(s) %s, %d consumer(s), %d not rehearsed"
          % (name, len(ctrls), "as they are" if plan.get("as_is") else "moved", n,
             len(plan["skipped"])), file=sys.stderr)
    return 0


def fmt_fields(fields, key):
    # a board as it is: the fields no state writes are checked, not shown
    return " ".join("%s=%#x" % (f["field"], f[key]) for f in fields
                    if not f.get("untouched")) or "(reset)"


def show(res, out=None):
    # sys.stdout as it is when called (contextlib.redirect_stdout, pytest),
    # not as it was when this module was imported
    out = out or sys.stdout
    plan = res["plan"]
    rows = res["rows"]
    w_name = max([len(r["name"]) for r in rows] + [4])
    w_cons = max([len(r["consumer"]) for r in rows] + [8])
    w_exp = max([len(fmt_fields(r["fields"], "expected")) for r in rows] + [8])
    for ctl in res["ctrls"]:
        wins = ", ".join("%#x+%#x" % (w["addr"], w["orig_size"]) for w in ctl.windows)
        print("controller %s (%s) as %s, registers at %s" % (
            ctl.path, ctl.family.name, ctl.dev, wins), file=out)
    print("%-*s  %-*s  %-*s  %-8s %-10s %s" % (w_name, "pin", w_cons, "consumer", w_exp,
                                              "expected", "debugfs", "registers", "verdict"),
          file=out)
    for r in rows:
        if r.get("untouched") and not r["mismatch"]:
            continue        # the pins no state writes: shown when they differ
        dbg_bad = [m for m in r["mismatch"] if "debugfs" in m or "pinconf-" in m]
        reg_bad = [m for m in r["mismatch"] if "registers" in m]
        print("%-*s  %-*s  %-*s  %-8s %-10s %s" % (
            w_name, r["name"], w_cons, r["consumer"], w_exp, fmt_fields(r["fields"], "expected"),
            "=" if not dbg_bad else "DIFFERS", "=" if not reg_bad else "DIFFERS",
            "ok" if not r["mismatch"] else "MISMATCH " + "; ".join(r["mismatch"])), file=out)
    for c in res["conflicts"]:
        if c.get("shared_register"):
            print("CONFLICT %s: register %#x written by %s (%s) and by %s (%s)" % (
                c["pin_name"], c["register"], c["owner"], c["owner_node"],
                c["claimant"], c["claimant_node"]), file=out)
        else:
            print("CONFLICT %s: muxed by %s (%s) and claimed by %s (%s, state %s)" % (
                c["pin_name"], c["owner"], c["owner_node"], c["claimant"],
                c["claimant_node"], c["state"]), file=out)
    for s in res["stray"]:
        if "expected" in s:
            print("PROBE WRITE %s window %d offset %#x: registers %#x, expected %#x (%s)" % (
                s["controller"], s["window"], s["offset"], s["registers"], s["expected"],
                s["why"]), file=out)
        else:
            print("STRAY WRITE %s window %d offset %#x: reset %#x, registers %#x, no applied "
                  "state writes it" % (s["controller"], s["window"], s["offset"], s["reset"],
                                       s["registers"]), file=out)
    for p in res["problems"]:
        print("BAD NODE %s (state %s of %s): %s" % (p["node"], p["state"], p["consumer"],
                                                    p["problem"]), file=out)
    for c in res["consumers"]:
        kind = "hogs of" if c["hog"] else "consumer"
        print("%s %s (%s): %s" % (kind, c["path"], c["dev"], ktap.consumer_text(c)), file=out)
    for s in plan["skipped"]:
        what = ("state %s of %s" % (s["state"], s["path"])) if s.get("state") else s["path"]
        print("not rehearsed: %s: %s" % (what, s["why"]), file=out)
    for line in res.get("missing", []):
        print(line, file=out)
    n = verdict_json.counts(res)
    checked, total = state_share(plan)
    # a board as it is with a controller but no state: its pins are checked
    if not checked and not (plan.get("as_is") and res["rows"]):
        # nothing checked is not a pass: one line saying why; bad nodes,
        # found in the DT alone, are a disagreement all the same
        whys = [s["why"] for s in plan["skipped"] if s.get("controller")] or \
            [s["why"] for s in plan["skipped"]] or ["the board has no enabled device with pin states"]
        print("%s: nothing rehearsed: %s" % (plan["board"], whys[0]), file=out)
        if not res["problems"]:
            return NOTHING_REHEARSED
    if checked and checked < total:
        print("%s: %d of %d pin states rehearsed (%d %%), the others are the "
              "\"not rehearsed\" lines" % (plan["board"], checked, total, 100 * checked // total),
              file=out)
    print("%s: %d pins checked, %d mismatches, %d conflicts, %d stray writes, "
          "%d bad nodes, %d consumers failed, %d states never applied, %d not rehearsed" % (
              plan["board"], n["pins"], n["mismatches"], n["conflicts"], n["stray_writes"],
              n["bad_nodes"], n["consumers_failed"], n["states_never_applied"],
              n["not_rehearsed"]), file=out)
    findings = ("mismatches", "conflicts", "stray_writes", "bad_nodes", "consumers_failed",
                "states_never_applied")
    return 1 if any(n[k] for k in findings) else 0


# The exit status of a board of which nothing could be rehearsed (kselftest's
# SKIP): neither a pass nor a disagreement.
NOTHING_REHEARSED = 4


def state_share(plan):
    """(pin states rehearsed, pin states of the board's enabled devices and
    hogs): a state is rehearsed when its device is in the virt DTB with it"""
    checked = sum(len(c.get("states", [])) for c in plan["consumers"] if c.get("dev"))
    dropped = sum(len(c.get("dropped", [])) for c in plan["consumers"])
    return checked, checked + dropped


def verdict_cmd(outdir, phase="boot", then=(), asleep=False):
    try:
        with open(os.path.join(outdir, "plan.json")) as f:
            ksrc = json.load(f).get("ksrc")
    except (OSError, ValueError) as e:
        print("verdict: %s: no plan (pincheck prepare makes plan.json): %s" % (outdir, e),
              file=sys.stderr)
        return 2
    if ksrc:
        os.environ.setdefault("KSRC", ksrc)
    then = [tuple(t.split("=", 1)) for t in then]
    if any(len(t) != 2 for t in then):
        raise SystemExit("verdict: --then takes DEV=STATE")
    try:
        res = verdict.evaluate(outdir, os.path.join(outdir, "board.dtb"), phase=phase,
                               then=then, asleep=asleep)
    except verdict.BadInput as e:
        print("verdict: %s" % e, file=sys.stderr)
        return 2
    rc = show(res)
    checked, total = state_share(res["plan"])
    # after a system sleep: verdict-resume.json, verdict-asleep.json (the
    # guest's KTAP is of the boot alone)
    suffix = "-asleep" if asleep else "" if phase == "boot" else "-" + phase
    verdict_json.write(os.path.join(outdir, "verdict%s.json" % suffix),
                       verdict_json.document(res, rc, checked, total))
    if suffix:
        return rc
    with open(os.path.join(outdir, "verdict.ktap"), "w") as f:
        f.write(ktap.host_ktap(res))
    dumps = verdict.read_console(os.path.join(outdir, "console.log"))
    with open(os.path.join(outdir, "console.ktap"), "w") as f:
        text = dumps.get(("boot", "ktap"), "")
        f.write(text + "\n" if text else "")
    return rc


def add_parsers(sub):
    p = sub.add_parser("prepare", help="compile a board and move its pin controllers into windows",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("board", help="vendor/board, vendor/board+overlay or a .dts path")
    p.add_argument("outdir")
    p.add_argument("--fixup", metavar="F.dtso",
                   help="an overlay applied to the virt DTB after the plan is made")
    p.add_argument("-I", "--include", action="append", default=[], metavar="DIR",
                   help="a directory the board's #include and /include/ look in (repeatable)")
    p.add_argument("--as-is", action="store_true",
                   help="a board that fits QEMU virt as it is (VSOC): nothing moved, the "
                        "consumers under their own device names, the plan added to its DTB")
    p.add_argument("--dtb", metavar="F.dtb",
                   help="the board's DTB as built (scripts/dtb.sh), not compiled again; "
                        "implies --as-is")
    p.add_argument("--reset", metavar="F.bin",
                   help="a board of one window, or the VSOC window of a board as it is, "
                        "starts from F, as firmware would leave it: the plan is made from it")
    p.set_defaults(func=lambda a: prepare(a.board, a.outdir, a.fixup, a.include,
                                          a.as_is, a.dtb, a.reset))
    p = sub.add_parser("verdict", help="the per-pin verdict of a rehearsed board after its boot")
    p.add_argument("outdir")
    p.add_argument("--phase", default="boot", choices=("boot", "resume"),
                   help="the debugfs dumps to read: resume, after vsocinit.sleep")
    p.add_argument("--then", action="append", default=[], metavar="DEV=STATE",
                   help="after the probes DEV went to STATE (repeatable, in order): a "
                        "controller's hogs to sleep in system sleep, to default on resume")
    p.add_argument("--asleep", action="store_true",
                   help="the windows read while the guest slept (win*-sleep.bin), "
                        "against the replay alone")
    p.set_defaults(func=lambda a: verdict_cmd(a.outdir, a.phase, a.then, a.asleep))

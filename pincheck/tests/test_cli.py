# SPDX-License-Identifier: GPL-2.0
"""The front door (python3 -m pincheck, argparse), what rehearse.py says
of a board of which nothing could be rehearsed (exit 4), qemu/machine.sh
as pincheck/machine.py reads it, and the package's imports."""

import ast
import glob
import io
import json
import os
import subprocess
import sys

import pytest

from pincheck import __main__ as front
from pincheck import machine, rehearse

from .conftest import TOP, compile_dts

COMMANDS = ["prepare", "verdict", "lint", "boards", "summary", "compare", "fix", "fuzz", "report",
            "lava", "scan", "kit-plan", "pinnames"]


def pincheck(*args):
    env = dict(os.environ, PYTHONPATH=TOP)
    return subprocess.run([sys.executable, "-m", "pincheck", *args], capture_output=True,
                          text=True, env=env, cwd=TOP)


def test_help_lists_every_command():
    r = pincheck("--help")
    assert r.returncode == 0
    listed = [line.split()[0] for line in r.stdout.splitlines()
              if line.startswith("    ") and line.split()]
    assert listed == COMMANDS


@pytest.mark.parametrize("cmd", COMMANDS)
def test_each_command_has_help(cmd, capsys):
    with pytest.raises(SystemExit) as e:
        front.main([cmd, "--help"])
    assert e.value.code == 0
    assert capsys.readouterr().out.startswith("usage: pincheck " + cmd)


def test_bad_option_exits_2():
    r = pincheck("verdict", "--bogus", "x")
    assert r.returncode == 2
    assert r.stderr.startswith("usage: pincheck ")
    assert r.stderr.splitlines()[-1] == "pincheck: error: unrecognized arguments: --bogus"


@pytest.mark.parametrize("args", [["nosuch"], [], ["verdict"], ["prepare", "a", "b", "--fixup"],
                                  ["lava", "nosuch"], ["fuzz", "judge"]])
def test_bad_usage_exits_2(args, capsys):
    with pytest.raises(SystemExit) as e:
        front.main(args)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: pincheck") and "error: " in err


# --- a board of which nothing could be rehearsed ------------------------------
def result(consumers, skipped):
    return {"plan": {"board": "vendor/board", "consumers": consumers, "skipped": skipped},
            "rows": [], "consumers": [], "conflicts": [], "stray": [], "problems": [],
            "ctrls": []}


NO_DRIVER = {"path": "/soc/pinctrl@1000", "controller": True,
             "why": "no driver for vendor,soc-pinctrl in the image"}
DROPPED = {"path": "/soc/serial@2000", "state": "default",
           "why": "its pin controller is not rehearsed"}


def test_state_share():
    plan = {"consumers": [{"dev": "rh000-a", "states": ["default", "sleep"], "dropped": []},
                          {"dev": None, "states": [], "dropped": ["default"]},
                          {"dev": "rh001-b", "states": ["default"], "dropped": ["idle"]}]}
    assert rehearse.state_share(plan) == (3, 5)


def test_nothing_rehearsed_exits_4_with_the_reason():
    out = io.StringIO()
    rc = rehearse.show(result([{"path": "/soc/serial@2000", "dev": None, "hog": False,
                                "states": [], "dropped": ["default"]}],
                              [DROPPED, NO_DRIVER]), out)
    assert rc == rehearse.NOTHING_REHEARSED == 4
    # the controller's reason first: it is why the states were dropped
    assert out.getvalue().splitlines()[-1] == (
        "vendor/board: nothing rehearsed: no driver for vendor,soc-pinctrl in the image")


def test_nothing_at_all_to_rehearse():
    out = io.StringIO()
    assert rehearse.show(result([], []), out) == 4
    assert out.getvalue().splitlines()[-1] == (
        "vendor/board: nothing rehearsed: the board has no enabled device with pin states")


def test_partly_rehearsed_says_the_share():
    out = io.StringIO()
    rc = rehearse.show(result([{"path": "/a", "dev": "rh000-a", "hog": False, "states": ["default"],
                                "dropped": []},
                               {"path": "/b", "dev": None, "hog": False, "states": [],
                                "dropped": ["default", "sleep"]}], [DROPPED]), out)
    assert rc == 0      # what was rehearsed agrees; the rest is said
    assert ("vendor/board: 1 of 3 pin states rehearsed (33 %), the others are the "
            "\"not rehearsed\" lines") in out.getvalue().splitlines()


def test_verdict_command_exits_4(tmp_path):
    # through the front door, on an OUTDIR as prepare leaves it for such a
    # board: no controller moved, the consumer's state dropped
    (tmp_path / "board.dtb").write_bytes(compile_dts(tmp_path, """/dts-v1/;
/ { serial@2000 { pinctrl-names = "default"; pinctrl-0 = <&p>; };
    pinctrl@1000 { compatible = "vendor,soc-pinctrl"; p: pins { }; }; };
"""))
    plan = result([{"path": "/serial@2000", "dev": None, "hog": False, "states": [],
                    "dropped": ["default"]}], [NO_DRIVER])["plan"]
    plan["controllers"] = []
    (tmp_path / "plan.json").write_text(json.dumps(plan))
    (tmp_path / "console.log").write_text("")
    r = pincheck("verdict", str(tmp_path))
    assert r.returncode == 4, r.stderr
    assert r.stdout.splitlines()[-1] == (
        "vendor/board: nothing rehearsed: no driver for vendor,soc-pinctrl in the image")
    assert json.loads((tmp_path / "verdict.json").read_text())["states"] == 1


# --- qemu/machine.sh ------------------------------------------------------------
def shell_values(path, names):
    """the values of NAMES after bash sources PATH"""
    return subprocess.run(["bash", "-c", '. "$1"; shift; for v; do printf "%s\\n" "${!v}"; done',
                           "-", path] + names,
                          capture_output=True, text=True, check=True).stdout.splitlines()


def test_machine_sh_as_the_shell_reads_it():
    names = ["QEMU_SYSTEM", "QEMU_VIRT", "QEMU_CPU", "QEMU_MEM", "KERNEL_CMDLINE"]
    m = machine.read()
    assert sorted(m) == sorted(names)
    assert [m[n] for n in names] == shell_values(machine.MACHINE_SH, names)
    assert m["QEMU_SYSTEM"] == "qemu-system-aarch64"
    assert m["KERNEL_CMDLINE"].split()[:2] == ["earlycon", "console=ttyAMA0"]
    assert machine.memory_mib(m["QEMU_MEM"]) == 256


def test_machine_read_rules(tmp_path):
    # top-level NAME=value lines, quoted as the shell quotes them; comments,
    # function bodies and lower-case names are not the machine's
    f = tmp_path / "machine.sh"
    f.write_text('# A=comment\nQEMU_CPU=cortex-a72\nCMD="a  b \'c d\'"\nX=\'1 2\'\n'
                 'f() {\n\tINNER=1\n}\nlower=1\n')
    m = machine.read(str(f))
    assert m == {"QEMU_CPU": "cortex-a72", "CMD": "a  b 'c d'", "X": "1 2"}
    assert list(m.values()) == shell_values(str(f), list(m))
    assert machine.memory_mib("2G") == 2048
    with pytest.raises(ValueError):
        machine.memory_mib("256MB")


# --- the package --------------------------------------------------------------
def test_modules_import_each_other_through_the_package():
    """a module of the package imported by its bare name works only with
    its folder on sys.path (it broke make fuzz once): every import of a
    sibling is relative or pincheck.X"""
    pkg = os.path.join(TOP, "pincheck")
    mods = {os.path.splitext(os.path.basename(p))[0]
            for p in glob.glob(os.path.join(pkg, "**", "*.py"), recursive=True)}
    mods |= {d for d in os.listdir(pkg) if os.path.isdir(os.path.join(pkg, d))}
    mods -= {"__init__", "__main__"}
    bad = []
    for p in glob.glob(os.path.join(pkg, "**", "*.py"), recursive=True):
        with open(p) as f:
            tree = ast.parse(f.read(), p)
        for n in ast.walk(tree):
            names = []
            if isinstance(n, ast.Import):
                names = [a.name.split(".")[0] for a in n.names]
            elif isinstance(n, ast.ImportFrom) and n.level == 0:
                names = [n.module.split(".")[0]]
            bad += ["%s:%d %s" % (os.path.relpath(p, TOP), n.lineno, m) for m in names
                    if m in mods]
    assert bad == []

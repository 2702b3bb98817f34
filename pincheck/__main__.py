# SPDX-License-Identifier: GPL-2.0
"""python3 -m pincheck <command> [options]: see pincheck/__init__.py."""

import argparse
import importlib
import sys

from . import __doc__ as DOC

# the modules whose add_parsers() make the commands, in --help's order
MODULES = ("rehearse", "lint", "boardlist", "compare", "fix", "fuzz.cli", "report", "lava",
           "scan", "kit", "families.vsoc")
# the commands a sweep runs twice a board: only their module is imported
# (the others, yaml's lava among them, cost a twentieth of a second a run)
ALONE = {"prepare": "rehearse", "verdict": "rehearse"}


def parser(command=None):
    p = argparse.ArgumentParser(prog="pincheck", description=DOC.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True, metavar="command")
    for name in ([ALONE[command]] if command in ALONE else MODULES):
        importlib.import_module("." + name, __package__).add_parsers(sub)
    return p


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    a = parser(argv[0] if argv else None).parse_args(argv)
    return a.func(a)


if __name__ == "__main__":
    sys.exit(main())

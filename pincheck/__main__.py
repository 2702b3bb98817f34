# SPDX-License-Identifier: GPL-2.0
"""python3 -m pincheck <command> [options]: see pincheck/__init__.py."""

import argparse
import sys

from . import __doc__ as DOC
from . import boardlist, fix, kit, lava, lint, rehearse, report, scan
from .families import vsoc
from .fuzz import cli as fuzz_cli


def parser():
    p = argparse.ArgumentParser(prog="pincheck", description=DOC.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True, metavar="command")
    for mod in (rehearse, lint, boardlist, fix, fuzz_cli, report, lava, scan, kit, vsoc):
        mod.add_parsers(sub)
    return p


def main(argv=None):
    a = parser().parse_args(argv)
    return a.func(a)


if __name__ == "__main__":
    sys.exit(main())

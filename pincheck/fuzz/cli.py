# SPDX-License-Identifier: GPL-2.0
"""pincheck fuzz: the subcommands gen, import and judge (the package's
docstring says what each does)."""

from . import __doc__ as FUZZ_DOC
from .boards import gen
from .judge import judge
from .replay import import_cases


def base_arg(text):
    """BASE: vsoc:NAME:DTB[:SRC] or rehearse:NAME:DIR"""
    kind, name, path = text.split(":", 2)
    src = None
    if kind == "vsoc" and ":" in path:
        path, src = path.split(":", 1)
    return {"kind": kind, "name": name, "src": src,
            ("dtb" if kind == "vsoc" else "dir"): path}


def base_run(text):
    k, v = text.split("=", 1)
    return k, v


def add_parsers(sub):
    p = sub.add_parser("fuzz", help="mutated boards: make them, read the corpus back, judge the boots",
                       description=FUZZ_DOC.split("\n\n")[0])
    fsub = p.add_subparsers(dest="fuzz_command", required=True, metavar="command")
    for name, fn in (("gen", gen), ("import", import_cases)):
        q = fsub.add_parser(name, help="the cases of DIR from BASE boards" if name == "gen"
                            else "the corpus cases of --dir as the cases of --out")
        q.add_argument("--seed", type=int, default=1)
        q.add_argument("--count", type=int, default=100)
        q.add_argument("--out", required=True)
        q.add_argument("--dir")
        q.add_argument("bases", nargs="+", type=base_arg, metavar="BASE")
        if name == "gen":
            q.add_argument("--real-share", type=float, default=0.34,
                           help="the share of the cases made of the real boards")
        q.set_defaults(func=lambda a, fn=fn: fn(vars(a)))
    q = fsub.add_parser("judge", help="judge the boots of DIR's cases")
    q.add_argument("dir")
    q.add_argument("--base", action="append", type=base_run, default=[], metavar="NAME=RUNDIR")
    q.add_argument("--save", metavar="CORPUS")
    q.add_argument("--known", metavar="DIR")

    def run_judge(a):
        d = {"dir": a.dir, "base_runs": dict(a.base)}
        if a.save:
            d["save"] = a.save
        if a.known:
            d["known"] = a.known
        return judge(d)
    q.set_defaults(func=run_judge)

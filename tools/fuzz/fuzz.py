#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make fuzz: seeded mutations of the pin nodes and pin states of boards,
each booted, each judged (scripts/fuzz.sh runs the steps).

  fuzz.py gen --seed S --count N --out DIR BASE...
      BASE is vsoc:NAME:DTB (a VSOC board's DTB) or rehearse:NAME:DIR (a
      real board prepared by scripts/rehearse.sh: DIR/board.dtb, plan.json).
      Writes DIR/cases.json and, per case, DIR/<id>/ with the DTB to boot
      (a VSOC board: case.dtb; a real board: virt.dtb, board.dtb,
      plan.json, windows.txt and the reset images, as rehearse.py prepare
      leaves them). Every case is distinct (no two DTBs alike).
  fuzz.py import --dir CORPUS --out DIR BASE...
      the corpus cases (tests/corpus/fuzz/*.dts, each names its board) as
      the cases of DIR, to boot and judge again
  fuzz.py judge DIR [--base NAME=RUNDIR]... [--verify VSOC-VERIFY]
		    [--save CORPUS] [--known tests/corpus/fuzz]
      after the boots (DIR/<id>/rc, console.log): one line per case and
      the totals; DIR/results.json; one corpus case a class of the cases
      that break the rule into CORPUS; a class that a case of --known was
      saved for is marked known. Exit 1 when a case breaks the rule.

Mutations (one to three a case, each picked with the seeded generator),
on the pin nodes (every node below a pin controller) and the states (the
pinctrl-N and pinctrl-names properties of consumers and of the
controllers' hogs): values at and beyond each limit (0, 1, 2^24 - 1,
2^24, 2^31, 2^32 - 1, the value +-1, ...), every wrong size and type
(empty, 1, 2, 3, 5, 8 bytes, a string, an unterminated string, a string
list where cells go), contradictory siblings, unknown properties and
misspellings, unknown pin, group and function names, pins and groups
together or neither, broken phandles (0, ~0, one past the last) and
foreign ones (a node that is no pin configuration), deleted, duplicated
(with and without their phandle) and disabled nodes, pinctrl-names
counts that do not match, empty names, pinctrl-1 without pinctrl-0; on
i.MX fsl,pins rows cut short and register offsets beyond the window, on
pinctrl-single rows cut short and offsets beyond the window.

The rule each case must keep (scripts/fuzz.sh, docs/fuzzing.md): the
boot ends (no panic, hang or kernel report: qemu/run.sh), and then either
the board verifies (every device with pin states bound and the verifier
agreeing: build/vsoc-verify, or the rehearsal's verdict on the mutated
board) or the kernel refused it with a message it did not print for the
unmutated board that names a DT node (its full path, or a pin node's
name) and a property of the tree. A pin two devices claim is refused in
the core's own form, naming the pin and both devices ("already
requested"), which counts as refused too.
"""

# The modules of this directory: model.py (the properties, limits and names
# mutated; a board's pin nodes, states and consumers), mutators.py (the
# mutations), boards.py (the cases made from the base boards), boot.py (a
# boot's console), judge.py (the rule), replay.py (the corpus cases
# written and read back).
import sys

from boards import gen
from judge import judge
from replay import import_cases


def main(argv):
    if argv and argv[0] in ("gen", "import"):
        a = {"seed": 1, "count": 100, "out": None, "bases": [], "dir": None}
        i = 1
        while i < len(argv):
            if argv[i] in ("--seed", "--count"):
                a[argv[i][2:]] = int(argv[i + 1])
                i += 2
            elif argv[i] in ("--out", "--dir"):
                a[argv[i][2:]] = argv[i + 1]
                i += 2
            else:
                kind, name, path = argv[i].split(":", 2)
                src = None
                if kind == "vsoc" and ":" in path:
                    path, src = path.split(":", 1)
                a["bases"].append({"kind": kind, "name": name, "src": src,
                                   ("dtb" if kind == "vsoc" else "dir"): path})
                i += 1
        return gen(a) if argv[0] == "gen" else import_cases(a)
    if argv and argv[0] == "judge":
        a = {"dir": argv[1], "base_runs": {}, "verify": None}
        i = 2
        while i < len(argv):
            if argv[i] == "--base":
                k, v = argv[i + 1].split("=", 1)
                a["base_runs"][k] = v
            elif argv[i] == "--verify":
                a["verify"] = argv[i + 1]
            elif argv[i] == "--save":
                a["save"] = argv[i + 1]
            elif argv[i] == "--known":
                a["known"] = argv[i + 1]
            i += 2
        return judge(a)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

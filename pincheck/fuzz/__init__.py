# SPDX-License-Identifier: GPL-2.0
"""make fuzz: seeded mutations of the pin nodes and pin states of boards,
each booted, each judged (scripts/fuzz.sh runs the steps).

  pincheck fuzz gen --seed S --count N --out DIR BASE...
      BASE is vsoc:NAME:DTB (a VSOC board's DTB) or rehearse:NAME:DIR (a
      real board prepared by scripts/rehearse.sh: DIR/board.dtb, plan.json).
      Writes DIR/cases.json and, per case, DIR/<id>/ with the DTB to boot
      (a VSOC board: case.dtb; a real board: virt.dtb, board.dtb,
      plan.json, windows.txt and the reset images, as pincheck prepare
      leaves them). Every case is distinct (no two DTBs alike).
  pincheck fuzz import --dir CORPUS --out DIR BASE...
      the corpus cases (tests/corpus/fuzz/*.dts, each names its board) as
      the cases of DIR, to boot and judge again
  pincheck fuzz judge DIR [--base NAME=RUNDIR]... [--save CORPUS]
		    [--known tests/corpus/fuzz]
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
the board verifies (every device with pin states bound and the verdict
of the pipeline agreeing on the mutated board: for a VSOC board its plan
made from the DTB it booted, pincheck prepare --dtb, after the boot) or the kernel refused it with a message it did not print for the
unmutated board that names a DT node (its full path, or a pin node's
name) and a property of the tree. A pin two devices claim is refused in
the core's own form, naming the pin and both devices ("already
requested"), which counts as refused too.
"""

# The modules of this package: model.py (the properties, limits and names
# mutated; a board's pin nodes, states and consumers), mutators.py (the
# mutations), boards.py (the cases made from the base boards), boot.py (a
# boot's console), judge.py (the rule), replay.py (the corpus cases
# written and read back), cli.py (the subcommands).

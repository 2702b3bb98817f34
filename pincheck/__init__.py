# SPDX-License-Identifier: GPL-2.0
"""pincheck: does a board's pin configuration do what its device tree says?

The host side of the check, one package with one front door,
``python3 -m pincheck <command> --help`` (the make targets call it):

  prepare, verdict   a board of the tree (or your own .dts) made into a plan
                     and a QEMU virt DTB with its pin controllers in RAM
                     windows, then, after the boot, the per-pin verdict
  lint               the form of a board's pin nodes, from its DT and the
                     kernel tree's tables, without a boot
  boards, summary    the boards each family covers; the summary of a sweep
  compare            two sweeps side by side (6.12 and 7.3): per family,
                     and what became of each finding of the first
  fix                a DT patch for each finding with one obvious fix; the
                     rehearsal with them applied against the one without
  fuzz               mutated boards: make, import the corpus, judge
  report             the HTML pin map of every board run
  lava               LAVA jobs for the boards
  scan               the pin nodes of every arm64 DTB of a tree, checked
  kit-plan           the plan of a prepared board as files (make board-kit)
  pinnames          the VSOC datasheet's pin names (bench and test boards)

Modules: fdt (DTBs), board (compile a board, move its controllers), verdict
(expected against debugfs and registers), ktap (the plan in the DTB, the
KTAP of a verdict), families/ (one module per pin controller family),
csrc (tables read from the tree's C sources), compare (two sweeps), generic (the generic DT
parser's rules read from the tree, the checks of one pin node), lint (a
board's pin nodes checked), fix (DT patches), boardlist, fuzz/, report,
lava, scan, kit (the board kit's plan, the board's real addresses and
names); tests/
holds the unit tests (pytest, no QEMU).
"""

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""What the guest saw of a rehearsal, rebuilt on the host from the run, for
rehearse-ktap --root OUT --mem OUT/mem (tests/cases/70-rehearse.sh):

  guest-root.py RUNDIR OUT

OUT/proc/device-tree/rehearse-plan/...  the plan of RUNDIR/virt.dtb, one
                                        file a property, as /proc shows it
OUT/sys/kernel/debug/...                the boot phase's dumps of the
                                        console (every file under pinctrl/)
OUT/dmesg                               the kernel log of the console
OUT/mem                                 a sparse image of the physical
                                        address space with the windows as
                                        read after power-off (win*.bin)

so that the guest's tool can be run on a capture that a test changed, as
the host's verdict is (70-rehearse, "provoked").
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from pincheck import fdt, verdict  # noqa: E402


def write_node(node, path):
    os.makedirs(path, exist_ok=True)
    for name, value in node.props.items():
        with open(os.path.join(path, name), "wb") as f:
            f.write(value)
    for c in node.children:
        write_node(c, os.path.join(path, c.name))


def main(run, out):
    tree = fdt.read(os.path.join(run, "virt.dtb"))
    plan = tree.root.child("rehearse-plan")
    if plan is None:
        raise SystemExit("%s/virt.dtb has no /rehearse-plan" % run)
    write_node(plan, os.path.join(out, "proc/device-tree/rehearse-plan"))
    dumps = verdict.read_console(os.path.join(run, "console.log"))
    for (phase, path), text in dumps.items():
        if phase == "boot" and path.startswith("/sys/kernel/debug/"):
            f = out + path
            os.makedirs(os.path.dirname(f), exist_ok=True)
            with open(f, "w") as fh:
                fh.write(text + "\n")
        if phase == "end" and path == "dmesg":
            with open(os.path.join(out, "dmesg"), "w") as fh:
                fh.write(text + "\n")
    with open(os.path.join(run, "plan.json")) as f:
        windows = [w for c in json.load(f)["controllers"] for w in c["windows"]]
    with open(os.path.join(out, "mem"), "wb") as m:
        for w in windows:
            m.seek(w["addr"])
            m.write(verdict.read_window(os.path.join(run, w["name"] + ".bin")))
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))

# SPDX-License-Identifier: GPL-2.0
"""The board kit (make board-kit, scripts/board-kit.sh): the rehearsal's
plan as files, for the checker (checker/rehearse-ktap.c) to run on the
board itself or on any kernel without the project's /init.

The plan is the /rehearse-plan node that ktap.add_plan writes into the
DTB that boots (see pincheck/ktap.py), laid out as the kernel shows a DT
node under /proc/device-tree: a directory per node, a file per property
holding its raw value. rehearse-ktap --plan DIR reads it from there.

Beside the QEMU windows, the plan carries what the real board has
(add_hw): for each controller hw-windows = <addr-hi addr-lo size>..., the
registers' real physical addresses from the board's DT (its reg through
the parents' ranges); for each controller and each consumer of a
memory-mapped bus hw-dev, the device name the kernel gives it on the
board (of_device_make_bus_id: "<address>.<node name>", or the node names
up to the first one with an address). rehearse-ktap --hw uses them.
"""

import os
import re

from . import fdt

PLAN = "rehearse-plan"


def hw_dev(tree_b, path):
    """the device name a platform device of the board's DT gets from
    of_device_make_bus_id(); None when the node is not on a memory-mapped
    bus (an I2C or SPI device is named by its bus)"""
    node = tree_b.find(path)
    if node is None:
        return None
    p = node.parent
    while p is not None and p.parent is not None:
        if "ranges" not in p.props:
            return None
        p = p.parent
    name = None
    n = node
    while n.parent is not None:
        regs = n.regs() if n.has("reg") else []
        addr = n.translate(regs[0][0]) if regs else None
        base = re.sub(r"@.*", "", n.name)
        if addr is not None:
            own = "%x.%s" % (addr, base)
            return own + ":" + name if name else own
        name = n.name + ":" + name if name else n.name
        n = n.parent
    return name


def add_hw(plan_node, tree_b, ctrls, consumers):
    """the real board's addresses and device names, beside QEMU's"""
    for i, ctl in enumerate(ctrls):
        n = plan_node.child("ctl-%d" % i)
        cells = []
        for w in ctl.windows:
            a = w.get("orig_addr", w["addr"])
            cells += [a >> 32, a & 0xFFFFFFFF, w.get("orig_size", w["size"])]
        n.set_cells("hw-windows", cells)
        dev = hw_dev(tree_b, ctl.path)
        if dev:
            n.set_strings("hw-dev", [dev])
    for i, c in enumerate(consumers):
        if c["hog"]:
            continue
        dev = hw_dev(tree_b, c["path"])
        if dev:
            plan_node.child("consumer-%d" % i).set_strings("hw-dev", [dev])


def write_plan(virt_dtb, out):
    """/rehearse-plan of virt_dtb as a directory tree at out"""
    tree = fdt.read(virt_dtb)
    node = tree.root.child(PLAN)
    if node is None:
        raise SystemExit("board-kit: %s has no /%s (run pincheck prepare)" % (virt_dtb, PLAN))

    def put(n, d):
        os.makedirs(d, exist_ok=True)
        for k, v in n.props.items():
            with open(os.path.join(d, k), "wb") as f:
                f.write(bytes(v))
        for c in n.children:
            put(c, os.path.join(d, c.name))
    put(node, out)


def cmd_kit_plan(args):
    write_plan(args.virt_dtb, args.out)
    return 0


def add_parsers(sub):
    p = sub.add_parser("kit-plan", help="a prepared board's plan as files (make board-kit)")
    p.add_argument("virt_dtb", help="the prepared run's virt.dtb")
    p.add_argument("out", help="the directory to write")
    p.set_defaults(func=cmd_kit_plan)

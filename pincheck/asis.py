# SPDX-License-Identifier: GPL-2.0
"""The plan of a board booted as it is: its own DTB, which already fits
QEMU virt (a VSOC board: its pin controller's registers are a no-map
/reserved-memory window of virt's RAM), with nothing moved and nothing
rewritten. The consumers stay where they are and keep their own drivers;
the plan names each by the device name Linux gives its node, so the
verdict and the guest's checker find it in pinctrl-handles as it is.

  pincheck prepare --as-is BOARD OUTDIR   the board compiled as make
                                          rehearse compiles it
  pincheck prepare --dtb F.dtb BOARD OUTDIR
                                          F as it is (scripts/dtb.sh's,
                                          the DTB make run boots)

write OUTDIR/{board.dtb,virt.dtb,plan.json,windows.txt,*.reset}: virt.dtb
is board.dtb with /rehearse-plan added. A VSOC window is named "regs", so
qemu/run.sh's own loading of the VSOC reset image and its regs.bin are the
window the verdict reads; other windows are lines of windows.txt.
"""

from . import board, fdt

VSOC_WINDOW = 0x4C000000


def reserved_windows(tree):
    """[(address, size)] of the no-map children of /reserved-memory"""
    rm = tree.root.child("reserved-memory")
    out = []
    for n in rm.children if rm else []:
        if "no-map" in n.props:
            out += [(n.translate(a), s) for a, s in n.regs()]
    return out


def bus_id(node):
    """the name Linux gives the OF platform device of node, as
    of_device_make_bus_id() makes it: "<address>.<name>" once a node's
    first reg translates to the CPU's space (<address>.<bit>.<name> with a
    "mask"), each node below it on the way up a ":<full name>" after it;
    at the root, the full names alone (/soc/serial@9000000 is
    "9000000.serial", /soc/keys "soc:keys", /gpio-keys "gpio-keys")"""
    parts = []
    n = node
    while n.parent is not None:
        regs = n.regs() if "reg" in n.props else []
        addr = n.translate(regs[0][0]) if regs else None
        if addr is not None:
            mask = n.cells("mask")
            if mask and len(mask) == 1:
                bit = (mask[0] & -mask[0]).bit_length() - 1
                parts.insert(0, "%x.%x.%s" % (addr, bit, n.basename))
            else:
                parts.insert(0, "%x.%s" % (addr, n.basename))
            break
        parts.insert(0, n.name)
        n = n.parent
    return ":".join(parts)


def plan_as_is(board_dtb):
    """(plan, {node: Controller}) of the board's own DTB"""
    tree = fdt.read(board_dtb)
    by_ph = tree.by_phandle()
    plan = {"controllers": [], "consumers": [], "skipped": [], "windows": [],
            "paths": [], "as_is": True}
    reserved = reserved_windows(tree)
    ctrls, bad_ctrl = {}, {}
    nodes = board.controller_nodes(tree, by_ph)
    # a VSOC controller no state points into is probed all the same: its
    # pins are checked against the reset image
    nodes += [n for n in tree.root.walk() if n not in nodes and n.enabled()
              and "vsoc,vsoc1-pinctrl" in n.strings("compatible")]
    for c in nodes:
        ctl = board.new_controller(tree, c, ctrls, bad_ctrl)
        if ctl is None:
            continue
        fam = ctl.family
        regs = [(rn, a, s) for rn in fam.reg_nodes(c) for a, s in rn.regs()]
        for i, (rn, a, s) in enumerate(regs):
            addr = rn.translate(a)
            if addr is None or not any(r <= addr and addr + s <= r + rs for r, rs in reserved):
                raise SystemExit(
                    "prepare: %s: reg entry %d (%s+%#x) is not in a no-map /reserved-memory "
                    "region: the board does not fit QEMU virt as it is (make rehearse moves it)"
                    % (rn.path, i, "?" if addr is None else "%#x" % addr, s))
            name = "regs" if fam.name == "vsoc" and addr == VSOC_WINDOW else \
                "win%d-%d" % (ctl.index, i)
            ctl.windows.append((name, addr, (s + 0xFFF) & ~0xFFF, addr, s))
            ctl.window_nodes.append(rn)
            plan["windows"].append({"name": name, "addr": addr, "size": (s + 0xFFF) & ~0xFFF})
        ctl.dev_name = bus_id(c)
        ctrls[c] = ctl
        plan["paths"].append({"virt": c.path, "board": c.path})
        plan["controllers"].append(ctl.to_json())
    for n, entry, kept in board.consumers(tree, by_ph, ctrls, bad_ctrl, plan):
        plan["paths"].append({"virt": n.path, "board": n.path})
        board.add_consumer(plan, entry, bus_id(n), kept, by_ph, ctrls)
    for c, why in bad_ctrl.items():
        plan["skipped"].append({"path": c.path, "why": why, "controller": True})
    return plan, ctrls

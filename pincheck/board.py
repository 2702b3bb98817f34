# SPDX-License-Identifier: GPL-2.0
"""A board of the kernel tree, compiled as kbuild does, turned into a DTB
for QEMU virt: the machine QEMU describes, every MMIO pin controller of the
board in a reserved window of its own (pin nodes and phandles intact), and
every enabled consumer with pin states as a device of its own.

The plan (what was moved where, what could not be rehearsed and why) is
written next to the DTB as plan.json; the verdict reads it.
"""

import json
import os
import re
import subprocess

from . import fdt
from . import families

WINDOW_BASE = 0x4C000000        # below the top of QEMU virt's 256 MiB
WINDOW_LIMIT = 0x4F000000
SPI_BASE = 180                  # GIC SPIs above what QEMU virt uses
HOUSEKEEPING = ("/__symbols__", "/__fixups__", "/__local_fixups__",
                "/aliases", "/chosen", "/memory", "/reserved-memory")


class Controller:
    def __init__(self, orig, family, index):
        self.orig = orig
        self.family = family
        self.index = index
        self.windows = []       # [(name, addr, size, orig_addr, orig_size)]
        self.window_nodes = []  # the node whose reg each window is
        self.pin_names = {}
        self.pad_names = {}
        self.dev_name = None
        self.label = None

    def to_json(self):
        return {"path": self.orig.path, "family": self.family.name, "label": self.label,
                "compatible": self.orig.strings("compatible"),
                "dev_name": self.dev_name,
                "windows": [{"name": w[0], "addr": w[1], "size": w[2],
                             "orig_addr": w[3], "orig_size": w[4]} for w in self.windows],
                "pad_names": {str(k): v for k, v in self.pad_names.items()}}


def kernel_cpp(src, out, ksrc, extra_inc=()):
    """cpp as kbuild's cmd_dtc runs it; returns the files it read"""
    dep = out + ".d"
    cmd = ["gcc", "-E", "-nostdinc", "-undef", "-D__DTS__", "-x", "assembler-with-cpp",
           "-I", os.path.dirname(os.path.abspath(src)),
           "-I", os.path.join(ksrc, "scripts/dtc/include-prefixes")]
    for d in extra_inc:
        cmd += ["-I", d]
    cmd += ["-MD", "-MF", dep, "-o", out, src]
    subprocess.run(cmd, check=True)
    with open(dep) as f:
        deps = f.read().replace("\\\n", " ").split(":", 1)[1].split()
    os.unlink(dep)
    return [d for d in deps if d.endswith((".dts", ".dtsi", ".dtso"))]


def compile_dts(src, out, ksrc, dtc, extra_inc=()):
    """cpp, then the tree's dtc as kbuild's cmd_dtc runs it (-b 0, /include/
    from the source's directory and the include prefixes), with -@;
    extra_inc: more directories for both (a VSOC board's dts/)"""
    pre = out + ".pre"
    deps = kernel_cpp(src, pre, ksrc, extra_inc)
    inc = [os.path.dirname(os.path.abspath(src)),
           os.path.join(ksrc, "scripts/dtc/include-prefixes")] + list(extra_inc)
    # a board outside the tree that includes a tree board: the /include/s
    # of the tree's files (arm's '/include/ "../../tps65217.dtsi"') are
    # relative to their own directories, as kbuild's -i gives them there
    for d in deps:
        if os.path.dirname(os.path.abspath(d)) not in inc:
            inc.append(os.path.dirname(os.path.abspath(d)))
    r = subprocess.run([dtc, "-q", "-@", "-b", "0", "-I", "dts", "-O", "dtb"] +
                       [a for d in inc for a in ("-i", d)] + ["-o", out, pre],
                       capture_output=True, text=True)
    os.unlink(pre)
    if r.returncode:
        raise SystemExit("rehearse: dtc failed on %s:\n%s" % (src, r.stderr.strip()))
    return deps


ARCHES = ("arm64", "arm")


def tree_board(name, ksrc):
    """(arch, path under arch/<arch>/boot/dts without .dts, canonical name)
    of a board of the tree: "arm/ti/omap/am335x-evm" is a 32-bit board of
    arch/arm, "freescale/imx8mm-evk" or "arm64/freescale/imx8mm-evk" one of
    arch/arm64 (canonical: without "arm64/"). arm64 has a vendor directory
    "arm" of its own (arm/juno): "arm/X" is arch/arm's X when that exists,
    else arch/arm64's arm/X; both existing is refused."""
    def exists(arch, rel):
        return os.path.isfile(os.path.join(ksrc, "arch", arch, "boot/dts", rel + ".dts"))
    if name.startswith("arm64/"):
        return "arm64", name[len("arm64/"):], name[len("arm64/"):]
    if name.startswith("arm/"):
        rest = name[len("arm/"):]
        a32, a64 = exists("arm", rest), exists("arm64", name)
        if a32 and a64:
            raise SystemExit("rehearse: %s is both arch/arm's %s and arch/arm64's %s: say "
                             "arm64/%s for the latter" % (name, rest, name, name))
        if a32 or not a64:
            return "arm", rest, name
    return "arm64", name, name


def board_parts(board, ksrc):
    """[base, overlay...] of BOARD: split at "+", unless the whole name is
    a board of the tree (arm's kirkwood-netgear_readynas_nv+_v2, 7.3's
    allwinner/sun55i-h728-x96qpro+)"""
    arch, rel, _ = tree_board(board, ksrc)
    if "+" in board and os.path.isfile(os.path.join(ksrc, "arch", arch, "boot/dts", rel + ".dts")):
        return [board]
    return board.split("+")


def canonical(board, ksrc):
    """the board's name as the rehearsal reports it (plan, KTAP, run dir):
    a tree board's base as tree_board() names it, overlays as given"""
    if board.endswith(".dts"):
        return board
    parts = board_parts(board, ksrc)
    return "+".join([tree_board(parts[0], ksrc)[2]] + parts[1:])


def arch_of(deps, ksrc):
    """arm or arm64: the tree whose board files the sources include (a
    board outside the tree includes them through the include prefixes)"""
    for d in deps:
        # realpath: through the include prefixes; abspath: a shadow tree
        # of links (pincheck fix)
        for rel in (os.path.relpath(os.path.realpath(d), os.path.realpath(ksrc)),
                    os.path.relpath(os.path.abspath(d), os.path.abspath(ksrc))):
            for arch in ARCHES:
                if rel.startswith("arch/%s/boot/dts/" % arch):
                    return arch
    return "arm64"


def resolve(board, ksrc):
    """BOARD -> [source files]: tree name, tree name+overlay(s), or a path"""
    if board.endswith((".dts",)) and os.path.isfile(board):
        return [board]
    parts = board_parts(board, ksrc)
    arch, rel, _ = tree_board(parts[0], ksrc)
    dts_root = os.path.join(ksrc, "arch", arch, "boot/dts")
    base = os.path.join(dts_root, rel + ".dts")
    if not os.path.isfile(base):
        raise SystemExit("rehearse: no board %s (looked for %s)" % (parts[0], base))
    srcs = [base]
    for o in parts[1:]:
        cand = [os.path.join(os.path.dirname(base), o + ".dtso"),
                os.path.join(dts_root, o + ".dtso"), o]
        if o.endswith(".dtso") and not os.path.isfile(o):
            raise SystemExit("rehearse: no overlay file %s" % o)
        f = next((c for c in cand if os.path.isfile(c)), None)
        if not f:
            raise SystemExit("rehearse: no overlay %s for %s" % (o, parts[0]))
        srcs.append(f)
    return srcs


def build_board_dtb(srcs, out, ksrc, dtc, fdtoverlay, extra_inc=()):
    deps = compile_dts(srcs[0], out, ksrc, dtc, extra_inc)
    for i, o in enumerate(srcs[1:]):
        odtb = "%s.ovl%d.dtbo" % (out, i)
        deps += compile_dts(o, odtb, ksrc, dtc, extra_inc)
        r = subprocess.run([fdtoverlay, "-i", out, "-o", out, odtb],
                           capture_output=True, text=True)
        os.unlink(odtb)
        if r.returncode:
            raise SystemExit("rehearse: overlay %s does not apply: %s" % (o, r.stderr.strip()))
    return deps


PAD_RX = re.compile(r"IOPAD\(\s*(0x[0-9a-fA-F]+|\d+)\s*,[^)]*\)[^/\n]*/\*\s*\(([^)]*)\)\s*([^*]*?)\s*\*/")
NODE_RX = re.compile(r"^\s*(?:[\w]+\s*:\s*)?([\w,.+@-]+)\s*\{")


ROW_RX = re.compile(r"\b([A-Z][A-Z0-9_]*(?:IOPAD|PADCONF))\s*\(\s*([^,()]+)")
COMMENT_RX = re.compile(r"/\*\s*([^*]*?)\s*\*/")
INCLUDE_RX = re.compile(r"^\s*(?:#\s*include|/include/)\s*[<\"]([^>\"]+)[>\"]")
LABEL_REF_RX = re.compile(r"^\s*&[\w]+\s*\{")


def source_lines(deps, depth=0, f=None):
    """the lines of the board's sources in the order dtc reads them: the
    main file with each included file (one of deps) in its place"""
    f = f or (deps[0] if deps else None)
    if f is None or depth > 16:
        return
    try:
        text = open(f, errors="replace").read()
    except OSError:
        return
    for line in text.splitlines():
        m = INCLUDE_RX.match(line)
        if m:
            inc = next((d for d in deps if d.endswith("/" + m.group(1))), None)
            if inc:
                yield from source_lines(deps, depth + 1, inc)
            continue
        yield line


def pad_names_from_sources(deps):
    """Pad names from the board's sources, two ways:
    {(node name, offset): "PAD (BALL)"} from the comments of TI's K3
    boards ("AM62X_IOPAD(0x01f0, PIN_INPUT, 0) /* (A18) EXT_REFCLK1.EXT_REFCLK1 */"),
    whose macro's first argument is the offset; and {node name: [(name or
    None, macro, its first argument as a number or None) per row]} of
    every node whose rows are TI pad macros, in order, from the node's
    last definition with rows (a later one replaces the property): the pad
    from the comment ("OMAP4_IOPAD(0x0e2, ...) /* uart3_rx_irrx.uart3_rx_irrx */",
    the part before the dot) or from the macro's pin name
    ("AM33XX_PADCONF(AM335X_PIN_UART0_RXD, ...)"), to be matched row by
    row with the compiled node (the macros subtract a base of their own)"""
    names, rows = {}, {}
    node, fresh = None, False
    for line in source_lines(deps):
        m = NODE_RX.match(line)
        if m:
            node, fresh = m.group(1), True
        elif LABEL_REF_RX.match(line):
            node = None         # &label { ...: which node is not known here
        for m in PAD_RX.finditer(line):
            off = int(m.group(1), 0)
            pad = m.group(3).split(".")[0].strip()
            names[(node, off)] = ("%s (%s)" % (pad, m.group(2).strip())).strip()
        for m in ROW_RX.finditer(line):
            if node is None:
                continue
            if fresh:
                rows[node], fresh = [], False
            c = COMMENT_RX.search(line, m.end())
            arg = m.group(2).strip()
            if c and c.group(1):
                nm = c.group(1).split()[0].split(".")[0].upper()
            elif "_PIN_" in arg:
                nm = arg.split("_PIN_", 1)[1]
            else:
                nm = None
            num = int(arg, 0) if re.fullmatch(r"0[xX][0-9a-fA-F]+|\d+", arg) else None
            rows[node].append((nm, m.group(1), num))
    return names, rows


def pin_state_props(node):
    """[(state name, index, [phandles])] of pinctrl-names / pinctrl-N"""
    names = node.strings("pinctrl-names")
    out = []
    i = 0
    while node.has("pinctrl-%d" % i):
        name = names[i] if i < len(names) else str(i)
        out.append((name, i, node.cells("pinctrl-%d" % i) or []))
        i += 1
    return out


def controller_of(pin_node, ctrl_by_node):
    for a in [pin_node] + list(pin_node.ancestors()):
        if a in ctrl_by_node:
            return a
        if a.has("compatible") and a is not pin_node:
            return a
    return None


def controller_nodes(tree, by_ph):
    """the pin controllers of a board: every node a pin state points into,
    and what a controller's probe needs moved with it"""
    targets = {}
    for n in tree.root.walk():
        if any(n.path.startswith(h) for h in HOUSEKEEPING):
            continue
        try:
            states = pin_state_props(n)
        except ValueError:
            continue    # partial cells: the core refuses them (consumers())
        for _, _, phs in states:
            for ph in phs:
                if ph in by_ph:
                    targets[ph] = by_ph[ph]
    ctrl_nodes = []
    for t in targets.values():
        c = controller_of(t, ())
        if c is not None and c not in ctrl_nodes:
            ctrl_nodes.append(c)
    # what a controller's probe needs moved with it (i.MX7D LPSR: the main
    # iomuxc its fsl,input-sel points at), when that is a controller too
    for c in list(ctrl_nodes):
        fam = families.family_of(c)
        for t in fam.companions(c, by_ph) if fam else []:
            if t not in ctrl_nodes and t.enabled() and families.family_of(t):
                ctrl_nodes.append(t)
    return ctrl_nodes


# Compatibles of the clock drivers every kernel sets up with of_clk_init()
# (CLK_OF_DECLARE in drivers/clk/clk-fixed-rate.c and clk-fixed-factor.c,
# built with COMMON_CLK): their nodes never become devices.
OF_CLK_INIT = {"fixed-clock", "fixed-factor-clock"}


def consumers(tree, by_ph, ctrls, bad_ctrl, plan):
    """(node, its plan entry, [(state, phandles)] kept) of every enabled
    consumer with a state left to rehearse; the controllers' hogs and the
    consumers without one go into the plan here"""
    for n in tree.root.walk():
        if n.parent is None or any(n.path.startswith(h) for h in HOUSEKEEPING):
            continue
        try:
            states = pin_state_props(n)
        except ValueError as e:
            # a pinctrl-N of partial cells: the core refuses the device's
            # states ("is not a whole number of phandles")
            if n.enabled():
                plan["consumers"].append({"path": n.path, "hog": False, "dev": None,
                                          "compatible": n.strings("compatible"),
                                          "dropped": [], "states": []})
                plan["skipped"].append({"path": n.path, "why": "%s: the core refuses the "
                                        "device's states" % e})
            continue
        if not states:
            continue
        if any(n is c or n in c.walk() for c in ctrls):
            # the controller's own states are its hogs, copied with it
            if n in ctrls:
                plan["consumers"].append({"path": n.path, "dev": ctrls[n].dev_name,
                                          "hog": True, "states": [s[0] for s in states]})
            else:
                # a node inside the controller (an STM32 GPIO bank)
                ctl = next(ctrls[c] for c in ctrls if n in c.walk())
                why = ctl.family.inner_states(ctl, n)
                for name, _, _ in states if why else []:
                    plan["skipped"].append({"path": n.path, "state": name, "why": why,
                                            "partial": True})
            continue
        if not n.enabled():
            continue
        compat = set(n.strings("compatible")) & OF_CLK_INIT
        if compat:
            # of_clk_init() sets up the clock and marks its node populated:
            # no device is made of it, so nothing applies its pin states
            plan["consumers"].append({
                "path": n.path, "hog": False, "compatible": n.strings("compatible"),
                "dropped": [], "dev": None, "states": [s[0] for s in states],
                "never": "%s is set up by of_clk_init(), which marks the node populated: "
                         "no device is made of it, so no device applies its pin states"
                         % sorted(compat)[0]})
            continue
        entry, kept = consumer_entry(n, states, by_ph, ctrls, bad_ctrl, plan)
        if kept:
            yield n, entry, kept


def consumer_entry(n, states, by_ph, ctrls, bad_ctrl, plan):
    """(the plan's entry of consumer n, [(state, phandles)] it keeps): a
    state on a controller that is not rehearsed is dropped, and a consumer
    without states left is in the plan as skipped"""
    kept, dropped = [], []
    for name, i, phs in states:
        why = None
        for ph in phs:
            t = by_ph.get(ph)
            if t is None:
                why = "pinctrl-%d points at no node (phandle %#x)" % (i, ph)
                break
            c = controller_of(t, ctrls)
            if c in bad_ctrl:
                why = "%s is on %s: %s" % (t.path, c.path, bad_ctrl[c])
                break
            if c not in ctrls:
                why = "%s is on no pin controller" % t.path
                break
        if why:
            dropped.append({"state": name, "why": why})
        else:
            kept.append((name, phs))
    entry = {"path": n.path, "hog": False,
             "compatible": n.strings("compatible"), "dropped": dropped}
    if not kept:
        entry["dev"] = None
        plan["skipped"].append({"path": n.path, "why": dropped[0]["why"] if dropped else "no states"})
        plan["consumers"].append(entry)
    return entry, kept


def add_consumer(plan, entry, dev, kept, by_ph, ctrls):
    """the consumer in the plan as the device dev, with its kept states,
    and what of them the families cannot show in a window"""
    entry["dev"] = dev
    entry["states"] = [k[0] for k in kept]
    plan["consumers"].append(entry)
    for dr in entry["dropped"]:
        plan["skipped"].append({"path": entry["path"], "state": dr["state"], "why": dr["why"]})
    for name, phs in kept:
        for ph in phs:
            t = by_ph[ph]
            ctl = ctrls[controller_of(t, ctrls)]
            why = ctl.family.not_rehearsed(ctl, t)
            if why:
                plan["skipped"].append({"path": entry["path"], "state": name, "why": why,
                                        "partial": True})


def new_controller(tree, c, ctrls, bad_ctrl):
    """the Controller of pin controller node c, the next of ctrls; None,
    and why in bad_ctrl, when no family's driver in the image takes it or
    it is disabled"""
    fam = families.family_of(c)
    if fam is None:
        bad_ctrl[c] = families.why_not(c)
        return None
    if not c.enabled():
        bad_ctrl[c] = "the pin controller %s is disabled" % c.path
        return None
    ctl = Controller(c, fam, len(ctrls))
    ctl.label = tree.label_of(c) or c.name
    return ctl


def transform(board_dtb, virt_dtb, out_dtb, deps):
    tree = fdt.read(board_dtb)
    virt = fdt.read(virt_dtb)
    by_ph = tree.by_phandle()
    # paths: [{virt, board}] of every node moved, for the kernel's messages
    # (klog.py): a controller's pin nodes keep their names under it
    plan = {"controllers": [], "consumers": [], "skipped": [], "windows": [], "paths": []}

    ctrl_nodes = controller_nodes(tree, by_ph)
    ctrls = {}
    bad_ctrl = {}
    next_addr = WINDOW_BASE
    for c in ctrl_nodes:
        ctl = new_controller(tree, c, ctrls, bad_ctrl)
        if ctl is None:
            continue
        fam = ctl.family
        # the windows: the reg entries of the node, or of the nodes the
        # family says hold its registers (STM32: its GPIO bank children;
        # mvebu's AP806/CP110: the syscon above it), or those a family whose
        # driver writes through syscons names (Rockchip: the GRF and the PMU
        # GRF, which the copy gets as its reg)
        if hasattr(fam, "window_regs"):
            regs = [(c, a, s) for a, s in fam.window_regs(c, by_ph)]
        else:
            regs = [(rn, rn.translate(a), s) for rn in fam.reg_nodes(c) for a, s in rn.regs()]
        for rn, a, s in regs:
            size = (s + 0xFFF) & ~0xFFF
            if fam.in_place:
                # a driver whose tables hold physical addresses (sh-pfc):
                # the window stays where the SoC has it, in RAM that
                # qemu/run.sh makes reach up to it
                ctl.windows.append(("win%d-%d" % (ctl.index, len(ctl.windows)), in_place(
                    c, a, size, [w for x in ctrls.values() for w in x.windows] + ctl.windows),
                                    size, a, s))
                ctl.window_nodes.append(rn)
                continue
            if next_addr + size > WINDOW_LIMIT:
                raise SystemExit("rehearse: the register windows do not fit below 0x%x"
                                 % WINDOW_LIMIT)
            ctl.windows.append(("win%d-%d" % (ctl.index, len(ctl.windows)), next_addr, size, a, s))
            ctl.window_nodes.append(rn)
            next_addr += size
        if not ctl.windows:
            bad_ctrl[c] = "the pin controller %s has no registers (no reg)" % c.path
            continue
        ctrls[c] = ctl

    # nodes a probe looks up (Samsung's PMU syscon): a window each, once
    stubs = []
    for ctl in ctrls.values():
        for n in ctl.family.stubs(ctl.orig):
            if n in [s[0] for s in stubs] or not n.regs():
                continue
            a, s = n.regs()[0]
            size = (s + 0xFFF) & ~0xFFF
            if next_addr + size > WINDOW_LIMIT:
                raise SystemExit("rehearse: the register windows do not fit below 0x%x"
                                 % WINDOW_LIMIT)
            stubs.append((n, next_addr, size, s))
            next_addr += size

    # the new tree: QEMU's machine plus reserved windows, controllers, consumers
    root = virt.root
    rm = root.child("reserved-memory") or root.add("reserved-memory")
    rm.set_cells("#address-cells", [2])
    rm.set_cells("#size-cells", [2])
    rm.set_empty("ranges")
    next_ph = max(tree.max_phandle(), virt.max_phandle()) + 1
    clk = root.add("rehearse-clock")
    clk.set_strings("compatible", ["fixed-clock"])
    clk.set_cells("#clock-cells", [0])
    clk.set_cells("clock-frequency", [24000000])
    clk.set_cells("phandle", [next_ph])
    ctx = {"clock": next_ph, "spi": SPI_BASE, "by_phandle": by_ph, "moved": set(ctrls)}
    for n, addr, size, osize in stubs:
        r = rm.add("rehearse@%x" % addr)
        r.set_cells("reg", fdt.split_cells(addr, 2) + fdt.split_cells(size, 2))
        r.set_empty("no-map")
        st = root.add("%s@%x" % (n.basename, addr))
        st.set_strings("compatible", n.strings("compatible"))
        st.set_cells("reg", fdt.split_cells(addr, 2) + fdt.split_cells(osize, 2))
        plan["paths"].append({"virt": st.path, "board": n.path})
    srcnames = {}
    names, srcrows = pad_names_from_sources(deps)
    for (node, off), nm in names.items():
        srcnames.setdefault(node, {})[off] = nm
    for ctl in ctrls.values():
        c = ctl.orig
        for (wname, addr, size, _, _) in ctl.windows:
            r = rm.add("rehearse@%x" % addr)
            r.set_cells("reg", fdt.split_cells(addr, 2) + fdt.split_cells(size, 2))
            r.set_empty("no-map")
            plan["windows"].append({"name": wname, "addr": addr, "size": size})
        placed = ctl.family.holder(ctl, root)
        if placed is not None:
            # a bus the family builds at the window (the PMIC GPIO's SPMI
            # controller): the copy goes under it, the device named there
            parent, made = placed
            copy = copy_subtree(c, parent, c.name)
            plan["paths"] += [{"virt": v.path, "board": b.path} for v, b in made]
        elif ctl.family.in_place:
            # the copy keeps its own reg entries, in the root's cells
            first = c.translate(c.regs()[0][0])
            copy = copy_subtree(c, root, "%s@%x" % (c.basename, first))
            copy.set_cells("reg", [x for a, sz in c.regs() for x in
                                   fdt.split_cells(c.translate(a), 2) + fdt.split_cells(sz, 2)])
        elif not is_holder(ctl):
            copy = copy_subtree(c, root, "%s@%x" % (c.basename, ctl.windows[0][1]))
            place_windows(ctl, copy)
        else:
            # the controller stays the only child of a copy of the syscon
            # whose regmap its driver takes (mvebu's AP806/CP110; the
            # syscon's other children go: clocks, GPIO blocks)
            rn = ctl.window_nodes[0]
            holder = root.add("%s@%x" % (rn.basename, ctl.windows[0][1]))
            holder.set_strings("compatible", rn.strings("compatible"))
            holder.set_cells("reg", [x for (_, addr, _, _, osize) in ctl.windows
                                     for x in fdt.split_cells(addr, 2) + fdt.split_cells(osize, 2)])
            copy = copy_subtree(c, holder, c.name)
            plan["paths"].append({"virt": holder.path, "board": rn.path})
        plan["paths"].append({"virt": copy.path, "board": c.path})
        for p in ctl.family.drop:
            copy.props.pop(p, None)
        for p in list(copy.props):
            if p.endswith("-supply"):
                del copy.props[p]
        ctl.family.fixup(c, copy, ctx)
        # of_device_make_bus_id(): "<address>.<name>", or without reg the
        # node's name (a child of the root); a child of a syscon copy,
        # "<address>.<syscon>:<name>"
        if ctl.dev_name:
            pass        # named by the family's holder()
        elif is_holder(ctl):
            ctl.dev_name = "%x.%s:%s" % (ctl.windows[0][1], ctl.window_nodes[0].basename, c.name)
        elif copy.has("reg"):
            ctl.dev_name = "%x.%s" % (fdt.join_cells(copy.cells("reg")[:2]), c.basename)
        else:
            ctl.dev_name = copy.name
        # names from the sources' comments, for pinctrl-single pads
        zipped, bases = [], {}
        for pn in c.walk():
            offs = getattr(ctl.family, "row_offsets", lambda c, n: [])(ctl, pn)
            nms = srcrows.get(pn.name) or []
            if offs and len(offs) == len(nms):
                for off, (nm, macro, num) in zip(offs, nms):
                    zipped.append((off, nm, macro, num))
                    if num is not None:
                        b = bases.setdefault(macro, {})
                        b[num - off] = b.get(num - off, 0) + 1
            for off, nm in srcnames.get(pn.name, {}).items():
                ctl.pad_names.setdefault(off, nm)
        # a name only where its macro's offset agrees with the row's: the
        # base each macro subtracts is the one most of its rows show
        for off, nm, macro, num in zipped:
            if nm and (num is None or num - off == max(bases[macro], key=bases[macro].get)):
                ctl.pad_names.setdefault(off, nm)
        plan["controllers"].append(ctl.to_json())

    # consumers: enabled nodes with pin states, each a device of its own
    idx = 0
    for n, entry, kept in consumers(tree, by_ph, ctrls, bad_ctrl, plan):
        dev = "rh%03d-%s" % (idx, re.sub(r"[^A-Za-z0-9_-]", "-", n.basename))
        idx += 1
        d = root.add(dev)
        plan["paths"].append({"virt": d.path, "board": n.path})
        d.set_strings("compatible", ["simple-bus"])
        d.set_strings("rehearse,path", [n.path])
        d.set_strings("pinctrl-names", [k[0] for k in kept])
        for i, (_, phs) in enumerate(kept):
            d.set_cells("pinctrl-%d" % i, phs)
        add_consumer(plan, entry, dev, kept, by_ph, ctrls)
    for c, why in bad_ctrl.items():
        plan["skipped"].append({"path": c.path, "why": why, "controller": True})
    fdt.write(virt, out_dtb)
    return plan, ctrls


def in_place(node, addr, size, taken):
    """addr, the window of node's registers at their own address: above
    the relocated windows and in no other window"""
    if addr < WINDOW_LIMIT or addr + size > 1 << 32:
        raise SystemExit("rehearse: %s: its registers at %#x cannot stay in place (below %#x "
                         "or above 4 GiB)" % (node.path, addr, WINDOW_LIMIT))
    for w in taken:
        if addr < w[1] + w[2] and w[1] < addr + size:
            raise SystemExit("rehearse: %s: its window at %#x overlaps %s" % (node.path, addr,
                                                                                w[0]))
    return addr


def is_holder(ctl):
    """True when the controller's windows are those of an ancestor, the
    syscon whose regmap its driver takes (Family.reg_nodes: mvebu's
    AP806/CP110): the copy is then the only child of a copy of it"""
    return len(ctl.window_nodes) > 0 and ctl.window_nodes[0] in list(ctl.orig.ancestors())


def place_windows(ctl, copy):
    """the copy's reg (or its register nodes' reg) at the windows: the
    node's own, or, when the family's registers are in nodes under it
    (STM32's banks), theirs, with the copy's address space the root's"""
    by_node = {}
    for (_, addr, _, _, osize), rn in zip(ctl.windows, ctl.window_nodes):
        by_node.setdefault(rn, []).extend(fdt.split_cells(addr, 2) + fdt.split_cells(osize, 2))
    if list(by_node) == [ctl.orig]:
        copy.set_cells("reg", by_node[ctl.orig])
        return
    copy.props.pop("reg", None)
    copy.set_cells("#address-cells", [2])
    copy.set_cells("#size-cells", [2])
    copy.set_empty("ranges")
    for rn, reg in by_node.items():
        rel = rn.path[len(ctl.orig.path):].strip("/").split("/")
        n = copy
        for part in rel:
            n = n.child(part)
        n.set_cells("reg", reg)


def copy_subtree(src, parent, name):
    dst = parent.add(name)
    dst.props = dict(src.props)
    for c in src.children:
        if c.has("gpio-hog"):
            continue        # GPIO hogs are not pin states
        copy_subtree(c, dst, c.name)
    return dst


def write_windows(ctrls, outdir):
    """OUTDIR/windows.txt, the "name addr size file" lines qemu/run.sh
    --windows loads, and each window's reset image beside it (a board as
    it is whose only window is VSOC's, "regs": none, qemu/run.sh loads
    that one by itself; with other windows beside it, all of them, since
    --windows replaces run.sh's own)"""
    vsoc_only = all(w[0] == "regs" for ctl in ctrls.values() for w in ctl.windows)
    with open(os.path.join(outdir, "windows.txt"), "w") as f:
        for ctl in ctrls.values():
            for i, (wname, addr, size, _, _) in enumerate(ctl.windows):
                img = os.path.join(outdir, wname + ".reset")
                with open(img, "wb") as r:
                    r.write(ctl.family.reset_image(ctl, i, size))
                if wname == "regs" and vsoc_only:
                    continue    # VSOC's own window, which qemu/run.sh loads itself
                f.write("%s %#x %#x %s\n" % (wname, addr, size, img))


def write_plan(plan, path):
    with open(path, "w") as f:
        json.dump(plan, f, indent=1, sort_keys=True)

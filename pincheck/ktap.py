# SPDX-License-Identifier: GPL-2.0
"""The rehearsal's verdict as KTAP v1, on the host and on the guest's
console.

The guest has no Python and not the kernel tree whose driver tables the
verdict reads, so the host writes what the board's DT asks for into the
DTB that boots, as the node /rehearse-plan (before the boot: every
consumer assumed to apply its states, as verdict.evaluate(planning=True)
replays them), and the guest's /bin/rehearse-ktap (checker/
rehearse-ktap.c, run by guest/init.c) compares it with what it sees itself:
its debugfs (pin names, mux owners, read-backs, pinctrl-handles), its kernel
log (who could not claim which pin) and the windows through /dev/mem.

/rehearse-plan {
	board = "freescale/imx8mm-evk";
	as-is (empty: a board booted as it is, pincheck/asis.py: a handle in
		pinctrl-handles that is no device of the plan is bad input);
	path-map = "/pinctrl@4c000000", "/soc@0/bus@30000000/pinctrl@30330000",
		"/rh006-serial", "/soc@0/.../serial@30890000", ... (each
		moved node's virt path then its board path, klog.py);
	ctl-0 { path, dev (its device name), label, windows = <addr size>...;
		identity = <window offset mask value>..., identity-names,
		identity-of (a family whose window says what it is: VSOC's
		ID, VERSION, NBANKS; the guest refuses another window);
		gpio-field, gpio-value (the field a GPIO request sets, and
		its value: VSOC's mux, 0); };
	pin-N { ctl = <c>; pin = <p>; pin-name = "..." (the name, or the fallback
		when debugfs-name is there: the guest's pins file names it);
		owner = "rh006-serial" (expected mux owner; absent: none);
		fields = <window offset width mask expected debugfs-kind>...;
		field-names = "mux", ...;
		writers = <n consumer...>... (per field, the consumer-N whose
		states write it);
		field-ctls = <c>... (only when a field is in another
		controller's window: the controller of each field); };
	consumer-N { path, dev, hog (empty), expect = "default" (absent: no
		state), note = what the table says when the state is as
		expected; finding (empty: not ok even then: a state never
		applied); node = its own virt path; pin-nodes = the virt
		paths of its states' pin nodes (what a failure's kernel
		messages name); };
};

A consumer that fails (no state where the plan expects one, and not for
a pin another device holds) wrote nothing: the guest leaves out the fields
only such consumers write, and a pin left with no field, as the host's
verdict after the boot has neither. Its diagnostic line says why in the
kernel's words with the board's paths (klog.py).

Both sides print the same KTAP (one suite for the board, a test per pin row
of the table and per consumer, the mismatches of a row and the state of a
consumer in its diagnostic line), so that the tests can compare them line
for line.
"""

import os
import re

from . import fdt
from . import kit
from . import klog
from . import verdict

PLAN = "rehearse-plan"


def ktap_name(s):
    """a KTAP test name: no '#', no blanks"""
    return re.sub(r"[#\s]", "_", s)


def suite_name(plan):
    """the board as scripts/rehearse.sh names its run: a .dts or an overlay
    given as a path by its file name, a fixup after a '~'"""
    b = plan["board"]
    if b.endswith(".dts"):
        name = os.path.basename(b)[:-4]
    else:
        parts = b.split("+")
        name = "+".join([parts[0]] + [os.path.basename(p)[:-5] if p.endswith(".dtso") else p
                                      for p in parts[1:]])
    if plan.get("fixup"):
        name += "~" + plan["fixup"]
    return ktap_name(name)


def consumer_name(c):
    return ("hogs_" if c["hog"] else "consumer_") + ktap_name(c["path"])


def consumer_text(c):
    """what the table says of a consumer (rehearse.py show)"""
    if c["failed"]:
        return "FAILED: %s" % (c["why"] or "no state applied")
    if c.get("unapplied"):
        return "NOT APPLIED: %s" % c["unapplied"]
    if c["applied"]:
        return "%s applied" % " then ".join(c["applied"])
    return "no default state (states: %s)" % (", ".join(c["states"]) or "none")


# What a consumer's "unapplied" says when its states are a finding: a
# pinctrl-0 without pinctrl-names, a state that sets nothing, a node no
# device is made of (a fixed clock's)
NEVER_APPLIED = ("no pinctrl-names", "sets nothing", "no device applies")


def never_applied(c):
    """True when the DT asks for a state of consumer c that nothing applies"""
    return any(m in (c.get("unapplied") or "") for m in NEVER_APPLIED)


def consumer_bad(c):
    """the consumer's part of the exit status of rehearse.py verdict"""
    return c["failed"] or never_applied(c)


def plan_order(plan, consumers):
    """consumers in the plan's order, the controllers' hogs first (the
    guest's order; the verdict puts failed ones last)"""
    idx = {c["path"]: i for i, c in enumerate(plan["consumers"])}
    return sorted(consumers, key=lambda c: (not c["hog"], idx[c["path"]]))


def add_plan(outdir, board_dtb, virt_dtb):
    """write /rehearse-plan into virt_dtb; returns (pins, consumers)"""
    res = verdict.evaluate(outdir, board_dtb, planning=True)
    tree = fdt.read(virt_dtb)
    node = tree.root.child(PLAN) or tree.root.add(PLAN)
    node.set_strings("board", [suite_name(res["plan"])])
    if res["plan"].get("as_is"):
        # a board as it is: every handle must be a device of the plan
        node.set_empty("as-is")
    ctl_index = {}
    for i, ctl in enumerate(res["ctrls"]):
        ctl_index[ctl.path] = i
        n = node.add("ctl-%d" % i)
        n.set_strings("path", [ctl.path])
        n.set_strings("dev", [ctl.dev])
        n.set_strings("label", [ctl.label])
        wins = []
        for w in ctl.windows:
            wins += [w["addr"], w["size"]]
        n.set_cells("windows", wins)
        gpio = getattr(ctl.family, "gpio_field", None)
        if gpio:
            # a pin GPIO holds (pinmux-pins "GPIO ..."): this field is gpio-value
            n.set_strings("gpio-field", [gpio[0]])
            n.set_cells("gpio-value", [gpio[1]])
        words = getattr(ctl.family, "debugfs_words", None)
        if words:
            # what debugfs prints for a field, by its value: "=FIELD", words
            n.set_strings("debugfs-words", [x for f, ws in words(ctl).items()
                                            for x in ["=" + f] + list(ws)])
        ident = getattr(ctl.family, "identity", None)
        if ident:
            # the words that say what the window is: <window offset mask value>...
            what, words = ident(ctl)
            n.set_cells("identity", [x for w in words for x in w[:4]])
            n.set_strings("identity-names", [w[4] for w in words])
            n.set_strings("identity-of", [what])
    several = len(res["ctrls"]) > 1
    mark = verdict._FromDebugfs.MARK
    for i, r in enumerate(res["rows"]):
        n = node.add("pin-%d" % i)
        ctl = res["ctrls"][ctl_index[r["controller"]]]
        n.set_cells("ctl", [ctl_index[r["controller"]]])
        n.set_cells("pin", [r["pin"]])
        name = r["name"]
        if mark in name:
            # the guest's debugfs names it; this is the verdict's fallback
            n.set_empty("debugfs-name")
            ctl.pin_names = {}
            name = ctl.family.pin_name(ctl, r["pin"])
            if several:
                name = "%s:%s" % (ctl.label, name)
        n.set_strings("pin-name", [name])
        if r["expected_owner"]:
            n.set_strings("owner", [r["expected_owner"]])
        if r.get("expected_group"):
            n.set_strings("group", [r["expected_group"]])
        cells = []
        for f in r["fields"]:
            cells += [f["window"], f["offset"], f["width"], f["mask"] & 0xFFFFFFFF,
                      f["expected"], verdict.DEBUGFS_KINDS[f["debugfs_kind"]]]
        n.set_cells("fields", cells)
        if any(f.get("ctl") for f in r["fields"]):
            n.set_cells("field-ctls", [ctl_index[f.get("ctl") or r["controller"]]
                                       for f in r["fields"]])
        n.set_strings("field-names", [f["field"] for f in r["fields"]])
        if "conf_owners" in r:
            # what pinconf-owners should name for the pin, in the virt DTB's
            # paths, "NODE (DEV, STATE)" sorted and joined by " | "
            n.set_strings("conf-owners", [r["conf_owners"]])
    consumers = plan_order(res["plan"], res["consumers"])
    index = {c["path"]: i for i, c in enumerate(consumers)}
    for i, r in enumerate(res["rows"]):
        # the consumers whose writes each field expects: the guest leaves
        # out what a consumer that failed did not write, as the host's
        # verdict after the boot has no row for it
        cells = []
        for f in r["fields"]:
            who = sorted({index[w[0]] for w in f["set_by"]})
            cells += [len(who)] + who
        node.child("pin-%d" % i).set_cells("writers", cells)
    pmap = klog.path_map(res["plan"])
    node.set_strings("path-map", [p for vb in pmap for p in vb])
    tree_b = fdt.read(board_dtb)
    by_ph = tree_b.by_phandle()
    for i, c in enumerate(consumers):
        n = node.add("consumer-%d" % i)
        n.set_strings("path", [c["path"]])
        n.set_strings("dev", [c["dev"]])
        own, nodes = klog.consumer_nodes(c, tree_b, by_ph, pmap)
        n.set_strings("node", [own])
        if nodes:
            n.set_strings("pin-nodes", nodes)
        if c["hog"]:
            n.set_empty("hog")
        if c["current"]:
            n.set_strings("expect", [c["current"]])
        n.set_strings("note", [consumer_text(c)])
        if consumer_bad(c):
            n.set_empty("finding")
    # the real board's addresses and device names (the board kit)
    kit.add_hw(node, tree_b, res["ctrls"], consumers)
    fdt.write(tree, virt_dtb)
    return len(res["rows"]), len(consumers)


def host_ktap(res):
    """the verdict (verdict.evaluate after the boot) as the guest prints it"""
    rows = res["rows"]
    consumers = plan_order(res["plan"], res["consumers"])
    board = suite_name(res["plan"])
    out = ["KTAP version 1", "1..1", "    KTAP version 1", "    # Subtest: %s" % board,
           "    1..%d" % (len(rows) + len(consumers))]
    i = 0
    bad = 0
    for r in rows:
        i += 1
        name = ktap_name(r["name"])
        if r["mismatch"]:
            bad += 1
            out.append("    # %s: %s" % (name, "; ".join(r["mismatch"])))
        out.append("    %s %d %s" % ("not ok" if r["mismatch"] else "ok", i, name))
    failed = 0
    for c in consumers:
        i += 1
        name = consumer_name(c)
        out.append("    # %s: %s" % (name, consumer_text(c)))
        failed += consumer_bad(c)
        out.append("    %s %d %s" % ("not ok" if consumer_bad(c) else "ok", i, name))
    out.append("# %s: %d pins checked, %d mismatches, %d consumers failed" % (
        board, len(rows), bad, failed))
    out.append("%s 1 %s" % ("not ok" if bad or failed else "ok", board))
    return "\n".join(out) + "\n"

# SPDX-License-Identifier: GPL-2.0
"""The rehearsal's verdict: what the board's DT asks for (replayed as the
pinctrl core applies it), what the kernel says (debugfs), what the
registers hold (the windows read by the host), pin by pin.

Model of the core (drivers/pinctrl/core.c, 6.12), rechecked on a rebase:
- the controller's hogs ("default" of its own node) first, at
  pinctrl_enable(); then each consumer, at its probe: "init" if it has one
  (then "default" after probe), else "default";
- a state's settings follow pinctrl-N's phandles, node by node; every mux
  setting of the state is applied before any config setting;
- a mux setting claims all pins of its group before the driver writes
  anything; a pin owned by another device fails the state there, and the
  mux settings before it stay written (the core does not undo registers).
"""

import json
import os
import re

from . import fdt
from . import families
from . import generic
from . import klog
from . import lint
from .board import pin_state_props
from .badinput import (BadInput, check_dumps, check_handles, check_identity,  # noqa: F401
                       check_window)
from .readback import (DEBUGFS_KINDS, changed_words, debugfs_kind, debugfs_value,  # noqa: F401
                       read_reg, read_window)

# The device name of a consumer that no device is made of (board.py's
# OF_CLK_INIT): no handle has it, in the guest or on the host
NO_DEVICE = "-"

BEGIN = re.compile(r"^==== VSOC BEGIN (\S+) (\S+) ====$")
END = re.compile(r"^==== VSOC END ")
# a pin's name may have spaces (Tegra's "SDMMC1_CLK PM0")
CLAIM = re.compile(r"\bpin ([^;\n]+?) already requested by (\S+); cannot claim for (\S+)")


def read_console(path):
    """{(phase, path): text}"""
    dumps = {}
    cur, buf = None, []
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\r\n")
            m = BEGIN.match(line)
            if m:
                cur, buf = (m.group(1), m.group(2)), []
                continue
            if cur and END.match(line):
                dumps[cur] = "\n".join(buf)
                cur = None
                continue
            if cur:
                buf.append(line)
    return dumps


class Guest:
    """what the kernel said: per controller dir, pins and owners"""

    def __init__(self, dumps, phase="boot"):
        self.files = {p: t for (ph, p), t in dumps.items() if ph == phase}
        self.dmesg = dumps.get(("end", "dmesg"), "")
        if not self.dmesg:
            self.dmesg = next((t for (ph, p), t in dumps.items() if p == "dmesg"), "")
        self.handles = self.parse_handles(self.files.get(
            "/sys/kernel/debug/pinctrl/pinctrl-handles", ""))

    @staticmethod
    def parse_handles(text):
        """{device: current state}; a handle in state "none" (a controller
        whose hog states were all dropped) has none"""
        out = {}
        for m in re.finditer(r"^device: (\S+) current state: (\S+)", text, re.M):
            if m.group(2) != "none":
                out[m.group(1)] = m.group(2)
        return out

    def ctrl_file(self, dev, name):
        for p, t in self.files.items():
            d = p.split("/")
            if len(d) >= 2 and d[-1] == name and (d[-2] == dev or d[-2].startswith(dev + "-")):
                return t
        return None

    def pins(self, dev):
        """{pin: (name, driver text)} from the controller's pins file"""
        out = {}
        for m in re.finditer(r"^pin (\d+) \(([^)]*)\) ?(.*)$", self.ctrl_file(dev, "pins") or "", re.M):
            out[int(m.group(1))] = (m.group(2), m.group(3))
        return out

    def owners(self, dev):
        """{pin: (mux owner or None, group or None, whether GPIO holds it)}
        from pinmux-pins"""
        out = {}
        for line in (self.ctrl_file(dev, "pinmux-pins") or "").splitlines():
            m = re.match(r"^pin (\d+) \([^)]*\): (.*)$", line)
            if not m:
                continue
            rest = m.group(2)
            g = re.search(r" function (\S+) group (\S+)$", rest)
            own = rest.split()[0] if rest else ""
            if own in ("UNCLAIMED", "(MUX") or own == "GPIO":
                own = None
            elif own == "device":
                own = rest.split()[1]
            out[int(m.group(1))] = (own, g.group(2) if g else None, rest.startswith("GPIO "))
        return out

    def groups(self, dev):
        """{group selector: line} of pinconf-groups ("N (NAME): ...")"""
        return {int(m.group(1)): m.group(2) for m in re.finditer(
            r"^(\d+) \([^)]*\): (.*)$", self.ctrl_file(dev, "pinconf-groups") or "", re.M)}

    def confs(self, dev):
        out = {}
        for m in re.finditer(r"^pin (\d+) \([^)]*\): (.*)$", self.ctrl_file(dev, "pinconf-pins") or "", re.M):
            out[int(m.group(1))] = m.group(2).strip()
        return out


class Applied:
    """one setting's writes with who made them"""

    def __init__(self, write, consumer, state, node):
        self.w, self.consumer, self.state, self.node = write, consumer, state, node


def state_sequence(states, current):
    """the states the core applied, in order, to reach `current`"""
    if "init" in states and current == "default":
        return ["init", "default"]
    return [current]


class _FromDebugfs(dict):
    """pin names a family takes from debugfs: each looked-up name is MARK"""
    MARK = "\x01debugfs"

    def get(self, key, default=None):
        return self.MARK


def evaluate(outdir, board_dtb, planning=False, phase="boot", then=(), asleep=False):
    """The verdict of a rehearsal run in OUTDIR. planning=True: before the
    boot, what the board's DT asks for, every consumer assumed to apply its
    states (no console, no windows: the registers are the reset images);
    each row then says which pin names the guest reads from its debugfs
    (see ktap_plan). phase: the debugfs dumps read ("resume" after
    vsocinit.sleep); then: (device, state) transitions after the probes,
    in order (a controller's hogs to "sleep" and back to "default");
    asleep: the windows read while the guest slept (NAME-sleep.bin),
    compared with the replay alone, as debugfs was not dumped then."""
    plan = json.load(open(os.path.join(outdir, "plan.json")))
    if planning:
        guest = Guest({})
    else:
        guest = Guest(read_console(os.path.join(outdir, "console.log")),
                      "boot" if asleep else phase)
    tree = fdt.read(board_dtb)
    by_ph = tree.by_phandle()
    fam_by_name = {f.name: f for f in families.FAMILIES}

    ctrls = []
    for c in plan["controllers"]:
        node = tree.find(c["path"])
        ctl = type("Ctl", (), {})()
        ctl.orig, ctl.dev, ctl.path = node, c["dev_name"], c["path"]
        ctl.family = fam_by_name[c["family"]]
        ctl.windows = c["windows"]
        ctl.label = c["label"]
        ctl.pad_names = {int(k): v for k, v in c["pad_names"].items()}
        ctl.guest_pins = guest.pins(ctl.dev)
        ctl.pin_names = {p: v[0] for p, v in ctl.guest_pins.items()}
        ctl.guest_groups = guest.groups(ctl.dev)
        ctl.reset = []
        for i, w in enumerate(ctl.windows):
            f = os.path.join(outdir, w["name"] + ".reset")
            # rehearse-all keeps no reset images: made again from the family
            ctl.reset.append(bytearray(open(f, "rb").read() if os.path.isfile(f) else
                                       ctl.family.reset_image(ctl, i, w["size"])))
        if planning:
            ctl.regs = [bytearray(r) for r in ctl.reset]
        else:
            paths = [os.path.join(outdir, w["name"] + ("-sleep" if asleep else "") + ".bin")
                     for w in ctl.windows]
            for p in paths:
                check_window(p)
            ctl.regs = [bytearray(read_window(p)) for p in paths]
            check_identity(ctl, ctl.regs)
            check_dumps(guest, ctl)
        ctrls.append(ctl)
    ctl_by_path = {c.path: c for c in ctrls}
    several = len(ctrls) > 1

    def pin_name(ctl, pin):
        n = ctl.family.pin_name(ctl, pin)
        return "%s:%s" % (ctl.label, n) if several else n

    def ctl_of(pin_node):
        for a in [pin_node] + list(pin_node.ancestors()):
            if a.path in ctl_by_path:
                return ctl_by_path[a.path]
        return None

    def refused(c):
        """what the driver refuses of the device's states: the core parses
        every state when it gets the device's handle, and one node its
        dt_node_to_map() refuses fails them all, and the device's probe"""
        out = []
        for st, _, phs in pin_state_props(tree.find(c["path"])):
            if st not in c.get("states", []):
                continue
            for ph in phs:
                pn = by_ph.get(ph)
                ctl = pn and ctl_of(pn)
                if ctl:
                    out += ctl.family.refuses(ctl, pn)
        return out

    def apply_failed(c, states):
        """why the driver fails applying the state the device's probe
        applies first (Family.apply_error): it is written up to there"""
        st = "init" if "init" in states else "default"
        for ph in states.get(st, []):
            pn = by_ph.get(ph)
            ctl = pn and ctl_of(pn)
            why = ctl and (ctl.family.mux_error(ctl, pn) or ctl.family.apply_error(ctl, pn))
            if why:
                return why
        return None

    if planning:
        # every device with a "default" state binds and applies it, unless
        # all its nodes make no map (the core then creates no state), or
        # the driver refuses a node of one of its states, or fails applying
        # its first state
        for c in plan["consumers"]:
            if not c.get("dev"):
                continue
            if refused(c) or apply_failed(c, {s[0]: s[2] for s in pin_state_props(
                    tree.find(c["path"])) if s[0] in c.get("states", [])}):
                if c["hog"]:
                    # the controller keeps its handle of the hogs, in no
                    # state (the series drops a bad hog state alone: "pin
                    # hogs of state default not applied")
                    guest.handles[c["dev"]] = "none"
                continue
            states = {s[0]: s[2] for s in pin_state_props(tree.find(c["path"]))
                      if s[0] in c.get("states", [])}
            if "default" not in states:
                continue
            st = "init" if "init" in states else "default"
            nodes = [by_ph.get(ph) for ph in states.get(st, [])]
            if nodes and all(pn is not None and ctl_of(pn) and
                             ctl_of(pn).family.empty(ctl_of(pn), pn) for pn in nodes):
                continue
            guest.handles[c["dev"]] = "default"
        for ctl in ctrls:
            ctl.pin_names = _FromDebugfs()

    # who failed on which pin (from the kernel log)
    claims = {}
    for m in CLAIM.finditer(guest.dmesg):
        claims.setdefault(m.group(3), []).append((m.group(1), m.group(2)))
    dev_path = {c["dev"]: c["path"] for c in plan["consumers"] if c.get("dev")}
    pmap = klog.path_map(plan)
    devs = set(dev_path) | {c.dev for c in ctrls}
    if plan.get("as_is") and not planning:
        check_handles(guest, devs)

    def own_confs(ctl, pn, dev, st):
        """who pinconf-owners will say set each kind of configuration"""
        for pin, props in ctl.family.conf_props(ctl, pn):
            own = provenance.setdefault((ctl.path, pin), {})
            for p in props:
                key = generic.owner_key(ksrc, ctl.orig.strings("compatible"), p)
                own[key or p] = "%s (%s, %s)" % (klog.to_virt(pn.path, pmap) or pn.path, dev, st)

    # replay
    applied = []          # Applied, in order
    consumers = []
    owner_expect = {}     # (ctl path, pin) -> (dev, consumer path, node path)
    provenance = {}       # (ctl path, pin) -> {kind of parameter: "NODE (DEV, STATE)"}
    ksrc = os.environ.get("KSRC") or plan.get("ksrc")
    conflicts = []
    # hogs first (the controller probes before its consumers), then the
    # consumers that bound, then those that failed: a failed one found its
    # pins taken by those before it
    order = [c for c in plan["consumers"] if c.get("dev")]
    order.sort(key=lambda c: (not c["hog"], c["dev"] in claims or
                              guest.handles.get(c["dev"]) is None))
    for c in order:
        node = tree.find(c["path"])
        states = {s[0]: s[2] for s in pin_state_props(node) if s[0] in c.get("states", [])}
        dev = c["dev"]
        current = guest.handles.get(dev)
        info = {"path": c["path"], "dev": dev, "hog": c["hog"], "states": c.get("states", []),
                "current": current, "dropped": c.get("dropped", []), "applied": []}
        lost = dev in claims            # failed applying a state: partly written
        # failed in the driver's pinconf_set: the muxes and the configs up
        # to there written, the claims released
        broken = not lost and current is None and not refused(c) and apply_failed(c, states)
        lost = lost or bool(broken)
        # applied its state, then its driver's probe failed: the settings
        # stay, the claims go (the corpus's verify-failed:)
        probed = not lost and not c["hog"] and current is None and \
            klog.probe_failed(guest.dmesg, dev)
        # pinctrl_bind_pins() applies "init" (then "default") only when
        # there is a "default"
        has_default = "default" in states
        # no handle, or (the controller's hogs) a handle in no state
        failed = lost or (current in (None, "none") and has_default)
        if not has_default:
            # nothing to apply at probe: the driver would select a state
            # itself; without pinctrl-names the states are called "0",
            # "1", ... and the core never applies them
            info["unapplied"] = ("pinctrl-0 has no pinctrl-names: its state is called \"0\", "
                                 "so the core applies no state at probe"
                                 if not node.has("pinctrl-names") else
                                 "no \"default\" state (states: %s): the core applies none at "
                                 "probe" % ", ".join(states))
        if failed and not lost:
            # no handle: was there anything to apply? A state whose nodes
            # all make no map (pins without function or configuration) is
            # not created by the core, and the device binds without it
            st = "init" if "init" in states else "default"
            empty = []
            for ph in states.get(st, []):
                pn = by_ph.get(ph)
                ctl = pn and ctl_of(pn)
                if ctl and pn and ctl.family.empty(ctl, pn):
                    empty.append(pn.path)
            if empty and len(empty) == len(states.get(st, [])):
                failed = False
                info["unapplied"] = ("state %s sets nothing: %s %s pins but neither function "
                                     "nor configuration, so the core creates no state"
                                     % (st, ", ".join(empty), "has" if len(empty) == 1 else "have"))
        if lost:
            seq = ["init"] if "init" in states else (["default"] if "default" in states else [])
        elif probed:
            seq = ["init"] if "init" in states else (["default"] if "default" in states else [])
        elif current is None or current == "none":
            seq = []
        else:
            seq = state_sequence(states, current)
        for st in seq:
            muxes, confs = [], []
            for ph in states.get(st, []):
                pn = by_ph.get(ph)
                ctl = pn and ctl_of(pn)
                if not ctl:
                    continue
                mw, cw = ctl.family.pin_writes(ctl, pn)
                muxes.append((ctl, pn, mw))
                confs.append((ctl, pn, cw))
            stop = False
            for ctl, pn, mw in muxes:
                pins = ctl.family.claims(ctl, pn, mw)
                theirs = [p for p in pins if (ctl.path, p) in owner_expect and
                          owner_expect[(ctl.path, p)][0] != dev]
                if theirs:
                    # a driver with a group per pin: the core muxed the
                    # state's pins one by one, up to the first one taken
                    if ctl.family.group_per_pin:
                        first = next(i for i, w in enumerate(mw) if w.pin in theirs)
                        for w in mw[:first]:
                            applied.append(Applied(w, c["path"], st, pn.path))
                    for p in sorted(theirs):
                        o = owner_expect[(ctl.path, p)]
                        conflicts.append({"controller": ctl.path, "pin": p,
                                          "pin_name": pin_name(ctl, p),
                                          "owner": o[1], "owner_node": o[2],
                                          "claimant": c["path"], "claimant_node": pn.path,
                                          "state": st})
                    if planning:
                        # the core releases the claims of a state it could
                        # not apply: this device owns no pin in the end
                        for k in [k for k, v in owner_expect.items() if v[0] == dev]:
                            del owner_expect[k]
                    stop = True
                    break
                for w in mw:
                    applied.append(Applied(w, c["path"], st, pn.path))
                if broken and ctl.family.mux_error(ctl, pn):
                    stop = True     # a claim the driver refused: no configs
                    break
                if not lost and not probed:
                    groups = ctl.family.mux_groups(ctl, pn, lambda x: klog.to_virt(x, pmap) or x)
                    for p in pins:
                        owner_expect[(ctl.path, p)] = (dev, c["path"], pn.path,
                                                       (groups or {}).get(p))
            if stop or (lost and not broken):
                break
            for ctl, pn, cw in confs:
                for w in cw:
                    applied.append(Applied(w, c["path"], st, pn.path))
                own_confs(ctl, pn, dev, st)
            if broken:
                break
            info["applied"].append(st)
        info["failed"] = failed
        info["why"] = None
        if failed:
            # the kernel's own words, in the board's paths, as the guest's
            # checker reads them (klog.py, checker/rehearse-klog.c)
            own, nodes = klog.consumer_nodes(c, tree, by_ph, pmap)
            info["why"] = why_failed(guest.dmesg, c, claims.get(dev), dev_path,
                                     (own, nodes, devs, pmap))
        consumers.append(info)

    # the nodes no device is made of (a fixed clock's): nothing applies
    # their states, which the DT asks for all the same
    for c in plan["consumers"]:
        if c.get("never"):
            consumers.append({"path": c["path"], "dev": NO_DEVICE, "hog": False,
                              "states": c["states"], "current": None, "dropped": [],
                              "applied": [], "failed": False, "why": None,
                              "unapplied": c["never"]})

    # what happened after the probes, in order: pinctrl_force_sleep() and
    # pinctrl_force_default() move a controller's hogs at system sleep and
    # resume; a state is applied as at probe, its muxes before its configs
    for dev, st in then:
        c = next((c for c in order if c["dev"] == dev), None)
        states = dict((x[0], x[2]) for x in pin_state_props(tree.find(c["path"]))) if c else {}
        if st not in states:
            raise SystemExit("verdict: %s=%s: %s" % (dev, st, "no state " + st if c else
                                                    "no such device in the plan"))
        pns = [pn for pn in map(by_ph.get, states[st]) if pn is not None and ctl_of(pn)]
        for kind in (0, 1):
            for pn in pns:
                ctl = ctl_of(pn)
                applied += [Applied(w, c["path"], st, pn.path)
                            for w in ctl.family.pin_writes(ctl, pn)[kind]]
                if kind:
                    own_confs(ctl, pn, dev, st)

    # what each controller's probe writes before any state (sunxi: its IRQ
    # banks), then the states' writes
    probe = []
    for ctl in ctrls:
        for w in getattr(ctl.family, "probe_writes", lambda c: [])(ctl):
            probe.append(Applied(w, "(probe of %s)" % ctl.path, None, ctl.path))
    applied = probe + applied

    # expected registers: reset plus the applied writes, in order; each
    # pin's fields compared under their masks
    per_reg = {}          # (ctl, window, offset) -> [Applied]
    pin_ctl = {}          # Applied -> the controller of its pin node
    for a in applied:
        ctl = ctl_of(tree.find(a.node))
        pin_ctl[id(a)] = ctl
        # a write into another controller's window (Write.ctl)
        reg_ctl = ctl_by_path.get(a.w.ctl, ctl) if a.w.ctl else ctl
        per_reg.setdefault((reg_ctl.path, a.w.window, a.w.offset), []).append(a)
    rows = []
    stray = []
    masks = {}            # (ctl, window, word offset) -> bits some write explains
    by_pin = {}
    for (cp, win, off), writes in per_reg.items():
        ctl = ctl_by_path[cp]
        width = writes[0].w.width
        val = read_reg(ctl.reset[win], off, width)
        for a in writes:
            val = a.w.update(val) if a.w.update else (val & ~a.w.mask) | (a.w.value & a.w.mask)
        got = read_reg(ctl.regs[win], off, width)
        union = 0
        fields = {}
        for a in writes:
            union |= a.w.mask
            fields.setdefault((a.w.pin, a.w.field, a.w.mask), []).append(a)
        # the explained bits of the 32-bit word the register lies in
        # (16- and 8-bit pinctrl-single registers share words)
        word = (cp, win, off & ~3)
        masks[word] = masks.get(word, 0) | \
            (union & ((1 << (8 * width)) - 1)) << (8 * (off & 3))
        for (pin, field, mask), ws in fields.items():
            shift = (mask & -mask).bit_length() - 1
            exp_f, got_f = (val & mask) >> shift, (got & mask) >> shift
            if pin is None:         # a probe write: checked, no pin row
                if exp_f != got_f:
                    stray.append({"controller": cp, "window": win, "offset": off,
                                  "reset": read_reg(ctl.reset[win], off, width),
                                  "registers": got, "expected": val, "why": ws[-1].consumer})
                continue
            by_pin.setdefault((pin_ctl[id(ws[-1])].path, pin), []).append(
                (field, off, exp_f, got_f, ws, cp))
        devs = {a.consumer for a in writes if a.w.pin is not None}
        if len(devs) > 1 and (hiword_clash(writes) if getattr(ctl.family, "hiword", False) else
                              len({(a.w.mask, a.w.value & a.w.mask) for a in writes}) > 1 and
                              len({a.w.mask for a in writes}) == 1):
            last = writes[-1]
            conflicts.append({"controller": cp, "pin": last.w.pin,
                              "pin_name": pin_name(pin_ctl[id(last)], last.w.pin),
                              "register": off, "owner": writes[0].consumer,
                              "owner_node": writes[0].node, "claimant": last.consumer,
                              "claimant_node": last.node, "state": last.state,
                              "shared_register": True})
    if plan.get("as_is"):
        untouched_fields(ctrls, by_pin, masks)
    parsed = {}     # a controller's pinmux-pins and pinconf-pins, read once
    for (cp, pin), fields in sorted(by_pin.items(), key=lambda x: (x[0][0], x[0][1])):
        ctl = ctl_by_path[cp]
        if ctl.dev not in parsed:
            parsed[ctl.dev] = guest.owners(ctl.dev), guest.confs(ctl.dev)
        owners, confs = parsed[ctl.dev]
        exp_owner = owner_expect.get((cp, pin))
        got_owner = owners.get(pin, (None, None))[0]
        last = ([f[4][-1] for f in fields if f[4][-1].consumer] or [None])[-1]
        row = {"controller": cp, "pin": pin, "name": pin_name(ctl, pin),
               "consumer": last.consumer if last else "-", "node": last.node if last else None,
               "fields": [], "mismatch": []}
        if not last:
            row["untouched"] = True
        # a family that decodes pinconf-pins into its fields (VSOC)
        decode = getattr(ctl.family, "pinconf_fields", None)
        pconf = decode(confs[pin]) if decode and pin in confs and not asleep else {}
        # a pin GPIO holds: its request set the family's GPIO field
        # (VSOC: select 0), whatever the states and the reset image say
        gpio = getattr(ctl.family, "gpio_field", None) if owners.get(pin, (0, 0, 0))[2] else None
        if gpio:
            row["gpio"] = True
        for field, off, exp, got, writes, reg_cp in sorted(fields, key=lambda f: (f[5] != cp, f[1])):
            if gpio and field == gpio[0]:
                exp = gpio[1]
            dbg = None if asleep else debugfs_value(ctl, pin, field, confs, writes[-1].w.mask)
            w0 = writes[-1].w
            row["fields"].append({"field": field, "offset": off, "expected": exp,
                                  "registers": got, "debugfs": dbg,
                                  "window": w0.window, "mask": w0.mask, "width": w0.width,
                                  "debugfs_kind": debugfs_kind(ctl, field),
                                  "set_by": [[w.consumer, w.state, w.node] for w in writes
                                             if w.consumer]})
            if not writes[-1].consumer:
                row["fields"][-1]["untouched"] = True   # the reset image's
            if reg_cp != cp:
                row["fields"][-1]["ctl"] = reg_cp     # in another controller's window
            if got != exp:
                row["mismatch"].append("%s: registers=%#x, expected=%#x" % (field, got, exp))
            if dbg is not None and dbg != exp:
                row["mismatch"].append("%s: debugfs=%#x, expected=%#x" % (field, dbg, exp))
            if field in pconf:
                row["fields"][-1]["pinconf"] = pconf[field]
                if pconf[field] != exp:
                    row["mismatch"].append("%s: pinconf-pins=%s, expected=%#x" % (
                        field, pconf[field] if pconf[field] == "?" else "%#x" % pconf[field],
                        exp))
        want = exp_owner[0] if exp_owner else None
        if want != got_owner and not asleep:
            row["mismatch"].append("owner: debugfs=%s, expected=%s" % (got_owner, want))
        # the group it is muxed through, where the family says (VSOC)
        exp_group = exp_owner[3] if exp_owner else None
        got_group = owners.get(pin, (None, None))[1]
        if exp_group is not None:
            row["expected_group"] = exp_group
            if want == got_owner and got_group != exp_group and not asleep:
                row["mismatch"].append("group: debugfs=%s, expected=%s" % (
                    klog.translate(got_group or "(none)", pmap), klog.translate(exp_group, pmap)))
        if not asleep:
            provenance_check(row, ctl, provenance.get((cp, pin), {}), guest, pmap,
                             {i["path"] for i in consumers if i["failed"]})
        row["owner"] = got_owner
        row["expected_owner"] = want
        rows.append(row)

    # writes no applied state explains (none before the boot: a TLMM's
    # windows are 9 MiB of words to compare)
    for ctl in ctrls if not planning else []:
        scratch = set(ctl.family.scratch(ctl))
        for win, (reset, regs) in enumerate(zip(ctl.reset, ctl.regs)):
            size = min(len(regs), ctl.windows[win]["orig_size"])
            for off in changed_words(reset, regs, size):
                if (win, off) in scratch:
                    continue
                r, g = read_reg(reset, off, 4), read_reg(regs, off, 4)
                if (r ^ g) & ~masks.get((ctl.path, win, off), 0) & 0xFFFFFFFF:
                    stray.append({"controller": ctl.path, "window": win, "offset": off,
                                  "reset": r, "registers": g})
    # the form of the board's pin nodes (lint.py), from the DT and the
    # tree's tables alone, whatever the kernel said of them
    problems = []
    for p in lint.lint(tree, ksrc) if ksrc and not planning else []:
        problems.append({"consumer": p.consumer, "state": p.state, "node": p.node,
                         "property": p.prop, "problem": lint.line(p)})
    return {"plan": plan, "rows": rows, "consumers": consumers, "conflicts": conflicts,
            "stray": stray, "ctrls": ctrls, "problems": problems,
            "missing": [] if planning else missing_on_kernel(guest, ctrls, problems)}


def missing_on_kernel(guest, ctrls, problems):
    """what only the project's kernel shows, when the kernel that booted
    (KERNEL=debian, a user's) does not: said, never guessed nor failed"""
    if not guest.files:
        return []
    out = []
    # a controller with configurations (pinconf-pins) but no owners of them
    no_owners = [c.dev for c in ctrls if guest.ctrl_file(c.dev, "pinconf-pins") is not None
                 and guest.ctrl_file(c.dev, "pinconf-owners") is None]
    if no_owners:
        out.append("missing on this kernel: debugfs pinconf-owners of %s (which state set "
                   "each configuration: the series' 'pinctrl: pinconf: Show what set each "
                   "configuration of each pin')" % ", ".join(no_owners))
        if problems:
            out.append("missing on this kernel: its refusal of the BAD NODE lines' nodes "
                       "(pinctrl.strict_dt, the series' pinconf-generic patches): a kernel "
                       "without them applies such a node as far as it can")
    return out


def untouched_fields(ctrls, by_pin, masks):
    """a board as it is: every field of every pin of the part that no
    applied state writes (Family.pin_fields), expected as the reset image
    holds it, into by_pin as a field without writers; its bits explained
    (masks), so a change there is the pin's MISMATCH, not a stray write"""
    for ctl in ctrls:
        for pin, writes in ctl.family.pin_fields(ctl).items():
            have = {f[0] for f in by_pin.get((ctl.path, pin), [])}
            for w in writes:
                if w.field in have:
                    continue
                shift = (w.mask & -w.mask).bit_length() - 1
                exp = (read_reg(ctl.reset[w.window], w.offset, w.width) & w.mask) >> shift
                got = (read_reg(ctl.regs[w.window], w.offset, w.width) & w.mask) >> shift
                by_pin.setdefault((ctl.path, pin), []).append(
                    (w.field, w.offset, exp, got, [Applied(w, None, None, None)], ctl.path))
                word = (ctl.path, w.window, w.offset & ~3)
                masks[word] = masks.get(word, 0) | (w.mask << (8 * (w.offset & 3)))


def owners_text(sources):
    """a pin's sources in pinconf-owners, as the plan and the guest say them"""
    return " | ".join(sorted(set(sources)))


def provenance_check(row, ctl, expected, guest, pmap, failed):
    """row["conf_owners"]: the DT nodes (with device and state) that
    pinconf-owners should name for the pin's configuration, for a family
    that says which properties a node sets (Family.conf_owners); after the
    boot, a mismatch when the core's pinconf-owners names others. Not
    checked when a consumer that wrote the pin failed (the core dropped
    what it owned) or the kernel has no pinconf-owners."""
    if not ctl.family.conf_owners:
        return
    row["conf_owners"] = owners_text(expected.values())
    text = guest.ctrl_file(ctl.dev, "pinconf-owners")
    if text is None or any(w[0] in failed for f in row["fields"] for w in f["set_by"]):
        return
    m = re.search(r"^pin %d \([^)]*\): (.*)$" % row["pin"], text, re.M)
    got = owners_text(part.split(" <- ", 1)[1] for part in (m.group(1).split("; ") if m else [])
                      if " <- " in part)
    if got != row["conf_owners"]:
        row["mismatch"].append("owners: pinconf-owners=%s, expected=%s" % (
            klog.translate(got or "(none)", pmap),
            klog.translate(row["conf_owners"] or "(none)", pmap)))


def hiword_clash(writes):
    """two devices' writes to a hiword-masked register (Rockchip's GRF:
    the upper half enables the bits of the lower half) that enable one
    bit and set it differently; writes to other fields merge in the
    hardware, whatever a RAM window keeps of them"""
    for i, a in enumerate(writes):
        for b in writes[i + 1:]:
            if a.consumer == b.consumer:
                continue
            both = (a.w.value >> 16) & (b.w.value >> 16) & 0xFFFF
            if (a.w.value ^ b.w.value) & both:
                return True
    return False


def why_failed(dmesg, c, claims, dev_path, where):
    """why consumer c has no state: the core's claim error (the owner by
    its DT path); else the kernel's errors about its nodes (klog.reason);
    else the first line of the log naming its device with a word of
    failure; None when the log says nothing. where: (its node, its pin
    nodes, the plan's devices, the path map), klog.py"""
    if claims:
        pin, owner = claims[0]
        return "pin %s already requested by %s" % (pin, dev_path.get(owner, owner))
    own, nodes, devs, pmap = where
    why = klog.reason(dmesg, own, nodes, c["dev"] if c["hog"] else None, devs, pmap)
    if why:
        return why
    for _, msg in klog.records(dmesg):
        if c["dev"] in msg and re.search(r"error|fail|invalid|could not|unable", msg, re.I):
            return klog.translate(msg, pmap)
    return None

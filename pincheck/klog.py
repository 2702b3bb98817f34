# SPDX-License-Identifier: GPL-2.0
"""Why a consumer (or a controller's hog state) failed, in the kernel's own
words and the board's own DT paths.

The kernel names the nodes of the virt DTB: a pin controller moved into its
window is /pinctrl@4c000000 there, a consumer is the device /rh009-i2c. The
plan keeps the mapping (plan.json "paths", /rehearse-plan's path-map, one
virt path then its board path, board.transform writes it): every virt path
in a message is put back as the board's, a prefix at a time (a pin node
keeps its name under its controller).

The reason of a failed consumer is every error-level record of the kernel
log (level 3 or below; a line without a level counts) that names one of its
states' pin nodes (or a node below one), or its own node exactly, or, for a
controller's hogs, the core's "pin hogs of state ..." of the controller
device; each without its "driver device: " prefix when the device is one of
the plan's, duplicates once, joined by "; ". checker/rehearse-klog.c does
the same in the guest, character for character: the two KTAPs are compared
line for line.
"""

import re

from .board import pin_state_props

# The characters of a DT node name (and its unit address): a path ends at
# any other character
PATH_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,._+@-")
SPACE = " \t\n\v\f\r"
HOG_LINE = "pin hogs of state "


def path_map(plan):
    """[(virt path, board path)]: plan.json's "paths", or, for a plan of
    before it, made again as board.transform names the copies"""
    if "paths" in plan:
        return [(p["virt"], p["board"]) for p in plan["paths"]]
    out = []
    for c in plan["controllers"]:
        out.append(("/%s@%x" % (c["path"].rsplit("/", 1)[1].split("@")[0],
                                c["windows"][0]["addr"]), c["path"]))
    for c in plan["consumers"]:
        if c.get("dev") and not c["hog"]:
            out.append(("/" + c["dev"], c["path"]))
    return out


def to_virt(path, pmap):
    """a board path in the virt DTB, or None (not on a moved node): the
    node itself, else the deepest moved node above it (a consumer below
    another consumer was not moved with it)"""
    best = None
    for v, b in pmap:
        if path == b:
            return v
        if path.startswith(b + "/") and (best is None or len(b) > len(best[1])):
            best = (v, b)
    return best[0] + path[len(best[1]):] if best else None


def records(dmesg):
    """[(level or None, message)]: the kernel log without its "<N>" and
    "[time]" prefixes"""
    out = []
    for line in dmesg.split("\n"):
        level = None
        if line.startswith("<"):
            end = line.find(">")
            if end > 1 and line[1:end].isdigit():
                level = int(line[1:end]) & 7
                line = line[end + 1:]
        while line.startswith("[") and "]" in line:
            line = line[line.index("]") + 1:]
        out.append((level, line.strip(SPACE)))
    return out


def mentions(msg, path, below):
    """whether msg names the node at path (below: or a node under it)"""
    i = msg.find(path)
    while i >= 0:
        j = i + len(path)
        if (i == 0 or (msg[i - 1] not in PATH_CHARS and msg[i - 1] != "/")) and \
           (j == len(msg) or (msg[j] not in PATH_CHARS and (below or msg[j] != "/"))):
            return True
        i = msg.find(path, i + 1)
    return False


def translate(msg, pmap):
    """msg with every virt path of the map at the start of a path made the
    board's"""
    out = []
    i = 0
    while i < len(msg):
        if msg[i] == "/" and (i == 0 or (msg[i - 1] not in PATH_CHARS and msg[i - 1] != "/")):
            for v, b in pmap:
                j = i + len(v)
                if msg.startswith(v, i) and (j == len(msg) or msg[j] not in PATH_CHARS):
                    out.append(b)
                    i = j
                    break
            else:
                out.append("/")
                i += 1
            continue
        out.append(msg[i])
        i += 1
    return "".join(out)


def split_dev(msg):
    """("device", rest) of a dev_printk line "driver device: rest", else
    (None, msg)"""
    i = 0
    while i < len(msg) and msg[i] not in SPACE:
        i += 1
    if i == 0 or i >= len(msg) or msg[i] != " ":
        return None, msg
    j = i + 1
    while j < len(msg) and msg[j] not in SPACE:
        j += 1
    if j - (i + 1) < 2 or msg[j - 1] != ":" or j >= len(msg) or msg[j] != " ":
        return None, msg
    return msg[i + 1:j - 1], msg[j + 1:]


def reason(dmesg, own, nodes, hog_dev, devs, pmap):
    """the kernel's error messages about a consumer: own its node in the
    virt DTB, nodes its states' pin nodes there, hog_dev the controller's
    device for a controller's hogs (else None), devs the plan's devices;
    None when the log names none"""
    msgs = []
    for level, msg in records(dmesg):
        if level is not None and level > 3:
            continue
        dev, rest = split_dev(msg)
        about = mentions(msg, own, False) or any(mentions(msg, n, True) for n in nodes) or \
            (hog_dev is not None and dev == hog_dev and rest.startswith(HOG_LINE))
        if not about:
            continue
        text = translate(rest if dev in devs else msg, pmap)
        if text not in msgs:
            msgs.append(text)
    return "; ".join(msgs) or None


def consumer_nodes(c, tree, by_ph, pmap):
    """(its own node, [its states' pin nodes]) of a plan consumer, as paths
    of the virt DTB: what the kernel's messages about it name"""
    own = to_virt(c["path"], pmap) or c["path"]
    nodes = []
    node = tree.find(c["path"])
    for name, _, phs in pin_state_props(node) if node is not None else []:
        if name not in c.get("states", []):
            continue
        for ph in phs:
            pn = by_ph.get(ph)
            v = pn is not None and to_virt(pn.path, pmap)
            if v and v not in nodes:
                nodes.append(v)
    return own, nodes


def probe_failed(dmesg, dev):
    """whether the log has the driver core's "DRIVER DEV: probe with driver
    DRIVER failed with error N" (call_driver_probe()): DEV's probe failed
    after pinctrl_bind_pins() applied its state, so its settings stay and
    its claims go (rehearse-klog.c klog_probe_failed())"""
    pat = re.compile(r"[^ ]* %s: probe with driver [^ ]* failed with error -?[0-9]+" % re.escape(dev))
    return any(pat.fullmatch(msg) for _, msg in records(dmesg))

# SPDX-License-Identifier: GPL-2.0
"""make fuzz: what a boot left on the console: the dumps of guest/init.c,
the kernel's messages by level, the handles and the deferred devices."""

import re


def read_dumps(path):
    dumps, cur, name = {}, None, None
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", "replace").replace("\r", "")
    for line in text.split("\n"):
        if line.startswith("==== VSOC BEGIN "):
            name = line[len("==== VSOC BEGIN "):-5]
            cur = []
        elif line.startswith("==== VSOC END "):
            if cur is not None:
                dumps[name] = "\n".join(cur)
            cur = None
        elif cur is not None:
            cur.append(line)
    return dumps


LEVEL = re.compile(r"^<(\d)>(?:\[\s*[0-9.]+\]\s?)?(.*)$")


def messages(dmesg, maxlevel=4):
    out = []
    for line in dmesg.split("\n"):
        m = LEVEL.match(line)
        if m and int(m.group(1)) <= maxlevel:
            out.append(m.group(2).strip())
    return out


def handles(dumps):
    text = dumps.get("boot /sys/kernel/debug/pinctrl/pinctrl-handles", "")
    return {m.group(1): m.group(2) for m in
            re.finditer(r"^device: (\S+) current state: (\S+)", text, re.M)}


def deferred(dumps):
    text = dumps.get("boot /sys/kernel/debug/devices_deferred", "")
    return {l.split("\t")[0]: (l.split("\t", 1)[1] if "\t" in l else "")
            for l in text.split("\n") if l.strip()}

# SPDX-License-Identifier: GPL-2.0
"""The machine every boot uses, as qemu/machine.sh defines it (its plain
NAME=value lines): the LAVA jobs describe the same machine and command
line as qemu/run.sh starts."""

import os
import re
import shlex

MACHINE_SH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                          "qemu", "machine.sh")


def read(path=MACHINE_SH):
    """{NAME: value} of the top-level assignments of machine.sh"""
    out = {}
    with open(path) as f:
        for line in f:
            m = re.match(r"([A-Z_]+)=(.*)$", line.rstrip("\n"))
            if m:
                out[m.group(1)] = " ".join(shlex.split(m.group(2)))
    return out


def memory_mib(text):
    """256M -> 256"""
    m = re.fullmatch(r"(\d+)([MG])", text)
    if not m:
        raise ValueError("qemu/machine.sh: QEMU_MEM %r is not NNM or NNG" % text)
    return int(m.group(1)) * (1024 if m.group(2) == "G" else 1)

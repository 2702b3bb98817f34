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


RAM_BASE = 0x40000000       # QEMU virt's RAM starts there


def ram_for(tops, mem_text):
    """(MiB of guest RAM, extra kernel command line) for register windows
    ending at the addresses tops, as qemu/run.sh sizes them: QEMU_MEM, or
    RAM up to the highest window (sh-pfc's stay at the SoC's addresses) in
    steps of 256 MiB, the kernel kept on the first QEMU_MEM (mem=)"""
    mib = memory_mib(mem_text)
    need = max([(t - RAM_BASE + (256 << 20) - 1) // (256 << 20) * 256 for t in tops] + [0])
    return (need, "mem=" + mem_text) if need > mib else (mib, "")

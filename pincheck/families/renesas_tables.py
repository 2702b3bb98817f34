# SPDX-License-Identifier: GPL-2.0
"""The tables of the sh-pfc driver (drivers/pinctrl/renesas/), read by
compiling the SoC's pfc-*.c with the host's C compiler.

The tables are macro-generated (CPU_ALL_GP, PINMUX_IPSR_GPSR, GP_ASSIGN_LAST
sizes an enum by a union, groups and functions are split into common and
automotive parts that one sh_pfc_soc_info reads as one array): the C
compiler is the one reader that sees them as the kernel does. So the
driver file is compiled as it is, with sh_pfc.h and core.h of the tree,
against a few stub headers written here (the kernel types and macros the
tables use; the pin_config_param enum is copied out of the tree's
pinconf-generic.h, the rcar_* bias helpers out of its pinctrl.c), into a
program that prints every sh_pfc_soc_info of the file as JSON:

- name, unlock_reg (an address, or below 0x80000000 a mask), the function
  enum range;
- pins (number, name, enum id, configs), groups (name, pins, marks),
  functions (name, groups), in table order;
- cfg_regs (address, register width, field width or the variable widths,
  enum ids), drive_regs, bias_regs, ioctrl_regs, pinmux_data;
- per pin: the SoC's pin_to_pocctrl() (register and bit), and what its
  set_bias() writes for each bias (called with every register reading 0,
  then all ones: the bits it writes and their values).

No table is retyped: what the compiler does not need (register names) is
read from the source text (register_names()). Results are cached
(cache.memo) by the files read and this module.
"""

import glob
import json
import os
import re
import shutil
import subprocess
import tempfile

from .. import cache, csrc

D = "drivers/pinctrl/renesas"

# the kernel's types and helpers the tables and the ops use; every stub
# header of STUB_FILES includes it
STUB = r"""
#ifndef VSOC_RENESAS_STUB_H
#define VSOC_RENESAS_STUB_H
#include <stdint.h>
#include <stddef.h>
#include <errno.h>
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef uint64_t phys_addr_t;
typedef int spinlock_t;
#define __iomem
#define __init
#define U16_MAX 0xffff
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define BUILD_BUG_ON_ZERO(e) 0
#define BIT(n) (1UL << (n))
#define GENMASK(h, l) (((~0UL) << (l)) & (~0UL >> (63 - (h))))
#define __stringify_1(x...) #x
#define __stringify(x...) __stringify_1(x)
#define WARN_ONCE(c, ...) (c)
#define WARN(c, ...) (c)
#define spin_lock_irqsave(l, f) ((void)(f))
#define spin_unlock_irqrestore(l, f) ((void)(f))
struct device;
struct soc_device_attribute {
	const char *machine, *family, *revision, *serial_number, *soc_id;
	const void *data;
};
static inline const struct soc_device_attribute *
soc_device_match(const struct soc_device_attribute *m) { (void)m; return NULL; }
#endif
"""

STUB_FILES = ("linux/bug.h", "linux/io.h", "linux/kernel.h",
              "linux/spinlock.h", "linux/stringify.h", "linux/sys_soc.h",
              "linux/module.h", "linux/slab.h")

# the program: the driver file, the helpers of pinctrl.c it calls, and a
# JSON printer of each sh_pfc_soc_info (DUMP_ALL names them)
DUMPER = r"""
#include <stdio.h>
#include PFC_FILE

static u32 fill;
static struct { u32 reg, data; } wr[16];
static int nwr;

u32 sh_pfc_read(struct sh_pfc *pfc, u32 reg) { (void)pfc; (void)reg; return fill; }
void sh_pfc_write(struct sh_pfc *pfc, u32 reg, u32 data)
{
	(void)pfc;
	if (nwr < 16) { wr[nwr].reg = reg; wr[nwr].data = data; nwr++; }
}

RCAR_HELPERS

static void str(const char *s)
{
	putchar('"');
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			putchar('\\');
		putchar(*s);
	}
	putchar('"');
}

static void bias(const struct sh_pfc_soc_info *info, unsigned int pin)
{
	static const unsigned int params[] = { PIN_CONFIG_BIAS_DISABLE,
		PIN_CONFIG_BIAS_PULL_UP, PIN_CONFIG_BIAS_PULL_DOWN };
	struct sh_pfc pfc = { .info = info };
	unsigned int p;
	int i;

	printf("[");
	for (p = 0; p < 3; p++) {
		u32 d0[16];
		int n0;

		nwr = 0; fill = 0;
		info->ops->set_bias(&pfc, pin, params[p]);
		n0 = nwr;
		for (i = 0; i < n0; i++)
			d0[i] = wr[i].data;
		nwr = 0; fill = 0xffffffff;
		info->ops->set_bias(&pfc, pin, params[p]);
		printf("%s[", p ? "," : "");
		for (i = 0; i < n0 && i < nwr; i++)
			printf("%s[%u,%u,%u]", i ? "," : "", wr[i].reg, d0[i], wr[i].data);
		printf("]");
	}
	printf("]");
}

static void dump(const char *var, const struct sh_pfc_soc_info *info)
{
	unsigned int i, j, n;

	printf("\"%s\":{\"name\":", var);
	str(info->name);
	printf(",\"unlock\":%u,\"function\":[%u,%u],\"pins\":[", info->unlock_reg,
	       info->function.begin, info->function.end);
	for (i = 0; i < info->nr_pins; i++) {
		const struct sh_pfc_pin *p = &info->pins[i];

		printf("%s[%u,", i ? "," : "", p->pin == (u16)-1 ? i : p->pin);
		str(p->name);
		printf(",%u,%u", p->enum_id, p->configs);
		if (info->ops && info->ops->pin_to_pocctrl) {
			u32 reg = 0;
			int bit = info->ops->pin_to_pocctrl(p->pin, &reg);

			printf(",%d,%u", bit, reg);
		} else {
			printf(",-1,0");
		}
		printf(",");
		if (info->ops && info->ops->set_bias && (p->configs & SH_PFC_PIN_CFG_PULL_UP_DOWN))
			bias(info, p->pin);
		else
			printf("null");
		printf("]");
	}
	printf("],\"groups\":[");
	for (i = 0; i < info->nr_groups; i++) {
		const struct sh_pfc_pin_group *g = &info->groups[i];

		printf("%s[", i ? "," : "");
		str(g->name);
		printf(",[");
		for (j = 0; j < g->nr_pins; j++)
			printf("%s%u", j ? "," : "", g->pins[j]);
		printf("],[");
		for (j = 0; j < g->nr_pins; j++)
			printf("%s%u", j ? "," : "", g->mux[j]);
		printf("]]");
	}
	printf("],\"functions\":[");
	for (i = 0; i < info->nr_functions; i++) {
		const struct sh_pfc_function *f = &info->functions[i];

		printf("%s[", i ? "," : "");
		str(f->name);
		printf(",[");
		for (j = 0; j < f->nr_groups; j++) {
			printf("%s", j ? "," : "");
			str(f->groups[j]);
		}
		printf("]]");
	}
	printf("],\"cfg\":[");
	for (i = 0; info->cfg_regs && info->cfg_regs[i].reg; i++) {
		const struct pinmux_cfg_reg *c = &info->cfg_regs[i];

		printf("%s[%u,%u,%u,[", i ? "," : "", c->reg, c->reg_width, c->field_width);
		if (c->field_width) {
			n = (c->reg_width / c->field_width) << c->field_width;
		} else {
			for (n = 0, j = 0; c->var_field_width[j]; j++) {
				printf("%s%d", j ? "," : "", c->var_field_width[j]);
				if (c->var_field_width[j] > 0)
					n += 1U << c->var_field_width[j];
			}
		}
		printf("],[");
		for (j = 0; j < n; j++)
			printf("%s%u", j ? "," : "", c->enum_ids[j]);
		printf("]]");
	}
	printf("],\"drive\":[");
	for (i = 0; info->drive_regs && info->drive_regs[i].reg; i++) {
		const struct pinmux_drive_reg *d = &info->drive_regs[i];

		printf("%s[%u,[", i ? "," : "", d->reg);
		for (j = 0; j < ARRAY_SIZE(d->fields); j++)
			printf("%s[%u,%u,%u]", j ? "," : "", d->fields[j].pin,
			       d->fields[j].offset, d->fields[j].size);
		printf("]]");
	}
	printf("],\"bias\":[");
	for (i = 0; info->bias_regs && (info->bias_regs[i].puen || info->bias_regs[i].pud); i++) {
		const struct pinmux_bias_reg *b = &info->bias_regs[i];

		printf("%s[%u,%u,[", i ? "," : "", b->puen, b->pud);
		for (j = 0; j < ARRAY_SIZE(b->pins); j++)
			printf("%s%u", j ? "," : "", b->pins[j]);
		printf("]]");
	}
	printf("],\"ioctrl\":[");
	for (i = 0; info->ioctrl_regs && info->ioctrl_regs[i].reg; i++)
		printf("%s%u", i ? "," : "", info->ioctrl_regs[i].reg);
	printf("],\"data\":[");
	for (i = 0; i < info->pinmux_data_size; i++)
		printf("%s%u", i ? "," : "", info->pinmux_data[i]);
	printf("]}");
}

int main(void)
{
	printf("{\"flags\":{\"PULL_UP\":%u,\"PULL_DOWN\":%u,\"IO_VOLTAGE_MASK\":%lu,"
	       "\"IO_VOLTAGE_18_33\":%u,\"DRIVE_STRENGTH\":%u},",
	       SH_PFC_PIN_CFG_PULL_UP, SH_PFC_PIN_CFG_PULL_DOWN,
	       (unsigned long)SH_PFC_PIN_CFG_IO_VOLTAGE_MASK, SH_PFC_PIN_CFG_IO_VOLTAGE_18_33,
	       SH_PFC_PIN_CFG_DRIVE_STRENGTH);
	DUMP_ALL
	printf("}\n");
	return 0;
}
"""

RCAR_HELPERS = ("rcar_pin_to_bias_reg", "rcar_pinmux_get_bias", "rcar_pinmux_set_bias")


class TableError(Exception):
    """the tables of a driver file could not be read (one line)"""


def function_text(text, name):
    """the definition of C function `name` in text (its return type on the
    line before or its own line, then the body), or None"""
    m = re.search(r"^(?:[A-Za-z_][^;{}()\n]*\n)?[^;{}()\n]*\b%s\s*\([^;{}]*\)\s*\{"
                  % re.escape(name), text, re.M)
    if not m:
        return None
    body = csrc.block(text[m.end() - 1:], r"\{")
    return None if body is None else text[m.start():m.end()] + body + "}"


def enum_block(text, name):
    """'enum name { ... };' of text"""
    body = csrc.block(text, r"\benum\s+%s\s*\{" % re.escape(name))
    return None if body is None else "enum %s {%s};\n" % (name, body)


def soc_map(ksrc):
    """{compatible: (CONFIG symbol, sh_pfc_soc_info variable)} of core.c's
    sh_pfc_of_table"""
    text = csrc.read(os.path.join(ksrc, D, "core.c"))
    return {m.group(2): (m.group(1), m.group(3)) for m in re.finditer(
        r"#ifdef\s+(CONFIG_\w+)\s*\{\s*\.compatible\s*=\s*\"([^\"]+)\"\s*,\s*"
        r"\.data\s*=\s*&\s*(\w+)\s*,?\s*\}", text)}


def info_files(ksrc):
    """{sh_pfc_soc_info variable: the pfc-*.c defining it}"""
    out = {}
    for f in sorted(glob.glob(os.path.join(ksrc, D, "pfc-*.c"))):
        for m in re.finditer(r"^const struct sh_pfc_soc_info (\w+)\s*=", csrc.read(f), re.M):
            out[m.group(1)] = f
    return out


def sources(ksrc, pfc):
    """the files a driver file's tables are read from"""
    return [pfc] + [os.path.join(ksrc, p) for p in (
        D + "/sh_pfc.h", D + "/core.h", D + "/pinctrl.c", D + "/Kconfig",
        "include/linux/pinctrl/pinconf-generic.h")]


def compile_tables(ksrc, pfc, cc="gcc"):
    """{variable: table} of every sh_pfc_soc_info of driver file pfc
    (compiled and run; TableError when it cannot be)"""
    vars_ = [m.group(1) for m in re.finditer(r"^const struct sh_pfc_soc_info (\w+)\s*=",
                                             csrc.read(pfc), re.M)]
    if not vars_:
        raise TableError("%s defines no sh_pfc_soc_info" % pfc)
    generic = open(os.path.join(ksrc, "include/linux/pinctrl/pinconf-generic.h"),
                   errors="replace").read()
    pinctrl = open(os.path.join(ksrc, D, "pinctrl.c"), errors="replace").read()
    kconfig = open(os.path.join(ksrc, D, "Kconfig"), errors="replace").read()
    param = enum_block(csrc.strip_comments(generic), "pin_config_param")
    helpers = [function_text(pinctrl, n) for n in RCAR_HELPERS]
    if param is None or None in helpers:
        raise TableError("%s: no enum pin_config_param or rcar_* helpers in the tree" % pfc)
    tmp = tempfile.mkdtemp(prefix="vsoc-renesas-")
    try:
        inc = os.path.join(tmp, "include")
        for f in STUB_FILES + ("linux/pinctrl/pinconf-generic.h",):
            os.makedirs(os.path.dirname(os.path.join(inc, f)), exist_ok=True)
            with open(os.path.join(inc, f), "w") as fp:
                guard = "VSOC_STUB_" + re.sub(r"\W", "_", f).upper()
                fp.write('#ifndef %s\n#define %s\n#include "%s"\n' % (
                    guard, guard, os.path.join(inc, "vsoc-stub.h")))
                if f.endswith("pinconf-generic.h"):
                    fp.write(param)
                fp.write("#endif\n")
        with open(os.path.join(inc, "vsoc-stub.h"), "w") as fp:
            fp.write(STUB)
        src = os.path.join(tmp, "dump.c")
        with open(src, "w") as fp:
            fp.write(DUMPER.replace("RCAR_HELPERS", "\n".join(helpers)).replace(
                "DUMP_ALL", " printf(\",\");\n".join(
                    'dump("%s", &%s);' % (v, v) for v in vars_)))
        syms = sorted(set(re.findall(r"^config (PINCTRL_PFC_\w+)", kconfig, re.M)))
        exe = os.path.join(tmp, "dump")
        cmd = [cc, "-w", "-O0", "-I", inc, "-I", os.path.join(ksrc, D),
               '-DPFC_FILE="%s"' % pfc] + ["-DCONFIG_%s=1" % s for s in syms] + \
            ["-o", exe, src]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            first = next((ln for ln in r.stderr.splitlines() if "error" in ln), r.stderr[:200])
            raise TableError("%s: the host compiler cannot build its tables: %s"
                             % (os.path.relpath(pfc, ksrc), first.strip()))
        r = subprocess.run([exe], capture_output=True, text=True)
        if r.returncode:
            raise TableError("%s: its table printer failed (%d)" % (pfc, r.returncode))
        return json.loads(r.stdout)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


REG_NAME = re.compile(r"PINMUX_(?:CFG_REG(?:_VAR)?|DRIVE_REG)\(\s*\"(\w+)\"\s*,\s*"
                      r"(0x[0-9a-fA-F]+)")
BIAS_NAME = re.compile(r"PINMUX_BIAS_REG\(\s*\"([\w/]+)\"\s*,\s*(0x[0-9a-fA-F]+|0)\s*,\s*"
                       r"\"([\w/]+)\"\s*,\s*(0x[0-9a-fA-F]+|0)")


def register_names(pfc):
    """{address: name} of the registers the file's macros name (the
    compiler drops the names: they are documentation in the driver)"""
    text = csrc.read(pfc)
    out = {int(a, 16): n for n, a in REG_NAME.findall(text)}
    io = csrc.block(text, r"pinmux_ioctrl_regs\s*\[\s*\]\s*=\s*\{") or ""
    for n, a in re.findall(r"\[\s*(\w+)\s*\]\s*=\s*\{\s*(0x[0-9a-fA-F]+)", io):
        out.setdefault(int(a, 16), n)
    for n1, a1, n2, a2 in BIAS_NAME.findall(text):
        for n, a in ((n1, int(a1, 16)), (n2, int(a2, 16))):
            if a:
                out.setdefault(a, n)
    return out


class Table:
    """one sh_pfc_soc_info, as compile_tables() prints it"""

    def __init__(self, raw, names):
        self.name = raw["name"]
        self.unlock = raw["unlock"]
        self.function = tuple(raw["function"])
        self.pins = {}          # number: (name, enum id, configs, poc, bias)
        self.index = {}         # number: index in the table
        for i, (num, name, enum, configs, bit, reg, bias) in enumerate(raw["pins"]):
            self.pins[num] = (name, enum, configs, (reg, bit) if bit >= 0 else None, bias)
            self.index[num] = i
        self.by_name = {v[0]: k for k, v in self.pins.items()}
        self.groups = {}
        for name, pins, marks in raw["groups"]:
            self.groups.setdefault(name, (pins, marks))
        self.functions = {}
        for name, groups in raw["functions"]:
            self.functions.setdefault(name, groups)
        self.cfg = raw["cfg"]
        self.drive = {}         # pin: (reg, offset, size)
        for reg, fields in raw["drive"]:
            for pin, off, size in fields:
                if size:
                    self.drive.setdefault(pin, (reg, off, size))
        self.ioctrl = raw["ioctrl"]
        # what rcar_pinmux_get_bias() reads a bias register bit as: the
        # pull enable (PUEN, Gen2's PUPR), the up/down select (PUD after a
        # PUEN), or the pull-down enable (a PUD alone)
        self.bias_role = {}
        for puen, pud, _ in raw["bias"]:
            if puen:
                self.bias_role.setdefault(puen, "pull-enable")
            if pud:
                self.bias_role.setdefault(pud, "pull-up" if puen else "pull-down")
        self.data = raw["data"]
        self.names = names
        self.first = {}
        for k, v in enumerate(self.data):
            self.first.setdefault(v, k)
        self.fields = {}        # enum id: (reg, width, pos, field width, value)
        for reg, rwidth, fwidth, varw, ids in self.cfg:
            widths = [fwidth] * (rwidth // fwidth) if fwidth else varw
            pos, k = rwidth, 0
            for w in widths:
                pos -= abs(w)
                if w < 0:
                    continue
                for n in range(1 << w):
                    if ids[k + n]:
                        self.fields.setdefault(ids[k + n], (reg, rwidth, pos, w, n))
                k += 1 << w

    def reg_name(self, reg):
        return self.names.get(reg, "%#x" % reg)

    def mark_enums(self, mark):
        """sh_pfc_config_mux(): the enum ids of the mark's pinmux_data row,
        from its first occurrence up to the 0 that ends it"""
        k = self.first.get(mark)
        out = []
        if k is None:
            return None
        while k + 1 < len(self.data) and self.data[k + 1]:
            out.append(self.data[k + 1])
            k += 1
        return out


def drive_rule(ksrc):
    """(field size, step for it, step otherwise, most mA) of
    sh_pfc_pinconf_set_drive_strength(): "step = size == 2 ? 6 : 3" and
    "strength > 24" """
    body = csrc.block(csrc.read(os.path.join(ksrc, D, "pinctrl.c")),
                      r"\bsh_pfc_pinconf_set_drive_strength\s*\([^)]*\)\s*\{") or ""
    m = re.search(r"step\s*=\s*size\s*==\s*(\d+)\s*\?\s*(\d+)\s*:\s*(\d+)", body)
    top = re.search(r"strength\s*>\s*(\d+)", body)
    if not m or not top:
        raise TableError("pinctrl.c: no drive strength rule in "
                         "sh_pfc_pinconf_set_drive_strength()")
    return int(m.group(1)), int(m.group(2)), int(m.group(3)), int(top.group(1))


def tables(ksrc, compatible):
    """the Table of a compatible of core.c's table, None when it has none"""
    soc = soc_map(ksrc).get(compatible)
    if soc is None:
        return None
    pfc = info_files(ksrc).get(soc[1])
    if pfc is None:
        return None
    raw = cache.memo("renesas-" + os.path.basename(pfc), sources(ksrc, pfc),
                     lambda: compile_tables(ksrc, pfc), code=[__file__])
    t = Table(raw[soc[1]], register_names(pfc))
    t.flags = raw["flags"]
    t.drive_rule = drive_rule(ksrc)
    return t

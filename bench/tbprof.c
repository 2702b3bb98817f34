// SPDX-License-Identifier: GPL-2.0
/*
 * A QEMU TCG plugin for bench/profile.sh: counts how often each translated
 * block of the guest runs, and writes "vaddr insns count" per block at exit.
 * With start=ADDR and stop=ADDR (hex guest addresses of two functions) only
 * what runs between the first entry to the one and the first entry to the
 * other is counted. Direct calls (AArch64 BL) are counted per call site too,
 * written as "call SITE TARGET count" lines, for a profile by caller.
 * The few declarations of QEMU's plugin API (version 1, QEMU 7.2) that it
 * uses are written out here, so no QEMU headers are needed. They are only
 * right for that API: at load, the plugin compares the API QEMU offers
 * (qemu_plugin_install()'s info->version, min and cur) with TBPROF_API and
 * refuses to load, saying so, unless they are the same (a newer QEMU
 * renames and drops functions used here, e.g. the inline counters of
 * API 2). To move it on, check each declaration against that QEMU's
 * include/qemu/qemu-plugin.h and raise TBPROF_API.
 *
 *	gcc -shared -fPIC -O2 -o tbprof.so bench/tbprof.c
 *	qemu-system-aarch64 ... -plugin ./tbprof.so,out=FILE[,start=A,stop=B]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
/* The API these declarations are taken from, and QEMU's version of it */
#define TBPROF_API	1
#define TBPROF_QEMU	"7.2"

/* Its first members are the same in every API version so far */
typedef struct qemu_info_t {
	const char *target_name;
	struct {
		int min;
		int cur;
	} version;
} qemu_info_t;
typedef void (*tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
enum { QEMU_PLUGIN_INLINE_ADD_U64 };
enum { QEMU_PLUGIN_CB_NO_REGS };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb, int op,
					      void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
					  vcpu_udata_cb_t cb, int flags,
					  void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, udata_cb_t cb, void *u);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn,
						int op, void *ptr, uint64_t imm);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);

__attribute__((visibility("default"))) int qemu_plugin_version = TBPROF_API;

/* A translated block, or (insns == 0) a BL call site in one, to target */
struct block {
	uint64_t vaddr, insns, count, target;
	uint64_t base, end;	/* count at the start and stop marks */
	int late;		/* translated after the stop mark */
	struct block *next;
};

static struct block *blocks;
static char out[4096] = "tbprof.txt";
static uint64_t start_addr, stop_addr;
static int started, stopped;

/* First entry to the start or the stop function: take the counts */
static void mark(unsigned int vcpu, void *which)
{
	struct block *b;

	(void)vcpu;
	if (which == &start_addr && !started) {
		for (b = blocks; b; b = b->next)
			b->base = b->count;
		started = 1;
	} else if (which == &stop_addr && started && !stopped) {
		for (b = blocks; b; b = b->next)
			b->end = b->count;
		stopped = 1;
	}
}

static struct block *new_block(void)
{
	struct block *b = calloc(1, sizeof(*b));

	if (!b)
		abort();
	b->late = stopped;
	b->next = blocks;
	blocks = b;	/* one vCPU: no lock needed */
	return b;
}

/* Count the BL instructions of a block, by call site */
static void calls(struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);
	struct qemu_plugin_insn *insn;
	struct block *c;
	uint32_t w;
	int64_t off;

	for (i = 0; i < n; i++) {
		insn = qemu_plugin_tb_get_insn(tb, i);
		if (qemu_plugin_insn_size(insn) != 4)
			continue;
		memcpy(&w, qemu_plugin_insn_data(insn), 4);
		if ((w & 0xfc000000) != 0x94000000)
			continue;
		off = (int64_t)((uint64_t)(w & 0x03ffffff) << 38) >> 36;
		c = new_block();
		c->vaddr = qemu_plugin_insn_vaddr(insn);
		c->target = c->vaddr + off;
		qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
							   &c->count, 1);
	}
}

static void trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	struct block *b = new_block();

	(void)id;
	b->vaddr = qemu_plugin_tb_vaddr(tb);
	b->insns = qemu_plugin_tb_n_insns(tb);
	calls(tb);
	if (start_addr && b->vaddr == start_addr)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, mark, QEMU_PLUGIN_CB_NO_REGS,
						     &start_addr);
	if (stop_addr && b->vaddr == stop_addr)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, mark, QEMU_PLUGIN_CB_NO_REGS,
						     &stop_addr);
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &b->count, 1);
}

static void done(qemu_plugin_id_t id, void *u)
{
	FILE *f = fopen(out, "w");
	struct block *b;
	uint64_t n;

	(void)id, (void)u;
	if (!f)
		return;
	if (start_addr && !stopped)
		fprintf(f, "# the %s mark was never reached\n",
			started ? "stop" : "start");
	for (b = blocks; b; b = b->next) {
		n = start_addr ? (b->late || !stopped ? 0 : b->end - b->base) : b->count;
		if (n && b->insns)
			fprintf(f, "%llx %llu %llu\n", (unsigned long long)b->vaddr,
				(unsigned long long)b->insns, (unsigned long long)n);
		else if (n)
			fprintf(f, "call %llx %llx %llu\n", (unsigned long long)b->vaddr,
				(unsigned long long)b->target, (unsigned long long)n);
	}
	fclose(f);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	int i;

	if (!info || info->version.cur != TBPROF_API || info->version.min > TBPROF_API) {
		fprintf(stderr, "tbprof: written for QEMU's plugin API %d (QEMU %s), this QEMU "
			"offers API %d (oldest it takes: %d): not loaded; check bench/tbprof.c's "
			"declarations against this QEMU's qemu-plugin.h and raise TBPROF_API\n",
			TBPROF_API, TBPROF_QEMU, info ? info->version.cur : -1,
			info ? info->version.min : -1);
		return -1;
	}
	for (i = 0; i < argc; i++)
		if (!strncmp(argv[i], "out=", 4))
			snprintf(out, sizeof(out), "%s", argv[i] + 4);
		else if (!strncmp(argv[i], "start=", 6))
			start_addr = strtoull(argv[i] + 6, NULL, 16);
		else if (!strncmp(argv[i], "stop=", 5))
			stop_addr = strtoull(argv[i] + 5, NULL, 16);
	qemu_plugin_register_vcpu_tb_trans_cb(id, trans);
	qemu_plugin_register_atexit_cb(id, done, NULL);
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vsoc-verify's model of a run, shared by its parts (vsoc-verify.c says
 * what the tool does):
 *
 *	inputs.c	the files of a run: DTB, console.log, register windows
 *	debugfs.c	the kernel's view: the pinctrl debugfs dumps, decoded
 *	dt.c		the DT walk: device names, address translation, the
 *			pin nodes of a state in the core's order
 *	expected.c	the expected view: the DT's states applied as the
 *			pinctrl core applies them (recheck on each rebase)
 *	report.c	the comparison, the table, --json, --ktap
 *
 * vsoc-datasheet.[ch] is the hardware, util.[ch] what rehearse-ktap shares.
 */
#ifndef VSOC_VERIFY_H
#define VSOC_VERIFY_H

#define _GNU_SOURCE		/* asprintf, strndup */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <libfdt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "vsoc-datasheet.h"

/*
 * The compatible of the VSOC pin controller: the one place the verifier
 * names it (find_controller(), --if-vsoc)
 */
#define VSOC_COMPATIBLE	"vsoc,vsoc1-pinctrl"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define BIT(n)		(1u << (n))

typedef uint32_t u32;

#define DEBUGFS		"/sys/kernel/debug/pinctrl"

/* What is compared: the PAD fields, the mux select and the mux owner */
enum { ITEM_MUX = VSOC_NR_FIELDS, ITEM_OWNER, NR_ITEMS };
#define ALL_FIELDS	(BIT(VSOC_NR_FIELDS) - 1)
#define ALL_ITEMS	(BIT(NR_ITEMS) - 1)

enum view { VIEW_EXPECTED, VIEW_DEBUGFS, VIEW_PINS, VIEW_REGISTERS, NR_VIEWS };

#define OWNER_LEN	512

/**
 * struct pin_view - one view of one pin
 * @pad: PAD register value (the fields this view shows)
 * @mux: mux select
 * @owner: "" (unclaimed), "GPIO" or "<device> <function>/<group>"
 * @shown: items this view shows, a bit per item: debugfs cannot show PULL
 *	when the bias is not a pull, HYST when Schmitt is off, nor the mux of
 *	an unclaimed pin; the registers have no owner
 * @bad: shown items whose debugfs items contradict each other
 * @why: for each bad item, what is wrong
 */
struct pin_view {
	u32 pad;
	u32 mux;
	char owner[OWNER_LEN];
	u32 shown;
	u32 bad;
	const char *why[NR_ITEMS];
};

/*
 * struct pin - everything known about one pin
 * @src: for each PAD field, the DT node, device and state that set it last:
 *	[0] by the DTB walk, [1] as the core's pinconf-owners says;
 *	interned strings, NULL for a field no state set
 */
struct pin {
	struct pin_view view[NR_VIEWS];
	u32 differ;		/* items the views disagree on */
	const char *src[2][VSOC_NR_FIELDS];
};

#define MAX_THEN	16

struct options {
	const char *rundir;
	const char *dtb, *console, *regs, *reset;
	const char *phase;
	const char *then[MAX_THEN];
	bool failed[MAX_THEN];
	unsigned int nthen;
	bool json;
	bool ktap;
	bool if_vsoc;
	const char *mem;
	bool dump_expected;
	bool registers_only;
};

/**
 * struct verify - one run of the tool
 * @board: board name, for the summary
 * @npins: pins of the part (NBANKS from the registers)
 * @pins: the views of each pin
 * @fdt: the DTB
 * @ctrl: offset of the pin controller node
 * @ctrl_name: its device name, which names its debugfs directory
 * @console: console.log, without carriage returns
 * @regs: the register window
 * @reset: the reset image the expected view starts from, or NULL (zeros)
 * @phase: the phase of the debugfs dumps to read
 * @then: DEV=STATE transitions after the handles, @nthen of them
 * @failed: for each of @then, whether DEV then failed to probe
 * @state: the state being applied, for the sources of its settings
 * @has_sources: the capture has the core's pinconf-owners file
 * @src_mismatches: fields whose sources disagree
 */
struct verify {
	char board[128];
	unsigned int npins;
	struct pin *pins;
	void *fdt;
	int ctrl;
	char ctrl_name[256];
	char *console;
	unsigned char *regs;
	unsigned char *reset;
	const char *phase;
	const char *const *then;
	const bool *failed;
	unsigned int nthen;
	const char *state;
	bool has_sources;
	unsigned int src_mismatches;
};

/**
 * struct pin_node - what one pin configuration node asks for
 * @path: the node, for messages
 * @targets: its "pins" or "groups" strings
 * @len: their length
 * @function: its "function", or NULL
 * @group: the group of function "gpio" the driver makes of its pins (@path),
 *	or NULL: see dt_parse_targets()
 * @mask: the PAD fields its configuration changes
 * @val: their new value
 */
struct pin_node {
	char path[256];
	char state_path[256];	/* the node the state points at: its own, or its parent */
	const char *targets;
	int len;
	const char *function;
	const char *group;
	u32 mask, val;
};

static inline u32 get_le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

static inline bool shows(const struct pin_view *pv, int item)
{
	return pv->shown & BIT(item);
}

/* Each line of a dump, split in place */
#define for_each_line(line, text, save) \
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))

/* Each string of a string list property */
#define for_each_string(s, list, len) \
	for (s = (list); s && s < (list) + (len); s += strlen(s) + 1)

/* inputs.c */
char *find_dtb(const char *dir);
char *in_dir(const char *dir, const char *name);
void base_name(const char *path, const char *ext, char *buf, size_t n);
unsigned char *load_window(const char *path, unsigned int *npins);
unsigned char *map_window(struct verify *v, const char *mem, unsigned int *npins);
void load_console(struct verify *v, const char *path);
void load_dtb(struct verify *v, const char *path);
char *dump_text(const struct verify *v, const char *path);
char *ctrl_dump(const struct verify *v, const char *file);
void read_registers(struct verify *v);
void size_from_console(struct verify *v);

/* debugfs.c */
void parse_pins(struct verify *v);
void parse_pinmux(struct verify *v);
void parse_pinconf(struct verify *v);
void parse_sources(struct verify *v);

/* dt.c */
typedef void (*pin_node_fn)(struct verify *v, const struct pin_node *pn,
			    const char *dev);
bool dt_translate(const void *fdt, int node, uint64_t *addr);
void dt_path(const void *fdt, int node, char *buf, size_t n);
const char *dt_state_name(const void *fdt, int node, int i, char *buf, size_t n);
void find_controller(struct verify *v);
int dt_find_device(const struct verify *v, const char *dev);
int walk_state(struct verify *v, int dev_node, const char *state,
	       pin_node_fn fn, const char *dev);

/* expected.c */
const char *intern(const char *str);
u32 owned_fields(u32 mask);
void build_expected(struct verify *v);

/* report.c */
void compare(struct verify *v);
unsigned int count_mismatches(const struct verify *v);
void compare_sources(struct verify *v, bool print);
void print_table(struct verify *v);
void print_json(const struct verify *v);
void print_ktap(struct verify *v);
void dump_expected(const struct verify *v);

#endif

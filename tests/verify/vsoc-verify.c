// SPDX-License-Identifier: GPL-2.0
/*
 * vsoc-verify: check the pins of a booted VSOC board three ways.
 *
 *	vsoc-verify [--json|--ktap] RUNDIR
 *	vsoc-verify --ktap --dtb /sys/firmware/fdt --console F --mem /dev/mem
 *	vsoc-verify --pin-names N	the datasheet's names of pins 0..N-1
 *	vsoc-verify [--json] [RUNDIR] [--dtb F] [--console F] [--regs F]
 *
 * RUNDIR is what qemu/run.sh leaves (build/run/<board>): <board>.dtb,
 * console.log and regs.bin; the options name the files one by one.
 * --reset F: the reset image the board booted with (qemu/run.sh --reset),
 * when firmware state in it is expected to stay; by default every pin
 * starts from the datasheet's reset state, all zero.
 * --phase P: read the debugfs dumps of phase P (default "boot"; "resume"
 * after vsocinit.sleep).
 * --then DEV=STATE: after the states pinctrl-handles names, DEV went to
 * STATE (repeatable, in order): the controller's hogs go to "sleep" during
 * system sleep and back to "default" on resume.
 * --failed DEV=STATE: DEV applied STATE and then failed to probe: the core
 * released its mux claims but left its settings (repeatable).
 * --registers-only: compare the registers with the expected view alone,
 * for a window read while the guest could not dump debugfs (asleep).
 * --ktap: the verdict as KTAP v1, a test per pin and per device with pin
 * states; --mem F: read the window from F (/dev/mem) at the controller's
 * address instead of a capture: the guest's own verdict (qemu/init.c).
 *
 * For every pin it computes
 *
 *  - expected: what the DTB asks for, for the states the kernel says it
 *    applied (debugfs pinctrl-handles), applied the way the pinctrl core
 *    does, on top of the reset state;
 *  - debugfs: what the kernel claims (pinmux-pins, pinconf-pins), and what
 *    it read back from the hardware (pins, shown as view "debugfs-pins");
 *  - registers: the register window at power-off (regs.bin);
 *
 * and prints a row for every pin one of them touches, with the fields on
 * which they disagree. Exit 0 when all views agree on every pin, 1 on a
 * mismatch, 2 on bad input.
 *
 * Hidden option for the tests: --dump-expected prints the expected view
 * alone (DTB and console.log only).
 */
#define _GNU_SOURCE		/* asprintf, strndup */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <libfdt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <unistd.h>

#include "vsoc-datasheet.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define BIT(n)		(1u << (n))

typedef uint32_t u32;

#define DEBUGFS		"/sys/kernel/debug/pinctrl"

/* What is compared: the PAD fields, the mux select and the mux owner */
enum { ITEM_MUX = VSOC_NR_FIELDS, ITEM_OWNER, NR_ITEMS };
#define ALL_FIELDS	(BIT(VSOC_NR_FIELDS) - 1)
#define ALL_ITEMS	(BIT(NR_ITEMS) - 1)

enum view { VIEW_EXPECTED, VIEW_DEBUGFS, VIEW_PINS, VIEW_REGISTERS, NR_VIEWS };

static const char *const view_names[NR_VIEWS] = {
	"expected", "debugfs", "debugfs-pins", "registers",
};

#define OWNER_LEN	320

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

/* Bad input: one line, exit 2 */
static void __attribute__((noreturn, format(printf, 1, 2)))
fatal(const char *fmt, ...)
{
	va_list ap;

	fputs("vsoc-verify: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n, size);

	if (!p)
		fatal("out of memory");
	return p;
}

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t n = 0, cap = 65536;
	char *buf;

	if (!f)
		fatal("%s: %s", path, strerror(errno));
	buf = xcalloc(1, cap + 1);
	while (!feof(f)) {
		if (n == cap) {
			buf = realloc(buf, 2 * cap + 1);
			if (!buf)
				fatal("out of memory");
			cap *= 2;
		}
		n += fread(buf + n, 1, cap - n, f);
		if (ferror(f))
			fatal("%s: read error", path);
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

static u32 get_le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

/* Input files */

/* The only .dtb of a run directory */
static char *find_dtb(const char *dir)
{
	char *found = NULL;
	struct dirent *e;
	DIR *d = opendir(dir);
	size_t len;

	if (!d)
		fatal("%s: %s", dir, strerror(errno));
	while ((e = readdir(d))) {
		len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".dtb"))
			continue;
		if (found)
			fatal("%s: more than one .dtb", dir);
		if (asprintf(&found, "%s/%s", dir, e->d_name) < 0)
			fatal("out of memory");
	}
	closedir(d);
	if (!found)
		fatal("%s: no .dtb", dir);
	return found;
}

static char *in_dir(const char *dir, const char *name)
{
	char *path;

	if (asprintf(&path, "%s/%s", dir, name) < 0)
		fatal("out of memory");
	return path;
}

/* File name without directory and extension */
static void base_name(const char *path, const char *ext, char *buf, size_t n)
{
	const char *b = strrchr(path, '/');
	size_t len;

	b = b ? b + 1 : path;
	len = strlen(b);
	while (len > 1 && b[len - 1] == '/')
		len--;
	if (ext && len > strlen(ext) && !strncmp(b + len - strlen(ext), ext, strlen(ext)))
		len -= strlen(ext);
	snprintf(buf, n, "%.*s", (int)len, b);
}

/* A register window (regs.bin or a reset image), checked; its pin count */
static unsigned char *load_window(const char *path, unsigned int *npins)
{
	unsigned char *w;
	size_t len;
	u32 id, version, nbanks;

	w = (unsigned char *)read_file(path, &len);
	if (len != VSOC_WINDOW_SIZE)
		fatal("%s: %zu bytes, expected the %u-byte window", path, len,
		      VSOC_WINDOW_SIZE);
	id = get_le32(w + VSOC_REG_ID);
	version = get_le32(w + VSOC_REG_VERSION);
	nbanks = get_le32(w + VSOC_REG_NBANKS);
	if (id != VSOC_ID || VSOC_VERSION_MAJOR(version) != 1)
		fatal("%s: ID 0x%08x VERSION 0x%08x is not a VSOC 1.x window",
		      path, id, version);
	if (nbanks < 1 || nbanks > VSOC_MAX_BANKS)
		fatal("%s: NBANKS is %u", path, nbanks);
	*npins = nbanks * VSOC_PINS_PER_BANK;
	return w;
}

static bool dt_translate(const void *fdt, int node, uint64_t *addr);

/*
 * The window as the guest sees it, through /dev/mem at the controller's
 * address (the guest's own verdict: qemu/init.c runs this tool with --mem).
 */
static unsigned char *map_window(struct verify *v, const char *mem, unsigned int *npins)
{
	static const char tmp[] = "/tmp/vsoc-window.bin";
	unsigned char *w = xcalloc(1, VSOC_WINDOW_SIZE);
	volatile void *map;
	uint64_t addr;
	ssize_t n;
	FILE *f;
	int fd;

	if (!dt_translate(v->fdt, v->ctrl, &addr))
		fatal("the pin controller's reg does not translate");
	/*
	 * mmap(), not read(): the window is no-map memory, outside the
	 * kernel's linear map, which read() of /dev/mem copies from
	 */
	fd = open(mem, O_RDONLY | O_SYNC);
	if (fd < 0)
		fatal("%s: %s", mem, strerror(errno));
	map = mmap(NULL, VSOC_WINDOW_SIZE, PROT_READ, MAP_SHARED, fd, (off_t)addr);
	if (map == MAP_FAILED)
		fatal("%s: mmap at 0x%llx: %s", mem, (unsigned long long)addr, strerror(errno));
	/* word by word: the window is a device, in principle */
	for (n = 0; n < VSOC_WINDOW_SIZE; n += 4)
		memcpy(w + n, (const unsigned char *)map + n, 4);
	munmap((void *)map, VSOC_WINDOW_SIZE);
	close(fd);
	/* through load_window(), for the same checks as a capture */
	f = fopen(tmp, "wb");
	if (!f || fwrite(w, 1, VSOC_WINDOW_SIZE, f) != VSOC_WINDOW_SIZE || fclose(f))
		fatal("%s: %s", tmp, strerror(errno));
	free(w);
	return load_window(tmp, npins);
}

static void load_console(struct verify *v, const char *path)
{
	size_t len, i, j;
	char *c = read_file(path, &len);

	/* the serial console ends lines with CR LF */
	for (i = j = 0; i < len; i++)
		if (c[i] != '\r')
			c[j++] = c[i];
	c[j] = '\0';
	v->console = c;
}

static void load_dtb(struct verify *v, const char *path)
{
	size_t len;
	int err;

	v->fdt = read_file(path, &len);
	err = fdt_check_header(v->fdt);
	if (!err && fdt_totalsize(v->fdt) > len)
		err = -FDT_ERR_TRUNCATED;
	if (err)
		fatal("%s: not a DTB: %s", path, fdt_strerror(err));
}

/*
 * The text of one dump of phase "boot" (qemu/init.c puts it between
 * markers), as a new string, or NULL if the console has none.
 */
static char *dump_text(const struct verify *v, const char *path)
{
	char begin[512], end[512];
	const char *p = v->console, *q;

	snprintf(begin, sizeof(begin), "==== VSOC BEGIN %s %s ====\n", v->phase, path);
	snprintf(end, sizeof(end), "\n==== VSOC END %s %s ====\n", v->phase, path);
	while ((p = strstr(p, begin)) && p != v->console && p[-1] != '\n')
		p++;
	if (!p)
		return NULL;
	p += strlen(begin);
	q = strstr(p - 1, end);
	if (!q)
		return NULL;
	return strndup(p, q + 1 - p);
}

static char *ctrl_dump(const struct verify *v, const char *file)
{
	char path[512];
	char *text;

	snprintf(path, sizeof(path), DEBUGFS "/%s/%s", v->ctrl_name, file);
	text = dump_text(v, path);
	if (!text)
		fatal("console.log has no %s dump of %s", v->phase, path);
	return text;
}

/* Each line of a dump, split in place */
#define for_each_line(line, text, save) \
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))

/*
 * "pin N (NAME)" at the start of a debugfs line: the pin number, checked
 * against the datasheet's name, and the rest of the line after sep.
 */
static int parse_pin_head(const struct verify *v, const char *line,
			  const char *sep, const char **rest)
{
	char name[32], own[32];
	unsigned int pin;
	int n = 0;

	if (sscanf(line, "pin %u (%31[^)])%n", &pin, name, &n) != 2 || !n)
		return -1;
	if (pin >= v->npins || vsoc_pin_name(pin, own, sizeof(own)) || strcmp(own, name))
		fatal("debugfs: %s: not pin %u of this part", name, pin);
	if (strncmp(line + n, sep, strlen(sep)))
		return -1;
	*rest = line + n + strlen(sep);
	return pin;
}

/* Views */

static bool shows(const struct pin_view *pv, int item)
{
	return pv->shown & BIT(item);
}

static void set_bad(struct pin_view *pv, int item, const char *why)
{
	pv->shown |= BIT(item);
	pv->bad |= BIT(item);
	pv->why[item] = why;
}

static u32 item_value(const struct pin_view *pv, int item)
{
	if (item == ITEM_MUX)
		return pv->mux;
	return vsoc_field_get(pv->pad, item);
}

static bool same(const struct pin_view *a, const struct pin_view *b, int item)
{
	if ((a->bad | b->bad) & BIT(item))
		return false;
	if (item == ITEM_OWNER)
		return !strcmp(a->owner, b->owner);
	return item_value(a, item) == item_value(b, item);
}

static const char *item_name(int item)
{
	if (item == ITEM_MUX)
		return "MUX";
	if (item == ITEM_OWNER)
		return "OWNER";
	return vsoc_field_name(item);
}

static const char *item_str(const struct pin_view *pv, int item, char *buf, size_t n)
{
	if (pv->bad & BIT(item))
		return "?";
	if (item == ITEM_OWNER)
		return pv->owner[0] ? pv->owner : "unclaimed";
	if (item == ITEM_MUX) {
		snprintf(buf, n, "%u", pv->mux);
		return buf;
	}
	return vsoc_field_str(item, item_value(pv, item), buf, n);
}

/* Registers: the window as the guest left it */

static void read_registers(struct verify *v)
{
	struct pin_view *pv;
	unsigned int p;

	for (p = 0; p < v->npins; p++) {
		pv = &v->pins[p].view[VIEW_REGISTERS];
		pv->pad = get_le32(v->regs + VSOC_REG_PAD(p));
		pv->mux = get_le32(v->regs + VSOC_REG_MUX(p)) >> VSOC_MUX_SHIFT(p) &
			  VSOC_MUX_MASK;
		pv->shown = ALL_FIELDS | BIT(ITEM_MUX);
	}
}

/* Debugfs: pins, the kernel's readback ("mux N pad 0x..." from the driver) */

static void parse_pins(struct verify *v)
{
	char *text = ctrl_dump(v, "pins"), *line, *save;
	unsigned int count = 0, total, mux, pad;
	const char *rest, *m, *last;
	struct pin_view *pv;
	int pin;

	for_each_line(line, text, save) {
		if (sscanf(line, "registered pins: %u", &total) == 1) {
			if (total != v->npins)
				fatal("debugfs pins: %u pins, the registers say %u",
				      total, v->npins);
			continue;
		}
		pin = parse_pin_head(v, line, " ", &rest);
		if (pin < 0)
			fatal("debugfs pins: cannot parse '%s'", line);
		for (last = NULL, m = rest; (m = strstr(m, "mux ")); m++)
			last = m;
		if (!last || sscanf(last, "mux %u pad 0x%x", &mux, &pad) != 2)
			fatal("debugfs pins: no 'mux N pad 0xX' in '%s'", line);
		pv = &v->pins[pin].view[VIEW_PINS];
		pv->mux = mux;
		pv->pad = pad;
		pv->shown = ALL_FIELDS | BIT(ITEM_MUX);
		count++;
	}
	if (count != v->npins)
		fatal("debugfs pins: %u pin lines for %u pins", count, v->npins);
	free(text);
}

/* Debugfs: pinmux-pins, the mux claims in the core's strict format */

static void parse_claim(const struct verify *v, struct pin_view *pv, const char *rest)
{
	char dev[128], func[64], group[64];
	const char *f;
	int sel;

	pv->shown |= BIT(ITEM_OWNER);
	if (!strcmp(rest, "UNCLAIMED"))
		return;
	if (!strncmp(rest, "GPIO ", 5)) {
		/* gpio_request_enable() put the pin on select 0 */
		snprintf(pv->owner, sizeof(pv->owner), "GPIO");
		pv->shown |= BIT(ITEM_MUX);
		return;
	}
	if (sscanf(rest, "device %127s", dev) != 1)
		fatal("debugfs pinmux-pins: cannot parse '%s'", rest);
	f = strstr(rest, " function ");
	if (!f || sscanf(f, " function %63s group %63s", func, group) != 2) {
		snprintf(pv->owner, sizeof(pv->owner), "%s", dev);
		set_bad(pv, ITEM_MUX, "claimed without a function");
		return;
	}
	snprintf(pv->owner, sizeof(pv->owner), "%s %s/%s", dev, func, group);
	sel = vsoc_mux_select(func, group, v->npins);
	if (sel < 0) {
		set_bad(pv, ITEM_MUX, "no datasheet select for this function and group");
		return;
	}
	pv->mux = sel;
	pv->shown |= BIT(ITEM_MUX);
}

static void parse_pinmux(struct verify *v)
{
	char *text = ctrl_dump(v, "pinmux-pins"), *line, *save;
	unsigned int count = 0;
	const char *rest;
	int pin;

	for_each_line(line, text, save) {
		if (strncmp(line, "pin ", 4))
			continue;	/* the two header lines */
		pin = parse_pin_head(v, line, ": ", &rest);
		if (pin < 0)
			fatal("debugfs pinmux-pins: cannot parse '%s'", line);
		parse_claim(v, &v->pins[pin].view[VIEW_DEBUGFS], rest);
		count++;
	}
	if (count != v->npins)
		fatal("debugfs pinmux-pins: %u pin lines for %u pins", count, v->npins);
	free(text);
}

/* Debugfs: pinconf-pins, decoded back into PAD fields */

/* Items that repeat what other items say; they are checked, not trusted */
enum {
	SEEN_OUTPUT = BIT(0),	/* "output enabled": DRIVE is not off */
	SEEN_SLEW = BIT(1),	/* "slew rate": shown when both edges agree */
	SEEN_TRIGGER = BIT(2),	/* "input schmitt trigger": SCHMITT */
	SEEN_ENABLED = BIT(3),	/* "input schmitt enabled": SCHMITT */
	SEEN_HYST = BIT(4),	/* the driver's "input schmitt hysteresis" */
};

/**
 * struct conf_item - one item of a pinconf-pins line
 * @text: as drivers/pinctrl/pinconf-generic.c or the driver prints it
 * @unit: the argument is printed as "(N unit)"; "0x": as "(0xN)"; NULL: none
 * @param: the datasheet parameter the item shows
 * @arg: the argument of an item that prints none
 * @seen: which of the repeating items it is
 */
struct conf_item {
	const char *text;
	const char *unit;
	enum vsoc_param param;
	u32 arg;
	unsigned int seen;
};

/*
 * The items pinconf_generic_dump_pins() prints for this driver: the
 * generic ones whose parameter the driver reads back, then its custom
 * ones, then what its pin_config_dbg_show() appends. An item is printed
 * when the parameter is in effect; see vsoc_pad_decode() in the driver.
 */
static const struct conf_item conf_items[] = {
	{ "input bias disabled", NULL, VSOC_P_BIAS_DISABLE, 0, 0 },
	{ "input bias high impedance", NULL, VSOC_P_BIAS_HIGH_IMPEDANCE, 0, 0 },
	{ "input bias pull down", "ohms", VSOC_P_BIAS_PULL_DOWN, 0, 0 },
	{ "input bias pull up", "ohms", VSOC_P_BIAS_PULL_UP, 0, 0 },
	{ "output drive open drain", NULL, VSOC_P_DRIVE_OPEN_DRAIN, 0, 0 },
	{ "output drive open source", NULL, VSOC_P_DRIVE_OPEN_SOURCE, 0, 0 },
	{ "output drive push pull", NULL, VSOC_P_DRIVE_PUSH_PULL, 0, 0 },
	{ "output drive strength", "mA", VSOC_P_DRIVE_STRENGTH, 0, 0 },
	{ "input debounce", "usec", VSOC_P_INPUT_DEBOUNCE, 0, 0 },
	{ "input enabled", NULL, VSOC_P_INPUT_ENABLE, 1, 0 },
	{ "input schmitt trigger", NULL, VSOC_P_INPUT_SCHMITT_ENABLE, 1, SEEN_TRIGGER },
	{ "input schmitt enabled", NULL, VSOC_P_INPUT_SCHMITT_ENABLE, 1, SEEN_ENABLED },
	{ "pin low power", "mode", VSOC_P_LOW_POWER, 0, 0 },
	{ "output enabled", NULL, 0, 0, SEEN_OUTPUT },
	{ "pin power source", "selector", VSOC_P_POWER_SOURCE, 0, 0 },
	{ "slew rate", "0x", VSOC_P_SLEW_RATE, 0, SEEN_SLEW },
	{ "input bias tied high", NULL, VSOC_P_BIAS_HIGH, 0, 0 },
	{ "input bias tied to ground", NULL, VSOC_P_BIAS_GROUND, 0, 0 },
	{ "slew rate rising", "quarters", VSOC_P_SLEW_RISING, 0, 0 },
	{ "slew rate falling", "quarters", VSOC_P_SLEW_FALLING, 0, 0 },
	{ "wakeup enabled", NULL, VSOC_P_WAKEUP, 1, 0 },
	{ "input schmitt hysteresis", "level", VSOC_P_INPUT_SCHMITT, 0, SEEN_HYST },
};

/* PAD fields as they come out of one pinconf-pins line */
struct conf_decode {
	u32 pad;
	u32 set;		/* fields some item gave */
	u32 bad;		/* fields items gave twice differently, or out of range */
	const char *why[VSOC_NR_FIELDS];	/* for each bad field */
	unsigned int seen;
};

static const struct conf_item *conf_item_find(const char *text, size_t len)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(conf_items); i++)
		if (strlen(conf_items[i].text) == len && !strncmp(conf_items[i].text, text, len))
			return &conf_items[i];
	return NULL;
}

/* The argument of an item, "(N unit)" or "(0xN)"; false if it has another form */
static bool conf_item_arg(const struct conf_item *ci, const char *s, u32 *arg)
{
	char unit[16], close;

	if (!strcmp(ci->unit, "0x"))
		return sscanf(s, "(0x%x%c", arg, &close) == 2 && close == ')';
	return sscanf(s, "(%u %15[^)]%c", arg, unit, &close) == 3 &&
	       close == ')' && !strcmp(unit, ci->unit);
}

static void conf_mark(struct conf_decode *cd, u32 fields, const char *why)
{
	int f;

	for (f = 0; f < VSOC_NR_FIELDS; f++)
		if (fields & vsoc_field_mask(f) && !(cd->bad & vsoc_field_mask(f)))
			cd->why[f] = why;
	cd->bad |= fields;
}

static void conf_apply(struct conf_decode *cd, const struct conf_item *ci, u32 arg)
{
	u32 mask, val;

	cd->seen |= ci->seen;
	if (ci->seen == SEEN_OUTPUT)
		return;
	if (vsoc_param_encode(ci->param, arg, &mask, &val)) {
		conf_mark(cd, vsoc_param_fields(ci->param), "a value the datasheet does not have");
		return;
	}
	conf_mark(cd, cd->set & mask & (cd->pad ^ val), "items disagree");
	cd->pad = (cd->pad & ~mask) | val;
	cd->set |= mask;
}

/* One item of a line ("name" or "name (arg)"), into cd; false if unknown */
static bool conf_parse_item(struct conf_decode *cd, const char *item, size_t len)
{
	const char *paren = memchr(item, '(', len);
	const struct conf_item *ci;
	char arg_text[64];
	u32 arg;

	ci = conf_item_find(item, paren ? (size_t)(paren - 1 - item) : len);
	if (!ci || !paren != !ci->unit)
		return false;
	arg = ci->arg;
	if (paren) {
		snprintf(arg_text, sizeof(arg_text), "%.*s", (int)(len - (paren - item)), paren);
		if (!conf_item_arg(ci, arg_text, &arg))
			return false;
	}
	conf_apply(cd, ci, arg);
	return true;
}

/* Fields a line shows by leaving items out, and the repeating items' checks */
static void conf_finish(struct conf_decode *cd)
{
	u32 drive = vsoc_field_mask(VSOC_F_DRIVE);
	u32 slew = vsoc_field_mask(VSOC_F_SLEW_RISE) | vsoc_field_mask(VSOC_F_SLEW_FALL);
	unsigned int schmitt = cd->seen & (SEEN_TRIGGER | SEEN_ENABLED | SEEN_HYST);
	bool on;

	if (!(cd->set & vsoc_field_mask(VSOC_F_BIAS)))
		conf_mark(cd, vsoc_field_mask(VSOC_F_BIAS), "no bias item");
	on = (cd->set & drive) && vsoc_field_get(cd->pad, VSOC_F_DRIVE);
	if (on != !!(cd->seen & SEEN_OUTPUT))
		conf_mark(cd, drive, "'output enabled' disagrees with the drive items");
	if (schmitt && schmitt != (SEEN_TRIGGER | SEEN_ENABLED | SEEN_HYST))
		conf_mark(cd, vsoc_field_mask(VSOC_F_SCHMITT) | vsoc_field_mask(VSOC_F_HYST),
			  "Schmitt items incomplete");
	if ((cd->set & slew) == slew &&
	    (vsoc_field_get(cd->pad, VSOC_F_SLEW_RISE) ==
	     vsoc_field_get(cd->pad, VSOC_F_SLEW_FALL)) != !!(cd->seen & SEEN_SLEW))
		conf_mark(cd, slew, "'slew rate' disagrees with the edges");
	if ((cd->set & slew) != slew || !(cd->set & vsoc_field_mask(VSOC_F_STAGES)) ||
	    !(cd->set & vsoc_field_mask(VSOC_F_POWER)))
		conf_mark(cd, ~cd->set & (slew | vsoc_field_mask(VSOC_F_STAGES) |
					  vsoc_field_mask(VSOC_F_POWER)),
			  "item missing");

	/* an item that is not printed is a flag that is off */
	cd->set |= drive | vsoc_field_mask(VSOC_F_SCHMITT) |
		   vsoc_field_mask(VSOC_F_DEBOUNCE) | vsoc_field_mask(VSOC_F_LOWPOWER) |
		   vsoc_field_mask(VSOC_F_WAKEUP) | vsoc_field_mask(VSOC_F_INPUT);
}

static void conf_to_view(const struct conf_decode *cd, struct pin_view *pv)
{
	u32 m;
	int f;

	pv->pad = cd->pad & cd->set;
	for (f = 0; f < VSOC_NR_FIELDS; f++) {
		m = vsoc_field_mask(f);
		if (cd->bad & m)
			set_bad(pv, f, cd->why[f]);
		else if ((cd->set & m) == m)
			pv->shown |= BIT(f);
	}
}

static bool parse_conf_line(struct pin_view *pv, const char *items)
{
	struct conf_decode cd = { 0 };
	const char *p = items, *sep;
	size_t len;

	while (*p) {
		sep = strstr(p, ", ");
		len = sep ? (size_t)(sep - p) : strlen(p);
		if (!conf_parse_item(&cd, p, len))
			return false;
		p += len + (sep ? 2 : 0);
	}
	conf_finish(&cd);
	conf_to_view(&cd, pv);
	return true;
}

static void parse_pinconf(struct verify *v)
{
	char *text = ctrl_dump(v, "pinconf-pins"), *line, *save;
	unsigned int count = 0;
	const char *rest;
	int pin;

	for_each_line(line, text, save) {
		if (strncmp(line, "pin ", 4))
			continue;	/* the two header lines */
		pin = parse_pin_head(v, line, ": ", &rest);
		if (pin < 0 || !parse_conf_line(&v->pins[pin].view[VIEW_DEBUGFS], rest))
			fatal("debugfs pinconf-pins: cannot parse '%s'", line);
		count++;
	}
	if (count != v->npins)
		fatal("debugfs pinconf-pins: %u pin lines for %u pins", count, v->npins);
	free(text);
}

/* The device tree: Linux's device names */

static bool dt_available(const void *fdt, int node)
{
	const char *s = fdt_getprop(fdt, node, "status", NULL);

	return !s || !strcmp(s, "okay") || !strcmp(s, "ok");
}

/* A node and all its ancestors are enabled: the node can be a device */
static bool dt_enabled(const void *fdt, int node)
{
	for (; node > 0; node = fdt_parent_offset(fdt, node))
		if (!dt_available(fdt, node))
			return false;
	return true;
}

/* #address-cells or #size-cells of a bus, inherited as of_bus_n_*_cells() does */
static int dt_cells(const void *fdt, int bus, const char *prop)
{
	const fdt32_t *c;
	int len;

	for (; bus >= 0; bus = bus ? fdt_parent_offset(fdt, bus) : -1) {
		c = fdt_getprop(fdt, bus, prop, &len);
		if (c && len == 4)
			return fdt32_to_cpu(*c);
	}
	return 1;	/* OF_ROOT_NODE_{ADDR,SIZE}_CELLS_DEFAULT */
}

static uint64_t dt_read_cells(const fdt32_t *c, int n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 32 | fdt32_to_cpu(*c++);
	return v;
}

/* Translate an address on bus through its ranges; false if it cannot be */
static bool dt_translate_one(const void *fdt, int bus, int na, int ns, uint64_t *addr)
{
	int up = fdt_parent_offset(fdt, bus);
	int pna = dt_cells(fdt, up, "#address-cells");
	const fdt32_t *r;
	uint64_t child, parent, size;
	int len, i, stride = na + pna + ns;

	r = fdt_getprop(fdt, bus, "ranges", &len);
	if (!r)
		return false;
	if (!len)
		return true;	/* identity */
	for (i = 0; (i + 1) * stride * 4 <= len; i++, r += stride) {
		child = dt_read_cells(r, na);
		parent = dt_read_cells(r + na, pna);
		size = dt_read_cells(r + na + pna, ns);
		if (*addr >= child && *addr - child < size) {
			*addr = parent + (*addr - child);
			return true;
		}
	}
	return false;
}

/* The CPU address of a node's first reg entry, as of_translate_address() */
static bool dt_translate(const void *fdt, int node, uint64_t *addr)
{
	int bus = fdt_parent_offset(fdt, node);
	int na = dt_cells(fdt, bus, "#address-cells");
	int ns = dt_cells(fdt, bus, "#size-cells");
	const fdt32_t *reg;
	int len;

	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || len < na * 4 || na < 1)
		return false;
	*addr = dt_read_cells(reg, na);
	for (; bus > 0; bus = fdt_parent_offset(fdt, bus)) {
		if (!dt_translate_one(fdt, bus, na, ns, addr))
			return false;
		na = dt_cells(fdt, fdt_parent_offset(fdt, bus), "#address-cells");
		ns = dt_cells(fdt, fdt_parent_offset(fdt, bus), "#size-cells");
	}
	return true;
}

static void prepend(char *name, size_t n, const char *part)
{
	char old[256];

	snprintf(old, sizeof(old), "%s", name);
	snprintf(name, n, old[0] ? "%s:%s" : "%s%s", part, old);
}

/*
 * The name Linux gives the OF platform or AMBA device of a node
 * (of_device_make_bus_id()): "<address>.<name>" when its reg translates,
 * else the node's full name prefixed with its parents' until one does or
 * the root is reached: /soc/serial@9000000 is "9000000.serial", /soc/keys
 * "soc:keys", /keys "keys".
 */
static void dt_dev_name(const void *fdt, int node, char *name, size_t n)
{
	const fdt32_t *mask;
	const char *nn;
	char part[256];
	uint64_t addr;
	int len;

	name[0] = '\0';
	for (; node > 0; node = fdt_parent_offset(fdt, node)) {
		nn = fdt_get_name(fdt, node, NULL);
		if (dt_translate(fdt, node, &addr)) {
			mask = fdt_getprop(fdt, node, "mask", &len);
			if (mask && len == 4)
				snprintf(part, sizeof(part), "%" PRIx64 ".%x.%.*s", addr,
					 ffs(fdt32_to_cpu(*mask)) - 1,
					 (int)strcspn(nn, "@"), nn);
			else
				snprintf(part, sizeof(part), "%" PRIx64 ".%.*s", addr,
					 (int)strcspn(nn, "@"), nn);
			prepend(name, n, part);
			return;
		}
		prepend(name, n, nn);
	}
}

static void dt_path(const void *fdt, int node, char *buf, size_t n)
{
	if (fdt_get_path(fdt, node, buf, n))
		snprintf(buf, n, "<node at %d>", node);
}

static void find_controller(struct verify *v)
{
	int node;

	node = fdt_node_offset_by_compatible(v->fdt, -1, "vsoc,vsoc1-pinctrl");
	while (node >= 0 && !dt_enabled(v->fdt, node))
		node = fdt_node_offset_by_compatible(v->fdt, node, "vsoc,vsoc1-pinctrl");
	if (node < 0)
		fatal("the DTB has no enabled \"vsoc,vsoc1-pinctrl\" node");
	v->ctrl = node;
	dt_dev_name(v->fdt, node, v->ctrl_name, sizeof(v->ctrl_name));
}

/*
 * The node of the device a pinctrl-handles line names: the controller (its
 * hogs) or an enabled node with pin states whose device has that name. Other
 * nodes can have the same name (the controller's /reserved-memory window).
 */
static int dt_find_device(const struct verify *v, const char *dev)
{
	int node, found = -1;
	char name[256];

	if (!strcmp(dev, v->ctrl_name))
		return v->ctrl;
	for (node = fdt_next_node(v->fdt, -1, NULL); node >= 0;
	     node = fdt_next_node(v->fdt, node, NULL)) {
		if (!fdt_getprop(v->fdt, node, "pinctrl-0", NULL) ||
		    !dt_enabled(v->fdt, node))
			continue;
		dt_dev_name(v->fdt, node, name, sizeof(name));
		if (strcmp(name, dev))
			continue;
		if (found >= 0)
			fatal("pinctrl-handles: device %s matches two DT nodes", dev);
		found = node;
	}
	if (found < 0)
		fatal("pinctrl-handles: no DT node with pin states for device %s", dev);
	return found;
}

/* The device tree: pin configuration nodes */

/**
 * struct pin_node - what one pin configuration node asks for
 * @path: the node, for messages
 * @targets: its "pins" or "groups" strings
 * @len: their length
 * @function: its "function", or NULL
 * @mask: the PAD fields its configuration changes
 * @val: their new value
 */
struct pin_node {
	char path[256];
	char state_path[256];	/* the node the state points at: its own, or its parent */
	const char *targets;
	int len;
	const char *function;
	u32 mask, val;
};

/* The argument of one configuration property, as section 5 allows it */
static u32 dt_prop_arg(const struct pin_node *pn, const struct vsoc_dt_prop *p,
		       const fdt32_t *value, int len)
{
	if (!len && p->arg != VSOC_DT_U32)
		return p->def;
	if (len == 4 && p->arg != VSOC_DT_FLAG)
		return fdt32_to_cpu(*value);
	fatal("DT %s: %s has %d bytes; allowed: %s", pn->path, p->name, len,
	      p->allowed);
}

/* The first field of a mask, for messages */
static const char *first_field(u32 mask)
{
	int f;

	for (f = 0; f < VSOC_NR_FIELDS; f++)
		if (mask & vsoc_field_mask(f))
			return vsoc_field_name(f);
	return "?";
}

/* The configuration properties of a node, checked as section 5 says */
static void dt_parse_config(const struct verify *v, int node, struct pin_node *pn)
{
	const struct vsoc_dt_prop *p;
	const char *name;
	const fdt32_t *value;
	u32 mask, val, arg;
	int off, len;

	fdt_for_each_property_offset(off, v->fdt, node) {
		value = fdt_getprop_by_offset(v->fdt, off, &name, &len);
		if (vsoc_dt_node_prop(name))
			continue;
		p = vsoc_dt_prop_find(name);
		if (!p)
			fatal("DT %s: %s is not a pin configuration property of the datasheet",
			      pn->path, name);
		arg = dt_prop_arg(pn, p, value, len);
		if (vsoc_param_encode(p->param, arg, &mask, &val))
			fatal("DT %s: %s = <%u> cannot be held by the hardware; allowed: %s",
			      pn->path, name, arg, p->allowed);
		/* one node that sets a field twice is an error (section 5) */
		if (pn->mask & mask)
			fatal("DT %s: %s sets %s, as another property of the node does",
			      pn->path, name, first_field(pn->mask & mask));
		pn->mask |= mask;
		pn->val |= val;
	}
}

#define for_each_string(s, list, len) \
	for (s = (list); s && s < (list) + (len); s += strlen(s) + 1)

/* A property that is a non-empty list of strings; NULL if absent */
static const char *dt_strings(const struct pin_node *pn, const void *fdt, int node,
			      const char *prop, int *len)
{
	const char *s = fdt_getprop(fdt, node, prop, len);

	if (s && (*len < 2 || s[*len - 1] || !s[0]))
		fatal("DT %s: %s must be a non-empty list of strings", pn->path, prop);
	return s;
}

/* The pins or groups of a node, and its function, checked against the part */
static void dt_parse_targets(const struct verify *v, int node, struct pin_node *pn)
{
	int plen, glen, flen;
	const char *pins = dt_strings(pn, v->fdt, node, "pins", &plen);
	const char *groups = dt_strings(pn, v->fdt, node, "groups", &glen);
	const char *t;
	unsigned int buf[VSOC_GROUP_MAX_PINS];

	pn->function = dt_strings(pn, v->fdt, node, "function", &flen);
	if (pn->function && (int)strlen(pn->function) + 1 != flen)
		fatal("DT %s: function must be one string", pn->path);
	if (pn->function && !vsoc_function_exists(pn->function))
		fatal("DT %s: no function %s in the datasheet", pn->path, pn->function);
	if (pins && groups)
		fatal("DT %s: has both pins and groups", pn->path);
	pn->targets = pins ? pins : groups;
	pn->len = pins ? plen : glen;
	if (!pn->targets && (pn->function || pn->mask))
		fatal("DT %s: has pin settings but neither pins nor groups", pn->path);

	for_each_string(t, pn->targets, pn->len) {
		if (pins ? vsoc_pin_by_name(t, v->npins) < 0 :
			   vsoc_group_pins(t, v->npins, buf) < 0)
			fatal("DT %s: this part has no %s %s", pn->path,
			      pins ? "pin" : "group", t);
		if (pn->function && vsoc_mux_select(pn->function, t, v->npins) < 0)
			fatal("DT %s: function %s cannot be muxed on %s", pn->path,
			      pn->function, t);
	}
}

typedef void (*pin_node_fn)(struct verify *v, const struct pin_node *pn,
			    const char *dev);

static void visit_node(struct verify *v, int node, int top, pin_node_fn fn,
		       const char *dev)
{
	struct pin_node pn = { 0 };

	dt_path(v->fdt, node, pn.path, sizeof(pn.path));
	dt_path(v->fdt, top, pn.state_path, sizeof(pn.state_path));
	dt_parse_config(v, node, &pn);
	dt_parse_targets(v, node, &pn);
	if (pn.targets)
		fn(v, &pn, dev);
}

/*
 * A node a state points to: the node itself, then its available children,
 * as pinconf_generic_dt_node_to_map_all() makes maps of them.
 */
static void visit_config(struct verify *v, int node, pin_node_fn fn, const char *dev)
{
	int child;

	visit_node(v, node, node, fn, dev);
	fdt_for_each_subnode(child, v->fdt, node)
		if (dt_available(v->fdt, child))
			visit_node(v, child, node, fn, dev);
}

static bool dt_below(const void *fdt, int node, int ancestor)
{
	while (node > 0 && node != ancestor)
		node = fdt_parent_offset(fdt, node);
	return node == ancestor;
}

/* The name of state i of a node: pinctrl-names[i], or "i" if it has none */
static const char *dt_state_name(const void *fdt, int node, int i, char *buf, size_t n)
{
	const char *name = fdt_stringlist_get(fdt, node, "pinctrl-names", i, NULL);

	if (name)
		return name;
	snprintf(buf, n, "%d", i);
	return buf;
}

/*
 * Every pin node of a device's state, in the core's order: each pinctrl-N
 * the state is called by, each of its phandles, each node with its children.
 * Returns how many pinctrl-N properties are the state.
 */
static int walk_state(struct verify *v, int dev_node, const char *state,
		      pin_node_fn fn, const char *dev)
{
	const fdt32_t *ph;
	char prop[32], num[16], path[256];
	int i, j, len, node, found = 0;

	for (i = 0;; i++) {
		snprintf(prop, sizeof(prop), "pinctrl-%d", i);
		ph = fdt_getprop(v->fdt, dev_node, prop, &len);
		if (!ph)
			return found;
		if (strcmp(dt_state_name(v->fdt, dev_node, i, num, sizeof(num)), state))
			continue;
		found++;
		for (j = 0; j < len / 4; j++) {
			node = fdt_node_offset_by_phandle(v->fdt, fdt32_to_cpu(ph[j]));
			if (node < 0) {
				dt_path(v->fdt, dev_node, path, sizeof(path));
				fatal("DT %s: %s: phandle %d is not a node", path, prop, j);
			}
			/* a node belongs to the controller it sits under */
			if (dt_below(v->fdt, node, v->ctrl))
				visit_config(v, node, fn, dev);
		}
	}
}

/* Expected view: what the DT asks for */

static void apply_mux(struct verify *v, const struct pin_node *pn, const char *dev)
{
	unsigned int pins[VSOC_GROUP_MAX_PINS];
	struct pin_view *pv;
	const char *t;
	int sel, n, i;

	if (!pn->function)
		return;
	for_each_string(t, pn->targets, pn->len) {
		sel = vsoc_mux_select(pn->function, t, v->npins);
		n = vsoc_group_pins(t, v->npins, pins);
		for (i = 0; i < n; i++) {
			pv = &v->pins[pins[i]].view[VIEW_EXPECTED];
			pv->mux = sel;
			snprintf(pv->owner, sizeof(pv->owner), "%s %s/%s", dev,
				 pn->function, t);
		}
	}
}

/* One copy of each source string: pins share them */
static const char *intern(const char *str)
{
	static char **strs;
	static size_t n, size;
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(strs[i], str))
			return strs[i];
	if (n == size) {
		size = size ? 2 * size : 64;
		strs = realloc(strs, size * sizeof(*strs));
		if (!strs)
			fatal("out of memory");
	}
	strs[n] = strdup(str);
	if (!strs[n])
		fatal("out of memory");
	return strs[n++];
}

/*
 * The fields whose owner a setting of @mask becomes: the core keeps one
 * owner per kind of parameter, so a bias-disable owns the pull resistor
 * too, and an input-schmitt-enable the hysteresis.
 */
static u32 owned_fields(u32 mask)
{
	if (mask & (vsoc_field_mask(VSOC_F_BIAS) | vsoc_field_mask(VSOC_F_PULL)))
		mask |= vsoc_field_mask(VSOC_F_BIAS) | vsoc_field_mask(VSOC_F_PULL);
	if (mask & (vsoc_field_mask(VSOC_F_SCHMITT) | vsoc_field_mask(VSOC_F_HYST)))
		mask |= vsoc_field_mask(VSOC_F_SCHMITT) | vsoc_field_mask(VSOC_F_HYST);
	return mask;
}

static void apply_config(struct verify *v, const struct pin_node *pn, const char *dev)
{
	unsigned int pins[VSOC_GROUP_MAX_PINS];
	struct pin_view *pv;
	const char *t;
	int n, i;

	char src[512];
	int f;

	/* the core names the node the state points at */
	snprintf(src, sizeof(src), "%s (%s, %s)", pn->state_path, dev, v->state);
	for_each_string(t, pn->targets, pn->len) {
		n = vsoc_group_pins(t, v->npins, pins);
		for (i = 0; i < n; i++) {
			pv = &v->pins[pins[i]].view[VIEW_EXPECTED];
			/* a setting changes only the fields it names */
			pv->pad = (pv->pad & ~pn->mask) | pn->val;
			for (f = 0; f < VSOC_F_RESERVED; f++)
				if (owned_fields(pn->mask) & vsoc_field_mask(f))
					v->pins[pins[i]].src[0][f] = intern(src);
		}
	}
}

/* pinctrl_commit_state(): every mux setting of a state, then every config */
static void apply_state(struct verify *v, int node, const char *dev, const char *state)
{
	char path[256];

	if (!walk_state(v, node, state, apply_mux, dev)) {
		dt_path(v->fdt, node, path, sizeof(path));
		fatal("pinctrl-handles: %s is in state %s, which DT %s does not have",
		      dev, state, path);
	}
	v->state = state;
	walk_state(v, node, state, apply_config, dev);
}

/*
 * Whether the core made the state: a name of pinctrl-names with its
 * pinctrl-N (the core stops at the first missing pinctrl-N; a name
 * without one is no state, make fuzz found the verifier taking it for one)
 */
static bool has_state(const struct verify *v, int node, const char *state)
{
	char num[16], prop[32];
	int i;

	for (i = 0; i < fdt_stringlist_count(v->fdt, node, "pinctrl-names"); i++) {
		snprintf(prop, sizeof(prop), "pinctrl-%d", i);
		if (!fdt_getprop(v->fdt, node, prop, NULL))
			break;
		if (!strcmp(dt_state_name(v->fdt, node, i, num, sizeof(num)), state))
			return true;
	}
	return false;
}

/*
 * The states pinctrl-handles says are applied, in its order (the order the
 * handles were made: the controller's hogs first). A consumer with an
 * "init" state went through it before "default" (pinctrl_init_done()).
 */
static void apply_handles(struct verify *v)
{
	char *text = dump_text(v, DEBUGFS "/pinctrl-handles"), *line, *save;
	char dev[256], state[64];
	int node;

	if (!text)
		fatal("console.log has no %s dump of " DEBUGFS "/pinctrl-handles", v->phase);
	for_each_line(line, text, save) {
		if (sscanf(line, "device: %255s current state: %63s", dev, state) != 2)
			continue;
		if (!strcmp(state, "none"))
			continue;
		node = dt_find_device(v, dev);
		if (node != v->ctrl && !strcmp(state, "default") && has_state(v, node, "init"))
			apply_state(v, node, dev, "init");
		apply_state(v, node, dev, state);
	}
	free(text);
}

/*
 * A device that failed to probe gave its mux claims back, and its settings,
 * which stay in the registers, are no longer owned by it (pinconf-owners)
 */
static void release_claims(struct verify *v, const char *dev)
{
	size_t len = strlen(dev);
	const char **src;
	char tag[280];
	unsigned int p;
	char *owner;
	int f;

	snprintf(tag, sizeof(tag), " (%s, ", dev);
	for (p = 0; p < v->npins; p++) {
		owner = v->pins[p].view[VIEW_EXPECTED].owner;
		if (!strncmp(owner, dev, len) && owner[len] == ' ')
			owner[0] = '\0';
		src = v->pins[p].src[0];
		for (f = 0; f < VSOC_F_RESERVED; f++)
			if (src[f] && strstr(src[f], tag))
				src[f] = NULL;
	}
}

/* The transitions of --then and --failed, after the handles */
static void apply_then(struct verify *v)
{
	char dev[256], *state;
	unsigned int i;

	for (i = 0; i < v->nthen; i++) {
		snprintf(dev, sizeof(dev), "%s", v->then[i]);
		state = strchr(dev, '=');
		if (!state)
			fatal("--then %s: expected DEV=STATE", v->then[i]);
		*state++ = '\0';
		apply_state(v, dt_find_device(v, dev), dev, state);
		if (v->failed[i])
			release_claims(v, dev);
	}
}

static void build_expected(struct verify *v)
{
	struct pin_view *pv;
	unsigned int p;

	for (p = 0; p < v->npins; p++) {
		pv = &v->pins[p].view[VIEW_EXPECTED];
		pv->shown = ALL_ITEMS;
		if (!v->reset)
			continue;
		pv->pad = get_le32(v->reset + VSOC_REG_PAD(p));
		pv->mux = get_le32(v->reset + VSOC_REG_MUX(p)) >> VSOC_MUX_SHIFT(p) &
			  VSOC_MUX_MASK;
	}
	apply_handles(v);
	apply_then(v);
	/* a GPIO request puts its pin on select 0 (gpio_request_enable()) */
	for (p = 0; p < v->npins; p++) {
		if (strcmp(v->pins[p].view[VIEW_DEBUGFS].owner, "GPIO"))
			continue;
		pv = &v->pins[p].view[VIEW_EXPECTED];
		pv->mux = 0;
		snprintf(pv->owner, sizeof(pv->owner), "GPIO");
	}
}

/* Comparison */

static void compare(struct verify *v)
{
	const struct pin_view *a, *b;
	unsigned int p, i, j;
	int item;

	for (p = 0; p < v->npins; p++) {
		for (item = 0; item < NR_ITEMS; item++) {
			for (i = 0; i < NR_VIEWS; i++) {
				a = &v->pins[p].view[i];
				if (!shows(a, item))
					continue;
				if (a->bad & BIT(item))
					v->pins[p].differ |= BIT(item);
				for (j = i + 1; j < NR_VIEWS; j++) {
					b = &v->pins[p].view[j];
					if (shows(b, item) && !same(a, b, item))
						v->pins[p].differ |= BIT(item);
				}
			}
		}
	}
}

/* The items a view shows differently from the expected one */
static u32 differs_from_expected(const struct pin *p, enum view view)
{
	const struct pin_view *e = &p->view[VIEW_EXPECTED], *pv = &p->view[view];
	u32 d = 0;
	int item;

	for (item = 0; item < NR_ITEMS; item++)
		if (shows(pv, item) && !same(e, pv, item))
			d |= BIT(item);
	return d;
}

static bool view_touched(const struct pin_view *pv)
{
	int item;

	if (pv->bad || (shows(pv, ITEM_OWNER) && pv->owner[0]))
		return true;
	for (item = 0; item < NR_ITEMS; item++)
		if (item != ITEM_OWNER && shows(pv, item) && item_value(pv, item))
			return true;
	return false;
}

static bool pin_touched(const struct pin *p)
{
	unsigned int i;

	if (p->differ)
		return true;
	for (i = 0; i < NR_VIEWS; i++)
		if (view_touched(&p->view[i]))
			return true;
	return false;
}

/* Output */

/* PULL with a pull and HYST with Schmitt mean something even at 0 */
static bool meaningful_zero(const struct pin_view *pv, int f)
{
	u32 bias = vsoc_field_get(pv->pad, VSOC_F_BIAS);

	if (f == VSOC_F_PULL)
		return bias == VSOC_BIAS_PULL_UP || bias == VSOC_BIAS_PULL_DOWN;
	if (f == VSOC_F_HYST)
		return vsoc_field_get(pv->pad, VSOC_F_SCHMITT);
	return false;
}

/* The non-reset items of a view, short: "mux1 BIAS=pull-up PULL=47k" */
static void view_list(const struct pin_view *pv, char *buf, size_t n)
{
	size_t len = 0;
	char val[32];
	int f;

	buf[0] = '\0';
	if (shows(pv, ITEM_OWNER) && !strcmp(pv->owner, "GPIO"))
		len += snprintf(buf + len, n - len, " gpio");
	else if (shows(pv, ITEM_MUX) && (pv->mux || (pv->bad & BIT(ITEM_MUX)) ||
					 (shows(pv, ITEM_OWNER) && pv->owner[0])))
		len += snprintf(buf + len, n - len, " mux%s",
				item_str(pv, ITEM_MUX, val, sizeof(val)));
	for (f = 0; f < VSOC_NR_FIELDS && len < n; f++) {
		if (!shows(pv, f) || !(item_value(pv, f) || (pv->bad & BIT(f)) ||
				       meaningful_zero(pv, f)))
			continue;
		len += snprintf(buf + len, n - len, " %s=%s", vsoc_field_name(f),
				item_str(pv, f, val, sizeof(val)));
	}
	if (!buf[0])
		snprintf(buf, n, " reset");
	memmove(buf, buf + 1, strlen(buf));
}

/* The views that show an item as view i does, as a mask */
static u32 agreeing(const struct pin *p, int item, unsigned int i)
{
	u32 m = 0;
	unsigned int j;

	for (j = 0; j < NR_VIEWS; j++)
		if (shows(&p->view[j], item) &&
		    (i == j || same(&p->view[i], &p->view[j], item)))
			m |= BIT(j);
	return m;
}

static size_t describe_group(const struct pin *p, int item, unsigned int i,
			     u32 group, char *buf, size_t n)
{
	const struct pin_view *pv = &p->view[i];
	char val[OWNER_LEN];
	const char *sep = "";
	size_t len = 0;
	unsigned int j;

	for (j = 0; j < NR_VIEWS && len < n; j++) {
		if (group & BIT(j)) {
			len += snprintf(buf + len, n - len, "%s%s", sep, view_names[j]);
			sep = "/";
		}
	}
	if (len < n)
		len += snprintf(buf + len, n - len, "=%s", item_str(pv, item, val, sizeof(val)));
	if (len < n && (pv->bad & BIT(item)))
		len += snprintf(buf + len, n - len, " (%s)", pv->why[item]);
	return len;
}

/*
 * How the views disagree on one item: the smallest groups of agreeing
 * views first, and of groups as large, the one with the expected view last
 * (the DT is the reference): "STAGES: registers=8mA, expected/debugfs=4mA".
 */
static size_t describe_item(const struct pin *p, int item, char *buf, size_t n)
{
	size_t len = snprintf(buf, n, "%s: ", item_name(item));
	unsigned int want, i, pass;
	u32 done = 0, group;

	for (want = 1; want <= NR_VIEWS; want++) {
		for (pass = 0; pass < 2; pass++) {
			for (i = 0; i < NR_VIEWS && len < n; i++) {
				group = agreeing(p, item, i);
				if ((done & BIT(i)) || !shows(&p->view[i], item) ||
				    (unsigned int)__builtin_popcount(group) != want ||
				    !(group & BIT(VIEW_EXPECTED)) != !pass)
					continue;
				if (done)
					len += snprintf(buf + len, n - len, ", ");
				if (len < n)
					len += describe_group(p, item, i, group, buf + len, n - len);
				done |= group;
			}
		}
	}
	return len;
}

static void verdict(const struct pin *p, char *buf, size_t n)
{
	size_t len;
	int item;

	if (!p->differ) {
		snprintf(buf, n, "ok");
		return;
	}
	len = snprintf(buf, n, "MISMATCH");
	for (item = 0; item < NR_ITEMS && len < n; item++) {
		if (!(p->differ & BIT(item)))
			continue;
		len += snprintf(buf + len, n - len, len > 8 ? "; " : " ");
		if (len < n)
			len += describe_item(p, item, buf + len, n - len);
	}
}

struct row {
	const struct pin *p;
	char pin[8];
	char expected[512];
	char debugfs[600];
	char registers[512];
	char verdict[2048];
};

static void make_row(const struct pin *p, unsigned int pin, struct row *r)
{
	const struct pin_view *pins = &p->view[VIEW_PINS];
	size_t len;

	r->p = p;
	vsoc_pin_name(pin, r->pin, sizeof(r->pin));
	view_list(&p->view[VIEW_EXPECTED], r->expected, sizeof(r->expected));
	if (differs_from_expected(p, VIEW_DEBUGFS) | differs_from_expected(p, VIEW_PINS)) {
		view_list(&p->view[VIEW_DEBUGFS], r->debugfs, sizeof(r->debugfs));
		len = strlen(r->debugfs);
		if (differs_from_expected(p, VIEW_PINS))
			snprintf(r->debugfs + len, sizeof(r->debugfs) - len,
				 " [pins: mux %u pad 0x%08x]", pins->mux, pins->pad);
	} else {
		snprintf(r->debugfs, sizeof(r->debugfs), "=");
	}
	if (differs_from_expected(p, VIEW_REGISTERS))
		view_list(&p->view[VIEW_REGISTERS], r->registers, sizeof(r->registers));
	else
		snprintf(r->registers, sizeof(r->registers), "=");
	verdict(p, r->verdict, sizeof(r->verdict));
}

static unsigned int count_mismatches(const struct verify *v)
{
	unsigned int p, m = 0;

	for (p = 0; p < v->npins; p++)
		m += !!v->pins[p].differ;
	return m + v->src_mismatches;
}

/*
 * The core's pinconf-owners: "pin N (NAME): PROP[ <ARG>], ... <- NODE (DEV,
 * STATE); ... <- set at run time" per pin, in the DT's words. Each property
 * names the PAD fields it sets. Optional: older captures do not have it.
 */
static void parse_sources(struct verify *v)
{
	char path[512], *text, *line, *save, *part, *psave, *arrow, *cfg, *csave, *sp;
	const struct vsoc_dt_prop *dp;
	const char *rest, *src;
	int pin, f;
	u32 fields;

	snprintf(path, sizeof(path), DEBUGFS "/%s/pinconf-owners", v->ctrl_name);
	text = dump_text(v, path);
	if (!text)
		return;
	v->has_sources = true;
	for_each_line(line, text, save) {
		if (strncmp(line, "pin ", 4))
			continue;
		pin = parse_pin_head(v, line, ": ", &rest);
		if (pin < 0)
			fatal("pinconf-owners: bad line: %s", line);
		for (part = strtok_r((char *)rest, ";", &psave); part;
		     part = strtok_r(NULL, ";", &psave)) {
			arrow = strstr(part, " <- ");
			if (!arrow)
				fatal("pinconf-owners: bad owner: %s", part);
			*arrow = '\0';
			src = arrow + 4;
			/* a setting made at run time is no DT node's */
			if (!strcmp(src, "set at run time"))
				src = NULL;
			/* ", " between configurations: "vsoc,wakeup" has a comma */
			for (cfg = part + strspn(part, " "); cfg; cfg = csave) {
				csave = strstr(cfg, ", ");
				if (csave) {
					*csave = '\0';
					csave += 2;
				}
				sp = strchr(cfg, ' ');
				if (sp)
					*sp = '\0';
				dp = vsoc_dt_prop_find(cfg);
				if (!dp)
					fatal("pinconf-owners: unknown property %s", cfg);
				fields = owned_fields(vsoc_param_fields(dp->param));
				for (f = 0; f < VSOC_F_RESERVED; f++)
					if (fields & vsoc_field_mask(f))
						v->pins[pin].src[1][f] = src ? intern(src) : NULL;
			}
		}
	}
	free(text);
}

/*
 * The DTB walk and the driver must agree on who set each field; with
 * print, say where they do not.
 */
static void compare_sources(struct verify *v, bool print)
{
	const struct pin *p;
	unsigned int pin;
	char name[8];
	int f;

	if (!v->has_sources)
		return;
	for (pin = 0; pin < v->npins; pin++) {
		p = &v->pins[pin];
		for (f = 0; f < VSOC_F_RESERVED; f++) {
			if (p->src[0][f] == p->src[1][f])
				continue;
			v->src_mismatches++;
			if (!print)
				continue;
			vsoc_pin_name(pin, name, sizeof(name));
			printf("%s %s: the DTB walk says %s, pinconf-owners says %s\n",
			       name, vsoc_field_name(f),
			       p->src[0][f] ?: "(none)", p->src[1][f] ?: "(none)");
		}
	}
}

/* Below a mismatching row: where its fields came from */
static void print_row_sources(const struct pin *p)
{
	int f;

	for (f = 0; f < VSOC_F_RESERVED; f++)
		if ((p->differ & BIT(f)) && (p->src[1][f] || p->src[0][f]))
			printf("      %s set by %s\n", vsoc_field_name(f),
			       p->src[1][f] ?: p->src[0][f]);
}

static void print_table(struct verify *v)
{
	static const struct row head = {
		NULL, "pin", "expected", "debugfs", "registers", "verdict",
	};
	struct row *rows = xcalloc(v->npins + 1, sizeof(*rows));
	int w[4] = { 0 };
	unsigned int p, n = 0, i;

	rows[n++] = head;
	for (p = 0; p < v->npins; p++)
		if (pin_touched(&v->pins[p]))
			make_row(&v->pins[p], p, &rows[n++]);
	for (i = 0; i < n; i++) {
		w[0] = w[0] > (int)strlen(rows[i].pin) ? w[0] : (int)strlen(rows[i].pin);
		w[1] = w[1] > (int)strlen(rows[i].expected) ? w[1] : (int)strlen(rows[i].expected);
		w[2] = w[2] > (int)strlen(rows[i].debugfs) ? w[2] : (int)strlen(rows[i].debugfs);
		w[3] = w[3] > (int)strlen(rows[i].registers) ? w[3] : (int)strlen(rows[i].registers);
	}
	compare_sources(v, true);
	for (i = 0; i < n; i++) {
		printf("%-*s  %-*s  %-*s  %-*s  %s\n", w[0], rows[i].pin,
		       w[1], rows[i].expected, w[2], rows[i].debugfs,
		       w[3], rows[i].registers, rows[i].verdict);
		if (i && rows[i].p->differ)
			print_row_sources(rows[i].p);
	}
	printf("%s: %u pins checked, %u mismatches\n", v->board, v->npins,
	       count_mismatches(v));
	free(rows);
}

static void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			printf("\\u%04x", *s);
		else
			putchar(*s);
	}
	putchar('"');
}

static void json_view(const struct pin_view *pv)
{
	const char *sep = "";
	char val[OWNER_LEN];
	int item;

	putchar('{');
	if ((pv->shown & ALL_FIELDS) == ALL_FIELDS && !(pv->bad & ALL_FIELDS)) {
		printf("\"PAD\": \"0x%08x\"", pv->pad);
		sep = ", ";
	}
	for (item = 0; item < NR_ITEMS; item++) {
		if (!shows(pv, item))
			continue;
		printf("%s\"%s\": ", sep, item_name(item));
		json_str(item_str(pv, item, val, sizeof(val)));
		sep = ", ";
	}
	putchar('}');
}

static void json_pin(const struct pin *p, unsigned int pin)
{
	char name[8], buf[1024];
	const char *sep = "";
	unsigned int i;
	int item;

	vsoc_pin_name(pin, name, sizeof(name));
	printf("    {\"pin\": \"%s\", \"number\": %u", name, pin);
	for (i = 0; i < NR_VIEWS; i++) {
		printf(", \"%s\": ", view_names[i]);
		json_view(&p->view[i]);
	}
	printf(", \"verdict\": \"%s\", \"mismatches\": [", p->differ ? "MISMATCH" : "ok");
	for (item = 0; item < NR_ITEMS; item++) {
		if (!(p->differ & BIT(item)))
			continue;
		describe_item(p, item, buf, sizeof(buf));
		printf("%s{\"field\": \"%s\", \"detail\": ", sep, item_name(item));
		json_str(buf);
		putchar('}');
		sep = ", ";
	}
	printf("]}");
}

static void print_json(const struct verify *v)
{
	const char *sep = "\n";
	unsigned int p;

	printf("{\"board\": ");
	json_str(v->board);
	printf(", \"controller\": ");
	json_str(v->ctrl_name);
	printf(", \"pins_checked\": %u, \"mismatches\": %u, \"pins\": [",
	       v->npins, count_mismatches(v));
	for (p = 0; p < v->npins; p++) {
		if (!pin_touched(&v->pins[p]))
			continue;
		fputs(sep, stdout);
		json_pin(&v->pins[p], p);
		sep = ",\n";
	}
	printf("\n]}\n");
}

/* For the tests: the expected view, one line per pin it touches */
static void dump_expected(const struct verify *v)
{
	const struct pin_view *pv;
	char name[8], list[512];
	unsigned int p;

	for (p = 0; p < v->npins; p++) {
		pv = &v->pins[p].view[VIEW_EXPECTED];
		if (!view_touched(pv))
			continue;
		vsoc_pin_name(p, name, sizeof(name));
		view_list(pv, list, sizeof(list));
		printf("%s mux=%u pad=0x%08x owner=%s : %s\n", name, pv->mux, pv->pad,
		       pv->owner[0] ? pv->owner : "-", list);
	}
}

/* Main */

/* A KTAP name: no '#', no blanks */
static void ktap_name(const char *in, char *out, size_t n)
{
	size_t i;

	for (i = 0; in[i] && i + 1 < n; i++)
		out[i] = (in[i] == '#' || isspace((unsigned char)in[i])) ? '_' : in[i];
	out[i] = '\0';
}

/*
 * KTAP v1 (Documentation/dev-tools/ktap.rst): one suite for the board, a
 * test per pin the table shows (its verdict in the diagnostic line when it
 * mismatches) and a test per device of pinctrl-handles (its state).
 */
static void print_ktap(struct verify *v)
{
	char *text = dump_text(v, DEBUGFS "/pinctrl-handles"), *line, *save;
	char dev[256], state[64], name[300];
	unsigned int p, n = 0, i = 0, bad;
	const char *board;
	struct row r;

	for (p = 0; p < v->npins; p++)
		n += pin_touched(&v->pins[p]);
	for_each_line(line, text, save)
		n += sscanf(line, "device: %255s current state: %63s", dev, state) == 2;
	free(text);
	bad = count_mismatches(v);
	/* the board as its DT names it: the guest has no run directory */
	board = fdt_getprop(v->fdt, 0, "compatible", NULL);
	ktap_name(board ? board : v->board, name, sizeof(name));
	printf("KTAP version 1\n1..1\n");
	printf("    KTAP version 1\n    # Subtest: %s\n    1..%u\n", name, n);
	for (p = 0; p < v->npins; p++) {
		if (!pin_touched(&v->pins[p]))
			continue;
		make_row(&v->pins[p], p, &r);
		if (v->pins[p].differ)
			printf("    # %s: expected %s; %s\n", r.pin, r.expected, r.verdict);
		printf("    %s %u %s\n", v->pins[p].differ ? "not ok" : "ok", ++i, r.pin);
	}
	text = dump_text(v, DEBUGFS "/pinctrl-handles");
	for_each_line(line, text, save) {
		if (sscanf(line, "device: %255s current state: %63s", dev, state) != 2)
			continue;
		ktap_name(dev, name, sizeof(name));
		printf("    # %s: state %s\n", dev, state);
		printf("    ok %u consumer_%s\n", ++i, name);
	}
	free(text);
	ktap_name(board ? board : v->board, name, sizeof(name));
	printf("# %s: %u pins checked, %u mismatches\n", name, v->npins, bad);
	printf("%s 1 %s\n", bad ? "not ok" : "ok", name);
}

static void usage(void)
{
	fprintf(stderr,
		"usage: vsoc-verify [--json|--ktap] RUNDIR\n"
		"       vsoc-verify [--json] [RUNDIR] [--dtb F] [--console F] [--regs F]\n"
		"                   [--reset F] [--phase P] [--then DEV=STATE]...\n"
		"                   [--failed DEV=STATE]..."
		"                   [--registers-only]\n");
	exit(2);
}

static void parse_args(int argc, char **argv, struct options *o)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json"))
			o->json = true;
		else if (!strcmp(argv[i], "--ktap"))
			o->ktap = true;
		else if (!strcmp(argv[i], "--if-vsoc"))
			o->if_vsoc = true;
		else if (i + 1 < argc && !strcmp(argv[i], "--mem"))
			o->mem = argv[++i];
		else if (!strcmp(argv[i], "--dump-expected"))
			o->dump_expected = true;
		else if (i + 1 < argc && !strcmp(argv[i], "--dtb"))
			o->dtb = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--console"))
			o->console = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--regs"))
			o->regs = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--reset"))
			o->reset = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--phase"))
			o->phase = argv[++i];
		else if (i + 1 < argc && (!strcmp(argv[i], "--then") ||
					  !strcmp(argv[i], "--failed")) &&
			 o->nthen < MAX_THEN) {
			o->failed[o->nthen] = !strcmp(argv[i], "--failed");
			o->then[o->nthen++] = argv[++i];
		}
		else if (!strcmp(argv[i], "--registers-only"))
			o->registers_only = true;
		else if (argv[i][0] != '-' && !o->rundir)
			o->rundir = argv[i];
		else
			usage();
	}
	if (o->rundir) {
		o->dtb = o->dtb ? o->dtb : find_dtb(o->rundir);
		o->console = o->console ? o->console : in_dir(o->rundir, "console.log");
		o->regs = o->regs ? o->regs : in_dir(o->rundir, "regs.bin");
	}
	if (!o->dtb || !o->console || (!o->regs && !o->mem && !o->dump_expected))
		usage();
}

/*
 * The part's size comes from the registers; --dump-expected has none and
 * takes it from the debugfs pins file.
 */
static void size_from_console(struct verify *v)
{
	char *text = ctrl_dump(v, "pins");
	unsigned int n;

	if (sscanf(text, "registered pins: %u", &n) != 1 || !n ||
	    n % VSOC_PINS_PER_BANK || n > VSOC_MAX_PINS)
		fatal("debugfs pins: no pin count");
	v->npins = n;
	free(text);
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	struct verify v = { 0 };
	unsigned int n;
	char name[8];

	/* the datasheet's names of pins 0..N-1, one a line, for scripts */
	if (argc == 3 && !strcmp(argv[1], "--pin-names")) {
		n = (unsigned int)strtoul(argv[2], NULL, 0);
		if (n > VSOC_MAX_BANKS * VSOC_PINS_PER_BANK)
			fatal("--pin-names: at most %u pins", VSOC_MAX_BANKS * VSOC_PINS_PER_BANK);
		for (unsigned int p = 0; p < n; p++) {
			vsoc_pin_name(p, name, sizeof(name));
			puts(name);
		}
		return 0;
	}

	parse_args(argc, argv, &o);
	v.phase = o.phase ? o.phase : "boot";
	v.then = o.then;
	v.failed = o.failed;
	v.nthen = o.nthen;
	if (o.rundir)
		base_name(o.rundir, NULL, v.board, sizeof(v.board));
	else
		base_name(o.dtb, ".dtb", v.board, sizeof(v.board));
	load_dtb(&v, o.dtb);
	/* --if-vsoc: a board without a VSOC controller is no error (the
	 * guest's /init asks of every board) */
	if (o.if_vsoc && fdt_node_offset_by_compatible(v.fdt, -1, "vsoc,vsoc1-pinctrl") < 0)
		return 0;
	load_console(&v, o.console);
	find_controller(&v);
	if (o.mem)
		v.regs = map_window(&v, o.mem, &v.npins);
	else if (o.regs && !o.dump_expected)
		v.regs = load_window(o.regs, &v.npins);
	else
		size_from_console(&v);
	if (o.reset) {
		v.reset = load_window(o.reset, &n);
		if (n != v.npins)
			fatal("%s: %u pins, the board has %u", o.reset, n, v.npins);
	}
	v.pins = xcalloc(v.npins, sizeof(*v.pins));

	parse_pinmux(&v);
	if (o.dump_expected) {
		build_expected(&v);
		dump_expected(&v);
		return 0;
	}
	if (o.registers_only) {
		/* the owners still say which pins GPIO took; nothing else */
		for (n = 0; n < v.npins; n++)
			v.pins[n].view[VIEW_DEBUGFS].shown = 0;
	} else {
		parse_pinconf(&v);
		parse_pins(&v);
		parse_sources(&v);
	}
	read_registers(&v);
	build_expected(&v);
	compare(&v);
	if (o.json) {
		compare_sources(&v, false);
		print_json(&v);
	} else if (o.ktap) {
		compare_sources(&v, false);
		print_ktap(&v);
	} else {
		print_table(&v);
	}
	return count_mismatches(&v) ? 1 : 0;
}

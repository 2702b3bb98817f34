// SPDX-License-Identifier: GPL-2.0
/*
 * rehearse-ktap: the verdict of a rehearsed real board as KTAP v1, computed
 * in the guest from what the guest sees: the plan the host wrote into the
 * booted DTB (/proc/device-tree/rehearse-plan, pincheck/ktap.py: what
 * the board's DT asks for, register field by register field), the pin
 * controllers' debugfs files, the kernel log and the register windows
 * through /dev/mem. guest/init.c runs it when the DTB has a plan.
 *
 *	rehearse-ktap [--root DIR] [--mem FILE]
 *
 * --root DIR reads DIR/proc/device-tree/..., DIR/sys/kernel/debug/... and
 * DIR/dmesg instead of the guest's own files, and --mem FILE a file of the
 * physical address space from 0 (both for tests on the host).
 *
 * One suite for the board; a test per pin row of the plan: each field's
 * register value under its mask against the expected one, the driver's
 * read-back in debugfs where it shows the field, and the mux owner in
 * pinmux-pins; a test per consumer: the state pinctrl-handles shows against
 * the one the DT asks for. A failing test's diagnostic line says what
 * differs, in the words of the host's table (pincheck/), so that the
 * console and the host print the same KTAP.
 *
 * Exit 0 when every test passes, 1 when one fails, 2 when there is no plan
 * or it cannot be read.
 */
#define _GNU_SOURCE		/* strcasestr */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <unistd.h>

#include "util.h"

typedef uint32_t u32;

#define PLAN		"/proc/device-tree/rehearse-plan"
#define DEBUGFS		"/sys/kernel/debug/pinctrl"
#define MAX_WINDOWS	16

const char *progname = "rehearse-ktap";
static const char *root = "";
static const char *mem = "/dev/mem";

static char *path_of(const char *fmt, ...)
{
	char *rel, *p;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&rel, fmt, ap) < 0)
		fatal("out of memory");
	va_end(ap);
	if (asprintf(&p, "%s%s", root, rel) < 0)
		fatal("out of memory");
	free(rel);
	return p;
}

/* The plan: properties of /rehearse-plan/<node> */

static char *prop(const char *node, const char *name, size_t *len)
{
	char *p = path_of(PLAN "/%s/%s", node, name);
	char *v = read_file_opt(p, len);

	free(p);
	return v;
}

static char *prop_str(const char *node, const char *name)
{
	char *v = prop(node, name, NULL);

	return v ? v : xstrdup("");
}

static bool prop_has(const char *node, const char *name)
{
	char *p = path_of(PLAN "/%s/%s", node, name);
	bool has = access(p, F_OK) == 0;

	free(p);
	return has;
}

/* Big-endian cells; *n their number */
static u32 *prop_cells(const char *node, const char *name, unsigned int *n)
{
	size_t len = 0, i;
	unsigned char *v = (unsigned char *)prop(node, name, &len);
	u32 *cells;

	if (!v || len % 4)
		fatal("plan: %s/%s: no cells", node, name);
	*n = len / 4;
	cells = xcalloc(*n, sizeof(*cells));
	for (i = 0; i < *n; i++)
		cells[i] = (u32)v[4 * i] << 24 | (u32)v[4 * i + 1] << 16 |
			   (u32)v[4 * i + 2] << 8 | v[4 * i + 3];
	free(v);
	return cells;
}

static u32 prop_u32(const char *node, const char *name)
{
	unsigned int n;
	u32 *c = prop_cells(node, name, &n), v;

	if (n != 1)
		fatal("plan: %s/%s: not one cell", node, name);
	v = c[0];
	free(c);
	return v;
}

/* How many nodes PREFIX-0, PREFIX-1, ... the plan has */
static unsigned int count_nodes(const char *prefix)
{
	unsigned int n = 0;
	char *p;

	for (;;) {
		p = path_of(PLAN "/%s-%u", prefix, n);
		if (access(p, F_OK)) {
			free(p);
			return n;
		}
		free(p);
		n++;
	}
}

/* Lines of debugfs files, "pin N (NAME)<rest>" */
struct pin_line {
	char *name;		/* NULL: the file has no line for the pin */
	char *rest;		/* after "(NAME)" and one blank, or after ": " */
};

/* A debugfs file's lines, by pin number */
struct pin_file {
	struct pin_line *lines;
	unsigned int n;
};

struct controller {
	char *dev, *label, *dir;
	unsigned int nwin;
	u32 addr[MAX_WINDOWS], size[MAX_WINDOWS];
	volatile unsigned char *map[MAX_WINDOWS];
	struct pin_file pins, mux, conf;
};

/*
 * The debugfs directory of a device: named after it, or after it and its
 * driver when two controllers share a name ("dev-driver")
 */
static char *ctrl_dir(const char *dev)
{
	char *base = path_of(DEBUGFS), *found = NULL;
	size_t n = strlen(dev);
	struct dirent *e;
	DIR *d = opendir(base);

	if (!d)
		fatal("%s: %s", base, strerror(errno));
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, dev) ||
		    (!strncmp(e->d_name, dev, n) && e->d_name[n] == '-')) {
			if (asprintf(&found, "%s/%s", base, e->d_name) < 0)
				fatal("out of memory");
			break;
		}
	}
	closedir(d);
	free(base);
	return found;
}

/*
 * "pin N (NAME) rest" (pins) or "pin N (NAME): rest" (pinmux-pins,
 * pinconf-pins), as the host's regular expressions read them
 */
static struct pin_file parse_pin_file(const char *dir, const char *file, bool colon)
{
	struct pin_file pf = { 0 };
	struct pin_line *out = NULL;
	char *path, *text, *line, *save, *open, *close;
	unsigned int n = 0, pin;
	char *end;

	if (!dir)
		return pf;
	if (asprintf(&path, "%s/%s", dir, file) < 0)
		fatal("out of memory");
	text = read_file_opt(path, NULL);
	free(path);
	if (!text)
		return pf;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "pin ", 4))
			continue;
		pin = strtoul(line + 4, &end, 10);
		if (end == line + 4 || strncmp(end, " (", 2))
			continue;
		open = end + 2;
		close = strchr(open, ')');
		if (!close)
			continue;
		if (colon && strncmp(close, "): ", 3))
			continue;
		if (pin >= n) {
			unsigned int m = pin + 64;

			out = realloc(out, m * sizeof(*out));
			if (!out)
				fatal("out of memory");
			memset(out + n, 0, (m - n) * sizeof(*out));
			n = m;
		}
		*close = '\0';
		out[pin].name = xstrdup(open);
		if (colon)
			out[pin].rest = xstrdup(close + 3);
		else
			out[pin].rest = xstrdup(close[1] == ' ' ? close + 2 : close + 1);
	}
	free(text);
	pf.lines = out;
	pf.n = n;
	return pf;
}

static struct pin_line *pin_line(const struct pin_file *file, u32 pin)
{
	if (pin >= file->n || !file->lines[pin].name)
		return NULL;
	return &file->lines[pin];
}

static void map_windows(struct controller *c)
{
	unsigned int i;
	int fd = open(mem, O_RDONLY | O_SYNC);

	if (fd < 0)
		fatal("%s: %s", mem, strerror(errno));
	/*
	 * mmap(), not read(): the windows are no-map memory, outside the
	 * kernel's linear map, which read() of /dev/mem copies from
	 */
	for (i = 0; i < c->nwin; i++) {
		void *m = mmap(NULL, c->size[i], PROT_READ, MAP_SHARED, fd, (off_t)c->addr[i]);

		if (m == MAP_FAILED)
			fatal("%s: mmap at 0x%x: %s", mem, c->addr[i], strerror(errno));
		c->map[i] = m;
	}
	close(fd);
}

static bool read_reg(struct controller *c, u32 win, u32 off, u32 width, u32 *val)
{
	volatile unsigned char *p;

	if (win >= c->nwin || off + width > c->size[win])
		return false;
	p = c->map[win] + off;
	switch (width) {
	case 1:
		*val = *p;
		return true;
	case 2:
		*val = *(volatile uint16_t *)p;
		return true;
	case 4:
		*val = *(volatile u32 *)p;
		return true;
	}
	return false;
}

/* What debugfs shows of a field (pincheck/verdict.py debugfs_value) */
enum { DBG_NONE, DBG_IMX_CONF, DBG_SUNXI_DRIVE, DBG_SUNXI_PULL, DBG_PCS, DBG_IMX1_CONF };

static bool is_hex(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strchr("0123456789abcdef", s[i]))
			return false;
	return n > 0;
}

static bool debugfs_value(struct controller *c, u32 pin, u32 kind, u32 mask, u32 *val)
{
	struct pin_line *l;
	const char *s;

	switch (kind) {
	case DBG_IMX_CONF:	/* the pad register (SHARE_MUX_CONF_REG: with the mux bits) */
	case DBG_IMX1_CONF:	/* imx1_pinconf_dbg_show(): the PUEN bit itself */
		if (!(l = pin_line(&c->conf, pin)) || !mask)
			return false;
		for (s = l->rest; *s == ' ' || *s == '\t'; s++)
			;
		if (strncmp(s, "0x", 2))
			return false;
		*val = strtoul(s, NULL, 16);
		if (kind == DBG_IMX_CONF)	/* the field under its mask */
			*val = (*val & mask) >> __builtin_ctz(mask);
		return true;
	case DBG_SUNXI_DRIVE:
		l = pin_line(&c->conf, pin);
		s = l ? strstr(l->rest, "output drive strength (") : NULL;
		if (!s)
			return false;
		*val = strtoul(s + strlen("output drive strength ("), NULL, 10) / 10 - 1;
		return true;
	case DBG_SUNXI_PULL:
		l = pin_line(&c->conf, pin);
		if (!l)
			return false;
		if (strstr(l->rest, "input bias pull up"))
			*val = 1;
		else if (strstr(l->rest, "input bias pull down"))
			*val = 2;
		else if (strstr(l->rest, "input bias disabled"))
			*val = 0;
		else
			return false;
		return true;
	case DBG_PCS: {
		/* "[gpio:chip ]<address> <value> pinctrl-single" */
		char *copy, *tok, *save, *prev = NULL, *prev2 = NULL;
		bool found = false;

		l = pin_line(&c->pins, pin);
		if (!l)
			return false;
		copy = xstrdup(l->rest);
		for (tok = strtok_r(copy, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
			if (!strcmp(tok, "pinctrl-single")) {
				/* the register (bit-per-mux: the pin's bits of
				 * it); the field under its mask */
				if (prev2 && prev && is_hex(prev, strlen(prev)) && mask) {
					*val = (strtoul(prev, NULL, 16) & mask) >>
					       __builtin_ctz(mask);
					found = true;
				}
				break;
			}
			prev2 = prev;
			prev = tok;
		}
		free(copy);
		return found;
	}
	}
	return false;
}

/* The mux owner in pinmux-pins, as the host reads it; NULL for none */
static char *mux_owner(struct controller *c, u32 pin)
{
	struct pin_line *l = pin_line(&c->mux, pin);
	char first[256] = "", second[256] = "";

	if (!l)
		return NULL;
	if (sscanf(l->rest, "%255s %255s", first, second) < 1)
		return xstrdup("");
	if (!strcmp(first, "UNCLAIMED") || !strcmp(first, "(MUX") || !strcmp(first, "GPIO"))
		return NULL;
	if (!strcmp(first, "device"))
		return xstrdup(second);
	return xstrdup(first);
}

/* Growing text */
struct buf {
	char *s;
	size_t len;
};

static void bprintf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	char *t;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&t, fmt, ap);
	va_end(ap);
	if (n < 0)
		fatal("out of memory");
	b->s = realloc(b->s, b->len + n + 1);
	if (!b->s)
		fatal("out of memory");
	memcpy(b->s + b->len, t, n + 1);
	b->len += n;
	free(t);
}

static const char *str_or_none(const char *s)
{
	return s ? s : "None";
}

static char *klog;		/* the kernel log so far */

static void read_klog(void)
{
	int len;

	if (root[0]) {
		char *p = path_of("/dmesg");

		klog = read_file_opt(p, NULL);
		free(p);
		if (!klog)
			klog = xstrdup("");
		return;
	}
	len = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	klog = xcalloc(1, len > 0 ? len + 1 : 1);
	if (len > 0 && klogctl(3 /* SYSLOG_ACTION_READ_ALL */, klog, len) < 0)
		klog[0] = '\0';
}

/* The current state of DEV in pinctrl-handles; NULL when it has none */
static char *handle_state(const char *handles, const char *dev)
{
	char d[256], st[64];
	const char *p = handles;

	while (p && *p) {
		if (sscanf(p, "device: %255s current state: %63s", d, st) == 2 && !strcmp(d, dev))
			return xstrdup(st);
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

/*
 * Why DEV has no state: the core's claim error ("pin X already requested
 * by OWNER; cannot claim for DEV", OWNER by its DT path), else the first
 * line of the log naming DEV with a word of failure (verdict.py
 * why_failed)
 */
static char *why_failed(const char *dev, char **devs, char **paths, unsigned int ncons)
{
	char *copy = xstrdup(klog), *line, *save, *why = NULL;
	static const char *const words[] = { "error", "fail", "invalid", "could not", "unable" };
	char pin[256], owner[256], claimant[256];
	unsigned int i;

	for (line = strtok_r(copy, "\n", &save); line && !why; line = strtok_r(NULL, "\n", &save)) {
		const char *m = strstr(line, "pin ");

		for (; m; m = strstr(m + 1, "pin ")) {
			if (sscanf(m, "pin %255s already requested by %255s cannot claim for %255s",
				   pin, owner, claimant) == 3) {
				size_t n = strlen(owner);

				if (n && owner[n - 1] == ';')
					owner[n - 1] = '\0';
				else
					continue;
				if (strcmp(claimant, dev))
					continue;
				for (i = 0; i < ncons; i++)
					if (!strcmp(devs[i], owner))
						break;
				if (asprintf(&why, "pin %s already requested by %s", pin,
					     i < ncons ? paths[i] : owner) < 0)
					fatal("out of memory");
				break;
			}
		}
	}
	free(copy);
	if (why)
		return why;
	copy = xstrdup(klog);
	for (line = strtok_r(copy, "\n", &save); line && !why; line = strtok_r(NULL, "\n", &save)) {
		if (!strstr(line, dev))
			continue;
		for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			if (strcasestr(line, words[i]))
				break;
		if (i == sizeof(words) / sizeof(words[0]))
			continue;
		if (line[0] == '[' && strchr(line, ']'))
			line = strchr(line, ']') + 1;
		while (*line == ' ' || *line == '\t')
			line++;
		why = xstrdup(line);
		while (why[0] && strchr(" \t\r", why[strlen(why) - 1]))
			why[strlen(why) - 1] = '\0';
	}
	free(copy);
	return why;
}

int main(int argc, char **argv)
{
	unsigned int nctl, npin, ncons, i, j, n, bad = 0, failed = 0, test = 0;
	struct controller *ctl;
	struct buf out = { 0 };
	char *board, *bname, *handles, *p, **devs, **paths;

	for (i = 1; i < (unsigned int)argc; i++) {
		if (i + 1 < (unsigned int)argc && !strcmp(argv[i], "--root"))
			root = argv[++i];
		else if (i + 1 < (unsigned int)argc && !strcmp(argv[i], "--mem"))
			mem = argv[++i];
		else
			fatal("usage: rehearse-ktap [--root DIR] [--mem FILE]");
	}
	p = path_of(PLAN);
	if (access(p, F_OK))
		fatal("%s: no plan: %s", p, strerror(errno));
	free(p);
	board = prop_str(".", "board");
	bname = ktap_name(board);
	read_klog();

	nctl = count_nodes("ctl");
	ctl = xcalloc(nctl, sizeof(*ctl));
	for (i = 0; i < nctl; i++) {
		char node[32];
		u32 *w;

		snprintf(node, sizeof(node), "ctl-%u", i);
		ctl[i].dev = prop_str(node, "dev");
		ctl[i].label = prop_str(node, "label");
		w = prop_cells(node, "windows", &n);
		if (n % 2 || n / 2 > MAX_WINDOWS)
			fatal("plan: %s/windows: %u cells", node, n);
		ctl[i].nwin = n / 2;
		for (j = 0; j < ctl[i].nwin; j++) {
			ctl[i].addr[j] = w[2 * j];
			ctl[i].size[j] = w[2 * j + 1];
		}
		free(w);
		map_windows(&ctl[i]);
		ctl[i].dir = ctrl_dir(ctl[i].dev);
		ctl[i].pins = parse_pin_file(ctl[i].dir, "pins", false);
		ctl[i].mux = parse_pin_file(ctl[i].dir, "pinmux-pins", true);
		ctl[i].conf = parse_pin_file(ctl[i].dir, "pinconf-pins", true);
	}
	p = path_of(DEBUGFS "/pinctrl-handles");
	handles = read_file_opt(p, NULL);
	free(p);

	npin = count_nodes("pin");
	ncons = count_nodes("consumer");
	devs = xcalloc(ncons, sizeof(*devs));
	paths = xcalloc(ncons, sizeof(*paths));
	for (i = 0; i < ncons; i++) {
		char node[32];

		snprintf(node, sizeof(node), "consumer-%u", i);
		devs[i] = prop_str(node, "dev");
		paths[i] = prop_str(node, "path");
	}

	bprintf(&out, "KTAP version 1\n1..1\n");
	bprintf(&out, "    KTAP version 1\n    # Subtest: %s\n    1..%u\n", bname, npin + ncons);
	for (i = 0; i < npin; i++) {
		char node[32], *name, *names, *fname, *owner, *want, *tname;
		struct controller *c;
		struct pin_line *l;
		struct buf mis = { 0 };
		u32 *f, *fc = NULL, ci, pin, got, dbg, shift;
		unsigned int nfc = 0;
		size_t nlen;

		snprintf(node, sizeof(node), "pin-%u", i);
		ci = prop_u32(node, "ctl");
		pin = prop_u32(node, "pin");
		if (ci >= nctl)
			fatal("plan: %s: no controller %u", node, ci);
		c = &ctl[ci];
		name = prop_str(node, "pin-name");
		if (prop_has(node, "debugfs-name") && (l = pin_line(&c->pins, pin))) {
			free(name);
			if (nctl > 1) {
				if (asprintf(&name, "%s:%s", c->label, l->name) < 0)
					fatal("out of memory");
			} else {
				name = xstrdup(l->name);
			}
		}
		f = prop_cells(node, "fields", &n);
		names = prop(node, "field-names", &nlen);
		if (n % 6)
			fatal("plan: %s/fields: %u cells", node, n);
		/* field-ctls: the controller whose window each field is in */
		if (prop_has(node, "field-ctls") &&
		    ((fc = prop_cells(node, "field-ctls", &nfc)), nfc != n / 6))
			fatal("plan: %s/field-ctls: %u cells for %u fields", node, nfc, n / 6);
		fname = names;
		for (j = 0; j < n; j += 6) {
			u32 win = f[j], off = f[j + 1], width = f[j + 2], mask = f[j + 3];
			u32 exp = f[j + 4], kind = f[j + 5];
			struct controller *rc;

			if (!fname || fname >= names + nlen)
				fatal("plan: %s: fewer field names than fields", node);
			if (fc && fc[j / 6] >= nctl)
				fatal("plan: %s/field-ctls: no controller %u", node, fc[j / 6]);
			rc = fc ? &ctl[fc[j / 6]] : c;
			if (!read_reg(rc, win, off, width, &got))
				got = 0;	/* the host's read_reg() past the end */
			shift = mask ? __builtin_ctz(mask) : 0;
			got = (got & mask) >> shift;
			if (got != exp)
				bprintf(&mis, "%s%s: registers=0x%x, expected=0x%x",
					mis.len ? "; " : "", fname, got, exp);
			if (debugfs_value(c, pin, kind, mask, &dbg) && dbg != exp)
				bprintf(&mis, "%s%s: debugfs=0x%x, expected=0x%x",
					mis.len ? "; " : "", fname, dbg, exp);
			fname += strlen(fname) + 1;
		}
		want = prop_has(node, "owner") ? prop_str(node, "owner") : NULL;
		owner = mux_owner(c, pin);
		if ((want == NULL) != (owner == NULL) || (want && strcmp(want, owner)))
			bprintf(&mis, "%sowner: debugfs=%s, expected=%s", mis.len ? "; " : "",
				str_or_none(owner), str_or_none(want));
		tname = ktap_name(name);
		if (mis.len) {
			bad++;
			bprintf(&out, "    # %s: %s\n", tname, mis.s);
		}
		bprintf(&out, "    %s %u %s\n", mis.len ? "not ok" : "ok", ++test, tname);
		free(mis.s);
		free(tname);
		free(owner);
		free(want);
		free(names);
		free(f);
		free(fc);
		free(name);
	}
	for (i = 0; i < ncons; i++) {
		char node[32], *expect, *state, *note, *tname, *t, *why = NULL;
		bool ok, hog;

		snprintf(node, sizeof(node), "consumer-%u", i);
		hog = prop_has(node, "hog");
		expect = prop_has(node, "expect") ? prop_str(node, "expect") : NULL;
		note = prop_str(node, "note");
		state = handle_state(handles, devs[i]);
		ok = (expect == NULL) == (state == NULL) && (!expect || !strcmp(expect, state));
		if (asprintf(&t, "%s%s", hog ? "hogs_" : "consumer_", paths[i]) < 0)
			fatal("out of memory");
		tname = ktap_name(t);
		free(t);
		if (ok) {
			bprintf(&out, "    # %s: %s\n", tname, note);
			ok = !prop_has(node, "finding");
		} else {
			why = expect && !state ? why_failed(devs[i], devs, paths, ncons) : NULL;
			if (expect && !state)
				bprintf(&out, "    # %s: FAILED: %s\n", tname,
					why ? why : "no state applied");
			else
				bprintf(&out, "    # %s: state %s, the DT asks for %s\n", tname,
					str_or_none(state), str_or_none(expect));
		}
		failed += !ok;
		bprintf(&out, "    %s %u %s\n", ok ? "ok" : "not ok", ++test, tname);
		free(why);
		free(tname);
		free(note);
		free(state);
		free(expect);
	}
	bprintf(&out, "# %s: %u pins checked, %u mismatches, %u consumers failed\n",
		bname, npin, bad, failed);
	bprintf(&out, "%s 1 %s\n", bad || failed ? "not ok" : "ok", bname);
	/* in one piece: the console is shared with nothing else, but be sure */
	fwrite(out.s, 1, out.len, stdout);
	fflush(stdout);
	return bad || failed ? 1 : 0;
}

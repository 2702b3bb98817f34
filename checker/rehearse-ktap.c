// SPDX-License-Identifier: GPL-2.0
/*
 * rehearse-ktap: the verdict of a rehearsed real board as KTAP v1, computed
 * in the guest from what the guest sees: the plan the host wrote into the
 * booted DTB (/proc/device-tree/rehearse-plan, pincheck/ktap.py: what
 * the board's DT asks for, register field by register field), the pin
 * controllers' debugfs files, the kernel log and the register windows
 * through /dev/mem. guest/init.c runs it when the DTB has a plan.
 *
 *	rehearse-ktap [--root DIR] [--mem FILE] [--plan DIR] [--hw]
 *
 * --root DIR reads DIR/proc/device-tree/..., DIR/sys/kernel/debug/... and
 * DIR/dmesg instead of the guest's own files, and --mem FILE a file of the
 * physical address space from 0 (both for tests on the host). The board
 * kit (make board-kit, pincheck/kit.py): --plan DIR reads the plan from
 * DIR, a copy of the node as files, instead of the booted DTB; --hw takes
 * the registers at the board's own addresses (hw-windows) and the devices
 * by the names the board's kernel gives them (hw-dev), for the board
 * itself.
 *
 * One suite for the board; a test per pin row of the plan: each field's
 * register value under its mask against the expected one, the driver's
 * read-back in debugfs where it shows the field, and the mux owner in
 * pinmux-pins; a test per consumer: the state pinctrl-handles shows against
 * the one the DT asks for. A failing test's diagnostic line says what
 * differs, in the words of the host's table (pincheck/), so that the
 * console and the host print the same KTAP. A consumer with no state
 * where the plan expects one is FAILED with the kernel's reason, its
 * messages about its nodes with the board's DT paths (rehearse-klog.c);
 * unless it lost a pin to another device, it wrote nothing, and the fields
 * only such consumers write are left out (a pin left with none has no
 * test), as the host's verdict after the boot has none.
 *
 * Exit 0 when every test passes, 1 when one fails, 2 when there is no plan
 * or it cannot be read, or a window is not what the plan says it is
 * (identity: VSOC's ID, VERSION and NBANKS).
 */
#define _GNU_SOURCE		/* vasprintf */
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

#include "rehearse.h"
#include "util.h"

#define PLAN		"/proc/device-tree/rehearse-plan"
#define DEBUGFS		"/sys/kernel/debug/pinctrl"

const char *progname = "rehearse-ktap";
static const char *root = "";
static const char *mem = "/dev/mem";
static char *plan;		/* the plan's directory: --plan, else root + PLAN */
static bool hw;			/* --hw: the real board's windows and names */

/* base followed by the formatted rest, allocated */
static char *vjoin(const char *base, const char *fmt, va_list ap)
{
	char *rel, *p;

	if (vasprintf(&rel, fmt, ap) < 0)
		fatal("out of memory");
	if (asprintf(&p, "%s%s", base, rel) < 0)
		fatal("out of memory");
	free(rel);
	return p;
}

/* A file of the machine checked: under --root */
static char *path_of(const char *fmt, ...)
{
	char *p;
	va_list ap;

	va_start(ap, fmt);
	p = vjoin(root, fmt, ap);
	va_end(ap);
	return p;
}

/* The plan: properties of /rehearse-plan/<node> */

static char *plan_of(const char *fmt, ...)
{
	char *p;
	va_list ap;

	va_start(ap, fmt);
	p = vjoin(plan, fmt, ap);
	va_end(ap);
	return p;
}

static char *prop(const char *node, const char *name, size_t *len)
{
	char *p = plan_of("/%s/%s", node, name);
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
	char *p = plan_of("/%s/%s", node, name);
	bool has = access(p, F_OK) == 0;

	free(p);
	return has;
}

/* A list of strings, *n their number; NULL and 0 when it is not there */
static char **prop_strings(const char *node, const char *name, unsigned int *n)
{
	size_t len = 0, i;
	char *v = prop(node, name, &len), **out;

	*n = 0;
	if (!v)
		return NULL;
	for (i = 0; i < len; i++)
		*n += !v[i];
	out = xcalloc(*n, sizeof(*out));
	for (i = 0; i < *n; i++) {
		out[i] = v;
		v += strlen(v) + 1;
	}
	return out;
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
		p = plan_of("/%s-%u", prefix, n);
		if (access(p, F_OK)) {
			free(p);
			return n;
		}
		free(p);
		n++;
	}
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
		/* a board's registers need not start on a page (sunxi's R_PIO) */
		uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE), lead = c->addr[i] % page;
		unsigned char *m = mmap(NULL, c->size[i] + lead, PROT_READ, MAP_SHARED, fd,
					(off_t)(c->addr[i] - lead));

		if (m == MAP_FAILED)
			fatal("%s: mmap at 0x%llx: %s", mem, (unsigned long long)c->addr[i],
			      strerror(errno));
		c->map[i] = m + lead;
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


/*
 * The words that say what controller NODE's window is (identity =
 * <window offset mask value>..., VSOC's ID, VERSION and NBANKS), as the
 * host's verdict checks them: a window that is not one is no input
 */
static void check_identity(const char *node, struct controller *c)
{
	unsigned int n, nn, i;
	char **names, *what, *path;
	u32 *w, got;

	if (!prop_has(node, "identity"))
		return;
	w = prop_cells(node, "identity", &n);
	names = prop_strings(node, "identity-names", &nn);
	if (n % 4 || nn != n / 4)
		fatal("plan: %s/identity: %u cells for %u names", node, n, nn);
	what = prop_str(node, "identity-of");
	path = prop_str(node, "path");
	for (i = 0; i < n; i += 4) {
		if (!read_reg(c, w[i], w[i + 1], 4, &got))
			got = 0;	/* the host's read_reg() past the end */
		if ((got & w[i + 2]) != w[i + 3])
			fatal("%s: %s 0x%08x at offset 0x%x of window %u, expected 0x%08x under "
			      "0x%08x: not a %s window", path, names[i / 4], got, w[i + 1], w[i],
			      w[i + 3], w[i + 2], what);
	}
	free(path);
	free(what);
	if (nn)
		free(names[0]);
	free(names);
	free(w);
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

/*
 * The current state of DEV in pinctrl-handles; NULL when it has none, or
 * "none" (a controller whose hog states were all dropped)
 */
static char *handle_state(const char *handles, const char *dev)
{
	char d[256], st[64];
	const char *p = handles;

	while (p && *p) {
		if (sscanf(p, "device: %255s current state: %63s", d, st) == 2 && !strcmp(d, dev) &&
		    strcmp(st, "none"))
			return xstrdup(st);
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

/*
 * A board as it is: every handle of pinctrl-handles is a device of the
 * plan, made from a DT node of the board (pincheck/verdict.py
 * check_handles())
 */
static void check_handles(const char *handles, const struct klog *k)
{
	char d[256];
	const char *p = handles;
	unsigned int i;

	while (p && *p) {
		if (sscanf(p, "device: %255s current state:", d) == 1) {
			for (i = 0; i < k->ndevs && strcmp(k->devs[i], d); i++)
				;
			if (i == k->ndevs)
				fatal("pinctrl-handles: %s has no DT node of the board with pin states",
				      d);
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
}

/* A consumer of the plan (or a controller's hogs) as the guest sees it */
struct consumer {
	char *dev, *path, *expect, *state;
	bool hog;
	bool dead;		/* failed without a claim: it wrote nothing */
	bool released;		/* applied its state, then failed its probe: owns nothing */
	struct klog_consumer k;
};

/*
 * Pin row i of the plan as a test, into out; false when it is left out:
 * every field of it is written by consumers that wrote nothing (the host's
 * verdict after the boot has no row for them)
 */
static bool pin_test(unsigned int i, struct controller *ctl, unsigned int nctl,
		     const struct consumer *cons, unsigned int ncons, const struct klog *kl,
		     struct buf *out, unsigned int *test, unsigned int *bad)
{
	char node[32], cnode[32], *name, *names, *fname, *owner, *want, *tname, *gfield = NULL;
	struct controller *c;
	struct pin_line *l;
	struct buf mis = { 0 };
	u32 *f, *wr, *fc = NULL, ci, pin, got, dbg, shift, gvalue = 0;
	unsigned int n, nwr = 0, nfc = 0, w = 0, j, k, kept = 0;
	int pc;
	bool lost = false;	/* a consumer that wrote the pin failed */
	size_t nlen;

	snprintf(node, sizeof(node), "pin-%u", i);
	ci = prop_u32(node, "ctl");
	pin = prop_u32(node, "pin");
	if (ci >= nctl)
		fatal("plan: %s: no controller %u", node, ci);
	c = &ctl[ci];
	/* a pin GPIO holds: its request set the controller's gpio-field */
	snprintf(cnode, sizeof(cnode), "ctl-%u", ci);
	l = pin_line(&c->mux, pin);
	if (prop_has(cnode, "gpio-field") && l && !strncmp(l->rest, "GPIO ", 5)) {
		gfield = prop_str(cnode, "gpio-field");
		gvalue = prop_u32(cnode, "gpio-value");
	}
	f = prop_cells(node, "fields", &n);
	wr = prop_has(node, "writers") ? prop_cells(node, "writers", &nwr) : NULL;
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
		bool live = !wr;

		if (!fname || fname >= names + nlen)
			fatal("plan: %s: fewer field names than fields", node);
		if (gfield && !strcmp(fname, gfield))
			exp = gvalue;
		if (fc && fc[j / 6] >= nctl)
			fatal("plan: %s/field-ctls: no controller %u", node, fc[j / 6]);
		/* a field is kept when one of its writers wrote */
		if (wr) {
			if (w >= nwr || w + 1 + wr[w] > nwr)
				fatal("plan: %s/writers: fewer than the fields", node);
			for (k = 0; k < wr[w]; k++) {
				live |= wr[w + 1 + k] >= ncons || !cons[wr[w + 1 + k]].dead;
				lost |= wr[w + 1 + k] < ncons && cons[wr[w + 1 + k]].expect &&
					!cons[wr[w + 1 + k]].state;
			}
			live |= !wr[w];
			w += 1 + wr[w];
		}
		if (live) {
			kept++;
			if (!read_reg(fc ? &ctl[fc[j / 6]] : c, win, off, width, &got))
				got = 0;	/* the host's read_reg() past the end */
			shift = mask ? __builtin_ctz(mask) : 0;
			got = (got & mask) >> shift;
			if (got != exp)
				bprintf(&mis, "%s%s: registers=0x%x, expected=0x%x",
					mis.len ? "; " : "", fname, got, exp);
			if (debugfs_value(c, pin, kind, fname, mask, &dbg) && dbg != exp)
				bprintf(&mis, "%s%s: debugfs=0x%x, expected=0x%x",
					mis.len ? "; " : "", fname, dbg, exp);
			/* VSOC: pinconf-pins decoded field by field too */
			pc = kind == DBG_VSOC_PAD ? vsoc_pinconf_field(c, pin, fname, &dbg) : 0;
			if (pc < 0)
				bprintf(&mis, "%s%s: pinconf-pins=?, expected=0x%x",
					mis.len ? "; " : "", fname, exp);
			else if (pc && dbg != exp)
				bprintf(&mis, "%s%s: pinconf-pins=0x%x, expected=0x%x",
					mis.len ? "; " : "", fname, dbg, exp);
		}
		fname += strlen(fname) + 1;
	}
	free(names);
	free(f);
	free(wr);
	free(fc);
	free(gfield);
	if (!kept) {
		free(mis.s);
		return false;
	}
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
	want = prop_has(node, "owner") ? prop_str(node, "owner") : NULL;
	for (k = 0; want && k < ncons; k++) {
		/* a consumer that wrote nothing, or failed its probe, owns nothing */
		if ((cons[k].dead || cons[k].released) && !strcmp(cons[k].dev, want)) {
			free(want);
			want = NULL;
		}
	}
	owner = mux_owner(c, pin);
	if ((want == NULL) != (owner == NULL) || (want && strcmp(want, owner)))
		bprintf(&mis, "%sowner: debugfs=%s, expected=%s", mis.len ? "; " : "",
			str_or_none(owner), str_or_none(want));
	/* the group it is muxed through, where the plan says (VSOC) */
	if (prop_has(node, "group") && want && owner && !strcmp(want, owner)) {
		char *wg = prop_str(node, "group"), *gg = mux_group(c, pin);

		if (!gg || strcmp(wg, gg)) {
			char *gt = klog_translate(kl, gg ? gg : "(none)"), *wt = klog_translate(kl, wg);

			bprintf(&mis, "%sgroup: debugfs=%s, expected=%s", mis.len ? "; " : "", gt, wt);
			free(gt);
			free(wt);
		}
		free(wg);
		free(gg);
	}
	/*
	 * the DT nodes pinconf-owners names for the pin's configuration (a
	 * family whose plan says them), unless a consumer that wrote the pin
	 * failed: the core dropped what it owned
	 */
	if (prop_has(node, "conf-owners") && c->has_owners && !lost) {
		char *wo = prop_str(node, "conf-owners"), *go = conf_owners(c, pin);

		if (strcmp(wo, go)) {
			char *gt = klog_translate(kl, *go ? go : "(none)");
			char *wt = klog_translate(kl, *wo ? wo : "(none)");

			bprintf(&mis, "%sowners: pinconf-owners=%s, expected=%s",
				mis.len ? "; " : "", gt, wt);
			free(gt);
			free(wt);
		}
		free(wo);
		free(go);
	}
	tname = ktap_name(name);
	if (mis.len) {
		(*bad)++;
		bprintf(out, "    # %s: %s\n", tname, mis.s);
	}
	bprintf(out, "    %s %u %s\n", mis.len ? "not ok" : "ok", ++*test, tname);
	free(mis.s);
	free(tname);
	free(owner);
	free(want);
	free(name);
	return true;
}

/* Consumer i as a test, into out; false when it is not ok */
static bool consumer_test(unsigned int i, const struct consumer *c, const struct klog *k,
			  struct buf *out, unsigned int *test)
{
	char node[32], *note, *tname, *t, *why = NULL;
	bool ok;

	snprintf(node, sizeof(node), "consumer-%u", i);
	note = prop_str(node, "note");
	ok = (c->expect == NULL) == (c->state == NULL) &&
	     (!c->expect || !strcmp(c->expect, c->state));
	if (asprintf(&t, "%s%s", c->hog ? "hogs_" : "consumer_", c->path) < 0)
		fatal("out of memory");
	tname = ktap_name(t);
	free(t);
	if (ok && !c->expect && !strncmp(note, "FAILED: ", 8)) {
		/* a failure the plan expects: the reason is what the kernel
		 * said, as the host's verdict reads it after the boot */
		why = klog_why_failed(k, &c->k);
		bprintf(out, "    # %s: FAILED: %s\n", tname, why ? why : "no state applied");
		ok = !prop_has(node, "finding");
	} else if (ok) {
		bprintf(out, "    # %s: %s\n", tname, note);
		ok = !prop_has(node, "finding");
	} else if (c->expect && !c->state) {
		why = klog_why_failed(k, &c->k);
		bprintf(out, "    # %s: FAILED: %s\n", tname, why ? why : "no state applied");
	} else {
		bprintf(out, "    # %s: state %s, the DT asks for %s\n", tname,
			str_or_none(c->state), str_or_none(c->expect));
	}
	bprintf(out, "    %s %u %s\n", ok ? "ok" : "not ok", ++*test, tname);
	free(why);
	free(tname);
	free(note);
	return ok;
}

int main(int argc, char **argv)
{
	unsigned int nctl, npin, ncons, i, j, n, rows = 0, bad = 0, failed = 0, test = 0;
	struct controller *ctl;
	struct consumer *cons;
	struct klog k = { 0 };
	struct buf out = { 0 }, body = { 0 };
	char *board, *bname, *handles, *p;

	for (i = 1; i < (unsigned int)argc; i++) {
		if (i + 1 < (unsigned int)argc && !strcmp(argv[i], "--root"))
			root = argv[++i];
		else if (i + 1 < (unsigned int)argc && !strcmp(argv[i], "--mem"))
			mem = argv[++i];
		else if (i + 1 < (unsigned int)argc && !strcmp(argv[i], "--plan"))
			plan = xstrdup(argv[++i]);
		else if (!strcmp(argv[i], "--hw"))
			hw = true;
		else
			fatal("usage: rehearse-ktap [--root DIR] [--mem FILE] [--plan DIR] [--hw]");
	}
	if (!plan)
		plan = path_of(PLAN);
	p = xstrdup(plan);
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
		ctl[i].dev = prop_str(node, hw && prop_has(node, "hw-dev") ? "hw-dev" : "dev");
		ctl[i].label = prop_str(node, "label");
		if (hw) {
			/* <addr-hi addr-lo size>: the board's registers */
			w = prop_cells(node, "hw-windows", &n);
			if (n % 3 || n / 3 > MAX_WINDOWS)
				fatal("plan: %s/hw-windows: %u cells", node, n);
			ctl[i].nwin = n / 3;
			for (j = 0; j < ctl[i].nwin; j++) {
				ctl[i].addr[j] = (uint64_t)w[3 * j] << 32 | w[3 * j + 1];
				ctl[i].size[j] = w[3 * j + 2];
			}
		} else {
			w = prop_cells(node, "windows", &n);
			if (n % 2 || n / 2 > MAX_WINDOWS)
				fatal("plan: %s/windows: %u cells", node, n);
			ctl[i].nwin = n / 2;
			for (j = 0; j < ctl[i].nwin; j++) {
				ctl[i].addr[j] = w[2 * j];
				ctl[i].size[j] = w[2 * j + 1];
			}
		}
		free(w);
		map_windows(&ctl[i]);
		check_identity(node, &ctl[i]);
		p = path_of(DEBUGFS);
		ctl[i].dir = ctrl_dir(p, ctl[i].dev);
		free(p);
		ctl[i].pins = parse_pin_file(ctl[i].dir, "pins", false);
		ctl[i].mux = parse_pin_file(ctl[i].dir, "pinmux-pins", true);
		ctl[i].conf = parse_pin_file(ctl[i].dir, "pinconf-pins", true);
		ctl[i].owners = parse_pin_file(ctl[i].dir, "pinconf-owners", true);
		ctl[i].groups = parse_group_file(ctl[i].dir, "pinconf-groups");
		ctl[i].words = prop_strings(node, "debugfs-words", &ctl[i].nwords);
		if (ctl[i].dir) {
			if (asprintf(&p, "%s/pinconf-owners", ctl[i].dir) < 0)
				fatal("out of memory");
			ctl[i].has_owners = !access(p, F_OK);
			free(p);
		}
	}
	p = path_of(DEBUGFS "/pinctrl-handles");
	handles = read_file_opt(p, NULL);
	free(p);

	/* the log and the plan's names for it (rehearse-klog.c) */
	npin = count_nodes("pin");
	ncons = count_nodes("consumer");
	k.text = klog;
	k.map = prop_strings(".", "path-map", &n);
	if (n % 2)
		fatal("plan: path-map: %u strings, not pairs", n);
	k.nmap = n / 2;
	k.ncons = ncons;
	k.cons_devs = xcalloc(ncons, sizeof(char *));
	k.cons_paths = xcalloc(ncons, sizeof(char *));
	k.devs = xcalloc(nctl + ncons, sizeof(char *));
	for (i = 0; i < nctl; i++)
		k.devs[k.ndevs++] = ctl[i].dev;
	cons = xcalloc(ncons, sizeof(*cons));
	for (i = 0; i < ncons; i++) {
		struct consumer *c = &cons[i];
		char node[32];

		snprintf(node, sizeof(node), "consumer-%u", i);
		c->dev = k.cons_devs[i] = k.devs[k.ndevs++] =
			prop_str(node, hw && prop_has(node, "hw-dev") ? "hw-dev" : "dev");
		c->path = k.cons_paths[i] = prop_str(node, "path");
		c->hog = prop_has(node, "hog");
		c->expect = prop_has(node, "expect") ? prop_str(node, "expect") : NULL;
		c->state = handle_state(handles, c->dev);
		c->k.dev = c->dev;
		c->k.node = prop_has(node, "node") ? prop_str(node, "node") : xstrdup("");
		c->k.pin_nodes = prop_strings(node, "pin-nodes", &c->k.npin_nodes);
		c->k.hog = c->hog;
	}
	for (i = 0; i < ncons; i++) {
		cons[i].released = cons[i].expect && !cons[i].state && !cons[i].hog &&
				   !klog_lost_claim(&k, cons[i].dev) &&
				   klog_probe_failed(&k, cons[i].dev);
		cons[i].dead = cons[i].expect && !cons[i].state && !cons[i].released &&
			       !klog_lost_claim(&k, cons[i].dev);
	}

	if (prop_has(".", "as-is"))
		check_handles(handles, &k);
	for (i = 0; i < npin; i++)
		rows += pin_test(i, ctl, nctl, cons, ncons, &k, &body, &test, &bad);
	for (i = 0; i < ncons; i++)
		failed += !consumer_test(i, &cons[i], &k, &body, &test);

	bprintf(&out, "KTAP version 1\n1..1\n");
	bprintf(&out, "    KTAP version 1\n    # Subtest: %s\n    1..%u\n", bname, rows + ncons);
	bprintf(&out, "%s", body.s ? body.s : "");
	bprintf(&out, "# %s: %u pins checked, %u mismatches, %u consumers failed\n",
		bname, rows, bad, failed);
	bprintf(&out, "%s 1 %s\n", bad || failed ? "not ok" : "ok", bname);
	/* in one piece: the console is shared with nothing else, but be sure */
	fwrite(out.s, 1, out.len, stdout);
	fflush(stdout);
	return bad || failed ? 1 : 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * vsoc-verify: the views compared pin by pin and item by item, and the
 * verdict as a table, as JSON (--json) and as KTAP v1 (--ktap)
 */
#include "verify.h"

static const char *const view_names[NR_VIEWS] = {
	"expected", "debugfs", "debugfs-pins", "registers",
};

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

/* Comparison */

void compare(struct verify *v)
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

unsigned int count_mismatches(const struct verify *v)
{
	unsigned int p, m = 0;

	for (p = 0; p < v->npins; p++)
		m += !!v->pins[p].differ;
	return m + v->src_mismatches;
}

/*
 * The DTB walk and the driver must agree on who set each field; with
 * print, say where they do not.
 */
void compare_sources(struct verify *v, bool print)
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

void print_table(struct verify *v)
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

void print_json(const struct verify *v)
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
void dump_expected(const struct verify *v)
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

/*
 * KTAP v1 (Documentation/dev-tools/ktap.rst): one suite for the board, a
 * test per pin the table shows (its verdict in the diagnostic line when it
 * mismatches) and a test per device of pinctrl-handles (its state).
 */
void print_ktap(struct verify *v)
{
	char *text = dump_text(v, DEBUGFS "/pinctrl-handles"), *line, *save;
	char dev[256], state[64], *name;
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
	name = ktap_name(board ? board : v->board);
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
		name = ktap_name(dev);
		printf("    # %s: state %s\n", dev, state);
		printf("    ok %u consumer_%s\n", ++i, name);
		free(name);
	}
	free(text);
	name = ktap_name(board ? board : v->board);
	printf("# %s: %u pins checked, %u mismatches\n", name, v->npins, bad);
	printf("%s 1 %s\n", bad ? "not ok" : "ok", name);
	free(name);
}

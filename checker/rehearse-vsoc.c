// SPDX-License-Identifier: GPL-2.0
/*
 * The VSOC part of rehearse-ktap (rehearse.h): a pin's pinconf-pins line
 * read back into the PAD fields of the datasheet (docs/vsoc/datasheet.md,
 * sections 4 and 5), as pincheck/families/vsoc.py decode_pinconf() reads
 * it on the host. The items are those pinconf_generic_dump_pins() prints
 * for the driver (the generic ones vsoc_pad_decode() reads back, the
 * driver's custom ones, then the hysteresis level of
 * vsoc_pinconf_dbg_show()); an item is printed when its setting is in
 * effect, so a flag whose item is missing is off.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rehearse.h"
#include "util.h"

/* Section 4's PAD fields, by the names the plan's field-names use */
enum { F_BIAS, F_PULL, F_DRIVE, F_STAGES, F_SCHMITT, F_HYST, F_DEBOUNCE, F_SLEW_RISE,
       F_SLEW_FALL, F_POWER, F_LOWPOWER, F_WAKEUP, F_INPUT, NFIELDS };

static const char *const field_names[NFIELDS] = {
	"bias", "pull", "drive", "stages", "schmitt", "hyst", "debounce", "slew_rise",
	"slew_fall", "power", "lowpower", "wakeup", "input",
};

/* How an item's argument reads back (section 5's encoding of the property) */
enum arg { A_NONE, A_PULL, A_STAGES, A_DEBOUNCE, A_SLEW, A_SLEWS, A_POWER, A_MODE, A_LEVEL,
	   A_SEEN };

/* The items that repeat what others say: checked against them */
enum { S_OUTPUT = 1, S_SLEW = 2, S_TRIGGER = 4, S_ENABLED = 8, S_HYST = 16 };

static const struct item {
	const char *text, *unit;	/* unit "0x": printed "(0xN)"; NULL: no argument */
	enum arg arg;
	int field;
	u32 value;		/* of an item without argument */
	unsigned int seen;
} items[] = {
	{ "input bias disabled", NULL, A_NONE, F_BIAS, 0, 0 },
	{ "input bias high impedance", NULL, A_NONE, F_BIAS, 1, 0 },
	{ "input bias pull down", "ohms", A_PULL, F_BIAS, 3, 0 },
	{ "input bias pull up", "ohms", A_PULL, F_BIAS, 2, 0 },
	{ "output drive open drain", NULL, A_NONE, F_DRIVE, 2, 0 },
	{ "output drive open source", NULL, A_NONE, F_DRIVE, 3, 0 },
	{ "output drive push pull", NULL, A_NONE, F_DRIVE, 1, 0 },
	{ "output drive strength", "mA", A_STAGES, F_STAGES, 0, 0 },
	{ "input debounce", "usec", A_DEBOUNCE, F_DEBOUNCE, 0, 0 },
	{ "input enabled", NULL, A_NONE, F_INPUT, 1, 0 },
	{ "input schmitt trigger", NULL, A_NONE, F_SCHMITT, 1, S_TRIGGER },
	{ "input schmitt enabled", NULL, A_NONE, F_SCHMITT, 1, S_ENABLED },
	{ "pin low power", "mode", A_MODE, F_LOWPOWER, 0, 0 },
	{ "output enabled", NULL, A_SEEN, -1, 0, S_OUTPUT },
	{ "pin power source", "selector", A_POWER, F_POWER, 0, 0 },
	{ "slew rate", "0x", A_SLEWS, F_SLEW_RISE, 0, S_SLEW },
	{ "input bias tied high", NULL, A_NONE, F_BIAS, 4, 0 },
	{ "input bias tied to ground", NULL, A_NONE, F_BIAS, 5, 0 },
	{ "slew rate rising", "quarters", A_SLEW, F_SLEW_RISE, 0, 0 },
	{ "slew rate falling", "quarters", A_SLEW, F_SLEW_FALL, 0, 0 },
	{ "wakeup enabled", NULL, A_NONE, F_WAKEUP, 1, 0 },
	{ "input schmitt hysteresis", "level", A_LEVEL, F_SCHMITT, 0, S_HYST },
};

#define NITEMS	(sizeof(items) / sizeof(items[0]))

struct pad {
	u32 val[NFIELDS];
	unsigned int have, bad, seen;
};

static void set(struct pad *p, int f, u32 v)
{
	if (p->have & 1u << f && p->val[f] != v)
		p->bad |= 1u << f;
	p->val[f] = v;
	p->have |= 1u << f;
}

/* The fields an item's argument sets; false when the datasheet has no such value */
static bool apply(struct pad *p, const struct item *it, u32 a)
{
	static const u32 slew_code[5] = { 0, 3, 2, 1, 0 };	/* quarters 0 to 4 */
	static const u32 ohms[4] = { 100000, 47000, 22000, 10000 };
	u32 i;

	switch (it->arg) {
	case A_NONE:
		set(p, it->field, it->value);
		return true;
	case A_SEEN:
		return true;
	case A_PULL:
		for (i = 0; i < 4 && ohms[i] != a; i++)
			;
		if (i == 4)
			return false;
		set(p, F_BIAS, it->value);
		set(p, F_PULL, i);
		return true;
	case A_STAGES:
		if (a < 2 || a > 16 || a % 2)
			return false;
		set(p, F_STAGES, a / 2 - 1);
		return true;
	case A_DEBOUNCE:
		if (a & (a - 1) || a > 16384)
			return false;
		set(p, F_DEBOUNCE, a ? (u32)__builtin_ctz(a) + 1 : 0);
		return true;
	case A_SLEW:
	case A_SLEWS:
		if (a > 4)
			return false;
		set(p, it->field, slew_code[a]);
		if (it->arg == A_SLEWS)
			set(p, F_SLEW_FALL, slew_code[a]);
		return true;
	case A_POWER:
		if (a > 2)
			return false;
		set(p, F_POWER, a);
		return true;
	case A_MODE:
		if (a != 1)
			return false;
		set(p, F_LOWPOWER, 1);
		return true;
	case A_LEVEL:
		if (a > 4)
			return false;
		set(p, F_SCHMITT, !!a);
		if (a)
			set(p, F_HYST, a - 1);
		return true;
	}
	return false;
}

/* The fields an item shows, for one whose value the datasheet lacks */
static unsigned int item_fields(const struct item *it)
{
	switch (it->arg) {
	case A_PULL:
		return 1u << F_BIAS | 1u << F_PULL;
	case A_SLEWS:
		return 1u << F_SLEW_RISE | 1u << F_SLEW_FALL;
	case A_LEVEL:
		return 1u << F_SCHMITT | 1u << F_HYST;
	default:
		return it->field < 0 ? 0 : 1u << it->field;
	}
}

/* "text", "text (N unit)" or "text (0xN)": its item and argument */
static const struct item *parse_item(const char *s, size_t len, u32 *arg)
{
	const char *paren = NULL, *a, *end = s + len;
	size_t tlen = len, n;
	unsigned int i;

	for (a = s; a + 1 < end; a++)
		if (a[0] == ' ' && a[1] == '(') {
			paren = a;
			break;
		}
	if (paren && end[-1] == ')')
		tlen = (size_t)(paren - s);
	else
		paren = NULL;
	for (i = 0; i < NITEMS; i++)
		if (strlen(items[i].text) == tlen && !strncmp(items[i].text, s, tlen))
			break;
	if (i == NITEMS || !items[i].unit != !paren)
		return NULL;
	*arg = 0;
	if (!paren)
		return &items[i];
	a = paren + 2;
	if (!strcmp(items[i].unit, "0x")) {
		n = a + 2 < end ? strspn(a + 2, "0123456789abcdef") : 0;
		if (strncmp(a, "0x", 2) || !n || a + 2 + n != end - 1)
			return NULL;
		*arg = strtoul(a + 2, NULL, 16);
		return &items[i];
	}
	n = strspn(a, "0123456789");
	if (!n || a[n] != ' ' || a + n + 1 + strlen(items[i].unit) != end - 1 ||
	    strncmp(a + n + 1, items[i].unit, strlen(items[i].unit)))
		return NULL;
	*arg = strtoul(a, NULL, 10);
	return &items[i];
}

/* A pin's pinconf-pins line into p; false when an item is none the driver prints */
static bool decode(const char *line, struct pad *p)
{
	const unsigned int slew = 1u << F_SLEW_RISE | 1u << F_SLEW_FALL;
	const unsigned int schmitt = S_TRIGGER | S_ENABLED | S_HYST;
	const struct item *it;
	const char *s = line, *sep;
	size_t len = strlen(line);
	u32 arg;
	int f;

	while (len && line[len - 1] == ' ')
		len--;
	while (s < line + len) {
		sep = strstr(s, ", ");
		if (!sep || sep > line + len)
			sep = line + len;
		it = parse_item(s, (size_t)(sep - s), &arg);
		if (!it)
			return false;
		p->seen |= it->seen;
		if (!apply(p, it, arg))
			p->bad |= item_fields(it);
		s = sep + 2;
	}
	if (!(p->have & 1u << F_BIAS))
		p->bad |= 1u << F_BIAS;
	if (!!(p->have & 1u << F_DRIVE && p->val[F_DRIVE]) != !!(p->seen & S_OUTPUT))
		p->bad |= 1u << F_DRIVE;
	if (p->seen & schmitt && (p->seen & schmitt) != schmitt)
		p->bad |= 1u << F_SCHMITT | 1u << F_HYST;
	if ((p->have & slew) == slew &&
	    (p->val[F_SLEW_RISE] == p->val[F_SLEW_FALL]) != !!(p->seen & S_SLEW))
		p->bad |= slew;
	p->bad |= ~p->have & (slew | 1u << F_STAGES | 1u << F_POWER);
	for (f = 0; f < NFIELDS; f++)
		if (f == F_DRIVE || f == F_SCHMITT || f == F_DEBOUNCE || f == F_LOWPOWER ||
		    f == F_WAKEUP || f == F_INPUT)
			p->have |= 1u << f;	/* val[f] is 0 unless an item set it */
	return true;
}

int vsoc_pinconf_field(struct controller *c, u32 pin, const char *name, u32 *val)
{
	struct pin_line *l = pin_line(&c->conf, pin);
	struct pad p = { 0 };
	int f;

	for (f = 0; f < NFIELDS && strcmp(field_names[f], name); f++)
		;
	if (!l || f == NFIELDS)
		return 0;
	if (!decode(l->rest, &p))
		return -1;
	if (p.bad & 1u << f)
		return -1;
	if (!(p.have & 1u << f))
		return 0;
	*val = p.val[f];
	return 1;
}

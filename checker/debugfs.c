// SPDX-License-Identifier: GPL-2.0
/*
 * vsoc-verify: the kernel's view, from the debugfs dumps guest/init.c
 * prints (pins, pinmux-pins, pinconf-pins, pinconf-owners), each decoded
 * back into the datasheet's PAD fields and mux selects
 */
#include "verify.h"

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


static void set_bad(struct pin_view *pv, int item, const char *why)
{
	pv->shown |= BIT(item);
	pv->bad |= BIT(item);
	pv->why[item] = why;
}

/* Debugfs: pins, the kernel's readback ("mux N pad 0x..." from the driver) */

void parse_pins(struct verify *v)
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
	char dev[128], func[64], group[256];
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
	if (!f || sscanf(f, " function %63s group %255s", func, group) != 2) {
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

void parse_pinmux(struct verify *v)
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

void parse_pinconf(struct verify *v)
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

/*
 * The core's pinconf-owners: "pin N (NAME): PROP[ <ARG>], ... <- NODE (DEV,
 * STATE); ... <- set at run time" per pin, in the DT's words. Each property
 * names the PAD fields it sets. Optional: older captures do not have it.
 */
void parse_sources(struct verify *v)
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

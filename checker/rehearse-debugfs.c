// SPDX-License-Identifier: GPL-2.0
/*
 * The pin controllers' debugfs files for rehearse-ktap (rehearse.h): pin
 * names, mux owners and read-backs, as pincheck/verdict.py reads them.
 */
#define _GNU_SOURCE		/* asprintf */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rehearse.h"
#include "util.h"

/*
 * The debugfs directory of a device: named after it, or after it and its
 * driver when two controllers share a name ("dev-driver")
 */
char *ctrl_dir(const char *base, const char *dev)
{
	char *found = NULL;
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
	return found;
}

/*
 * "pin N (NAME) rest" (pins) or "pin N (NAME): rest" (pinmux-pins,
 * pinconf-pins), as the host's regular expressions read them
 */
struct pin_file parse_pin_file(const char *dir, const char *file, bool colon)
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

struct pin_line *pin_line(const struct pin_file *file, u32 pin)
{
	if (pin >= file->n || !file->lines[pin].name)
		return NULL;
	return &file->lines[pin];
}

static bool is_hex(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strchr("0123456789abcdef", s[i]))
			return false;
	return n > 0;
}

/*
 * pins: "[GPIO RANGE ]mux 1 pad 0x000000a0", the VSOC driver's read-back of
 * both registers (vsoc_pin_dbg_show()): the mux select itself, or the PAD
 * field under its mask
 */
static bool vsoc_value(const char *rest, bool mux, u32 mask, u32 *val)
{
	const char *s, *pad;
	size_t digits;

	/* "mux " at the start or after a blank, and the line ends there */
	for (s = strstr(rest, "mux "); s; s = strstr(s + 1, "mux ")) {
		digits = strspn(s + 4, "0123456789");
		pad = s + 4 + digits;
		if ((s == rest || s[-1] == ' ') && digits && !strncmp(pad, " pad 0x", 7) &&
		    strlen(pad + 7) == 8 && is_hex(pad + 7, 8))
			break;
	}
	if (!s)
		return false;
	if (mux)
		*val = strtoul(s + 4, NULL, 10);
	else if (mask)
		*val = (strtoul(pad + 7, NULL, 16) & mask) >> __builtin_ctz(mask);
	else
		return false;
	return true;
}

/*
 * pins: "[GPIO RANGE ]NNN: MDOI..." (mtk_pctrl_show_one_pin(): the pin's
 * number "%03d: ", then one digit each of mode, direction, ...): the mode
 * digit, the key at the start or after a blank
 */
static bool mtk_mode(const char *rest, u32 pin, u32 *val)
{
	char key[16];
	const char *s;

	snprintf(key, sizeof(key), "%03u: ", pin);
	for (s = strstr(rest, key); s && s != rest && s[-1] != ' '; s = strstr(s + 1, key))
		;
	if (!s || !isdigit((unsigned char)s[strlen(key)]))
		return false;
	*val = s[strlen(key)] - '0';
	return true;
}

/* pincheck/verdict.py debugfs_value() */
bool debugfs_value(struct controller *c, u32 pin, u32 kind, u32 mask, u32 *val)
{
	struct pin_line *l;
	const char *s;

	switch (kind) {
	case DBG_IMX_CONF:	/* the pad register (SHARE_MUX_CONF_REG: with the mux bits) */
	case DBG_IMX1_CONF:	/* imx1_pinconf_dbg_show(): the PUEN bit itself */
		l = pin_line(&c->conf, pin);
		if (!l || !mask)
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
	case DBG_MESON_PULLEN:
	case DBG_MESON_PULL:
		/* the generic dump of meson_pinconf_get(): the pull-enable
		 * bit (0 when "input bias disabled"), the pull bit (1 up, 0
		 * down; not shown while the pull is disabled) */
		l = pin_line(&c->conf, pin);
		if (!l)
			return false;
		if (strstr(l->rest, "input bias pull up"))
			*val = 1;
		else if (strstr(l->rest, "input bias pull down"))
			*val = kind == DBG_MESON_PULLEN;
		else if (kind == DBG_MESON_PULLEN && strstr(l->rest, "input bias disabled"))
			*val = 0;
		else
			return false;
		return true;
	case DBG_RCAR_DRIVE:
		/* sh_pfc_pinconf_get(): (mA / step) - 1, the step 6 mA for a
		 * 2-bit field, else 3 mA */
		l = pin_line(&c->conf, pin);
		s = l ? strstr(l->rest, "output drive strength (") : NULL;
		if (!s || !strstr(s, " mA)"))
			return false;
		*val = strtoul(s + strlen("output drive strength ("), NULL, 10) /
		       (__builtin_popcount(mask) == 2 ? 6 : 3) - 1;
		return true;
	case DBG_RCAR_POC: {
		/* the POCCTRL bit: 1 for 3300 mV, 0 for 1800 mV; 2500 mV is
		 * either, by the pin (not read) */
		unsigned long mv;

		l = pin_line(&c->conf, pin);
		s = l ? strstr(l->rest, "pin power source (") : NULL;
		if (!s)
			return false;
		mv = strtoul(s + strlen("pin power source ("), NULL, 10);
		if (mv != 3300 && mv != 1800)
			return false;
		*val = mv == 3300;
		return true;
	}
	case DBG_MTK_MODE:
		l = pin_line(&c->pins, pin);
		return l && mtk_mode(l->rest, pin, val);
	case DBG_VSOC_MUX:
	case DBG_VSOC_PAD:
		l = pin_line(&c->pins, pin);
		return l && vsoc_value(l->rest, kind == DBG_VSOC_MUX, mask, val);
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

char *mux_owner(struct controller *c, u32 pin)
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

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char *conf_owners(struct controller *c, u32 pin)
{
	struct pin_line *l = pin_line(&c->owners, pin);
	char *copy = xstrdup(l ? l->rest : ""), *part, *next, *arrow, **src;
	unsigned int n = 0, i;
	struct buf out = { 0 };

	/* "CONFIG[, CONFIG...] <- SOURCE[; ...]" */
	src = xcalloc(strlen(copy) / 2 + 1, sizeof(*src));
	for (part = copy; part && *part; part = next) {
		next = strstr(part, "; ");
		if (next) {
			*next = '\0';
			next += 2;
		}
		arrow = strstr(part, " <- ");
		if (arrow)
			src[n++] = arrow + 4;
	}
	qsort(src, n, sizeof(*src), cmp_str);
	bprintf(&out, "%s", "");
	for (i = 0; i < n; i++)
		if (!i || strcmp(src[i], src[i - 1]))
			bprintf(&out, "%s%s", out.len ? " | " : "", src[i]);
	free(src);
	free(copy);
	return out.s;
}

char *mux_group(struct controller *c, u32 pin)
{
	struct pin_line *l = pin_line(&c->mux, pin);
	const char *g, *last = NULL, *f;

	if (!l)
		return NULL;
	/* " function F group G" at the end, F and G without blanks */
	for (g = strstr(l->rest, " group "); g; g = strstr(g + 1, " group "))
		last = g;
	if (!last || !last[7] || strchr(last + 7, ' '))
		return NULL;
	for (f = last - 1; f > l->rest && *f != ' '; f--)
		;
	if (f - l->rest < 9 || strncmp(f - 9, " function", 9))
		return NULL;
	return xstrdup(last + 7);
}

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
 * pinconf-pins), as the host's regular expressions read them; prefix ""
 * for pinconf-groups' "N (NAME): rest"
 */
static struct pin_file parse_lines(const char *dir, const char *file, bool colon,
				   const char *prefix)
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
		size_t np = strlen(prefix);

		if (strncmp(line, prefix, np) || !isdigit((unsigned char)line[np]))
			continue;
		pin = strtoul(line + np, &end, 10);
		if (strncmp(end, " (", 2))
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

struct pin_file parse_pin_file(const char *dir, const char *file, bool colon)
{
	return parse_lines(dir, file, colon, "pin ");
}

struct pin_file parse_group_file(const char *dir, const char *file)
{
	return parse_lines(dir, file, true, "");
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

/* The index of WORD among the plan's debugfs-words of FIELD, or -1 */
static int word_index(struct controller *c, const char *field, const char *word)
{
	unsigned int i;
	int n = -1;

	for (i = 0; i < c->nwords; i++) {
		if (c->words[i][0] == '=') {
			if (n >= 0)
				break;
			if (!strcmp(c->words[i] + 1, field))
				n = 0;
		} else if (n >= 0) {
			if (!strcmp(c->words[i], word))
				return n;
			n++;
		}
	}
	return -1;
}

/* The plan's debugfs-words of FIELD: the first, and their number */
static char **words_of(struct controller *c, const char *field, unsigned int *n)
{
	unsigned int i;

	for (i = 0; i < c->nwords; i++)
		if (c->words[i][0] == '=' && !strcmp(c->words[i] + 1, field))
			break;
	for (*n = 0; i + 1 + *n < c->nwords && c->words[i + 1 + *n][0] != '='; (*n)++)
		;
	return i < c->nwords ? c->words + i + 1 : NULL;
}

/* The mode of a PMIC pad shown as direction DIR and function FN (MPP; 0
 * for a GPIO), its input enabled or not: the plan's "modes" words, by
 * (DIR, FN, INEN), the functions counted when there are more modes than
 * two a direction */
static bool pmic_mode(struct controller *c, int dir, int fn, bool inen, u32 *val)
{
	unsigned int nm, nd, nf, i;
	char **m = words_of(c, "modes", &nm);

	words_of(c, "dir", &nd);
	if (!m || !nd || dir < 0 || fn < 0)
		return false;
	nf = nm / (2 * nd);
	i = (dir * nf + fn) * 2 + inen;
	if (i >= nm)
		return false;
	*val = strtoul(m[i], NULL, 10);
	return true;
}

/*
 * pinconf-groups of a PMIC GPIO or MPP pad (every pad its own group), as
 * pmic_gpio_config_dbg_show() prints it: "<generic> gpioN : out  high
 * normal  vin-0 no pull  push-pull  no  atest-1 dtest-0" (direction,
 * value, function, vin-N, the bias in words, buffer, strength, atest-N,
 * dtest-N), or pmic_mpp_config_dbg_show(): "mppN : out  digital vin-0 0
 * Disabled low" (direction, function, vin-N, analog level, the pull where
 * the pad has one, value); " ---" for a pad the driver shows disabled.
 * The field by its name, as pincheck/readback.py _read_qcom_pmic() reads it
 */
static bool pmic_pad_value(struct controller *c, u32 pin, bool mpp, const char *field,
			   u32 *val)
{
	struct pin_line *l = pin_line(&c->groups, pin);
	const char *pre = mpp ? "mpp" : "gpio", *s, *m = NULL, *word = NULL;
	char *copy, *tok, *save, *w[64], bias[128] = "";
	unsigned int n = 0, i;
	bool inen, ok = false;
	int k = -1;

	if (!l)
		return false;
	/* the last " gpioN" (or "gpioN" at the start) followed by " *:" */
	for (s = strstr(l->rest, pre); s; s = strstr(s + 1, pre)) {
		const char *d = s + strlen(pre);

		if ((s != l->rest && s[-1] != ' ') || !isdigit((unsigned char)*d))
			continue;
		while (isdigit((unsigned char)*d))
			d++;
		while (*d == ' ')
			d++;
		if (*d == ':')
			m = d + 1;
	}
	if (!m)
		return false;
	inen = strstr(l->rest, "input enabled") && strstr(l->rest, "input enabled") < m;
	copy = xstrdup(m);
	for (tok = strtok_r(copy, " ", &save); tok && n < 64; tok = strtok_r(NULL, " ", &save))
		w[n++] = tok;
	if (!strcmp(field, "enable")) {
		*val = !(n == 1 && !strcmp(w[0], "---"));
		free(copy);
		return true;
	}
	if (n < (mpp ? 4u : 9u) || (n == 1 && !strcmp(w[0], "---"))) {
		free(copy);
		return false;
	}
	for (i = 4; !mpp && i < n - 4; i++)
		snprintf(bias + strlen(bias), sizeof(bias) - strlen(bias), "%s%s", i > 4 ? " " : "",
			 w[i]);
	if (!strcmp(field, "dir") || !strcmp(field, "mode")) {
		int d = word_index(c, "dir", w[0]);
		int f = mpp ? word_index(c, "function", w[1]) : 0;

		ok = pmic_mode(c, d, f, inen, val);
	} else if (!strcmp(field, "vin") || !strcmp(field, "level")) {
		const char *v = w[!strcmp(field, "vin") && !mpp ? 3 : !strcmp(field, "vin") ? 2 : 3];

		if (!strncmp(v, "vin-", 4) && !strcmp(field, "vin"))
			v += 4;
		ok = isdigit((unsigned char)*v);
		*val = ok ? strtoul(v, NULL, 10) : 0;
	} else if (!strcmp(field, "out")) {
		/* the input's level is shown while it is enabled */
		for (i = mpp ? 4 : 1; !inen && i < (mpp ? 6u : 2u) && i < n && k < 0; i++)
			k = word_index(c, "out", w[i]);
		ok = k >= 0;
		*val = k;
	} else {
		word = !strcmp(field, "function") ? w[mpp ? 1 : 2] :
		       !strcmp(field, "pull") ? (mpp ? w[4 < n ? 4 : 0] : bias) :
		       !strcmp(field, "buffer") ? w[n - 4] :
		       !strcmp(field, "strength") ? w[n - 3] : NULL;
		k = word ? word_index(c, field, word) : -1;
		ok = k >= 0;
		*val = k;
	}
	free(copy);
	return ok;
}

/* pincheck/verdict.py debugfs_value() */
bool debugfs_value(struct controller *c, u32 pin, u32 kind, const char *field, u32 mask,
		   u32 *val)
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
	case DBG_QCOM_PMIC_GPIO:
	case DBG_QCOM_PMIC_MPP:
		return pmic_pad_value(c, pin, kind == DBG_QCOM_PMIC_MPP, field, val);
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

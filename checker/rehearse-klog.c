// SPDX-License-Identifier: GPL-2.0
/*
 * Why a rehearsed consumer (or a controller's hog state) has no state, from
 * the kernel log, for rehearse-ktap: the same words as the host's verdict
 * (pincheck/klog.py, verdict.py why_failed()), character for character,
 * since 70-rehearse and 72-rehearse-fail compare the two KTAPs line for
 * line.
 *
 * The kernel names the nodes of the virt DTB (/pinctrl@4c000000/i2c2grp,
 * /rh009-i2c); the plan's path-map gives each moved node's board path, and
 * every virt path at the start of a path in a message is put back as the
 * board's (a pin node keeps its name under its controller).
 */
#define _GNU_SOURCE		/* strcasestr */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rehearse.h"
#include "util.h"

/* The characters of a DT node name and unit address (klog.py PATH_CHARS) */
static bool path_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr(",._+@-", c));
}

static bool space(char c)
{
	return c && strchr(" \t\n\v\f\r", c);
}

/*
 * One line of the log as a message: *level its "<N>" & 7, or -1 without
 * one; the "[time]" prefixes and the blanks at both ends taken off (in
 * place)
 */
static char *record(char *line, int *level)
{
	char *end;
	size_t n;

	*level = -1;
	if (line[0] == '<') {
		end = strchr(line, '>');
		if (end && end - line > 1 && strspn(line + 1, "0123456789") == (size_t)(end - line - 1)) {
			*level = (int)(strtoul(line + 1, NULL, 10) & 7);
			line = end + 1;
		}
	}
	while (line[0] == '[' && strchr(line, ']'))
		line = strchr(line, ']') + 1;
	while (space(*line))
		line++;
	n = strlen(line);
	while (n && space(line[n - 1]))
		line[--n] = '\0';
	return line;
}

/* Whether msg names the node at path (below: or a node under it) */
static bool mentions(const char *msg, const char *path, bool below)
{
	size_t n = strlen(path);
	const char *m;

	if (!n)
		return false;
	for (m = strstr(msg, path); m; m = strstr(m + 1, path)) {
		char after = m[n];

		if (m > msg && (path_char(m[-1]) || m[-1] == '/'))
			continue;
		if (!after || (!path_char(after) && (below || after != '/')))
			return true;
	}
	return false;
}

char *klog_translate(const struct klog *k, const char *msg)
{
	struct buf out = { 0 };
	const char *p = msg;
	unsigned int i;

	bprintf(&out, "%s", "");
	while (*p) {
		if (*p == '/' && (p == msg || (!path_char(p[-1]) && p[-1] != '/'))) {
			for (i = 0; i < k->nmap; i++) {
				const char *v = k->map[2 * i];
				size_t n = strlen(v);

				if (!strncmp(p, v, n) && !path_char(p[n]))
					break;
			}
			if (i < k->nmap) {
				bprintf(&out, "%s", k->map[2 * i + 1]);
				p += strlen(k->map[2 * i]);
			} else {
				bprintf(&out, "/");
				p++;
			}
			continue;
		}
		bprintf(&out, "%c", *p);
		p++;
	}
	return out.s;
}

/*
 * "driver device: rest": *dev a new copy of the device, the return value
 * rest; else *dev NULL and msg
 */
static const char *split_dev(const char *msg, char **dev)
{
	const char *a = msg, *b;

	*dev = NULL;
	while (*a && !space(*a))
		a++;
	if (a == msg || *a != ' ')
		return msg;
	for (b = a + 1; *b && !space(*b); b++)
		;
	if (b - (a + 1) < 2 || b[-1] != ':' || *b != ' ')
		return msg;
	*dev = xcalloc(1, b - a);
	memcpy(*dev, a + 1, b - a - 2);
	return b + 1;
}

static bool is_dev(const struct klog *k, const char *dev)
{
	unsigned int i;

	for (i = 0; dev && i < k->ndevs; i++)
		if (!strcmp(k->devs[i], dev))
			return true;
	return false;
}

/* The errors about the consumer's nodes, joined by "; "; NULL if none */
static char *reason(const struct klog *k, const struct klog_consumer *c)
{
	char *copy = xstrdup(k->text), *line, *next, **seen = NULL;
	struct buf out = { 0 };
	unsigned int nseen = 0, i;

	for (line = copy; line; line = next) {
		char *msg, *dev, *text;
		const char *rest;
		bool about;
		int level;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		msg = record(line, &level);
		if (level > 3)
			continue;
		rest = split_dev(msg, &dev);
		about = mentions(msg, c->node, false);
		for (i = 0; !about && i < c->npin_nodes; i++)
			about = mentions(msg, c->pin_nodes[i], true);
		if (!about && c->hog && dev && !strcmp(dev, c->dev) &&
		    !strncmp(rest, "pin hogs of state ", strlen("pin hogs of state ")))
			about = true;
		if (about) {
			text = klog_translate(k, is_dev(k, dev) ? rest : msg);
			for (i = 0; i < nseen; i++)
				if (!strcmp(seen[i], text))
					break;
			if (i < nseen) {
				free(text);
			} else {
				seen = realloc(seen, (nseen + 1) * sizeof(*seen));
				if (!seen)
					fatal("out of memory");
				seen[nseen++] = text;
				bprintf(&out, "%s%s", out.len ? "; " : "", text);
			}
		}
		free(dev);
	}
	for (i = 0; i < nseen; i++)
		free(seen[i]);
	free(seen);
	free(copy);
	return out.s;
}

/*
 * The claim error naming dev: the pin, and the owner's device (a new
 * string, in *owner); false when there is none
 */
static bool find_claim(const struct klog *k, const char *dev, char *pin, char **owner_out)
{
	char *copy = xstrdup(k->text), *line, *save;
	char owner[256], claimant[256];
	bool found = false;

	for (line = strtok_r(copy, "\n", &save); line && !found; line = strtok_r(NULL, "\n", &save)) {
		const char *m = strstr(line, "pin ");

		for (; m; m = strstr(m + 1, "pin ")) {
			const char *end = strstr(m + 4, " already requested by ");
			size_t n;

			/* a pin's name may have spaces (Tegra's "SDMMC1_CLK PM0") */
			if (!end || end == m + 4 || end - (m + 4) > 255 ||
			    memchr(m + 4, ';', end - (m + 4)))
				continue;
			memcpy(pin, m + 4, end - (m + 4));
			pin[end - (m + 4)] = '\0';
			if (sscanf(end, " already requested by %255s cannot claim for %255s",
				   owner, claimant) != 2)
				continue;
			n = strlen(owner);
			if (!n || owner[n - 1] != ';')
				continue;
			owner[n - 1] = '\0';
			if (strcmp(claimant, dev))
				continue;
			if (owner_out)
				*owner_out = xstrdup(owner);
			found = true;
			break;
		}
	}
	free(copy);
	return found;
}

int klog_lost_claim(const struct klog *k, const char *dev)
{
	char pin[256];

	return find_claim(k, dev, pin, NULL);
}

char *klog_why_failed(const struct klog *k, const struct klog_consumer *c)
{
	static const char *const words[] = { "error", "fail", "invalid", "could not", "unable" };
	char pin[256], *owner, *why = NULL, *copy, *line, *next;
	unsigned int i;

	if (find_claim(k, c->dev, pin, &owner)) {
		for (i = 0; i < k->ncons; i++)
			if (!strcmp(k->cons_devs[i], owner))
				break;
		if (asprintf(&why, "pin %s already requested by %s", pin,
			     i < k->ncons ? k->cons_paths[i] : owner) < 0)
			fatal("out of memory");
		free(owner);
		return why;
	}
	why = reason(k, c);
	if (why)
		return why;
	copy = xstrdup(k->text);
	for (line = copy; line && !why; line = next) {
		char *msg;
		int level;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		msg = record(line, &level);
		if (!strstr(msg, c->dev))
			continue;
		for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			if (strcasestr(msg, words[i]))
				break;
		if (i < sizeof(words) / sizeof(words[0]))
			why = klog_translate(k, msg);
	}
	free(copy);
	return why;
}

int klog_probe_failed(const struct klog *k, const char *dev)
{
	static const char mid[] = ": probe with driver ", tail[] = " failed with error ";
	char *copy = xstrdup(k->text), *line, *save, *m, *e;
	size_t n = strlen(dev);
	bool found = false;
	int level;

	for (line = strtok_r(copy, "\n", &save); line && !found; line = strtok_r(NULL, "\n", &save)) {
		/* "DRIVER DEV: probe with driver DRIVER failed with error N" */
		m = record(line, &level);
		m += strcspn(m, " ");
		if (*m != ' ' || strncmp(m + 1, dev, n) || strncmp(m + 1 + n, mid, strlen(mid)))
			continue;
		m += 1 + n + strlen(mid);
		m += strcspn(m, " ");
		if (strncmp(m, tail, strlen(tail)))
			continue;
		e = m + strlen(tail);
		e += *e == '-';
		found = *e && strspn(e, "0123456789") == strlen(e);
	}
	free(copy);
	return found;
}

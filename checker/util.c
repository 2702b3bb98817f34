// SPDX-License-Identifier: GPL-2.0
/* The checker's helpers (util.h) */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

void fatal(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		fatal("out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		fatal("out of memory");
	return p;
}

/*
 * read(), not stdio's size: debugfs and /proc files say they are empty.
 * must: a file that cannot be opened or read fails the tool.
 */
static char *slurp(const char *path, size_t *len, bool must)
{
	size_t n = 0, size = 65536;
	char *buf;
	ssize_t r;
	int fd = open(path, O_RDONLY);

	if (fd < 0) {
		if (must)
			fatal("%s: %s", path, strerror(errno));
		return NULL;
	}
	buf = xcalloc(1, size + 1);
	while ((r = read(fd, buf + n, size - n)) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			if (must)
				fatal("%s: read error", path);
			break;
		}
		n += r;
		if (n == size) {
			buf = realloc(buf, 2 * size + 1);
			if (!buf)
				fatal("out of memory");
			size *= 2;
		}
	}
	close(fd);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

char *read_file(const char *path, size_t *len)
{
	return slurp(path, len, true);
}

char *read_file_opt(const char *path, size_t *len)
{
	return slurp(path, len, false);
}

char *ktap_name(const char *in)
{
	char *out = xstrdup(in), *p;

	for (p = out; *p; p++)
		if (*p == '#' || isspace((unsigned char)*p))
			*p = '_';
	return out;
}

void bprintf(struct buf *b, const char *fmt, ...)
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

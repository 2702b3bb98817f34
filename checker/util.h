/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The checker's helpers (rehearse-ktap and its parts, checker/rehearse-*.c),
 * built for the host and static for the guest (Makefile): libc only.
 */
#ifndef VERIFY_UTIL_H
#define VERIFY_UTIL_H

#include <stddef.h>

/* The tool's name, for fatal()'s messages; each main() sets it */
extern const char *progname;

/* Bad input or no memory: "PROGNAME: message" on stderr, exit 2 */
void __attribute__((noreturn, format(printf, 1, 2))) fatal(const char *fmt, ...);

void *xcalloc(size_t n, size_t size);
char *xstrdup(const char *s);

/*
 * A whole file, NUL-terminated, *len its length (len may be NULL).
 * read_file() fails the tool when the file cannot be read,
 * read_file_opt() returns NULL when it cannot be opened.
 */
char *read_file(const char *path, size_t *len);
char *read_file_opt(const char *path, size_t *len);

/* Growing text: s NUL-terminated (NULL until the first bprintf()) */
struct buf {
	char *s;
	size_t len;
};

void __attribute__((format(printf, 2, 3))) bprintf(struct buf *b, const char *fmt, ...);

/* A KTAP test name: a new copy of in, each '#' and blank made '_' */
char *ktap_name(const char *in);

#endif

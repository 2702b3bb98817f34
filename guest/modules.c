// SPDX-License-Identifier: GPL-2.0
/*
 * The guest's /init, part two: the pin controller drivers that a kernel
 * not built by the project (KERNEL=debian, or a user's Image with MODULES=)
 * builds as modules. qemu/run.sh appends a cpio (scripts/anykernel.sh
 * modules) holding them, decompressed, in /lib/modules/vsoc/ with
 * load.list, one file name a line in dependency order (modules.dep's).
 * Each is loaded with finit_module(); then the deferred probes that the
 * new drivers release are waited for: until debugfs's devices_deferred
 * has not changed for half a second (ten seconds at most).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "modules.h"

#define MODDIR		"/lib/modules/vsoc"
#define DEFERRED	"/sys/kernel/debug/devices_deferred"

static size_t slurp(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t r;
	size_t n = 0;

	if (fd < 0)
		return 0;
	while (n < size - 1 && (r = read(fd, buf + n, size - 1 - n)) > 0)
		n += r;
	close(fd);
	buf[n] = '\0';
	return n;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* until devices_deferred is still for 0.5 s, at most 10 s */
static void settle(void)
{
	static char a[16384], b[16384];
	double start = now(), still = now();

	slurp(DEFERRED, a, sizeof(a));
	while (now() - start < 10.0 && now() - still < 0.5) {
		usleep(50000);
		slurp(DEFERRED, b, sizeof(b));
		if (strcmp(a, b)) {
			memcpy(a, b, sizeof(a));
			still = now();
		}
	}
}

int load_modules(void (*say)(const char *fmt, ...))
{
	static char list[8192];
	char *line, *save, path[512];
	int fd, n = 0;

	if (!slurp(MODDIR "/load.list", list, sizeof(list)))
		return 0;
	for (line = strtok_r(list, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		snprintf(path, sizeof(path), MODDIR "/%s", line);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || syscall(SYS_finit_module, fd, "", 0)) {
			if (errno != EEXIST)
				say("vsocinit: module %s not loaded: %s\n", line, strerror(errno));
		} else {
			n++;
		}
		if (fd >= 0)
			close(fd);
	}
	settle();
	say("vsocinit: %d modules loaded from " MODDIR "\n", n);
	return n;
}

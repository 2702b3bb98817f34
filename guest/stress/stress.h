/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by guest/stress/stress.c and guest/stress/stress-io.c (the guest's /stress). */
#ifndef VSOC_STRESS_H
#define VSOC_STRESS_H

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <unistd.h>

#define PINCTRL_DIR	"/sys/kernel/debug/pinctrl"
#define SINGLE_DEV	"4c100000.pinmux"

struct figures {
	long ops, faults, cycles, writes, bad, reports;
};

extern char cmdline[4096];
extern struct figures fig;
extern char pctl_vsoc[256], pctl_single[256];

void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *ename(int err);
long option_num(const char *key, long def);
int put(const char *path, const char *s);
int bound(const char *dev);
int drv_op(const char *drv, const char *op, const char *dev);
int settle_bound(const char *dev);
int ensure_bound(const char *drv, const char *dev);
int kernel_reports(void);
extern int nth_fd;
void nth_set(int n);
int nth_left(void);
void nth_mode(int mode);

/* stress-io.c */
double now(void);
const char *pl061_chip(void);
long long slab_snapshot(int which);
int slab_grew_span(long span);
long lockdep_value(const char *key);
void part_debugfs(void);
void part_race(void);
void part_oversize(void);


/* stress-states.c: the test consumer module and its parts */
#define CONSUMER_DIR	"/sys/kernel/debug/pinctrl-consumer-test"
int consumer_setup(void);
void part_states(void);
void part_overlay(void);
void part_refcounts(void);
void refcounts_start(void);
int load_overlay(const char *file);
int kmemleak_check(void);

/* stress-probe.c */
void part_probe(void);

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * The guest's /stress, third part: what needs the test consumer module
 * (guest/consumer-test, /lib/modules/pinctrl-consumer-test.ko in
 * the initramfs cpio that scripts/module.sh adds). See stress.c for the
 * output.
 *
 *	states	   4 threads switching the states of consumer-a and
 *		   consumer-b (random, seeded) through their sysfs "state",
 *		   racing GPIO request/free, debugfs readers, pinmux-select
 *		   writes and CPU1 going offline and online; then debug_locks,
 *		   every pin's owner, and each consumer's state as the core
 *		   shows it (the registers: the verifier after the boot)
 *	overlay	   tests/boards/stress-overlay.dtso applied and removed C
 *		   times (a third consumer, bound, put to "sleep"); slab
 *		   usage flat, DT node refcounts unchanged, no leak
 *	refcounts  the refcounts of the controllers' and consumers' DT
 *		   nodes at the end against those before the first part
 */
#include "stress.h"

#include <dirent.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <linux/gpio.h>

#define CONSUMER_KO	"/lib/modules/pinctrl-consumer-test.ko"
#define OVERLAY_DTBO	"/lib/firmware/stress-overlay.dtbo"

static int loaded;

static int read_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n, len = 0;

	buf[0] = '\0';
	if (fd < 0)
		return -errno;
	while (len < (ssize_t)size - 1 && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return (int)len;
}

/* Bound and its "state" file there (added after the probe): within 2 s */
static int settle_state(const char *dev)
{
	char path[128];
	int i;

	snprintf(path, sizeof(path), "/sys/bus/platform/devices/%s/state", dev);
	for (i = 0; i < 200 && access(path, W_OK); i++)
		usleep(10000);
	return access(path, W_OK) == 0;
}

/* Hand the module an overlay blob from /lib/firmware */
int load_overlay(const char *file)
{
	static char dtb[65536];
	int fd = open(file, O_RDONLY), n;

	n = fd < 0 ? -1 : (int)read(fd, dtb, sizeof(dtb));
	if (fd >= 0)
		close(fd);
	fd = open(CONSUMER_DIR "/overlay-dtb", O_WRONLY);
	if (n <= 0 || fd < 0 || write(fd, dtb, n) != n) {
		out("consumer: cannot hand over %s: %s\n", file, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

/* Load the module and hand it the overlay; 0 when ready */
int consumer_setup(void)
{
	int fd, ret;

	if (loaded)
		return 0;
	fd = open(CONSUMER_KO, O_RDONLY);
	if (fd < 0) {
		out("consumer: %s: %s (scripts/module.sh adds it)\n", CONSUMER_KO, strerror(errno));
		return -1;
	}
	ret = (int)syscall(SYS_finit_module, fd, "", 0);
	close(fd);
	if (ret && errno != EEXIST) {
		out("consumer: finit_module: %s\n", strerror(errno));
		return -1;
	}
	if (load_overlay(OVERLAY_DTBO))
		return -1;
	loaded = settle_state("consumer-a") && settle_state("consumer-b");
	out("consumer: module loaded, consumer-a %s, consumer-b %s\n",
	    bound("consumer-a") ? "bound" : "not bound",
	    bound("consumer-b") ? "bound" : "not bound");
	return loaded ? 0 : -1;
}

/* ---- DT node refcounts (the module's debugfs file) -------------------- */

#define MAX_NODES 256
struct refs {
	char path[MAX_NODES][96];
	int count[MAX_NODES], n;
};
static struct refs refs_start;

/* The nodes judged: the controllers, their pin nodes, the consumers */
static int judged(const char *path)
{
	static const char *const prefix[] = {
		"/soc/pinctrl@4c000000", "/soc/pinmux@4c100000", "/consumer-",
		"/leds-", "/gpio-keys",
	};
	unsigned int i;

	for (i = 0; i < sizeof(prefix) / sizeof(prefix[0]); i++)
		if (!strncmp(path, prefix[i], strlen(prefix[i])))
			return 1;
	return 0;
}

static int refs_read(struct refs *r)
{
	static char buf[1 << 16];
	char *line, *save, path[96];
	int count;

	r->n = 0;
	if (read_file(CONSUMER_DIR "/refcounts", buf, sizeof(buf)) <= 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (sscanf(line, "%95s %d", path, &count) == 2 && judged(path) &&
		    r->n < MAX_NODES) {
			snprintf(r->path[r->n], sizeof(r->path[0]), "%s", path);
			r->count[r->n++] = count;
		}
	return r->n;
}

/* Nodes whose count differs, or that are in one snapshot only */
static int refs_diff(const struct refs *a, const struct refs *b, const char *what)
{
	int i, j, diff = 0;

	for (i = 0; i < a->n; i++) {
		for (j = 0; j < b->n && strcmp(a->path[i], b->path[j]); j++)
			;
		if (j == b->n || a->count[i] != b->count[j]) {
			out("refcount %s %s: %d -> %d\n", what, a->path[i], a->count[i],
			    j == b->n ? -1 : b->count[j]);
			diff++;
		}
	}
	for (j = 0; j < b->n; j++) {
		for (i = 0; i < a->n && strcmp(a->path[i], b->path[j]); i++)
			;
		if (i == a->n) {
			out("refcount %s %s: new node, %d\n", what, b->path[j], b->count[j]);
			diff++;
		}
	}
	return diff;
}

void part_refcounts(void)
{
	static struct refs now_refs;

	if (!loaded || !refs_start.n || refs_read(&now_refs) <= 0) {
		out("refcounts: no snapshot (module not loaded)\n");
		fig.bad++;
		return;
	}
	fig.ops = now_refs.n;
	fig.bad += refs_diff(&refs_start, &now_refs, "since the start");
	out("refcounts: %d nodes compared with the start of /stress, %ld differ\n",
	    now_refs.n, fig.bad);
}

/* Snapshot before the first part (main calls it once the module is in) */
void refcounts_start(void)
{
	if (loaded)
		out("refcounts: %d nodes at the start\n", refs_read(&refs_start));
}

/* ---- kmemleak: scan now, classify, clear ------------------------------ */

/*
 * Objects kmemleak finds now: printed as kmemleak prints them (so the boot
 * fails on them, as at the end of every debug boot) and counted, then
 * cleared, so the boot's last scan does not report them again. -1 without
 * kmemleak.
 */
int kmemleak_check(void)
{
	static char buf[1 << 18];
	char *p, *next;
	int leaks = 0;

	if (access("/sys/kernel/debug/kmemleak", F_OK))
		return -1;
	sleep(6);	/* kmemleak reports objects older than 5 s */
	put("/sys/kernel/debug/kmemleak", "scan");
	put("/sys/kernel/debug/kmemleak", "scan");
	read_file("/sys/kernel/debug/kmemleak", buf, sizeof(buf));
	for (p = strstr(buf, "unreferenced object"); p; p = next) {
		next = strstr(p + 1, "unreferenced object");
		if (next)
			next[-1] = '\0';
		leaks++;
		out("%s\n", p);
	}
	put("/sys/kernel/debug/kmemleak", "clear");
	return leaks;
}

/* The kernel's log lines with one of the |-separated keys: the first 20 */
static void klog_show(const char *keys)
{
	static char buf[1 << 20], k[256];
	char *line, *save, *key, *ks;
	int n, shown = 0;

	n = klogctl(3, buf, sizeof(buf) - 1);
	if (n <= 0)
		return;
	buf[n] = '\0';
	for (line = strtok_r(buf, "\n", &save); line && shown < 20;
	     line = strtok_r(NULL, "\n", &save)) {
		snprintf(k, sizeof(k), "%s", keys);
		/* warning level and above: <0> to <4> */
		if (line[0] == '<' && line[1] > '4')
			continue;
		for (key = strtok_r(k, "|", &ks); key; key = strtok_r(NULL, "|", &ks))
			if (strstr(line, key)) {
				out("kernel: %s\n", line);
				shown++;
				break;
			}
	}
}

/* ---- states ----------------------------------------------------------- */

static const char *const state_names[] = { "default", "sleep", "idle" };
static const char *const consumers[] = { "consumer-a", "consumer-b" };
static volatile int st_stop;
static long st_done[10], st_err[10], st_switches;
static int st_errno[10];
static unsigned int st_seed;

static void *switcher(void *arg)
{
	long id = (long)arg, i;
	unsigned long long r = (st_seed + 1) * 0x9e3779b97f4a7c15ULL + id * 7919 + 1;
	char path[128];
	int fd[2], c;

	for (c = 0; c < 2; c++) {
		snprintf(path, sizeof(path), "/sys/bus/platform/devices/%s/state", consumers[c]);
		fd[c] = open(path, O_WRONLY);
	}
	for (i = 0; i < st_switches; i++) {
		const char *s;

		r ^= r << 13;
		r ^= r >> 7;
		r ^= r << 17;
		c = (int)(r >> 20) & 1;
		s = state_names[(r >> 24) % 3];
		if (fd[c] < 0 || pwrite(fd[c], s, strlen(s), 0) < 0)
			st_err[id]++, st_errno[id] = errno;
		st_done[id]++;
	}
	for (c = 0; c < 2; c++)
		if (fd[c] >= 0)
			close(fd[c]);
	return NULL;
}

static int chip_by_label(const char *label, char *path, size_t size)
{
	struct gpiochip_info info;
	int i, fd;

	for (i = 0; i < 8; i++) {
		snprintf(path, size, "/dev/gpiochip%d", i);
		fd = open(path, O_RDWR);
		if (fd < 0)
			continue;
		if (!ioctl(fd, GPIO_GET_CHIPINFO_IOCTL, &info) && !strcmp(info.label, label)) {
			close(fd);
			return 0;
		}
		close(fd);
	}
	return -1;
}

/*
 * GPIO requests: PG7 on the PL061 and PC0 (VSOC line 64, nobody's) must
 * be granted, PA4 (VSOC line 4, consumer-a's in every state: the VSOC
 * pinmux is strict) must be refused (vsocinit.stress.claim=0 leaves it
 * out). Before "pinctrl: core: Keep GPIO requests out of a state switch's
 * mux claims" it was not, now and then:
 * pinctrl_commit_state() released the old state's mux claims before it
 * took the new state's, a GPIO request in between got the pin, and the
 * switch failed (docs/stress.md).
 */
static int st_claim;
static void *st_gpio(void *arg)
{
	long id = (long)arg;
	char vsoc[32], pl061[32];
	struct gpio_v2_line_request req;
	int fdv, fdp, k, ok;

	if (chip_by_label("4c000000.pinctrl", vsoc, sizeof(vsoc)) ||
	    chip_by_label("9030000.gpio", pl061, sizeof(pl061))) {
		st_err[id]++;
		return NULL;
	}
	fdv = open(vsoc, O_RDWR);
	fdp = open(pl061, O_RDWR);
	while (!st_stop && fdv >= 0 && fdp >= 0) {
		for (k = 0; k < 2 + st_claim; k++) {
			memset(&req, 0, sizeof(req));
			req.offsets[0] = k == 0 ? 7 : k == 1 ? 64 : 4;
			req.num_lines = 1;
			req.config.flags = GPIO_V2_LINE_FLAG_INPUT;
			strcpy(req.consumer, "states");
			ok = ioctl(k == 0 ? fdp : fdv, GPIO_V2_GET_LINE_IOCTL, &req) == 0;
			if (ok)
				close(req.fd);
			if (ok != (k < 2)) {
				st_err[id]++;
				st_errno[id] = ok ? 1000 + req.offsets[0] : errno;
			}
			st_done[id]++;
		}
	}
	if (fdv < 0 || fdp < 0)
		st_err[id]++;
	if (fdv >= 0)
		close(fdv);
	if (fdp >= 0)
		close(fdp);
	return NULL;
}

static void *st_reader(void *arg)
{
	static const char *const files[] = {
		"pinmux-pins", "pinconf-pins", "pins", "pinctrl-handles",
	};
	static char buf[65536];
	long id = (long)arg, i;
	char path[512];

	for (i = 0; !st_stop; i++) {
		if (i % 4 == 3)
			snprintf(path, sizeof(path), PINCTRL_DIR "/pinctrl-handles");
		else
			snprintf(path, sizeof(path), "%s/%s", pctl_vsoc, files[i % 4]);
		if (read_file(path, buf, sizeof(buf)) < 0)
			st_err[id]++;
		st_done[id]++;
		usleep(3000);
	}
	return NULL;
}

static void *st_writer(void *arg)
{
	long id = (long)arg, i;
	char path[512];
	int fd;

	snprintf(path, sizeof(path), "%s/pinmux-select", pctl_vsoc);
	fd = open(path, O_WRONLY);
	for (i = 0; fd >= 0 && !st_stop; i++) {
		/* the console's own mux, or a pair that must be refused */
		const char *s = i & 1 ? "uart0_grp uart0" : "uart1_grp i2c0";

		if ((write(fd, s, strlen(s)) < 0) != !(i & 1))
			st_err[id]++;
		st_done[id]++;
		usleep(2000);
	}
	if (fd < 0)
		st_err[id]++;
	else
		close(fd);
	return NULL;
}

/* CPU1 offline and online, over and over, until the switches end */
static void *st_hotplug(void *arg)
{
	long id = (long)arg, i;
	const char *path = "/sys/devices/system/cpu/cpu1/online";

	if (access(path, W_OK)) {
		out("hotplug: %s: %s\n", path, strerror(errno));
		return NULL;	/* no second CPU: counted as 0 operations */
	}
	for (i = 0; !st_stop; i++) {
		if (put(path, i & 1 ? "1" : "0"))
			st_err[id]++;
		st_done[id]++;
		usleep(100000);
	}
	if (put(path, "1"))
		st_err[id]++;
	return NULL;
}

/* "pin N (NAME): OWNER" of pinmux-pins, one string a pin */
static int owners(char (*own)[64], int max)
{
	static char buf[1 << 16];
	char path[512], *line, *save, *p, *f;
	int pin, n = 0;

	snprintf(path, sizeof(path), "%s/pinmux-pins", pctl_vsoc);
	if (read_file(path, buf, sizeof(buf)) <= 0)
		return 0;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "pin %d", &pin) != 1 || pin < 0 || pin >= max)
			continue;
		p = strstr(line, "): ");
		if (!p)
			continue;
		p += 3;
		f = strstr(p, " function ");
		if (f)
			*f = '\0';
		snprintf(own[pin], 64, "%s", p);
		n = pin + 1;
	}
	return n;
}

void part_states(void)
{
	static const char *const role[] = {
		"switcher", "switcher", "switcher", "switcher", "GPIO request/free",
		"debugfs reader", "debugfs reader", "pinmux-select writer", "CPU1 offline/online",
	};
	void *(*fn[])(void *) = {
		switcher, switcher, switcher, switcher, st_gpio, st_reader, st_reader,
		st_writer, st_hotplug,
	};
	static char before[256][64], after[256][64], handles[1 << 16];
	static const char *const want[] = {
		"device consumer-a", "device consumer-a", "device consumer-b", "device consumer-b",
	};
	pthread_t th[9];
	char path[128], cur[32], line[96];
	long i, locks;
	int n, c;

	if (consumer_setup()) {
		fig.bad++;
		return;
	}
	st_switches = option_num("vsocinit.stress.switches", 10000);
	st_seed = (unsigned int)option_num("vsocinit.stress.seed", 1);
	st_claim = option_num("vsocinit.stress.claim", 1) == 1;
	out("states: PA4 requested through the GPIO chip too: %s\n", st_claim ? "yes" : "no");
	n = owners(before, 256);
	for (i = 0; i < 9; i++)
		pthread_create(&th[i], NULL, fn[i], (void *)i);
	for (i = 0; i < 4; i++)
		pthread_join(th[i], NULL);
	st_stop = 1;
	for (i = 4; i < 9; i++)
		pthread_join(th[i], NULL);
	for (i = 0; i < 9; i++) {
		out("thread %ld (%s): %ld operations, %ld failed%s%s\n", i, role[i],
		    st_done[i], st_err[i], st_errno[i] ? ", the last: " : "",
		    !st_errno[i] ? "" : st_errno[i] >= 1000 ? "a line granted that is not free" :
		    ename(st_errno[i]));
		fig.ops += st_done[i];
		fig.bad += st_err[i];
	}
	klog_show("PA4|PA5|PA6|PA7|consumer-a|consumer-b|pin 4|pin 5|pin 6|pin 7");
	out("states: %d threads x %ld switches\n", 4, st_switches);
	locks = lockdep_value("debug_locks:");
	out("debug_locks %ld\n", locks);
	if (locks != 1 && access("/proc/lockdep_stats", F_OK) == 0)
		fig.bad++;
	/* the owners: as before the threads, PA4-PA7 the consumers' */
	if (owners(after, 256) != n || !n) {
		out("pinmux-pins: %d pins before, other after\n", n);
		fig.bad++;
	}
	for (i = 0; i < n; i++)
		if (strcmp(before[i], after[i]) || (i >= 4 && i < 8 && strcmp(after[i], want[i - 4]))) {
			out("pin %ld: owner \"%s\" before, \"%s\" after\n", i, before[i], after[i]);
			fig.bad++;
		}
	/* the state each consumer shows is the one its handle is in */
	read_file(PINCTRL_DIR "/pinctrl-handles", handles, sizeof(handles));
	for (c = 0; c < 2; c++) {
		snprintf(path, sizeof(path), "/sys/bus/platform/devices/%s/state", consumers[c]);
		read_file(path, cur, sizeof(cur));
		cur[strcspn(cur, "\n")] = '\0';
		snprintf(line, sizeof(line), "device: %s current state: %s\n", consumers[c], cur);
		out("%s: last state %s, %s in pinctrl-handles\n", consumers[c], cur,
		    strstr(handles, line) ? "the same" : "NOT the same");
		if (!strstr(handles, line))
			fig.bad++;
	}
}

/* ---- overlay ---------------------------------------------------------- */

#define CONSUMER_C	"/sys/bus/platform/devices/consumer-c"

void part_overlay(void)
{
	static struct refs r0, r1;
	int cycles = (int)option_num("vsocinit.stress.overlays", 1000);
	int mark = cycles / 10 > 0 ? cycles / 10 : 1, c, ret, failed = 0, leaks;
	const char *ctl = CONSUMER_DIR "/overlay";
	char st[32];

	if (consumer_setup()) {
		fig.bad++;
		return;
	}
	refs_read(&r0);
	for (c = 1; c <= cycles; c++) {
		ret = put(ctl, "apply");
		/* probed from the notifier, or soon after by deferred probe */
		if (!ret && !settle_state("consumer-c"))
			ret = -ENODEV;
		/* "sleep" last: the pads' reset values (the dtso) */
		if (!ret)
			ret = put(CONSUMER_C "/state", "idle");
		if (!ret)
			ret = put(CONSUMER_C "/state", "sleep");
		if (!ret) {
			read_file(CONSUMER_C "/state", st, sizeof(st));
			ret = strcmp(st, "sleep\n") ? -EINVAL : 0;
		}
		if (put(ctl, "remove") && !ret)
			ret = -EBUSY;
		if (!ret && access("/sys/bus/platform/devices/consumer-c", F_OK) == 0)
			ret = -EEXIST;
		fig.ops += 5;
		if (ret && failed++ < 10)
			out("overlay cycle %d: %s\n", c, ename(ret));
		if (c == mark)
			slab_snapshot(0);
		if (c == mark + (cycles - mark) / 2 && c > mark)
			slab_snapshot(2);
	}
	slab_snapshot(1);
	refs_read(&r1);
	fig.cycles = cycles;
	fig.bad += failed + slab_grew_span(cycles - mark);
	fig.bad += refs_diff(&r0, &r1, "across the overlay cycles");
	leaks = kmemleak_check();
	if (leaks > 0)
		fig.bad += leaks;
	out("overlay: %d cycles, %d failed; %d nodes' refcounts compared; kmemleak %s\n",
	    cycles, failed, r1.n, leaks < 0 ? "not in this kernel" : leaks ? "objects" : "clean");
}


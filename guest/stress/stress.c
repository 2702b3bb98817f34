// SPDX-License-Identifier: GPL-2.0
/*
 * /stress: the guest side of make stress (scripts/stress.sh), started by
 * /init when the command line has vsocinit.stress=PART,PART,... and run
 * before the boot dump, so the dump and the registers the host verifies
 * are those left after the last operation. Parts:
 *
 *	fail-nth   fail the Nth allocation (N = 1, 2, ... until an attempt
 *		   completes with no fault injected), through
 *		   /proc/thread-self/fail-nth, of: binding each consumer, binding
 *		   the pinctrl-single controller, a pinmux-select write and a
 *		   GPIO line request; once with failslab, once with
 *		   fail_page_alloc
 *	debugfs    malformed writes to every controller's pinmux-select
 *	churn      unbind/bind cycles of the pinctrl-single controller and of
 *		   each consumer, slab usage compared between cycle C/10 and C
 *	race       threads: bind/unbind, GPIO request/free, debugfs readers
 *		   and pinmux-select writers at once (race.c)
 *	lockdown   pinmux-select cannot be opened, a read-only file can
 *	oversize   pinmux-select writes of 4 MiB - 1, 4 MiB + 1 and 8 MiB
 *		   (stress-io.c: part_oversize)
 *	states, overlay, probe, refcounts
 *		   with the test consumer module (stress-states.c)
 *
 * vsocinit.stress.bind=DRV:DEV,DRV:DEV,... (a rehearsed real board: its
 * consumers, simple-pm-bus:rh006-serial, ...): fail-nth sweeps the binding
 * of these devices instead of the stress board's targets, churn cycles
 * them, and the "bound" dump at the end lists them.
 *
 * vsocinit.stress.cycles=C (default 1000), .writes=W (10000), .seed=S (1),
 * .race=R (operations of each bind and GPIO thread, 2000; make stress: 1000),
 * .switches=S (state switches of each of the 4 states threads, 10000),
 * .overlays=O (overlay cycles, 1000), .mark=M (the churn's first slab
 * snapshot, at cycle C/10), .tag=T (figure
 * lines say PART/T). Each part prints its lines
 * between "==== VSOC BEGIN stress PART ====" and "==== VSOC END stress
 * PART ====", then one figure line "figures PART ops=.. faults=.. cycles=..
 * writes=.. bad=.. reports=.. seconds=..": bad counts outcomes that break the rules
 * (an injected fault that left a device half bound, a malformed write
 * accepted, a cycle that failed), reports the kernel's own (BUG, WARNING,
 * KASAN, ...) that appeared in the kernel log during the part.
 */
#include "stress.h"

#include <dirent.h>
#include <sys/ioctl.h>
#include <linux/gpio.h>

char cmdline[4096];
struct figures fig;
char pctl_vsoc[256], pctl_single[256];

int nth_fd = -1;

void out(const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 1)
		n = sizeof(buf) - 1;
	if (n > 0 && write(STDOUT_FILENO, buf, n) < 0)
		return;
}

const char *ename(int err)
{
	static char buf[16];

	switch (err < 0 ? -err : err) {
	case 0: return "0";
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EIO: return "EIO";
	case ENXIO: return "ENXIO";
	case E2BIG: return "E2BIG";
	case EAGAIN: return "EAGAIN";
	case ENOMEM: return "ENOMEM";
	case EFAULT: return "EFAULT";
	case EBUSY: return "EBUSY";
	case EEXIST: return "EEXIST";
	case ENODEV: return "ENODEV";
	case EINVAL: return "EINVAL";
	case ENOSPC: return "ENOSPC";
	case ERANGE: return "ERANGE";
	case 517: return "EPROBE_DEFER";
	}
	snprintf(buf, sizeof(buf), "E%d", err < 0 ? -err : err);
	return buf;
}

long option_num(const char *key, long def)
{
	size_t klen = strlen(key);
	const char *p = cmdline;

	while ((p = strstr(p, key))) {
		if ((p == cmdline || p[-1] == ' ') && p[klen] == '=')
			return strtol(p + klen + 1, NULL, 0);
		p += klen;
	}
	return def;
}

static int has_part(const char *list, const char *part)
{
	size_t n = strlen(part);
	const char *p = list;

	while ((p = strstr(p, part))) {
		if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == ' ' ||
						      p[n] == '\n' || !p[n]))
			return 1;
		p += n;
	}
	return 0;
}

int put(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);
	int ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

int bound(const char *dev)
{
	char path[256];

	snprintf(path, sizeof(path), "/sys/bus/platform/devices/%s/driver", dev);
	return access(path, F_OK) == 0;
}

int drv_op(const char *drv, const char *op, const char *dev)
{
	char path[256];

	snprintf(path, sizeof(path), "/sys/bus/platform/drivers/%s/%s", drv, op);
	return put(path, dev);
}

/* Bound within about a second (deferred probe runs from a work queue). */
int settle_bound(const char *dev)
{
	int i;

	for (i = 0; i < 100 && !bound(dev); i++)
		usleep(10000);
	return bound(dev);
}

/* Bind dev, tolerating a deferred probe that got there first. */
int ensure_bound(const char *drv, const char *dev)
{
	int ret;

	if (bound(dev))
		return 0;
	ret = drv_op(drv, "bind", dev);
	if (ret == -EBUSY || ret == -517)
		ret = settle_bound(dev) ? 0 : ret;
	return bound(dev) ? 0 : (ret ? ret : -ENODEV);
}

/* Kernel log: occurrences of report signatures so far (qemu/run.sh's). */
int kernel_reports(void)
{
	static const char *const sig[] = {
		"BUG:", "WARNING:", "Unable to handle kernel", "Internal error:",
		"UBSAN:", "KASAN:", "possible recursive locking",
		"possible circular locking", "inconsistent lock state",
		"suspicious RCU usage", "unreferenced object",
		"blocked for more than",
	};
	static char *buf;
	static int len;
	int i, n, count = 0;
	char *p;

	if (!buf) {
		len = klogctl(10, NULL, 0);
		if (len <= 0 || !(buf = malloc(len + 1)))
			return 0;
	}
	n = klogctl(3, buf, len);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	for (i = 0; i < (int)(sizeof(sig) / sizeof(sig[0])); i++)
		for (p = buf; (p = strstr(p, sig[i])); p++)
			count++;
	return count;
}

/* The debugfs directory of the controller whose name contains key. */
static void find_pctl(const char *key, char *dst, size_t size)
{
	DIR *d = opendir(PINCTRL_DIR);
	struct dirent *e;

	dst[0] = '\0';
	if (!d)
		return;
	while ((e = readdir(d)))
		if (strstr(e->d_name, key)) {
			snprintf(dst, size, PINCTRL_DIR "/%.200s", e->d_name);
			break;
		}
	closedir(d);
}

/* ---- fail-nth --------------------------------------------------------- */

void nth_set(int n)
{
	char b[16];
	int l = snprintf(b, sizeof(b), "%d", n);

	if (pwrite(nth_fd, b, l, 0) < 0)
		out("fail-nth: cannot set %d: %s\n", n, strerror(errno));
}

int nth_left(void)
{
	char b[16] = "";

	if (pread(nth_fd, b, sizeof(b) - 1, 0) < 0)
		return -1;
	return atoi(b);
}

/* mode 0: failslab only; mode 1: fail_page_alloc only */
void nth_mode(int mode)
{
	put("/sys/kernel/debug/failslab/verbose", "0");
	put("/sys/kernel/debug/fail_page_alloc/verbose", "0");
	put("/sys/kernel/debug/failslab/ignore-gfp-wait", mode == 0 ? "N" : "Y");
	put("/sys/kernel/debug/failslab/cache-filter", mode == 0 ? "N" : "Y");
	put("/sys/kernel/debug/fail_page_alloc/ignore-gfp-wait", mode == 1 ? "N" : "Y");
	put("/sys/kernel/debug/fail_page_alloc/min-order", mode == 1 ? "0" : "11");
}

struct target {
	const char *name;	/* as printed */
	const char *drv, *dev;	/* bind target, or NULL */
	const char *after;	/* a consumer to bind again afterwards */
	int kind;		/* 0 bind, 1 pinmux-select, 2 GPIO request */
};

/* vsocinit.stress.bind: bind targets of a board other than the stress board */
#define MAX_EXTRA	16
static struct target extra[MAX_EXTRA];
static int nextra;

static void parse_bind_option(void)
{
	static char opt[1024], names[MAX_EXTRA][96];
	char *p = strstr(cmdline, "vsocinit.stress.bind="), *tok, *save, *colon;

	if (!p)
		return;
	snprintf(opt, sizeof(opt), "%.*s", (int)strcspn(p + 21, " \n"), p + 21);
	for (tok = strtok_r(opt, ",", &save); tok && nextra < MAX_EXTRA;
	     tok = strtok_r(NULL, ",", &save)) {
		colon = strchr(tok, ':');
		if (!colon)
			continue;
		*colon = '\0';
		snprintf(names[nextra], sizeof(names[nextra]), "bind %.80s", colon + 1);
		extra[nextra].name = names[nextra];
		extra[nextra].drv = tok;
		extra[nextra].dev = colon + 1;
		nextra++;
	}
}

static const struct target targets[] = {
	{ "bind leds-vsoc (VSOC states)", "leds-gpio", "leds-vsoc", NULL, 0 },
	{ "bind gpio-keys (VSOC state)", "gpio-keys", "gpio-keys", NULL, 0 },
	{ "bind leds-single (pinctrl-single states)", "leds-gpio", "leds-single", NULL, 0 },
	{ "bind pinctrl-single controller", "pinctrl-single", SINGLE_DEV, "leds-single", 0 },
	{ "pinmux-select VSOC uart0_grp uart0", NULL, NULL, NULL, 1 },
	{ "pinmux-select pinctrl-single led-pins", NULL, NULL, NULL, 1 },
	{ "GPIO line request (PL061 line 7)", NULL, NULL, NULL, 2 },
};

/* Get ready for one attempt: the target unbound, files open. */
static int prepare(const struct target *t, int *fd)
{
	char path[512];

	*fd = -1;
	switch (t->kind) {
	case 0:
		if (t->after && bound(t->after))
			drv_op("leds-gpio", "unbind", t->after);
		if (bound(t->dev) && drv_op(t->drv, "unbind", t->dev))
			return -1;
		snprintf(path, sizeof(path), "/sys/bus/platform/drivers/%s/bind", t->drv);
		break;
	case 1:
		snprintf(path, sizeof(path), "%s/pinmux-select",
			 strstr(t->name, "single") ? pctl_single : pctl_vsoc);
		break;
	default:
		snprintf(path, sizeof(path), "%s", pl061_chip());
		break;
	}
	*fd = open(path, t->kind == 2 ? O_RDWR : O_WRONLY);
	return *fd < 0 ? -1 : 0;
}

static int attempt(const struct target *t, int fd, int *line)
{
	const char *s = strstr(t->name, "single") ? "led-pins led-pins" : "uart0_grp uart0";
	struct gpio_v2_line_request req;

	*line = -1;
	switch (t->kind) {
	case 0:
		return write(fd, t->dev, strlen(t->dev)) < 0 ? -errno : 0;
	case 1:
		return write(fd, s, strlen(s)) < 0 ? -errno : 0;
	default:
		memset(&req, 0, sizeof(req));
		req.offsets[0] = 7;
		req.num_lines = 1;
		req.config.flags = GPIO_V2_LINE_FLAG_INPUT;
		strcpy(req.consumer, "stress");
		if (ioctl(fd, GPIO_V2_GET_LINE_IOCTL, &req) < 0)
			return -errno;
		*line = req.fd;
		return 0;
	}
}

/* After an attempt: is the target in one piece (bound, or not at all)? */
static int consistent(const struct target *t, int ret)
{
	if (t->kind != 0)
		return 1;
	if (ret == 0)
		return settle_bound(t->dev);
	/* a refused bind leaves the device unbound (unless a deferred
	 * probe bound it since, cleanly) */
	return !bound(t->dev) || ret == -517;
}

static void sweep(const struct target *t, int mode, int limit)
{
	int n, ret, fd, line, left, faults = 0, errs = 0, absorbed = 0, bad = 0;
	int hist[4] = { 0 }, done = 0;

	for (n = 1; n <= limit; n++) {
		if (prepare(t, &fd)) {
			out("  N=%d: cannot prepare: %s\n", n, strerror(errno));
			bad++;
			break;
		}
		nth_set(n);
		ret = attempt(t, fd, &line);
		left = nth_left();
		nth_set(0);
		close(fd);
		if (line >= 0)
			close(line);
		if (left != 0) {
			/* completed without a fault: must have worked */
			done = 1;
			if (ret || !consistent(t, ret)) {
				out("  N=%d: no fault injected, but %s\n", n,
				    ret ? ename(ret) : "not bound");
				bad++;
			}
			break;
		}
		faults++;
		if (ret) {
			errs++;
			hist[ret == -ENOMEM ? 0 : ret == -517 ? 1 : ret == -EINVAL ? 2 : 3]++;
		} else {
			absorbed++;
		}
		if (!consistent(t, ret)) {
			out("  N=%d: fault injected, %s, device %s\n", n, ename(ret),
			    bound(t->dev) ? "bound" : "not bound");
			bad++;
		}
		if (ret && hist[3] && ret != -ENOMEM && ret != -517 && ret != -EINVAL)
			out("  N=%d: %s\n", n, ename(ret));
	}
	if (!done) {
		out("  no fault-free attempt within %d\n", limit);
		bad++;
	}
	if (t->kind == 0) {
		if (ensure_bound(t->drv, t->dev))
			bad++, out("  %s: cannot bind afterwards\n", t->dev);
		if (t->after && ensure_bound("leds-gpio", t->after))
			bad++, out("  %s: cannot bind afterwards\n", t->after);
	}
	out("sweep %s [%s]: %d faults injected: %d refused (ENOMEM %d, "
	    "EPROBE_DEFER %d, EINVAL %d, other %d), %d absorbed; %s at N=%d; bad %d\n",
	    t->name, mode ? "page-alloc" : "slab", faults, errs, hist[0], hist[1],
	    hist[2], hist[3], absorbed, done ? "done" : "not done", n, bad);
	fig.ops += faults + done;
	fig.faults += faults;
	fig.bad += bad;
}

static void part_fail_nth(void)
{
	int mode, i, limit = (int)option_num("vsocinit.stress.nth-limit", 3000);

	nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (nth_fd < 0 || access("/sys/kernel/debug/failslab", F_OK)) {
		out("fail-nth: not available (%s): not a fault-injection kernel\n",
		    strerror(errno));
		fig.bad++;
		return;
	}
	for (mode = 0; mode < 2; mode++) {
		nth_mode(mode);
		if (nextra)
			for (i = 0; i < nextra; i++)
				sweep(&extra[i], mode, limit);
		else
			for (i = 0; i < (int)(sizeof(targets) / sizeof(targets[0])); i++)
				sweep(&targets[i], mode, limit);
	}
	/* back to the defaults: nothing is injected outside the sweeps */
	put("/sys/kernel/debug/failslab/ignore-gfp-wait", "Y");
	put("/sys/kernel/debug/fail_page_alloc/ignore-gfp-wait", "Y");
	close(nth_fd);
	nth_fd = -1;
}

/* ---- churn ------------------------------------------------------------ */

static const char *const churn_dev[][2] = {
	{ "leds-gpio", "leds-vsoc" },
	{ "gpio-keys", "gpio-keys" },
	{ "leds-gpio", "leds-single" },
	{ "pinctrl-single", SINGLE_DEV },
};

static void part_churn(void)
{
	int cycles = (int)option_num("vsocinit.stress.cycles", 1000);
	int mark = (int)option_num("vsocinit.stress.mark", cycles / 10 > 0 ? cycles / 10 : 1);
	long long at_mark = 0, at_end;
	int c, i, ret, failed = 0, ndev = nextra ? nextra : 4;

	for (c = 1; c <= cycles; c++) {
		for (i = 0; i < ndev; i++) {
			const char *drv = nextra ? extra[i].drv : churn_dev[i][0];
			const char *dev = nextra ? extra[i].dev : churn_dev[i][1];

			ret = drv_op(drv, "unbind", dev);
			if (!ret && bound(dev))
				ret = -EEXIST;
			if (!ret)
				ret = ensure_bound(drv, dev);
			if (!ret && !nextra && i == 3)	/* its consumer went with it */
				ret = ensure_bound("leds-gpio", "leds-single");
			fig.ops += 2;
			if (ret) {
				if (failed++ < 10)
					out("cycle %d %s: %s\n", c, dev, ename(ret));
			}
		}
		if (c == mark)
			at_mark = slab_snapshot(0);
		if (c == mark + (cycles - mark) / 2 && c > mark)
			slab_snapshot(2);	/* the middle: growth in each half */
	}
	at_end = slab_snapshot(1);
	out("churn: %d cycles of %d devices, %d failed; slab in use at cycle %d: "
	    "%lld bytes, at cycle %d: %lld bytes (%+lld)\n", cycles, ndev, failed,
	    mark, at_mark, cycles, at_end, at_end - at_mark);
	fig.cycles += cycles;
	fig.bad += failed + slab_grew_span(cycles - mark);
}

/* ---- lockdown --------------------------------------------------------- */

static void part_lockdown(void)
{
	char path[512], mode[128] = "";
	int fd, e;

	fd = open("/sys/kernel/security/lockdown", O_RDONLY);
	if (fd < 0) {
		mount("securityfs", "/sys/kernel/security", "securityfs", 0, NULL);
		fd = open("/sys/kernel/security/lockdown", O_RDONLY);
	}
	if (fd >= 0) {
		if (read(fd, mode, sizeof(mode) - 1) < 0)
			mode[0] = '\0';
		close(fd);
		mode[strcspn(mode, "\n")] = '\0';
	}
	out("lockdown: %s\n", mode[0] ? mode : "(no lockdown LSM)");
	snprintf(path, sizeof(path), "%s/pinmux-select", pctl_vsoc);
	fd = open(path, O_WRONLY);
	e = errno;
	fig.ops++;
	if (fd >= 0) {
		out("open %s for writing: allowed under lockdown\n", path);
		fig.bad++;
		close(fd);
	} else {
		out("open %s for writing: %s\n", path, ename(e));
		fig.bad += e != EPERM;
	}
	snprintf(path, sizeof(path), "%s/pinmux-pins", pctl_vsoc);
	fd = open(path, O_RDONLY);
	fig.ops++;
	out("open %s for reading: %s\n", path, fd >= 0 ? "ok" : ename(errno));
	if (fd < 0)
		fig.bad++;
	else
		close(fd);
}

/* ---- main ------------------------------------------------------------- */

static const struct {
	const char *name;
	void (*run)(void);
} parts[] = {
	{ "debugfs", part_debugfs },
	{ "fail-nth", part_fail_nth },
	{ "churn", part_churn },
	{ "race", part_race },
	{ "states", part_states },
	{ "overlay", part_overlay },
	{ "lockdown", part_lockdown },
	{ "oversize", part_oversize },
	{ "probe", part_probe },
	{ "refcounts", part_refcounts },	/* last: against the start */
};

int main(void)
{
	static char list[512], tag[64];
	int fd = open("/proc/cmdline", O_RDONLY), i, before;
	ssize_t n;
	char *p;

	if (fd >= 0) {
		n = read(fd, cmdline, sizeof(cmdline) - 1);
		if (n > 0)
			cmdline[n] = '\0';
		close(fd);
	}
	p = strstr(cmdline, "vsocinit.stress=");
	if (!p)
		return 0;
	snprintf(list, sizeof(list), "%.*s", (int)strcspn(p + 16, " \n"), p + 16);
	/* vsocinit.stress.tag=T: figure lines name the part PART/T */
	p = strstr(cmdline, "vsocinit.stress.tag=");
	if (p)
		snprintf(tag, sizeof(tag), "/%.*s", (int)strcspn(p + 20, " \n"), p + 20);
	parse_bind_option();
	find_pctl("4c000000", pctl_vsoc, sizeof(pctl_vsoc));
	find_pctl("4c100000", pctl_single, sizeof(pctl_single));
	out("==== VSOC BEGIN stress setup ====\nparts %s\nvsoc %s\nsingle %s\n",
	    list, pctl_vsoc, pctl_single);
	/* the test consumer module, before the first part: refcounts */
	if ((has_part(list, "states") || has_part(list, "overlay") ||
	     has_part(list, "refcounts")) && !consumer_setup())
		refcounts_start();
	out("==== VSOC END stress setup ====\n");
	for (i = 0; i < (int)(sizeof(parts) / sizeof(parts[0])); i++) {
		double t0 = now();

		if (!has_part(list, parts[i].name))
			continue;
		memset(&fig, 0, sizeof(fig));
		before = kernel_reports();
		out("==== VSOC BEGIN stress %s ====\n", parts[i].name);
		parts[i].run();
		fig.reports = kernel_reports() - before;
		out("figures %s%s ops=%ld faults=%ld cycles=%ld writes=%ld bad=%ld "
		    "reports=%ld seconds=%.1f\n", parts[i].name, tag, fig.ops, fig.faults,
		    fig.cycles, fig.writes, fig.bad, fig.reports, now() - t0);
		out("==== VSOC END stress %s ====\n", parts[i].name);
	}
	out("==== VSOC BEGIN stress bound ====\n");
	for (i = 0; i < (nextra ? nextra : 4); i++) {
		const char *dev = nextra ? extra[i].dev : churn_dev[i][1];

		out("%s %s\n", dev, bound(dev) ? "bound" : "unbound");
	}
	out("==== VSOC END stress bound ====\n");
	return 0;
}

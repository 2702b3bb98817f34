// SPDX-License-Identifier: GPL-2.0
/*
 * The guest's /stress, second half: malformed pinmux-select writes, slab
 * usage snapshots for the churn, and the race of several threads. See
 * stress.c for the parts and the output.
 */
#include "stress.h"

#include <dirent.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <time.h>
#include <linux/gpio.h>

double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static unsigned long long rng;

static unsigned int rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned int)(rng >> 11);
}

/* ---- functions and groups of a controller (pinmux-functions) ---------- */

#define MAX_FUNCS 64
#define MAX_GROUPS 64

struct func {
	char name[64];
	char groups[MAX_GROUPS][64];
	int ngroups;
};

static int read_functions(const char *dir, struct func *f, int max)
{
	static char buf[65536];
	char path[512], *line, *save, *p, *tok, *s2;
	int fd, n = 0;
	ssize_t len;

	snprintf(path, sizeof(path), "%s/pinmux-functions", dir);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	len = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (len <= 0)
		return 0;
	buf[len] = '\0';
	/* "function 3: uart0, groups = [ uart0_grp uart0_rtscts_grp ]" */
	for (line = strtok_r(buf, "\n", &save); line && n < max;
	     line = strtok_r(NULL, "\n", &save)) {
		p = strchr(line, ':');
		if (strncmp(line, "function ", 9) || !p)
			continue;
		p++;
		while (*p == ' ')
			p++;
		snprintf(f[n].name, sizeof(f[n].name), "%.*s", (int)strcspn(p, ","), p);
		f[n].ngroups = 0;
		p = strchr(p, '[');
		if (p)
			for (tok = strtok_r(p + 1, " ]", &s2);
			     tok && f[n].ngroups < MAX_GROUPS; tok = strtok_r(NULL, " ]", &s2))
				snprintf(f[n].groups[f[n].ngroups++], 64, "%s", tok);
		n++;
	}
	return n;
}

static int in_func(const struct func *f, const char *g)
{
	int i;

	for (i = 0; i < f->ngroups; i++)
		if (!strcmp(f->groups[i], g))
			return 1;
	return 0;
}

/* ---- malformed pinmux-select writes ----------------------------------- */

#define NKINDS 12
static const char *const kind_name[NKINDS] = {
	"empty", "blanks", "one-name", "unknown-function", "unknown-group",
	"mismatched", "binary", "1MiB", "long-name", "three-names",
	"embedded-nul", "function-first",
};

/* Fill buf with a malformed write of the given kind; its length. */
static size_t malformed(int kind, char *buf, size_t max, const struct func *f, int nf)
{
	const struct func *a = &f[rnd() % nf], *b;
	const char *g = a->ngroups ? a->groups[rnd() % a->ngroups] : "nogroup";
	size_t i, n;
	int tries;

	switch (kind) {
	case 0:
		return 0;
	case 1:
		return (size_t)snprintf(buf, max, "%.*s", 1 + rnd() % 8, " \t\n \n\t  ");
	case 2:
		return (size_t)snprintf(buf, max, "%s%s", g, rnd() & 1 ? "\n" : "");
	case 3:
		return (size_t)snprintf(buf, max, "%s nosuch%u", g, rnd() % 1000);
	case 4:
		return (size_t)snprintf(buf, max, "nosuch%u_grp %s", rnd() % 1000, a->name);
	case 5:	/* a real group with a real function that does not have it */
		for (tries = 0; tries < 100; tries++) {
			b = &f[rnd() % nf];
			if (!in_func(b, g))
				return (size_t)snprintf(buf, max, "%s %s\n", g, b->name);
		}
		return (size_t)snprintf(buf, max, "%s nosuch\n", g);
	case 6:	/* bytes, no capitals (kernel log text stays unlike a report) */
		n = 1 + rnd() % 512;
		for (i = 0; i < n; i++) {
			buf[i] = (char)(rnd() & 0xff);
			if (buf[i] >= 'A' && buf[i] <= 'Z')
				buf[i] += 32;
		}
		return n;
	case 7:
		n = max < (1 << 20) ? max : (1 << 20);
		memset(buf, 'a' + rnd() % 26, n);
		for (i = rnd() % 4096; i < n; i += 1 + rnd() % 65536)
			buf[i] = ' ';
		return n;
	case 8:
		n = 4096 + rnd() % 4096;
		memset(buf, 'g', n);
		return n + (size_t)snprintf(buf + n, max - n, " %s", a->name);
	case 9:
		return (size_t)snprintf(buf, max, "%s %s %s", g, a->name, a->name);
	case 10:
		n = (size_t)snprintf(buf, max, "%s %s", g, a->name);
		buf[rnd() % n] = '\0';
		if (buf[0] == '\0')
			buf[0] = 'x';
		return n;
	default:	/* the order the file does not take: function, group */
		if (!strcmp(a->name, g))
			return (size_t)snprintf(buf, max, "%s nosuch", a->name);
		return (size_t)snprintf(buf, max, "%s %s", a->name, g);
	}
}

static void write_batch(const char *dir, long count, long *refused, long *accepted,
			long hist[NKINDS][3])
{
	static struct func f[MAX_FUNCS];
	static char *buf;
	const size_t max = (1 << 20) + 16384;
	char path[512];
	int nf, fd, kind, e;
	long i;
	ssize_t r;
	size_t n;

	nf = read_functions(dir, f, MAX_FUNCS);
	if (!buf)
		buf = malloc(max);
	snprintf(path, sizeof(path), "%s/pinmux-select", dir);
	fd = open(path, O_WRONLY);
	if (fd < 0 || !nf || !buf) {
		out("%s: cannot write (%s, %d functions)\n", path, strerror(errno), nf);
		fig.bad++;
		if (fd >= 0)
			close(fd);
		return;
	}
	for (i = 0; i < count; i++) {
		/* one write in 50 is a 1 MiB one; the others cycle the kinds */
		kind = i % 50 == 49 ? 7 : (int)(i % NKINDS);
		if (kind == 7 && i % 50 != 49)
			kind = 8;
		n = malformed(kind, buf, max, f, nf);
		r = write(fd, buf, n);
		e = errno;
		fig.writes++;
		if (r < 0) {
			(*refused)++;
			hist[kind][e == EINVAL ? 0 : e == ENOMEM ? 1 : 2]++;
		} else {
			(*accepted)++;
			if (*accepted <= 10)
				out("accepted (%s, %zu bytes): \"%.60s\"\n",
				    kind_name[kind], n, buf);
		}
	}
	close(fd);
}

void part_debugfs(void)
{
	long writes = option_num("vsocinit.stress.writes", 10000);
	long hist[NKINDS][3] = { { 0 } }, refused = 0, accepted = 0;
	int k;

	rng = (unsigned long long)option_num("vsocinit.stress.seed", 1) * 2654435761ULL + 1;
	out("seed %ld\n", option_num("vsocinit.stress.seed", 1));
	write_batch(pctl_vsoc, writes, &refused, &accepted, hist);
	write_batch(pctl_single, writes / 10, &refused, &accepted, hist);
	for (k = 0; k < NKINDS; k++)
		out("kind %-16s refused EINVAL %ld, ENOMEM %ld, other %ld\n",
		    kind_name[k], hist[k][0], hist[k][1], hist[k][2]);
	out("debugfs: %ld malformed writes, %ld refused, %ld accepted\n",
	    refused + accepted, refused, accepted);
	fig.ops += refused + accepted;
	fig.bad += accepted;
	/* the file still works */
	if (put(strcat(strcpy((char[512]){ 0 }, pctl_vsoc), "/pinmux-select"),
		"uart0_grp uart0")) {
		out("a valid write (uart0_grp uart0) failed afterwards\n");
		fig.bad++;
	}
}

/*
 * Writes above what the page allocator can give in one piece (4 MiB on
 * arm64 with 4 KiB pages, MAX_PAGE_ORDER 10): pinmux_select_write() hands
 * the length to memdup_user_nul(), whose kmalloc() of len + 1 bytes then
 * asks for an order above MAX_PAGE_ORDER, which the page allocator refuses
 * with a WARNING unless the caller passed __GFP_NOWARN. A refusal
 * (-ENOMEM, -EINVAL, -E2BIG) without a report is what this checks.
 */
void part_oversize(void)
{
	static const size_t len[] = { (4u << 20) - 1, (4u << 20) + 1, 8u << 20 };
	char path[512], *buf = malloc((8u << 20) + 1);
	unsigned int i;
	ssize_t r;
	int fd, before;

	snprintf(path, sizeof(path), "%s/pinmux-select", pctl_vsoc);
	fd = open(path, O_WRONLY);
	if (fd < 0 || !buf) {
		out("%s: %s\n", path, strerror(errno));
		fig.bad++;
		return;
	}
	memset(buf, 'a', (8u << 20) + 1);
	for (i = 0; i < sizeof(len) / sizeof(len[0]); i++) {
		before = kernel_reports();
		r = write(fd, buf, len[i]);
		out("write of %zu bytes: %s, %d new kernel reports\n", len[i],
		    r < 0 ? ename(errno) : "accepted", kernel_reports() - before);
		fig.ops++;
		fig.writes++;
		fig.bad += r >= 0;
	}
	close(fd);
	free(buf);
}

/* ---- slab usage ------------------------------------------------------- */

#define MAX_CACHES 512
static struct cache {
	char name[48];
	long long objs[3], size, perslab;	/* at the mark, the end, the middle */
} caches[MAX_CACHES];
static int ncaches, have_mid;
static long vmalloc_entries[3];

/* Live mappings in /proc/vmallocinfo (not the "unpurged" lazy frees) */
static long count_vmalloc(void)
{
	static char buf[1 << 18];
	char *line, *save;
	long lines = 0;
	ssize_t n, len = 0;
	int fd = open("/proc/vmallocinfo", O_RDONLY);

	if (fd < 0)
		return -1;
	while ((n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		lines += !strstr(line, "unpurged");
	return lines;
}

static void shrink_all(void)
{
	DIR *d = opendir("/sys/kernel/slab");
	struct dirent *e;
	char path[512];

	if (!d)
		return;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.') {
			snprintf(path, sizeof(path), "/sys/kernel/slab/%s/shrink", e->d_name);
			put(path, "1");
		}
	closedir(d);
}

/* Bytes in use in every slab cache, after freeing what can be freed. */
long long slab_snapshot(int which)
{
	static char buf[1 << 17];
	char *line, *save, name[48];
	long long total = 0, active, num, size, perslab;
	int fd, i, round;
	ssize_t n, len = 0;

	for (round = 0; round < 2; round++) {
		sync();
		usleep(1200000);	/* RCU-deferred frees, kmemleak's too */
		shrink_all();		/* also empties KASAN's quarantine */
	}
	vmalloc_entries[which] = count_vmalloc();
	if (which != 1)
		have_mid = which == 2;
	fd = open("/proc/slabinfo", O_RDONLY);
	if (fd < 0) {
		out("slab: /proc/slabinfo: %s\n", strerror(errno));
		return -1;
	}
	while ((n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "%47s %lld %lld %lld %lld", name, &active, &num, &size,
			   &perslab) != 5)
			continue;
		total += active * size;
		for (i = 0; i < ncaches && strcmp(caches[i].name, name); i++)
			;
		if (i == ncaches && ncaches < MAX_CACHES)
			snprintf(caches[ncaches++].name, sizeof(caches[0].name), "%s", name);
		if (i < MAX_CACHES) {
			caches[i].objs[which] = active;
			caches[i].size = size;
			caches[i].perslab = perslab;
		}
	}
	return total;
}

/*
 * Caches that grew by half an object per cycle or more between the marks,
 * and by more than SLAB_NOISE slabs (SLUB's active_objs counts the free
 * objects of the slabs CPUs hold); with a snapshot in the middle (which 2), in each
 * half too: a leak grows with every cycle, while a cache that fills once
 * (the debug kernel's kmalloc-128 after the fail-nth sweeps, a jump of a
 * few hundred objects somewhere in the cycles, kmemleak finding nothing)
 * grows in one half only. kmemleak's own caches follow what it tracks: they
 * are shown, and judged through the caches of the objects they track.
 * Growth within SLAB_NOISE slabs is not judged: active_objs moves by whole
 * slabs, up and down (kmalloc-96 on the plain kernel, 45 cycles of --quick:
 * +210, +336 = -42 + 378, +126 = 252 - 126; up to 9 slabs of 42 in one
 * half), which 50 cycles cannot tell from a leak of a few objects a cycle;
 * the 1000 cycles of make stress and kmemleak can.
 */
#define SLAB_NOISE	10
int slab_grew_span(long span)
{
	int i, grew = 0;

	for (i = 0; i < ncaches; i++) {
		long long d = caches[i].objs[1] - caches[i].objs[0];
		long long d1 = caches[i].objs[2] - caches[i].objs[0];
		long long d2 = caches[i].objs[1] - caches[i].objs[2];

		if (d != 0 && (d > 0 ? d : -d) * 20 >= span && strcmp(caches[i].name, "vmap_area"))
			out("slab %s: %lld -> %lld objects of %lld bytes\n", caches[i].name,
			    caches[i].objs[0], caches[i].objs[1], caches[i].size);
		/*
		 * iounmap() frees a vmap_area lazily: it stays allocated until
		 * enough of them are purged at once. What is still mapped is
		 * in /proc/vmallocinfo, which must not grow.
		 */
		if (!strncmp(caches[i].name, "kmemleak_", 9))
			continue;
		if (!strcmp(caches[i].name, "vmap_area")) {
			out("slab vmap_area: %lld -> %lld objects, /proc/vmallocinfo: %ld -> %ld "
			    "mappings\n", caches[i].objs[0], caches[i].objs[1],
			    vmalloc_entries[0], vmalloc_entries[1]);
			if (vmalloc_entries[0] >= 0 && vmalloc_entries[1] <= vmalloc_entries[0])
				continue;	/* lazily freed, not mapped */
		}
		if (d <= SLAB_NOISE * caches[i].perslab)
			continue;
		if (span > 0 && d * 2 >= span && have_mid &&
		    (d1 * 4 < span || d2 * 4 < span)) {
			out("slab %s: grew by %lld objects in %ld cycles, %lld and %lld in their "
			    "halves: in one half only, not a leak\n", caches[i].name, d, span, d1, d2);
		} else if (span > 0 && d * 2 >= span) {
			out("slab %s: grew by %lld objects in %ld cycles\n", caches[i].name, d, span);
			grew++;
		}
	}
	return grew;
}

/* ---- race ------------------------------------------------------------- */

static long race_ops;
static volatile int race_stop;
static long race_done[8], race_err[8];

static void *binder(void *arg)
{
	long id = (long)arg, i;
	const char *drv = id == 0 ? "leds-gpio" : "gpio-keys";
	const char *dev = id == 0 ? "leds-vsoc" : "gpio-keys";

	for (i = 0; i < race_ops; i++) {
		if (drv_op(drv, "unbind", dev) || ensure_bound(drv, dev))
			race_err[id]++;
		race_done[id]++;
	}
	return NULL;
}

/*
 * The PL061's character device (its lines are PG0-PG7): the VSOC block's
 * own GPIO controller registers first, so it is not gpiochip0.
 */
const char *pl061_chip(void)
{
	static char path[32];
	struct gpiochip_info info;
	int i, fd;

	for (i = 0; i < 8; i++) {
		snprintf(path, sizeof(path), "/dev/gpiochip%d", i);
		fd = open(path, O_RDWR);
		if (fd < 0)
			continue;
		if (!ioctl(fd, GPIO_GET_CHIPINFO_IOCTL, &info) &&
		    !strcmp(info.label, "9030000.gpio")) {
			close(fd);
			return path;
		}
		close(fd);
	}
	return "/dev/gpiochip0";
}

static const char *race_chip;	/* the PL061's, found before the threads */

static void *gpio_user(void *arg)
{
	long id = (long)arg, i;
	struct gpio_v2_line_request req;
	int fd = open(race_chip, O_RDWR);

	for (i = 0; fd >= 0 && i < race_ops; i++) {
		memset(&req, 0, sizeof(req));
		req.offsets[0] = id == 2 ? 7 : 4;	/* PG7, PG4: nobody's */
		req.num_lines = 1;
		req.config.flags = GPIO_V2_LINE_FLAG_INPUT;
		strcpy(req.consumer, "race");
		if (ioctl(fd, GPIO_V2_GET_LINE_IOCTL, &req) < 0)
			race_err[id]++;
		else
			close(req.fd);
		race_done[id]++;
	}
	if (fd < 0)
		race_err[id]++;
	else
		close(fd);
	return NULL;
}

static void *reader(void *arg)
{
	static const char *const files[] = {
		"pinmux-pins", "pinconf-pins", "pins", "pinconf-owners",
	};
	static char buf[8][65536];
	long id = (long)arg, i;
	char path[512];
	int fd;

	for (i = 0; !race_stop; i++) {
		if (i % 5 == 4)
			snprintf(path, sizeof(path), PINCTRL_DIR "/pinctrl-handles");
		else
			snprintf(path, sizeof(path), "%s/%s", pctl_vsoc, files[i % 4]);
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			race_err[id]++;
			continue;
		}
		while (read(fd, buf[id], sizeof(buf[id])) > 0)
			;
		close(fd);
		race_done[id]++;
		usleep(2000);	/* one vCPU: leave the binders room */
	}
	return NULL;
}

static void *writer(void *arg)
{
	long id = (long)arg, i;
	char path[512];
	int fd;

	snprintf(path, sizeof(path), "%s/pinmux-select", pctl_vsoc);
	fd = open(path, O_WRONLY);
	for (i = 0; fd >= 0 && !race_stop; i++) {
		/* the console's own mux (no change), or a mismatched pair */
		const char *s = i & 1 ? "uart0_grp uart0" : "uart0_grp gpio";

		if ((write(fd, s, strlen(s)) < 0) != (i & 1 ? 0 : 1))
			race_err[id]++;
		race_done[id]++;
		if (i % 16 == 15)
			usleep(2000);
	}
	if (fd < 0)
		race_err[id]++;
	else
		close(fd);
	return NULL;
}

long lockdep_value(const char *key)
{
	static char buf[8192];
	int fd = open("/proc/lockdep_stats", O_RDONLY);
	ssize_t n;
	char *p;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	p = strstr(buf, key);
	return p ? strtol(p + strlen(key) + 1, NULL, 10) : -1;
}

void part_race(void)
{
	static const char *const role[] = {
		"bind/unbind leds-vsoc", "bind/unbind gpio-keys", "GPIO request/free PG7",
		"GPIO request/free PG4", "debugfs reader", "debugfs reader",
		"pinmux-select writer",
	};
	void *(*fn[])(void *) = {
		binder, binder, gpio_user, gpio_user, reader, reader, writer,
	};
	pthread_t th[7];
	long i, locks;

	race_ops = option_num("vsocinit.stress.race", 2000);
	race_chip = pl061_chip();
	for (i = 0; i < 7; i++)
		pthread_create(&th[i], NULL, fn[i], (void *)i);
	for (i = 0; i < 4; i++)
		pthread_join(th[i], NULL);
	race_stop = 1;
	for (i = 4; i < 7; i++)
		pthread_join(th[i], NULL);
	for (i = 0; i < 7; i++) {
		out("thread %ld (%s): %ld operations, %ld failed\n", i, role[i],
		    race_done[i], race_err[i]);
		fig.ops += race_done[i];
	}
	for (i = 0; i < 7; i++)
		fig.bad += race_err[i];
	locks = lockdep_value("debug_locks:");
	out("debug_locks %ld\n", locks);
	if (locks != 1 && access("/proc/lockdep_stats", F_OK) == 0)
		fig.bad++;
	if (!bound("leds-vsoc") || !bound("gpio-keys"))
		fig.bad++;
}

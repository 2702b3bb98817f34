// SPDX-License-Identifier: GPL-2.0
/*
 * The guest's /init: a static program that mounts proc, sysfs, devtmpfs and
 * debugfs, prints what the tests ask for between markers on the console,
 * and powers the machine off.
 *
 * Every dump looks like
 *
 *	==== VSOC BEGIN <phase> <path> ====
 *	<contents of the file>
 *	==== VSOC END <phase> <path> ====
 *
 * and the run ends with "==== VSOC DONE ====". Kernel messages are kept off
 * the console while dumping (so they cannot interleave) and are dumped as
 * the pseudo file "dmesg" at the end.
 *
 * After the boot dumps, the guest gives its own verdict as KTAP, between
 * "==== VSOC BEGIN boot ktap ====" and its END line, so that a CI engine
 * that sees only the console (LAVA, kunit.py parse) has the verdict: a
 * board booted with its plan in the DTB, /rehearse-plan (make run, make
 * rehearse, the FIT, LAVA's jobs: pincheck prepare adds it), has
 * /bin/rehearse-ktap (checker/rehearse-ktap.c) print it from the plan,
 * debugfs, the kernel log and the windows through /dev/mem. A DTB without
 * a plan gets no verdict in the guest.
 *
 * Without a console (its UART did not probe) the output goes through
 * /dev/kmsg to the boot console, earlycon (kmsg_line()).
 *
 * Options come from the kernel command line (/proc/cmdline):
 *
 *	vsocinit.dump=P1,P2,...	files or directories dumped after the
 *				pinctrl debugfs directory (every phase)
 *	vsocinit.only=N1,N2,...	of the pinctrl debugfs directory, only the
 *				files with these names (make fuzz: the
 *				verifiers' four, a shorter console)
 *	vsocinit.dumpmem=A,S	the dumps of the pinctrl directory (and of
 *				vsocinit.dump) into the S bytes of physical
 *				memory at A, outside the kernel's (mem=),
 *				instead of the console; qemu/run.sh
 *				--dumps-to-ram appends them to the console
 *				log after the run
 *	vsocinit.sleep=N	enter suspend-to-idle with the RTC alarm set
 *				N seconds ahead, then dump everything again
 *				in phase "resume"
 *	vsocinit.kmemleak=1	scan for leaks at the end and dump the report
 *	vsocinit.dmesg=nodebug	the "dmesg" dump without the kernel's
 *				records of level 7 (qemu/run.sh sets it
 *				on the debug kernel)
 *	vsocinit.ktap=0		no verdict of the guest's own (see below)
 *	vsocinit.hang=1		never finish (tests the harness's timeout)
 *	vsocinit.stress=PARTS	run /stress (guest/stress/stress.c) first, so that
 *				the dumps show the board after it
 *	vsocinit.run=C1;C2;...	after the boot dumps and the verdict, run
 *				each command in turn, its words separated
 *				by commas (gpioset,-m,exit,gpiochip0,5=1),
 *				and print its output (stdout and stderr)
 *				between "==== VSOC BEGIN run N ====" and
 *				its END line, then "==== VSOC EXIT N S ===="
 *				with its exit status S. Two commands are
 *				built in, for tests that drive the pads
 *				from the host (qemu/gpio-in.sh):
 *				wait-in,PIN,V prints "==== VSOC WAIT
 *				gpio-in PIN V ====" and waits (60 s at most)
 *				until pin PIN's GPIO_IN bit, read through
 *				/dev/mem, is V; events,N,SEC prints "==== VSOC
 *				WAIT events ====" and prints the next N key
 *				events of every /dev/input/event* device as
 *				"event<I> <name>: key C value V", waiting SEC
 *				seconds at most
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "modules.h"

#define PINCTRL_DIR	"/sys/kernel/debug/pinctrl"
#define MAX_DUMPS	32

static char cmdline[4096];
static int out_fd = STDOUT_FILENO;	/* where out() and write_all() go */
static char *dumps[MAX_DUMPS];
static int ndumps;
static char *only[MAX_DUMPS];	/* vsocinit.only: file names kept */
static int nonly;

/* Whether vsocinit.only lets a file of the pinctrl directory through */
static int wanted(const char *path)
{
	const char *base = strrchr(path, '/');
	int i;

	if (!nonly || strncmp(path, PINCTRL_DIR "/", sizeof(PINCTRL_DIR)))
		return 1;
	base = base ? base + 1 : path;
	for (i = 0; i < nonly; i++)
		if (!strcmp(base, only[i]))
			return 1;
	return 0;
}

/*
 * No console (the console's UART did not probe: its pin state was refused,
 * say, as make fuzz does on purpose): the lines go to the kernel log at
 * KERN_EMERG instead, one record a line without timestamps, and the boot
 * console (earlycon) prints them as they would have been printed.
 */
static int kmsg_fd = -1;

static void kmsg_line(const char *p, size_t n)
{
	char rec[1024] = "<0>";
	ssize_t w;

	if (n > sizeof(rec) - 5)
		n = sizeof(rec) - 5;
	memcpy(rec + 3, p, n);
	rec[3 + n] = '\n';
	do
		w = write(kmsg_fd, rec, n + 4);
	while (w < 0 && errno == EINTR);
}

static void kmsg_put(const char *p, size_t n)
{
	static char line[960];
	static size_t len;

	while (n--) {
		char c = *p++;

		if (c == '\n' || len == sizeof(line)) {
			kmsg_line(line, len);
			len = 0;
			if (c == '\n')
				continue;
		}
		line[len++] = c;
	}
}

/*
 * vsocinit.dumpmem: the serial console is the slowest part of a rehearsal's
 * boot (QEMU's PL011 takes the bytes one at a time), and the debugfs dumps
 * are most of what it would carry. /dev/mem maps memory outside the
 * kernel's as Device memory, where an unaligned access faults: the stores
 * are bytes. Full, the dumps go on on the console.
 */
static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static volatile unsigned char *dm_base;
static size_t dm_size, dm_len;
static int dm_on;		/* dump_all() is writing */

static void dumpmem_open(const char *opt)
{
	unsigned long long addr, size;
	void *m;
	int fd;

	if (sscanf(opt, "%lli,%lli", &addr, &size) != 2 || !size)
		return;
	fd = open("/dev/mem", O_RDWR | O_SYNC);
	if (fd < 0) {
		out("==== VSOC ERROR dumpmem /dev/mem: %s ====\n", strerror(errno));
		return;
	}
	m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, addr);
	close(fd);
	if (m == MAP_FAILED) {
		out("==== VSOC ERROR dumpmem mmap %#llx: %s ====\n", addr, strerror(errno));
		return;
	}
	dm_base = m;
	dm_size = size;
}

static void write_all(const char *p, size_t n)
{
	if (dm_on) {
		if (dm_len + n < dm_size) {
			while (n--)
				dm_base[dm_len++] = *p++;
			return;
		}
		dm_on = 0;
		dm_base = NULL;
		out("==== VSOC ERROR dumpmem full after %zu bytes ====\n", dm_len);
	}
	if (out_fd == STDOUT_FILENO && kmsg_fd >= 0) {
		kmsg_put(p, n);
		return;
	}
	while (n) {
		ssize_t w = write(out_fd, p, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return;
		}
		p += w;
		n -= w;
	}
}

static void out(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 1)
		n = sizeof(buf) - 1;
	if (n > 0)
		write_all(buf, n);
}

/* Write a short string to a sysfs/procfs/debugfs file; 0 or -errno. */
static int put(const char *path, const char *s)
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

static void dump_file(const char *phase, const char *path)
{
	static char buf[65536];
	char last = '\n';
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0) {
		out("==== VSOC ERROR %s %s: %s ====\n", phase, path, strerror(errno));
		return;
	}
	out("==== VSOC BEGIN %s %s ====\n", phase, path);
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (last != '\n')
				out("\n");
			out("==== VSOC ERROR %s %s: %s ====\n", phase, path,
			    strerror(errno));
			last = '\n';
			break;
		}
		write_all(buf, n);
		last = buf[n - 1];
	}
	close(fd);
	if (last != '\n')
		out("\n");
	out("==== VSOC END %s %s ====\n", phase, path);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* Dump a file, or every readable file below a directory, in name order. */
static void dump_path(const char *phase, const char *path)
{
	struct dirent **ents;
	struct stat st;
	char sub[512];
	int i, n;

	if (stat(path, &st) < 0) {
		out("==== VSOC ERROR %s %s: %s ====\n", phase, path, strerror(errno));
		return;
	}
	if (!S_ISDIR(st.st_mode)) {
		/* Write-only files (pinmux-select) have nothing to show. */
		if ((st.st_mode & 0444) && wanted(path))
			dump_file(phase, path);
		return;
	}
	n = scandir(path, &ents, NULL, by_name);
	if (n < 0) {
		out("==== VSOC ERROR %s %s: %s ====\n", phase, path, strerror(errno));
		return;
	}
	for (i = 0; i < n; i++) {
		if (ents[i]->d_name[0] != '.') {
			snprintf(sub, sizeof(sub), "%s/%s", path, ents[i]->d_name);
			dump_path(phase, sub);
		}
		free(ents[i]);
	}
	free(ents);
}

static void dump_all(const char *phase)
{
	int i;

	dm_on = dm_base != NULL;
	dump_path(phase, PINCTRL_DIR);
	for (i = 0; i < ndumps; i++)
		dump_path(phase, dumps[i]);
	dm_on = 0;
}

/*
 * The kernel log, whole; with nodebug, without its records of level 7
 * (KERN_DEBUG): the debug kernel's DEBUG_PINCTRL logs a line per group
 * and parameter each time pinconf-groups is read (80 000 for a VSOC board),
 * and writing them to the serial console took 54 s of a 70 s boot. They
 * are still printed by the kernel (each format runs); the last line says
 * how many were left out.
 */
static void dump_dmesg(int nodebug)
{
	int len = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	char *buf, *p, *nl, *end;
	long skipped = 0;
	int n;

	if (len <= 0)
		return;
	buf = malloc(len);
	if (!buf)
		return;
	n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, len);
	out("==== VSOC BEGIN end dmesg ====\n");
	/* the records kept, moved to the front: one write */
	for (p = end = buf; n > 0 && p < buf + n; p = nl) {
		nl = memchr(p, '\n', buf + n - p);
		nl = nl ? nl + 1 : buf + n;
		if (nodebug && nl - p >= 3 && !memcmp(p, "<7>", 3)) {
			skipped++;
			continue;
		}
		memmove(end, p, nl - p);
		end += nl - p;
	}
	write_all(buf, end - buf);
	if (end > buf && end[-1] != '\n')
		out("\n");
	if (skipped)
		out("vsocinit: %ld records of level 7 left out (vsocinit.dmesg=nodebug)\n",
		    skipped);
	out("==== VSOC END end dmesg ====\n");
	free(buf);
}

/* The verdict of a board booted with its plan: the plan against what it sees */
#define REHEARSE	"/bin/rehearse-ktap"
#define REHEARSE_PLAN	"/proc/device-tree/rehearse-plan"

static void rehearse_verdict(void)
{
	int status = 0;
	pid_t pid;

	out("==== VSOC BEGIN boot ktap ====\n");
	pid = fork();
	if (pid == 0) {
		execl(REHEARSE, REHEARSE, (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, &status, 0);
	out("==== VSOC END boot ktap ====\n");
	if (!WIFEXITED(status) || WEXITSTATUS(status) > 1)
		out("==== VSOC ERROR boot ktap: %s exited with status 0x%x ====\n",
		    REHEARSE, status);
}

static void guest_verdict(void)
{
	if (!access(REHEARSE_PLAN, F_OK) && !access(REHEARSE, X_OK))
		rehearse_verdict();
}

/* Value of "key=" on the command line, copied into val; 0 if absent. */
static int option(const char *key, char *val, size_t size)
{
	size_t klen = strlen(key);
	const char *p = cmdline;

	while ((p = strstr(p, key))) {
		if ((p == cmdline || p[-1] == ' ') && p[klen] == '=') {
			size_t n = strcspn(p + klen + 1, " \n");

			if (n >= size)
				n = size - 1;
			memcpy(val, p + klen + 1, n);
			val[n] = '\0';
			return 1;
		}
		p += klen;
	}
	return 0;
}

static void read_cmdline(void)
{
	int fd = open("/proc/cmdline", O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return;
	n = read(fd, cmdline, sizeof(cmdline) - 1);
	if (n > 0)
		cmdline[n] = '\0';
	close(fd);
}

/* Seconds since boot, from /proc/uptime */
static double uptime(void)
{
	char buf[64] = "";
	int fd = open("/proc/uptime", O_RDONLY);

	if (fd < 0)
		return 0;
	if (read(fd, buf, sizeof(buf) - 1) < 0)
		buf[0] = '\0';
	close(fd);
	return atof(buf);
}

/* Suspend to idle; the PL031 alarm brings the system back. */
static void sleep_cycle(int seconds)
{
	char alarm[32];
	int ret;

	snprintf(alarm, sizeof(alarm), "+%d", seconds);
	put("/sys/class/rtc/rtc0/wakealarm", "0");
	ret = put("/sys/class/rtc/rtc0/wakealarm", alarm);
	if (ret) {
		out("==== VSOC ERROR sleep wakealarm: %s ====\n", strerror(-ret));
		return;
	}
	out("==== VSOC SLEEP %d ====\n", seconds);
	ret = put("/sys/power/state", "freeze");
	if (ret)
		out("==== VSOC ERROR sleep /sys/power/state: %s ====\n",
		    strerror(-ret));
	else
		out("==== VSOC RESUMED ====\n");
	dump_all("resume");
}

/* Seconds, as a double, of the monotonic clock */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * wait-in,PIN,V: until GPIO_IN of PIN (datasheet, section 2) reads V. The
 * window is mapped, not read(): it is no-map memory, outside the kernel's
 * linear map, which read() of /dev/mem copies from.
 */
static int wait_in(char **argv)
{
	volatile unsigned int *win;
	unsigned int pin, v, word = 0;
	int fd = open("/dev/mem", O_RDONLY | O_SYNC);
	double end = now() + 60;

	if (!argv[1] || !argv[2] || fd < 0)
		return 2;
	pin = atoi(argv[1]);
	v = atoi(argv[2]);
	win = mmap(NULL, 0x10000, PROT_READ, MAP_SHARED, fd, 0x4c000000);
	close(fd);
	if (win == MAP_FAILED)
		return 2;
	out("==== VSOC WAIT gpio-in %u %u ====\n", pin, v);
	do
		word = win[(0x808 + 0x20 * (pin / 32)) / 4];
	while (((word >> (pin % 32)) & 1) != v && now() < end && !usleep(10000));
	munmap((void *)win, 0x10000);
	out("GPIO_IN%u 0x%08x\n", pin / 32, word);
	return ((word >> (pin % 32)) & 1) != v;
}

/* events,N,SEC: the next N key events of the input devices */
static int events(char **argv)
{
	struct pollfd fds[16];
	char dev[16][16], name[16][48] = { { 0 } }, path[64];
	int i, n = 0, want = argv[1] ? atoi(argv[1]) : 1, got = 0;
	double end = now() + (argv[1] && argv[2] ? atoi(argv[2]) : 60);
	struct input_event ev;

	for (i = 0; i < 16; i++) {
		snprintf(path, sizeof(path), "/dev/input/event%d", i);
		fds[n].fd = open(path, O_RDONLY);
		if (fds[n].fd < 0)
			continue;
		fds[n].events = POLLIN;
		snprintf(dev[n], sizeof(dev[n]), "event%d", i);
		if (ioctl(fds[n].fd, EVIOCGNAME(sizeof(name[n]) - 1), name[n]) < 0)
			strcpy(name[n], "?");
		out("%s %s\n", dev[n], name[n]);
		n++;
	}
	out("==== VSOC WAIT events ====\n");
	while (got < want && now() < end && poll(fds, n, 100) >= 0)
		for (i = 0; i < n; i++)
			if ((fds[i].revents & POLLIN) &&
			    read(fds[i].fd, &ev, sizeof(ev)) == sizeof(ev) &&
			    ev.type == EV_KEY) {
				out("%s %s: key %u value %d\n", dev[i], name[i],
				    ev.code, ev.value);
				got++;
			}
	for (i = 0; i < n; i++)
		close(fds[i].fd);
	return got < want;
}

/* vsocinit.run: each command, with its output and exit status */
static void run_commands(char *cmds)
{
	char *cmd, *save, *argv[32], *w, *wsave;
	int i = 0, n, status;
	pid_t pid;

	setenv("PATH", "/usr/bin:/bin", 1);
	for (cmd = strtok_r(cmds, ";", &save); cmd; cmd = strtok_r(NULL, ";", &save)) {
		n = 0;
		for (w = strtok_r(cmd, ",", &wsave); w && n < 31; w = strtok_r(NULL, ",", &wsave))
			argv[n++] = w;
		argv[n] = NULL;
		if (!n)
			continue;
		out("==== VSOC BEGIN run %d ====\n", ++i);
		if (!strcmp(argv[0], "wait-in")) {
			status = wait_in(argv) << 8;
		} else if (!strcmp(argv[0], "events")) {
			status = events(argv) << 8;
		} else {
			status = 127 << 8;
			pid = fork();
			if (pid == 0) {
				dup2(STDOUT_FILENO, STDERR_FILENO);
				execvp(argv[0], argv);
				out("%s: %s\n", argv[0], strerror(errno));
				_exit(127);
			}
			if (pid > 0)
				waitpid(pid, &status, 0);
		}
		out("==== VSOC END run %d ====\n", i);
		if (WIFEXITED(status))
			out("==== VSOC EXIT %d %d ====\n", i, WEXITSTATUS(status));
		else
			out("==== VSOC EXIT %d signal %d ====\n", i, WTERMSIG(status));
	}
}

/* /stress reads its options from /proc/cmdline; wait for it. */
static void run_stress(void)
{
	char *const argv[] = { "/stress", NULL };
	int status = 0;
	pid_t pid = fork();

	if (pid == 0) {
		execv(argv[0], argv);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		out("==== VSOC ERROR stress: exit status %d ====\n", status);
}

int main(void)
{
	static char dumpopt[2048], onlyopt[512], val[64], runopt[2048];
	char *tok, *save;

	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	read_cmdline();

	/* Keep kernel messages off the console; they are dumped at the end. */
	put("/proc/sys/kernel/printk", "1");
	if (fcntl(STDOUT_FILENO, F_GETFD) < 0) {
		/* no console: through the kernel log (kmsg_line) */
		kmsg_fd = open("/dev/kmsg", O_WRONLY);
		put("/proc/sys/kernel/printk_devkmsg", "on\n");	/* no rate limit */
		put("/sys/module/printk/parameters/time", "N");
	}

	if (option("vsocinit.dump", dumpopt, sizeof(dumpopt)))
		for (tok = strtok_r(dumpopt, ",", &save); tok && ndumps < MAX_DUMPS;
		     tok = strtok_r(NULL, ",", &save))
			dumps[ndumps++] = tok;
	if (option("vsocinit.only", onlyopt, sizeof(onlyopt)))
		for (tok = strtok_r(onlyopt, ",", &save); tok && nonly < MAX_DUMPS;
		     tok = strtok_r(NULL, ",", &save))
			only[nonly++] = tok;

	out("==== VSOC INIT ====\n");
	if (option("vsocinit.dumpmem", val, sizeof(val)))
		dumpmem_open(val);
	/* a kernel not the project's: its pin controller modules first */
	load_modules(out);
	if (option("vsocinit.stress", val, sizeof(val)))
		run_stress();
	dump_all("boot");
	if (!option("vsocinit.ktap", val, sizeof(val)) || val[0] != '0')
		guest_verdict();

	if (option("vsocinit.run", runopt, sizeof(runopt)))
		run_commands(runopt);

	if (option("vsocinit.hang", val, sizeof(val)) && val[0] == '1')
		for (;;)
			pause();

	if (option("vsocinit.sleep", val, sizeof(val)))
		sleep_cycle(atoi(val));

	if (option("vsocinit.kmemleak", val, sizeof(val)) && val[0] == '1') {
		/*
		 * kmemleak reports only objects older than 5 s: wait until
		 * what probing allocated is that old, then scan twice, so an
		 * object in flight during one scan is not taken for a leak.
		 */
		while (uptime() < 6.0)
			usleep(100000);
		put("/sys/kernel/debug/kmemleak", "scan");
		put("/sys/kernel/debug/kmemleak", "scan");
		dump_file("end", "/sys/kernel/debug/kmemleak");
	}

	dump_dmesg(option("vsocinit.dmesg", val, sizeof(val)) &&
		   !strcmp(val, "nodebug"));
	out("==== VSOC DONE ====\n");
	sync();
	/*
	 * Restart, not power off: QEMU runs with -no-reboot, so either ends
	 * the run, but a pin controller driver may take pm_power_off over
	 * (the Qualcomm TLMM does when its table has a ps_hold function: its
	 * write lands in a RAM window, the call returns and init is killed),
	 * while PSCI's restart handler comes before the drivers' ones.
	 */
	reboot(RB_AUTOBOOT);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The guest's /stress, the probe part: the second VSOC block (0x4c200000,
 * its node added at run time by tests/boards/stress-vsoc2.dtso through the
 * test consumer module) bound late through driver_override, fail-nth over
 * its probe, N = 1, 2, ... until an attempt completes with no fault
 * injected, with failslab, then with fail_page_alloc. The driver sets
 * suppress_bind_attrs: removing the overlay unbinds the block for the next
 * attempt. Each failure must leave it unbound and nothing else; the
 * fault-free attempt must bind it, and it must work. See stress.c for the
 * output.
 */
#include "stress.h"

#include <stdint.h>
#include <sys/mman.h>

#define VSOC2_DTBO	"/lib/firmware/stress-vsoc2.dtbo"
#define VSOC2_DEV	"4c200000.pinctrl"
#define VSOC2_BASE	0x4c200000UL
#define VSOC_ID		0x56534f43

/* The block's node added (no driver matches it), the driver named */
static int vsoc2_add(void)
{
	char path[128];
	int ret = put(CONSUMER_DIR "/overlay", "apply");

	snprintf(path, sizeof(path), "/sys/bus/platform/devices/%s/driver_override", VSOC2_DEV);
	if (!ret)
		ret = put(path, "pinctrl-vsoc");
	if (ret)
		out("probe: adding %s: %s\n", VSOC2_DEV, ename(ret));
	return ret;
}

/* The node removed: the device goes, unbound if it was bound */
static int vsoc2_remove(void)
{
	int ret = put(CONSUMER_DIR "/overlay", "remove");

	if (!ret && access("/sys/bus/platform/devices/" VSOC2_DEV, F_OK) == 0)
		ret = -EEXIST;
	if (ret)
		out("probe: removing %s: %s\n", VSOC2_DEV, ename(ret));
	return ret;
}

void part_probe(void)
{
	const char *dev = VSOC2_DEV;
	int mode, n, ret, left, limit = (int)option_num("vsocinit.stress.nth-limit", 3000);
	int fd, faults, errs, absorbed, done, b, leaks;
	/* --quick: every k-th N only (each attempt adds and removes a node) */
	int stride = (int)option_num("vsocinit.stress.probe-stride", 1);
	volatile uint32_t *w;
	char path[512];

	fd = open("/dev/mem", O_RDWR | O_SYNC);
	w = fd < 0 ? MAP_FAILED : mmap(NULL, 0x10000, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
				      VSOC2_BASE);
	if (w == MAP_FAILED || consumer_setup() || load_overlay(VSOC2_DTBO)) {
		out("probe: /dev/mem at 0x%lx: %s, or no module\n", VSOC2_BASE, strerror(errno));
		fig.bad++;
		return;
	}
	/* the window is plain RAM: the reset values of the ID registers */
	w[0] = VSOC_ID;
	w[1] = 0x00010000;
	w[2] = 1;	/* one bank: 32 pins */
	if (nth_fd < 0)
		nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	for (mode = 0; mode < 2 && nth_fd >= 0; mode++) {
		nth_mode(mode);
		faults = errs = absorbed = done = 0;
		for (n = 1; n <= limit; n += stride > 0 ? stride : 1) {
			if (vsoc2_add()) {
				fig.bad++;
				break;
			}
			nth_set(n);
			ret = put("/sys/bus/platform/drivers_probe", dev);
			left = nth_left();
			nth_set(0);
			b = bound(dev);
			if (left != 0) {
				done = 1;
				if (!b)
					out("  N=%d: no fault injected, but not bound (%s)\n", n,
					    ename(ret)), fig.bad++;
				break;
			}
			faults++;
			if (b)
				absorbed++;	/* bound, the device whole */
			else
				errs++;
			if (vsoc2_remove()) {
				fig.bad++;
				break;
			}
		}
		out("sweep probe %s [%s]: N in steps of %d, %d faults injected, %d refused "
		    "(not bound), %d absorbed (bound); %s at N=%d\n", dev,
		    mode ? "page-alloc" : "slab", stride, faults, errs, absorbed,
		    done ? "done" : "not done", n);
		fig.ops += faults + done;
		fig.faults += faults;
		if (!done)
			fig.bad++;
		/* unbound again for the next sweep; the last one's stays */
		if (mode == 0 && done && vsoc2_remove())
			fig.bad++;
	}
	put("/sys/kernel/debug/failslab/ignore-gfp-wait", "Y");
	put("/sys/kernel/debug/fail_page_alloc/ignore-gfp-wait", "Y");
	if (nth_fd < 0) {	/* not a fault-injection kernel: bind it once */
		if (!vsoc2_add())
			put("/sys/bus/platform/drivers_probe", dev);
		fig.ops++;
	}
	/* the instance works: a mux write reaches its registers */
	snprintf(path, sizeof(path), PINCTRL_DIR "/%s/pinmux-select", dev);
	ret = bound(dev) ? put(path, "uart1_grp uart1") : -ENODEV;
	out("probe: %s %s; pinmux-select uart1_grp uart1: %s, MUX0 0x%08x\n", dev,
	    bound(dev) ? "bound" : "NOT bound", ename(ret), w[0x100 / 4]);
	if (ret || w[0x100 / 4] != 0x00110000)
		fig.bad++;
	leaks = kmemleak_check();
	out("probe: kmemleak %s\n", leaks < 0 ? "not in this kernel" : leaks ? "objects" : "clean");
	if (leaks > 0)
		fig.bad += leaks;
	munmap((void *)w, 0x10000);
	close(fd);
}

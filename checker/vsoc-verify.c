// SPDX-License-Identifier: GPL-2.0
/*
 * vsoc-verify: check the pins of a booted VSOC board three ways.
 *
 *	vsoc-verify [--json|--ktap] RUNDIR
 *	vsoc-verify --ktap --dtb /sys/firmware/fdt --console F --mem /dev/mem
 *	vsoc-verify --pin-names N	the datasheet's names of pins 0..N-1
 *	vsoc-verify [--json] [RUNDIR] [--dtb F] [--console F] [--regs F]
 *
 * RUNDIR is what qemu/run.sh leaves (build/run/<board>): <board>.dtb,
 * console.log and regs.bin; the options name the files one by one.
 * --reset F: the reset image the board booted with (qemu/run.sh --reset),
 * when firmware state in it is expected to stay; by default every pin
 * starts from the datasheet's reset state, all zero.
 * --phase P: read the debugfs dumps of phase P (default "boot"; "resume"
 * after vsocinit.sleep).
 * --then DEV=STATE: after the states pinctrl-handles names, DEV went to
 * STATE (repeatable, in order): the controller's hogs go to "sleep" during
 * system sleep and back to "default" on resume.
 * --failed DEV=STATE: DEV applied STATE and then failed to probe: the core
 * released its mux claims but left its settings (repeatable).
 * --registers-only: compare the registers with the expected view alone,
 * for a window read while the guest could not dump debugfs (asleep).
 * --ktap: the verdict as KTAP v1, a test per pin and per device with pin
 * states; --mem F: read the window from F (/dev/mem) at the controller's
 * address instead of a capture: the guest's own verdict (guest/init.c).
 *
 * For every pin it computes
 *
 *  - expected: what the DTB asks for, for the states the kernel says it
 *    applied (debugfs pinctrl-handles), applied the way the pinctrl core
 *    does, on top of the reset state;
 *  - debugfs: what the kernel claims (pinmux-pins, pinconf-pins), and what
 *    it read back from the hardware (pins, shown as view "debugfs-pins");
 *  - registers: the register window at power-off (regs.bin);
 *
 * and prints a row for every pin one of them touches, with the fields on
 * which they disagree. Exit 0 when all views agree on every pin, 1 on a
 * mismatch, 2 on bad input.
 *
 * Hidden option for the tests: --dump-expected prints the expected view
 * alone (DTB and console.log only).
 *
 * The expected view (expected.c) copies the pinctrl core's behaviour: the
 * handles in the order pinctrl-handles lists them, within a state every
 * mux before any config, node by node. It must be checked again against
 * the core on each kernel rebase (expected.c says what it relies on).
 *
 * The parts: inputs.c (files), debugfs.c (the kernel's view), dt.c (the DT
 * walk), expected.c (the core's order), report.c (comparison and output);
 * verify.h has the model they share.
 */
#include "verify.h"

const char *progname = "vsoc-verify";

static void usage(void)
{
	fprintf(stderr,
		"usage: vsoc-verify [--json|--ktap] RUNDIR\n"
		"       vsoc-verify [--json] [RUNDIR] [--dtb F] [--console F] [--regs F]\n"
		"                   [--reset F] [--phase P] [--then DEV=STATE]...\n"
		"                   [--failed DEV=STATE]..."
		"                   [--registers-only]\n");
	exit(2);
}

static void parse_args(int argc, char **argv, struct options *o)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json"))
			o->json = true;
		else if (!strcmp(argv[i], "--ktap"))
			o->ktap = true;
		else if (!strcmp(argv[i], "--if-vsoc"))
			o->if_vsoc = true;
		else if (i + 1 < argc && !strcmp(argv[i], "--mem"))
			o->mem = argv[++i];
		else if (!strcmp(argv[i], "--dump-expected"))
			o->dump_expected = true;
		else if (i + 1 < argc && !strcmp(argv[i], "--dtb"))
			o->dtb = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--console"))
			o->console = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--regs"))
			o->regs = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--reset"))
			o->reset = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--phase"))
			o->phase = argv[++i];
		else if (i + 1 < argc && (!strcmp(argv[i], "--then") ||
					  !strcmp(argv[i], "--failed")) &&
			 o->nthen < MAX_THEN) {
			o->failed[o->nthen] = !strcmp(argv[i], "--failed");
			o->then[o->nthen++] = argv[++i];
		}
		else if (!strcmp(argv[i], "--registers-only"))
			o->registers_only = true;
		else if (argv[i][0] != '-' && !o->rundir)
			o->rundir = argv[i];
		else
			usage();
	}
	if (o->rundir) {
		o->dtb = o->dtb ? o->dtb : find_dtb(o->rundir);
		o->console = o->console ? o->console : in_dir(o->rundir, "console.log");
		o->regs = o->regs ? o->regs : in_dir(o->rundir, "regs.bin");
	}
	if (!o->dtb || !o->console || (!o->regs && !o->mem && !o->dump_expected))
		usage();
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	struct verify v = { 0 };
	unsigned int n;
	char name[8];

	/* the datasheet's names of pins 0..N-1, one a line, for scripts */
	if (argc == 3 && !strcmp(argv[1], "--pin-names")) {
		n = (unsigned int)strtoul(argv[2], NULL, 0);
		if (n > VSOC_MAX_BANKS * VSOC_PINS_PER_BANK)
			fatal("--pin-names: at most %u pins", VSOC_MAX_BANKS * VSOC_PINS_PER_BANK);
		for (unsigned int p = 0; p < n; p++) {
			vsoc_pin_name(p, name, sizeof(name));
			puts(name);
		}
		return 0;
	}

	parse_args(argc, argv, &o);
	v.phase = o.phase ? o.phase : "boot";
	v.then = o.then;
	v.failed = o.failed;
	v.nthen = o.nthen;
	if (o.rundir)
		base_name(o.rundir, NULL, v.board, sizeof(v.board));
	else
		base_name(o.dtb, ".dtb", v.board, sizeof(v.board));
	load_dtb(&v, o.dtb);
	/* --if-vsoc: a board without a VSOC controller is no error (the
	 * guest's /init asks of every board) */
	if (o.if_vsoc && fdt_node_offset_by_compatible(v.fdt, -1, VSOC_COMPATIBLE) < 0)
		return 0;
	load_console(&v, o.console);
	find_controller(&v);
	if (o.mem)
		v.regs = map_window(&v, o.mem, &v.npins);
	else if (o.regs && !o.dump_expected)
		v.regs = load_window(o.regs, &v.npins);
	else
		size_from_console(&v);
	if (o.reset) {
		v.reset = load_window(o.reset, &n);
		if (n != v.npins)
			fatal("%s: %u pins, the board has %u", o.reset, n, v.npins);
	}
	v.pins = xcalloc(v.npins, sizeof(*v.pins));

	parse_pinmux(&v);
	if (o.dump_expected) {
		build_expected(&v);
		dump_expected(&v);
		return 0;
	}
	if (o.registers_only) {
		/* the owners still say which pins GPIO took; nothing else */
		for (n = 0; n < v.npins; n++)
			v.pins[n].view[VIEW_DEBUGFS].shown = 0;
	} else {
		parse_pinconf(&v);
		parse_pins(&v);
		parse_sources(&v);
	}
	read_registers(&v);
	build_expected(&v);
	compare(&v);
	if (o.json) {
		compare_sources(&v, false);
		print_json(&v);
	} else if (o.ktap) {
		compare_sources(&v, false);
		print_ktap(&v);
	} else {
		print_table(&v);
	}
	return count_mismatches(&v) ? 1 : 0;
}

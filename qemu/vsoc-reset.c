// SPDX-License-Identifier: GPL-2.0
/*
 * Write the reset image of the VSOC pin controller window (datasheet,
 * section 1): 64 KiB, ID, VERSION and NBANKS set, every other byte zero.
 * The harness loads it at 0x4c000000 before the guest starts.
 *
 *	vsoc-reset [--id X] [--version X] [--nbanks N] [--poke OFF=VAL]... OUT
 *
 * The options make broken parts for the error tests (--id, --version,
 * --nbanks) and model state left by firmware (--poke: a 32-bit register at
 * byte offset OFF of the window).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW_SIZE	0x10000
#define REG_ID		0x0000
#define REG_VERSION	0x0004
#define REG_NBANKS	0x0008

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

int main(int argc, char **argv)
{
	static uint8_t win[WINDOW_SIZE];
	uint32_t id = 0x56534f43, version = 0x00010000, nbanks = 8;
	const char *out = NULL;
	unsigned long off;
	char *end;
	FILE *f;
	int i;

	for (i = 1; i < argc; i++) {
		if (i + 1 < argc && !strcmp(argv[i], "--id"))
			id = strtoul(argv[++i], NULL, 0);
		else if (i + 1 < argc && !strcmp(argv[i], "--version"))
			version = strtoul(argv[++i], NULL, 0);
		else if (i + 1 < argc && !strcmp(argv[i], "--nbanks"))
			nbanks = strtoul(argv[++i], NULL, 0);
		else if (i + 1 < argc && !strcmp(argv[i], "--poke")) {
			off = strtoul(argv[++i], &end, 0);
			if (*end != '=' || off % 4 || off >= WINDOW_SIZE) {
				fprintf(stderr, "vsoc-reset: bad --poke %s\n", argv[i]);
				return 2;
			}
			put32(win + off, strtoul(end + 1, NULL, 0));
		}
		else if (argv[i][0] != '-' && !out)
			out = argv[i];
		else
			out = NULL, i = argc;
	}
	if (!out) {
		fprintf(stderr, "usage: vsoc-reset [--id X] [--version X] [--nbanks N] [--poke OFF=VAL]... OUT\n");
		return 2;
	}
	put32(win + REG_ID, id);
	put32(win + REG_VERSION, version);
	put32(win + REG_NBANKS, nbanks);
	f = fopen(out, "wb");
	if (!f || fwrite(win, sizeof(win), 1, f) != 1 || fclose(f)) {
		perror(out);
		return 1;
	}
	return 0;
}

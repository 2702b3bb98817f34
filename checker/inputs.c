// SPDX-License-Identifier: GPL-2.0
/*
 * vsoc-verify: the files of a run (qemu/run.sh's run directory, or the
 * guest's own /sys/firmware/fdt, console and /dev/mem), loaded and checked
 */
#include "verify.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

/* Input files */

/* The only .dtb of a run directory */
char *find_dtb(const char *dir)
{
	char *found = NULL;
	struct dirent *e;
	DIR *d = opendir(dir);
	size_t len;

	if (!d)
		fatal("%s: %s", dir, strerror(errno));
	while ((e = readdir(d))) {
		len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".dtb"))
			continue;
		if (found)
			fatal("%s: more than one .dtb", dir);
		if (asprintf(&found, "%s/%s", dir, e->d_name) < 0)
			fatal("out of memory");
	}
	closedir(d);
	if (!found)
		fatal("%s: no .dtb", dir);
	return found;
}

char *in_dir(const char *dir, const char *name)
{
	char *path;

	if (asprintf(&path, "%s/%s", dir, name) < 0)
		fatal("out of memory");
	return path;
}

/* File name without directory and extension */
void base_name(const char *path, const char *ext, char *buf, size_t n)
{
	const char *b = strrchr(path, '/');
	size_t len;

	b = b ? b + 1 : path;
	len = strlen(b);
	while (len > 1 && b[len - 1] == '/')
		len--;
	if (ext && len > strlen(ext) && !strncmp(b + len - strlen(ext), ext, strlen(ext)))
		len -= strlen(ext);
	snprintf(buf, n, "%.*s", (int)len, b);
}

/* A register window (regs.bin or a reset image), checked; its pin count */
unsigned char *load_window(const char *path, unsigned int *npins)
{
	unsigned char *w;
	size_t len;
	u32 id, version, nbanks;

	w = (unsigned char *)read_file(path, &len);
	if (len != VSOC_WINDOW_SIZE)
		fatal("%s: %zu bytes, expected the %u-byte window", path, len,
		      VSOC_WINDOW_SIZE);
	id = get_le32(w + VSOC_REG_ID);
	version = get_le32(w + VSOC_REG_VERSION);
	nbanks = get_le32(w + VSOC_REG_NBANKS);
	if (id != VSOC_ID || VSOC_VERSION_MAJOR(version) != 1)
		fatal("%s: ID 0x%08x VERSION 0x%08x is not a VSOC 1.x window",
		      path, id, version);
	if (nbanks < 1 || nbanks > VSOC_MAX_BANKS)
		fatal("%s: NBANKS is %u", path, nbanks);
	*npins = nbanks * VSOC_PINS_PER_BANK;
	return w;
}

/*
 * The window as the guest sees it, through /dev/mem at the controller's
 * address (the guest's own verdict: guest/init.c runs this tool with --mem).
 */
unsigned char *map_window(struct verify *v, const char *mem, unsigned int *npins)
{
	static const char tmp[] = "/tmp/vsoc-window.bin";
	unsigned char *w = xcalloc(1, VSOC_WINDOW_SIZE);
	volatile void *map;
	uint64_t addr;
	ssize_t n;
	FILE *f;
	int fd;

	if (!dt_translate(v->fdt, v->ctrl, &addr))
		fatal("the pin controller's reg does not translate");
	/*
	 * mmap(), not read(): the window is no-map memory, outside the
	 * kernel's linear map, which read() of /dev/mem copies from
	 */
	fd = open(mem, O_RDONLY | O_SYNC);
	if (fd < 0)
		fatal("%s: %s", mem, strerror(errno));
	map = mmap(NULL, VSOC_WINDOW_SIZE, PROT_READ, MAP_SHARED, fd, (off_t)addr);
	if (map == MAP_FAILED)
		fatal("%s: mmap at 0x%llx: %s", mem, (unsigned long long)addr, strerror(errno));
	/* word by word: the window is a device, in principle */
	for (n = 0; n < VSOC_WINDOW_SIZE; n += 4)
		memcpy(w + n, (const unsigned char *)map + n, 4);
	munmap((void *)map, VSOC_WINDOW_SIZE);
	close(fd);
	/* through load_window(), for the same checks as a capture */
	f = fopen(tmp, "wb");
	if (!f || fwrite(w, 1, VSOC_WINDOW_SIZE, f) != VSOC_WINDOW_SIZE || fclose(f))
		fatal("%s: %s", tmp, strerror(errno));
	free(w);
	return load_window(tmp, npins);
}

void load_console(struct verify *v, const char *path)
{
	size_t len, i, j;
	char *c = read_file(path, &len);

	/* the serial console ends lines with CR LF */
	for (i = j = 0; i < len; i++)
		if (c[i] != '\r')
			c[j++] = c[i];
	c[j] = '\0';
	v->console = c;
}

void load_dtb(struct verify *v, const char *path)
{
	size_t len;
	int err;

	v->fdt = read_file(path, &len);
	err = fdt_check_header(v->fdt);
	if (!err && fdt_totalsize(v->fdt) > len)
		err = -FDT_ERR_TRUNCATED;
	if (err)
		fatal("%s: not a DTB: %s", path, fdt_strerror(err));
}

/*
 * The text of one dump of phase "boot" (guest/init.c puts it between
 * markers), as a new string, or NULL if the console has none.
 */
char *dump_text(const struct verify *v, const char *path)
{
	char begin[512], end[512];
	const char *p = v->console, *q;

	snprintf(begin, sizeof(begin), "==== VSOC BEGIN %s %s ====\n", v->phase, path);
	snprintf(end, sizeof(end), "\n==== VSOC END %s %s ====\n", v->phase, path);
	while ((p = strstr(p, begin)) && p != v->console && p[-1] != '\n')
		p++;
	if (!p)
		return NULL;
	p += strlen(begin);
	q = strstr(p - 1, end);
	if (!q)
		return NULL;
	return strndup(p, q + 1 - p);
}

char *ctrl_dump(const struct verify *v, const char *file)
{
	char path[512];
	char *text;

	snprintf(path, sizeof(path), DEBUGFS "/%s/%s", v->ctrl_name, file);
	text = dump_text(v, path);
	if (!text)
		fatal("console.log has no %s dump of %s", v->phase, path);
	return text;
}

/* Registers: the window as the guest left it */

void read_registers(struct verify *v)
{
	struct pin_view *pv;
	unsigned int p;

	for (p = 0; p < v->npins; p++) {
		pv = &v->pins[p].view[VIEW_REGISTERS];
		pv->pad = get_le32(v->regs + VSOC_REG_PAD(p));
		pv->mux = get_le32(v->regs + VSOC_REG_MUX(p)) >> VSOC_MUX_SHIFT(p) &
			  VSOC_MUX_MASK;
		pv->shown = ALL_FIELDS | BIT(ITEM_MUX);
	}
}

/*
 * The part's size comes from the registers; --dump-expected has none and
 * takes it from the debugfs pins file.
 */
void size_from_console(struct verify *v)
{
	char *text = ctrl_dump(v, "pins");
	unsigned int n;

	if (sscanf(text, "registered pins: %u", &n) != 1 || !n ||
	    n % VSOC_PINS_PER_BANK || n > VSOC_MAX_PINS)
		fatal("debugfs pins: no pin count");
	v->npins = n;
	free(text);
}

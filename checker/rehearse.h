/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the parts of rehearse-ktap share: rehearse-ktap.c (the plan, the
 * windows, the tests), rehearse-debugfs.c (the pin controllers' debugfs
 * files, as pincheck/verdict.py reads them) and rehearse-klog.c (the kernel
 * log: why a consumer failed, as pincheck/klog.py says it).
 */
#ifndef REHEARSE_H
#define REHEARSE_H

#include <stdbool.h>
#include <stdint.h>

typedef uint32_t u32;

#define MAX_WINDOWS	16

/* Lines of debugfs files, "pin N (NAME)<rest>" */
struct pin_line {
	char *name;		/* NULL: the file has no line for the pin */
	char *rest;		/* after "(NAME)" and one blank, or after ": " */
};

/* A debugfs file's lines, by pin number */
struct pin_file {
	struct pin_line *lines;
	unsigned int n;
};

struct controller {
	char *dev, *label, *dir;
	unsigned int nwin;
	u32 size[MAX_WINDOWS];
	uint64_t addr[MAX_WINDOWS];	/* physical: QEMU's window, or the board's (--hw) */
	volatile unsigned char *map[MAX_WINDOWS];
	struct pin_file pins, mux, conf, owners;
	struct pin_file groups;	/* pinconf-groups, by group selector */
	char **words;		/* the plan's debugfs-words: "=FIELD", its words by value */
	unsigned int nwords;
	bool has_owners;	/* the kernel has pinconf-owners */
};

/*
 * The debugfs directory of a device under base (a new string; NULL when
 * there is none)
 */
char *ctrl_dir(const char *base, const char *dev);

/* A debugfs file of dir as lines by pin; colon: "pin N (NAME): rest" */
struct pin_file parse_pin_file(const char *dir, const char *file, bool colon);

/* pinconf-groups of dir as lines by group selector: "N (NAME): rest" */
struct pin_file parse_group_file(const char *dir, const char *file);

/* The line of a pin, NULL when the file has none */
struct pin_line *pin_line(const struct pin_file *file, u32 pin);

/* What debugfs shows of a field (pincheck/verdict.py DEBUGFS_KINDS) */
enum { DBG_NONE, DBG_IMX_CONF, DBG_SUNXI_DRIVE, DBG_SUNXI_PULL, DBG_PCS, DBG_IMX1_CONF,
       DBG_VSOC_MUX, DBG_VSOC_PAD, DBG_MESON_PULLEN, DBG_MESON_PULL, DBG_MTK_MODE,
       DBG_RCAR_DRIVE, DBG_RCAR_POC, DBG_QCOM_PMIC_GPIO = 13, DBG_QCOM_PMIC_MPP = 14 };

/* The driver's read-back of field FIELD of kind DBG_*, false when not shown */
bool debugfs_value(struct controller *c, u32 pin, u32 kind, const char *field, u32 mask,
		   u32 *val);

/*
 * VSOC (rehearse-vsoc.c): the PAD field NAME of the pin's pinconf-pins line,
 * as pincheck/families/vsoc.py decode_pinconf() reads it: 1 and *val; -1
 * when its items contradict each other or hold what the datasheet does not
 * have ("?"); 0 when the line does not show it
 */
int vsoc_pinconf_field(struct controller *c, u32 pin, const char *name, u32 *val);

/* The mux owner in pinmux-pins, as the host reads it; NULL for none */
char *mux_owner(struct controller *c, u32 pin);

/* The group of "... function F group G" in pinmux-pins; NULL for none */
char *mux_group(struct controller *c, u32 pin);

/*
 * What pinconf-owners says set the pin's configuration: each "NODE (DEV,
 * STATE)" once, sorted, joined by " | " (pincheck/verdict.py
 * owners_text()); a new string, "" for none
 */
char *conf_owners(struct controller *c, u32 pin);

/* The log and the plan's names for it */
struct klog {
	const char *text;	/* the kernel log, "<level>[time] message" lines */
	char **map;		/* virt path, board path, virt path, ... */
	unsigned int nmap;	/* pairs in map */
	char **devs;		/* the plan's devices: controllers and consumers */
	unsigned int ndevs;
	char **cons_devs;	/* consumer-N's device and DT path, by N */
	char **cons_paths;
	unsigned int ncons;
};

/* What a consumer's failure is about */
struct klog_consumer {
	const char *dev;	/* its device */
	const char *node;	/* its own node in the virt DTB */
	char **pin_nodes;	/* its states' pin nodes in the virt DTB */
	unsigned int npin_nodes;
	int hog;		/* a controller's own states */
};

/*
 * Whether the log has the core's "pin X already requested by Y; cannot
 * claim for DEV": DEV lost a pin to another device
 */
int klog_lost_claim(const struct klog *k, const char *dev);

/*
 * Whether the log has the driver core's "DRIVER DEV: probe with driver
 * DRIVER failed with error N" (call_driver_probe()): DEV's probe failed
 * after pinctrl_bind_pins() applied its state; its settings stay, its
 * claims go
 */
int klog_probe_failed(const struct klog *k, const char *dev);

/*
 * Why the consumer has no state (a new string), or NULL when the log says
 * nothing: the claim error, the owner by its DT path; else every error
 * about its nodes, with the board's paths, joined by "; "; else the first
 * line naming its device with a word of failure
 */
char *klog_why_failed(const struct klog *k, const struct klog_consumer *c);

/* msg with the board's paths for the virt DTB's (a new string) */
char *klog_translate(const struct klog *k, const char *msg);

#endif

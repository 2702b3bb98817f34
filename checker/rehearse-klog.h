/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rehearse-ktap's reading of the kernel log (rehearse-klog.c): why a
 * consumer has no state, in the kernel's words with the board's own DT
 * paths, as pincheck/klog.py and verdict.py why_failed() say it.
 */
#ifndef REHEARSE_KLOG_H
#define REHEARSE_KLOG_H

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
 * Why the consumer has no state (a new string), or NULL when the log says
 * nothing: the claim error, the owner by its DT path; else every error
 * about its nodes, with the board's paths, joined by "; "; else the first
 * line naming its device with a word of failure
 */
char *klog_why_failed(const struct klog *k, const struct klog_consumer *c);

#endif

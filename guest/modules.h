/* SPDX-License-Identifier: GPL-2.0 */
#ifndef VSOC_GUEST_MODULES_H
#define VSOC_GUEST_MODULES_H

/* the modules of /lib/modules/vsoc/load.list (guest/modules.c) */
int load_modules(void (*say)(const char *fmt, ...));

#endif

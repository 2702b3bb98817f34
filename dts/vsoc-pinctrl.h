/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * Names for the values of the VSOC pin controller's properties, for the
 * project's own DTS files. Not part of the binding (the properties take
 * plain numbers: ohms, quarters of the nominal rate, supply codes), so not
 * a dt-bindings header: a DT maintainer does not take a header of register
 * values and numbers that no driver uses.
 */

#ifndef _VSOC_PINCTRL_H
#define _VSOC_PINCTRL_H

/* power-source: I/O supply of the pad */
#define VSOC_POWER_3V3		0
#define VSOC_POWER_1V8		1
#define VSOC_POWER_2V5		2

/*
 * slew-rate, vsoc,slew-rate-rising, vsoc,slew-rate-falling: edge rate in
 * quarters of the nominal rate (0 also means nominal)
 */
#define VSOC_SLEW_NOMINAL	4
#define VSOC_SLEW_3_4		3
#define VSOC_SLEW_1_2		2
#define VSOC_SLEW_1_4		1

/* bias-pull-up, bias-pull-down: pull resistance in ohms */
#define VSOC_PULL_10K		10000
#define VSOC_PULL_22K		22000
#define VSOC_PULL_47K		47000
#define VSOC_PULL_100K		100000

#endif /* _VSOC_PINCTRL_H */

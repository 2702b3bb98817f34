/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The test pin controller of the generic parser's and the core's KUnit
 * tests (pinconf-generic_test.c, core_test.c)
 */
#ifndef __PINCONF_GENERIC_TEST_H
#define __PINCONF_GENERIC_TEST_H

#include <linux/completion.h>
#include <linux/platform_device.h>
#include <linux/pinctrl/pinctrl.h>

struct device_node;
struct kunit;
struct regmap;

#define PCG_NPINS		4
#define PCG_NPARAMS		256
#define PCG_CUSTOM_PARAM	(PIN_CONFIG_END + 1)
/* Marks a register written: arguments have 24 bits */
#define PCG_SET			BIT(31)
#define PCG_NODE		"/kunit-pinconf-generic-pinctrl"

/*
 * The test controller: pins P0 to P3, group grp3 (pin P3) with function
 * func, and one register per pin and parameter holding the last argument
 * set, with PCG_SET.
 */
struct pcg_context {
	struct platform_driver drv;
	struct completion probed;
	struct pinctrl_desc desc;
	struct pinctrl_dev *pctldev;
	struct regmap *map;
	u32 regs[PCG_NPINS * PCG_NPARAMS];
};

int pcg_init(struct kunit *test);
struct device_node *pcg_node(struct kunit *test, const char *name);
struct platform_device *pcg_consumer(struct kunit *test, const char *path);

#endif /* __PINCONF_GENERIC_TEST_H */

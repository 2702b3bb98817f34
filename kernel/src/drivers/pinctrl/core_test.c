// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the core's DT states, on the test pin controller of
 * pinconf-generic_test.c: an empty hog state, a bad hog state, a state
 * listing its own node, the first error of a state, the config owner of
 * each pin, name lookups.
 */
#include <kunit/platform_device.h>
#include <kunit/test.h>

#include <linux/completion.h>
#include <linux/device.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/regmap.h>

#include <linux/pinctrl/consumer.h>
#include <linux/pinctrl/machine.h>
#include <linux/pinctrl/pinconf-generic.h>
#include <linux/pinctrl/pinconf.h>
#include <linux/pinctrl/pinctrl.h>
#include <linux/pinctrl/pinmux.h>

#include "core.h"
#include "pinconf.h"
#include "pinconf-generic_test.h"

/*
 * Test that a controller whose default hog state is empty (pinctrl-0;,
 * which the core keeps as a dummy state) registers with its hogs, and
 * that its sleep hog state applies.
 */
static void pcg_hog_empty_default_test(struct kunit *test)
{
	struct pcg_context *ctx = test->priv;
	struct pinctrl *p = ctx->pctldev->p;
	struct pinctrl_state *state;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	state = pinctrl_lookup_state(p, PINCTRL_STATE_DEFAULT);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, state);
	KUNIT_EXPECT_EQ(test, 0,
			ctx->regs[2 * PCG_NPARAMS + PIN_CONFIG_DRIVE_STRENGTH]);

	state = pinctrl_lookup_state(p, PINCTRL_STATE_SLEEP);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, state);
	KUNIT_EXPECT_EQ(test, 0, pinctrl_select_state(p, state));
	KUNIT_EXPECT_EQ(test, 12 | PCG_SET,
			ctx->regs[2 * PCG_NPARAMS + PIN_CONFIG_DRIVE_STRENGTH]);
}

/*
 * Test that a state listing the consumer's own node is refused, rather
 * than looked for among the node's parents (and deferred for ever).
 */
static void pcg_self_reference_test(struct kunit *test)
{
	struct platform_device *pdev;
	struct pinctrl *p;

	pdev = pcg_consumer(test, "/kunit-pinconf-generic-self");
	p = pinctrl_get(&pdev->dev);
	KUNIT_EXPECT_EQ(test, -EINVAL, PTR_ERR_OR_ZERO(p));
	if (!IS_ERR(p))
		pinctrl_put(p);
	put_device(&pdev->dev);
}

/*
 * Test that a bad hog state (idle) is dropped alone: the controller
 * registered, with its default and sleep hog states.
 */
static void pcg_hog_bad_state_test(struct kunit *test)
{
	struct pcg_context *ctx = test->priv;
	struct pinctrl *p = ctx->pctldev->p;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, pinctrl_lookup_state(p, PINCTRL_STATE_DEFAULT));
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, pinctrl_lookup_state(p, PINCTRL_STATE_SLEEP));
	KUNIT_EXPECT_EQ(test, -ENODEV,
			PTR_ERR(pinctrl_lookup_state(p, PINCTRL_STATE_IDLE)));
}

/*
 * Test that a state whose first map the core refuses (a group the
 * controller does not have, in a board file's map) fails, although a
 * later map of it is good.
 */
static void pcg_first_error_test(struct kunit *test)
{
	static unsigned long configs[] = {
		PIN_CONF_PACKED(PIN_CONFIG_DRIVE_STRENGTH, 4),
	};
	struct pcg_context *ctx = test->priv;
	struct platform_device *pdev;
	struct pinctrl_map *maps;
	struct pinctrl *p;

	/* a device without a DT node: the core ignores machine maps of one */
	pdev = kunit_platform_device_alloc(test, "pinconf-generic-first-error",
					   PLATFORM_DEVID_NONE);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pdev);
	KUNIT_ASSERT_EQ(test, 0, kunit_platform_device_add(test, pdev));
	maps = kunit_kcalloc(test, 2, sizeof(*maps), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, maps);
	maps[0] = (struct pinctrl_map)
		PIN_MAP_MUX_GROUP(dev_name(&pdev->dev), PINCTRL_STATE_DEFAULT,
				  dev_name(ctx->pctldev->dev), "nogrp", "func");
	maps[1] = (struct pinctrl_map)
		PIN_MAP_CONFIGS_PIN(dev_name(&pdev->dev), PINCTRL_STATE_DEFAULT,
				    dev_name(ctx->pctldev->dev), "P1", configs);
	KUNIT_ASSERT_EQ(test, 0, pinctrl_register_mappings(maps, 2));

	p = pinctrl_get(&pdev->dev);
	KUNIT_EXPECT_EQ(test, -EINVAL, PTR_ERR_OR_ZERO(p));
	if (!IS_ERR(p))
		pinctrl_put(p);
	pinctrl_unregister_mappings(maps);
}

#ifdef CONFIG_DEBUG_FS
/*
 * The owner of the configuration of @pin kept under @param's kind, copied
 * to @o (the test holds the handles whose settings it points at); false if
 * there is none, or more than one
 */
static bool pcg_owner(struct pcg_context *ctx, unsigned int pin,
		      unsigned int param, struct pinconf_owner *o)
{
	struct pinconf_owned *owned;
	unsigned int i, p, n = 0;

	pinctrl_handles_lock();
	owned = pinconf_owners_collect(ctx->pctldev, pin);
	for (i = 0; owned && i < owned[pin].n; i++) {
		p = pinconf_to_config_param(owned[pin].o[i].config);
		if (p == param ||
		    (param == PIN_CONFIG_BIAS_DISABLE &&
		     (p == PIN_CONFIG_BIAS_PULL_UP || p == PIN_CONFIG_BIAS_DISABLE))) {
			*o = owned[pin].o[i];
			n++;
		}
	}
	pinctrl_handles_unlock();
	pinconf_owners_free(ctx->pctldev, owned);
	/* one owner per kind of parameter */
	return n == 1;
}

/* Whether a state's setting owns any configuration of @pin */
static bool pcg_owned_by_state(struct pcg_context *ctx, unsigned int pin)
{
	struct pinconf_owned *owned;
	bool found = false;
	unsigned int i;

	pinctrl_handles_lock();
	owned = pinconf_owners_collect(ctx->pctldev, pin);
	for (i = 0; owned && i < owned[pin].n; i++)
		if (owned[pin].o[i].setting)
			found = true;
	pinctrl_handles_unlock();
	pinconf_owners_free(ctx->pctldev, owned);
	return found;
}

/*
 * Test the config owner of each pin: the setting of the consumer's state
 * (its device, state and DT node), a driver's call at run time, nothing
 * once the consumer's handle is gone; and two nodes of one state setting
 * the bias of a pin: one owner, the later node.
 */
static void pcg_owner_test(struct kunit *test)
{
	struct pcg_context *ctx = test->priv;
	struct platform_device *pdev;
	struct pinconf_owner o;
	unsigned long config;
	struct pinctrl *p;

	pdev = pcg_consumer(test, "/kunit-pinconf-generic-good");
	p = pinctrl_get_select_default(&pdev->dev);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	KUNIT_ASSERT_TRUE(test, pcg_owner(ctx, 0, PIN_CONFIG_DRIVE_STRENGTH, &o));
	KUNIT_ASSERT_NOT_NULL(test, o.setting);
	KUNIT_EXPECT_EQ(test, 8, pinconf_to_config_argument(o.config));
	KUNIT_EXPECT_STREQ(test, dev_name(&pdev->dev), o.setting->dev_name);
	KUNIT_EXPECT_STREQ(test, PINCTRL_STATE_DEFAULT, o.setting->state);
	KUNIT_EXPECT_PTR_EQ(test, pcg_node(test, "good-0"), o.setting->np);

	/* a driver's setting at run time, later: no state's */
	config = pinconf_to_config_packed(PIN_CONFIG_DRIVE_STRENGTH, 2);
	KUNIT_EXPECT_EQ(test, 0, pinconf_set_config(ctx->pctldev, 0, &config, 1));
	KUNIT_ASSERT_TRUE(test, pcg_owner(ctx, 0, PIN_CONFIG_DRIVE_STRENGTH, &o));
	KUNIT_EXPECT_NULL(test, o.setting);
	KUNIT_EXPECT_EQ(test, 2, pinconf_to_config_argument(o.config));
	/* the state's other settings of the pin stay its own */
	KUNIT_ASSERT_TRUE(test, pcg_owner(ctx, 0, PIN_CONFIG_BIAS_DISABLE, &o));
	KUNIT_EXPECT_NOT_NULL(test, o.setting);

	/* the handle goes: its settings own nothing */
	pinctrl_put(p);
	put_device(&pdev->dev);
	KUNIT_EXPECT_FALSE(test, pcg_owned_by_state(ctx, 0));

	/* the bias of P1 from two nodes: the later one owns it */
	pdev = pcg_consumer(test, "/kunit-pinconf-generic-overlap");
	p = pinctrl_get_select_default(&pdev->dev);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	KUNIT_ASSERT_TRUE(test, pcg_owner(ctx, 1, PIN_CONFIG_BIAS_DISABLE, &o));
	KUNIT_EXPECT_EQ(test, PIN_CONFIG_BIAS_DISABLE,
			pinconf_to_config_param(o.config));
	KUNIT_EXPECT_PTR_EQ(test, pcg_node(test, "over-b"), o.setting->np);
	KUNIT_ASSERT_TRUE(test, pcg_owner(ctx, 1, PIN_CONFIG_DRIVE_STRENGTH, &o));
	KUNIT_EXPECT_PTR_EQ(test, pcg_node(test, "over-a"), o.setting->np);
	pinctrl_put(p);
	put_device(&pdev->dev);
}
#else
/* Without debugfs, no config owners are kept */
static void pcg_owner_test(struct kunit *test)
{
	kunit_skip(test, "config owners are kept with CONFIG_DEBUG_FS");
}
#endif

/* Test the core's lookups of pins and groups by name */
static void pcg_lookup_test(struct kunit *test)
{
	struct pcg_context *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, 2, pin_get_from_name(ctx->pctldev, "P2"));
	KUNIT_EXPECT_GT(test, 0, pin_get_from_name(ctx->pctldev, "P4"));
	KUNIT_EXPECT_EQ(test, 0, pinctrl_get_group_selector(ctx->pctldev, "grp3"));
	/* twice: the second from the index */
	KUNIT_EXPECT_EQ(test, 0, pinctrl_get_group_selector(ctx->pctldev, "grp3"));
	KUNIT_EXPECT_EQ(test, -EINVAL,
			pinctrl_get_group_selector(ctx->pctldev, "grp4"));
}

static struct kunit_case pcg_core_test_cases[] = {
	KUNIT_CASE(pcg_hog_empty_default_test),
	KUNIT_CASE(pcg_hog_bad_state_test),
	KUNIT_CASE(pcg_self_reference_test),
	KUNIT_CASE(pcg_first_error_test),
	KUNIT_CASE(pcg_owner_test),
	KUNIT_CASE(pcg_lookup_test),
	{}
};

static struct kunit_suite pcg_core_test_suite = {
	.name = "pinctrl_dt",
	.init = pcg_init,
	.test_cases = pcg_core_test_cases,
};

kunit_test_suite(pcg_core_test_suite);

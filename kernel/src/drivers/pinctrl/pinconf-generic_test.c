// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the generic DT pin configuration parser: every generic
 * property it accepts, every form it refuses, what a strict controller
 * refuses on top, the names a node gives as the core looks them up, the
 * consumer's path through the core. The test pin controller they share
 * with the core's tests (core_test.c): its configuration registers are a
 * regmap over a kernel buffer, its pin configuration nodes an overlay.
 */
#include <kunit/of.h>
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

static const struct pinctrl_pin_desc pcg_pins[] = {
	PINCTRL_PIN(0, "P0"), PINCTRL_PIN(1, "P1"),
	PINCTRL_PIN(2, "P2"), PINCTRL_PIN(3, "P3"),
};

/* grp3 is function func's only group; grp2 has no function */
static const unsigned int pcg_grp3_pins[] = { 3 };
static const unsigned int pcg_grp2_pins[] = { 2 };
static const char * const pcg_group_names[] = { "grp3", "grp2" };
static const char * const pcg_func_groups[] = { "grp3" };

static const struct pinconf_generic_params pcg_custom_params[] = {
	{ "test,custom-param", PCG_CUSTOM_PARAM, 0, PIN_DT_VALUE_U32 },
};

static int pcg_reg_read(void *context, unsigned int reg, unsigned int *val)
{
	struct pcg_context *ctx = context;

	*val = ctx->regs[reg / 4];
	return 0;
}

static int pcg_reg_write(void *context, unsigned int reg, unsigned int val)
{
	struct pcg_context *ctx = context;

	ctx->regs[reg / 4] = val;
	return 0;
}

static const struct regmap_config pcg_regmap_config = {
	.reg_bits = 32,
	.val_bits = 32,
	.reg_stride = 4,
	.max_register = (PCG_NPINS * PCG_NPARAMS - 1) * 4,
	.reg_read = pcg_reg_read,
	.reg_write = pcg_reg_write,
};

static int pcg_get_groups_count(struct pinctrl_dev *pctldev)
{
	return ARRAY_SIZE(pcg_group_names);
}

static const char *pcg_get_group_name(struct pinctrl_dev *pctldev,
				      unsigned int selector)
{
	return pcg_group_names[selector];
}

static int pcg_get_group_pins(struct pinctrl_dev *pctldev,
			      unsigned int selector, const unsigned int **pins,
			      unsigned int *npins)
{
	*pins = selector ? pcg_grp2_pins : pcg_grp3_pins;
	*npins = 1;
	return 0;
}

static const struct pinctrl_ops pcg_pctlops = {
	.get_groups_count	= pcg_get_groups_count,
	.get_group_name		= pcg_get_group_name,
	.get_group_pins		= pcg_get_group_pins,
	.dt_node_to_map		= pinconf_generic_dt_node_to_map_all,
	.dt_free_map		= pinconf_generic_dt_free_map,
};

static int pcg_get_functions_count(struct pinctrl_dev *pctldev)
{
	return 1;
}

static const char *pcg_get_function_name(struct pinctrl_dev *pctldev,
					 unsigned int selector)
{
	return "func";
}

static int pcg_get_function_groups(struct pinctrl_dev *pctldev,
				   unsigned int selector,
				   const char * const **groups,
				   unsigned int *ngroups)
{
	*groups = pcg_func_groups;
	*ngroups = ARRAY_SIZE(pcg_func_groups);
	return 0;
}

static int pcg_set_mux(struct pinctrl_dev *pctldev, unsigned int func,
		       unsigned int group)
{
	return 0;
}

static const struct pinmux_ops pcg_pmxops = {
	.get_functions_count	= pcg_get_functions_count,
	.get_function_name	= pcg_get_function_name,
	.get_function_groups	= pcg_get_function_groups,
	.set_mux		= pcg_set_mux,
};

static int pcg_config_get(struct pinctrl_dev *pctldev, unsigned int pin,
			  unsigned long *config)
{
	struct pcg_context *ctx = pinctrl_dev_get_drvdata(pctldev);
	unsigned int param = pinconf_to_config_param(*config), val;
	int ret;

	ret = regmap_read(ctx->map, (pin * PCG_NPARAMS + param) * 4, &val);
	if (ret)
		return ret;
	if (!(val & PCG_SET))
		return -EINVAL;
	*config = pinconf_to_config_packed(param, val & ~PCG_SET);
	return 0;
}

static int pcg_config_set(struct pinctrl_dev *pctldev, unsigned int pin,
			  unsigned long *configs, unsigned int num_configs)
{
	struct pcg_context *ctx = pinctrl_dev_get_drvdata(pctldev);
	unsigned int i, param;
	int ret;

	for (i = 0; i < num_configs; i++) {
		param = pinconf_to_config_param(configs[i]);
		ret = regmap_write(ctx->map, (pin * PCG_NPARAMS + param) * 4,
				   pinconf_to_config_argument(configs[i]) | PCG_SET);
		if (ret)
			return ret;
	}
	return 0;
}

static int pcg_config_group_set(struct pinctrl_dev *pctldev,
				unsigned int selector, unsigned long *configs,
				unsigned int num_configs)
{
	return pcg_config_set(pctldev, pcg_grp3_pins[0], configs, num_configs);
}

static const struct pinconf_ops pcg_confops = {
	.is_generic		= true,
	.pin_config_get		= pcg_config_get,
	.pin_config_set		= pcg_config_set,
	.pin_config_group_set	= pcg_config_group_set,
};

static int pcg_probe(struct platform_device *pdev)
{
	struct pcg_context *ctx = container_of(to_platform_driver(pdev->dev.driver),
					       struct pcg_context, drv);
	int ret;

	ctx->map = devm_regmap_init(&pdev->dev, NULL, ctx, &pcg_regmap_config);
	if (IS_ERR(ctx->map))
		return PTR_ERR(ctx->map);

	ctx->desc.name = "pinconf-generic-test";
	ctx->desc.pins = pcg_pins;
	ctx->desc.npins = ARRAY_SIZE(pcg_pins);
	ctx->desc.pctlops = &pcg_pctlops;
	ctx->desc.pmxops = &pcg_pmxops;
	ctx->desc.confops = &pcg_confops;
	ctx->desc.owner = THIS_MODULE;
	ctx->desc.custom_params = pcg_custom_params;
	ctx->desc.num_custom_params = ARRAY_SIZE(pcg_custom_params);
	ret = devm_pinctrl_register_and_init(&pdev->dev, &ctx->desc, ctx,
					     &ctx->pctldev);
	if (ret)
		return ret;
	ret = pinctrl_enable(ctx->pctldev);
	if (ret)
		return ret;
	complete(&ctx->probed);
	return 0;
}

int pcg_init(struct kunit *test)
{
	static const struct of_device_id match[] = {
		{ .compatible = "test,pinconf-generic-pinctrl" },
		{ }
	};
	struct pcg_context *ctx;

	KUNIT_ASSERT_EQ(test, 0, of_overlay_apply_kunit(test, pinconf_generic_test));

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;
	init_completion(&ctx->probed);
	ctx->drv.probe = pcg_probe;
	ctx->drv.driver.of_match_table = match;
	ctx->drv.driver.name = "pinconf-generic-test";
	ctx->drv.driver.owner = THIS_MODULE;
	KUNIT_ASSERT_EQ(test, 0, kunit_platform_driver_register(test, &ctx->drv));
	KUNIT_ASSERT_NE(test, 0, wait_for_completion_timeout(&ctx->probed, HZ));
	return 0;
}

struct device_node *pcg_node(struct kunit *test, const char *name)
{
	struct device_node *np;
	char path[80];

	snprintf(path, sizeof(path), PCG_NODE "/%s", name);
	np = of_find_node_by_path(path);
	KUNIT_ASSERT_NOT_NULL_MSG(test, np, "no node %s", path);
	of_node_put_kunit(test, np);
	return np;
}

/*
 * Parse the pin configuration node @name the way the core does for a
 * state, strictly or not; on success, @maps gets the maps, for the caller
 * to free with pinconf_generic_dt_free_map().
 */
static int pcg_parse(struct kunit *test, const char *name, bool strict,
		     struct pinctrl_map **maps, unsigned int *num_maps)
{
	struct pcg_context *ctx = test->priv;
	struct pinctrl_map *map = NULL;
	unsigned int n = 0;
	int ret;

	ctx->desc.strict_dt = strict;
	ret = pinconf_generic_dt_node_to_map_all(ctx->pctldev,
						 pcg_node(test, name), &map, &n);
	ctx->desc.strict_dt = false;
	if (ret)
		return ret;
	if (maps) {
		*maps = map;
		*num_maps = n;
		return 0;
	}
	pinconf_generic_dt_free_map(ctx->pctldev, map, n);
	return 0;
}

struct pcg_node_case {
	const char *desc;
	const char *node;
	bool strict;
	int ret;
};

static const struct pcg_node_case pcg_node_cases[] = {
	/* accepted */
	{ "every generic property, three pins and a group", "good-0", false, 0 },
	{ "every generic property, strict", "good-0", true, 0 },
	{ "bias-bus-hold", "good-bus-hold", true, 0 },
	{ "bias-pull-pin-default and pinctrl-use-default", "good-pin-default",
	  true, 0 },
	/* what only a strict controller refuses */
	{ "two bias modes, not strict (a warning)", "bias-two", false, 0 },
	{ "two drive modes, not strict (a warning)", "drive-two", false, 0 },
	{ "strength in mA and uA, not strict (a warning)", "strength-two",
	  false, 0 },
	{ "unknown property, not strict (a warning)", "unknown-prop", false, 0 },
	{ "settings without pins, not strict (a warning)", "no-target", false, 0 },
	{ "function without pins, not strict (a warning)",
	  "no-target-function", false, 0 },
	{ "a binding the driver parses itself, not strict", "legacy-binding",
	  false, 0 },
	{ "two bias modes, strict", "bias-two", true, -EINVAL },
	{ "two drive modes, strict", "drive-two", true, -EINVAL },
	{ "strength in mA and uA, strict", "strength-two", true, -EINVAL },
	{ "unknown property, strict", "unknown-prop", true, -EINVAL },
	{ "settings without pins, strict", "no-target", true, -EINVAL },
	{ "function without pins, strict", "no-target-function", true, -EINVAL },
	{ "unknown property of a node without pins, strict", "legacy-binding",
	  true, -EINVAL },
	/* refused, strict or not */
	{ "a flag with a value", "flag-value", false, -EINVAL },
	{ "a cell property without a value", "u32-empty", false, -EINVAL },
	{ "a cell property with a string", "u32-string", false, -EINVAL },
	{ "a cell property with two cells", "u32-two-cells", false, -EINVAL },
	{ "a cell property with one byte", "u32-one-byte", false, -EINVAL },
	{ "a cell property with 64 bits", "u32-64bit", false, -EINVAL },
	{ "an argument above 24 bits", "u32-above-24bit", false, -EINVAL },
	{ "a pull with two cells", "pull-two-cells", false, -EINVAL },
	{ "a pull above 24 bits", "pull-above-24bit", false, -EINVAL },
	{ "a custom parameter with two cells", "custom-two-cells", false,
	  -EINVAL },
	{ "a good and a bad pin node in one state", "one-bad", false, -EINVAL },
	{ "input-enable and input-disable", "input-both", false, -EINVAL },
	{ "output-enable and output-disable", "output-both", false, -EINVAL },
	{ "input-schmitt-enable and -disable", "schmitt-both", false, -EINVAL },
	{ "low-power-enable and -disable", "low-power-both", false, -EINVAL },
	{ "output-high and output-low", "level-both", false, -EINVAL },
	/* names are the core's to look up, when it makes the settings */
	{ "an unknown pin, parsed", "pin-unknown", false, 0 },
	{ "an unknown function, parsed", "function-unknown", true, 0 },
	/* a form the parser reads its own way: refused only when strict */
	{ "pins and groups, not strict (a warning)", "pins-and-groups", false, 0 },
	{ "pins and groups, strict", "pins-and-groups", true, -EINVAL },
	{ "pins not strings, not strict (a warning)", "pins-not-strings", false, 0 },
	{ "pins not strings, strict", "pins-not-strings", true, -EINVAL },
	{ "two functions, not strict (a warning)", "function-two", false, 0 },
	{ "two functions, strict", "function-two", true, -EINVAL },
	{ "a node nested too deep, not strict (a warning)", "nested", false, 0 },
	{ "a node nested too deep, strict", "nested", true, -EINVAL },
};

static void pcg_node_case_desc(const struct pcg_node_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(pcg_node, pcg_node_cases, pcg_node_case_desc);

/* Test that the generic parser accepts or refuses each node */
static void pcg_node_test(struct kunit *test)
{
	const struct pcg_node_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, c->ret, pcg_parse(test, c->node, c->strict,
						NULL, NULL));
}

/* The names a node gives, looked up when the core makes the state */
static const struct pcg_node_case pcg_name_cases[] = {
	{ "pins, groups and function the controller has", "good-0", false, 0 },
	{ "an unknown pin", "pin-unknown", false, -EINVAL },
	{ "an unknown pin to mux", "pin-unknown-mux", false, -EINVAL },
	{ "a pin that is not a group, to mux", "pin-not-group", false, -EINVAL },
	{ "an unknown group", "group-unknown", false, -EINVAL },
	{ "an unknown function", "function-unknown", false, -EINVAL },
	{ "a function on a group it does not have", "function-wrong-group",
	  false, -EINVAL },
};

KUNIT_ARRAY_PARAM(pcg_name, pcg_name_cases, pcg_node_case_desc);

/*
 * Test that the core makes the state of a node whose names the controller
 * has, and refuses the state of a node naming a pin, group or function it
 * does not have: the node's maps, as the generic parser makes them, for a
 * device of their own.
 */
static void pcg_name_test(struct kunit *test)
{
	const struct pcg_node_case *c = test->param_value;
	struct pcg_context *ctx = test->priv;
	struct platform_device *pdev;
	struct pinctrl_map *maps;
	struct pinctrl *p;
	unsigned int i, n;

	KUNIT_ASSERT_EQ(test, 0, pcg_parse(test, c->node, false, &maps, &n));
	pdev = kunit_platform_device_alloc(test, "pinconf-generic-names",
					   PLATFORM_DEVID_NONE);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pdev);
	KUNIT_ASSERT_EQ(test, 0, kunit_platform_device_add(test, pdev));
	for (i = 0; i < n; i++) {
		maps[i].dev_name = dev_name(&pdev->dev);
		maps[i].name = PINCTRL_STATE_DEFAULT;
		maps[i].ctrl_dev_name = dev_name(ctx->pctldev->dev);
		maps[i].np = pcg_node(test, c->node);
	}
	KUNIT_ASSERT_EQ(test, 0, pinctrl_register_mappings(maps, n));

	p = pinctrl_get(&pdev->dev);
	KUNIT_EXPECT_EQ(test, c->ret, PTR_ERR_OR_ZERO(p));
	if (!IS_ERR(p))
		pinctrl_put(p);
	pinctrl_unregister_mappings(maps);
	pinconf_generic_dt_free_map(ctx->pctldev, maps, n);
}

struct pcg_config_case {
	const char *target;
	unsigned int param;
	u32 arg;
};

/* What good-0 says, property by property */
static const struct pcg_config_case pcg_config_cases[] = {
	{ "P0", PIN_CONFIG_BIAS_PULL_UP, 4700 },
	{ "P0", PIN_CONFIG_DRIVE_PUSH_PULL, 0 },
	{ "P0", PIN_CONFIG_DRIVE_STRENGTH, 8 },
	{ "P0", PIN_CONFIG_INPUT_ENABLE, 1 },
	{ "P0", PIN_CONFIG_INPUT_SCHMITT_ENABLE, 1 },
	{ "P0", PIN_CONFIG_MODE_LOW_POWER, 1 },
	{ "P0", PIN_CONFIG_OUTPUT_ENABLE, 1 },
	{ "P0", PIN_CONFIG_OUTPUT, 1 },
	{ "P0", PIN_CONFIG_POWER_SOURCE, 1800 },
	{ "P0", PIN_CONFIG_SLEW_RATE, 2 },
	{ "P0", PIN_CONFIG_SKEW_DELAY, 3 },
	{ "P0", PIN_CONFIG_INPUT_DEBOUNCE, 100 },
	{ "P0", PCG_CUSTOM_PARAM, 7 },
	{ "P1", PIN_CONFIG_BIAS_PULL_DOWN, 1 },
	{ "P1", PIN_CONFIG_DRIVE_OPEN_DRAIN, 0 },
	{ "P1", PIN_CONFIG_DRIVE_STRENGTH_UA, 500 },
	{ "P1", PIN_CONFIG_INPUT_ENABLE, 0 },
	{ "P1", PIN_CONFIG_INPUT_SCHMITT_ENABLE, 0 },
	{ "P1", PIN_CONFIG_INPUT_SCHMITT, 2 },
	{ "P1", PIN_CONFIG_INPUT_SCHMITT_UV, 100 },
	{ "P1", PIN_CONFIG_MODE_LOW_POWER, 0 },
	{ "P1", PIN_CONFIG_OUTPUT_ENABLE, 0 },
	{ "P1", PIN_CONFIG_OUTPUT, 0 },
	{ "P1", PIN_CONFIG_OUTPUT_IMPEDANCE_OHMS, 50 },
	{ "P1", PIN_CONFIG_SLEEP_HARDWARE_STATE, 0 },
	{ "P2", PIN_CONFIG_BIAS_DISABLE, 0 },
	{ "P2", PIN_CONFIG_DRIVE_OPEN_SOURCE, 0 },
	{ "grp3", PIN_CONFIG_BIAS_HIGH_IMPEDANCE, 0 },
};

/* The configs of the maps of @target, and their number */
static const unsigned long *pcg_find_configs(struct pinctrl_map *map,
					     unsigned int n, const char *target,
					     unsigned int *num_configs)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (map[i].type != PIN_MAP_TYPE_CONFIGS_PIN &&
		    map[i].type != PIN_MAP_TYPE_CONFIGS_GROUP)
			continue;
		if (strcmp(map[i].data.configs.group_or_pin, target))
			continue;
		*num_configs = map[i].data.configs.num_configs;
		return map[i].data.configs.configs;
	}
	*num_configs = 0;
	return NULL;
}

/*
 * Test that every generic property of good-0 becomes the configuration
 * with its parameter and argument, for its pin or group, and that nothing
 * else does.
 */
static void pcg_configs_test(struct kunit *test)
{
	struct pcg_context *ctx = test->priv;
	const struct pcg_config_case *c;
	unsigned int n, i, j, num_configs, found, total = 0;
	const unsigned long *configs;
	struct pinctrl_map *map;

	KUNIT_ASSERT_EQ(test, 0, pcg_parse(test, "good-0", true, &map, &n));

	for (i = 0; i < ARRAY_SIZE(pcg_config_cases); i++) {
		c = &pcg_config_cases[i];
		configs = pcg_find_configs(map, n, c->target, &num_configs);
		found = 0;
		for (j = 0; j < num_configs; j++) {
			if (pinconf_to_config_param(configs[j]) != c->param)
				continue;
			KUNIT_EXPECT_EQ_MSG(test, c->arg,
					    pinconf_to_config_argument(configs[j]),
					    "%s param %u", c->target, c->param);
			found++;
		}
		KUNIT_EXPECT_EQ_MSG(test, 1, found, "%s param %u", c->target,
				    c->param);
	}

	for (i = 0; i < PCG_NPINS; i++) {
		pcg_find_configs(map, n, pcg_pins[i].name, &num_configs);
		total += num_configs;
	}
	pcg_find_configs(map, n, "grp3", &num_configs);
	total += num_configs;
	KUNIT_EXPECT_EQ(test, ARRAY_SIZE(pcg_config_cases), total);
	pinconf_generic_dt_free_map(ctx->pctldev, map, n);
}

struct platform_device *pcg_consumer(struct kunit *test, const char *path)
{
	struct device_node *np = of_find_node_by_path(path);
	struct platform_device *pdev;

	KUNIT_ASSERT_NOT_NULL(test, np);
	pdev = of_find_device_by_node(np);
	of_node_put(np);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	return pdev;
}

/*
 * Test that a consumer whose state lists good-0 selects it through the
 * core, and that the registers then hold every configuration of good-0.
 */
static void pcg_consumer_good_test(struct kunit *test)
{
	struct pcg_context *ctx = test->priv;
	struct platform_device *pdev;
	struct pinctrl_state *state;
	const struct pcg_config_case *c;
	struct pinctrl *p;
	unsigned int i, pin;

	pdev = pcg_consumer(test, "/kunit-pinconf-generic-good");
	p = pinctrl_get(&pdev->dev);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	state = pinctrl_lookup_state(p, PINCTRL_STATE_DEFAULT);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, state);
	if (!IS_ERR(state))
		KUNIT_EXPECT_EQ(test, 0, pinctrl_select_state(p, state));

	for (i = 0; i < ARRAY_SIZE(pcg_config_cases); i++) {
		c = &pcg_config_cases[i];
		pin = strcmp(c->target, "grp3") ? c->target[1] - '0' : 3;
		KUNIT_EXPECT_EQ_MSG(test, c->arg | PCG_SET,
				    ctx->regs[pin * PCG_NPARAMS + c->param],
				    "%s param %u", c->target, c->param);
	}
	pinctrl_put(p);
	put_device(&pdev->dev);
}

/*
 * Test that a consumer with a good default state and a bad sleep state
 * gets no pin control handle at all: the core parses every state of the
 * device first, so the whole device fails, not the bad state.
 */
static void pcg_consumer_bad_test(struct kunit *test)
{
	struct platform_device *pdev;
	struct pinctrl *p;

	pdev = pcg_consumer(test, "/kunit-pinconf-generic-bad");
	p = pinctrl_get(&pdev->dev);
	KUNIT_EXPECT_EQ(test, -EINVAL, PTR_ERR_OR_ZERO(p));
	if (!IS_ERR(p))
		pinctrl_put(p);
	put_device(&pdev->dev);
}

static struct kunit_case pcg_test_cases[] = {
	KUNIT_CASE_PARAM(pcg_node_test, pcg_node_gen_params),
	KUNIT_CASE_PARAM(pcg_name_test, pcg_name_gen_params),
	KUNIT_CASE(pcg_configs_test),
	KUNIT_CASE(pcg_consumer_good_test),
	KUNIT_CASE(pcg_consumer_bad_test),
	{}
};

static struct kunit_suite pcg_test_suite = {
	.name = "pinconf_generic_dt",
	.init = pcg_init,
	.test_cases = pcg_test_cases,
};

kunit_test_suite(pcg_test_suite);

MODULE_DESCRIPTION("KUnit tests for the generic DT pin configuration parser and the core's DT states");
MODULE_LICENSE("GPL");

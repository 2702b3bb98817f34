// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the VSOC pin controller: the ID checks at probe and DT
 * parsing of good and bad pin configuration nodes through an overlay, on
 * registers the test owns (the PAD encoding: pinctrl-vsoc-pad_test.c).
 */
#include <kunit/device.h>
#include <kunit/of.h>
#include <kunit/platform_device.h>
#include <kunit/test.h>

#include <linux/bitfield.h>
#include <linux/completion.h>
#include <linux/device.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/regmap.h>
#include <linux/string.h>

#include <linux/pinctrl/pinconf-generic.h>
#include <linux/pinctrl/pinconf.h>
#include <linux/pinctrl/pinctrl.h>
#include <linux/pinctrl/pinmux.h>

#include "core.h"
#include "pinctrl-vsoc.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

#define F(field, v)	FIELD_PREP_CONST(field, v)

#define VSOC_TEST_NREGS		(VSOC_REG_PAD(VSOC_MAX_PINS) / 4)

/* Registers of one test part, with the regmap callbacks that reach them */
struct vsoc_test_regs {
	u32 r[VSOC_TEST_NREGS];
};

static int vsoc_test_reg_read(void *context, unsigned int reg, unsigned int *val)
{
	struct vsoc_test_regs *regs = context;

	*val = regs->r[reg / 4];
	return 0;
}

static int vsoc_test_reg_write(void *context, unsigned int reg, unsigned int val)
{
	struct vsoc_test_regs *regs = context;

	regs->r[reg / 4] = val;
	return 0;
}

static const struct regmap_config vsoc_test_regmap_config = {
	.reg_bits = 32,
	.val_bits = 32,
	.reg_stride = 4,
	.max_register = VSOC_REG_PAD(VSOC_MAX_PINS - 1),
	.reg_read = vsoc_test_reg_read,
	.reg_write = vsoc_test_reg_write,
};

static struct vsoc_test_regs *vsoc_test_regs_alloc(struct kunit *test, u32 id,
						   u32 version, u32 nbanks)
{
	struct vsoc_test_regs *regs;

	regs = kunit_kzalloc(test, sizeof(*regs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, regs);
	regs->r[VSOC_REG_ID / 4] = id;
	regs->r[VSOC_REG_VERSION / 4] = version;
	regs->r[VSOC_REG_NBANKS / 4] = nbanks;
	return regs;
}

/* Probe: the ID registers decide whether the driver binds */

struct vsoc_probe_case {
	const char *desc;
	u32 id;
	u32 version;
	u32 nbanks;
	int err;
};

static const struct vsoc_probe_case vsoc_probe_cases[] = {
	{ "datasheet part", VSOC_ID, 0x00010000, 8, 0 },
	{ "one bank", VSOC_ID, 0x00010000, 1, 0 },
	{ "32 banks", VSOC_ID, 0x00010000, 32, 0 },
	{ "minor version 1.3", VSOC_ID, 0x00010003, 8, 0 },
	{ "wrong ID", 0x12345678, 0x00010000, 8, -ENODEV },
	{ "major version 2", VSOC_ID, 0x00020000, 8, -ENODEV },
	{ "NBANKS 0", VSOC_ID, 0x00010000, 0, -EINVAL },
	{ "NBANKS 33", VSOC_ID, 0x00010000, 33, -EINVAL },
};

static void vsoc_probe_case_desc(const struct vsoc_probe_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(vsoc_probe, vsoc_probe_cases, vsoc_probe_case_desc);

/*
 * Test that the driver binds only to a VSOC 1.x with 1 to 32 banks, and
 * then has 32 pins per bank named after their bank.
 */
static void vsoc_probe_test(struct kunit *test)
{
	const struct vsoc_probe_case *c = test->param_value;
	struct vsoc_test_regs *regs;
	struct pinctrl_dev *pctldev;
	struct regmap *map;
	struct device *dev;

	regs = vsoc_test_regs_alloc(test, c->id, c->version, c->nbanks);
	dev = kunit_device_register(test, "vsoc-probe-test");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	map = devm_regmap_init(dev, NULL, regs, &vsoc_test_regmap_config);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, map);

	pctldev = vsoc_pinctrl_init(dev, map);
	if (c->err) {
		KUNIT_EXPECT_EQ(test, c->err, PTR_ERR_OR_ZERO(pctldev));
		return;
	}
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pctldev);
	KUNIT_EXPECT_EQ(test, 32 * c->nbanks, pctldev->desc->npins);
	KUNIT_EXPECT_STREQ(test, "PA0", pctldev->desc->pins[0].name);
	if (c->nbanks == 32) {
		KUNIT_EXPECT_STREQ(test, "PZ31", pctldev->desc->pins[831].name);
		KUNIT_EXPECT_STREQ(test, "PAA0", pctldev->desc->pins[832].name);
		KUNIT_EXPECT_STREQ(test, "PAF31", pctldev->desc->pins[1023].name);
	}
	if (c->nbanks == 8) {
		KUNIT_EXPECT_STREQ(test, "PC13", pctldev->desc->pins[77].name);
		KUNIT_EXPECT_STREQ(test, "PD26", pctldev->desc->pins[122].name);
		KUNIT_EXPECT_STREQ(test, "PH31", pctldev->desc->pins[255].name);
	}
}

/*
 * Test that every group's pins exist, that no group lists a pin twice, and
 * that every group a function names is a group of the controller: hand
 * typed tables go wrong.
 */
static void vsoc_tables_test(struct kunit *test)
{
	const struct pinctrl_ops *pctlops;
	const struct pinmux_ops *pmxops;
	struct vsoc_test_regs *regs;
	struct pinctrl_dev *pctldev;
	const char * const *groups;
	unsigned int ngroups, npins, i, j, k, nfuncs;
	const unsigned int *pins;
	struct regmap *map;
	struct device *dev;

	regs = vsoc_test_regs_alloc(test, VSOC_ID, 0x00010000, 8);
	dev = kunit_device_register(test, "vsoc-tables-test");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	map = devm_regmap_init(dev, NULL, regs, &vsoc_test_regmap_config);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, map);
	pctldev = vsoc_pinctrl_init(dev, map);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pctldev);
	pctlops = pctldev->desc->pctlops;
	pmxops = pctldev->desc->pmxops;

	/* 20 groups of the datasheet and one per pin */
	ngroups = pctlops->get_groups_count(pctldev);
	KUNIT_EXPECT_EQ(test, 20 + 256, ngroups);
	for (i = 0; i < ngroups; i++) {
		KUNIT_ASSERT_EQ(test, 0, pctlops->get_group_pins(pctldev, i, &pins, &npins));
		for (j = 0; j < npins; j++) {
			KUNIT_EXPECT_LT(test, pins[j], 256);
			for (k = 0; k < j; k++)
				KUNIT_EXPECT_NE(test, pins[j], pins[k]);
		}
	}

	nfuncs = pmxops->get_functions_count(pctldev);
	KUNIT_EXPECT_EQ(test, 15, nfuncs);
	KUNIT_EXPECT_STREQ(test, "gpio", pmxops->get_function_name(pctldev, 0));
	for (i = 0; i < nfuncs; i++) {
		KUNIT_ASSERT_EQ(test, 0,
				pmxops->get_function_groups(pctldev, i, &groups, &ngroups));
		KUNIT_EXPECT_GT(test, ngroups, 0);
		for (j = 0; j < ngroups; j++) {
			for (k = 0; k < pctlops->get_groups_count(pctldev); k++)
				if (!strcmp(groups[j], pctlops->get_group_name(pctldev, k)))
					break;
			KUNIT_EXPECT_LT_MSG(test, k, pctlops->get_groups_count(pctldev),
					    "function %s names unknown group %s",
					    pmxops->get_function_name(pctldev, i), groups[j]);
		}
	}
}

static struct kunit_case vsoc_probe_test_cases[] = {
	KUNIT_CASE_PARAM(vsoc_probe_test, vsoc_probe_gen_params),
	KUNIT_CASE(vsoc_tables_test),
	{}
};

static struct kunit_suite vsoc_probe_suite = {
	.name = "pinctrl_vsoc_probe",
	.test_cases = vsoc_probe_test_cases,
};

/* DT parsing through an overlay */

struct vsoc_dt_test_context {
	struct platform_driver ctrl_drv;
	struct platform_driver consumer_drv;
	struct completion ctrl_probed;
	struct completion consumer_probed;
	struct vsoc_test_regs *regs;		/* kunit-vsoc-pinctrl */
	struct vsoc_test_regs *badhog_regs;	/* kunit-vsoc-badhog-pinctrl */
	struct pinctrl_dev *pctldev;
	struct pinctrl_dev *badhog_pctldev;
	unsigned int nctrl;
};

static int vsoc_dt_test_ctrl_probe(struct platform_device *pdev)
{
	struct vsoc_dt_test_context *ctx =
		container_of(to_platform_driver(pdev->dev.driver),
			     struct vsoc_dt_test_context, ctrl_drv);
	bool badhog = of_node_name_eq(pdev->dev.of_node,
				      "kunit-vsoc-badhog-pinctrl");
	struct pinctrl_dev *pctldev;
	struct regmap *map;

	map = devm_regmap_init(&pdev->dev, NULL,
			       badhog ? ctx->badhog_regs : ctx->regs,
			       &vsoc_test_regmap_config);
	if (IS_ERR(map))
		return PTR_ERR(map);
	pctldev = vsoc_pinctrl_init(&pdev->dev, map);
	if (IS_ERR(pctldev))
		return PTR_ERR(pctldev);
	if (badhog)
		ctx->badhog_pctldev = pctldev;
	else
		ctx->pctldev = pctldev;
	if (++ctx->nctrl == 2)
		complete(&ctx->ctrl_probed);
	return 0;
}

static int vsoc_dt_test_consumer_probe(struct platform_device *pdev)
{
	struct vsoc_dt_test_context *ctx =
		container_of(to_platform_driver(pdev->dev.driver),
			     struct vsoc_dt_test_context, consumer_drv);

	complete(&ctx->consumer_probed);
	return 0;
}

static int vsoc_dt_test_init(struct kunit *test)
{
	static const struct of_device_id ctrl_match[] = {
		{ .compatible = "test,vsoc-pinctrl" },
		{ }
	};
	static const struct of_device_id consumer_match[] = {
		{ .compatible = "test,vsoc-consumer" },
		{ }
	};
	struct vsoc_dt_test_context *ctx;

	KUNIT_ASSERT_EQ(test, 0, of_overlay_apply_kunit(test, pinctrl_vsoc_test));

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;
	ctx->regs = vsoc_test_regs_alloc(test, VSOC_ID, 0x00010000, 8);
	ctx->badhog_regs = vsoc_test_regs_alloc(test, VSOC_ID, 0x00010000, 8);
	init_completion(&ctx->ctrl_probed);
	init_completion(&ctx->consumer_probed);

	ctx->ctrl_drv.probe = vsoc_dt_test_ctrl_probe;
	ctx->ctrl_drv.driver.of_match_table = ctrl_match;
	ctx->ctrl_drv.driver.name = "vsoc-dt-test-pinctrl";
	ctx->ctrl_drv.driver.owner = THIS_MODULE;
	KUNIT_ASSERT_EQ(test, 0, kunit_platform_driver_register(test, &ctx->ctrl_drv));
	KUNIT_ASSERT_NE(test, 0, wait_for_completion_timeout(&ctx->ctrl_probed, HZ));

	ctx->consumer_drv.probe = vsoc_dt_test_consumer_probe;
	ctx->consumer_drv.driver.of_match_table = consumer_match;
	ctx->consumer_drv.driver.name = "vsoc-dt-test-consumer";
	ctx->consumer_drv.driver.owner = THIS_MODULE;
	KUNIT_ASSERT_EQ(test, 0, kunit_platform_driver_register(test, &ctx->consumer_drv));
	KUNIT_ASSERT_NE(test, 0, wait_for_completion_timeout(&ctx->consumer_probed, HZ));

	return 0;
}

static u32 vsoc_test_mux(struct vsoc_test_regs *regs, unsigned int pin)
{
	return (regs->r[VSOC_REG_MUX(pin) / 4] >> VSOC_MUX_SHIFT(pin)) & 0xf;
}

static u32 vsoc_test_pad(struct vsoc_test_regs *regs, unsigned int pin)
{
	return regs->r[VSOC_REG_PAD(pin) / 4];
}

/*
 * Test that the hog of the controller (PH0: gpio, 22 kOhm pull-down,
 * 12 mA) is in the registers after probe.
 */
static void vsoc_dt_hog_test(struct kunit *test)
{
	struct vsoc_dt_test_context *ctx = test->priv;

	KUNIT_EXPECT_EQ(test, 0, vsoc_test_mux(ctx->regs, 224));
	KUNIT_EXPECT_EQ(test, F(VSOC_PAD_BIAS, VSOC_BIAS_PULL_DOWN) |
			F(VSOC_PAD_PULL, 2) | F(VSOC_PAD_STAGES, 5),
			vsoc_test_pad(ctx->regs, 224));
}

/*
 * Test that the consumer's default state, a group mux with pin-level
 * configs and a group mux with a group-level config, is in the registers
 * exactly as the datasheet encodes it, and nothing else was touched.
 */
static void vsoc_dt_consumer_test(struct kunit *test)
{
	struct vsoc_dt_test_context *ctx = test->priv;
	u32 uart = F(VSOC_PAD_BIAS, VSOC_BIAS_PULL_UP) | VSOC_PAD_SCHMITT |
		   F(VSOC_PAD_HYST, 2) | F(VSOC_PAD_SLEW_RISE, 2) |
		   F(VSOC_PAD_POWER, 1);
	u32 spi = F(VSOC_PAD_DRIVE, VSOC_DRIVE_OPEN_DRAIN) |
		  F(VSOC_PAD_DEBOUNCE, 11) | VSOC_PAD_WAKEUP | VSOC_PAD_LOWPOWER |
		  VSOC_PAD_INPUT | F(VSOC_PAD_SLEW_FALL, 3);
	unsigned int pin;

	KUNIT_EXPECT_EQ(test, 1, vsoc_test_mux(ctx->regs, 0));
	KUNIT_EXPECT_EQ(test, 1, vsoc_test_mux(ctx->regs, 1));
	KUNIT_EXPECT_EQ(test, uart, vsoc_test_pad(ctx->regs, 0));
	KUNIT_EXPECT_EQ(test, uart, vsoc_test_pad(ctx->regs, 1));
	for (pin = 76; pin <= 79; pin++) {
		KUNIT_EXPECT_EQ(test, 3, vsoc_test_mux(ctx->regs, pin));
		KUNIT_EXPECT_EQ(test, spi, vsoc_test_pad(ctx->regs, pin));
	}
	/* the neighbours sharing MUX registers kept select 0 */
	KUNIT_EXPECT_EQ(test, 0, vsoc_test_mux(ctx->regs, 2));
	KUNIT_EXPECT_EQ(test, 0, vsoc_test_mux(ctx->regs, 75));
	KUNIT_EXPECT_EQ(test, 0, vsoc_test_pad(ctx->regs, 2));
	KUNIT_EXPECT_EQ(test, 0x11, ctx->regs->r[VSOC_REG_MUX(0) / 4]);
	KUNIT_EXPECT_EQ(test, 0x33330000, ctx->regs->r[VSOC_REG_MUX(76) / 4] & 0xffff0000);
}

/*
 * Test that a controller with a bad hog node still registers, without
 * applying its hogs.
 */
static void vsoc_dt_badhog_test(struct kunit *test)
{
	struct vsoc_dt_test_context *ctx = test->priv;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ctx->badhog_pctldev);
	KUNIT_EXPECT_EQ(test, 0, vsoc_test_pad(ctx->badhog_regs, 4));
}

static const char * const vsoc_dt_bad_nodes[] = {
	"bad-unknown-property-pins",
	"bad-unsupported-property-pins",
	"bad-value-pins",
	"bad-pull-one-ohm-pins",
	"bad-24-bit-value-pins",
	"bad-string-value-pins",
	"bad-two-cells-pins",
	"bad-64-bit-value-pins",
	"bad-empty-value-pins",
	"bad-flag-with-value-pins",
	"bad-bias-conflict-pins",
	"bad-drive-conflict-pins",
	"bad-slew-conflict-pins",
	"bad-wakeup-value-pins",
	"bad-wakeup-two-cells-pins",
	"bad-no-target-pins",
	"bad-pins-and-groups-pins",
	"bad-in-subnode-state",
};

static void vsoc_dt_bad_node_desc(const char * const *name, char *desc)
{
	strscpy(desc, *name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(vsoc_dt_bad, vsoc_dt_bad_nodes, vsoc_dt_bad_node_desc);

/*
 * Test that a pin configuration node that breaks the datasheet is refused
 * when it is turned into maps, before anything reaches the hardware. (A
 * pin, group or function the controller does not have is refused by the
 * core when it makes the settings: the pinconf_generic_dt suite's names test.)
 */
static void vsoc_dt_bad_node_test(struct kunit *test)
{
	struct vsoc_dt_test_context *ctx = test->priv;
	const char * const *name = test->param_value;
	struct pinctrl_map *map = NULL;
	unsigned int num_maps = 0;
	struct device_node *np;

	np = of_get_child_by_name(ctx->pctldev->dev->of_node, *name);
	KUNIT_ASSERT_NOT_NULL(test, np);
	of_node_put_kunit(test, np);

	KUNIT_EXPECT_EQ(test, -EINVAL,
			ctx->pctldev->desc->pctlops->dt_node_to_map(ctx->pctldev, np,
								    &map, &num_maps));
	KUNIT_EXPECT_NULL(test, map);
	KUNIT_EXPECT_EQ(test, 0, num_maps);
	KUNIT_EXPECT_EQ(test, 0, vsoc_test_pad(ctx->regs, 2));
}

/* The maps of node @path (a child of the controller's, or a grandchild) */
static unsigned int vsoc_dt_test_maps(struct kunit *test, const char *path,
				      struct pinctrl_map **map)
{
	struct vsoc_dt_test_context *ctx = test->priv;
	struct pinctrl_dev *pctldev = ctx->pctldev;
	struct device_node *np;
	unsigned int num_maps = 0;

	np = of_find_node_by_path(path);
	KUNIT_ASSERT_NOT_NULL(test, np);
	of_node_put_kunit(test, np);
	KUNIT_ASSERT_EQ(test, 0,
			pctldev->desc->pctlops->dt_node_to_map(pctldev, np, map,
							       &num_maps));
	return num_maps;
}

/*
 * A node of PA5 that sets WAKEUP (datasheet section 5: vsoc,wakeup takes no
 * value, which is 1, or 0 or 1), the argument it must give, and PA5's PAD
 * before and after
 */
struct vsoc_dt_wakeup_case {
	const char *node;
	u32 arg;
	u32 before;
	u32 after;
};

static const struct vsoc_dt_wakeup_case vsoc_dt_wakeup_cases[] = {
	{ "/kunit-vsoc-pinctrl/wakeup-flag-pins", 1, VSOC_PAD_INPUT,
	  VSOC_PAD_INPUT | VSOC_PAD_WAKEUP },
	{ "/kunit-vsoc-pinctrl/wakeup-1-pins", 1, VSOC_PAD_INPUT,
	  VSOC_PAD_INPUT | VSOC_PAD_WAKEUP },
	/* what an earlier setting turned on */
	{ "/kunit-vsoc-pinctrl/wakeup-0-pins", 0,
	  VSOC_PAD_INPUT | VSOC_PAD_WAKEUP, VSOC_PAD_INPUT },
};

static void vsoc_dt_wakeup_case_desc(const struct vsoc_dt_wakeup_case *c,
				     char *desc)
{
	strscpy(desc, kbasename(c->node), KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(vsoc_dt_wakeup, vsoc_dt_wakeup_cases, vsoc_dt_wakeup_case_desc);

/*
 * Test that vsoc,wakeup without a value and with 1 turns WAKEUP on, that
 * with 0 it turns WAKEUP off, and that the pin's other fields stay.
 */
static void vsoc_dt_wakeup_test(struct kunit *test)
{
	const struct vsoc_dt_wakeup_case *c = test->param_value;
	struct vsoc_dt_test_context *ctx = test->priv;
	struct pinctrl_dev *pctldev = ctx->pctldev;
	const struct pinconf_ops *confops = pctldev->desc->confops;
	struct pinctrl_map *map;
	unsigned long *configs;

	KUNIT_ASSERT_EQ(test, 1, vsoc_dt_test_maps(test, c->node, &map));
	KUNIT_ASSERT_EQ(test, PIN_MAP_TYPE_CONFIGS_PIN, map->type);
	KUNIT_EXPECT_STREQ(test, "PA5", map->data.configs.group_or_pin);
	KUNIT_ASSERT_EQ(test, 1, map->data.configs.num_configs);
	configs = map->data.configs.configs;
	KUNIT_EXPECT_EQ(test, pinconf_to_config_packed(PIN_CONFIG_VSOC_WAKEUP, c->arg),
			configs[0]);

	/* no setting has read PA5's PAD yet: the driver reads it first */
	ctx->regs->r[VSOC_REG_PAD(5) / 4] = c->before;
	KUNIT_EXPECT_EQ(test, 0, confops->pin_config_set(pctldev, 5, configs, 1));
	KUNIT_EXPECT_EQ(test, c->after, vsoc_test_pad(ctx->regs, 5));
	pctldev->desc->pctlops->dt_free_map(pctldev, map, 1);
}

/*
 * Test that the pins of a node become one group of function "gpio", named
 * after the node, with one mux map and one configs map; that the node read
 * again finds the same group; and that the nodes whose pins cannot be one
 * group (another node of the same name, a pin twice, a pin the part does
 * not have) keep a map per pin, for the core to judge.
 */
static void vsoc_dt_node_group_test(struct kunit *test)
{
	struct vsoc_dt_test_context *ctx = test->priv;
	struct pinctrl_dev *pctldev = ctx->pctldev;
	const struct pinctrl_ops *pctlops = pctldev->desc->pctlops;
	const char *path = "/kunit-vsoc-pinctrl/gpio-group-pins";
	struct pinctrl_map *map, *again, *other, *twice, *unknown;
	const struct pinmux_ops *pmxops = pctldev->desc->pmxops;
	unsigned int ngroups, ngpio, num, npins, i;
	const char * const *groups;
	const unsigned int *pins;
	int sel;

	/* the consumer's conf-pins made one already */
	ngroups = pctlops->get_groups_count(pctldev);
	KUNIT_ASSERT_EQ(test, 20 + 256 + 1, ngroups);
	KUNIT_ASSERT_EQ(test, 0, pmxops->get_function_groups(pctldev, 0, &groups, &ngpio));
	KUNIT_ASSERT_EQ(test, 2, vsoc_dt_test_maps(test, path, &map));
	KUNIT_EXPECT_EQ(test, PIN_MAP_TYPE_MUX_GROUP, map[0].type);
	KUNIT_EXPECT_STREQ(test, path, map[0].data.mux.group);
	KUNIT_EXPECT_STREQ(test, "gpio", map[0].data.mux.function);
	KUNIT_EXPECT_EQ(test, PIN_MAP_TYPE_CONFIGS_GROUP, map[1].type);
	KUNIT_EXPECT_PTR_EQ(test, map[0].data.mux.group,
			    map[1].data.configs.group_or_pin);
	KUNIT_EXPECT_EQ(test, 1, map[1].data.configs.num_configs);

	KUNIT_ASSERT_EQ(test, ngroups + 1, pctlops->get_groups_count(pctldev));
	sel = pinctrl_get_group_selector(pctldev, path);
	KUNIT_ASSERT_EQ(test, ngroups, sel);
	KUNIT_ASSERT_EQ(test, 0, pctlops->get_group_pins(pctldev, sel, &pins, &npins));
	KUNIT_ASSERT_EQ(test, 3, npins);
	for (i = 0; i < npins; i++)
		KUNIT_EXPECT_EQ(test, 32 + i, pins[i]);
	/* a group of "gpio" too */
	KUNIT_ASSERT_EQ(test, 0, pmxops->get_function_groups(pctldev, 0, &groups, &num));
	KUNIT_ASSERT_EQ(test, ngpio + 1, num);
	KUNIT_EXPECT_STREQ(test, path, groups[ngpio]);

	KUNIT_ASSERT_EQ(test, 2, vsoc_dt_test_maps(test, path, &again));
	KUNIT_EXPECT_PTR_EQ(test, map[0].data.mux.group, again[0].data.mux.group);
	KUNIT_EXPECT_EQ(test, ngroups + 1, pctlops->get_groups_count(pctldev));

	/* a node of the same name in a state: a group of its own; a mux only */
	KUNIT_EXPECT_EQ(test, 1,
			vsoc_dt_test_maps(test, "/kunit-vsoc-pinctrl/other-gpio-group-state",
					  &other));
	KUNIT_EXPECT_STREQ(test, "/kunit-vsoc-pinctrl/other-gpio-group-state/gpio-group-pins",
			   other[0].data.mux.group);
	KUNIT_EXPECT_EQ(test, 2,
			vsoc_dt_test_maps(test, "/kunit-vsoc-pinctrl/pin-twice-pins", &twice));
	KUNIT_EXPECT_STREQ(test, "PB3", twice[0].data.mux.group);
	KUNIT_EXPECT_STREQ(test, "PB3", twice[1].data.mux.group);
	KUNIT_EXPECT_EQ(test, 2,
			vsoc_dt_test_maps(test, "/kunit-vsoc-pinctrl/unknown-pin-pins", &unknown));
	KUNIT_EXPECT_EQ(test, PIN_MAP_TYPE_CONFIGS_PIN, unknown[0].type);
	KUNIT_EXPECT_STREQ(test, "PZZ9", unknown[1].data.configs.group_or_pin);
	KUNIT_EXPECT_EQ(test, ngroups + 2, pctlops->get_groups_count(pctldev));

	pctlops->dt_free_map(pctldev, map, 2);
	pctlops->dt_free_map(pctldev, again, 2);
	pctlops->dt_free_map(pctldev, other, 1);
	pctlops->dt_free_map(pctldev, twice, 2);
	pctlops->dt_free_map(pctldev, unknown, 2);
}

static struct kunit_case vsoc_dt_cases[] = {
	KUNIT_CASE(vsoc_dt_hog_test),
	KUNIT_CASE(vsoc_dt_consumer_test),
	KUNIT_CASE(vsoc_dt_badhog_test),
	KUNIT_CASE(vsoc_dt_node_group_test),
	KUNIT_CASE_PARAM(vsoc_dt_wakeup_test, vsoc_dt_wakeup_gen_params),
	KUNIT_CASE_PARAM(vsoc_dt_bad_node_test, vsoc_dt_bad_gen_params),
	{}
};

static struct kunit_suite vsoc_dt_suite = {
	.name = "pinctrl_vsoc_dt",
	.init = vsoc_dt_test_init,
	.test_cases = vsoc_dt_cases,
};

kunit_test_suites(&vsoc_probe_suite, &vsoc_dt_suite);

MODULE_DESCRIPTION("KUnit tests for the VSOC pin controller");
MODULE_LICENSE("GPL");

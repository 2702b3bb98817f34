// SPDX-License-Identifier: GPL-2.0-only
/*
 * Pin controller driver for VSOC, the virtual system-on-chip built on the
 * QEMU "virt" machine.
 *
 * The block has NBANKS banks of 32 pins (32 to 1024 pins), named PA0..PA31,
 * PB0.., up to PAF31. Each pin has a 4-bit mux select, eight pins to a MUX
 * register, and a PAD register holding its electrical configuration. Select
 * 0 is GPIO on every pin; the other selects exist only for the groups of the
 * datasheet. Every pin is also a one-pin group of function "gpio", named
 * after the pin, so that a DT node can say `pins = "PG3"; function = "gpio";`.
 * The pins of a DT node that lists several of them become one group of
 * function "gpio" as well, named after the node: one mux setting and one
 * configuration setting for the node rather than one of each per pin.
 *
 * Pin configuration is the generic one, with custom parameters where there
 * is no generic one. The generic parser checks the form of every DT pin
 * configuration node; the driver checks the values against the datasheet
 * before the node becomes maps, since the hardware holds only exact values.
 * The PAD register encoding is in pinctrl-vsoc-pad.c.
 */

#include <linux/args.h>
#include <linux/bitfield.h>
#include <linux/bitmap.h>
#include <linux/cleanup.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/pm.h>
#include <linux/regmap.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <linux/pinctrl/pinconf-generic.h>
#include <linux/pinctrl/pinconf.h>
#include <linux/pinctrl/pinctrl.h>
#include <linux/pinctrl/pinmux.h>

#include <kunit/visibility.h>

#include "core.h"
#include "pinconf.h"
#include "pinctrl-utils.h"
#include "pinctrl-vsoc.h"

/**
 * struct vsoc_group - a pin group of the datasheet
 * @grp: name and pins
 * @mux: the mux select that routes the group's function to its pins
 */
struct vsoc_group {
	struct pingroup grp;
	u8 mux;
};

/**
 * struct vsoc_pinctrl - one VSOC pin controller
 * @dev: the device
 * @map: registers
 * @pctldev: the registered pin controller
 * @desc: its description
 * @npins: number of pins, 32 per bank
 * @pin_names: the name of each pin, as vsoc_build_pins() writes them, then
 *	the names of @node_groups: the groups of function "gpio"
 * @pin_nums: pin_nums[i] == i, the pin array of the one-pin group of pin i
 * @groups: datasheet groups whose pins this part has
 * @ngroups: number of @groups; group selectors from @ngroups on are the
 *	one-pin groups, in pin order, then @node_groups
 * @node_groups: the groups made of the pins of a DT node, by
 *	vsoc_dt_node_group(); kept until the device goes
 * @nnode_groups: number of @node_groups, read with smp_load_acquire(): the
 *	entries below it never change
 * @node_lock: serialises the making of @node_groups, @scratch and @seen
 * @scratch: the pins of the node being made a group, @seen as a bitmap
 * @seen: see @scratch
 * @funcs: functions with at least one group on this part; "gpio" first
 * @nfuncs: number of @funcs
 * @lock: serialises the read-modify-writes of MUX and PAD registers (regmap
 *	takes no lock of its own), @regs and the last_ fields
 * @regs: the MUX registers, then the PAD registers, as the driver last read
 *	or wrote them: the block never changes them (datasheet, section 7)
 * @regs_known: which of @regs hold their register's value
 * @last_configs: the last configurations vsoc_pad_set() encoded (a node's
 *	maps set up its pins one by one with the same ones)
 * @last_num: how many, 0 for none
 * @last_mask: the PAD fields they set
 * @last_val: the values of those fields
 */
struct vsoc_pinctrl {
	struct device *dev;
	struct regmap *map;
	struct pinctrl_dev *pctldev;
	struct pinctrl_desc desc;
	unsigned int npins;
	const char **pin_names;
	unsigned int *pin_nums;
	const struct vsoc_group **groups;
	unsigned int ngroups;
	struct pingroup *node_groups;
	unsigned int nnode_groups;
	struct mutex node_lock;	/* making node groups */
	unsigned int *scratch;
	unsigned long *seen;
	struct pinfunction *funcs;
	unsigned int nfuncs;
	struct mutex lock;	/* register updates */
	u32 *regs;
	unsigned long *regs_known;
	unsigned long last_configs[4];
	unsigned int last_num;
	u32 last_mask, last_val;
};

/*
 * Groups made of the pins of DT nodes at most, per controller; the pins of
 * other nodes keep a group each
 */
#define VSOC_MAX_NODE_GROUPS	256

/* Datasheet section 3: groups, their pins and mux selects */

/* A group of the datasheet: name, mux select, pins */
#define VSOC_GROUP(_name, _mux, ...)					\
	{								\
		.grp = PINCTRL_PINGROUP(#_name,				\
			((const unsigned int []){ __VA_ARGS__ }),	\
			COUNT_ARGS(__VA_ARGS__)),			\
		.mux = _mux,						\
	}

static const struct vsoc_group vsoc_groups[] = {
	VSOC_GROUP(uart0_grp, 1, 0, 1),	/* TX, RX */
	VSOC_GROUP(uart0_rtscts_grp, 1, 2, 3),	/* RTS, CTS */
	VSOC_GROUP(uart1_grp, 1, 4, 5),	/* TX, RX */
	VSOC_GROUP(i2c0_a_grp, 3, 6, 7),	/* SCL, SDA */
	VSOC_GROUP(i2c0_d_grp, 2, 122, 123),	/* SCL, SDA */
	VSOC_GROUP(pwm0_grp, 2, 8),
	VSOC_GROUP(pwm1_grp, 2, 9),
	VSOC_GROUP(pwm2_grp, 2, 10),
	VSOC_GROUP(pwm3_grp, 2, 11),
	VSOC_GROUP(jtag_grp, 1, 12, 13, 14, 15),	/* TCK, TMS, TDI, TDO */
	VSOC_GROUP(sdmmc0_grp, 1, 32, 33, 34, 35, 36, 37),	/* CLK, CMD, DAT0-DAT3 */
	VSOC_GROUP(spi1_grp, 2, 40, 41, 42, 43),	/* CS0, SCLK, MOSI, MISO */
	VSOC_GROUP(uart2_grp, 1, 44, 45),	/* TX, RX */
	VSOC_GROUP(spi0_grp, 3, 76, 77, 78, 79),	/* CS0, SCLK, MOSI, MISO */
	VSOC_GROUP(i2c1_grp, 2, 77, 78),	/* SCL, SDA */
	VSOC_GROUP(i2s0_grp, 1, 80, 81, 82),	/* BCLK, LRCLK, SDOUT */
	VSOC_GROUP(i2s0_mclk_grp, 1, 83),	/* MCLK */
	VSOC_GROUP(uart3_grp, 1, 96, 97),	/* TX, RX */
	/* PE0-PE13 */
	VSOC_GROUP(eth0_rgmii_grp, 1, 128, 129, 130, 131, 132, 133, 134, 135,
		   136, 137, 138, 139, 140, 141),
	VSOC_GROUP(clkout0_grp, 4, 160),
};

/* A function of the datasheet and its groups */
#define VSOC_FUNCTION(_name, ...)					\
	PINCTRL_PINFUNCTION(#_name,					\
		((const char * const []){ __VA_ARGS__ }),		\
		COUNT_ARGS(__VA_ARGS__))

/* Function "gpio" (select 0 on every pin) is added first, at probe. */
static const struct pinfunction vsoc_functions[] = {
	VSOC_FUNCTION(uart0, "uart0_grp", "uart0_rtscts_grp"),
	VSOC_FUNCTION(uart1, "uart1_grp"),
	VSOC_FUNCTION(i2c0, "i2c0_a_grp", "i2c0_d_grp"),
	VSOC_FUNCTION(pwm, "pwm0_grp", "pwm1_grp", "pwm2_grp", "pwm3_grp"),
	VSOC_FUNCTION(jtag, "jtag_grp"),
	VSOC_FUNCTION(sdmmc0, "sdmmc0_grp"),
	VSOC_FUNCTION(spi1, "spi1_grp"),
	VSOC_FUNCTION(uart2, "uart2_grp"),
	VSOC_FUNCTION(spi0, "spi0_grp"),
	VSOC_FUNCTION(i2c1, "i2c1_grp"),
	VSOC_FUNCTION(i2s0, "i2s0_grp", "i2s0_mclk_grp"),
	VSOC_FUNCTION(uart3, "uart3_grp"),
	VSOC_FUNCTION(eth0, "eth0_rgmii_grp"),
	VSOC_FUNCTION(clkout, "clkout0_grp"),
};

/* Names of the PAD fields, for messages */
static const struct {
	u32 mask;
	const char *name;
} vsoc_pad_fields[] = {
	{ VSOC_PAD_BIAS, "BIAS" },
	{ VSOC_PAD_PULL, "PULL" },
	{ VSOC_PAD_DRIVE, "DRIVE" },
	{ VSOC_PAD_STAGES, "STAGES" },
	{ VSOC_PAD_SCHMITT, "SCHMITT" },
	{ VSOC_PAD_HYST, "HYST" },
	{ VSOC_PAD_DEBOUNCE, "DEBOUNCE" },
	{ VSOC_PAD_SLEW_RISE, "SLEW_RISE" },
	{ VSOC_PAD_SLEW_FALL, "SLEW_FALL" },
	{ VSOC_PAD_POWER, "POWER" },
	{ VSOC_PAD_LOWPOWER, "LOWPOWER" },
	{ VSOC_PAD_WAKEUP, "WAKEUP" },
	{ VSOC_PAD_INPUT, "INPUT" },
};

static const char *vsoc_pad_field_name(u32 mask)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(vsoc_pad_fields); i++)
		if (mask & vsoc_pad_fields[i].mask)
			return vsoc_pad_fields[i].name;
	return "?";
}

/* Names and lookups */

/* The group of selector @sel, its pins and its name */
static const struct pingroup *vsoc_group(struct vsoc_pinctrl *vsoc,
					 unsigned int sel, struct pingroup *pin)
{
	/* the node groups below it are made: vsoc_dt_node_group() */
	unsigned int n = smp_load_acquire(&vsoc->nnode_groups);

	if (sel < vsoc->ngroups)
		return &vsoc->groups[sel]->grp;
	sel -= vsoc->ngroups;
	if (sel < vsoc->npins) {
		*pin = PINCTRL_PINGROUP(vsoc->pin_names[sel],
					&vsoc->pin_nums[sel], 1);
		return pin;
	}
	sel -= vsoc->npins;
	return sel < n ? &vsoc->node_groups[sel] : NULL;
}

/* The datasheet group called @name that this part has, or -EINVAL */
static int vsoc_datasheet_group(struct vsoc_pinctrl *vsoc, const char *name)
{
	unsigned int i;

	for (i = 0; i < vsoc->ngroups; i++)
		if (!strcmp(vsoc->groups[i]->grp.name, name))
			return i;
	return -EINVAL;
}

/* Strict checking of DT pin configuration nodes */

/**
 * struct vsoc_dt_prop - a pin configuration property the block accepts
 * @name: the property
 * @param: the configuration it sets
 * @def: the argument when the property has no value
 * @allowed: the values the hardware holds, for error messages; NULL for a
 *	flag, a property that takes no value
 */
struct vsoc_dt_prop {
	const char *name;
	unsigned int param;
	u32 def;
	const char *allowed;
};

#define VSOC_PULL_ALLOWED "10000, 22000, 47000 or 100000 (ohms), or no value (100000)"
#define VSOC_SLEW_ALLOWED "4 or 0 (nominal), 3, 2 or 1 (quarters of nominal)"

static const struct vsoc_dt_prop vsoc_dt_props[] = {
	{ "bias-disable", PIN_CONFIG_BIAS_DISABLE, 0 },
	{ "bias-high-impedance", PIN_CONFIG_BIAS_HIGH_IMPEDANCE, 0 },
	{ "bias-pull-up", PIN_CONFIG_BIAS_PULL_UP, 1, VSOC_PULL_ALLOWED },
	{ "bias-pull-down", PIN_CONFIG_BIAS_PULL_DOWN, 1, VSOC_PULL_ALLOWED },
	{ "vsoc,bias-high", PIN_CONFIG_VSOC_BIAS_HIGH, 1 },
	{ "vsoc,bias-ground", PIN_CONFIG_VSOC_BIAS_GROUND, 1 },
	{ "drive-push-pull", PIN_CONFIG_DRIVE_PUSH_PULL, 0 },
	{ "drive-open-drain", PIN_CONFIG_DRIVE_OPEN_DRAIN, 0 },
	{ "drive-open-source", PIN_CONFIG_DRIVE_OPEN_SOURCE, 0 },
	{ "output-disable", PIN_CONFIG_OUTPUT_ENABLE, 0 },
	{ "drive-strength", PIN_CONFIG_DRIVE_STRENGTH, 0, "2, 4, 6, 8, 10, 12, 14 or 16 (mA)" },
	{ "input-schmitt", PIN_CONFIG_INPUT_SCHMITT, 0,
	  "0 (off) or a hysteresis level from 1 to 4" },
	{ "input-schmitt-enable", PIN_CONFIG_INPUT_SCHMITT_ENABLE, 1 },
	{ "input-schmitt-disable", PIN_CONFIG_INPUT_SCHMITT_ENABLE, 0 },
	{ "input-debounce", PIN_CONFIG_INPUT_DEBOUNCE, 0,
	  "0 (off) or a power of two from 1 to 16384 (us)" },
	{ "slew-rate", PIN_CONFIG_SLEW_RATE, 0, VSOC_SLEW_ALLOWED },
	{ "vsoc,slew-rate-rising", PIN_CONFIG_VSOC_SLEW_RISING, 0, VSOC_SLEW_ALLOWED },
	{ "vsoc,slew-rate-falling", PIN_CONFIG_VSOC_SLEW_FALLING, 0, VSOC_SLEW_ALLOWED },
	{ "power-source", PIN_CONFIG_POWER_SOURCE, 0, "0 (3.3 V), 1 (1.8 V) or 2 (2.5 V)" },
	{ "low-power-enable", PIN_CONFIG_MODE_LOW_POWER, 1 },
	{ "low-power-disable", PIN_CONFIG_MODE_LOW_POWER, 0 },
	{ "vsoc,wakeup", PIN_CONFIG_VSOC_WAKEUP, 1, "0 or 1, or no value (1)" },
	{ "input-enable", PIN_CONFIG_INPUT_ENABLE, 1 },
	{ "input-disable", PIN_CONFIG_INPUT_ENABLE, 0 },
};

/* Generic properties the block has no hardware for */
static const char * const vsoc_dt_unsupported[] = {
	"bias-bus-hold", "bias-pull-pin-default", "drive-strength-microamp",
	"input-schmitt-microvolts", "output-enable", "output-high",
	"output-low", "output-impedance-ohms", "sleep-hardware-state",
	"skew-delay",
};

static const struct vsoc_dt_prop *vsoc_dt_prop_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(vsoc_dt_props); i++)
		if (!strcmp(vsoc_dt_props[i].name, name))
			return &vsoc_dt_props[i];
	return NULL;
}

/*
 * Check the values of one pin configuration node against what the hardware
 * can hold. The generic parser checks the form and the names.
 */
static int vsoc_dt_check_node(struct vsoc_pinctrl *vsoc, struct device_node *np)
{
	const char *seen_name[ARRAY_SIZE(vsoc_dt_props)];
	u32 seen_mask[ARRAY_SIZE(vsoc_dt_props)];
	const struct vsoc_dt_prop *p;
	unsigned int nseen = 0, i;
	struct property *prop;
	u32 arg, mask, val;
	int ret = 0;

	for_each_property_of_node(np, prop) {
		p = vsoc_dt_prop_find(prop->name);
		if (!p && match_string(vsoc_dt_unsupported,
				       ARRAY_SIZE(vsoc_dt_unsupported),
				       prop->name) >= 0) {
			dev_err(vsoc->dev, "%pOF: %s is not supported by this pin controller\n",
				np, prop->name);
			ret = -EINVAL;
			continue;
		}
		/*
		 * Not configuration, unknown, of the wrong size or a flag with
		 * a value: the core's.
		 */
		if (!p || (prop->length &&
			   (prop->length != sizeof(__be32) || !p->allowed)))
			continue;

		/*
		 * 1 is what the generic parser passes for a pull without a
		 * value; written out, it is not a resistance.
		 */
		arg = prop->length ? be32_to_cpup(prop->value) : p->def;
		if (vsoc_pad_encode(p->param, arg, &mask, &val) ||
		    (prop->length && arg == 1 &&
		     (p->param == PIN_CONFIG_BIAS_PULL_UP ||
		      p->param == PIN_CONFIG_BIAS_PULL_DOWN))) {
			dev_err(vsoc->dev, "%pOF: %s = <%u> is not supported, allowed: %s\n",
				np, prop->name, arg, p->allowed);
			ret = -EINVAL;
			continue;
		}

		/* the generic contradictions were refused by the core */
		for (i = 0; i < nseen; i++) {
			if (seen_mask[i] & mask) {
				dev_err(vsoc->dev, "%pOF: %s conflicts with %s (both set %s)\n",
					np, prop->name, seen_name[i],
					vsoc_pad_field_name(seen_mask[i] & mask));
				ret = -EINVAL;
			}
		}
		seen_name[nseen] = prop->name;
		seen_mask[nseen++] = mask;
	}
	return ret;
}

/* The PAD fields a list of configurations changes, and their new value */
static int vsoc_pinconf_encode(struct vsoc_pinctrl *vsoc, unsigned int pin,
			       const unsigned long *configs,
			       unsigned int num_configs, u32 *mask, u32 *val)
{
	unsigned int i, param;
	u32 m, v, arg;
	int ret;

	*mask = 0;
	*val = 0;
	for (i = 0; i < num_configs; i++) {
		param = pinconf_to_config_param(configs[i]);
		arg = pinconf_to_config_argument(configs[i]);
		/* Not from DT, checked at parse time: a driver asking */
		ret = vsoc_pad_encode(param, arg, &m, &v);
		if (ret) {
			dev_dbg(vsoc->dev, "%s: parameter %u cannot be %u: %d\n",
				vsoc->pin_names[pin], param, arg, ret);
			return ret;
		}
		/* applied in order: a later setting of a field wins */
		*mask |= m;
		*val = (*val & ~m) | v;
	}
	return 0;
}

/* pinctrl_ops */

static int vsoc_get_groups_count(struct pinctrl_dev *pctldev)
{
	struct vsoc_pinctrl *vsoc = pinctrl_dev_get_drvdata(pctldev);
	/* the node groups below it are made: vsoc_dt_node_group() */
	unsigned int n = smp_load_acquire(&vsoc->nnode_groups);

	return vsoc->ngroups + vsoc->npins + n;
}

static const char *vsoc_get_group_name(struct pinctrl_dev *pctldev,
				       unsigned int selector)
{
	const struct pingroup *grp;
	struct pingroup pin;

	grp = vsoc_group(pinctrl_dev_get_drvdata(pctldev), selector, &pin);
	return grp ? grp->name : NULL;
}

static int vsoc_get_group_pins(struct pinctrl_dev *pctldev,
			       unsigned int selector, const unsigned int **pins,
			       unsigned int *npins)
{
	struct vsoc_pinctrl *vsoc = pinctrl_dev_get_drvdata(pctldev);
	const struct pingroup *grp;
	struct pingroup pin;

	grp = vsoc_group(vsoc, selector, &pin);
	if (!grp)
		return -EINVAL;
	*pins = grp->pins;
	*npins = grp->npins;
	return 0;
}

static void vsoc_pin_dbg_show(struct pinctrl_dev *pctldev, struct seq_file *s,
			      unsigned int pin)
{
	struct vsoc_pinctrl *vsoc = pinctrl_dev_get_drvdata(pctldev);
	unsigned int mux, pad;

	if (regmap_read(vsoc->map, VSOC_REG_MUX(pin), &mux) ||
	    regmap_read(vsoc->map, VSOC_REG_PAD(pin), &pad))
		return;
	seq_printf(s, "mux %lu pad 0x%08x",
		   (mux & VSOC_MUX_MASK(pin)) >> VSOC_MUX_SHIFT(pin), pad);
}

/*
 * The group of function "gpio" of DT node @np's pins @pins: the one made when
 * the node was read before (for another consumer, or an overlay applied
 * again), else a new one; NULL if there is no room or the node's path names
 * other pins.
 */
static const char *vsoc_dt_node_group(struct vsoc_pinctrl *vsoc,
				      struct device_node *np,
				      const unsigned int *pins,
				      unsigned int npins)
{
	unsigned int n = vsoc->nnode_groups;
	struct pingroup *grp;
	char path[128];
	unsigned int i;

	lockdep_assert_held(&vsoc->node_lock);
	if (snprintf(path, sizeof(path), "%pOF", np) >= sizeof(path))
		return NULL;
	for (i = 0; i < n; i++) {
		grp = &vsoc->node_groups[i];
		if (strcmp(grp->name, path))
			continue;
		if (grp->npins != npins ||
		    memcmp(grp->pins, pins, npins * sizeof(*pins)))
			return NULL;
		return grp->name;
	}
	if (n == VSOC_MAX_NODE_GROUPS)
		return NULL;

	grp = &vsoc->node_groups[n];
	grp->name = kstrdup(path, GFP_KERNEL);
	grp->pins = kmemdup_array(pins, npins, sizeof(*pins), GFP_KERNEL);
	if (!grp->name || !grp->pins) {
		kfree(grp->name);
		kfree(grp->pins);
		return NULL;
	}
	grp->npins = npins;
	vsoc->pin_names[vsoc->npins + n] = grp->name;
	/* a group, of function "gpio", once made: vsoc_group() */
	smp_store_release(&vsoc->nnode_groups, n + 1);
	return grp->name;
}

/*
 * Check DT node @np against the datasheet, and let the generic parser check
 * its form and make its maps. Then make them one mux map and one configs map
 * of a group of its pins, if they can be one: `pins` lists two or more, each
 * once, for function "gpio" or for configuration only. Otherwise they stay one per
 * pin, and the core says what is wrong with a pin or the function.
 */
static int vsoc_dt_subnode_to_map(struct vsoc_pinctrl *vsoc,
				  struct device_node *np,
				  struct pinctrl_map **maps,
				  unsigned int *reserved_maps,
				  unsigned int *num_maps)
{
	unsigned int i, start = *num_maps, npins = 0;
	struct pinctrl_map *map, mux = {}, conf = {};
	const char *group;
	int ret, err, pin;

	ret = vsoc_dt_check_node(vsoc, np);
	err = pinconf_generic_dt_subnode_to_map(vsoc->pctldev, np, maps,
						reserved_maps, num_maps,
						PIN_MAP_TYPE_INVALID);
	if (ret || err || *num_maps - start < 2 ||
	    !of_property_present(np, "pins"))
		return ret ?: err;

	map = *maps;
	guard(mutex)(&vsoc->node_lock);
	bitmap_zero(vsoc->seen, vsoc->npins);
	/* the generic parser makes a mux map, a configs map or both per pin */
	for (i = start; i < *num_maps; i++) {
		if (map[i].type == PIN_MAP_TYPE_MUX_GROUP &&
		    !strcmp(map[i].data.mux.function, "gpio"))
			mux = map[i];
		else if (map[i].type == PIN_MAP_TYPE_CONFIGS_PIN)
			conf = map[i];
		else
			return 0;
		if (map[i].type != map[start].type)
			continue;
		pin = pin_get_from_name(vsoc->pctldev, mux.type ?
					mux.data.mux.group :
					conf.data.configs.group_or_pin);
		if (pin < 0 || __test_and_set_bit(pin, vsoc->seen))
			return 0;
		vsoc->scratch[npins++] = pin;
	}
	group = npins > 1 ? vsoc_dt_node_group(vsoc, np, vsoc->scratch, npins) :
			    NULL;
	if (!group)
		return 0;
	i = start;
	if (mux.type) {
		mux.data.mux.group = group;
		map[i++] = mux;
	}
	if (conf.type) {
		conf.type = PIN_MAP_TYPE_CONFIGS_GROUP;
		conf.data.configs.group_or_pin = group;
		map[i++] = conf;
	}
	*num_maps = i;
	return 0;
}

/*
 * The nodes of a state, as pinconf_generic_dt_node_to_map() reads them, each
 * made into maps by vsoc_dt_subnode_to_map(). Every mistake is reported, not
 * only the first. A bad node fails the state, and with it the device that
 * asked for it (the core drops a bad state of the controller's own alone).
 */
static int vsoc_dt_node_to_map(struct pinctrl_dev *pctldev,
			       struct device_node *np_config,
			       struct pinctrl_map **map, unsigned int *num_maps)
{
	struct vsoc_pinctrl *vsoc = pinctrl_dev_get_drvdata(pctldev);
	unsigned int reserved_maps = 0;
	int ret, err;

	*map = NULL;
	*num_maps = 0;
	ret = vsoc_dt_subnode_to_map(vsoc, np_config, map, &reserved_maps,
				     num_maps);
	for_each_available_child_of_node_scoped(np_config, np) {
		err = vsoc_dt_subnode_to_map(vsoc, np, map, &reserved_maps,
					     num_maps);
		ret = ret ?: err;
		for_each_child_of_node_scoped(np, deeper) {
			dev_err(vsoc->dev, "%pOF: pin configuration nodes nest one level deep, this one would be ignored\n",
				deeper);
			ret = -EINVAL;
		}
	}
	if (!ret)
		return 0;
	pinctrl_utils_free_map(pctldev, *map, *num_maps);
	*map = NULL;
	*num_maps = 0;
	return ret;
}

static const struct pinctrl_ops vsoc_pinctrl_ops = {
	.get_groups_count	= vsoc_get_groups_count,
	.get_group_name		= vsoc_get_group_name,
	.get_group_pins		= vsoc_get_group_pins,
	.pin_dbg_show		= vsoc_pin_dbg_show,
	.dt_node_to_map		= vsoc_dt_node_to_map,
	.dt_free_map		= pinconf_generic_dt_free_map,
};

/* pinmux_ops */

static int vsoc_get_functions_count(struct pinctrl_dev *pctldev)
{
	struct vsoc_pinctrl *vsoc = pinctrl_dev_get_drvdata(pctldev);

	return vsoc->nfuncs;
}

static const char *vsoc_get_function_name(struct pinctrl_dev *pctldev,
					  unsigned int selector)
{
	struct vsoc_pinctrl *vsoc = pinctrl_dev_get_drvdata(pctldev);

	return vsoc->funcs[selector].name;
}

static int vsoc_get_function_groups(struct pinctrl_dev *pctldev,
				    unsigned int selector,
				    const char * const **groups,
				    unsigned int *ngroups)
{
	struct vsoc_pinctrl *vsoc = pinctrl_dev_get_drvdata(pctldev);

	*groups = vsoc->funcs[selector].groups;
	*ngroups = vsoc->funcs[selector].ngroups;
	if (!selector) {
		/* "gpio" has the node groups too, once made */
		*ngroups += smp_load_acquire(&vsoc->nnode_groups);
	}
	return 0;
}

/*
 * Change the @mask bits of MUX or PAD register @reg, which is @regs[@i]:
 * a read-modify-write under @lock. The register is read the first time
 * only, since it holds what was last written (datasheet, section 7), and a
 * value it already holds is not written again.
 */
static int vsoc_update(struct vsoc_pinctrl *vsoc, unsigned int i,
		       unsigned int reg, u32 mask, u32 val)
{
	int ret;

	lockdep_assert_held(&vsoc->lock);
	if (!test_bit(i, vsoc->regs_known)) {
		ret = regmap_read(vsoc->map, reg, &vsoc->regs[i]);
		if (ret)
			return ret;
		__set_bit(i, vsoc->regs_known);
	}
	val = (vsoc->regs[i] & ~mask) | (val & mask);
	if (val == vsoc->regs[i])
		return 0;
	ret = regmap_write(vsoc->map, reg, val);
	if (!ret)
		vsoc->regs[i] = val;
	return ret;
}

/*
 * Eight pins share a MUX register: each change is a read-modify-write under
 * @lock, so changes of neighbouring pins from different consumers cannot
 * lose each other.
 */
static int vsoc_set_pin_mux(struct vsoc_pinctrl *vsoc, unsigned int pin,
			    unsigned int sel)
{
	return vsoc_update(vsoc, pin / 8, VSOC_REG_MUX(pin), VSOC_MUX_MASK(pin),
			   sel << VSOC_MUX_SHIFT(pin));
}

static int vsoc_set_mux(struct pinctrl_dev *pctldev, unsigned int func_selector,
			unsigned int group_selector)
{
	struct vsoc_pinctrl *vsoc = pinctrl_dev_get_drvdata(pctldev);
	const struct pingroup *grp;
	struct pingroup pin;
	unsigned int i, mux;
	int ret;

	grp = vsoc_group(vsoc, group_selector, &pin);
	if (!grp)
		return -EINVAL;
	/* The groups of one pin and of a node's pins are "gpio", select 0 */
	mux = group_selector < vsoc->ngroups ?
	      vsoc->groups[group_selector]->mux : 0;

	guard(mutex)(&vsoc->lock);
	for (i = 0; i < grp->npins; i++) {
		ret = vsoc_set_pin_mux(vsoc, grp->pins[i], mux);
		if (ret)
			return ret;
	}
	return 0;
}

static int vsoc_gpio_request_enable(struct pinctrl_dev *pctldev,
				    struct pinctrl_gpio_range *range,
				    unsigned int pin)
{
	struct vsoc_pinctrl *vsoc = pinctrl_dev_get_drvdata(pctldev);

	guard(mutex)(&vsoc->lock);
	return vsoc_set_pin_mux(vsoc, pin, 0);
}

static const struct pinmux_ops vsoc_pinmux_ops = {
	.get_functions_count	= vsoc_get_functions_count,
	.get_function_name	= vsoc_get_function_name,
	.get_function_groups	= vsoc_get_function_groups,
	.set_mux		= vsoc_set_mux,
	.gpio_request_enable	= vsoc_gpio_request_enable,
	.strict			= true,
};

/* pinconf_ops */

static int vsoc_pinconf_get(struct pinctrl_dev *pctldev, unsigned int pin,
			    unsigned long *config)
{
	struct vsoc_pinctrl *vsoc = pinctrl_dev_get_drvdata(pctldev);
	unsigned int param = pinconf_to_config_param(*config);
	unsigned int pad;
	u32 arg;
	int ret;

	ret = regmap_read(vsoc->map, VSOC_REG_PAD(pin), &pad);
	if (ret)
		return ret;
	ret = vsoc_pad_decode(pad, param, &arg);
	if (ret)
		return ret;
	*config = pinconf_to_config_packed(param, arg);
	return 0;
}

/*
 * Apply a list of configurations to pins: each setting changes only the
 * PAD fields it names, a later one of a field wins.
 */
static int vsoc_pad_set(struct vsoc_pinctrl *vsoc, const unsigned int *pins,
			unsigned int npins, const unsigned long *configs,
			unsigned int num_configs)
{
	size_t size = num_configs * sizeof(*configs);
	unsigned int i;
	int ret;

	guard(mutex)(&vsoc->lock);
	if (!num_configs || num_configs != vsoc->last_num ||
	    memcmp(configs, vsoc->last_configs, size)) {
		vsoc->last_num = 0;
		ret = vsoc_pinconf_encode(vsoc, pins[0], configs, num_configs,
					  &vsoc->last_mask, &vsoc->last_val);
		if (ret)
			return ret;
		if (num_configs <= ARRAY_SIZE(vsoc->last_configs)) {
			memcpy(vsoc->last_configs, configs, size);
			vsoc->last_num = num_configs;
		}
	}

	for (i = 0; i < npins; i++) {
		ret = vsoc_update(vsoc, vsoc->npins / 8 + pins[i],
				  VSOC_REG_PAD(pins[i]), vsoc->last_mask,
				  vsoc->last_val);
		if (ret)
			return ret;
	}
	return 0;
}

static int vsoc_pinconf_set(struct pinctrl_dev *pctldev, unsigned int pin,
			    unsigned long *configs, unsigned int num_configs)
{
	return vsoc_pad_set(pinctrl_dev_get_drvdata(pctldev), &pin, 1, configs,
			    num_configs);
}

static int vsoc_pinconf_group_get(struct pinctrl_dev *pctldev,
				  unsigned int selector, unsigned long *config)
{
	const unsigned int *pins;
	unsigned long first = *config, cur;
	unsigned int npins, i;
	int ret;

	vsoc_get_group_pins(pctldev, selector, &pins, &npins);
	for (i = 0; i < npins; i++) {
		cur = first;
		ret = vsoc_pinconf_get(pctldev, pins[i], &cur);
		if (ret)
			return ret;
		/* a group has a setting only when all its pins agree */
		if (i && cur != *config)
			return -EINVAL;
		*config = cur;
	}
	return 0;
}

static int vsoc_pinconf_group_set(struct pinctrl_dev *pctldev,
				  unsigned int selector, unsigned long *configs,
				  unsigned int num_configs)
{
	struct vsoc_pinctrl *vsoc = pinctrl_dev_get_drvdata(pctldev);
	const unsigned int *pins;
	unsigned int npins;

	vsoc_get_group_pins(pctldev, selector, &pins, &npins);
	return vsoc_pad_set(vsoc, pins, npins, configs, num_configs);
}

/* What the generic items cannot show: the Schmitt hysteresis level */
static void vsoc_pinconf_dbg_show(struct pinctrl_dev *pctldev,
				  struct seq_file *s, unsigned int pin)
{
	struct vsoc_pinctrl *vsoc = pinctrl_dev_get_drvdata(pctldev);
	unsigned int pad;

	if (regmap_read(vsoc->map, VSOC_REG_PAD(pin), &pad))
		return;
	if (pad & VSOC_PAD_SCHMITT)
		seq_printf(s, ", input schmitt hysteresis (%lu level)",
			   FIELD_GET(VSOC_PAD_HYST, pad) + 1);
}

static const struct pinconf_ops vsoc_pinconf_ops = {
	.is_generic			= true,
	.pin_config_get			= vsoc_pinconf_get,
	.pin_config_set			= vsoc_pinconf_set,
	.pin_config_group_get		= vsoc_pinconf_group_get,
	.pin_config_group_set		= vsoc_pinconf_group_set,
	.pin_config_dbg_show		= vsoc_pinconf_dbg_show,
	.pin_config_config_dbg_show	= pinconf_generic_dump_config,
};

static const struct pinconf_generic_params vsoc_custom_params[] = {
	{ "vsoc,bias-high", PIN_CONFIG_VSOC_BIAS_HIGH, 1, PIN_DT_VALUE_NONE },
	{ "vsoc,bias-ground", PIN_CONFIG_VSOC_BIAS_GROUND, 1, PIN_DT_VALUE_NONE },
	{ "vsoc,slew-rate-rising", PIN_CONFIG_VSOC_SLEW_RISING, 0, PIN_DT_VALUE_U32 },
	{ "vsoc,slew-rate-falling", PIN_CONFIG_VSOC_SLEW_FALLING, 0, PIN_DT_VALUE_U32 },
	{ "vsoc,wakeup", PIN_CONFIG_VSOC_WAKEUP, 1, PIN_DT_VALUE_ANY },
};

static const struct pin_config_item vsoc_conf_items[] = {
	PCONFDUMP(PIN_CONFIG_VSOC_BIAS_HIGH, "input bias tied high", NULL, false),
	PCONFDUMP(PIN_CONFIG_VSOC_BIAS_GROUND, "input bias tied to ground", NULL, false),
	PCONFDUMP(PIN_CONFIG_VSOC_SLEW_RISING, "slew rate rising", "quarters", true),
	PCONFDUMP(PIN_CONFIG_VSOC_SLEW_FALLING, "slew rate falling", "quarters", true),
	PCONFDUMP(PIN_CONFIG_VSOC_WAKEUP, "wakeup enabled", NULL, false),
};

static_assert(ARRAY_SIZE(vsoc_conf_items) == ARRAY_SIZE(vsoc_custom_params));

/* Probe */

/*
 * The datasheet's pin names: PA0 to PZ31, then PAA0 to PAF31, written out by
 * hand (kasprintf() for each pin cost more than the rest of the probe)
 */
#define VSOC_PIN_NAME_SIZE	sizeof("PAF31")

static void vsoc_pin_name(char *buf, unsigned int pin)
{
	unsigned int bank = pin / VSOC_PINS_PER_BANK;
	unsigned int index = pin % VSOC_PINS_PER_BANK;

	*buf++ = 'P';
	if (bank >= 26) {
		*buf++ = 'A';
		bank -= 26;
	}
	*buf++ = 'A' + bank;
	if (index >= 10)
		*buf++ = '0' + index / 10;
	*buf++ = '0' + index % 10;
	*buf = '\0';
}

static void vsoc_free_node_groups(void *data)
{
	struct vsoc_pinctrl *vsoc = data;
	unsigned int i;

	for (i = 0; i < vsoc->nnode_groups; i++) {
		kfree(vsoc->node_groups[i].name);
		kfree(vsoc->node_groups[i].pins);
	}
}

static int vsoc_build_pins(struct vsoc_pinctrl *vsoc)
{
	unsigned int i, n;
	struct pinctrl_pin_desc *pins;
	const char **names;
	char *buf;

	pins = devm_kcalloc(vsoc->dev, vsoc->npins, sizeof(*pins), GFP_KERNEL);
	/* the pin names, then the names of the node groups */
	names = devm_kcalloc(vsoc->dev, vsoc->npins + VSOC_MAX_NODE_GROUPS,
			     sizeof(*names), GFP_KERNEL);
	buf = devm_kcalloc(vsoc->dev, vsoc->npins, VSOC_PIN_NAME_SIZE, GFP_KERNEL);
	vsoc->pin_nums = devm_kcalloc(vsoc->dev, vsoc->npins,
				      sizeof(*vsoc->pin_nums), GFP_KERNEL);
	vsoc->node_groups = devm_kcalloc(vsoc->dev, VSOC_MAX_NODE_GROUPS,
					 sizeof(*vsoc->node_groups), GFP_KERNEL);
	vsoc->scratch = devm_kcalloc(vsoc->dev, vsoc->npins,
				     sizeof(*vsoc->scratch), GFP_KERNEL);
	vsoc->seen = devm_bitmap_zalloc(vsoc->dev, vsoc->npins, GFP_KERNEL);
	/* the MUX registers, then the PAD registers */
	n = vsoc->npins / 8 + vsoc->npins;
	vsoc->regs = devm_kcalloc(vsoc->dev, n, sizeof(*vsoc->regs), GFP_KERNEL);
	vsoc->regs_known = devm_bitmap_zalloc(vsoc->dev, n, GFP_KERNEL);
	if (!pins || !names || !buf || !vsoc->pin_nums || !vsoc->node_groups ||
	    !vsoc->scratch || !vsoc->seen || !vsoc->regs || !vsoc->regs_known)
		return -ENOMEM;

	for (i = 0; i < vsoc->npins; i++, buf += VSOC_PIN_NAME_SIZE) {
		vsoc_pin_name(buf, i);
		pins[i].number = i;
		pins[i].name = buf;
		names[i] = buf;
		vsoc->pin_nums[i] = i;
	}

	vsoc->pin_names = names;
	vsoc->desc.pins = pins;
	vsoc->desc.npins = vsoc->npins;
	return 0;
}

static bool vsoc_group_present(struct vsoc_pinctrl *vsoc,
			       const struct vsoc_group *group)
{
	unsigned int i;

	for (i = 0; i < group->grp.npins; i++)
		if (group->grp.pins[i] >= vsoc->npins)
			return false;
	return true;
}

/* The groups and functions of the datasheet that this part has */
static int vsoc_build_functions(struct vsoc_pinctrl *vsoc)
{
	const struct vsoc_group *group;
	const char **names;
	unsigned int i, j, n;
	int sel;

	vsoc->groups = devm_kcalloc(vsoc->dev, ARRAY_SIZE(vsoc_groups),
				    sizeof(*vsoc->groups), GFP_KERNEL);
	vsoc->funcs = devm_kcalloc(vsoc->dev, ARRAY_SIZE(vsoc_functions) + 1,
				   sizeof(*vsoc->funcs), GFP_KERNEL);
	if (!vsoc->groups || !vsoc->funcs)
		return -ENOMEM;

	for (i = 0; i < ARRAY_SIZE(vsoc_groups); i++) {
		group = &vsoc_groups[i];
		if (vsoc_group_present(vsoc, group))
			vsoc->groups[vsoc->ngroups++] = group;
	}

	vsoc->funcs[vsoc->nfuncs++] = (struct pinfunction)
		PINCTRL_PINFUNCTION("gpio", vsoc->pin_names, vsoc->npins);

	for (i = 0; i < ARRAY_SIZE(vsoc_functions); i++) {
		names = devm_kcalloc(vsoc->dev, vsoc_functions[i].ngroups,
				     sizeof(*names), GFP_KERNEL);
		if (!names)
			return -ENOMEM;
		for (j = 0, n = 0; j < vsoc_functions[i].ngroups; j++) {
			sel = vsoc_datasheet_group(vsoc, vsoc_functions[i].groups[j]);
			if (sel >= 0)
				names[n++] = vsoc_functions[i].groups[j];
		}
		if (n)
			vsoc->funcs[vsoc->nfuncs++] = (struct pinfunction)
				PINCTRL_PINFUNCTION(vsoc_functions[i].name, names, n);
	}
	return 0;
}

/**
 * vsoc_pinctrl_init() - check the block and register its pin controller
 * @dev: the device, with its DT node
 * @map: the block's registers
 *
 * The part of probe that does not depend on how the registers are reached.
 *
 * Return: the pin controller, or an error pointer.
 */
VISIBLE_IF_KUNIT struct pinctrl_dev *
vsoc_pinctrl_init(struct device *dev, struct regmap *map)
{
	struct vsoc_pinctrl *vsoc;
	unsigned int id, version, nbanks;
	int ret;

	vsoc = devm_kzalloc(dev, sizeof(*vsoc), GFP_KERNEL);
	if (!vsoc)
		return ERR_PTR(-ENOMEM);
	vsoc->dev = dev;
	vsoc->map = map;
	ret = devm_mutex_init(dev, &vsoc->lock);
	if (!ret)
		ret = devm_mutex_init(dev, &vsoc->node_lock);
	if (ret)
		return ERR_PTR(ret);

	ret = regmap_read(map, VSOC_REG_ID, &id);
	if (!ret)
		ret = regmap_read(map, VSOC_REG_VERSION, &version);
	if (!ret)
		ret = regmap_read(map, VSOC_REG_NBANKS, &nbanks);
	if (ret)
		return dev_err_ptr_probe(dev, ret, "cannot read the ID registers\n");

	if (id != VSOC_ID || FIELD_GET(VSOC_VERSION_MAJOR, version) != 1)
		return dev_err_ptr_probe(dev, -ENODEV,
					 "not a VSOC pin controller 1.x: ID 0x%08x VERSION 0x%08x, expected ID 0x%08x VERSION 0x0001xxxx\n",
					 id, version, VSOC_ID);
	if (nbanks < 1 || nbanks > VSOC_MAX_BANKS)
		return dev_err_ptr_probe(dev, -EINVAL,
					 "NBANKS is %u, expected 1 to %u\n",
					 nbanks, VSOC_MAX_BANKS);
	vsoc->npins = nbanks * VSOC_PINS_PER_BANK;

	ret = vsoc_build_pins(vsoc);
	if (!ret)
		ret = vsoc_build_functions(vsoc);
	/* after the controller is unregistered, with the maps of its hogs */
	if (!ret)
		ret = devm_add_action_or_reset(dev, vsoc_free_node_groups, vsoc);
	if (ret)
		return ERR_PTR(ret);

	vsoc->desc.name = dev_name(dev);
	vsoc->desc.pctlops = &vsoc_pinctrl_ops;
	vsoc->desc.pmxops = &vsoc_pinmux_ops;
	vsoc->desc.confops = &vsoc_pinconf_ops;
	vsoc->desc.owner = THIS_MODULE;
	vsoc->desc.num_custom_params = ARRAY_SIZE(vsoc_custom_params);
	vsoc->desc.custom_params = vsoc_custom_params;
	/* A property the generic parser does not know is an error */
	vsoc->desc.strict_dt = true;
	vsoc->desc.custom_conf_items = PTR_IF(IS_ENABLED(CONFIG_DEBUG_FS),
					      vsoc_conf_items);

	ret = devm_pinctrl_register_and_init(dev, &vsoc->desc, vsoc,
					     &vsoc->pctldev);
	if (ret)
		return dev_err_ptr_probe(dev, ret, "failed to register pin controller\n");

	/* Hogs are claimed here */
	ret = pinctrl_enable(vsoc->pctldev);
	if (ret)
		return dev_err_ptr_probe(dev, ret, "failed to enable pin controller\n");

	dev_set_drvdata(dev, vsoc);
	dev_dbg(dev, "%u pins in %u banks, %u groups, %u functions\n",
		vsoc->npins, nbanks, vsoc->ngroups + vsoc->npins, vsoc->nfuncs);
	return vsoc->pctldev;
}
EXPORT_SYMBOL_IF_KUNIT(vsoc_pinctrl_init);

static bool vsoc_readable_reg(struct device *dev, unsigned int reg)
{
	if (reg <= VSOC_REG_NBANKS)
		return true;
	if (reg >= VSOC_REG_MUX(0) && reg <= VSOC_REG_MUX(VSOC_MAX_PINS - 1))
		return true;
	if (reg >= VSOC_REG_GPIO_DIR(0) && reg <= VSOC_REG_GPIO_IN(VSOC_MAX_BANKS - 1))
		return (reg - VSOC_REG_GPIO_DIR(0)) % 0x20 <= 0x8;
	return reg >= VSOC_REG_PAD(0) && reg <= VSOC_REG_PAD(VSOC_MAX_PINS - 1);
}

static bool vsoc_writeable_reg(struct device *dev, unsigned int reg)
{
	if (reg >= VSOC_REG_GPIO_DIR(0) && reg <= VSOC_REG_GPIO_IN(VSOC_MAX_BANKS - 1))
		return (reg - VSOC_REG_GPIO_DIR(0)) % 0x20 <= 0x4;
	return reg > VSOC_REG_NBANKS && vsoc_readable_reg(dev, reg);
}

/*
 * The registers of a part with the most banks. No cache: the driver
 * remembers the MUX and PAD registers itself (vsoc_update()).
 */
static const struct regmap_config vsoc_regmap_config = {
	.reg_bits = 32,
	.val_bits = 32,
	.reg_stride = 4,
	.max_register = VSOC_REG_PAD(VSOC_MAX_PINS - 1),
	.readable_reg = vsoc_readable_reg,
	.writeable_reg = vsoc_writeable_reg,
	.cache_type = REGCACHE_NONE,
	/* Single reads need none, and every read-modify-write holds vsoc->lock */
	.disable_locking = true,
};

static int vsoc_pinctrl_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct resource *res;
	void __iomem *base;
	struct regmap *map;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return dev_err_probe(dev, -EINVAL, "no register window\n");
	if (resource_size(res) < VSOC_REG_PAD(VSOC_MAX_PINS))
		return dev_err_probe(dev, -EINVAL, "register window %pR is smaller than 0x%x\n",
				     res, VSOC_REG_PAD(VSOC_MAX_PINS));
	/* The window is guest RAM: the kernel must have been told to keep off */
	if (region_intersects(res->start, resource_size(res), IORESOURCE_SYSTEM_RAM,
			      IORES_DESC_NONE) != REGION_DISJOINT)
		return dev_err_probe(dev, -EBUSY,
				     "register window %pR is system RAM: it needs a /reserved-memory node with no-map\n",
				     res);
	base = devm_ioremap_resource(dev, res);
	if (IS_ERR(base))
		return dev_err_probe(dev, PTR_ERR(base), "cannot map registers\n");

	map = devm_regmap_init_mmio(dev, base, &vsoc_regmap_config);
	if (IS_ERR(map))
		return dev_err_probe(dev, PTR_ERR(map), "cannot set up regmap\n");

	return PTR_ERR_OR_ZERO(vsoc_pinctrl_init(dev, map));
}

/*
 * The controller's own states: hogs named "sleep" are applied for system
 * sleep, after every consumer has suspended, and "default" again on resume.
 */
static int vsoc_pinctrl_suspend(struct device *dev)
{
	struct vsoc_pinctrl *vsoc = dev_get_drvdata(dev);

	return pinctrl_force_sleep(vsoc->pctldev);
}

static int vsoc_pinctrl_resume(struct device *dev)
{
	struct vsoc_pinctrl *vsoc = dev_get_drvdata(dev);

	return pinctrl_force_default(vsoc->pctldev);
}

static DEFINE_NOIRQ_DEV_PM_OPS(vsoc_pinctrl_pm_ops, vsoc_pinctrl_suspend,
			       vsoc_pinctrl_resume);

static const struct of_device_id vsoc_pinctrl_of_match[] = {
	{ .compatible = "vsoc,vsoc1-pinctrl" },
	{ }
};
MODULE_DEVICE_TABLE(of, vsoc_pinctrl_of_match);

static struct platform_driver vsoc_pinctrl_driver = {
	.probe = vsoc_pinctrl_probe,
	.driver = {
		.name = "pinctrl-vsoc",
		.of_match_table = vsoc_pinctrl_of_match,
		.pm = pm_sleep_ptr(&vsoc_pinctrl_pm_ops),
		.suppress_bind_attrs = true,
	},
};
builtin_platform_driver(vsoc_pinctrl_driver);

// SPDX-License-Identifier: GPL-2.0-only
/*
 * VSOC pin controller: the encoding of pin configurations in the PAD
 * registers (datasheet, sections 4 and 5), in one place, for the driver and
 * its KUnit suite.
 */

#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/pinctrl/pinconf-generic.h>

#include <kunit/visibility.h>

#include "pinctrl-vsoc.h"

/* Pull resistance in ohms, by PULL code */
static const u32 vsoc_pull_ohms[] = { 100000, 47000, 22000, 10000 };

static int vsoc_pull_code(u32 ohms)
{
	unsigned int i;

	/* 1 is the generic "pull enabled" (an empty DT property): 100 kOhm */
	if (ohms == 1)
		return 0;
	for (i = 0; i < ARRAY_SIZE(vsoc_pull_ohms); i++)
		if (vsoc_pull_ohms[i] == ohms)
			return i;
	return -EINVAL;
}

/* Slew rate in quarters of nominal (4, or 0, is nominal) to its code */
static int vsoc_slew_code(u32 quarters)
{
	if (quarters > 4)
		return -EINVAL;
	return quarters ? 4 - quarters : 0;
}

/* Add field = v to a mask and value of PAD fields */
static void vsoc_field(u32 *mask, u32 *val, u32 field, u32 v)
{
	*mask |= field;
	*val |= (v << __ffs(field)) & field;
}

/*
 * The parameters that are one value of one field (a bias or drive mode),
 * or a field of one bit that the argument turns on or off (@value -1)
 */
static const struct {
	unsigned int param;
	u32 field;
	int value;
} vsoc_pad_simple[] = {
	{ PIN_CONFIG_BIAS_DISABLE, VSOC_PAD_BIAS, VSOC_BIAS_DISABLE },
	{ PIN_CONFIG_BIAS_HIGH_IMPEDANCE, VSOC_PAD_BIAS, VSOC_BIAS_HIGH_IMPEDANCE },
	{ PIN_CONFIG_VSOC_BIAS_HIGH, VSOC_PAD_BIAS, VSOC_BIAS_HIGH },
	{ PIN_CONFIG_VSOC_BIAS_GROUND, VSOC_PAD_BIAS, VSOC_BIAS_GROUND },
	{ PIN_CONFIG_DRIVE_PUSH_PULL, VSOC_PAD_DRIVE, VSOC_DRIVE_PUSH_PULL },
	{ PIN_CONFIG_DRIVE_OPEN_DRAIN, VSOC_PAD_DRIVE, VSOC_DRIVE_OPEN_DRAIN },
	{ PIN_CONFIG_DRIVE_OPEN_SOURCE, VSOC_PAD_DRIVE, VSOC_DRIVE_OPEN_SOURCE },
	{ PIN_CONFIG_INPUT_SCHMITT_ENABLE, VSOC_PAD_SCHMITT, -1 },
	{ PIN_CONFIG_MODE_LOW_POWER, VSOC_PAD_LOWPOWER, -1 },
	{ PIN_CONFIG_VSOC_WAKEUP, VSOC_PAD_WAKEUP, -1 },
	{ PIN_CONFIG_INPUT_ENABLE, VSOC_PAD_INPUT, -1 },
};

static int vsoc_pad_simple_find(unsigned int param)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(vsoc_pad_simple); i++)
		if (vsoc_pad_simple[i].param == param)
			return i;
	return -1;
}

/**
 * vsoc_pad_encode() - encode one pin configuration as PAD register fields
 * @param: a generic or VSOC pin configuration parameter
 * @arg: its argument, as the DT or a driver gave it (not truncated)
 * @mask: the PAD fields the setting changes
 * @val: their new value
 *
 * A setting changes only the fields it names (datasheet section 5), so the
 * new PAD value is ``(old & ~*mask) | *val``. An argument the hardware cannot
 * hold exactly is refused, never rounded.
 *
 * Return: 0 on success, -EINVAL if the block cannot hold @arg, -ENOTSUPP if
 * it does not have @param at all.
 */
int vsoc_pad_encode(unsigned int param, u32 arg, u32 *mask, u32 *val)
{
	int code, i = vsoc_pad_simple_find(param);

	*mask = 0;
	*val = 0;

	if (i >= 0) {
		if (vsoc_pad_simple[i].value < 0 && arg > 1)
			return -EINVAL;
		vsoc_field(mask, val, vsoc_pad_simple[i].field,
			   vsoc_pad_simple[i].value < 0 ? arg : vsoc_pad_simple[i].value);
		return 0;
	}

	switch (param) {
	case PIN_CONFIG_BIAS_PULL_UP:
	case PIN_CONFIG_BIAS_PULL_DOWN:
		code = vsoc_pull_code(arg);
		if (code < 0)
			return code;
		vsoc_field(mask, val, VSOC_PAD_BIAS, param == PIN_CONFIG_BIAS_PULL_UP ?
			 VSOC_BIAS_PULL_UP : VSOC_BIAS_PULL_DOWN);
		vsoc_field(mask, val, VSOC_PAD_PULL, code);
		break;
	case PIN_CONFIG_OUTPUT_ENABLE:
		/* Only "off": enabling means choosing a drive kind. */
		if (arg)
			return -EINVAL;
		vsoc_field(mask, val, VSOC_PAD_DRIVE, VSOC_DRIVE_OFF);
		break;
	case PIN_CONFIG_DRIVE_STRENGTH:
		/* 1 to 8 stages of 2 mA */
		if (arg < 2 || arg > 16 || arg % 2)
			return -EINVAL;
		vsoc_field(mask, val, VSOC_PAD_STAGES, arg / 2 - 1);
		break;
	case PIN_CONFIG_INPUT_SCHMITT:
		/* 0 is off, 1 to 4 the hysteresis level */
		if (arg > 4)
			return -EINVAL;
		vsoc_field(mask, val, VSOC_PAD_SCHMITT, !!arg);
		if (arg)
			vsoc_field(mask, val, VSOC_PAD_HYST, arg - 1);
		break;
	case PIN_CONFIG_INPUT_DEBOUNCE:
		/* k = 1..15 filters for 2^(k-1) us */
		if (arg && (!is_power_of_2(arg) || arg > 16384))
			return -EINVAL;
		vsoc_field(mask, val, VSOC_PAD_DEBOUNCE, arg ? ilog2(arg) + 1 : 0);
		break;
	case PIN_CONFIG_SLEW_RATE:
	case PIN_CONFIG_VSOC_SLEW_RISING:
	case PIN_CONFIG_VSOC_SLEW_FALLING:
		code = vsoc_slew_code(arg);
		if (code < 0)
			return code;
		if (param != PIN_CONFIG_VSOC_SLEW_FALLING)
			vsoc_field(mask, val, VSOC_PAD_SLEW_RISE, code);
		if (param != PIN_CONFIG_VSOC_SLEW_RISING)
			vsoc_field(mask, val, VSOC_PAD_SLEW_FALL, code);
		break;
	case PIN_CONFIG_POWER_SOURCE:
		/* 0 = 3.3 V, 1 = 1.8 V, 2 = 2.5 V */
		if (arg > 2)
			return -EINVAL;
		vsoc_field(mask, val, VSOC_PAD_POWER, arg);
		break;
	default:
		return -ENOTSUPP;
	}

	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(vsoc_pad_encode);

/**
 * vsoc_pad_decode() - read one pin configuration out of a PAD register value
 * @pad: the PAD register
 * @param: the parameter asked for
 * @arg: its argument, when it is in effect
 *
 * Follows the rules of &pinconf_ops.pin_config_get, so that the pin state
 * left by reset or firmware shows in debugfs as it is.
 *
 * Return: 0 if @param is in effect, -EINVAL if the block has it but it is
 * off, -ENOTSUPP if the block does not have it.
 */
int vsoc_pad_decode(u32 pad, unsigned int param, u32 *arg)
{
	u32 bias = FIELD_GET(VSOC_PAD_BIAS, pad);
	u32 drive = FIELD_GET(VSOC_PAD_DRIVE, pad);
	u32 rise = FIELD_GET(VSOC_PAD_SLEW_RISE, pad);
	u32 fall = FIELD_GET(VSOC_PAD_SLEW_FALL, pad);
	int i = vsoc_pad_simple_find(param);
	bool on;

	*arg = 1;

	if (i >= 0) {
		u32 v = (pad & vsoc_pad_simple[i].field) >>
			__ffs(vsoc_pad_simple[i].field);

		on = vsoc_pad_simple[i].value < 0 ? v : v == vsoc_pad_simple[i].value;
		return on ? 0 : -EINVAL;
	}

	switch (param) {
	case PIN_CONFIG_BIAS_PULL_UP:
	case PIN_CONFIG_BIAS_PULL_DOWN:
		on = bias == (param == PIN_CONFIG_BIAS_PULL_UP ?
			      VSOC_BIAS_PULL_UP : VSOC_BIAS_PULL_DOWN);
		*arg = vsoc_pull_ohms[FIELD_GET(VSOC_PAD_PULL, pad)];
		break;
	case PIN_CONFIG_OUTPUT_ENABLE:
		on = drive != VSOC_DRIVE_OFF;
		break;
	case PIN_CONFIG_DRIVE_STRENGTH:
		on = true;
		*arg = 2 * (FIELD_GET(VSOC_PAD_STAGES, pad) + 1);
		break;
	case PIN_CONFIG_INPUT_SCHMITT:
		on = pad & VSOC_PAD_SCHMITT;
		*arg = FIELD_GET(VSOC_PAD_HYST, pad) + 1;
		break;
	case PIN_CONFIG_INPUT_DEBOUNCE:
		on = FIELD_GET(VSOC_PAD_DEBOUNCE, pad);
		*arg = on ? 1 << (FIELD_GET(VSOC_PAD_DEBOUNCE, pad) - 1) : 0;
		break;
	case PIN_CONFIG_SLEW_RATE:
		/* One rate for both edges only when they agree */
		on = rise == fall;
		*arg = 4 - rise;
		break;
	case PIN_CONFIG_VSOC_SLEW_RISING:
		on = true;
		*arg = 4 - rise;
		break;
	case PIN_CONFIG_VSOC_SLEW_FALLING:
		on = true;
		*arg = 4 - fall;
		break;
	case PIN_CONFIG_POWER_SOURCE:
		on = true;
		*arg = FIELD_GET(VSOC_PAD_POWER, pad);
		break;
	default:
		return -ENOTSUPP;
	}

	return on ? 0 : -EINVAL;
}
EXPORT_SYMBOL_IF_KUNIT(vsoc_pad_decode);

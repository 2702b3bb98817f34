// SPDX-License-Identifier: GPL-2.0
/*
 * The VSOC pin controller datasheet, revision 1.0, as tables: see
 * vsoc-datasheet.h. Every number here is the sheet's; section numbers refer
 * to it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vsoc-datasheet.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* Section 4 */

static const struct {
	const char *name;
	unsigned int shift, width;
} fields[VSOC_NR_FIELDS] = {
	[VSOC_F_BIAS]		= { "BIAS", 0, 3 },
	[VSOC_F_PULL]		= { "PULL", 3, 2 },
	[VSOC_F_DRIVE]		= { "DRIVE", 5, 2 },
	[VSOC_F_STAGES]		= { "STAGES", 7, 3 },
	[VSOC_F_SCHMITT]	= { "SCHMITT", 10, 1 },
	[VSOC_F_HYST]		= { "HYST", 11, 2 },
	[VSOC_F_DEBOUNCE]	= { "DEBOUNCE", 13, 4 },
	[VSOC_F_SLEW_RISE]	= { "SLEW_RISE", 17, 2 },
	[VSOC_F_SLEW_FALL]	= { "SLEW_FALL", 19, 2 },
	[VSOC_F_POWER]		= { "POWER", 21, 2 },
	[VSOC_F_LOWPOWER]	= { "LOWPOWER", 23, 1 },
	[VSOC_F_WAKEUP]		= { "WAKEUP", 24, 1 },
	[VSOC_F_INPUT]		= { "INPUT", 25, 1 },
	[VSOC_F_RESERVED]	= { "RESERVED", 26, 6 },
};

static const char *const bias_names[] = {
	"disable", "high-z", "pull-up", "pull-down", "high", "ground",
	"rsvd6", "rsvd7",
};
static const char *const drive_names[] = {
	"off", "push-pull", "open-drain", "open-source",
};
/* PULL code to ohms, and to the short name */
static const uint32_t pull_ohms[] = { 100000, 47000, 22000, 10000 };
static const char *const pull_names[] = { "100k", "47k", "22k", "10k" };
static const char *const power_names[] = { "3.3V", "1.8V", "2.5V", "rsvd3" };

const char *vsoc_field_name(enum vsoc_field f)
{
	return fields[f].name;
}

uint32_t vsoc_field_mask(enum vsoc_field f)
{
	return ((1u << fields[f].width) - 1) << fields[f].shift;
}

uint32_t vsoc_field_get(uint32_t pad, enum vsoc_field f)
{
	return (pad & vsoc_field_mask(f)) >> fields[f].shift;
}

uint32_t vsoc_field_put(enum vsoc_field f, uint32_t v)
{
	return (v << fields[f].shift) & vsoc_field_mask(f);
}

const char *vsoc_field_str(enum vsoc_field f, uint32_t v, char *buf, size_t n)
{
	static const char *const onoff[] = { "off", "on" };

	switch (f) {
	case VSOC_F_BIAS:
		return bias_names[v & 7];
	case VSOC_F_PULL:
		return pull_names[v & 3];
	case VSOC_F_DRIVE:
		return drive_names[v & 3];
	case VSOC_F_STAGES:
		snprintf(buf, n, "%umA", 2 * (v + 1));
		break;
	case VSOC_F_HYST:
		snprintf(buf, n, "lvl%u", v + 1);
		break;
	case VSOC_F_DEBOUNCE:
		if (!v)
			return "off";
		snprintf(buf, n, "%uus", 1u << (v - 1));
		break;
	case VSOC_F_SLEW_RISE:
	case VSOC_F_SLEW_FALL:
		/* code c is (4 - c) quarters of nominal */
		snprintf(buf, n, "%u/4", 4 - (v & 3));
		break;
	case VSOC_F_POWER:
		return power_names[v & 3];
	case VSOC_F_SCHMITT:
	case VSOC_F_LOWPOWER:
	case VSOC_F_WAKEUP:
	case VSOC_F_INPUT:
		return onoff[v & 1];
	default:
		snprintf(buf, n, "0x%x", v);
		break;
	}
	return buf;
}

/* Section 3: pins. Banks 0-25 are A-Z, banks 26-31 are AA-AF. */

int vsoc_pin_name(unsigned int pin, char *buf, size_t n)
{
	unsigned int bank = pin / VSOC_PINS_PER_BANK;

	if (bank >= VSOC_MAX_BANKS)
		return -1;
	if (bank < 26)
		snprintf(buf, n, "P%c%u", 'A' + bank, pin % VSOC_PINS_PER_BANK);
	else
		snprintf(buf, n, "PA%c%u", 'A' + bank - 26, pin % VSOC_PINS_PER_BANK);
	return 0;
}

int vsoc_pin_by_name(const char *name, unsigned int npins)
{
	char own[16];
	unsigned int bank;
	unsigned long index;
	char *end;

	if (name[0] != 'P' || name[1] < 'A' || name[1] > 'Z')
		return -1;
	if (name[2] >= 'A' && name[2] <= 'Z') {
		if (name[1] != 'A' || name[2] > 'F')
			return -1;
		bank = 26 + name[2] - 'A';
	} else {
		bank = name[1] - 'A';
	}
	index = strtoul(name + (bank < 26 ? 2 : 3), &end, 10);
	if (*end || index >= VSOC_PINS_PER_BANK)
		return -1;
	index += bank * VSOC_PINS_PER_BANK;
	if (index >= npins)
		return -1;
	/* no leading zeros or signs: the name must be the pin's own */
	vsoc_pin_name(index, own, sizeof(own));
	return strcmp(own, name) ? -1 : (int)index;
}

/* Section 3: the group table */

#define GROUP(_name, _func, _mux, ...)					\
	{ #_name, #_func, _mux,						\
	  ARRAY_SIZE(((const unsigned int[]){ __VA_ARGS__ })),		\
	  (const unsigned int[]){ __VA_ARGS__ } }

static const struct vsoc_group groups[] = {
	GROUP(uart0_grp, uart0, 1, 0, 1),
	GROUP(uart0_rtscts_grp, uart0, 1, 2, 3),
	GROUP(uart1_grp, uart1, 1, 4, 5),
	GROUP(i2c0_a_grp, i2c0, 3, 6, 7),
	GROUP(i2c0_d_grp, i2c0, 2, 122, 123),
	GROUP(pwm0_grp, pwm, 2, 8),
	GROUP(pwm1_grp, pwm, 2, 9),
	GROUP(pwm2_grp, pwm, 2, 10),
	GROUP(pwm3_grp, pwm, 2, 11),
	GROUP(jtag_grp, jtag, 1, 12, 13, 14, 15),
	GROUP(sdmmc0_grp, sdmmc0, 1, 32, 33, 34, 35, 36, 37),
	GROUP(spi1_grp, spi1, 2, 40, 41, 42, 43),
	GROUP(uart2_grp, uart2, 1, 44, 45),
	GROUP(spi0_grp, spi0, 3, 76, 77, 78, 79),
	GROUP(i2c1_grp, i2c1, 2, 77, 78),
	GROUP(i2s0_grp, i2s0, 1, 80, 81, 82),
	GROUP(i2s0_mclk_grp, i2s0, 1, 83),
	GROUP(uart3_grp, uart3, 1, 96, 97),
	GROUP(eth0_rgmii_grp, eth0, 1, 128, 129, 130, 131, 132, 133, 134,
	      135, 136, 137, 138, 139, 140, 141),
	GROUP(clkout0_grp, clkout, 4, 160),
};

/* A table group all of whose pins the part has, or NULL */
static const struct vsoc_group *group_find(const char *name, unsigned int npins)
{
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(groups); i++) {
		if (strcmp(groups[i].name, name))
			continue;
		for (j = 0; j < groups[i].npins; j++)
			if (groups[i].pins[j] >= npins)
				return NULL;
		return &groups[i];
	}
	return NULL;
}

int vsoc_group_pins(const char *group, unsigned int npins,
		    unsigned int pins[VSOC_GROUP_MAX_PINS])
{
	const struct vsoc_group *g = group_find(group, npins);
	int pin;

	if (g) {
		memcpy(pins, g->pins, g->npins * sizeof(*pins));
		return g->npins;
	}
	pin = vsoc_pin_by_name(group, npins);
	if (pin < 0)
		return -1;
	pins[0] = pin;
	return 1;
}

int vsoc_mux_select(const char *function, const char *group, unsigned int npins)
{
	const struct vsoc_group *g = group_find(group, npins);

	/* a pin's own group, or the group of a node's pins: GPIO, select 0 */
	if (!g)
		return (vsoc_pin_by_name(group, npins) >= 0 || group[0] == '/') &&
		       !strcmp(function, VSOC_GPIO_FUNCTION) ? 0 : -1;
	return strcmp(function, g->function) ? -1 : (int)g->mux;
}

bool vsoc_function_exists(const char *function)
{
	unsigned int i;

	if (!strcmp(function, VSOC_GPIO_FUNCTION))
		return true;
	for (i = 0; i < ARRAY_SIZE(groups); i++)
		if (!strcmp(groups[i].function, function))
			return true;
	return false;
}

/* Section 5 */

uint32_t vsoc_param_fields(enum vsoc_param param)
{
	switch (param) {
	case VSOC_P_BIAS_PULL_UP:
	case VSOC_P_BIAS_PULL_DOWN:
		return vsoc_field_mask(VSOC_F_BIAS) | vsoc_field_mask(VSOC_F_PULL);
	case VSOC_P_BIAS_DISABLE:
	case VSOC_P_BIAS_HIGH_IMPEDANCE:
	case VSOC_P_BIAS_HIGH:
	case VSOC_P_BIAS_GROUND:
		/* the other biases keep the resistor code */
		return vsoc_field_mask(VSOC_F_BIAS);
	case VSOC_P_DRIVE_PUSH_PULL:
	case VSOC_P_DRIVE_OPEN_DRAIN:
	case VSOC_P_DRIVE_OPEN_SOURCE:
	case VSOC_P_DRIVE_OFF:
		return vsoc_field_mask(VSOC_F_DRIVE);
	case VSOC_P_DRIVE_STRENGTH:
		return vsoc_field_mask(VSOC_F_STAGES);
	case VSOC_P_INPUT_SCHMITT:
		return vsoc_field_mask(VSOC_F_SCHMITT) | vsoc_field_mask(VSOC_F_HYST);
	case VSOC_P_INPUT_SCHMITT_ENABLE:
		return vsoc_field_mask(VSOC_F_SCHMITT);
	case VSOC_P_INPUT_DEBOUNCE:
		return vsoc_field_mask(VSOC_F_DEBOUNCE);
	case VSOC_P_SLEW_RATE:
		return vsoc_field_mask(VSOC_F_SLEW_RISE) | vsoc_field_mask(VSOC_F_SLEW_FALL);
	case VSOC_P_SLEW_RISING:
		return vsoc_field_mask(VSOC_F_SLEW_RISE);
	case VSOC_P_SLEW_FALLING:
		return vsoc_field_mask(VSOC_F_SLEW_FALL);
	case VSOC_P_POWER_SOURCE:
		return vsoc_field_mask(VSOC_F_POWER);
	case VSOC_P_LOW_POWER:
		return vsoc_field_mask(VSOC_F_LOWPOWER);
	case VSOC_P_WAKEUP:
		return vsoc_field_mask(VSOC_F_WAKEUP);
	case VSOC_P_INPUT_ENABLE:
		return vsoc_field_mask(VSOC_F_INPUT);
	}
	return 0;
}

static int pull_code(uint32_t ohms)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pull_ohms); i++)
		if (pull_ohms[i] == ohms)
			return i;
	return -1;
}

/* quarters of nominal: 4 (or 0) nominal, 3, 2, 1 */
static int slew_code(uint32_t quarters)
{
	if (quarters > 4)
		return -1;
	return quarters ? 4 - quarters : 0;
}

/* 0 off, else a power of two from 1 to 16384 us: 2^(k-1) us -> k */
static int debounce_code(uint32_t us)
{
	int k = 1;

	if (!us)
		return 0;
	if (us > 16384 || (us & (us - 1)))
		return -1;
	while (us >>= 1)
		k++;
	return k;
}

/* The parameters whose argument is the field's code, up to a maximum */
static int encode_code(enum vsoc_param param, uint32_t arg, uint32_t *val)
{
	static const struct {
		enum vsoc_field field;
		uint32_t max;
	} codes[] = {
		[VSOC_P_POWER_SOURCE] = { VSOC_F_POWER, 2 },
		[VSOC_P_LOW_POWER] = { VSOC_F_LOWPOWER, 1 },
		[VSOC_P_WAKEUP] = { VSOC_F_WAKEUP, 1 },
		[VSOC_P_INPUT_ENABLE] = { VSOC_F_INPUT, 1 },
		[VSOC_P_INPUT_SCHMITT_ENABLE] = { VSOC_F_SCHMITT, 1 },
	};

	if (param >= ARRAY_SIZE(codes) || !codes[param].max || arg > codes[param].max)
		return -1;
	*val = vsoc_field_put(codes[param].field, arg);
	return 0;
}

/* BIAS (and PULL) from a bias parameter */
static int encode_bias(enum vsoc_param param, uint32_t arg, uint32_t *val)
{
	static const uint32_t bias[] = {
		[VSOC_P_BIAS_DISABLE] = VSOC_BIAS_DISABLE,
		[VSOC_P_BIAS_HIGH_IMPEDANCE] = VSOC_BIAS_HIGH_Z,
		[VSOC_P_BIAS_PULL_UP] = VSOC_BIAS_PULL_UP,
		[VSOC_P_BIAS_PULL_DOWN] = VSOC_BIAS_PULL_DOWN,
		[VSOC_P_BIAS_HIGH] = VSOC_BIAS_HIGH,
		[VSOC_P_BIAS_GROUND] = VSOC_BIAS_GROUND,
	};
	int code = 0;

	if (param == VSOC_P_BIAS_PULL_UP || param == VSOC_P_BIAS_PULL_DOWN)
		code = pull_code(arg);
	if (code < 0)
		return -1;
	*val = vsoc_field_put(VSOC_F_BIAS, bias[param]) |
	       vsoc_field_put(VSOC_F_PULL, code);
	return 0;
}

/* DRIVE from a drive parameter; output-disable is DRIVE = 0 */
static uint32_t encode_drive(enum vsoc_param param)
{
	switch (param) {
	case VSOC_P_DRIVE_PUSH_PULL:
		return vsoc_field_put(VSOC_F_DRIVE, VSOC_DRIVE_PUSH_PULL);
	case VSOC_P_DRIVE_OPEN_DRAIN:
		return vsoc_field_put(VSOC_F_DRIVE, VSOC_DRIVE_OPEN_DRAIN);
	case VSOC_P_DRIVE_OPEN_SOURCE:
		return vsoc_field_put(VSOC_F_DRIVE, VSOC_DRIVE_OPEN_SOURCE);
	default:
		return vsoc_field_put(VSOC_F_DRIVE, VSOC_DRIVE_OFF);
	}
}

/* The parameters whose argument needs a conversion to its code */
static int encode_converted(enum vsoc_param param, uint32_t arg, uint32_t *val)
{
	int code;

	switch (param) {
	case VSOC_P_DRIVE_STRENGTH:
		/* 1 to 8 stages of 2 mA */
		if (arg < 2 || arg > 16 || arg % 2)
			return -1;
		*val = vsoc_field_put(VSOC_F_STAGES, arg / 2 - 1);
		return 0;
	case VSOC_P_INPUT_SCHMITT:
		if (arg > 4)
			return -1;
		*val = arg ? vsoc_field_put(VSOC_F_SCHMITT, 1) |
			     vsoc_field_put(VSOC_F_HYST, arg - 1) : 0;
		return 0;
	case VSOC_P_INPUT_DEBOUNCE:
		code = debounce_code(arg);
		if (code < 0)
			return -1;
		*val = vsoc_field_put(VSOC_F_DEBOUNCE, code);
		return 0;
	default:
		/* the slew rates: one code, on the edges the parameter names */
		code = slew_code(arg);
		if (code < 0)
			return -1;
		*val = (vsoc_field_put(VSOC_F_SLEW_RISE, code) |
			vsoc_field_put(VSOC_F_SLEW_FALL, code)) &
		       vsoc_param_fields(param);
		return 0;
	}
}

int vsoc_param_encode(enum vsoc_param param, uint32_t arg, uint32_t *mask,
		      uint32_t *val)
{
	*mask = vsoc_param_fields(param);
	*val = 0;

	switch (param) {
	case VSOC_P_BIAS_DISABLE:
	case VSOC_P_BIAS_HIGH_IMPEDANCE:
	case VSOC_P_BIAS_PULL_UP:
	case VSOC_P_BIAS_PULL_DOWN:
	case VSOC_P_BIAS_HIGH:
	case VSOC_P_BIAS_GROUND:
		return encode_bias(param, arg, val);
	case VSOC_P_DRIVE_PUSH_PULL:
	case VSOC_P_DRIVE_OPEN_DRAIN:
	case VSOC_P_DRIVE_OPEN_SOURCE:
	case VSOC_P_DRIVE_OFF:
		*val = encode_drive(param);
		return 0;
	case VSOC_P_INPUT_SCHMITT:
		/* "input-schmitt = <0>" clears SCHMITT and keeps HYST */
		if (!arg)
			*mask = vsoc_field_mask(VSOC_F_SCHMITT);
		return encode_converted(param, arg, val);
	case VSOC_P_DRIVE_STRENGTH:
	case VSOC_P_INPUT_DEBOUNCE:
	case VSOC_P_SLEW_RATE:
	case VSOC_P_SLEW_RISING:
	case VSOC_P_SLEW_FALLING:
		return encode_converted(param, arg, val);
	default:
		return encode_code(param, arg, val);
	}
}

#define PULL_ALLOWED	"10000, 22000, 47000 or 100000 (ohms), or no value (100000)"
#define SLEW_ALLOWED	"4 or 0 (nominal), 3, 2 or 1 (quarters of nominal)"

static const struct vsoc_dt_prop dt_props[] = {
	{ "bias-disable", VSOC_P_BIAS_DISABLE, VSOC_DT_FLAG, 0, "no value" },
	{ "bias-high-impedance", VSOC_P_BIAS_HIGH_IMPEDANCE, VSOC_DT_FLAG, 0, "no value" },
	{ "bias-pull-up", VSOC_P_BIAS_PULL_UP, VSOC_DT_OPT_U32, 100000, PULL_ALLOWED },
	{ "bias-pull-down", VSOC_P_BIAS_PULL_DOWN, VSOC_DT_OPT_U32, 100000, PULL_ALLOWED },
	{ "vsoc,bias-high", VSOC_P_BIAS_HIGH, VSOC_DT_FLAG, 0, "no value" },
	{ "vsoc,bias-ground", VSOC_P_BIAS_GROUND, VSOC_DT_FLAG, 0, "no value" },
	{ "drive-push-pull", VSOC_P_DRIVE_PUSH_PULL, VSOC_DT_FLAG, 0, "no value" },
	{ "drive-open-drain", VSOC_P_DRIVE_OPEN_DRAIN, VSOC_DT_FLAG, 0, "no value" },
	{ "drive-open-source", VSOC_P_DRIVE_OPEN_SOURCE, VSOC_DT_FLAG, 0, "no value" },
	{ "output-disable", VSOC_P_DRIVE_OFF, VSOC_DT_FLAG, 0, "no value" },
	{ "drive-strength", VSOC_P_DRIVE_STRENGTH, VSOC_DT_U32, 0,
	  "2, 4, 6, 8, 10, 12, 14 or 16 (mA)" },
	{ "input-schmitt", VSOC_P_INPUT_SCHMITT, VSOC_DT_U32, 0,
	  "0 (off) or a hysteresis level from 1 to 4" },
	{ "input-schmitt-enable", VSOC_P_INPUT_SCHMITT_ENABLE, VSOC_DT_FLAG, 1, "no value" },
	{ "input-schmitt-disable", VSOC_P_INPUT_SCHMITT_ENABLE, VSOC_DT_FLAG, 0, "no value" },
	{ "input-debounce", VSOC_P_INPUT_DEBOUNCE, VSOC_DT_U32, 0,
	  "0 (off) or a power of two from 1 to 16384 (us)" },
	{ "slew-rate", VSOC_P_SLEW_RATE, VSOC_DT_U32, 0, SLEW_ALLOWED },
	{ "vsoc,slew-rate-rising", VSOC_P_SLEW_RISING, VSOC_DT_U32, 0, SLEW_ALLOWED },
	{ "vsoc,slew-rate-falling", VSOC_P_SLEW_FALLING, VSOC_DT_U32, 0, SLEW_ALLOWED },
	{ "power-source", VSOC_P_POWER_SOURCE, VSOC_DT_U32, 0,
	  "0 (3.3 V), 1 (1.8 V) or 2 (2.5 V)" },
	{ "low-power-enable", VSOC_P_LOW_POWER, VSOC_DT_FLAG, 1, "no value" },
	{ "low-power-disable", VSOC_P_LOW_POWER, VSOC_DT_FLAG, 0, "no value" },
	{ "vsoc,wakeup", VSOC_P_WAKEUP, VSOC_DT_OPT_U32, 1, "0 or 1, or no value (1)" },
	{ "input-enable", VSOC_P_INPUT_ENABLE, VSOC_DT_FLAG, 1, "no value" },
	{ "input-disable", VSOC_P_INPUT_ENABLE, VSOC_DT_FLAG, 0, "no value" },
};

const struct vsoc_dt_prop *vsoc_dt_prop_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(dt_props); i++)
		if (!strcmp(dt_props[i].name, name))
			return &dt_props[i];
	return NULL;
}

bool vsoc_dt_node_prop(const char *name)
{
	static const char *const props[] = {
		"pins", "groups", "function", "name", "phandle",
		"linux,phandle", "status",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(props); i++)
		if (!strcmp(props[i], name))
			return true;
	return false;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the VSOC pin controller: the encoding of every DT
 * property of the datasheet into PAD fields and back, every value the
 * hardware cannot hold, the ID checks at probe, and DT parsing of good and
 * bad pin configuration nodes through an overlay, on registers the test
 * owns.
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

#include <linux/pinctrl/pinconf-generic.h>
#include <linux/pinctrl/pinctrl.h>
#include <linux/pinctrl/pinmux.h>

#include "core.h"
#include "pinctrl-vsoc.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

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

/* Encoding: datasheet section 5, row by row */

struct vsoc_encode_case {
	const char *desc;
	unsigned int param;
	u32 arg;
	u32 mask;
	u32 val;
};

#define F(field, v)	FIELD_PREP_CONST(field, v)

static const struct vsoc_encode_case vsoc_encode_cases[] = {
	/* BIAS_DISABLE: bias-disable */
	{ "bias-disable", PIN_CONFIG_BIAS_DISABLE, 0, VSOC_PAD_BIAS, 0 },
	/* BIAS_HIGH_IMPEDANCE: bias-high-impedance */
	{ "bias-high-impedance", PIN_CONFIG_BIAS_HIGH_IMPEDANCE, 0,
	  VSOC_PAD_BIAS, 1 },
	/* BIAS_PULL_UP: every resistance, and no value (100 kOhm) */
	{ "bias-pull-up", PIN_CONFIG_BIAS_PULL_UP, 1,
	  VSOC_PAD_BIAS | VSOC_PAD_PULL, F(VSOC_PAD_BIAS, 2) | F(VSOC_PAD_PULL, 0) },
	{ "bias-pull-up = <100000>", PIN_CONFIG_BIAS_PULL_UP, 100000,
	  VSOC_PAD_BIAS | VSOC_PAD_PULL, F(VSOC_PAD_BIAS, 2) | F(VSOC_PAD_PULL, 0) },
	{ "bias-pull-up = <47000>", PIN_CONFIG_BIAS_PULL_UP, 47000,
	  VSOC_PAD_BIAS | VSOC_PAD_PULL, F(VSOC_PAD_BIAS, 2) | F(VSOC_PAD_PULL, 1) },
	{ "bias-pull-up = <22000>", PIN_CONFIG_BIAS_PULL_UP, 22000,
	  VSOC_PAD_BIAS | VSOC_PAD_PULL, F(VSOC_PAD_BIAS, 2) | F(VSOC_PAD_PULL, 2) },
	{ "bias-pull-up = <10000>", PIN_CONFIG_BIAS_PULL_UP, 10000,
	  VSOC_PAD_BIAS | VSOC_PAD_PULL, F(VSOC_PAD_BIAS, 2) | F(VSOC_PAD_PULL, 3) },
	/* BIAS_PULL_DOWN: as pull-up */
	{ "bias-pull-down", PIN_CONFIG_BIAS_PULL_DOWN, 1,
	  VSOC_PAD_BIAS | VSOC_PAD_PULL, F(VSOC_PAD_BIAS, 3) | F(VSOC_PAD_PULL, 0) },
	{ "bias-pull-down = <47000>", PIN_CONFIG_BIAS_PULL_DOWN, 47000,
	  VSOC_PAD_BIAS | VSOC_PAD_PULL, F(VSOC_PAD_BIAS, 3) | F(VSOC_PAD_PULL, 1) },
	{ "bias-pull-down = <22000>", PIN_CONFIG_BIAS_PULL_DOWN, 22000,
	  VSOC_PAD_BIAS | VSOC_PAD_PULL, F(VSOC_PAD_BIAS, 3) | F(VSOC_PAD_PULL, 2) },
	{ "bias-pull-down = <10000>", PIN_CONFIG_BIAS_PULL_DOWN, 10000,
	  VSOC_PAD_BIAS | VSOC_PAD_PULL, F(VSOC_PAD_BIAS, 3) | F(VSOC_PAD_PULL, 3) },
	/* BIAS_HIGH, BIAS_GROUND: vsoc,bias-high, vsoc,bias-ground */
	{ "vsoc,bias-high", PIN_CONFIG_VSOC_BIAS_HIGH, 1, VSOC_PAD_BIAS, 4 },
	{ "vsoc,bias-ground", PIN_CONFIG_VSOC_BIAS_GROUND, 1, VSOC_PAD_BIAS, 5 },
	/* DRIVE_*: drive-push-pull, -open-drain, -open-source, output-disable */
	{ "drive-push-pull", PIN_CONFIG_DRIVE_PUSH_PULL, 0, VSOC_PAD_DRIVE,
	  F(VSOC_PAD_DRIVE, 1) },
	{ "drive-open-drain", PIN_CONFIG_DRIVE_OPEN_DRAIN, 0, VSOC_PAD_DRIVE,
	  F(VSOC_PAD_DRIVE, 2) },
	{ "drive-open-source", PIN_CONFIG_DRIVE_OPEN_SOURCE, 0, VSOC_PAD_DRIVE,
	  F(VSOC_PAD_DRIVE, 3) },
	{ "output-disable", PIN_CONFIG_OUTPUT_ENABLE, 0, VSOC_PAD_DRIVE, 0 },
	/* drive-strength: 2 to 16 mA in 2 mA stages */
	{ "drive-strength = <2>", PIN_CONFIG_DRIVE_STRENGTH, 2, VSOC_PAD_STAGES, 0 },
	{ "drive-strength = <4>", PIN_CONFIG_DRIVE_STRENGTH, 4, VSOC_PAD_STAGES,
	  F(VSOC_PAD_STAGES, 1) },
	{ "drive-strength = <6>", PIN_CONFIG_DRIVE_STRENGTH, 6, VSOC_PAD_STAGES,
	  F(VSOC_PAD_STAGES, 2) },
	{ "drive-strength = <8>", PIN_CONFIG_DRIVE_STRENGTH, 8, VSOC_PAD_STAGES,
	  F(VSOC_PAD_STAGES, 3) },
	{ "drive-strength = <10>", PIN_CONFIG_DRIVE_STRENGTH, 10, VSOC_PAD_STAGES,
	  F(VSOC_PAD_STAGES, 4) },
	{ "drive-strength = <12>", PIN_CONFIG_DRIVE_STRENGTH, 12, VSOC_PAD_STAGES,
	  F(VSOC_PAD_STAGES, 5) },
	{ "drive-strength = <14>", PIN_CONFIG_DRIVE_STRENGTH, 14, VSOC_PAD_STAGES,
	  F(VSOC_PAD_STAGES, 6) },
	{ "drive-strength = <16>", PIN_CONFIG_DRIVE_STRENGTH, 16, VSOC_PAD_STAGES,
	  F(VSOC_PAD_STAGES, 7) },
	/* INPUT_SCHMITT: input-schmitt = <0..4>, -enable, -disable */
	{ "input-schmitt = <0>", PIN_CONFIG_INPUT_SCHMITT, 0, VSOC_PAD_SCHMITT, 0 },
	{ "input-schmitt = <1>", PIN_CONFIG_INPUT_SCHMITT, 1,
	  VSOC_PAD_SCHMITT | VSOC_PAD_HYST, VSOC_PAD_SCHMITT | F(VSOC_PAD_HYST, 0) },
	{ "input-schmitt = <2>", PIN_CONFIG_INPUT_SCHMITT, 2,
	  VSOC_PAD_SCHMITT | VSOC_PAD_HYST, VSOC_PAD_SCHMITT | F(VSOC_PAD_HYST, 1) },
	{ "input-schmitt = <3>", PIN_CONFIG_INPUT_SCHMITT, 3,
	  VSOC_PAD_SCHMITT | VSOC_PAD_HYST, VSOC_PAD_SCHMITT | F(VSOC_PAD_HYST, 2) },
	{ "input-schmitt = <4>", PIN_CONFIG_INPUT_SCHMITT, 4,
	  VSOC_PAD_SCHMITT | VSOC_PAD_HYST, VSOC_PAD_SCHMITT | F(VSOC_PAD_HYST, 3) },
	{ "input-schmitt-enable", PIN_CONFIG_INPUT_SCHMITT_ENABLE, 1,
	  VSOC_PAD_SCHMITT, VSOC_PAD_SCHMITT },
	{ "input-schmitt-disable", PIN_CONFIG_INPUT_SCHMITT_ENABLE, 0,
	  VSOC_PAD_SCHMITT, 0 },
	/* INPUT_DEBOUNCE: 0, or 2^(k-1) us for k = 1..15 */
	{ "input-debounce = <0>", PIN_CONFIG_INPUT_DEBOUNCE, 0, VSOC_PAD_DEBOUNCE, 0 },
	{ "input-debounce = <1>", PIN_CONFIG_INPUT_DEBOUNCE, 1, VSOC_PAD_DEBOUNCE,
	  F(VSOC_PAD_DEBOUNCE, 1) },
	{ "input-debounce = <2>", PIN_CONFIG_INPUT_DEBOUNCE, 2, VSOC_PAD_DEBOUNCE,
	  F(VSOC_PAD_DEBOUNCE, 2) },
	{ "input-debounce = <1024>", PIN_CONFIG_INPUT_DEBOUNCE, 1024,
	  VSOC_PAD_DEBOUNCE, F(VSOC_PAD_DEBOUNCE, 11) },
	{ "input-debounce = <16384>", PIN_CONFIG_INPUT_DEBOUNCE, 16384,
	  VSOC_PAD_DEBOUNCE, F(VSOC_PAD_DEBOUNCE, 15) },
	/* SLEW_RATE_RISING, SLEW_RATE_FALLING, slew-rate: quarters of nominal */
	{ "vsoc,slew-rate-rising = <4>", PIN_CONFIG_VSOC_SLEW_RISING, 4,
	  VSOC_PAD_SLEW_RISE, 0 },
	{ "vsoc,slew-rate-rising = <0>", PIN_CONFIG_VSOC_SLEW_RISING, 0,
	  VSOC_PAD_SLEW_RISE, 0 },
	{ "vsoc,slew-rate-rising = <3>", PIN_CONFIG_VSOC_SLEW_RISING, 3,
	  VSOC_PAD_SLEW_RISE, F(VSOC_PAD_SLEW_RISE, 1) },
	{ "vsoc,slew-rate-rising = <2>", PIN_CONFIG_VSOC_SLEW_RISING, 2,
	  VSOC_PAD_SLEW_RISE, F(VSOC_PAD_SLEW_RISE, 2) },
	{ "vsoc,slew-rate-rising = <1>", PIN_CONFIG_VSOC_SLEW_RISING, 1,
	  VSOC_PAD_SLEW_RISE, F(VSOC_PAD_SLEW_RISE, 3) },
	{ "vsoc,slew-rate-falling = <4>", PIN_CONFIG_VSOC_SLEW_FALLING, 4,
	  VSOC_PAD_SLEW_FALL, 0 },
	{ "vsoc,slew-rate-falling = <3>", PIN_CONFIG_VSOC_SLEW_FALLING, 3,
	  VSOC_PAD_SLEW_FALL, F(VSOC_PAD_SLEW_FALL, 1) },
	{ "vsoc,slew-rate-falling = <2>", PIN_CONFIG_VSOC_SLEW_FALLING, 2,
	  VSOC_PAD_SLEW_FALL, F(VSOC_PAD_SLEW_FALL, 2) },
	{ "vsoc,slew-rate-falling = <1>", PIN_CONFIG_VSOC_SLEW_FALLING, 1,
	  VSOC_PAD_SLEW_FALL, F(VSOC_PAD_SLEW_FALL, 3) },
	{ "slew-rate = <4>", PIN_CONFIG_SLEW_RATE, 4,
	  VSOC_PAD_SLEW_RISE | VSOC_PAD_SLEW_FALL, 0 },
	{ "slew-rate = <1>", PIN_CONFIG_SLEW_RATE, 1,
	  VSOC_PAD_SLEW_RISE | VSOC_PAD_SLEW_FALL,
	  F(VSOC_PAD_SLEW_RISE, 3) | F(VSOC_PAD_SLEW_FALL, 3) },
	/* POWER_SOURCE: power-source */
	{ "power-source = <0>", PIN_CONFIG_POWER_SOURCE, 0, VSOC_PAD_POWER, 0 },
	{ "power-source = <1>", PIN_CONFIG_POWER_SOURCE, 1, VSOC_PAD_POWER,
	  F(VSOC_PAD_POWER, 1) },
	{ "power-source = <2>", PIN_CONFIG_POWER_SOURCE, 2, VSOC_PAD_POWER,
	  F(VSOC_PAD_POWER, 2) },
	/* LOW_POWER_MODE: low-power-enable, low-power-disable */
	{ "low-power-enable", PIN_CONFIG_MODE_LOW_POWER, 1, VSOC_PAD_LOWPOWER,
	  VSOC_PAD_LOWPOWER },
	{ "low-power-disable", PIN_CONFIG_MODE_LOW_POWER, 0, VSOC_PAD_LOWPOWER, 0 },
	/* WAKEUP: vsoc,wakeup (no value is 1) */
	{ "vsoc,wakeup", PIN_CONFIG_VSOC_WAKEUP, 1, VSOC_PAD_WAKEUP, VSOC_PAD_WAKEUP },
	{ "vsoc,wakeup = <0>", PIN_CONFIG_VSOC_WAKEUP, 0, VSOC_PAD_WAKEUP, 0 },
	/* input buffer: input-enable, input-disable */
	{ "input-enable", PIN_CONFIG_INPUT_ENABLE, 1, VSOC_PAD_INPUT, VSOC_PAD_INPUT },
	{ "input-disable", PIN_CONFIG_INPUT_ENABLE, 0, VSOC_PAD_INPUT, 0 },
};

static void vsoc_encode_case_desc(const struct vsoc_encode_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(vsoc_encode, vsoc_encode_cases, vsoc_encode_case_desc);

/*
 * Test that each DT property of the datasheet sets exactly its PAD fields
 * to the datasheet's code.
 */
static void vsoc_pad_encode_test(struct kunit *test)
{
	const struct vsoc_encode_case *c = test->param_value;
	u32 mask, val;

	KUNIT_ASSERT_EQ(test, 0, vsoc_pad_encode(c->param, c->arg, &mask, &val));
	KUNIT_EXPECT_EQ(test, c->mask, mask);
	KUNIT_EXPECT_EQ(test, c->val, val);
}

/*
 * Test that the value a property wrote reads back: in effect (0) with the
 * same argument, or off (-EINVAL) for the settings that turn a feature off.
 */
static void vsoc_pad_decode_test(struct kunit *test)
{
	const struct vsoc_encode_case *c = test->param_value;
	u32 mask, val, arg;
	int ret;

	KUNIT_ASSERT_EQ(test, 0, vsoc_pad_encode(c->param, c->arg, &mask, &val));
	ret = vsoc_pad_decode(val, c->param, &arg);

	switch (c->param) {
	case PIN_CONFIG_OUTPUT_ENABLE:
	case PIN_CONFIG_INPUT_SCHMITT:
	case PIN_CONFIG_INPUT_SCHMITT_ENABLE:
	case PIN_CONFIG_INPUT_DEBOUNCE:
	case PIN_CONFIG_MODE_LOW_POWER:
	case PIN_CONFIG_VSOC_WAKEUP:
	case PIN_CONFIG_INPUT_ENABLE:
		if (!c->arg) {
			KUNIT_EXPECT_EQ(test, -EINVAL, ret);
			return;
		}
		break;
	default:
		break;
	}
	KUNIT_ASSERT_EQ(test, 0, ret);

	switch (c->param) {
	case PIN_CONFIG_BIAS_PULL_UP:
	case PIN_CONFIG_BIAS_PULL_DOWN:
		KUNIT_EXPECT_EQ(test, c->arg == 1 ? 100000 : c->arg, arg);
		break;
	case PIN_CONFIG_DRIVE_STRENGTH:
	case PIN_CONFIG_INPUT_SCHMITT:
	case PIN_CONFIG_INPUT_DEBOUNCE:
	case PIN_CONFIG_POWER_SOURCE:
		KUNIT_EXPECT_EQ(test, c->arg, arg);
		break;
	case PIN_CONFIG_SLEW_RATE:
	case PIN_CONFIG_VSOC_SLEW_RISING:
	case PIN_CONFIG_VSOC_SLEW_FALLING:
		KUNIT_EXPECT_EQ(test, c->arg ?: 4, arg);
		break;
	default:
		break;
	}
}

/* Values the hardware cannot hold, and parameters it does not have */
struct vsoc_reject_case {
	const char *desc;
	unsigned int param;
	u32 arg;
	int err;
};

static const struct vsoc_reject_case vsoc_reject_cases[] = {
	{ "bias-pull-up = <0>", PIN_CONFIG_BIAS_PULL_UP, 0, -EINVAL },
	{ "bias-pull-up = <4700>", PIN_CONFIG_BIAS_PULL_UP, 4700, -EINVAL },
	{ "bias-pull-up = <50000>", PIN_CONFIG_BIAS_PULL_UP, 50000, -EINVAL },
	{ "bias-pull-down = <100001>", PIN_CONFIG_BIAS_PULL_DOWN, 100001, -EINVAL },
	{ "drive-strength = <0>", PIN_CONFIG_DRIVE_STRENGTH, 0, -EINVAL },
	{ "drive-strength = <1>", PIN_CONFIG_DRIVE_STRENGTH, 1, -EINVAL },
	{ "drive-strength = <7>", PIN_CONFIG_DRIVE_STRENGTH, 7, -EINVAL },
	{ "drive-strength = <18>", PIN_CONFIG_DRIVE_STRENGTH, 18, -EINVAL },
	{ "drive-strength = <0x1000008>", PIN_CONFIG_DRIVE_STRENGTH, 0x1000008, -EINVAL },
	{ "input-schmitt = <5>", PIN_CONFIG_INPUT_SCHMITT, 5, -EINVAL },
	{ "input-schmitt-enable = <2>", PIN_CONFIG_INPUT_SCHMITT_ENABLE, 2, -EINVAL },
	{ "input-debounce = <3>", PIN_CONFIG_INPUT_DEBOUNCE, 3, -EINVAL },
	{ "input-debounce = <1000>", PIN_CONFIG_INPUT_DEBOUNCE, 1000, -EINVAL },
	{ "input-debounce = <32768>", PIN_CONFIG_INPUT_DEBOUNCE, 32768, -EINVAL },
	{ "slew-rate = <5>", PIN_CONFIG_SLEW_RATE, 5, -EINVAL },
	{ "vsoc,slew-rate-rising = <8>", PIN_CONFIG_VSOC_SLEW_RISING, 8, -EINVAL },
	{ "vsoc,slew-rate-falling = <0xffffffff>", PIN_CONFIG_VSOC_SLEW_FALLING,
	  0xffffffff, -EINVAL },
	{ "power-source = <3>", PIN_CONFIG_POWER_SOURCE, 3, -EINVAL },
	{ "power-source = <1800>", PIN_CONFIG_POWER_SOURCE, 1800, -EINVAL },
	{ "low-power mode 2", PIN_CONFIG_MODE_LOW_POWER, 2, -EINVAL },
	{ "vsoc,wakeup = <2>", PIN_CONFIG_VSOC_WAKEUP, 2, -EINVAL },
	{ "input-enable = <2>", PIN_CONFIG_INPUT_ENABLE, 2, -EINVAL },
	{ "output-enable", PIN_CONFIG_OUTPUT_ENABLE, 1, -EINVAL },
	{ "bias-bus-hold", PIN_CONFIG_BIAS_BUS_HOLD, 0, -ENOTSUPP },
	{ "bias-pull-pin-default", PIN_CONFIG_BIAS_PULL_PIN_DEFAULT, 1,
	  -ENOTSUPP },
	{ "drive-strength-microamp", PIN_CONFIG_DRIVE_STRENGTH_UA, 4000,
	  -ENOTSUPP },
	{ "input-schmitt-microvolts", PIN_CONFIG_INPUT_SCHMITT_UV, 1000,
	  -ENOTSUPP },
	{ "output-high", PIN_CONFIG_OUTPUT, 1, -ENOTSUPP },
	{ "output-impedance-ohms", PIN_CONFIG_OUTPUT_IMPEDANCE_OHMS, 50,
	  -ENOTSUPP },
	{ "sleep-hardware-state", PIN_CONFIG_SLEEP_HARDWARE_STATE, 0, -ENOTSUPP },
	{ "skew-delay", PIN_CONFIG_SKEW_DELAY, 1, -ENOTSUPP },
	{ "persist-state", PIN_CONFIG_PERSIST_STATE, 1, -ENOTSUPP },
};

static void vsoc_reject_case_desc(const struct vsoc_reject_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(vsoc_reject, vsoc_reject_cases, vsoc_reject_case_desc);

/*
 * Test that a value the hardware cannot hold exactly is refused (-EINVAL,
 * never rounded) and a parameter it lacks is reported as such (-ENOTSUPP).
 */
static void vsoc_pad_reject_test(struct kunit *test)
{
	const struct vsoc_reject_case *c = test->param_value;
	u32 mask, val;

	KUNIT_EXPECT_EQ(test, c->err, vsoc_pad_encode(c->param, c->arg, &mask, &val));
}

/* Test that a reset PAD (all zero) reads as the datasheet's reset state. */
static void vsoc_pad_decode_reset_test(struct kunit *test)
{
	u32 arg;

	KUNIT_EXPECT_EQ(test, 0, vsoc_pad_decode(0, PIN_CONFIG_BIAS_DISABLE, &arg));
	KUNIT_EXPECT_EQ(test, -EINVAL, vsoc_pad_decode(0, PIN_CONFIG_BIAS_PULL_UP, &arg));
	KUNIT_EXPECT_EQ(test, -EINVAL, vsoc_pad_decode(0, PIN_CONFIG_DRIVE_PUSH_PULL, &arg));
	KUNIT_EXPECT_EQ(test, -EINVAL, vsoc_pad_decode(0, PIN_CONFIG_OUTPUT_ENABLE, &arg));
	KUNIT_EXPECT_EQ(test, 0, vsoc_pad_decode(0, PIN_CONFIG_DRIVE_STRENGTH, &arg));
	KUNIT_EXPECT_EQ(test, 2, arg);
	KUNIT_EXPECT_EQ(test, 0, vsoc_pad_decode(0, PIN_CONFIG_POWER_SOURCE, &arg));
	KUNIT_EXPECT_EQ(test, 0, arg);
	KUNIT_EXPECT_EQ(test, -EINVAL, vsoc_pad_decode(0, PIN_CONFIG_INPUT_ENABLE, &arg));
	KUNIT_EXPECT_EQ(test, -EINVAL, vsoc_pad_decode(0, PIN_CONFIG_VSOC_WAKEUP, &arg));
	KUNIT_EXPECT_EQ(test, -ENOTSUPP, vsoc_pad_decode(0, PIN_CONFIG_OUTPUT, &arg));
}

/*
 * Test that two edges at different rates have no common slew rate, while
 * each edge still reads back.
 */
static void vsoc_pad_decode_slew_test(struct kunit *test)
{
	u32 pad = F(VSOC_PAD_SLEW_RISE, 1) | F(VSOC_PAD_SLEW_FALL, 3);
	u32 arg;

	KUNIT_EXPECT_EQ(test, -EINVAL, vsoc_pad_decode(pad, PIN_CONFIG_SLEW_RATE, &arg));
	KUNIT_EXPECT_EQ(test, 0, vsoc_pad_decode(pad, PIN_CONFIG_VSOC_SLEW_RISING, &arg));
	KUNIT_EXPECT_EQ(test, 3, arg);
	KUNIT_EXPECT_EQ(test, 0, vsoc_pad_decode(pad, PIN_CONFIG_VSOC_SLEW_FALLING, &arg));
	KUNIT_EXPECT_EQ(test, 1, arg);
}

static struct kunit_case vsoc_pad_cases[] = {
	KUNIT_CASE_PARAM(vsoc_pad_encode_test, vsoc_encode_gen_params),
	KUNIT_CASE_PARAM(vsoc_pad_decode_test, vsoc_encode_gen_params),
	KUNIT_CASE_PARAM(vsoc_pad_reject_test, vsoc_reject_gen_params),
	KUNIT_CASE(vsoc_pad_decode_reset_test),
	KUNIT_CASE(vsoc_pad_decode_slew_test),
	{}
};

static struct kunit_suite vsoc_pad_suite = {
	.name = "pinctrl_vsoc_pad",
	.test_cases = vsoc_pad_cases,
};

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
	"bad-unknown-property",
	"bad-unsupported-property",
	"bad-value",
	"bad-pull-one-ohm",
	"bad-24-bit-value",
	"bad-string-value",
	"bad-two-cells",
	"bad-64-bit-value",
	"bad-empty-value",
	"bad-flag-with-value",
	"bad-bias-conflict",
	"bad-drive-conflict",
	"bad-slew-conflict",
	"bad-no-target",
	"bad-pins-and-groups",
	"bad-in-subnode",
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

static struct kunit_case vsoc_dt_cases[] = {
	KUNIT_CASE(vsoc_dt_hog_test),
	KUNIT_CASE(vsoc_dt_consumer_test),
	KUNIT_CASE(vsoc_dt_badhog_test),
	KUNIT_CASE_PARAM(vsoc_dt_bad_node_test, vsoc_dt_bad_gen_params),
	{}
};

static struct kunit_suite vsoc_dt_suite = {
	.name = "pinctrl_vsoc_dt",
	.init = vsoc_dt_test_init,
	.test_cases = vsoc_dt_cases,
};

kunit_test_suites(&vsoc_pad_suite, &vsoc_probe_suite, &vsoc_dt_suite);

MODULE_DESCRIPTION("KUnit tests for the VSOC pin controller");
MODULE_LICENSE("GPL");

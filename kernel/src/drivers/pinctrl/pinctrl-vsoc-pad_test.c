// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the VSOC pin controller's PAD register: the encoding of
 * every DT property of the datasheet into PAD fields and back, and every
 * value the hardware cannot hold.
 */
#include <kunit/test.h>

#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/module.h>

#include <linux/pinctrl/pinconf-generic.h>

#include "pinctrl-vsoc.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

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
	/* WAKEUP: vsoc,wakeup, no value (1), 1 or 0 */
	{ "vsoc,wakeup", PIN_CONFIG_VSOC_WAKEUP, 1, VSOC_PAD_WAKEUP, VSOC_PAD_WAKEUP },
	{ "vsoc,wakeup = <1>", PIN_CONFIG_VSOC_WAKEUP, 1, VSOC_PAD_WAKEUP, VSOC_PAD_WAKEUP },
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

kunit_test_suite(vsoc_pad_suite);

MODULE_DESCRIPTION("KUnit tests for the VSOC pin controller's PAD encoding");
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the GPIO controller of the VSOC block: each line's bit in
 * the GPIO_DIR, GPIO_OUT and GPIO_IN registers of its bank, on registers
 * the test owns, through gpiolib.
 */
#include <kunit/device.h>
#include <kunit/test.h>

#include <linux/device.h>
#include <linux/gpio/consumer.h>
#include <linux/gpio/driver.h>
#include <linux/regmap.h>

#include "pinctrl-vsoc.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

#define VSOC_GPIO_TEST_NPINS	64	/* two banks */
#define VSOC_GPIO_TEST_NREGS	(VSOC_REG_GPIO_IN(1) / 4 + 1)

/* GPIO_DIR, GPIO_OUT and GPIO_IN of banks 0 and 1 */
struct vsoc_gpio_test {
	u32 r[VSOC_GPIO_TEST_NREGS];
	struct gpio_device *gdev;
};

static int vsoc_gpio_test_read(void *context, unsigned int reg, unsigned int *val)
{
	struct vsoc_gpio_test *t = context;

	*val = t->r[reg / 4];
	return 0;
}

static int vsoc_gpio_test_write(void *context, unsigned int reg, unsigned int val)
{
	struct vsoc_gpio_test *t = context;

	t->r[reg / 4] = val;
	return 0;
}

static const struct regmap_config vsoc_gpio_test_regmap_config = {
	.reg_bits = 32,
	.val_bits = 32,
	.reg_stride = 4,
	.max_register = VSOC_REG_GPIO_IN(1),
	.reg_read = vsoc_gpio_test_read,
	.reg_write = vsoc_gpio_test_write,
	/* as the block's: the chip calls it under a spinlock */
	.disable_locking = true,
};

static u32 *vsoc_gpio_test_reg(struct kunit *test, unsigned int reg)
{
	struct vsoc_gpio_test *t = test->priv;

	return &t->r[reg / 4];
}

static struct gpio_desc *vsoc_gpio_test_line(struct kunit *test, unsigned int line)
{
	struct vsoc_gpio_test *t = test->priv;

	return gpio_device_get_desc(t->gdev, line);
}

static void vsoc_gpio_test_put(void *gdev)
{
	gpio_device_put(gdev);
}

/* A chip of two banks on registers of the test */
static int vsoc_gpio_test_init(struct kunit *test)
{
	struct vsoc_gpio_test *t;
	struct regmap *map;
	struct device *dev;

	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	dev = kunit_device_register(test, "vsoc-gpio-test");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	map = devm_regmap_init(dev, NULL, t, &vsoc_gpio_test_regmap_config);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, map);
	KUNIT_ASSERT_EQ(test, vsoc_gpio_register(dev, map, VSOC_GPIO_TEST_NPINS, NULL), 0);
	t->gdev = gpio_device_find_by_label(dev_name(dev));
	KUNIT_ASSERT_NOT_NULL(test, t->gdev);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, vsoc_gpio_test_put, t->gdev), 0);
	test->priv = t;
	return 0;
}

/* A line per pin, no more */
static void vsoc_gpio_lines_test(struct kunit *test)
{
	struct vsoc_gpio_test *t = test->priv;

	KUNIT_EXPECT_EQ(test, gpio_device_get_chip(t->gdev)->ngpio, VSOC_GPIO_TEST_NPINS);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, vsoc_gpio_test_line(test, VSOC_GPIO_TEST_NPINS - 1));
	KUNIT_EXPECT_TRUE(test, IS_ERR(vsoc_gpio_test_line(test, VSOC_GPIO_TEST_NPINS)));
}

/* An output: the level first, then the direction; the other lines kept */
static void vsoc_gpio_output_test(struct kunit *test)
{
	struct gpio_desc *desc = vsoc_gpio_test_line(test, 37);	/* bank 1, bit 5 */
	u32 *dir = vsoc_gpio_test_reg(test, VSOC_REG_GPIO_DIR(1));
	u32 *out = vsoc_gpio_test_reg(test, VSOC_REG_GPIO_OUT(1));
	u32 *in = vsoc_gpio_test_reg(test, VSOC_REG_GPIO_IN(1));

	*dir = 0x80000001;
	*out = 0x80000000;
	KUNIT_ASSERT_EQ(test, gpiod_direction_output_raw(desc, 1), 0);
	KUNIT_EXPECT_EQ(test, *dir, 0x80000021);
	KUNIT_EXPECT_EQ(test, *out, 0x80000020);
	KUNIT_EXPECT_EQ(test, gpiod_get_direction(desc), GPIO_LINE_DIRECTION_OUT);
	/* an output reads back the level it drives, not the pad's */
	*in = 0;
	KUNIT_EXPECT_EQ(test, gpiod_get_raw_value(desc), 1);

	gpiod_set_raw_value(desc, 0);
	KUNIT_EXPECT_EQ(test, *out, 0x80000000);
	KUNIT_EXPECT_EQ(test, *dir, 0x80000021);
	KUNIT_EXPECT_EQ(test, gpiod_get_raw_value(desc), 0);
	/* bank 0 untouched */
	KUNIT_EXPECT_EQ(test, *vsoc_gpio_test_reg(test, VSOC_REG_GPIO_DIR(0)), 0);
	KUNIT_EXPECT_EQ(test, *vsoc_gpio_test_reg(test, VSOC_REG_GPIO_OUT(0)), 0);
}

/* An input: its direction bit cleared, its level the pad's (GPIO_IN) */
static void vsoc_gpio_input_test(struct kunit *test)
{
	struct gpio_desc *desc = vsoc_gpio_test_line(test, 3);	/* bank 0, bit 3 */
	u32 *dir = vsoc_gpio_test_reg(test, VSOC_REG_GPIO_DIR(0));
	u32 *out = vsoc_gpio_test_reg(test, VSOC_REG_GPIO_OUT(0));
	u32 *in = vsoc_gpio_test_reg(test, VSOC_REG_GPIO_IN(0));

	*dir = 0xffffffff;
	*out = 0x00000008;
	KUNIT_ASSERT_EQ(test, gpiod_direction_input(desc), 0);
	KUNIT_EXPECT_EQ(test, *dir, 0xfffffff7);
	KUNIT_EXPECT_EQ(test, *out, 0x00000008);
	KUNIT_EXPECT_EQ(test, gpiod_get_direction(desc), GPIO_LINE_DIRECTION_IN);

	*in = 0xfffffff7;
	KUNIT_EXPECT_EQ(test, gpiod_get_raw_value(desc), 0);
	*in = 0x00000008;
	KUNIT_EXPECT_EQ(test, gpiod_get_raw_value(desc), 1);
	/* the neighbour is still an output, reading its GPIO_OUT bit */
	KUNIT_EXPECT_EQ(test, gpiod_get_raw_value(vsoc_gpio_test_line(test, 2)), 0);
}

static struct kunit_case vsoc_gpio_cases[] = {
	KUNIT_CASE(vsoc_gpio_lines_test),
	KUNIT_CASE(vsoc_gpio_output_test),
	KUNIT_CASE(vsoc_gpio_input_test),
	{}
};

static struct kunit_suite vsoc_gpio_suite = {
	.name = "pinctrl_vsoc_gpio",
	.init = vsoc_gpio_test_init,
	.test_cases = vsoc_gpio_cases,
};

kunit_test_suite(vsoc_gpio_suite);

MODULE_DESCRIPTION("KUnit tests for the VSOC GPIO controller");
MODULE_LICENSE("GPL");

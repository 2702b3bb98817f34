// SPDX-License-Identifier: GPL-2.0-only
/*
 * GPIO controller of the VSOC pin controller block.
 *
 * Every pin of the block is also a GPIO line, the line number being the pin
 * number: bank b holds lines 32b to 32b + 31 in its GPIO_DIR, GPIO_OUT and
 * GPIO_IN registers. A line is requested through the pin controller (the
 * gpio-ranges of the DT node), which muxes the pin to select 0 and refuses
 * a pin that a function holds (-EBUSY), since the controller is strict.
 * Lines outside the gpio-ranges (pads of another GPIO controller) are
 * reserved by the DT's gpio-reserved-ranges. The pad's
 * electrical configuration stays the pin controller's, reached through
 * set_config.
 *
 * GPIO_IN holds the level on the pad as the input buffer sees it, driven
 * from outside the block; GPIO_OUT is what a line set as output drives.
 * Nothing in the block raises interrupts.
 */

#include <linux/bits.h>
#include <linux/device.h>
#include <linux/gpio/driver.h>
#include <linux/math.h>
#include <linux/module.h>
#include <linux/pinctrl/consumer.h>
#include <linux/regmap.h>
#include <linux/spinlock.h>

#include "pinctrl-vsoc.h"

/**
 * struct vsoc_gpio - the GPIO lines of one VSOC block
 * @gc: the GPIO chip
 * @map: the block's registers
 * @lock: serialises the read-modify-writes of GPIO_DIR and GPIO_OUT, which
 *	32 lines share (the regmap takes no lock of its own), and @adding
 * @adding: the chip is being added and no direction has changed since
 *	@dir was read
 * @dir: GPIO_DIR of each bank, read once for gpiolib, which asks each line
 *	its direction when the chip is added
 */
struct vsoc_gpio {
	struct gpio_chip gc;
	struct regmap *map;
	spinlock_t lock;	/* GPIO_DIR and GPIO_OUT updates */
	bool adding;
	u32 dir[VSOC_MAX_BANKS];
};

/*
 * The pin controller refuses a pin that a function or another GPIO line
 * holds with -EINVAL, which says nothing to the line's user: say -EBUSY.
 */
static int vsoc_gpio_request(struct gpio_chip *gc, unsigned int offset)
{
	if (!pinctrl_gpio_can_use_line(gc, offset))
		return -EBUSY;
	return gpiochip_generic_request(gc, offset);
}

static int vsoc_gpio_get_direction(struct gpio_chip *gc, unsigned int offset)
{
	struct vsoc_gpio *vg = gpiochip_get_data(gc);
	unsigned int bank = VSOC_GPIO_BANK(offset);
	unsigned int dir;
	int ret;

	if (READ_ONCE(vg->adding)) {
		dir = vg->dir[bank];
	} else {
		ret = regmap_read(vg->map, VSOC_REG_GPIO_DIR(bank), &dir);
		if (ret)
			return ret;
	}
	return dir & VSOC_GPIO_BIT(offset) ? GPIO_LINE_DIRECTION_OUT :
					     GPIO_LINE_DIRECTION_IN;
}

static int vsoc_gpio_direction_input(struct gpio_chip *gc, unsigned int offset)
{
	struct vsoc_gpio *vg = gpiochip_get_data(gc);

	guard(spinlock_irqsave)(&vg->lock);
	WRITE_ONCE(vg->adding, false);
	return regmap_clear_bits(vg->map, VSOC_REG_GPIO_DIR(VSOC_GPIO_BANK(offset)),
				 VSOC_GPIO_BIT(offset));
}

/* The level first, then the direction: the pad never drives a stale level. */
static int vsoc_gpio_direction_output(struct gpio_chip *gc, unsigned int offset,
				      int value)
{
	struct vsoc_gpio *vg = gpiochip_get_data(gc);
	unsigned int bank = VSOC_GPIO_BANK(offset);
	int ret;

	guard(spinlock_irqsave)(&vg->lock);
	WRITE_ONCE(vg->adding, false);
	ret = regmap_update_bits(vg->map, VSOC_REG_GPIO_OUT(bank),
				 VSOC_GPIO_BIT(offset),
				 value ? VSOC_GPIO_BIT(offset) : 0);
	if (ret)
		return ret;
	return regmap_set_bits(vg->map, VSOC_REG_GPIO_DIR(bank),
			       VSOC_GPIO_BIT(offset));
}

/*
 * An output reads back the level it drives (GPIO_OUT), an input the level
 * on its pad (GPIO_IN).
 */
static int vsoc_gpio_get(struct gpio_chip *gc, unsigned int offset)
{
	struct vsoc_gpio *vg = gpiochip_get_data(gc);
	unsigned int bank = VSOC_GPIO_BANK(offset);
	unsigned int dir, val;
	int ret;

	ret = regmap_read(vg->map, VSOC_REG_GPIO_DIR(bank), &dir);
	if (ret)
		return ret;
	ret = regmap_read(vg->map, dir & VSOC_GPIO_BIT(offset) ?
			  VSOC_REG_GPIO_OUT(bank) : VSOC_REG_GPIO_IN(bank), &val);
	if (ret)
		return ret;
	return !!(val & VSOC_GPIO_BIT(offset));
}

static void vsoc_gpio_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct vsoc_gpio *vg = gpiochip_get_data(gc);

	guard(spinlock_irqsave)(&vg->lock);
	regmap_update_bits(vg->map, VSOC_REG_GPIO_OUT(VSOC_GPIO_BANK(offset)),
			   VSOC_GPIO_BIT(offset), value ? VSOC_GPIO_BIT(offset) : 0);
}

/**
 * vsoc_gpio_register() - register the GPIO lines of a VSOC block
 * @dev: the pin controller's device, whose DT node has the gpio-ranges
 * @map: the block's registers, through a regmap that does not sleep (MMIO,
 *	without a lock of its own): the chip calls it under a spinlock
 * @npins: number of pins, and so of lines
 * @names: the name of each pin, given to its line
 *
 * Call it once the pin controller is registered: adding the chip adds its
 * gpio-ranges to the pin controller.
 *
 * Return: 0 on success, a negative error code otherwise.
 */
int vsoc_gpio_register(struct device *dev, struct regmap *map,
		       unsigned int npins, const char * const *names)
{
	struct vsoc_gpio *vg;
	unsigned int bank;
	int ret;

	vg = devm_kzalloc(dev, sizeof(*vg), GFP_KERNEL);
	if (!vg)
		return -ENOMEM;
	vg->map = map;
	spin_lock_init(&vg->lock);

	vg->gc.label = dev_name(dev);
	vg->gc.parent = dev;
	vg->gc.owner = THIS_MODULE;
	vg->gc.base = -1;
	vg->gc.ngpio = npins;
	vg->gc.names = names;
	vg->gc.request = vsoc_gpio_request;
	vg->gc.free = gpiochip_generic_free;
	vg->gc.set_config = gpiochip_generic_config;
	vg->gc.get_direction = vsoc_gpio_get_direction;
	vg->gc.direction_input = vsoc_gpio_direction_input;
	vg->gc.direction_output = vsoc_gpio_direction_output;
	vg->gc.get = vsoc_gpio_get;
	vg->gc.set = vsoc_gpio_set;

	/*
	 * gpiolib asks every line its direction as it adds the chip: read
	 * each bank's GPIO_DIR once for its 32 lines, not once per line. The
	 * copy serves until a direction changes: only this driver writes
	 * GPIO_DIR.
	 */
	for (bank = 0; bank < DIV_ROUND_UP(npins, VSOC_PINS_PER_BANK); bank++) {
		ret = regmap_read(map, VSOC_REG_GPIO_DIR(bank), &vg->dir[bank]);
		if (ret)
			return ret;
	}
	vg->adding = true;
	ret = devm_gpiochip_add_data(dev, &vg->gc, vg);
	scoped_guard(spinlock_irqsave, &vg->lock)
		WRITE_ONCE(vg->adding, false);
	if (ret)
		return dev_err_probe(dev, ret, "failed to add the GPIO chip\n");
	return 0;
}

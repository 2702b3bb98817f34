/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * VSOC pin controller: the PAD register layout and the helpers that the
 * driver shares with its KUnit suite.
 */
#ifndef __PINCTRL_VSOC_H
#define __PINCTRL_VSOC_H

#include <linux/bits.h>
#include <linux/pinctrl/pinconf-generic.h>
#include <linux/types.h>

struct device;
struct pinctrl_dev;
struct regmap;

#define VSOC_REG_ID			0x0000
#define VSOC_REG_VERSION		0x0004
#define VSOC_REG_NBANKS			0x0008
#define VSOC_REG_MUX(pin)		(0x0100 + 4 * ((pin) / 8))
#define VSOC_MUX_SHIFT(pin)		(4 * ((pin) % 8))
#define VSOC_MUX_MASK(pin)		(GENMASK(3, 0) << VSOC_MUX_SHIFT(pin))
#define VSOC_REG_GPIO_DIR(bank)		(0x0800 + 0x20 * (bank))
#define VSOC_REG_GPIO_OUT(bank)		(0x0804 + 0x20 * (bank))
#define VSOC_REG_GPIO_IN(bank)		(0x0808 + 0x20 * (bank))
#define VSOC_REG_PAD(pin)		(0x1000 + 4 * (pin))

#define VSOC_ID				0x56534f43	/* "VSOC" */
#define VSOC_VERSION_MAJOR		GENMASK(31, 16)
#define VSOC_PINS_PER_BANK		32
#define VSOC_MAX_BANKS			32
#define VSOC_MAX_PINS			(VSOC_PINS_PER_BANK * VSOC_MAX_BANKS)

/* PADp fields (datasheet, section 4) */
#define VSOC_PAD_BIAS			GENMASK(2, 0)
#define VSOC_PAD_PULL			GENMASK(4, 3)
#define VSOC_PAD_DRIVE			GENMASK(6, 5)
#define VSOC_PAD_STAGES			GENMASK(9, 7)
#define VSOC_PAD_SCHMITT		BIT(10)
#define VSOC_PAD_HYST			GENMASK(12, 11)
#define VSOC_PAD_DEBOUNCE		GENMASK(16, 13)
#define VSOC_PAD_SLEW_RISE		GENMASK(18, 17)
#define VSOC_PAD_SLEW_FALL		GENMASK(20, 19)
#define VSOC_PAD_POWER			GENMASK(22, 21)
#define VSOC_PAD_LOWPOWER		BIT(23)
#define VSOC_PAD_WAKEUP			BIT(24)
#define VSOC_PAD_INPUT			BIT(25)

enum vsoc_bias {
	VSOC_BIAS_DISABLE,
	VSOC_BIAS_HIGH_IMPEDANCE,
	VSOC_BIAS_PULL_UP,
	VSOC_BIAS_PULL_DOWN,
	VSOC_BIAS_HIGH,
	VSOC_BIAS_GROUND,
};

enum vsoc_drive {
	VSOC_DRIVE_OFF,
	VSOC_DRIVE_PUSH_PULL,
	VSOC_DRIVE_OPEN_DRAIN,
	VSOC_DRIVE_OPEN_SOURCE,
};

/*
 * Parameters of the 2011 generic pin configuration that today's kernel no
 * longer has; the DT names them with the "vsoc," prefix.
 */
#define PIN_CONFIG_VSOC_BIAS_HIGH	(PIN_CONFIG_END + 1)
#define PIN_CONFIG_VSOC_BIAS_GROUND	(PIN_CONFIG_END + 2)
#define PIN_CONFIG_VSOC_SLEW_RISING	(PIN_CONFIG_END + 3)
#define PIN_CONFIG_VSOC_SLEW_FALLING	(PIN_CONFIG_END + 4)
#define PIN_CONFIG_VSOC_WAKEUP		(PIN_CONFIG_END + 5)

int vsoc_pad_encode(unsigned int param, u32 arg, u32 *mask, u32 *val);
int vsoc_pad_decode(u32 pad, unsigned int param, u32 *arg);
struct pinctrl_dev *vsoc_pinctrl_init(struct device *dev, struct regmap *map);

#endif /* __PINCTRL_VSOC_H */

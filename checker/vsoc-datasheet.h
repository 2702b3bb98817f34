/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The VSOC pin controller as its datasheet (vsoc-pinctrl-datasheet.md,
 * revision 1.0) describes it: the register map, pin names, groups and their
 * mux selects, the PAD fields and the device-tree properties that set them.
 *
 * This is the only place of the verifier that knows the hardware; the
 * verifier itself only knows Linux (DT walk, debugfs formats) and compares.
 */
#ifndef VSOC_DATASHEET_H
#define VSOC_DATASHEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Section 1 and 2: the window and its registers */
#define VSOC_WINDOW_SIZE	0x10000
#define VSOC_REG_ID		0x0000
#define VSOC_REG_VERSION	0x0004
#define VSOC_REG_NBANKS		0x0008
#define VSOC_REG_MUX(p)		(0x0100 + 4 * ((p) / 8))
#define VSOC_MUX_SHIFT(p)	(4 * ((p) % 8))
#define VSOC_MUX_MASK		0xfu
#define VSOC_REG_PAD(p)		(0x1000 + 4 * (p))

#define VSOC_ID			0x56534f43u	/* "VSOC" */
#define VSOC_VERSION_MAJOR(v)	((v) >> 16)
#define VSOC_PINS_PER_BANK	32
#define VSOC_MAX_BANKS		32
#define VSOC_MAX_PINS		(VSOC_PINS_PER_BANK * VSOC_MAX_BANKS)

/* Section 4: the fields of PADp, in register order */
enum vsoc_field {
	VSOC_F_BIAS,
	VSOC_F_PULL,
	VSOC_F_DRIVE,
	VSOC_F_STAGES,
	VSOC_F_SCHMITT,
	VSOC_F_HYST,
	VSOC_F_DEBOUNCE,
	VSOC_F_SLEW_RISE,
	VSOC_F_SLEW_FALL,
	VSOC_F_POWER,
	VSOC_F_LOWPOWER,
	VSOC_F_WAKEUP,
	VSOC_F_INPUT,
	VSOC_F_RESERVED,	/* [31:26], written 0 */
	VSOC_NR_FIELDS
};

/* BIAS and DRIVE codes */
enum { VSOC_BIAS_DISABLE, VSOC_BIAS_HIGH_Z, VSOC_BIAS_PULL_UP,
       VSOC_BIAS_PULL_DOWN, VSOC_BIAS_HIGH, VSOC_BIAS_GROUND };
enum { VSOC_DRIVE_OFF, VSOC_DRIVE_PUSH_PULL, VSOC_DRIVE_OPEN_DRAIN,
       VSOC_DRIVE_OPEN_SOURCE };

const char *vsoc_field_name(enum vsoc_field f);
uint32_t vsoc_field_mask(enum vsoc_field f);
uint32_t vsoc_field_get(uint32_t pad, enum vsoc_field f);
uint32_t vsoc_field_put(enum vsoc_field f, uint32_t v);
/* A field value in words ("pull-up", "47k", "8mA"), into buf */
const char *vsoc_field_str(enum vsoc_field f, uint32_t v, char *buf, size_t n);

/* Section 3: pins */
int vsoc_pin_name(unsigned int pin, char *buf, size_t n);
/* The pin called name on a part of npins pins, or -1 */
int vsoc_pin_by_name(const char *name, unsigned int npins);

/* Section 3: groups of a function, and the select that routes it */
struct vsoc_group {
	const char *name;
	const char *function;
	unsigned int mux;
	unsigned int npins;
	const unsigned int *pins;
};

#define VSOC_GPIO_FUNCTION	"gpio"

#define VSOC_GROUP_MAX_PINS	14

/*
 * The pins of a group on a part of npins pins, into pins[]: their number,
 * or -1 if the part has no such group. A group is one of the table's or a
 * pin name (the pin's own one-pin group, in function "gpio").
 */
int vsoc_group_pins(const char *group, unsigned int npins,
		    unsigned int pins[VSOC_GROUP_MAX_PINS]);
/*
 * The mux select that routes function to group, or -1 if none does; a group
 * named by a DT node path is the one the driver makes of a node's pins
 */
int vsoc_mux_select(const char *function, const char *group, unsigned int npins);
bool vsoc_function_exists(const char *function);

/* Section 5: configuration parameters and how they set PADp */
enum vsoc_param {
	VSOC_P_BIAS_DISABLE,
	VSOC_P_BIAS_HIGH_IMPEDANCE,
	VSOC_P_BIAS_PULL_UP,		/* ohms */
	VSOC_P_BIAS_PULL_DOWN,		/* ohms */
	VSOC_P_BIAS_HIGH,
	VSOC_P_BIAS_GROUND,
	VSOC_P_DRIVE_PUSH_PULL,
	VSOC_P_DRIVE_OPEN_DRAIN,
	VSOC_P_DRIVE_OPEN_SOURCE,
	VSOC_P_DRIVE_OFF,
	VSOC_P_DRIVE_STRENGTH,		/* mA */
	VSOC_P_INPUT_SCHMITT,		/* 0 off, 1..4 hysteresis level */
	VSOC_P_INPUT_SCHMITT_ENABLE,	/* 0 or 1, HYST kept */
	VSOC_P_INPUT_DEBOUNCE,		/* us */
	VSOC_P_SLEW_RATE,		/* quarters, both edges */
	VSOC_P_SLEW_RISING,
	VSOC_P_SLEW_FALLING,
	VSOC_P_POWER_SOURCE,		/* 0 3.3 V, 1 1.8 V, 2 2.5 V */
	VSOC_P_LOW_POWER,		/* 0 or 1 */
	VSOC_P_WAKEUP,			/* 0 or 1 */
	VSOC_P_INPUT_ENABLE,		/* 0 or 1 */
};

/* The PAD fields a parameter may change, whatever its argument */
uint32_t vsoc_param_fields(enum vsoc_param param);
/*
 * The PAD fields a parameter with argument arg changes, and their new
 * value: the pin becomes (pad & ~*mask) | *val. 0, or -1 if the hardware
 * cannot hold arg exactly (never rounded).
 */
int vsoc_param_encode(enum vsoc_param param, uint32_t arg, uint32_t *mask,
		      uint32_t *val);

enum vsoc_dt_arg {
	VSOC_DT_FLAG,		/* no value */
	VSOC_DT_U32,		/* one cell */
	VSOC_DT_OPT_U32,	/* no value (the default) or one cell */
};

struct vsoc_dt_prop {
	const char *name;
	enum vsoc_param param;
	enum vsoc_dt_arg arg;
	uint32_t def;		/* the argument when there is no value */
	const char *allowed;	/* for messages */
};

/* The pin configuration property called name, or NULL */
const struct vsoc_dt_prop *vsoc_dt_prop_find(const char *name);
/* Properties of a pin node that are not configuration */
bool vsoc_dt_node_prop(const char *name);

#endif /* VSOC_DATASHEET_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * vsoc-verify: the expected view, what the DTB asks for, applied to the
 * reset state the way the pinctrl core applies it.
 *
 * This copies the core's *behaviour*, not its code, and must be checked
 * again against drivers/pinctrl/core.c, devicetree.c and pinconf-generic.c
 * on each kernel rebase:
 *  - the states are applied in the order of the handles in debugfs
 *    pinctrl-handles (the order the core made them: the controller's hogs
 *    first); a consumer with an "init" state goes through it before
 *    "default" (pinctrl_init_done());
 *  - within a state, every mux setting first, then every config
 *    (pinctrl_commit_state()), node by node in the order of pinctrl-N's
 *    phandles, each node then its available children
 *    (pinconf_generic_dt_node_to_map_all(), dt.c walk_state());
 *  - a setting changes only the fields it names;
 *  - the core keeps one config owner per kind of parameter
 *    (pinconf-owners, owned_fields());
 *  - a device that fails to probe releases its mux claims but leaves its
 *    settings; a GPIO request puts its pin on select 0.
 */
#include "verify.h"

/* Expected view: what the DT asks for */

static void apply_mux(struct verify *v, const struct pin_node *pn, const char *dev)
{
	unsigned int pins[VSOC_GROUP_MAX_PINS];
	struct pin_view *pv;
	const char *t;
	int sel, n, i;

	if (!pn->function)
		return;
	for_each_string(t, pn->targets, pn->len) {
		sel = vsoc_mux_select(pn->function, t, v->npins);
		n = vsoc_group_pins(t, v->npins, pins);
		for (i = 0; i < n; i++) {
			pv = &v->pins[pins[i]].view[VIEW_EXPECTED];
			pv->mux = sel;
			snprintf(pv->owner, sizeof(pv->owner), "%s %s/%s", dev,
				 pn->function, pn->group ? pn->group : t);
		}
	}
}

/* One copy of each source string: pins share them */
const char *intern(const char *str)
{
	static char **strs;
	static size_t n, size;
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(strs[i], str))
			return strs[i];
	if (n == size) {
		size = size ? 2 * size : 64;
		strs = realloc(strs, size * sizeof(*strs));
		if (!strs)
			fatal("out of memory");
	}
	strs[n] = strdup(str);
	if (!strs[n])
		fatal("out of memory");
	return strs[n++];
}

/*
 * The fields whose owner a setting of @mask becomes: the core keeps one
 * owner per kind of parameter, so a bias-disable owns the pull resistor
 * too, and an input-schmitt-enable the hysteresis.
 */
u32 owned_fields(u32 mask)
{
	if (mask & (vsoc_field_mask(VSOC_F_BIAS) | vsoc_field_mask(VSOC_F_PULL)))
		mask |= vsoc_field_mask(VSOC_F_BIAS) | vsoc_field_mask(VSOC_F_PULL);
	if (mask & (vsoc_field_mask(VSOC_F_SCHMITT) | vsoc_field_mask(VSOC_F_HYST)))
		mask |= vsoc_field_mask(VSOC_F_SCHMITT) | vsoc_field_mask(VSOC_F_HYST);
	return mask;
}

static void apply_config(struct verify *v, const struct pin_node *pn, const char *dev)
{
	unsigned int pins[VSOC_GROUP_MAX_PINS];
	struct pin_view *pv;
	const char *t;
	int n, i;

	char src[512];
	int f;

	/* the core names the node the state points at */
	snprintf(src, sizeof(src), "%s (%s, %s)", pn->state_path, dev, v->state);
	for_each_string(t, pn->targets, pn->len) {
		n = vsoc_group_pins(t, v->npins, pins);
		for (i = 0; i < n; i++) {
			pv = &v->pins[pins[i]].view[VIEW_EXPECTED];
			/* a setting changes only the fields it names */
			pv->pad = (pv->pad & ~pn->mask) | pn->val;
			for (f = 0; f < VSOC_F_RESERVED; f++)
				if (owned_fields(pn->mask) & vsoc_field_mask(f))
					v->pins[pins[i]].src[0][f] = intern(src);
		}
	}
}

/* pinctrl_commit_state(): every mux setting of a state, then every config */
static void apply_state(struct verify *v, int node, const char *dev, const char *state)
{
	char path[256];

	if (!walk_state(v, node, state, apply_mux, dev)) {
		dt_path(v->fdt, node, path, sizeof(path));
		fatal("pinctrl-handles: %s is in state %s, which DT %s does not have",
		      dev, state, path);
	}
	v->state = state;
	walk_state(v, node, state, apply_config, dev);
}

/*
 * Whether the core made the state: a name of pinctrl-names with its
 * pinctrl-N (the core stops at the first missing pinctrl-N; a name
 * without one is no state, make fuzz found the verifier taking it for one)
 */
static bool has_state(const struct verify *v, int node, const char *state)
{
	char num[16], prop[32];
	int i;

	for (i = 0; i < fdt_stringlist_count(v->fdt, node, "pinctrl-names"); i++) {
		snprintf(prop, sizeof(prop), "pinctrl-%d", i);
		if (!fdt_getprop(v->fdt, node, prop, NULL))
			break;
		if (!strcmp(dt_state_name(v->fdt, node, i, num, sizeof(num)), state))
			return true;
	}
	return false;
}

/*
 * The states pinctrl-handles says are applied, in its order (the order the
 * handles were made: the controller's hogs first). A consumer with an
 * "init" state went through it before "default" (pinctrl_init_done()).
 */
static void apply_handles(struct verify *v)
{
	char *text = dump_text(v, DEBUGFS "/pinctrl-handles"), *line, *save;
	char dev[256], state[64];
	int node;

	if (!text)
		fatal("console.log has no %s dump of " DEBUGFS "/pinctrl-handles", v->phase);
	for_each_line(line, text, save) {
		if (sscanf(line, "device: %255s current state: %63s", dev, state) != 2)
			continue;
		if (!strcmp(state, "none"))
			continue;
		node = dt_find_device(v, dev);
		if (node != v->ctrl && !strcmp(state, "default") && has_state(v, node, "init"))
			apply_state(v, node, dev, "init");
		apply_state(v, node, dev, state);
	}
	free(text);
}

/*
 * A device that failed to probe gave its mux claims back, and its settings,
 * which stay in the registers, are no longer owned by it (pinconf-owners)
 */
static void release_claims(struct verify *v, const char *dev)
{
	size_t len = strlen(dev);
	const char **src;
	char tag[280];
	unsigned int p;
	char *owner;
	int f;

	snprintf(tag, sizeof(tag), " (%s, ", dev);
	for (p = 0; p < v->npins; p++) {
		owner = v->pins[p].view[VIEW_EXPECTED].owner;
		if (!strncmp(owner, dev, len) && owner[len] == ' ')
			owner[0] = '\0';
		src = v->pins[p].src[0];
		for (f = 0; f < VSOC_F_RESERVED; f++)
			if (src[f] && strstr(src[f], tag))
				src[f] = NULL;
	}
}

/* The transitions of --then and --failed, after the handles */
static void apply_then(struct verify *v)
{
	char dev[256], *state;
	unsigned int i;

	for (i = 0; i < v->nthen; i++) {
		snprintf(dev, sizeof(dev), "%s", v->then[i]);
		state = strchr(dev, '=');
		if (!state)
			fatal("--then %s: expected DEV=STATE", v->then[i]);
		*state++ = '\0';
		apply_state(v, dt_find_device(v, dev), dev, state);
		if (v->failed[i])
			release_claims(v, dev);
	}
}

void build_expected(struct verify *v)
{
	struct pin_view *pv;
	unsigned int p;

	for (p = 0; p < v->npins; p++) {
		pv = &v->pins[p].view[VIEW_EXPECTED];
		pv->shown = ALL_ITEMS;
		if (!v->reset)
			continue;
		pv->pad = get_le32(v->reset + VSOC_REG_PAD(p));
		pv->mux = get_le32(v->reset + VSOC_REG_MUX(p)) >> VSOC_MUX_SHIFT(p) &
			  VSOC_MUX_MASK;
	}
	apply_handles(v);
	apply_then(v);
	/* a GPIO request puts its pin on select 0 (gpio_request_enable()) */
	for (p = 0; p < v->npins; p++) {
		if (strcmp(v->pins[p].view[VIEW_DEBUGFS].owner, "GPIO"))
			continue;
		pv = &v->pins[p].view[VIEW_EXPECTED];
		pv->mux = 0;
		snprintf(pv->owner, sizeof(pv->owner), "GPIO");
	}
}

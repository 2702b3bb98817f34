// SPDX-License-Identifier: GPL-2.0
/*
 * vsoc-verify: the device tree as Linux reads it: device names (with
 * address translation through the buses' ranges), the pin controller, and
 * the pin configuration nodes of a state, each checked against the
 * datasheet, visited in the order the pinctrl core makes their maps
 */
#include "verify.h"

/* The device tree: Linux's device names */

static bool dt_available(const void *fdt, int node)
{
	const char *s = fdt_getprop(fdt, node, "status", NULL);

	return !s || !strcmp(s, "okay") || !strcmp(s, "ok");
}

/* A node and all its ancestors are enabled: the node can be a device */
static bool dt_enabled(const void *fdt, int node)
{
	for (; node > 0; node = fdt_parent_offset(fdt, node))
		if (!dt_available(fdt, node))
			return false;
	return true;
}

/* #address-cells or #size-cells of a bus, inherited as of_bus_n_*_cells() does */
static int dt_cells(const void *fdt, int bus, const char *prop)
{
	const fdt32_t *c;
	int len;

	for (; bus >= 0; bus = bus ? fdt_parent_offset(fdt, bus) : -1) {
		c = fdt_getprop(fdt, bus, prop, &len);
		if (c && len == 4)
			return fdt32_to_cpu(*c);
	}
	return 1;	/* OF_ROOT_NODE_{ADDR,SIZE}_CELLS_DEFAULT */
}

static uint64_t dt_read_cells(const fdt32_t *c, int n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 32 | fdt32_to_cpu(*c++);
	return v;
}

/* Translate an address on bus through its ranges; false if it cannot be */
static bool dt_translate_one(const void *fdt, int bus, int na, int ns, uint64_t *addr)
{
	int up = fdt_parent_offset(fdt, bus);
	int pna = dt_cells(fdt, up, "#address-cells");
	const fdt32_t *r;
	uint64_t child, parent, size;
	int len, i, stride = na + pna + ns;

	r = fdt_getprop(fdt, bus, "ranges", &len);
	if (!r)
		return false;
	if (!len)
		return true;	/* identity */
	for (i = 0; (i + 1) * stride * 4 <= len; i++, r += stride) {
		child = dt_read_cells(r, na);
		parent = dt_read_cells(r + na, pna);
		size = dt_read_cells(r + na + pna, ns);
		if (*addr >= child && *addr - child < size) {
			*addr = parent + (*addr - child);
			return true;
		}
	}
	return false;
}

/* The CPU address of a node's first reg entry, as of_translate_address() */
bool dt_translate(const void *fdt, int node, uint64_t *addr)
{
	int bus = fdt_parent_offset(fdt, node);
	int na = dt_cells(fdt, bus, "#address-cells");
	int ns = dt_cells(fdt, bus, "#size-cells");
	const fdt32_t *reg;
	int len;

	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || len < na * 4 || na < 1)
		return false;
	*addr = dt_read_cells(reg, na);
	for (; bus > 0; bus = fdt_parent_offset(fdt, bus)) {
		if (!dt_translate_one(fdt, bus, na, ns, addr))
			return false;
		na = dt_cells(fdt, fdt_parent_offset(fdt, bus), "#address-cells");
		ns = dt_cells(fdt, fdt_parent_offset(fdt, bus), "#size-cells");
	}
	return true;
}

static void prepend(char *name, size_t n, const char *part)
{
	char old[256];

	snprintf(old, sizeof(old), "%s", name);
	snprintf(name, n, old[0] ? "%s:%s" : "%s%s", part, old);
}

/*
 * The name Linux gives the OF platform or AMBA device of a node
 * (of_device_make_bus_id()): "<address>.<name>" when its reg translates,
 * else the node's full name prefixed with its parents' until one does or
 * the root is reached: /soc/serial@9000000 is "9000000.serial", /soc/keys
 * "soc:keys", /keys "keys".
 */
static void dt_dev_name(const void *fdt, int node, char *name, size_t n)
{
	const fdt32_t *mask;
	const char *nn;
	char part[256];
	uint64_t addr;
	int len;

	name[0] = '\0';
	for (; node > 0; node = fdt_parent_offset(fdt, node)) {
		nn = fdt_get_name(fdt, node, NULL);
		if (dt_translate(fdt, node, &addr)) {
			mask = fdt_getprop(fdt, node, "mask", &len);
			if (mask && len == 4)
				snprintf(part, sizeof(part), "%" PRIx64 ".%x.%.*s", addr,
					 ffs(fdt32_to_cpu(*mask)) - 1,
					 (int)strcspn(nn, "@"), nn);
			else
				snprintf(part, sizeof(part), "%" PRIx64 ".%.*s", addr,
					 (int)strcspn(nn, "@"), nn);
			prepend(name, n, part);
			return;
		}
		prepend(name, n, nn);
	}
}

void dt_path(const void *fdt, int node, char *buf, size_t n)
{
	if (fdt_get_path(fdt, node, buf, n))
		snprintf(buf, n, "<node at %d>", node);
}

void find_controller(struct verify *v)
{
	int node;

	node = fdt_node_offset_by_compatible(v->fdt, -1, VSOC_COMPATIBLE);
	while (node >= 0 && !dt_enabled(v->fdt, node))
		node = fdt_node_offset_by_compatible(v->fdt, node, VSOC_COMPATIBLE);
	if (node < 0)
		fatal("the DTB has no enabled \"" VSOC_COMPATIBLE "\" node");
	v->ctrl = node;
	dt_dev_name(v->fdt, node, v->ctrl_name, sizeof(v->ctrl_name));
}

/*
 * The node of the device a pinctrl-handles line names: the controller (its
 * hogs) or an enabled node with pin states whose device has that name. Other
 * nodes can have the same name (the controller's /reserved-memory window).
 */
int dt_find_device(const struct verify *v, const char *dev)
{
	int node, found = -1;
	char name[256];

	if (!strcmp(dev, v->ctrl_name))
		return v->ctrl;
	for (node = fdt_next_node(v->fdt, -1, NULL); node >= 0;
	     node = fdt_next_node(v->fdt, node, NULL)) {
		if (!fdt_getprop(v->fdt, node, "pinctrl-0", NULL) ||
		    !dt_enabled(v->fdt, node))
			continue;
		dt_dev_name(v->fdt, node, name, sizeof(name));
		if (strcmp(name, dev))
			continue;
		if (found >= 0)
			fatal("pinctrl-handles: device %s matches two DT nodes", dev);
		found = node;
	}
	if (found < 0)
		fatal("pinctrl-handles: no DT node with pin states for device %s", dev);
	return found;
}

/* The argument of one configuration property, as section 5 allows it */
static u32 dt_prop_arg(const struct pin_node *pn, const struct vsoc_dt_prop *p,
		       const fdt32_t *value, int len)
{
	if (!len && p->arg != VSOC_DT_U32)
		return p->def;
	if (len == 4 && p->arg != VSOC_DT_FLAG)
		return fdt32_to_cpu(*value);
	fatal("DT %s: %s has %d bytes; allowed: %s", pn->path, p->name, len,
	      p->allowed);
}

/* The first field of a mask, for messages */
static const char *first_field(u32 mask)
{
	int f;

	for (f = 0; f < VSOC_NR_FIELDS; f++)
		if (mask & vsoc_field_mask(f))
			return vsoc_field_name(f);
	return "?";
}

/* The configuration properties of a node, checked as section 5 says */
static void dt_parse_config(const struct verify *v, int node, struct pin_node *pn)
{
	const struct vsoc_dt_prop *p;
	const char *name;
	const fdt32_t *value;
	u32 mask, val, arg;
	int off, len;

	fdt_for_each_property_offset(off, v->fdt, node) {
		value = fdt_getprop_by_offset(v->fdt, off, &name, &len);
		if (vsoc_dt_node_prop(name))
			continue;
		p = vsoc_dt_prop_find(name);
		if (!p)
			fatal("DT %s: %s is not a pin configuration property of the datasheet",
			      pn->path, name);
		arg = dt_prop_arg(pn, p, value, len);
		if (vsoc_param_encode(p->param, arg, &mask, &val))
			fatal("DT %s: %s = <%u> cannot be held by the hardware; allowed: %s",
			      pn->path, name, arg, p->allowed);
		/* one node that sets a field twice is an error (section 5) */
		if (pn->mask & mask)
			fatal("DT %s: %s sets %s, as another property of the node does",
			      pn->path, name, first_field(pn->mask & mask));
		pn->mask |= mask;
		pn->val |= val;
	}
}

/* A property that is a non-empty list of strings; NULL if absent */
static const char *dt_strings(const struct pin_node *pn, const void *fdt, int node,
			      const char *prop, int *len)
{
	const char *s = fdt_getprop(fdt, node, prop, len);

	if (s && (*len < 2 || s[*len - 1] || !s[0]))
		fatal("DT %s: %s must be a non-empty list of strings", pn->path, prop);
	return s;
}

/* Two pins or more in @pins (of this part), each once */
static bool dt_distinct_pins(const struct verify *v, const char *pins, int len)
{
	unsigned char seen[VSOC_MAX_PINS] = { 0 };
	unsigned int n = 0;
	const char *t;
	int pin;

	for_each_string(t, pins, len) {
		pin = vsoc_pin_by_name(t, v->npins);
		if (pin < 0 || seen[pin]++)
			return false;
		n++;
	}
	return n > 1;
}

/* The pins or groups of a node, and its function, checked against the part */
static void dt_parse_targets(const struct verify *v, int node, struct pin_node *pn)
{
	int plen, glen, flen;
	const char *pins = dt_strings(pn, v->fdt, node, "pins", &plen);
	const char *groups = dt_strings(pn, v->fdt, node, "groups", &glen);
	const char *t;
	unsigned int buf[VSOC_GROUP_MAX_PINS];

	pn->function = dt_strings(pn, v->fdt, node, "function", &flen);
	if (pn->function && (int)strlen(pn->function) + 1 != flen)
		fatal("DT %s: function must be one string", pn->path);
	if (pn->function && !vsoc_function_exists(pn->function))
		fatal("DT %s: no function %s in the datasheet", pn->path, pn->function);
	if (pins && groups)
		fatal("DT %s: has both pins and groups", pn->path);
	pn->targets = pins ? pins : groups;
	pn->len = pins ? plen : glen;
	if (!pn->targets && (pn->function || pn->mask))
		fatal("DT %s: has pin settings but neither pins nor groups", pn->path);

	for_each_string(t, pn->targets, pn->len) {
		if (pins ? vsoc_pin_by_name(t, v->npins) < 0 :
			   vsoc_group_pins(t, v->npins, buf) < 0)
			fatal("DT %s: this part has no %s %s", pn->path,
			      pins ? "pin" : "group", t);
		if (pn->function && vsoc_mux_select(pn->function, t, v->npins) < 0)
			fatal("DT %s: function %s cannot be muxed on %s", pn->path,
			      pn->function, t);
	}
	/*
	 * The driver makes one group of function "gpio", named after the
	 * node, of a node's pins when there are two or more, each once, the
	 * function is "gpio" or none, and the path fits its 128-byte buffer.
	 */
	if (pins && (!pn->function || !strcmp(pn->function, VSOC_GPIO_FUNCTION)) &&
	    strlen(pn->path) < 128 && dt_distinct_pins(v, pins, plen))
		pn->group = pn->path;
}

static void visit_node(struct verify *v, int node, int top, pin_node_fn fn,
		       const char *dev)
{
	struct pin_node pn = { 0 };

	dt_path(v->fdt, node, pn.path, sizeof(pn.path));
	dt_path(v->fdt, top, pn.state_path, sizeof(pn.state_path));
	dt_parse_config(v, node, &pn);
	dt_parse_targets(v, node, &pn);
	if (pn.targets)
		fn(v, &pn, dev);
}

/*
 * A node a state points to: the node itself, then its available children,
 * as pinconf_generic_dt_node_to_map_all() makes maps of them.
 */
static void visit_config(struct verify *v, int node, pin_node_fn fn, const char *dev)
{
	int child;

	visit_node(v, node, node, fn, dev);
	fdt_for_each_subnode(child, v->fdt, node)
		if (dt_available(v->fdt, child))
			visit_node(v, child, node, fn, dev);
}

static bool dt_below(const void *fdt, int node, int ancestor)
{
	while (node > 0 && node != ancestor)
		node = fdt_parent_offset(fdt, node);
	return node == ancestor;
}

/* The name of state i of a node: pinctrl-names[i], or "i" if it has none */
const char *dt_state_name(const void *fdt, int node, int i, char *buf, size_t n)
{
	const char *name = fdt_stringlist_get(fdt, node, "pinctrl-names", i, NULL);

	if (name)
		return name;
	snprintf(buf, n, "%d", i);
	return buf;
}

/*
 * Every pin node of a device's state, in the core's order: each pinctrl-N
 * the state is called by, each of its phandles, each node with its children.
 * Returns how many pinctrl-N properties are the state.
 */
int walk_state(struct verify *v, int dev_node, const char *state,
		      pin_node_fn fn, const char *dev)
{
	const fdt32_t *ph;
	char prop[32], num[16], path[256];
	int i, j, len, node, found = 0;

	for (i = 0;; i++) {
		snprintf(prop, sizeof(prop), "pinctrl-%d", i);
		ph = fdt_getprop(v->fdt, dev_node, prop, &len);
		if (!ph)
			return found;
		if (strcmp(dt_state_name(v->fdt, dev_node, i, num, sizeof(num)), state))
			continue;
		found++;
		for (j = 0; j < len / 4; j++) {
			node = fdt_node_offset_by_phandle(v->fdt, fdt32_to_cpu(ph[j]));
			if (node < 0) {
				dt_path(v->fdt, dev_node, path, sizeof(path));
				fatal("DT %s: %s: phandle %d is not a node", path, prop, j);
			}
			/* a node belongs to the controller it sits under */
			if (dt_below(v->fdt, node, v->ctrl))
				visit_config(v, node, fn, dev);
		}
	}
}

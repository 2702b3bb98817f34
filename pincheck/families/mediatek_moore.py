# SPDX-License-Identifier: GPL-2.0
"""The MediaTek "moore" drivers (pinctrl-moore.c on
pinctrl-mtk-common-v2.c: mt7622, mt7623's moore binding, mt7629, mt7981,
mt7986a/b), for the mediatek family (mediatek.py): the same named windows
and PIN_FIELD ranges as paris, but groups and functions of the SoC's
tables and the generic binding.

pinconf_generic_dt_node_to_map_all() maps the node and each available
subnode: `function` with `groups` a mux setting per group, and the
node's generic configuration a config setting per group (`groups`) or per
pin (`pins`, by the pin's name). The core refuses a function the
driver has not, a group or pin it has not, a group not in the function's
list. mtk_pinmux_set_mux() writes each pin's mode of the group's
<id>_funcs[] into its MODE field; moore's mtk_pinconf_set() takes the
configurations of a setting pin by pin in its own way (input-enable is
DIR 0, and IES 1 when the SoC has ies_present; output-enable SMT 0 then
DIR 1; an unknown one only sets the error the last configuration
returns)."""

ENOTSUPP, EINVAL = -524, -22


def targets(node):
    """(kind, [names]) of a node pinconf_generic_dt_subnode_to_map()
    maps: its pins, else its groups; None: the node is skipped"""
    for kind in ("pins", "groups"):
        if node.has(kind):
            return kind, node.strings(kind)
    return None


def nodes(node):
    """the node and its available subnodes, in the core's order"""
    return [node] + [c for c in node.children if c.string("status") in (None, "okay", "ok")]


def refuses(fam, ctrl, s, node):
    """what makes the core's map of the node fail (pinmux_map_to_setting(),
    pinconf_map_to_setting()), in its words"""
    pins = {p.name for p in s.pins if p.name}
    for n in nodes(node):
        t = targets(n)
        if t is None:
            continue
        kind, names = t
        func = n.string("function")
        if func is not None and func not in s.functions:
            return ["%s: function: %s is not supported" % (n.path, func)]
        for name in names:
            if func is not None and name not in s.functions[func]:
                return ["%s: %s: invalid group \"%s\" for function \"%s\"" % (
                    n.path, kind, name, func)]
            if kind == "groups" and name not in s.groups:
                return ["%s: groups: no group %s" % (n.path, name)]
            if kind == "pins" and name not in pins and fam.configs(ctrl, n):
                return ["%s: pins: no pin %s" % (n.path, name)]
    return []


def apply(fam, ctrl, s, node, hw_of):
    """(mux writes, config writes, why the state fails or None)"""
    mux, conf, why = [], [], None
    if refuses(fam, ctrl, s, node):
        return mux, conf, None
    by_name = {p.name: p.number for p in s.pins if p.name}
    for n in nodes(node):
        t = targets(n)
        if t is None:
            continue
        kind, names = t
        func = n.string("function")
        cfgs = fam.configs(ctrl, n)
        for name in names:
            group = s.groups[name] if kind == "groups" else [(by_name[name], None)]
            if func is not None:
                for pin, mode in group:
                    hw = hw_of(pin)
                    hw.set("MODE", mode)
                    mux += hw.out
            if cfgs and why is None:
                for pin, _ in group:
                    hw = hw_of(pin)
                    err = pinconf_set(hw, cfgs)
                    conf += hw.out
                    if err < 0:
                        why = (n.path, "pinconf", "the driver refuses it on %s (%d)" % (
                            fam.pin_name(ctrl, pin), err))
                        break
    return mux, conf, why


def pinconf_set(hw, cfgs):
    """moore's mtk_pinconf_set() for one pin: its error"""
    from .mediatek import call      # the common-v2 paths the paris family ports
    err = 0
    for _, param, arg in cfgs:
        if param in ("PIN_CONFIG_BIAS_DISABLE", "PIN_CONFIG_BIAS_PULL_UP",
                     "PIN_CONFIG_BIAS_PULL_DOWN"):
            up = int(param.endswith("UP"))
            if hw.soc.ops.get("bias_set_combo"):
                err = call(hw, "bias_set_combo", up, 0 if param.endswith("DISABLE") else arg)
            elif param.endswith("DISABLE") and hw.soc.ops.get("bias_disable_set"):
                err = call(hw, "bias_disable_set")
            elif not param.endswith("DISABLE") and hw.soc.ops.get("bias_set"):
                err = call(hw, "bias_set", up)
            else:
                return ENOTSUPP
            if err:
                return err
        elif param == "PIN_CONFIG_OUTPUT_ENABLE":
            err = hw.set("SMT", 0) or hw.set("DIR", 1)
        elif param == "PIN_CONFIG_INPUT_ENABLE":
            if hw.soc.ies_present:
                hw.set("IES", 1)
            err = hw.set("DIR", 0)
        elif param == "PIN_CONFIG_SLEW_RATE":
            err = hw.set("SR", arg)
        elif param == "PIN_CONFIG_OUTPUT":
            err = hw.set("DIR", 1) or hw.set("DO", arg)
        elif param == "PIN_CONFIG_INPUT_SCHMITT_ENABLE":
            a = 2 if arg else 1
            err = hw.set("DIR", a & 1) or hw.set("SMT", int(bool(a & 2)))
        elif param == "PIN_CONFIG_DRIVE_STRENGTH":
            if hw.soc.ops.get("drive_set"):
                err = call(hw, "drive_set", arg)
                if err:
                    return err
            else:
                err = ENOTSUPP
                continue
        elif param in ("MTK_PIN_CONFIG_TDSEL", "MTK_PIN_CONFIG_RDSEL"):
            err = hw.set(param[-5:], arg)
        elif param in ("MTK_PIN_CONFIG_PU_ADV", "MTK_PIN_CONFIG_PD_ADV"):
            if not hw.soc.ops.get("adv_pull_set"):
                return ENOTSUPP
            err = call(hw, "adv_pull_set", param == "MTK_PIN_CONFIG_PU_ADV", arg)
            if err:
                return err
        else:
            err = ENOTSUPP
            continue
        if err:
            return err
    return err

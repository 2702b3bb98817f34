# SPDX-License-Identifier: GPL-2.0
"""What the host reads back of a boot: the windows (read_window, read_reg)
and each field's value as the kernel's debugfs shows it (debugfs_value),
by the kinds of DEBUGFS_KINDS, which the guest's checker
(checker/rehearse-debugfs.c) reads by the same codes."""

import gzip
import os
import re
import struct


def read_window(path):
    """a window read by the host: NAME.bin, or NAME.bin.gz (rehearse-all)"""
    if os.path.isfile(path):
        return open(path, "rb").read()
    with gzip.open(path + ".gz", "rb") as f:
        return f.read()


def read_reg(buf, off, width):
    if off + width > len(buf):
        return 0
    return {1: buf[off], 2: struct.unpack_from("<H", buf, off)[0],
            4: struct.unpack_from("<I", buf, off)[0]}[width]


# How a field is read back from debugfs, for the host's verdict and the
# console's KTAP (checker/rehearse-ktap.c reads these codes): each family
# names the kind of each of its fields (Family.debugfs_kind), the readers
# below are the protocol, in the order of the codes.
DEBUGFS_KINDS = {None: 0, "imx-conf": 1, "sunxi-drive": 2, "sunxi-pull": 3,
                 "pinctrl-single": 4, "imx1-conf": 5, "vsoc-mux": 6, "vsoc-pad": 7,
                 "meson-pullen": 8, "meson-pull": 9, "mtk-mode": 10, "rcar-drive": 11,
                 "rcar-poc": 12, "qcom-pmic-gpio": 13, "qcom-pmic-mpp": 14}
# the kinds whose reader is told the field's name too
FIELD_KINDS = ("qcom-pmic-gpio", "qcom-pmic-mpp")


def debugfs_kind(ctl, field):
    kind = ctl.family.debugfs_kind(field)
    if kind not in DEBUGFS_KINDS:
        raise ValueError("family %s: unknown debugfs kind %r" % (ctl.family.name, kind))
    return kind


def _under(v, mask):
    return (v & mask) >> ((mask & -mask).bit_length() - 1) if mask else None


def _read_hex_conf(ctl, pin, confs, mask):
    # pinconf-pins: "pin N (NAME): 0x...": the pad register (with
    # SHARE_MUX_CONF_REG the mux bits in it too), the field under its mask
    v = confs.get(pin)
    return _under(int(v, 16), mask) if v and v.startswith("0x") else None


def _read_imx1_conf(ctl, pin, confs, mask):
    # imx1_pinconf_dbg_show(): the pin's PUEN bit itself
    v = confs.get(pin)
    return int(v, 16) if v and v.startswith("0x") else None


def _read_sunxi_drive(ctl, pin, confs, mask):
    # "input bias pull up, output drive strength (40 mA)"
    m = re.search(r"output drive strength \((\d+) mA\)", confs.get(pin) or "")
    return int(m.group(1)) // 10 - 1 if m else None


def _read_sunxi_pull(ctl, pin, confs, mask):
    v = confs.get(pin) or ""
    for code, text in ((1, "input bias pull up"), (2, "input bias pull down"),
                       (0, "input bias disabled")):
        if text in v:
            return code
    return None


def _read_meson_pull(ctl, pin, confs, mask, enable):
    # the generic dump of meson_pinconf_get(): the pull-enable bit (0 when
    # "input bias disabled"), the pull bit (1 up, 0 down; not shown while
    # the pull is disabled)
    v = confs.get(pin) or ""
    if "input bias pull up" in v:
        return 1
    if "input bias pull down" in v:
        return 1 if enable else 0
    if enable and "input bias disabled" in v:
        return 0
    return None


def _read_pins_value(ctl, pin, confs, mask):
    # pins: "pin N (PINN) [gpio:chip ]<address> <value> pinctrl-single": the
    # register (with bit-per-mux: the pin's bits of it), the field under its
    # mask
    t = ctl.guest_pins.get(pin, ("", ""))[1].split()
    if "pinctrl-single" in t:
        i = t.index("pinctrl-single")
        if i >= 2 and re.fullmatch(r"[0-9a-f]+", t[i - 1]):
            return _under(int(t[i - 1], 16), mask)
    return None


VSOC_PINS = re.compile(r"(?:^| )mux (\d+) pad 0x([0-9a-f]{8})$")


def _read_vsoc(ctl, pin, mask, mux):
    # pins: "pin N (PA0) [GPIO RANGE ]mux 1 pad 0x000000a0", the driver's
    # read-back of both registers (vsoc_pin_dbg_show()): the mux select
    # itself, or the PAD field under its mask
    m = VSOC_PINS.search(ctl.guest_pins.get(pin, ("", ""))[1])
    if not m:
        return None
    return int(m.group(1)) if mux else _under(int(m.group(2), 16), mask)


def _read_mtk_mode(ctl, pin, confs, mask):
    # pins: "[GPIO RANGE ]NNN: MDOI..." (mtk_pctrl_show_one_pin(), the pin's
    # number "%03d: " then one digit each of mode, direction, ...): the
    # mode digit, at the start or after a blank
    rest = ctl.guest_pins.get(pin, ("", ""))[1]
    key = "%03d: " % pin
    i = rest.find(key)
    while i > 0 and rest[i - 1] != " ":
        i = rest.find(key, i + 1)
    if i < 0:
        return None
    c = rest[i + len(key):i + len(key) + 1]
    return int(c) if c.isdigit() else None


def _read_rcar_drive(ctl, pin, confs, mask):
    # "output drive strength (N mA)" of sh_pfc_pinconf_get(): (N / step) - 1,
    # the step 6 mA for a 2-bit field, else 3 mA
    m = re.search(r"output drive strength \((\d+) mA\)", confs.get(pin) or "")
    return int(m.group(1)) // (6 if bin(mask).count("1") == 2 else 3) - 1 if m else None


def _read_rcar_poc(ctl, pin, confs, mask):
    # "pin power source (N selector)", N in mV: the POCCTRL bit is 1 for
    # 3300, 0 for 1800; 2500 is either, by the pin (not read)
    m = re.search(r"pin power source \((\d+) selector\)", confs.get(pin) or "")
    return {3300: 1, 1800: 0}.get(int(m.group(1))) if m else None


PMIC_PAD = re.compile(r"(?:^| )(?:gpio|mpp)\d+ *:(.*)$")


def pmic_pad_line(line):
    """pinconf-groups' line of a PMIC GPIO or MPP pad: (the generic part,
    the words the driver's dbg_show prints after " gpioN:" / " mppN:"), or
    None; [] for a pad it shows disabled ("---")"""
    m = PMIC_PAD.search(line or "")
    if not m:
        return None
    w = m.group(1).split()
    return line[:m.start()], [] if w == ["---"] else w


def _read_qcom_pmic(ctl, pin, confs, mask, field):
    # pinconf-groups (every pad its own group, selector = pin), as
    # pmic_gpio_config_dbg_show() prints it: "N (gpioM): <generic> gpioM :
    # out  high normal  vin-0 no pull  push-pull  no  atest-1 dtest-0"
    # (direction, value, function, vin-N, the bias in words, buffer,
    # strength, atest-N, dtest-N); pmic_mpp_config_dbg_show(): "mppM : out
    # digital vin-0 0 Disabled low" (direction, function, vin-N, the
    # analog level, the pull where the pad has one, value, ...)
    got = pmic_pad_line(getattr(ctl, "guest_groups", {}).get(pin))
    if got is None:
        return None
    generic, w = got
    if field == "enable":
        return 1 if w else 0
    mpp = ctl.family.pin_prefix() == "mpp"
    if len(w) < (4 if mpp else 9):
        return None
    words = ctl.family.debugfs_words(ctl)
    if not mpp:
        w = w[:4] + [" ".join(w[4:-4])] + w[-4:]
    # the direction: the driver's config_get() has "input enabled" only
    # while the pad's input is; the value shown is the input's then
    inen = "input enabled" in generic
    fn = w[1] if mpp else w[2]
    if field in ("dir", "mode"):
        if w[0] not in words["dir"] or (mpp and fn not in words["function"]):
            return None
        return ctl.family.mode_of(words["dir"].index(w[0]), inen,
                                  *([words["function"].index(fn)] if mpp else []))
    at = {"vin": 2 if mpp else 3, "level": 3}
    if field in at:
        v = w[at[field]]
        v = v[4:] if field == "vin" and v.startswith("vin-") else v
        return int(v) if v.isdigit() else None
    if field == "out":
        val = [x for x in w[4:6] if x in words["out"]] if mpp else [w[1]]
        return None if inen or not val or val[0] not in words["out"] \
            else words["out"].index(val[0])
    word = {"function": fn, "pull": w[4], "buffer": w[-4], "strength": w[-3]}.get(field)
    return words[field].index(word) if word in words.get(field, []) else None


DEBUGFS_READERS = {"imx-conf": _read_hex_conf, "sunxi-drive": _read_sunxi_drive,
                   "sunxi-pull": _read_sunxi_pull, "pinctrl-single": _read_pins_value,
                   "imx1-conf": _read_imx1_conf,
                   "meson-pullen": lambda ctl, pin, confs, mask: _read_meson_pull(ctl, pin, confs,
                                                                                  mask, True),
                   "meson-pull": lambda ctl, pin, confs, mask: _read_meson_pull(ctl, pin, confs,
                                                                                mask, False),
                   "vsoc-mux": lambda ctl, pin, confs, mask: _read_vsoc(ctl, pin, mask, True),
                   "vsoc-pad": lambda ctl, pin, confs, mask: _read_vsoc(ctl, pin, mask, False),
                   "mtk-mode": _read_mtk_mode, "rcar-drive": _read_rcar_drive,
                   "rcar-poc": _read_rcar_poc, "qcom-pmic-gpio": _read_qcom_pmic,
                   "qcom-pmic-mpp": _read_qcom_pmic}


def debugfs_value(ctl, pin, field, confs, mask=0xFFFFFFFF):
    """the kernel's own read-back of a field, where debugfs shows it"""
    kind = debugfs_kind(ctl, field)
    if kind in FIELD_KINDS:
        return DEBUGFS_READERS[kind](ctl, pin, confs, mask, field)
    return DEBUGFS_READERS[kind](ctl, pin, confs, mask) if kind else None


def changed_words(reset, regs, size, chunk=4096):
    """the offsets of the 32-bit words below size that differ between the
    two images: chunks that compare equal as bytes are skipped whole (a
    TLMM's windows are 9 MiB, its writes a few hundred words)"""
    for base in range(0, size - 3, chunk):
        end = min(base + chunk, size)
        if reset[base:end] == regs[base:end]:
            continue
        for off in range(base, end - 3, 4):
            if read_reg(reset, off, 4) != read_reg(regs, off, 4):
                yield off

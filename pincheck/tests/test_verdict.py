# SPDX-License-Identifier: GPL-2.0
"""The verdict of recorded rehearsals (data/, real boots of make rehearse):
python3 -m pincheck verdict on the recorded OUTDIR prints the recorded
table and exits as it did; a register word changed in a window is a
MISMATCH of that pin and no other; the console reader."""

import gzip
import json
import os
import struct
import types

import pytest

from pincheck import __main__ as front
from pincheck import verdict, verdict_json

from .conftest import DATA, KSRC, recorded_run

# run, exit status, last line: the recorded rehearsals (data/README.md)
RUNS = [
    ("beagleplay", 0, "ti/k3-am625-beagleplay: 133 pins checked, 0 mismatches, 0 conflicts, "
     "0 stray writes, 0 bad nodes, 0 consumers failed, 0 states never applied, 0 not rehearsed"),
    ("imx8mm-evk-fixup", 1, "freescale/imx8mm-evk: 79 pins checked, 1 mismatches, 0 conflicts, "
     "0 stray writes, 0 bad nodes, 0 consumers failed, 0 states never applied, 0 not rehearsed"),
    ("pine-h64", 0, "allwinner/sun50i-h6-pine-h64: 41 pins checked, 0 mismatches, 0 conflicts, "
     "0 stray writes, 0 bad nodes, 0 consumers failed, 0 states never applied, 0 not rehearsed"),
]


@pytest.fixture
def pincheck_verdict(capsys, monkeypatch):
    """pincheck verdict OUTDIR through the front door (in this process: the
    interpreter's start is test_cli's): its exit status and output"""
    monkeypatch.setenv("KSRC", KSRC)

    def run(outdir):
        capsys.readouterr()
        rc = front.main(["verdict", outdir])
        out = capsys.readouterr()
        return types.SimpleNamespace(returncode=rc, stdout=out.out, stderr=out.err)
    return run


def needs_tables(run):
    if run == "pine-h64" and not os.path.isdir(os.path.join(KSRC, "drivers/pinctrl/sunxi")):
        pytest.skip("the sunxi verdict reads the driver's tables: no kernel tree at " + KSRC)


def window(outdir, ctl_path):
    """the file of the first window of the controller at ctl_path"""
    with open(os.path.join(outdir, "plan.json")) as f:
        plan = json.load(f)
    c = next(c for c in plan["controllers"] if c["path"] == ctl_path)
    return os.path.join(outdir, c["windows"][0]["name"] + ".bin")


def poke(win, off, val):
    """put a little-endian word into a recorded window; the verdict reads
    NAME.bin before NAME.bin.gz"""
    with gzip.open(win + ".gz") as f:
        b = bytearray(f.read())
    old = struct.unpack_from("<I", b, off)[0]
    struct.pack_into("<I", b, off, val)
    with open(win, "wb") as f:
        f.write(b)
    return old


def read(path):
    with open(path) as f:
        return f.read()


@pytest.mark.parametrize("run,rc,last", RUNS, ids=[r[0] for r in RUNS])
def test_recorded_verdict(pincheck_verdict, tmp_path, run, rc, last):
    needs_tables(run)
    d = recorded_run(run, tmp_path / run)
    want_txt = read(os.path.join(DATA, run, "verdict.txt"))
    want_ktap = read(os.path.join(DATA, run, "verdict.ktap"))
    os.unlink(os.path.join(d, "verdict.ktap"))
    os.unlink(os.path.join(d, "console.ktap"))
    r = pincheck_verdict(d)
    assert r.returncode == rc, r.stderr
    assert r.stdout == want_txt
    assert r.stdout.splitlines()[-1] == last
    # the host's KTAP, and the guest's as read from the console
    assert read(os.path.join(d, "verdict.ktap")) == want_ktap
    assert read(os.path.join(d, "console.ktap")) == read(os.path.join(DATA, run, "console.ktap"))
    js = verdict_json.load(os.path.join(d, "verdict.json"))
    assert (js["schema"], js["version"]) == ("pincheck-verdict", 1)
    assert js["ok"] == (rc == 0) and js["exit"] == rc
    # the counts are the last line's figures
    if " pins checked, " in last:
        figures = [int(w) for w in last.split(": ", 1)[1].replace(",", "").split() if w.isdigit()]
        keys = ("pins", "mismatches", "conflicts", "stray_writes", "bad_nodes",
                "consumers_failed", "states_never_applied", "not_rehearsed")
        assert figures == [js["counts"][k] for k in keys]
    assert len(js["rows"]) == js["counts"]["pins"]


def test_verdict_json_refuses_what_it_cannot_read(tmp_path):
    p = tmp_path / "verdict.json"
    for text, why in (("{\"board\": \"b\", \"rows\": []}", "not a pincheck-verdict file"),
                      ("{\"schema\": \"pincheck-verdict\", \"version\": 2}",
                       "version 2, this pincheck reads versions 1 to 1"),
                      ("[1", "verdict.json: ")):
        p.write_text(text)
        with pytest.raises(verdict_json.VerdictError) as e:
            verdict_json.load(str(p))
        assert why in str(e.value) and "\n" not in str(e.value)


def mismatches(text):
    return [line for line in text.splitlines() if "MISMATCH" in line or "STRAY" in line]


def test_changed_register_word_is_a_mismatch_of_that_pin(pincheck_verdict, tmp_path):
    # beagleplay's main_uart0 RXD, AM62X_IOPAD(0x01c8, PIN_INPUT, 0):
    # 0x54000 at main_pmx0 + 0x1c8; mux mode 7 in the word is a mismatch of
    # the register (debugfs, read in the guest, still says 0x54000)
    d = recorded_run("beagleplay", tmp_path / "bp")
    assert poke(window(d, "/bus@f0000/pinctrl@f4000"), 0x1c8, 0x54007) == 0x54000
    r = pincheck_verdict(d)
    assert r.returncode == 1
    bad = mismatches(r.stdout)
    assert len(bad) == 1
    assert bad[0].startswith("main_pmx0:PADCONFIG114 UART0_RXD (D14) ")
    assert bad[0].endswith(" MISMATCH padconf: registers=0x54007, expected=0x54000")
    assert r.stdout.splitlines()[-1].startswith("ti/k3-am625-beagleplay: 133 pins checked, "
                                                "1 mismatches, 0 conflicts, 0 stray writes,")


def test_imx_fixup_mismatch_seen_by_registers_and_debugfs(pincheck_verdict, tmp_path):
    # the recorded boot had a fixup set bit 0 of UART2_RXD's pad word
    # (0x141 at IOMUXC + 0x4a4, the DT says 0x140): both the window and
    # debugfs say so; with the word put back only debugfs still does
    d = recorded_run("imx8mm-evk-fixup", tmp_path / "imx")
    r = pincheck_verdict(d)
    bad = mismatches(r.stdout)
    assert len(bad) == 1 and bad[0].startswith("MX8MM_IOMUXC_UART2_RXD ")
    assert bad[0].endswith("MISMATCH conf: registers=0x141, expected=0x140; "
                           "conf: debugfs=0x141, expected=0x140")
    assert poke(window(d, "/soc@0/bus@30000000/pinctrl@30330000"), 0x4a4, 0x140) == 0x141
    bad = mismatches(pincheck_verdict(d).stdout)
    assert len(bad) == 1 and bad[0].endswith("MISMATCH conf: debugfs=0x141, expected=0x140")


def test_stray_write(pincheck_verdict, tmp_path):
    # a word no applied state writes keeps the window's fill, 0xa5a5a5a5
    d = recorded_run("imx8mm-evk-fixup", tmp_path / "imx")
    assert poke(window(d, "/soc@0/bus@30000000/pinctrl@30330000"), 0x8000, 0) == 0xA5A5A5A5
    bad = mismatches(pincheck_verdict(d).stdout)
    assert bad[1:] == ["STRAY WRITE /soc@0/bus@30000000/pinctrl@30330000 window 0 offset 0x8000: "
                       "reset 0xa5a5a5a5, registers 0x0, no applied state writes it"]


def test_read_console(tmp_path):
    log = tmp_path / "console.log"
    log.write_bytes(b"[    0.1] boot\r\n"
                    b"==== VSOC BEGIN boot /sys/kernel/debug/pinctrl/x/pins ====\r\n"
                    b"pin 0 (A) 4c000000 00000001 pinctrl-single\r\n"
                    b"\r\n"
                    b"pin 1 (B) \xff\r\n"
                    b"==== VSOC END boot /sys/kernel/debug/pinctrl/x/pins ====\r\n"
                    b"noise\n"
                    b"==== VSOC BEGIN end dmesg ====\n"
                    b"[ 1.0] pin 3 already requested by a; cannot claim for b\n"
                    b"==== VSOC END end dmesg ====\n"
                    b"==== VSOC BEGIN boot unterminated ====\n"
                    b"lost\n")
    dumps = verdict.read_console(str(log))
    assert dumps == {
        ("boot", "/sys/kernel/debug/pinctrl/x/pins"):
            "pin 0 (A) 4c000000 00000001 pinctrl-single\n\npin 1 (B) \ufffd",
        ("end", "dmesg"): "[ 1.0] pin 3 already requested by a; cannot claim for b",
    }
    g = verdict.Guest(dumps)
    assert g.pins("x") == {0: ("A", "4c000000 00000001 pinctrl-single"), 1: ("B", "\ufffd")}
    assert [m.groups() for m in verdict.CLAIM.finditer(g.dmesg)] == [("3", "a", "b")]


def test_read_console_of_a_recorded_boot(tmp_path):
    d = recorded_run("beagleplay", tmp_path / "bp")
    dumps = verdict.read_console(os.path.join(d, "console.log"))
    assert dumps[("boot", "ktap")].splitlines()[0] == "KTAP version 1"
    g = verdict.Guest(dumps)
    # the two pinctrl-single instances by their device names
    assert g.pins("4c001000.pinctrl")[114][1].split()[-3:] == ["4c0011c8", "00054000", "pinctrl-single"]
    # each consumer is a device of its own (rhNNN-...) in its default state
    with open(os.path.join(d, "plan.json")) as f:
        devs = {c["path"]: c["dev"] for c in json.load(f)["consumers"]}
    assert devs["/bus@f0000/serial@2800000"].startswith("rh")
    assert g.handles[devs["/bus@f0000/serial@2800000"]] == "default"


def test_owner_classes_read_from_the_tree(tmp_path):
    # pinconf_param_class() of the series' pinconf.c: the cases before a
    # return are kept under what it returns, the rest under themselves
    d = tmp_path / "drivers" / "pinctrl"
    d.mkdir(parents=True)
    (d / "pinconf.c").write_text("""
static unsigned int pinconf_param_class(unsigned int param)
{
	switch (param) {
	case PIN_CONFIG_BIAS_DISABLE:	/* one bias */
	case PIN_CONFIG_BIAS_PULL_UP:
		return PIN_CONFIG_BIAS_DISABLE;
	case PIN_CONFIG_INPUT_SCHMITT_ENABLE:
		return PIN_CONFIG_INPUT_SCHMITT;
	default:
		return param;
	}
}
""")
    from pincheck import generic
    assert generic.owner_classes(str(tmp_path)) == {
        "PIN_CONFIG_BIAS_DISABLE": "PIN_CONFIG_BIAS_DISABLE",
        "PIN_CONFIG_BIAS_PULL_UP": "PIN_CONFIG_BIAS_DISABLE",
        "PIN_CONFIG_INPUT_SCHMITT_ENABLE": "PIN_CONFIG_INPUT_SCHMITT"}
    (d / "pinconf.c").write_text("/* a tree without the patch */\n")
    generic.owner_classes.cache_clear()
    assert generic.owner_classes(str(tmp_path)) is None


def test_provenance_check():
    # pinconf-owners' sources of a pin, each once, sorted, against the
    # plan's; in the board's paths when they differ
    ctl = types.SimpleNamespace(family=types.SimpleNamespace(conf_owners=True), dev="c")
    pmap = [("/pinctrl@4c000000", "/soc/pinctrl@4c000000")]
    a = "/pinctrl@4c000000/a-state (rh000-x, default)"
    b = "/pinctrl@4c000000/b-state (c, sleep)"
    owners = "pin 3 (PA3): bias-pull-up, input-enable <- %s; drive-strength <4> <- %s" % (b, a)
    guest = types.SimpleNamespace(ctrl_file=lambda dev, f: owners)
    row = {"pin": 3, "fields": [], "mismatch": []}
    verdict.provenance_check(row, ctl, {"bias": a, "drive": b, "input": a}, guest, pmap, set())
    assert row["conf_owners"] == a + " | " + b and row["mismatch"] == []
    row = {"pin": 3, "fields": [], "mismatch": []}
    verdict.provenance_check(row, ctl, {"bias": a}, guest, pmap, set())
    assert row["mismatch"] == [
        "owners: pinconf-owners=/soc/pinctrl@4c000000/a-state (rh000-x, default) | "
        "/soc/pinctrl@4c000000/b-state (c, sleep), "
        "expected=/soc/pinctrl@4c000000/a-state (rh000-x, default)"]


def test_changed_words():
    # worked out by hand: the words at 0, 4092 (the last of the first
    # 4 KiB chunk), 4096 and the window's last word differ; a word past
    # `size` does not count, nor an equal chunk
    size = 3 * 4096 + 8
    reset = bytearray(b"\xa5" * (size + 4))
    regs = bytearray(reset)
    for off in (0, 4092, 4096, size - 4, size):
        regs[off] ^= 1
    assert list(verdict.changed_words(bytes(reset), bytes(regs), size)) == [0, 4092, 4096, size - 4]
    # a reset image shorter than the window reads 0 past its end
    assert list(verdict.changed_words(b"\0" * 4, b"\0" * 8 + b"\1" * 4, 12)) == [8]


def test_probe_failed_after_its_state():
    """call_driver_probe()'s line says the driver's probe failed after
    pinctrl_bind_pins() applied the device's state; nothing else does"""
    from pincheck import klog
    log = ("<6>[    0.5] leds-gpio bad-led: error -EINVAL: Failed to get GPIO\n"
           "<3>[    0.572644] leds-gpio bad-led: probe with driver leds-gpio failed with error -22\n")
    assert klog.probe_failed(log, "bad-led")
    assert not klog.probe_failed(log, "bad")
    assert not klog.probe_failed(log, "led")
    assert not klog.probe_failed(log.replace("-22", "-22 (again)"), "bad-led")
    assert not klog.probe_failed("pin PG2 already requested by bad-led; cannot claim", "bad-led")


def test_handle_without_dt_node_is_bad_input():
    """a board as it is: a handle of pinctrl-handles that no DT node of the
    plan made is no input of the replay (exit 2 in pincheck verdict)"""
    text = ("Requested pin control handlers their pinmux maps:\n"
            "device: 4c000000.pinctrl current state: default\n"
            "device: gpio-keys current state: default\n")
    guest = verdict.Guest({("boot", "/sys/kernel/debug/pinctrl/pinctrl-handles"): text})
    verdict.check_handles(guest, {"4c000000.pinctrl", "gpio-keys"})
    with pytest.raises(verdict.BadInput, match="^pinctrl-handles: gpio-keys has no DT node"):
        verdict.check_handles(guest, {"4c000000.pinctrl"})

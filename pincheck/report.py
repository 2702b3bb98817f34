# SPDX-License-Identifier: GPL-2.0
"""The HTML pin map: one page per board run, and an index over them.

    pincheck report [--out DIR] [--verify PATH] [--run DIR]...
                           [--rehearsed DIR]...

Without --run or --rehearsed it takes every board run found: VSOC boards
under build/run/*/ (those with a console.log and a regs.bin, read with
`vsoc-verify --json`) and rehearsed real boards under
build/rehearse/*/verdict.json. It writes DIR/index.html (build/report/ by
default) and DIR/<board>.html; every page is self-contained (inline CSS and
a small inline script, no network, no fonts, no images), and removes the
other .html files in DIR (pages of runs that are gone).

A VSOC controller is drawn as its banks of 32 pins (datasheet section 3),
each bank split into the four MUX registers of 8 pins it has; a rehearsed
controller as a grid of the pins its verdict rows name, by pin number. Each
pin is colored by its owner (the consumer device, or the controller for a
hog), with a stripe for its function (VSOC: the mux function, or gpio;
rehearsed: the mux mode). A pin with a mismatch has class "pin mismatch"
and a marker, a pin two consumers want has class "pin conflict" and a
marker. Hovering a pin shows its fields, owner and source node (title);
clicking shows them in the details panel. The verdict table is below.
Only python3's standard library.
"""
import glob
import html
import json
import os
import re
import subprocess

from . import verdict_json

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# What vsoc-verify prints for the fields of PAD = 0 and mux 0 (the reset
# state, datasheet sections 2 and 4): fields equal to these are not listed
# among what a pin asks for.
VSOC_RESET = {
    "PAD": "0x00000000", "BIAS": "disable", "PULL": "100k", "DRIVE": "off",
    "STAGES": "2mA", "SCHMITT": "off", "HYST": "lvl1", "DEBOUNCE": "off",
    "SLEW_RISE": "4/4", "SLEW_FALL": "4/4", "POWER": "3.3V",
    "LOWPOWER": "off", "WAKEUP": "off", "INPUT": "off", "RESERVED": "0x0",
    "MUX": "0",
}
VSOC_BANK = 32      # pins per bank (datasheet section 3)
VSOC_MUXREG = 8     # pins per MUX register (datasheet section 2)

# Owner colors, in order of first appearance on a page; light enough for
# black text
PALETTE = [
    "#8ecae6", "#ffb703", "#90be6d", "#f4a6a6", "#cdb4db", "#f9c74f",
    "#80cbc4", "#ffcc80", "#b5c99a", "#a0c4ff", "#ffadad", "#e9c46a",
    "#caffbf", "#bdb2ff", "#ffd6a5", "#9bf6ff", "#d4a373", "#fdffb6",
    "#c9ada7", "#b8e0d2",
]
# Function stripes: darker, to stand out against the owner's fill
STRIPES = [
    "#1d3557", "#e63946", "#2a9d8f", "#6a4c93", "#f77f00", "#386641",
    "#9d0208", "#3a86ff", "#8338ec", "#bc6c25", "#495057", "#ff006e",
    "#06d6a0", "#7f5539", "#118ab2", "#5f0f40",
]
UNUSED = "#eeeeee"


def esc(s):
    return html.escape(str(s), quote=True)


class Colors:
    def __init__(self, palette):
        self.palette, self.seen = palette, {}

    def __call__(self, key):
        if key not in self.seen:
            n = len(self.seen)
            if n < len(self.palette):
                self.seen[key] = self.palette[n]
            else:
                self.seen[key] = "hsl(%d, 60%%, 75%%)" % (n * 47 % 360)
        return self.seen[key]


def slug(s):
    return re.sub(r"[^A-Za-z0-9._-]+", "_", s).strip("_") or "board"


# VSOC ########################################################################

def dump(console, phase, path):
    """The text between the markers of one dump in a console log"""
    b = "==== VSOC BEGIN %s %s ====" % (phase, path)
    e = "==== VSOC END %s %s ====" % (phase, path)
    out, on = [], False
    for line in console:
        if line == e:
            on = False
        if on:
            out.append(line)
        if line == b:
            on = True
    return out


def vsoc_board(rundir, verify):
    """A VSOC run directory as a board, or (None, why) when unreadable"""
    try:
        p = subprocess.run([verify, "--json", rundir], capture_output=True, text=True)
    except OSError as e:
        return None, "%s: %s" % (verify, e.strerror)
    if p.returncode not in (0, 1):
        return None, (p.stderr.strip() or "vsoc-verify exited %d" % p.returncode)
    try:
        v = json.loads(p.stdout)
    except ValueError as e:
        return None, "vsoc-verify --json: %s" % e
    with open(os.path.join(rundir, "console.log"), encoding="utf-8", errors="replace") as f:
        console = [l.rstrip("\r\n") for l in f]
    ctrl = v["controller"]
    dbg = "/sys/kernel/debug/pinctrl/" + ctrl
    # Which DT node set which fields, for which device and state
    sources = {}
    # (the core's pinconf-owners: "PROP <ARG>, PROP <- NODE (DEV, STATE); ...")
    for line in dump(console, "boot", dbg + "/pinconf-owners"):
        m = re.match(r"pin (\d+) \(\S+\): (.*)$", line)
        if not m:
            continue
        for part in m.group(2).split("; "):
            s = re.match(r"(.*) <- (\S+) \((.*), (\S+)\)$", part)
            if s:
                sources.setdefault(int(m.group(1)), []).append(
                    {"fields": s.group(1), "node": s.group(2), "dev": s.group(3),
                     "state": s.group(4)})
    # Who holds each pin (the mux claim and the GPIO claim)
    claims = {}
    for line in dump(console, "boot", dbg + "/pinmux-pins"):
        m = re.match(r"pin (\d+) \(\S+\): (.*)$", line)
        if m and m.group(2) != "UNCLAIMED":
            claims[int(m.group(1))] = m.group(2)
    # Second claimants the core refused (the kernel log)
    conflicts = {}
    for line in dump(console, "end", "dmesg"):
        m = re.search(r"\bpin ([^;\n]+?) already requested by (\S+); cannot claim for (\S+)",
                      line)
        if m:
            c = {"pin_name": m.group(1), "owner": m.group(2), "claimant": m.group(3)}
            if c not in conflicts.setdefault(m.group(1), []):
                conflicts[m.group(1)].append(c)

    rows = {r["number"]: r for r in v["pins"]}
    npins = v["pins_checked"]
    pins = []
    for n in range(npins):
        name = "P%s%d" % (bank_letters(n // VSOC_BANK), n % VSOC_BANK)
        r = rows.get(n)
        pin = {"n": n, "name": name, "owner": "", "function": "", "fields": [],
               "source": [], "mismatch": [], "conflict": [], "used": False,
               "claim": claims.get(n, "unclaimed")}
        for c in conflicts.get(name, []):
            pin["conflict"].append("%s holds it; %s cannot claim it" % (c["owner"], c["claimant"]))
        for s in sources.get(n, []):
            pin["source"].append("%s <- %s (%s, %s)" % (s["fields"], s["node"], s["dev"], s["state"]))
        if r:
            pin["name"] = r["pin"]
            exp, dbgv, regs = r["expected"], r["debugfs"], r["registers"]
            owner = exp.get("OWNER", "unclaimed")
            mux = exp.get("MUX", "0")
            srcdev = sources[n][-1]["dev"] if n in sources else None
            if owner == "GPIO":
                pin["function"] = "gpio"
                pin["owner"] = srcdev or "GPIO"
            elif owner != "unclaimed":
                dev, _, fg = owner.partition(" ")
                pin["owner"] = dev
                pin["function"] = fg.split("/")[0] if fg else "mux%s" % mux
            else:
                pin["owner"] = srcdev or "unclaimed"
                pin["function"] = "gpio" if mux == "0" else "mux%s" % mux
            if pin["owner"] == ctrl:
                pin["owner"] = ctrl + " (hog)"
            pin["used"] = True
            bad = {m["field"] for m in r["mismatches"]}
            for f in exp:
                if f == "OWNER" or (f != "PAD" and f not in bad and exp[f] == VSOC_RESET.get(f)):
                    continue
                pin["fields"].append({"field": f, "expected": exp[f],
                                      "debugfs": dbgv.get(f, r["debugfs-pins"].get(f)),
                                      "registers": regs.get(f)})
            pin["mismatch"] = ["%s" % m["detail"] for m in r["mismatches"]]
            pin["table"] = vsoc_table_row(r)
        pins.append(pin)
    nbanks = (npins + VSOC_BANK - 1) // VSOC_BANK
    banks = [{"label": bank_letters(b),
              "groups": [{"label": "MUX%d @0x%03x" % (g, 0x100 + 4 * g),
                          "pins": pins[g * VSOC_MUXREG:(g + 1) * VSOC_MUXREG]}
                         for g in range(b * VSOC_BANK // VSOC_MUXREG,
                                        min(npins, (b + 1) * VSOC_BANK) // VSOC_MUXREG)]}
             for b in range(nbanks)]
    nconf = sum(len(p["conflict"]) for p in pins)
    nmis = v["mismatches"]
    return {
        "kind": "vsoc", "board": v["board"], "dir": rundir, "ok": nmis == 0 and nconf == 0,
        "summary": "%d pins checked, %d mismatches, %d conflicts" % (npins, nmis, nconf),
        "npins": npins, "nmismatch": sum(1 for p in pins if p["mismatch"]), "nconflict": nconf,
        "controllers": [{"title": "%s (vsoc,vsoc1-pinctrl, %d banks of %d pins)" % (ctrl, nbanks, VSOC_BANK),
                         "layout": "banks", "banks": banks, "path": ctrl}],
        "pins": pins,
    }, None


def bank_letters(b):
    if b < 26:
        return chr(ord("A") + b)
    return "A" + chr(ord("A") + b - 26)


def vsoc_table_row(r):
    """The cells of vsoc-verify's text table for one pin"""
    exp = r["expected"]
    want = []
    if exp.get("OWNER") == "GPIO":
        want.append("gpio")
    elif exp.get("MUX", "0") != "0":
        want.append("mux" + exp["MUX"])
    want += ["%s=%s" % (f, exp[f]) for f in exp
             if f not in ("PAD", "MUX", "OWNER", "RESERVED") and exp[f] != VSOC_RESET.get(f)]
    bad = {m["field"] for m in r["mismatches"]}

    def view(name):
        def got(f):
            if name == "registers":
                return r["registers"].get(f)
            return r["debugfs"].get(f, r["debugfs-pins"].get(f))
        d = sorted(f for f in bad if got(f) != exp.get(f))
        return " ".join("%s=%s" % (f, got(f)) for f in d) or "="
    return [r["pin"], " ".join(want) or "(reset)", view("debugfs"), view("registers"),
            "ok" if r["verdict"] == "ok" else "MISMATCH " + "; ".join(m["detail"] for m in r["mismatches"])]


# Rehearsed boards ############################################################

def last_line(path):
    try:
        with open(path, errors="replace") as f:
            lines = [l.strip() for l in f if l.strip()]
        return lines[-1] if lines else None
    except OSError:
        return None


def rehearsed_board(d):
    if not os.path.exists(os.path.join(d, "verdict.json")):
        # scripts/rehearse.sh says why on run.log (the boot) or prepare.log
        why = last_line(os.path.join(d, "run.log")) or last_line(os.path.join(d, "prepare.log"))
        return None, "no verdict.json%s" % (": " + why if why else "")
    try:
        v = verdict_json.load(os.path.join(d, "verdict.json"))
    except verdict_json.VerdictError as e:
        return None, str(e)
    labels = {}
    try:
        with open(os.path.join(d, "plan.json")) as f:
            for c in json.load(f).get("controllers", []):
                labels[c["path"]] = c.get("label")
    except (OSError, ValueError):
        pass
    ctrls = [c["path"] for c in v.get("controllers", [])]
    for r in v["rows"] + v.get("conflicts", []):
        if r["controller"] not in ctrls:
            ctrls.append(r["controller"])
    family = {c["path"]: c for c in v.get("controllers", [])}
    pins = {}

    def pin(ctrl, n, name):
        key = (ctrl, n)
        if key not in pins:
            pins[key] = {"n": n, "name": name, "owner": "", "function": "", "fields": [],
                         "source": [], "mismatch": [], "conflict": [], "used": True,
                         "consumer": "", "ctrl": ctrl}
        return pins[key]

    table = []
    for r in v["rows"]:
        p = pin(r["controller"], r["pin"], r["name"])
        p["owner"] = r["owner"] or r["consumer"] or "unowned"
        p["consumer"] = r["consumer"]
        p["source"].append(r["node"])
        mux = [f for f in r["fields"] if f["field"] == "mux"]
        pad = [f for f in r["fields"] if f["field"] == "padconf"]
        fam = family.get(r["controller"], {}).get("family")
        if mux and fam == "imx" and mux[0]["mask"] != 0xFFFFFFFF:
            # SHARE_MUX_CONF_REG (VF610, 7ULP, 8ULP): the field is the mode
            p["function"] = "ALT%d" % mux[0]["expected"]
        elif mux and fam == "imx":
            # i.MX IOMUXC: MUX_MODE is [2:0] ([3:0] on i.MX9), SION bit 4
            m = mux[0]["expected"]
            p["function"] = "ALT%d%s" % (m & 0xf, " SION" if m & 0x10 else "")
        elif mux:
            p["function"] = "mux %d" % mux[0]["expected"]
        elif pad:
            # pinctrl-single on TI K3: the mux mode is PADCONFIG[3:0]
            p["function"] = "mode %d" % (pad[0]["expected"] & 0xf)
        for f in r["fields"]:
            p["fields"].append({"field": "%s @0x%x" % (f["field"], f["offset"]),
                                "expected": hexv(f["expected"]), "debugfs": hexv(f["debugfs"]),
                                "registers": hexv(f["registers"])})
        p["mismatch"] += r["mismatch"]
        table.append(r)
    for c in v.get("conflicts", []):
        p = pin(c["controller"], c["pin"], c.get("pin_name", ""))
        if not p["owner"]:
            p["owner"] = c["owner"]
        p["conflict"].append("%s (%s) holds it; %s (%s, state %s) cannot claim it%s" % (
            c["owner"], c["owner_node"], c["claimant"], c["claimant_node"], c.get("state", "?"),
            ", shared register" if c.get("shared_register") else ""))
        if c["claimant_node"] not in p["source"]:
            p["source"].append(c["claimant_node"])
    controllers = []
    for ctrl in ctrls:
        cp = sorted((p for (c, _), p in pins.items() if c == ctrl), key=lambda p: p["n"])
        fam = family.get(ctrl, {})
        label = labels.get(ctrl)
        title = "%s%s (%s, %s, %d pins in the verdict)" % (
            ctrl, " [%s]" % label if label else "", fam.get("family", "?"), fam.get("dev", "?"), len(cp))
        for p in cp:
            # "mcu_pmx0:PADCONFIG17 MCU_I2C0_SCL (A8)": the signal and ball
            p["short"] = re.sub(r"^\S+:PADCONFIG\d+ ", "", p["name"])
        prefix = common_prefix([p["short"] for p in cp])
        for p in cp:
            # not when the rest is the number alone (qcom "GPIO_34")
            if p["short"][len(prefix):] != str(p["n"]):
                p["short"] = p["short"][len(prefix):]
        controllers.append({"title": title, "layout": "pads", "pins": cp, "path": ctrl})
    allpins = [p for c in controllers for p in c["pins"]]
    nmis = sum(1 for p in allpins if p["mismatch"])
    nconf = len(v.get("conflicts", []))
    failed = [c for c in v.get("consumers", []) if c.get("failed")]
    return {
        "kind": "rehearsed", "board": v["board"], "dir": d, "ok": bool(v.get("ok")),
        "summary": "%d pins checked, %d mismatches, %d conflicts, %d stray writes, "
                   "%d consumers failed, %d not rehearsed" % (
                       len(v["rows"]), nmis, nconf, len(v.get("stray", [])), len(failed),
                       len(v.get("not_rehearsed", []))),
        "npins": len(allpins), "nmismatch": nmis, "nconflict": nconf,
        "controllers": controllers, "pins": allpins, "verdict": v, "rows": table,
    }, None


def hexv(x):
    return None if x is None else "%#x" % x


def common_prefix(names):
    if len(names) < 2:
        return ""
    p = os.path.commonprefix(names)
    return p[:p.rfind("_") + 1] if "_" in p else ""


# HTML ########################################################################

CSS = """
body { font-family: sans-serif; margin: 1em 1.5em; color: #111; background: #fff; }
h1 { font-size: 1.4em; margin: 0 0 .2em; } h2 { font-size: 1.1em; margin: 1.2em 0 .4em; }
.ok { color: #146c2e; } .bad { color: #b00020; font-weight: bold; }
.summary { margin: .2em 0 .8em; }
.map { display: flex; flex-direction: column; gap: 4px; }
.bank { display: flex; align-items: center; gap: 8px; }
.bank > .label { width: 2.2em; font-size: 12px; font-weight: bold; }
.group { display: flex; gap: 2px; padding: 2px; border: 1px solid #ccc; border-radius: 3px; }
.group[title] { cursor: default; }
.pads { display: grid; grid-template-columns: repeat(auto-fill, minmax(96px, 1fr)); gap: 3px; max-width: 1200px; }
.pin { position: relative; box-sizing: border-box; border: 1px solid #888; border-radius: 3px;
  background: var(--owner); border-bottom: 5px solid var(--func); cursor: pointer;
  font-size: 10px; line-height: 1.15; overflow: hidden; }
.banks .pin { width: 22px; height: 25px; text-align: center; padding-top: 4px; }
.pads .pin { height: 34px; padding: 2px 3px; white-space: nowrap; text-overflow: ellipsis; }
.pads .pin b { font-size: 11px; }
body.by-function .pin:not(.unused) { background: var(--func); color: #fff; }
.pin.unused { background: #eee; border-color: #ccc; border-bottom-color: #ccc; color: #999; }
.pin.selected { outline: 3px solid #000; outline-offset: 1px; }
.pin.mismatch { border: 2px solid #d00000; border-bottom-width: 5px; }
.pin.conflict { border: 2px dashed #7b2cbf; border-bottom-width: 5px; }
.marker { position: absolute; top: -1px; right: 0; font-size: 10px; font-weight: bold;
  color: #fff; background: #d00000; border-radius: 0 0 0 4px; padding: 0 2px; line-height: 11px; }
.marker.conflict { background: #7b2cbf; right: auto; left: 0; border-radius: 0 0 4px 0; }
.layout { display: flex; gap: 1.5em; align-items: flex-start; }
.layout > .maps { flex: 1 1 0; min-width: 0; }
#details { flex: 0 0 300px; position: sticky; top: 1em; border: 1px solid #bbb; border-radius: 4px;
  padding: .6em .8em; font-size: 12px; background: #fafafa; min-height: 8em; word-break: break-word; }
#details h3 { margin: 0 0 .4em; font-size: 14px; }
#details table { border-collapse: collapse; width: 100%; font-family: monospace; font-size: 11px; }
#details td, #details th { border: 1px solid #ddd; padding: 1px 4px; text-align: left; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 12px; margin: .5em 0; }
.legend span.sw { display: inline-block; width: 14px; height: 14px; border: 1px solid #888;
  vertical-align: middle; margin-right: 3px; }
table.verdict { border-collapse: collapse; font-size: 12px; margin-top: .4em; }
table.verdict td, table.verdict th { border: 1px solid #ccc; padding: 2px 6px; text-align: left;
  vertical-align: top; font-family: monospace; }
table.verdict tr.mismatch td { background: #ffe3e3; } table.verdict tr.conflict td { background: #f1e4ff; }
.controls { font-size: 13px; margin: .4em 0; }
"""

JS = """
(function () {
  var pins = JSON.parse(document.getElementById('pin-data').textContent);
  var panel = document.getElementById('details');
  function text(t) { return document.createTextNode(t == null ? '-' : String(t)); }
  function el(tag, kids, cls) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    (kids || []).forEach(function (k) { e.appendChild(k instanceof Node ? k : text(k)); });
    return e;
  }
  function show(cell) {
    var p = pins[cell.getAttribute('data-key')];
    document.querySelectorAll('.pin.selected').forEach(function (c) { c.classList.remove('selected'); });
    cell.classList.add('selected');
    panel.textContent = '';
    panel.appendChild(el('h3', [p.name + ' (pin ' + p.n + ')']));
    panel.appendChild(el('div', ['owner: ' + (p.owner || 'none')]));
    panel.appendChild(el('div', ['function: ' + (p.function || '-')]));
    if (p.claim) panel.appendChild(el('div', ['claim: ' + p.claim]));
    if (p.consumer) panel.appendChild(el('div', ['consumer: ' + p.consumer]));
    panel.appendChild(el('div', ['source: ' + (p.source.length ? '' : 'none')]));
    p.source.forEach(function (s) { panel.appendChild(el('div', ['\\u00a0\\u00a0' + s])); });
    p.mismatch.forEach(function (m) { panel.appendChild(el('div', ['MISMATCH ' + m], 'bad')); });
    p.conflict.forEach(function (m) { panel.appendChild(el('div', ['CONFLICT ' + m], 'bad')); });
    if (p.fields.length) {
      var t = el('table', [el('tr', [el('th', ['field']), el('th', ['expected']),
                                     el('th', ['debugfs']), el('th', ['registers'])])]);
      p.fields.forEach(function (f) {
        t.appendChild(el('tr', [el('td', [f.field]), el('td', [f.expected]),
                                el('td', [f.debugfs]), el('td', [f.registers])]));
      });
      panel.appendChild(t);
    } else {
      panel.appendChild(el('div', ['at reset: GPIO (select 0), PAD 0']));
    }
  }
  document.querySelectorAll('.pin').forEach(function (c) {
    c.addEventListener('click', function () { show(c); });
  });
  function colour(by) {
    document.body.classList.toggle('by-function', by === 'function');
    document.querySelector('input[name=colour][value=' + by + ']').checked = true;
  }
  document.querySelectorAll('input[name=colour]').forEach(function (r) {
    r.addEventListener('change', function () { if (r.checked) colour(r.value); });
  });
  // page.html#function: colored by function; page.html#pin-N: pin N selected
  var first = document.querySelector('.pin.mismatch, .pin.conflict');
  var m = /^#pin-(\\d+)$/.exec(location.hash);
  if (m) first = document.querySelector('.pin[data-pin="' + m[1] + '"]') || first;
  if (location.hash === '#function') colour('function');
  if (first) show(first);
  document.body.setAttribute('data-ready', '1');
})();
"""


def page(title, body, script=""):
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width\">\n"
            "<title>%s</title>\n<style>%s</style></head>\n<body>\n%s\n%s</body></html>\n" % (
                esc(title), CSS, body, script))


def pin_title(p):
    lines = ["%s (pin %d)" % (p["name"], p["n"]), "owner: %s" % (p["owner"] or "none"),
             "function: %s" % (p["function"] or "-")]
    lines += ["source: %s" % s for s in p["source"]]
    lines += ["%s: expected %s, debugfs %s, registers %s" % (
        f["field"], f["expected"], f["debugfs"] if f["debugfs"] is not None else "-",
        f["registers"] if f["registers"] is not None else "-") for f in p["fields"]]
    lines += ["MISMATCH %s" % m for m in p["mismatch"]]
    lines += ["CONFLICT %s" % m for m in p["conflict"]]
    if not p["used"]:
        lines.append("at reset: GPIO (select 0), PAD 0")
    return "\n".join(lines)


def pin_cell(p, key, owners, funcs, pads):
    cls = ["pin"]
    if not p["used"]:
        cls.append("unused")
    if p["mismatch"]:
        cls.append("mismatch")
    if p["conflict"]:
        cls.append("conflict")
    style = ""
    if p["used"]:
        style = ' style="--owner:%s;--func:%s"' % (owners(p["owner"]), funcs(p["function"] or "-"))
    marks = ""
    if p["mismatch"]:
        marks += '<span class="marker mismatch" aria-label="mismatch">!</span>'
    if p["conflict"]:
        marks += '<span class="marker conflict" aria-label="conflict">&#x2716;</span>'
    if pads:
        label = "<b>%d</b><br>%s" % (p["n"], esc(p.get("short", p["name"])))
    else:
        label = "%d" % (p["n"] % VSOC_BANK)
    return ('<div class="%s" data-key="%s" data-pin="%d" data-name="%s" data-owner="%s" '
            'data-function="%s" title="%s"%s>%s%s</div>' % (
                " ".join(cls), key, p["n"], esc(p["name"]), esc(p["owner"]), esc(p["function"]),
                esc(pin_title(p)), style, label, marks))


def board_page(b):
    owners, funcs = Colors(PALETTE), Colors(STRIPES)
    data, out = {}, []
    verdict_cls = "ok" if b["ok"] else "bad"
    out.append("<p><a href=\"index.html\">all boards</a></p>")
    out.append("<h1>%s</h1>" % esc(b["board"]))
    out.append('<p class="summary">%s board, from <code>%s</code>: <span class="%s" id="verdict">%s</span>: %s</p>' % (
        "VSOC" if b["kind"] == "vsoc" else "rehearsed real", esc(b["dir"]), verdict_cls,
        "ok" if b["ok"] else "FAIL", esc(b["summary"])))
    out.append('<div class="controls">color by <label><input type="radio" name="colour" value="owner" checked> owner</label> '
               '<label><input type="radio" name="colour" value="function"> function</label>'
               ' &middot; <span style="color:#d00000;font-weight:bold">!</span> mismatch, '
               '<span style="color:#7b2cbf;font-weight:bold">&#x2716;</span> conflict; hover or click a pin</div>')
    out.append('<div class="layout"><div class="maps">')
    k = 0
    for c in b["controllers"]:
        out.append("<h2>%s</h2>" % esc(c["title"]))
        if c["layout"] == "banks":
            out.append('<div class="map banks" data-controller="%s">' % esc(c["path"]))
            for bank in c["banks"]:
                out.append('<div class="bank"><span class="label">%s</span>' % esc(bank["label"]))
                for g in bank["groups"]:
                    out.append('<div class="group" title="%s">' % esc(g["label"]))
                    for p in g["pins"]:
                        key = "p%d" % k
                        k += 1
                        data[key] = p
                        out.append(pin_cell(p, key, owners, funcs, False))
                    out.append("</div>")
                out.append("</div>")
            out.append("</div>")
        else:
            out.append('<div class="map pads" data-controller="%s">' % esc(c["path"]))
            for p in c["pins"]:
                key = "p%d" % k
                k += 1
                data[key] = p
                out.append(pin_cell(p, key, owners, funcs, True))
            out.append("</div>")
    for title, colors in (("Owners", owners), ("Functions", funcs)):
        out.append('<h2>%s</h2><div class="legend">%s</div>' % (title, "".join(
            '<span><span class="sw" style="background:%s"></span>%s</span>' % (c, esc(o))
            for o, c in colors.seen.items())))
    out.append('</div><div id="details">Click a pin.</div></div>')
    out.append(verdict_table(b))
    blob = json.dumps({k: {x: p.get(x) for x in ("n", "name", "owner", "function", "fields", "source",
                                                 "mismatch", "conflict", "claim", "consumer")}
                       for k, p in data.items()})
    blob = blob.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    script = '<script type="application/json" id="pin-data">%s</script>\n<script>%s</script>\n' % (blob, JS)
    return page("%s: pin map" % b["board"], "\n".join(out), script)


def table(head, rows, cls=None):
    out = ['<table class="verdict"><tr>%s</tr>' % "".join("<th>%s</th>" % esc(h) for h in head)]
    for i, r in enumerate(rows):
        c = cls[i] if cls else ""
        out.append('<tr%s>%s</tr>' % (' class="%s"' % c if c else "",
                                      "".join("<td>%s</td>" % esc("-" if x is None else x) for x in r)))
    out.append("</table>")
    return "\n".join(out)


def verdict_table(b):
    out = ["<h2>Verdict</h2>"]
    if b["kind"] == "vsoc":
        rows = [p for p in b["pins"] if p.get("table")]
        out.append(table(["pin", "expected", "debugfs", "registers", "verdict"],
                         [p["table"] for p in rows],
                         ["mismatch" if p["mismatch"] else "conflict" if p["conflict"] else "" for p in rows]))
        conf = [(p["name"], c) for p in b["pins"] for c in p["conflict"]]
        if conf:
            out.append("<h2>Conflicts</h2>")
            out.append(table(["pin", "what"], conf, ["conflict"] * len(conf)))
        return "\n".join(out)
    v = b["verdict"]
    rows = []
    for r in b["rows"]:
        rows.append([r["controller"].rsplit("/", 1)[-1], r["pin"], r["name"], r["owner"], r["node"],
                     ", ".join("%s@0x%x %s/%s/%s" % (f["field"], f["offset"], hexv(f["expected"]),
                                                     hexv(f["debugfs"]) or "-", hexv(f["registers"]))
                               for f in r["fields"]),
                     "ok" if not r["mismatch"] else "MISMATCH " + "; ".join(r["mismatch"])])
    out.append(table(["controller", "pin", "name", "owner", "node", "field@offset expected/debugfs/registers",
                      "verdict"], rows, ["mismatch" if r["mismatch"] else "" for r in b["rows"]]))
    if v.get("conflicts"):
        out.append("<h2>Conflicts</h2>")
        out.append(table(["pin", "name", "owner", "owner node", "claimant", "claimant node", "state"],
                         [[c["pin"], c.get("pin_name"), c["owner"], c["owner_node"], c["claimant"],
                           c["claimant_node"], c.get("state")] for c in v["conflicts"]],
                         ["conflict"] * len(v["conflicts"])))
    out.append("<h2>Consumers</h2>")
    out.append(table(["device", "path", "hog", "states", "applied", "current", "failed", "why"],
                     [[c["dev"], c["path"], "yes" if c["hog"] else "", " ".join(c["states"]),
                       " ".join(c["applied"]), c["current"], "FAILED" if c["failed"] else "", c["why"]]
                      for c in v.get("consumers", [])],
                     ["mismatch" if c["failed"] else "" for c in v.get("consumers", [])]))
    if v.get("stray"):
        out.append("<h2>Stray writes</h2>")
        out.append(table(["controller", "window", "offset", "reset", "registers"],
                         [[s["controller"], s["window"], hexv(s["offset"]), hexv(s["reset"]),
                           hexv(s["registers"])] for s in v["stray"]], ["mismatch"] * len(v["stray"])))
    if v.get("not_rehearsed"):
        out.append("<h2>Not rehearsed</h2>")
        out.append(table(["path", "state", "why"],
                         [[n["path"], n.get("state"), n["why"]] for n in v["not_rehearsed"]]))
    return "\n".join(out)


def index_page(boards, unreadable):
    out = ["<h1>Pin maps</h1>",
           "<p>%d boards: %d VSOC, %d rehearsed real boards.</p>" % (
               len(boards), sum(1 for b in boards if b["kind"] == "vsoc"),
               sum(1 for b in boards if b["kind"] != "vsoc"))]
    out.append('<table class="verdict"><tr><th>board</th><th>kind</th><th>verdict</th><th>pins drawn</th>'
               '<th>mismatches</th><th>conflicts</th><th>summary</th></tr>')
    for b in boards:
        out.append('<tr class="%s"><td><a href="%s">%s</a></td><td>%s</td><td class="%s">%s</td>'
                   '<td>%d</td><td>%d</td><td>%d</td><td>%s</td></tr>' % (
                       "" if b["ok"] else "mismatch", esc(b["page"]), esc(b["board"]),
                       "VSOC" if b["kind"] == "vsoc" else "rehearsed", "ok" if b["ok"] else "bad",
                       "ok" if b["ok"] else "FAIL", b["npins"], b["nmismatch"], b["nconflict"],
                       esc(b["summary"])))
    out.append("</table>")
    if unreadable:
        out.append("<h2>Runs without a verdict</h2>")
        out.append(table(["directory", "why"], unreadable))
    return page("Pin maps", "\n".join(out))


def add_parsers(sub):
    ap = sub.add_parser("report", help="the HTML pin map of every board run",
                        description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(TOP, "build", "report"))
    ap.add_argument("--verify", default=os.path.join(TOP, "build", "vsoc-verify"))
    ap.add_argument("--run", action="append", default=[], help="a VSOC run directory")
    ap.add_argument("--rehearsed", action="append", default=[], help="a rehearsed board's directory")
    ap.set_defaults(func=run)


def run(a):
    runs, rehearsed = a.run, a.rehearsed
    if not runs and not rehearsed:
        runs = sorted(d for d in glob.glob(os.path.join(TOP, "build", "run", "*"))
                      if os.path.isfile(os.path.join(d, "console.log"))
                      and os.path.isfile(os.path.join(d, "regs.bin")))
        rehearsed = sorted(os.path.dirname(f) for f in
                           glob.glob(os.path.join(TOP, "build", "rehearse", "*", "plan.json")))
    os.makedirs(a.out, exist_ok=True)
    boards, unreadable, used = [], [], set()
    for kind, dirs, fn in (("vsoc", runs, lambda d: vsoc_board(d, a.verify)),
                           ("rehearsed", rehearsed, rehearsed_board)):
        for d in dirs:
            b, why = fn(d.rstrip("/"))
            if b is None:
                unreadable.append([d, why])
                continue
            name = slug(os.path.basename(d.rstrip("/")))
            while name in used:
                name += "-" + kind
            used.add(name)
            b["page"] = name + ".html"
            with open(os.path.join(a.out, b["page"]), "w", encoding="utf-8") as f:
                f.write(board_page(b))
            boards.append(b)
    with open(os.path.join(a.out, "index.html"), "w", encoding="utf-8") as f:
        f.write(index_page(boards, unreadable))
    # Pages of runs that are gone
    for f in glob.glob(os.path.join(a.out, "*.html")):
        if os.path.basename(f) != "index.html" and os.path.basename(f) not in {b["page"] for b in boards}:
            os.remove(f)
    print("report: %s, %d boards (%d without a verdict, listed there)" % (
        os.path.join(a.out, "index.html"), len(boards), len(unreadable)))
    return 0

# SPDX-License-Identifier: GPL-2.0
"""The HTML pin map: one page per board run, and an index over them.

    pincheck report [--out DIR] [--run DIR]... [--rehearsed DIR]...

Without --run or --rehearsed it takes every board run of the pipeline
found, each with its verdict.json (pincheck verdict, one schema): VSOC
boards as they are under build/run/*/ (make run, the corpus) and
rehearsed boards under build/rehearse/*/; a run with a plan.json but no
verdict.json is listed with the reason. It writes DIR/index.html (build/report/ by
default) and DIR/<board>.html; every page is self-contained (inline CSS and
a small inline script, no network, no fonts, no images), and removes the
other .html files in DIR (pages of runs that are gone).

A VSOC controller is drawn as its banks of 32 pins (datasheet section 3),
each bank split into the four MUX registers of 8 pins it has; any other
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

from . import verdict_json

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

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

def bank_letters(b):
    if b < 26:
        return chr(ord("A") + b)
    return "A" + chr(ord("A") + b - 26)


def vsoc_function(r):
    """a VSOC pin's function: its group's (datasheet section 3), gpio, or
    the mux select"""
    from .families.vsoc import GROUPS
    mux = [f["expected"] for f in r["fields"] if f["field"] == "mux"]
    if r.get("gpio"):
        return "gpio"
    if r.get("expected_group") in GROUPS:
        return GROUPS[r["expected_group"]][0]
    return "gpio" if not mux or not mux[0] else "mux%d" % mux[0]


def vsoc_banks(cp):
    """a VSOC controller's pins (every pin of the part is a row of a board
    as it is) as its banks of 32, each as the four MUX registers of 8"""
    by_n = {p["n"]: p for p in cp}
    npins = max(by_n) + 1 if by_n else 0
    for p in cp:
        p["used"] = bool(p["node"] or p["mismatch"] or p["conflict"] or p["owner"] != "unowned")
    nbanks = (npins + VSOC_BANK - 1) // VSOC_BANK
    return [{"label": bank_letters(b),
             "groups": [{"label": "MUX%d @0x%03x" % (g, 0x100 + 4 * g),
                         "pins": [by_n[n] for n in range(g * VSOC_MUXREG, (g + 1) * VSOC_MUXREG)
                                  if n in by_n]}
                        for g in range(b * VSOC_BANK // VSOC_MUXREG,
                                       min(npins, (b + 1) * VSOC_BANK) // VSOC_MUXREG)]}
            for b in range(nbanks)]


# Rehearsed boards ############################################################

def last_line(path):
    try:
        with open(path, errors="replace") as f:
            lines = [l.strip() for l in f if l.strip()]
        return lines[-1] if lines else None
    except OSError:
        return None


def board_of(d):
    """a run directory with its verdict.json (pincheck verdict: make run,
    make rehearse) as a board, or (None, why)"""
    if not os.path.exists(os.path.join(d, "verdict.json")):
        # scripts/rehearse.sh says why on run.log (the boot) or prepare.log
        why = last_line(os.path.join(d, "run.log")) or last_line(os.path.join(d, "prepare.log"))
        return None, "no verdict.json%s" % (": " + why if why else "")
    try:
        v = verdict_json.load(os.path.join(d, "verdict.json"))
    except verdict_json.VerdictError as e:
        return None, str(e)
    labels, as_is = {}, False
    try:
        with open(os.path.join(d, "plan.json")) as f:
            plan = json.load(f)
        as_is = bool(plan.get("as_is"))
        for c in plan.get("controllers", []):
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
                         "consumer": "", "ctrl": ctrl, "node": None}
        return pins[key]

    table = []
    for r in v["rows"]:
        p = pin(r["controller"], r["pin"], r["name"])
        # the configuration's owners (VSOC: the core's pinconf-owners,
        # "NODE (DEV, STATE)"), else the pin node of the row
        owners = [o for o in (r.get("conf_owners") or "").split("; ") if o]
        conf_dev = re.search(r" \((\S+), \S+\)$", owners[-1]) if owners else None
        consumer = r["consumer"] if r["consumer"] != "-" else ""
        p["owner"] = r["owner"] or (conf_dev.group(1) if conf_dev else consumer) or "unowned"
        if r["owner"] and r["owner"] == family.get(r["controller"], {}).get("dev"):
            p["owner"] += " (hog)"
        p["consumer"] = consumer
        p["node"] = r["node"]
        p["source"] += owners or ([r["node"]] if r["node"] else [])
        mux = [f for f in r["fields"] if f["field"] == "mux"]
        pad = [f for f in r["fields"] if f["field"] == "padconf"]
        fam = family.get(r["controller"], {}).get("family")
        if fam == "vsoc":
            p["function"] = vsoc_function(r)
        elif mux and fam == "imx" and mux[0]["mask"] != 0xFFFFFFFF:
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
            if f.get("untouched") and not r["mismatch"]:
                continue    # a field no state writes (VSOC as it is), at reset
            p["fields"].append({"field": "%s @0x%x" % (f["field"], f["offset"]),
                                "expected": hexv(f["expected"]), "debugfs": hexv(f["debugfs"]),
                                "registers": hexv(f["registers"])})
        p["mismatch"] += r["mismatch"]
        if not r.get("untouched") or r["mismatch"]:
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
        if fam.get("family") == "vsoc" and as_is:
            # the part's banks of 32 pins (a board as it is has a row for
            # every one), each as its four MUX registers
            banks = vsoc_banks(cp)
            title = "%s (%s, vsoc,vsoc1-pinctrl, %d banks of %d pins)" % (
                ctrl, fam.get("dev", "?"), len(banks), VSOC_BANK)
            controllers.append({"title": title, "layout": "banks", "banks": banks,
                                "pins": cp, "path": ctrl})
            continue
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
        "kind": "vsoc" if as_is else "rehearsed", "board": v["board"], "dir": d,
        "ok": bool(v.get("ok")),
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
    ap.add_argument("--run", action="append", default=[],
                    help="a run directory with its verdict.json (make run, make rehearse)")
    ap.add_argument("--rehearsed", action="append", default=[],
                    help="the same, listed after the --run ones")
    ap.set_defaults(func=run)


def run(a):
    runs, rehearsed = a.run, a.rehearsed
    if not runs and not rehearsed:
        # the runs of the pipeline (a plan.json): make run's, the
        # corpus's; runs of qemu/run.sh alone have no verdict
        runs = sorted(os.path.dirname(f) for f in
                      glob.glob(os.path.join(TOP, "build", "run", "*", "plan.json")))
        rehearsed = sorted(os.path.dirname(f) for f in
                           glob.glob(os.path.join(TOP, "build", "rehearse", "*", "plan.json")))
    os.makedirs(a.out, exist_ok=True)
    boards, unreadable, used = [], [], set()
    for kind, dirs, fn in (("vsoc", runs, board_of), ("rehearsed", rehearsed, board_of)):
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

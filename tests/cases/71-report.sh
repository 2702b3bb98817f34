#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernels: vsoc
# make report, the HTML pin map, loaded in a real headless Chromium
# (Debian's chromium, installed by scripts/deps.sh report):
#  - boards: vsoc-evb, the SPI0/I2C1 conflict board (PC13, PC14 wanted twice),
#    a rehearsed TI K3 board (beagleplay), a rehearsed i.MX8MM board with a
#    real conflict (innocomm-wb15-evk), and two deliberate mismatches: a
#    copy of the vsoc-evb capture with PA0's STAGES and PG3's BIAS changed
#    in the window, and a copy of the beagleplay rehearsal with one PADCONFIG
#    changed in its window, each judged again by pincheck verdict (every
#    board goes through the one pipeline: make run's as it is, the real
#    ones moved; the report reads their verdict.json);
#  - each page, after its scripts ran (--dump-dom): as many pins as the
#    board has, mismatch and conflict markers exactly on the pins the
#    verdict names, the details panel filled from the pin data; no network
#    reference anywhere; a screenshot of each in build/report/.
. "$(dirname "$0")/../lib.sh"

needs report report
work=$BUILD/tests/report
rm -rf "$work"
mkdir -p "$work"

# poke32 FILE OFFSET VALUE: a little-endian word into a window
poke32() {
	printf '%b' "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $(($3 & 255)) $(($3 >> 8 & 255)) \
		$(($3 >> 16 & 255)) $(($3 >> 24 & 255)))" |
		dd of="$1" bs=1 seek=$(($2)) conv=notrunc status=none
}

# The boards ##################################################################

# make run's form: the board as it is with its plan, in build/run/<board>/
for b in vsoc-evb "$TOP/tests/boards/spi-i2c-conflict.dts"; do
	"$TOP/scripts/rehearse.sh" --quiet --run "$b" >&2
	[ $? -le 1 ] && [ -s "$BUILD/run/$(basename "$b" .dts)/verdict.json" ] ||
		fail "report-boot-$(basename "$b" .dts)" "$b did not build, boot or get a verdict"
done
# The mismatch: the evaluation board's run, two PAD fields changed
evb=$BUILD/run/vsoc-evb
mis=$BUILD/run/report-vsoc-evb-mismatch
rm -rf "$mis"
cp -r "$evb" "$mis"
poke32 "$mis/regs.bin" 0x1000 $(($(reg32 "$evb/regs.bin" 0x1000) ^ 1 << 7))            # PA0 STAGES
poke32 "$mis/regs.bin" $((0x1000 + 4 * 195)) $(($(reg32 "$evb/regs.bin" $((0x1000 + 4 * 195))) ^ 1)) # PG3 BIAS
pincheck verdict "$mis" >"$mis/verdict.txt"
check "report: the mutated vsoc-evb run has exactly PA0 and PG3 mismatching" \
	test "$(python3 -c '
import json, sys
print(" ".join(r["name"] for r in json.load(open(sys.argv[1]))["rows"] if r["mismatch"]))' \
		"$mis/verdict.json")" = "PA0 PG3"
# i2c1_grp (PC13, PC14: pins 77, 78) lies inside spi0_grp (PC12..PC15):
# the verdict names both pins two devices want (the kernel's message the
# first, where the claim stopped)
check "report: the conflict board's verdict has PC13 and PC14 (pins 77, 78) wanted twice" \
	python3 -c '
import json, sys
sys.exit([c["pin"] for c in json.load(open(sys.argv[1]))["conflicts"]] != [77, 78])' \
		"$BUILD/run/spi-i2c-conflict/verdict.json"

rehearsed=()
for b in ti/k3-am625-beagleplay freescale/imx8mm-innocomm-wb15-evk; do
	"$TOP/scripts/rehearse.sh" --quiet "$b" >&2
	rc=$?
	d=$BUILD/rehearse/${b//\//_}
	if [ $rc = 2 ] || ! [ -s "$d/verdict.json" ]; then
		fail "report-rehearse-${b//\//_}" "scripts/rehearse.sh $b could not prepare or boot (exit $rc)"
	fi
	rehearsed+=("$d")
done
# The rehearsed mismatch: beagleplay's main_pmx0 window with one pad's
# PADCONFIG changed (the first row of that controller), judged again
bp=$BUILD/rehearse/ti_k3-am625-beagleplay
bpm=$BUILD/rehearse/report-beagleplay-mismatch
rm -rf "$bpm"
cp -r "$bp" "$bpm"
read -r bpm_pin bpm_off < <(python3 -c '
import json, sys
v = json.load(open(sys.argv[1]))
r = [r for r in v["rows"] if r["controller"] == "/bus@f0000/pinctrl@f4000"][0]
print(r["pin"], r["fields"][0]["offset"])' "$bp/verdict.json")
poke32 "$bpm/win1-0.bin" "$bpm_off" $(($(reg32 "$bp/win1-0.bin" "$bpm_off") ^ 0x7))
pincheck verdict "$bpm" >"$bpm/verdict.txt"
check "report: the mutated beagleplay rehearsal mismatches on main_pmx0 pin $bpm_pin only" \
	python3 -c '
import json, sys
v = json.load(open(sys.argv[1]))
bad = [(r["controller"], r["pin"]) for r in v["rows"] if r["mismatch"]]
sys.exit(bad != [("/bus@f0000/pinctrl@f4000", int(sys.argv[2]))])' "$bpm/verdict.json" "$bpm_pin"
rehearsed+=("$bpm")

# The report #################################################################

rep=$BUILD/report
rm -f "$rep/index.html"
out=$(make -C "$TOP" -s report 2>&1)
if [ $? = 0 ] && [ -s "$rep/index.html" ]; then
	pass "report: make report writes build/report/index.html ($(tail -n 1 <<<"$out"))"
else
	fail report-make "$out"
fi
pages=()
for d in "$evb" "$BUILD/run/spi-i2c-conflict" "$mis" "${rehearsed[@]}"; do
	pages+=("$rep/$(basename "$d").html")
done
for p in "${pages[@]}"; do
	check "report: index.html links $(basename "$p")" grep -q "href=\"$(basename "$p")\"" "$rep/index.html"
done
# Self-contained: no URL, no external script, style sheet, font or image
if bad=$(grep -E -o -i 'https?:|//[a-z0-9.-]+\.[a-z]{2,}/|<link|<img|src=|@import|url\(|@font-face' \
	"$rep/index.html" "${pages[@]}" | sort -u | head -5) && [ -n "$bad" ]; then
	fail report-self-contained "$bad"
else
	pass "report: the pages refer to nothing outside themselves (no URL, link, src, import, url() or font)"
fi

# Chromium ####################################################################

CHROMIUM=(chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
	--disable-background-networking --disable-component-update --disable-sync)
# chrome PAGE ARGS...: one fresh profile per run
chrome() {
	local page=$1 profile
	shift
	profile=$(mktemp -d "$work/profile.XXXXXX")
	timeout 60 "${CHROMIUM[@]}" --user-data-dir="$profile" "$@" "file://$page" 2>>"$work/chromium.err"
}

# check_dom PAGE VERDICT: the DOM Chromium built from PAGE against the
# verdict.json it was made from
check_dom() {
	local page=$1 src=$2 board
	board=$(basename "$page" .html)
	if ! chrome "$page" --dump-dom >"$work/$board.dom" || ! [ -s "$work/$board.dom" ]; then
		fail "report-dom-$board" "chromium --dump-dom failed: $(tail -n 3 "$work/chromium.err")"
		return
	fi
	if out=$(python3 - "$work/$board.dom" "$src" 2>&1 <<'PY'
import json, sys
from html.parser import HTMLParser

dom, src = sys.argv[1:3]

class Dom(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ctrl, self.pins, self.ready, self.stack = None, [], None, []
        self.details, self.in_details, self.markers = "", 0, []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if tag == "body":
            self.ready = a.get("data-ready")
        if "map" in cls:
            self.ctrl = a.get("data-controller")
        if "pin" in cls:
            self.pins.append((self.ctrl, int(a["data-pin"]), set(cls), a.get("title", "")))
        if "marker" in cls:
            self.markers.append((self.pins[-1][1], cls[1]))
        if a.get("id") == "details":
            self.in_details = 1
        elif self.in_details and tag not in ("br",):
            self.in_details += 1
    def handle_endtag(self, tag):
        if self.in_details:
            self.in_details -= 1
    def handle_data(self, data):
        if self.in_details:
            self.details += data + " "

d = Dom()
d.feed(open(dom, encoding="utf-8").read())
errs = []
if d.ready != "1":
    errs.append("the page's script did not run (body data-ready=%r)" % d.ready)
v = json.load(open(src))
# a VSOC board as it is has a row for every pin of the part (256)
npins = len({(r["controller"], r["pin"]) for r in v["rows"]} |
            {(c["controller"], c["pin"]) for c in v["conflicts"]})
mis = {(r["controller"], r["pin"]) for r in v["rows"] if r["mismatch"]}
details = [m for r in v["rows"] for m in r["mismatch"]]
conf = {(c["controller"], c["pin"]) for c in v["conflicts"]}
if len(d.pins) != npins:
    errs.append("%d pins drawn, the board has %d" % (len(d.pins), npins))
got_mis = {(c, n) for c, n, cls, _ in d.pins if "mismatch" in cls}
got_conf = {(c, n) for c, n, cls, _ in d.pins if "conflict" in cls}
if got_mis != mis:
    errs.append("mismatch pins %s, the verdict says %s" % (sorted(got_mis), sorted(mis)))
if got_conf != conf:
    errs.append("conflict pins %s, the verdict says %s" % (sorted(got_conf), sorted(conf)))
nmark = {k: sum(1 for _, m in d.markers if m == k) for k in ("mismatch", "conflict")}
if nmark != {"mismatch": len(mis), "conflict": len(conf)}:
    errs.append("markers %s for %d mismatches and %d conflicts" % (nmark, len(mis), len(conf)))
for c, n, cls, title in d.pins:
    if "mismatch" in cls and "MISMATCH" not in title:
        errs.append("pin %d: a mismatch without MISMATCH in its title" % n)
if any("owner: " not in t or "function: " not in t for _, _, _, t in d.pins):
    errs.append("a pin without owner or function in its title")
# The script shows the first marked pin in the details panel
if mis or conf:
    if not any(x in d.details for x in details) and "CONFLICT" not in d.details:
        errs.append("the details panel shows %r" % d.details[:200])
elif "Click a pin" not in d.details:
    errs.append("the details panel shows %r" % d.details[:200])
if errs:
    sys.exit("; ".join(errs))
print("%d pins, %d mismatch and %d conflict markers" % (len(d.pins), len(mis), len(conf)))
PY
	); then
		pass "report: $board in Chromium: $out, as the verdict says"
	else
		fail "report-dom-$board" "$out"
	fi
}

for d in "$evb" "$BUILD/run/spi-i2c-conflict" "$mis" "${rehearsed[@]}"; do
	check_dom "$rep/$(basename "$d").html" "$d/verdict.json"
done
# The page's links: #function colors by function, #pin-N selects pin N
dom=$(chrome "$rep/vsoc-evb.html#function" --dump-dom)
check "report: page.html#function: the page is colored by function" \
	grep -q '<body class="by-function" data-ready="1">' <<<"$dom"
dom=$(chrome "$rep/vsoc-evb.html#pin-195" --dump-dom)
check "report: page.html#pin-195: the details panel shows PG3, its owner and source node" \
	grep -q '<div id="details"><h3>PG3 (pin 195)</h3><div>owner: gpio-keys</div>.*/soc/pinctrl@4c000000/key-state (gpio-keys, default)' <<<"$dom"
check "report: the index loads in Chromium and lists every board" \
	grep -q "report-beagleplay-mismatch" <(chrome "$rep/index.html" --dump-dom)

# png_size FILE: "WIDTHxHEIGHT" of a PNG
png_size() {
	python3 -c '
import struct, sys
b = open(sys.argv[1], "rb").read(24)
assert b[:8] == b"\x89PNG\r\n\x1a\n" and b[12:16] == b"IHDR"
print("%dx%d" % struct.unpack(">II", b[16:24]))' "$1" 2>/dev/null
}
for p in "${pages[@]}"; do
	png=$rep/$(basename "$p" .html).png
	rm -f "$png"
	chrome "$p" --screenshot="$png" --window-size=1280,1600 >/dev/null
	size=$(png_size "$png")
	if [ "$size" = 1280x1600 ]; then
		pass "report: screenshot build/report/$(basename "$png") ($size, $(stat -c %s "$png") bytes)"
	else
		fail "report-screenshot-$(basename "$p" .html)" "no 1280x1600 PNG ($size): $(tail -n 3 "$work/chromium.err")"
	fi
done
rm -rf "$work"/profile.*
finish

# SPDX-License-Identifier: GPL-2.0
"""LAVA jobs for the boards (make lava, scripts/lava.sh runs the steps).

  pincheck lava job NAME DIR URL KIND DTB CMDLINE WINDOWS [CALLBACK TOKEN]
        write DIR/job.yaml: a LAVA job for the QEMU device type (arm64
        virt) booting URL/Image, URL/initramfs.cpio and URL/NAME/<dtb>,
        the register windows loaded from their reset images (WINDOWS:
        the "name addr size file" lines of qemu/run.sh --windows, the
        files copied next to the job), and the console's KTAP as its test
        results (a "monitors" test: one LAVA test case per KTAP test);
        CALLBACK: a URL the lab POSTs the finished job's results to (JSON),
        TOKEN the name of the lab user's token it sends (KernelCI's LAVA
        callback, say)
  pincheck lava validate JOB...
        check jobs against LAVA's own schema (lava_common.schemas,
        strict), as lava-server does on submission
  pincheck lava device DICT TEMPLATES JOB OUT
        render the device dictionary DICT (a .jinja2 that extends
        qemu.jinja2) with the job's context, as lava-server does before
        it hands a job to a worker, into the device configuration OUT
        that lava-run --device reads
  pincheck lava results LOG
        the test cases lava-run recorded (its YAML log), one
        "definition case result" a line
  pincheck lava ktap-cases KTAP
        the same lines for what a console's KTAP says, with the case
        names LAVA makes of the test names (lower case, each run of
        non-word characters one "_")

The job's boot is the one qemu/run.sh makes (machine, CPU, memory, kernel
command line, the reset images at their windows), without the RAM file:
in a lab, only the console tells the verdict.
"""

import os
import re
import shutil

import yaml

from . import machine

MONITOR = "pins"
KTAP_START = "==== VSOC BEGIN boot ktap ===="
KTAP_END = "==== VSOC END boot ktap ===="
# a KTAP result line, whole (pexpect matches as the console arrives: the
# line end keeps a name from being cut short; the pty that lava-run reads
# QEMU through turns the guest's CR LF into CR CR LF)
KTAP_RESULT = r"(?P<result>not ok|ok) [0-9]+ (?P<test_case_id>[^\r\n#]+?)[ \r]*\n"


def job(name, outdir, url, kind, dtb, cmdline, windows, callback=None, token=None):
    m = machine.read()
    os.makedirs(outdir, exist_ok=True)
    base = url.rstrip("/")
    with open(windows) as f:
        lines = [line.split() for line in f if line.strip()]
    memory, extra = machine.ram_for([int(w[1], 0) + int(w[2], 0) for w in lines], m["QEMU_MEM"])
    if extra:
        cmdline = "%s %s" % (extra, cmdline)
    images = {
        "kernel": {"url": base + "/Image",
                   "image_arg": "-kernel {kernel} -append \"%s\"" % cmdline},
        "initrd": {"url": base + "/initramfs.cpio", "image_arg": "-initrd {initrd}"},
    }
    shutil.copyfile(dtb, os.path.join(outdir, "board.dtb"))
    images["dtb"] = {"url": "%s/%s/board.dtb" % (base, name), "image_arg": "-dtb {dtb}"}
    for wname, addr, _size, reset in lines:
        key = re.sub(r"[^a-z0-9]", "_", wname.lower())
        fname = wname + ".reset"
        shutil.copyfile(reset, os.path.join(outdir, fname))
        images[key] = {"url": "%s/%s/%s" % (base, name, fname),
                       "image_arg": "-device loader,file={%s},addr=%s,force-raw=on"
                                    % (key, addr)}
    doc = {
        "device_type": "qemu",
        "job_name": "vsoc pins: %s" % name,
        "timeouts": {"job": {"minutes": 10}, "action": {"minutes": 5},
                     "connection": {"minutes": 2}},
        "priority": "medium",
        "visibility": "public",
        "metadata": {"board": name, "kind": kind,
                     "source": "make lava (docs/lava-kernelci.md)"},
        # qemu/run.sh's machine (qemu/machine.sh; the windows lie at
        # 0x4c000000, below the top of its memory, or in place above it)
        "context": {"arch": "arm64", "machine": m["QEMU_VIRT"], "cpu": m["QEMU_CPU"],
                    "memory": memory,
                    "extra_options": ["-no-reboot"]},
        "actions": [
            {"deploy": {"to": "tmpfs", "timeout": {"minutes": 3}, "images": images}},
            {"boot": {"method": "qemu", "media": "tmpfs", "timeout": {"minutes": 3}}},
            {"test": {"timeout": {"minutes": 3},
                      "monitors": [{"name": MONITOR, "start": KTAP_START, "end": KTAP_END,
                                    "pattern": KTAP_RESULT,
                                    "fixupdict": {"ok": "pass", "not ok": "fail"}}]}},
        ],
    }
    if callback:
        cb = {"url": callback, "method": "POST", "dataset": "results",
              "content-type": "json"}
        if token:
            cb["token"] = token
        doc["notify"] = {"criteria": {"status": "finished"}, "callbacks": [cb]}
    with open(os.path.join(outdir, "job.yaml"), "w") as f:
        f.write("# LAVA job for %s (make lava; README \"Running the boards on a LAVA lab\")\n"
                % name)
        yaml.safe_dump(doc, f, sort_keys=False, default_flow_style=False, width=200)
    return 0


def validate(jobs):
    from lava_common.schemas import validate as lava_validate
    from voluptuous import Invalid
    bad = 0
    for j in jobs:
        with open(j) as f:
            data = yaml.safe_load(f)
        try:
            lava_validate(data, strict=True)
            print("%s: valid" % j)
        except Invalid as exc:
            print("%s: INVALID: %s" % (j, exc))
            bad += 1
    return 1 if bad else 0


def device(dictionary, templates, job_file, out):
    import jinja2
    with open(job_file) as f:
        context = yaml.safe_load(f).get("context", {})
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([os.path.dirname(os.path.abspath(dictionary)),
                                        templates]),
        trim_blocks=True, autoescape=False)
    text = env.get_template(os.path.basename(dictionary)).render(**context)
    yaml.safe_load(text)        # what lava-run will read
    with open(out, "w") as f:
        f.write(text)
    return 0


def results(log):
    """lava-run logs one YAML mapping a line; results have lvl "results" """
    with open(log, errors="replace") as f:
        for line in f:
            line = line.strip()
            if '"lvl": "results"' not in line:
                continue
            try:
                rec = yaml.safe_load(line)
            except yaml.YAMLError:
                continue
            msg = rec.get("msg") if isinstance(rec, dict) else None
            if isinstance(msg, dict) and "case" in msg:
                print("%s %s %s" % (msg.get("definition"), msg["case"], msg.get("result")))
    return 0


def lava_case(name):
    """the case id LAVA's monitor makes of a test name (actions/test/monitor.py)"""
    return re.sub(r"\W+", "_", name.strip().lower())


def ktap_cases(ktap):
    rx = re.compile(r"^ *(not ok|ok) [0-9]+ ([^#]+?) *$")
    with open(ktap) as f:
        for line in f:
            m = rx.match(line.rstrip("\r\n"))
            if m:
                print("%s %s %s" % (MONITOR, lava_case(m.group(2)),
                                    "pass" if m.group(1) == "ok" else "fail"))
    return 0


def add_parsers(sub):
    p = sub.add_parser("lava", help="LAVA jobs: write, validate, render a device, read results",
                       description=__doc__.split("\n\n")[0])
    lsub = p.add_subparsers(dest="lava_command", required=True, metavar="command")
    q = lsub.add_parser("job", help="write DIR/job.yaml")
    for arg in ("name", "dir", "url", "kind", "dtb", "cmdline", "windows"):
        q.add_argument(arg)
    q.add_argument("callback", nargs="?")
    q.add_argument("token", nargs="?")
    q.set_defaults(func=lambda a: job(a.name, a.dir, a.url, a.kind, a.dtb, a.cmdline,
                                      a.windows, a.callback, a.token))
    q = lsub.add_parser("validate", help="check jobs against LAVA's own schema")
    q.add_argument("jobs", nargs="+")
    q.set_defaults(func=lambda a: validate(a.jobs))
    q = lsub.add_parser("device", help="render a device dictionary for lava-run")
    for arg in ("dictionary", "templates", "job", "out"):
        q.add_argument(arg)
    q.set_defaults(func=lambda a: device(a.dictionary, a.templates, a.job, a.out))
    q = lsub.add_parser("results", help="the test cases of a lava-run log")
    q.add_argument("log")
    q.set_defaults(func=lambda a: results(a.log))
    q = lsub.add_parser("ktap-cases", help="the LAVA test cases a KTAP file makes")
    q.add_argument("ktap")
    q.set_defaults(func=lambda a: ktap_cases(a.ktap))

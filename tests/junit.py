#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""JUnit XML of one tests/run.sh run.

    tests/junit.py CASES.TSV OUT.xml

CASES.TSV has one line per case that ran: name, file, exit status, seconds,
the stdout file and the stderr file, separated by tabs. Each "PASS <name>"
line of a case's stdout is a passing testcase, each "FAIL <name>: <why>" a
failing one (the message is <why>), each "SKIP <name>: <why>" a skipped one; a case that exited non-zero without a
FAIL line is one failing testcase named after the case. One <testsuite>
per case, the classname of its testcases is the case's name (its file name
without the extension: a dot would read as a package to Jenkins).
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

# Characters XML 1.0 cannot carry at all, even escaped
BAD = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def clean(s):
    return BAD.sub("\ufffd", s)


def tail(path, n=5):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return "".join(f.readlines()[-n:])
    except OSError:
        return ""


def main(tsv, out):
    root = ET.Element("testsuites", name="vsoc")
    total = {"tests": 0, "failures": 0, "time": 0.0}
    with open(tsv, encoding="utf-8", errors="replace") as f:
        lines = [l.rstrip("\n").split("\t") for l in f if l.strip()]
    for name, path, rc, secs, stdout, stderr in lines:
        rc, secs = int(rc), float(secs)
        suite = ET.SubElement(root, "testsuite", name=name, file=path)
        tests = failures = skipped = 0
        try:
            with open(stdout, encoding="utf-8", errors="replace") as f:
                results = f.read().splitlines()
        except OSError:
            results = []
        for line in results:
            if line.startswith("PASS "):
                ET.SubElement(suite, "testcase", classname=name, name=clean(line[5:]))
                tests += 1
            elif line.startswith("SKIP "):
                what, sep, why = line[5:].partition(": ")
                case = ET.SubElement(suite, "testcase", classname=name, name=clean(what))
                ET.SubElement(case, "skipped", message=clean(why))
                tests += 1
                skipped += 1
            elif line.startswith("FAIL "):
                what, sep, why = line[5:].partition(": ")
                case = ET.SubElement(suite, "testcase", classname=name, name=clean(what))
                fail = ET.SubElement(case, "failure", message=clean(why))
                fail.text = clean(why)
                tests += 1
                failures += 1
        if rc != 0 and failures == 0:
            case = ET.SubElement(suite, "testcase", classname=name, name=name)
            msg = "exited %d without a result" % rc
            fail = ET.SubElement(case, "failure", message=msg)
            fail.text = clean("%s; last lines of %s:\n%s" % (msg, stderr, tail(stderr)))
            tests += 1
            failures += 1
        if failures:
            err = ET.SubElement(suite, "system-err")
            err.text = clean(tail(stderr, 20))
        suite.set("tests", str(tests))
        suite.set("failures", str(failures))
        suite.set("skipped", str(skipped))
        suite.set("errors", "0")
        suite.set("time", "%d" % secs)
        total["tests"] += tests
        total["failures"] += failures
        total["time"] += secs
    root.set("tests", str(total["tests"]))
    root.set("failures", str(total["failures"]))
    root.set("errors", "0")
    root.set("time", "%d" % total["time"])
    ET.indent(root)
    ET.ElementTree(root).write(out + ".tmp", encoding="utf-8", xml_declaration=True)
    os.replace(out + ".tmp", out)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: tests/junit.py CASES.TSV OUT.xml")
    main(sys.argv[1], sys.argv[2])

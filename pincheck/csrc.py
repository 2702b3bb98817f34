# SPDX-License-Identifier: GPL-2.0
"""Just enough of C to read a pin controller driver's tables from the
kernel tree: comments stripped, #define constants, macro definitions with
their parameters, macro calls with balanced arguments, and C integer
expressions over those."""

import re

_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def strip_comments(text):
    return _COMMENT.sub(" ", text)


def read(path):
    with open(path, errors="replace") as f:
        return strip_comments(f.read())


def defines(text):
    """{NAME: body} of object-like and function-like #defines; the value of
    a function-like one is (params, body)"""
    out = {}
    text = text.replace("\\\n", " ")
    for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(\w+)(\(([^)]*)\))?[ \t]*(.*)$", text, re.M):
        name, params, body = m.group(1), m.group(3), m.group(4).strip()
        if m.group(2) is not None:
            out[name] = ([p.strip() for p in params.split(",") if p.strip()], body)
        else:
            out[name] = body
    return out


def calls(text, name):
    """[(start offset, [args])] of every call name(...) in text"""
    out = []
    for m in re.finditer(r"\b%s\s*\(" % re.escape(name), text):
        i = m.end()
        depth, start, args = 1, i, []
        while i < len(text) and depth:
            ch = text[i]
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
                if depth == 0:
                    args.append(text[start:i].strip())
            elif ch == "," and depth == 1:
                args.append(text[start:i].strip())
                start = i + 1
            elif ch == '"':
                i = text.index('"', i + 1)
            i += 1
        out.append((m.start(), args))
    return out


def block(text, start_rx):
    """the text between the braces that follow a match of start_rx"""
    m = re.search(start_rx, text)
    if not m:
        return None
    i = text.index("{", m.end() - 1 if text[m.end() - 1] == "{" else m.end())
    depth, j = 0, i
    while j < len(text):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1:j]
        j += 1
    return None


def fields(body):
    """{field: expression} of ".field = expr," designated initializers"""
    out = {}
    for m in re.finditer(r"\.(\w+)\s*=\s*", body):
        i, depth = m.end(), 0
        j = i
        while j < len(body):
            ch = body[j]
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                if depth == 0:
                    break
                depth -= 1
            elif ch == "," and depth == 0:
                break
            j += 1
        out[m.group(1)] = body[i:j].strip()
    return out


def cint(expr, names):
    """value of a C integer expression; names maps identifiers to values
    (or to expressions, expanded recursively); BIT(n) is the kernel's"""
    e = re.sub(r"\bBIT\(", "(1 << ", " ".join(expr.split()))

    def sub(m):
        w = m.group(0)
        if re.fullmatch(r"0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*", w):
            return str(int(w.rstrip("uUlL"), 0))
        if w in names:
            v = names[w]
            return "(%s)" % (cint(v, names) if isinstance(v, str) else v)
        raise KeyError(w)

    py = re.sub(r"\b\w+\b", sub, e)
    py = py.replace("/", "//")
    return int(eval(py, {"__builtins__": {}}, {}))  # noqa: S307 (digits and operators only)


def split_entries(body):
    """the top-level comma-separated entries of an initializer list"""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(body):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(body[start:i].strip())
            start = i + 1
    if body[start:].strip():
        out.append(body[start:].strip())
    return out


def enums(text):
    """{constant: value} of the members of every enum of text, named or
    not, numbered as C numbers them (an initializer through cint())"""
    out = {}
    for m in re.finditer(r"\benum\s*\w*\s*\{([^}]*)\}", text):
        v = -1
        for item in m.group(1).split(","):
            item = item.strip()
            if not item:
                continue
            name, _, expr = item.partition("=")
            v = cint(expr, out) if expr.strip() else v + 1
            out[name.strip()] = v
    return out

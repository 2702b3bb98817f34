# SPDX-License-Identifier: GPL-2.0
"""What pincheck computes from the kernel tree's sources, kept on disk
between runs.

Each run of `pincheck prepare` and `pincheck verdict` used to read and
match every pinctrl driver source again (generic.find_drivers: about half
a second, most of a warm run's Python time). memo() keeps such a result in
$VSOC_CACHE/pincheck/ (the project's cache, as scripts/lib.sh sets it),
keyed by the path, size and modification time of every file it was read
from and of the code that read it: an edited driver or a changed reader
computes it again, another tree (6.12, 7.3, a user's) has its own entry.
A cache that cannot be read or written is no error: the result is then
computed as before.
"""

import hashlib
import os
import pickle
import tempfile


def root():
    """the project's cache directory (scripts/lib.sh's CACHE)"""
    if os.environ.get("VSOC_CACHE"):
        return os.environ["VSOC_CACHE"]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return os.path.join(base, "vsoc")


def key(name, files):
    """the entry's name for the files as they are now"""
    h = hashlib.sha1(name.encode())
    for f in sorted(set(files)):
        try:
            st = os.stat(f)
            h.update(("%s\0%d\0%d\0" % (f, st.st_size, st.st_mtime_ns)).encode())
        except OSError:
            h.update(("%s\0-\0" % f).encode())
    return "%s-%s.pickle" % (name, h.hexdigest()[:20])


def memo(name, files, compute, code=()):
    """compute(), or its result of an earlier run with the same `files`
    (what it reads) and `code` (the modules that read them)"""
    path = os.path.join(root(), "pincheck", key(name, list(files) + list(code)))
    try:
        with open(path, "rb") as fp:
            return pickle.load(fp)
    except Exception:  # pylint: disable=broad-except
        # no entry yet, or one a killed run left half written
        pass
    value = compute()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
        with os.fdopen(fd, "wb") as fp:
            pickle.dump(value, fp, protocol=pickle.HIGHEST_PROTOCOL)
        # atomic: boards rehearsed in parallel read whole entries only
        os.replace(tmp, path)
    except OSError:
        pass
    return value

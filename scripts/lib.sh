# SPDX-License-Identifier: GPL-2.0
# Common settings for the project's scripts. Source it, do not run it.

# Debian's tools first: dt-schema, checkpatch's SPDX check and the kernel's
# scripts need Debian's python3 and its modules, not another one on PATH.
export PATH=/usr/bin:/bin:$PATH

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Everything big (kernel tree, kernel build, ccache) lives here, outside the
# repository, and survives between runs.
CACHE=${VSOC_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vsoc}

# Small per-run outputs (console logs, register dumps, DTBs) live in the
# repository's build/ directory, which git ignores.
BUILD=${VSOC_BUILD:-$TOP/build}

CROSS=aarch64-linux-gnu-
JOBS=${JOBS:-$(nproc)}

export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache}
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
# Fixed build identity so that ccache hits and the image is reproducible.
export KBUILD_BUILD_USER=vsoc KBUILD_BUILD_HOST=vsoc
export KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 2026'

msg() { printf '%s\n' "$*" >&2; }
die() { printf '%s: error: %s\n' "${0##*/}" "$*" >&2; exit 1; }

# The Debian version of the installed kernel source, e.g. 6.12.118-1~deb12u1.
linux_pkg_version() {
	dpkg-query -W -f '${Version}' linux-source-6.12 2>/dev/null
}

# SPDX-License-Identifier: GPL-2.0
"""The unit tests of pincheck: pytest, no QEMU, in seconds
(python3 -m pytest -q pincheck/tests; tests/cases/07-unit.sh runs them).
Recorded inputs are under data/ (data/README.md says where they come from)."""

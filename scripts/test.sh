#!/usr/bin/env bash
# Run the whole test suite: installs what it needs (see scripts/setup.sh), then
# scripts/check_pages.py (every page's cells, no Sphinx), then pytest in two steps around the book's
# strict build (scripts/build_book.py, -W: any warning fails).
# Extra arguments go to pytest, e.g. `bash scripts/test.sh -k landsknecht -x`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
# The whole suite first runs every page's cells without Sphinx (scripts/check_pages.py, under a
# minute): a false claim or a failing cell on any page is listed at once, before the build.
# Then the tests that need no built site (the engines, the exact values, the classroom code: two
# minutes), then the build, then the tests of the built site, in browsers and JupyterLab. Both
# pytest runs use two workers (pytest-xdist); tests/conftest.py marks the site tests and keeps each
# test file on one worker.
if [ "$#" -eq 0 ]; then
  "$PY" scripts/check_pages.py
  "$PY" -m pytest -m "not site" -n 2 --dist loadgroup --durations=8
  "$PY" scripts/build_book.py
  BG_REUSE_BUILD=1 exec "$PY" -m pytest -m site -n 2 --dist loadgroup --durations=8
fi
exec "$PY" -m pytest --durations=8 "$@"

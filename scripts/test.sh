#!/usr/bin/env bash
# Run the whole test suite: installs what it needs (see scripts/setup.sh), then
# scripts/check_pages.py (every page's cells, no Sphinx), then pytest. The book is built once by the tests (tests/conftest.py), with -W.
# Extra arguments go to pytest, e.g. `bash scripts/test.sh -k landsknecht -x`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
# The whole suite first runs every page's cells without Sphinx (scripts/check_pages.py, under a
# minute): a false claim or a failing cell on any page is listed at once, before the build.
if [ "$#" -eq 0 ]; then
  "$PY" scripts/check_pages.py
fi
exec "$PY" -m pytest --durations=8 "$@"

#!/usr/bin/env bash
# Build the website: installs what it needs (see scripts/setup.sh), removes
# stale output, runs `jupyter-book build book -W -n --keep-going` and prints
# where index.html is. Any Sphinx warning or cell error fails the build.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
exec "$PY" scripts/build_book.py "$@"

#!/usr/bin/env bash
# Build the release a teacher can unzip: dist/banking-games-book-<version>.zip
# (the site, a launcher that needs only Python, double-click wrappers; see
# scripts/release.py). Installs what it needs (see scripts/setup.sh) and builds
# the site first when book/_build/html is missing or older than the sources.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
exec "$PY" scripts/release.py "$@"

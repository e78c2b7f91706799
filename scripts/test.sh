#!/usr/bin/env bash
# Run the whole test suite: installs what it needs (see scripts/setup.sh), then
# pytest. The book is built once by the tests (tests/conftest.py), with -W.
# Extra arguments go to pytest, e.g. `bash scripts/test.sh -k landsknecht -x`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
exec "$PY" -m pytest --durations=8 "$@"

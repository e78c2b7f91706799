#!/usr/bin/env bash
# Open the book's chapters in JupyterLab (docs/using.md, "Run the chapters in Jupyter").
#
# Installs what is needed first (scripts/setup.sh: the venv with JupyterLab,
# Jupytext and jupyterlab-myst, and this venv's JupyterLab settings: chapters
# open as notebooks, no autosave, no news question, the chapter's Python 3
# kernel starts without asking), then runs `jupyter lab book/`. Adds
# --allow-root when run as root (a container). Extra arguments go to
# `jupyter lab`, e.g. `bash scripts/lab.sh --no-browser --ip=0.0.0.0`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
args=(lab "$ROOT/book")
if [ "$(id -u)" = 0 ]; then
  args+=(--allow-root)
fi
exec "$VENV/bin/jupyter" "${args[@]}" "$@"

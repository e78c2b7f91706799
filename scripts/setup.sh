# Shared set-up for scripts/build.sh and scripts/test.sh (source it, do not run it).
#
# Makes sure that, in the repository root:
#   .venv/          a Python >= 3.11 virtual environment with requirements.txt and
#                   this package (editable) installed;
#   node_modules/   the npm packages of package-lock.json (npm ci);
#   book/_vendor/   the JavaScript the website serves itself (scripts/vendor_js.py)
#                   and Pyodide with its wheels for "Deal live" (scripts/live_site.py).
# Each step is skipped when a stamp file shows its inputs have not changed, so a
# second run takes about a second.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"

log() { printf '[setup] %s\n' "$*" >&2; }

# sha256 of the named files, computed by the venv's Python (no sha256sum on macOS)
_hash() {
  "$PY" -c 'import hashlib, sys
h = hashlib.sha256()
for f in sys.argv[1:]:
    h.update(open(f, "rb").read())
print(h.hexdigest())' "$@"
}

_find_python() {
  local cand
  for cand in "${PYTHON:-}" python3 python3.13 python3.12 python3.11 python; do
    [ -n "$cand" ] || continue
    command -v "$cand" >/dev/null 2>&1 || continue
    if "$cand" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
      echo "$cand"; return 0
    fi
  done
  log "Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11)"; return 1
}

setup_python() {
  if [ ! -x "$PY" ]; then
    local base; base="$(_find_python)"
    log "creating $VENV with $($base --version)"
    "$base" -m venv "$VENV"
  fi
  local want have stamp="$VENV/.banking-games-stamp"
  want="$(_hash requirements.txt pyproject.toml)-$("$PY" -c 'import sys; print(sys.version)' | tr -d ' \n')"
  have="$(cat "$stamp" 2>/dev/null || true)"
  if [ "$want" != "$have" ]; then
    log "pip install -r requirements.txt -e ."
    "$PY" -m pip install --disable-pip-version-check -q -r requirements.txt -e .
    echo "$want" > "$stamp"
  fi
  # JupyterLab settings for this venv (see docs/using.md, "Run the chapters in Jupyter"):
  # open the book's MyST .md pages as notebooks on double click (jupytext's
  # contents manager reads them), and do not autosave, so that running a chapter
  # does not rewrite it (Jupytext adds its version and re-wraps long lines when
  # it saves). Keys already in overrides.json are kept as they are.
  "$PY" - "$VENV/share/jupyter/lab/settings/overrides.json" <<'PY'
import json, sys
from pathlib import Path

path = Path(sys.argv[1])
try:
    data = json.loads(path.read_text()) if path.is_file() else {}
except ValueError:
    sys.exit(f"[setup] {path} is not valid JSON: fix or delete it")
before = json.dumps(data, sort_keys=True)
plugin = data.setdefault("@jupyterlab/docmanager-extension:plugin", {})
viewers = plugin.setdefault("defaultViewers", {})
viewers.setdefault("markdown", "Jupytext Notebook")
viewers.setdefault("myst", "Jupytext Notebook")
plugin.setdefault("autosave", False)
# No pop-up on first start: no question about Jupyter news, no update check, and
# the notebook's own kernel (Python 3, from the chapter's kernelspec) starts
# without a "Select Kernel" dialog.
notification = data.setdefault("@jupyterlab/apputils-extension:notification", {})
notification.setdefault("fetchNews", "false")
notification.setdefault("checkForUpdates", False)
data.setdefault("@jupyterlab/notebook-extension:tracker", {}).setdefault("autoStartDefaultKernel", True)
if not path.is_file() or json.dumps(data, sort_keys=True) != before:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n")
PY
}

setup_node() {
  command -v npm >/dev/null 2>&1 || { log "npm (Node.js) is needed to fetch the site's JavaScript"; return 1; }
  local want have stamp="node_modules/.banking-games-stamp"
  want="$(_hash package.json package-lock.json)"
  have="$(cat "$stamp" 2>/dev/null || true)"
  if [ "$want" != "$have" ]; then
    log "npm ci"
    npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
    echo "$want" > "$stamp"
  fi
  "$PY" scripts/vendor_js.py
  # Pyodide, the wheels and the bridge for the "Deal live" tables (book/_vendor/live/)
  "$PY" scripts/live_site.py
  # JupyterLite with one notebook per game for "Try it in JupyterLite" (book/_vendor/lite/)
  "$PY" scripts/lite_site.py
}

setup_python
# the package's message catalogues, .po -> .mo where the .po is newer (scripts/package_i18n.py)
"$PY" scripts/package_i18n.py compile >&2
setup_node

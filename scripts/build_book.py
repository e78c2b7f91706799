"""Build the book's website with warnings as errors; print where index.html is.

Called by scripts/build.sh (after the set-up) and by the tests'
``built_site`` fixture. Steps:

1. check that the vendored JavaScript is in place (scripts/vendor_js.py);
2. remove stale output: the HTML and doctrees of earlier builds (so every
   page is read again and every warning is shown again: an incremental
   Sphinx build would stay silent about warnings in unchanged pages), the
   executed notebooks, and JupyterLite leftovers;
3. empty the execution cache (_build/.jupyter_cache) when the package
   source, requirements.txt, pyproject.toml or book/_config.yml changed,
   since jupyter-cache keys a page only on its own code cells;
4. run ``jupyter-book build book -W -n --keep-going``, writing the log to
   book/_build/build.log, and fail if it fails or logs any warning or error.

Usage: python scripts/build_book.py [--no-cache]
Exit status 0 on a clean build, 1 otherwise.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
BUILD = BOOK / "_build"
HTML = BUILD / "html"
LOG = BUILD / "build.log"
CACHE = BUILD / ".jupyter_cache"
CACHE_STAMP = BUILD / ".jupyter_cache.stamp"
BUILD_CMD = ["build", "book", "-W", "-n", "--keep-going"]

# lines of the build log that mean something went wrong even if the exit code says not
BAD_LINE = re.compile(r"WARNING|ERROR|Traceback \(most recent call last\)|CellExecutionError")
# ipykernel's own start-up notice (it runs on loopback), not a problem of the book
HARMLESS = re.compile(r"^\[IPKernelApp\] WARNING \| Kernel is running over TCP without encryption"
                      r"|KeyboardInterrupt caught in kernel")
# A kernel that is being shut down after its page ran may log a traceback from its
# own message loop (pyzmq/tornado teardown: "Socket operation on non-socket").
# That is the kernel's exit, not a problem of the book: a failing cell fails the
# build through allow_errors: false, and a Sphinx warning through -W.
KERNEL_TEARDOWN = re.compile(r"^ERROR:tornado\.general:Uncaught exception in ZMQStream callback")
EXCEPTION_LINE = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Interrupt)\b")


def problem_lines(plain: str) -> list[str]:
    """The log lines that fail the build: warnings, errors and tracebacks, less the
    kernel's start-up notice and its teardown tracebacks (see KERNEL_TEARDOWN)."""
    bad: list[str] = []
    in_teardown = False
    for ln in plain.splitlines():
        if KERNEL_TEARDOWN.search(ln):
            in_teardown = True
            continue
        if in_teardown:
            if EXCEPTION_LINE.search(ln):  # the traceback's last line ends the block
                in_teardown = False
            continue
        if BAD_LINE.search(ln) and not HARMLESS.search(ln):
            bad.append(ln)
    return bad


def _cache_key(root: Path = ROOT) -> str:
    """Hash of everything, besides a page's own code, that its outputs depend on:
    every ``src/**/*.py`` (path and bytes), requirements.txt, pyproject.toml,
    book/_config.yml and the Python version, under ``root``."""
    h = hashlib.sha256()
    files = sorted((root / "src").rglob("*.py")) + [
        root / "requirements.txt",
        root / "pyproject.toml",
        root / "book" / "_config.yml",
    ]
    for f in files:
        if f.is_file():
            h.update(str(f.relative_to(root)).encode() + b"\0" + f.read_bytes())
    h.update(sys.version.encode())
    return h.hexdigest()


def refresh_cache(root: Path = ROOT, no_cache: bool = False) -> bool:
    """Empty the execution cache ``root/book/_build/.jupyter_cache`` if
    ``no_cache`` or if :func:`_cache_key` differs from the key stamped by the
    last build (``.jupyter_cache.stamp``; no stamp counts as a change), then
    stamp the current key. jupyter-cache keys a page only on its own code
    cells, so without this a page would keep outputs of an older ``src/``.

    Returns:
        True if the cache was emptied.
    """
    build_dir = root / "book" / "_build"
    cache, stamp = build_dir / CACHE.name, build_dir / CACHE_STAMP.name
    key = _cache_key(root)
    old = stamp.read_text().strip() if stamp.exists() else ""
    emptied = no_cache or old != key
    if emptied:
        shutil.rmtree(cache, ignore_errors=True)
    build_dir.mkdir(parents=True, exist_ok=True)
    stamp.write_text(key + "\n")
    return emptied


def clean(no_cache: bool = False) -> None:
    for stale in (HTML, BUILD / ".doctrees", BUILD / "jupyter_execute", BOOK / "_contents"):
        shutil.rmtree(stale, ignore_errors=True)
    for stale in (BOOK / ".jupyterlite.doit.db", ROOT / ".jupyterlite.doit.db"):
        stale.unlink(missing_ok=True)
    refresh_cache(ROOT, no_cache)


def strict_build(book: Path, cwd: Path = ROOT, echo: bool = True) -> tuple[bool, str, int]:
    """Run ``jupyter-book build <book> -W -n --keep-going`` (the strict path
    of :func:`build`) and judge it: the build fails if jupyter-book exits
    non-zero, if the log has a problem line (:func:`problem_lines`: a warning,
    an error, a cell traceback) or if no index.html was written.

    Returns:
        ``(ok, plain log text, jupyter-book's exit status)``.
    """
    exe = Path(sys.executable).with_name("jupyter-book")
    cmd = [str(exe) if exe.exists() else "jupyter-book", "build", str(book), *BUILD_CMD[2:]]
    env = dict(os.environ, PYTHONUNBUFFERED="1", NO_COLOR="1", PYDEVD_DISABLE_FILE_VALIDATION="1")
    lines: list[str] = []
    with subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace") as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if echo:
                sys.stdout.write(line)
                sys.stdout.flush()
    plain = re.sub(r"\x1b\[[0-9;]*m", "", "".join(lines))
    ok = proc.returncode == 0 and not problem_lines(plain) and (book / "_build" / "html" / "index.html").is_file()
    return ok, plain, proc.returncode


def build(no_cache: bool = False, echo: bool = True) -> tuple[bool, str]:
    """Build the site. Returns (ok, log text); the log is also in book/_build/build.log."""
    vendor = subprocess.run([sys.executable, str(ROOT / "scripts" / "vendor_js.py"), "--check"],
                            capture_output=True, text=True)
    if vendor.returncode != 0:
        return False, vendor.stdout + vendor.stderr
    clean(no_cache)
    # the lesson pages' handouts (PDF) and student notebooks, linked with {download}
    handouts = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_handouts.py")],
                              capture_output=True, text=True)
    if handouts.returncode != 0:
        return False, handouts.stdout + handouts.stderr
    start = time.monotonic()
    ok, plain, returncode = strict_build(BOOK, ROOT, echo)
    elapsed = time.monotonic() - start
    LOG.write_text(plain)
    text = plain
    if not ok:
        # keep the execution reports of failed cells next to the log
        summary = "\n".join(problem_lines(plain)[:50])
        text = f"{plain}\n--- build failed (exit {returncode}); problem lines:\n{summary}\n"
        # a failed execution must not stay cached as if it were good
        CACHE_STAMP.unlink(missing_ok=True)
    return ok, (text if not ok else plain) + f"\n(build took {elapsed:.1f} s)\n"


def main(argv: list[str]) -> int:
    ok, log = build(no_cache="--no-cache" in argv)
    if not ok:
        print(log.rsplit("--- build failed", 1)[-1], file=sys.stderr)
        print(f"BUILD FAILED: full log in {LOG}", file=sys.stderr)
        return 1
    print(log.splitlines()[-1])
    print(f"Website built: {HTML / 'index.html'}")
    print(f"Open it in a browser: file://{HTML / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Build the book's website with warnings as errors; print where index.html is.

Called by scripts/build.sh (after the set-up) and by the tests'
``built_site`` fixture. Steps:

1. check that the vendored JavaScript is in place (scripts/vendor_js.py);
2. remove stale output: the HTML and doctrees of earlier builds (so every
   page is read and executed again and every warning is shown again: an
   incremental Sphinx build would stay silent about warnings in unchanged
   pages), the executed notebooks, JupyterLite leftovers, and the
   jupyter-cache folder of older builds. The pages run with
   ``execute_notebooks: inline`` (book/_config.yml: their {eval} roles need
   the page's kernel), which keeps no cache, so every build runs every page
   with the current package: no page can show what an older engine computed;
3. run ``jupyter-book build book -W -n --keep-going``, writing the log to
   book/_build/build.log, and fail if it fails or logs any warning or error;
4. make each game's exercise sheet and add the exercises to the site's
   JupyterLite notebooks (scripts/exercise_sheets.py), from the built pages;
5. build the other editions (scripts/build_editions.py: German in html/de/,
   Russian in html/ru/, each from the English pages and its catalogues, as
   strictly as the English one).

Usage: python scripts/build_book.py   (--no-cache is accepted and changes nothing)
Exit status 0 on a clean build, 1 otherwise.
"""

from __future__ import annotations

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
# left by builds that used jupyter-cache (execute_notebooks: cache); removed
OLD_CACHE = (BUILD / ".jupyter_cache", BUILD / ".jupyter_cache.stamp")
BUILD_CMD = ["build", "book", "-W", "-n", "--keep-going"]

# lines of the build log that mean something went wrong even if the exit code says not
BAD_LINE = re.compile(r"WARNING|ERROR|Traceback \(most recent call last\)|CellExecutionError")
HARMLESS = re.compile(r"KeyboardInterrupt caught in kernel")

# ipykernel (7.x) warns at every kernel start that it talks over TCP without
# encryption: once per executed page, 18 lines a build. myst-nb starts the
# kernels itself on loopback, so the notice is nothing the book can act on. It
# is silenced where it is written: each page's kernel reads its IPython profile
# from IPYTHONDIR, which strict_build points at book/_build/ipython, where this
# file becomes profile_default/ipython_kernel_config.py. It adds a logging
# filter to the kernel's console handler that drops exactly that message; every
# other warning of the kernel is still shown, and the line, if it ever comes
# back, fails the build like any other warning (problem_lines).
KERNEL_CONFIG = '''\
# Written by scripts/build_book.py for the book's build; do not edit.
import logging


class DropTcpNotice(logging.Filter):
    """Drops ipykernel's notice that it runs over TCP without encryption."""

    def filter(self, record):
        return not record.getMessage().startswith("Kernel is running over TCP without encryption")


c.IPKernelApp.logging_config = {
    "filters": {"drop_tcp_notice": {"()": DropTcpNotice}},
    "handlers": {"console": {"filters": ["drop_tcp_notice"]}},
}
'''


def kernel_env(build: Path = BUILD) -> dict[str, str]:
    """Write the kernels' IPython profile under ``build`` (see KERNEL_CONFIG) and
    return the environment variable that makes the build's kernels read it."""
    profile = build / "ipython" / "profile_default"
    profile.mkdir(parents=True, exist_ok=True)
    (profile / "ipython_kernel_config.py").write_text(KERNEL_CONFIG)
    return {"IPYTHONDIR": str(build / "ipython")}
# A kernel that is being shut down after its page ran may log a traceback from its
# own message loop (pyzmq/tornado teardown: "Socket operation on non-socket").
# That is the kernel's exit, not a problem of the book: a failing cell fails the
# build through allow_errors: false, and a Sphinx warning through -W.
KERNEL_TEARDOWN = re.compile(r"^ERROR:tornado\.general:Uncaught exception in ZMQStream callback")
EXCEPTION_LINE = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Interrupt)\b")


def problem_lines(plain: str) -> list[str]:
    """The log lines that fail the build: warnings, errors and tracebacks, less the
    kernel's teardown tracebacks (see KERNEL_TEARDOWN)."""
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


def clean(no_cache: bool = False) -> None:
    for stale in (HTML, BUILD / ".doctrees", BUILD / "jupyter_execute", BOOK / "_contents"):
        shutil.rmtree(stale, ignore_errors=True)
    for stale in (BOOK / ".jupyterlite.doit.db", ROOT / ".jupyterlite.doit.db"):
        stale.unlink(missing_ok=True)
    shutil.rmtree(OLD_CACHE[0], ignore_errors=True)
    OLD_CACHE[1].unlink(missing_ok=True)
    BUILD.mkdir(parents=True, exist_ok=True)


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
    env = dict(os.environ, PYTHONUNBUFFERED="1", NO_COLOR="1", PYDEVD_DISABLE_FILE_VALIDATION="1",
               **kernel_env(book / "_build"))
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
    # the package's message catalogues (.po -> .mo where the .po is newer): the pages' tables in
    # German and Russian read them
    mos = subprocess.run([sys.executable, str(ROOT / "scripts" / "package_i18n.py"), "compile"],
                         capture_output=True, text=True)
    if mos.returncode != 0:
        return False, mos.stdout + mos.stderr
    # the lesson pages' handouts (PDF) and student notebooks, linked as downloads
    handouts = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_handouts.py")],
                              capture_output=True, text=True)
    if handouts.returncode != 0:
        return False, handouts.stdout + handouts.stderr
    # stand-ins for the exercise sheets the lesson pages link (made for real after the build)
    stand_ins = subprocess.run([sys.executable, str(ROOT / "scripts" / "exercise_sheets.py"), "--placeholders"],
                               capture_output=True, text=True)
    if stand_ins.returncode != 0:
        return False, stand_ins.stdout + stand_ins.stderr
    start = time.monotonic()
    ok, plain, returncode = strict_build(BOOK, ROOT, echo)
    elapsed = time.monotonic() - start
    if ok:
        # each game's exercise sheet (PDF) and the JupyterLite notebooks' exercise cells, from the
        # exercises as the built pages show them (their numbers computed when the pages ran)
        sheets = subprocess.run([sys.executable, str(ROOT / "scripts" / "exercise_sheets.py"), str(HTML)],
                                capture_output=True, text=True)
        plain += sheets.stdout + sheets.stderr
        if sheets.returncode != 0:
            ok, returncode = False, sheets.returncode
    if ok:
        # the German and Russian editions (scripts/build_editions.py), into html/de/ and html/ru/
        eds = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_editions.py")],
                             capture_output=True, text=True)
        plain += eds.stdout + eds.stderr
        if echo:
            sys.stdout.write(eds.stdout + eds.stderr)
        if eds.returncode != 0:
            ok, returncode = False, eds.returncode
    LOG.write_text(plain)
    text = plain
    if not ok:
        # keep the execution reports of failed cells next to the log
        summary = "\n".join(problem_lines(plain)[:50])
        text = f"{plain}\n--- build failed (exit {returncode}); problem lines:\n{summary}\n"
    return ok, (text if not ok else plain) + f"\n(build took {elapsed:.1f} s)\n"


def main(argv: list[str]) -> int:
    ok, log = build(no_cache="--no-cache" in argv)
    if not ok:
        print(log.rsplit("--- build failed", 1)[-1], file=sys.stderr)
        print(f"BUILD FAILED: full log in {LOG}", file=sys.stderr)
        return 1
    print(log.splitlines()[-1])
    print(f"Website built: {HTML / 'index.html'}")
    # not a file:// link: from files the browser lets neither Deal live nor JupyterLite start
    print(f"Read it (served, so that Deal live and JupyterLite work): "
          f"python3 scripts/release/open-book.py --site {HTML}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

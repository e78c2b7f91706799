"""scripts/build_book.py decides from the build log whether the build failed.

A kernel's teardown traceback (seen in CI on a clean clone: pyzmq raising
"Socket operation on non-socket" while the kernel of an executed page shut
down, after Sphinx had built every page) must not fail the build, but any
Sphinx warning, error or cell traceback must, even right after such a block.

ipykernel's start-up notice "Kernel is running over TCP without encryption" (18
lines a build before issue 21) is silenced at its source, the kernels' logging
configuration that build_book.kernel_env writes; the line itself now fails the build.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import build_book  # noqa: E402

TEARDOWN = """\
ERROR:tornado.general:Uncaught exception in ZMQStream callback
Traceback (most recent call last):
  File "/x/ipykernel/iostream.py", line 343, in schedule
    self._event_pipe.send(b"")
  File "zmq/backend/cython/_zmq.py", line 190, in zmq.backend.cython._zmq._check_rc
zmq.error.ZMQError: Socket operation on non-socket
"""


def test_kernel_teardown_traceback_is_not_a_problem():
    log = "reading sources... [ 50%] intro\n" + TEARDOWN + "writing output... [100%] intro\n"
    assert build_book.problem_lines(log) == []


def test_warning_after_a_teardown_block_still_fails_the_build():
    warning = "/book/intro.md:3: WARNING: undefined label: 'nowhere'"
    log = TEARDOWN + warning + "\n"
    assert build_book.problem_lines(log) == [warning]


def test_cell_traceback_fails_the_build():
    log = "Traceback (most recent call last):\nCellExecutionError: boom\n"
    assert build_book.problem_lines(log) == [
        "Traceback (most recent call last):", "CellExecutionError: boom"]


TCP_NOTICE = ("[IPKernelApp] WARNING | Kernel is running over TCP without encryption. All communication "
              "(including code and outputs) is sent in plain text and is susceptible to eavesdropping.")


def test_kernel_tcp_notice_in_the_log_fails_the_build():
    # silenced at its source (build_book.KERNEL_CONFIG); should it come back, it is a warning
    # like any other, not a line the build lets through
    assert build_book.problem_lines(TCP_NOTICE + "\n") == [TCP_NOTICE]


def _kernel_stderr(env: dict[str, str]) -> str:
    """Start a real kernel the way myst-nb does (jupyter_client, the python3 kernel on TCP),
    wait until it answers, shut it down, and return what it wrote to stderr."""
    import subprocess
    import tempfile

    from jupyter_client.manager import KernelManager

    with tempfile.TemporaryFile(mode="w+") as err:
        km = KernelManager(kernel_name="python3")
        km.start_kernel(env=env, stderr=err)
        try:
            kc = km.client()
            kc.start_channels()
            kc.wait_for_ready(timeout=60)
            kc.stop_channels()
        finally:
            km.shutdown_kernel(now=True)
        err.seek(0)
        return err.read()


def test_the_build_kernels_start_without_the_tcp_notice_and_keep_other_warnings(tmp_path):
    import os

    base = {k: v for k, v in os.environ.items() if k != "IPYTHONDIR"}
    base["IPYTHONDIR"] = str(tmp_path / "plain")
    # control: a kernel with a fresh profile writes the notice (so the check below can see it)
    assert "Kernel is running over TCP without encryption" in _kernel_stderr(base)
    # the build's environment: same kernel, no notice
    env = dict(base, **build_book.kernel_env(tmp_path / "_build"))
    assert "over TCP without encryption" not in _kernel_stderr(env)
    # ... and the filter drops that message only: another warning of the kernel's logger passes
    import logging

    from traitlets.config import Config

    ns = {"c": Config()}   # what traitlets gives a config file
    exec(build_book.KERNEL_CONFIG, ns)
    drop = ns["c"].IPKernelApp.logging_config["filters"]["drop_tcp_notice"]["()"]()

    def record(msg):
        return logging.LogRecord("IPKernelApp", logging.WARNING, __file__, 1, msg, None, None)

    assert not drop.filter(record(TCP_NOTICE.split("| ", 1)[1]))
    assert drop.filter(record("Failed to load connection file"))

"""scripts/build_book.py decides from the build log whether the build failed.

A kernel's teardown traceback (seen in CI on a clean clone: pyzmq raising
"Socket operation on non-socket" while the kernel of an executed page shut
down, after Sphinx had built every page) must not fail the build, but any
Sphinx warning, error or cell traceback must, even right after such a block.
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


def test_kernel_startup_notice_is_not_a_problem():
    log = "[IPKernelApp] WARNING | Kernel is running over TCP without encryption. Use IPC.\n"
    assert build_book.problem_lines(log) == []

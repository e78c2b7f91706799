"""Widget bridge for the website's "Deal live" tables (runs in Pyodide).

ipywidgets talks to its front end through the ``comm`` package: in Jupyter
the kernel carries the messages; in the page there is no kernel, so this
module gives ``comm`` a Comm class whose messages go straight to the page's
ipywidgets HTML manager (the JavaScript function ``bgLiveSend`` of
live-tables.js) and delivers the manager's messages back (``deliver``).
It holds no rule of any game: the tables are the package's own classes.

IPython is not installed in the page (its wheel and dependencies would add
about 2 MB and a second of import for nothing the tables use); ipywidgets
only asks it for ``get_ipython()`` (``None`` here) and ``display``, so a
small stand-in module is registered when IPython is missing.

It holds no reference to a JavaScript object between calls (the page's
``bgLiveSend`` is looked up when a message is sent). The page's own Python
imports only its chapter's table; snapshot-worker.mjs runs this module in a
second Python, then ``import_tables()`` (every chapter's table module), and
saves a memory snapshot of that Python, which the reader's later pages
restore (see docs/site-stack.md).
"""

import importlib
import json
import sys
import types

try:
    import IPython  # noqa: F401
except ImportError:
    _ip = types.ModuleType("IPython")
    _ip.get_ipython = lambda: None
    _display = types.ModuleType("IPython.display")
    _display.display = lambda *objs, **kw: None
    _display.clear_output = lambda *a, **kw: None
    _core = types.ModuleType("IPython.core")
    _shell = types.ModuleType("IPython.core.interactiveshell")

    class InteractiveShell:  # only named by ipywidgets' Output widget
        @classmethod
        def initialized(cls):
            return False

    _shell.InteractiveShell = InteractiveShell
    _ip.display, _ip.core = _display, _core
    _core.interactiveshell = _shell
    sys.modules.update({"IPython": _ip, "IPython.display": _display, "IPython.core": _core,
                        "IPython.core.interactiveshell": _shell})

import comm
from comm.base_comm import BaseComm, CommManager
from pyodide.code import run_js
from pyodide.ffi import to_js

# the modules that the chapters' "Deal live" code imports (book/*.md, cells marked live-table)


def table_modules() -> tuple[str, ...]:
    """Every game's table module (banking_games.registry), the lesson helpers and the class board."""
    from banking_games import registry

    return tuple(g.table_module for g in registry.GAMES) + ("banking_games.classroom.teaching", "banking_games.widgets.board",
                                                            "banking_games.widgets.class_link")

_manager = CommManager()


class PageComm(BaseComm):
    """A Comm whose messages go to the page's widget manager."""

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        content = {"comm_id": self.comm_id, "target_name": self.target_name,
                   "data": data or {}, "metadata": metadata or {}}
        bufs = to_js([bytes(b) for b in buffers]) if buffers else None   # (most messages have none)
        _page_send()(msg_type, json.dumps(content, default=str), bufs)


_send = None


def _page_send():
    """The page's ``bgLiveSend``, looked up at the first message (none is held in a snapshot)
    through ``run_js``. In a Python restored from a snapshot, each call through the ``js`` module
    is slow: a table's first build took 1.2 s in place of 0.26 s, for its few hundred messages."""
    global _send
    if _send is None:
        _send = run_js("globalThis.bgLiveSend")
    return _send


comm.create_comm = lambda *args, **kwargs: PageComm(*args, **kwargs)
comm.get_comm_manager = lambda: _manager


def deliver(comm_id, data_json, buffers=None):
    """Hand a message from the page's widget manager to its Python widget."""
    target = _manager.comms.get(comm_id)
    if target is None:
        return
    bufs = [memoryview(bytes(b.to_py())) for b in (buffers or [])]
    msg = {"header": {}, "parent_header": {}, "metadata": {}, "buffers": bufs,
           "content": {"comm_id": comm_id, "data": json.loads(data_json)}}
    target.handle_msg(msg)


def model_id(widget):
    """The id the page uses to show ``widget``."""
    return widget.model_id


def import_tables():
    """Import every module of :func:`table_modules` and load every language's message catalogue
    (before a snapshot is made, so that every chapter's table starts from it without importing or
    reading a file: a snapshot holds no files, and an edition's page sets its language, reading
    its catalogue, before the wheels are unpacked again)."""
    for name in table_modules():
        importlib.import_module(name)
    importlib.import_module("banking_games.i18n").load_catalogues()


importlib.import_module("ipywidgets")

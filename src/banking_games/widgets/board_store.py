"""Where the class board keeps its codes: :class:`MemoryStore` in Python and JupyterLab,
:class:`BrowserStore` (the browser's storage) on the website, :func:`default_store` and
:func:`storage_key`.

Part of the class board (:mod:`banking_games.widgets.board`).
"""

from __future__ import annotations

import sys
from typing import Protocol

from ..classroom.board_checks import _game


# ---------------------------------------------------------------- storage

class BoardStore(Protocol):
    """Where the board keeps its codes: text under a key."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


class MemoryStore:
    """A store in this Python's memory (Python, JupyterLab: the board of a
    re-run cell finds the codes of the kernel's earlier board)."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = str(value)

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


class BrowserStore:
    """The browser's ``localStorage`` (the website's Pyodide, through its ``js`` module)."""

    def __init__(self, local_storage) -> None:
        self._ls = local_storage

    def get(self, key: str) -> str | None:
        value = self._ls.getItem(key)
        # a key never set: JavaScript's null, which Pyodide hands over as ``pyodide.ffi.jsnull``
        # (not None; its str() is "jsnull", which the board then read as a damaged store)
        if value is None or type(value).__name__ == "JsNull":
            return None
        return str(value)

    def set(self, key: str, value: str) -> None:
        self._ls.setItem(key, str(value))

    def remove(self, key: str) -> None:
        self._ls.removeItem(key)


_KERNEL_STORE = MemoryStore()


def _browser():
    """``(localStorage, location)`` of the page, or ``None`` outside a browser page
    (CPython; JupyterLite's kernel, a web worker, has no localStorage)."""
    if sys.platform != "emscripten":
        return None
    try:
        # the page's objects through run_js, not the ``js`` module: in a page whose Python was
        # started to save a memory snapshot (Deal live, live-tables.js) that module's getters fail
        # ("TypeError: Illegal invocation"), and the board fell back to the kernel's memory
        from pyodide.code import run_js
        storage, location = run_js("globalThis.localStorage"), run_js("globalThis.location")
        storage.getItem("banking-games-probe")   # a browser may refuse storage (privacy settings)
        return storage, location
    except Exception:
        return None


def default_store() -> BoardStore:
    """The browser's localStorage in a web page's Pyodide, else this kernel's memory."""
    page = _browser()
    return BrowserStore(page[0]) if page else _KERNEL_STORE


def storage_key(game: str, site_path: str | None = None) -> str:
    """The key the board keeps ``game``'s codes under: per game and per site
    path (the folder of the page, read from the browser when ``site_path``
    is not given), so two copies of the site on one host keep their own."""
    if site_path is None:
        page = _browser()
        site_path = str(page[1].pathname).rsplit("/", 1)[0] + "/" if page else "/"
    return f"banking-games:class-board:{_game(game).key}:{site_path}"

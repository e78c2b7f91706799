"""Where the book's code lives and how to install it, for the pages and the handouts.

The address is set once, as ``repository: url:`` in ``book/_config.yml``
(Jupyter Book's own setting); the intro page, the lesson pages (through
:func:`book_code`, shown with ``{eval}``) and the student notebooks (written by
``scripts/make_handouts.py``) read it from there, so no page writes it by hand.

No rule of any game lives here.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from .errors import GameError

__all__ = ["BookCode", "ProjectInfoError", "book_code", "config_path", "install_command", "repository_url"]

PACKAGE = "banking-games"   # the distribution name in pyproject.toml
EXTRA = "book"              # the optional dependencies the pages need (numpy, sympy, ...)


class ProjectInfoError(GameError, ValueError):
    """No ``_config.yml`` found, or it sets no repository address."""


def config_path() -> Path:
    """The book's ``_config.yml``: in the working directory first (the build and
    JupyterLab run each page in ``book/``), then in ``book/`` of the source tree
    this package is installed from. Raises :class:`ProjectInfoError` if neither exists."""
    here = Path.cwd() / "_config.yml"
    tree = Path(__file__).resolve().parents[2] / "book" / "_config.yml"
    for path in (here, tree):
        if path.is_file():
            return path
    raise ProjectInfoError(f"no book configuration found: looked for {here} and {tree}; "
                           "run the page from the book's folder (book/)")


def repository_url(config: str | Path | None = None) -> str:
    """The address of the book's code: ``repository: url:`` of ``_config.yml``.

    Raises :class:`ProjectInfoError` when the file sets none (or not an http(s) address)."""
    import yaml

    path = Path(config) if config is not None else config_path()
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    url = ((data.get("repository") or {}).get("url") or "").strip()
    if not url.startswith(("https://", "http://")):
        raise ProjectInfoError(f"{path}: repository.url must be the http(s) address of the book's code, "
                               f"not {url!r}")
    return url.rstrip("/")


def install_command(url: str) -> str:
    """The one command that installs the package with what the pages need, from ``url``
    (pip builds it from the repository's pyproject.toml; the package is in ``src/``)."""
    return f'pip install "{PACKAGE}[{EXTRA}] @ git+{url}"'


class _Shown:
    """A text for ``{eval}``: plain text, HTML for JupyterLab, Markdown for the website."""

    def __init__(self, text: str, html_text: str, markdown: str):
        self._text, self._html, self._markdown = text, html_text, markdown

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._text

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(self._text)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict:
        return {"text/plain": self._text, "text/html": self._html, "text/markdown": self._markdown}


class BookCode:
    """The address (``.url``, a link) and the install command (``.install``, code) for the prose."""

    def __init__(self, url: str):
        self.address = url
        self.command = install_command(url)
        esc = html.escape(url, quote=True)
        self.url = _Shown(url, f'<a href="{esc}">{esc}</a>', f"<{url}>")
        self.install = _Shown(self.command, f"<code>{html.escape(self.command)}</code>", f"`{self.command}`")


def book_code(config: str | Path | None = None) -> BookCode:
    """:class:`BookCode` for the address set in ``_config.yml``."""
    return BookCode(repository_url(config))

"""Computed numbers for the book's prose, written with MyST's ``{eval}`` role.

A page computes a value in a code cell and keeps it on a :class:`Shown`
namespace; its prose then reads ``{eval}`shown.n_rows```. The same page
source renders in two places:

- the website (Jupyter Book 1 / myst-nb with ``execute_notebooks: inline``),
  which evaluates the expression in the page's kernel when the book builds;
- JupyterLab with jupyterlab-myst, which evaluates it in the reader's kernel
  when the Markdown cell is run.

Both show the expression's ``text/plain`` output. A Python ``str`` would
show as ``'text'`` (quotes included) in a renderer that keeps them, so every
value is kept as a :class:`ShownText`, a ``str`` whose ``repr`` is the text
itself. The text is what IPython would print for the value (the same text
myst-nb's ``glue`` showed), e.g. ``12`` for an int, ``0.25`` for a float.

No rule of any game lives here.
"""

from __future__ import annotations

import ast
import numbers
import re
from typing import Any

from .errors import GameError
from .i18n import localize_number

__all__ = ["FalseClaimError", "InlineValueError", "Shown", "ShownText", "plain", "plain_text"]


class InlineValueError(GameError, ValueError):
    """Raised for a bad name or format given to :class:`Shown`."""


class FalseClaimError(AssertionError):
    """Raised by :meth:`Shown.claim` when the page's own numbers refute a
    sentence of its prose (a comparison, a trend, "about half", "stays
    inside"). Raised while the page executes, so the strict build fails."""


def plain_text(value: Any) -> str:
    """The text IPython's ``text/plain`` output shows for ``value``.

    Input: any object. Output: ``str``; a ``str`` input is returned as it
    is (no quotes). Outside IPython, ``repr`` is used.
    """
    if isinstance(value, str):
        return str(value)
    try:
        from IPython import get_ipython
        shell = get_ipython()
    except ImportError:  # pragma: no cover - IPython is a dependency of the book
        shell = None
    if shell is not None:
        data, _ = shell.display_formatter.format(value, include=["text/plain"])
        if "text/plain" in data:
            return data["text/plain"]
    return repr(value)


def plain(value: Any) -> str:
    """The text the prose shows for ``value`` with :meth:`Shown.put`: its
    ``label`` if it has one (a rank, a bet), an exact fraction as ``n/d``
    (``str`` of a Fraction or a SymPy rational), anything else as ``str``.
    Never raises for an object whose ``str`` works."""
    label = getattr(value, "label", None)
    return label if isinstance(label, str) else str(value)


def _localized(text: str, value: Any) -> str:
    """``text`` (``value`` formatted) with its numbers as the language in use writes them."""
    return localize_number(text) if isinstance(value, numbers.Number) and not isinstance(value, bool) else text


# a text that is one number as English writes it (``0.250``, ``+0.123``, ``1,234``, ``25%``)
_ONE_NUMBER = re.compile(r"[+\-\u2212]?\d{1,3}(?:,\d{3})+(?:\.\d+)?%?|[+\-\u2212]?\d+(?:\.\d+)?%?")


def shown_text(value: Any) -> str:
    """``value`` as the prose shows it (:func:`plain_text`), a number written as the
    language in use writes it: a ``float``/``int`` or a text that is exactly one number
    (``f"{x:.3f}"``, ``f"{n:,}"``) is localised (German ``0,250``, ``1.234``); any other
    text, a fraction (``8/17``) and English are unchanged."""
    text = plain_text(value)
    if (isinstance(value, numbers.Number) and not isinstance(value, bool)) or \
            (isinstance(value, str) and _ONE_NUMBER.fullmatch(value.strip())):
        return localize_number(text)
    return text


class ShownText(str):
    """A ``str`` shown without quotes: its ``repr`` is its own text.

    ``raw`` is the value it was made from (e.g. an ``int``);
    :meth:`f` formats that value with a format spec.
    """

    raw: Any

    def __new__(cls, text: str, raw: Any = None) -> "ShownText":
        obj = super().__new__(cls, text)
        obj.raw = text if raw is None else raw
        return obj

    def __repr__(self) -> str:
        return str.__str__(self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str.__str__(self))

    def f(self, spec: str) -> "ShownText":
        """The raw value formatted with ``spec`` (e.g. ``",d"`` for 12,000).

        If the raw value does not take the spec (a wrapper object), the
        Python literal its text spells (e.g. ``400000``) is formatted.

        A number is written as the language in use writes it
        (:func:`banking_games.i18n.localize_number`: ``12.000`` in German).

        Raises :class:`InlineValueError` if the spec does not fit the value.
        """
        try:
            return ShownText(_localized(format(self.raw, spec), self.raw), self.raw)
        except (TypeError, ValueError):
            pass
        try:   # as myst-nb's glue did: format the Python literal the text spells
            value = ast.literal_eval(str.__str__(self))
            return ShownText(_localized(format(value, spec), value), value)
        except (TypeError, ValueError, SyntaxError) as exc:
            raise InlineValueError(
                f"format spec {spec!r} does not fit {type(self.raw).__name__} {self.raw!r}: {exc}"
            ) from None


class Shown:
    """The computed values one page shows in its prose.

    ``shown.set("n_rows", 12)`` keeps ``ShownText("12", raw=12)`` as
    ``shown.n_rows``; the prose writes ``{eval}`shown.n_rows```.
    ``shown.raw("name")`` gives the object itself (a table or figure to show
    as a cell's output). Raises :class:`InlineValueError` for a name that is
    not a Python identifier, and ``AttributeError`` for a name never set.
    """

    def __init__(self) -> None:
        object.__setattr__(self, "_raw", {})
        object.__setattr__(self, "_claims", {})

    def set(self, name: str, value: Any) -> None:
        """Keep ``value`` under ``name`` (returns None, so a cell ending in
        ``shown.set(...)`` shows no output). A number, or a text that is one
        number, is shown as the language in use writes it (:func:`shown_text`)."""
        if not isinstance(name, str) or not name.isidentifier() or name.startswith("_") \
                or name in ("set", "put", "raw", "claim", "claims"):
            raise InlineValueError(
                f"name {name!r} is not allowed: use a Python identifier not starting with '_' "
                "(and not 'set', 'put', 'raw', 'claim' or 'claims')")
        text = ShownText(shown_text(value), value)
        self._raw[name] = value
        object.__setattr__(self, name, text)

    def put(self, name: str, value: Any) -> None:
        """Keep ``value`` under ``name``, written as :func:`plain` writes it
        (``Fraction(1, 2)`` as ``1/2``, a rank by its label, anything else as
        ``str``; a number as the language in use writes it, see :func:`shown_text`);
        ``shown.raw(name)`` and ``shown.<name>.f(spec)`` still see
        the value itself. Returns None. Raises :class:`InlineValueError` for a
        name :meth:`set` refuses (the state is then unchanged)."""
        self.set(name, value)    # checks the name, keeps the value
        text = plain(value)
        if isinstance(value, (int, float)) and not isinstance(value, bool) or \
                (isinstance(value, str) and _ONE_NUMBER.fullmatch(value.strip())):
            text = localize_number(text)
        object.__setattr__(self, name, ShownText(text, value))

    def claim(self, name: str, text: str, holds: bool, because: str = "") -> None:
        """Keep the wording ``text`` of a claim the prose makes, as ``shown.<name>``,
        after checking that the page's numbers bear it out.

        The prose writes the claim's wording with ``{eval}`shown.<name>```, so
        the words that compare ("below zero in about half of the runs", "stays
        inside its band") live beside the test that makes them true.

        Input: ``name`` (a Python identifier, as for :meth:`set`), ``text``
        (the words shown, a ``str``), ``holds`` (a ``bool``, the comparison
        computed from the page's numbers) and ``because`` (the numbers, put in
        the error message). Returns None.

        Raises :class:`FalseClaimError` if ``holds`` is false (the build of
        the page then fails, naming the claim and the numbers), and
        :class:`InlineValueError` if ``holds`` is not a ``bool`` (a number or
        a numpy array would make the check vacuous) or ``text`` is not a
        ``str``.
        """
        try:   # numpy's bool_ is a bool for this purpose; an array is not
            import numpy as np
            if isinstance(holds, np.bool_):
                holds = bool(holds)
        except ImportError:  # pragma: no cover - the browser's Python has no numpy
            pass
        if not isinstance(holds, bool):
            raise InlineValueError(
                f"claim {name!r}: 'holds' must be True or False (a computed comparison), "
                f"got {type(holds).__name__} {holds!r}")
        if not isinstance(text, str):
            raise InlineValueError(f"claim {name!r}: 'text' must be the words shown (a str), "
                                   f"got {type(text).__name__}")
        if not holds:
            raise FalseClaimError(
                f"the prose claims {text!r} (shown.{name}) but the page's numbers refute it"
                + (f": {because}" if because else ""))
        self.set(name, ShownText(text))
        self._claims[name] = text

    @property
    def claims(self) -> dict[str, str]:
        """The claims checked so far on this page: ``{name: words shown}``."""
        return dict(self._claims)

    def raw(self, name: str) -> Any:
        """The object kept under ``name`` (``KeyError`` text if never set)."""
        try:
            return self._raw[name]
        except KeyError:
            raise InlineValueError(f"no value named {name!r}; set ones: {sorted(self._raw)}") from None

    def __repr__(self) -> str:
        return f"Shown({len(self._raw)} values)"


def tr(text: str) -> str:
    """Mark a string in a page's code cell as prose to translate; returns ``text`` unchanged.

    ``scripts/editions.py`` takes the literal argument of ``tr("...")`` into the
    page's catalogue and writes its translation in place of the literal in the
    page's other editions (as it does for the text of ``shown.claim`` and of
    ``shown.set`` with a plain string). Input and output: a ``str``.
    """
    return text

"""How the book's pages write numbers: one module instead of helpers on each page.

A page imports what it needs (``from banking_games.formatting import fraction,
with_decimal``) and keeps a value for its prose with ``shown.put(name,
value)`` (:meth:`banking_games.inline.Shown.put`, which writes the value with
:func:`banking_games.inline.plain`). Every function returns text that shows
without quotes (a :class:`~banking_games.inline.ShownText`), so a cell that
ends with one shows the text itself, in the website and in JupyterLab.

=========================  ======================================  =============
function                   writes                                  example
=========================  ======================================  =============
:func:`fraction`           an exact number as ``n/d`` (``n`` if    ``1/17``
                           whole)
:func:`decimal`            a number with ``digits`` decimals       ``0.0588``
:func:`with_decimal`       the fraction, its decimal beside it     ``1/17 (0.0588)``
:func:`odds`               payout odds                             ``3 to 1``
:func:`units`              an amount of stake units                ``1/2 units``
:func:`listed`             words joined with commas and "and"      ``a, b and c``
:func:`near_one`           a chance, more decimals near 1          ``> 0.99999``
:func:`unquoted`           any text, shown without quotes
:func:`as_fraction`        a SymPy rational as a Fraction
:func:`equation`           ``lhs = rhs`` typeset by MathJax
:func:`table_html`         a DataFrame without its index, in a
                           box that scrolls sideways on a phone
=========================  ======================================  =============

Numbers are written as the language in use writes them
(:func:`banking_games.i18n.set_language`; the symbols are
:data:`banking_games.i18n.NUMBER_SYMBOLS`, taken from CLDR): English
``1,234.5`` and ``25%``, German ``1.234,5`` and ``25 %``, Russian ``1 234,5``
(a no-break space) and ``0,25``. Fractions are written the same in every
language (``8/17``); the words ("to 1", "units", "and") are translated.
:func:`number` and :func:`percent` write a plain number and a percentage;
:func:`latex_number` a number for displayed maths (a decimal comma as ``{,}``,
so that MathJax puts no space after it).

Errors: a value that is not a number where one is needed raises
:class:`banking_games.inline.InlineValueError` (a GameError), naming the value
and what is allowed. No rule of any game lives here.
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from typing import Any, Sequence

from .i18n import NUMBER_SYMBOLS, _, joined, language, localize_number, ngettext, pgettext
from .inline import InlineValueError, ShownText, plain
from .render import scroll_html

__all__ = ["as_fraction", "decimal", "equation", "fraction", "latex_number", "listed", "near_one", "number",
           "odds", "percent", "plain", "table_html", "units", "unquoted", "with_decimal"]


def unquoted(text: Any) -> ShownText:
    """``str(text)`` as text that a cell's output and an ``{eval}`` show without quotes."""
    return ShownText(str(text))


def _exact(x: Any) -> Fraction:
    """``x`` as a Fraction (an int, a Fraction, a SymPy rational, a float exactly, a
    string such as ``"1/3"``); raises InlineValueError for anything else."""
    if isinstance(x, bool):
        raise InlineValueError(f"{x!r} is a truth value, not a number: give an int, a Fraction or a "
                               "SymPy rational")
    try:
        if not isinstance(x, (numbers.Rational, float, str)) and hasattr(x, "p") and hasattr(x, "q"):
            return Fraction(int(x.p), int(x.q))     # a SymPy Rational
        return Fraction(x)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        raise InlineValueError(f"{x!r} ({type(x).__name__}) is not an exact number: give an int, a "
                               "Fraction, a SymPy rational or a finite float") from None


def fraction(x: Any) -> ShownText:
    """An exact number written ``n/d``, or ``n`` when it is whole: ``fraction(Fraction(2, 34))``
    is ``1/17``. Input: what :class:`fractions.Fraction` takes, or a SymPy rational.
    Raises InlineValueError for anything else (a float is taken exactly)."""
    return ShownText(str(_exact(x)), x)


def decimal(x: Any, digits: int = 4, *, signed: bool = False) -> ShownText:
    """``x`` with ``digits`` decimals: ``decimal(Fraction(1, 17))`` is ``0.0588``
    (German and Russian ``0,0588``); ``signed`` writes a plus sign before a
    positive number or zero, as Python's ``+`` format does (``+0.2240``).
    Raises InlineValueError if ``x`` is not a real number."""
    try:
        return ShownText(localize_number(f"{float(x):{'+' if signed else ''}.{digits}f}"), x)
    except (TypeError, ValueError, OverflowError):
        raise InlineValueError(f"{x!r} is not a real number: decimal() takes an int, a Fraction, "
                               "a float or a SymPy number") from None


def number(x: Any, digits: int | None = None) -> ShownText:
    """A number as the language in use writes it, thousands grouped: ``number(1234)``
    is ``1,234`` in English, ``1.234`` in German, ``1 234`` in Russian (no-break space);
    ``number(1234.5, 1)`` ``1,234.5`` / ``1.234,5`` / ``1 234,5``. Without ``digits``,
    ``x`` must be whole (an int, or a Fraction or float equal to one).
    Raises InlineValueError for anything else."""
    try:
        if digits is None:
            q = _exact(x)
            if q.denominator != 1:
                raise InlineValueError(f"{x!r} is not whole: give number() the digits to write")
            text = f"{q.numerator:,}"
        else:
            text = f"{float(x):,.{digits}f}"
    except (TypeError, ValueError, OverflowError):
        raise InlineValueError(f"{x!r} is not a real number: number() takes an int, a Fraction, "
                               "a float or a SymPy number") from None
    return ShownText(localize_number(text), x)


def percent(x: Any, digits: int = 0) -> ShownText:
    """A share as a percentage with ``digits`` decimals: ``percent(0.25)`` is ``25%``
    in English, ``25 %`` in German and Russian (no-break space, CLDR's pattern).
    Raises InlineValueError if ``x`` is not a real number."""
    try:
        text = f"{float(x) * 100:,.{digits}f}%"
    except (TypeError, ValueError, OverflowError):
        raise InlineValueError(f"{x!r} is not a real number: percent() takes a share such as 0.25") from None
    return ShownText(localize_number(text), x)


def latex_number(text: Any) -> ShownText:
    """A number written by this module (or ``str`` of one) for displayed maths in the
    language in use: the decimal comma as ``{,}`` (MathJax would put a space after a
    bare comma), a no-break space as ``\\,``; English text unchanged
    (``latex_number(decimal(0.25, 2))`` is ``0{,}25`` in German)."""
    text = localize_number(str(text))
    sym = NUMBER_SYMBOLS[language()]
    if sym["decimal"] == ",":
        text = text.replace(",", "{,}")
    return ShownText(text.replace("\u00a0", "\\,"), text)


def with_decimal(x: Any, digits: int = 4) -> ShownText:
    """The exact fraction with its decimal beside it, ``1/17 (0.0588)``; a whole
    number alone, ``3``. Raises InlineValueError as :func:`fraction`."""
    q = _exact(x)
    return fraction(q) if q.denominator == 1 else ShownText(f"{q} ({decimal(q, digits)})", x)


def odds(x: Any) -> ShownText:
    """Payout odds ``x`` to 1: ``odds(3)`` is ``3 to 1``, ``odds(Fraction(3, 2))``
    ``3/2 to 1``. Raises InlineValueError as :func:`fraction`."""
    return ShownText(_("{odds} to 1").format(odds=fraction(x)), x)


def units(x: Any) -> ShownText:
    """An amount of stake units: ``1 unit``, ``1/2 units``, ``3 units``.
    Raises InlineValueError as :func:`fraction`."""
    q = _exact(x)
    if q.denominator == 1 and abs(q.numerator) < 2 ** 63:
        text = ngettext("{amount} unit", "{amount} units", abs(q.numerator)).format(amount=fraction(q))
    else:   # a fraction of a unit takes its own form (Russian: 1/2 единицы)
        text = pgettext("a fraction of a unit", "{amount} units").format(amount=fraction(q))
    return ShownText(text, x)


def listed(words: Sequence[str]) -> ShownText:
    """Words joined as prose: ``a``, ``a and b``, ``a, b and c`` (German "und",
    Russian "и": :func:`banking_games.i18n.joined`).
    Raises InlineValueError for no words (there is nothing to write)."""
    words = [str(w) for w in words]
    if not words:
        raise InlineValueError("listed() needs at least one word")
    return ShownText(joined(words))


def near_one(x: Any) -> ShownText:
    """A chance with enough decimals to tell it from 1: four decimals, five above
    0.9995, ``> 0.99999`` above 0.99999. Raises InlineValueError if ``x`` is not
    a real number."""
    try:
        p = float(x)
    except (TypeError, ValueError, OverflowError):
        raise InlineValueError(f"{x!r} is not a chance (a real number from 0 to 1)") from None
    return ShownText(localize_number("> 0.99999" if p > 0.99999 else f"{p:.5f}" if p > 0.9995 else f"{p:.4f}"), x)


def as_fraction(x: Any) -> Fraction:
    """A SymPy rational (or anything :func:`fraction` takes) as a :class:`fractions.Fraction`.
    Raises InlineValueError as :func:`fraction`."""
    return _exact(x)


def equation(lhs: str, rhs: Any):
    """``lhs = rhs`` typeset by MathJax: ``lhs`` is LaTeX, ``rhs`` a SymPy expression
    (or number), written by ``sympy.latex``. Returns an IPython ``Math`` object
    (a cell that ends with it shows the equation; ``display`` it elsewhere)."""
    import sympy                              # heavy: only the pages that typeset load it
    from IPython.display import Math
    return Math(f"{lhs} = {sympy.latex(rhs)}")


def table_html(frame: Any):
    """A pandas DataFrame as an HTML table without its index, in a box that
    scrolls sideways when the page is narrower (banking_games.render.scroll_html)."""
    return scroll_html(frame.style.hide(axis="index").to_html())

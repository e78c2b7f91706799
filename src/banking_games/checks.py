"""The package's shared argument checks, one per kind of bad input.

Every public function that takes a whole number (an index, a count, a seed,
a number of sections, a position) or a sequence of names (players, a
seating) checks it here, so that the same fault is refused everywhere with
the same words:

* :func:`whole_number` refuses ``True``/``False`` (``bool`` is a subclass of
  ``int`` in Python, so ``isinstance(True, int)`` holds and ``True`` would
  pass as 1), floats, strings and anything else that is not an integer, and
  a whole number outside the allowed range.
* :func:`names` refuses a single string (``"Anna"`` would otherwise seat
  the players ``"A"``, ``"n"``, ``"n"``, ``"a"``), an unordered set or dict,
  anything not iterable and a name that cannot be hashed.

Standard library only (part of the dealing path, loaded in the browser).
"""

from __future__ import annotations

import numbers
import re
from decimal import Decimal
from fractions import Fraction

from .errors import ConfigError, GameError, short_repr
from .i18n import N_

__all__ = ["is_whole_number", "whole_number", "names", "typed_whole_number", "parse_seed", "SEED_DIGITS",
           "typed_chance"]


def is_whole_number(value: object) -> bool:
    """True for an integer (``int`` or a numpy integer), False for a ``bool``
    and for anything else.

    >>> [is_whole_number(v) for v in (3, True, 3.0, "3")]
    [True, False, False, False]
    """
    return isinstance(value, numbers.Integral) and not isinstance(value, bool) and not _is_numpy_bool(value)


def _is_numpy_bool(value: object) -> bool:
    return type(value).__name__ == "bool_" and type(value).__module__ == "numpy"


def _range_text(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"from {low} to {high}"
    if low is not None:
        return f"{low} or more"
    if high is not None:
        return f"{high} or less"
    return ""


def whole_number(value: object, what: str, *, low: int | None = None, high: int | None = None,
                 error: type[GameError] = ConfigError, rule: str | None = None) -> int:
    """``value`` as an ``int`` if it is a whole number from ``low`` to ``high``.

    Args:
        value: what the caller gave.
        what: the argument's name as the reader knows it ("the seed",
            "sections").
        low, high: the allowed range, both ends included (``None``: no
            bound).
        error: the package error type to raise (a :class:`GameError`).
        rule: the rule broken, in words, used in place of the default
            "``what`` must be a whole number ..." (e.g. "sections are
            numbered 1 to 3"); a :class:`~banking_games.errors.Phrase` for a
            rule a reader meets in a table, so that the message is shown in
            the language in use.

    Raises:
        error: a ``bool`` (``True`` is not the number 1 here), a float, a
            string or any other non-integer, or a whole number outside the
            range. The message names the rule and echoes the value.

    >>> whole_number(3, "the count", low=1)
    3
    >>> whole_number(True, "the count", low=1)
    Traceback (most recent call last):
    ...
    banking_games.errors.ConfigError: the count must be a whole number 1 or more, got True (True/False is not a number here)
    """
    if type(value) is int and (low is None or value >= low) and (high is None or value <= high):
        return value      # the common case, checked first: the engines call this for every bet and card
    span = _range_text(low, high)
    text = rule or f"{what} must be a whole number" + (f" {span}" if span else "")
    if isinstance(value, bool) or _is_numpy_bool(value):
        raise error.of(N_("{rule}, got {value} (True/False is not a number here)"), rule=text, value=repr(value))
    if not is_whole_number(value):
        raise error.of(N_("{rule}, got {value}"), rule=text, value=short_repr(value))
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise error.of(N_("{rule}, got {value}"), rule=text, value=short_repr(number))
    return number


def names(value: object, what: str, *, error: type[GameError] = ConfigError,
          example: str = "('Anna', 'Ben')") -> tuple:
    """``value`` as a tuple of hashable names, in the order given.

    Args:
        value: what the caller gave, e.g. the players in seating order.
        what: the argument's name ("players", "seating").
        error: the package error type to raise.
        example: a right value, shown in the message.

    Raises:
        error: a single string (``"Anna"`` is one name, not four players),
            a set or dict (no order to seat by), anything not iterable, or
            a name that cannot be hashed (a list).

    >>> names(["Anna", "Ben"], "players")
    ('Anna', 'Ben')
    >>> names("Anna", "players")
    Traceback (most recent call last):
    ...
    banking_games.errors.ConfigError: players must be a sequence of names such as ('Anna', 'Ben'), not one string; got 'Anna'
    """
    if isinstance(value, (str, bytes)):
        raise error(f"{what} must be a sequence of names such as {example}, not one string; got {short_repr(value)}")
    if isinstance(value, (set, frozenset, dict)):
        raise error(f"{what} must be given in order (a list or tuple such as {example}), not a "
                    f"{type(value).__name__}; got {short_repr(value)}")
    try:
        items = tuple(value)
    except TypeError:
        raise error(f"{what} must be a sequence of names such as {example}, got {short_repr(value)}") from None
    try:
        set(items)
    except TypeError:
        raise error(f"{what} must be a sequence of names (strings or other hashable values) such as {example}, "
                    f"got {short_repr(value)}") from None
    return items


SEED_DIGITS = 40
"""The most digits a typed seed may have (a longer one is refused, not cut)."""


def typed_whole_number(text: object, what: str, example: str, *, error: type[ConfigError] = ConfigError,
                 digits_only: bool = False) -> int:
    """The whole number a reader typed in a field named ``what``, or
    ``error`` with a message that names the field and gives ``example``.

    Spaces around the number are ignored (``" 7 "`` is 7: a pasted value
    often carries them, and nothing else could be meant); a leading ``+``
    or ``-`` is read, so that a range check can refuse ``-3`` with its own
    message. With ``digits_only`` (the seeds and section counts) nothing
    else is read: ``"1.5"``, ``"1e3"``, ``"1,5"`` and ``"abc"`` are refused
    (the browser's number field read ``"1.5"`` as 15, and ``"1,5"`` means
    1.5 to many readers). Without it (the Repeat panel's *Deals*) digits
    may be grouped with ``,``, ``_`` or spaces (``10,000``) and a whole
    number may be written as a decimal (``1e9``, ``100.0``), so that such
    a value is refused for its size with the right message. A number of
    more than 40 digits comes back as ``10**40`` (too large for every field).

    Raises:
        ConfigError (or ``error``): empty, not a whole number, or (with
            ``digits_only``) not written in digits.
    """
    if isinstance(text, bool):
        raise error(f"{what}: type a whole number such as {example}, got {text!r}")
    if isinstance(text, int):
        return text
    raw = str(text).strip()
    shown = short_repr(raw)  # at most 40 characters of what was typed
    if not raw:
        raise error(f"{what}: the field is empty; type a whole number such as {example}")
    digits = raw if digits_only else raw.replace(",", "").replace("_", "").replace(" ", "")
    sign = -1 if digits.startswith("-") else 1
    body = digits[1:] if digits[:1] in ("+", "-") else digits
    if body.isdigit() and body.isascii():
        return sign * (int(body) if len(body) <= 40 else 10 ** 40)
    if digits_only or not body or body[:1] in ("+", "-"):
        raise error(f"{what}: type a whole number in digits only, such as {example}, got {shown}")
    number = None
    if len(body) <= 40 and body.isascii():
        try:
            number = Decimal(body)
        except (ArithmeticError, ValueError):
            number = None
    if number is None or not number.is_finite():
        raise error(f"{what}: type a whole number such as {example}, got {shown}")
    if number != number.to_integral_value():
        raise error(f"{what}: a whole number is needed, got {shown}")
    return sign * (int(number) if number.adjusted() < 40 else 10 ** 40)


def parse_seed(text: object, what: str = "Seed", *, error: type[ConfigError] = ConfigError) -> int:
    """The seed typed in a field named ``what`` (a table's *Seed*, the
    Repeat panel's *Repeat seed*): a whole number 0 or more, in digits, at
    most :data:`SEED_DIGITS` of them, spaces around it ignored.

    Raises:
        ConfigError (or ``error``): empty, not digits (``"1.5"``, ``"1e3"``,
            ``"abc"``), negative (Python seeds -7 exactly like 7), or too long.
    """
    n = typed_whole_number(text, what, "2026", error=error, digits_only=True)
    if n < 0:
        raise error(f"{what}: the seed must be a whole number 0 or more, got {n:,}")
    if n >= 10 ** SEED_DIGITS:
        raise error(f"{what}: the seed must be a whole number 0 or more of at most {SEED_DIGITS} digits")
    return n


_DECIMAL = re.compile(r"\d+(\.\d*)?|\.\d+")


def typed_chance(text: object, what: str, *, error: type[ConfigError] = ConfigError) -> Fraction:
    """The chance a reader typed in a field named ``what``, exactly: a
    fraction ``a/b`` of whole numbers in digits (``"1/3"``, spaces around the
    ``/`` allowed) or a decimal (``"0.3"``, ``".25"``, ``"1"``), from 0 to 1.
    ``"0.3"`` is 3/10 exactly (read as a decimal, not a float). Spaces around
    the number are ignored.

    Raises:
        ConfigError (or ``error``): empty, longer than 40 characters, not a
            fraction or decimal in digits (``"abc"``, ``"1e-1"``, ``"30%"``,
            ``"0,3"``), a zero denominator, or outside 0 to 1.
    """
    example = "2/7 or 0.3"
    if isinstance(text, bool) or not isinstance(text, (str, int, Fraction)):
        raise error(f"{what}: type a chance such as {example}, got {short_repr(text)}")
    if isinstance(text, (int, Fraction)):
        value = Fraction(text)
    else:
        raw = text.strip()
        shown = short_repr(raw)
        if not raw:
            raise error(f"{what}: the field is empty; type a chance such as {example}")
        if len(raw) > 40 or not raw.isascii():
            raise error(f"{what}: type a chance from 0 to 1 such as {example}, got {shown}")
        top, slash, bottom = (part.strip() for part in raw.partition("/"))
        if slash:
            if not (top.isdigit() and bottom.isdigit()):
                raise error(f"{what}: a fraction is two whole numbers in digits, such as 2/7, got {shown}")
            if int(bottom) == 0:
                raise error(f"{what}: the denominator of {shown} is 0; type a chance such as {example}")
            value = Fraction(int(top), int(bottom))
        elif _DECIMAL.fullmatch(raw):
            value = Fraction(Decimal(raw))
        else:
            raise error(f"{what}: type a chance as a fraction or a decimal, such as {example}, got {shown}")
    if not 0 <= value <= 1:
        raise error(f"{what}: a chance is from 0 to 1, got {value}")
    return value

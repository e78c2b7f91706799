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

from .errors import ConfigError, GameError, short_repr

__all__ = ["is_whole_number", "whole_number", "names"]


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
            numbered 1 to 3").

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
    span = _range_text(low, high)
    text = rule or f"{what} must be a whole number" + (f" {span}" if span else "")
    if isinstance(value, bool) or _is_numpy_bool(value):
        raise error(f"{text}, got {value!r} (True/False is not a number here)")
    if not is_whole_number(value):
        raise error(f"{text}, got {short_repr(value)}")
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise error(f"{text}, got {short_repr(number)}")
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

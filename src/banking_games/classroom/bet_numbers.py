"""A repeat's bet written as a word and a number (``"section 2"``,
``"players' card 1"``), as a group code carries it: the notation of the games
whose repeat bets are numbered (each game's classroom module says whether
its bets are, through its ``bet_index`` and ``bet_spec``)."""

from __future__ import annotations

from ..checks import whole_number
from ..errors import GroupCodeError, short_repr

__all__ = ["MAX_NUMBER", "numbered_bet_index", "numbered_bet_spec"]

MAX_NUMBER = 60
"""The highest number a numbered bet may carry in a code."""


def numbered_bet_index(title: str, prefix: str, spec: object) -> int:
    """The number of ``spec`` written as ``prefix`` and a number (``"section 2"`` -> 2).

    Raises:
        GroupCodeError: ``spec`` is not ``prefix`` followed by a number from 1 to :data:`MAX_NUMBER`.
    """
    word = str(spec).strip().lower()
    number = word[len(prefix):] if word.startswith(prefix) else ""
    if not (number.isdigit() and number.isascii()) or not 1 <= int(number) <= MAX_NUMBER:
        raise GroupCodeError(f"a {title} bet in a code is written {prefix.strip()!r} and a number "
                             f"from 1 to {MAX_NUMBER}, e.g. '{prefix}2'; got {short_repr(spec)}")
    return int(number)


def numbered_bet_spec(title: str, prefix: str, index: int) -> str:
    """``prefix`` and ``index`` (the inverse of :func:`numbered_bet_index`).

    Raises:
        GroupCodeError: ``index`` is not a whole number (``True`` included) from 1 to :data:`MAX_NUMBER`.
    """
    index = whole_number(index, "a bet's number", error=GroupCodeError)
    if not 1 <= index <= MAX_NUMBER:
        raise GroupCodeError(f"bet number {short_repr(index)} in a {title} code: 1 to {MAX_NUMBER} are allowed; "
                             "the code has been altered")
    return prefix + str(index)

"""A repeat's bet written as a word and a number (``"section 2"``,
``"players' card 1"``), as a group code carries it: the notation of the games
whose repeat bets are numbered (each game's classroom module says whether
its bets are, through its ``bet_index`` and ``bet_spec``)."""

from __future__ import annotations

from .. import registry
from ..checks import whole_number
from ..errors import GroupCodeError, Phrase, short_repr
from ..i18n import N_

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
        info = next((g for g in registry.GAMES if g.title == title), None)
        raise GroupCodeError.of(N_("bet number {number} in a {game} code: 1 to {most} are allowed; the code has been "
                                   "altered"), number=short_repr(index), most=MAX_NUMBER,
                                game=title if info is None else Phrase.written(title, lambda: info.name))
    return prefix + str(index)

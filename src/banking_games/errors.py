"""Exception types of the package.

Every error the package raises on bad input is a :class:`GameError`. Each
subclass names what kind of input was wrong, and its message says what was
given and what is allowed. When a game method raises, the game's state is
left exactly as it was before the call.
"""

from __future__ import annotations

from typing import Callable

__all__ = [
    "GameError",
    "CardError",
    "DeckError",
    "BetError",
    "StakeError",
    "RuleError",
    "DealOverError",
    "ConfigError",
    "SeedError",
    "ArgumentError",
    "GroupCodeError",
    "BoardError",
    "short_repr",
    "Phrase",
]


class GameError(Exception):
    """Base class of every error raised by this package on bad input.

    An error a reader can meet in a widget is made with :meth:`of`, from an
    English template marked for the message catalogues: ``str(exc)`` is
    the English message (the Python API speaks English), and
    :func:`banking_games.i18n.error_text` writes it in the edition's
    language for the widget's message area.

    Attributes:
        template: the English template (``""`` for an error made from a plain message).
        params: the values the template's ``{placeholders}`` take.
    """

    template = ""
    params: dict = {}

    @classmethod
    def of(cls, template: str, **params: object) -> "GameError":
        """An error of this class whose message is ``template.format(**params)``,
        keeping ``template`` and ``params`` for the reader's translation.
        Mark ``template`` for the catalogue where it is written
        (``Error.of(N_("..."), x=...)``; the babel configuration extracts
        the first argument of ``.of`` too). Raises ``KeyError`` if a
        placeholder has no value."""
        exc = cls(template.format(**params))
        exc.template, exc.params = template, dict(params)
        return exc

    @classmethod
    def like(cls, exc: BaseException) -> "GameError":
        """An error of this class with ``exc``'s message, and with its template
        and params when ``exc`` was made with :meth:`of` (so that
        :func:`banking_games.i18n.error_text` still translates it): the board
        turns a group code's :class:`GroupCodeError` into its :class:`BoardError`."""
        new = cls(str(exc))
        template = getattr(exc, "template", "")
        if isinstance(exc, GameError) and template:
            new.template, new.params = template, dict(exc.params)
        return new


class Phrase(str):
    """A piece of an error's message with its own English template, put into a
    template's ``{placeholder}`` by :meth:`GameError.of`: the English text as a
    ``str`` (so ``str(exc)`` stays English), written in the language in use by
    :func:`banking_games.i18n.error_text` when a reader sees it.
    ``Phrase(N_("the pack has been cut already"))``,
    ``Phrase(N_("sections are numbered 1 to {n}"), n=4)``; a value may be a
    Phrase itself. Three more kinds: :meth:`counted` (a count with its
    plural forms), :meth:`number` (a number written as the language writes
    it) and :meth:`written` (words the caller writes in the language in use).

    Raises:
        KeyError: a placeholder of ``template`` without a value.
    """

    template: str
    params: dict
    plural: str | None = None      # a counted phrase's English plural (its singular is the template)
    count: int | None = None       # a counted phrase's count
    words: Callable[[], str] | None = None   # writes the phrase in the language in use
    grouped: bool = False          # a number (its English digits grouped by thousands)

    def __new__(cls, template: str, **params: object) -> "Phrase":
        text = super().__new__(cls, template.format(**params))
        text.template, text.params = template, dict(params)
        return text

    @classmethod
    def counted(cls, singular: str, plural: str, n: int, **params: object) -> "Phrase":
        """A count with its plural forms, ``{n}`` in both: ``"1 deal"``, ``"1,000 deals"``
        in English (``n`` grouped by thousands); shown with the catalogue's forms of ``n``
        and its number written as the language writes it (Russian ``5 сдач``). The
        catalogues take the two texts as one plural message (the extractor's
        keyword ``counted``)."""
        text = super().__new__(cls, (singular if n == 1 else plural).format(n=f"{n:,}", **params))
        text.template, text.params, text.plural, text.count = singular, dict(params), plural, n
        return text

    @classmethod
    def number(cls, n: int) -> "Phrase":
        """A whole number: English ``12,345``; shown as the language writes it (German ``12.345``)."""
        text = super().__new__(cls, f"{n:,}")
        text.template, text.params, text.grouped = f"{n:,}", {}, True
        return text

    @classmethod
    def written(cls, english: str, words: Callable[[], str]) -> "Phrase":
        """``english`` in ``str()``; ``words()`` is what a reader sees (called when the
        message is shown): a field's label or a game's name in the language in use."""
        text = super().__new__(cls, english)
        text.template, text.params, text.words = english, {}, words
        return text


class CardError(GameError, ValueError):
    """A card name that is malformed or names no card of the pack in use."""


class DeckError(GameError, ValueError):
    """A deck order with missing, extra or duplicate cards."""


class BetError(GameError, ValueError):
    """A bet that is not one of the game's legal bets."""


class StakeError(BetError):
    """A stake that is not a positive amount (in units of the bet)."""


class RuleError(GameError):
    """An action the rules forbid at this moment of the deal.

    Examples: withdrawing a bet, betting on a rank that is already paired,
    betting after the deal has ended.
    """


class DealOverError(RuleError):
    """An action (turning a card, betting) attempted after the deal ended."""


class ConfigError(GameError, ValueError):
    """A rule configuration the game's rules do not allow."""


class GroupCodeError(ConfigError):
    """A group code that cannot be read or cannot be right: malformed, cut
    short, a typo (check symbol wrong), another game than the board's, an
    unknown version, or counts that cannot be (tampered). The message says
    what is wrong and what is allowed (:mod:`banking_games.classroom.group_codes`)."""


class BoardError(ConfigError):
    """An entry the class board refuses: a bad code, a code already on the
    board, counts that cannot be. The board shows the message; nothing changes."""


class SeedError(GameError, TypeError, ValueError):
    """A random source that is not a non-negative ``int`` seed, a
    :class:`random.Random` or a ``numpy.random.Generator``.

    A subclass of ``TypeError`` (for code written before it existed) and of
    ``ValueError`` (a negative seed is a value fault)."""


class ArgumentError(GameError, TypeError):
    """An argument of a type the function does not take (a float where an
    exact number is needed, a number where a list of bets is needed), or a
    combination of arguments it does not take (both or neither of ``deck=``
    and ``rng=``).

    A subclass of ``TypeError``, the built-in error for such faults, so that
    code catching ``TypeError`` still catches it."""


def short_repr(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters and "…", for error messages:
    a message echoes what was given, but never 5000 typed characters.

    >>> short_repr("9" * 5000)[:5], len(short_repr("9" * 5000))
    ("'9999", 41)
    """
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "…"

"""Group codes: a group's counts as a short text the teacher can type.

After a lesson's seeded session, a repeat of the *Repeat* panel, or a
session dealt with real cards, a group reads out (or shows as a QR code) a
**group code** such as ``GAHL-U7CD-8D6D-5D3D-JFH6-262C-232Y``. The class
results board decodes the codes, refuses a mistyped one, and pools the
counts with :func:`banking_games.classroom.teaching.pool`.

That example is the Hoggenheimer lesson's group 1 (seed 101, 10 deals):
``GA`` (version A), ``H`` Hoggenheimer, ``L`` lesson; ``U7`` seed 101;
``C`` 10 deals; bet A ``D8`` (10 deals + 1, won 6), B ``D6`` (won 4), C
``D5`` (3), D ``D3`` (1); ``D JF`` 211 cards turned in 10 deals; ``H`` all
four nets follow: ``62`` +2, ``62`` +2, ``C2`` +5, ``32`` -1 units; ``Y`` the
check symbol.

Format (version ``A``)
----------------------
A code is a string of symbols from the 31-character alphabet
:data:`ALPHABET` = ``23456789ABCDEFGHJKLMNPQRSTUVWXY``: the digits 2-9 and
the capital letters without ``I``, ``O`` and ``Z`` (no ``0``/``O``,
``1``/``I``/``L``-like or ``2``/``Z`` pair to mistake on a projector or in
handwriting; ``L`` stays, since ``1`` is never used). Reading is
case-insensitive; spaces, hyphens, dots and underscores are ignored (they
only group the symbols by four for reading aloud), so ``gahl 2b8a`` reads as
``GAHL2B8A``. The symbols are, in order:

1. ``G`` and the version, ``A`` (a later format gets ``B``, ...);
2. the game: its letter in :data:`banking_games.registry.GAMES` (``H`` for Hoggenheimer);
3. the kind: ``L`` lesson, ``R`` repeat, ``C`` real cards;
4. numbers, each a self-delimiting "varint": the symbols of :data:`MORE`
   (``JKLMNPQRSTUVWXY``, 15 symbols) are low digits with more to come, one of
   :data:`LAST` (``23456789ABCDEFGH``, 16 symbols) ends the number. 0-15
   take one symbol, 16-255 two, up to 3,855 three (the encoding is
   bijective: every number has exactly one spelling). The numbers are:
   the seed (not for ``C``), the deals, for ``R`` the number of bets and
   each bet's index (:func:`bet_index`), then the counts (see
   :data:`EVENTS`: for each event ``trials + 1`` (0 = event absent) and, if
   present, ``successes``; for ``R`` per bet ``deals - placed`` (0 when it
   went down in every deal) and ``won``),
   then the nets: a bit mask of the nets given (0 = none), and for each
   one its numerator (zig-zag: 0, -1, 1, -2 -> 0, 1, 2, 3) and denominator - 1;
5. one check symbol.

The check symbol is the pure system of ISO/IEC 7064 (as in its
``MOD 11-2`` and ``MOD 37-2``) over the prime modulus 31: with the symbols'
values ``a_1 ... a_n`` (the check ``a_n`` included, positions counted from
the right end, ``i = 1`` for the check symbol), a code is valid when
``sum(a_i * 3**(i - 1)) % 31 == 1`` (the standard's condition, as for
the IBAN's ``MOD 97-10``). Since 31 is prime and no weight
``3**k`` is 0 mod 31, changing one symbol changes the sum by
``weight * difference``, not 0 mod 31: **every single substitution is
caught**. Swapping two neighbours ``x, y`` (weights ``w`` and ``3w``)
changes it by ``(3w - w)(x - y) = 2w(x - y)``, again not 0 mod 31 when
``x != y``: **every adjacent transposition is caught**. (The alphabet has
exactly 31 symbols, so the check is always a symbol of it.)
``tests/test_group_codes.py`` confirms both by trying every substitution
and every swap of sample codes.

Limits: deals 1 to :data:`MAX_DEALS` (the Repeat panel's most); seeds 0 to
``10**40 - 1`` (as the panel); codes at most :data:`MAX_LENGTH` symbols.

Nothing here restates a game's rule: the lesson's counts come from each
game's classroom module (``banking_games.classroom.<package>``, found through
:mod:`banking_games.registry`), the repeat's from the engines via
:mod:`banking_games.classroom.repeat_plan`. Which events and nets a game's
code holds, how its repeat bets are numbered and which counts cannot be are
that module's ``EVENTS``, ``NET_NAMES``, ``LESSON_BETS``, ``bet_index``,
``bet_spec`` and ``code_impossible``; a decoded code is only checked for
counts that cannot be (more wins than deals, more sections of each result
than sections, ...).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping

from .. import registry
from ..checks import whole_number
from ..errors import GroupCodeError, Phrase, short_repr
from ..i18n import N_
from .teaching import Count, GroupCounts

__all__ = [
    "ALPHABET", "LAST", "MORE", "VERSION", "PREFIX", "GAMES", "KINDS", "EVENTS", "NET_NAMES", "LESSON_BETS",
    "MAX_DEALS", "MAX_SEED", "MAX_LENGTH", "MIN_SYMBOLS",
    "GroupCodeError", "GroupCode", "encode", "decode", "normalise", "check_symbol", "format_code",
    "bet_index", "bet_spec", "canonical_bet", "qr_svg", "repeat_group_code",
]

ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXY"
"""The 31 symbols of a code, in value order (2 = 0, 3 = 1, ..., Y = 30)."""
LAST = ALPHABET[:16]
"""Symbols that end a number (its last, highest digit, base 16)."""
MORE = ALPHABET[16:]
"""Symbols of a number's lower digits, base 15, more to come."""
_VALUE = {c: i for i, c in enumerate(ALPHABET)}
_MOD = 31
_RADIX = 3
VERSION = "A"
PREFIX = "G" + VERSION
MAX_DEALS = 10_000
"""The most deals a code may claim: the Repeat panel's most (a lesson
session is at most 200)."""
MIN_SYMBOLS = 8
"""The fewest symbols of a group code (prefix, game, kind, seed, deals, a count and the check
symbol); a shorter text is refused as cut short."""

MAX_SEED = 10 ** 40 - 1
MAX_LENGTH = 400

GAMES = {g.slug: g.letter for g in registry.GAMES}
"""Game name -> its symbol in the code (from :data:`banking_games.registry.GAMES`)."""
GAME_TITLES = {g.slug: g.title for g in registry.GAMES}
KINDS = {"lesson": "L", "repeat": "R", "cards": "C"}
"""Kind -> its symbol. ``lesson``: the lesson page's seeded session (its
deals follow from seed and deals through the game's classroom ``group``);
``repeat``: a repeat of the Repeat panel (seed, deals, bets); ``cards``:
dealt with real cards (no seed)."""

_CLASSROOM = {g.slug: g.module("classroom") for g in registry.GAMES}
"""Each game's classroom module: its events, nets, lesson bets, bet notation and count rules."""
EVENTS = {slug: m.EVENTS for slug, m in _CLASSROOM.items()}
"""The event names of ``teaching.GroupCounts`` per game, in code order
(kinds ``lesson`` and ``cards``)."""
NET_NAMES = {slug: m.NET_NAMES for slug, m in _CLASSROOM.items()}
"""The names ``teaching.GroupCounts.nets`` uses per game (lesson, cards)."""
LESSON_BETS = {slug: m.LESSON_BETS for slug, m in _CLASSROOM.items()}
"""The bets of a lesson's group (kind ``lesson`` and ``cards``), as each
game's classroom module places them; not written in the code."""


def _rules(game: str, missing: str):
    """The classroom module of ``game``, or :class:`GroupCodeError` saying ``missing``
    (a game the code tables name but no classroom module has rules for)."""
    try:
        return _CLASSROOM[game]
    except KeyError:
        raise GroupCodeError(missing) from None


# ------------------------------------------------------------------ bets of a repeat

def bet_index(game: str, spec: str) -> int:
    """The number written in a code for a repeat's bet ``spec``: the game's
    classroom module's ``bet_index`` (a Hoggenheimer bet's place in
    ``hoggenheimer.all_bets()``, 0-116; ``"section N"`` -> N; ...).

    Raises:
        GroupCodeError: a bet the game's notation does not read.
    """
    _check_game(game)
    if not isinstance(spec, str):
        raise GroupCodeError(f"a bet must be written as text in the game's notation, got {short_repr(spec)}")
    return _rules(game, f"no notation for {GAME_TITLES.get(game, game)} bets in a code").bet_index(spec)


def bet_spec(game: str, index: int) -> str:
    """The canonical spec of bet number ``index`` (inverse of :func:`bet_index`),
    e.g. a Hoggenheimer bet's card names separated by spaces (``"7S 7H"``;
    ``make_bet`` reads it back).

    Raises:
        GroupCodeError: an unknown game, or ``index`` not a whole number
            (``True`` included) naming one of the game's bets.
    """
    _check_game(game)
    index = whole_number(index, "a bet's number", error=GroupCodeError)
    return _rules(game, f"no notation for {GAME_TITLES.get(game, game)} bets in a code").bet_spec(index)


def canonical_bet(game: str, spec: str) -> str:
    """``spec`` as a decoded code writes it (``"JH"``, ``"7S 7H"``, ``"section 2"``)."""
    return bet_spec(game, bet_index(game, spec))


# ------------------------------------------------------------------ the code

def _title(game: str) -> Phrase:
    """A game's name in a refusal: English in ``str()``, the edition's name where a reader sees it."""
    return Phrase.written(GAME_TITLES[game], lambda: registry.game(game).name)


def _check_game(game: object) -> str:
    if game not in GAMES:
        raise GroupCodeError(f"unknown game {short_repr(game)}: a group code is for one of {', '.join(GAMES)}")
    return game  # type: ignore[return-value]


def _whole(value: object, what: str, lo: int, hi: int, hint: str = "") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GroupCodeError(f"{what} must be a whole number from {lo:,} to {hi:,}, got {short_repr(value)}")
    if not lo <= value <= hi:
        shown = f"{value:,}" if abs(value) < 10 ** 40 else "a number of more than 40 digits"
        raise GroupCodeError(f"{what} must be from {lo:,} to {hi:,}, got {shown}{hint}")
    return value


@dataclass(frozen=True)
class GroupCode:
    """What one group reports, as a code carries it.

    Attributes:
        game: a slug of :data:`banking_games.registry.GAMES` (``"hoggenheimer"``, ...).
        kind: ``"lesson"`` (the lesson page's seeded session: seed and deals
            determine its deals through the game's classroom ``group``),
            ``"repeat"`` (a repeat of the Repeat panel: seed, deals and bets)
            or ``"cards"`` (real cards, no seed).
        seed: the session's or repeat's seed; ``None`` for ``cards``.
        deals: deals played (1 to :data:`MAX_DEALS`).
        bets: the bets, engine specs as text in the game's notation; for
            ``lesson`` and ``cards`` always :data:`LESSON_BETS` of the game
            (not written in the code); for ``repeat`` the repeated bets
            (distinct; decoded in the canonical spelling, :func:`canonical_bet`).
        counts: event name -> (successes, trials). ``lesson``/``cards``: the
            names of ``teaching.GroupCounts`` (:data:`EVENTS`); ``repeat``:
            bet spec -> (won, deals in which it was placed).
        nets: name -> total net in units (optional): ``lesson``/``cards``
            the names of ``teaching.GroupCounts.nets`` (:data:`NET_NAMES`),
            ``repeat`` bet spec -> the punter's net over the repeat.

    Construction checks everything (types, limits, counts that cannot be)
    and raises :class:`GroupCodeError`; so does :func:`decode`.
    """

    game: str
    kind: str
    seed: int | None
    deals: int
    bets: tuple[str, ...] = ()
    counts: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    nets: Mapping[str, Fraction] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _check_game(self.game)
        if self.kind not in KINDS:
            raise GroupCodeError(f"unknown kind {short_repr(self.kind)}: one of {', '.join(KINDS)}")
        if self.kind == "cards":
            if self.seed is not None:
                raise GroupCodeError("a code of a session dealt with real cards has no seed (seed=None)")
        else:
            _whole(self.seed, "the seed", 0, MAX_SEED)
        _whole(self.deals, "the number of deals", 1, MAX_DEALS,
               f" (a group code holds at most {MAX_DEALS:,} deals, the Repeat panel's most)")
        bets = self.bets
        if isinstance(bets, str) or not isinstance(bets, (tuple, list)):
            raise GroupCodeError(f"bets must be a tuple of bet specs (text), got {short_repr(bets)}")
        bets = tuple(bets)
        if self.kind == "repeat":
            if not bets:
                raise GroupCodeError("a repeat's code needs at least one bet")
            if len(bets) > 30:
                raise GroupCodeError(f"a repeat's code holds at most 30 bets, got {len(bets)}")
            idx = [bet_index(self.game, b) for b in bets]
            if len(set(idx)) != len(idx):
                raise GroupCodeError(f"a bet appears twice among {short_repr(bets, 80)}: a code counts each bet once")
        elif bets and bets != LESSON_BETS[self.game]:
            raise GroupCodeError(f"a {self.kind} code's bets are the lesson's, {LESSON_BETS[self.game]}; "
                                 f"got {short_repr(bets, 80)}")
        else:
            bets = LESSON_BETS[self.game]
        object.__setattr__(self, "bets", bets)
        if not isinstance(self.counts, Mapping) or not isinstance(self.nets, Mapping):
            raise GroupCodeError("counts and nets must be dicts (name -> (successes, trials), name -> units)")
        counts = {}
        for name, pair in self.counts.items():
            if not (isinstance(pair, (tuple, list)) and len(pair) == 2):
                raise GroupCodeError(f"the count of {short_repr(name)} must be (successes, trials), "
                                     f"got {short_repr(pair)}")
            s = _whole(pair[0], f"successes of {name!r}", 0, 10 ** 9)
            t = _whole(pair[1], f"trials of {name!r}", 0, 10 ** 9)
            counts[name] = (s, t)
        object.__setattr__(self, "counts", counts)
        nets = {}
        for name, x in self.nets.items():
            if isinstance(x, bool) or not isinstance(x, (int, Fraction)):
                raise GroupCodeError(f"the net of {short_repr(name)} must be a whole number or Fraction "
                                     f"(units), got {short_repr(x)}")
            x = Fraction(x)
            if abs(x.numerator) > 10 ** 12 or x.denominator > 10 ** 6:
                raise GroupCodeError(f"the net of {name!r} is out of range: {x}")
            nets[name] = x
        object.__setattr__(self, "nets", nets)
        self._check_counts()

    # what can be -------------------------------------------------------
    def _check_counts(self) -> None:
        names = self.event_names
        counts, deals = self.counts, self.deals
        extra = [n for n in counts if n not in names]
        if extra:
            raise GroupCodeError(f"unknown event {short_repr(extra[0])} in a {GAME_TITLES[self.game]} {self.kind} "
                                 f"code: the events are {', '.join(names)}")
        if self.kind == "repeat":
            missing = [b for b in self.bets if b not in counts]
            if missing:
                raise GroupCodeError(f"a repeat's code counts every bet: no (won, placed) for {short_repr(missing[0])}")
        nets_allowed = self.net_names
        extra = [n for n in self.nets if n not in nets_allowed]
        if extra:
            raise GroupCodeError(f"unknown net {short_repr(extra[0])}: the nets are {', '.join(nets_allowed)}")
        bad = self._impossible()
        if bad:
            raise GroupCodeError.of(N_("counts that cannot be: {bad}; the code has been altered (tampered) or "
                                       "copied wrongly with a check symbol that happens to fit"), bad=bad)

    def _impossible(self) -> str:
        counts, deals, game = self.counts, self.deals, self.game
        if self.kind != "repeat":
            return _rules(game, f"no rule says which counts a {GAME_TITLES[game]} code can hold").code_impossible(
                counts, deals)
        for name, (s, t) in counts.items():
            if t > deals:
                return Phrase(N_("bet {name} placed in {trials} deals of {deals}"), name=repr(name),
                              trials=Phrase.number(t), deals=Phrase.number(deals))
            if s > t:
                return Phrase(N_("bet {name} won {won} times in {trials} deals"), name=repr(name),
                              won=Phrase.number(s), trials=Phrase.number(t))
        return ""

    @property
    def event_names(self) -> tuple[str, ...]:
        """The event names this code may count: :data:`EVENTS` of the game,
        or for a repeat its bets."""
        return self.bets if self.kind == "repeat" else EVENTS[self.game]

    @property
    def net_names(self) -> tuple[str, ...]:
        return self.bets if self.kind == "repeat" else NET_NAMES[self.game]

    # teaching ----------------------------------------------------------
    @classmethod
    def from_group_counts(cls, game: str, kind: str, group_counts, *, nets: bool = True) -> "GroupCode":
        """The code of a ``teaching.GroupCounts`` (what the game's classroom
        ``group`` returns for a lesson session); ``kind`` ``"lesson"`` or ``"cards"``
        (for ``cards`` the seed is dropped). ``nets=False`` leaves the nets
        out (a shorter code)."""
        if kind not in ("lesson", "cards"):
            raise GroupCodeError(f"from_group_counts makes a lesson or cards code, not {short_repr(kind)}")
        return cls(game, kind, None if kind == "cards" else group_counts.seed, group_counts.deals, (),
                   {k: (c.successes, c.trials) for k, c in group_counts.counts.items()},
                   dict(group_counts.nets) if nets else {})

    def to_group_counts(self):
        """A ``teaching.GroupCounts`` with this code's counts and nets (seed
        0 for a ``cards`` code), so ``teaching.pool`` and ``pool_nets`` take
        decoded codes."""
        out = GroupCounts(self.seed if self.seed is not None else 0, self.deals)
        for k, (s, t) in self.counts.items():
            out.counts[k] = Count(s, t)
        out.nets.update(self.nets)
        return out

    def text(self) -> str:
        """:func:`encode` of this code."""
        return encode(self)


# ------------------------------------------------------------------ symbols

def _varint(n: int) -> str:
    out = []
    while n >= 16:
        n -= 16
        out.append(MORE[n % 15])
        n //= 15
    out.append(LAST[n])
    return "".join(out)


def _zigzag(n: int) -> int:
    return 2 * n if n >= 0 else -2 * n - 1


def _unzigzag(z: int) -> int:
    return z // 2 if z % 2 == 0 else -(z + 1) // 2


def check_symbol(body: str) -> str:
    """The check symbol to append to ``body`` (symbols of :data:`ALPHABET`):
    ISO/IEC 7064 pure system, modulus 31, weights ``3**i`` from the right."""
    total, weight = 0, _RADIX
    for c in reversed(body):
        total = (total + _VALUE[c] * weight) % _MOD
        weight = weight * _RADIX % _MOD
    return ALPHABET[(1 - total) % _MOD]


def _valid(symbols: str) -> bool:
    total, weight = 0, 1
    for c in reversed(symbols):
        total = (total + _VALUE[c] * weight) % _MOD
        weight = weight * _RADIX % _MOD
    return total == 1


def format_code(symbols: str, group: int = 4) -> str:
    """Symbols in groups of ``group`` joined by hyphens, for reading.

    Raises:
        GroupCodeError: ``group`` not a whole number of at least 1.
    """
    group = whole_number(group, "the group size", low=1, error=GroupCodeError)
    return "-".join(symbols[i:i + group] for i in range(0, len(symbols), group))


def encode(code: GroupCode) -> str:
    """The text of ``code``: ``GA`` + game + kind + numbers + check symbol,
    in groups of four joined by hyphens (e.g. ``GAHL-...``)."""
    if not isinstance(code, GroupCode):
        raise GroupCodeError(f"encode takes a GroupCode, got {short_repr(code)}")
    game = code.game
    parts = [PREFIX, GAMES[game], KINDS[code.kind]]
    nums: list[int] = []
    if code.kind != "cards":
        nums.append(code.seed)  # type: ignore[arg-type]
    nums.append(code.deals)
    if code.kind == "repeat":
        nums.append(len(code.bets))
        nums += [bet_index(game, b) for b in code.bets]
    for name in code.event_names:
        c = code.counts.get(name)
        if code.kind == "repeat":
            nums += [code.deals - c[1], c[0]]  # type: ignore[index]
        elif c is None:
            nums.append(0)
        else:
            nums += [c[1] + 1, c[0]]
    mask = sum(1 << i for i, name in enumerate(code.net_names) if name in code.nets)
    nums.append(mask)
    for name in code.net_names:
        if name in code.nets:
            x = code.nets[name]
            nums += [_zigzag(x.numerator), x.denominator - 1]
    body = "".join(parts) + "".join(_varint(n) for n in nums)
    return format_code(body + check_symbol(body))


_SEPARATORS = " -._\t\n\r"


def normalise(text: object) -> str:
    """``text`` as the code's symbols: capitals, separators (spaces,
    hyphens, dots, underscores) removed.

    Raises:
        GroupCodeError: not text, empty, too long, or a character outside
            :data:`ALPHABET` (the message names it and, for 0/O/1/I/Z,
            says that codes never use it).
    """
    if not isinstance(text, str):
        raise GroupCodeError.of(N_("a group code is text, got {value}"), value=short_repr(text))
    if len(text) > 2 * MAX_LENGTH:
        raise GroupCodeError.of(N_("a group code has at most {most} symbols; this text has {n} characters"),
                                most=MAX_LENGTH, n=Phrase.number(len(text)))
    symbols = "".join(ch for ch in text.upper() if ch not in _SEPARATORS)
    if not symbols:
        raise GroupCodeError.of(N_("the code is empty: type the group's code, e.g. GAHL-..."))
    for i, ch in enumerate(symbols):
        if ch not in _VALUE:
            template = (N_("{symbol} (symbol {n}) is not used in group codes (codes never use 0, O, 1, I or Z, so "
                           "that none can be mistaken for another); the symbols are the digits 2-9 and the letters "
                           "A-Y without I and O") if ch in "0O1IZ" else
                        N_("{symbol} (symbol {n}) is not used in group codes; the symbols are the digits 2-9 and "
                           "the letters A-Y without I and O"))
            raise GroupCodeError.of(template, symbol=repr(ch), n=i + 1)
    if len(symbols) > MAX_LENGTH:
        raise GroupCodeError.of(N_("a group code has at most {most} symbols, got {n}"), most=MAX_LENGTH,
                                n=Phrase.number(len(symbols)))
    return symbols


class _Reader:
    def __init__(self, symbols: str) -> None:
        self.s, self.i = symbols, 0

    def number(self, what: str) -> int:
        """The next number of the code; ``what`` (a :class:`Phrase`) names it in a refusal."""
        digits = []
        while True:
            if self.i >= len(self.s):
                raise GroupCodeError.of(N_("the code is cut short (truncated): it ends inside {what}; "
                                           "copy the whole code, every group of four"), what=what)
            c = self.s[self.i]
            self.i += 1
            if c in LAST:
                n = LAST.index(c)
                for d in reversed(digits):
                    n = n * 15 + d + 16
                return n
            digits.append(MORE.index(c))
            if len(digits) > 40:
                raise GroupCodeError.of(N_("the code is malformed: {what} has more than 40 symbols"), what=what)


def decode(text: str, *, game: str | None = None) -> GroupCode:
    """Read a code typed or pasted (any case; spaces and hyphens ignored).

    Args:
        text: the code.
        game: the board's game; a code of another game is refused, naming both.

    Raises:
        GroupCodeError: malformed, truncated, a typo (check symbol wrong), a
            version this program does not read, another game, or counts
            that cannot be (tampered).
    """
    if game is not None:
        _check_game(game)
    symbols = normalise(text)
    half = len(symbols) // 2
    if len(symbols) % 2 == 0 and half >= 6 and symbols[:half] == symbols[half:]:
        raise GroupCodeError.of(N_("the same code is there twice (pasted twice?): enter it once"))
    if symbols[0] != "G":
        raise GroupCodeError.of(N_("a group code starts with {prefix} (G, then the version letter); "
                                   "this one starts with {start}"), prefix=PREFIX, start=repr(symbols[:2]))
    if len(symbols) < MIN_SYMBOLS:
        raise GroupCodeError.of(N_("the code is cut short (truncated): {n} symbols, a group code has "
                                   "at least 8; copy the whole code, every group of four"), n=len(symbols))
    if symbols[1] != VERSION:
        raise GroupCodeError.of(N_("this code starts G{letter}, a version {letter} group code; this board reads "
                                   "version {version} codes (starting {prefix}): a code made by a newer page, or a "
                                   "typo in its second symbol"), letter=symbols[1], version=VERSION, prefix=PREFIX)
    if not _valid(symbols):
        raise GroupCodeError.of(N_("the check symbol does not fit: there is a typo in the code (a symbol mistyped, "
                                   "two swapped, or one missing or extra); read it again from the group's table"))
    by_symbol = {v: k for k, v in GAMES.items()}
    code_game = by_symbol.get(symbols[2])
    if code_game is None:
        raise GroupCodeError.of(N_("the code is malformed: {symbol} names no game (H, B or L)"),
                                symbol=repr(symbols[2]))
    if game is not None and code_game != game:
        raise GroupCodeError.of(N_("this is a {code_game} code; this board is for {game}: enter it on the "
                                   "{code_game} lesson's board"), code_game=_title(code_game), game=_title(game))
    kind = {v: k for k, v in KINDS.items()}.get(symbols[3])
    if kind is None:
        raise GroupCodeError.of(N_("the code is malformed: {symbol} names no kind (L lesson, R repeat, C cards)"),
                                symbol=repr(symbols[3]))
    r = _Reader(symbols[:-1])
    r.i = 4
    seed = None if kind == "cards" else r.number(Phrase(N_("the seed")))
    deals = r.number(Phrase(N_("the number of deals")))
    if deals > MAX_DEALS or deals < 1:
        raise GroupCodeError.of(N_("the code claims {deals} deals; a group code holds 1 to {most} deals "
                                   "(the Repeat panel's most): the code has been altered"),
                                deals=Phrase.number(deals), most=Phrase.number(MAX_DEALS))
    if seed is not None and seed > MAX_SEED:
        raise GroupCodeError.of(N_("the seed has more than 40 digits; the code has been altered"))
    bets: tuple[str, ...] = ()
    if kind == "repeat":
        n = r.number(Phrase(N_("the number of bets")))
        if not 1 <= n <= 30:
            raise GroupCodeError.of(N_("the code claims {n} bets; a repeat's code has 1 to 30: the code has been "
                                       "altered"), n=n)
        bets = tuple(bet_spec(code_game, r.number(Phrase(N_("bet {n}"), n=k + 1))) for k in range(n))
    names = bets if kind == "repeat" else EVENTS[code_game]
    counts = {}
    for name in names:
        if kind == "repeat":
            missed = r.number(Phrase(N_("the count of {name}"), name=repr(name)))
            if missed > deals:
                raise GroupCodeError.of(N_("counts that cannot be: bet {name} missed {missed} of {deals} deals; "
                                           "the code has been altered (tampered)"), name=repr(name),
                                        missed=Phrase.number(missed), deals=Phrase.number(deals))
            counts[name] = (r.number(Phrase(N_("the count of {name}"), name=repr(name))), deals - missed)
            continue
        t1 = r.number(Phrase(N_("the count of {name}"), name=repr(name)))
        if t1:
            s = r.number(Phrase(N_("the count of {name}"), name=repr(name)))
            counts[name] = (s, t1 - 1)
    net_names = bets if kind == "repeat" else NET_NAMES[code_game]
    mask = r.number(Phrase(N_("the nets")))
    if mask >> len(net_names):
        raise GroupCodeError.of(N_("the code is malformed: its nets name more bets than it has (tampered)"))
    nets = {}
    for i, name in enumerate(net_names):
        if mask >> i & 1:
            num = _unzigzag(r.number(Phrase(N_("the net of {name}"), name=repr(name))))
            den = r.number(Phrase(N_("the net of {name}"), name=repr(name))) + 1
            x = Fraction(num, den)
            if x.denominator != den:
                raise GroupCodeError.of(N_("the code is malformed: the net of {name} is not in lowest terms "
                                           "(tampered)"), name=repr(name))
            nets[name] = x
    if r.i != len(r.s):
        raise GroupCodeError.of(N_("the code is malformed: {n} symbols too many after the counts"),
                                n=len(r.s) - r.i)
    for x in counts.values():
        if x[0] > 10 ** 9 or x[1] > 10 ** 9:
            raise GroupCodeError.of(N_("counts that cannot be: more than 10^9; the code has been altered"))
    return GroupCode(code_game, kind, seed, deals, bets, counts, nets)


# ------------------------------------------------------------------ a repeat's code

def repeat_group_code(plan, tally) -> GroupCode:
    """The group code (kind ``"repeat"``) of a finished or stopped repeat (``plan``
    and ``tally`` of :mod:`banking_games.classroom.repeat_plan`):
    its seed, the deals dealt, each bet in the game's notation with (won,
    deals it went down in) and its net. A bet placed twice in the table's
    deal (two punters on one card) has one outcome per deal: it is counted
    once, with the nets of its stakes added.

    Raises:
        GroupCodeError: nothing dealt, or more bets than a code holds.
    """
    bets: list[str] = []
    counts: dict[str, tuple[int, int]] = {}
    nets: dict[str, Fraction] = {}
    for spec, b in zip(plan.specs, tally.bets):
        spec = canonical_bet(plan.key, spec)
        if spec in counts:
            nets[spec] += b.net
            continue
        bets.append(spec)
        counts[spec] = (b.won, b.placed)
        nets[spec] = b.net
    return GroupCode(plan.key, "repeat", tally.seed, tally.deals, tuple(bets), counts, nets)


# ------------------------------------------------------------------ QR

def qr_svg(text: str, *, scale: int = 4, title: str | None = None) -> str:
    """The code ``text`` as a QR code: an inline ``<svg role="img">`` with the
    code as its text alternative (``<title>`` and ``aria-label``), drawn by
    ``segno`` (pure Python; error correction M, the symbols in QR's
    alphanumeric mode, which holds capitals, digits and hyphens).

    Raises:
        GroupCodeError: ``text`` is not a group code's text, or ``scale``
            (pixels per module) is not a whole number from 1 to 20.
    """
    symbols = normalise(text)
    scale = whole_number(scale, "the QR code's scale", low=1, high=20, error=GroupCodeError)
    import segno

    qr = segno.make_qr(format_code(symbols), error="m", boost_error=False)
    alt = title or f"QR code of the group code {format_code(symbols)}"
    svg = qr.svg_inline(scale=scale, dark="#000", light="#fff", border=4, omitsize=False)
    alt_html = html.escape(alt, quote=True)
    return svg.replace("<svg ", f'<svg role="img" aria-label="{alt_html}" ', 1).replace(
        ">", f"><title>{alt_html}</title>", 1)

"""What the class board checks in a group's code before it goes on the board, without a widget.

The class board (:mod:`banking_games.widgets.board`) draws what this module decides: the
limits on a paste and on the deals dealt again, :func:`group_identity` and
:func:`same_group`, the games the board knows (:data:`GAMES`, one per game of
:data:`banking_games.registry.GAMES`, each made from the game's classroom module),
:func:`check_counts` (counts that can be), one group's entry, and the re-deal of a code's
seed that checks its counts. No game rule lives here: the counts come from the codes and
the engines.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import ModuleType
from typing import Callable, Mapping, Sequence

from .. import registry
from ..errors import BoardError, Phrase, short_repr
from ..i18n import N_, _, localize_number, ngettext, pgettext
from . import group_codes as gcodes
from . import teaching as T
from .repeat_plan import repeat_tally


REPEAT_CHECK_DEALS = 2_000
"""The most deals of a repeat's code that the board deals again to check it
(more would keep the page busy for seconds a code in the browser)."""


CHECK_DEALS_PER_ADD = 1_000
"""The most deals one *Add* deals again to check its codes (a class's
lesson codes: a few hundred). A code that would take the Add past this,
once a code before it was dealt again, is left in the codes field for the
next *Add*: 200 valid codes of 2,000 deals each would otherwise keep the page
busy for a minute or more. (One code is always read: its own deals are at
most :data:`REPEAT_CHECK_DEALS`.)"""


MAX_PASTE_LINES = 200
"""The most lines one *Add* reads (a class has a few dozen groups; a longer
paste is refused whole, before any line is read, so that a stray paste of a
long text cannot keep the page busy)."""

MAX_PASTE_CHARS = 200 * 2 * gcodes.MAX_LENGTH
"""The most characters one *Add* reads: :data:`MAX_PASTE_LINES` lines of the
longest code a line may hold (:data:`group_codes.MAX_LENGTH` symbols with as
many separators)."""

SHOW_REFUSED = 10
"""The refused lines the message names one by one; the rest are counted."""


def group_identity(code: "gcodes.GroupCode", group: int | None = None) -> tuple:
    """What tells one group from another on the board.

    A ``lesson`` or ``repeat`` code: its game, kind, seed, deals and (for a
    repeat) its bets; the seed deals the same cards to anyone, so two codes
    with these equal report the same deals, however they are spelled and
    whatever counts or nets they carry (a second one would count those deals
    twice; one of them is flagged anyway if its counts are not the seed's).
    A ``cards`` code (no seed): the group's number ``group``; pasted as a
    code, without a number, its deals and counts.

    Returns:
        A hashable tuple; two entries are the same group when these are equal.
    """
    if code.kind == "cards":
        return (code.game, code.kind, group) if group is not None else (
            code.game, code.kind, None, code.deals, tuple(sorted(code.counts.items())))
    return (code.game, code.kind, code.seed, code.deals, tuple(code.bets))


def group_lineage(code: "gcodes.GroupCode") -> tuple | None:
    """What a group's codes share as its session goes on: the game, kind, seed
    and (for a repeat) bets of a ``lesson`` or ``repeat`` code, whatever its
    deals. A seed deals the same cards in the same order, so a code after 10
    deals holds the 6 deals of an earlier code of the same lineage: the board
    keeps one entry per lineage, the one with the most deals (the latest).
    ``None`` for a real-cards code (its group's number tells it apart)."""
    if code.kind == "cards":
        return None
    return (code.game, code.kind, code.seed, tuple(code.bets))


def same_group(a: "gcodes.GroupCode", b: "gcodes.GroupCode", group_a: int | None = None,
               group_b: int | None = None) -> bool:
    """Whether codes ``a`` and ``b`` (real-cards codes with their groups'
    numbers) are the same group on the board (:func:`group_identity`)."""
    return group_identity(a, group_a) == group_identity(b, group_b)


def _refusals(refused: Sequence[tuple[int, str, str]]) -> list[str]:
    """The message's sentences for refused lines ``(line number, line, why)``, ``why`` in the
    language in use: the first :data:`SHOW_REFUSED` one by one, then a count, in the language in use."""
    said = [_("Refused line {n} ({line}): {why}").format(n=n, line=short_repr(line), why=why)
            for n, line, why in refused[:SHOW_REFUSED]]
    if len(refused) > SHOW_REFUSED:
        more = len(refused) - SHOW_REFUSED
        said.append(ngettext("And {n} more refused line (left in the field).",
                             "And {n} more refused lines (left in the field).", more).format(
            n=localize_number(f"{more:,}")))
    return said


# ---------------------------------------------------------------- the games

@dataclass(frozen=True)
class _Game:
    """What the board needs of one lesson's game (from its classroom module, ``lesson``)."""

    key: str                          # the game's slug (its name in group codes)
    title: str
    group: Callable[[int, int], T.GroupCounts]   # the lesson's session of a group: lesson.group
    exact: Callable[[], dict]         # event -> exact chance (Fraction): lesson.chances
    names: Mapping[str, str]          # event -> label of the pooled table (as on the lesson page)
    fields: tuple[tuple[str, str], ...]   # the real-cards form: (field, label)
    funnel: str                       # the event the funnel plot shows first
    lesson: ModuleType                # the game's classroom module (banking_games.classroom.<package>)


def _board_game(info: registry.GameInfo) -> _Game:
    m = info.module("classroom")
    return _Game(info.slug, info.title, m.group, m.chances, m.BOARD_NAMES, m.CARD_FIELDS, m.FUNNEL_EVENT, m)


GAMES: dict[str, _Game] = {info.slug: _board_game(info) for info in registry.GAMES}
"""The board of each game of :data:`banking_games.registry.GAMES`, by slug."""
_ALIASES = {g.package: g.slug for g in registry.GAMES} | {g.title.lower(): g.slug for g in registry.GAMES}


def _game(name: object) -> _Game:
    key = str(name).strip().lower()
    key = _ALIASES.get(key, key)
    if key not in GAMES:
        raise BoardError.of(N_("no class board for the game {game}: one of {games}"), game=short_repr(name),
                            games=", ".join(repr(k) for k in GAMES))
    return GAMES[key]


# ---------------------------------------------------------------- counts that can be

def _per_deal(counts: Mapping[str, tuple[int, int]], deals: int, key: str) -> int:
    t = counts[key][1]
    return t // deals


def check_counts(game: str, deals: int, counts: Mapping[str, tuple[int, int]]) -> None:
    """Refuse counts that cannot come from ``deals`` deals of ``game``.

    Each event is ``(successes, trials)``: no count below 0, no more
    successes than trials (but for a tally such as cards turned, the game's
    ``TALLY_EVENTS``), only the game's events; then the game's own rules
    (its classroom module's ``check_counts``: e.g. one trial a deal for each
    Hoggenheimer bet).

    Raises:
        BoardError: saying which count cannot be.
    """
    g = _game(game)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise BoardError.of(N_("a group deals at least 1 deal, got {deals}"), deals=short_repr(deals))
    for name, pair in counts.items():
        s, t = pair
        if s < 0 or t < 0:
            raise BoardError.of(N_("{event}: a count cannot be negative, got {successes} of {trials}"),
                                event=event_phrase(name), successes=s, trials=t)
        if name not in g.lesson.TALLY_EVENTS and s > t:
            raise BoardError.of(N_("{event}: {successes} successes out of {trials} cannot be (more than the trials)"),
                                event=event_phrase(name), successes=s, trials=t)
    known = set(g.names) | set(g.lesson.TALLY_EVENTS)
    unknown = sorted(set(counts) - known)
    if unknown:
        info = registry.game(g.key)
        raise BoardError.of(N_("{game} has no event {unknown}: its events are {known}"),
                            game=Phrase.written(info.title, lambda: info.name), unknown=", ".join(unknown),
                            known=", ".join(sorted(known)))
    g.lesson.check_counts(deals, counts)


# ---------------------------------------------------------------- one group on the board

@dataclass
class _Entry:
    code: "gcodes.GroupCode"
    text: str                         # the code as encoded (what the store keeps)
    flag: str | None = None           # why the counts differ from what the seed gives
    note: str | None = None           # a recomputation that could not be made
    group: int | None = None          # a real-cards group's number (its code has no seed)
    warning: str | None = None        # a lesson code of a seed the lesson did not assign

    @property
    def identity(self) -> tuple:
        """:func:`group_identity` of this entry."""
        return group_identity(self.code, self.group)

    @property
    def kept(self) -> object:
        """What the store keeps of this entry: the code, and a real-cards group's number."""
        return self.text if self.group is None else {"code": self.text, "group": self.group}

    @property
    def counts(self) -> dict[str, tuple[int, int]]:
        """The counts under the lesson's event names (a repeat's bets mapped onto them)."""
        return _lesson_counts(self.code)

    def group_counts(self) -> T.GroupCounts:
        """This group as a :class:`teaching.GroupCounts` (what :func:`teaching.pool` adds up)."""
        if self.code.kind != "repeat":
            return self.code.to_group_counts()
        out = T.GroupCounts(self.code.seed, self.code.deals)
        for k, (s, t) in self.counts.items():
            out.counts[k] = T.Count(s, t)
        return out


def _lesson_events(game: str) -> dict[str, str]:
    """A repeat's bet (its canonical spec) -> the lesson's event it counts, for the
    bets a lesson's board pools (the game's classroom ``repeat_events``: Hoggenheimer's
    bets A-D, ...; none for a game whose repeat counts no event the board pools)."""
    return _game(game).lesson.repeat_events()


def _lesson_counts(code: "gcodes.GroupCode") -> dict[str, tuple[int, int]]:
    if code.kind != "repeat":
        return {k: (int(v[0]), int(v[1])) for k, v in code.counts.items()}
    events = _lesson_events(code.game)
    out: dict[str, tuple[int, int]] = {}
    for spec, (s, t) in code.counts.items():   # several bets may count one event (Banker and Broker's sections)
        s0, t0 = out.get(events[spec], (0, 0))
        out[events[spec]] = (s0 + int(s), t0 + int(t))
    return out


def _pairs(gc: T.GroupCounts) -> dict[str, tuple[int, int]]:
    return {k: (c.successes, c.trials) for k, c in gc.counts.items()}


def _counts_text(counts: Mapping[str, tuple[int, int]], order: Sequence[str]) -> str:
    keys = [k for k in order if k in counts] + sorted(k for k in counts if k not in order)
    return ", ".join(f"{counts[k][0]} cards turned" if k == "turned" else f"{k} {counts[k][0]} of {counts[k][1]}"
                     for k in keys)


def event_word(key: str) -> str:
    """An event's key as the board writes it in the language in use: a word where the
    key is one (``"win"``, German ``Gewinn``; ``"first"``, ``"void"``, ...), else the key (``"A"``)."""
    words = {"win": pgettext("counted event", "win"), "tie": pgettext("counted event", "tie"),
             "lose": pgettext("counted event", "lose"), "first": pgettext("counted event", "first"),
             "late": pgettext("counted event", "late"), "void": pgettext("counted event", "void")}
    return words.get(key, key)


def event_phrase(key: str) -> Phrase:
    """An event's key in an error's message: English the key, shown as :func:`event_word`."""
    return Phrase.written(key, lambda: event_word(key))


def field_phrase(label: str) -> Phrase:
    """A field's label of the real-cards form (the game's ``CARD_FIELDS``, English) in an
    error's message: shown as the form shows it (:func:`teaching.event_label`)."""
    return Phrase.written(label, lambda: T.event_label(label))


def counts_words(counts: Mapping[str, tuple[int, int]], order: Sequence[str]) -> str:
    """A group's counts as the board shows them, in the language in use:
    ``"A 40 of 80, B 26 of 80"``, ``"54 cards turned"`` (German ``"A 40 von 80"``);
    an event's name is its key, in words where the key is a word (``win 10 of 30``)."""
    keys = [k for k in order if k in counts] + sorted(k for k in counts if k not in order)
    return ", ".join(ngettext("{n} card turned", "{n} cards turned", counts[k][0]).format(n=counts[k][0])
                     if k == "turned" else
                     _("{event} {successes} of {trials}").format(event=event_word(k), successes=counts[k][0],
                                                                 trials=counts[k][1])
                     for k in keys)


def _check_cost(code: "gcodes.GroupCode") -> int:
    """The deals :meth:`ClassBoard._entry` deals again to check ``code``: a lesson's or a
    repeat's deals (none for a repeat over :data:`REPEAT_CHECK_DEALS`, which is not dealt
    again, nor for real cards)."""
    if code.kind == "lesson" or (code.kind == "repeat" and code.deals <= REPEAT_CHECK_DEALS):
        return code.deals
    return 0


def _whole(text: object, what: str) -> int:
    """A field of the real-cards form read as a whole number 0 or more (commas and
    underscores between digits allowed); ``what`` names the field in the message (a
    :class:`Phrase`, or English text).

    Raises:
        BoardError: a truth value, a negative number, an empty field, or text that is not
            a whole number of at most 9 digits.
    """
    if isinstance(text, bool):
        raise BoardError.of(N_("{field}: a whole number is needed, got {value}"), field=what, value=repr(text))
    if isinstance(text, int):
        if text < 0:
            raise BoardError.of(N_("{field}: a count cannot be negative, got {value}"), field=what, value=text)
        return text
    raw = str(text).strip().replace(",", "").replace("_", "")
    if not raw:
        raise BoardError.of(N_("{field}: the field is empty; type a whole number"), field=what)
    if not (raw.isdigit() and raw.isascii()) or len(raw) > 9:
        raise BoardError.of(N_("{field}: type a whole number 0 or more (at most 9 digits), got {value}"), field=what,
                            value=short_repr(str(text)))
    return int(raw)


def _repeat_counts(game: str, code: "gcodes.GroupCode") -> dict[str, tuple[int, int]]:
    """What a ``"repeat"`` code's seed gives: its bets placed (one unit each) in a
    deal of the game's table as it starts (the tables' default players and
    rules), then the Repeat panel's own engine path with the code's deals and seed. Returns
    ``{bet spec: (won, placed)}`` as the code counts. The deal is the game's
    classroom ``repeat_template``; :func:`~banking_games.classroom.repeat_plan.repeat_tally`
    is what the panel's *Repeat* runs.

    Raises:
        GameError: a bet the table's deal cannot take here (then the board notes
            that the group was not dealt again).
    """


    rng = random.Random(0)   # the template deal's own cards do not matter: only its bets are repeated
    deal = _game(game).lesson.repeat_template(code.bets, rng)
    tally = repeat_tally(deal, code.deals, code.seed)
    return {spec: (b.won, b.placed) for spec, b in zip(code.bets, tally.bets)}

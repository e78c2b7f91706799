"""How many buttons a lesson's group presses on its live table, counted by pressing them.

Each lesson page's class activity tells a group what to press: type its seed,
*New session*, then its deals, then open *Group code for the lesson*.
:func:`lesson_presses` builds the game's dealing table (from
:mod:`banking_games.registry`), follows those steps with ``button.click()``, as a
reader's clicks arrive, and counts the presses; every press must be taken (a
refusal in the table's message bar raises). The lesson pages' timelines state
these counts, and ``tests/test_widgets_landsknecht.py`` checks them against the
counts derived from the engine's deals.

The steps, for each deal of the session (no *New deal* after the last):

* a table without a lesson button (Hoggenheimer's, Banker and Broker's): *Deal
  to the end*, *New deal* (the lesson's bets are written on the worksheet; the
  table's deals are the seed's whatever is staked);
* a table with one (Landsknecht's *Lesson: stakes F and L*), ``by_hand=False``:
  the lesson button, then *Deal to the end* unless the deal ended within the
  lesson's turns, *New deal*;
* the same table, ``by_hand=True``: the buttons the lesson button saves, one
  at a time, as the table's ``lesson_by_hand`` yields them (Landsknecht:
  *Place bet* for stake F, *Turn a card* up to
  :data:`~banking_games.classroom.landsknecht.LATE_TURNS` times, *Place bet*
  again for stake L if the deal is on and that card unpaired), then *Deal to
  the end* unless over, *New deal*.

No rule of a game is here: what ends a deal is read from the table's engine.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

import comm

from ..classroom import teaching as T
from ..errors import ConfigError
from ..registry import game as registry_game
from . import plain

__all__ = ["LessonPresses", "lesson_presses"]


@dataclass
class LessonPresses:
    """What a group pressed for its lesson session.

    Attributes:
        presses: buttons pressed (the code panel's opening included).
        typed: fields typed in (the seed).
        stakes: for a table with a lesson button (Landsknecht's), for each
            deal: the outcomes of the deal's bets as the table's engine settled
            them, ``None`` for a bet not placed (Landsknecht: ``(F's outcome,
            L's outcome or None)``), to check the steps against the lesson's
            counts; empty for a table without one.
    """

    presses: int = 0
    typed: int = 0
    stakes: list = field(default_factory=list)


def lesson_presses(slug: str, seed: int, deals: int = T.LESSON_DEALS, *, by_hand: bool = False) -> LessonPresses:
    """Play a group's lesson session on the game's live table and count the presses.

    Args:
        slug: the game (:data:`banking_games.registry.SLUGS`).
        seed: the group's seed.
        deals: deals in the session (the lessons deal :data:`~banking_games.classroom.teaching.LESSON_DEALS`).
        by_hand: the steps without the lesson's button (a table that has one only).

    Returns:
        A :class:`LessonPresses`.

    Raises:
        UnknownGameError: an unknown slug.
        ConfigError: ``by_hand`` for a game whose table has no lesson button, or ``deals``
            below 1.
        RuntimeError: the table refused a press (its message is given).
    """
    info = registry_game(slug)
    table_class = info.table_class()
    if by_hand and not hasattr(table_class, "lesson_by_hand"):
        raise ConfigError(f"by_hand counts the presses a lesson button saves; the {info.title} table has "
                          f"no lesson button (use by_hand=False)")
    if not isinstance(deals, int) or deals < 1:
        raise ConfigError(f"deals must be a whole number 1 or more, got {deals!r}")
    with _unseen():
        return _play(table_class(), slug, seed, deals, by_hand)


@contextmanager
def _unseen():
    """Widgets made inside are not announced to a notebook's front end: their comms are the
    ``comm`` package's ``DummyComm`` (what ipywidgets uses outside a kernel), so a page that
    counts presses sends no widget to JupyterLab (dozens of tables, seconds each) and saves no
    widget state the website would try to draw.

    The shared layout and styles of :mod:`.plain` made inside are kept apart and dropped
    after: a table made later must not use one the front end never received (JupyterLab's
    widget manager waited about 40 s for such a model before it showed the next cell's
    widget)."""
    real = comm.create_comm
    shared = dict(plain._made)
    plain._made.clear()
    comm.create_comm = comm.DummyComm
    try:
        yield
    finally:
        comm.create_comm = real
        plain._made.clear()
        plain._made.update(shared)


def _play(table, slug: str, seed: int, deals: int, by_hand: bool) -> LessonPresses:
    out = LessonPresses()

    def press(button) -> None:
        button.click()
        out.presses += 1
        if table.message.is_error:
            raise RuntimeError(f"{slug}, seed {seed}: {button.description!r} refused: {table.message.text}")

    table.seed_field.value = str(seed)
    out.typed += 1
    press(table.new_session_button)
    lesson_button = getattr(table, "lesson_button", None)
    stakes = len(registry_game(slug).module("classroom").LESSON_BETS)   # a group's bets in a deal
    for number in range(1, deals + 1):
        if lesson_button is None:
            press(table.end_button)
        else:
            deal = table.deal
            if by_hand:
                for button in table.lesson_by_hand():   # each yielded button is pressed before the next
                    press(button)
            else:
                press(lesson_button)
            if not deal.is_over:
                press(table.end_button)
            bets = deal.bets
            out.stakes.append(tuple(deal.result_of(b).outcome for b in bets) + (None,) * (stakes - len(bets)))
        if number < deals:
            press(table.new_deal_button)
    table.more.selected_index = 2       # the header button of "Group code for the lesson"
    out.presses += 1
    return out

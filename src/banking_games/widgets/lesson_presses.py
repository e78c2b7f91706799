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

* Hoggenheimer and Banker and Broker: *Deal to the end*, *New deal* (the
  lesson's bets are written on the worksheet; the table's deals are the
  seed's whatever is staked);
* Landsknecht (``by_hand=False``): *Lesson: stakes F and L*, then *Deal to the
  end* unless the deal ended within the lesson's turns, *New deal*;
* Landsknecht ``by_hand=True`` (the steps before the lesson's button): *Place
  bet* (stake F: the table offers the first player who is not the banker and
  the first players' card), *Turn a card* up to
  :data:`~banking_games.classroom.landsknecht.LATE_TURNS` times, *Place bet*
  again (stake L) if the deal is on and that card unpaired, *Deal to the end*
  unless over, *New deal*.

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
        stakes: Landsknecht only, for each deal: ``(F's outcome, L's outcome
            or None)`` as the table's engine settled them (to check the steps
            against the lesson's counts); empty for the other games.
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
        by_hand: Landsknecht only: the steps without the lesson's button.

    Returns:
        A :class:`LessonPresses`.

    Raises:
        UnknownGameError: an unknown slug.
        ConfigError: ``by_hand`` for a game other than Landsknecht, or ``deals`` below 1.
        RuntimeError: the table refused a press (its message is given).
    """
    info = registry_game(slug)
    if by_hand and slug != "landsknecht":
        raise ConfigError("by_hand counts Landsknecht's steps only")
    if not isinstance(deals, int) or deals < 1:
        raise ConfigError(f"deals must be a whole number 1 or more, got {deals!r}")
    with _unseen():
        return _play(info.table_class()(), slug, seed, deals, by_hand)


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
    for number in range(1, deals + 1):
        if slug != "landsknecht":
            press(table.end_button)
        else:
            deal = table.deal
            if by_hand:
                press(table.bet_button)                         # stake F
                first = deal.bets[0]
                for _turn in range(registry_game(slug).module("classroom").LATE_TURNS):
                    if deal.is_over:
                        break
                    press(table.turn_button)
                if not deal.is_over and deal.is_live(first.card):
                    press(table.bet_button)                     # stake L: the card is still offered
            else:
                press(table.lesson_button)
            if not deal.is_over:
                press(table.end_button)
            bets = deal.bets
            out.stakes.append(tuple(deal.result_of(b).outcome for b in bets) + (None,) * (2 - len(bets)))
        if number < deals:
            press(table.new_deal_button)
    table.more.selected_index = 2       # the header button of "Group code for the lesson"
    out.presses += 1
    return out

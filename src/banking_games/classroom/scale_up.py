"""The lessons' "Scale it up" phase: each group repeats the lesson's bets for
:data:`SCALE_DEALS` deals from its own lesson seed in the Repeat panel, and the
class board pools the repeat codes.

:func:`repeat_groups` deals what the groups' repeats give, the Repeat panel's
own path (:func:`~banking_games.classroom.repeat_plan.repeat_tally` on the
game's classroom ``repeat_template`` with its ``repeat_events`` bets), and
turns each repeat's code into the lesson's counts as the board does
(:func:`~banking_games.classroom.board_checks._lesson_counts`), so that
:func:`teaching.pool` and :func:`teaching.mean_net` of the result are the
board's pooled table and mean net. :func:`classes_in` words a chance as
"about k classes in 10" for a lesson page's claim.

No rule lives here: the deals are the engines', the events the classroom modules'.
"""

from __future__ import annotations

import random
from typing import Sequence

from .. import registry
from ..errors import ConfigError
from ..i18n import _, ngettext
from . import teaching as T
from .board_checks import _lesson_counts
from .group_codes import repeat_group_code
from .repeat_plan import repeat_plan, repeat_tally

__all__ = ["SCALE_DEALS", "repeat_bets", "repeat_groups", "classes_in"]

SCALE_DEALS = 1000
"""Deals each group's repeat deals in the Scale it up phase (typed in the Repeat panel's *Deals*)."""


def repeat_bets(game: str) -> tuple[str, ...]:
    """The bets a group places (one unit each) before pressing *Repeat*: the
    repeat bets the board pools for ``game`` (its classroom ``repeat_events``).

    Raises:
        UnknownGameError: ``game`` is not a game of the book.
    """
    return tuple(registry.game(game).module("classroom").repeat_events())


def repeat_groups(game: str, seeds: Sequence[int], deals: int = SCALE_DEALS) -> list[T.GroupCounts]:
    """What the class board pools from the groups' repeat codes: for each
    seed, a repeat of :func:`repeat_bets` (one unit each on the table as it
    starts) for ``deals`` deals from that seed, its counts under the lesson's
    event names (a Hoggenheimer repeat counts bets A-D; Banker and Broker's
    sections add up under W; Landsknecht's first players' card is F).

    Raises:
        UnknownGameError: ``game`` is not a game of the book.
        RepeatError: ``deals`` not 1 to 10,000, or a seed not a whole number 0 or more.
        ConfigError: no seeds.
    """
    if not seeds:
        raise ConfigError("repeat_groups needs at least one group's seed, got none")
    lesson = registry.game(game).module("classroom")
    bets = repeat_bets(game)
    out = []
    for seed in seeds:
        template = lesson.repeat_template(bets, random.Random(0))   # its own cards are not repeated
        code = repeat_group_code(repeat_plan(template), repeat_tally(template, deals, seed))
        group = T.GroupCounts(seed, deals)
        for name, (s, t) in _lesson_counts(code).items():
            group.counts[name] = T.Count(s, t)
        out.append(group)
    return out


def classes_in(p: float) -> str:
    """A chance ``p`` (0 to 1) as how often classes see something: "practically
    every class (more than 99 in 100)" from 0.99, else "about k classes in 10"
    (k = round(10 p); from 0.9, "about 19 classes in 20" when that is nearer; "1 class" in the singular),
    in the language in use (banking_games.i18n; it follows "in": German "in etwa 9 von 10 Klassen",
    Russian "в примерно 9 классах из 10").

    Raises:
        ConfigError: ``p`` not a number from 0 to 1.
    """
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
        raise ConfigError(f"a chance from 0 to 1 is needed, got {p!r:.40}")
    if p >= 0.99:
        return _("practically every class (more than 99 in 100)")
    if p >= 0.9 and abs(round(20 * p) / 20 - p) < abs(round(10 * p) / 10 - p):
        return _("about {k} classes in 20").format(k=round(20 * p))
    k = round(10 * p)
    return ngettext("about {k} class in 10", "about {k} classes in 10", k).format(k=k)

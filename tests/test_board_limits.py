"""Both sides of every limit of the class board's count check (``check_counts``).

Each row is a group's counts as the board receives them (``(successes, trials)`` per
event) with the right answer written beside it, derived from the lesson's rules
(book/lesson-*.md), not from the board:

* Hoggenheimer: bets A-D are followed in every deal, so each has exactly one trial per
  deal and at most that many wins; a deal turns from 1 card (the Joker first) to all
  33 cards of the English pack (32 ranked cards and the Joker);
* Banker and Broker: every section of a deal is won, tied or lost, so W, T and L have
  the same trials, add up to them, and a deal has the same whole number (at least 1)
  of punters' sections;
* Landsknecht: F is staked once in every deal; L at most once a deal; void deals are
  counted among the deals started (started = played + void).

A row that must be accepted is accepted; a row just past a limit is refused with the
board's own error (a :class:`BoardError`), never a ``KeyError`` or ``TypeError``.
"""

from __future__ import annotations

import pytest

from banking_games.widgets.board import BoardError, check_counts

D = 10   # deals of every row
HOG = {k: (3, D) for k in "ABCD"}
BB = {"win": (5, D), "tie": (1, D), "lose": (4, D)}
LK = {"first": (5, D), "void": (0, D)}


def _with(base: dict, **changes) -> dict:
    out = dict(base)
    for k, v in changes.items():
        if v is None:
            out.pop(k, None)
        else:
            out[k] = v
    return out


ROWS = [
    # Hoggenheimer
    ("hoggenheimer", D, _with(HOG, A=(D, D)), True),            # won every deal: the most
    ("hoggenheimer", D, _with(HOG, A=(D + 1, D)), False),       # one win more than deals
    ("hoggenheimer", D, _with(HOG, A=(0, D)), True),            # never won
    ("hoggenheimer", D, _with(HOG, A=(-1, D)), False),          # a negative count
    ("hoggenheimer", D, _with(HOG, A=(3, D - 1)), False),       # followed in one deal fewer
    ("hoggenheimer", D, _with(HOG, A=(3, D + 1)), False),       # in one deal more
    ("hoggenheimer", D, _with(HOG, D=None), False),             # bet D missing
    ("hoggenheimer", D, _with(HOG, E=(1, D)), False),           # no bet E in the lesson
    ("hoggenheimer", D, _with(HOG, turned=(D, D)), True),       # 1 card a deal: the Joker first each time
    ("hoggenheimer", D, _with(HOG, turned=(D - 1, D)), False),  # fewer than 1 a deal
    ("hoggenheimer", D, _with(HOG, turned=(33 * D, D)), True),  # all 33 cards every deal
    ("hoggenheimer", D, _with(HOG, turned=(33 * D + 1, D)), False),
    ("hoggenheimer", D, _with(HOG, turned=(20, D - 1)), False),  # counted over other deals
    ("hoggenheimer", 1, {k: (1, 1) for k in "ABCD"}, True),      # one deal: the fewest
    ("hoggenheimer", 0, {k: (0, 0) for k in "ABCD"}, False),     # no deal
    # Banker and Broker
    ("banker-and-broker", D, BB, True),                                       # 1 section a deal
    ("banker-and-broker", D, {"win": (15, 3 * D), "tie": (2, 3 * D), "lose": (13, 3 * D)}, True),   # 3 a deal
    ("banker-and-broker", D, {"win": (14, 3 * D - 1), "tie": (2, 3 * D - 1), "lose": (13, 3 * D - 1)}, False),
    ("banker-and-broker", D, {"win": (0, 0), "tie": (0, 0), "lose": (0, 0)}, False),   # no section at all
    ("banker-and-broker", D, _with(BB, lose=(3, D)), False),                  # W + T + L = 9 of 10 sections
    ("banker-and-broker", D, _with(BB, lose=(5, D)), False),                  # = 11 of 10
    ("banker-and-broker", D, _with(BB, tie=(1, D + 1)), False),               # T over other sections
    ("banker-and-broker", D, _with(BB, tie=None), False),                     # T missing
    ("banker-and-broker", D, {"win": (10, D), "tie": (0, D), "lose": (0, D)}, True),   # won every section
    # Landsknecht
    ("landsknecht", D, LK, True),
    ("landsknecht", D, _with(LK, first=(D, D)), True),                         # F won every deal
    ("landsknecht", D, _with(LK, first=(D + 1, D)), False),
    ("landsknecht", D, _with(LK, first=(5, D - 1)), False),                    # F missing in one deal
    ("landsknecht", D, _with(LK, first=None), False),                          # F missing
    ("landsknecht", D, _with(LK, late=(3, D)), True),                          # L in every deal: the most
    ("landsknecht", D, _with(LK, late=(3, D + 1)), False),
    ("landsknecht", D, _with(LK, late=(0, 0)), True),                          # L never placed
    ("landsknecht", D, _with(LK, void=(2, D + 2)), True),                      # 2 void of 12 started
    ("landsknecht", D, _with(LK, void=(2, D + 1)), False),                     # started != played + void
    ("landsknecht", D, _with(LK, void=(2, D + 3)), False),
    ("landsknecht", D, _with(LK, void=None), False),                           # void deals missing
]


@pytest.mark.parametrize("game, deals, counts, ok", ROWS,
                         ids=[f"{g}-{i}-{'ok' if ok else 'refused'}" for i, (g, _, _, ok) in enumerate(ROWS)])
def test_both_sides_of_each_limit(game, deals, counts, ok):
    if ok:
        check_counts(game, deals, counts)
    else:
        with pytest.raises(BoardError):
            check_counts(game, deals, counts)

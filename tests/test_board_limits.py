"""Both sides of every limit of the class board's count check (``check_counts``).

Each row is a group's counts as the board receives them (``(successes, trials)`` per
event) with the right answer written beside it, derived from the lesson's rules
(book/lesson-*.md), not from the board: each game's rows, with the rules they follow
from, are its ``BOARD_LIMIT_ROWS`` in tests/game_data/<game>.py (a game with none fails).

A row that must be accepted is accepted; a row just past a limit is refused with the
board's own error (a :class:`BoardError`), never a ``KeyError`` or ``TypeError``.
"""

from __future__ import annotations

import pytest

from banking_games import registry
from banking_games.widgets.board import BoardError, check_counts
from conftest import expected

ROWS = [(slug, *row) for slug in registry.SLUGS for row in expected(slug, "BOARD_LIMIT_ROWS")]


@pytest.mark.parametrize("game, deals, counts, ok", ROWS,
                         ids=[f"{g}-{i}-{'ok' if ok else 'refused'}" for i, (g, _, _, ok) in enumerate(ROWS)])
def test_both_sides_of_each_limit(game, deals, counts, ok):
    if ok:
        check_counts(game, deals, counts)
    else:
        with pytest.raises(BoardError):
            check_counts(game, deals, counts)

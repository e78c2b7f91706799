"""Hoggenheimer's expected values for the generic tests (see ``__init__``)."""

from game_data import with_changes

# tests/test_print.py: the chapter printed on A4 (solutions open, the code the page shows
# included), measured with the print stylesheet of issue 10: 13 pages (before it: 18).
# The bound is the measure plus one page.
PRINT_MAX_PAGES = 14

# tests/test_one_source_constructs.py: the name (figure label and `:live-table:`) of the
# chapter's deal replay, the cell its Deal live box runs: book/<slug>.md, the cell tagged live-table.
REPLAY = "hog-replay"

# tests/test_board.py: counts no Hoggenheimer group code can carry (board.check_counts refuses them):
# a bet wins at most once a deal, and every bet is counted over every deal.
IMPOSSIBLE_COUNTS = [
    (10, {"A": (11, 10), "B": (0, 10), "C": (0, 10), "D": (0, 10)}),   # 11 wins in 10 deals
    (10, {"A": (1, 9), "B": (0, 10), "C": (0, 10), "D": (0, 10)}),     # A over 9 deals of 10
]


def lesson_net_and_units(nets, total):
    """tests/test_board.py: the lesson's money question, one unit on each lesson bet in every
    deal: the net of the engine's own settlements of the groups' sessions (teaching.pool_nets,
    ``nets``) and the units staked, 4 bets (A-D) x the deals (``total``: teaching.pool)."""
    return sum(nets[k] for k in "ABCD"), 4 * total["A"].trials


# tests/test_board_limits.py: both sides of every limit of the board's count check for a
# Hoggenheimer code, rows (deals, counts, accepted?) with the right answer beside each, derived
# from the lesson's rules (book/lesson-hoggenheimer.md), not from the board: bets A-D are
# followed in every deal, so each has exactly one trial per deal and at most that many wins; a
# deal turns from 1 card (the Joker first) to all 33 cards of the English pack (32 ranked cards
# and the Joker).
D = 10   # deals of most rows
HOG = {k: (3, D) for k in "ABCD"}
BOARD_LIMIT_ROWS = [
    (D, with_changes(HOG, A=(D, D)), True),            # won every deal: the most
    (D, with_changes(HOG, A=(D + 1, D)), False),       # one win more than deals
    (D, with_changes(HOG, A=(0, D)), True),            # never won
    (D, with_changes(HOG, A=(-1, D)), False),          # a negative count
    (D, with_changes(HOG, A=(3, D - 1)), False),       # followed in one deal fewer
    (D, with_changes(HOG, A=(3, D + 1)), False),       # in one deal more
    (D, with_changes(HOG, D=None), False),             # bet D missing
    (D, with_changes(HOG, E=(1, D)), False),           # no bet E in the lesson
    (D, with_changes(HOG, turned=(D, D)), True),       # 1 card a deal: the Joker first each time
    (D, with_changes(HOG, turned=(D - 1, D)), False),  # fewer than 1 a deal
    (D, with_changes(HOG, turned=(33 * D, D)), True),  # all 33 cards every deal
    (D, with_changes(HOG, turned=(33 * D + 1, D)), False),
    (D, with_changes(HOG, turned=(20, D - 1)), False),  # counted over other deals
    (1, {k: (1, 1) for k in "ABCD"}, True),      # one deal: the fewest
    (0, {k: (0, 0) for k in "ABCD"}, False),     # no deal
]

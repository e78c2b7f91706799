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
_HOG = {k: (3, D) for k in "ABCD"}
BOARD_LIMIT_ROWS = [
    (D, with_changes(_HOG, A=(D, D)), True),            # won every deal: the most
    (D, with_changes(_HOG, A=(D + 1, D)), False),       # one win more than deals
    (D, with_changes(_HOG, A=(0, D)), True),            # never won
    (D, with_changes(_HOG, A=(-1, D)), False),          # a negative count
    (D, with_changes(_HOG, A=(3, D - 1)), False),       # followed in one deal fewer
    (D, with_changes(_HOG, A=(3, D + 1)), False),       # in one deal more
    (D, with_changes(_HOG, D=None), False),             # bet D missing
    (D, with_changes(_HOG, E=(1, D)), False),           # no bet E in the lesson
    (D, with_changes(_HOG, turned=(D, D)), True),       # 1 card a deal: the Joker first each time
    (D, with_changes(_HOG, turned=(D - 1, D)), False),  # fewer than 1 a deal
    (D, with_changes(_HOG, turned=(33 * D, D)), True),  # all 33 cards every deal
    (D, with_changes(_HOG, turned=(33 * D + 1, D)), False),
    (D, with_changes(_HOG, turned=(20, D - 1)), False),  # counted over other deals
    (1, {k: (1, 1) for k in "ABCD"}, True),      # one deal: the fewest
    (0, {k: (0, 0) for k in "ABCD"}, False),     # no deal
]


# tests/test_teaching.py: the printed handout (book/_handouts/hoggenheimer-handout.pdf): its
# pages, and words it must hold (the pack, the payouts 8, 4 and 2 to 1 of the lesson's bets,
# the layout mat and the worksheet, the layout's first and last cells).
HANDOUT_PAGES = 3
HANDOUT_TEXT = ["33 cards", "Joker", "8 to 1", "4 to 1", "2 to 1", "layout mat", "worksheet", "A♠", "7♣"]


def check_lesson_nets(lesson):
    """tests/test_teaching.py: a group's nets are the settlements the source's payout rule
    gives: a bet on c cards paid c to 1 nets c per win and -1 per loss, so over N deals
    (c + 1) W - N (``lesson``: the classroom module)."""
    from banking_games.games.hoggenheimer import make_bet
    hog = lesson.group(101, 30)
    for letter, spec, _ in lesson.BETS:
        c = len(make_bet(spec).cards)
        wins = hog.count(letter).successes
        assert hog.nets[letter] == (c + 1) * wins - 30, letter


def _every_bet() -> list[str]:
    from banking_games.games.hoggenheimer import all_bets
    return [" ".join(c.name for c in b.cards) for b in all_bets()]


# tests/test_group_codes.py: every bet a repeat code can name, as the engine writes it: each of
# the engine's bets (games.hoggenheimer.all_bets), its cards' names.
REPEAT_BET_SPECS = _every_bet()


# tests/test_widgets_misuse.py: the function of widgets.hoggenheimer the table draws its layout with
# (called in _render after the header, before the rest).
DRAWER = "frame_html"


# tests/test_folded_panels.py: four players at the table; a deal played with bets on it; the
# cards turned in a table's deal, counted from the engine's deal (its CardTurned events).
FOUR_PLAYERS = ("Anna", "Ben", "Cleo", "Dora")


def play_a_deal(t) -> None:
    """Two bets (JH for 2, hearts for 1) by a punter, a card turned, then the deal to its end."""
    punter = next(p for p in t.players if p != t.deal.banker)
    for spec, stake in (("JH", "2"), ("hearts", "1")):
        t.punter.value, t.typed_bet.value, t.stake.value = punter, spec, stake
        t.bet_button.click()
        assert not t.message.is_error, t.message.value
    t.turn()
    t.deal_to_end()
    assert not t.message.is_error, t.message.value


def cards_turned(t) -> int:
    from banking_games.games.hoggenheimer import CardTurned
    return sum(1 for e in t.deal.history if isinstance(e, CardTurned))


# tests/test_dealing_path.py: one seeded deal played to the end through the engine (``engine``:
# games.hoggenheimer) and drawn by its view (``view``: display.hoggenheimer), numpy and the other
# heavy packages blocked; chips are conserved (money.Settlement: banker_net == -sum(player_net)).
BLOCKED_DEAL = """
d = engine.HoggenheimerDeal(rng=7)
d.place_bet("Ann", "JH", 2)
d.play()
s = d.settle()
assert s.banker_net == -sum(s.player_net.values())
assert "<" in str(view.layout_html(d))
"""


# tests/test_exercise_answers.py: the exercises of Hoggenheimer's pages that ask the reader to
# deal (and so say how with the Repeat panel), label -> page; the test finds every such exercise.
REPEAT_EXERCISES = {"hog-ex-predict": "hoggenheimer", "hog-ex-band": "hoggenheimer-simulation"}

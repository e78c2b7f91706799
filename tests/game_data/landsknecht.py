"""Landsknecht's expected values for the generic tests (see ``__init__``)."""

from game_data import with_changes

# tests/test_print.py: the chapter printed on A4 (solutions open, the code the page shows
# included), measured with the print stylesheet of issue 10: 11 pages (before it: 16).
# The bound is the measure plus one page.
PRINT_MAX_PAGES = 12

# tests/test_one_source_constructs.py: the name (figure label and `:live-table:`) of the
# chapter's deal replay, the cell its Deal live box runs: book/<slug>.md, the cell tagged live-table.
REPLAY = "lk-replay"

# tests/test_board.py: counts no Landsknecht group code can carry (board.check_counts refuses
# them): the late bet L is placed at most once a played deal; the voids and the played deals
# add up to the deals started.
IMPOSSIBLE_COUNTS = [
    (10, {"first": (5, 10), "late": (3, 11), "void": (0, 10)}),        # L placed 11 times
    (10, {"first": (5, 10), "void": (1, 10)}),                         # 1 void of 11 started
]


def lesson_net_and_units(nets, total):
    """tests/test_board.py: the lesson's money question, one unit on each lesson bet in every
    deal: the net of the engine's own settlements of the groups' sessions (teaching.pool_nets,
    ``nets``) and the units staked, F once a deal (``total``: teaching.pool)."""
    return nets["first"], total["first"].trials


# tests/test_board_limits.py: both sides of every limit of the board's count check for a
# Landsknecht code, rows (deals, counts, accepted?) with the right answer beside each, derived
# from the lesson's rules (book/lesson-landsknecht.md), not from the board: F is staked once in
# every deal; L at most once a deal; void deals are counted among the deals started
# (started = played + void).
D = 10   # deals of every row
_LK = {"first": (5, D), "void": (0, D)}
BOARD_LIMIT_ROWS = [
    (D, _LK, True),
    (D, with_changes(_LK, first=(D, D)), True),                         # F won every deal
    (D, with_changes(_LK, first=(D + 1, D)), False),
    (D, with_changes(_LK, first=(5, D - 1)), False),                    # F missing in one deal
    (D, with_changes(_LK, first=None), False),                          # F missing
    (D, with_changes(_LK, late=(3, D)), True),                          # L in every deal: the most
    (D, with_changes(_LK, late=(3, D + 1)), False),
    (D, with_changes(_LK, late=(0, 0)), True),                          # L never placed
    (D, with_changes(_LK, void=(2, D + 2)), True),                      # 2 void of 12 started
    (D, with_changes(_LK, void=(2, D + 1)), False),                     # started != played + void
    (D, with_changes(_LK, void=(2, D + 3)), False),
    (D, with_changes(_LK, void=None), False),                           # void deals missing
]


# tests/test_teaching.py: the printed handout (book/_handouts/landsknecht-handout.pdf): its
# pages, and words it must hold (the pack, the cards of a deal, void deals, the worksheet, the payout).
HANDOUT_PAGES = 2
HANDOUT_TEXT = ["52-card pack", "banker's card", "players' card", "void", "worksheet", "even money"]


def check_lesson_nets(lesson):
    """tests/test_teaching.py: a group's nets are the settlements the source's payout rule
    gives: a bet at even money nets 2 W - N (``lesson``: the classroom module)."""
    lk = lesson.group(301, 20)
    assert lk.nets["first"] == 2 * lk.count("first").successes - lk.count("first").trials
    assert lk.nets.get("late", 0) == 2 * lk.count("late").successes - lk.count("late").trials


# tests/test_group_codes.py: every bet a repeat code can name: a players' card, 1 to 60.
REPEAT_BET_SPECS = [f"players' card {k}" for k in range(1, 61)]


# tests/test_widgets_misuse.py: the function of widgets.landsknecht the table draws its layout with
# (called in _render after the header, before the rest).
DRAWER = "table_html"


# tests/test_folded_panels.py: four players at the table; a deal played with bets on it; the
# cards turned in a table's deal, counted from the engine's deal.
FOUR_PLAYERS = ("Anna", "Boris", "Clara", "Dora")


def play_a_deal(t) -> None:
    """A bet on the first players' card, two cards turned, then the deal to its end."""
    punter = next(p for p in t.session.players if p != t.deal.banker)
    t.punter.value, t.card.value, t.stake.value = punter, t.deal.live_cards[0].name, "2"
    t.place_bet()
    t.turn()
    t.turn()
    if not t.deal.is_over:
        t.deal_to_end()
    assert not t.message.is_error, t.message.value


def cards_turned(t) -> int:
    return t.deal.turns


# tests/test_dealing_path.py: one seeded deal played to the end through the engine (``engine``:
# games.landsknecht) and drawn by its view (``view``: display.landsknecht), numpy and the other
# heavy packages blocked; chips are conserved (money.Settlement: banker_net == -sum(player_net)).
BLOCKED_DEAL = """
d, _ = engine.new_deal(7, banker="B", players=("A", "B"))
d.place_bet("A", d.players_cards[0], 1)
d.play_out()
s = d.settle()
assert s.banker_net == -sum(s.player_net.values())
assert "<" in str(view.table_html(d))
"""


# tests/test_exercise_answers.py: the exercises of Landsknecht's pages that ask the reader to
# deal (and so say how with the Repeat panel), label -> page; the test finds every such exercise.
REPEAT_EXERCISES = {"lk-ex-predict": "landsknecht"}


# tests/test_i18n.py: the game's name in each language, as that edition's chapter titles it
# (book/locales/<lang>/LC_MESSAGES/landsknecht.po, its first heading); "en" is the registry's title.
TITLES = {"en": "Landsknecht", "de": "Landsknecht", "ru": "Ландскнехт"}


def press_through_a_deal(t) -> list[str]:
    """tests/test_i18n.py: seeded deals pressed through at the live table ``t``: a bet placed,
    two cards turned, the deal to its end; a new deal, the lesson's stakes, the deal to its end;
    the message after each press, then the event log."""
    seen = []
    for press in (t.place_bet, t.turn, t.turn, t.deal_to_end, t.new_deal, t.lesson_stakes, t.deal_to_end):
        press()
        seen.append(t.message.text)
    return seen + [t._log_html]


# tests/test_i18n.py: real-cards counts the class board refuses on this game's board (its fields
# -> the value typed), each with the refusal: "en" word for word (as before the catalogues had
# it), "de" and "ru" a part of the edition's message. L won twice but was placed once: a bet wins
# at most once each time it is placed.
REAL_CARDS_REFUSALS = [
    ({"group": "1", "deals": "3", "first": "1", "late_placed": "1", "late": "2", "void": "0"},
     {"en": "L: won 2, but placed only 1",
      "de": "L hat 2-mal gewonnen, wurde aber nur 1-mal gesetzt",
      "ru": "L: выигрышей 2, а ставок на неё только 1"}),
]


# tests/test_paper_sheets.py: the headings of the handout's two kinds of page (rules card,
# worksheet) in each edition, as a German and a Russian teacher would title them
# (docs/i18n/de.md, ru.md: Arbeitsblatt, рабочий лист ...).
SHEET_HEADINGS = {"de": ["Landsknecht: Spielregeln", "Landsknecht: Arbeitsblatt"],
                  "ru": ["Ландскнехт: правила", "Ландскнехт: рабочий лист"]}


# tests/test_editions_site.py: words the built edition's pages of this game show, page -> words,
# from the term lists docs/i18n/de.md and docs/i18n/ru.md, numbers with a decimal comma: the
# lesson's pooled table (32 of 80 in the band 0,388 to 0,612).
EDITION_WORDS = {
    "de": {"landsknecht.html": ["Karten der Pointeure", "Karte des Bankhalters", "Stapel: "],
           "landsknecht-simulation.html": ["1 Einheit auf die erste Karte der Pointeure, sofort"],
           "lesson-landsknecht.html": ["Anteil der Klasse", "innerhalb?", "32 von 80", "0,400", "0,388 bis 0,612"]},
    "ru": {"landsknecht.html": ["Карты игроков", "карта банкомёта", "стопка: "],
           "landsknecht-simulation.html": ["1 единица на первую карту игроков, сразу"],
           "lesson-landsknecht.html": ["доля в классе", "внутри?", "32 из 80", "0,400", "от 0,388 до 0,612"]},
}


def one_unit_bet(t) -> None:
    """tests/test_repeat.py: one unit on the first players' card by the first player who is not
    the banker, at the table ``t`` (the Repeat panel then repeats it)."""
    t.deal.place_bet([p for p in t.deal.players if p != t.deal.banker][0], t.deal.players_cards[0], 1)

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


# tests/test_i18n.py: the game's name in each language, as that edition's chapter titles it
# (book/locales/<lang>/LC_MESSAGES/hoggenheimer.po, its first heading); "en" is the registry's title.
TITLES = {"en": "Hoggenheimer", "de": "Hoggenheimer", "ru": "Хоггенхаймер"}


def press_through_a_deal(t) -> list[str]:
    """tests/test_i18n.py: a seeded deal pressed through at the live table ``t``: the bet 7S 7H
    chosen and placed, a card turned, the deal to its end; the message after each press, then
    the event log."""
    t.select_bet("7S 7H")
    seen = []
    for press in (t.place_bet, t.turn, t.deal_to_end):
        press()
        seen.append(t.message.text)
    return seen + [t._log_html]


# tests/test_i18n.py: real-cards counts the class board refuses on this game's board (its fields
# -> the value typed), each with the refusal: "en" word for word (as before the catalogues had
# it), "de" and "ru" a part of the edition's message, in its words and numbers (10.000, 10 000).
# A group number that is not a number; bet A won 5 times in 3 deals (more than its trials, one a
# deal); 20,000 deals (the board takes 1 to 10,000).
REAL_CARDS_REFUSALS = [
    ({"group": "x", "deals": "3", "A": "1", "B": "1", "C": "1", "D": "1"},
     {"en": "Group: type a whole number 0 or more (at most 9 digits), got 'x'",
      "de": "Gruppe: Geben Sie eine ganze Zahl ab 0 ein (höchstens 9 Ziffern); angegeben: 'x'",
      "ru": "Группа: введите целое число не меньше 0 (не больше 9 цифр); получено: 'x'"}),
    ({"group": "1", "deals": "3", "A": "5", "B": "1", "C": "1", "D": "1"},
     {"en": "A: 5 successes out of 3 cannot be (more than the trials)",
      "de": "A: 5 Treffer bei 3 Versuchen sind nicht möglich (mehr als die Versuche)",
      "ru": "A: так не бывает — успехов 5, а испытаний 3"}),
    ({"group": "1", "deals": "20000", "A": "1", "B": "1", "C": "1", "D": "1"},
     {"en": "Deals: from 1 to 10,000, got 20,000",
      "de": "Runden: 1 bis 10.000; angegeben: 20.000",
      "ru": "Сдачи: от 1 до 10\u00a0000; получено: 20\u00a0000"}),
]


# tests/test_paper_sheets.py: the headings of the handout's three kinds of page (rules card,
# layout mat, worksheet) in each edition, as a German and a Russian teacher would title them
# (docs/i18n/de.md, ru.md: Arbeitsblatt, рабочий лист ...).
SHEET_HEADINGS = {"de": ["Hoggenheimer: Spielregeln", "Hoggenheimer: Spielplan", "Hoggenheimer: Arbeitsblatt"],
                  "ru": ["Хоггенхаймер: правила", "Хоггенхаймер: игровое поле", "Хоггенхаймер: рабочий лист"]}


# tests/test_editions_site.py: words the built edition's pages of this game show, page -> words,
# from the term lists docs/i18n/de.md and docs/i18n/ru.md (card names as card players say them:
# Pik-Ass, туз пик), numbers with a decimal comma.
EDITION_WORDS = {
    "de": {"hoggenheimer.html": ["Pik-Ass", "Herz-Bube", "noch keine Karte aufgedeckt", "33. Karte",
                                 "leeres Feld für Pik-Ass"],
           "hoggenheimer-values.html": ["Bankvorteil", "faire Quote", "Gewinnquote",
                                        "vier Karten eines Rangs (eine Spalte)"],
           "lesson-hoggenheimer.html": ["A: Herz-Bube", "Anteil der Klasse"]},
    "ru": {"hoggenheimer.html": ["туз пик", "валет червей", "ещё ни одна карта не открыта", "33-я карта",
                                 "пустая клетка: туз пик"],
           "hoggenheimer-values.html": ["преимущество банка", "справедливая выплата",
                                        "четыре карты одного достоинства (столбец)"],
           "lesson-hoggenheimer.html": ["A: валет червей", "доля в классе"]},
}


def one_unit_bet(t) -> None:
    """tests/test_repeat.py: one unit on JH by the first player who is not the banker, at the
    table ``t`` (the Repeat panel then repeats it)."""
    t.deal.place_bet(t.players[1] if t.deal.banker == t.players[0] else t.players[0], "JH", 1)

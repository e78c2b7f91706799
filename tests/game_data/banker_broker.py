"""Banker and Broker's expected values for the generic tests (see ``__init__``)."""

from game_data import with_changes

# tests/test_print.py: the chapter printed on A4 (solutions open, the code the page shows
# included), measured with the print stylesheet of issue 10: 10 pages (before it: 17).
# The bound is the measure plus one page.
PRINT_MAX_PAGES = 11

# tests/test_one_source_constructs.py: the name (figure label and `:live-table:`) of the
# chapter's deal replay, the cell its Deal live box runs: book/<slug>.md, the cell tagged live-table.
REPLAY = "bb-replay"

# tests/test_board.py: counts no Banker and Broker group code can carry (board.check_counts
# refuses them): each punter's section ends in exactly one of win, tie and lose.
IMPOSSIBLE_COUNTS = [
    (10, {"win": (10, 30), "tie": (1, 30), "lose": (10, 30)}),       # 21 of 30 sections
]


def lesson_net_and_units(nets, total):
    """tests/test_board.py: the lesson's money question, one unit on each lesson bet in every
    deal: the net of the engine's own settlements of the groups' sessions (teaching.pool_nets,
    ``nets``) and the units staked, one unit per punter's section (``total``: teaching.pool)."""
    return nets["net"], total["win"].trials


# tests/test_board_limits.py: both sides of every limit of the board's count check for a
# Banker and Broker code, rows (deals, counts, accepted?) with the right answer beside each,
# derived from the lesson's rules (book/lesson-banker-and-broker.md), not from the board: every
# section of a deal is won, tied or lost, so W, T and L have the same trials, add up to them,
# and a deal has the same whole number (at least 1) of punters' sections.
D = 10   # deals of every row
_BB = {"win": (5, D), "tie": (1, D), "lose": (4, D)}
BOARD_LIMIT_ROWS = [
    (D, _BB, True),                                       # 1 section a deal
    (D, {"win": (15, 3 * D), "tie": (2, 3 * D), "lose": (13, 3 * D)}, True),   # 3 a deal
    (D, {"win": (14, 3 * D - 1), "tie": (2, 3 * D - 1), "lose": (13, 3 * D - 1)}, False),
    (D, {"win": (0, 0), "tie": (0, 0), "lose": (0, 0)}, False),   # no section at all
    (D, with_changes(_BB, lose=(3, D)), False),                  # W + T + L = 9 of 10 sections
    (D, with_changes(_BB, lose=(5, D)), False),                  # = 11 of 10
    (D, with_changes(_BB, tie=(1, D + 1)), False),               # T over other sections
    (D, with_changes(_BB, tie=None), False),                     # T missing
    (D, {"win": (10, D), "tie": (0, D), "lose": (0, D)}, True),   # won every section
]


# tests/test_teaching.py: the printed handout (book/_handouts/banker-and-broker-handout.pdf):
# its pages, and words it must hold (the pack, the payout, ties, the worksheet, the card that counts).
HANDOUT_PAGES = 2
HANDOUT_TEXT = ["52-card pack", "even money (1 to 1)", "tie", "worksheet", "bottom card"]


def check_lesson_nets(lesson):
    """tests/test_teaching.py: a group's nets are the settlements the source's payout rule
    gives: a section at even money with the bank winning ties nets +1 per win and -1 per tie
    or loss, W - T - L (``lesson``: the classroom module)."""
    bb = lesson.group(201, 20)
    w, t, l = (bb.count(k).successes for k in ("win", "tie", "lose"))
    assert bb.nets["net"] == w - t - l and w + t + l == bb.count("tie").trials


# tests/test_group_codes.py: every bet a repeat code can name: a section, 1 to 60.
REPEAT_BET_SPECS = [f"section {k}" for k in range(1, 61)]


# tests/test_widgets_misuse.py: the function of widgets.banker_broker the table draws its layout with
# (called in _render after the header, before the rest).
DRAWER = "section_html"


# tests/test_folded_panels.py: four players at the table; a deal played with bets on it; the
# sections turned in a table's deal, counted from the engine's deal.
FOUR_PLAYERS = ("Anna", "Ben", "Cleo", "Dora")


def play_a_deal(t) -> None:
    """A bet of 2 by the first punter, the cut, a section turned, then the deal ended."""
    t.punter.value = t.deal.punters[0]
    t.stake.value = "2"
    t.bet_button.click()
    t.cut_button.click()
    t.turn_button.click()
    t.end_button.click()
    assert not t.message.is_error, t.message.value


def cards_turned(t) -> int:
    return len(t.deal.turned)


# tests/test_dealing_path.py: one seeded deal played to the end through the engine (``engine``:
# games.banker_broker) and drawn by its view (``view``: display.banker_broker), numpy and the
# other heavy packages blocked; chips are conserved (money.Settlement: banker_net == -sum(player_net)).
BLOCKED_DEAL = """
d = engine.BankerBrokerDeal(engine.BankerBrokerConfig(), ("Ann", "Bob"), rng=7)
d.bet("Ann", 1)
d.play_out()
s = d.settle()
assert s.banker_net == -sum(s.player_net.values())
assert "<" in str(view.deal_html(d))
"""


# tests/test_exercise_answers.py: the exercises of Banker and Broker's pages that ask the reader
# to deal (and so say how with the Repeat panel), label -> page; the test finds every such exercise.
REPEAT_EXERCISES = {"bb-ex-predict": "banker-and-broker", "bb-ex-band": "banker-and-broker-simulation"}


# tests/test_i18n.py: the game's name in each language, as that edition's chapter titles it
# (book/locales/<lang>/LC_MESSAGES/banker-and-broker.po, its first heading); "en" is the registry's
# title. The German edition keeps the English source's title.
TITLES = {"en": "Banker and Broker", "de": "Banker and Broker", "ru": "Банкир и маклер"}


def press_through_a_deal(t) -> list[str]:
    """tests/test_i18n.py: a seeded deal pressed through at the live table ``t``: a bet placed,
    the cut, two sections turned, the deal to its end; the message after each press, then the
    event log."""
    seen = []
    for press in (t.place_bet, t.cut, t.turn, t.turn, t.deal_to_end):
        press()
        seen.append(t.message.text)
    return seen + [t._log_html]


# tests/test_i18n.py: real-cards counts the class board refuses on this game's board (its fields
# -> the value typed), each with the refusal: "en" word for word (as before the catalogues had
# it), "de" and "ru" a part of the edition's message. 1 section in 2 deals: every deal has at
# least 1 punter's section, the same number each deal, so sections are a multiple of the deals.
REAL_CARDS_REFUSALS = [
    ({"group": "1", "deals": "2", "win": "1", "tie": "0", "lose": "0"},
     {"en": "1 sections in 2 deals cannot be: each deal has the same number of punters' sections, at least 1",
      "de": "1 Päckchen in 2 Runden sind nicht möglich: Jede Runde hat gleich viele Päckchen der Pointeure, "
            "mindestens 1",
      "ru": "так не бывает: пачек 1 при числе сдач 2"}),
]


# tests/test_paper_sheets.py: the headings of the handout's two kinds of page (rules card,
# worksheet) in each edition, as a German and a Russian teacher would title them
# (docs/i18n/de.md, ru.md: Arbeitsblatt, рабочий лист ...).
SHEET_HEADINGS = {"de": ["Banker and Broker: Spielregeln", "Banker and Broker: Arbeitsblatt"],
                  "ru": ["Банкир и маклер: правила", "Банкир и маклер: рабочий лист"]}


# tests/test_editions_site.py: words the built edition's pages of this game show, page -> words,
# from the term lists docs/i18n/de.md and docs/i18n/ru.md.
EDITION_WORDS = {
    "de": {"banker-and-broker-values.html": ["Gleichstand: Bank gewinnt", "Gleichstand: Einsatz zurück"]},
    "ru": {"banker-and-broker-values.html": ["ничья: выигрывает банк", "ничья: ставка возвращается"]},
}


def one_unit_bet(t) -> None:
    """tests/test_repeat.py: one unit by the first punter, at the table ``t`` (the Repeat panel
    then repeats it)."""
    t.deal.bet(t.deal.punters[0], 1)

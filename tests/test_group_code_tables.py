"""The group codes the tables show (issue 20): the Repeat panel's code of a
repeat, and each dealing table's *Group code for the lesson*.

The right counts are read here from the tables themselves, deal by deal (the
cards each deal turned, with the engine's bet and compare), as a group would
write them on the worksheet: an independent path from
``banking_games.teaching``, which the lesson code is computed with.
"""

from __future__ import annotations

import re
import sys
from fractions import Fraction
from pathlib import Path

from banking_games.classroom import group_codes as G
from banking_games.classroom import teaching as T
from banking_games.games.banker_broker import compare
from banking_games.games.hoggenheimer import make_bet
from banking_games.classroom import hoggenheimer as hog_lesson

sys.path.insert(0, str(Path(__file__).parent))
from conftest import new_table  # noqa: E402
from test_repeat import hoggenheimer_table  # noqa: E402


def _shown_code(section) -> G.GroupCode:
    """Decode the code as the section shows it (the text in its <code> element)."""
    text = re.search(r'<code class="bg-group-code-text"[^>]*>([^<]+)</code>', section.value).group(1)
    return G.decode(text)


def test_hoggenheimer_lesson_code_is_what_the_group_counts():
    table = new_table("hoggenheimer", seed=105)
    table.more.selected_index = 2
    assert "finish a deal first" in table.lesson_code.value and table.lesson_code.code is None
    wins = {letter: 0 for letter, _, _ in hog_lesson.BETS}
    reported = 0
    for n in range(3):
        table.deal_to_end()
        for letter, spec, _ in hog_lesson.BETS:
            wins[letter] += make_bet(spec).wins(table.deal.turned)
        # the worksheet's number: the table's message "... card N: the Joker"
        reported += int(re.search(r"card (\d+): the Joker", table.message.value, re.I).group(1))
        code = _shown_code(table.lesson_code)   # the section, open, follows each finished deal
        assert (code.seed, code.deals, code.kind, code.game) == (105, n + 1, "lesson", "hoggenheimer")
        table.new_deal()
    # a deal under way is not counted: still the 3 finished deals
    code = _shown_code(table.lesson_code)
    assert code.deals == 3
    assert {k: code.counts[k] for k in wins} == {k: (w, 3) for k, w in wins.items()}
    assert code.counts["turned"] == (reported, 3)


def test_banker_broker_lesson_code_is_what_the_group_counts():
    table = new_table("banker-and-broker", seed=205)
    table.more.selected_index = 2
    tally = {"win": 0, "tie": 0, "lose": 0}
    sections = 0
    for _ in range(3):
        table.deal_to_end()
        d = table.deal
        for n in d.player_section_numbers:
            sections += 1
            sign = compare(d.sections[n - 1].bottom, d.banker_card)
            tally["win" if sign > 0 else "tie" if sign == 0 else "lose"] += 1
        table.new_deal()
    code = _shown_code(table.lesson_code)
    assert (code.seed, code.deals) == (205, 3)
    assert code.counts == {k: (v, sections) for k, v in tally.items()}


def test_landsknecht_lesson_code_counts_the_first_card_and_void_deals():
    table = new_table("landsknecht", seed=305)
    table.more.selected_index = 2
    won = voids = 0
    for _ in range(3):
        voids += len(table.voided)           # void deals redealt before this deal
        # as the group does: one unit on the first players' card at the start of the deal
        table.card.value = table.deal.players_cards[0].name
        table.stake.value = "1"
        table.place_bet()
        bet = table.deal.bets[-1]
        table.deal_to_end()
        won += table.deal.result_of(bet).outcome == "win"
        table.new_deal()
    code = _shown_code(table.lesson_code)
    assert (code.seed, code.deals) == (305, 3)
    assert code.counts["first"] == (won, 3)
    assert code.counts["void"] == (voids, voids + 3)   # deals started: the 3 played and the void ones


def test_no_lesson_code_outside_the_lessons_setting():
    hog = new_table("hoggenheimer", seed=7, procedure="german")
    hog.more.selected_index = 2
    hog.deal_to_end()
    assert hog.lesson_code.code is None and "English procedure" in hog.lesson_code.value
    # English at first, German from deal 2 on: the session has left the lesson
    hog = new_table("hoggenheimer", seed=7)
    hog.more.selected_index = 2
    hog.deal_to_end()
    assert hog.lesson_code.code is not None
    hog.procedure.value = "german"
    hog.new_deal()
    hog.deal_to_end()
    assert hog.lesson_code.code is None and "English procedure" in hog.lesson_code.value

    bb = new_table("banker-and-broker", seed=7)
    bb.more.selected_index = 2
    bb.sizes.value = "13 13 13 12"
    bb.deal_to_end()
    assert bb.lesson_code.code is None and "cut at random" in bb.lesson_code.value

    # three players: two punters' sections a deal, not the lesson's three
    bb = new_table("banker-and-broker", ("Anna", "Ben", "Cleo"), seed=7)
    bb.more.selected_index = 2
    bb.deal_to_end()
    assert bb.lesson_code.code is None and "players Anna, Ben, Cleo, Dora" in bb.lesson_code.value


def test_landsknecht_chapter_table_with_four_players_deals_the_lessons_cards():
    # the chapter's live table seats Dora too; its deals are the lesson's (three players),
    # so the code is shown, with the counts a three-player table of the same seed shows
    four = new_table("landsknecht", ("Anna", "Boris", "Clara", "Dora"), seed=301)
    three = new_table("landsknecht", seed=301)
    for t in (four, three):
        t.more.selected_index = 2
        for _ in range(4):
            t.deal_to_end()
            t.new_deal()
    assert _shown_code(four.lesson_code) == _shown_code(three.lesson_code)
    assert _shown_code(four.lesson_code).deals == 4


def test_repeat_code_is_the_tally():
    t = hoggenheimer_table(seed=2026)      # the lesson's four bets, stakes 1, 2, 3, 4
    tally = t.repeat.run(300, 11)
    code = _shown_code(t.repeat.code_view)
    assert code == t.repeat.group_code
    assert (code.game, code.kind, code.seed, code.deals) == ("hoggenheimer", "repeat", 11, 300)
    # the bets in the layout's card order, as make_bet reads them back
    assert code.bets == ("JH", "7S 7H", "9H 8H 9D 8D", "AD KD QD JD 10D 9D 8D 7D")
    assert [code.counts[b] for b in code.bets] == [(b.won, b.placed) for b in tally.bets]
    assert [code.nets[b] for b in code.bets] == [b.net for b in tally.bets]
    assert all(isinstance(x, Fraction) for x in code.nets.values())


def test_repeat_code_of_a_bet_placed_twice_counts_it_once():
    t = new_table("hoggenheimer", ("Anna", "Ben", "Cleo"), seed=3)
    punters = [p for p in t.players if p != t.deal.banker]
    t.deal.place_bet(punters[0], "JH", 1)
    t.deal.place_bet(punters[1], "JH", 2)
    tally = t.repeat.run(50, 4)
    code = t.repeat.group_code
    assert code.bets == ("JH",)
    one, two = tally.bets
    assert (one.won, one.placed) == (two.won, two.placed)   # the same bet: the same outcome every deal
    assert code.counts["JH"] == (one.won, one.placed) and code.nets["JH"] == one.net + two.net

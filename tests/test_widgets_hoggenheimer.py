"""The Hoggenheimer dealing table, driven headlessly (set values, click buttons).

Expected values are derived here independently of the engine:

* the deck of each deal: the session shuffles ``hoggenheimer_pack()`` with one
  ``random.Random(seed)``, deal after deal (documented in
  ``HoggenheimerTable`` and ``cards.shuffled``);
* which cards turn: English procedure (diagram1979, Hoggenheimer, the dealing and
  play paragraphs): ``deck[0..31]`` lie face down row by row (spades, hearts,
  diamonds, clubs; A K Q J 10 9 8 7), ``deck[32]`` to one side; each turned
  card goes to its home cell and the card lying there is turned next, until
  the Joker. German procedure (dewiki-hoggenheimer, "Der Ablauf eines
  Spiels"): the pack is turned in order until the Joker;
* a bet wins iff all its cards are turned before the Joker (both texts), and
  its payout odds equal its number of cards: 1 card 1 to 1, 2 cards 2 to 1,
  4 cards 4 to 1, 8 cards 8 to 1 (diagram1979, Hoggenheimer payout lines;
  dewiki-hoggenheimer, "Die Wettmöglichkeiten");
* the bank moves one seat to the left, i.e. to the next name in the
  seating list (diagram1979: bank and deal move on to the next player on
  the left).
"""

from __future__ import annotations

import html
import random
import re
from fractions import Fraction

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from banking_games.cards import hoggenheimer_pack, parse_card
from banking_games.games.hoggenheimer import BetKind, all_bets, make_bet
from banking_games.widgets.hoggenheimer import HoggenheimerTable, bet_options

PLAYERS = ("Anna", "Ben", "Cleo", "Dora")
SUITS = "SHDC"                       # layout rows, top first
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")  # layout columns, left first


def decks(seed: int, n: int) -> list[list[str]]:
    """The first ``n`` decks (card names, top first) of a session with ``seed``."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = list(hoggenheimer_pack())
        rng.shuffle(cards)
        out.append([c.name for c in cards])
    return out


def cell_index(name: str) -> int:
    """Row-major index of a card's home cell: row = suit, column = rank."""
    return 8 * SUITS.index(name[-1]) + RANKS.index(name[:-1])


def turned_english(deck: list[str]) -> list[str]:
    out, card = [], deck[32]
    while card != "Joker":
        out.append(card)
        card = deck[cell_index(card)]
    return out


def turned_german(deck: list[str]) -> list[str]:
    return deck[:deck.index("Joker")]


def names(cards) -> list[str]:
    return [c.name for c in cards]


def layout_part(table: HoggenheimerTable) -> str:
    """The layout (and side cards) of the table's drawing, without the row of turned cards."""
    return table.drawing.split("Turned so far")[0]


_SHORT = {c.long_name: c.name for c in hoggenheimer_pack()}


def frame_layout(frame: str) -> tuple[set[str], int]:
    """What a replay frame shows on the layout (not the row of turned cards):
    the face-up cards by name and the number of face-down cards."""
    part = frame.split("Turned so far")[0]
    faces = re.findall(r'class="bg-card bg-face[^"]*" role="img" aria-label="([^"]+)"', part)
    return {_SHORT.get(html.unescape(f), html.unescape(f)) for f in faces}, part.count("bg-back")


def snapshot(t: HoggenheimerTable) -> tuple:
    return (t.deal, t.deal.transcript(), t.deal.bets, t.deal_number, list(t.bankers),
            {p: list(v) for p, v in t.history.items()}, t.settlement, t.drawing,
            t.replay.slider.max, [c.value for c in t.replay.stack.children], t.kind.value, t.bet.value,
            tuple(t.punter.options), t.header.value, t.players, t.seed, t.picker.chosen_cells())


def place(t: HoggenheimerTable, punter: str, spec: str, stake: str) -> None:
    t.punter.value = punter
    t.typed_bet.value = spec
    t.stake.value = stake
    t.bet_button.click()
    assert not t.message.is_error, t.message.value


# ----------------------------------------------------------------- building


def test_new_table_shows_face_down_layout_and_first_banker():
    t = HoggenheimerTable(PLAYERS, seed=5)
    # English deal: 32 backs on the cells + the 33rd card to one side; nothing face up.
    assert layout_part(t).count("bg-back") == 33
    assert layout_part(t).count("bg-face") == 0
    # The first bank goes by high cut (sources; issue 11). Seed 5's cut, read
    # by eye: Anna 8S, Ben QS, Cleo JS, Dora KH; a king beats a queen, a jack
    # and an eight, so Dora banks and the other three punt.
    assert [(p, c.name) for p, c in t.first_banker_cut.rounds[0].cards] == [
        ("Anna", "8S"), ("Ben", "QS"), ("Cleo", "JS"), ("Dora", "KH")]
    assert t.deal.banker == "Dora"
    assert tuple(t.punter.options) == ("Anna", "Ben", "Cleo")
    assert "deal 1" in t.header.value and "Dora" in t.header.value
    assert "Dora cuts highest" in t.message.value
    assert names(t.deal.deck) == decks(5, 1)[0]
    assert t.replay.slider.max == 0 and not t.message.is_error


def test_bet_menus_offer_all_117_bets():
    # 4 rows x 8 columns: 32 cards; pairs 4*7 in rows + 3*8 in columns = 52;
    # squares 3*7 = 21; ranks 8 (columns); suits 4 (rows); 117 in all (module docstring).
    t = HoggenheimerTable(PLAYERS, seed=1)
    expected = {BetKind.CARD: 32, BetKind.PAIR: 52, BetKind.SQUARE: 21, BetKind.RANK: 8, BetKind.SUIT: 4}
    seen = []
    for kind, n in expected.items():
        t.kind.value = kind
        assert len(t.bet.options) == n
        assert all(bet.kind is kind for _, bet in t.bet.options)
        seen += [bet for _, bet in t.bet.options]
    assert len(set(seen)) == 117 and set(seen) == set(all_bets())
    assert [k for _, k in t.kind.options] == list(BetKind)


def test_typed_bet_selects_the_dropdowns():
    t = HoggenheimerTable(PLAYERS, seed=1)
    t.typed_bet.value = "tens"
    assert t.kind.value is BetKind.RANK
    assert sorted(c.name for c in t.bet.value.cards) == ["10C", "10D", "10H", "10S"]
    t.typed_bet.value = "9H 8H 9D 8D"
    assert t.kind.value is BetKind.SQUARE and len(t.bet.value.cards) == 4
    assert not t.message.is_error


def test_the_bet_placed_is_the_one_the_fields_show():
    t = HoggenheimerTable(PLAYERS, seed=6)
    punter = t.punter.options[0]
    # typed "tens", then the reader picks the spades row in the dropdowns: the typed
    # text is cleared, and Place bet places the spades row
    t.typed_bet.value = "tens"
    assert t.typed_bet.value == "tens" and t.kind.value is BetKind.RANK
    t.kind.value = BetKind.SUIT
    t.bet.value = make_bet("spades")
    assert t.typed_bet.value == ""
    t.punter.value = punter
    t.bet_button.click()
    assert not t.message.is_error, t.message.value
    assert [b.bet for b in t.deal.bets] == [make_bet("spades")]
    # a typed bet is placed as typed, whatever the dropdowns held before
    t.kind.value = BetKind.CARD
    t.typed_bet.value = "7S 7H"
    t.bet_button.click()
    assert [b.bet for b in t.deal.bets] == [make_bet("spades"), make_bet("7S 7H")]
    assert t.typed_bet.value == "7S 7H"   # kept: the reader may place it again for another punter


# ----------------------------------------------------------------- the layout's buttons
# The layout's rows are the suits S H D C from the top, its columns the ranks
# A K Q J 10 9 8 7 from the left (diagram1979, the layout; SUITS and RANKS
# above), so cell (row, column) is RANKS[column] + SUITS[row]: (1, 3) is the
# jack of hearts, (0, 5) the 9 of spades, (2, 4) the 10 of diamonds.


def cell(t: HoggenheimerTable, row: int, column: int):
    return t.picker.cells[row][column]


def test_clicking_a_cell_chooses_the_bet_on_its_card():
    t = HoggenheimerTable(PLAYERS, seed=6)
    cell(t, 1, 3).button.click()                      # row 1 = hearts, column 3 = J
    assert t.bet.value == make_bet("JH") and t.kind.value is BetKind.CARD
    assert t.picker.chosen_cells() == {(1, 3)} and not t.message.is_error
    cell(t, 3, 7).button.click()                      # not next to J♥: a new choice, the 7 of clubs
    assert t.bet.value == make_bet("7C") and t.picker.chosen_cells() == {(3, 7)}


def test_row_and_column_heads_choose_the_suit_and_the_rank():
    t = HoggenheimerTable(PLAYERS, seed=6)
    t.picker.row_heads[2].button.click()              # the third row: diamonds, 8 cards
    assert t.bet.value == make_bet("diamonds") and t.kind.value is BetKind.SUIT
    assert t.picker.chosen_cells() == {(2, c) for c in range(8)}
    assert [h.chosen for h in t.picker.row_heads] == [False, False, True, False]
    t.picker.column_heads[4].button.click()           # the fifth column: the four 10s
    assert t.bet.value == make_bet("tens") and t.kind.value is BetKind.RANK
    assert t.picker.chosen_cells() == {(r, 4) for r in range(4)}
    assert not any(h.chosen for h in t.picker.row_heads) and t.picker.column_heads[4].chosen


def test_neighbouring_cells_make_a_pair_then_a_square():
    t = HoggenheimerTable(PLAYERS, seed=6)
    cell(t, 0, 5).button.click()                      # 9♠
    cell(t, 0, 6).button.click()                      # 8♠, beside it in the row: the pair 9♠-8♠
    assert t.bet.value == make_bet("9S 8S") and t.kind.value is BetKind.PAIR
    cell(t, 1, 6).button.click()                      # 8♥, under 8♠: the square 9♠ 8♠ / 9♥ 8♥
    assert t.bet.value == make_bet("9S 8S 9H 8H") and t.kind.value is BetKind.SQUARE
    assert t.picker.chosen_cells() == {(0, 5), (0, 6), (1, 5), (1, 6)}
    cell(t, 1, 5).button.click()                      # a chosen cell: start again from 9♥ alone
    assert t.bet.value == make_bet("9H")
    cell(t, 2, 5).button.click()                      # 9♦ under it: a pair in a column
    assert t.bet.value == make_bet("9H 9D")


def test_a_diagonal_is_refused_with_the_engines_reason_and_the_choice_kept():
    t = HoggenheimerTable(PLAYERS, seed=6)
    cell(t, 1, 3).button.click()                      # J♥
    before = snapshot(t)
    cell(t, 2, 4).button.click()                      # 10♦: one row down, one column right
    assert t.message.is_error
    # the engine refuses a diagonal pair ("they lie diagonally", games/hoggenheimer/rules.py)
    assert "diagonally" in t.message.value and "J♥ 10♦" in t.message.value
    assert snapshot(t) == before                      # still J♥, in the dropdowns and on the layout
    # a pair and the next cell in its line: 3 cards, which no bet covers
    cell(t, 1, 4).button.click()                      # J♥-10♥
    cell(t, 1, 5).button.click()                      # 9♥
    assert t.message.is_error and "got 3" in t.message.value and t.bet.value == make_bet("JH 10H")


def test_layout_buttons_are_named_for_the_bet_they_choose():
    t = HoggenheimerTable(PLAYERS, seed=6)
    assert cell(t, 1, 3).name == "back the jack of hearts"
    assert cell(t, 0, 0).name == "back the ace of spades"
    assert cell(t, 3, 7).name == "back the seven of clubs"
    assert t.picker.row_heads[2].name == "back all the diamonds"
    assert t.picker.column_heads[4].name == "back all the 10s"
    buttons = [c.button for line in t.picker.cells for c in line] + [
        h.button for h in t.picker.row_heads + t.picker.column_heads]
    # 32 cells + 4 suits + 8 ranks; no text of their own, so the tooltip is the name
    assert len(buttons) == 44 and len({b.tooltip for b in buttons}) == 44
    assert all(b.description == "" for b in buttons)


def test_placing_the_clicked_bet_puts_its_chip_on_its_cells():
    t = HoggenheimerTable(PLAYERS, seed=6)
    t.punter.value = t.punter.options[0]
    cell(t, 0, 5).button.click()
    cell(t, 0, 6).button.click()                      # 9♠-8♠
    t.bet_button.click()
    assert [b.bet for b in t.deal.bets] == [make_bet("9S 8S")]
    chip = 'title="bet 1"'
    with_chip = {(r, c) for r in range(4) for c in range(8) if chip in cell(t, r, c).drawing.value}
    assert with_chip == {(0, 5), (0, 6)}
    assert cell(t, 0, 5).name == "back the nine of spades (chip 1 here)"
    assert cell(t, 0, 7).name == "back the seven of spades"
    # after a bet is placed the next click starts a new bet, even next to the last one
    cell(t, 0, 7).button.click()
    assert t.bet.value == make_bet("7S") and not t.message.is_error


def test_a_click_clears_a_typed_bet_that_differs():
    t = HoggenheimerTable(PLAYERS, seed=6)
    t.typed_bet.value = "tens"
    assert t.picker.chosen_cells() == {(r, 4) for r in range(4)}   # the typed bet shows on the layout
    cell(t, 1, 3).button.click()
    assert t.typed_bet.value == "" and t.bet.value == make_bet("JH")
    t.bet_button.click()
    assert [b.bet for b in t.deal.bets] == [make_bet("JH")]


# ----------------------------------------------------------------- whole deals


def test_english_deal_card_by_card_matches_the_chain():
    t = HoggenheimerTable(PLAYERS, seed=11)
    t.more.selected_index = 0  # the replay panel open: one more frame per card turned
    deck = decks(11, 1)[0]
    expect = turned_english(deck)
    # seed 11's cut: Anna JD, Ben QD, Cleo JS, Dora 10D; Ben's queen is highest, so Ben banks
    bets = [("Anna", "JH", "2"), ("Cleo", "7S 7H", "1"), ("Dora", "diamonds", "1/2"), ("Anna", "queens", "3")]
    for punter, spec, stake in bets:
        place(t, punter, spec, stake)
    assert len(t.deal.bets) == 4
    k = 0
    while not t.deal.is_over:
        t.turn_button.click()
        assert not t.message.is_error, t.message.value
        k += 1
        if k <= len(expect):
            assert names(t.deal.turned) == expect[:k]
            assert parse_card(expect[k - 1]).label in t.message.value  # named as the layout draws it
            # each turn: one more card face up, one fewer face-down card on the layout
            assert layout_part(t).count("bg-back") == 33 - k
        assert t.replay.slider.max == k
    assert k == len(expect) + 1  # every non-Joker card of the chain, then the Joker
    assert "Joker" in t.message.value and "settled" in t.message.value
    # after the end: no side card, the Joker shown, 32 - len(expect) cells still face down
    assert layout_part(t).count("bg-back") == 32 - len(expect)
    check_settlement(t, bets, expect)


def check_settlement(t: HoggenheimerTable, bets, turned: list[str]) -> None:
    """The settlement table and the bankroll against the independent rule."""
    turned = set(turned)
    rows = re.findall(r"<tr>(.*?)</tr>", t.settlement_view.value.split("Net amounts")[0])
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", r) for r in rows]
    cells = [c for c in cells if c]
    assert len(cells) == len(bets)
    nets: dict[str, Fraction] = {}
    for (punter, spec, stake), row, placed in zip(bets, cells, t.deal.bets):
        bet_cards = [c.name for c in placed.bet.cards]
        wins = all(c in turned for c in bet_cards)
        odds = len(bet_cards)  # 1, 2, 4 or 8 cards pay 1, 2, 4, 8 to 1
        s = Fraction(stake)
        net = s * odds if wins else -s
        assert row[1] == punter
        assert row[3] == ("won" if wins else "lost")   # result and net first after the bet (phone)
        assert Fraction(row[7]) == (s + net if wins else 0)   # paid back to the punter
        assert Fraction(row[4]) == net
        nets[punter] = nets.get(punter, Fraction(0)) + net
    banker = t.deal.banker
    for p in PLAYERS:
        gain = -sum(nets.values(), Fraction(0)) if p == banker else nets.get(p, Fraction(0))
        assert t.history[p][-1] - t.history[p][-2] == gain
    assert sum(v[-1] for v in t.history.values()) == 0  # chips conserved
    assert "<svg" in t.chart.value


def test_german_procedure_from_settings_and_deal_to_end():
    t = HoggenheimerTable(PLAYERS, seed=3)
    t.procedure.value = "german"
    t.new_session_button.click()
    assert t.deal.procedure == "german" and not t.message.is_error
    # German: the layout starts empty; the pack lies face down beside it (one back)
    assert layout_part(t).count("bg-back") == 1
    deck = decks(3, 1)[0]
    bets = [("Ben", "AS", "1"), ("Cleo", "AS KS", "1"), ("Dora", "spades", "1")]
    for b in bets:
        place(t, *b)
    t.end_button.click()
    expect = turned_german(deck)
    assert names(t.deal.turned) == expect
    assert t.show_replay().slider.max == len(expect) + 1
    # every card of the pack up to the Joker, none turned before: "28 cards turned; the last, card 28: the Joker"
    assert f"{len(expect) + 1} cards turned; the last, card {len(expect) + 1}: the Joker" in t.message.value
    check_settlement(t, bets, expect)


def test_procedure_applies_from_the_next_deal_and_deck_follows_the_seed():
    t = HoggenheimerTable(PLAYERS, seed=8)
    t.end_button.click()
    t.procedure.value = "german"
    assert t.deal.procedure == "english"  # the current deal keeps its procedure
    t.new_deal_button.click()
    assert t.deal.procedure == "german"
    # the deck sequence follows the seed, not the procedure
    assert names(t.deal.deck) == decks(8, 2)[1]


def test_same_seed_same_deals_whatever_the_bets():
    a, b = HoggenheimerTable(PLAYERS, seed=42), HoggenheimerTable(PLAYERS, seed=42)
    place(a, "Ben", "JH", "5")
    expected = decks(42, 3)
    for n in range(3):
        assert names(a.deal.deck) == names(b.deal.deck) == expected[n]
        a.end_button.click()
        b.end_button.click()
        a.new_deal_button.click()
        b.new_deal_button.click()


def test_bank_passes_to_the_left_and_punters_follow():
    t = HoggenheimerTable(PLAYERS, seed=2)
    seen = []
    for _ in range(5):
        seen.append(t.deal.banker)
        assert t.deal.banker not in t.punter.options
        assert set(t.punter.options) == set(PLAYERS) - {t.deal.banker}
        t.end_button.click()
        t.new_deal_button.click()
    # seed 2's cut: Anna 9S, Ben 8D, Cleo 10D, Dora KS; Dora's king wins the
    # first bank, which then passes to the left round the seating
    assert seen == ["Dora", "Anna", "Ben", "Cleo", "Dora"]
    assert t.bankers == seen and t.deal_number == 6
    assert "banker <b>Anna</b>" in t.header.value


def test_replay_frames_follow_the_deal():
    t = HoggenheimerTable(PLAYERS, seed=23)
    t.more.selected_index = 0  # open 'Step through this deal': frames are drawn as cards turn
    place(t, "Ben", "JH", "2")
    place(t, "Cleo", "9H 8H 9D 8D", "1")
    t.turn_button.click()
    t.end_button.click()
    expect = turned_english(decks(23, 1)[0])
    n = len(expect) + 1  # cards turned, the Joker included
    assert t.replay.slider.max == n and t.replay.play.max == n
    frames = [c.value for c in t.replay.stack.children[: n + 1]]
    # frame k (k < n): the first k cards of the chain face up on their cells, the
    # other 33 - k cards (32 cells and the side card) face down (English text)
    for k in range(n):
        assert frame_layout(frames[k]) == (set(expect[:k]), 33 - k), k
    # the last frame: the Joker has shown; the cells never reached stay face down
    assert frame_layout(frames[n]) == (set(expect) | {"Joker"}, 32 - len(expect))
    assert t.replay.stack.selected_index == n
    assert "no card turned yet" in frames[0] and "Joker" in frames[-1]
    # the last frame's bets table gives each of the 2 bets a result; earlier frames none
    assert frames[-1].count(">won<") + frames[-1].count(">lost<") == 2
    assert ">won<" not in frames[-2] and ">lost<" not in frames[-2]
    t.new_deal_button.click()  # a new deal starts a new replay of one frame
    assert t.replay.slider.max == 0


def test_replay_drawn_late_is_the_same_and_never_stale():
    # panel closed while betting and dealing: opening it later re-deals every frame
    t = HoggenheimerTable(PLAYERS, seed=23, procedure="german")
    t.more.selected_index = 0
    place(t, "Ben", "JH", "2")            # frame 0 drawn with one bet
    t.more.selected_index = None
    place(t, "Cleo", "hearts", "1")       # a second bet while the panel is closed
    t.turn_button.click()
    early = t.show_replay()               # opened after the first card: frames 0 and 1
    assert early.slider.max == 1
    expect = turned_german(decks(23, 1)[0])
    # German text: cards turned straight from the pack onto their cells; none before the first turn
    assert [frame_layout(c.value)[0] for c in early.stack.children[:2]] == [set(), {expect[0]}]
    t.more.selected_index = None
    t.end_button.click()
    replay = t.show_replay()
    n = len(expect) + 1
    assert replay.slider.max == n
    frames = [c.value for c in replay.stack.children[: n + 1]]
    assert [frame_layout(f)[0] for f in frames] == [set(expect[:k]) for k in range(n)] + [set(expect) | {"Joker"}]
    # every frame, drawn after the fact, shows both bets (frame 0 included)
    assert all("bet 2" in f for f in frames)
    assert frames[0].count("bet 2") > 0 and "2 bets placed" in frames[0]


def test_reveal_shows_face_down_cards_faded():
    t = HoggenheimerTable(PLAYERS, seed=4)
    t.reveal.value = True
    # every face-down card drawn as a faded face: no backs, 33 faces (32 cells + side card)
    assert layout_part(t).count("bg-back") == 0
    assert layout_part(t).count("bg-dim") == 33
    t.reveal.value = False
    assert layout_part(t).count("bg-back") == 33


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), procedure=st.sampled_from(["english", "german"]),
       picks=st.lists(st.tuples(st.integers(0, 2), st.integers(0, 116), st.integers(1, 4)), max_size=6))
def test_sessions_conserve_chips_and_match_the_rule(seed, procedure, picks):
    t = HoggenheimerTable(PLAYERS, seed=seed, procedure=procedure)
    every = all_bets()
    expected = decks(seed, 2)
    totals = {p: Fraction(0) for p in PLAYERS}
    for n in range(2):
        bets = []
        for who, which, stake in picks:
            punter = t.punter.options[who]
            bet = every[which]
            t.punter.value = punter
            t.kind.value = bet.kind
            t.bet.value = bet
            t.stake.value = str(stake)
            t.bet_button.click()
            bets.append((punter, bet, stake))
        t.end_button.click()
        turned = (turned_english if procedure == "english" else turned_german)(expected[n])
        assert names(t.deal.turned) == turned
        won = set(turned)
        for punter, bet, stake in bets:
            net = stake * len(bet.cards) if all(c.name in won for c in bet.cards) else -stake
            totals[punter] += net
            totals[t.deal.banker] -= net
        assert {p: v[-1] for p, v in t.history.items()} == totals
        assert sum(v[-1] for v in t.history.values()) == 0
        t.new_deal_button.click()


# ----------------------------------------------------------------- refusals


def started(seed=6):
    t = HoggenheimerTable(PLAYERS, seed=seed)
    place(t, "Ben", "JH", "1")
    t.turn_button.click()
    return t


def finished(seed=6):
    t = HoggenheimerTable(PLAYERS, seed=seed)
    place(t, "Ben", "JH", "1")
    t.end_button.click()
    return t


def _bet(t):
    t.bet_button.click()


def _stake(value):
    def act(t):
        t.stake.value = value
        t.bet_button.click()
    return act


def _typed(value):
    def act(t):
        t.typed_bet.value = value
    return act


def _typed_then_bet(value):
    """Type a bet, then press Place bet (issue 19: an unreadable typed bet was
    replaced by whatever the dropdown held)."""
    def act(t):
        t.typed_bet.value = value
        t.bet_button.click()
    return act


def _session(players):
    def act(t):
        t.players_field.value = players
        t.new_session_button.click()
    return act


REFUSALS = [
    # (make the table, action, a word the message must contain)
    (started, _bet, "before the first card"),                 # bets precede the turning (both texts)
    (finished, _bet, "over"),                                 # no bets after the Joker
    (finished, lambda t: t.turn_button.click(), "over"),      # nothing left to turn
    (finished, lambda t: t.end_button.click(), "over"),
    (started, lambda t: t.new_deal_button.click(), "finish this deal"),
    (lambda: HoggenheimerTable(PLAYERS, seed=6), lambda t: t.new_deal_button.click(), "finish this deal"),
    (lambda: HoggenheimerTable(PLAYERS, seed=6), _stake("0"), "stake"),
    (lambda: HoggenheimerTable(PLAYERS, seed=6), _stake("-2"), "stake"),
    (lambda: HoggenheimerTable(PLAYERS, seed=6), _stake("two"), "stake"),
    (lambda: HoggenheimerTable(PLAYERS, seed=6), _typed("JH QS"), "diagonal"),
    (lambda: HoggenheimerTable(PLAYERS, seed=6), _typed("5H"), "not in the Hoggenheimer pack"),
    (lambda: HoggenheimerTable(PLAYERS, seed=6), _typed("Joker"), "Joker"),
    (lambda: HoggenheimerTable(PLAYERS, seed=6), _typed("JH 10H 9H"), "3"),
    (lambda: HoggenheimerTable(PLAYERS, seed=6), _typed("ZZ"), "ZZ"),
    (lambda: HoggenheimerTable(PLAYERS, seed=6), _typed_then_bet("XY"), "XY"),
    (lambda: HoggenheimerTable(PLAYERS, seed=6), _typed_then_bet("JH QS"), "diagonal"),
    (lambda: HoggenheimerTable(PLAYERS, seed=6), _session("Anna"), "two or more"),
    (lambda: HoggenheimerTable(PLAYERS, seed=6), _session(""), "two or more"),
    (lambda: HoggenheimerTable(PLAYERS, seed=6), _session("Anna, Ben, Anna"), "different name"),
    (started, _session("Anna"), "two or more"),
]


@pytest.mark.parametrize("make, action, word", REFUSALS)
def test_refused_actions_show_a_message_and_change_nothing(make, action, word):
    t = make()
    before = snapshot(t)
    action(t)
    assert t.message.is_error
    assert word.lower() in t.message.value.lower()
    assert "Traceback" not in t.message.value and "Unexpected" not in t.message.value
    assert snapshot(t) == before


def test_table_recovers_after_a_refusal():
    t = started()
    t.bet_button.click()
    assert t.message.is_error
    t.end_button.click()
    assert not t.message.is_error and t.settlement is not None


def test_bad_construction_raises_the_packages_errors():
    from banking_games.errors import ConfigError, RuleError
    with pytest.raises(ConfigError, match="procedure"):
        HoggenheimerTable(PLAYERS, seed=1, procedure="french")
    with pytest.raises(RuleError, match="two or more"):
        HoggenheimerTable(["Solo"], seed=1)
    with pytest.raises(ConfigError, match="seed"):
        HoggenheimerTable(PLAYERS, seed="x")


def test_bet_options_label_each_bet_with_its_cards():
    labels = [label for label, _ in bet_options(BetKind.SUIT)]
    assert labels[0].startswith("all the spades") and "A♠" in labels[0] and "7♠" in labels[0]


# ---------------------------------------------------------------- unreadable typed values (issue 19)

def _type(field, value, action=None):
    def act(t):
        getattr(t, field).value = value
        if action:
            getattr(t, action).click()
    return act


# Every field a reader types in, with a value the table cannot use, and the press that reads it
# (none: read as typed). Each must be refused, with a message, and nothing changed: no bet
# placed, no session begun, and never the dropdown's or the last good value used instead.
UNREADABLE = [
    ("stake", _type("stake", "two", "bet_button"), "positive amount"),
    ("stake empty", _type("stake", "", "bet_button"), "positive amount"),
    ("stake 1/0", _type("stake", "1/0", "bet_button"), "positive amount"),
    ("stake 1.2.3", _type("stake", "1.2.3", "bet_button"), "positive amount"),
    ("typed bet", _typed_then_bet("XY"), "cannot read"),
    ("players empty", _type("players_field", ",, ,", "new_session_button"), "two or more"),
    ("players one", _type("players_field", "Anna", "new_session_button"), "two or more"),
    ("seed negative", _type("seed_field", "-1"), "seed must be a whole number 0 or more"),
    ("seed negative, new session", lambda t: (setattr(t.seed_field, "value", "-1"), t.new_session_button.click()),
     "seed must be a whole number 0 or more"),
]


@pytest.mark.parametrize("name, action, words", UNREADABLE, ids=[u[0] for u in UNREADABLE])
def test_unreadable_typed_value_is_refused_and_changes_nothing(name, action, words):
    from test_widgets_misuse import snapshot as seen
    t = HoggenheimerTable(PLAYERS, seed=6)
    before, bets = seen(t), len(t.deal.bets)
    action(t)
    assert t.message.is_error, f"{name}: {t.message.value}"
    assert words in html.unescape(t.message.value), t.message.value
    assert seen(t) == before and len(t.deal.bets) == bets and t.seed == 6

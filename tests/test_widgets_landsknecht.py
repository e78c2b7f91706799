"""Tests of the Landsknecht dealing table (src/banking_games/widgets/landsknecht.py).

The widget is driven headlessly, as a reader would drive it: set a field's
value, then ``button.click()``. What it shows is checked against a reference
session of the rules engine dealt from the same seed with the same actions
(the widget must show exactly the engine's table), and the settlement and
bankroll against values derived independently from the source's rules
(diagram-ru: a bet wins 1 to 1 if the banker's card is paired
before its own card, loses its stake otherwise; the bank passes one seat to
the left; chips only change hands).
"""

from __future__ import annotations

import html
import random
import re
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_display_landsknecht import seen

from banking_games.cards import full_pack, shuffled
from banking_games.errors import ConfigError
from banking_games.games.landsknecht import BET, VOID, LandsknechtConfig, LandsknechtSession
from banking_games.widgets.common import bankroll_svg, parse_players
from banking_games.widgets.landsknecht import DEFAULT_PLAYERS, LandsknechtTable

PLAYERS = ("Anna", "Boris", "Clara")


# ---------------------------------------------------------------- helpers

class _Rows(HTMLParser):
    """Rows of the HTML tables in a fragment: list of tables, each a list of rows of cell texts."""

    def __init__(self):
        super().__init__()
        self.tables, self._cell = [], None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = ""

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.tables[-1][-1].append(self._cell)
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data


def tables_of(fragment: str) -> list[list[list[str]]]:
    parser = _Rows()
    parser.feed(fragment)
    return parser.tables


def title(deal, number: int) -> str:
    return f"Deal {number}: {deal.banker} holds the bank"


def expected_view(deal, number: int) -> tuple:
    """What the table must show for ``deal`` (an engine deal mirrored from
    the same seed and moves), written from the deal's piles and bets, not
    with the drawing function the table calls: the title; the layout piles;
    the banker's pile; each players' pile with "(paired)" once its rank is
    paired and one line per bet, "player: stake" then " won" / " lost" once
    settled (a bet wins at 1 to 1, so a positive net is a win); the cards
    left; the status ("N card(s) turned", "deal over")."""
    def names(cards):
        return [c.long_name for c in cards]

    players = []
    for i, pile in enumerate(deal.players_piles, 1):
        paired = len(pile) > 1 and pile[0].rank != deal.banker_card.rank
        lines = [f"players' {i}" + (" (paired)" if paired else "")]
        for bet in deal.bets:
            if bet.card == pile[0]:
                result = deal.result_of(bet)
                lines.append(f"{bet.player}: {bet.stake}" + ("" if result is None else
                                                              " won" if result.net > 0 else " lost"))
        players.append((names(pile), lines))
    rows = {"Layout": [(names(p), [f"layout {i}"]) for i, p in enumerate(deal.layout, 1)],
            "Banker": [(names(deal.banker_pile),
                        ["banker's card" + (" (paired)" if len(deal.banker_pile) > 1 else "")])],
            "Players' cards": players,
            "Stock": [([] if not deal.cards_left else ["card back"], [f"{deal.cards_left} left"])]}
    status = "deal over" if deal.is_over else f"{deal.turns} card{'' if deal.turns == 1 else 's'} turned"
    return title(deal, number), rows, status


def reader_view(drawn: str) -> tuple:
    """The same three things read from a drawn table (see test_display_landsknecht.seen)."""
    view = seen(drawn)
    rows = dict(view["rows"])
    rows["Stock"] = [(["card back"] if cards else [], lines) for cards, lines in rows.get("Stock", [])]
    text = view["text"]
    status = re.findall(r"(deal over|void deal: redeal|\d+ cards? turned)", text)[-1]
    head = text.split(" Layout ")[0].strip()
    return head, rows, status


def shown(t: LandsknechtTable):
    """Everything the table shows or holds, to check that a refused action changed nothing."""
    return (t.deal, t.deal.transcript(), t.deal_number, dict(t.session.net), t.session.banker,
            {p: list(v) for p, v in t.history.items()}, list(t.bankers), t.drawing, t.settlement_view.value,
            t.bankroll_view.value, t.chart.value, [c.value for c in t.replay.stack.children], t.card.options,
            t.punter.options, t.session.config, t.seed)


def first_ace_holder(players, seed):
    # Source, "Choosing the first banker": deal one card at a time round the table until an ace;
    # the session shuffles a fresh pack with random.Random(seed) for this draw.
    order = shuffled(full_pack(), random.Random(seed))
    first = next(i for i, c in enumerate(order) if c.rank == 14)
    return players[first % len(players)], first + 1


def expected_results(deal):
    """Outcome of each bet from the order of the cards turned (source, "First turn" / "Later turns"):
    after the bet, the first turned card of the backed rank loses it (-stake); if the banker's rank
    comes first, it wins at 1 to 1 (+stake)."""
    turned = [e.card for e in deal.history if e.turn > 0 and e.kind != BET]
    out = []
    for bet in deal.bets:
        for card in turned[bet.turn:]:
            if card.rank == bet.card.rank:
                out.append(("lose", -bet.stake))
                break
            if card.rank == deal.banker_card.rank:
                out.append(("win", bet.stake))
                break
    return out


# ---------------------------------------------------------------- tests

def test_parse_players_reads_comma_separated_names():
    # Names split on commas, spaces trimmed, empty names dropped.
    assert parse_players(" Anna, Boris ,,Clara ") == ("Anna", "Boris", "Clara")
    assert parse_players("") == ()


@pytest.mark.parametrize("seed", [2026, 1, 99])
def test_first_deal_is_the_engines_and_first_ace_holds_the_bank(seed):
    t = LandsknechtTable(PLAYERS, seed=seed)
    banker, cards = first_ace_holder(PLAYERS, seed)
    assert t.session.banker == t.deal.banker == banker
    assert f"{banker} received the first ace" in t.message.value and f"card {cards} dealt" in t.message.value
    ref = LandsknechtSession(PLAYERS, rng=seed)
    deal = ref.start_deal()
    assert t.deal.transcript() == deal.transcript()
    assert reader_view(t.drawing) == expected_view(deal, 1)
    # the banker does not bet (source, "Placing bets": the punters stake against the bank)
    assert list(t.punter.options) == [p for p in PLAYERS if p != banker]
    assert [v for _, v in t.card.options] == [c.name for c in deal.live_cards]
    assert not t.message.is_error and t.settlement_view.value == ""
    assert t.replay.n_frames == 1 and t.replay.stack.children[0].value == t.drawing


def test_default_table_seats_three_players():
    t = LandsknechtTable()
    assert t.session.players == DEFAULT_PLAYERS and t.seed == 2026 and t.seed_field.value == "2026"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), policy=st.integers(0, 10**6))
def test_whole_session_shows_the_engines_deals_and_settles_by_the_rules(seed, policy):
    """Three deals driven through the buttons with random bets and turns, mirrored on an engine session."""
    choose = random.Random(policy)
    t = LandsknechtTable(PLAYERS, seed=seed)
    ref = LandsknechtSession(PLAYERS, rng=seed)
    running = {p: Fraction(0) for p in PLAYERS}
    bankers = []
    for number in range(1, 4):
        deal = ref.start_deal()
        assert t.deal.transcript() == deal.transcript() and t.deal_number == number
        frames = [expected_view(deal, number)]
        while not deal.is_over:
            if choose.random() < 0.5:
                card = choose.choice(deal.live_cards) if deal.live_cards else None
                if card is not None:
                    punter = choose.choice([p for p in PLAYERS if p != deal.banker])
                    stake = choose.choice(["1", "2", "1/2"])
                    t.punter.value, t.card.value, t.stake.value = punter, card.name, stake
                    t.bet_button.click()
                    deal.place_bet(punter, card, stake)
                    assert not t.message.is_error, t.message.value
                    frames[-1] = expected_view(deal, number)
            if choose.random() < 0.3:
                t.end_button.click()
                while not deal.is_over:
                    deal.turn()
                    frames.append(expected_view(deal, number))
            else:
                t.turn_button.click()
                deal.turn()
                frames.append(expected_view(deal, number))
            assert not t.message.is_error, t.message.value
            assert reader_view(t.drawing) == frames[-1]
            assert [v for _, v in t.card.options] == [c.name for c in deal.live_cards]
        # the replay holds one frame per card turned (plus the setup), each the engine's table then
        assert t.replay.n_frames == deal.turns + 1
        assert [reader_view(c.value) for c in t.replay.stack.children] == frames
        assert t.replay.slider.max == deal.turns and t.replay.stack.selected_index == deal.turns
        # settlement shown: each bet's result and net as the rules give them
        bets_rows = tables_of(t.settlement_view.value)
        expected = expected_results(deal)
        if deal.bets:
            rows = bets_rows[0][1:]
            assert [(r[1], r[2], r[5], r[3], r[4]) for r in rows] == [
                (b.player, b.card.label, str(b.stake), outcome, ("+" if net > 0 else "") + str(net))
                for b, (outcome, net) in zip(deal.bets, expected)]
            # returned to punter: stake plus winnings (1 to 1) on a win, nothing on a loss
            assert [r[7] for r in rows] == [str(2 * b.stake if o == "win" else 0)
                                            for b, (o, _) in zip(deal.bets, expected)]
        nets = {p: Fraction(0) for p in PLAYERS}
        for b, (_, net) in zip(deal.bets, expected):
            nets[b.player] += net
        nets[deal.banker] = -sum(nets.values())  # chips only change hands
        for p in PLAYERS:
            running[p] += nets[p]
        bankers.append(deal.banker)
        ref.end_deal()
        # running bankroll: last deal, running net, deals as banker
        rows = {r[0]: r[1:] for r in tables_of(t.bankroll_view.value)[0][1:]}
        for p in PLAYERS:
            fmt = lambda x: ("+" if x > 0 else "") + str(x)  # noqa: E731
            assert rows[p] == [fmt(nets[p]), fmt(running[p]), str(bankers.count(p))]
        assert sum(t.session.net.values()) == 0
        assert t.chart.value.count("<polyline") == len(PLAYERS)
        # the bank passes one seat to the left (the next name in the list)
        assert t.session.banker == PLAYERS[(PLAYERS.index(deal.banker) + 1) % len(PLAYERS)]
        assert "the bank passes to " + t.session.banker in t.message.value.replace("&#x27;", "'")
        t.new_deal_button.click()
        assert not t.message.is_error
        assert t.deal.banker == t.session.banker and t.settlement_view.value == ""
        assert t.replay.n_frames == 1


def test_same_seed_deals_the_same_cards_whatever_the_bets():
    # A class dealing from one seed sees the same cards: bets never change the shuffle.
    a, b = LandsknechtTable(PLAYERS, seed=7), LandsknechtTable(PLAYERS, seed=7)
    a.stake.value = "3"
    a.bet_button.click()
    for _ in range(3):
        a.end_button.click()
        b.end_button.click()
        cards = [[e.card for e in t.deal.history if e.kind != BET] for t in (a, b)]
        assert cards[0] == cards[1]
        a.new_deal_button.click()
        b.new_deal_button.click()


def test_fractional_stake_is_kept_exact():
    t = LandsknechtTable(PLAYERS, seed=2026)
    t.stake.value = "1/2"
    t.bet_button.click()
    assert t.deal.bets[0].stake == Fraction(1, 2)
    t.end_button.click()
    (outcome, net), = expected_results(t.deal)
    row = tables_of(t.settlement_view.value)[0][1]
    assert row[5] == "1/2" and row[3] == outcome and row[4] == ("+1/2" if net > 0 else "-1/2")


def test_new_session_applies_seed_players_and_stake_limits():
    t = LandsknechtTable(PLAYERS, seed=2026)
    t.end_button.click()
    t.players_field.value = "Dora, Emil"
    t.seed_field.value = "5"
    t.option_fields["min_stake"].value = "1"
    t.option_fields["max_stake"].value = "5"
    t.new_session_button.click()
    assert not t.message.is_error
    assert t.session.players == ("Dora", "Emil") and t.seed == 5
    assert t.session.config == LandsknechtConfig(min_stake=1, max_stake=5)
    assert "min stake 1" in t.header.value and "max stake 5" in t.header.value
    assert t.deal_number == 1 and t.bankers == [] and t.session.net == {"Dora": 0, "Emil": 0}
    assert t.deal.transcript() == LandsknechtSession(("Dora", "Emil"), rng=5).start_deal().transcript()
    # a limit (source, "Stake limits": set by the banker; read as one per deal) accepts a stake at the limit
    t.stake.value = "5"
    t.bet_button.click()
    assert not t.message.is_error and t.deal.bets[-1].stake == 5


def test_option_fields_are_the_sources_rule_options():
    # The source's only rule option is the stake limits ("Stake limits", each banker's, our reading).
    t = LandsknechtTable(PLAYERS, seed=1, config=LandsknechtConfig(min_stake=2))
    assert set(t.option_fields) == {"min_stake", "max_stake"}
    assert t.option_fields["min_stake"].value == "2" and t.option_fields["max_stake"].value == ""


def test_other_config_fields_are_kept_across_sessions():
    # A config field that is not a rule of the source (a reduced pack, for analysis) is kept as given.
    config = LandsknechtConfig(ranks=6)
    t = LandsknechtTable(PLAYERS, seed=4, config=config)
    ref = LandsknechtSession(PLAYERS, rng=4, config=config)
    assert t.deal.transcript() == ref.start_deal().transcript()
    t.option_fields["max_stake"].value = "3"
    t.new_session_button.click()
    assert t.session.config == LandsknechtConfig(max_stake=3, ranks=6)


def _after(seed=2026, *, config=None, over=False, bet=False):
    t = LandsknechtTable(PLAYERS, seed=seed, config=config)
    if bet:
        t.bet_button.click()
    if over:
        t.end_button.click()
    return t


REFUSALS = [
    # (name, how to build, action, words the message must contain)
    ("zero stake", {}, lambda t: (setattr(t.stake, "value", "0"), t.bet_button.click()), "positive"),
    ("negative stake", {}, lambda t: (setattr(t.stake, "value", "-2"), t.bet_button.click()), "positive"),
    ("not a number", {}, lambda t: (setattr(t.stake, "value", "lots"), t.bet_button.click()), "positive amount"),
    ("above the limit", {"config": LandsknechtConfig(1, 5)},
     lambda t: (setattr(t.stake, "value", "6"), t.bet_button.click()), "outside the banker's limits"),
    ("below the limit", {"config": LandsknechtConfig(1, 5)},
     lambda t: (setattr(t.stake, "value", "1/2"), t.bet_button.click()), "outside the banker's limits"),
    ("bet after the deal", {"over": True}, lambda t: t.bet_button.click(), "no more bets"),
    ("turn after the deal", {"over": True}, lambda t: t.turn_button.click(), "no more cards"),
    ("deal on after the deal", {"over": True}, lambda t: t.end_button.click(), "no more cards"),
    ("new deal too early", {"bet": True}, lambda t: t.new_deal_button.click(), "finish this deal first"),
    ("one player", {}, lambda t: (setattr(t.players_field, "value", "Anna"), t.new_session_button.click()),
     "at least 2 players"),
    ("same name twice", {}, lambda t: (setattr(t.players_field, "value", "Anna, Anna"),
                                       t.new_session_button.click()), "distinct"),
    ("min above max", {}, lambda t: (setattr(t.option_fields["min_stake"], "value", "5"),
                                     setattr(t.option_fields["max_stake"], "value", "2"),
                                     t.new_session_button.click()), "must not be more than the largest"),
    ("bad limit", {}, lambda t: (setattr(t.option_fields["max_stake"], "value", "ten"),
                                 t.new_session_button.click()), "the largest stake the banker allows must be"),
]


@pytest.mark.parametrize("name,build,action,words", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refused_action_shows_a_message_and_changes_nothing(name, build, action, words):
    t = _after(**build)
    before = shown(t)
    action(t)
    assert t.message.is_error, name
    assert words in t.message.value.replace("&#x27;", "'"), t.message.value
    assert "Traceback" not in t.message.value
    # a refused new session leaves the settings fields as typed but the table as it was
    assert shown(t) == before


def test_refused_new_deal_then_allowed_once_over():
    t = _after(bet=True)
    t.new_deal_button.click()
    assert t.message.is_error and t.deal_number == 1
    t.end_button.click()
    t.new_deal_button.click()
    assert not t.message.is_error and t.deal_number == 2


def test_new_deal_checks_the_limit_fields_before_it_ends_the_deal():
    # Each banker sets the stake limits (diagram-ru, stake limits); the table reads them from the
    # limit fields at 'New deal'. A bad limit must be refused before anything else happens: the
    # message names the limit (not "finish this deal first"), the deal in play is not ended, and
    # nothing changes. Seed 2026, the players' first deal with one bet placed, not over yet:
    t = _after(bet=True)
    assert not t.deal.is_over and t.session.deal is t.deal
    t.option_fields["max_stake"].value = "ten"
    before, settled = shown(t), list(t.session.settlements)
    t.new_deal_button.click()
    said = t.message.value.replace("&#x27;", "'")
    assert t.message.is_error and "largest stake" in said and "finish this deal first" not in said, said
    assert shown(t) == before and t.session.deal is t.deal and t.session.settlements == settled

    # The deal over (settled by the table), a minimum above the maximum: refused, nothing changes,
    # and the session's shuffles are untouched, so that once the fields are right the next deal is
    # the second deal of an engine session of the same seed, with the banker's new limits.
    t = _after(over=True)
    t.option_fields["min_stake"].value = "5"
    t.option_fields["max_stake"].value = "2"
    before, settled = shown(t), list(t.session.settlements)
    t.new_deal_button.click()
    said = t.message.value.replace("&#x27;", "'")
    assert t.message.is_error and "smallest stake allowed (5) must not be more than the largest" in said, said
    assert shown(t) == before and t.session.settlements == settled and t.deal_number == 1
    t.option_fields["max_stake"].value = "6"
    t.new_deal_button.click()
    assert not t.message.is_error, t.message.value
    ref = LandsknechtSession(PLAYERS, rng=2026)
    ref.start_deal().play_out()
    ref.end_deal()
    second = ref.start_deal(min_stake=5, max_stake=6)
    assert t.deal_number == 2 and t.deal.transcript() == second.transcript()
    assert (t.deal.config.min_stake, t.deal.config.max_stake) == (5, 6)


def test_bet_refused_when_no_players_card_is_live():
    # Find a first deal where every players' card is paired while the banker's card waits
    # (searched with the engine; the widget must then offer no card and refuse a bet).
    for seed in range(200):
        deal = LandsknechtSession(PLAYERS, rng=seed).start_deal()
        turns = 0
        while not deal.is_over and deal.live_cards:
            deal.turn()
            turns += 1
        if not deal.is_over:
            break
    else:  # pragma: no cover
        pytest.fail("no such deal in 200 seeds")
    t = LandsknechtTable(PLAYERS, seed=seed)
    for _ in range(turns):
        t.turn_button.click()
    assert t.deal.live_cards == () and not t.deal.is_over
    assert t.card.options == () and t.card.value is None
    before = shown(t)
    t.bet_button.click()
    assert t.message.is_error and "no live players' card" in t.message.value.replace("&#x27;", "'")
    assert shown(t) == before


def test_void_deal_is_redealt_and_reported():
    # Source, "Pairs in the layout", rule 3: a players' card pairing the banker's card voids the deal,
    # which is dealt again. Find a seed whose first deal was voided (the engine keeps void deals).
    for seed in range(500):
        ref = LandsknechtSession(PLAYERS, rng=seed)
        ref.start_deal()
        if ref.void_deals:
            break
    else:  # pragma: no cover
        pytest.fail("no void first deal in 500 seeds")
    t = LandsknechtTable(PLAYERS, seed=seed)
    void = ref.void_deals[0]
    assert len(t.voided) == len(ref.void_deals) and not t.deal.is_void
    assert t.deal.transcript() == ref.deal.transcript()
    void_line = next(e.text for e in void.history if e.kind == VOID).removeprefix("setup: ")
    void_line = re.sub(r"(10|[2-9JQKA])([SHDC])\b", lambda m: m.group(1) + "♠♥♦♣"["SHDC".index(m.group(2))],
                       void_line)  # the cards as the table draws them
    assert "void deal" in t.message.value and void_line in t.message.value.replace("&#x27;", "'")
    assert t.voids.value.count("Void deal, redealt") == len(ref.void_deals)
    assert f"aria-label=\"{void.banker_card.long_name}\"" in t.voids.value


def test_void_deal_on_new_deal_is_reported():
    for seed in range(500):
        ref = LandsknechtSession(PLAYERS, rng=seed)
        ref.start_deal().play_out()
        ref.end_deal()
        ref.start_deal()
        if ref.void_deals:
            break
    else:  # pragma: no cover
        pytest.fail("no void second deal in 500 seeds")
    t = LandsknechtTable(PLAYERS, seed=seed)
    assert t.voided == ()
    t.end_button.click()
    t.new_deal_button.click()
    assert len(t.voided) == len(ref.void_deals) and "void deal" in t.message.value
    assert t.deal.transcript() == ref.deal.transcript()


def test_constructor_rejects_bad_input():
    with pytest.raises(ConfigError, match="at least 2"):
        LandsknechtTable(["Anna"])
    with pytest.raises(ConfigError, match="LandsknechtConfig"):
        LandsknechtTable(config={"min_stake": 1})
    with pytest.raises(ConfigError, match="whole number"):
        LandsknechtTable(seed="x")


def test_click_records_its_duration():
    # how fast a click is (target: median under 50 ms) is measured by
    # benchmarks/widgets_landsknecht.py, not asserted here
    t = LandsknechtTable(PLAYERS, seed=3)
    t.last_action_seconds = -1.0
    t.turn_button.click()
    assert t.last_action_seconds > 0


def test_bankroll_svg():
    # nothing to draw before a deal is settled; one line per person after
    assert bankroll_svg({"Anna": [Fraction(0)]}) == ""
    svg = bankroll_svg({"Anna": [0, 2, -1], "Boris": [0, -2, 1]})
    assert svg.startswith("<svg") and svg.count("<polyline") == 2
    assert ">+2<" in svg and ">-2<" in svg and ">0<" in svg  # y labels: top, zero, bottom


# ---------------------------------------------------------------- unreadable typed values (issue 19)

def _type(field, value, action=None):
    def act(t):
        widget = t.option_fields[field] if field in t.option_fields else getattr(t, field)
        widget.value = value
        if action:
            getattr(t, action).click()
    return act


# Every field a reader types in, with a value the table cannot use: refused with a message as it
# is typed (a stake limit, the seed) or when the press that reads it comes; the table as it was.
UNREADABLE = [
    ("stake", _type("stake", "two", "bet_button"), "positive amount"),
    ("stake empty", _type("stake", "", "bet_button"), "positive amount"),
    ("largest stake", _type("max_stake", "ten"), "the largest stake the banker allows must be"),
    ("smallest stake", _type("min_stake", "1/0"), "the smallest stake the banker allows must be"),
    ("smallest stake negative", _type("min_stake", "-1"), "the smallest stake the banker allows must be"),
    ("players empty", _type("players_field", ", ,", "new_session_button"), "at least 2 players"),
    ("seed negative", _type("seed_field", "-1"), "seed must be a whole number 0 or more"),
]


@pytest.mark.parametrize("name, action, words", UNREADABLE, ids=[u[0] for u in UNREADABLE])
def test_unreadable_typed_value_is_refused_and_changes_nothing(name, action, words):
    from test_widgets_misuse import snapshot
    t = LandsknechtTable(PLAYERS, seed=5)
    before, bets = snapshot(t), len(t.deal.bets)
    action(t)
    assert t.message.is_error, f"{name}: {t.message.value}"
    assert words in html.unescape(t.message.value), t.message.value
    assert snapshot(t) == before and len(t.deal.bets) == bets


# ---------------------------------------------------------------- the players' cards as buttons

def test_clicking_a_players_card_chooses_it_and_the_bet_lies_beside_it():
    t = LandsknechtTable(PLAYERS, seed=1)
    # the reference deal from the same seed: one players' card after the deal's start
    deal = LandsknechtSession(PLAYERS, rng=1).start_deal()
    base = deal.players_piles[0][0]
    cell = t.players_cards.cells[0]
    assert t.players_cards.count == 1 and cell.button.description == ""   # named by its tooltip
    assert cell.name == f"back the {base.long_name} (players' card 1)"
    cell.button.click()
    assert t.card.value == base.name and t.players_cards.chosen() == {0} and not t.message.is_error
    t.punter.value = t.punter.options[0]
    t.stake.value = "2"
    t.bet_button.click()
    assert [(b.player, b.card, b.stake) for b in t.deal.bets] == [(t.punter.options[0], base, 2)]
    assert cell.name == f"back the {base.long_name} (players' card 1; stakes: {t.punter.options[0]} 2)"


def test_clicking_a_paired_players_card_is_refused_with_the_engines_reason():
    # a first deal in which a players' card is paired while the deal goes on (searched with the engine)
    for seed in range(200):
        deal = LandsknechtSession(PLAYERS, rng=seed).start_deal()
        turns = 0
        while not deal.is_over and not any(len(pile) > 1 for pile in deal.players_piles):
            deal.turn()
            turns += 1
        if not deal.is_over:
            break
    else:  # pragma: no cover
        pytest.fail("no such deal in 200 seeds")
    paired = next(i for i, pile in enumerate(deal.players_piles) if len(pile) > 1)
    t = LandsknechtTable(PLAYERS, seed=seed)
    for _ in range(turns):
        t.turn_button.click()
    assert ", paired" in t.players_cards.cells[paired].name
    before = shown(t)
    chosen = t.players_cards.chosen()
    t.players_cards.cells[paired].button.click()
    # the engine's reason (games/landsknecht/deal.py place_bet): the rank takes no more bets this deal
    assert t.message.is_error and "already paired" in t.message.value
    assert shown(t) == before and t.players_cards.chosen() == chosen

    # the same deal with a smallest stake of 2 (the banker's limit): the reason is still the
    # card's, not the trial stake's (a stake of 1 would be under the limit)
    t = LandsknechtTable(PLAYERS, seed=seed, config=LandsknechtConfig(min_stake=2))
    for _ in range(turns):
        t.turn_button.click()
    before = shown(t)
    t.players_cards.cells[paired].button.click()
    assert t.message.is_error and "already paired" in t.message.value, t.message.value
    assert shown(t) == before


# ---------------------------------------------------------------- 'on card' switching (issue 34)

def _first_card_paired_with_another_live(seeds=range(300)):
    """A seed whose first deal pairs players' card 1 (the card 'on card' offers first) while
    another players' card is live and the banker's card is not paired, found with the engine:
    (seed, turns until that pairing, the engine's deal after it)."""
    for seed in seeds:
        deal = LandsknechtSession(PLAYERS, rng=seed).start_deal()
        first, turns = deal.players_cards[0], 0
        while not deal.is_over and deal.is_live(first):
            deal.turn()
            turns += 1
        if not deal.is_over and deal.live_cards:
            return seed, turns, deal
    pytest.fail("no such deal")  # pragma: no cover


def test_on_card_says_when_it_switches_to_another_players_card():
    # Source, "Later turns": a card pairing a players' card kills its rank for the deal, so the
    # list of live cards loses it and 'on card' falls to the first live card left; the table must say so.
    seed, turns, ref = _first_card_paired_with_another_live()
    t = LandsknechtTable(PLAYERS, seed=seed)
    first = t.deal.players_cards[0]
    assert t.card.value == first.name
    for n in range(1, turns + 1):
        t.turn_button.click()
        text = t.message.text
        if n < turns:   # the card offered stays: no word about the list
            assert "list now shows" not in text and t.card.value == first.name
    now = ref.live_cards[0]
    k = ref.players_cards.index(now) + 1
    expected = (f"{first.label} (players' card 1) is paired: it takes no more bets this deal. "
                f"The 'on card' list now shows {now.label} (players' card {k}).")
    assert text.endswith(expected), text
    assert t.card.value == now.name and not t.message.is_error
    # a bet on the card now offered is news of the bet only: the list did not switch again
    t.bet_button.click()
    assert t.message.text.startswith("Bet 1:") and "list now shows" not in t.message.text
    assert t.deal.bets[0].card == now


def test_on_card_says_when_no_players_card_is_left():
    for seed in range(200):
        deal = LandsknechtSession(PLAYERS, rng=seed).start_deal()
        turns = 0
        while not deal.is_over and deal.live_cards:
            deal.turn()
            turns += 1
        if not deal.is_over:
            break
    else:  # pragma: no cover
        pytest.fail("no such deal in 200 seeds")
    t = LandsknechtTable(PLAYERS, seed=seed)
    for _ in range(turns):
        t.turn_button.click()
    assert t.message.text.endswith("The 'on card' list is empty: every players' card is paired; "
                                   "turn a card for a new one."), t.message.text


# ---------------------------------------------------------------- the lesson's button (issue 34)

def _lesson_deal_by_the_rules(deal, players, late_turns=5):
    """The lesson page's class activity, written out here: the first player who is not the banker
    stakes 1 on the first players' card; 5 cards are turned (fewer if the deal ends); if the deal is
    on and that card unpaired, 1 more on it. Returns (F, L or None)."""
    punter = [p for p in players if p != deal.banker][0]
    card = deal.players_cards[0]
    f = deal.place_bet(punter, card, 1)
    n = 0
    while n < late_turns and not deal.is_over:
        deal.turn()
        n += 1
    late = deal.place_bet(punter, card, 1) if not deal.is_over and card in deal.live_cards else None
    return f, late


@pytest.mark.parametrize("seed", [301, 304, 306])
def test_lesson_button_places_the_lessons_stakes(seed):
    t = LandsknechtTable(seed=seed)
    ref = LandsknechtSession(list(DEFAULT_PLAYERS), rng=seed)
    for number in range(1, 11):
        deal = ref.start_deal()
        f, late = _lesson_deal_by_the_rules(deal, DEFAULT_PLAYERS)
        t.lesson_button.click()
        assert not t.message.is_error, t.message.text
        assert t.deal.transcript() == deal.transcript()
        assert [(b.player, b.card, b.stake, b.turn) for b in t.deal.bets] == \
            [(b.player, b.card, b.stake, b.turn) for b in deal.bets]
        text = t.message.text
        assert text.startswith(f"Stake F: {f.player} stakes 1 on {f.card.label} (players' card 1).")
        if late is not None:
            assert f"Stake L: {f.card.label} is still unpaired after 5 cards" in text
        elif deal.is_over:
            assert "No stake L: the deal ended within 5 cards." in text and "Deal settled" in text
        else:
            assert f"No stake L: {f.card.label} was paired within 5 cards." in text
        assert len(t._frames) == deal.turns + 1     # a replay frame for each card turned, and the setup
        deal.play_out()
        if not t.deal.is_over:
            t.end_button.click()
        assert [t.deal.result_of(b) for b in t.deal.bets] == [deal.result_of(b) for b in deal.bets]
        ref.end_deal()
        t.new_deal_button.click()


def test_lesson_button_refused_once_the_deal_has_begun():
    t = LandsknechtTable(seed=301)
    t.bet_button.click()
    before = shown(t)
    t.lesson_button.click()
    assert t.message.is_error and "start of a deal" in t.message.text
    assert shown(t) == before
    t.end_button.click()
    t.lesson_button.click()
    assert t.message.is_error and "this deal is over" in t.message.text


def test_lesson_presses_counted_on_the_tables():
    # The presses of a lesson's group (widgets.lesson_presses), derived here from the engine's
    # deals: New session and the code panel's opening, then per deal the lesson's button, 'Deal to
    # the end' unless the banker's card was paired within the 5 turns, and 'New deal' but after
    # the last; by hand, 'Place bet' for F, one press per card turned up to 5, 'Place bet' for L
    # when it goes down. A game whose table has no lesson button: 'Deal to the end' and 'New deal'.
    from banking_games import registry
    from banking_games.classroom import landsknecht as lesson
    from banking_games.classroom import teaching as T
    from banking_games.widgets.lesson_presses import lesson_presses

    deals = T.LESSON_DEALS
    without = [g.slug for g in registry.GAMES if not hasattr(g.table_class(), "lesson_by_hand")]
    assert without and "landsknecht" not in without
    for slug in without:
        assert lesson_presses(slug, T.lesson_seeds(slug)[0]).presses == 1 + 2 * deals - 1 + 1, slug
    for seed in T.lesson_seeds("landsknecht"):
        ref = LandsknechtSession(list(DEFAULT_PLAYERS), rng=seed)
        button, hand = 2 + deals - 1, 2 + deals - 1
        stakes = []
        for _ in range(deals):
            deal = ref.start_deal()
            f, late = _lesson_deal_by_the_rules(deal, DEFAULT_PLAYERS)
            button += 1 + (not deal.is_over)
            hand += 1 + deal.turns + (late is not None) + (not deal.is_over)
            deal.play_out()
            stakes.append((deal.result_of(f).outcome, None if late is None else deal.result_of(late).outcome))
            ref.end_deal()
        got, got_hand = lesson_presses("landsknecht", seed), lesson_presses("landsknecht", seed, by_hand=True)
        assert (got.presses, got_hand.presses) == (button, hand)
        assert got.stakes == got_hand.stakes == stakes
        # and the lesson's counts (the answer key's group) are these stakes'
        counts = lesson.group(seed, deals).counts
        assert counts["first"].successes == sum(s[0] == "win" for s in stakes)
        assert counts["late"].trials == sum(s[1] is not None for s in stakes)
        assert counts["late"].successes == sum(s[1] == "win" for s in stakes)


def test_counting_presses_sends_no_widget_to_a_notebook(monkeypatch):
    """The lesson pages count presses on real tables (widgets.lesson_presses) while a kernel
    runs them; the tables must not reach the notebook's front end: JupyterLab took minutes to
    draw the dozens of hidden tables (Run All did not finish in 180 s), and the website saved
    their state without drawing them ("widget model not found"). While counting, no comm of
    the kernel's is made (the kernel's create_comm is never called), and it is put back after."""
    import comm
    from banking_games.widgets.lesson_presses import lesson_presses
    made = []

    def kernels_comm(*args, **kwargs):
        made.append(kwargs.get("target_name"))
        return comm.DummyComm(*args, **kwargs)

    monkeypatch.setattr(comm, "create_comm", kernels_comm)
    from banking_games.widgets import plain
    monkeypatch.setattr(plain, "_made", {})     # the page's first widgets come after the counting
    assert lesson_presses("landsknecht", 301).presses > 0
    assert made == []
    assert comm.create_comm is kernels_comm
    # a widget made after the counting uses a shared layout and style made with the kernel's comm,
    # not ones made while counting, which the front end never received (a board made after the
    # count waited about 40 s in JupyterLab for such a model)
    kernels = []
    monkeypatch.setattr(comm, "create_comm", lambda *a, **k: kernels.append(comm.DummyComm(*a, **k)) or kernels[-1])
    shown = plain.Button(description="after")
    assert shown.layout is plain.shared("layout") and shown.style is plain.shared("button_style")
    assert shown.layout.comm in kernels and shown.style.comm in kernels and shown.comm in kernels


def test_counting_by_hand_is_refused_for_a_table_without_a_lesson_button():
    # by_hand counts the presses a table's lesson button saves: asked of a game whose table has no
    # lesson button, it is a ConfigError naming the game (before this, any game but Landsknecht
    # was refused by its name, and a new game with a button would have been refused too)
    from banking_games import registry
    from banking_games.errors import ConfigError
    from banking_games.widgets.lesson_presses import lesson_presses

    without = [g for g in registry.GAMES if not hasattr(g.table_class(), "lesson_by_hand")]
    assert without, "every table has a lesson button now: this test needs a game without one"
    for g in without:
        with pytest.raises(ConfigError, match=f"the {g.title} table has no lesson button"):
            lesson_presses(g.slug, 1, by_hand=True)

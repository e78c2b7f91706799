"""Stateful property tests (hypothesis ``RuleBasedStateMachine``), one per
dealing table and one per engine session (issue 11).

Each machine mixes legal and illegal actions with random arguments of many
types. After every step it checks the rules of the developer guide:

* no exception escapes a table (a table shows every refusal in its message
  bar, never "Unexpected error"), and an engine raises only ``GameError``;
* a refused action changes nothing (the table's views and the engine state
  are as before: the ``snapshot`` helper of ``test_widgets_misuse``);
* chips are conserved, checked from the running balances of every seat
  (banker included), which the tables keep per person: their sum is 0 after
  every settled deal because each stake moves between two named people; and
  each seat's balance equals an independent ledger (each bet's net moved
  between its punter and that deal's banker), since nets that cancel would
  leave a wrong attribution with a sum of 0 (issue 18).
"""

from __future__ import annotations

from fractions import Fraction

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from banking_games import registry
from banking_games.cards import full_pack
from banking_games.errors import GameError
from banking_games.games import banker_broker as bb
from banking_games.games import landsknecht as lk
from test_widgets_misuse import snapshot

SETTINGS = settings(max_examples=15, stateful_step_count=12, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
SESSION_SETTINGS = settings(max_examples=40, stateful_step_count=30, deadline=None,
                            suppress_health_check=[HealthCheck.too_slow])

# Anything a reader might type into a text field, legal or not.
TYPED = st.one_of(
    st.sampled_from(["1", "5", "1/2", "0.1", "0", "-1", "", "x", "1e1000000000", "inf", "NaN", "1/0",
                     "9" * 5000, "K\u2666\ufe0f", "Ann, Bob", "Ann", "Ann, Ann", "1, 1, 1", "3 4 5 40"]),
    st.text(max_size=12),
    st.integers(-10 ** 6, 10 ** 6).map(str),
)
SEEDS = st.one_of(st.integers(-100, 100), st.integers(0, 10 ** 30))
ANY_ARG = st.one_of(st.none(), st.booleans(), st.integers(-5, 60), st.floats(allow_nan=True),
                    st.text(max_size=6), st.lists(st.text(max_size=3), max_size=4),
                    st.sampled_from(["AS", "KD", "Joker", "Ann", "Bob", "1/2", "1e1000000000"]))


def make_table_machine(table_class):
    class TableMachine(RuleBasedStateMachine):
        def __init__(self):
            super().__init__()
            self.t = table_class()
            self._start_ledger()

        def _start_ledger(self):
            # An independent ledger of every seat's purse: each settled bet moves its net between
            # the punter who placed it and the banker of that deal (the rules of every game:
            # the bank pays and collects every stake). It is kept from the bets' results, not from
            # the table's running balances, so that a table that books a net to the wrong seat
            # (which leaves the sum at 0) is caught.
            self._history = self.t.history
            self._booked = []
            self.ledger = {p: Fraction(0) for p in self.t.history}

        def _book(self):
            t = self.t
            if t.history is not self._history:   # a new session: everyone starts again at 0
                self._start_ledger()
            s = t.settlement
            if s is not None and not any(s is b for b in self._booked):
                self._booked.append(s)
                for r in s.results:
                    self.ledger[r.player] += r.net
                    self.ledger[t.deal.banker] -= r.net

        def _click(self, button):
            t = self.t
            t.message.clear()
            before = snapshot(t)
            button.click()  # an exception escaping here fails the test
            assert "Unexpected" not in t.message.value, t.message.value
            if t.message.is_error:
                assert snapshot(t) == before, t.message.value
            self._book()

        @rule(value=TYPED)
        def type_stake(self, value):
            self.t.stake.value = value

        @rule(value=TYPED)
        def type_sizes(self, value):
            if hasattr(self.t, "sizes"):
                self.t.sizes.value = value

        @rule(value=TYPED)
        def type_players(self, value):
            self.t.players_field.value = value

        @rule(value=SEEDS)
        def type_seed(self, value):
            self.t.seed_field.value = str(value)  # typed: a text field

        @rule(data=st.data())
        def choose(self, data):
            for name in ("punter", "kind", "bet", "section", "card"):
                w = getattr(self.t, name, None)
                if w is not None and len(w.options):
                    w.index = data.draw(st.integers(0, len(w.options) - 1))

        @rule(name=st.sampled_from(["bet_button", "turn_button", "end_button", "new_deal_button",
                                    "new_session_button", "cut_button"]))
        def click(self, name):
            button = getattr(self.t, name, None)
            if button is not None:
                self._click(button)

        @invariant()
        def chips_conserved(self):
            t = self.t
            total = sum((h[-1] for h in t.history.values()), Fraction(0))
            assert total == 0, t.history
            # each seat's running balance, not only their sum (nets that cancel sum to 0 by chance)
            assert {p: h[-1] for p, h in t.history.items()} == self.ledger, (t.history, self.ledger)

    TableMachine.__name__ = f"{table_class.__name__}Machine"
    return TableMachine


@pytest.mark.parametrize("game", registry.GAMES, ids=registry.SLUGS)
def test_table_state_machine(game):
    machine = make_table_machine(game.table_class())
    machine.TestCase.settings = SETTINGS
    machine.TestCase().runTest()


def _engine_call(fn, *args, **kwargs):
    """Call an engine method: it either works or raises a GameError (never
    another exception type), and on refusal leaves ``state()`` unchanged."""
    try:
        return fn(*args, **kwargs), None
    except GameError as err:
        return None, err


class BankerBrokerSessionMachine(RuleBasedStateMachine):
    PLAYERS = ("Ann", "Bob", "Cy")

    def __init__(self):
        super().__init__()
        self.session = bb.BankerBrokerSession(bb.BankerBrokerConfig(), self.PLAYERS, "Ann")
        self.deal = None
        self.purse = {p: Fraction(0) for p in self.PLAYERS}

    def state(self):
        return (repr(self.session.banker), self.deal.transcript() if self.deal is not None else None,
                repr(self.deal.bets_on(0)) if self.deal is not None and False else None)

    @rule(seed=SEEDS, n=ANY_ARG)
    def new_deal(self, seed, n):
        before = self.state()
        deal, err = _engine_call(self.session.new_deal, rng=seed, n_sections=n if n is not None else None)
        if err is None:
            self.deal = deal
        else:
            assert self.state() == before

    @rule(seed=st.integers(0, 10 ** 6))
    def new_legal_deal(self, seed):
        # a deal that starts (random arguments are mostly refused), so that deals get settled
        self.new_deal(seed, None)

    @rule(punter=ANY_ARG, section=ANY_ARG, stake=ANY_ARG)
    def bet(self, punter, section, stake):
        if self.deal is None:
            return
        before = self.state()
        _, err = _engine_call(self.deal.bet, punter, stake, section)
        if err is not None:
            assert self.state() == before

    @rule(data=st.data(), stake=st.integers(1, 5))
    def place_legal_bet(self, data, stake):
        # a valid case generated directly (random arguments are nearly always refused): a punter
        # of this deal on a section open to him, so that settled deals move chips
        if self.deal is None:
            return
        punter = data.draw(st.sampled_from(self.deal.punters))
        before = self.state()
        sections, err = _engine_call(self.deal.allowed_sections, punter)
        if err is None and sections:
            _, err = _engine_call(self.deal.bet, punter, stake, data.draw(st.sampled_from(list(sections))))
        if err is not None:
            assert self.state() == before

    @rule(sizes=ANY_ARG)
    def cut(self, sizes):
        if self.deal is None or not hasattr(self.deal, "cut"):
            return
        before = self.state()
        _, err = _engine_call(self.deal.cut, sizes)
        if err is not None:
            assert self.state() == before

    @rule()
    def play_out(self):
        if self.deal is None:
            return
        banker = self.session.banker
        _, err = _engine_call(self.deal.play_out)
        if err is None:
            settlement = self.deal.settle()
            # independent accounting from the source's rule (default options): a bet on a section
            # whose bottom card ranks above the banker's wins even money, otherwise (a tie goes to
            # the bank) it loses its stake; its net moves between the punter and the banker.
            for b in self.deal.bets:
                c = bb.compare(self.deal.sections[b.section - 1].bottom, self.deal.banker_card)
                net = b.stake if c > 0 else -b.stake
                self.purse[b.player] += net
                self.purse[banker] -= net
            # each punter's purse moved by exactly his own bets' nets
            for p in self.PLAYERS:
                if p != banker:
                    assert settlement.player_net.get(p, 0) == sum(
                        (r.net for r in settlement.results if r.player == p), Fraction(0))
            _, err = _engine_call(self.session.end_deal, rng=0)
            assert err is None, err
            self.deal = None
            # every seat's running balance, not only their sum
            assert self.session.balances == self.purse, (self.session.balances, self.purse)


class LandsknechtSessionMachine(RuleBasedStateMachine):
    PLAYERS = ("Ann", "Bob", "Cy")

    def __init__(self):
        super().__init__()
        self.session = lk.LandsknechtSession(self.PLAYERS, 3, first_banker="Bob")
        self.purse = {p: Fraction(0) for p in self.PLAYERS}

    def state(self):
        deal = self.session.deal
        return (repr(self.session.banker), repr(self.session.net),
                deal.transcript() if deal is not None and hasattr(deal, "transcript") else repr(deal))

    def _try(self, fn, *args):
        before = self.state()
        result, err = _engine_call(fn, *args)
        if err is not None:
            assert self.state() == before, err
        return result, err

    @rule()
    def start_deal(self):
        self._try(self.session.start_deal)

    @rule(data=st.data(), player=st.sampled_from(PLAYERS), stake=st.integers(1, 5))
    def place_legal_bet(self, data, player, stake):
        # a valid case generated directly: a card that is on the table now
        deal = self.session.deal
        if deal is not None and deal.live_cards:
            card = data.draw(st.sampled_from(sorted(c.name for c in deal.live_cards)))
            self._try(deal.place_bet, player, card, stake)

    @rule(player=st.one_of(st.sampled_from(PLAYERS), ANY_ARG), card=ANY_ARG, stake=ANY_ARG)
    def place_bet(self, player, card, stake):
        if self.session.deal is not None:
            self._try(self.session.deal.place_bet, player, card, stake)

    @rule(player=st.one_of(st.sampled_from(PLAYERS), ANY_ARG), card=ANY_ARG, to=ANY_ARG)
    def move_or_withdraw(self, player, card, to):
        if self.session.deal is not None:
            self._try(self.session.deal.move_bet, player, card, to)
            self._try(self.session.deal.withdraw_bet, player, card)

    @rule()
    def turn(self):
        if self.session.deal is not None:
            self._try(self.session.deal.turn)

    @rule()
    def play_out(self):
        if self.session.deal is not None:
            self._try(self.session.deal.play_out)

    @rule()
    def end_deal(self):
        banker = self.session.banker
        settlement, err = self._try(self.session.end_deal)
        if err is None:
            # independent accounting: each bet's net moves between its punter
            # and the banker of that deal
            for r in settlement.results:
                self.purse[r.player] += r.net
                self.purse[banker] -= r.net
            assert self.purse == {p: self.session.net[p] for p in self.PLAYERS}

    @invariant()
    def chips_conserved(self):
        assert sum(self.purse.values(), Fraction(0)) == 0


@pytest.mark.parametrize("machine", [BankerBrokerSessionMachine, LandsknechtSessionMachine])
def test_session_state_machine(machine):
    machine.TestCase.settings = SESSION_SETTINGS
    machine.TestCase().runTest()

"""The Repeat panel under each dealing table (issue 20, "Repeat: many deals
with the same bets"): its tally is the engine's, deal by deal, for the same
seed; the exact chances it shows are banking_games.exact's; bad input is
refused with a message and nothing lost; the asyncio path shows progress,
stops, and deals what the synchronous path deals.

The reference loops below deal with the engines directly (their public
classes and one ``random.Random(seed)`` for every shuffle), as a reader
would write it in a notebook: an independent code path.
"""

from __future__ import annotations

import asyncio
import random
import re
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest

from banking_games import registry
from banking_games.classroom import teaching
from banking_games.money import LOSE, PUSH, WIN
from banking_games.widgets import repeat as R
from banking_games.classroom import hoggenheimer as hog_lesson
from conftest import expected, new_table

LESSON_BETS = [spec for _, spec, _ in hog_lesson.BETS]  # JH; 7S 7H; 9H 8H 9D 8D; diamonds


def _count(results) -> dict:
    """{bet number: [won, lost, tied, not placed, net]} of a list of per-deal result tuples."""
    out: dict = {}
    for deal in results:
        for i, (outcome, net) in enumerate(deal, 1):
            row = out.setdefault(i, [0, 0, 0, 0, Fraction(0)])
            row[{WIN: 0, LOSE: 1, PUSH: 2, None: 3}[outcome]] += 1
            row[4] += net
    return {i: tuple(v) for i, v in out.items()}


def hoggenheimer_table(bets=LESSON_BETS, seed=2026, procedure="english"):
    t = new_table("hoggenheimer", ("Anna", "Ben", "Cleo", "Dora"), seed=seed, procedure=procedure)
    punter = next(p for p in t.players if p != t.deal.banker)
    for stake, spec in enumerate(bets, 1):
        t.deal.place_bet(punter, spec, stake)
    return t


# ---------------------------------------------------------------- the engine's tally, deal by deal

@pytest.mark.parametrize("procedure", ["english", "german"])
def test_hoggenheimer_tally_is_the_engine_loop(procedure):
    hog = registry.game("hoggenheimer").module("games")
    t = hoggenheimer_table(procedure=procedure)
    tally = t.repeat.run(300, 17)
    # reference: a fresh engine deal per repetition from one Random(17), the bets placed, played, settled
    rng, results = random.Random(17), []
    for _ in range(300):
        d = hog.HoggenheimerDeal(hog.HoggenheimerConfig(procedure), rng=rng, banker=t.deal.banker)
        for p in t.deal.bets:
            d.place_bet(p.player, p.bet, p.stake)
        d.play()
        results.append([(r.outcome, r.net) for r in d.settle().results])
    assert tally.counts() == _count(results)
    assert tally.deals == 300 and not tally.stopped
    # the panel's faster path (settle each pattern of wins once) and placing every deal agree
    slow = R._Run(R.repeat_plan(t.deal, settle_each_deal=True), 300, 17)
    slow.step()
    assert slow.tally.counts() == tally.counts()


def test_hoggenheimer_lesson_bets_match_the_lesson_group_counts():
    # hog_lesson.group deals the lesson's English deals from Random(seed) and counts the deals
    # each of bets A-D wins: another code path, which must give the panel's "won" column.
    t = hoggenheimer_table()
    tally = t.repeat.run(200, 5)
    group = hog_lesson.group(5, 200)  # a group deals at most 200
    assert [b.won for b in tally.bets] == [group.count(letter).successes for letter in "ABCD"]


def test_banker_broker_tally_is_the_engine_loop_with_ties_returned_after_the_cut():
    bb = registry.game("banker-and-broker").module("games")
    config = bb.BankerBrokerConfig(sectioning=bb.Sectioning.ANY, tie_rule=bb.TieRule.STAKE_RETURNED,
                                   bet_timing=bb.BetTiming.AFTER_CUT)
    t = new_table("banker-and-broker", ("Anna", "Ben", "Cleo"), seed=3, config=config, n_sections=5)
    d0 = t.deal
    d0.cut()
    punters = d0.punters
    d0.bet(punters[0], 2, section=1)
    d0.bet(punters[1], "1/2", section=4)
    d0.bet(punters[0], 1, section=4)
    tally = t.repeat.run(300, 99)
    rng, results = random.Random(99), []
    for _ in range(300):
        d = bb.BankerBrokerDeal(config, punters, rng=rng, banker=d0.banker, n_sections=5)
        d.cut()
        for b in d0.bets:
            d.bet(b.player, b.stake, section=b.section)
        d.play_out()
        results.append([(r.outcome, r.net) for r in d.settle().results])
    assert tally.counts() == _count(results)
    assert sum(b.tied for b in tally.bets) > 0  # ties are counted apart (stake returned)


def test_banker_broker_default_rules_tally_is_the_engine_loop():
    bb = registry.game("banker-and-broker").module("games")
    t = new_table("banker-and-broker", seed=8)
    for p in t.deal.punters:
        t.deal.bet(p, 1)
    tally = t.repeat.run(250, 4)
    rng, results = random.Random(4), []
    for _ in range(250):
        d = bb.BankerBrokerDeal(t.deal.config, t.deal.punters, rng=rng, banker=t.deal.banker)
        for b in t.deal.bets:
            d.bet(b.player, b.stake, section=b.section)
        d.play_out()
        results.append([(r.outcome, r.net) for r in d.settle().results])
    assert tally.counts() == _count(results)
    assert all(b.tied == 0 for b in tally.bets)  # the bank wins ties: a tie is a loss


def test_landsknecht_tally_is_the_engine_loop():
    lk = registry.game("landsknecht").module("games")
    t = new_table("landsknecht", seed=1)
    d0 = t.deal
    punter = next(p for p in d0.players if p != d0.banker)
    d0.place_bet(punter, d0.players_cards[0], 1)
    while len(d0.players_cards) < 2:  # seed 1: the deal goes on to a second players' card
        d0.turn()
    d0.place_bet(punter, d0.players_cards[1], 3)
    tally = t.repeat.run(300, 21)
    # reference: the first players' card backed before the first turn, the second as soon as it is dealt
    rng, results = random.Random(21), []
    for _ in range(300):
        d, _ = lk.new_deal(rng, banker=d0.banker, players=d0.players)
        first = d.place_bet(punter, d.players_cards[0], 1)
        second = None
        while not d.is_over:
            if second is None and len(d.players_cards) > 1:
                second = d.place_bet(punter, d.players_cards[1], 3)
            d.turn()
        rows = []
        for b in (first, second):
            r = d.result_of(b) if b is not None else None
            rows.append((r.outcome, r.net) if r else (None, Fraction(0)))
        results.append(rows)
    assert tally.counts() == _count(results)
    assert tally.bets[1].not_placed > 0  # some deals end before a second players' card


def test_same_seed_same_tally_other_seed_other_tally():
    a, b = hoggenheimer_table(), hoggenheimer_table()
    assert a.repeat.run(300, 11).counts() == b.repeat.run(300, 11).counts()
    # the button reads the fields: the same seed typed gives the same tally again
    b.repeat.deals_field.value, b.repeat.seed_field.value = "300", "11"
    b.repeat.repeat_button.click()
    assert b.repeat.tally.counts() == a.repeat.tally.counts()
    assert a.repeat.run(300, 12).counts() != b.repeat.tally.counts()


# ---------------------------------------------------------------- exact chances and their bands

def test_exact_chances_shown_are_banking_games_exact():
    t = hoggenheimer_table(["JH", "7S 7H", "9H 8H 9D 8D", "diamonds"])
    tally = t.repeat.run(50, 1)
    # A bet on m cards wins when those m cards all come before the Joker: among these m + 1 cards each
    # is equally likely to come last, so the Joker is last with chance 1/(m+1): a card 1/2, a pair 1/3,
    # a square 1/5, a suit row (8 cards) 1/9.
    assert [b.p_win for b in tally.bets] == [Fraction(1, 2), Fraction(1, 3), Fraction(1, 5), Fraction(1, 9)]
    assert "1/9 = 0.111" in t.repeat.results.value

    b = new_table("banker-and-broker", seed=2)
    b.deal.bet(b.deal.punters[0], 1)
    # The banker's card is fixed; a section's bottom card is any of the other 51 alike. 3 of them share its
    # rank (a tie: the bank wins by default), 48 do not, and of these as many rank above as below on average
    # over the banker's rank: win 24/51 = 8/17 (lose 24/51 + ties 3/51 = 9/17).
    assert b.repeat.run(20, 1).bets[0].p_win == Fraction(8, 17)

    k = new_table("landsknecht", seed=1)
    k.deal.place_bet(next(p for p in k.deal.players if p != k.deal.banker), k.deal.players_cards[0], 1)
    # The bet is a race between the 3 unseen cards of the banker's rank and the 3 of its card's rank: the
    # first of those 6 to come is equally likely any of them, so the bet wins with chance 3/6 = 1/2.
    assert k.repeat.run(20, 1).bets[0].p_win == Fraction(1, 2)


def test_band_is_two_standard_errors_and_frequency_is_won_over_placed():
    t = hoggenheimer_table(["JH"])
    bet = t.repeat.run(400, 3).bets[0]
    # p = 1/2, N = 400: SE = sqrt(1/4 / 400) = 1/40, band 1/2 -+ 1/20 = 0.45 to 0.55
    assert bet.standard_error == pytest.approx(0.025)
    assert bet.band == pytest.approx((0.45, 0.55))
    assert bet.frequency == Fraction(bet.won, 400)
    assert bet.inside == (0.45 <= bet.won / 400 <= 0.55)
    assert "0.450 to 0.550" in t.repeat.results.value
    # net: a win at 1 to 1 nets +1, a loss -1 (stake 1)
    assert bet.net == bet.won - bet.lost


def test_running_frequency_chart_is_svg_ending_at_the_tally():
    t = hoggenheimer_table()
    tally = t.repeat.run(1000, 6)
    svg = R.running_frequency_svg(tally)
    root = ET.fromstring(svg)  # well-formed XML
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}polyline")) == 4  # one running-frequency line per bet
    for b in tally.bets:
        assert b.trail[-1] == (1000, b.won / 1000)  # each line ends at the final frequency
        assert len(b.trail) == 200  # a point every 5 deals: 1000 / 5


# ---------------------------------------------------------------- bad input: a message, nothing lost

@pytest.mark.parametrize("deals, words", [("0", "at least 1 deal"), ("-5", "at least 1 deal"),
                                          ("1000000000", "at most 10,000"), ("1e9", "at most 10,000"),
                                          ("abc", "whole number"), ("2.5", "whole number"), ("", "empty")])
def test_bad_number_of_deals_is_refused_and_the_last_tally_kept(deals, words):
    t = hoggenheimer_table()
    panel = t.repeat
    panel.deals_field.value, panel.seed_field.value = "200", "3"
    panel.repeat_button.click()
    kept, shown = panel.tally, panel.results.value
    panel.deals_field.value = deals
    panel.repeat_button.click()
    assert panel.message.is_error and words in panel.message.value
    assert panel.tally is kept and panel.results.value == shown
    assert not panel.repeat_button.disabled
    with pytest.raises(R.RepeatError):
        panel.run(deals, 3)


def test_bad_seed_and_no_bets_are_refused():
    t = new_table("hoggenheimer", seed=1)  # no bet placed
    panel = t.repeat
    panel.repeat_button.click()
    assert panel.message.is_error and "no bets to repeat" in panel.message.value
    assert panel.tally is None and panel.results.value == ""
    t.deal.place_bet(next(p for p in t.players if p != t.deal.banker), "JH", 1)
    for seed in ("-1", "seven", "1.5"):
        panel.seed_field.value = seed
        panel.repeat_button.click()
        assert panel.message.is_error and "Repeat seed" in panel.message.value
    assert panel.tally is None


# ---------------------------------------------------------------- the asyncio path: progress and Stop

def test_async_repeat_shows_progress_and_deals_what_run_deals(monkeypatch):
    monkeypatch.setattr(R, "PROGRESS_SECONDS", 0.0)  # one deal a chunk: every chunk shows its progress
    monkeypatch.setattr(R, "MIN_CHUNK_SECONDS", 0.0)
    t = hoggenheimer_table()
    panel = t.repeat
    seen = []
    panel.progress.observe(lambda ch: seen.append(ch["new"]), names="value")

    async def go():
        panel.deals_field.value, panel.seed_field.value = "40", "9"
        panel.repeat_button.click()
        assert panel.running and panel.repeat_button.disabled and not panel.stop_button.disabled
        # a second Repeat while one runs is refused, the run goes on
        panel.repeat_button.click()
        assert "a repeat is running" in panel.message.value
        return await panel.task

    tally = asyncio.run(go())
    assert seen[-1] == 40 and seen == sorted(seen) and len(set(seen)) == 40  # progress after each chunk
    assert tally.deals == 40 and not tally.stopped
    assert tally.counts() == hoggenheimer_table().repeat.run(40, 9).counts()
    assert not panel.running and not panel.repeat_button.disabled and panel.stop_button.disabled


def test_stop_ends_the_repeat_with_the_tally_so_far(monkeypatch):
    monkeypatch.setattr(R, "PROGRESS_SECONDS", 0.0)
    monkeypatch.setattr(R, "MIN_CHUNK_SECONDS", 0.0)
    t = hoggenheimer_table()
    panel = t.repeat

    async def go():
        panel.deals_field.value, panel.seed_field.value = "10000", "4"
        panel.repeat_button.click()
        for _ in range(5):
            await asyncio.sleep(0)
        panel.stop_button.click()
        return await panel.task

    tally = asyncio.run(go())
    assert tally.stopped and 1 <= tally.deals < 10000
    assert "Stopped after" in panel.message.value and "(stopped: 10,000 asked)" in panel.results.value
    # the deals dealt are the first deals of that seed
    assert tally.counts() == hoggenheimer_table().repeat.run(tally.deals, 4).counts()


# ---------------------------------------------------------------- runs without numpy, pandas, sympy, matplotlib

def test_repeat_runs_without_numpy_pandas_sympy_matplotlib():
    # one unit on a bet of each game's table: its one_unit_bet in tests/game_data (a game with
    # none fails here, naming the file, before the run with the heavy packages blocked)
    for g in registry.GAMES:
        assert callable(expected(g.slug, "one_unit_bet")), g.slug
    code = textwrap.dedent("""
        import importlib
        import sys
        for name in ("numpy", "pandas", "sympy", "matplotlib", "scipy"):
            sys.modules[name] = None
        sys.path.insert(0, sys.argv[1])   # tests/, for game_data
        from banking_games import registry
        tables = [g.table_class()(seed=1) for g in registry.GAMES]
        for g, table in zip(registry.GAMES, tables):
            importlib.import_module(f"game_data.{g.package}").one_unit_bet(table)
        for table in tables:
            tally = table.repeat.run(30, 1)
            assert tally.deals == 30 and "<svg" in table.repeat.results.value
        loaded = sorted(n for n in sys.modules if n.split(".")[0] in ("numpy", "pandas", "sympy", "matplotlib", "scipy")
                        and sys.modules[n] is not None)
        assert not loaded, loaded
        print("ok")
    """)
    tests = str(Path(__file__).resolve().parent)
    proc = subprocess.run([sys.executable, "-c", code, tests], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"


def test_repeat_tally_is_the_panels_run():
    # the widget-free path a book page uses: the same plan and Random(seed) as the panel's run
    t = hoggenheimer_table()
    assert R.repeat_tally(t.deal, 250, 9).counts() == t.repeat.run(250, 9).counts()
    with pytest.raises(R.RepeatError, match="Deals"):
        R.repeat_tally(t.deal, 0, 9)


# ---------------------------------------------------------------- the tally's own arithmetic (issue 32)

class _Scripted(R._Plan):
    """A plan whose deals are a script of (outcome, net) for one bet, in order (no engine):
    what the tally and the code make of given outcomes, derived by hand below."""

    game, key, note = "Landsknecht", "landsknecht", ""

    def __init__(self, script):
        self.script = list(script)
        self.bets = (R._RepeatedBet("Anna", "first players' card", Fraction(1), Fraction(1, 2)),)
        self.specs = ("players' card 1",)
        self._i = 0

    def deal(self, rng):
        out = self.script[self._i % len(self.script)]
        self._i += 1
        return (out,)


def _run(script, deals):
    job = R._Run(_Scripted(script), deals, 0)
    job.step()
    return job


def test_running_frequency_counts_a_push_as_placed_not_won():
    # deals: win, push (stake returned), loss, push: wins/placed after each deal 1/1, 1/2, 1/3, 1/4
    job = _run([(WIN, Fraction(1)), (PUSH, Fraction(0)), (LOSE, Fraction(-1)), (PUSH, Fraction(0))], 4)
    b = job.tally.bets[0]
    assert b.trail == [(1, 1 / 1), (2, 1 / 2), (3, 1 / 3), (4, 1 / 4)]   # (the chart's floats)
    assert (b.won, b.lost, b.tied, b.placed) == (1, 1, 2, 4)


def test_a_frequency_on_the_bands_end_is_inside():
    # p = 1/2 over 4 deals: SE = sqrt(1/2 * 1/2 / 4) = 1/4, band 1/2 -+ 1/2 = 0 to 1 exactly;
    # 0 wins of 4 lies on the lower end: inside (the band's ends belong to it)
    b = R.BetTally(1, "Anna", "x", Fraction(1), Fraction(1, 2), won=0, lost=4)
    assert b.band == (0.0, 1.0) and b.inside is True
    b = R.BetTally(1, "Anna", "x", Fraction(1), Fraction(1, 2), won=4, lost=0)
    assert b.inside is True


def test_repeat_code_counts_the_deals_a_bet_went_down_in():
    # 10 deals: the bet went down in 7 (3 won, 4 lost) and could not in 3 (the deal ended first)
    job = _run([(WIN, Fraction(1))] * 3 + [(LOSE, Fraction(-1))] * 4 + [(None, Fraction(0))] * 3, 10)
    code = R.repeat_group_code(job.plan, job.tally)
    assert code.deals == 10 and code.counts == {"players' card 1": (3, 7)}
    assert code.nets == {"players' card 1": Fraction(-1)}


@pytest.mark.parametrize("deals", [1, 199, 200, 201, 999, 1000, 1001, 10_000])
def test_trail_keeps_at_most_its_points(deals):
    # the chart keeps at most _TRAIL_POINTS (200) points of the running frequency, the last one at
    # the deals dealt: a mark every ceil(deals / 200) deals, and the end
    job = _run([(WIN, Fraction(1)), (LOSE, Fraction(-1))], deals)
    trail = job.tally.bets[0].trail
    assert len(trail) <= R._TRAIL_POINTS and trail[-1][0] == deals
    every = -(-deals // 200)
    assert [n for n, _ in trail] == sorted(set(list(range(every, deals + 1, every)) + [deals]))


def test_one_deal_is_said_in_the_singular():
    # a repeat of 1 deal: "1 deal", never "1 deals" (the panel's message, its code's caption, the chart)
    t = new_table("hoggenheimer", seed=2026)
    t.typed_bet.value = "JH"
    t.bet_button.click()
    tally = t.repeat.run(1, 2026)
    said = " ".join([t.repeat.message.value, R.tally_html(tally), R.running_frequency_svg(tally)])
    # (not a number ending in 1, such as the speed "1,451 deals/s", which flaked one run in ten)
    assert "1 deal" in said and not re.search(r"(?<![\d,.])1 deals", said), said
    tally = t.repeat.run(1000, 2026)
    assert "1,000 deals" in R.tally_html(tally)


def test_standard_error_counts_the_deals_the_bet_went_down_in():
    # p = 1/2, placed in 25 deals (10 won, 15 lost), not placed in 75: SE = sqrt(1/4 / 25) = 0.1
    b = R.BetTally(1, "Anna", "x", Fraction(1), Fraction(1, 2), won=10, lost=15, not_placed=75)
    assert b.standard_error == pytest.approx(0.1) and b.band == pytest.approx((0.3, 0.7))


def test_the_two_codes_of_a_table_say_which_one_the_lesson_collects():
    # the table's lesson section heads its code "Group code for the class board"; the Repeat panel's
    # code is headed "Repeat code", so a group copies the right one; the Copy button is never
    # selected with the code (user-select: none)
    from banking_games.widgets.group_code_view import LESSON_HEADING, REPEAT_HEADING

    t = new_table("hoggenheimer", seed=2026)
    t.deal_to_end()
    t.new_deal()
    t.lesson_code.update("hoggenheimer", 2026, 1, "", t.players)
    assert LESSON_HEADING in t.lesson_code.value and REPEAT_HEADING not in t.lesson_code.value
    t.typed_bet.value = "JH"
    t.bet_button.click()
    t.repeat.run(10, 2026)
    shown = t.repeat.code_view.value
    assert REPEAT_HEADING in shown and LESSON_HEADING not in shown
    assert "class board" in LESSON_HEADING and "not the lesson's" in REPEAT_HEADING
    for value in (t.lesson_code.value, shown):
        assert re.search(r'<button[^>]*class="bg-copy-code"[^>]*user-select:none', value)


class _TwoStakes(_Scripted):
    """Two punters' stakes on the same players' card: one bet of the code, its nets added."""

    def __init__(self, script):
        super().__init__(script)
        self.bets = self.bets * 2
        self.specs = self.specs * 2

    def deal(self, rng):
        out = self.script[self._i % len(self.script)]
        self._i += 1
        return (out, (out[0], out[1] * 2))    # the second stake is 2 units


def test_a_bet_placed_twice_is_one_bet_of_the_code_with_its_nets_added():
    # 4 deals: win, loss, win, win with stakes of 1 and 2 units: nets 1 - 1 + 1 + 1 = 2 and 4; total 6
    job = R._Run(_TwoStakes([(WIN, Fraction(1)), (LOSE, Fraction(-1)), (WIN, Fraction(1)), (WIN, Fraction(1))]), 4, 0)
    job.step()
    code = R.repeat_group_code(job.plan, job.tally)
    assert code.bets == ("players' card 1",) and code.counts == {"players' card 1": (3, 4)}
    assert code.nets == {"players' card 1": Fraction(6)}

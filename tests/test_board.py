"""The class results board of the lesson pages (issue 20):
:class:`banking_games.widgets.board.ClassBoard`, driven as a teacher would
through its fields and buttons, with a fake store in place of the browser's
localStorage.

What is right is derived here, not read from the board:

* the pooled counts of the lesson's groups are :func:`teaching.pool` of
  ``teaching.<game>_group(seed, LESSON_DEALS)`` for the seeds the lesson
  pages use (``teaching.group_seeds(first, 8)``, first = 101, 201, 301,
  read from the pages' source below), i.e. the answer key's table;
* a tampered code (one count changed, the check character made right
  again by encoding the changed code) is flagged, and the flag shows the
  counts that the seed gives (dealt again here with the same teaching
  function);
* the band of the pooled Banker and Broker tie fraction is the page's:
  ``teaching.band(p, sections, per_deal=k, covariance_per_deal=c)``, with
  k the punters' sections a deal (sections / deals).
"""

from __future__ import annotations

import dataclasses
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from banking_games import registry
from banking_games.classroom import group_codes as GC
from banking_games.classroom import teaching as T
from banking_games.widgets.board import BoardError, BrowserStore, ClassBoard, MemoryStore, check_counts, funnel_svg, storage_key
from conftest import expected

BOOK = Path(__file__).resolve().parent.parent / "book"
PAGE = {slug: f"lesson-{slug}.md" for slug in registry.SLUGS}
GROUP = {g.slug: g.module("classroom").group for g in registry.GAMES}
hog_lesson = registry.game("hoggenheimer").module("classroom")


def lesson_seeds(game: str) -> list[int]:
    """The seeds as the lesson page derives them: ``SEEDS = T.lesson_seeds(game)`` in its first cell."""
    m = re.search(r'SEEDS = T\.lesson_seeds\("([a-z-]+)"\)', (BOOK / PAGE[game]).read_text(encoding="utf-8"))
    assert m and m.group(1) == game, f"{PAGE[game]}: SEEDS = T.lesson_seeds({game!r}) not found"
    return T.lesson_seeds(game)


def lesson_codes(game: str) -> tuple[list[str], list[T.GroupCounts]]:
    groups = [GROUP[game](s, T.LESSON_DEALS) for s in lesson_seeds(game)]
    return [GC.encode(GC.GroupCode.from_group_counts(game, "lesson", g)) for g in groups], groups


def as_pairs(total: dict) -> dict:
    return {k: (c.successes, c.trials) for k, c in total.items()}


def paste(board: ClassBoard, text: str) -> None:
    """Type ``text`` in the codes field and press Add."""
    board.codes_field.value = text
    board.add_button.click()


class FakeStore:
    """A store that records what the board keeps, as localStorage would."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}
        self.writes = 0

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        self.writes += 1
        self.data[key] = value

    def remove(self, key):
        self.data.pop(key, None)


@pytest.mark.parametrize("game", list(PAGE))
def test_eight_lesson_codes_pool_as_the_answer_key(game):
    codes, groups = lesson_codes(game)
    board = ClassBoard(game, store=FakeStore(), key="k")
    paste(board, "\n".join(codes))
    assert not board.message.is_error, board.message.value
    assert len(board.entries) == len(codes) == 8
    assert all(e.flag is None for e in board.entries)
    assert as_pairs(board.pooled()) == as_pairs(T.pool(groups))
    assert board.codes_field.value == ""
    # the pooled table: the class counts "s of t" of each event of the page's names
    total = T.pool(groups)
    for row, (key, _label) in zip(board.rows(), board.game.names.items()):
        c = total.get(key, T.Count())
        assert row["class"] == f"{c.successes} of {c.trials}"
    assert "Pooled: 8 groups" in board.table.value


def test_one_group_is_counted_in_the_singular():
    # the caption a teacher reads after the first code: "1 group", not "1 groups"
    codes, _ = lesson_codes("hoggenheimer")
    board = ClassBoard("hoggenheimer", store=FakeStore(), key="k")
    paste(board, codes[0])
    assert f"Pooled: 1 group, {T.LESSON_DEALS} deals" in board.table.value


def test_banker_broker_band_allows_for_the_shared_card():
    codes, groups = lesson_codes("banker-and-broker")
    board = ClassBoard("banker-and-broker", store=FakeStore(), key="k")
    board.add("\n".join(codes))
    total = T.pool(groups)
    exact = registry.game("banker-and-broker").module("classroom").exact()
    k = total["tie"].trials // (T.LESSON_DEALS * 8)       # punters' sections a deal (3 with four players)
    assert k == 3
    _, lo, hi = T.band(exact["tie"], total["tie"].trials, per_deal=k, covariance_per_deal=exact["tie_cov"])
    tie = next(r for r in board.rows() if r["count"].startswith("T"))
    assert tie["band (±2 SE)"] == f"{lo:.3f} to {hi:.3f}"
    # without the correction the band would differ (the covariance of two sections' ties is not 0)
    _, lo0, hi0 = T.band(exact["tie"], total["tie"].trials)
    assert f"{lo0:.3f} to {hi0:.3f}" != tie["band (±2 SE)"]


def test_typo_refused_nothing_lost():
    codes, groups = lesson_codes("hoggenheimer")
    board = ClassBoard("hoggenheimer", store=FakeStore(), key="k")
    board.add("\n".join(codes[:7]))
    before = as_pairs(board.pooled())
    good = codes[7]
    i = len(good) // 2
    typo = good[:i] + ("7" if good[i] != "7" else "8") + good[i + 1:]
    paste(board, typo)
    assert board.message.is_error and "line 1" in board.message.value
    assert as_pairs(board.pooled()) == before and len(board.entries) == 7
    assert board.codes_field.value == typo          # the refused line stays to be corrected
    paste(board, good)
    assert as_pairs(board.pooled()) == as_pairs(T.pool(groups))


def test_pasted_twice_refused():
    codes, groups = lesson_codes("landsknecht")
    board = ClassBoard("landsknecht", store=FakeStore(), key="k")
    paste(board, "\n".join(codes))
    paste(board, codes[3])
    assert board.message.is_error and "already on the board" in board.message.value
    assert len(board.entries) == 8 and as_pairs(board.pooled()) == as_pairs(T.pool(groups))
    # twice in one paste: the second copy refused, the first added
    fresh = ClassBoard("landsknecht", store=FakeStore(), key="k")
    paste(fresh, f"{codes[0]}\n{codes[0]}")
    assert len(fresh.entries) == 1 and "line 2" in fresh.message.value


def test_wrong_game_refused():
    codes, _ = lesson_codes("banker-and-broker")
    board = ClassBoard("hoggenheimer", store=FakeStore(), key="k")
    paste(board, codes[0])
    assert board.message.is_error and board.entries == []


def test_tampered_code_flagged_with_the_seeds_counts():
    codes, groups = lesson_codes("hoggenheimer")
    true = groups[2]
    code = GC.decode(codes[2])
    a_won, deals = code.counts["A"]
    changed = dict(code.counts, A=(a_won + 1 if a_won < deals else a_won - 1, deals))
    tampered = GC.encode(dataclasses.replace(code, counts=changed))
    board = ClassBoard("hoggenheimer", store=FakeStore(), key="k")
    paste(board, tampered)
    assert len(board.entries) == 1, board.message.value     # flagged, not refused
    flag = board.entries[0].flag
    assert flag is not None and "flagged" in board.message.value.lower()
    # the flag shows what seed 103 with 10 deals gives: bet A's true count
    assert f"A {true.counts['A'].successes} of {true.counts['A'].trials}" in flag
    assert f"seed {true.seed}" in flag
    assert "Flagged" in board.groups_box.children[1].children[0].value


def test_storage_round_trip_and_clear():
    codes, groups = lesson_codes("banker-and-broker")
    store = FakeStore()
    board = ClassBoard("banker-and-broker", store=store, key="bb-key")
    board.add("\n".join(codes[:5]))
    board.remove(1)
    assert json.loads(store.data["bb-key"]) == [codes[i] for i in (0, 2, 3, 4)]
    again = ClassBoard("banker-and-broker", store=store, key="bb-key")   # a reload of the page
    assert [e.text for e in again.entries] == [codes[i] for i in (0, 2, 3, 4)]
    assert as_pairs(again.pooled()) == as_pairs(T.pool([groups[i] for i in (0, 2, 3, 4)]))
    # Clear all asks first: one press changes nothing, the second clears the board and the store
    again.clear_button.click()
    assert len(again.entries) == 4 and "bb-key" in store.data
    again.cancel_button.click()
    again.clear_button.click()
    again.clear_button.click()
    assert again.entries == [] and "bb-key" not in store.data
    with pytest.raises(BoardError):
        again.clear()
    assert ClassBoard("banker-and-broker", store=store, key="bb-key").entries == []


def test_store_with_a_bad_code_keeps_the_good_ones():
    codes, _ = lesson_codes("landsknecht")
    store = FakeStore()
    store.data["k"] = json.dumps([codes[0], "not a code", codes[1]])
    board = ClassBoard("landsknecht", store=store, key="k")
    assert [e.text for e in board.entries] == codes[:2]
    assert board.message.is_error and "1 kept code" in board.message.value


class JsNull:
    """Stands in for ``pyodide.ffi.jsnull``: what the website's Pyodide hands back for
    JavaScript's null (localStorage.getItem of a key never set). Not None, falsy, and its
    str() is "jsnull" (seen in the page's Pyodide)."""

    def __bool__(self):
        return False

    def __str__(self):
        return "jsnull"


class FakeLocalStorage:
    """The browser's localStorage as Pyodide shows it: getItem of an unset key is jsnull."""

    def __init__(self):
        self.items = {}

    def getItem(self, key):
        return self.items.get(key, JsNull())

    def setItem(self, key, value):
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


def test_browser_store_first_visit_is_empty_not_damaged():
    # a first visit: nothing kept under the key, so the board starts empty with no error
    # (it said "The codes kept in this browser could not be read" when jsnull became "jsnull")
    ls = FakeLocalStorage()
    store = BrowserStore(ls)
    assert store.get("k") is None
    board = ClassBoard("hoggenheimer", store=store, key="k")
    assert board.entries == [] and not board.message.is_error, board.message.value
    codes, _ = lesson_codes("hoggenheimer")
    board.add(codes[0])
    assert json.loads(ls.items["k"]) == [codes[0]]
    assert [e.text for e in ClassBoard("hoggenheimer", store=BrowserStore(ls), key="k").entries] == [codes[0]]


def test_storage_key_per_game_and_path():
    assert storage_key("hoggenheimer", "/book/") != storage_key("landsknecht", "/book/")
    assert storage_key("hoggenheimer", "/book/") != storage_key("hoggenheimer", "/other/")
    assert isinstance(ClassBoard("hoggenheimer").store, MemoryStore)   # CPython: this kernel's memory


def test_real_cards_group():
    # a Banker and Broker group with real cards: 10 deals of 3 punters' sections, W 13 T 3 L 14
    board = ClassBoard("banker-and-broker", store=FakeStore(), key="k")
    f = board.cards_fields
    for name, value in (("group", "9"), ("deals", "10"), ("win", "13"), ("tie", "3"), ("lose", "14")):
        f[name].value = value
    board.cards_button.click()
    assert not board.message.is_error, board.message.value
    assert as_pairs(board.pooled()) == {"win": (13, 30), "tie": (3, 30), "lose": (14, 30)}
    # W + T + L = 31 sections cannot be 10 deals of the same number of sections: refused, nothing lost
    for name, value in (("group", "10"), ("deals", "10"), ("win", "14"), ("tie", "3"), ("lose", "14")):
        f[name].value = value
    board.cards_button.click()
    assert board.message.is_error and len(board.entries) == 1
    # a word where a count goes: refused with the field's name, the fields kept to correct
    f["win"].value = "twelve"
    board.cards_button.click()
    assert board.message.is_error and "W sections" in board.message.value and len(board.entries) == 1
    assert f["win"].value == "twelve"
    assert as_pairs(board.pooled()) == {"win": (13, 30), "tie": (3, 30), "lose": (14, 30)}


# each game's impossible counts, with why, in tests/game_data/<game>.py (a game with none fails collection)
@pytest.mark.parametrize("game, deals, counts", [(slug, deals, counts) for slug in registry.SLUGS
                                                 for deals, counts in expected(slug, "IMPOSSIBLE_COUNTS")])
def test_counts_that_cannot_be(game, deals, counts):
    with pytest.raises(BoardError):
        check_counts(game, deals, counts)


def test_funnel_plot_draws_each_group_and_the_band():
    _, groups = lesson_codes("hoggenheimer")
    p = hog_lesson.exact()["A"][0]
    svg = funnel_svg([(f"seed {g.seed}", 10, g.counts["A"].fraction, False) for g in groups], p, "A")
    assert svg.count("<circle") == 8 and "<polygon" in svg and "var(--jp-" in svg
    assert "8 groups" in svg


def test_repeat_code_checked_against_the_repeat_panels_path():
    # A Hoggenheimer repeat of the bets JH and 7S 7H, 50 deals from seed 2026: every deal is a fresh
    # English deal shuffled from one random.Random(2026), played until the Joker; a bet wins when all
    # its cards are among the cards turned before the Joker (the game's rule, read here from the deal's
    # turned cards, not from the board or the Repeat panel).
    from banking_games.games import hoggenheimer as hog
    rng = __import__("random").Random(2026)
    won = {"JH": 0, "7S 7H": 0}
    for _ in range(50):
        deal = hog.HoggenheimerDeal(hog.HoggenheimerConfig("english"), rng=rng, banker="Anna")
        deal.play()
        names = {c.name for c in deal.turned}
        for spec in won:
            won[spec] += all(card in names for card in spec.split())
    right = GC.GroupCode("hoggenheimer", "repeat", 2026, 50, ("JH", "7S 7H"),
                         {spec: (w, 50) for spec, w in won.items()})
    wrong = dataclasses.replace(right, counts={"JH": (won["JH"] + 1, 50), "7S 7H": (won["7S 7H"], 50)})
    board = ClassBoard("hoggenheimer", store=FakeStore(), key="k")
    board.add(GC.encode(right) + "\n" + GC.encode(wrong))
    # the same seed, deals and bets deal the same cards: the second code is the same repeat, refused
    assert len(board.entries) == 1 and "already on the board" in board.message.value
    assert board.entries[0].flag is None and board.entries[0].note is None
    alone = ClassBoard("hoggenheimer", store=FakeStore(), key="k2")
    alone.add(GC.encode(wrong))
    assert alone.entries[0].flag is not None and f"JH {won['JH']} of 50" in alone.entries[0].flag
    # the repeat's bets are the lesson's A (JH) and B (7S 7H): they pool there
    assert as_pairs(board.pooled()) == {"A": (won["JH"], 50), "B": (won["7S 7H"], 50)}
    # a Banker and Broker repeat on the banker's own section (section 4 of the table as it starts: 3
    # punters and the banker) is no punter's section the lesson pools: refused, with why
    bb_board = ClassBoard("banker-and-broker", store=FakeStore(), key="k")
    bb_board.add(GC.encode(GC.GroupCode("banker-and-broker", "repeat", 1, 10, ("section 4",), {"section 4": (4, 10)})))
    assert bb_board.entries == [] and "not one the lesson pools" in bb_board.message.value


def test_a_banker_broker_repeat_pools_its_sections_as_w():
    # A Banker and Broker repeat of one unit on each punter's section (sections 1-3 of the live table
    # as it starts: Anna the banker, Ben, Cleo, Dora), 300 deals from seed 11. Derived here with the
    # engine's deal only: each deal shuffled and cut from one random.Random(11); a section wins when
    # its bottom card's rank is above the banker's bottom card's (the banker's section is the last).
    # Counted by hand: W = 424 of 900 sections (141 + 142 + 141 per section, as the repeat's tally).
    import random
    from banking_games.games import banker_broker as bb
    rng, won = random.Random(11), {1: 0, 2: 0, 3: 0}
    for _ in range(300):
        deal = bb.BankerBrokerDeal(bb.BankerBrokerConfig(), ["Ben", "Cleo", "Dora"], rng=rng, banker="Anna")
        deal.play_out()
        for n in won:
            won[n] += deal.sections[n - 1].bottom.rank > deal.sections[-1].bottom.rank
    assert sum(won.values()) == 424
    specs = tuple(f"section {n}" for n in won)
    right = GC.GroupCode("banker-and-broker", "repeat", 11, 300, specs,
                         {f"section {n}": (w, 300) for n, w in won.items()})
    board = ClassBoard("banker-and-broker", store=FakeStore(), key="k")
    board.add(GC.encode(right))
    assert len(board.entries) == 1 and board.entries[0].flag is None and board.entries[0].note is None
    # the three sections add up under W, over the 900 sections staked; the repeat tells no T from L
    assert as_pairs(board.pooled()) == {"win": (424, 900)}
    # the bank wins ties: net = W - (T + L) = 2 W - n, per unit staked (2 * 424 - 900) / 900
    m = T.mean_net("banker-and-broker", board.groups())
    assert m.value == Fraction(2 * 424 - 900, 900) and m.stakes == 900 and m.se is not None
    shown = re.sub(r"<[^>]+>", "", board.table.value)
    assert f"{float(m.value):+.3f} over 900 units" in shown
    # a code with one win too many for section 2 is flagged with what the seed gives
    wrong = dataclasses.replace(right, counts={**right.counts, "section 2": (won[2] + 1, 300)})
    alone = ClassBoard("banker-and-broker", store=FakeStore(), key="k2")
    alone.add(GC.encode(wrong))
    assert alone.entries[0].flag is not None and f"section 2 {won[2]} of 300" in alone.entries[0].flag


def test_banker_broker_groups_with_different_sections_a_deal():
    # Two real-cards groups: 10 deals of 3 punters' sections (W 13, T 3, L 14) and 10 deals of 2
    # (W 9, T 1, L 10): 4 ties in 50 sections. With a 52-card pack a section ties with the banker's
    # card with chance p = 3/51 (3 cards of its rank among the 51 others); two sections of one deal
    # both tie with chance 3/51 * 2/50, so their covariance is c = 6/2550 - (3/51)^2. The pooled
    # fraction's variance adds the groups': sum over groups of D (k p (1-p) + k (k-1) c), over 50^2.
    from fractions import Fraction
    import math
    board = ClassBoard("banker-and-broker", store=FakeStore(), key="k")
    board.add_cards(1, 10, win=13, tie=3, lose=14)
    board.add_cards(2, 10, win=9, tie=1, lose=10)
    p = Fraction(3, 51)
    c = Fraction(6, 2550) - p * p
    var = sum(10 * (k * p * (1 - p) + k * (k - 1) * c) for k in (3, 2)) / 50 ** 2
    se = math.sqrt(var)
    tie = next(r for r in board.rows() if r["count"].startswith("T"))
    assert tie["class"] == "4 of 50"
    assert tie["band (±2 SE)"] == f"{float(p) - 2 * se:.3f} to {float(p) + 2 * se:.3f}"
    # a second group numbered 2 is refused, nothing lost
    with pytest.raises(BoardError):
        board.add_cards(2, 10, win=10, tie=0, lose=10)
    assert len(board.entries) == 2


# ---------------------------------------------------------------- sample D's survivors (benchmarks/mutation_points.py)

@pytest.mark.parametrize("game, deals, counts", [
    ("landsknecht", 10, {"void": (0, 10)}),                         # F, placed in every deal, not counted
    ("landsknecht", 10, {"first": (5, 9), "void": (0, 10)}),        # F counted over 9 of the 10 deals
])
def test_landsknecht_counts_without_f_in_every_deal_cannot_be(game, deals, counts):
    # The Landsknecht lesson stakes F at the start of every deal (book/lesson-landsknecht.md), so a
    # group's F has exactly one trial per deal; anything else is refused with the board's own error.
    with pytest.raises(BoardError):
        check_counts(game, deals, counts)


def test_keep_them_says_nothing_was_cleared_and_keeps_the_groups():
    codes, _ = lesson_codes("hoggenheimer")
    board = ClassBoard("hoggenheimer", store=FakeStore(), key="k")
    paste(board, "\n".join(codes[:2]))
    board.clear_button.click()                       # asks once more
    assert "Remove all 2 groups" in board.message.value
    board.cancel_button.click()                      # Keep them
    assert "Nothing cleared." in board.message.value and len(board.entries) == 2
    board.clear_button.click()
    board.clear_button.click()                       # confirmed: cleared, and not said to be kept
    assert board.entries == [] and "Nothing cleared." not in board.message.value


def test_a_landsknecht_repeat_on_the_first_card_is_dealt_again_and_other_cards_are_not():
    # The board deals a Landsknecht repeat again only for the stake on the first players' card (the
    # Repeat panel's default bet): its tampered copy is flagged. A repeat on card 2 is pooled nowhere
    # in the lesson: refused, with why.
    from banking_games.classroom.board_checks import _repeat_counts
    first = GC.bet_spec("landsknecht", 1)
    seed, deals = 2026, 40
    right_counts = _repeat_counts("landsknecht", GC.GroupCode("landsknecht", "repeat", seed, deals, (first,),
                                                               {first: (0, deals)}))
    won, placed = right_counts[first]
    assert placed == deals                       # F is placed in every deal
    tampered = GC.GroupCode("landsknecht", "repeat", seed, deals, (first,), {first: (won + 1, placed)})
    board = ClassBoard("landsknecht", store=FakeStore(), key="k")
    board.add(GC.encode(tampered))
    assert board.entries[0].flag is not None and board.entries[0].note is None
    assert f"{won} of {placed}" in board.entries[0].flag
    second = GC.bet_spec("landsknecht", 2)
    other = ClassBoard("landsknecht", store=FakeStore(), key="k2")
    other.add(GC.encode(GC.GroupCode("landsknecht", "repeat", seed, deals, (second,), {second: (3, deals)})))
    assert other.entries == [] and "not one the lesson pools" in other.message.value


# ---------------------------------------------------------------- the board knows its lesson (issue 34)

def _hog_code(seed: int, deals: int) -> str:
    return GC.encode(GC.GroupCode.from_group_counts("hoggenheimer", "lesson", hog_lesson.group(seed, deals)))


def test_a_groups_later_code_replaces_its_earlier_one():
    # A seed deals the same cards in the same order, so group seed 101's code after 10 deals holds the
    # 6 deals of its code after 6: pooling both would count those 6 deals twice. One entry per group.
    six, ten = hog_lesson.group(101, 6), hog_lesson.group(101, 10)
    assert all(six.counts[k].successes <= ten.counts[k].successes for k in "ABCD")   # the 6 are among the 10
    board = ClassBoard("hoggenheimer", store=FakeStore(), key="k")
    paste(board, _hog_code(101, 6))
    paste(board, _hog_code(101, 10))
    assert [e.code.deals for e in board.entries] == [10]
    assert as_pairs(board.pooled()) == as_pairs(T.pool([ten]))
    assert "replaced" in board.message.value and "6 deals" in board.message.value
    # the earlier code again, afterwards: refused, the later one kept
    paste(board, _hog_code(101, 6))
    assert [e.code.deals for e in board.entries] == [10] and "earlier code" in board.message.value
    # both in one paste, the earlier first: one entry, the later
    once = ClassBoard("hoggenheimer", store=FakeStore(), key="k2")
    paste(once, _hog_code(101, 6) + "\n" + _hog_code(101, 10) + "\n" + _hog_code(102, 10))
    assert sorted((e.code.seed, e.code.deals) for e in once.entries) == [(101, 10), (102, 10)]
    # kept across a reload of the page (the store holds the later code only)
    again = ClassBoard("hoggenheimer", store=once.store, key="k2")
    assert sorted((e.code.seed, e.code.deals) for e in again.entries) == [(101, 10), (102, 10)]


def test_a_seed_the_lesson_did_not_assign_is_pointed_out():
    # The Hoggenheimer lesson gives its 8 groups seeds 101 to 108 (book/lesson-hoggenheimer.md, Class
    # activity). A group whose typed seed did not apply deals from the table's default, 2026: its code
    # is added (its counts are right for its seed) but marked, and the message says so.
    board = ClassBoard("hoggenheimer", store=FakeStore(), key="k")
    paste(board, _hog_code(101, 10) + "\n" + _hog_code(108, 10))
    assert all(e.warning is None for e in board.entries)
    paste(board, _hog_code(2026, 10))
    stray = board.entries[-1]
    assert stray.code.seed == 2026 and stray.flag is None
    assert "101 to 108" in stray.warning and "not one the lesson assigns" in board.message.value
    assert "Not the lesson" in board.groups_box.children[-1].children[0].value


@pytest.mark.parametrize("game", list(PAGE))
def test_the_board_shows_the_class_mean_net_per_unit_staked(game):
    # The lesson's money question: one unit on each lesson bet in every deal. The right value is the
    # engine's own settlements of the groups' sessions (teaching.pool_nets), divided by the units
    # staked, each game's in tests/game_data/<game>.py (lesson_net_and_units, which says what a unit
    # is there). The board computes it from the codes' counts and payouts instead.
    codes, groups = lesson_codes(game)
    nets = T.pool_nets(groups)
    total = T.pool(groups)
    net, units = expected(game, "lesson_net_and_units")(nets, total)
    m = T.mean_net(game, groups)
    assert (m.value, m.stakes) == (net / units, units)
    board = ClassBoard(game, store=FakeStore(), key="k")
    paste(board, "\n".join(codes))
    shown = re.sub(r"<[^>]+>", "", board.table.value)
    assert f"Mean net per unit staked" in shown and f"{float(net / units):+.3f} over {units:,} units" in shown
    assert ("inside" if m.lo <= m.value <= m.hi else "outside") in shown.split("Mean net")[1]


def test_mean_net_without_one_variance_or_one_set_of_bets():
    # Banker and Broker groups with 1 and 3 punters' sections a deal have no one variance per deal:
    # the mean net is shown without a band. A Hoggenheimer board with only a repeat of bets A and B
    # has no net over the four bets: none is shown. Nothing staked: none.
    one = T.GroupCounts(1, 10)
    one.counts.update({"win": T.Count(5, 10), "tie": T.Count(1, 10), "lose": T.Count(4, 10)})
    three = T.GroupCounts(2, 10)
    three.counts.update({"win": T.Count(14, 30), "tie": T.Count(2, 30), "lose": T.Count(14, 30)})
    m = T.mean_net("banker-and-broker", [one, three])
    # (5 - 1 - 4) + (14 - 2 - 14) = -2 over 40 sections
    assert m.value == Fraction(-2, 40) and m.stakes == 40 and m.lo is None and m.se is None
    ab = T.GroupCounts(3, 50)
    ab.counts.update({"A": T.Count(25, 50), "B": T.Count(17, 50)})
    assert T.mean_net("hoggenheimer", [ab]) is None
    assert T.mean_net("landsknecht", []) is None


def test_projector_view_toggles_with_one_button():
    # Projector view: the board gets the class bg-projector (its CSS, sent with the board, puts the
    # pooled results over the whole window at PROJECTOR_FONT_PX); the same button, now "Back to the
    # page", takes it off. The size itself is measured in a browser (tests/test_board_site.py).
    from banking_games.widgets.board import PROJECTOR_CSS, PROJECTOR_FONT_PX
    assert PROJECTOR_FONT_PX >= 24 and f"font-size: {PROJECTOR_FONT_PX}px" in PROJECTOR_CSS
    board = ClassBoard("hoggenheimer", store=FakeStore(), key="k")
    board.projector_button.click()
    assert "bg-projector" in board._dom_classes and board.projector_button.description == "Back to the page"
    board.projector_button.click()
    assert "bg-projector" not in board._dom_classes and board.projector_button.description == "Projector view"

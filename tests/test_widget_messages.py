"""What the tables' message bar says (issue 11, "what a user hits next").

1. A Landsknecht stake limit typed during a session applies from the next
   deal (the source has each banker set the limits when taking the bank;
   the engine's ``start_deal(min_stake=..., max_stake=...)``), not from
   'New session': the reminder must say so, while players and seed still
   apply from 'New session'.
2. An error message echoes what the reader typed, but never the whole of a
   long text: at most 40 characters of it and "…" (``errors.short_repr``).
   Before, a Banker and Broker section size of 5000 nines repeated all 5000
   digits, and so did every field of each table that echoes its text.
3. A Hoggenheimer bet typed wrong is refused in a short message (under 200
   characters; before, about 650, because it listed every legal shape):
   what was wrong, a few legal bets to copy, and where all of them are.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from pathlib import Path

from banking_games.errors import short_repr
from banking_games.games.banker_broker import BetTiming, Sectioning
from banking_games import registry
from banking_games.widgets.landsknecht import SETTINGS_HELP

import ipywidgets as widgets

from conftest import new_table
from test_widgets_misuse import finish, refused, snapshot, text

LONG = "9" * 5000 + ", 1, 1, 1"


def test_landsknecht_limit_typed_mid_session_says_next_deal():
    t = new_table("landsknecht")
    t.option_fields["max_stake"].value = "1/2"
    said = text(t)
    assert "max stake (it applies from the next 'New deal')" in said
    assert "New session" not in said  # the old, wrong reminder
    # and so it is: the next deal's banker sets the limit of 1/2 ...
    finish(t)
    t.new_deal_button.click()
    assert t.deal.config.max_stake == Fraction(1, 2)
    assert "Not in play yet" not in text(t)
    # ... so a stake of 1 is refused in that deal, without a new session
    t.stake.value = "1"
    refused(t, t.bet_button.click, "outside the banker's limits for this deal", "1/2")


def test_landsknecht_reminder_names_when_each_setting_applies():
    t = new_table("landsknecht")
    t.option_fields["min_stake"].value = "2"
    t.seed_field.value = str(t.seed + 1)
    said = text(t)
    assert "min stake (it applies from the next 'New deal')" in said
    assert "seed (it applies from 'New session')" in said


def _shown_html(widget) -> list[str]:
    """Every HTML text shown in a widget tree (the note under the settings included)."""
    out = [widget.value] if isinstance(widget, widgets.HTML) else []
    for child in getattr(widget, "children", ()):
        out += _shown_html(child)
    return out


def test_landsknecht_help_says_each_banker_sets_limits_from_the_next_deal():
    # The note under the settings must say what the table does (issue 18): the limits are the
    # next banker's, from the next 'New deal'; not the old "for the whole session" / "New
    # session applies them".
    t = new_table("landsknecht")
    assert sum(SETTINGS_HELP in value for value in _shown_html(t)) == 1
    assert "Each banker sets the stake limits for his own deal" in SETTINGS_HELP
    assert "apply from the next 'New deal'" in SETTINGS_HELP
    assert "whole session" not in SETTINGS_HELP
    # ... and the table does what the note says: the first banker plays with no limit, the
    # limit of 2 typed now is the next banker's, while everyone's balance carries on.
    t.option_fields["max_stake"].value = "2"
    assert t.deal.config.max_stake is None
    finish(t)
    nets = dict(t.session.net)
    first_banker = t.deal.banker
    t.new_deal_button.click()
    assert t.deal.banker != first_banker and t.deal.config.max_stake == 2
    assert t.session.net == nets and t.deal_number == 2


def test_banker_broker_help_marks_stakes_before_the_cut_as_our_choice():
    # The source's own account of a deal cuts first and takes the stakes after (Play 1-2); the
    # engine's default is the other order, which option 2 allows: the table that starts with it
    # must say it is our choice (issue 18).
    t = new_table("banker-and-broker")
    assert t.deal.config.bet_timing is BetTiming.BEFORE_CUT
    helps = [v for v in _shown_html(t) if "stakes before the cut" in v]
    assert len(helps) == 1 and "our choice" in helps[0] and "cuts first" in helps[0]


def test_short_repr_cuts_at_40_characters():
    # hand-checked: repr of 5000 nines is a quote and 5000 digits; the first
    # 40 characters are the quote and 39 nines, then "…"
    assert short_repr("9" * 5000) == "'" + "9" * 39 + "…"
    assert short_repr("AS") == "'AS'"           # short text unchanged
    assert short_repr(list(range(3))) == "[0, 1, 2]"


# every text field of each table that is read when an action runs, and the
# action that reads it
FIELDS = [
    ("banker-and-broker", "sizes", "cut"),
    ("banker-and-broker", "sizes", "deal_to_end"),
    ("banker-and-broker", "players_field", "new_session"),
    ("hoggenheimer", "typed_bet", "typing"),  # read as it is typed
    ("hoggenheimer", "stake", "place_bet"),
    ("hoggenheimer", "players_field", "new_session"),
    ("landsknecht", "stake", "place_bet"),
    ("landsknecht", "players_field", "new_session"),
    ("landsknecht", "min_stake", "new_deal"),
    ("landsknecht", "max_stake", "new_session"),
]


def test_every_game_lists_its_read_fields():
    # a game with no entry in FIELDS would have none of its typed text checked below
    assert [s for s in registry.SLUGS if s not in {slug for slug, _, _ in FIELDS}] == []


@pytest.mark.parametrize("slug, field, action", FIELDS, ids=[f"{s}-{f}-{a}" for s, f, a in FIELDS])
@pytest.mark.parametrize("typed", [LONG, "x" * 5000, "A," * 3000, "Anna, " * 2000])
def test_long_typed_text_is_not_echoed_whole(slug, field, action, typed):
    t = new_table(slug)
    widget = t.option_fields[field] if field in getattr(t, "option_fields", {}) else getattr(t, field)
    if action == "new_deal":
        finish(t)
    before = snapshot(t)
    widget.value = typed
    if action != "typing":
        getattr(t, action)()
    said = text(t)
    assert t.message.is_error, said
    assert "Unexpected" not in said
    # the message may show at most 40 characters of the typed text in a row
    assert typed[:41] not in said and typed.strip()[:41] not in said, said[:200]
    assert len(said) < 800, len(said)
    assert snapshot(t) == before  # refused: nothing changed


# ---------------------------------------------------------------- 3. Hoggenheimer's typed bet, briefly

# The layout (sources via the chapter's "The layout"): one row per suit, one
# column per rank A K Q J 10 9 8 7 of the 32-card pack. Expected reason for
# each typed bet, derived from that layout and the chapter's five kinds of
# bet (one card, two neighbours in a row or column, a 2x2 square, a rank's
# column, a suit's row):
BAD_TYPED_BETS = [
    ("7S 8H", ["7♠ 8♥", "diagonal"]),     # the cards named as the layout draws them       # one column and one row apart: diagonal neighbours
    ("7S 8S 9S", ["3"]),                    # three cards: no kind covers 3
    ("Joker", ["Joker"]),                   # the Joker is in the pack but not on the layout
    ("2H", ["2♥", "2s to 6s"]),            # the 2s to 6s are not in the 32-card pack
    ("7S 7S", ["twice", "7♠"]),             # one card named twice
    ("xyz", ["cannot read", "xyz"]),        # not a card, rank or suit
    ("9H 8H 9D 7D", ["four-card"]),         # 9D-7D are not neighbours: no square, no column
    (" ".join(f"{r}{s}" for s in "SHD" for r in ("A", "K", "Q", "J", "10", "9")), ["18"]),  # 18 cards
    ("Z" + "9" * 5000, ["cannot read"]),     # long: echoed only in part
]
# Legal bets the message offers as examples must be accepted by the table:
# 'JH' (one card), '7S 7H' (7 of spades above 7 of hearts: neighbours in the
# 7s' column), 'tens' (the 10s' column).
EXAMPLES = ["'JH'", "'7S 7H'", "'tens'"]


@pytest.mark.parametrize("typed, words", BAD_TYPED_BETS, ids=[t[:12] for t, _ in BAD_TYPED_BETS])
def test_hoggenheimer_typed_bet_error_is_short_and_clear(typed, words):
    t = new_table("hoggenheimer")
    before = snapshot(t)
    t.typed_bet.value = typed
    said = text(t)
    assert t.message.is_error and "Unexpected" not in said, said
    assert len(said) < 200, f"{len(said)} characters: {said}"
    assert all(w in said for w in words), said                 # what was wrong
    assert sum(e in said for e in EXAMPLES) >= 2, said          # 2-3 legal bets to copy
    assert "'The bets'" in said, said                           # where the full list is
    assert "2x2 square (e.g." not in said, said                 # not the engine's list of every shape
    assert snapshot(t) == before


def test_hoggenheimer_bet_help_examples_and_section_hold():
    """The examples in the short message are legal bets, and the chapter has a
    section "The bets" with the table of kinds (label hog-bets) in it."""
    from banking_games.widgets.hoggenheimer import BET_HELP

    for example in EXAMPLES:
        assert example in BET_HELP
        t = new_table("hoggenheimer")
        t.typed_bet.value = example.strip("'")
        assert not t.message.is_error and text(t).startswith("Selected"), text(t)
    chapter = (Path(__file__).resolve().parents[1] / "book" / "hoggenheimer.md").read_text()
    section = chapter.split("\n## The bets\n", 1)[1].split("\n## ", 1)[0]
    assert "name: hog-bets" in section


# ---------------------------------------------------------------- 4. the reader's words (issue 19)

# What a message in a table must never show: words of the code rather than of the game.
NOT_READERS_WORDS = [
    (r"\(\)", "a function call"),                       # "settle() it", "(or play_out())"
    (r"\(s\)", "a lazy plural"),                        # "card(s)", "section(s)"
    (r"\bconfig\b", "the word config"),                 # "under this config (option 2)"
    (r"\boption \d", "a bare option number"),
    (r"\b[a-z]+_[a-z_]+\b", "a field's name"),          # "n_sections", "max_stake"
    (r"\bNone\b", "Python's None"),
    # a card written as a code (the tables draw J♥, not JH); a code inside quotes is what to type
    (r"\b(?:[2-9AJQK]|10)[SHDC]\b", "a card code"),
]


def _unquoted(said: str) -> str:
    """The message without its quoted pieces ('JH', 'New deal', what the reader typed)."""
    return re.sub(r"'[^']*'", "''", said)


class Recorder:
    """Every message the table's message bar shows, in order (as plain text), with whether it
    was a refusal; and the table's own counts when it was shown."""

    def __init__(self, t, counts):
        self.t, self.counts, self.shown = t, counts, []
        t.message.observe(self._seen, names="value")

    def _seen(self, change):
        if change["new"]:
            self.shown.append((text(self.t), self.t.message.is_error, self.counts(self.t)))


def _check_words(shown):
    assert shown
    for said, _, _ in shown:
        for pattern, what in NOT_READERS_WORDS:
            found = re.search(pattern, _unquoted(said))
            assert not found, f"{what} ({found.group(0)!r}) in: {said}"


def _hog_counts(t):
    return sum(1 for e in t.deal.history if type(e).__name__ == "CardTurned")


def _bb_counts(t):
    return tuple(t.deal.turned)


def _lk_counts(t):
    return t.deal.turns


def _check_deal_to_end(said, before, after, noun):
    """A 'Deal to the end' message counts what the table shows: ``after - before`` more turned,
    the last one's number ``after`` (cards are numbered in the order turned)."""
    n = after - before
    if n == 1:
        assert re.match(rf"{noun.capitalize()} {after}\b", said), said
    else:
        more = "more " if before else ""
        assert f"{n} {more}{noun}s turned; the last, {noun} {after}" in said, (before, after, said)


def test_hoggenheimer_messages_speak_the_books_words():
    for procedure in ("english", "german"):
        t = new_table("hoggenheimer", procedure=procedure, seed=2024)
        rec = Recorder(t, _hog_counts)
        t.stake.value = "two"; t.bet_button.click()                      # refused: unreadable stake
        t.stake.value = "1"
        for typed in ("7S 8H", "2H", "7S 7S", "Joker", "xyz", "7S 7H", "9H 8H 9D 8D", "tens"):
            t.typed_bet.value = typed                                     # refusals, then legal bets
        t.bet_button.click()
        t.typed_bet.value = ""
        t.new_deal_button.click()                                         # refused: not over
        t.turn_button.click()
        t.turn_button.click()
        t.bet_button.click()                                              # refused: 2 cards turned
        assert "2 cards are already turned" in rec.shown[-1][0]
        t.end_button.click()
        t.turn_button.click(); t.bet_button.click()                       # refused: over
        t.procedure.value = "german" if procedure == "english" else "english"
        t.seed_field.value = "3"
        t.new_deal_button.click()
        t.end_button.click()                                              # a whole deal from its start
        _check_words(rec.shown)
        ends = [(i, s) for i, s in enumerate(rec.shown) if "Deal settled" in s[0]]
        assert len(ends) == 2
        # first deal: two cards were turned one by one, then 'Deal to the end' turned the rest; the
        # second deal: all of them. The counts are the table's before and after the press.
        (i1, (said1, _, after1)), (i2, (said2, _, after2)) = ends
        _check_deal_to_end(said1, 2, after1, "card")
        _check_deal_to_end(said2, 0, after2, "card")
        assert re.search(rf"card {after1}: the Joker", said1) and re.search(rf"card {after2}: the Joker", said2)
        assert any("Not in play yet: seed (it applies from 'New session')" in s for s, _, _ in rec.shown)


def test_banker_broker_messages_speak_the_books_words():
    for timing in BetTiming:
        for sectioning in Sectioning:
            t = new_table("banker-and-broker", seed=2024)
            t.option_fields["bet_timing"].value = timing
            t.option_fields["sectioning"].value = sectioning
            t.new_session_button.click()
            rec = Recorder(t, _bb_counts)
            t.stake.value = "x"; t.bet_button.click()
            t.stake.value = "1"
            t.bet_button.click()                                # placed or refused (after the cut)
            t.sizes.value = "3, 4"; t.cut_button.click()        # refused: wrong sizes
            assert rec.shown[-1][1] and "got 3, 4" in rec.shown[-1][0]
            t.sizes.value = ""
            t.turn_button.click()                               # refused: not cut yet
            t.cut_button.click()
            t.bet_button.click()                                # placed or refused (before the cut)
            t.new_deal_button.click()                           # refused: sections left
            n = t.deal.n_sections
            assert f"{n} sections still to turn" in rec.shown[-1][0]
            t.turn_button.click()
            t.end_button.click()
            t.turn_button.click()                               # refused: over
            t.new_deal_button.click()
            t.end_button.click()                                # cut and play a whole deal
            _check_words(rec.shown)
            ends = [s for s in rec.shown if "Deal settled" in s[0]]
            assert len(ends) == 2
            # the first: one section (the banker's) turned by hand, the rest by 'Deal to the end';
            # the second from the cut. Sections turn banker's first, then from the top: the last
            # turned is the last players' section, the one the message names.
            for (said, _, turned), before in zip(ends, (1, 0)):
                more = "more " if before else ""
                assert f"{len(turned) - before} {more}sections turned; the last, section {turned[-1]} " in said


def test_landsknecht_messages_speak_the_books_words():
    t = new_table("landsknecht", seed=2024)
    rec = Recorder(t, _lk_counts)
    t.stake.value = "x"; t.bet_button.click()
    t.stake.value = "1"
    t.bet_button.click()
    t.new_deal_button.click()                                   # refused: not over
    t.turn_button.click()
    t.turn_button.click()
    t.end_button.click()
    t.turn_button.click(); t.bet_button.click()                 # refused: over
    t.option_fields["max_stake"].value = "ten"                  # refused at once: unreadable limit
    t.option_fields["max_stake"].value = "1/2"
    t.new_deal_button.click()
    t.bet_button.click()                                        # refused: above the new banker's limit
    t.option_fields["min_stake"].value = "2"                    # refused at once: above the largest
    t.option_fields["min_stake"].value = ""
    t.end_button.click()
    _check_words(rec.shown)
    ends = [s for s in rec.shown if "Deal settled" in s[0]]
    assert len(ends) == 2
    _check_deal_to_end(ends[0][0], 2, ends[0][2], "card")
    _check_deal_to_end(ends[1][0], 0, ends[1][2], "card")
    refusals = [s for s, error, _ in rec.shown if error]
    assert any("largest stake the banker allows" in s and "'ten'" in s for s in refusals), refusals
    assert any("smallest stake allowed (2) must not be more than the largest (1/2)" in s for s in refusals)

"""What the tables' message bar says (issue 11, "what a user hits next").

1. A Landsknecht stake limit typed during a session applies from the next
   deal (the source has each banker set the limits when taking the bank;
   the engine's ``start_deal(min_stake=..., max_stake=...)``), not from
   'New session': the reminder must say so, while players and seed still
   apply from 'New session'.
2. An error message echoes what the reader typed, but never the whole of a
   long text: at most 40 characters of it and "…" (``errors.short_repr``).
   Before, a Banker and Broker section size of 5000 nines repeated all 5000
   digits, and so did every field of the three tables that echoes its text.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from banking_games.errors import short_repr
from banking_games.widgets.banker_broker import BankerBrokerTable
from banking_games.widgets.hoggenheimer import HoggenheimerTable
from banking_games.widgets.landsknecht import LandsknechtTable

from test_widgets_misuse import finish, refused, snapshot, text

LONG = "9" * 5000 + ", 1, 1, 1"


def test_landsknecht_limit_typed_mid_session_says_next_deal():
    t = LandsknechtTable()
    t.option_fields["max_stake"].value = "1/2"
    said = text(t)
    assert "max stake (they apply from the next 'New deal')" in said
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
    t = LandsknechtTable()
    t.option_fields["min_stake"].value = "2"
    t.seed_field.value = t.seed + 1
    said = text(t)
    assert "min stake (they apply from the next 'New deal')" in said
    assert "seed (they apply from 'New session')" in said


def test_short_repr_cuts_at_40_characters():
    # hand-checked: repr of 5000 nines is a quote and 5000 digits; the first
    # 40 characters are the quote and 39 nines, then "…"
    assert short_repr("9" * 5000) == "'" + "9" * 39 + "…"
    assert short_repr("AS") == "'AS'"           # short text unchanged
    assert short_repr(list(range(3))) == "[0, 1, 2]"


# every text field of each table that is read when an action runs, and the
# action that reads it
FIELDS = [
    (BankerBrokerTable, "sizes", "cut"),
    (BankerBrokerTable, "sizes", "deal_to_end"),
    (BankerBrokerTable, "players_field", "new_session"),
    (HoggenheimerTable, "typed_bet", "typing"),  # read as it is typed
    (HoggenheimerTable, "stake", "place_bet"),
    (HoggenheimerTable, "players_field", "new_session"),
    (LandsknechtTable, "stake", "place_bet"),
    (LandsknechtTable, "players_field", "new_session"),
    (LandsknechtTable, "min_stake", "new_deal"),
    (LandsknechtTable, "max_stake", "new_session"),
]


@pytest.mark.parametrize("cls, field, action", FIELDS, ids=[f"{c.__name__}-{f}-{a}" for c, f, a in FIELDS])
@pytest.mark.parametrize("typed", [LONG, "x" * 5000, "A," * 3000, "Anna, " * 2000])
def test_long_typed_text_is_not_echoed_whole(cls, field, action, typed):
    t = cls()
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

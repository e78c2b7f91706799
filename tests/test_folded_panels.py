"""The dealing tables' folded panels are made when first opened (issue 22).

A table is shown with its panels "Step through this deal", "Event log",
"Group code for the lesson" and "Repeat" closed; their widgets (42 models of
a table) are made only when the reader opens a panel, or when code reads the
panel's attribute. These tests state what must hold:

* a table just built has made none of the models that its panels hold once
  open: the models made by the constructor and the models reachable from the
  opened panels are disjoint, and the table's reachable models are exactly
  those outside the panels;
* a panel is made once: opening it again (or reading its attribute) gives the
  same widget and makes no model;
* what a panel shows at its first opening is what a table whose panel was made
  at the start (and kept up to date, as before issue 22) shows after the same
  actions, and what the engine's deal says (one replay frame per card or
  section turned, plus the frame before the first; the log is the deal's
  transcript);
* the Repeat panel's fields start with the same values as before: 1000 deals,
  the seed of the session in play.
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets
import pytest
from ipywidgets.widgets import widget as widget_module

from banking_games import registry
from banking_games.render import card_text
from banking_games.widgets import plain
from banking_games.widgets.common import DealReplay, Disclosure
from banking_games.widgets.group_code_view import LessonCodeSection
from conftest import expected


def _table_of(game: registry.GameInfo):
    """A maker of ``game``'s table with its four players (FOUR_PLAYERS in tests/game_data/<game>.py)."""
    return lambda seed=2026: game.table_class()(expected(game.slug, "FOUR_PLAYERS"), seed=seed)


# each game's table, by its modules' name (the tests' ids)
TABLES = {g.package: _table_of(g) for g in registry.GAMES}
SLUG = {g.package: g.slug for g in registry.GAMES}


def reachable(root: widgets.Widget, skip: tuple = ()) -> set[str]:
    """The model ids reachable from ``root`` through its widget-valued state
    (children, layout, style, ...), not entering the widgets in ``skip``."""
    seen: set[str] = set()
    skip_ids = {id(w) for w in skip}
    todo = [root]
    while todo:
        w = todo.pop()
        if not isinstance(w, widgets.Widget) or id(w) in skip_ids or w.model_id in seen:
            continue
        seen.add(w.model_id)
        for name in w.keys:
            value = getattr(w, name)
            todo.extend(value if isinstance(value, (list, tuple)) else [value])
    return seen


def made_by(build) -> tuple[object, set[str]]:
    """What ``build()`` returns, and the model ids of the widgets it made."""
    before = set(widget_module._instances)
    result = build()
    return result, set(widget_module._instances) - before


def open_all(t) -> list[widgets.Widget]:
    """Open each folded panel in turn as a reader would (its title button), and
    return the panels' widgets: the three under ``more``, then the Repeat box."""
    for header in t.more.headers:
        header.value = True
    t.repeat.headers[0].value = True
    return [t.more.built(i) for i in range(3)] + [t.repeat.built(0)]


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_new_table_makes_no_model_of_its_closed_panels(game):
    TABLES[game]()   # the shared default layout and style exist once per process: made before
    t, made = made_by(TABLES[game])
    before_opening = reachable(t)
    assert all(t.more.built(i) is None for i in range(3)) and t.repeat.built(0) is None
    assert all(box.children == () for box in t.more._boxes + t.repeat._boxes)
    panels = open_all(t)
    assert [type(p) for p in panels[:3]] == [DealReplay, plain.HTML, LessonCodeSection]
    shared = {plain.shared(kind).model_id for kind in ("layout", "html_style", "button_style")}
    inside = set().union(*(reachable(p) for p in panels))
    # every model a panel holds once open, but the process-wide shared layout and styles, was
    # made after the table: none of them by its constructor
    assert len(inside - shared) >= 40 and not (inside & made)
    # the table as built reaches exactly what it reaches with its panels open, less the
    # models only the panels hold (the count "without folded panels": 77 for Landsknecht)
    assert before_opening == reachable(t, skip=tuple(panels))
    assert before_opening | inside == reachable(t)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_each_panel_is_made_once(game):
    t = TABLES[game]()
    first = open_all(t)
    for header in t.more.headers:      # close, open again
        header.value = False
    _, made = made_by(lambda: open_all(t))
    assert open_all(t) == first and all(p is not None for p in first)
    assert [t.replay, t.log_view, t.lesson_code, t.repeat.built(0)] == first
    # a reopened panel's box holds the same widget, and nothing was made again (the replay of
    # a deal not moved on needs no new frame widget)
    assert [box.children for box in t.more._boxes] == [(p,) for p in first[:3]]
    assert made == set()


def test_reading_an_attribute_makes_only_that_panel():
    t = TABLES["landsknecht"]()
    log = t.log_view
    assert t.more.built(1) is log and t.more.built(0) is None and t.more.built(2) is None
    assert t.more.selected_index is None and t.more._boxes[1].layout.display == "none"   # still closed
    assert t.repeat.built(0) is None
    field = t.repeat.deals_field
    assert t.repeat.built(0) is not None and t.repeat.deals_field is field
    assert t.repeat.selected_index is None


def test_a_title_button_opens_its_panel_built():
    # the keyboard path: Enter or Space on a title presses its ToggleButton
    t = TABLES["hoggenheimer"]()
    t.more.headers[1].value = True
    assert t.more.selected_index == 1 and t.more.built(1) is not None
    assert t.more._boxes[1].layout.display == "" and t.more._boxes[1].children == (t.more.built(1),)
    assert [h.value for h in t.more.headers] == [False, True, False]
    assert t.more.headers[1].tooltip.startswith("Open")


# ----------------------------------------------------------------- the content at first opening

def play(game: str, t) -> None:
    """Play a deal with bets on ``t``, a table of ``game`` (its modules' name), to its end: the
    game's ``play_a_deal`` in tests/game_data/<game>.py."""
    expected(SLUG[game], "play_a_deal")(t)


def _turned(game: str, t) -> int:
    """Cards (sections) turned in the table's deal, counted from the engine's deal (the game's
    ``cards_turned`` in tests/game_data/<game>.py)."""
    return expected(SLUG[game], "cards_turned")(t)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_panels_opened_late_show_what_panels_made_early_show(game):
    late, early = TABLES[game](seed=31), TABLES[game](seed=31)
    # the early table: its replay open from the start (some tables draw frames only while it is
    # open, others keep them always), its log read from the start
    early.more.selected_index = 0
    early_log = early.log_view
    play(game, late)
    play(game, early)
    assert late.more.built(0) is None and late.more.built(1) is None
    late.more.selected_index = 0      # first opening: the replay of the deal played
    replay = late.more.built(0)
    n = _turned(game, late) + 1       # one frame per card (section) turned, and the one before the first
    assert n > 2
    assert replay.n_frames == n and replay.slider.max == n - 1 and replay.stack.selected_index == n - 1
    assert [c.value for c in replay.stack.children] == [c.value for c in early.replay.stack.children]
    late.more.selected_index = 1      # the log: the same as kept up to date from the start
    assert late.log_view.value == early_log.value
    # the log is the engine's transcript of the deal, cards with their suit symbols (Banker and
    # Broker's under the line "Deal 1:", with the session's transcript after it)
    text = html.unescape(re.sub(r"<[^>]+>", "", late.log_view.value))
    transcript = card_text(late.deal.transcript())
    assert transcript.count("\n") >= 3
    if game == "banker_broker":
        assert text.startswith(f"Deal 1:\n{transcript}")
    else:
        assert text == transcript
    late.more.selected_index = 2      # the lesson code of the one deal finished
    early.more.selected_index = 2
    assert late.lesson_code.value == early.lesson_code.value and late.lesson_code.code is not None
    assert late.lesson_code.code.deals == 1


def test_landsknecht_log_follows_the_deal_once_read_though_closed():
    # as before issue 22: once made, the log (and the replay) is kept up to date on every redraw
    t = TABLES["landsknecht"](seed=8)
    log, replay = t.log_view, t.replay
    play("landsknecht", t)
    assert html.unescape(re.sub(r"<[^>]+>", "", log.value)) == card_text(t.deal.transcript())
    assert replay.n_frames == t.deal.turns + 1 and replay.stack.selected_index == t.deal.turns


# ----------------------------------------------------------------- the Repeat panel

@pytest.mark.parametrize("game", sorted(TABLES))
def test_repeat_fields_start_as_before(game):
    t = TABLES[game](seed=4242)
    t.repeat.headers[0].value = True
    assert t.repeat.deals_field.value == "1000" and t.repeat.seed_field.value == "4242"
    assert t.repeat.stop_button.disabled and not t.repeat.repeat_button.disabled
    assert t.repeat.results.value == "" and t.repeat.tally is None


def test_repeat_seed_is_the_session_in_play_at_first_opening():
    # the Repeat seed starts as the table's seed when the panel is made: after a 'New session'
    # with seed 9 (before the panel was opened) that is 9, no longer the 5 the table was built
    # with; once made, it follows the next 'New session' (the reader typed nothing there)
    t = TABLES["landsknecht"](seed=5)
    t.seed_field.value = "9"
    t.new_session()
    assert t.seed == 9 and not t.message.is_error
    assert t.repeat.seed_field.value == "9"
    t.seed_field.value = "11"
    t.new_session()
    assert t.seed == 11 and t.repeat.seed_field.value == "11"


def test_repeat_run_from_code_makes_the_panel_and_shows_the_tally():
    t = TABLES["hoggenheimer"](seed=3)
    punter = next(p for p in t.players if p != t.deal.banker)
    t.deal.place_bet(punter, "JH", 1)
    tally = t.repeat.run(50, 7)
    # 50 deals, each with the one bet placed: it is won, lost or tied in each
    assert tally.deals == 50 and tally.bets[0].placed == 50
    assert t.repeat.built(0) is not None and "50 deals dealt" in t.repeat.message.value
    assert t.repeat.selected_index is None       # made, still closed


# ----------------------------------------------------------------- Disclosure itself

def test_disclosure_builds_a_callable_panel_once_at_first_opening():
    calls = []

    def make():
        calls.append(1)
        return widgets.HTML("b")

    given = widgets.HTML("a")
    d = Disclosure([given, make], titles=["A", "B"])
    assert d.built(0) is given and d.built(1) is None and calls == []
    seen = []
    d.observe(lambda _: seen.append(d.built(1)), names="selected_index")   # an observer added later
    d.selected_index = 1
    assert calls == [1] and seen[0] is d.built(1) is not None   # made before that observer runs
    d.selected_index = None
    d.selected_index = 1
    assert calls == [1] and d.panel(1) is seen[0]
    assert d.panels == [given, seen[0]]


def test_disclosure_index_out_of_range_builds_nothing_and_a_builder_must_return_a_widget():
    d = Disclosure([lambda: widgets.HTML("x")], titles=["X"])
    d.selected_index = 3
    d.selected_index = -1
    assert d.built(0) is None and d._boxes[0].layout.display == "none"
    bad = Disclosure([lambda: "not a widget"], titles=["Bad"])
    with pytest.raises(TypeError, match="must return a widget"):
        bad.panel(0)
    assert bad.built(0) is None and bad._boxes[0].children == ()


@pytest.mark.parametrize("game", sorted(TABLES))
def test_make_folded_panels_makes_every_panel_closed_and_kept_up_to_date(game):
    # Deal live calls it once the table is drawn and the page idle (live-tables.js): every
    # panel's widgets made at once, none opened; later openings give those same widgets, and
    # after a deal played they show what a twin table whose replay was open from the start shows
    t = TABLES[game]()
    t.make_folded_panels()
    made = [t.more.built(i) for i in range(3)] + [t.repeat.built(0)]
    assert all(p is not None for p in made)
    assert t.more.selected_index is None and t.repeat.selected_index is None
    assert all(box.layout.display == "none" for box in t.more._boxes + t.repeat._boxes)
    assert [box.children for box in t.more._boxes + t.repeat._boxes] == [(p,) for p in made]
    twin = TABLES[game]()
    twin.more.selected_index = 0
    play(game, t)
    play(game, twin)
    assert open_all(t) == made
    t.more.selected_index = 0
    assert t.replay.n_frames == _turned(game, t) + 1 == twin.replay.n_frames
    assert [c.value for c in t.replay.stack.children] == [c.value for c in twin.replay.stack.children]
    assert t.log_view.value == twin.log_view.value
    assert t.repeat.seed_field.value == "2026"   # the table's seed when the panels were made


@pytest.mark.parametrize("game", sorted(TABLES))
@pytest.mark.parametrize("made_early", [False, True])
def test_the_repeat_seed_is_the_session_in_plays_unless_typed(game, made_early):
    # Deal live makes the panels at idle (made_early), JupyterLab at the first opening: either
    # way the Repeat seed field shows the seed of the session in play after a 'New session' ...
    t = TABLES[game]()                       # seed 2026
    if made_early:
        t.make_folded_panels()
    t.seed_field.value = "99"
    t.new_session_button.click()
    assert t.seed == 99 and not t.message.is_error, t.message.value
    assert t.repeat.seed_field.value == "99"
    # ... but a seed the reader typed there stays through the next 'New session'
    t.repeat.seed_field.value = "5"
    t.seed_field.value = "7"
    t.new_session_button.click()
    assert t.seed == 7 and t.repeat.seed_field.value == "5"

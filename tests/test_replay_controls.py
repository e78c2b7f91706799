"""The deal replay's controls and the panels' titles name themselves (issue 19).

In JupyterLab and JupyterLite no script of the book runs, so a control is
named there only by what ipywidgets draws: a button's text, a field's
``<label for>``. ipywidgets' ``Play`` draws icon-only buttons and its slider a
handle ``<div>``: neither has a name. These tests check the Python side:
which widgets a replay holds, what they are called, how they are linked in the
browser (so that playing works on a saved page, without Python), and what
*Back* and *Next* do. The browser side is checked in tests/test_jupyterlab.py.
"""

from __future__ import annotations

import ipywidgets as widgets
from ipywidgets.widgets.widget import _instances
from ipywidgets.widgets.widget_link import Link
import pytest

from banking_games.errors import ConfigError
from banking_games.widgets.common import DealReplay, Disclosure

FRAMES = [f"<p>frame {k}</p>" for k in range(5)]   # frames 0..4: the last frame's index is 4


def _links(*ends):
    """The browser-side links (ipywidgets.jslink) among the given (widget, trait) ends."""
    found = set()
    for w in list(_instances.values()):   # every live widget (ipywidgets 8; Widget.widgets is deprecated)
        if isinstance(w, Link):
            pair = {(id(w.source[0]), w.source[1]), (id(w.target[0]), w.target[1])}
            if pair <= {(id(o), t) for o, t in ends}:
                found.add(frozenset(pair))
    return found


def test_a_table_replay_names_its_own_controls():
    r = DealReplay(FRAMES, label="Card")
    controls = r.children[0]
    shown = [w for w in controls.children if w.layout.display != "none"]
    assert [type(w).__name__ for w in shown] == ["ToggleButton", "Button", "Button", "BoundedIntText", "HTML"]
    assert [w.description for w in shown[:4]] == ["Play", "Back", "Next", "Card"]
    assert "of 4" in shown[4].value                 # frames 0..4
    # the Play clock is there, hidden: the toggle plays it in the browser
    assert r.play in controls.children and r.play.layout.display == "none"
    assert r.slider is r.frame_field
    links = _links((r.play_button, "value"), (r.play, "playing"), (r.play, "value"),
                   (r.frame_field, "value"), (r.stack, "selected_index"))
    assert links == {frozenset({(id(r.play_button), "value"), (id(r.play), "playing")}),
                     frozenset({(id(r.play), "value"), (id(r.frame_field), "value")}),
                     frozenset({(id(r.frame_field), "value"), (id(r.stack), "selected_index")})}


def test_back_and_next_step_within_the_frames_and_pause():
    r = DealReplay(FRAMES, label="Card")
    r.set_frames(FRAMES)                     # shows the last frame, 4
    assert r.frame_field.value == 4 and r.frame_field.max == 4
    r.play.playing = True
    r.back_button.click()
    assert r.frame_field.value == 3 and r.play.playing is False
    r.next_button.click()
    r.next_button.click()                    # already at the last frame: stays
    assert r.frame_field.value == 4
    r.step(-10)                              # stops at the first frame, 0
    assert r.frame_field.value == 0
    with pytest.raises(ConfigError, match="whole number"):
        r.step(1.5)
    assert r.frame_field.value == 0
    r.set_frames(FRAMES[:2], index=0)        # fewer frames: 'of 1', and Next stops at 1
    r.step(5)
    assert r.frame_field.value == 1 and "of 1" in r.of_total.value


def test_a_saved_replay_has_both_sets_one_hidden_where_each_is_unnamed():
    r = DealReplay(FRAMES, label="Section", compact=True)
    assert "bg-replay-compact" in r._dom_classes
    slider_set, named = r.children[0].children
    assert "bg-replay-slider-set" in slider_set._dom_classes and "bg-replay-named-set" in named._dom_classes
    assert slider_set.children == (r.play, r.slider) and isinstance(r.slider, widgets.IntSlider)
    # on a saved page there is no Python: no Back or Next, only what works in the browser
    assert [type(w).__name__ for w in named.children] == ["ToggleButton", "BoundedIntText", "HTML"]
    assert r.frame_field.description == "Section"
    assert _links((r.frame_field, "value"), (r.slider, "value"))
    # in a notebook the replay's own style hides the unnamed set (the website's bg-site.css the other)
    assert ".jp-Notebook .bg-replay-compact .bg-replay-slider-set{display:none" in r.board.value


def test_panel_titles_say_whether_their_panel_is_open():
    d = Disclosure([widgets.HTML("a"), widgets.HTML("b")], titles=["A", "B"])
    closed, opened = "Closed: press to open this panel", "Open: press to close this panel"
    assert [h.tooltip for h in d.headers] == [closed, closed]
    d.headers[1].value = True
    assert d.selected_index == 1 and [h.tooltip for h in d.headers] == [closed, opened]
    d.headers[0].value = True                # one panel open at a time
    assert [h.tooltip for h in d.headers] == [opened, closed] and d.headers[1].value is False

"""banking_games.widgets.plain: the tables' widgets share one layout and style (issue 22).

Every ipywidgets widget makes its own Layout (and an HTML or Button widget its own
style) unless given one, and each is a model that Python makes and the page's widget
manager makes again before a live table is first drawn. A layout or style whose
every value is its default lays out or styles nothing differently from any other
such one, so a table needs one of its own only for a widget that sets a value or
changes one later; plain's shared instances are frozen so that a change cannot
reach the other widgets that share them.
"""

import ipywidgets as widgets
import pytest

from banking_games import registry
from banking_games.widgets import plain

NAMES = ["Anna", "Ben", "Cleo", "Dora"]


def _models(widget, seen):
    """Every model reachable from ``widget`` through its synced traits (children, layout,
    style, ...), keyed by id."""
    if id(widget) in seen:
        return seen
    seen[id(widget)] = widget
    for name in widget.keys:
        value = getattr(widget, name, None)
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, widgets.Widget):
                _models(item, seen)
    return seen


def test_plain_widgets_share_one_layout_and_style_unless_given_their_own():
    a, b = plain.HTML("a"), plain.HTML("b")
    box, row, column, button = plain.Box([a]), plain.HBox([b]), plain.VBox(), plain.Button(description="Go")
    assert a.layout is b.layout is box.layout is row.layout is column.layout is button.layout
    assert a.style is b.style and button.style is plain.shared("button_style")
    # same classes and models as ipywidgets' own, for the page and for tests that name them
    assert isinstance(a, widgets.HTML) and type(a).__name__ == "HTML" and a._model_name == "HTMLModel"
    own = widgets.Layout(width="3em")
    c = plain.HTML("c", layout=own, style={"font_size": "20px"})
    assert c.layout is own and c.style is not a.style and c.style.font_size == "20px"


def test_a_shared_layout_or_style_refuses_a_change_and_keeps_its_value():
    layout, style = plain.HTML("x").layout, plain.HTML("y").style
    with pytest.raises(plain.SharedStyleError, match="'display'.*its own"):
        layout.display = "none"
    with pytest.raises(plain.SharedStyleError, match="'font_size'"):
        style.font_size = "30px"
    assert layout.display is None and style.font_size is None
    # a widget's own layout changes as before
    own = plain.HTML("z", layout=widgets.Layout())
    own.layout.display = "none"
    assert own.layout.display == "none" and layout.display is None


def test_a_closed_shared_layout_is_made_again():
    first = plain.shared("layout")
    first.close()
    again = plain.HTML("after").layout
    assert again is not first and again.comm is not None and again is plain.shared("layout")
    with pytest.raises(KeyError):
        plain.shared("colour")


@pytest.mark.parametrize("game", registry.GAMES, ids=registry.SLUGS)
def test_no_table_makes_a_layout_of_its_own_that_it_does_not_need(game):
    """Each widget of a table whose layout holds only default values uses the shared one
    (see the module's docstring); before plain, a Landsknecht table made 39 such layouts."""
    default = widgets.Layout().get_state()
    t = game.table_class()(NAMES, seed=2026)
    t.more.panels, t.repeat.panels   # the folded panels too (made when first opened or read)
    found = _models(t, {})
    needless = [type(w).__name__ for w in found.values() if isinstance(w, widgets.DOMWidget)
                and w.layout is not plain.shared("layout") and w.layout.get_state() == default]
    assert needless == [], needless
    styles = [w for w in found.values() if type(w).__name__ in ("HTMLStyle", "ButtonStyle")]
    assert styles == [], [type(s).__name__ for s in styles]

"""Cards and places a reader chooses by clicking or tapping them.

A :class:`PickCell` is a drawing (an HTML fragment: a card, a place on the
layout, a suit sign) with a real button laid over it: the button has no
text of its own, so its accessible name is its tooltip ("back the jack
of hearts"), Enter and Space press it, and it takes the keyboard focus like
any button. A :class:`LayoutPicker` puts such cells in a grid with a
button at the head of each row and each column (the Hoggenheimer layout).

These widgets know no rule of any game: the table that builds them says
what each cell means, what a click does (through the engine) and which
cells are chosen now (:meth:`PickCell.choose`).

Colours come from the page's theme through CSS variables (JupyterLab's
``--jp-*``, which the book's website sets for its light and dark modes),
with a light fallback; the rules are in :data:`PICK_CSS`, written once
into the picker's caption so they reach JupyterLab and the website alike.
"""

from __future__ import annotations

import html
from typing import Callable, Sequence

import ipywidgets as widgets

from . import plain

__all__ = ["Parts", "PickCell", "PickRow", "LayoutPicker", "PICK_CSS", "style_html"]

PICK_CSS = """
.bg-table .jupyter-widget-Collapse-header, .bg-table .jupyter-widget-Collapse-header * {
  color: var(--jp-ui-font-color1, #1f2328); }
.bg-pick-cell { position: relative; display: block; margin: 0; padding: 2px; overflow: visible;
  border-radius: 6px; }
.bg-pick-cell > .widget-html { margin: 0; min-height: 0; height: auto; line-height: normal; }
.bg-pick-cell > .widget-html > .widget-html-content { height: auto; line-height: normal; }
.bg-pick-cell > .jupyter-button { position: absolute; inset: 0; width: auto; height: auto; margin: 0;
  padding: 0; border: 0; border-radius: 6px; background: transparent; box-shadow: none; cursor: pointer; }
/* ipywidgets gives an empty button a zero-width space (::before) that would become its name */
.bg-pick-cell > .jupyter-button.jupyter-button:empty::before { content: none; }
.bg-pick-cell > .jupyter-button:hover { background: var(--bg-pick-hover, rgba(21, 101, 192, .14)); }
.bg-pick-cell > .jupyter-button:focus-visible { outline: 3px solid var(--bg-pick-ring, #1565c0) !important;
  outline-offset: 0 !important; }
.bg-pick-cell.bg-pick-on { background: var(--bg-pick-fill, rgba(21, 101, 192, .18));
  box-shadow: inset 0 0 0 3px var(--bg-pick-ring, #1565c0); }
.bg-pick-head { display: flex; align-items: center; justify-content: center; min-width: 22px; min-height: 22px;
  font: bold 14px/1 'DejaVu Sans', Arial, sans-serif;
  color: var(--jp-content-font-color1, var(--pst-color-text-base, #161616)); }
.bg-pick-head.bg-pick-red { color: var(--bg-pick-red, #c0142b); }
.bg-pick-grid { width: max-content; flex: none; }
/* if the grid is still wider than its box, it scrolls inside it; a shadow at the cut edge says so
   (background shadows, drawn under the cards: they never hide one) */
.bg-pick-scroll { max-width: 100%; overflow-x: auto;
  background: linear-gradient(to right, var(--pst-color-background, var(--jp-layout-color0, #fff)) 30%, transparent) left / 24px 100% no-repeat local,
    linear-gradient(to left, var(--pst-color-background, var(--jp-layout-color0, #fff)) 30%, transparent) right / 24px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, .35), transparent) left / 12px 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, .35), transparent) right / 12px 100% no-repeat scroll; }
.bg-pick-help { font-size: 85%; line-height: 1.4; max-width: 60em; color: var(--bg-muted, var(--jp-content-font-color2, #595959)); margin: 2px 0; }
.bg-pick-title { font-size: 12px; color: var(--bg-muted, var(--jp-content-font-color2, #595959)); }
/* dark themes: the website's (data-theme) and JupyterLab's (data-jp-theme-light) */
html[data-theme="dark"] .bg-table, body[data-jp-theme-light="false"] .bg-table {
  --bg-pick-ring: #82b1ff; --bg-pick-fill: rgba(130, 177, 255, .22); --bg-pick-hover: rgba(130, 177, 255, .16);
  --bg-pick-red: #ff8a80; }
/* a light table-top (as display/banker_broker.py's panel) keeps the light ring inside it */
.bg-pick-panel { background: #f4f6f8; color: #1f2328; --bg-muted: #595959; border-radius: 6px; padding: 4px 10px;
  max-width: 100%; box-sizing: border-box; --bg-pick-ring: #1565c0; --bg-pick-fill: rgba(21, 101, 192, .18);
  --bg-pick-hover: rgba(21, 101, 192, .14); }
.bg-pick-panel .widget-html, .bg-pick-panel .widget-html-content { color: #1f2328; }
.bg-pick-row { flex-wrap: wrap; align-items: flex-start; gap: 4px 6px; }
/* a phone: the 8 columns of 48 px and the heads shrink to fit 390 px (the table's box is 341 px there);
   the heads grow first, so that each stays a target of at least 24 x 24 px once shrunk
   (34 x 0.74 = 25 px; 40 x 0.62 = 25 px) */
@media (max-width: 480px) { .bg-pick-grid { zoom: 0.74; } .bg-pick-head { min-width: 34px; min-height: 34px; } }
@media (max-width: 360px) { .bg-pick-grid { zoom: 0.62; } .bg-pick-head { min-width: 40px; min-height: 40px; } }
/* a checkbox of a table: a 24 px target (the browser's own box is 13 px) */
.bg-table .widget-checkbox input[type="checkbox"] { width: 24px; height: 24px; margin: 0 6px 0 0; }
/* a dropdown with long choices: on a phone its label goes above it and it takes the table's width,
   so that the choice shown is not cut */
@media (max-width: 480px) {
  .bg-fit-select.widget-dropdown { flex-wrap: wrap; width: 100% !important; max-width: 100%; }
  .bg-fit-select.widget-dropdown > label { flex: 1 1 100%; max-width: 100%; }
  .bg-fit-select.widget-dropdown > select { flex: 1 1 100%; width: 100%; max-width: 100%; min-width: 0; } }
"""
"""The picker's style rules (written once into the caption of each picker)."""


def style_html() -> str:
    """:data:`PICK_CSS` as a ``<style>`` element, to put in an HTML widget
    of a table that uses :class:`PickCell` without a :class:`LayoutPicker`."""
    return f"<style>{PICK_CSS}</style>"


class Parts:
    """The layout and style objects that a group of cells share.

    Every ipywidget brings its own ``Layout`` (and a button or an HTML
    widget its own style), each a model the browser must build; 44 cells
    would make about 350 models, a second in the website's Pyodide. The
    cells share these instead: the process's shared, frozen layout and
    styles (:func:`banking_games.widgets.plain.shared`; none is ever changed).
    """

    def __init__(self) -> None:
        self.box_layout = self.html_layout = self.button_layout = plain.shared("layout")
        self.html_style = plain.shared("html_style")
        self.button_style = plain.shared("button_style")


class PickCell(plain.Box):
    """A drawing with a button over it.

    Args:
        name: the button's accessible name and tooltip, e.g. ``"back the
            jack of hearts"``.
        on_click: called with no argument when the button is pressed.
        drawing: the HTML drawn under the button.
        parts: layouts and styles shared with other cells (:class:`Parts`);
            default: the cell's own.

    Attributes:
        drawing (HTML): what the cell shows.
        button (Button): the button (no text; named by ``name``).
    """

    def __init__(self, name: str, on_click: Callable[[], None], drawing: str = "",
                 parts: Parts | None = None) -> None:
        parts = parts or Parts()
        self.drawing = plain.HTML(drawing, layout=parts.html_layout, style=parts.html_style)
        self.button = plain.Button(description="", tooltip=name, layout=parts.button_layout,
                                     style=parts.button_style)
        self.button.on_click(lambda _: on_click())
        super().__init__([self.drawing, self.button], layout=parts.box_layout)
        self.add_class("bg-pick-cell")

    @property
    def name(self) -> str:
        """The button's accessible name (its tooltip)."""
        return self.button.tooltip

    def show(self, drawing: str, name: str | None = None) -> None:
        """Draw ``drawing`` (and rename the button); only what changed is sent."""
        if self.drawing.value != drawing:
            self.drawing.value = drawing
        if name is not None and self.button.tooltip != name:
            self.button.tooltip = name

    def choose(self, chosen: bool) -> None:
        """Mark the cell as chosen (a ring and a tint) or not."""
        if chosen:
            self.add_class("bg-pick-on")
        else:
            self.remove_class("bg-pick-on")

    @property
    def chosen(self) -> bool:
        """True while the cell is marked as chosen."""
        return "bg-pick-on" in self._dom_classes


def _head(text: str, red: bool = False) -> str:
    cls = "bg-pick-head bg-pick-red" if red else "bg-pick-head"
    return f'<div class="{cls}" aria-hidden="true">{html.escape(text)}</div>'


class LayoutPicker(plain.VBox):
    """A grid of :class:`PickCell`, with a button at the head of each row and column.

    Args:
        rows: one ``(label, red, name)`` per row: the head's text (e.g.
            ``"♥"``), whether it is drawn red, and its button's name
            (``"back all the hearts"``).
        columns: one ``(label, name)`` per column (``("J", "back all the jacks")``).
        cell_names: ``cell_names[r][c]``, the name of cell ``(r, c)``'s button.
        on_cell, on_row, on_column: called with ``(r, c)``, ``r`` or ``c``
            when a cell's, a row head's or a column head's button is pressed.
        help_text: one line saying how to choose (plain text), in ``help``,
            which the table places (e.g. under the grid and what lies beside it).

    Attributes:
        title (HTML): the caption above the grid (it also holds :data:`PICK_CSS`).
        cells: ``cells[r][c]``, the :class:`PickCell` of each place.
        row_heads, column_heads: the heads' :class:`PickCell`.
        help (HTML): the line of help (not a child of the picker: the table places it).
    """

    def __init__(self, rows: Sequence[tuple[str, bool, str]], columns: Sequence[tuple[str, str]],
                 cell_names: Sequence[Sequence[str]], *, on_cell: Callable[[int, int], None],
                 on_row: Callable[[int], None], on_column: Callable[[int], None], help_text: str = "") -> None:
        self.title = plain.HTML()
        self._title_text: str | None = None
        self.set_title("")
        parts = Parts()
        self.column_heads = [PickCell(name, (lambda c=c: on_column(c)), _head(label), parts)
                             for c, (label, name) in enumerate(columns)]
        self.row_heads = [PickCell(name, (lambda r=r: on_row(r)), _head(label, red), parts)
                          for r, (label, red, name) in enumerate(rows)]
        self.cells = [[PickCell(cell_names[r][c], (lambda r=r, c=c: on_cell(r, c)), parts=parts)
                       for c in range(len(columns))] for r in range(len(rows))]
        corner = plain.HTML("")
        corner.add_class("bg-pick-corner")
        children: list[widgets.Widget] = [corner, *self.column_heads]
        for r in range(len(rows)):
            children += [self.row_heads[r], *self.cells[r]]
        self.grid = widgets.GridBox(children, layout=widgets.Layout(
            grid_template_columns=f"auto repeat({len(columns)}, auto)", grid_gap="0px", align_items="stretch"))
        self.grid.add_class("bg-pick-grid")
        scroll = plain.Box([self.grid])
        scroll.add_class("bg-pick-scroll")
        self.help = plain.HTML(f'<div class="bg-pick-help">{html.escape(help_text)}</div>' if help_text else "")
        super().__init__([self.title, scroll], layout=widgets.Layout(width="max-content", max_width="100%"))
        self.add_class("bg-pick")

    def set_title(self, text: str) -> None:
        """The caption above the grid (plain text)."""
        if text == self._title_text:
            return
        self._title_text = text
        self.title.value = (f"<style>{PICK_CSS}</style>"
                            f'<div class="bg-pick-title">{html.escape(text)}</div>')

    def choose(self, cells: set[tuple[int, int]], row: int | None = None, column: int | None = None) -> None:
        """Mark these cells (and this row's or column's head) as chosen, and no other."""
        for r, line in enumerate(self.cells):
            for c, cell in enumerate(line):
                cell.choose((r, c) in cells)
        for r, head in enumerate(self.row_heads):
            head.choose(r == row)
        for c, head in enumerate(self.column_heads):
            head.choose(c == column)

    def chosen_cells(self) -> set[tuple[int, int]]:
        """The cells marked as chosen now."""
        return {(r, c) for r, line in enumerate(self.cells) for c, cell in enumerate(line) if cell.chosen}


class PickRow(plain.HBox):
    """A row of :class:`PickCell` whose number changes (the sections of a
    deal, the players' cards), then any fixed widgets after them.

    Args:
        on_click: called with the index of the cell pressed (0 = first).
        after: widgets shown after the cells (e.g. a drawing of what lies beside them).

    Attributes:
        cells: every cell made so far (the first :attr:`count` are shown).
    """

    def __init__(self, on_click: Callable[[int], None], after: Sequence[widgets.Widget] = ()) -> None:
        self._on_click = on_click
        self._parts = Parts()
        self._after = list(after)
        self.cells: list[PickCell] = []
        self.count = 0
        super().__init__(self._after)
        self.add_class("bg-pick-row")

    def show(self, items: Sequence[tuple[str, str]]) -> None:
        """Show one cell per ``(drawing, name)``, in order (cells are made once and reused)."""
        while len(self.cells) < len(items):
            self.cells.append(PickCell("", (lambda i=len(self.cells): self._on_click(i)), parts=self._parts))
        for cell, (drawing, name) in zip(self.cells, items):
            cell.show(drawing, name)
        if len(items) != self.count:
            self.count = len(items)
            self.children = [*self.cells[:self.count], *self._after]

    def choose(self, indexes: set[int]) -> None:
        """Mark the cells at these indexes as chosen, and no other."""
        for i, cell in enumerate(self.cells):
            cell.choose(i in indexes)

    def chosen(self) -> set[int]:
        """The indexes of the shown cells marked as chosen."""
        return {i for i, cell in enumerate(self.cells[:self.count]) if cell.chosen}

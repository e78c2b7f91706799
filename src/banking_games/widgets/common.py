"""Building blocks shared by the dealing tables: a deal replay that works on
a static page, a message bar that shows refused actions, a guard that turns
rule errors into messages, a running-bankroll table and chart, the players
field's reader, and small HTML tables (a deal's settlement among them).

No game rule lives here: each piece draws what a table passes it. Widgets
are ipywidgets 8; the bankroll chart is drawn with the standard library
(no matplotlib: it would take about 100 ms a click and is missing in an
offline Pyodide).

The pieces live in four modules: :mod:`.controls` (typed numbers, the
players field, small HTML tables, :class:`Disclosure`, :class:`MessageBar`,
:func:`guarded`), :mod:`.replay` (:class:`DealReplay`), :mod:`.chart` (the
running bankroll) and this one (:class:`DealingTable`, the tables'
skeleton). Every name is imported from here, as before.
"""

from __future__ import annotations

import html
from typing import Callable, Sequence

import ipywidgets as widgets

from . import plain
from ..i18n import N_, _
from .chart import BankrollChart, bankroll_html, bankroll_svg, record_deal, settled_text
from .controls import (SEED_DIGITS, Disclosure, MessageBar, check_players_arg, check_seed, count_text, fmt_amount, guarded,
                       html_table, log_html, note_html, number_field, parse_players, parse_seed, pending_text, plural,
                       settlement_tables, sync_options, typed_whole_number)
from .group_code_view import LessonCodeSection
from .replay import DealReplay

__all__ = ["DealingTable", "DealReplay", "MessageBar", "guarded", "BankrollChart", "bankroll_svg", "bankroll_html",
           "record_deal", "settled_text", "fmt_amount", "parse_players", "check_seed", "check_players_arg", "html_table",
           "typed_whole_number", "parse_seed", "number_field", "SEED_DIGITS", "Disclosure",
           "settlement_tables", "log_html", "note_html", "sync_options", "pending_text", "plural", "count_text"]


class DealingTable(plain.VBox):
    """The skeleton every game's dealing table shares: a header line, a
    message bar for refusals and news, the time of the last action, and the
    assembly of the rows into one box. A game's table subclasses it, builds
    its own controls and views, calls :meth:`_start_table` first and
    :meth:`_assemble` last, and implements :meth:`_render` (redraw every view
    from the engine's state). A fourth game's table is then a short subclass.

    Class attributes:
        GAME_TITLE: the game's name shown at the start of the header.
        CSS_CLASS: the CSS class of the whole table (e.g. ``"bg-landsknecht-table"``).
    """

    GAME_TITLE = ""
    CSS_CLASS = ""
    ROW = {"flex_flow": "row wrap", "align_items": "center"}

    def _start_table(self) -> None:
        """Create the parts every table has (call before building the rest)."""
        self.last_action_seconds = 0.0
        self.message = MessageBar()
        self.header = plain.HTML()

    def header_html(self, *parts: str) -> str:
        """The header line: the game's title, then ``parts`` (already HTML) separated by dots."""
        return " &middot; ".join([f"<b>{html.escape(_(self.GAME_TITLE))}</b>", *parts])

    def _assemble(self, children: Sequence[widgets.Widget]) -> None:
        """Put the rows in the box, tag it for the book's CSS and draw it."""
        widgets.VBox.__init__(self, list(children))
        self.add_class("bg-table")
        if self.CSS_CLASS:
            self.add_class(self.CSS_CLASS)
        self._render()

    def _render(self) -> None:  # pragma: no cover - every game implements it
        raise NotImplementedError

    # ------------------------------------------------------------ the folded panels
    FOLDED_TITLES = (N_("Step through this deal"), N_("Event log"), LessonCodeSection.TITLE)

    def _fold_panels(self, replay: Callable[[], DealReplay]) -> Disclosure:
        """Make ``more``, the table's folded panels (a :class:`Disclosure`,
        all closed): "Step through this deal" (the replay of the current
        deal, made by ``replay``), "Event log" and the lesson's group code
        (:class:`~banking_games.widgets.group_code_view.LessonCodeSection`).

        Each panel's widgets are made when the panel is first opened, or
        when its attribute (``replay``, ``log_view``, ``lesson_code``) is
        first read; a table just built has none of them (issue 22: fewer
        models to make before *Deal live* shows the table). Until then the
        log is kept as text (:meth:`_show_log`), and the game's
        ``_sync_replay`` and ``_sync_lesson_code``, called when a panel
        opens, fill the panel then."""
        self._log_html = ""
        self.more = Disclosure(children=[replay, lambda: plain.HTML(self._log_html), LessonCodeSection],
                               titles=self.FOLDED_TITLES)
        self.more.observe(lambda _: self._sync_replay(), names="selected_index")
        self.more.observe(lambda _: self._sync_lesson_code(), names="selected_index")
        return self.more

    def make_folded_panels(self) -> None:
        """Make every folded panel's widgets now, all still closed: "Step
        through this deal", "Event log", the lesson's group code and the
        *Repeat* panel (see :meth:`_fold_panels`); what the reader sees does
        not change. The website's *Deal live* (book/_ext/live_static/
        live-tables.js) calls it once the table is drawn and the page is
        idle, so that a first opening is as quick as a later one: made at
        the first opening, the replay took 0.1 to 0.17 s in the page."""
        self.more.panels
        self.repeat.panels

    @property
    def replay(self) -> DealReplay:
        """The "Step through this deal" panel's :class:`DealReplay`, made
        when first opened or read (see :meth:`_fold_panels`)."""
        return self.more.panel(0)

    @property
    def log_view(self) -> widgets.HTML:
        """The "Event log" panel: the deal's transcript, made when first opened or read."""
        return self.more.panel(1)

    @property
    def lesson_code(self) -> widgets.HTML:
        """The lesson's group code panel, made when first opened or read."""
        return self.more.panel(2)

    def _show_log(self, text: str) -> None:
        """Show ``text`` (plain text) in the event log: kept as HTML for the
        panel's first opening, and put in ``log_view`` if that is made."""
        self._log_html = log_html(text)
        view = self.more.built(1)
        if view is not None:
            view.value = self._log_html

    def _sync_replay(self) -> None:  # pragma: no cover - every game implements it
        raise NotImplementedError

    def _sync_lesson_code(self) -> None:  # pragma: no cover - every game implements it
        raise NotImplementedError

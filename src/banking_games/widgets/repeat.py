"""Repeat: many deals with the same bets, under any of the dealing tables.

:class:`RepeatPanel` sits under each game's dealing table. It keeps the bets placed in the table's
current deal (their punters, bets and stakes), deals a number of fresh deals
with them through the game's rules engine, and shows the tally per bet (won,
lost, tied, net), the observed frequency of a win beside the exact
probability from :mod:`banking_games.exact`, its band of two standard errors
``p +- 2 sqrt(p (1 - p) / N)``, and a running-frequency chart drawn as an
inline SVG (no matplotlib: the page's Python has no numpy, pandas or
matplotlib).

No rule lives here. Each repeated deal is built, bet on, played to the end
and settled by the engine's public API (each game's ``Plan`` in its classroom
module, ``banking_games.classroom.<package>``), every shuffle drawn from
one ``random.Random(seed)``: the same seed gives the same tally.

The work runs in chunks, its progress shown every :data:`PROGRESS_SECONDS`
(0.15 s: the chunk of deals takes what the page leaves of it). Where an event loop
runs (Jupyter's kernel; the website's Pyodide, whose WebLoop schedules each
step with the browser's ``setTimeout``), the *Repeat* button starts an
asyncio task that shows its progress after every chunk and awaits
``asyncio.sleep(0)``, so the page stays responsive and *Stop* works. With no
event loop (plain Python, tests) the button runs :meth:`RepeatPanel.run`,
the synchronous path, which returns the tally.

Standard library and ipywidgets only.

The panel is in three modules: :mod:`banking_games.classroom.repeat_plan` (the
fields' readers, what one repeat deals and counts, :func:`repeat_tally`; no widget),
:mod:`.repeat_chart` (the
running-frequency chart and the tally table) and this one
(:class:`RepeatPanel`, which runs a repeat in chunks). Every name of
``__all__`` is imported from here.
"""

from __future__ import annotations

import asyncio
import html
import sys
import time

import ipywidgets as widgets

from . import plain
from ..i18n import N_, _, error_text, localize_number, ngettext
from ..formatting import number as number_text

from ..classroom import group_codes as G
from ..classroom.group_codes import repeat_group_code
from ..classroom.repeat_plan import (MAX_DEALS, BetTally, RepeatError, RepeatTally, _Run, parse_deals, parse_seed,
                                     repeat_plan)
# read from here as before the split: repeat_tally by the book's pages, the private names by tests and benchmarks
from ..classroom.repeat_plan import _TRAIL_POINTS, _Plan, _RepeatedBet, repeat_tally  # noqa: F401
from ..errors import GameError
from ..render import MUTED_COLOUR
from .common import Disclosure, MessageBar, plural
from .group_code_view import REPEAT_HEADING, group_code_html
from .repeat_chart import running_frequency_svg, tally_html

__all__ = ["RepeatPanel", "RepeatTally", "BetTally", "RepeatError", "repeat_plan", "parse_deals", "parse_seed",
           "MAX_DEALS", "PROGRESS_SECONDS", "MIN_CHUNK_SECONDS", "running_frequency_svg", "repeat_group_code"]

PROGRESS_SECONDS = 0.15
"""How often a repeat under way shows its progress (the issue asks for at
least every 250 ms): a chunk of deals runs until this long after the last
progress was shown, so the time the page takes to draw it and handle clicks
in between (a few ms, more on a busy machine) is taken from the chunk."""
MIN_CHUNK_SECONDS = 0.02
"""The shortest chunk of deals, when the page took nearly all of
:data:`PROGRESS_SECONDS` to draw the last progress."""


# ---------------------------------------------------------------- the panel

def _running_loop():
    """The event loop a task can be started on from a button's callback, or
    ``None`` (plain Python: the synchronous path)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":  # Pyodide: its WebLoop (the browser's event loop) always runs
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return None
        return loop if loop.is_running() else None
    return None


class _Part:
    """A widget of the :class:`RepeatPanel`'s box, made with the box when the
    panel is first opened (:meth:`RepeatPanel._build`); reading it before
    makes the box first. (Not a data descriptor: once the box is made, the
    widget is read from the panel's own ``__dict__``, at no cost.)"""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, panel: "RepeatPanel | None", owner: type | None = None):
        if panel is None:
            return self
        panel.panel(0)
        return panel.__dict__[self.name]


class RepeatPanel(Disclosure):
    """The *Repeat* panel of a dealing table (a folded section under it).

    The panel's controls and views are made when it is first opened, or
    when one of them is first read (e.g. by :meth:`run`): a table just built
    has only the panel's title button (issue 22). The *Repeat seed* field
    starts with the seed of the session in play, and follows the table's
    seed after a 'New session' as long as the reader has not typed another
    (:meth:`follow_table_seed`; it used to keep the seed the table was built
    with).

    Args:
        table: the dealing table whose current deal's bets are repeated (its
            ``deal`` attribute, read when *Repeat* is pressed, and its
            ``seed`` for the panel's first seed).

    Controls: ``deals_field`` (Text), ``seed_field`` (Text),
    ``repeat_button``, ``stop_button``; views: ``progress`` (IntProgress),
    ``status``, ``message`` (:class:`~banking_games.widgets.common.MessageBar`),
    ``results`` (the tally, see :func:`tally_html`). State: ``tally``, the
    last :class:`RepeatTally` (kept when a repeat is refused), ``task``
    (the asyncio task of a repeat under way, else ``None``).
    """

    TITLE = N_("Repeat: many deals with the same bets")

    deals_field = _Part()
    seed_field = _Part()
    repeat_button = _Part()
    stop_button = _Part()
    progress = _Part()
    status = _Part()
    message = _Part()
    results = _Part()
    code_view = _Part()

    def __init__(self, table: widgets.Widget, *, deals: int = 1000) -> None:
        self.table = table
        self._deals = deals
        self.tally: RepeatTally | None = None
        self.group_code: G.GroupCode | None = None
        self.task = None
        self._stop = False
        self.last_action_seconds = 0.0
        super().__init__(children=[self._build], titles=(self.TITLE,))
        self.add_class("bg-repeat-panel")

    def _table_seed(self) -> str:
        """The table's seed as the *Repeat seed* field shows it (0 if it has no whole-number seed)."""
        seed = getattr(self.table, "seed", 0)
        return str(seed if isinstance(seed, int) else 0)

    def follow_table_seed(self) -> None:
        """Called by the table after a 'New session': if the panel is made and
        its *Repeat seed* field still shows the seed it was given (the reader
        has not typed another), it shows the new session's seed, so the field
        starts with the seed of the session in play whenever the panel was
        made (at its first opening, or earlier by
        :meth:`~banking_games.widgets.common.DealingTable.make_folded_panels`)."""
        if self.built(0) is not None and self.seed_field.value == self._seed_given:
            self._seed_given = self._table_seed()
            self.seed_field.value = self._seed_given

    def _build(self) -> widgets.VBox:
        """Make the panel's controls and views (at its first opening): the box shown under its title."""
        wide = {"description_width": "initial"}
        self.deals_field = widgets.Text(value=str(self._deals), description=_("Deals"), style=wide,
                                        placeholder=_("1 to {most}").format(most=number_text(MAX_DEALS)), layout=widgets.Layout(width="150px"))
        self._seed_given = self._table_seed()
        self.seed_field = widgets.Text(value=self._seed_given, description=_("Repeat seed"),
                                       style=wide, placeholder=_("a whole number"), layout=widgets.Layout(width="170px"))
        self.repeat_button = plain.Button(description=_("Repeat"), button_style="primary", icon="play",
                                            tooltip=_("deal that many fresh deals with the bets of this deal"))
        self.stop_button = plain.Button(description=_("Stop"), icon="stop", disabled=True,
                                          tooltip=_("stop the repeat under way (its tally so far is shown)"))
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description=_("Dealt"), style=wide,
                                            layout=widgets.Layout(width="min(300px, 95%)"))
        self.status = plain.HTML("")
        self.message = MessageBar()
        self.results = plain.HTML("", layout=widgets.Layout(max_width="100%", overflow="auto"))
        self.code_view = plain.HTML("")
        self.repeat_button.on_click(lambda _: self.start())
        self.stop_button.on_click(lambda _: self.stop())
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        about = plain.HTML(
            f'<div style="font-size:85%;color:{MUTED_COLOUR}">'
            + html.escape(_("Place bets in this deal on the table above, then press Repeat: the engine deals that "
                            "many fresh deals with the same punters, bets and stakes, each shuffled from one random "
                            "source started from the seed, plays each to the end and settles it. The same seed gives "
                            "the same tally. 1 to {most} deals.").format(most=number_text(MAX_DEALS)), quote=False)
            + "</div>")
        box = plain.VBox([about,
                            plain.HBox([self.deals_field, self.seed_field, self.repeat_button, self.stop_button],
                                         layout=row),
                            plain.HBox([self.progress, self.status], layout=row),
                            self.message, self.results, self.code_view])
        box.add_class("bg-repeat")
        return box

    # ------------------------------------------------------------ running
    @property
    def running(self) -> bool:
        """True while a repeat runs as a task."""
        return self.task is not None and not self.task.done()

    def _prepare(self, deals: object, seed: object) -> _Run:
        """Check the input and capture the bets; raise RepeatError (nothing changed) if refused."""
        if self.running:
            raise RepeatError.of("a repeat is running: press Stop first, or wait for it to finish")
        n, s = parse_deals(deals), parse_seed(seed)
        return _Run(repeat_plan(getattr(self.table, "deal", None)), n, s)

    def run(self, deals: object, seed: object) -> RepeatTally:
        """Deal ``deals`` deals (1 to :data:`MAX_DEALS`) with the bets of the
        table's current deal, from ``random.Random(seed)``, all at once, and
        show and return the tally. The synchronous path (no Stop): the
        button uses it when no event loop runs.

        Raises:
            RepeatError: a bad number of deals or seed, no bets in the
                table's deal, or a repeat already running (nothing changes).
        """
        job = self._prepare(deals, seed)
        self._begin(job)
        try:
            job.step()
        except GameError as exc:  # pragma: no cover - the engine refused a bet it took once: show why
            self._finish(job, error=_("the engine refused a repeated deal: {error}").format(error=error_text(exc)))
            raise
        self._finish(job)
        return job.tally

    def start(self) -> None:
        """The *Repeat* button: read the fields, then run the repeat as an
        asyncio task (an event loop runs) or at once (:meth:`run`). Bad
        input shows a message in the panel; the last tally stays."""
        began = time.perf_counter()
        try:
            job = self._prepare(self.deals_field.value, self.seed_field.value)
        except GameError as exc:
            self.message.error(error_text(exc))
            return
        loop = _running_loop()
        if loop is None:
            self._begin(job)
            try:
                job.step()
            except Exception as exc:  # a bug or a refused deal: say so, keep the last tally
                self._finish(job, error=f"{type(exc).__name__}: {exc}")
                return
            self._finish(job)
            self.last_action_seconds = time.perf_counter() - began
            return
        self._begin(job)
        self.task = loop.create_task(self._run_async(job))

    async def _run_async(self, job: _Run) -> RepeatTally:
        """Deal in chunks, show the progress after each (every
        :data:`PROGRESS_SECONDS`) and yield to the event loop (``await
        asyncio.sleep(0)``), where the page draws it and handles clicks."""
        try:
            shown = time.perf_counter()
            while not job.done and not self._stop:
                now = time.perf_counter()
                job.step(deadline=max(now + MIN_CHUNK_SECONDS, shown + PROGRESS_SECONDS))
                self._show_progress(job)
                shown = time.perf_counter()
                await asyncio.sleep(0)
        except Exception as exc:
            self._finish(job, error=f"{type(exc).__name__}: {exc}")
            return job.tally
        job.tally.stopped = not job.done
        self._finish(job)
        return job.tally

    def stop(self) -> None:
        """The *Stop* button: end the repeat under way after its current
        chunk; the tally of the deals dealt so far is shown."""
        if self.running:
            self._stop = True

    # ------------------------------------------------------------ showing
    def _begin(self, job: _Run) -> None:
        self._stop = False
        self.message.clear()
        with self.progress.hold_sync():
            self.progress.max = job.tally.requested
            self.progress.value = 0
        self.status.value = _("dealing {deals} ({game}, seed {seed})...").format(
            deals=plural(job.tally.requested, 'deal'), game=html.escape(job.plan.game), seed=job.tally.seed)
        self.repeat_button.disabled = True
        self.stop_button.disabled = False

    def _show_progress(self, job: _Run) -> None:
        t = job.tally
        self.progress.value = t.deals
        rate = (", " + _("{rate} deals/s").format(rate=localize_number(f"{t.deals_per_second:,.0f}"))
                if t.seconds > 0 else "")
        self.status.value = _("{done} of {deals}").format(done=number_text(t.deals),
                                                          deals=plural(t.requested, 'deal')) + rate

    def _finish(self, job: _Run, error: str | None = None) -> None:
        self.repeat_button.disabled = False
        self.stop_button.disabled = True
        self._show_progress(job)
        if error is not None:
            self.message.error(_("The repeat stopped with an error: {error}. The last tally is kept.").format(error=error))
            return
        t = job.tally
        self.tally = t
        self.results.value = tally_html(t)
        try:
            self.group_code = repeat_group_code(job.plan, t)
            how = (_("{game}, repeat seed {seed}, {deals}").format(game=t.game, seed=t.seed,
                                                                   deals=plural(t.deals, 'deal'))
                   + (" " + _("(stopped)") if t.stopped else ""))
            self.code_view.value = group_code_html(self.group_code, how, REPEAT_HEADING)
        except GameError as exc:   # nothing dealt, or more bets than a code holds: say why, no code
            self.group_code = None
            self.code_view.value = "<p>" + html.escape(_("No group code for this repeat: {reason}").format(
                reason=error_text(exc))) + "</p>"
        done = (_("Stopped after {done} of {deals}").format(done=number_text(t.deals),
                                                            deals=plural(t.requested, 'deal')) if t.stopped
                else ngettext("{n} deal dealt", "{n} deals dealt", t.deals).format(n=number_text(t.deals)))
        self.message.info(_("{done} in {seconds} s ({rate} deals/s), seed {seed}.").format(
            done=done, seconds=localize_number(f"{t.seconds:.1f}"),
            rate=localize_number(f"{t.deals_per_second:,.0f}"), seed=t.seed))

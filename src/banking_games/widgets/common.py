"""Building blocks shared by the dealing tables: a deal replay that works on
a static page, a message bar that shows refused actions, a guard that turns
rule errors into messages, a running-bankroll table and chart, the players
field's reader, and small HTML tables (a deal's settlement among them).

No game rule lives here: each piece draws what a table passes it. Widgets
are ipywidgets 8; the bankroll chart is drawn with the standard library
(no matplotlib: it would take about 100 ms a click and is missing in an
offline Pyodide).
"""

from __future__ import annotations

import functools
import html
import time
from decimal import Decimal
from fractions import Fraction
from typing import Callable, Hashable, Iterable, Mapping, Sequence

import ipywidgets as widgets
import traitlets

from . import plain
from ..checks import names, whole_number
from ..errors import ConfigError, GameError, short_repr
from ..money import Settlement

from ..render import ALERT_COLOUR, MUTED_COLOUR, merge_frames
from .group_code_view import LessonCodeSection

__all__ = ["DealingTable", "DealReplay", "MessageBar", "guarded", "BankrollChart", "bankroll_svg", "bankroll_html",
           "record_deal", "settled_text", "fmt_amount", "parse_players", "check_seed", "check_players_arg", "html_table",
           "typed_whole_number", "parse_seed", "number_field", "SEED_DIGITS", "Disclosure",
           "settlement_tables", "log_html", "note_html", "sync_options", "pending_text", "plural", "count_text"]


def fmt_amount(x: Fraction | int) -> str:
    """Format an exact amount for a reader: ``+3``, ``-1/2``, ``0``."""
    x = Fraction(x)
    text = str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return ("+" + text) if x > 0 else text


def parse_players(text: str) -> tuple[str, ...]:
    """Read player names from a text field: names separated by commas, in
    seating order. Empty names are dropped; the engine checks the rest (how
    many players, duplicates) when the session is built.
    """
    return tuple(name.strip() for name in str(text).split(",") if name.strip())


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a whole number 0 or more (not a ``bool``).

    Raises:
        ConfigError: anything else (a table's seed field holds whole numbers;
            a negative seed is refused because Python seeds -7 exactly like 7).
    """
    return whole_number(seed, "the seed", low=0)


SEED_DIGITS = 40
"""The most digits a typed seed may have (a longer one is refused, not cut)."""


def typed_whole_number(text: object, what: str, example: str, *, error: type[ConfigError] = ConfigError,
                 digits_only: bool = False) -> int:
    """The whole number a reader typed in a field named ``what``, or
    ``error`` with a message that names the field and gives ``example``.

    Spaces around the number are ignored (``" 7 "`` is 7: a pasted value
    often carries them, and nothing else could be meant); a leading ``+``
    or ``-`` is read, so that a range check can refuse ``-3`` with its own
    message. With ``digits_only`` (the seeds and section counts) nothing
    else is read: ``"1.5"``, ``"1e3"``, ``"1,5"`` and ``"abc"`` are refused
    (the browser's number field read ``"1.5"`` as 15, and ``"1,5"`` means
    1.5 to many readers). Without it (the Repeat panel's *Deals*) digits
    may be grouped with ``,``, ``_`` or spaces (``10,000``) and a whole
    number may be written as a decimal (``1e9``, ``100.0``), so that such
    a value is refused for its size with the right message. A number of
    more than 40 digits comes back as ``10**40`` (too large for every field).

    Raises:
        ConfigError (or ``error``): empty, not a whole number, or (with
            ``digits_only``) not written in digits.
    """
    if isinstance(text, bool):
        raise error(f"{what}: type a whole number such as {example}, got {text!r}")
    if isinstance(text, int):
        return text
    raw = str(text).strip()
    shown = short_repr(raw)  # at most 40 characters of what was typed
    if not raw:
        raise error(f"{what}: the field is empty; type a whole number such as {example}")
    digits = raw if digits_only else raw.replace(",", "").replace("_", "").replace(" ", "")
    sign = -1 if digits.startswith("-") else 1
    body = digits[1:] if digits[:1] in ("+", "-") else digits
    if body.isdigit() and body.isascii():
        return sign * (int(body) if len(body) <= 40 else 10 ** 40)
    if digits_only or not body or body[:1] in ("+", "-"):
        raise error(f"{what}: type a whole number in digits only, such as {example}, got {shown}")
    number = None
    if len(body) <= 40 and body.isascii():
        try:
            number = Decimal(body)
        except (ArithmeticError, ValueError):
            number = None
    if number is None or not number.is_finite():
        raise error(f"{what}: type a whole number such as {example}, got {shown}")
    if number != number.to_integral_value():
        raise error(f"{what}: a whole number is needed, got {shown}")
    return sign * (int(number) if number.adjusted() < 40 else 10 ** 40)


def parse_seed(text: object, what: str = "Seed", *, error: type[ConfigError] = ConfigError) -> int:
    """The seed typed in a field named ``what`` (a table's *Seed*, the
    Repeat panel's *Repeat seed*): a whole number 0 or more, in digits, at
    most :data:`SEED_DIGITS` of them, spaces around it ignored.

    Raises:
        ConfigError (or ``error``): empty, not digits (``"1.5"``, ``"1e3"``,
            ``"abc"``), negative (Python seeds -7 exactly like 7), or too long.
    """
    n = typed_whole_number(text, what, "2026", error=error, digits_only=True)
    if n < 0:
        raise error(f"{what}: the seed must be a whole number 0 or more, got {n:,}")
    if n >= 10 ** SEED_DIGITS:
        raise error(f"{what}: the seed must be a whole number 0 or more of at most {SEED_DIGITS} digits")
    return n


def number_field(value: int, description: str, width: str) -> widgets.Text:
    """A text field for a whole number (a seed, a number of sections).

    Not an ``IntText``: in the browser that field reads ``"1.5"`` as 15
    and silently puts back its old value for ``"abc"``, so the reader's
    mistake never reaches the table. This field keeps what was typed; the
    table reads it with :func:`typed_whole_number` or :func:`parse_seed` and
    refuses what it cannot read, in its message bar. The value is sent
    when the reader presses Enter or leaves the field, as an ``IntText``
    did, so a half-typed number is not refused keystroke by keystroke."""
    return widgets.Text(value=str(value), description=description, continuous_update=False,
                        style={"description_width": "initial"}, layout=widgets.Layout(width=width))


def check_players_arg(players: object) -> tuple:
    """Check the ``players`` argument of a table constructor.

    Returns:
        The players as a tuple, in seating order.

    Raises:
        ConfigError: if ``players`` is a single string (``"AB"`` would seat
            A and B), a set or dict (no seating order), or not iterable.
    """
    return names(players, "players", example="['Anna', 'Ben']")


def sync_options(dropdown: widgets.Dropdown, options: Sequence) -> None:
    """Give ``dropdown`` these ``options`` (values, or ``(label, value)``
    pairs) if they changed, keeping its value if it is still offered, else
    the first option (``None`` when there is none). Setting options only on
    a change keeps a click from sending needless widget updates."""
    options = list(options)
    if tuple(dropdown.options) == tuple(options):
        return
    keep = dropdown.value
    values = [o[1] if isinstance(o, tuple) else o for o in options]
    dropdown.options = options
    dropdown.value = keep if keep in values else (values[0] if values else None)


def pending_text(changed: Sequence[str], *, when: str = "'New session'") -> str:
    """A reminder that settings typed in a table's fields are not in play
    yet: ``" Not in play yet: players, seed (they apply from 'New
    session')."`` (``"it applies"`` for one), or ``""`` when ``changed`` is empty."""
    if not changed:
        return ""
    they = "it applies" if len(changed) == 1 else "they apply"
    return f" Not in play yet: {', '.join(changed)} ({they} from {when})."


def plural(n: int, one: str, many: str | None = None) -> str:
    """``"1 card"``, ``"3 cards"``, ``"1,000 deals"`` (``many`` defaults to
    ``one + "s"``; thousands grouped with commas)."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"


def count_text(turned: int, before: int, noun: str, last: str) -> str:
    """What a 'Deal to the end' did, counted as the table shows it:
    ``turned`` more of ``noun`` (card, section) turned after ``before``
    already turned, and the ``last`` one's text: ``"11 more cards turned;
    the last, card 13: ..."``; only ``last`` (capitalised) when one was turned."""
    if turned == 1:
        return last[:1].upper() + last[1:]
    more = "more " if before else ""
    return f"{turned} {more}{noun}s turned; the last, {last}"


# ---------------------------------------------------------------- small HTML pieces

_TH = 'style="text-align:left;padding:2px 8px;border-bottom:1px solid #999"'
_TD = 'style="padding:2px 8px"'
_TDR = 'style="padding:2px 8px;text-align:right;font-variant-numeric:tabular-nums"'


def html_table(head: Sequence[str], rows: Iterable[Sequence[object]], caption: str,
               right: Sequence[int] = (), *, stack: bool = False) -> str:
    """A small captioned HTML table; every cell is escaped text.

    Args:
        head: the column headings.
        rows: the rows, each a sequence of cells (shown with ``str``).
        caption: the caption above the table.
        right: indices of the columns to right-align (numbers).
        stack: on a narrow screen (a phone), show each row as one block of
            "heading value" pairs instead of columns running off the screen
            (class ``bg-stack``: each cell carries its heading in
            ``data-label``; the website's bg-site.css does the stacking).
    """
    cells = "".join(f"<th {_TH}>{html.escape(h)}</th>" for h in head)

    def td(i: int, c: object) -> str:
        label = f' data-label="{html.escape(head[i])}"' if stack and i < len(head) else ""
        return f"<td{label} {_TDR if i in right else _TD}>{html.escape(str(c))}</td>"

    body = "".join("<tr>" + "".join(td(i, c) for i, c in enumerate(row)) + "</tr>" for row in rows)
    cls = ' class="bg-stack"' if stack else ""
    return (f'<table{cls} style="border-collapse:collapse;margin:4px 0;font-size:90%">'
            f'<caption style="caption-side:top;text-align:left;font-weight:bold">{html.escape(caption)}</caption>'
            f"<thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>")


def settlement_tables(head: Sequence[str], rows: Sequence[Sequence[object]], settlement: Settlement,
                      banker: Hashable, *, right: Sequence[int] = (),
                      nothing: str = "no bets were placed in this deal") -> str:
    """A deal's settlement as HTML: a table of its bets (``head`` and
    ``rows``, one row per bet, drawn by the game's table; stacked on a phone,
    see :func:`html_table`), or the line ``nothing`` when there were none;
    then each punter's net and the banker's net, read from the engine's
    :class:`~banking_games.money.Settlement`."""
    if rows:
        bets = html_table(head, rows, "Settlement of this deal (amounts in units)", right=right, stack=True)
    else:
        bets = f'<div style="margin:4px 0"><b>Settlement</b>: {html.escape(nothing)}.</div>'
    nets = [(p, "punter", fmt_amount(n)) for p, n in settlement.player_net.items()]
    nets.append((banker, "banker", fmt_amount(settlement.banker_net)))
    return bets + html_table(("who", "role", "net this deal"), nets, "Net amounts", right=(2,))


def log_html(text: str) -> str:
    """A transcript in a scrolling box."""
    return ('<pre style="max-height:16em;overflow:auto;font-size:85%;margin:0">'
            + html.escape(text) + "</pre>")


def note_html(text: str) -> widgets.HTML:
    """A small grey note under a table's settings (``text`` is HTML)."""
    return plain.HTML(f'<div style="font-size:85%;color:{MUTED_COLOUR}">{text}</div>')


# ---------------------------------------------------------------- the replay

class DealReplay(plain.VBox):
    """Step through a deal's frames in the browser, with or without a kernel.

    A ``Play`` button and a slider are linked *in the browser* (``jslink``)
    to a ``Stack``, so on a static web page the reader can play or drag
    through a deal computed when the page was built.

    In a kernel, :meth:`set_frames` replaces the frames as a deal goes on.
    Making an ipywidget costs about a millisecond (and a message to the
    browser), too slow to make dozens in one click such as 'Deal to the
    end', so the stack's widgets are made once, up front (``size`` of them),
    and reused: a new deal only changes the text of those that differ,
    and the stack's list of children only when the number of frames does.

    Two sets of controls:

    * ``compact=True`` (a replay written into a web page): ipywidgets'
      ``Play`` (Play and Stop buttons, icons only) and a slider, which the
      website's script names (book/_ext/static/bg-site.js); and, for the
      same page run in a notebook, where no script of the book runs, a
      *Play* toggle and the labelled number field described below, without
      *Back* and *Next* (a saved page has no Python). The website's
      stylesheet hides the second set (bg-site.css); in a notebook the
      replay's own style hides the first (under JupyterLab's
      ``.jp-Notebook``), so each reader meets one set;
    * otherwise (the dealing tables' "Step through this deal", always shown
      with Python running: JupyterLab, JupyterLite, *Deal live*), controls
      that carry their own names where no script of the book runs
      (issue 19): a *Play* toggle button, *Back* and *Next* buttons, and the
      frame's number in a labelled number field (``label``; arrow keys step
      it). ipywidgets' slider handle and Play buttons have no accessible
      name there. The ``Play`` widget is still the clock, hidden: the
      toggle is linked to its ``playing`` in the browser, so playing sends
      no message per frame. *Back* and *Next* run in Python.

    In both, ``play`` is the clock and ``slider`` the frame's number (a
    slider, or the number field), linked in the browser to the stack.

    Two ways to hold the frames:

    * default: the stack holds one HTML widget per frame (the frames as given);
    * ``compact=True``, for a replay written into a web page, where every
      frame is in the page's HTML: the frames are merged by
      :func:`banking_games.render.merge_frames` into one drawing, shown by
      the HTML widget ``board`` (in a box of class ``bg-frames``), that
      holds each distinct piece (a cell, a card, a title) once; the stack
      (hidden) then holds, per frame, a one-line ``<style>`` that hides the
      pieces not in that frame (for the screen: ``@media screen``; the
      site's print script shows the last frame). The reader sees exactly
      the same frames; Hoggenheimer's chapter replay takes about 30 kB of
      the page instead of about 270 kB. No JavaScript of ours is needed:
      it works the same in Jupyter.

    Args:
        frames: HTML fragments, one per step of the deal (e.g. from a
            ``display`` module's table function), first to last. At least one.
        interval_ms: time between frames when playing, in milliseconds.
        label: text before the slider (e.g. ``"Card"``).
        size: how many stack widgets to make up front (at least
            ``len(frames)``; a table passes the most frames a deal can have,
            e.g. the pack's size plus one). More are made if ever needed.
        compact: merge the frames into one drawing (see above).

    Raises:
        ValueError: if ``frames`` is empty.
    """

    def __init__(self, frames: Sequence[str], *, interval_ms: int = 900, label: str = "Step",
                 size: int = 0, compact: bool = False) -> None:
        if not frames:
            raise ValueError("a DealReplay needs at least one frame")
        top = len(frames) - 1
        self._compact = compact
        # the stack's widgets share one layout and one style: fewer models to make, send and draw
        # (a Hoggenheimer table's replay holds 34 frames: 68 models fewer, its Deal live start
        # shorter). A table's frame scrolls sideways on its own when the page is narrower than the
        # table (a phone), instead of cutting the table off.
        self._shared_layout = plain.shared("layout") if compact else widgets.Layout(overflow="auto", max_width="100%")
        self._shared_style = plain.shared("html_style")
        self.board = plain.HTML("", layout=widgets.Layout(overflow="auto", max_width="100%"))
        texts = self._texts(frames)
        self._pool = ([self._frame(t) for t in texts] + [self._frame() for _ in range(size - len(frames))])
        self.play = widgets.Play(value=0, min=0, max=top, step=1, interval=interval_ms,
                                 description="Play the deal", show_repeat=False)
        named = self._named_controls(label, top, steps=not compact)
        if compact:
            self.slider = widgets.IntSlider(value=0, min=0, max=top, step=1, description=label,
                                            continuous_update=True,
                                            layout=widgets.Layout(width="min(420px, 90%)"))
            widgets.jslink((self.frame_field, "value"), (self.slider, "value"))
            slider_set = plain.HBox([self.play, self.slider])
            slider_set.add_class("bg-replay-slider-set")
            named.add_class("bg-replay-named-set")
            controls = plain.VBox([slider_set, named])
        else:
            self.play.layout.display = "none"
            self.slider = self.frame_field
            named.children += (self.play,)
            controls = named
        # (hidden below in a compact replay: then a layout of its own)
        self.stack = widgets.Stack(self._pool[:len(frames)], selected_index=0,
                                   layout=widgets.Layout() if compact else plain.shared("layout"))
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        widgets.jslink((self.slider, "value"), (self.stack, "selected_index"))
        # class names for the site's stylesheet, print script and tests (book/_ext/static/bg-site.*)
        if compact:
            self.stack.layout.display = "none"
            self.stack.add_class("bg-frame-styles")
            shown = plain.Box([self.board])
            shown.add_class("bg-frames")
            super().__init__([controls, shown, self.stack])
            self.add_class("bg-replay-compact")
        else:
            self.stack.add_class("bg-frames")
            super().__init__([controls, self.stack])
        self.add_class("bg-replay")

    def _named_controls(self, label: str, top: int, *, steps: bool) -> widgets.HBox:
        """Controls that carry their own names in any Jupyter front end (see
        the class's docstring): a *Play* toggle linked in the browser to the
        ``Play`` clock, with (``steps``, Python running) *Back* and *Next*,
        and the frame's number in a field labelled ``label``."""
        self.play_button = widgets.ToggleButton(value=False, description="Play", icon="play",
                                                tooltip="Play the deal from this step; press again to pause",
                                                layout=widgets.Layout(width="auto"))
        self.frame_field = widgets.BoundedIntText(value=0, min=0, max=top, step=1, description=label,
                                                  continuous_update=True,
                                                  style={"description_width": "initial"},
                                                  layout=widgets.Layout(width="9em"))
        self.of_total = plain.HTML(self._of_total(top))
        widgets.jslink((self.play_button, "value"), (self.play, "playing"))
        buttons = [self.play_button]
        if steps:
            self.back_button = plain.Button(description="Back", icon="step-backward", tooltip="One step back",
                                              layout=widgets.Layout(width="auto"))
            self.next_button = plain.Button(description="Next", icon="step-forward", tooltip="One step on",
                                              layout=widgets.Layout(width="auto"))
            self.back_button.on_click(lambda _: self.step(-1))
            self.next_button.on_click(lambda _: self.step(+1))
            buttons += [self.back_button, self.next_button]
        for w in buttons:
            w.add_class("bg-replay-button")
        return plain.HBox(buttons + [self.frame_field, self.of_total])

    @staticmethod
    def _of_total(top: int) -> str:
        return f'<span style="color:{MUTED_COLOUR}">of {top}</span>'

    def step(self, by: int) -> None:
        """Show the frame ``by`` steps after the one shown (before it if
        negative), stopping at the first and the last frame; this pauses
        playing. What *Back* (-1) and *Next* (+1) do.

        Raises:
            ConfigError: ``by`` is not a whole number (nothing changes then).
        """
        by = whole_number(by, "the number of steps")
        self.play.playing = False
        self.slider.value = min(max(self.slider.value + by, 0), self.slider.max)

    def _frame(self, value: str = "") -> widgets.HTML:
        return plain.HTML(value, layout=self._shared_layout, style=self._shared_style)

    def _texts(self, frames: Sequence[str]) -> list[str]:
        """What the stack's widgets hold for these frames: the frames
        themselves, or (compact) each frame's hiding style, after drawing the
        merged frames in ``board``."""
        if not self._compact:
            return [str(f) for f in frames]
        css, board, hide = merge_frames([str(f) for f in frames])
        # in a notebook (JupyterLab, JupyterLite) the named controls replace Play and the slider
        notebook = ".jp-Notebook .bg-replay-compact .bg-replay-slider-set{display:none!important}"
        board = f"<style>{css}{notebook}</style>{board}"
        if self.board.value != board:
            self.board.value = board
        return [f"<style>@media screen{{{h}}}</style>" if h else "" for h in hide]

    @property
    def n_frames(self) -> int:
        """How many frames the replay holds now."""
        return len(self.stack.children)

    def set_frames(self, frames: Sequence[str], *, index: int | None = None) -> None:
        """Replace the frames (in a kernel) and show frame ``index`` (default: the last).

        Raises:
            ValueError: ``frames`` empty, or ``index`` not a frame's index
                (nothing is changed then).
        """
        if not frames:
            raise ValueError("a DealReplay needs at least one frame")
        top = len(frames) - 1
        index = top if index is None else index
        whole_number(index, "index", low=0, high=top, rule=f"index must be a frame's index from 0 to {top}")
        pool = self._pool
        if len(pool) < len(frames):  # more frames than expected: make the missing widgets once
            pool.extend(self._frame() for _ in range(len(frames) - len(pool)))
        for child, text in zip(pool, self._texts(frames)):
            if child.value != text:
                child.value = text
        # widen before moving the value, narrow after, so no value is ever out of range
        with self.play.hold_sync(), self.slider.hold_sync(), self.frame_field.hold_sync():
            self.play.max = max(self.play.max, top)
            self.slider.max = max(self.slider.max, top)
            self.frame_field.max = max(self.frame_field.max, top)
            with self.stack.hold_sync():
                if len(self.stack.children) != len(frames):
                    self.stack.selected_index = min(index, len(self.stack.children) - 1)
                    self.stack.children = pool[:len(frames)]
                self.stack.selected_index = index
            self.slider.value = index
            self.frame_field.value = index
            self.play.value = index
            self.play.max = top
            self.slider.max = top
            self.frame_field.max = top
            self.of_total.value = self._of_total(top)


# ---------------------------------------------------------------- messages

class Disclosure(plain.VBox):
    """Panels under titles, at most one open at a time: what ipywidgets'
    ``Accordion`` does, with each title a real button.

    The ``Accordion`` of ipywidgets 8 draws its titles as plain ``<div>``s
    with a click handler: Tab skips them and Enter cannot open them. The
    website's script made them buttons, but no script of the book runs in
    JupyterLab, where "Step through this deal", "Event log" and "Repeat"
    could not be reached by keyboard (issue 19). Here each title is a
    ``ToggleButton`` (class ``bg-disclosure-header``; a Tab stop, Enter or
    Space opens or closes its panel; on the website live-tables.js adds
    ``aria-expanded``), followed by its panel in a box that is shown only
    while the panel is open.

    Panels built when first opened (issue 22): a panel may be given as a
    zero-argument callable (e.g. a class, or a method) that returns the
    panel's widget. It is called once, when the panel is first opened
    (before the observers of ``selected_index`` added after the Disclosure
    was made run, so that one may fill the panel) or first asked for with
    :meth:`panel`;
    until then the panel's box is empty. A closed panel then costs no widget
    models: making a model takes Python's time, and on the website's *Deal
    live* also the browser's widget manager's, before the table shows (a
    dealing table's three folded panels and its Repeat panel held 42 of its
    models, though closed when the table appears). A panel given as a widget
    is there from the start, as before.

    Attributes:
        selected_index: the open panel's index, or ``None`` (as in ``Accordion``).
        headers: the title buttons; ``panels`` the panels' widgets (reading
            it builds every panel not built yet: use :meth:`panel` or
            :meth:`built` for one).
    """

    selected_index = traitlets.Int(None, allow_none=True)

    def __init__(self, children: Sequence[widgets.Widget | Callable[[], widgets.Widget]] = (),
                 titles: Sequence[str] = (), **kwargs) -> None:
        self._makers = list(children)
        self._built = [c if isinstance(c, widgets.Widget) else None for c in self._makers]
        titles = list(titles) + [""] * (len(self._makers) - len(titles))
        self.headers = [widgets.ToggleButton(value=False, description=str(title), icon="caret-right",
                                             layout=widgets.Layout(width="auto", max_width="100%"))
                        for title in titles[:len(self._makers)]]
        self._boxes = [plain.Box([] if panel is None else [panel], layout=widgets.Layout(display="none"))
                       for panel in self._built]
        super().__init__([w for pair in zip(self.headers, self._boxes) for w in pair], **kwargs)
        self.add_class("bg-disclosure")
        for i, header in enumerate(self.headers):
            header.add_class("bg-disclosure-header")
            header.observe(lambda change, i=i: self._toggled(i, change["new"]), names="value")
        self.observe(lambda _: self._show(), names="selected_index")
        self._show()

    def panel(self, i: int) -> widgets.Widget:
        """The ``i``-th panel's widget, built now (and put in its box) if it
        was given as a callable and is not built yet; the same widget after."""
        panel = self._built[i]
        if panel is None:
            panel = self._makers[i]()
            if not isinstance(panel, widgets.Widget):
                raise TypeError(f"a Disclosure panel's builder must return a widget, got {type(panel).__name__}")
            self._built[i] = panel
            self._boxes[i].children = (panel,)
        return panel

    def built(self, i: int) -> widgets.Widget | None:
        """The ``i``-th panel's widget if it is built, else ``None`` (builds nothing)."""
        return self._built[i]

    @property
    def panels(self) -> list[widgets.Widget]:
        """Every panel's widget (building those not built yet)."""
        return [self.panel(i) for i in range(len(self._makers))]

    def _toggled(self, i: int, on: bool) -> None:
        if on:
            self.selected_index = i
        elif self.selected_index == i:
            self.selected_index = None

    def _show(self) -> None:
        if self.selected_index is not None and 0 <= self.selected_index < len(self._makers):
            self.panel(self.selected_index)  # built before its box is shown
        for i, (header, box) in enumerate(zip(self.headers, self._boxes)):
            is_open = i == self.selected_index
            header.value = is_open
            header.icon = "caret-down" if is_open else "caret-right"
            # the state in words, for screen readers where no script adds aria-expanded (JupyterLab)
            header.tooltip = "Open: press to close this panel" if is_open else "Closed: press to open this panel"
            box.layout.display = "" if is_open else "none"


class MessageBar(plain.HTML):
    """One line that tells the reader what happened or why an action was refused.

    It sits right under the table's buttons, so that what a press did shows
    next to the button pressed even when the result is below the fold. For
    screen readers it is the table's live region: on the website
    (book/_ext/live_static/live-tables.js) the bar's own element, which
    lives as long as the table, gets ``role="status"`` and
    ``aria-live="polite"``; a refusal inside it is a ``role="alert"``.
    Where no script of the book runs (JupyterLab, Voilà) the message itself
    carries the role: news a ``role="status"`` with ``aria-live="polite"``
    (the website's script takes these off inside its own region, so that
    nothing is announced twice), a refusal its ``role="alert"``. Each
    message differs from the one before in a hidden counter, so a message
    repeated (the same refusal twice) is still a change, and announced.
    """

    def __init__(self) -> None:
        super().__init__("")
        self.add_class("bg-message")
        self._shown = 0

    def _show(self, attrs: str, text: str) -> None:
        self._shown += 1
        self.value = f'<div data-n="{self._shown % 2}" {attrs}>{text}</div>'

    def error(self, text: str) -> None:
        """Show ``text`` (plain text, escaped) as a refused action, in red."""
        self._show(f'role="alert" style="color:{ALERT_COLOUR};font-weight:bold;padding:2px 0"',
                   f"⚠ {html.escape(text)}")

    def info(self, text: str) -> None:
        """Show ``text`` (plain text, escaped) as what just happened."""
        self._show('role="status" aria-live="polite" style="padding:2px 0"', html.escape(text))

    def clear(self) -> None:
        """Show nothing."""
        self.value = ""

    @property
    def is_error(self) -> bool:
        """True while the bar shows a refused action (set by :meth:`error`)."""
        return 'role="alert"' in self.value


def guarded(method: Callable) -> Callable:
    """Decorate a table's action so that errors show in its ``message`` bar.

    A :class:`~banking_games.errors.GameError` (a refused action: bad card,
    illegal bet, wrong moment) is shown as its message; the engine has left
    the state as it was. Any other exception is shown too, as a bug, rather
    than as a traceback in the notebook, after the table is redrawn from
    the engine's state (``self._render()``, when it can be) so that it shows
    what the engine holds. The wrapped call's duration in
    seconds is kept in ``self.last_action_seconds``.
    """

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        start = time.perf_counter()
        try:
            result = method(self, *args, **kwargs)
        except GameError as exc:
            self.message.error(str(exc))
            result = None
        except Exception as exc:  # a bug: show it in the widget, not as a traceback
            # the engine may have moved on before the error (e.g. in drawing): redraw what it holds, so
            # that the table never shows a state the engine has left
            try:
                self._render()
            except Exception:  # the drawing itself is broken: the message below says so
                pass
            self.message.error(f"Unexpected error ({type(exc).__name__}): {exc}. Please report it.")
            result = None
        self.last_action_seconds = time.perf_counter() - start
        return result

    return wrapper

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
        return " &middot; ".join([f"<b>{html.escape(self.GAME_TITLE)}</b>", *parts])

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
    FOLDED_TITLES = ("Step through this deal", "Event log", LessonCodeSection.TITLE)

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



# ---------------------------------------------------------------- running bankroll

def record_deal(history: Mapping, bankers: list, banker: Hashable, running: Mapping) -> None:
    """Note a settled deal in a table's running bankroll: append ``banker``
    to ``bankers`` and each player's running net after the deal
    (``running[name]``, as the engine counts it) to ``history[name]``."""
    bankers.append(banker)
    for name, values in history.items():
        values.append(running[name])


def settled_text(banker: Hashable, settlement: Settlement) -> str:
    """The message for a settled deal: ``"Deal settled: banker Anna +3."``."""
    return f"Deal settled: banker {banker} {fmt_amount(settlement.banker_net)}."


def bankroll_html(players: Sequence[Hashable], history: Mapping, bankers: Sequence[Hashable]) -> str:
    """Running bankroll: for each player, the net after the last deal
    settled, the running total since the session began, and how many deals
    they held the bank.

    Args:
        players: names in seating order.
        history: name -> running totals (index 0 is 0, one more per deal settled).
        bankers: who held the bank in each deal settled, in order.
    """
    rows = []
    for p in players:
        values = history[p]
        last = values[-1] - values[-2] if len(values) > 1 else Fraction(0)
        rows.append((p, fmt_amount(last), fmt_amount(values[-1]), sum(1 for b in bankers if b == p)))
    n = len(bankers)
    return html_table(("player", "last deal", "running net", "deals as banker"), rows,
                      f"Running bankroll after {n} deal{'' if n == 1 else 's'} settled", right=(1, 2, 3))


_PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
            "#bcbd22", "#17becf")


def bankroll_svg(history: Mapping, *, title: str = "Running net since the first deal") -> str:
    """A small line chart of running nets (name -> totals after each deal,
    index 0 before the first) as an ``<svg>`` string, drawn with the
    standard library only (well under a millisecond; no JavaScript, no
    matplotlib). Empty string while fewer than one deal is settled.

    The chart is 340 px wide, so that it fits a phone (a 390 px screen less
    the page's margins) at full size; the legend lies under the plot, its
    names in rows as wide as the chart. In a narrower box it scales down.
    """
    if not history or max((len(v) for v in history.values()), default=0) < 2:
        return ""
    w, h, left, right, top, bottom = 340, 170, 46, 12, 22, 34
    n = max(len(v) for v in history.values()) - 1
    lo = Fraction(min(0, min(min(v) for v in history.values() if len(v))))
    hi = Fraction(max(0, max(max(v) for v in history.values() if len(v))))
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    span = hi - lo  # exact: float(span) is 0.0 for tiny stakes (1e-400) and overflows for huge ones (1e400)
    xs = [f"{left + (w - left - right) * i / n:.1f}" for i in range(n + 1)]  # each x drawn once
    ys: dict = {}  # value -> its y, drawn once per distinct value (exact Fraction arithmetic is the cost)

    def py(y) -> float:
        out = ys.get(y)
        if out is None:
            out = ys[y] = top + (h - top - bottom) * float((hi - Fraction(y)) / span)
        return out

    # colours from the theme (the site's light and dark mode, JupyterLab's themes), the
    # presentation attributes as the fallback where no variable is defined
    txt = 'font-family="DejaVu Sans,Arial,sans-serif" font-size="{}" fill="#333" style="fill:var(--jp-ui-font-color1,#333)"'
    # the legend, under the plot: a 16 px line and the name (about 6.2 px a character at 10 px),
    # entries side by side, a new row when the next would pass the right edge
    legend, lx, row = [], 10.0, 0
    for k, name in enumerate(history):
        label = str(name) if len(str(name)) <= 24 else str(name)[:23] + "\u2026"
        width = 20 + 6.2 * len(label)
        if lx > 10 and lx + width > w - 6:
            lx, row = 10.0, row + 1
        legend.append((k, label, lx, h + 6 + 16 * row))
        lx += width + 14
    full_h = h + 16 + 16 * row if legend else h
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{full_h}" viewBox="0 0 {w} {full_h}" '
             f'style="max-width:100%;height:auto" role="img" aria-label="{html.escape(title)}">',
             f'<rect width="{w}" height="{full_h}" fill="#fff" style="fill:var(--jp-layout-color0,#fff)"/>',
             f'<text x="{left}" y="14" {txt.format(11)} font-weight="bold">{html.escape(title)}</text>',
             f'<line x1="{left}" y1="{py(0):.1f}" x2="{w - right}" y2="{py(0):.1f}" stroke="#999" style="stroke:var(--jp-ui-font-color2,#999)" stroke-width="1"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{h - bottom}" stroke="#333" style="stroke:var(--jp-ui-font-color1,#333)" stroke-width="1"/>']
    for y in sorted({lo, Fraction(0), hi}):
        parts.append(f'<text x="{left - 4}" y="{py(y) + 3:.1f}" text-anchor="end" {txt.format(9)}>'
                     f"{html.escape(fmt_amount(y))}</text>")
    step = max(1, -(-n // 10))
    for i in range(0, n + 1, step):
        parts.append(f'<text x="{xs[i]}" y="{h - bottom + 12}" text-anchor="middle" {txt.format(9)}>{i}</text>')
    parts.append(f'<text x="{(left + w - right) / 2:.0f}" y="{h - 6}" text-anchor="middle" {txt.format(9)}>'
                 "deals settled</text>")
    parts.append(f'<text x="10" y="{(top + h - bottom) / 2:.0f}" text-anchor="middle" {txt.format(9)} '
                 f'transform="rotate(-90 10 {(top + h - bottom) / 2:.0f})">net (units)</text>')
    for k, (name, series) in enumerate(history.items()):
        colour = _PALETTE[k % len(_PALETTE)]
        points = [(xs[i], f"{py(v):.1f}") for i, v in enumerate(series)]
        parts.append(f'<polyline points="{" ".join(f"{x},{y}" for x, y in points)}" fill="none" '
                     f'stroke="{colour}" stroke-width="2"/>')
        parts.extend(f'<circle cx="{x}" cy="{y}" r="2.5" fill="{colour}"/>' for x, y in points)
    for k, label, lx, ly in legend:
        colour = _PALETTE[k % len(_PALETTE)]
        parts.append(f'<line x1="{lx:.0f}" y1="{ly}" x2="{lx + 16:.0f}" y2="{ly}" stroke="{colour}" '
                     f'stroke-width="2"/><text x="{lx + 20:.0f}" y="{ly + 3.5}" {txt.format(10)}>'
                     f"{html.escape(label)}</text>")
    parts.append("</svg>")
    return "".join(parts)


class BankrollChart(plain.HTML):
    """A small chart of running net amounts (see :func:`bankroll_svg`).

    :meth:`draw` redraws only when the history has changed since the last
    draw (a series added, grown, replaced or with a new last value), so a
    table may call it on every click."""

    def __init__(self) -> None:
        super().__init__("")
        self.add_class("bg-bankroll")
        self._drawn: tuple | None = None

    def draw(self, history: Mapping[Hashable, Sequence[Fraction]]) -> None:
        """Draw ``history`` (name -> running totals, index 0 before the first deal)."""
        # running totals only grow at the end: a series is the same if it is the same list, as long, with
        # the same last value (comparing every value would cost more per click as a session goes on)
        key = tuple((name, id(values), len(values), values[-1] if len(values) else None)
                    for name, values in history.items())
        if key == self._drawn:
            return
        self._drawn = key
        svg = bankroll_svg({str(name): values for name, values in history.items()})
        self.value = (f'<div style="background:#fff;display:inline-block;border-radius:4px">{svg}</div>'
                      if svg else "")

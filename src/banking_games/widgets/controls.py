"""The small controls and readers the dealing tables share: typed whole numbers and seeds,
the players field, small HTML tables, :class:`Disclosure` panels, the :class:`MessageBar` and
the :func:`guarded` wrapper that turns rule errors into messages.

No game rule lives here. The names are imported from :mod:`banking_games.widgets.common`
as well (it re-exports them).
"""

from __future__ import annotations

import functools
import html
import time
from fractions import Fraction
from typing import Callable, Hashable, Iterable, Sequence

import ipywidgets as widgets
import traitlets

from . import plain
from ..i18n import _, error_text, ngettext
from ..formatting import number as number_text
from ..checks import SEED_DIGITS, names, parse_seed, typed_whole_number, whole_number  # noqa: F401 (the tables read them here)
from ..errors import ConfigError, GameError, short_repr
from ..money import Settlement

from ..render import ALERT_COLOUR, MUTED_COLOUR


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


def sync_options(dropdown: widgets.Dropdown, options: Sequence) -> bool:
    """Give ``dropdown`` these ``options`` (values, or ``(label, value)``
    pairs) if they changed, keeping its value if it is still offered, else
    the first option (``None`` when there is none). Setting options only on
    a change keeps a click from sending needless widget updates.

    Returns:
        True when the dropdown's value changed (the value it held is no
        longer offered, or it held none and now one is): a table tells the
        reader so (the reader did not choose it).
    """
    options = list(options)
    if tuple(dropdown.options) == tuple(options):
        return False
    keep = dropdown.value
    values = [o[1] if isinstance(o, tuple) else o for o in options]
    dropdown.options = options
    dropdown.value = keep if keep in values else (values[0] if values else None)
    return dropdown.value != keep


def pending_text(changed: Sequence[str], *, when: str | None = None) -> str:
    """A reminder that settings typed in a table's fields are not in play
    yet: ``" Not in play yet: players, seed (they apply from 'New
    session')."`` (``"it applies"`` for one), or ``""`` when ``changed`` is empty.
    ``when`` defaults to 'New session' in the language in use."""
    if not changed:
        return ""
    when = _("'New session'") if when is None else when
    return " " + ngettext("Not in play yet: {settings} (it applies from {when}).",
                          "Not in play yet: {settings} (they apply from {when}).",
                          len(changed)).format(settings=", ".join(changed), when=when)


_COUNTED = {
    "card": lambda n: ngettext("{n} card", "{n} cards", n),
    "deal": lambda n: ngettext("{n} deal", "{n} deals", n),
    "section": lambda n: ngettext("{n} section", "{n} sections", n),
    "bet": lambda n: ngettext("{n} bet", "{n} bets", n),
    "group": lambda n: ngettext("{n} group", "{n} groups", n),
    "turn": lambda n: ngettext("{n} turn", "{n} turns", n),
    "player": lambda n: ngettext("{n} player", "{n} players", n),
}
"""The nouns :func:`plural` counts in the language in use (one / few / many forms from the catalogue)."""


def plural(n: int, one: str, many: str | None = None) -> str:
    """``"1 card"``, ``"3 cards"``, ``"1,000 deals"`` (``many`` defaults to
    ``one + "s"``; thousands grouped as the language in use groups them). The
    nouns of :data:`_COUNTED` are written in the language in use, with its
    plural forms (Russian ``5 сдач``); any other noun stays as given."""
    if one in _COUNTED and many is None:
        return _COUNTED[one](n).format(n=number_text(n))
    return f"{number_text(n)} {one if n == 1 else (many or one + 's')}"


def count_text(turned: int, before: int, noun: str, last: str) -> str:
    """What a 'Deal to the end' did, counted as the table shows it:
    ``turned`` more of ``noun`` (card, section) turned after ``before``
    already turned, and the ``last`` one's text: ``"11 more cards turned;
    the last, card 13: ..."``; only ``last`` (capitalised) when one was turned."""
    if turned == 1:
        return last[:1].upper() + last[1:]
    if noun == "section":
        text = (ngettext("{n} more section turned; the last, {last}", "{n} more sections turned; the last, {last}",
                         turned) if before else
                ngettext("{n} section turned; the last, {last}", "{n} sections turned; the last, {last}", turned))
    else:
        text = (ngettext("{n} more card turned; the last, {last}", "{n} more cards turned; the last, {last}",
                         turned) if before else
                ngettext("{n} card turned; the last, {last}", "{n} cards turned; the last, {last}", turned))
    return text.format(n=turned, last=last)


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
                      nothing: str | None = None) -> str:
    """A deal's settlement as HTML: a table of its bets (``head`` and
    ``rows``, one row per bet, drawn by the game's table; stacked on a phone,
    see :func:`html_table`), or the line ``nothing`` when there were none;
    then each punter's net and the banker's net, read from the engine's
    :class:`~banking_games.money.Settlement`."""
    nothing = _("no bets were placed in this deal") if nothing is None else nothing
    if rows:
        bets = html_table(head, rows, _("Settlement of this deal (amounts in units)"), right=right, stack=True)
    else:
        bets = f'<div style="margin:4px 0"><b>{html.escape(_("Settlement"))}</b>: {html.escape(nothing)}.</div>'
    nets = [(p, _("punter"), fmt_amount(n)) for p, n in settlement.player_net.items()]
    nets.append((banker, _("banker"), fmt_amount(settlement.banker_net)))
    return bets + html_table((_("who"), _("role"), _("net this deal")), nets, _("Net amounts"), right=(2,))


def log_html(text: str) -> str:
    """A transcript in a scrolling box."""
    return ('<pre style="max-height:16em;overflow:auto;font-size:85%;margin:0">'
            + html.escape(text) + "</pre>")


def note_html(text: str) -> widgets.HTML:
    """A small grey note under a table's settings (``text`` is HTML)."""
    return plain.HTML(f'<div style="font-size:85%;color:{MUTED_COLOUR}">{text}</div>')

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
        titles = [_(t) if t else t for t in titles]   # titles marked with N_ are shown translated
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
            header.tooltip = _("Open: press to close this panel") if is_open else _("Closed: press to open this panel")
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
        self.text = ""   # the message shown, as plain text ("" when none)

    def _show(self, attrs: str, text: str) -> None:
        self._shown += 1
        self.value = f'<div data-n="{self._shown % 2}" {attrs}>{text}</div>'

    def error(self, text: str) -> None:
        """Show ``text`` (plain text, escaped) as a refused action, in red."""
        self.text = text
        self._show(f'role="alert" style="color:{ALERT_COLOUR};font-weight:bold;padding:2px 0"',
                   f"⚠ {html.escape(text)}")

    def info(self, text: str) -> None:
        """Show ``text`` (plain text, escaped) as what just happened."""
        self.text = text
        self._show('role="status" aria-live="polite" style="padding:2px 0"', html.escape(text))

    def add(self, text: str) -> None:
        """Add ``text`` (plain text, one or more sentences) after the news shown,
        as one message (announced once); a refusal shown stays as it is, since
        after a refused action nothing changed that needs telling."""
        if not self.is_error:
            self.info(f"{self.text} {text}".strip())

    def clear(self) -> None:
        """Show nothing."""
        self.text = ""
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
            self.message.error(error_text(exc))
            result = None
        except Exception as exc:  # a bug: show it in the widget, not as a traceback
            # the engine may have moved on before the error (e.g. in drawing): redraw what it holds, so
            # that the table never shows a state the engine has left
            try:
                self._render()
            except Exception:  # the drawing itself is broken: the message below says so
                pass
            self.message.error(_("Unexpected error ({kind}): {error}. Please report it.").format(
                kind=type(exc).__name__, error=exc))
            result = None
        self.last_action_seconds = time.perf_counter() - start
        return result

    return wrapper

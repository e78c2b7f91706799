"""The class results board of a lesson page: the groups' codes pooled on the projector.

:class:`ClassBoard` is made for one game (the lesson's). The teacher types or
pastes the groups' codes (:mod:`banking_games.classroom.group_codes`), one per line,
and presses *Add*; a group that dealt with real cards enters its counts in a
small form instead (a code of kind ``"cards"``). The board keeps a list of
the groups entered (each with *Remove*, and *Clear all* after a confirming
second press), shows the pooled table (:func:`banking_games.classroom.teaching.pool`
and :func:`~banking_games.classroom.teaching.summary_rows`: the class count and
fraction, the exact chance from the game's classroom ``chances`` and its band of
two standard errors, allowing for trials that share a deal (Banker and Broker's
sections against one banker's card), as the lesson page does) and a funnel plot, drawn
as an inline SVG (the page's Python has no numpy or matplotlib): each
group's fraction against its number of trials, the exact chance and the
band ``p +- 2 SE`` that narrows as the trials grow.

Refused, with a message in the board's message bar and nothing on the board
changed: a malformed, mistyped (check character) or truncated code, a code of
another game, a code already on the board, counts that cannot be (more wins
than deals, a deal count that does not match the game's events, ...). A
``"lesson"`` code (the lesson's seeded activity) is dealt again with
the game's classroom ``group(seed, deals)``, a ``"repeat"`` code with the Repeat
panel's engine path (:func:`banking_games.classroom.repeat_plan.repeat_tally`, same
seed); a group whose counts differ from what its seed gives is *flagged*,
not refused, and the board shows what the seed gives.

*Hide exact values* / *Reveal exact values* (one button, :meth:`set_revealed`): while
hidden, the pooled table's exact chance, its band (centred on the exact chance) and
*inside?* verdict, the mean net's exact value and band, and the funnel plot (it draws
the exact chance) are replaced by "hidden until Reveal" and are not in the page at all,
so that the class records its predictions first. The teacher types the class's
prediction of each event (``"1/2"``, ``"0.3"``: :func:`banking_games.checks.typed_chance`)
in the *Class prediction* fields and presses *Record predictions*
(:meth:`set_predictions`); the table shows them in a *class prediction* column beside
the class fraction.

The codes entered, the predictions and whether the exact values are shown are kept in a store (:class:`MemoryStore` in Python and
JupyterLab, one per kernel; :class:`BrowserStore`, the browser's
``localStorage`` under a key per game and per site path, in the website's
Pyodide), so they survive a reload of the page until the teacher clears
them. Tests pass their own store.

No game rule lives here: the counts come from the codes and the engines.

The board is in five modules: :mod:`banking_games.classroom.board_checks` (the
limits, a group's identity, the games, the counts that can be and the re-deal of a
code's seed; no widget), :mod:`.board_store` (where the codes are kept), :mod:`.funnel` (the
funnel plot), :mod:`.board_view` (the pooled rows, mean net, projector view and plot as HTML)
and this one (:class:`ClassBoard`). Every name of ``__all__`` is
imported from here.
"""

from __future__ import annotations

import html
import json
from fractions import Fraction

import ipywidgets as widgets

from . import plain
from ..i18n import N_, _, error_text, localize_number, ngettext
from .. import registry
from ..classroom import group_codes as gcodes
from ..classroom import teaching as T
from ..classroom.board_checks import (CHECK_DEALS_PER_ADD, GAMES, MAX_PASTE_CHARS, MAX_PASTE_LINES, REPEAT_CHECK_DEALS,
                                      SHOW_REFUSED, BoardError, _Entry, _check_cost, _counts_text, _game, counts_words, _lesson_counts,
                                      _lesson_events, _pairs, _refusals, _repeat_counts, _whole, check_counts,
                                      event_word, field_phrase, group_identity, group_lineage, same_group)
from ..checks import typed_chance
from ..errors import GameError, Phrase, short_repr
from ..render import ALERT_COLOUR, MUTED_COLOUR
from .common import Disclosure, MessageBar, html_table, plural
from .controls import number_text
from .board_store import BoardStore, BrowserStore, MemoryStore, default_store, storage_key
from .funnel import funnel_svg
from .board_view import (HIDDEN, PROJECTOR_CSS, PROJECTOR_FONT_PX, _esc, mean_net_html, plot_html,  # noqa: F401
                         pooled_rows, trials_per_deal)

__all__ = ["ClassBoard", "BoardError", "REPEAT_CHECK_DEALS", "CHECK_DEALS_PER_ADD", "MAX_PASTE_LINES", "MAX_PASTE_CHARS", "SHOW_REFUSED",
           "group_identity", "group_lineage", "same_group", "BoardStore", "MemoryStore", "BrowserStore", "default_store",
           "storage_key", "GAMES", "funnel_svg", "check_counts"]


# ---------------------------------------------------------------- the board

def _deals(n: int) -> Phrase:
    """``n`` deals in a refusal's message (``"1 deal"``, ``"1,000 deals"``; shown in the language in use)."""
    return Phrase.counted("{n} deal", "{n} deals", n)


class ClassBoard(plain.VBox):
    """The class results board of one game's lesson.

    Args:
        game: a slug of :data:`banking_games.registry.GAMES` (``"hoggenheimer"``, ...).
        store: where the codes are kept (:class:`BoardStore`); by default
            the browser's localStorage in a web page, else this kernel's memory.
        key: the store's key (by default :func:`storage_key`).

    Actions (also the buttons'): :meth:`add` (codes, one per line),
    :meth:`add_cards` (a real-cards group's counts), :meth:`remove`,
    :meth:`clear` (``confirm=True``, or a second press of *Clear all*),
    :meth:`set_revealed` (*Hide exact values* / *Reveal exact values*),
    :meth:`set_predictions` (*Record predictions*).
    State: :attr:`entries` (in the order entered), :attr:`revealed` (the exact values
    shown), :attr:`predictions` (event -> ``Fraction``), :meth:`groups`
    (``teaching.GroupCounts``), :meth:`pooled`, :meth:`rows`.
    Views: ``codes_field``, ``add_button``, the real-cards form
    (``cards_fields``, ``cards_button``), ``message`` (the message bar),
    ``groups_box``, ``reveal_button``, ``prediction_fields`` (event -> field),
    ``predict_button``, ``table`` (pooled table), ``funnel_event``, ``plot``.
    """

    def __init__(self, game: str, *, store: BoardStore | None = None, key: str | None = None) -> None:
        self.game = _game(game)
        self.lesson_seeds = tuple(T.lesson_seeds(self.game.key))   # the seeds the lesson assigns its groups
        self.store = store if store is not None else default_store()
        self.key = key or storage_key(self.game.key)
        self.entries: list[_Entry] = []
        self._confirming = False
        self.revealed = True                        # the exact values shown (a board kept before had no setting)
        self.predictions: dict[str, Fraction] = {}  # the class's prediction of each event, as recorded
        self.on_teacher_action = None   # called as (op, text) on Remove, Clear all and Reveal (widgets.class_link)
        g = self.game
        wide = {"description_width": "initial"}
        intro_text = (_("Type or paste the groups' codes, one per line, and press Add. A group that dealt with real "
                        "cards enters its counts below. The codes are kept in this browser (this page, this device), "
                        "also after a reload, until you press Clear all.") if isinstance(self.store, BrowserStore)
                      else _("Type or paste the groups' codes, one per line, and press Add. A group that dealt with "
                             "real cards enters its counts below. The codes are kept while this Python runs (a board "
                             "made again in it finds them) until you press Clear all."))
        intro = plain.HTML(f'<div style="font-size:90%;color:{MUTED_COLOUR}">{_esc(intro_text)}</div>')
        self.codes_field = widgets.Textarea(value="", placeholder=_("one group code per line"), description=_("Codes"),
                                            style=wide, layout=widgets.Layout(width="100%", height="7em"))
        # the website's live-tables.js refuses a larger paste in the page, before it reaches Python
        self.codes_field.add_class(f"bg-paste-{MAX_PASTE_LINES}-{MAX_PASTE_CHARS}")
        self.add_button = plain.Button(description=_("Add"), button_style="primary", icon="plus",
                                         tooltip=_("add the codes typed above to the board"))
        self.message = MessageBar()
        self.cards_fields = {name: widgets.Text(value="", description=label, style=wide,
                                                layout=widgets.Layout(width="150px"))
                             for name, label in (("group", _("Group")),) + tuple((f, T.event_label(t)) for f, t in g.fields)}
        self.cards_button = plain.Button(description=_("Add real-cards group"), icon="plus",
                                           tooltip=_("add the counts typed in these fields as one group"),
                                           layout=widgets.Layout(width="auto"))
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        cards = Disclosure(children=[plain.VBox([
            plain.HTML(f'<div style="font-size:90%;color:{MUTED_COLOUR}">'
                       + _esc(_("For a group that dealt with real cards: its number (any whole number that "
                                       "tells the groups apart), its deals and its counts, from its worksheet."))
                       + "</div>"),
            plain.HBox(list(self.cards_fields.values()) + [self.cards_button], layout=row)])],
            titles=(_("A group with real cards"),))
        self.groups_box = plain.VBox([])
        self.clear_button = plain.Button(description=_("Clear all"), icon="trash",
                                           tooltip=_("remove every group from the board (asks first)"),
                                           layout=widgets.Layout(width="auto", min_width="9em"))
        self.cancel_button = plain.Button(description=_("Keep them"), layout=widgets.Layout(display="none"))
        self.reveal_button = plain.Button(description=_("Hide exact values"), icon="eye-slash",
                                          layout=widgets.Layout(width="auto"))
        self.reveal_button.on_click(lambda _: self.set_revealed(not self.revealed))
        self.prediction_fields = {
            name: widgets.Text(value="", description=_("Prediction {event}").format(
                                   event=label.split(':')[0] if ':' in label else T.event_label(label)),
                               placeholder=_("e.g. 2/7 or 0.3"),
                               tooltip=_("the class's prediction of {event}").format(event=T.event_label(label)),
                               style=wide,
                               layout=widgets.Layout(width="auto", max_width="16em"))
            for name, label in g.names.items()}
        self.predict_button = plain.Button(description=_("Record predictions"), icon="pencil",
                                           tooltip=_("show the class's predictions typed in these fields in the table"),
                                           layout=widgets.Layout(width="auto"))
        self.predict_button.on_click(lambda _: self._predict_pressed())
        predictions = plain.VBox([
            plain.HTML(f'<div style="font-size:90%;color:{MUTED_COLOUR}">'
                       + _("<b>Class prediction</b> of each chance, a fraction or a decimal (2/7, 0.3), recorded "
                           "before the exact values are revealed; an empty field records none.") + "</div>"),
            plain.HBox(list(self.prediction_fields.values()) + [self.predict_button], layout=row)])
        self.table = plain.HTML("", layout=widgets.Layout(max_width="100%", overflow="auto"))
        self.funnel_event = widgets.Dropdown(options=[(T.event_label(label), k) for k, label in g.names.items()],
                                             value=g.funnel, description=_("Funnel plot of"), style=wide,
                                             layout=widgets.Layout(max_width="100%"))
        self.plot = plain.HTML("")
        self.plot.add_class("bg-funnel")
        self.table.add_class("bg-pooled")
        self.projector_button = plain.Button(
            description=_("Projector view"), icon="expand", layout=widgets.Layout(width="auto"),
            tooltip=_("show the pooled results large, over the whole window, for a class to read from the back"))
        self.projector_button.on_click(lambda _: self.set_projector(not self.projector))
        self.projector = False
        self.add_button.on_click(lambda _: self.add(self.codes_field.value, from_field=True))
        self.cards_button.on_click(lambda _: self._cards_pressed())
        self.clear_button.on_click(lambda _: self._clear_pressed())
        self.cancel_button.on_click(lambda _: self._cancel_clear())
        self.funnel_event.observe(lambda _: self._render(), names="value")
        title = plain.HTML(f"<b>{_esc(_('Class results: {game}').format(game=registry.game(g.key).name))}</b>{PROJECTOR_CSS}")
        self.class_line = plain.HTML("")   # a class session's code and join address (set_class_session)
        self.class_line.add_class("bg-class-join")
        projector_row = plain.HBox([self.projector_button, self.reveal_button], layout=row)
        for kept_large in (title, self.class_line, projector_row, self.table, self.funnel_event, self.plot):
            kept_large.add_class("bg-projected")
        super().__init__([
            title, self.class_line, intro,
            self.codes_field, plain.HBox([self.add_button], layout=row), self.message, cards,
            self.groups_box, plain.HBox([self.clear_button, self.cancel_button], layout=row),
            predictions, projector_row, self.table, self.funnel_event, self.plot])
        self.add_class("bg-board")
        self._load()
        self._show_revealed()
        self._render()

    def set_projector(self, on: bool) -> None:
        """Show the board in its projector view (``on``) or back in the page: the
        title, the pooled table, the class's mean net and the funnel plot over the
        whole window, the figures at :data:`PROJECTOR_FONT_PX` px or more, the other
        controls hidden until the view is left (the same button, *Back to the page*)."""
        self.projector = bool(on)
        if self.projector:
            self.add_class("bg-projector")
        else:
            self.remove_class("bg-projector")
        self.projector_button.description = _("Back to the page") if self.projector else _("Projector view")
        self.projector_button.icon = "compress" if self.projector else "expand"

    def set_class_session(self, class_code: str, address: str) -> None:
        """Show a class session's code and join address at the top of the board, in the
        page and in the projector view (large there), so that the groups can read from
        the back of the room where to open the book (``open-book.py --class``; the page
        hands them over, :func:`~banking_games.widgets.class_link.receive`). Empty
        texts show nothing."""
        code, address = str(class_code or "").strip(), str(address or "").strip()
        if not (code or address):
            self.class_line.value = ""
            return
        self.class_line.value = (
            '<div style="font-size:110%;padding:2px 0">'
            + _("Class session {code}: groups open {address} and press Send to the class board under their code.")
            .format(code=f"<b>{html.escape(code)}</b>", address=f"<b>{html.escape(address)}</b>") + "</div>")

    def follow_launcher_reveal(self, on: object) -> bool:
        """Take a class session's stored *Reveal* setting (``on``: True shown, False hidden,
        ``None``: the launcher has none yet, so the board keeps its own): the board shows or
        hides the exact values as :meth:`set_revealed` does, and keeps the setting, but does
        not tell the launcher back (it is the launcher's). Returns whether the board changed."""
        if not isinstance(on, bool) or on == self.revealed:
            return False
        self.revealed = on
        self._save()
        self._show_revealed()
        self._render()
        self.message.info(_("The exact values are shown, as set earlier in this class session.") if on else
                          _("The exact values are hidden, as set earlier in this class session: record the "
                            "class's predictions, then press Reveal exact values."))
        return True

    # ------------------------------------------------------------ reading entries
    def _entry(self, code: "gcodes.GroupCode") -> _Entry:
        """Check one decoded code's counts and recompute what its seed gives."""
        if code.kind == "repeat":
            events = _lesson_events(self.game.key)
            others = [spec for spec in code.bets if spec not in events]
            if others:
                pooled = (Phrase.written(", ".join(f"{spec} ({e})" for spec, e in events.items()),
                                         lambda: ", ".join(f"{spec} ({event_word(e)})" for spec, e in events.items()))
                          if events else Phrase(N_("none of a repeat's bets")))
                raise BoardError.of(N_("this repeat's bet {bet} is not one the lesson pools; the board pools "
                                       "the lesson's counts: {pooled}"), bet=others[0], pooled=pooled)
            counts = {k: (int(v[0]), int(v[1])) for k, v in code.counts.items()}
        else:
            counts = _lesson_counts(code)
            check_counts(self.game.key, code.deals, counts)
        entry = _Entry(code, gcodes.encode(code))
        if code.kind == "repeat" and code.deals > REPEAT_CHECK_DEALS:
            entry.note = _("not dealt again: more than {deals} deals would keep the page busy for long").format(
                deals=number_text(REPEAT_CHECK_DEALS))
        elif code.kind in ("lesson", "repeat"):
            # the seed and the deals determine the counts: deal them again and flag a difference
            try:
                truth = (_pairs(self.game.group(code.seed, code.deals)) if code.kind == "lesson"
                         else _repeat_counts(self.game.key, code))
            except GameError as exc:
                entry.note = _("not dealt again: {why}").format(why=error_text(exc))
            else:
                if truth != counts:
                    entry.flag = _("seed {seed} with {deals} gives {counts}").format(
                        seed=code.seed, deals=plural(code.deals, "deal"),
                        counts=counts_words(truth, list(self.game.names)))
        if code.kind == "lesson" and code.seed not in self.lesson_seeds:
            entry.warning = _("seed {seed} is not one the lesson assigns (groups 1 to {groups}: seeds {first} to "
                              "{last}); did the group type its seed and press New session?").format(
                seed=code.seed, groups=len(self.lesson_seeds), first=self.lesson_seeds[0], last=self.lesson_seeds[-1])
        return entry

    def _decode(self, text: str) -> "gcodes.GroupCode":
        try:
            return gcodes.decode(text, game=self.game.key)
        except GameError as exc:
            raise BoardError.like(exc) from None

    # ------------------------------------------------------------ actions
    def add(self, text: str, *, from_field: bool = False) -> list[_Entry]:
        """Add the codes of ``text``, one per line (blank lines skipped).

        Each line is refused on its own (a bad code, a code of another game,
        a group already on the board however its code is spelled, see
        :func:`group_identity`, counts that cannot be); the others are
        added. A text of more than :data:`MAX_PASTE_LINES` lines or
        :data:`MAX_PASTE_CHARS` characters is refused whole, before any line
        is read (the field keeps it); the message names at most
        :data:`SHOW_REFUSED` refused lines and counts the rest. Checking a
        code deals its seed again: once :data:`CHECK_DEALS_PER_ADD` deals
        would be passed, the remaining codes are not read and the message
        says so (press Add again). The refused and unread lines stay in the
        codes field when they came from it, and the message says what is
        wrong with each refused one. Returns the entries added.
        """
        text = str(text)
        lines = text.splitlines()
        if len(text) > MAX_PASTE_CHARS or len(lines) > MAX_PASTE_LINES:
            self.message.error(
                _("Nothing added: Add reads at most {lines} lines ({chars} characters) at a time, a class's codes; "
                  "this text has {has_lines} lines ({has_chars} characters). Paste the codes in parts, or check "
                  "that the right text was pasted.").format(
                    lines=number_text(MAX_PASTE_LINES), chars=number_text(MAX_PASTE_CHARS),
                    has_lines=number_text(len(lines)), has_chars=number_text(len(text))))
            return []
        added, refused, held, replaced = [], [], [], []
        have = {e.identity for e in self.entries}
        dealt = 0    # deals dealt again in this Add, to check its codes
        for number, line in enumerate(lines, 1):
            line = line.strip()
            if not line:
                continue
            try:
                code = self._decode(line)
                if group_identity(code) in have:
                    raise self._already(code)
                lineage = group_lineage(code)
                earlier = next((e for e in self.entries + added
                                if lineage is not None and group_lineage(e.code) == lineage), None)
                if earlier is not None and earlier.code.deals > code.deals:
                    raise self._earlier(code, earlier)
                cost = _check_cost(code)
                if dealt and dealt + cost > CHECK_DEALS_PER_ADD:
                    held.append((number, line))
                    continue
                entry = self._entry(code)
            except GameError as exc:
                refused.append((number, line, error_text(exc)))
                continue
            dealt += cost
            have.add(entry.identity)
            if earlier is not None:   # the same group's earlier code: this one holds its deals and more
                (self.entries if earlier in self.entries else added).remove(earlier)
                replaced.append((earlier, entry))
            added.append(entry)
        if not added and not refused:
            self.message.error(_("No code to add: type or paste the groups' codes, one per line, then press Add."))
            return []
        self.entries.extend(added)
        if added:
            self._save()
        new = len(added) - len(replaced)
        if from_field:   # the lines not added, in their order: to correct, or to add next
            kept = sorted([(n, line) for n, line, _ in refused] + held)
            self.codes_field.value = "\n".join(line for _, line in kept)
        flagged = [e for e in added if e.flag]
        said = [_("Added {groups}.").format(groups=plural(new, "group")) if new
                else (_("Nothing added.") if not added else "")]
        said += [_("Group {group}: its code of {old} replaced by this one of {new} (one entry per group, the latest: "
                   "it holds the earlier deals).").format(group=self._name(new_e), old=plural(old.code.deals, "deal"),
                                                          new=plural(new_e.code.deals, "deal"))
                 for old, new_e in replaced]
        said += [_("Group {group} is flagged: its counts differ from what its seed gives.").format(group=self._name(e))
                 for e in flagged]
        said += [_("Group {group}: its seed is not one the lesson assigns.").format(group=self._name(e))
                 for e in added if e.warning]
        if held:
            said.append(ngettext("{n} more code not read yet (from line {line}; left in the field): checking a code "
                                 "deals its seed again, and one Add deals at most {deals} deals, so that the page "
                                 "stays responsive. Press Add again to read them.",
                                 "{n} more codes not read yet (from line {line}; left in the field): checking a code "
                                 "deals its seed again, and one Add deals at most {deals} deals, so that the page "
                                 "stays responsive. Press Add again to read them.", len(held)).format(
                n=number_text(len(held)), line=held[0][0], deals=number_text(CHECK_DEALS_PER_ADD)))
        self._render()   # the board first, then the message that says what changed (sent last)
        if refused:
            said += _refusals(refused)
            self.message.error(" ".join(x for x in said if x))
        else:
            self.message.info(" ".join(x for x in said if x))
        return added

    @staticmethod
    def _earlier(code: "gcodes.GroupCode", later: "_Entry") -> BoardError:
        """The refusal of ``code`` when the board has a later code of its group, ``later``."""
        template = (N_("an earlier code of the repeat with seed {seed}: the board has its code of {later}, which "
                       "holds these {deals} (one entry per group, the latest)") if code.kind == "repeat" else
                    N_("an earlier code of the group with seed {seed}: the board has its code of {later}, which "
                       "holds these {deals} (one entry per group, the latest)"))
        return BoardError.of(template, seed=code.seed, later=_deals(later.code.deals), deals=_deals(code.deals))

    @staticmethod
    def _already(code: "gcodes.GroupCode") -> BoardError:
        """The refusal of ``code`` when its group is on the board already."""
        template = (N_("a repeat with seed {seed} and {deals} is already on the board (the same seed deals the "
                       "same cards, so it would be counted twice; pasted twice, or written another way?)")
                    if code.kind == "repeat" else
                    N_("a group with seed {seed} and {deals} is already on the board (the same seed deals the "
                       "same cards, so it would be counted twice; pasted twice, or written another way?)"))
        return BoardError.of(template, seed=code.seed, deals=_deals(code.deals))

    def add_cards(self, number: object, deals: object, **counts: object) -> _Entry:
        """Add a group that dealt with real cards: its ``number`` (tells the
        groups apart), its ``deals`` and its counts, the fields of the
        real-cards form (the game's classroom ``CARD_FIELDS``: e.g. Hoggenheimer's
        ``A``-``D``, each bet's wins), read into counts by its ``cards_counts``.

        Raises:
            BoardError: a count that is not a whole number, counts that
                cannot be, a group already on the board (nothing changes).
        """
        g = self.game
        group = _whole(number, Phrase(N_("Group")))
        d = _whole(deals, field_phrase(dict(g.fields).get("deals", "Deals")))
        values = {name: _whole(counts.get(name, ""), field_phrase(label)) for name, label in g.fields if name != "deals"}
        extra = sorted(set(counts) - set(values))
        if extra:
            raise BoardError.of(N_("the real-cards form has no field {fields}"), fields=", ".join(extra))
        if d < 1 or d > 10_000:
            raise BoardError.of(N_("Deals: from 1 to {most}, got {deals}"), most=Phrase.number(10_000),
                                deals=Phrase.number(d))
        pairs = g.lesson.cards_counts(values, d)
        check_counts(g.key, d, pairs)
        gc = T.GroupCounts(group, d)
        for k, (s, t) in pairs.items():
            gc.counts[k] = T.Count(s, t)
        try:
            code = gcodes.GroupCode.from_group_counts(g.key, "cards", gc)
        except GameError as exc:
            raise BoardError.like(exc) from None
        entry = self._entry(code)
        entry.group = group
        if any(e.group == group for e in self.entries):
            raise BoardError.of(N_("a real-cards group {group} is already on the board: give this group another "
                                   "number, or remove the other first"), group=group)
        self.entries.append(entry)
        self._save()
        self._render()
        self.message.info(_("Added real-cards group {group} ({deals}).").format(group=group, deals=plural(d, "deal")))
        return entry

    def remove(self, index: int) -> _Entry:
        """Remove the ``index``-th group (0 = the first entered)."""
        if not isinstance(index, int) or not 0 <= index < len(self.entries):
            raise BoardError(f"no group {short_repr(index)} on the board")
        entry = self.entries.pop(index)
        self._save()
        self._tell("remove", entry.text)
        self._render()
        self.message.info(_("Removed group {group}.").format(group=self._name(entry)))
        return entry

    def clear(self, *, confirm: bool = False) -> None:
        """Remove every group and the class's predictions (a new class starts afresh); only
        with ``confirm=True`` (the button asks first). Whether the exact values are shown
        is kept."""
        if not confirm:
            raise BoardError("Clear all removes every group: confirm it (press Clear all again)")
        n = len(self.entries)
        self.entries = []
        self.predictions = {}
        for w in self.prediction_fields.values():
            w.value = ""
        self.store.remove(self.key)
        if not self.revealed:
            self._save()
        self._tell("clear", None)
        self._cancel_clear(quiet=True)
        self._render()
        self.message.info(ngettext("Cleared the board ({n} group removed).", "Cleared the board ({n} groups removed).",
                                   n).format(n=number_text(n)))

    def set_revealed(self, on: bool) -> None:
        """Show the exact values (``on``: *Reveal exact values*) or hide them (*Hide exact
        values*): while hidden, every exact chance, band, *inside?* verdict, the mean net's
        exact value and band, and the funnel plot are left out of the board (not drawn),
        each replaced by :data:`HIDDEN`. Kept in the store; in a class session, told to
        the launcher (``"reveal"``, ``"on"`` or ``"off"``).

        Raises:
            BoardError: ``on`` not True or False (nothing changes).
        """
        if not isinstance(on, bool):
            raise BoardError(f"Reveal: on is True (show the exact values) or False (hide them), got {short_repr(on)}")
        self.revealed = on
        self._save()
        self._tell("reveal", "on" if on else "off")
        self._show_revealed()
        self._render()
        self.message.info(_("The exact values are shown.") if on else
                          _("The exact values are hidden: the table shows \"{hidden}\". Record the class's "
                            "predictions, then press Reveal exact values.").format(hidden=_(HIDDEN)))

    def set_predictions(self, texts: dict[str, object]) -> dict[str, Fraction]:
        """Record the class's predictions: ``texts`` maps events of the game (the keys of the
        game's ``names``, e.g. Hoggenheimer's ``"A"``) to a chance typed as a fraction or a
        decimal (``"1/2"``, ``"0.3"``, read by :func:`~banking_games.checks.typed_chance`);
        an empty text removes that event's prediction, an event not in ``texts`` keeps its
        own. Returns the predictions now recorded; kept in the store.

        Raises:
            BoardError: an event the game's board does not count, or a text that is not a
                chance from 0 to 1 (the message names the event); nothing changes.
        """
        if not isinstance(texts, dict):
            raise BoardError(f"the predictions are a dict of event to chance, got {short_repr(texts)}")
        names = self.game.names
        new = dict(self.predictions)
        for name, text in texts.items():
            if name not in names:
                raise BoardError(f"the board counts no event {short_repr(name)}; its events are "
                                 + ", ".join(names))
            if isinstance(text, str) and not text.strip():
                new.pop(name, None)
                continue
            new[name] = typed_chance(text, _("Class prediction of {event}").format(event=T.event_label(names[name])),
                                     error=BoardError)
        self.predictions = {n: new[n] for n in names if n in new}
        for name, w in self.prediction_fields.items():     # the fields show what is recorded
            w.value = str(self.predictions[name]) if name in self.predictions else ""
        self._save()
        self._render()
        return dict(self.predictions)

    def _tell(self, op: str, text: str | None) -> None:
        """Tell a class session's launcher (see :mod:`.class_link`) that the teacher removed
        ``text`` (``op`` "remove"), cleared the board (``op`` "clear") or showed or hid the
        exact values (``op`` "reveal", ``text`` "on" or "off")."""
        if self.on_teacher_action is not None:
            try:
                self.on_teacher_action(op, text)
            except Exception as exc:  # noqa: BLE001 - the board changed; say why the launcher may not know
                self.message.error(_("The board changed, but the class session was not told ({why}); a board "
                                     "opened later may show the group again.").format(why=exc))

    # ------------------------------------------------------------ buttons
    def _show_revealed(self) -> None:
        """The Reveal button's words, icon and tooltip for :attr:`revealed`."""
        b = self.reveal_button
        b.description = _("Hide exact values") if self.revealed else _("Reveal exact values")
        b.icon = "eye-slash" if self.revealed else "eye"
        b.tooltip = (_("hide the exact chances, bands and verdicts until the class has predicted")
                     if self.revealed else _("show the exact chances, bands and verdicts"))
        b.button_style = "" if self.revealed else "warning"

    def _predict_pressed(self) -> None:
        try:
            got = self.set_predictions({k: w.value for k, w in self.prediction_fields.items()})
        except GameError as exc:
            self.message.error(error_text(exc))
            return
        self.message.info(ngettext("Recorded {n} prediction.", "Recorded {n} predictions.", len(got)).format(
            n=number_text(len(got))) if got else _("No prediction recorded."))

    def _cards_pressed(self) -> None:
        f = {k: w.value for k, w in self.cards_fields.items()}
        try:
            self.add_cards(f.pop("group"), f.pop("deals"), **f)
        except GameError as exc:
            self.message.error(error_text(exc))
            return
        for w in self.cards_fields.values():
            w.value = ""

    def _clear_pressed(self) -> None:
        if not self.entries:
            self.message.info(_("The board is empty: nothing to clear."))
            return
        if self._confirming:
            self.clear(confirm=True)
            return
        self._confirming = True
        self.clear_button.description = _("Yes, remove all {n}").format(n=number_text(len(self.entries)))
        self.clear_button.button_style = "danger"
        self.cancel_button.layout.display = None
        self.message.info(ngettext("Remove {n} group from the board and from this browser? Press '{yes}' to "
                                   "confirm, or '{keep}'.",
                                   "Remove all {n} groups from the board and from this browser? Press '{yes}' to "
                                   "confirm, or '{keep}'.", len(self.entries)).format(
            n=number_text(len(self.entries)), yes=self.clear_button.description, keep=_("Keep them")))

    def _cancel_clear(self, quiet: bool = False) -> None:
        self._confirming = False
        self.clear_button.description = _("Clear all")
        self.clear_button.button_style = ""
        self.cancel_button.layout.display = "none"
        if not quiet:
            self.message.info(_("Nothing cleared."))

    # ------------------------------------------------------------ state
    def groups(self) -> list[T.GroupCounts]:
        """The groups on the board as :class:`teaching.GroupCounts`, in the order entered."""
        return [e.group_counts() for e in self.entries]

    def pooled(self) -> dict[str, T.Count]:
        """:func:`teaching.pool` of the groups on the board."""
        return T.pool(self.groups())

    def _per_deal(self, *, common: bool = False) -> int | None:
        """:func:`.board_view.trials_per_deal` of the groups on the board."""
        return trials_per_deal(self.game, self.entries, common=common)

    def rows(self) -> list[dict]:
        """The pooled table: :func:`teaching.summary_rows` of the pooled
        counts with the exact chances (and, where an event is counted several
        times a deal, the trials a deal and their covariance, as the lesson page):
        :func:`.board_view.pooled_rows`."""
        return pooled_rows(self.game, self.entries)

    # ------------------------------------------------------------ storage
    def _save(self) -> None:
        codes = [e.kept for e in self.entries]
        if self.revealed and not self.predictions:
            self.store.set(self.key, json.dumps(codes))     # as a board kept before Reveal and predictions
        else:
            self.store.set(self.key, json.dumps({"codes": codes, "revealed": self.revealed,
                                                 "predictions": {k: str(v) for k, v in self.predictions.items()}}))

    def _load(self) -> None:
        raw = self.store.get(self.key)
        if not raw:
            return
        try:
            texts = json.loads(raw)
            if isinstance(texts, dict):   # {"codes": [...], "revealed": bool, "predictions": {event: "1/2"}}
                self._load_settings(texts)
                texts = texts.get("codes", [])
            if not isinstance(texts, list):
                raise ValueError("not a list")
        except ValueError:
            self.message.error(_("The codes kept in this browser could not be read; the board starts empty "
                                 "(they are kept until the next change)."))
            return
        bad = 0
        for kept in texts:
            try:
                group = None
                if isinstance(kept, dict):
                    group, kept = _whole(kept.get("group"), "Group"), kept.get("code")
                entry = self._entry(self._decode(str(kept)))
                if (group is None) != (entry.code.kind != "cards"):
                    raise BoardError("a real-cards code is kept with its group's number")
                entry.group = group
            except GameError:
                bad += 1
                continue
            if all(e.identity != entry.identity for e in self.entries):   # a group kept twice loads once
                self.entries.append(entry)
        n = len(self.entries)
        msg = (ngettext("{n} group kept in this browser from before", "{n} groups kept in this browser from before",
                        n).format(n=number_text(n))
               + (ngettext("; {n} kept code could not be read and was left out",
                           "; {n} kept codes could not be read and were left out", bad).format(n=number_text(bad))
                  if bad else "") + _(". Clear all removes them."))
        (self.message.error if bad else self.message.info)(msg)

    def _load_settings(self, kept: dict) -> None:
        """Reveal and the predictions of a kept board; a value that cannot be read is left out."""
        if isinstance(kept.get("revealed"), bool):
            self.revealed = kept["revealed"]
        predictions = kept.get("predictions")
        if isinstance(predictions, dict):
            for name, text in predictions.items():
                if name in self.game.names:
                    try:
                        self.predictions[name] = typed_chance(str(text), name, error=BoardError)
                    except GameError:
                        continue
                    self.prediction_fields[name].value = str(self.predictions[name])

    # ------------------------------------------------------------ drawing
    def _name(self, e: _Entry) -> str:
        c = e.code
        return (_("real cards {group}").format(group=e.group) if c.kind == "cards" else
                _("seed {seed} (repeat)").format(seed=c.seed) if c.kind == "repeat" else
                _("seed {seed}").format(seed=c.seed))

    def _render(self) -> None:
        g = self.game
        rows = []
        for i, e in enumerate(self.entries):
            what = f"<b>{html.escape(self._name(e))}</b>, " + _esc(_("{deals}: {counts}").format(
                deals=plural(e.code.deals, "deal"), counts=counts_words(e.counts, list(g.names))))
            if e.flag:
                what += (f'<br><span role="note" style="color:{ALERT_COLOUR};font-weight:bold">'
                         + _esc(_("⚑ Flagged: these counts differ from the seed's. {why}.").format(why=e.flag))
                         + "</span>")
            elif e.note:
                what += f'<br><span style="color:{MUTED_COLOUR}">{html.escape(e.note)}</span>'
            elif e.code.kind in ("lesson", "repeat"):
                what += (f' <span style="color:{MUTED_COLOUR}">'
                         f'{_esc(_("(checked: the seed gives these counts)"))}</span>')
            if e.warning:
                what += (f'<br><span role="note" style="color:{ALERT_COLOUR};font-weight:bold">'
                         + _esc(_("⚠ Not the lesson's seed: {why}").format(why=e.warning)) + "</span>")
            button = plain.Button(description=_("Remove"), icon="times", tooltip=_("remove {group}").format(group=self._name(e)),
                                    layout=widgets.Layout(width="auto", flex="0 0 auto"))
            button.on_click(lambda _, i=i: self._remove_pressed(i))
            rows.append(plain.HBox([plain.HTML(what, layout=widgets.Layout(flex="1 1 14em")), button],
                                     layout=widgets.Layout(flex_flow="row wrap", align_items="center")))
        head = plain.HTML(f"<b>{_esc(_('Groups on the board: {n}').format(n=number_text(len(self.entries))))}</b>"
                          + ("" if self.entries else
                             f' <span style="color:{MUTED_COLOUR}">{_esc(_("(none yet)"))}</span>'))
        self.groups_box.children = [head] + rows
        self.clear_button.disabled = not self.entries
        if not self.entries:
            self.table.value = ""
            self.plot.value = ""
            return
        deals = sum(e.code.deals for e in self.entries)
        data = self.rows()
        for row, name in zip(data, g.names):
            p = self.predictions.get(name)
            three = localize_number(f"{float(p):.3f}") if p is not None else ""
            row["class prediction"] = ("none" if p is None else three if (p * 1000).denominator == 1
                                       else f"{three} ({p})")
            row["count"] = T.event_label(row["count"])
            if not self.revealed:        # not drawn at all: the page must not hold them
                row.update({"exact": _(HIDDEN), "band (±2 SE)": _(HIDDEN), "inside?": _(HIDDEN)})
        head_cols = (["count", "class", "class fraction"] + (["class prediction"] if self.predictions else [])
                     + ["exact", "band (±2 SE)", "inside?"])
        right = (1, 2, 3, 5) if self.predictions else (1, 2, 4)
        table = html_table([T.heading(c) for c in head_cols], [[T.cell_text(r[c]) for c in head_cols] for r in data],
                           _("Pooled: {groups}, {deals}").format(groups=plural(len(self.entries), "group"),
                                                                 deals=plural(deals, "deal")),
                           right=right, stack=True)
        note = ""
        if g.lesson.SEVERAL_PER_DEAL:
            k = self._per_deal()
            note = (f'<div style="font-size:85%;color:{MUTED_COLOUR}">'
                    + _esc(ngettext("The bands allow for the {n} section of a deal that face the same "
                                           "banker's card.",
                                           "The bands allow for the {n} sections of a deal that face the same "
                                           "banker's card.", k).format(n=number_text(k)) if k else
                                  _("The bands allow for the sections of a deal that face the same banker's card."))
                    + "</div>")
        self.table.value = f'<div style="width:0;min-width:100%;overflow-x:auto">{table}</div>{note}{self._mean_net_html()}'
        self._draw_plot()

    def _mean_net_html(self) -> str:
        return mean_net_html(self.game, self.groups(), self.revealed)

    def _draw_plot(self) -> None:
        self.plot.value = plot_html(self.game, self.entries, self.funnel_event.value, self.revealed, self._name)


    def _remove_pressed(self, index: int) -> None:
        try:
            self.remove(index)
        except GameError as exc:
            self.message.error(error_text(exc))

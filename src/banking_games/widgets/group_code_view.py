"""The group code as the tables show it (issue 20, "Group codes").

:func:`group_code_html` draws a :class:`~banking_games.classroom.group_codes.GroupCode`
for a group to read out or show: the code as large selectable text (one tap
or click selects all of it), a *Copy* button where the browser offers a
clipboard, and the same code as a QR code in a folded ``<details>`` (small,
and closed until asked for, so it takes no room on a phone).

:class:`LessonCodeSection` is the *Group code for the lesson* section of a
dealing table: the lesson's group code of the deals played so far in a
session dealt in the lesson's setting (see :func:`lesson_code`).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from . import plain
from ..i18n import N_, _, error_text, ngettext
from ..formatting import number as number_text
from .. import registry
from ..classroom import group_codes as G
from ..errors import GameError
from ..render import MUTED_COLOUR

__all__ = ["group_code_html", "lesson_code", "lesson_players", "lesson_setting_problem", "LessonCodeSection"]


def _lesson(game: str):
    """The classroom module of ``game`` (its ``group`` deals a lesson group's session).

    Raises:
        UnknownGameError: ``game`` is not a game of the book.
    """
    return registry.game(game).module("classroom")


LESSON_MAX_DEALS = 200
"""The most deals a lesson code covers (the classroom's limit for a group's session)."""


def lesson_players(game: str) -> tuple:
    """The players a lesson's group leaves at the table: the game's classroom
    ``DEFAULT_PLAYERS``, the default of its ``group``'s ``players``.

    Raises:
        UnknownGameError: ``game`` is not a game of the book.
    """
    return tuple(_lesson(game).DEFAULT_PLAYERS)


def lesson_setting_problem(game: str, players, config) -> str:
    """Why a session with the rules ``config`` is not dealt as the lesson's
    (words for the table), or ``""`` when it is: the game's classroom
    ``lesson_setting_problem`` (e.g. Hoggenheimer's lesson keeps the English
    procedure). The players are checked by their counts, in
    :meth:`LessonCodeSection.update`.

    Raises:
        UnknownGameError: ``game`` is not a game of the book.
    """
    return _lesson(game).lesson_setting_problem(config)


def lesson_code(game: str, seed: int, deals: int, players=None) -> G.GroupCode | None:
    """The lesson code of a group's session: the game's classroom ``group(seed,
    deals)`` (the same deals as the live table's session with that seed in
    the lesson's setting), its counts and nets.

    With ``players`` (the table's): ``None`` unless the session dealt with
    them counts what the lesson's players' session counts (for Landsknecht
    the chapter's table seats a fourth player and deals the same cards; a
    Banker and Broker table with another number of punters cuts other
    sections), so that a board re-dealing the lesson's session finds the
    code's counts."""
    deal_session = _lesson(game).group
    group = deal_session(seed, deals)
    if players is not None and tuple(map(str, players)) != tuple(map(str, lesson_players(game))):
        theirs = deal_session(seed, deals, players=tuple(players))
        if ({k: (c.successes, c.trials) for k, c in theirs.counts.items()}
                != {k: (c.successes, c.trials) for k, c in group.counts.items()} or theirs.nets != group.nets):
            return None
    return G.GroupCode.from_group_counts(game, "lesson", group)


LESSON_HEADING = N_("Group code for the class board (the lesson collects this one)")
"""The heading of a lesson code (a table's *Group code for the lesson* section)."""

REPEAT_HEADING = N_("Repeat code (a record of this repeat, not the lesson's group code)")
"""The heading of a repeat's code (the Repeat panel): not the code a lesson collects."""


def group_code_html(code: G.GroupCode, caption: str, heading: str = LESSON_HEADING) -> str:
    """The code as HTML: ``heading`` (which code this is: :data:`LESSON_HEADING`
    or :data:`REPEAT_HEADING`), ``caption``, the text (selectable, monospace),
    a Copy button (never selected with the code), a hidden *Send to the class
    board* button (class ``bg-send-code``, the code in ``data-code``: the website's
    live-tables.js shows it, and posts the code, only on a page served by the
    launcher's class session), and the QR code folded in a ``<details>``."""
    text = G.encode(code)

    def js(words: str) -> str:   # a JavaScript string in the onclick attribute
        return "'" + html.escape(words.replace("\\", "\\\\").replace("'", "\\'"), quote=False).replace('"', "&quot;") + "'"

    copied, select = js(_("Copied")), js(_("Select the code and copy it"))
    try:
        qr = G.qr_svg(text, scale=4)
    except ImportError:  # segno missing (a Python without the book's requirements): the text is the code
        qr = ""
    # the button says what happened in a live region beside it (a screen reader hears "Copied")
    copy = ('<button type="button" class="bg-copy-code" style="margin-left:8px;font-size:85%;user-select:none;'
            '-webkit-user-select:none" '
            f'aria-label="{html.escape(_("Copy the group code {code}").format(code=text))}" '
            'onclick="var s=this.nextElementSibling;function say(t){s.textContent=t;}'
            'if(navigator.clipboard){navigator.clipboard.writeText('
            f"'{text}'"
            f").then(function(){{say({copied});}},function(){{say({select});}});}}"
            f"else{{say({select});}}\">{html.escape(_('Copy'))}</button>"
            '<span role="status" aria-live="polite" style="margin-left:6px;font-size:85%;user-select:none;'
            '-webkit-user-select:none"></span>')
    # shown only on a page served by the launcher's class session (live-tables.js), which posts the code
    send = ('<div><button type="button" class="bg-send-code" hidden style="display:none;margin-top:4px;user-select:none;'
            f'-webkit-user-select:none" data-code="{text}">{html.escape(_("Send to the class board"))}</button>'
            '<span class="bg-send-status" role="status" aria-live="polite" style="margin-left:6px;font-size:85%">'
            '</span></div>')
    folded = (f'<details style="margin-top:4px"><summary>{html.escape(_("QR code of this group code"))}</summary>'
              f'<div style="margin-top:4px;line-height:0">{qr}</div></details>' if qr else "")
    return (f'<div class="bg-group-code" style="margin-top:8px"><b>{html.escape(_(heading), quote=False)}</b> '
            f'<span style="color:{MUTED_COLOUR};font-size:85%">{html.escape(caption)}</span><div>'
            f'<code class="bg-group-code-text" style="font-size:120%;letter-spacing:0.06em;user-select:all;'
            f'-webkit-user-select:all;overflow-wrap:anywhere">{text}</code>{copy}</div>{send}{folded}</div>')


class LessonCodeSection(plain.HTML):
    """The *Group code for the lesson* section of a dealing table.

    ``update(game, seed, deals, off_lesson, players)`` shows the lesson's code of the
    first ``deals`` deals of the session with ``seed`` or, when the session
    has left the lesson's setting (``off_lesson``, a reason) or no deal is
    finished, why there is none. The caller updates it only while the
    section is open (the code re-deals the session through
    the game's classroom module).
    """

    TITLE = N_("Group code for the lesson")

    def __init__(self) -> None:
        super().__init__("")
        self.code: G.GroupCode | None = None
        self._shown: tuple | None = None   # what the section shows now (a turn redraws nothing here)

    def update(self, game: str, seed: object, deals: int, off_lesson: str, players=None) -> None:
        key = (game, seed, deals, off_lesson, None if players is None else tuple(map(str, players)))
        if key == self._shown:
            return
        self._shown = key
        about = (f'<div style="font-size:85%;color:{MUTED_COLOUR}">'
                 + html.escape(_("The lesson page's class activity: a group plays its seeded session with the "
                                 "players and options left as they are; this code gives its seed, the deals "
                                 "finished and the lesson's counts of those deals, for the class results board."),
                               quote=False) + "</div>")
        self.code = None
        if off_lesson:
            self.value = about + "<p>" + html.escape(_("No lesson code for this session: {reason}.").format(
                reason=_(off_lesson))) + "</p>"
            return
        if deals < 1:
            self.value = about + "<p>" + html.escape(_("No lesson code yet: finish a deal first (the code counts the "
                                                       "finished deals)."), quote=False) + "</p>"
            return
        if deals > LESSON_MAX_DEALS:
            self.value = about + "<p>" + html.escape(_(
                "No lesson code: a lesson code covers 1 to {most} deals, this session has {deals}. Start a new "
                "session for the lesson.").format(most=LESSON_MAX_DEALS, deals=number_text(deals))) + "</p>"
            return
        try:
            code = lesson_code(game, seed, deals, players)  # type: ignore[arg-type]
        except GameError as exc:  # pragma: no cover - a seed the table took but the classroom refuses
            self.value = about + "<p>" + html.escape(_("No lesson code: {reason}").format(reason=error_text(exc))) + "</p>"
            return
        if code is None:
            want = ", ".join(map(str, lesson_players(game)))
            self.value = about + "<p>" + html.escape(_(
                "No lesson code for this session: with these players the deals count otherwise than the "
                "lesson's groups' (players {players}); leave the players as they are.").format(players=want),
                quote=False) + "</p>"
            return
        self.code = code
        self.value = about + group_code_html(code, ngettext("seed {seed}, {n} deal finished",
                                                             "seed {seed}, {n} deals finished", deals).format(
            seed=seed, n=deals))

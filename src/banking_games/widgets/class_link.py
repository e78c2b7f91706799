"""The class board's link to a class session of the launcher (``open-book.py --class``).

On the website served by the launcher in class mode, the groups' tables post their
codes to the launcher, which keeps them as text; the teacher's board (a
:class:`~banking_games.widgets.board.ClassBoard` in the teacher's browser) asks the
launcher for the codes received every second (live-tables.js) and hands them to
:func:`receive`, which puts them on the board with :meth:`ClassBoard.add`, the
function that adds typed codes: every posted code is checked exactly as a typed
one. The board also shows the session's class code and join address (in the projector
view too) and, when it is loaded, takes the *Reveal* setting the launcher stored. The board's *Remove*, *Clear all* and *Reveal exact values* / *Hide exact values*
are then told to the launcher (through the page's ``bgClassTell``, which posts the
text to ``class/<op>``: ``class/remove`` the code, ``class/clear``, ``class/reveal``
``on`` or ``off``), so that a board opened later, or after a restart of the
launcher, reads the same list and the launcher records whether the exact values
were shown.

No game rule lives here, nor any network code: the page fetches, this module
decides which codes are new to the board.
"""

from __future__ import annotations

import json
import sys

from ipywidgets.widgets import widget as _widget

from ..classroom import group_codes as gcodes
from ..errors import GameError
from .board import ClassBoard
from ..classroom.board_checks import CHECK_DEALS_PER_ADD, _check_cost, group_identity, group_lineage

__all__ = ["receive", "new_codes", "link"]


def _board(model_id: str) -> ClassBoard | None:
    """The live board whose widget model id is ``model_id`` (ipywidgets' own register of widgets)."""
    w = _widget._instances.get(str(model_id))
    return w if isinstance(w, ClassBoard) else None


def new_codes(board, groups: list) -> tuple[list[str], int]:
    """Which of ``groups`` (the launcher's ``[{"n": number, "code": text}, ...]``, in order)
    to add to ``board``: ``(texts, done)``, ``done`` the number of the last group looked at.

    Left out, without a word: a code whose group (:func:`group_identity`) is on the board
    already, or whose group the board holds a later code of (more deals): the board read it
    before this page was loaded. Every other text is added, refused or flagged by the
    board's Add. The texts stop before the deals dealt again to check them would pass
    :data:`CHECK_DEALS_PER_ADD` (one is always taken): the rest come at the next call."""
    have = {e.identity for e in board.entries}
    lineages = {group_lineage(e.code): e.code.deals for e in board.entries}
    texts, done, dealt = [], 0, 0
    for g in groups:
        text, n = str(g["code"]), int(g["n"])
        try:
            code = gcodes.decode(text, game=board.game.key)
        except GameError:
            code = None                 # the board's Add says what is wrong with it
        if code is not None:
            lineage = group_lineage(code)
            if group_identity(code) in have or (lineage is not None and lineages.get(lineage, -1) > code.deals):
                done = n
                continue
            cost = _check_cost(code)
            if texts and dealt + cost > CHECK_DEALS_PER_ADD:
                break
            dealt += cost
        texts.append(text)
        done = n
    return texts, done


def _tell_launcher(op: str, text: str | None) -> None:
    """Tell the launcher of the teacher's *Remove* (``op`` "remove", ``text`` the code's text),
    *Clear all* (``op`` "clear") or *Reveal* (``op`` "reveal", ``text`` "on" to show the exact
    values, "off" to hide them)."""
    if sys.platform != "emscripten":
        return
    from pyodide.code import run_js

    tell = run_js("globalThis.bgClassTell")
    if tell is not None and type(tell).__name__ != "JsNull":
        tell(op, text or "")


def link(board) -> None:
    """Tell the launcher of ``board``'s *Remove*, *Clear all* and *Reveal* from now on."""
    board.on_teacher_action = _tell_launcher


def receive(model_id: str, groups_json: str, session_json: str = "") -> str:
    """Put the launcher's new groups on the board whose widget model is ``model_id``.

    Args:
        model_id: the board's widget model id (the page knows it).
        groups_json: the launcher's list, ``[{"n": number, "code": text}, ...]``, as JSON.
        session_json: what the page knows of the class session, as JSON ``{"class_code":
            text, "join": address, "revealed": true, false or null}`` (``revealed`` from the
            launcher's list, null before any *Reveal*), or ``""``. The code and address are
            shown on the board (:meth:`ClassBoard.set_class_session`, also in the projector
            view); the stored *Reveal* setting is taken once, at the board's first call
            after it is loaded (:meth:`ClassBoard.follow_launcher_reveal`), so that a board
            opened again shows or hides the exact values as the teacher left them, and a
            later *Reveal* on this board is not undone by a list asked for before it.

    Returns:
        JSON ``{"done": n, "groups": number on the board}`` (``n``: the last group read;
        the page asks for those after it next time), or ``{"error": why}`` when there is
        no board of that id or the list is not one.
    """
    board = _board(model_id)
    if board is None:
        return json.dumps({"error": f"no class board with the model id {model_id!r}"})
    link(board)
    try:
        groups = json.loads(groups_json)
        texts, done = new_codes(board, groups)
        session = json.loads(session_json) if session_json else {}
        if not isinstance(session, dict):
            raise TypeError("the class session is not an object")
    except (ValueError, TypeError, KeyError) as exc:
        return json.dumps({"error": f"the launcher's list could not be read: {exc}"})
    if session:
        board.set_class_session(session.get("class_code", ""), session.get("join", ""))
        if not getattr(board, "_launcher_read", False):
            board._launcher_read = True
            board.follow_launcher_reveal(session.get("revealed"))
    if texts:
        board.add("\n".join(texts))     # the same function as the codes typed or pasted
    return json.dumps({"done": done, "groups": len(board.entries)})

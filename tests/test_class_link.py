"""The class board's side of a class session (banking_games.widgets.class_link), in CPython.

The launcher's list of codes received (``[{"n": number, "code": text}]``) is handed to
:func:`class_link.receive` by the page; these tests hand it the same JSON. What each
expects is derived here, not read from the module: the codes are the lesson's groups'
(``teaching.hoggenheimer_group`` of the lesson seeds), their pool ``teaching.pool``.
"""

from __future__ import annotations

import json

import ipywidgets  # noqa: F401 - the board's widgets

from banking_games.classroom import group_codes as GC
from banking_games import registry
from banking_games.classroom import teaching as T
from banking_games.widgets import class_link
from banking_games.widgets.board import CHECK_DEALS_PER_ADD, ClassBoard, MemoryStore

SEEDS = T.lesson_seeds("hoggenheimer")


def lesson_code(seed: int, deals: int = T.LESSON_DEALS) -> str:
    return GC.encode(GC.GroupCode.from_group_counts("hoggenheimer", "lesson", registry.game("hoggenheimer").module("classroom").group(seed, deals)))


def listed(*texts: str, first: int = 1) -> str:
    return json.dumps([{"n": first + i, "code": t} for i, t in enumerate(texts)])


def board() -> ClassBoard:
    return ClassBoard("hoggenheimer", store=MemoryStore())


def pooled(b: ClassBoard) -> dict:
    return {k: (c.successes, c.trials) for k, c in b.pooled().items()}


def test_received_codes_pool_as_teaching_pool():
    b = board()
    codes = [lesson_code(s) for s in SEEDS]
    out = json.loads(class_link.receive(b.model_id, listed(*codes)))
    assert out == {"done": 8, "groups": 8}
    want = T.pool([registry.game("hoggenheimer").module("classroom").group(s, T.LESSON_DEALS) for s in SEEDS])
    assert pooled(b) == {k: (c.successes, c.trials) for k, c in want.items()}


def test_received_codes_are_checked_as_typed_ones():
    """A mistyped code (its check symbol no longer fits) and another game's code are refused with
    the board's own messages, as the Add button gives them for the same text typed."""
    good = lesson_code(SEEDS[0])
    i = len(good) // 2
    typo = good[:i] + ("7" if good[i] != "7" else "8") + good[i + 1:]
    other = GC.encode(GC.GroupCode.from_group_counts("landsknecht", "lesson",
                                                     registry.game("landsknecht").module("classroom").group(T.lesson_seeds("landsknecht")[0], 3)))
    typed = board()
    typed.add(typo + "\n" + other)
    b = board()
    out = json.loads(class_link.receive(b.model_id, listed(typo, other)))
    assert out["done"] == 2 and b.entries == []
    assert b.message.value == typed.message.value and "check symbol" in b.message.value


def test_a_board_reloaded_skips_what_it_has_and_earlier_codes_of_its_groups():
    """After a reload the page asks for the whole list again: the groups on the board (kept in
    the browser) are not added again, nor a group's earlier code (6 deals) when the board has
    its later one (10 deals); nothing is refused (no message about them)."""
    b = board()
    six, ten = lesson_code(SEEDS[0], 6), lesson_code(SEEDS[0], 10)
    class_link.receive(b.model_id, listed(six, ten, lesson_code(SEEDS[1])))
    assert [e.code.deals for e in b.entries] == [10, 10]
    before = b.message.value
    out = json.loads(class_link.receive(b.model_id, listed(six, ten, lesson_code(SEEDS[1]))))
    assert out == {"done": 3, "groups": 2} and b.message.value == before


def test_a_long_list_is_read_in_parts():
    """Codes whose checks would deal more than CHECK_DEALS_PER_ADD deals again are left for the next
    call (the page asks from ``done`` on): lesson codes of 200 deals, so 1000 / 200 = 5 per call."""
    deals = 200
    per_call = CHECK_DEALS_PER_ADD // deals
    b = board()
    codes = [lesson_code(s, deals) for s in SEEDS]
    out = json.loads(class_link.receive(b.model_id, listed(*codes)))
    assert out == {"done": per_call, "groups": per_call}
    out = json.loads(class_link.receive(b.model_id, json.dumps(json.loads(listed(*codes))[per_call:])))
    assert out == {"done": 8, "groups": 8}


def test_remove_and_clear_are_told_to_the_launcher():
    b = board()
    told = []
    class_link.receive(b.model_id, listed(*(lesson_code(s) for s in SEEDS[:3])))
    assert b.on_teacher_action is class_link._tell_launcher, "receive links the board to the launcher"
    b.on_teacher_action = lambda op, text: told.append((op, text))
    gone = b.entries[1].text
    b.remove(1)
    b.clear(confirm=True)
    assert told == [("remove", gone), ("clear", None)]


def test_no_board_of_that_id():
    assert "error" in json.loads(class_link.receive("no-such-model", "[]"))
    b = board()
    assert "error" in json.loads(class_link.receive(b.model_id, "not json"))


def test_board_takes_the_launchers_reveal_once_and_shows_the_class_code():
    """The launcher's list carries the teacher's stored Reveal setting (open-book.py,
    ClassSession.listing: null until set). A board just loaded takes it without telling the
    launcher back; a later list does not undo the teacher's own Reveal on this board. The
    class code and join address are shown on the board, in a part the projector view keeps."""
    told = []
    b = board()
    assert b.revealed is True
    session = json.dumps({"class_code": "K7M2QX", "join": "http://192.168.1.20:8000/join/K7M2QX",
                          "revealed": False})
    out = json.loads(class_link.receive(b.model_id, listed(), session))
    assert out == {"done": 0, "groups": 0}
    assert b.revealed is False and b.reveal_button.description == "Reveal exact values"
    assert "K7M2QX" in b.class_line.value and "http://192.168.1.20:8000/join/K7M2QX" in b.class_line.value
    assert "bg-projected" in b.class_line._dom_classes
    b.on_teacher_action = lambda op, text: told.append((op, text))
    b.set_revealed(True)
    assert told == [("reveal", "on")]
    class_link.receive(b.model_id, listed(), session)   # a list asked for before the teacher's Reveal
    assert b.revealed is True and told == [("reveal", "on")]
    # a board with no stored setting in the launcher (null) keeps its own
    fresh = board()
    class_link.receive(fresh.model_id, listed(), json.dumps({"class_code": "K7M2QX", "join": "", "revealed": None}))
    assert fresh.revealed is True
    # not an object: refused, the board unchanged
    assert "error" in json.loads(class_link.receive(fresh.model_id, listed(), "[1]"))

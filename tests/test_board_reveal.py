"""The class board's *Hide exact values* / *Reveal exact values* and the class's predictions
(issue 34, item 3): :class:`banking_games.widgets.board.ClassBoard` driven through its
buttons and fields, on a :class:`MemoryStore`.

What is right is derived here, not read from the board:

* Hoggenheimer's lesson bets A-D win when every card of the bet (A: 1 card, the jack of
  hearts; B: 2 sevens; C: a square of 4 cards; D: the 8 diamonds) is turned before the Joker.
  Among those k cards and the Joker, each of the k + 1 is equally likely to come last of
  them, so the Joker comes after all k with chance 1/(k + 1): 1/2, 1/3, 1/5, 1/9 (the bets
  pay 1, 2, 4, 8 to 1, fair odds: each bet's expected net is 0, so the mean net's exact
  value is 0);
* the band of a pooled fraction of n independent deals is p +- 2 sqrt(p (1 - p) / n);
* the lesson's eight groups deal 10 deals each (n = 80 for every bet).
"""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction

import ipywidgets as widgets

from banking_games.checks import typed_chance
from banking_games.widgets.board import HIDDEN, ClassBoard, MemoryStore
from banking_games.widgets import class_link
from test_board import lesson_codes

EXACT = {"A": "1/2", "B": "1/3", "C": "1/5", "D": "1/9"}     # 1/(k + 1), k = 1, 2, 4, 8 cards
N = 8 * 10                                                   # 8 groups of 10 deals


def band_text(p: Fraction, n: int) -> str:
    se = math.sqrt(p * (1 - p) / n)
    return f"{float(p) - 2 * se:.3f} to {float(p) + 2 * se:.3f}"


BANDS = [band_text(Fraction(v), N) for v in EXACT.values()]   # e.g. 1/2: 0.388 to 0.612


def board_with_class(store=None) -> ClassBoard:
    codes, _ = lesson_codes("hoggenheimer")
    board = ClassBoard("hoggenheimer", store=store or MemoryStore(), key="k")
    board.add("\n".join(codes))
    assert len(board.entries) == 8 and not board.message.is_error
    return board


def dom_text(w) -> str:
    """Every text the board's widgets send to the page (what a reader could find in the DOM)."""
    out = []
    for trait in ("value", "description", "tooltip", "placeholder"):
        v = getattr(w, trait, None)
        if isinstance(v, str):
            out.append(v)
    if isinstance(w, widgets.Dropdown):
        out += [str(o) for o in w.options]
    for child in getattr(w, "children", ()) or ():
        out.append(dom_text(child))
    return "\n".join(out)


def column(board: ClassBoard, label: str) -> list[str]:
    return re.findall(rf'data-label="{re.escape(label)}"[^>]*>([^<]*)<', board.table.value)


def test_hidden_leaves_every_exact_value_out_of_the_page_and_reveal_shows_them():
    board = board_with_class()
    # shown (the default): the exact column is the derived chances, the bands the derived bands
    assert column(board, "exact") == list(EXACT.values())
    assert column(board, "band (±2 SE)") == BANDS
    assert "exact 0 (+0.000)" in board.table.value and "<svg" in board.plot.value
    board.reveal_button.click()                         # Hide exact values
    assert board.revealed is False
    page = dom_text(board)
    for text in list(EXACT.values()) + BANDS + ["exact 0"]:
        assert text not in page, text
    assert column(board, "exact") == column(board, "inside?") == column(board, "band (±2 SE)") == [HIDDEN] * 4
    assert "<svg" not in page                            # the funnel draws the exact chance
    assert f"exact value and band {HIDDEN}" in board.table.value
    assert board.reveal_button.description == "Reveal exact values"
    board.reveal_button.click()                         # Reveal exact values
    assert column(board, "exact") == list(EXACT.values()) and column(board, "band (±2 SE)") == BANDS
    assert "exact 0 (+0.000)" in board.table.value and "<svg" in board.plot.value
    assert board.reveal_button.description == "Hide exact values"


def test_other_games_hide_their_exact_values_too():
    # Landsknecht's first and late stakes: even chances, 1/2 (the lesson page's exact values)
    codes, _ = lesson_codes("landsknecht")
    board = ClassBoard("landsknecht", store=MemoryStore(), key="k")
    board.add("\n".join(codes))
    board.set_revealed(False)
    assert set(column(board, "exact")) == {HIDDEN} and "1/2" not in dom_text(board)
    board.set_revealed(True)
    assert column(board, "exact")[:2] == ["1/2", "1/2"]


def test_predictions_are_read_exactly_and_shown_beside_the_class_fraction():
    board = board_with_class()
    board.prediction_fields["A"].value = " 0.45 "
    board.prediction_fields["C"].value = "2 / 7"
    board.predict_button.click()
    assert not board.message.is_error, board.message.value
    assert board.predictions == {"A": Fraction(9, 20), "C": Fraction(2, 7)}     # 0.45 exactly, not a float
    heads = re.findall(r"<th[^>]*>([^<]*)</th>", board.table.value)
    assert heads[heads.index("class fraction") + 1] == "class prediction"
    # 2/7 = 0.2857...: three decimals as the class fraction, and the fraction as typed
    assert column(board, "class prediction") == ["0.450", "none", "0.286 (2/7)", "none"]
    assert board.prediction_fields["A"].value == "9/20"
    board.prediction_fields["A"].value = ""             # an empty field takes A's prediction away
    board.predict_button.click()
    assert board.predictions == {"C": Fraction(2, 7)}


def test_a_bad_prediction_is_refused_with_a_message_and_nothing_changes():
    store = MemoryStore()
    board = board_with_class(store)
    board.set_predictions({"A": "1/4"})
    assert board.prediction_fields["A"].value == "1/4"   # the field shows it: the next press keeps it
    kept, table = dict(store.data), board.table.value
    for bad in ("abc", "3/2", "1/0", "-0.1", "0,3", "30%", "1e-1"):
        board.prediction_fields["B"].value = bad
        board.predict_button.click()
        assert board.message.is_error, bad
        said = board.message.value                      # names the field and says what is allowed
        assert "Class prediction of B" in said and ("from 0 to 1" in said or "such as 2/7" in said), said
        assert board.predictions == {"A": Fraction(1, 4)} and store.data == kept and board.table.value == table, bad
    # a good prediction and a bad one together: neither is recorded
    try:
        board.set_predictions({"C": "0.2", "B": "abc"})
    except Exception as exc:
        assert type(exc).__name__ == "BoardError"
    else:
        raise AssertionError("abc was taken")
    assert board.predictions == {"A": Fraction(1, 4)} and store.data == kept
    # an event the board does not count
    try:
        board.set_predictions({"E": "0.5"})
    except Exception as exc:
        assert type(exc).__name__ == "BoardError" and "A, B, C, D" in str(exc)
    else:
        raise AssertionError("an event E was taken")
    assert board.predictions == {"A": Fraction(1, 4)} and store.data == kept


def test_reveal_and_predictions_survive_a_new_board_on_the_same_store():
    store = MemoryStore()
    board = board_with_class(store)
    board.set_predictions({"B": "0.3", "D": "1/10"})
    board.set_revealed(False)
    again = ClassBoard("hoggenheimer", store=store, key="k")      # a re-run cell or a reload
    assert len(again.entries) == 8
    assert again.revealed is False and again.reveal_button.description == "Reveal exact values"
    assert again.predictions == {"B": Fraction(3, 10), "D": Fraction(1, 10)}
    assert again.prediction_fields["B"].value == "3/10"
    assert column(again, "exact") == [HIDDEN] * 4 and column(again, "class prediction") == ["none", "0.300", "none",
                                                                                              "0.100"]
    again.set_revealed(True)
    third = ClassBoard("hoggenheimer", store=store, key="k")
    assert third.revealed is True and column(third, "exact") == list(EXACT.values())
    # Clear all removes the groups and the predictions (a new class), and keeps the setting
    third.set_revealed(False)
    third.clear(confirm=True)
    fourth = ClassBoard("hoggenheimer", store=store, key="k")
    assert fourth.entries == [] and fourth.predictions == {} and fourth.revealed is False


def test_a_board_kept_before_reveal_is_read_and_kept_as_before():
    # a board kept by the earlier board: a JSON list of codes
    codes, _ = lesson_codes("hoggenheimer")
    store = MemoryStore()
    store.set("k", json.dumps(codes[:3]))
    board = ClassBoard("hoggenheimer", store=store, key="k")
    assert len(board.entries) == 3 and board.revealed is True and board.predictions == {}
    assert not board.message.is_error, board.message.value
    board.add(codes[3])
    assert json.loads(store.get("k")) == codes[:4]      # still a list while nothing else is set


def test_reveal_is_told_to_the_class_sessions_launcher():
    board = board_with_class()
    told = []
    board.on_teacher_action = lambda op, text: told.append((op, text))
    board.reveal_button.click()
    board.reveal_button.click()
    # open-book.py's /class/reveal takes the body "on" (show) or "off" (hide)
    assert told == [("reveal", "off"), ("reveal", "on")]
    class_link.link(board)
    assert board.on_teacher_action is class_link._tell_launcher


def test_typed_chance_reads_exactly():
    assert typed_chance("0.3", "P") == Fraction(3, 10)       # the decimal, not the float 0.299999...
    assert typed_chance(".25", "P") == Fraction(1, 4)
    assert typed_chance("2 / 6", "P") == Fraction(1, 3)
    assert typed_chance("1", "P") == 1 and typed_chance("0", "P") == 0


def test_prediction_fields_say_what_they_take():
    """A screen reader names a field by its label: each field says it takes a prediction and of
    which bet (Hoggenheimer's lesson bets A to D, classroom.hoggenheimer.BETS), not a bare letter."""
    board = ClassBoard("hoggenheimer", store=MemoryStore(), key="k")
    labels = [field.description for field in board.prediction_fields.values()]
    assert labels == ["Prediction A", "Prediction B", "Prediction C", "Prediction D"]

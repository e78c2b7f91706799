"""Each lesson page has two paths by age, curriculum links and a bank of five
hinge questions (issue 34, item 6).

A hinge question is multiple choice with four options, one right; its
teacher's key (a folded dropdown) names, for every wrong option, a
misconception that the page's list "Misconceptions to expect" holds, quoted
from it. The keys' "right" and "wrong" are claims the build asserts
(``shown.claim``); here the numbers the questions show are checked against
values derived independently, written beside each.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

import jupytext
import pytest

from banking_games import registry
from test_lesson_pages import BOOK, sections, source

GAMES = registry.SLUGS
EVAL = re.compile(r"\{eval\}`[^`]*`")
QUESTION = re.compile(r"^\*\*H(\d)\*\* \(([^)]*)\)(.*?)^:::\{dropdown\} Teacher's key\n(.*?)^:::\s*$", re.S | re.M)
QUOTE = re.compile(r'\*"([^"]+)"\*')
TOKEN = re.compile(r'\(([abcd])\)|\*"([^"]+)"\*')
PATHS = ("both ages", "ages 13–14", "ages 16–18")


def normal(words: str) -> str:
    """A quoted belief as compared: lower case, no parenthesised aside, no {eval} value, no end stop."""
    words = EVAL.sub("", words)
    words = re.sub(r"\([^)]*\)", "", words.lower())
    return " ".join(words.split()).strip(" .;:,")


def problems(text: str) -> list[str]:
    """What the page's hinge-question bank lacks; [] when complete."""
    sec = sections(text)
    found = []
    for heading in ("Curriculum links", "Hinge questions", "Misconceptions to expect"):
        if heading not in sec:
            found.append(f"no section {heading}")
    beliefs = [normal(q) for q in QUOTE.findall(sec.get("Misconceptions to expect", ""))]
    questions = QUESTION.findall(sec.get("Hinge questions", ""))
    if [int(n) for n, *_ in questions] != [1, 2, 3, 4, 5]:
        found.append(f"hinge questions {[n for n, *_ in questions]}, not H1 to H5")
    paths = set()
    for n, label, body, key in questions:
        paths.update(p for p in PATHS if p in label)
        if not any(p in label for p in PATHS):
            found.append(f"H{n}: no path in its label {label!r}")
        options = re.findall(r"^\(([abcd])\) |[;,]\s*\(([abcd])\) ", body, flags=re.M)
        letters = sorted({a or b for a, b in options})
        if letters != ["a", "b", "c", "d"]:
            found.append(f"H{n}: options {letters}, not (a) to (d)")
        if not re.search(r"^Right: \{eval\}`shown\.\w+_h%s_key`" % n, key, flags=re.M):
            found.append(f"H{n}: the key does not open with its asserted claim")
        # every wrong option named in the key is followed by a quoted belief of the page's list
        # ("(a) and (c) reveal *"..."*" names both; "(c) the gambler's fallacy; (d) *"..."*" leaves (c) unnamed)
        pending, named, end = [], set(), 0
        plain = EVAL.sub("", key)
        for m in TOKEN.finditer(plain):
            letter, quote = m.groups()
            if letter:
                if pending and plain[end:m.start()].strip() not in ("and", ",", ", and"):
                    found.append(f"H{n}: the key names no misconception for {pending}")
                    pending = []
                pending.append(letter)
                end = m.end()
            else:
                if not any(normal(quote) in b for b in beliefs):
                    found.append(f"H{n}: the key quotes {quote!r}, which is not among the misconceptions")
                named.update(pending)
                pending = []
        if pending:
            found.append(f"H{n}: the key names no misconception for {pending}")
        if len(named) < 3:
            found.append(f"H{n}: the key names a misconception for {sorted(named)} only")
    if not {"ages 13–14", "ages 16–18"} <= paths:
        found.append(f"hinge questions for the paths {sorted(paths)} only")
    approach = sec.get("Possible approach (45 minutes)", "")
    if not ("**Two paths.**" in approach and "**Ages 13–14**" in approach and "**Ages 16–18**" in approach):
        found.append("no two paths in the timeline")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_lesson_has_two_paths_curriculum_links_and_a_hinge_bank(game):
    assert problems(source(game)) == [], game


@pytest.mark.parametrize("game", GAMES)
def test_a_broken_bank_is_caught(game):
    text = source(game)
    sec = sections(text)
    # a misconception the keys quote, taken out of the list
    quoted = QUOTE.findall(sec["Hinge questions"])
    belief = next(q for q in QUOTE.findall(sec["Misconceptions to expect"]) if any(
        normal(k) in normal(q) for k in quoted))
    assert any("not among the misconceptions" in p
               for p in problems(text.replace(f'*"{belief}"*', "*a belief*", 1)))
    # a question without its fourth option, and a fifth question gone
    h1 = re.search(r"^\*\*H1\*\*.*?^:::\{dropdown\}", text, re.S | re.M).group(0)
    assert any("H1: options" in p for p in problems(text.replace(h1, re.sub(r"\(d\) ", "", h1))))
    assert any("not H1 to H5" in p for p in problems(text.replace("**H5**", "**H6**")))
    assert "no two paths in the timeline" in problems(text.replace("**Two paths.**", "Paths."))


# ------------------------------------------------------------ the questions' numbers, derived here

def shown_values(game: str):
    """Run the page's code cells (not the live table's, nor the book's-code cell) and return ``shown``."""
    nb = jupytext.read(BOOK / f"lesson-{game}.md")
    ns: dict = {}
    for cell in nb.cells:
        if cell.cell_type == "code" and "skip-execution" not in cell.metadata.get("tags", []) \
                and "book_code" not in cell.source:
            exec(compile(cell.source, f"lesson-{game}.md", "exec"), ns)
    return ns["shown"]


def test_hoggenheimer_hinge_numbers():
    s = shown_values("hoggenheimer")
    # H2: bet C is 4 cards of the 32 ranked ones. Its share of them is 4/32 = 1/8; 1/c = 1/4; the Joker
    # last of the 5 cards that decide it: 1/5; at least one of the 4 before the Joker: 1 - 1/5 = 4/5.
    assert [str(getattr(s, f"hl_h2_{k}")) for k in "abcd"] == ["1/8", "1/4", "1/5", "4/5"]
    # H3: 8 groups of 10 deals, N = 80; bet A's band 1/2 +- 2 sqrt(1/4/80) = 0.5 +- 0.1118 =
    # [0.388, 0.612]; the largest count inside is 48 (48/80 = 0.6, 49/80 = 0.6125 is out).
    assert (str(s.hl_h3_w), str(s.hl_h3_n), str(s.hl_h3_lo), str(s.hl_h3_hi)) == ("48", "80", "0.388", "0.612")
    # H4: one group of 10 deals lands in [0.4, 0.6] when 4, 5 or 6 of 10 win:
    # (210 + 252 + 210)/1024 = 0.656; the class of 80: 32 to 48 wins, by the normal approximation with
    # continuity correction, 2 Phi(8.5/sqrt(20)) - 1 = 0.943; exactly 40 of 80: C(80, 40)/2^80 = 0.089.
    assert str(s.hl_h4_group) == "0.66" and str(s.hl_h4_class) == "0.94" and str(s.hl_h4_half) == "0.09"
    # H5: bets on 1, 2, 4, 8 cards have variances 1, 2, 4, 8 (sum 15); the pair covariances are
    # 1/2, 2/3, 4/5, 8/7, 16/11, 34/11 (test_lesson_pages.py), so Var = 15 + 2 * their sum = 35008/1155
    # = 30.3; C and D's alone (34/11): 15 + 68/11 = 21.2.
    var = 15 + 2 * sum([Fraction(1, 2), Fraction(2, 3), Fraction(4, 5), Fraction(8, 7), Fraction(16, 11),
                        Fraction(34, 11)])
    assert str(s.hl_h5_exact) == str(var) == "35008/1155"
    assert [str(getattr(s, f"hl_h5_{k}")) for k in "abcd"] == ["15.0", "30.3", "0", "21.2"]


def test_banker_and_broker_hinge_numbers():
    s = shown_values("banker-and-broker")
    # H1: 3 of the 51 cards other than the banker's share its rank: 3/51; the wrong options
    # 4/52 (the full pack), 4/51 (the banker's card counted) and 3 x 1/17 = 3/17 (three sections).
    assert [str(getattr(s, f"bl_h1_{k}")) for k in "abcd"] == ["3/51", "4/52", "4/51", "3/17"]
    # H3: net +1 with 8/17, -1 with 9/17 (losses and ties): -1/17; 0, 3 x (-1/17), -1/13 wrong.
    assert [str(getattr(s, f"bl_h3_{k}")) for k in "abcd"] == ["0", "-1/17", "-3/17", "-1/13"]
    # H5: both tie = 3/51 x 2/50 = 1/425; independent (1/17)^2 = 1/289; added 2/17; 3/51 x 3/50 = 3/850.
    assert [str(getattr(s, f"bl_h5_{k}")) for k in "abcd"] == ["1/289", "1/425", "2/17", "3/850"]


def test_landsknecht_hinge_numbers():
    s = shown_values("landsknecht")
    # H3: 4 cards on the table when the stakes go down, 48 left, 3 of the players' rank unseen:
    # 3/48; after 5 turns with no pair, 3 of 43.
    assert (str(s.ll_next_0), str(s.ll_next_late)) == ("3/48", "3/43")
    # H4: F's band for 8 groups, N = 80: 0.5 +- 0.1118; the smallest count inside is 32 (31/80 = 0.3875 is out).
    assert (str(s.ll_h4_w), str(s.ll_h4_n)) == ("32", "80")
    # H5: half-widths 2 sqrt(1/4 / N) = 1/sqrt(N): F over 80 stakes 0.112; L over the answer key's L stakes.
    n_l = int(str(s.ll_h5_nL))
    assert str(s.ll_h5_hwF) == f"{1 / math.sqrt(80):.3f}" and str(s.ll_h5_hwL) == f"{1 / math.sqrt(n_l):.3f}"
    assert n_l < 80

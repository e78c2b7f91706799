"""Each lesson page is complete teacher notes (issue 18): why the lesson, a
possible approach with set-up time and roles, key questions each followed by
its answer, support, extension (the chapter's hard exercises), an exit ticket
with its answer, a note on gambling for schools, and a table of the +-2 SE
bands for a class of 4 to 10 groups.

The page sources are read as text; the band table is computed by running the
page's first code cell (as the build does, a few seconds) and compared with
an independent computation written here, its derivation beside it.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from pathlib import Path

import jupytext
import pytest

BOOK = Path(__file__).resolve().parent.parent / "book"
GAMES = {"hoggenheimer": ["hoggenheimer.md", "hoggenheimer-values.md", "hoggenheimer-simulation.md"],
         "banker-and-broker": ["banker-and-broker.md", "banker-and-broker-values.md",
                               "banker-and-broker-simulation.md"],
         "landsknecht": ["landsknecht.md", "landsknecht-values.md", "landsknecht-simulation.md"]}
CODE_CELL = re.compile(r"^```\{code-cell\}.*?^```\s*$", re.S | re.M)
DROPDOWN = re.compile(r"^:::\{dropdown\} Answer\s*\n(.*?)^:::\s*$", re.S | re.M)
QUESTION = re.compile(r"^\*\*(\d+)\.\*\*\s+\S", re.M)
HARD = re.compile(r"^```\{exercise\} (.+?)\n(?::[^\n]*\n)*\s*\*\*[^*]*·\s*hard\.\*\*", re.M)


def source(game: str) -> str:
    return (BOOK / f"lesson-{game}.md").read_text(encoding="utf-8")


def sections(text: str) -> dict[str, str]:
    """``## heading`` -> its text up to the next ``## `` (code cells removed)."""
    prose = CODE_CELL.sub("", text)
    parts = re.split(r"^## (.+)$", prose, flags=re.M)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts), 2)}


def answered(block: str) -> bool:
    """A dropdown 'Answer' with some words in it."""
    return any(len(re.sub(r"^%.*$", "", m.group(1), flags=re.M).split()) >= 3 for m in DROPDOWN.finditer(block))


def missing_parts(text: str) -> list[str]:
    """What a lesson page lacks of the teacher notes; [] when complete."""
    sec = sections(text)
    missing = [h for h in ("Why this lesson", "Possible approach (45 minutes)", "Class activity",
                           "Pooling the counts", "Key questions", "Support", "Extension", "Exit ticket",
                           "Answer key") if h not in sec]
    approach = sec.get("Possible approach (45 minutes)", "")
    if "**Set up**" not in approach:
        missing.append("device set-up row in the timeline")
    if not re.search(r"\*\*Roles\*\*.*\*dealer\*.*\*recorder\*.*\*checker\*", approach, re.S):
        missing.append("group roles")
    if "**Gambling and schools.**" not in text:
        missing.append("gambling note")
    if "### Bands for 4 to 10 groups" not in sec.get("Pooling the counts", ""):
        missing.append("band table for 4 to 10 groups")
    keys = sec.get("Key questions", "")
    numbers = [int(n) for n in QUESTION.findall(keys)]
    if not numbers or numbers != list(range(1, len(numbers) + 1)):
        missing.append("numbered key questions")
    # every key question is followed by its answer before the next question
    chunks = re.split(r"^\*\*\d+\.\*\*", keys, flags=re.M)[1:]
    for n, chunk in zip(numbers, chunks):
        if not answered(chunk):
            missing.append(f"answer to key question {n}")
    ticket = sec.get("Exit ticket", "")
    if not (ticket.split(":::{dropdown}")[0].strip() and answered(ticket)):
        missing.append("exit ticket question and answer")
    if len(sec.get("Support", "").split()) < 30:
        missing.append("support for a stuck group")
    return missing


@pytest.mark.parametrize("game", sorted(GAMES))
def test_lesson_page_is_complete_teacher_notes(game):
    assert missing_parts(source(game)) == [], game


@pytest.mark.parametrize("game", sorted(GAMES))
def test_removing_a_part_is_caught(game):
    # The checker must fail if a section or an answer is taken out.
    text = source(game)
    for heading in ("## Support", "## Extension", "## Exit ticket"):
        broken = text.replace(heading, "## Something else")
        assert heading[3:] in " ".join(missing_parts(broken)), heading
    first_answer = text.index(":::{dropdown} Answer", text.index("## Key questions"))
    end = text.index("\n:::\n", first_answer) + len("\n:::\n")
    assert "answer to key question 1" in missing_parts(text[:first_answer] + text[end:])
    assert "band table for 4 to 10 groups" in missing_parts(text.replace("### Bands for 4 to 10 groups", ""))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_extension_names_and_links_every_hard_exercise(game):
    # The chapter's exercises marked "· hard." are named (in italics) in the Extension, and
    # the page that holds each is linked at its Exercises heading.
    ext = sections(source(game))["Extension"]
    hard = {}
    for page in GAMES[game]:
        for title in HARD.findall((BOOK / page).read_text(encoding="utf-8")):
            hard[title.strip()] = page
    assert hard, game
    for title, page in hard.items():
        assert f"*{' '.join(title.split())}*" in " ".join(ext.split()), title
        assert f"]({page}#exercises)" in ext.replace("\n", ""), page


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_paragraph_over_150_words(game):
    prose = CODE_CELL.sub("\n\n", source(game))
    for para in re.split(r"\n[ \t]*\n", prose):
        words = len(re.sub(r"\{eval\}`[^`]*`", "X", para).split())
        assert words <= 150, (words, para[:80])


# ------------------------------------------------------------ the band tables, computed independently

def page_namespace(game: str) -> dict:
    """Run the page's first code cell (where it computes its numbers)."""
    nb = jupytext.read(BOOK / f"lesson-{game}.md")
    code = next(c.source for c in nb.cells if c.cell_type == "code")
    ns: dict = {}
    exec(compile(code, f"lesson-{game}.md", "exec"), ns)
    return ns


def fraction_band(p: Fraction, var_per_trial_mean: float) -> tuple[float, float]:
    se = math.sqrt(var_per_trial_mean)
    return float(p) - 2 * se, float(p) + 2 * se


def check_band_table(ns, expected: dict[str, list[tuple[float, float]]]):
    bands = ns["bands"]
    assert list(bands.index) == list(range(4, 11))
    for name, want in expected.items():
        got = [v for pair in zip(bands[f"{name} lo"], bands[f"{name} hi"]) for v in pair]
        assert got == pytest.approx([v for pair in want for v in pair], abs=1e-12), name


def test_hoggenheimer_band_table():
    ns = page_namespace("hoggenheimer")
    deals = [10 * g for g in range(4, 11)]       # 10 deals a group, 4 to 10 groups
    # Bets on m = 1, 2, 4, 8 cards win with p = 1/(m+1): A 1/2, B 1/3, C 1/5, D 1/9;
    # over N independent deals the fraction has SE sqrt(p(1-p)/N).
    expected = {letter: [fraction_band(Fraction(1, m + 1), float(Fraction(1, m + 1) * Fraction(m, m + 1)) / n)
                         for n in deals]
                for letter, m in (("A", 1), ("B", 2), ("C", 4), ("D", 8))}
    # Mean net per unit over the 4 stakes of a deal: mean 0, Var(total) = 15 + 2 * (sum of the
    # pair covariances 1/2, 2/3, 4/5, 8/7, 16/11, 34/11; derived in test_teaching.py), so
    # SE = sqrt(Var / (16 N)).
    var = 15 + 2 * sum([Fraction(1, 2), Fraction(2, 3), Fraction(4, 5), Fraction(8, 7), Fraction(16, 11),
                        Fraction(34, 11)])
    expected["net"] = [fraction_band(Fraction(0), float(var) / (16 * n)) for n in deals]
    check_band_table(ns, expected)
    # what the reader sees is these numbers, rounded
    shown = ns["bands_shown"]
    assert list(shown["bet A (p = 1/2)"]) == [f"{lo:.3f} to {hi:.3f}" for lo, hi in expected["A"]]
    assert list(shown["mean net per unit stake"]) == [f"{lo:+.3f} to {hi:+.3f}" for lo, hi in expected["net"]]


def test_banker_and_broker_band_table():
    ns = page_namespace("banker-and-broker")
    deals = [10 * g for g in range(4, 11)]
    k = 3   # the live table's four players: a banker and 3 punters' sections per deal
    # Ties per deal: the 3 punters' bottom cards are 3 of the 51 cards other than the banker's,
    # 3 of which share its rank: hypergeometric, Var = 3 (3/51)(48/51)(48/50).
    var_t = 3 * Fraction(3, 51) * Fraction(48, 51) * Fraction(48, 50)
    # Wins per deal: given j ranks above the banker's (j = 0..12, chance 1/13), hypergeometric with
    # K = 4j of 51: E = 3K/51, Var = 3 (K/51)(1-K/51)(48/50); total variance over j.
    e = [Fraction(12 * j, 51) for j in range(13)]
    v = [3 * Fraction(4 * j, 51) * (1 - Fraction(4 * j, 51)) * Fraction(48, 50) for j in range(13)]
    var_w = sum(v) / 13 + sum((x - sum(e) / 13) ** 2 for x in e) / 13
    expected = {
        "tie": [fraction_band(Fraction(1, 17), float(var_t) / (k * k * d)) for d in deals],
        "win": [fraction_band(Fraction(8, 17), float(var_w) / (k * k * d)) for d in deals],
        # net per section 2W - 1 (bank wins ties): mean 2 * 8/17 - 1 = -1/17, SE twice the win SE
        "net": [fraction_band(Fraction(-1, 17), 4 * float(var_w) / (k * k * d)) for d in deals],
    }
    check_band_table(ns, expected)
    shown = ns["bands_shown"]
    assert list(shown["T (p = 1/17)"]) == [f"{lo:.3f} to {hi:.3f}" for lo, hi in expected["tie"]]
    assert list(shown["mean net per unit stake"]) == [f"{lo:+.3f} to {hi:+.3f}" for lo, hi in expected["net"]]


def test_landsknecht_band_table():
    ns = page_namespace("landsknecht")
    deals = [10 * g for g in range(4, 11)]
    # F wins with 1/2 once per deal: SE sqrt(1/4 / N) = 1/(2 sqrt N); its net is +1 or -1 with
    # mean 0 and variance 1, so the mean net's SE is 1/sqrt N.
    expected = {"first": [(0.5 - 1 / math.sqrt(n), 0.5 + 1 / math.sqrt(n)) for n in deals],
                "net": [(-2 / math.sqrt(n), 2 / math.sqrt(n)) for n in deals]}
    check_band_table(ns, expected)
    shown = ns["bands_shown"]
    assert list(shown["F won (p = 1/2)"]) == [f"{lo:.3f} to {hi:.3f}" for lo, hi in expected["first"]]

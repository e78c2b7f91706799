"""Every comparison or trend the book's prose states is asserted when the page builds.

A sentence such as "a share of the runs ended below zero, about half" or "the
running average stays inside its band" is true only for the numbers the page
computes; a change of engine or seed can make it false. So the wording of such
a claim is kept in the page's code with ``shown.claim(name, text, holds)``
(``banking_games.inline.Shown.claim``), which raises ``FalseClaimError`` and
fails the strict build when ``holds`` is false, and the prose shows the
wording with ``{eval}`shown.<name>```.

This test reads each page's prose (code cells, displayed maths and inline
``{eval}`` values left out) and finds the paragraphs with comparative or trend
wording (``CLAIM_WORDING``). Each must show at least one claim set on the same
page, or say why it states no claim about the page's numbers with a MyST
comment line ``% not a claim: <why>`` in the paragraph (a rule of the game, a
definition, a question to the reader), which neither renderer shows.

Words that follow from a computed value ("fair", "equal", "always", "never",
"every bet", "no edge") are claims too: when a rule changes in an engine, a
page that still states the old fact must fail. A paragraph whose wording is
fixed (a heading such as "## Every bet is fair", a title) names the claim
that asserts it with a MyST comment line ``% claim: <name>`` in the same
block; ``<name>`` must be set with ``shown.claim`` on the same page.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from banking_games import registry
from banking_games.inline import FalseClaimError, InlineValueError, Shown
from conftest import BOOK, toc_pages

# Words that compare numbers or state a trend or a frequency. Deliberately
# broad: a paragraph that uses them for something other than the page's
# numbers says so with "% not a claim: <why>".
CLAIM_WORDING = re.compile(   # not inside a hyphenated label such as "bb-ex-fair"
    r"(?<![\w-])(?:usually|almost always|almost never|about half|roughly half|nearly half|"
    r"more than half|less than half|stays? (?:inside|within|outside)|leaves? (?:its|the) band|"
    r"more often|less often|most often|as often as|rarely|seldom|typically|often|"
    r"bears? (?:this|it) out|nearly all|nearly every|most of the|the majority|"
    r"about \d+ (?:times|runs|deals|in)|\d+ (?:times|runs|deals) (?:out of|in) \d+|"
    r"more than|less than|fewer than|larger than|smaller than|greater than|"
    r"higher than|lower than|wider than|narrower than|longer than|shorter than|"
    r"twice as|half as|likely to|unlikely|more likely|less likely|"
    r"grows?|shrinks?|falls? (?:like|as|below)|rises? (?:like|as|above)|"
    # Words that follow from a computed value (issue 33): a bet is fair, two
    # chances are equal, a net is always +1 or -1. "equal" followed by ranks
    # or cards is the name of a tie in Banker and Broker (a rule), and "each
    # bet" is a claim only when the words after it say something about the bet
    # ("each bet's expected gain", "each bet is fair"); "each bet's number",
    # "one unit on each bet" describe a table, which would drown the rest.
    r"fair|unfair|equals?(?! ranks?\b| cards?\b)|equal to|the same (?:chance|odds|value|edge)s?|"
    r"always|never|every (?:bet|payout|kind)s?|"
    r"each (?:bet|payout)(?: (?:is|has|pays|wins)|'s (?:expected|value|edge|chance))|"
    r"no (?:edge|advantage)|zero edge|breaks? even)(?![\w-])",
    re.I)
NOT_A_CLAIM = re.compile(r"^\s*%\s*not a claim:\s*\S", re.M)
NAMED_CLAIM = re.compile(r"^\s*%\s*claim:\s*(\S+)\s*$", re.M)
# A link's text names a page (its title, "the value of every bet"); the title
# is checked on its own page, so the wording finder skips the link's text.
LINK_TEXT = re.compile(r"\[[^\]]*\]\([^)]*\)")
# A MyST definition-list entry (a term, then ": its definition"), the glossary's
# form: it defines a word ("fair odds: the payout odds at which ..."), which is
# not a claim about the page's numbers.
DEFINITION = re.compile(r"\A[^\n:%][^\n]*\n: ")
CODE_CELL = re.compile(r"^```\{code-cell\}.*?^```\s*$", re.S | re.M)
DISPLAY_MATH = re.compile(r"\$\$.*?\$\$", re.S)
EVAL = re.compile(r"\{eval\}`([^`]*)`")
CLAIM_CALL = re.compile(r"""\.claim\(\s*["'](\w+)["']""")
FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)


def _paragraphs(source: str) -> list[str]:
    """The page's Markdown blocks (separated by blank lines), without code
    cells and front matter."""
    text = FRONT_MATTER.sub("", source)
    text = CODE_CELL.sub("\n\n", text)
    return [p for p in re.split(r"\n[ \t]*\n", text) if p.strip()]


def page_claims(source: str) -> set[str]:
    """Names the page's code passes to ``shown.claim``."""
    return set(CLAIM_CALL.findall(source))


def named_claims(source: str) -> set[str]:
    """Names the page's prose gives with a ``% claim: <name>`` line."""
    return set(NAMED_CLAIM.findall(CODE_CELL.sub("", source)))


def unasserted_paragraphs(source: str) -> list[tuple[str, list[str]]]:
    """``(paragraph, comparative words)`` for each paragraph that compares or
    states a trend but shows none of the page's claims, names none with a
    ``% claim: <name>`` line and has no ``% not a claim:`` line; and for each
    paragraph with a ``% claim: <name>`` line whose name the page never sets
    with ``shown.claim`` (the words are then ``["unknown claim '<name>'"]``)."""
    claims = page_claims(source)
    found = []
    for para in _paragraphs(source):
        named = set(NAMED_CLAIM.findall(para))
        if named - claims:
            found.append((" ".join(para.split()),
                          [f"unknown claim {n!r}" for n in sorted(named - claims)]))
            continue
        if NOT_A_CLAIM.search(para) or DEFINITION.match(para.strip("\n")):
            continue
        prose = DISPLAY_MATH.sub(" ", para)
        shown_claims = {m.group(1).strip().removeprefix("shown.").split(".")[0]
                        for m in EVAL.finditer(prose)} & claims
        prose = LINK_TEXT.sub(" ", EVAL.sub(" ", prose))
        words = CLAIM_WORDING.findall(" ".join(prose.split()))   # a phrase may span lines
        if words and not (shown_claims or named):
            found.append((" ".join(para.split()), words))
    return found


PAGES = [p for p in toc_pages()]


def test_the_wording_finder_finds_what_it_should():
    # A paragraph of each kind, judged by hand.
    page = (
        "```{code-cell} ipython3\nshown.claim('half', 'about half', abs(x - 0.5) < 0.1)\n```\n\n"
        "Of the runs, {eval}`shown.share` ended below zero, {eval}`shown.half` of them.\n\n"
        "The average stays inside its band.\n\n"
        "% not a claim: a rule of the game\nIf more than one punter has an ace, they cut.\n\n"
        "The bet pays 2 to 1.\n\n"
        "A class is more likely\nto see it.\n\n"
        "## Every bet is fair\n% claim: half\n\n"
        "## Each bet is fair\n% claim: fair_bets\n\n"
        "The pair is fair at 2 to 1.\n\n"
        "See [the value of every bet](values.md); one unit on each bet.\n\n"
        "When the ranks are equal, the bank takes the stake; equal cards tie.\n\n"
        "The net is always +1 or -1, and each bet's expected gain is zero.\n\n"
        "fair bet\n: A bet paid at its fair odds.\n\n"
        "````{solution} bb-ex-fair\n:class: dropdown\n")
    bad = unasserted_paragraphs(page)
    assert [p for p, _ in bad] == [
        "The average stays inside its band.", "A class is more likely to see it.",
        "## Each bet is fair % claim: fair_bets", "The pair is fair at 2 to 1.",
        "When the ranks are equal, the bank takes the stake; equal cards tie.",
        "The net is always +1 or -1, and each bet's expected gain is zero."]
    assert bad[2][1] == ["unknown claim 'fair_bets'"]   # a name the page never sets fails
    assert bad[4][1] == ["equal"]   # "equal cards" is the rule's name for a tie; "are equal" is a claim
    assert [w.lower() for w in bad[5][1]] == ["always", "each bet's expected"]
    assert page_claims(page) == {"half"} and named_claims(page) == {"half", "fair_bets"}


@pytest.mark.parametrize("page", PAGES)
def test_every_comparison_on_the_page_is_asserted(page):
    source = (BOOK / f"{page}.md").read_text(encoding="utf-8")
    bad = unasserted_paragraphs(source)
    assert not bad, (
        f"{page}.md: {len(bad)} paragraph(s) compare or state a trend without a claim the "
        "build asserts; keep the wording in shown.claim(name, text, holds) and show it with "
        "{eval}`shown.<name>`, or mark a paragraph that states no claim about the page's "
        "numbers with a line '% not a claim: <why>':\n"
        + "\n".join(f"- {words}: {para[:200]}" for para, words in bad))


@pytest.mark.parametrize("page", PAGES)
def test_every_claim_set_is_shown_in_the_prose(page):
    """A claim the code checks but the prose never shows (nor names with a
    ``% claim:`` line) checks nothing the reader reads."""
    source = (BOOK / f"{page}.md").read_text(encoding="utf-8")
    shown = {m.group(1).strip().removeprefix("shown.").split(".")[0]
             for m in EVAL.finditer(CODE_CELL.sub("", source))} | named_claims(source)
    unused = page_claims(source) - shown
    assert not unused, f"{page}.md sets claims its prose never shows: {sorted(unused)}"


def test_claims_per_page_are_listed(capsys):
    """The list of asserted claims, page by page (printed with ``-s``)."""
    total = 0
    with capsys.disabled():
        for page in PAGES:
            claims = sorted(page_claims((BOOK / f"{page}.md").read_text(encoding="utf-8")))
            total += len(claims)
            print(f"\n[claims] {page}: {len(claims)} {', '.join(claims)}")
    # The simulation pages state how averages behave; each must assert it.
    for page in (f"{slug}-simulation" for slug in registry.SLUGS):
        assert page_claims((BOOK / f"{page}.md").read_text(encoding="utf-8")), page


def test_a_false_claim_raises_and_a_true_one_shows_its_words():
    shown = Shown()
    shown.claim("inside", "stays inside its band", 0.2 < 0.5)
    assert str(shown.inside) == "stays inside its band" and repr(shown.inside) == "stays inside its band"
    assert shown.claims == {"inside": "stays inside its band"}
    with pytest.raises(FalseClaimError, match=r"'about half'.*half_below.*share 0\.8"):
        shown.claim("half_below", "about half", abs(0.8 - 0.5) < 0.1, because="share 0.8")
    assert "half_below" not in shown.claims
    with pytest.raises(InlineValueError, match="True or False"):
        shown.claim("vacuous", "about half", 0.5)   # a number is not a checked comparison
    shown.claim("np_bool", "below zero", np.float64(-1.0) < 0)   # numpy's bool is a comparison
    assert shown.np_bool == "below zero"


MAX_PARAGRAPH_WORDS = 150
FENCE_OR_OPTION = re.compile(r"^\s*(?:`{3,}|:{3,}|:[\w-]+:|%|\|)")


def paragraph_words(para: str) -> int:
    """Words of a prose paragraph as a reader meets them: a formula or an
    {eval} value counts as one word; directive fences, their options, MyST
    comments and table rows are not prose."""
    lines = [ln for ln in para.splitlines() if not FENCE_OR_OPTION.match(ln)]
    prose = DISPLAY_MATH.sub(" F ", "\n".join(lines))
    prose = EVAL.sub("V", prose)
    prose = re.sub(r"\$[^$\n]+\$", "F", prose)
    return len(prose.split())


def test_paragraph_words_counts_a_formula_and_a_value_as_one_word():
    # counted by hand: "A" "bet" "on" F "cards" "wins" "with" "probability" V "." is 9 words
    assert paragraph_words(":::{note}\n:class: tip\nA bet on $c$ cards wins with probability {eval}`shown.p`.\n:::") == 9


@pytest.mark.parametrize("page", PAGES)
def test_no_paragraph_is_over_150_words(page):
    source = (BOOK / f"{page}.md").read_text(encoding="utf-8")
    long = [(paragraph_words(p), " ".join(p.split())[:80]) for p in _paragraphs(source)
            if paragraph_words(p) > MAX_PARAGRAPH_WORDS]
    assert not long, f"{page}.md has paragraphs over {MAX_PARAGRAPH_WORDS} words: {long}"

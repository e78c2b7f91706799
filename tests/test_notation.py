"""One symbol per quantity (issue 18): the notation page lists every symbol the
book's displayed maths uses, with the values pages' symbols: n for the cards
of the pack (the Joker included in Hoggenheimer, 33 cards) and c for the
cards a bet covers, m only for payout odds.

The expected symbols of each page were read off the pages by hand (the
display blocks ``$$ ... $$`` and ``{math}`` directives), and are written
below; the test checks that the extractor finds exactly these, so that it
cannot miss a symbol silently, and that the notation table lists them all.
A page that adds a displayed formula with a new symbol fails here until the
notation table explains the symbol and EXPECTED lists it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
PAGES = sorted(p.name for p in BOOK.glob("*.md"))

# Read by hand from each page's displayed maths (page: symbols). A symbol is a
# Latin letter in math italic (subscripts too: S_k gives S and k), a Greek
# letter, an operator name (Var, Cov, SE) or E for the expectation.
EXPECTED = {
    # h >= 2 sigma / sqrt N;  N >= (2 sigma / h)^2 = 4(1 - h^2)/h^2;  N >= ... = 4 sigma^2/h^2
    "banker-and-broker-simulation.md": {"h", "σ", "N"},
    # P(tie) = (s-1)/(rs-1), P(win) = P(lose); m = 1 + t P(tie)/P(win) = ...;
    # E[X_1 X_2 | g] = sum_{i != j} x_i x_j / ((n-1)(n-2)) = (S_g^2 - Q)/((n-1)(n-2)); Cov(X_1, X_2), Var(X_1)
    "banker-and-broker-values.md": {"P", "s", "r", "m", "t", "E", "X", "g", "i", "j", "x", "n", "S", "Q",
                                    "Cov", "Var"},
    # P(|X̄_N - mu| > epsilon) -> 0 as N -> oo; SE(X̄_N) = sqrt(Var(X̄_N)) = sqrt(N sigma^2/N^2) = sigma/sqrt N;
    # E[X] = m p - (1 - p), sigma^2 = m^2 p + (1 - p) - E[X]^2
    "hoggenheimer-simulation.md": {"P", "X", "N", "μ", "ε", "SE", "Var", "σ", "E", "m", "p"},
    # P(x_1, ..., x_k, Joker) = (n-1-k)!/n!; P(win) = c!/(c+1)! = 1/(c+1); P(K = k) = 1/n, k = 0..n-1;
    # P(K >= (n-1)/2) = ..., E[K] = sum k/n
    "hoggenheimer-values.md": {"P", "x", "c", "K", "k", "n", "E"},
    # E[J] = sum_{i=1}^{u} E[I_i] = u/(v+1); P(void) = (s-1)/((r-2)s-1); P(win) = (s-1)/((s-1)+(s-1));
    # E[players' cards] = 1 + sum_{j=1}^{r-4} E[I_j] = 1 + (r-4)s/(2s-1)
    "landsknecht-values.md": {"E", "J", "j", "i", "u", "I", "v", "P", "s", "r"},
    # E[gain] = p m - (1 - p)
    "intro.md": {"E", "p", "m"},
}

# LaTeX commands that are layout or operators, not symbols of a quantity.
NOT_SYMBOLS = {"frac", "tfrac", "dfrac", "left", "right", "sum", "le", "ge", "ne", "cup", "dots", "ldots",
               "cdots", "qquad", "quad", "to", "infty", "sqrt", "begin", "end", "aligned", "bar", "mid", "in",
               "cdot", "times", "pm", "lvert", "rvert", "approx", "equiv", "binom", "big", "Big", "bigl",
               "bigr", "hat", "overline", "text", "mathrm", "operatorname", "mathbb", "displaystyle"}
GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "varepsilon": "ε", "epsilon": "ε",
         "lambda": "λ", "mu": "μ", "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "theta": "θ", "Phi": "Φ"}


def symbols_in(tex: str) -> set[str]:
    """The symbols of a piece of LaTeX (see EXPECTED)."""
    found = set()
    tex = re.sub(r"\\text\{[^{}]*\}", " ", tex)
    tex = re.sub(r"\\(?:begin|end)\{[a-z*]+\}", " ", tex)
    for m in re.finditer(r"\\(?:operatorname|mathrm)\{([A-Za-z]+)\}", tex):
        found.add(m.group(1))
    tex = re.sub(r"\\(?:operatorname|mathrm)\{[A-Za-z]+\}", " ", tex)
    for m in re.finditer(r"\\mathbb\{([A-Za-z])\}", tex):
        found.add(m.group(1))
    tex = re.sub(r"\\mathbb\{[A-Za-z]\}", " ", tex)
    for m in re.finditer(r"\\([A-Za-z]+)", tex):
        name = m.group(1)
        if name in GREEK:
            found.add(GREEK[name])
        elif name not in NOT_SYMBOLS:
            raise AssertionError(f"unknown LaTeX command \\{name}: add it to GREEK or NOT_SYMBOLS")
    tex = re.sub(r"\\[A-Za-z]+", " ", tex)
    found.update(re.findall(r"[A-Za-z]", tex))
    return found


def displayed_maths(text: str) -> list[str]:
    """The display blocks of a MyST page: ``$$ ... $$`` and ``{math}`` directives."""
    blocks = re.findall(r"\$\$(.*?)\$\$", text, re.S)
    blocks += re.findall(r"^\s*(`{3,}|:{3,})\{math\}[^\n]*\n(.*?)^\s*\1", text, re.S | re.M)
    return [b if isinstance(b, str) else b[1] for b in blocks]


def page_symbols(name: str) -> set[str]:
    return set().union(*[symbols_in(b) for b in displayed_maths((BOOK / name).read_text(encoding="utf-8"))])


def notation_table() -> dict[str, str]:
    """Symbol -> the row's meaning, from the first column of notation.md's table."""
    rows = {}
    for line in (BOOK / "notation.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if len(cells) >= 2 and "$" in cells[0]:
            for tex in re.findall(r"\$([^$]+)\$", cells[0]):
                for sym in symbols_in(tex):
                    rows.setdefault(sym, cells[1])
    return rows


def test_extractor_reads_the_displays_as_read_by_hand():
    found = {name: page_symbols(name) for name in PAGES}
    assert {k: v for k, v in found.items() if v} == EXPECTED


def test_the_notation_table_lists_every_symbol_of_the_displayed_maths():
    table = notation_table()
    used = set().union(*EXPECTED.values())
    missing = sorted(used - set(table))
    assert not missing, f"notation.md does not list {missing}"


def test_the_notation_table_gives_the_values_pages_meanings():
    table = notation_table()
    assert "cards a bet covers" in table["c"]
    assert "payout odds" in table["m"] and "cards a bet covers" not in table["m"]
    assert "Joker included" in table["n"]


# m written for the cards a bet covers ("a bet on $m$ cards", "m covered cards"), and the pack
# given as n = 32 (the values pages count the Joker: n = 33).
M_FOR_CARDS = re.compile(r"(?<![\w\\{])\$?m\$?[ \t]+(?:covered[ \t]+|ranked[ \t]+)?cards?\b|\bcovers?[ \t]+\$?m\b")
N_32 = re.compile(r"\bn\s*=\s*32\b")
CHECKED = [*(f"book/{p}" for p in PAGES), *(f"book/_lite/{p.name}" for p in sorted((BOOK / "_lite").glob("*.py"))),
           "scripts/make_handouts.py", "scripts/exercise_sheets.py"]


@pytest.mark.parametrize("name", CHECKED)
def test_no_m_for_covered_cards_and_no_pack_of_32(name):
    text = (ROOT / name).read_text(encoding="utf-8")
    assert not M_FOR_CARDS.findall(text), f"{name} uses m for the cards a bet covers (c on the values pages)"
    assert not N_32.findall(text), f"{name} gives the pack as n = 32 (n counts the Joker: 33)"


def test_the_patterns_find_what_they_are_for():
    # the two old wordings, from notation.md before issue 18
    assert M_FOR_CARDS.search("a bet on $m$ cards pays $m$ to 1")
    assert M_FOR_CARDS.search("the m covered cards and the Joker")
    assert N_32.search("the $n = 32$ ranked cards")
    assert not M_FOR_CARDS.search("a bet on $c$ cards pays $m$ to 1") and not N_32.search("$n = 33$")

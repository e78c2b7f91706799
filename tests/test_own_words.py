"""Our own words: no file of the project repeats six or more words in a row
of the sources (issue 11, "Rules as the sources say": paraphrase them and
cite the source by its bibliography key; keep only short quotations of the
sources' slips; issue 18: the German and Russian sources too, as far as a
check can go: exact runs of their own words, not translations of them).

The source texts are not in this repository (copyrighted: facts only, in our
own words), so neither is their wording: each run of six words of the four
entries (diagram1979: Hoggenheimer, Banker and Broker; dewiki-hoggenheimer;
diagram-ru: Landsknecht) is stored only as the first 12 hex digits of its
SHA-256 in ``tests/golden/source_runs.txt``. Words are normalised the same
way for every language and for the project's files: Unicode NFKC, case
folded (so German "ß" is "ss"), Russian "ё" read as "е", and a word is a run
of letters or digits in any script (punctuation and spaces between words do
not count). The German article is wiki source, so its runs are taken twice:
from the raw text and from the text as a reader sees it (a link
``[[target|label]]`` read as its label, templates and markup dropped,
``&nbsp;`` a space).
A file's six-word runs are hashed the same way and looked up: a match is six
words in a row taken from a source (a false match of two 48-bit hashes is
about one in 10^14 per run). Regenerate the list, if a source copy
changes, with ``python tests/test_own_words.py --write <folder of the source
copies>``.

Allowed: the sources' bibliographic titles and imprints ("The Official World
Encyclopedia of Sports and Games", "Diagram Visual Information Ltd"; the
German article's literature entry, "The Complete Book of Card Games",
Chancellor Press, London), which name a book rather than quote it; and
the ranks of the piquet pack in order, "A K Q J 10 9 8 7", a list of card
names that the German article writes out and the book's layout uses.

Checked: every text file of src/, tests/, scripts/, benchmarks/, book/ (the
pages, the extensions, the bibliography), docs/, README.md, CONTRIBUTING.md,
CITATION.cff and LICENSE; none may point at a
path outside the repository either (``test_no_path_outside_the_repository``). Files that still
quote are listed in ``STILL_QUOTING`` as strict expected failures, so that
each one, once paraphrased, must come off the list; ``pytest --runxfail
tests/test_own_words.py`` prints the runs still to rewrite.
"""

from __future__ import annotations

import hashlib
import html
import re
import sys
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUNS = Path(__file__).resolve().parent / "golden" / "source_runs.txt"
N = 6
SOURCES = ("hoggenheimer.en.txt", "banker-and-broker.en.txt", "hoggenheimer.de.wiki.txt", "landsknecht.ru.txt")
ALLOWED = ["the official world encyclopedia of sports and games diagram visual information ltd 1979",
           "peter arnold hrsg the complete book of card games chancellor press london 2002",
           "a k q j 10 9 8 7"]
SUFFIXES = {".py", ".md", ".txt", ".bib", ".yml", ".yaml", ".toml", ".js", ".css", ".html", ".cfg", ".sh"}
SKIP_PARTS = {"_build", "_vendor", "node_modules", "__pycache__", ".ipynb_checkpoints", "golden", "_lite_build"}

# Files that still repeat a source's wording, each with its number of runs when
# this test was written (strict xfail: a file paraphrased must come off the list).
# Empty now: quotations of a source's slips are kept under six words.
STILL_QUOTING: dict[str, int] = {}


def words(text: str) -> list[str]:
    """The words of ``text``, normalised (see the module docstring)."""
    text = unicodedata.normalize("NFKC", text).casefold().replace("ё", "е")
    return re.findall(r"[^\W_]+", text)


def as_read(wiki: str) -> str:
    """Wiki source as a reader sees it: links by their label, no templates or markup."""
    text = re.sub(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]", r"\1", wiki)
    text = re.sub(r"\{\{[^}]*\}\}", " ", text)
    text = re.sub(r"<[^>]+>", " ", text)
    return html.unescape(text).replace("\xa0", " ")


def run_hash(run) -> str:
    return hashlib.sha256(" ".join(run).encode()).hexdigest()[:12]


def hashes(text: str) -> list[str]:
    w = words(text)
    return [run_hash(w[i:i + N]) for i in range(len(w) - N + 1)]


def copied_runs(text: str, source: set[str]) -> list[str]:
    """The longest runs of ``text`` (as lower-case words) whose every six-word
    window is a source's; each at least six words."""
    w = words(text)
    hit = [run_hash(w[i:i + N]) in source for i in range(len(w) - N + 1)]
    runs, i = [], 0
    while i < len(hit):
        if hit[i]:
            j = i
            while j + 1 < len(hit) and hit[j + 1]:
                j += 1
            runs.append(" ".join(w[i:j + N]))
            i = j + 1
        else:
            i += 1
    return runs


def project_files() -> list[str]:
    out = [ROOT / name for name in ("README.md", "CONTRIBUTING.md", "CITATION.cff", "LICENSE")]
    for top in ("src", "tests", "scripts", "benchmarks", "book", "docs"):
        for p in (ROOT / top).rglob("*"):
            rel = p.relative_to(ROOT)
            if p.is_file() and p.suffix in SUFFIXES and not SKIP_PARTS & set(rel.parts) \
                    and not any(part.endswith(".egg-info") or part.startswith(".") for part in rel.parts):
                out.append(p)
    return sorted(str(p.relative_to(ROOT)) for p in out)


def source_hashes() -> set[str]:
    stored = set(RUNS.read_text().split())
    allowed = {h for phrase in ALLOWED for h in hashes(phrase)}
    return stored - allowed


FILES = project_files()


def test_the_stored_runs_are_there():
    stored = RUNS.read_text().split()
    # about one run per source word: the English entries have about 900 words, the German and
    # Russian ones about 500 and 580 (the German counted twice, raw and as read), so well over
    # 1,500 distinct runs when all four are in
    assert len(stored) > 1500 and all(re.fullmatch(r"[0-9a-f]{12}", h) for h in stored)
    # our own wording of a rule is not flagged (that the check finds real runs is
    # shown by STILL_QUOTING: a strict xfail fails as soon as a listed file passes)
    assert not copied_runs("the first banker is whoever cuts the highest card", source_hashes())


@pytest.mark.parametrize("name", [
    pytest.param(f, marks=pytest.mark.xfail(reason="still repeats a source's wording", strict=True))
    if f in STILL_QUOTING else f for f in FILES])
def test_no_six_words_in_a_row_from_a_source(name):
    runs = copied_runs((ROOT / name).read_text(errors="replace"), source_hashes())
    assert not runs, f"{name}: {len(runs)} runs of the source's words: " + " | ".join(runs)


# A pointer outside the repository: the source copies' own file names or their
# folder (cite a source by its key in book/references.bib instead), or an
# absolute path into the machine this was written on. This file is the one
# exception: its --write tool names the four copies it hashes.
OUTSIDE = re.compile(r"\b(?:hoggenheimer\.en|hoggenheimer\.de\.wiki|banker-and-broker\.en|landsknecht\.ru)\.txt\b"
                     r"|\bsources/README\b|/work/")


@pytest.mark.parametrize("name", [f for f in FILES if f != "tests/test_own_words.py"])
def test_no_path_outside_the_repository(name):
    found = sorted({m.group(0) for m in OUTSIDE.finditer((ROOT / name).read_text(errors="replace"))})
    assert not found, f"{name} points outside the repository: {found}"


def test_the_expected_failures_name_existing_files():
    assert set(STILL_QUOTING) <= set(FILES)


def _write(folder: Path) -> None:
    found = set()
    for name in SOURCES:
        text = (folder / name).read_text(encoding="utf-8")
        found.update(hashes(text))
        if name.endswith(".wiki.txt"):
            found.update(hashes(as_read(text)))
    RUNS.write_text("\n".join(sorted(found)) + "\n")
    print(f"{len(found)} run hashes written to {RUNS}")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "--write":
        sys.exit("usage: python tests/test_own_words.py --write <folder of the source copies>")
    _write(Path(sys.argv[2]))

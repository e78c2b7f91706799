"""banking_games.inline (the values the pages' prose shows with {eval}) and
the pages' markup that both renderers must read: the website (myst-nb,
inline execution) and JupyterLab (jupyterlab-myst).

Expected texts are written out by hand: what a reader must see for each value.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from banking_games.errors import GameError
from banking_games.inline import InlineValueError, Shown, ShownText, plain_text

BOOK = Path(__file__).resolve().parent.parent / "book"
PAGES = sorted(BOOK.glob("*.md"))


def test_text_shows_without_quotes():
    # a renderer shows repr(value) (text/plain); for a str that would be 'same', with quotes
    shown = Shown()
    shown.set("word", "the same")
    assert repr(shown.word) == "the same"
    assert str(shown.word) == "the same"


def test_numbers_show_as_python_prints_them():
    shown = Shown()
    shown.set("count", 12000)
    shown.set("share", 0.25)
    assert repr(shown.count) == "12000" and repr(shown.share) == "0.25"
    assert repr(shown.count.f(",d")) == "12,000"       # thousands separator, as 12,000
    assert plain_text(3) == "3" and plain_text("x") == "x"


def test_format_of_a_wrapper_uses_the_literal_it_spells():
    class Wrapper:               # like the pages' _Plain: repr is the bare number
        def __repr__(self):
            return "400000"
    shown = Shown()
    shown.set("deals", Wrapper())
    assert repr(shown.deals.f(",d")) == "400,000"


def test_set_returns_nothing():
    # a cell ending in shown.set(...) must show no output in JupyterLab
    assert Shown().set("n", 1) is None


@pytest.mark.parametrize("name", ["2x", "a-b", "_hidden", "set", "raw", ""])
def test_bad_name_is_refused_and_nothing_kept(name):
    shown = Shown()
    shown.set("kept", 1)
    with pytest.raises(InlineValueError, match="not allowed") as err:
        shown.set(name, 5)
    assert isinstance(err.value, GameError)
    assert shown._raw == {"kept": 1}


def test_unknown_name_and_bad_spec():
    shown = Shown()
    with pytest.raises(InlineValueError, match="no value named 'x'"):
        shown.raw("x")
    with pytest.raises(AttributeError):
        shown.x  # noqa: B018
    shown.set("w", "word")
    with pytest.raises(InlineValueError, match="does not fit"):
        shown.w.f(",d")
    assert isinstance(ShownText("a"), str)


# ------------------------------------------------------------------ page markup

@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_pages_use_markup_both_renderers_read(page):
    """No myst-nb glue (jupyterlab-myst does not render it); every {eval} reads shown.<name>,
    or is a citation cite("key") (banking_games.citations, checked in tests/test_citations.py)."""
    text = page.read_text(encoding="utf-8")
    assert "{glue" not in text and "from myst_nb import glue" not in text, page.name
    # remove-cell cells are skipped by inline execution: their values would be missing
    assert "remove-cell" not in text, page.name
    evals = re.findall(r"\{eval\}`([^`]*)`", text)
    bad = [e for e in evals if not re.fullmatch(r'shown\.[A-Za-z_]\w*(\.f\("[^"]*"\))?', e)
           and not re.fullmatch(r'cite\("[\w:.,-]+"\)', e)]
    assert not bad, f"{page.name}: {{eval}} roles not of the form shown.name or cite(\"key\"): {bad[:5]}"
    evals = [e for e in evals if not e.startswith("cite(")]
    if evals:
        assert "shown = Shown()" in text, f"{page.name} shows values but never makes `shown`"


def test_shown_numbers_follow_the_language():
    # German writes a decimal comma and a point between thousands, Russian a comma and a
    # no-break space (docs/i18n); a fraction, a version number in a text and English stay
    from banking_games import i18n
    from banking_games.inline import Shown
    for lang, expected in (("en", ["0.250", "0.5", "1,234", "+0.123", "8/17", "Python 3.11"]),
                           ("de", ["0,250", "0,5", "1.234", "+0,123", "8/17", "Python 3.11"]),
                           ("ru", ["0,250", "0,5", "1\u00a0234", "+0,123", "8/17", "Python 3.11"])):
        i18n.set_language(lang)
        try:
            s = Shown()
            for name, value in zip("abcdef", ("0.250", 0.5, "1,234", "+0.123", "8/17", "Python 3.11")):
                s.set(name, value)
            assert [str(getattr(s, n)) for n in "abcdef"] == expected, lang
        finally:
            i18n.set_language(None)

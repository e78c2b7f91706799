"""banking_book: the website's own words in the edition's language.

Part of the book's Sphinx extension ``banking_book`` (book/_ext/banking_book/,
loaded from book/_config.yml). The pages' prose has its catalogues
(book/locales/), the package's words theirs (``banking_games.i18n``); the
words that the extension itself and the site's scripts show a reader (the
*Deal live* box, its loading, progress and error texts, the "Try it in
JupyterLite" sentence and tooltip, the class board's scanner and class-session
texts, accessible names, the solution titles of sphinx-exercise) live in one
gettext catalogue per language:

* ``locales/banking_book.pot``: the template, every message in English;
* ``locales/<lang>/LC_MESSAGES/banking_book.po``: its translation.

``scripts/site_texts.py`` extracts the template (Babel's Python and JavaScript
extractors) and merges it into each ``.po`` (a changed English message
becomes fuzzy); the ``.po`` files are read here with Babel at build time (no
``.mo`` is compiled, none is needed at run time). A fuzzy or empty
translation counts as missing: the English is shown and the build warns (an
error under ``-W``), and ``tests/test_site_texts.py`` names it.

Marking a message:

* Python: ``text(app, "English {field} words", field=value)`` where it is
  shown; ``N_("English")`` around a constant that is translated later with
  ``text(app, CONSTANT)``. Every value goes in as a named ``{field}``
  (``str.format``), never by concatenation, so that a translation can move it.
* JavaScript (``static/bg-site.js``, ``live_static/live-tables.js``):
  ``T("English {n} words", {n: num(3)})`` with the same fields. The
  extension writes, into each page of an edition, the translations of the
  messages of the scripts that page loads, as
  ``<script type="application/json" id="bg-texts">``; ``T`` looks each text
  up there and falls back to the English. The English site gets no such
  script, and every ``text`` and ``T`` returns the English unchanged.

The language is the build's ``bg_edition`` (see editions.py), else its
``language``, else English.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

logger = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
LOCALES = HERE / "locales"
DOMAIN = "banking_book"
POT = LOCALES / f"{DOMAIN}.pot"
SCRIPTS = {"bg-site.js": "static/bg-site.js", "live-tables.js": "live_static/live-tables.js"}
"""The site's scripts whose messages are in the catalogue: file name -> path under this folder."""
JSON_ID = "bg-texts"


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark only"
    """Mark ``message`` for the catalogue without translating it (translated where shown)."""
    return message


def language(app_or_lang) -> str:
    """The language code of ``app_or_lang``: a Sphinx application (its config's
    ``bg_edition``, else ``language``, else ``"en"``), a config, or a code itself."""
    if isinstance(app_or_lang, str):
        return app_or_lang or "en"
    config = getattr(app_or_lang, "config", app_or_lang)
    code = getattr(config, "bg_edition", None)
    if not code or code == "en":
        code = getattr(config, "language", None) or "en"
    return code


@functools.lru_cache(maxsize=None)
def catalogue(lang: str) -> dict:
    """The translations of ``lang``: ``{(context, english): (translation, [file, ...])}``,
    read from its ``.po`` with Babel; fuzzy and empty translations are left out.
    English (and a language without a catalogue) gives an empty dict."""
    po = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang == "en" or not po.is_file():
        return {}
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        cat = read_po(f, locale=lang)
    out = {}
    for m in cat:
        if not m.id or m.fuzzy or not m.string:
            continue
        files = sorted({Path(loc[0]).name for loc in m.locations})
        out[(m.context, m.id)] = (m.string, files)
    return out


_warned: set = set()


def text(app_or_lang, english: str, **fields) -> str:
    """``english`` in the language of ``app_or_lang`` (see :func:`language`), its
    ``{fields}`` filled with ``fields`` (``str.format``; without fields the text is
    returned as it is, braces and all).

    English returns ``english`` itself. A message the language's catalogue does not
    translate (missing, empty or fuzzy) is shown in English and logged as a warning
    once (the strict build fails on it). Raises KeyError when the translation or the
    English names a field not given."""
    return ptext(app_or_lang, None, english, **fields)


def ptext(app_or_lang, context: str | None, english: str, **fields) -> str:
    """:func:`text` for the message ``english`` in the ``context`` (its ``msgctxt``:
    the same English with another meaning or another grammar in some language)."""
    lang = language(app_or_lang)
    found = catalogue(lang).get((context, english)) if lang != "en" else None
    if found is None and lang != "en" and (lang, context, english) not in _warned:
        _warned.add((lang, context, english))
        logger.warning("texts: no %s translation of %r in %s (scripts/site_texts.py)",
                       lang, english[:80], f"locales/{lang}/LC_MESSAGES/{DOMAIN}.po")
    message = found[0] if found else english
    return message.format(**fields) if fields else message


def number(app_or_lang, value, digits: int | None = None) -> str:
    """``value`` written as the edition's language writes numbers (Babel's CLDR data:
    German 1.234,5, Russian 1 234,5); ``digits``: fixed decimals. English: ``14``,
    ``1,234.5``."""
    from babel.numbers import format_decimal

    fmt = None if digits is None else "#,##0." + "0" * digits if digits else "#,##0"
    return format_decimal(value, format=fmt, locale=language(app_or_lang).replace("-", "_"))


def script_texts(app_or_lang, scripts) -> dict:
    """``{english: translation}`` of every translated message of the site's ``scripts``
    (file names, keys of :data:`SCRIPTS`) in the language of ``app_or_lang``; empty
    for English."""
    wanted = set(scripts)
    return {english: string for (context, english), (string, files) in
            catalogue(language(app_or_lang)).items() if context is None and wanted & set(files)}


def texts_script(app_or_lang, scripts) -> str:
    """The ``<script type="application/json" id="bg-texts">`` with :func:`script_texts`
    (``""`` when there is nothing to translate, as on the English site)."""
    found = script_texts(app_or_lang, scripts)
    if not found:
        return ""
    body = json.dumps(found, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    body = body.replace("</", "<\\/")   # no "</script>" inside the script
    return f'<script type="application/json" id="{JSON_ID}">{body}</script>\n'


def _page(app, pagename, templatename, context, doctree) -> None:
    if language(app) == "en":
        return
    scripts = ["bg-site.js"]
    if doctree is not None and app.env.metadata.get(pagename, {}).get("bg_live"):
        scripts.append("live-tables.js")
    context["metatags"] = context.get("metatags", "") + texts_script(app, scripts)


# sphinx-exercise's titles, as each language says them
# TRANSLATORS: a solution's title; {exercise} is the link "Exercise {number}" (context "solution title")
SOLUTION_TO = N_("Solution to {exercise}")


def retitle(node: nodes.Element, app_or_lang) -> None:
    """Write the title of the sphinx-exercise solution ``node`` in the grammar of
    ``app_or_lang``'s language (English: left as it is).

    sphinx-exercise writes it as its "Solution to" followed by a link holding the exercise's
    title (" Exercise 3"; Russian "Решение к" + " Упражнение 3", which is not Russian). Here
    it becomes the message ``Solution to {exercise}`` around the link, whose text is the
    message ``Exercise {number}`` in the context ``solution title``, the form the language
    needs there (de "Lösung zu Aufgabe 3", ru "Решение упражнения 3"); the link and what
    follows it in the title (an exercise's own title in brackets) are kept. A title of
    another shape is left as it is."""
    if language(app_or_lang) == "en" or not node.children:
        return
    title = node.children[0]
    refs = [c for c in title.children if isinstance(c, nodes.reference)]
    if not isinstance(title, nodes.title) or len(refs) != 1 or not refs[0].children \
            or not isinstance(refs[0][0], nodes.Text):
        return
    ref = refs[0]
    m = re.fullmatch(r"\s*(.*?)(?:\s+(\d+(?:\.\d+)*))?\s*", ref[0].astext())
    if m.group(2):
        # TRANSLATORS: the exercise named in a solution's title, in the form the language
        # needs after its "Solution to" (Russian: the genitive, "упражнения 3")
        exercise = ptext(app_or_lang, "solution title", "Exercise {number}", number=m.group(2))
    else:
        exercise = ptext(app_or_lang, "solution title", "Exercise")
    before, _, after = text(app_or_lang, SOLUTION_TO).partition("{exercise}")
    ref.replace(ref[0], nodes.Text(exercise))
    rest = title.children[title.index(ref) + 1:]
    title.clear()
    title.extend(([nodes.Text(before)] if before else []) + [ref]
                 + ([nodes.Text(after)] if after else []) + rest)
    node["title"] = before + exercise + after


class SolutionTitles(SphinxPostTransform):
    """Each sphinx-exercise solution's title in the edition's grammar (:func:`retitle`)."""

    default_priority = 22   # after sphinx-exercise's ResolveTitlesInSolutions (21)

    def run(self, **kwargs) -> None:
        if language(self.app) == "en":
            return
        for node in list(self.document.findall(nodes.Element)):
            if type(node).__name__ == "solution_node":
                retitle(node, self.app)


def _numfig(app, config) -> None:
    """The exercises' numbers ("Exercise 3", their {numref}) in the edition's word."""
    if language(app) == "en":
        return
    formats = dict(config.numfig_format or {})
    formats["exercise"] = text(app, "Exercise {number}", number="%s")
    config.numfig_format = formats


def setup(app):
    app.connect("html-page-context", _page)
    app.add_post_transform(SolutionTitles)
    app.connect("config-inited", _numfig, priority=800)   # after sphinx-exercise's init_numfig (500)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


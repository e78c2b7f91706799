"""The built editions (scripts/build_editions.py): the same pages in every language, a
language switcher that leads to the same page, hreflang, shared heavy files (issue 35).

The right values come from the issue's text: every English page exists in each shipped
edition under ``<lang>/`` with the same name; its ``<html lang>`` is the edition's code;
each page names the same page of every shipped edition (``hreflang``) and links to it from
a visible switcher; ``/en/<page>`` leads to the English page; Pyodide, the wheels,
JupyterLite and the vendored scripts exist once (at the root) and every edition page that
uses them points there.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import urljoin

import pytest

from banking_games import registry

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_editions  # noqa: E402
from conftest import expected, new_context, require_chromium, watch  # noqa: E402

pytestmark = pytest.mark.site

EDITIONS = build_editions.shipped()
OTHER = [lang for lang in EDITIONS if lang != "en"]
NAMES = {"en": "English", "de": "Deutsch", "ru": "Русский"}


# pages Sphinx generates (the index, search, sphinx-proof's list): hreflang, no switcher
GENERATED = {"genindex.html", "search.html", "prf-prf.html"}


def english_pages(html: Path) -> list[str]:
    """The English site's pages, without index.html (Jupyter Book's redirect to intro.html)."""
    return sorted(p.name for p in html.glob("*.html") if p.name != "index.html")


def edition_dir(html: Path, lang: str) -> Path:
    return html if lang == "en" else html / lang


def test_the_shipped_editions_are_english_first_and_known():
    # an edition is shipped (listed in bg_editions) only once it is complete: English first,
    # then editions that scripts/editions.py and the site's frame know
    assert EDITIONS[0] == "en" and set(OTHER) <= {"de", "ru"}, EDITIONS


@pytest.mark.parametrize("lang", OTHER)
def test_every_english_page_exists_in_the_edition(built_site, lang):
    pages = english_pages(built_site)
    missing = [p for p in pages if not (built_site / lang / p).is_file()]
    assert len(pages) > 20 and not missing, missing


def test_an_english_only_site_links_no_edition(built_site):
    """While no other edition is shipped, the English pages name none (no dangling link)."""
    if OTHER:
        pytest.skip(f"editions shipped: {OTHER} (the test below checks their links)")
    bad = [name for name in english_pages(built_site)
           if re.search(r'hreflang=|class="bg-editions"', (built_site / name).read_text(encoding="utf-8"))]
    assert not bad, bad


@pytest.mark.parametrize("lang", EDITIONS if OTHER else [])
def test_each_page_has_its_language_hreflang_and_switcher(built_site, lang):
    here = edition_dir(built_site, lang)
    bad = []
    for name in english_pages(built_site):
        text = (here / name).read_text(encoding="utf-8")
        if not re.search(rf'<html lang="{lang}"', text):
            bad.append(f"{lang}/{name}: <html lang> is not {lang!r}")
        for other in EDITIONS:
            m = re.search(rf'<link rel="alternate" hreflang="{other}" href="([^"]+)"', text)
            if not m:
                bad.append(f"{lang}/{name}: no hreflang link to {other}")
                continue
            target = (here / m.group(1)).resolve()
            if target != (edition_dir(built_site, other) / name).resolve() or not target.is_file():
                bad.append(f"{lang}/{name}: hreflang {other} -> {m.group(1)} is not that edition's {name}")
        nav = re.search(r'<nav class="bg-editions" aria-label="([^"]+)">(.*?)</nav>', text, re.S)
        if name in GENERATED:
            continue
        if not nav:
            bad.append(f"{lang}/{name}: no language switcher")
            continue
        links = re.findall(r'<a class="bg-edition[^"]*" href="([^"]+)" lang="(\w+)"[^>]*>([^<]+)</a>',
                           nav.group(2))
        if [(code, label) for _, code, label in links] != [(c, NAMES[c]) for c in EDITIONS]:
            bad.append(f"{lang}/{name}: switcher shows {links}")
        if nav.group(2).count('aria-current="page"') != 1 or f'lang="{lang}" hreflang="{lang}" aria-current' not in nav.group(2):
            bad.append(f"{lang}/{name}: the current edition is not marked aria-current")
    assert not bad, "\n".join(bad[:30])


def test_en_addresses_lead_to_the_english_pages(built_site):
    bad = []
    for name in english_pages(built_site):
        alias = built_site / "en" / name
        if not alias.is_file():
            bad.append(f"en/{name} missing")
            continue
        m = re.search(r'http-equiv="refresh" content="0; url=([^"]+)"', alias.read_text(encoding="utf-8"))
        if not m or (alias.parent / m.group(1)).resolve() != (built_site / name).resolve():
            bad.append(f"en/{name} does not send the reader to ../{name}")
    assert not bad, bad


@pytest.mark.parametrize("lang", OTHER)
def test_heavy_files_are_served_once_for_all_editions(built_site, lang):
    site = built_site / lang
    copies = [d for d in build_editions.SHARED if (site / "_static" / d).exists()]
    assert not copies, f"{lang}/_static holds its own copy of {copies}"
    shared = re.compile(r'["\'(](\.\./)?(_static/(?:live|lite|vendor)/[^"\'?#)]+)')
    bad = []
    for name in english_pages(built_site):
        english = {m[1] for m in shared.findall((built_site / name).read_text(encoding="utf-8"))}
        found = shared.findall((site / name).read_text(encoding="utf-8"))
        here = {m[1] for m in found if m[0]}
        if any(not m[0] for m in found):
            bad.append(f"{lang}/{name}: a reference to its own _static/live, lite or vendor")
        # the one difference: JupyterLite's entry is the edition's own (notebooks-<lang>/, its
        # menus in the edition's language), the same app's page as the English notebooks/
        same = {ref.replace(f"_static/lite/notebooks-{lang}/", "_static/lite/notebooks/") for ref in here}
        if same != english:
            bad.append(f"{lang}/{name}: shared files {sorted(same ^ english)[:4]} differ from the English page's")
        bad += [f"{lang}/{name}: ../{ref} missing" for ref in here if not (built_site / ref).is_file()]
    assert not bad, "\n".join(bad[:20])


@pytest.mark.skipif(not OTHER, reason="no other edition is shipped")
def test_the_switcher_leads_to_the_same_page_in_each_edition(browser, sub_path_url):
    """Served under a sub-path, as a project page is: a reader on the Landsknecht chapter of
    the first other edition switches to each other edition in turn (English among them), then
    back, and stays on Landsknecht, each page in its own language."""
    require_chromium("language switcher")
    start = OTHER[0]
    route = [lang for lang in EDITIONS if lang != start] + [start]
    ctx, problems = new_context(browser)
    try:
        page = ctx.new_page()
        page.goto(f"{sub_path_url}/{start}/landsknecht.html", wait_until="domcontentloaded")
        seen = [(page.url.split("/book/", 1)[1], page.evaluate("document.documentElement.lang"))]
        for target in route:
            switcher = page.locator("nav.bg-editions").first
            assert switcher.is_visible(), f"switcher not visible on {page.url}"
            switcher.get_by_role("link", name=NAMES[target]).click()
            page.wait_for_load_state("domcontentloaded")
            seen.append((page.url.split("/book/", 1)[1], page.evaluate("document.documentElement.lang")))
        expected = [(f"{start}/landsknecht.html", start)] + [
            ("landsknecht.html" if lang == "en" else f"{lang}/landsknecht.html", lang) for lang in route]
        assert seen == expected
        assert not problems.external
    finally:
        ctx.close()


@pytest.fixture(scope="module", params=OTHER)
def edition_loads(request, browser, site_url, built_site):
    """Every page of one other edition loaded once, at 390 px in a phone's context, the load
    serving three checks:

    * in light mode: what is cut off or scrolls with no cue (as tests/test_phone_layout.py
      finds it: longer German words, Russian text), then axe-core in light mode;
    * the reader's system switched to dark mode (as a reader switches it, the page not
      loaded again), then axe-core in dark mode.

    Both record requests to other hosts. A page switched to dark shows the colours of the same
    page loaded dark: tests/test_axe.py checks that on every English page with widgets, and
    audits them loaded dark, at desktop width, with every fold opened; that is the same CSS and
    script in every edition, so it is checked once, in English. Each edition's loads are a
    worker group of their own (tests/conftest.py, ``SPLIT_GROUPS``), beside the English audit
    or the other edition's. No other edition shipped: no parameter, the tests are skipped."""
    from site_audit import AXE, AXE_RUN, PHONE, edition_pages, overflow_problems, wait_ready
    from test_axe import SETTLED_JS, THEME_JS, _report, switch
    from test_phone_layout import SCROLL_CUE_JS
    lang = request.param
    pages = edition_pages(built_site, lang)
    found = {"light": [], "dark": []}
    themes, cut = {}, []
    for name in pages:
        themes[name] = {}
        ctx, problems = new_context(browser, color_scheme="light", service_workers="block", viewport=PHONE,
                                    is_mobile=True, has_touch=True)
        try:
            page = ctx.new_page()
            page.goto(f"{site_url}/{name}", wait_until="load")
            wait_ready(page)
            cut += [f"{name}: {p}" for p in overflow_problems(page)]
            cut += [f"{name}: scrolls with no cue: {p}" for p in page.evaluate(SCROLL_CUE_JS)]
            page.wait_for_function(SETTLED_JS, arg="light", timeout=10_000)
            page.add_script_tag(path=str(AXE))
            seen = 0
            for scheme in ("light", "dark"):
                if scheme == "dark":
                    switch(page, "dark")
                themes[name][scheme] = page.evaluate(THEME_JS)
                where = f"{scheme}, 390 px"
                found[scheme] += [f"{name} [{where}]: " + _report(v) for v in page.evaluate(AXE_RUN)]
                found[scheme] += [f"{name} [{where}]: request to another host: {u}"
                                  for u in problems.external[seen:]]
                seen = len(problems.external)
        finally:
            ctx.close()
    return lang, pages, {"found": found, "themes": themes}, cut


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_edition_page_passes_axe_offline(edition_loads, scheme, built_site):
    from test_axe import theme_not_shown
    lang, pages, audits, _ = edition_loads
    assert len(pages) == len(english_pages(built_site)) and all(p.startswith(f"{lang}/") for p in pages), pages
    assert sorted(audits["themes"]) == sorted(pages), "not every page was audited"
    found = theme_not_shown(audits["themes"], scheme) + audits["found"][scheme]
    assert not found, "\n".join(found)


def test_nothing_cut_off_on_a_phone_in_any_edition(edition_loads, built_site):
    lang, pages, _, cut = edition_loads
    assert not cut, "\n".join(cut[:40])
    assert len(pages) == len(english_pages(built_site)) and all(p.startswith(f"{lang}/") for p in pages), pages


# A deal in each edition's Deal live table, as a student plays it on a phone (390 px): the
# table's buttons carry the package's words in that language (src/banking_games/locales/<lang>:
# "Place bet" is "Setzen" / "Сделать ставку", "Deal to the end" "Bis zum Ende geben" / "Сдать до
# конца"); after the deal no English button is left, nothing fails and axe finds nothing serious.
# Then a second chapter in the same browser (Banker and Broker), as a reader goes on: its Deal
# live starts from Python's saved snapshot and its table is in the language too (a snapshot holds
# no files: before the catalogues were in it, every later chapter of an edition failed). No choice
# of a dropdown in either table is wider than the dropdown shows (a long German or Russian choice
# was cut on a phone: "квадрат (4 к 1; ставок: 21)", "(b) zwei Päckchen der Pointeure und ...").
CUT_CHOICES_JS = """() => { const c = document.createElement('canvas').getContext('2d'); const out = [];
  for (const s of document.querySelectorAll('.bg-live-table select')) {
    if (!s.getBoundingClientRect().width) continue;
    const cs = getComputedStyle(s); c.font = cs.font;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    for (const o of s.options) if (c.measureText(o.text).width > room) out.push(o.text);
  } return out; }"""
BUTTONS = {"de": ("Setzen", "Bis zum Ende geben"), "ru": ("Сделать ставку", "Сдать до конца")}


@pytest.mark.parametrize("lang", OTHER)
def test_deal_live_speaks_the_editions_language(browser, site_url, lang):
    from site_audit import axe_violations
    require_chromium("Deal live in an edition")
    ctx, problems = new_context(browser, service_workers="block", viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{site_url}/{lang}/hoggenheimer.html", wait_until="load")
        page.locator(".bg-live button").first.evaluate("b => { b.scrollIntoView({block: 'center'}); b.click(); }")
        table = page.locator(".bg-live-table").first
        table.wait_for(timeout=120_000)
        for name in BUTTONS[lang]:
            page.get_by_role("button", name=name).first.wait_for(timeout=20_000)
        page.get_by_role("button", name=BUTTONS[lang][1]).first.click()
        page.wait_for_timeout(1500)
        english = [b for b in table.locator("button").all_inner_texts()
                   if b.strip() in ("Place bet", "Deal to the end", "New deal", "Turn a card", "New session")]
        assert not english, f"English buttons in the {lang} table: {english}"
        assert "Traceback" not in table.inner_text() and not errors, errors
        assert not axe_violations(page)
        assert not page.evaluate(CUT_CHOICES_JS), f"choices cut on a phone: {page.evaluate(CUT_CHOICES_JS)}"
        assert page.evaluate("window.bgLiveSnapshotSaved") is True, "no snapshot saved"   # (a Promise: awaited)
        later = ctx.new_page()
        later.on("pageerror", lambda e: errors.append(str(e)))
        later.goto(f"{site_url}/{lang}/banker-and-broker.html", wait_until="load")
        later.locator(".bg-live button").first.evaluate("b => { b.scrollIntoView({block: 'center'}); b.click(); }")
        later.get_by_role("button", name=BUTTONS[lang][0]).first.wait_for(timeout=120_000)
        assert later.evaluate("window.bgLiveTimings.restored") is True, later.evaluate("window.bgLiveTimings")
        assert not later.locator(".bg-live-failed").count() and not errors, errors
        assert not later.evaluate(CUT_CHOICES_JS), f"choices cut on a phone: {later.evaluate(CUT_CHOICES_JS)}"
        assert not problems.external
    finally:
        ctx.close()


# The website's own words in an edition (book/_ext/banking_book/texts.py and its catalogues):
# the German chapter's Deal live box and JupyterLite sentence, as its catalogue words them
# (book/_ext/banking_book/locales/de/LC_MESSAGES/banking_book.po: "Deal live" is "Live geben",
# "Try it in JupyterLite" "In JupyterLite ausprobieren", the sentence begins "Lieber mit einem
# Notebook arbeiten?"), and the page's scripts read the same catalogue ("Scan a code" is
# "Code scannen"). Run wherever the German edition is built (shipped, or a preview).
def test_the_german_chapter_shows_the_sites_own_words_in_german(browser, site_url, built_site):
    if not (built_site / "de" / "hoggenheimer.html").is_file():
        pytest.skip("the German edition is not built (scripts/build_editions.py --lang de)")
    require_chromium("the German Deal live box")
    ctx, problems = new_context(browser, service_workers="block")
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}/de/hoggenheimer.html", wait_until="load")
        box = page.locator(".bg-live").first
        button = box.get_by_role("button", name="Live geben", exact=True)
        button.wait_for(state="visible", timeout=20_000)
        assert box.locator("progress").get_attribute("aria-label") == "Python wird geladen"
        note = " ".join(box.locator(".bg-live-note").inner_text().split())
        assert note.startswith("Python startet in dieser Seite aus den eigenen Dateien dieser Website"), note
        lite = " ".join(page.locator(".bg-lite-note").first.inner_text().split())
        assert lite.startswith("Lieber mit einem Notebook arbeiten? In JupyterLite ausprobieren: Jupyter läuft "
                               "in Ihrem Browser"), lite
        assert page.locator("a.bg-lite-link").first.inner_text() == "In JupyterLite ausprobieren"
        assert page.evaluate("window.bgT('Scan a code')") == "Code scannen"
        assert page.evaluate("window.bgT('Not sent: {why}.', {why: 'x'})") == "Nicht gesendet: x."
        assert not problems.external
    finally:
        ctx.close()


# sphinx-exercise's solution titles in each edition's grammar (texts.retitle): the chapter's
# first exercise's solution is "Lösung zu Aufgabe 1" and "Решение упражнения 1" (not
# sphinx-exercise's "Lösung zu Übung 1", "Решение к Упражнение 1"), and the exercise itself is
# "Aufgabe 1" / "Упражнение 1".
@pytest.mark.parametrize("lang, solution, exercise", [("de", "Lösung zu Aufgabe 1", "Aufgabe 1"),
                                                      ("ru", "Решение упражнения 1", "Упражнение 1")])
def test_solution_titles_read_naturally(built_site, lang, solution, exercise):
    page = built_site / lang / "hoggenheimer.html"
    if not page.is_file():
        pytest.skip(f"the {lang} edition is not built")
    text = re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))
    text = " ".join(text.split())
    assert solution in text and exercise in text
    assert "Решение к" not in text and "Übung" not in text

@pytest.mark.parametrize("lang", OTHER)
def test_the_editions_jupyterlite_opens_its_own_notebook(built_site, lang):
    # "Try it in JupyterLite" of an edition's chapter opens files/<lang>/<game>.ipynb of the one
    # JupyterLite the site serves (scripts/lite_site.py), from the edition's own entry
    # notebooks-<lang>/ (JupyterLite's menus in the edition's language), in the edition's words,
    # setting the package's language, with the edition's exercises (sphinx-exercise numbers them
    # "Übung 1", "Упражнение 1") added by scripts/exercise_sheets.py
    import json

    heading = {"de": "## Der Spieltisch", "ru": "## Игровой стол"}[lang]
    exercise = {"de": ("#### Aufgabe 1 (", "#### Übung 1 ("), "ru": ("#### Упражнение 1 (",)}[lang]
    for info in registry.GAMES:
        page = (built_site / lang / f"{info.slug}.html").read_text(encoding="utf-8")
        links = set(re.findall(r'href="([^"]*lite/notebooks[^/"]*/index\.html\?path=[^"]+)"', page))
        assert links == {f"../_static/lite/notebooks-{lang}/index.html?path={lang}/{info.notebook}"}, links
        assert (built_site / "_static" / "lite" / f"notebooks-{lang}" / "index.html").is_file()
        nb = json.loads((built_site / "_static" / "lite" / "files" / lang / info.notebook).read_text(encoding="utf-8"))
        text = ["".join(c["source"]) for c in nb["cells"]]
        assert any(t.startswith(heading) for t in text), info.slug
        assert any(t.startswith(exercise) for t in text), info.slug   # (str.startswith takes a tuple)
        assert f"set_language({lang!r})" in next(t for c, t in zip(nb["cells"], text) if c["cell_type"] == "code")


# JupyterLite's own menu bar (the Notebook app's), as JupyterLab's language packs pinned in
# requirements.txt word it (jupyterlab-language-pack-de-DE / -ru-RU 4.5.post3, the messages of
# the context "menu" in jupyterlab.json: File is "Datei" and "Файл", Run "Ausführen" and
# "Выполнить"); the English edition's is JupyterLab's own
LITE_MENUS = {"en": ["File", "Edit", "View", "Run", "Kernel", "Settings", "Help"],
              "de": ["Datei", "Bearbeiten", "Anzeigen", "Ausführen", "Kernel", "Einstellungen", "Hilfe"],
              "ru": ["Файл", "Редактировать", "Просмотр", "Выполнить", "Ядро", "Настройки", "Справка"]}


REACHED_JS = """name => { const item = [...document.querySelectorAll('.lm-MenuBar-item')]
    .find(e => e.textContent.trim() === name); const r = item.getBoundingClientRect();
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return !!hit && item.contains(hit); }"""


@pytest.mark.parametrize("lang", EDITIONS)
def test_jupyterlite_menus_speak_the_editions_language(browser, sub_path_url, built_site, lang):
    """One page load per edition, on a 390 px phone, served under a sub-path: the Landsknecht
    chapter's "Try it in JupyterLite" opens JupyterLite with its menu bar in the edition's
    language (LITE_MENUS; English for English), the edition's notebook open (its first heading
    as the served file has it), and the menu path its first cell tells the reader to choose
    (**<menu> → <item>**) is there: the menu in the bar, which a tap reaches (the Notebook app's
    "Not Trusted" badge covered the Russian Run menu), and the item in that menu."""
    import json

    require_chromium("JupyterLite in an edition")
    from playwright.sync_api import TimeoutError
    info = registry.game("landsknecht")
    notebook = info.notebook if lang == "en" else f"{lang}/{info.notebook}"
    served = json.loads((built_site / "_static" / "lite" / "files" / notebook).read_text(encoding="utf-8"))
    first = "".join(served["cells"][0]["source"])
    title = first.splitlines()[0].removeprefix("# ").strip()
    menu, item = re.search(r"\*\*([^*→]+?) → ([^*]+?)\*\*", first).groups()
    ctx, problems = new_context(browser, viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.goto(f"{sub_path_url}/{'' if lang == 'en' else lang + '/'}{info.slug}.html", wait_until="domcontentloaded")
        href = page.locator(".bg-lite-note a.bg-lite-link").first.get_attribute("href")
        lite = ctx.new_page()
        watch(lite, problems)
        lite.goto(urljoin(page.url, href), wait_until="load")
        lite.locator(".jp-Notebook .jp-MarkdownCell h1").first.wait_for(timeout=90_000)
        assert lite.locator(".jp-Notebook .jp-MarkdownCell h1").first.inner_text().replace("¶", "").strip() == title
        bar = lite.locator(".lm-MenuBar .lm-MenuBar-itemLabel")
        bar.first.wait_for(timeout=30_000)
        assert bar.all_inner_texts() == LITE_MENUS[lang]
        # a tap reaches the menu as laid out: the point at its centre is the menu's own (the menu
        # bar hides what overflows it; a finger cannot scroll it, Playwright's click would). While
        # the kernel starts, its status message lies over the bar's right end, then fades (a few
        # seconds); the trust badge, where shown, stays
        try:
            lite.wait_for_function(REACHED_JS, arg=menu.strip(), timeout=60_000)
        except TimeoutError:   # playwright's TimeoutError
            pytest.fail(f"{lang}: the menu {menu!r} is hidden or covered on a phone")
        lite.get_by_role("menuitem", name=menu.strip(), exact=True).click()
        items = lite.locator(".lm-Menu .lm-Menu-itemLabel")
        items.first.wait_for(timeout=10_000)
        assert item.strip() in items.all_inner_texts(), (item, items.all_inner_texts())
        lite.keyboard.press("Escape")
        assert not problems.external and not problems.bad_status and not problems.page_errors, problems.report()
    finally:
        ctx.close()


# ---- no English the package writes, in a shipped edition's pages (issue 35) ----------------
def _shown_text(page: Path, keep_printed: bool = False) -> str:
    """What a reader of ``page`` can meet: its HTML without the site's scripts (the
    words lookup of bg-site.js holds every English site text as a key), with the
    widgets' saved state kept (a live table's labels and drawings), entities resolved;
    without the ``<pre>`` blocks (code, and the engines' transcripts a cell prints,
    which are not the package's reader-facing words) unless ``keep_printed``."""
    import html as html_module
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"<script(?![^>]*widget-state)[^>]*>.*?</script>", " ", text, flags=re.S)
    if not keep_printed:   # a code cell's source (code stays English) and what a cell prints
        text = re.sub(r"<pre>.*?</pre>", " ", text, flags=re.S)
    text = html_module.unescape(text).replace('\\"', '"')
    return re.sub(r"\s+", " ", text)


GAME_TITLES = {g.title for g in registry.GAMES}
"""The games' names, the registry's titles: the Russian edition calls Banker and Broker
«Банкир и маклер», and still names the English source's title in English where it cites it."""


def _english_package_words(lang: str) -> list[str]:
    """The English of each message of the package's catalogue that ``lang`` words
    differently: each run of words between its ``{fields}``, 14 characters or longer
    with a space (a shorter run, such as "stake", is a German word too or part of one)."""
    from babel.messages.pofile import read_po
    po = ROOT / "src" / "banking_games" / "locales" / lang / "LC_MESSAGES" / "banking_games.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale=lang)
    runs = set()
    for m in catalog:
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if set(ids) & set(strings) or ids[0] in GAME_TITLES:   # kept as it is ("Joker"), a game's name
            continue
        for english in ids:
            for run in re.split(r"\{[^}]*\}", re.sub(r"<[^>]+>", "", english)):
                run = run.strip(" .,;:()'\"")
                if len(run) >= 14 and " " in run:
                    runs.add(run)
    return sorted(runs)


@pytest.mark.parametrize("lang", OTHER)
def test_no_shipped_edition_page_shows_a_known_english_package_string(built_site, lang):
    """Every English text the package's catalogue translates for ``lang`` (labels,
    buttons, card and bet names, table headings, the board's help and verdicts) is
    absent from every page of the built edition; and the check finds what it looks for
    (the English page shows such texts: "no card turned yet", "ace of spades")."""
    runs = _english_package_words(lang)
    assert "no card turned yet" in runs
    english_hog = _shown_text(built_site / "hoggenheimer.html")
    assert "no card turned yet" in english_hog and "ace of spades" in english_hog
    found = {}
    for page in sorted((built_site / lang).glob("*.html")):
        shown = _shown_text(page)
        for run in runs:
            if run in shown:
                found.setdefault(page.name, []).append(run)
    assert not found, f"English package words in the {lang} edition: {found}"


# The expected words: the term lists docs/i18n/de.md and docs/i18n/ru.md (card names as
# card players say them: Pik-Ass, туз пик); numbers with a decimal comma (de/ru). Here the
# pages of no single game; each game's pages and their words are its EDITION_WORDS in tests/game_data.
SHARED_EDITION_WORDS = {
    "de": {"summary.html": ["Bankvorteil", "eine Karte (englisches oder deutsches Verfahren (gleicher Wert))"]},
    "ru": {"summary.html": ["преимущество банка", "одна карта (английский или немецкий способ (одно значение))"]},
}


def _edition_words(lang: str) -> dict[str, list[str]]:
    """Page -> words the ``lang`` edition's page must show: the shared pages' and each game's
    (a game without its EDITION_WORDS, or without ``lang`` there, fails)."""
    words = dict(SHARED_EDITION_WORDS[lang])
    for game in registry.GAMES:
        pages = expected(game.slug, "EDITION_WORDS")[lang]
        assert pages and not set(pages) & set(words), (game.slug, sorted(pages))
        words.update(pages)
    return words


@pytest.mark.parametrize("lang", OTHER)
def test_the_package_words_come_out_in_the_editions_language(built_site, lang):
    """Card and bet names, value-table headings and cells, the pooled tables (headings,
    "32 of 80", decimals and bands) and the drawings' labels are in the edition's words."""
    missing = {}
    for page, words in _edition_words(lang).items():
        shown = _shown_text(built_site / lang / page)
        lost = [w for w in words if w not in shown]
        if lost:
            missing[page] = lost
    assert not missing, f"not found in the {lang} edition: {missing}"


@pytest.mark.parametrize("lang", OTHER)
def test_numbers_in_translated_fields_have_the_decimal_comma(built_site, lang):
    """Numbers put into a translated sentence or a table's cell (``tr("{a} to {b}").format(...)``,
    the simulation pages' tables) are written as the edition writes them: no cell of any
    page's table holds a decimal point (German and Russian write 0,388), and the lesson
    pages' band tables hold "0," decimals."""
    import html as html_module
    points = {}
    for page in sorted((built_site / lang).glob("*.html")):
        text = page.read_text(encoding="utf-8")
        for table in re.findall(r'<table[^>]*class="dataframe[^"]*"[^>]*>.*?</table>', text, flags=re.S):
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", table, flags=re.S):
                cell = html_module.unescape(re.sub(r"<[^>]+>", "", cell))
                for token in re.findall(r"\d[\d.,]*\d", cell):
                    # German groups thousands with a point (1.234,5): that is no decimal point
                    grouped = lang == "de" and re.fullmatch(r"\d{1,3}(?:\.\d{3})+(?:,\d+)?", token)
                    if "." in token and not grouped:
                        points.setdefault(page.name, []).append(cell)
    assert not points, f"decimal points in the {lang} edition's tables: {points}"
    for page in (f"lesson-{slug}.html" for slug in registry.SLUGS):
        shown = _shown_text(built_site / lang / page)
        tables = " ".join(re.findall(r'<table[^>]*class="dataframe[^"]*"[^>]*>.*?</table>', shown, flags=re.S))
        assert re.search(r"\b0,\d{3}\b", tables), page

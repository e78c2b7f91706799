"""Build the book's German and Russian editions next to the English site.

Called by scripts/build_book.py after the English build (which writes
book/_build/html/). For each edition named in ``bg_editions`` of
book/_config.yml other than English:

1. write its source folder book/_build/editions/<lang>/: every page made by
   scripts/editions.py from the English page and the page's catalogue
   (book/locales/<lang>/LC_MESSAGES/<page>.po), a ``_config.yml`` that is the
   English one with the edition's language, title and theme texts, a ``_toc.yml``
   with the parts' captions in the edition's language, and copies of
   everything else of book/ (table of contents, extension, assets, bibliography; the
   vendored scripts, Pyodide and JupyterLite only linked);
2. refuse to build if any page has an untranslated or fuzzy message (named,
   with its page), or any message of the handouts, sheets, notebooks or read-me
   (scripts/extras_i18n.py): a shipped edition never shows English silently. The
   count of untranslated messages per page is printed either way; then make the
   edition's lesson handouts and student notebooks in its language into its
   ``_handouts/`` (scripts/make_handouts.py ``--lang``);
3. build it strictly (``jupyter-book build -W -n``) with the package's language
   set (``BANKING_GAMES_LANG``), so the tables, plots and live tables the pages'
   code makes speak the edition's language; the pages' code is the English
   pages' code, so every number is computed again from the same engines; then
   make its exercise and answer sheets from its built pages and its exercises'
   cells in its JupyterLite notebooks (scripts/exercise_sheets.py ``--lang``);
4. move the result to book/_build/html/<lang>/ and share the heavy static files
   with the English site: the edition's copies of Pyodide and the wheels
   (``_static/live``), JupyterLite (``_static/lite``) and the vendored scripts
   (``_static/vendor``) are removed and the pages point at the root's
   (``../_static/...``), so those are built and served once for all editions.

It also writes book/_build/html/en/<page>.html: a small page that sends the
reader to the English page at the root, so ``/en/`` addresses work too.

Two or more editions are built at the same time, each by a process of its own
(``--jobs``, default 2: the editions do not share a file until step 4, which
writes only the edition's own folder; on two cores this saves about a third of
the time, see CONTRIBUTING.md, "Test-suite time"); each edition's report is
printed whole, in the order of ``bg_editions``.

Usage: python scripts/build_editions.py [--lang de] [--allow-untranslated] [--jobs N]
Exit status 0 when every edition built, 1 otherwise.
"""

from __future__ import annotations

import argparse
import html
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_book  # noqa: E402
import editions  # noqa: E402
import extras_i18n  # noqa: E402

ROOT = build_book.ROOT
BOOK = build_book.BOOK
HTML = build_book.HTML
SOURCES = build_book.BUILD / "editions"
SHARED = ("vendor", "live", "lite")          # _static folders the editions share with the root
# an attribute or CSS url that starts at this page's _static/<shared folder>/
_SHARED_REF = re.compile(r"""(?P<q>["'(])_static/(?P<d>vendor|live|lite)/""")

# the edition's words in the site's frame (the pages' words are in the catalogues)
FRAME = {
    "de": {"title": "Drei Bankhalterspiele mit Karten", "search": "Dieses Buch durchsuchen …",
           "footer": ('<p>Text und Abbildungen: <a href="https://creativecommons.org/licenses/by/4.0/">'
                      'CC BY 4.0</a>. Code: MIT (die Datei LICENSE des Repositorys). Die Quelltexte '
                      'behalten ihre eigenen Bedingungen: siehe <a href="sources.html">Quellen</a>.</p>')},
    "ru": {"title": "Три банковые карточные игры", "search": "Поиск по книге…",
           "footer": ('<p>Текст и рисунки: <a href="https://creativecommons.org/licenses/by/4.0/">'
                      'CC BY 4.0</a>. Код: MIT (файл LICENSE репозитория). Исходные тексты '
                      'распространяются на своих условиях: см. <a href="sources.html">Источники</a>.</p>')},
}
# the captions of the parts of the table of contents (book/_toc.yml), in each edition
TOC_CAPTIONS = {
    "de": {"The games": "Die Spiele", "Teaching": "Unterricht", "Appendix": "Anhang"},
    "ru": {"The games": "Игры", "Teaching": "Преподавание", "Appendix": "Приложение"},
}


def config() -> dict:
    """book/_config.yml as a dict."""
    return yaml.safe_load((BOOK / "_config.yml").read_text(encoding="utf-8"))


def shipped() -> list[str]:
    """The editions the English site links to (``bg_editions`` of book/_config.yml), English first."""
    return list(config()["sphinx"]["config"].get("bg_editions", ["en"]))


def prepare(lang: str, all_editions: list[str]) -> tuple[Path, list[editions.PageStats]]:
    """Write the edition's source folder; return it and each page's translation stats."""
    src = SOURCES / lang
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    for entry in BOOK.iterdir():
        if entry.suffix == ".md" or entry.name in ("_build", "locales", "_config.yml", "_toc.yml"):
            continue
        if entry.name == "_vendor":            # large and only read: linked
            (src / entry.name).symlink_to(entry)
        elif entry.is_dir():                      # read through resolved paths: copied
            shutil.copytree(entry, src / entry.name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(entry, src / entry.name)
    stats = editions.generate(lang, src)
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    for part in toc.get("parts", []):
        if part["caption"] not in TOC_CAPTIONS[lang]:
            raise SystemExit(f"build_editions.py: no {lang} caption for the part {part['caption']!r} "
                             "of book/_toc.yml (add it to TOC_CAPTIONS)")
        part["caption"] = TOC_CAPTIONS[lang][part["caption"]]
    (src / "_toc.yml").write_text("# Generated by scripts/build_editions.py from book/_toc.yml.\n"
                                  + yaml.safe_dump(toc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    cfg = config()
    frame = FRAME[lang]
    cfg["title"] = frame["title"]
    sphinx = cfg["sphinx"]["config"]
    sphinx["language"] = lang
    sphinx["bg_edition"] = lang
    sphinx["bg_editions"] = all_editions
    sphinx["html_theme_options"]["search_bar_text"] = frame["search"]
    sphinx["html_theme_options"]["extra_footer"] = frame["footer"]
    (src / "_config.yml").write_text(
        "# Generated by scripts/build_editions.py from book/_config.yml: do not edit.\n"
        + yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return src, stats


def share_static(site: Path) -> int:
    """Remove the edition's copies of the shared static folders and point its pages at the
    root's; returns the number of files rewritten."""
    for name in SHARED:
        shutil.rmtree(site / "_static" / name, ignore_errors=True)
    changed = 0
    for page in list(site.rglob("*.html")) + list(site.rglob("*.js")) + list(site.rglob("*.css")):
        if "_static" in page.relative_to(site).parts[:-1] and page.suffix == ".html":
            continue
        text = page.read_text(encoding="utf-8", errors="surrogateescape")
        new = _SHARED_REF.sub(lambda m: f"{m['q']}../_static/{m['d']}/", text)
        if new != text:
            page.write_text(new, encoding="utf-8", errors="surrogateescape")
            changed += 1
    return changed


REDIRECT = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{title}</title>
<meta http-equiv="refresh" content="0; url={target}">
<link rel="canonical" href="{target}">
</head><body><p><a href="{target}">{title}</a></p></body></html>
"""


def english_aliases() -> int:
    """Write html/en/<page>.html for every English page: it sends the reader to ../<page>.html."""
    out = HTML / "en"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    count = 0
    for page in sorted(HTML.glob("*.html")):
        target = f"../{page.name}"
        (out / page.name).write_text(REDIRECT.format(title=html.escape(page.stem), target=target),
                                     encoding="utf-8")
        count += 1
    return count


def print_stats(lang: str, stats: list[editions.PageStats]) -> None:
    print(f"[editions] {lang}: untranslated/fuzzy messages per page "
          f"({sum(s.translated for s in stats)} of {sum(s.messages for s in stats)} translated)")
    for s in stats:
        print(f"[editions]   {s.page:32} {len(s.untranslated):4} untranslated {len(s.fuzzy):4} fuzzy")


def run_script(name: str, *args: str) -> tuple[bool, str]:
    """Run scripts/<name> with this Python; returns (ok, its output)."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / name), *args], capture_output=True, text=True)
    return done.returncode == 0, done.stdout + done.stderr


def handouts(lang: str, src: Path) -> tuple[bool, str]:
    """The edition's lesson handouts (PDF) and student notebooks in its language, into its own
    ``_handouts/`` (scripts/make_handouts.py ``--lang``; the notebooks from its generated pages,
    which set the package's language), before Sphinx copies them as the lesson pages' downloads."""
    return run_script("make_handouts.py", "--lang", lang, "--out", str(src / "_handouts"), "--book", str(src))


def sheets(lang: str, src: Path) -> tuple[bool, str]:
    """The edition's exercise and answer sheets from its built pages (scripts/exercise_sheets.py
    ``--lang``), put in place of the stand-ins its lesson pages link, and its exercises' cells
    in its JupyterLite notebooks (``files/<lang>/``) of the JupyterLite the English site serves."""
    return run_script("exercise_sheets.py", str(src / "_build" / "html"), "--lang", lang,
                      "--out", str(src / "_handouts"), "--lite", str(HTML), "--english", str(HTML))


KERNEL_START_FAILED = ("Kernel died before replying to kernel_info", "ZMQError: Address already in use")


def kernel_start_failed(log: str) -> bool:
    """True when a build's log shows a page's kernel that did not start because its port
    was taken (jupyter_client's known race between processes that start kernels at once)."""
    return any(words in log for words in KERNEL_START_FAILED)


def build(lang: str, all_editions: list[str], allow_untranslated: bool = False) -> bool:
    """Build one edition into book/_build/html/<lang>/. Returns True on success."""
    src, stats = prepare(lang, all_editions)
    print_stats(lang, stats)
    missing = [(s.page, m) for s in stats for m in s.untranslated + s.fuzzy]
    # the handouts', sheets', notebooks' and read-me's words (scripts/extras_i18n.py)
    extras = extras_i18n.report(lang)
    print(f"[editions] {lang}: handouts, notebooks, read-me: {len(extras)} messages untranslated, "
          "fuzzy or not keeping their values")
    if (missing or extras) and not allow_untranslated:
        for page, message in missing[:20]:
            print(f"[editions] {lang}/{page}.po: not translated: {message[:100]!r}", file=sys.stderr)
        for line in extras[:20]:
            print(f"[editions] {line}", file=sys.stderr)
        print(f"[editions] {lang}: {len(missing) + len(extras)} messages untranslated or fuzzy: not built "
              f"(scripts/editions.py stats --lang {lang}; scripts/extras_i18n.py check --lang {lang})",
              file=sys.stderr)
        return False
    ok, out = handouts(lang, src)
    if not ok:
        print(out[-3000:], file=sys.stderr)
        if not allow_untranslated:
            print(f"[editions] {lang}: the handouts failed: not built", file=sys.stderr)
            return False
        print(f"[editions] {lang}: the handouts failed: the English ones are kept (a preview)")
    start = time.monotonic()
    previous = os.environ.get("BANKING_GAMES_LANG")
    os.environ["BANKING_GAMES_LANG"] = lang
    try:
        ok, plain, code = build_book.strict_build(src, ROOT, echo=False)
        if not ok and kernel_start_failed(plain):
            # two editions built at once: a kernel of the other build took the port this
            # one's kernel was given (jupyter_client picks free TCP ports, then the kernel
            # binds them); nothing of the pages is wrong, so the edition is built again
            print(f"[editions] {lang}: a kernel could not start (a port taken meanwhile): built again")
            ok, plain, code = build_book.strict_build(src, ROOT, echo=False)
    finally:
        if previous is None:
            os.environ.pop("BANKING_GAMES_LANG", None)
        else:
            os.environ["BANKING_GAMES_LANG"] = previous
    (build_book.BUILD / f"build-{lang}.log").write_text(plain)
    if not ok and allow_untranslated and (src / "_build" / "html" / "index.html").is_file():
        # a preview: English left in the pages breaks references to the translated glossary
        print(f"[editions] {lang}: {len(build_book.problem_lines(plain))} warnings (a preview, not shipped)")
        ok = True
    if not ok:
        print("\n".join(build_book.problem_lines(plain)[:40]), file=sys.stderr)
        print(f"[editions] {lang}: build FAILED (exit {code}); log in book/_build/build-{lang}.log",
              file=sys.stderr)
        return False
    ok, out = sheets(lang, src)
    print(out.rstrip())
    if not ok:
        print(f"[editions] {lang}: the exercise sheets failed", file=sys.stderr)
        return False
    target = HTML / lang
    shutil.rmtree(target, ignore_errors=True)
    shutil.move(str(src / "_build" / "html"), str(target))
    rewritten = share_static(target)
    print(f"[editions] {lang}: built in {time.monotonic() - start:.1f} s, "
          f"{rewritten} files point at the shared static folders")
    return True


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", action="append", help="build only these editions")
    parser.add_argument("--allow-untranslated", action="store_true",
                        help="build even with untranslated messages (a preview; never shipped)")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("BG_EDITION_JOBS", "2")),
                        help="editions built at the same time (default 2, or $BG_EDITION_JOBS)")
    parser.add_argument("--one", help=argparse.SUPPRESS)            # a child of build_in_parallel
    parser.add_argument("--one-editions", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    all_editions = shipped()
    if args.lang:     # named editions, shipped or not (a preview of an unfinished one)
        unknown = [lang for lang in args.lang if lang not in editions.LANGUAGES]
        if unknown:
            parser.error(f"unknown edition {unknown}: known are {', '.join(editions.LANGUAGES)}")
        all_editions = ["en"] + [lang for lang in editions.LANGUAGES if lang in all_editions or lang in args.lang]
    wanted = [lang for lang in all_editions if lang != "en" and (not args.lang or lang in args.lang)]
    if args.one:
        return 0 if build(args.one, args.one_editions.split(","), args.allow_untranslated) else 1
    ok = True
    if args.jobs > 1 and len(wanted) > 1:
        ok = build_in_parallel(wanted, all_editions, args.allow_untranslated, args.jobs)
    else:
        for lang in wanted:
            ok = build(lang, all_editions, args.allow_untranslated) and ok
    print(f"[editions] en: {english_aliases()} pages under en/ lead to the English site")
    return 0 if ok else 1


def build_in_parallel(wanted: list[str], all_editions: list[str], allow_untranslated: bool, jobs: int) -> bool:
    """Build the ``wanted`` editions, at most ``jobs`` at a time, each by this script in a
    process of its own (``--one``: :func:`build` alone, no English aliases); print each
    one's output whole, in the order of ``wanted``. Returns True when every edition built."""
    cmd = [sys.executable, str(Path(__file__).resolve())]
    extra = ["--allow-untranslated"] if allow_untranslated else []
    running: dict[str, tuple[subprocess.Popen, Path]] = {}
    results: dict[str, tuple[int, str]] = {}
    queue = list(wanted)
    build_book.BUILD.mkdir(parents=True, exist_ok=True)
    while queue or running:
        while queue and len(running) < jobs:
            lang = queue.pop(0)
            out = build_book.BUILD / f"editions-{lang}.out"      # a file: no pipe to fill up
            with out.open("w") as sink:
                running[lang] = (subprocess.Popen(
                    [*cmd, "--one", lang, "--one-editions", ",".join(all_editions), *extra],
                    stdout=sink, stderr=subprocess.STDOUT), out)
        lang = next(iter(running))       # wait for the oldest
        proc, out = running.pop(lang)
        results[lang] = (proc.wait(), out.read_text(errors="replace"))
    for lang in wanted:
        code, out = results[lang]
        sys.stdout.write(out)
        if code != 0:
            print(f"[editions] {lang}: FAILED (exit {code})", file=sys.stderr)
    sys.stdout.flush()
    return all(results[lang][0] == 0 for lang in wanted)


if __name__ == "__main__":
    sys.exit(main())

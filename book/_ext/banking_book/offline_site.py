"""banking_book: keep every page of the book working offline.

Part of the book's Sphinx extension ``banking_book`` (book/_ext/banking_book/,
loaded from book/_config.yml; docs/authoring.md lists what it offers). It

* sets ``window.FontAwesomeConfig`` before the theme's Font Awesome script
  runs, so Font Awesome neither swaps the ``<i>`` icons inside ipywidgets
  for SVGs nor watches the DOM (the swap makes the Play widget throw);
* removes sphinx-thebe's scripts: the book has no "live code" button, and
  Jupyter Book adds thebe's inline script twice, which logs a console
  error ("Identifier 'THEBE_JS_URL' has already been declared") on every page;
* adds the site's own stylesheet and script (``_ext/banking_book/static/bg-site.css``,
  ``bg-site.js``): scroll boxes that show they scroll, the replay's
  controls on a phone, named buttons, theme contrast, a print stylesheet;
* gives every plot an alt text: the figure's caption (the image's alt was
  its hashed file name);
* after the build, replaces the theme's 1.49 MB Font Awesome script with a
  few kB that draw only the icons the pages use (SVGs from the npm package
  ``@fortawesome/fontawesome-free``, pinned by package-lock.json), drops
  from each page's widget state the values equal to their defaults, and
  deletes ``.map`` files (and the comments pointing at them), which no
  reader's browser needs, and, on every page but search.html, the theme's
  search scripts and index (used only by search-as-you-type, which is off);
* puts first in each page's head a stand-in for the browser's storage, used
  only where the browser refuses it (all site data blocked), so that the
  theme's scripts still run (:data:`STORAGE_STAND_IN`);
* numbers figures, tables and exercises per page (from 1 on each page);
* numbers a captioned table as a table ("Table 2"), not as a figure: a
  figure (``{glue:figure}`` or a code cell's ``mystnb: figure:``) whose
  content is an HTML table and no image and no drawn card becomes a
  :class:`table_figure`, a figure that Sphinx counts among the tables;
* labels the bibliography "Author, Year" like the citations (pybtex style
  ``authoryear``);
* warns (an error under ``-W``) when the vendored JavaScript that
  ``nb_ipywidgets_js`` and ``mathjax_path`` point at is missing, instead of
  building pages that silently lack math and widgets.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

from docutils import nodes

from sphinx.util import logging

from . import texts

logger = logging.getLogger(__name__)

FONTAWESOME_CONFIG = (
    "window.FontAwesomeConfig = {autoReplaceSvg: 'nest', observeMutations: false};"
)

VENDOR_FILES = (
    "vendor/requirejs/require.js",
    "vendor/widgets-setup.js",
    "vendor/html-manager/embed-amd.js",
)


def _check_vendor(app) -> None:
    if app.builder.format != "html":
        return
    wanted = list(VENDOR_FILES)
    mathjax = app.config.mathjax_path
    if mathjax and "://" not in mathjax:
        wanted.append(mathjax)
    for rel in wanted:
        if not any((Path(app.confdir) / d / rel).is_file() for d in app.config.html_static_path):
            logger.warning(
                "offline_site: %s is not in html_static_path (%s); run scripts/build.sh, "
                "which installs it with npm ci and scripts/vendor_js.py",
                rel,
                ", ".join(app.config.html_static_path),
            )


def _is_thebe(script) -> bool:
    filename = getattr(script, "filename", None) or ""
    body = (getattr(script, "attributes", None) or {}).get("body", "")
    return filename.endswith("sphinx-thebe.js") or "THEBE_JS_URL" in body


def _page_context(app, pagename, templatename, context, doctree) -> None:
    scripts = context.get("script_files")
    if scripts is not None:
        context["script_files"] = [s for s in scripts if not _is_thebe(s)]
    css = context.get("css_files")
    if css is not None:
        context["css_files"] = [
            c for c in css if not (getattr(c, "filename", "") or "").endswith("sphinx-thebe.css")
        ]


HERE = Path(__file__).resolve().parent
_FA = Path("node_modules") / "@fortawesome" / "fontawesome-free" / "svgs"
# the repository root: above book/_ext/banking_book, or above the virtual environment (when a copy of
# book/ is built elsewhere, as tests/conftest.py does for the smoke book)
FA_SVGS = next((root / _FA for root in (HERE.parents[2], Path(sys.prefix).parent, Path.cwd())
                if (root / _FA).is_dir()), HERE.parents[2] / _FA)
# Font Awesome 6 names the theme uses -> Font Awesome 5 file names
FA_RENAMED = {"magnifying-glass": "search", "circle-half-stroke": "adjust"}
FA_SCRIPT = """/* Stand-in for Font Awesome's 1.49 MB script (written by book/_ext/banking_book/offline_site.py):
   draws only the icons this site's pages use, as inline SVG. Icons: Font Awesome Free
   5.15.4 by @fontawesome, https://fontawesome.com, CC BY 4.0. */
(function () {
  var ICONS = %s;
  function draw(root) {
    (root || document).querySelectorAll("i[class*='fa-'], span[class*='fa-']").forEach(function (i) {
      var name = null;
      i.classList.forEach(function (c) { if (!name && ICONS[c.slice(3)] && c.indexOf("fa-") === 0) name = c.slice(3); });
      if (!name) return;
      var icon = ICONS[name];
      var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      for (var k = 0; k < i.attributes.length; k++) svg.setAttribute(i.attributes[k].name, i.attributes[k].value);
      svg.setAttribute("class", (i.getAttribute("class") || "") + " svg-inline--fa");
      svg.setAttribute("viewBox", icon[0]);
      svg.setAttribute("aria-hidden", "true");
      svg.setAttribute("focusable", "false");
      var path = document.createElementNS("http://www.w3.org/2000/svg", "path");
      path.setAttribute("fill", "currentColor");
      path.setAttribute("d", icon[1]);
      svg.appendChild(path);
      i.parentNode.replaceChild(svg, i);
    });
  }
  var css = document.createElement("style");
  css.textContent = ".svg-inline--fa{display:inline-block;height:1em;overflow:visible;vertical-align:-.125em;width:1.25em}" +
    ".svg-inline--fa.fa-lg{height:1.33em;vertical-align:-.2em}.svg-inline--fa::before{content:none!important}" +
    ".admonition>.admonition-title::after,div.admonition>.admonition-title::after{content:''!important;" +
    "font-family:inherit!important;width:1em;height:1em;margin-top:.15em;background-color:currentColor;" +
    "-webkit-mask:var(--bg-icon) center/contain no-repeat;mask:var(--bg-icon) center/contain no-repeat}" + %s;
  document.head.appendChild(css);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { draw(); });
  else draw();
})();
"""


# admonition type -> Font Awesome 5 icon (the theme's choice, pydata-sphinx-theme's --pst-icon-admonition-*)
ADMONITION_ICONS = {"": "bell", "attention": "exclamation-circle", "caution": "exclamation-triangle",
                    "danger": "exclamation-triangle", "error": "times-circle", "hint": "lightbulb",
                    "important": "exclamation-circle", "note": "info-circle", "seealso": "share",
                    "tip": "lightbulb", "todo": "pencil-alt", "warning": "exclamation-triangle"}


def _admonition_css() -> str:
    """CSS drawing the theme's admonition icons as masks (no icon font to download)."""
    from urllib.parse import quote

    rules = []
    for kind, name in ADMONITION_ICONS.items():
        svg = FA_SVGS / "solid" / f"{name}.svg"
        if not svg.is_file():
            continue
        url = "url(\"data:image/svg+xml," + quote(svg.read_text().strip()) + "\")"
        sel = ".admonition" + (f".{kind}" if kind else "")
        rules.append(f"{sel}{{--bg-icon:{url}}}")
    return json.dumps("".join(rules))


def _fa_icons(outdir: Path) -> dict:
    names = set()
    for page in outdir.rglob("*.html"):
        for cls in re.findall(r'<(?:i|span) class="([^"]*)"', page.read_text(encoding="utf-8", errors="replace")):
            if re.search(r"\bfa(s|r|b|-solid|-regular|-brands)\b", cls):
                names.update(c[3:] for c in cls.split() if c.startswith("fa-")
                             and c not in {"fa-solid", "fa-regular", "fa-brands", "fa-lg", "fa-fw"})
    icons = {}
    for name in sorted(names):
        for style in ("solid", "regular", "brands"):
            svg = FA_SVGS / style / f"{FA_RENAMED.get(name, name)}.svg"
            if svg.is_file():
                text = svg.read_text()
                icons[name] = [re.search(r'viewBox="([^"]+)"', text).group(1), re.search(r' d="([^"]+)"', text).group(1)]
                break
        else:
            logger.warning("offline_site: no Font Awesome SVG for icon %r (looked in %s)", name, FA_SVGS)
    return icons


PLOT_ALT = texts.N_("Plot. {caption}")
"""A plot's alt text: its figure's caption after a word saying it is a plot."""


def _alt_from_caption(app, doctree, docname) -> None:
    """Plots (images in a figure) whose alt text is empty or a file name get the caption as alt."""
    for figure in doctree.findall(nodes.figure):
        caption = next(iter(figure.findall(nodes.caption)), None)
        if caption is None:
            continue
        text = " ".join(caption.astext().split())
        for image in figure.findall(nodes.image):
            alt = image.get("alt", "")
            if not alt or re.fullmatch(r"[\w./-]+\.(png|svg|jpe?g)", alt) or alt == image.get("uri"):
                image["alt"] = texts.text(app, PLOT_ALT, caption=text)


def _finish(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    fa = out / "_static" / "scripts" / "fontawesome.js"
    if fa.is_file() and FA_SVGS.is_dir():
        fa.write_text(FA_SCRIPT % (json.dumps(_fa_icons(out), separators=(",", ":")), _admonition_css()),
                      encoding="utf-8")
    elif fa.is_file():
        logger.warning("offline_site: %s is missing (npm ci): the theme's 1.49 MB icon script is kept", FA_SVGS)
    defaults = None
    as_you_type = bool((app.config.html_theme_options or {}).get("search_as_you_type"))
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        # docutils marks bibliography entries with the deprecated ARIA role doc-biblioentry,
        # which is no list item of their role="list": screen readers (and axe) then see
        # stray links in a list; a listitem role says what they are
        if 'role="doc-biblioentry"' in text:
            text = text.replace('role="doc-biblioentry"', 'role="listitem"')
            page.write_text(text, encoding="utf-8")
        # pydata-sphinx-theme loads the search index (and Sphinx's search scripts) on every
        # page for its search-as-you-type, which this book does not turn on: the search box
        # sends the reader to search.html, which loads them itself (25 kB gzip a page saved)
        if not as_you_type and page.name != "search.html" and _SEARCH_SCRIPTS.search(text):
            text = _SEARCH_SCRIPTS.sub("", text)
            page.write_text(text, encoding="utf-8")
        # a reader who blocks all site data: the theme's first script reads localStorage, which
        # then throws (SecurityError), and so does every later script of the theme (its dark-mode
        # button did nothing); a stand-in that keeps the settings for this page only goes first
        if STORAGE_STAND_IN not in text and _THEME_FIRST_SCRIPT in text:
            text = text.replace(_THEME_FIRST_SCRIPT, f"<script>{STORAGE_STAND_IN}</script>\n  "
                                + _THEME_FIRST_SCRIPT, 1)
            page.write_text(text, encoding="utf-8")
        if "application/vnd.jupyter.widget-state+json" in text:
            defaults = defaults if defaults is not None else _widget_defaults()
            page.write_text(drop_widget_defaults(text, defaults), encoding="utf-8")
    for m in list(out.rglob("*.map")):
        m.unlink()
    for script in list((out / "_static").rglob("*.js")) + list((out / "_static").rglob("*.css")):
        text = script.read_text(encoding="utf-8", errors="surrogateescape")
        if "sourceMappingURL=" in text:
            new = re.sub(r"\n?(//|/\*)# sourceMappingURL=\S+?(\s*\*/)?\s*$", "\n", text)
            if new != text:
                script.write_text(new, encoding="utf-8", errors="surrogateescape")


_THEME_FIRST_SCRIPT = '<script data-cfasync="false">\n    document.documentElement.dataset.mode = localStorage'

STORAGE_STAND_IN = (
    "(function(){function mem(){var d={};return{getItem:function(k){k=String(k);"
    "return Object.prototype.hasOwnProperty.call(d,k)?d[k]:null},setItem:function(k,v){d[String(k)]=String(v)},"
    "removeItem:function(k){delete d[String(k)]},clear:function(){d={}},key:function(i){return Object.keys(d)[i]||null},"
    "get length(){return Object.keys(d).length}}}"
    "['localStorage','sessionStorage'].forEach(function(n){try{var s=window[n];s.getItem('bg');return}catch(e){}"
    "try{Object.defineProperty(window,n,{value:mem(),configurable:true});window.bgStorageBlocked=true}catch(e){}})})();"
)
"""A stand-in for ``localStorage`` and ``sessionStorage`` where the browser refuses them (all
site data blocked): kept in memory for this page, so that the theme's scripts run (its
colour mode button works, for this page) instead of throwing on every page."""


_SEARCH_SCRIPTS = re.compile(
    r'[ \t]*<script src="(?:\.\./)*(?:_static/searchtools\.js|_static/language_data\.js|searchindex\.js)">'
    r'</script>\n?')

_STATE = re.compile(r'(<script type="application/vnd.jupyter.widget-state\+json">)(.*?)(</script>)', re.S)


def _widget_defaults() -> dict:
    """model name -> the state a fresh ipywidgets widget of that model has (JSON values)."""
    import ipywidgets

    out = {}
    classes, todo = set(), [ipywidgets.Widget]
    while todo:  # every widget class ipywidgets defines (styles and layouts included)
        for sub in todo.pop().__subclasses__():
            if sub not in classes and sub.__module__.startswith("ipywidgets"):
                classes.add(sub)
                todo.append(sub)
    for cls in classes:
        try:
            model = cls.class_traits()["_model_name"].default_value
            state = cls().get_state()
        except Exception:  # abstract or needing arguments: its models keep their full state
            continue
        out[(model, state.get("_model_module"))] = {
            k: v for k, v in state.items()
            if not (isinstance(v, str) and v.startswith("IPY_MODEL_"))}
    return out


def drop_widget_defaults(page_html: str, defaults: dict) -> str:
    """Remove from a page's widget state every value equal to its model's default.

    The widget manager starts each model from its defaults (ipywidgets'
    ``drop_defaults``, as ``embed_minimal_html`` does), so the page shows
    the same widgets with a smaller state.
    """
    def shrink(m: re.Match) -> str:
        try:
            data = json.loads(m.group(2))
        except ValueError:
            return m.group(0)
        for model in data.get("state", {}).values():
            base = defaults.get((model.get("model_name"), model.get("model_module")))
            if not base:
                continue
            state = model.get("state", {})
            for key in [k for k, v in state.items() if k in base and base[k] == v]:
                del state[key]
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")
        return m.group(1) + text + m.group(3)

    return _STATE.sub(shrink, page_html)


def _register_bib_style() -> None:
    """pybtex style ``authoryear``: the bibliography labelled "Author, Year", as the text cites."""
    from pybtex.plugin import register_plugin
    from pybtex.style.formatting.unsrt import Style as UnsrtStyle
    from pybtex.style.labels import BaseLabelStyle

    from banking_games.citations import author_year   # the same labels as the prose's cite()

    class AuthorYearLabels(BaseLabelStyle):
        def format_labels(self, sorted_entries):
            for entry in sorted_entries:
                yield author_year(entry)

    class AuthorYearStyle(UnsrtStyle):
        default_label_style = AuthorYearLabels
        default_sorting_style = "author_year_title"

    register_plugin("pybtex.style.formatting", "authoryear", AuthorYearStyle, force=True)


class table_figure(nodes.figure):  # noqa: N801 - docutils names node classes in lower case
    """A figure whose content is a table: drawn as a figure, numbered as a table."""


def _table_html(figure: nodes.figure) -> bool:
    """Whether the figure shows a table: an HTML ``<table>`` (a DataFrame, a
    value table) and no image, no widget and no playing card (a card layout
    is a picture that happens to be drawn with a table)."""
    if any(True for _ in figure.findall(nodes.image)) or any(True for _ in figure.findall(nodes.table)):
        return False
    raw = " ".join(n.astext() for n in figure.findall(nodes.raw) if "html" in n.get("format", ""))
    return "<table" in raw and "bg-card" not in raw and "widget-view+json" not in raw


def _tables_as_tables(app, doctree) -> None:
    for figure in list(doctree.findall(nodes.figure)):
        if type(figure) is nodes.figure and _table_html(figure):
            new = table_figure(figure.rawsource, *figure.children, **figure.attributes)
            new.source, new.line = figure.source, figure.line
            figure.replace_self(new)
            for node_id in new["ids"]:  # labels ({numref}) find the node through the document's ids
                doctree.ids[node_id] = new


def _visit_table_figure(self, node):
    self.visit_figure(node)


def _depart_table_figure(self, node):
    self.depart_figure(node)


def _number_per_page(app, env) -> None:
    """Number figures, tables and exercises from 1 on each page (Sphinx numbers them
    across the whole book when the table of contents is not numbered, so the
    second chapter's first exercise was "Exercise 4")."""
    for types in env.toc_fignumbers.values():
        for ids in types.values():
            for n, key in enumerate(sorted(ids, key=lambda k: ids[k]), start=1):
                ids[key] = (n,)


def _static_path(app, config) -> None:
    config.html_static_path.append(str(HERE / "static"))


def setup(app):
    _register_bib_style()
    app.connect("config-inited", _static_path)
    app.add_css_file("bg-site.css", priority=900)
    app.add_js_file("bg-site.js", priority=900)
    app.connect("doctree-resolved", _alt_from_caption)
    app.add_enumerable_node(table_figure, "table", None,
                            html=(_visit_table_figure, _depart_table_figure),
                            latex=(_visit_table_figure, _depart_table_figure),
                            text=(_visit_table_figure, _depart_table_figure))
    app.connect("doctree-read", _tables_as_tables)
    app.connect("env-check-consistency", _number_per_page, priority=900)
    app.connect("build-finished", _finish)
    app.add_js_file(None, body=FONTAWESOME_CONFIG, priority=1)
    app.connect("builder-inited", _check_vendor)
    # run after sphinx-book-theme / myst-nb have filled the page's script list
    app.connect("html-page-context", _page_context, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

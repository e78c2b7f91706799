/* Site-wide accessibility fixes (issue 10); added to every page by
 * book/_ext/offline_site.py.
 *
 * 1. The replay's Play/Pause and Stop buttons (ipywidgets' Play) show only an
 *    icon-font glyph: give them a visible word and the same accessible name.
 * 2. The replay's slider handle gets the slider's label as its name.
 * 3. Theme controls whose aria-label does not contain their visible text
 *    (search button, "Toggle hidden content" summaries): the visible text
 *    becomes the name. Empty <summary> toggles in the side bar get a name.
 * 3b. Cards in compact replay frames get back their tooltip (their spoken name).
 * 3c. A box that scrolls sideways becomes a named, focusable region (so that
 *    the keyboard can scroll it) only while it really is wider than its room;
 *    formulas are not Tab stops of their own (MathJax's "Include in Tab Order",
 *    which a reader can switch back on in MathJax's menu, starts off).
 * 3d. The theme's floating "Back to top" button stays away while a dealing
 *    table or a replay is at the bottom of the screen, where it would cover
 *    the table's buttons and help.
 * 5. A page opened from files (file://, e.g. a USB stick): JupyterLite cannot start there
 *    (the browser lets it fetch none of the site's files), so the "Try it in JupyterLite"
 *    sentence says so and how to open the book so that it works, and the header's
 *    launch link leads to that sentence instead of a page that would stay empty.
 * 4. Print: before printing, each replay shows its last frame (the deal's
 *    end), copied into a box that only the print stylesheet shows (a merged
 *    replay: its drawing, with the last frame's hiding rule made a print rule), and
 *    folded blocks (solutions, hidden code) are opened; after printing
 *    they are folded again.
 * Every text shown is looked up with T() in the edition's words (an edition's page carries
 * them; book/_ext/banking_book/texts.py), English where there are none.
 */
(function () {
  "use strict";
  // The site's words in the page's language: an edition's page carries their translations
  // (<script type="application/json" id="bg-texts">, written by book/_ext/banking_book/texts.py
  // from its catalogue); T("English {field}", {field: value}) looks a text up there, falls back
  // to the English, and fills its {fields}. The English site has no such script.
  var TEXTS = null;
  function T(english, fields) {
    if (TEXTS === null) {
      var el = document.getElementById("bg-texts");
      if (el || document.readyState !== "loading") {   // (read once the page's head is there)
        try { TEXTS = el ? JSON.parse(el.textContent) : {}; } catch (e) { TEXTS = {}; }
      }
    }
    var s = TEXTS && Object.prototype.hasOwnProperty.call(TEXTS, english) ? TEXTS[english] : english;
    return fields ? s.replace(/\{(\w+)\}/g, function (m, k) { return k in fields ? String(fields[k]) : m; }) : s;
  }
  window.bgT = T;   // the one lookup: live_static/live-tables.js and the tests call it
  // read by MathJax when it starts (its script is deferred; this one runs first): a
  // formula is text to read, not a control, so it is no Tab stop of its own
  if (window.MathJax && typeof window.MathJax === "object" && !window.MathJax.version) {
    var mj = window.MathJax;
    mj.options = mj.options || {};
    mj.options.menuOptions = mj.options.menuOptions || {};
    mj.options.menuOptions.settings = mj.options.menuOptions.settings || {};
    if (mj.options.menuOptions.settings.inTabOrder === undefined) mj.options.menuOptions.settings.inTabOrder = false;
  }
  function playLabels(root) {
    root.querySelectorAll(".widget-play .jupyter-button").forEach(function (btn) {
      var icon = btn.querySelector("i");
      if (!icon) return;
      // the icon's name (bg-site.css draws it) and the button's word
      var glyph = /fa-pause/.test(icon.className) ? "pause" : /fa-stop/.test(icon.className) ? "stop"
        : /fa-retweet/.test(icon.className) ? "repeat" : "play";
      var name = glyph === "pause" ? T("Pause") : glyph === "stop" ? T("Stop")
        : glyph === "repeat" ? T("Repeat") : T("Play");
      var span = btn.querySelector(".bg-btn-text");
      if (!span) { span = document.createElement("span"); span.className = "bg-btn-text"; btn.appendChild(span); }
      if (span.textContent !== name) {
        span.textContent = name;
        span.setAttribute("data-icon", glyph);
      }
      icon.setAttribute("aria-hidden", "true");
      if (btn.getAttribute("aria-label") !== name) btn.setAttribute("aria-label", name);
      btn.title = name;
    });
    root.querySelectorAll(".widget-slider").forEach(function (s) {
      var label = s.querySelector(".widget-label");
      var text = label && label.textContent.trim() ? label.textContent.trim() : T("Step");
      s.querySelectorAll(".noUi-handle, [role=slider]").forEach(function (h) {
        if (!h.getAttribute("aria-label")) h.setAttribute("aria-label", text);
      });
    });
    root.querySelectorAll(".widget-dropdown select, .widget-text input, .widget-inline-hbox input").forEach(function (el) {
      if (el.getAttribute("aria-label") || el.labels && el.labels.length) return;
      var box = el.closest(".widget-inline-hbox");
      var label = box && box.querySelector(".widget-label");
      if (label && label.textContent.trim()) el.setAttribute("aria-label", label.textContent.trim());
    });
  }
  // compact replay frames (render.compact_frames) drop each card's tooltip, which
  // only repeated its spoken name: put it back from that name
  function cardTitles(root) {
    root.querySelectorAll(".bg-frame .bg-card[aria-label]:not([title])").forEach(function (c) {
      c.title = c.getAttribute("aria-label");
    });
  }
  function themeNames() {
    // docutils' bibliography: a role="list" whose back-links (role doc-backlink) sit
    // outside any list item, which ARIA forbids; plain links are read the same
    document.querySelectorAll(".citation-list [role=doc-backlink]").forEach(function (a) {
      a.removeAttribute("role");
    });
    // only controls: a drawing's name (role img, e.g. a card "ace of spades" drawn
    // "A ♠") says what it shows, not its letters (WCAG 2.5.3 is about controls)
    document.querySelectorAll("button[aria-label], a[aria-label], summary[aria-label], input[aria-label], " +
                              "[role=button][aria-label], [role=link][aria-label]").forEach(function (el) {
      if (el.closest(".widget-play")) return;
      var text = (el.innerText || "").replace(/\s+/g, " ").trim();
      var label = el.getAttribute("aria-label");
      if (text && label.toLowerCase().indexOf(text.toLowerCase()) === -1) {
        el.setAttribute("aria-label", text);
      }
    });
    document.querySelectorAll("summary").forEach(function (s) {
      if ((s.innerText || "").trim() || s.getAttribute("aria-label")) return;
      var link = s.parentElement && s.parentElement.parentElement &&
        s.parentElement.parentElement.querySelector(":scope > a");
      s.setAttribute("aria-label", link ? T("Show or hide the pages under {title}", { title: link.textContent.trim() })
        : T("Show or hide"));
    });
  }
  // a box that scrolls sideways can be scrolled from the keyboard (focusable, named),
  // and only such a box: checked again whenever a block opens (a <details> gets "open",
  // a toggle its class) and when the window is resized (a box that fits again is no
  // longer a Tab stop). "Scrolls" means that what it shows is wider than it: MathJax's
  // hidden copy of a formula for screen readers (mjx-assistive-mml) and a glyph's
  // overhang of a pixel or two are not something to scroll to.
  var OWN = "data-bg-scroll";   // set on the boxes made focusable here, so that it can be undone
  function contentWidth(el) {
    var math = el.matches("mjx-container") ? el : el.querySelector(":scope > mjx-container");
    if (math) {
      var shown = math.querySelector(":scope > mjx-math");
      return shown ? shown.getBoundingClientRect().width : 0;
    }
    return el.scrollWidth;
  }
  function scrollBoxes() {
    document.querySelectorAll("article.bd-article *").forEach(function (el) {
      var ours = el.hasAttribute(OWN);
      var tab = el.getAttribute("tabindex");
      // tabindex -1 (set on code blocks while they were folded away) keeps a box out
      // of the tab order, so it does not count as focusable here
      if (!ours && tab !== null && tab !== "-1") return;
      if (ours && el.clientWidth === 0) return;   // folded away for now: decided when shown again
      var wide = false;
      if (el.scrollWidth > el.clientWidth + 2 && el.clientWidth > 0) {
        var ox = getComputedStyle(el).overflowX;
        wide = (ox === "auto" || ox === "scroll") && contentWidth(el) > el.clientWidth + 2;
      }
      if (wide === ours) {
        if (wide && el.classList.contains("math") && !el.classList.contains("bg-wide")) el.classList.add("bg-wide");
        return;
      }
      if (wide) {
        el.setAttribute(OWN, el.getAttribute("role") ? "" : "named");
        if (tab !== null) el.setAttribute("data-bg-tab", tab);
        el.setAttribute("tabindex", "0");
        if (!el.getAttribute("role")) {
          el.setAttribute("role", "region");
          el.setAttribute("aria-label", T("wide content, scrolls sideways"));
        }
        if (el.classList.contains("math")) el.classList.add("bg-wide");   // its scroll shadows (bg-site.css)
      } else {
        if (el.getAttribute(OWN) === "named") { el.removeAttribute("role"); el.removeAttribute("aria-label"); }
        el.removeAttribute(OWN);
        if (el.hasAttribute("data-bg-tab")) {
          el.setAttribute("tabindex", el.getAttribute("data-bg-tab")); el.removeAttribute("data-bg-tab");
        } else el.removeAttribute("tabindex");
        el.classList.remove("bg-wide");
      }
    });
  }
  // "Back to top" floats at the bottom centre of the screen: hidden while a dealing
  // table or a replay reaches into the bottom fifth of the screen, where the button is
  var near = new Set();
  var watcher = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (e) { if (e.isIntersecting) near.add(e.target); else near.delete(e.target); });
    document.documentElement.classList.toggle("bg-no-back-to-top", near.size > 0);
  }, { rootMargin: "-80% 0px 0px 0px" }) : null;
  function watchTables() {
    if (!watcher) return;
    document.querySelectorAll(".bg-live, .bg-live-table, .bg-replay").forEach(function (el) {
      if (!el.hasAttribute("data-bg-watched")) { el.setAttribute("data-bg-watched", ""); watcher.observe(el); }
    });
  }
  var pending = false;
  function fix() {
    pending = false;
    playLabels(document);
    cardTitles(document);
    themeNames();
    scrollBoxes();
    watchTables();
  }
  // Not while a Deal live box is busy (aria-busy, set by live-tables.js while Python starts
  // and the live table is first drawn): its hundreds of changes would each walk the article
  // and measure its boxes (about 150 ms of the start); one pass follows when it is done.
  function later() {
    if (pending || document.querySelector('.bg-live[aria-busy="true"]')) return;
    pending = true;
    window.requestAnimationFrame(fix);
  }
  document.addEventListener("DOMContentLoaded", function () {
    fix();
    new MutationObserver(later).observe(document.body, {
      childList: true, subtree: true, attributes: true, attributeFilter: ["class", "aria-label", "open", "aria-busy"]
    });
  });
  window.addEventListener("resize", function () { later(); });
  // Paper is white: a page read in dark mode prints in the light theme (dark ink
  // on white, the replay and tables included), and goes back to dark after.
  // bg-site.css's print rules do the same where this script cannot run.
  function printLight() {
    var root = document.documentElement;
    if (root.dataset.theme === "dark") {
      root.dataset.theme = "light"; root.setAttribute("data-bg-print-dark", "");
      if (root.dataset.bsTheme) root.dataset.bsTheme = "light";
    }
  }
  function afterPrintTheme() {
    var root = document.documentElement;
    if (root.hasAttribute("data-bg-print-dark")) {
      root.dataset.theme = "dark"; root.removeAttribute("data-bg-print-dark");
      if (root.dataset.bsTheme) root.dataset.bsTheme = "dark";
    }
  }
  window.addEventListener("beforeprint", printLight);
  window.addEventListener("afterprint", afterPrintTheme);
  if (window.matchMedia) {
    var printQuery = window.matchMedia("print");
    var onPrintChange = function (e) { if (e.matches) printLight(); else afterPrintTheme(); };
    if (printQuery.addEventListener) printQuery.addEventListener("change", onPrintChange);
  }
  window.addEventListener("beforeprint", function () {
    // solutions and hidden blocks print open; afterprint folds them again
    document.querySelectorAll("details:not([open]):not(.above-input):not(.below-input)").forEach(function (d) {
      d.open = true; d.setAttribute("data-bg-print-opened", "");
    });
    document.querySelectorAll(".toggle-hidden").forEach(function (el) {
      el.classList.remove("toggle-hidden"); el.setAttribute("data-bg-print-shown", "");
    });
    document.querySelectorAll(".bg-replay").forEach(function (replay) {
      var old = replay.querySelector(".bg-print-frame");
      if (old) old.remove();
      var view = replay.querySelector(".bg-frames");
      var last = replay.dataset.lastFrame;
      if (!last) {
        // the frames are in the page's widget state: the stack's last child
        last = lastFrameHtml(replay);
      }
      if (last == null || !view) return;
      if (replay.querySelector(".bg-frame-styles")) {
        // a merged replay (render.merge_frames): the stack holds what each frame hides,
        // for the screen; the printed copy of the drawing hides what the last frame hides
        var board = view.querySelector(".widget-html-content");
        if (!board) return;
        last = board.innerHTML + last.replace("@media screen", "@media print");
      } else if (!last) return;
      var box = document.createElement("div");
      box.className = "bg-print-frame";
      box.style.display = "none";
      box.innerHTML = last;
      view.parentElement.insertBefore(box, view);
    });
  });
  window.addEventListener("afterprint", function () {
    document.querySelectorAll("[data-bg-print-opened]").forEach(function (d) {
      d.open = false; d.removeAttribute("data-bg-print-opened");
    });
    document.querySelectorAll("[data-bg-print-shown]").forEach(function (el) {
      el.classList.add("toggle-hidden"); el.removeAttribute("data-bg-print-shown");
    });
  });
  function lastFrameHtml(replay) {
    var holder = replay.closest(".output, .cell_output") || document;
    var scripts = holder.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]');
    var state = document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]');
    if (!state || !scripts.length) return null;
    try {
      var models = JSON.parse(state.textContent).state;
      var root = JSON.parse(scripts[scripts.length - 1].textContent).model_id;
      var found = null;
      (function walk(id, depth) {
        var m = models[id.replace("IPY_MODEL_", "")];
        if (!m || depth > 6 || found) return;
        if (m.model_name === "StackModel") {
          var kids = m.state.children;
          var lastKid = models[kids[kids.length - 1].replace("IPY_MODEL_", "")];
          found = lastKid && lastKid.state.value;
          return;
        }
        (m.state.children || []).forEach(function (c) { walk(c, depth + 1); });
      })(root, 0);
      return found;
    } catch (e) { return null; }
  }

  // 5. JupyterLite from file:// (issue 21)
  function liteFromFiles() {
    if (location.protocol !== "file:") return;
    var command = "python open-book.py";
    var said = T("Your browser does not let JupyterLite start in a page opened from files (file://): " +
      "to try this game's notebook in JupyterLite, open the book with its launcher (in the book's " +
      "folder run: {command}).", { command: command });
    var note = document.querySelector(".bg-lite-note");
    if (note) {
      var parts = said.split(command);
      note.textContent = parts[0];
      var code = document.createElement("code");
      code.textContent = command;
      note.appendChild(code);
      note.appendChild(document.createTextNode(parts.slice(1).join(command)));
      note.id = note.id || "bg-lite-note";
    }
    document.querySelectorAll("a.btn-jupyterlite-button, a.bg-lite-link").forEach(function (a) {
      a.setAttribute("title", said);
      a.setAttribute("data-bs-original-title", said);
      a.removeAttribute("target");
      a.setAttribute("href", note ? "#" + note.id : "#");
      a.addEventListener("click", function (e) {
        if (!note) { e.preventDefault(); window.alert(said); }
      });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", liteFromFiles);
  else liteFromFiles();
})();

/* "Deal live": this book's dealing tables, in Python, in the reader's page.
 *
 * Each game chapter has a <div class="bg-live"> (book/_ext/live_tables.py)
 * with a "Deal live" button, a progress line and the Python code that makes
 * the chapter's table (the same code as the chapter's cell for Jupyter).
 * Pressing the button starts Pyodide from this folder (_static/live/, the
 * site's own files), unpacks the wheels listed in wheels.json, runs
 * bridge.py, runs the chapter's code and shows the table with the page's
 * ipywidgets HTML manager in place of the build-time replay. Every click then
 * runs the table's Python callbacks. No game rule is written here.
 *
 * Nothing of Pyodide is fetched until the reader presses the button; a reader
 * who has used Deal live on this site before (remembered in localStorage) has
 * Python start in the background when the section scrolls into view.
 * The first start in a browser saves a memory snapshot of Python (bridge.py
 * run, the tables' modules imported) in IndexedDB; later pages of the same
 * build start Python from it (see "Pyodide's memory snapshot" below).
 */
(function () {
  "use strict";
  var scriptUrl = document.currentScript.src;
  // The words shown in the page's language: T("English {field}", {field: value}) is the site
  // script's lookup (static/bg-site.js, window.bgT, loaded before this script on every page: it
  // reads the edition's words, falls back to the English and fills the {fields});
  // num(x) writes a number as the page's language does (German 1.234,5, Russian 1 234,5).
  var LANG = document.documentElement.lang || "en";
  function T(english, fields) { return window.bgT(english, fields); }
  function num(x, digits) {
    var o = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
    try { return x.toLocaleString(LANG, o); } catch (e) { return x.toLocaleString("en", o); }
  }
  var here = scriptUrl.replace(/[^\/]*$/, "");
  var started = null;       // Promise of {pyodide, bridge, manager}
  var stepListeners = [];
  var timings = (window.bgLiveTimings = {});
  // Python's messages are applied one after the other, each once the one
  // before has been applied, in the order Python sent them (as they reach a
  // notebook from a kernel). The models apply updates asynchronously: without
  // this a quick update (a slider's value, jslinked to a Stack's index) could
  // overtake a slower one sent earlier (the Stack's new children).
  var chain = Promise.resolve();
  function nextFrame() {
    return new Promise(function (resolve) {
      requestAnimationFrame(function () { setTimeout(resolve, 0); });
    });
  }
  function inOrder(job) {
    chain = chain.then(pressOver).then(job).catch(function (e) { console.error("Deal live: widget message", e); });
    return chain;
  }

  // A press on a table is not disturbed by Python's answers (issue 32). Pressing a
  // button takes the focus from a text field, whose value then goes to Python
  // (continuous_update=False), and Python answers at once ("Not in play yet:
  // seed"): the table's message changes height and the button moves away between
  // the press and the release, so the click lands on the text below it and the
  // typed seed is not used. Python's messages are therefore held from a press
  // (pointerdown) until its click has been handled, or until 400 ms after the
  // release if no click comes, and never longer than 3 s; then they are applied
  // in the order Python sent them, the button's own answer last.
  var held = null;           // {promise, release, timers} while a press is under way
  function pressOver() { return held ? held.promise : undefined; }
  function release() {
    if (!held) return;
    var h = held;
    held = null;
    h.timers.forEach(clearTimeout);
    h.release();
  }
  function hold() {
    release();
    var h = { timers: [] };
    h.promise = new Promise(function (resolve) { h.release = resolve; });
    h.timers.push(setTimeout(release, 3000));
    held = h;
  }
  function inTable(e) {
    return e.target instanceof Element && e.target.closest(".bg-live-table") !== null;
  }
  document.addEventListener("pointerdown", function (e) {
    if (e.isPrimary && e.button === 0 && inTable(e)) hold();
  }, true);
  document.addEventListener("pointerup", function () {
    if (held) held.timers.push(setTimeout(release, 400));
  }, true);
  document.addEventListener("pointercancel", release, true);
  // after the click's own handlers (the widget's, which sends it to Python) have run
  document.addEventListener("click", function () { if (held) setTimeout(release, 0); }, false);

  var lastStep = null;       // the step under way, for a reader who presses the button mid-load

  // Bytes of the two large files (pyodide.asm.wasm, 9.6 MB, and python_stdlib.zip) as they
  // arrive: Pyodide fetches them with the page's fetch, and while Python loads that fetch hands
  // back their responses with a body that counts the bytes read on their way to Pyodide
  // (nothing is fetched twice; the wasm still compiles while it streams). Without it the
  // progress moved only when a whole file had arrived (the browser's resource timing).
  var arriving = {};         // absolute URL -> bytes received so far
  var byteListeners = [];
  function countingFetch(realFetch) {
    return function (input) {
      var p = realFetch.apply(window, arguments);
      var url;
      try { url = new URL(input && input.url ? input.url : String(input), location.href).href; } catch (e) { return p; }
      if (url.indexOf(here) !== 0 || !/\.(wasm|zip)$/.test(url.split("?")[0]) || !window.TransformStream) return p;
      return p.then(function (r) {
        if (!r.ok || !r.body) return r;
        var n = 0;
        var counted = r.body.pipeThrough(new TransformStream({
          transform: function (chunk, out) {
            n += chunk.byteLength;
            arriving[url] = n;
            byteListeners.forEach(function (fn) { fn(); });
            out.enqueue(chunk);
          }
        }));
        return new Response(counted, { status: r.status, statusText: r.statusText, headers: r.headers });
      });
    };
  }
  function step(text, fraction) {
    lastStep = [text, fraction];
    stepListeners.forEach(function (fn) { fn(text, fraction); });
  }

  function widgetManager() {
    return new Promise(function (resolve, reject) {
      window.requirejs(["@jupyter-widgets/html-manager"], function (m) {
        resolve(new m.HTMLManager());
      }, reject);
    });
  }

  function PageComm(id, target, bridge) {
    this.comm_id = id;
    this.target_name = target;
    this._bridge = bridge;
    this._onmsg = null;
    this._onclose = null;
    this._queue = [];
  }
  PageComm.prototype.on_msg = function (cb) {
    this._onmsg = cb;
    var queued = this._queue;
    this._queue = [];
    queued.forEach(function (m) { cb(m); });
  };
  PageComm.prototype.on_close = function (cb) { this._onclose = cb; };
  PageComm.prototype.open = function () { return ""; };
  PageComm.prototype.close = function () { return ""; };
  PageComm.prototype.send = function (data, callbacks, metadata, buffers) {
    var bufs = (buffers || []).map(function (b) {
      return new Uint8Array(b.buffer ? b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) : b);
    });
    this._bridge.deliver(this.comm_id, JSON.stringify(data), bufs);
    // Python has handled the message: tell the model, as a kernel's "idle" would.
    // Not synchronously: the model counts the message as pending only after send returns.
    if (callbacks && callbacks.iopub && callbacks.iopub.status) {
      var status = callbacks.iopub.status;
      queueMicrotask(function () {
        status({ header: {}, parent_header: {}, metadata: {}, content: { execution_state: "idle" } });
      });
    }
    return "";
  };
  PageComm.prototype._receive = function (msg) {
    var self = this;
    var state = (msg.content.data || {}).state || {};
    inOrder(function () {
      if (!self._onmsg) { self._queue.push(msg); return; }
      var applied = self._onmsg(msg);
      if (!("children" in state || "selected_index" in state || typeof state.value === "number")) return applied;
      // a container's new child views post Lumino resize messages, handled at
      // the next frame; html-manager 1.0.15's Stack makes a new child view on
      // every change of its index (also through a jslinked slider or Play's
      // number value). Let that frame pass before a later update may remove
      // those views (else Lumino logs "processLuminoMessage" of null)
      return Promise.resolve(applied).then(nextFrame);
    });
  };

  // Keyboard and screen readers (issue 19), on the table the page's widget
  // manager drew: the tables' panel titles ("Step through this deal", "Event
  // log", "Repeat") are buttons already (widgets.common.Disclosure) and get
  // aria-expanded here; any ipywidgets Accordion header (a plain <div> that
  // Tab skips) becomes a button (Tab stop, Enter or Space opens or closes it,
  // aria-expanded says which);
  // each table's message bar (.bg-message, an element that lives as long as
  // the table) becomes its live region, so that what a press did or why it
  // was refused is announced, and is scrolled into view when a message
  // changes while it is off-screen, so that something near the pressed
  // button shows what changed.
  function headerOpen(header) {
    var contents = header.parentNode && header.parentNode.querySelector(".jupyter-widget-Collapse-contents");
    return !!contents && !contents.classList.contains("lm-mod-hidden");
  }
  // The layout of a table (widgets.layout_picker: 8 column heads, 4 row heads and 32 cells, each a
  // button) is one Tab stop (issue 32: passing it took 46 presses): the button last used keeps
  // tabindex 0, the others -1, and the arrow keys move between the buttons as they lie on the
  // screen (Home and End: the first and last of the row; Ctrl+Home, Ctrl+End: of the layout).
  function pickButtons(grid) {
    var n = (getComputedStyle(grid).gridTemplateColumns || "").split(" ").filter(Boolean).length;
    var places = [];
    Array.prototype.forEach.call(grid.children, function (child, i) {
      var b = child.querySelector("button");
      if (b && n) places.push({ b: b, r: Math.floor(i / n), c: i % n });
    });
    return places;
  }
  function layoutGrids(root) {
    root.querySelectorAll(".bg-pick-grid").forEach(function (grid) {
      var places = pickButtons(grid);
      if (!places.length) return;
      if (!grid.bgRoving) {
        grid.bgRoving = true;
        grid.setAttribute("role", "group");
        if (!grid.hasAttribute("aria-label"))
          grid.setAttribute("aria-label", T("Layout: arrow keys move between its places, Enter or Space chooses one"));
        grid.addEventListener("focusin", function (e) {
          pickButtons(grid).forEach(function (p) { p.b.tabIndex = p.b === e.target ? 0 : -1; });
        });
        grid.addEventListener("keydown", function (e) {
          var all = pickButtons(grid);
          var at = all.filter(function (p) { return p.b === document.activeElement; })[0];
          if (!at) return;
          var go = null;
          function find(r, c) { return all.filter(function (p) { return p.r === r && p.c === c; })[0]; }
          function step(dr, dc) {   // the next button that way (skipping the empty corner)
            for (var r = at.r + dr, c = at.c + dc; r >= 0 && c >= 0 && r < 99 && c < 99; r += dr, c += dc) {
              var p = find(r, c);
              if (p) return p;
              if (!all.some(function (q) { return (dr && q.r === r) || (dc && q.c === c) || (dr && q.r > r) || (dc && q.c > c); })) return null;
            }
            return null;
          }
          var row = all.filter(function (p) { return p.r === at.r; });
          if (e.key === "ArrowRight") go = step(0, 1);
          else if (e.key === "ArrowLeft") go = step(0, -1);
          else if (e.key === "ArrowDown") go = step(1, 0);
          else if (e.key === "ArrowUp") go = step(-1, 0);
          else if (e.key === "Home") go = e.ctrlKey ? all[0] : row[0];
          else if (e.key === "End") go = e.ctrlKey ? all[all.length - 1] : row[row.length - 1];
          else return;
          e.preventDefault();
          if (go) go.b.focus();
        });
      }
      var current = places.filter(function (p) { return p.b.tabIndex === 0; });
      if (current.length !== 1) {
        var keep = places.filter(function (p) { return p.r > 0 && p.c > 0; })[0] || places[0];
        places.forEach(function (p) { p.b.tabIndex = p === keep ? 0 : -1; });
      }
    });
  }

  function accessible(root) {
    layoutGrids(root);
    root.querySelectorAll(".jupyter-widget-Collapse-header").forEach(function (header) {
      var open = String(headerOpen(header));
      if (header.getAttribute("aria-expanded") !== open) header.setAttribute("aria-expanded", open);
      if (header.bgKeys) return;
      header.bgKeys = true;
      header.setAttribute("role", "button");
      header.setAttribute("tabindex", "0");
      header.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          header.click();
        }
      });
    });
    // the tables' own disclosures (widgets.common.Disclosure: a ToggleButton per title) say
    // whether their panel is open
    root.querySelectorAll(".bg-disclosure-header").forEach(function (b) {
      var open = String(b.classList.contains("mod-active"));
      if (b.getAttribute("aria-expanded") !== open) b.setAttribute("aria-expanded", open);
    });
    root.querySelectorAll(".bg-message").forEach(function (bar) {
      if (bar.bgLive) return;
      bar.bgLive = true;
      bar.setAttribute("role", "status");
      bar.setAttribute("aria-live", "polite");
      bar.setAttribute("aria-atomic", "true");
      // the bar is the region: a message's own role=status (for JupyterLab, where this script
      // does not run) would be a region inside it, announced twice
      var inner = function () {
        bar.querySelectorAll("[role=status]").forEach(function (m) {
          m.removeAttribute("role");
          m.removeAttribute("aria-live");
        });
      };
      inner();
      new MutationObserver(function () {
        inner();
        var r = bar.getBoundingClientRect();
        if (r.height && (r.top < 0 || r.bottom > window.innerHeight)) bar.scrollIntoView({ block: "nearest" });
      }).observe(bar, { childList: true, subtree: true, characterData: true });
    });
  }
  // "Scan a code" on the class results board (issue 20): where the browser can use a camera
  // (navigator.mediaDevices.getUserMedia in a secure context: https, localhost, a file), a
  // button under the board's Codes box opens the camera in a small preview and reads QR codes
  // (the group codes' QR, banking_games.group_codes.qr_svg) with jsQR, vendored from npm and
  // served by this site (_static/vendor/jsqr/jsQR.js, loaded only when the button is pressed).
  // A code read is added as a line of the Codes box (with the input and change events, so the
  // board's Python sees it) and the camera stops; the teacher still presses Add. Nothing of the
  // camera starts before the press; a refusal or a missing camera is said in one sentence, and
  // typing the codes always works.
  var SCAN_CSS = ".bg-scan{margin:.3rem 2px .5rem}" +
    ".bg-scan button{font:inherit;padding:.25rem .8rem;border-radius:4px;cursor:pointer;" +
    "border:1px solid #1a5fb4;background:#1a5fb4;color:#fff;margin-right:.5rem}" +
    ".bg-scan video{display:block;width:min(100%,16rem);margin:.4rem 0;border:1px solid #888;background:#000}" +
    ".bg-scan-status{margin:.3rem 0 0}";
  function canScan() {
    return !!(window.isSecureContext && navigator.mediaDevices &&
              typeof navigator.mediaDevices.getUserMedia === "function");
  }
  var decoder = null;        // Promise of jsQR
  function loadDecoder() {
    if (decoder) return decoder;
    decoder = new Promise(function (resolve, reject) {
      // jsQR's UMD build registers itself as an AMD module where require.js is on the page
      window.requirejs([here + "../vendor/jsqr/jsQR.js"], resolve, reject);
    });
    decoder.catch(function () { decoder = null; });
    return decoder;
  }
  // A paste into the board's Codes box larger than the board reads at one Add (issue 32) is
  // refused here, at once: the text never reaches the box (10,000 lines kept the page busy for
  // 0.4 s just to lay out the box) nor Python. The limits are the board's own
  // (widgets.board.MAX_PASTE_LINES, MAX_PASTE_CHARS), read from the box's class
  // "bg-paste-<lines>-<characters>" that the board gives it.
  function guardPaste(board, area) {
    var box = area.closest(".widget-textarea") || area;
    var m = /(?:^|\s)bg-paste-(\d+)-(\d+)(?:\s|$)/.exec(box.className);
    if (!m || area.bgGuard) return;   // (the class may come after the box: called again then)
    area.bgGuard = true;
    var maxLines = +m[1], maxChars = +m[2];
    var note = document.createElement("p");
    note.className = "bg-paste-note";
    note.setAttribute("role", "alert");
    note.hidden = true;
    box.parentNode.insertBefore(note, box.nextSibling);
    function refuse(e, text) {
      if (!text) return;
      var lines = text.split(/\r\n|\r|\n/).length;
      if (lines <= maxLines && text.length <= maxChars) return;
      e.preventDefault();
      note.textContent = T("Not pasted: this text has {lines} lines ({characters} characters); Add reads " +
        "at most {max_lines} lines ({max_characters} characters) at a time, a class's codes. Paste them in parts.",
        { lines: num(lines), characters: num(text.length), max_lines: num(maxLines), max_characters: num(maxChars) });
      note.hidden = false;
    }
    area.addEventListener("paste", function (e) {
      refuse(e, e.clipboardData && e.clipboardData.getData("text"));
    }, true);
    area.addEventListener("drop", function (e) {
      refuse(e, e.dataTransfer && e.dataTransfer.getData("text"));
    }, true);
    area.addEventListener("input", function () { note.hidden = true; });
  }

  function addScanner(root) {
    root.querySelectorAll(".bg-board").forEach(function (board) {
      var area = board.querySelector("textarea");
      if (area) guardPaste(board, area);
      if (board.bgScan) return;
      if (!area) return;
      board.bgScan = true;
      if (!canScan()) {
        if (!window.isSecureContext) {
          // the camera is offered only on a secure address: say why there is no Scan button
          var why = document.createElement("p");
          why.className = "bg-scan-why";
          why.textContent = T("Scanning a group's QR code needs this device's camera, which browsers allow only " +
            "on a secure address (https://, or this computer's own, localhost). Here, type or paste the codes.");
          var box = area.closest(".widget-textarea") || area;
          box.parentNode.insertBefore(why, box.nextSibling);
        }
        return;
      }
      if (!document.getElementById("bg-scan-css")) {
        var css = document.createElement("style");
        css.id = "bg-scan-css";
        css.textContent = SCAN_CSS;
        document.head.appendChild(css);
      }
      var panel = document.createElement("div");
      panel.className = "bg-scan";
      var scan = document.createElement("button");
      scan.type = "button";
      scan.textContent = T("Scan a code");
      scan.title = T("Read a group's QR code with this device's camera into the Codes box");
      var stop = document.createElement("button");
      stop.type = "button";
      stop.textContent = T("Stop the camera");
      stop.title = T("Stop the camera without reading a code");
      stop.hidden = true;
      var video = document.createElement("video");
      video.muted = true;
      video.setAttribute("playsinline", "");
      video.setAttribute("aria-label", T("Camera preview: hold a group's QR code in front of the camera"));
      video.hidden = true;
      var status = document.createElement("p");
      status.className = "bg-scan-status";
      status.setAttribute("role", "status");
      status.setAttribute("aria-live", "polite");
      panel.append(scan, stop, video, status);
      var field = area.closest(".widget-textarea") || area;
      field.parentNode.insertBefore(panel, field.nextSibling);

      var stream = null, timer = null, canvas = null;
      function stopCamera() {
        if (timer) clearTimeout(timer);
        timer = null;
        if (stream) stream.getTracks().forEach(function (t) { t.stop(); });
        stream = null;
        video.srcObject = null;
        video.hidden = true;
        stop.hidden = true;
        scan.hidden = false;
      }
      function put(text) {
        var lines = text.split(/\r?\n/).map(function (l) { return l.trim(); }).filter(Boolean);
        var before = area.value.replace(/\s+$/, "");
        area.value = (before ? before + "\n" : "") + lines.join("\n");
        area.dispatchEvent(new Event("input", { bubbles: true }));
        area.dispatchEvent(new Event("change", { bubbles: true }));
      }
      function look(jsQR) {
        timer = null;
        if (!stream) return;
        var w = video.videoWidth, h = video.videoHeight;
        if (w && h) {
          var scale = Math.min(1, 640 / Math.max(w, h));
          w = Math.round(w * scale);
          h = Math.round(h * scale);
          canvas = canvas || document.createElement("canvas");
          canvas.width = w;
          canvas.height = h;
          var ctx = canvas.getContext("2d", { willReadFrequently: true });
          ctx.drawImage(video, 0, 0, w, h);
          var found = jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "dontInvert" });
          if (found && found.data && found.data.trim()) {
            put(found.data);
            stopCamera();
            status.textContent = T("Read a code into the Codes box: check it and press Add, or scan another.");
            scan.focus();
            return;
          }
        }
        timer = setTimeout(function () { look(jsQR); }, 150);
      }
      stop.addEventListener("click", function () {
        stopCamera();
        status.textContent = T("The camera is off; no code was read.");
        scan.focus();
      });
      scan.addEventListener("click", async function () {
        scan.disabled = true;
        status.textContent = T("Starting the camera...");
        try {
          var jsQR;
          try {
            jsQR = await loadDecoder();
          } catch (e) {
            throw { reader: T("The code reader could not be loaded from this site; type or paste the codes instead.") };
          }
          try {
            stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
          } catch (e) {
            var name = e && e.name;
            throw { reader: name === "NotAllowedError" || name === "SecurityError" ?
              T("The browser did not allow the camera, so type or paste the codes instead.") :
              name === "NotFoundError" || name === "OverconstrainedError" || name === "NotReadableError" ?
              T("No camera could be used here, so type or paste the codes instead.") :
              T("The camera could not start ({why}), so type or paste the codes instead.", { why: name || e }) };
          }
          video.srcObject = stream;
          video.hidden = false;
          stop.hidden = false;
          scan.hidden = true;
          stop.focus();
          await video.play().catch(function () {});
          status.textContent = T("Camera on: hold a group's QR code in front of it.");
          look(jsQR);
        } catch (err) {
          stopCamera();
          status.textContent = err && err.reader ? err.reader :
            T("The camera could not start, so type or paste the codes instead.");
          if (!(err && err.reader)) console.warn("Scan a code", err);
        } finally {
          scan.disabled = false;
        }
      });
      // the camera stops when the page is left
      window.addEventListener("pagehide", stopCamera);
    });
  }
  window.bgScanAvailable = canScan;  // for tests

  // A class session (open-book.py --class, issue 34). The launcher marks every file it serves
  // with the header X-Class-Session (the path of its status, class/status); no other server
  // does, so a page elsewhere (a published site, JupyterLab) never asks for that path (a 404
  // would be an error in its console) and shows no Send button. On the launcher's pages:
  // * a group's table shows "Send to the class board" under its code (group_code_view.py
  //   draws it hidden), which posts the code's text to class/groups; the button's status
  //   line says what the launcher answered (sent, sent before, or why not);
  // * the teacher's board (a browser holding the teacher's cookie) asks class/groups for the
  //   codes received every second and hands the new ones to Python
  //   (banking_games.widgets.class_link.receive, which adds them with the board's Add, as
  //   typed codes, shows the class code and join address on the board, projector view
  //   included, and on the board's first call takes the launcher's stored Reveal setting),
  //   and tells the launcher of its Remove, Clear all and Reveal (bgClassTell).
  var siteRoot = here.replace(/_static\/live\/$/, "");
  var classInfo = null;
  var CLASS_POLL_MS = 1000;
  function classSession() {
    if (classInfo) return classInfo;
    classInfo = fetch(here + "wheels.json", { cache: "no-store" }).then(function (r) {   // (1 kB; a HEAD of a
      // gzip-encoded file was aborted by Chromium after its 200)
      var path = r.headers.get("X-Class-Session");
      if (!r.ok || !path || !/^[a-z][a-z\/]*$/.test(path)) return null;
      return fetch(siteRoot + path, { cache: "no-store" }).then(function (s) { return s.ok ? s.json() : null; });
    }).catch(function () { return null; });
    return classInfo;
  }
  window.bgClassSession = classSession;  // for tests
  function launcherSays(text) {   // "403 Forbidden: why" -> "why"
    return String(text || "").replace(/^\d{3} [^:]*: /, "").trim();
  }
  // Why the teacher's launcher refused a Send, in the page's language: its header
  // "X-Refusal: <reason> [<number>]" (scripts/release/open-book.py, REFUSALS); a launcher
  // without the header (or a reason this page does not know) is quoted as it wrote it.
  function refusalSays(r, text) {
    var head = String(r.headers.get("X-Refusal") || "").trim().split(/\s+/);
    var most = head[1] ? num(parseInt(head[1], 10)) : "";
    switch (head[0]) {
      case "too-large": return T("the code is too long (at most {most} bytes)", { most: most });
      case "timeout": return T("the code did not arrive in time; press Send again");
      case "not-a-code": return T("that is not a group code (letters, digits and hyphens, at most {most} characters)",
                                  { most: most });
      case "too-many": return T("too many requests from this device; wait a few seconds and try again");
      case "other-site": return T("a page of another site cannot send here");
      case "not-joined": return T("this device has not joined the class: open the address your teacher shows (it ends with /join/ and the class code), then send");
      case "board-full": return T("the board holds {most} codes, the most it keeps; ask your teacher to clear it",
                                  { most: most });
      default: return launcherSays(text);
    }
  }
  function sendButtons(root, info) {
    root.querySelectorAll("button.bg-send-code").forEach(function (b) {
      if (b.bgSend) return;
      b.bgSend = true;
      b.hidden = false;
      b.style.display = "";   // (hidden by its style too, where a stylesheet shows every button)
      var said = b.nextElementSibling;
      b.addEventListener("click", function () {
        b.disabled = true;
        said.textContent = T("Sending...");
        window.bgClassSent = performance.now();   // for tests: when the last Send was pressed
        fetch(siteRoot + "class/groups", { method: "POST", body: b.getAttribute("data-code"), cache: "no-store",
                                          headers: { "Content-Type": "text/plain;charset=utf-8" } })
          .then(function (r) {
            return r.text().then(function (t) {
              if (r.ok) {
                var got = {};
                try { got = JSON.parse(t); } catch (e) { /* an answer without details */ }
                said.textContent = got.new === false ? T("Sent before: the class board has this code.") :
                  T("Sent: the class board has this code.");
              } else {
                said.textContent = T("Not sent: {why}.", { why: refusalSays(r, t) });
              }
            });
          }, function () {
            said.textContent = T("Not sent: the teacher's laptop did not answer. Read out or show the code instead.");
          })
          .then(function () { b.disabled = false; });
      });
    });
  }
  function boardLink(root, info) {
    var board = root.querySelector(".bg-board");
    if (!board || !info.teacher || root.bgClassPoll || !root.bgModelId) return;
    root.bgClassPoll = true;
    var line = document.createElement("p");
    line.className = "bg-class-status";
    line.setAttribute("role", "status");
    var about = T("Class session {code}: groups open {address} and press Send to the class board under " +
      "their code; each group shows here within a second or two.", { code: info.class_code, address: (info.join || [])[0] });
    // what the launcher was not told, for each change the board tells it (class_link._tell_launcher)
    var untold = {
      remove: [T("(The launcher did not take the remove.)"),
               T("(The launcher did not answer: the remove is on this board only.)")],
      clear: [T("(The launcher did not take the clear.)"),
              T("(The launcher did not answer: the clear is on this board only.)")],
      reveal: [T("(The launcher did not take the reveal.)"),
               T("(The launcher did not answer: the reveal is on this board only.)")]
    };
    line.textContent = about;
    root.insertBefore(line, root.firstChild);
    var after = 0, epoch = 0, busy = false, first = true;
    window.bgClassTell = function (op, text) {
      epoch += 1;      // a list asked for before this change is not used
      fetch(siteRoot + "class/" + op, { method: "POST", body: text || "", cache: "no-store",
                                       headers: { "Content-Type": "text/plain;charset=utf-8" } })
        .then(function (r) {
          if (!r.ok) line.textContent = about + " " + (untold[op] ? untold[op][0] : "(The launcher did not take the " + op + ".)");
        }, function () {
          line.textContent = about + " " + (untold[op] ? untold[op][1] :
            "(The launcher did not answer: the " + op + " is on this board only.)");
        });
    };
    function poll() {
      if (busy) return;
      busy = true;
      var asked = epoch;
      fetch(siteRoot + "class/groups?after=" + after, { cache: "no-store" }).then(function (r) {
        return r.ok ? r.json() : null;
      }).then(function (list) {
        line.textContent = about;
        if (!list || asked !== epoch || !window.bgLivePython) return;
        if (!list.groups.length && !first) return;
        first = false;
        var mod = window.bgLivePython.pyimport("banking_games.widgets.class_link");
        // the class code and join address for the board (its projector view shows them too),
        // and the launcher's stored Reveal setting, which the board takes when it is loaded
        var session = JSON.stringify({ class_code: info.class_code, join: (info.join || [])[0] || "",
                                       revealed: list.revealed === undefined ? null : list.revealed });
        try {
          var out = JSON.parse(mod.receive(root.bgModelId, JSON.stringify(list.groups), session));
          if (out.error) console.warn("Class session: " + out.error);
          else if (out.done > after) after = out.done;
        } finally {
          mod.destroy();
        }
      }, function () {
        line.textContent = about + " " + T("The launcher does not answer (stopped?): the board keeps its " +
          "groups and reads the new ones when it is back.");
      }).catch(function (e) { console.warn("Class session: the board's list", e); })
        .then(function () { busy = false; setTimeout(poll, CLASS_POLL_MS); });
    }
    poll();
  }
  function classLink(root) {
    if (!root.querySelector("button.bg-send-code, .bg-board")) return;
    classSession().then(function (info) {
      if (!info || !info.session) return;
      sendButtons(root, info);
      boardLink(root, info);
    });
  }

  function keepAccessible(root) {
    addScanner(root);
    accessible(root);
    classLink(root);
    new MutationObserver(function () { addScanner(root); accessible(root); classLink(root); })
      .observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
  }
  window.bgLiveAccessible = accessible;  // for tests

  // What the reader is told when Python cannot start (issue 21): one sentence in the box
  // saying what happened and how to open the book so that it works. Each such failure is a
  // ReaderError; anything else is reported with its own message.
  var COMMAND = "python open-book.py";
  // a clause that ends several sentences below (their field {launcher})
  function launcher() {
    // TRANSLATORS: a clause that ends other sentences ("reload the page, or {launcher}."), so an
    // imperative without a capital letter; {command} is the command, kept as it is
    return T("open the book with its launcher (in the book's folder run: {command})", { command: COMMAND });
  }
  // ``text`` into ``el``, the launcher's command as code
  function say(el, text) {
    el.textContent = "";
    text.split(COMMAND).forEach(function (part, i) {
      if (i) {
        var code = document.createElement("code");
        code.textContent = COMMAND;
        el.appendChild(code);
      }
      el.appendChild(document.createTextNode(part));
    });
  }
  function ReaderError(sentence) {
    var e = new Error(sentence);
    e.reader = true;
    return e;
  }
  function fileName(url) { return url.replace(/[?#].*$/, "").replace(/^.*\//, ""); }

  // Fetch one of this site's files; a network error or an HTTP error status becomes a
  // sentence naming the file. ``options`` go to fetch (cache mode).
  function fetchOk(url, options) {
    var name = fileName(url);
    return fetch(url, options).catch(function () {
      throw ReaderError(T("The browser could not fetch {file} from this site (the network " +
                          "connection or a filter stopped it); reload the page, or {launcher}.",
                          { file: name, launcher: launcher() }));
    }).then(function (r) {
      if (r.ok) return r;
      if (r.status === 403 || r.status === 451) {
        throw ReaderError(T("The network refused the file {file} (HTTP {status}), probably a school or " +
                            "office filter that blocks .{suffix} files: ask for this site to be allowed, " +
                            "or {launcher}.", { file: name, status: r.status, suffix: name.split(".").pop(),
                                               launcher: launcher() }));
      }
      throw ReaderError(T("This site did not send the file {file} (HTTP {status}), so its copy of the " +
                          "book may be incomplete: {launcher}.", { file: name, status: r.status, launcher: launcher() }));
    });
  }

  // A wheel is a zip file: its first bytes are "PK\x03\x04". A filter's "blocked" page sent
  // with status 200 in its place is HTML.
  function checkWheel(name, response, buf) {
    var b = new Uint8Array(buf, 0, Math.min(4, buf.byteLength));
    var zip = b.length === 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 3 && b[3] === 4;
    if (zip) return;
    var type = (response.headers.get("content-type") || "").split(";")[0];
    var typeName = type || T("no type");
    throw ReaderError(/html/.test(type) ?
      T("In place of the file {file} the network sent a web page, probably a school or office filter's " +
        "\"blocked\" page: ask for this site to be allowed, or {launcher}.", { file: name, launcher: launcher() }) :
      T("In place of the file {file} the network sent something that is not a wheel ({type}), probably a " +
        "school or office filter's \"blocked\" page: ask for this site to be allowed, or {launcher}.",
        { file: name, type: typeName, launcher: launcher() }));
  }

  // Why pyodide.mjs or pyodide.asm.mjs did not load as a module: a server that sends .mjs
  // files with a type other than JavaScript (browsers refuse to run them as modules).
  async function whyNoModule(err) {
    for (var name of ["pyodide.mjs", "pyodide.asm.mjs"]) {
      var type = null;
      try {
        var r = await fetch(here + name, { method: "HEAD" });
        type = r.ok ? (r.headers.get("content-type") || "").split(";")[0].trim() : null;
      } catch (e) { type = null; }
      if (type !== null && !/javascript|ecmascript/i.test(type)) {
        var typeName = type || T("no type");
        return ReaderError(T("This web server sends {file} as \"{type}\", not as JavaScript, so the browser " +
                             "will not run it: {launcher}, which sends every file with the right type.",
                             { file: name, type: typeName, launcher: launcher() }));
      }
    }
    return err;
  }

  // Pyodide compiles pyodide.asm.wasm with WebAssembly.instantiateStreaming, which refuses a
  // response whose type is not application/wasm (Python's http.server on some systems sends
  // application/octet-stream), and the pinned Pyodide (314.0.6) then only logs a warning and
  // never finishes loading. While Pyodide starts, such a response is compiled from its bytes.
  function wasmTypeTolerant() {
    var streaming = WebAssembly.instantiateStreaming;
    if (!streaming) return function () {};
    WebAssembly.instantiateStreaming = async function (source, imports) {
      var response = await source;
      var type = (response.headers.get("content-type") || "").split(";")[0].trim();
      var w0 = performance.now();
      var made;
      if (type === "application/wasm") made = await streaming.call(WebAssembly, response, imports);
      else {
        timings.wasmType = type;
        made = await WebAssembly.instantiate(await response.arrayBuffer(), imports);
      }
      timings.wasm = [w0 - (timings.start || 0), performance.now() - w0];   // [began, took] ms
      // a snapshot is copied into the wasm's memory as it was made; Pyodide 314.0.6 sizes that
      // memory for it with an option its module never reads (the memory stays at its initial
      // 30 MiB, pyodide/pyodide#6254), so a larger one failed with "offset is out of bounds":
      // the memory is grown to the snapshot's size here, before Pyodide copies it in
      var memory = made.instance && made.instance.exports && made.instance.exports.memory;
      if (restoringBytes && memory && memory.buffer.byteLength < restoringBytes) {
        memory.grow(Math.ceil((restoringBytes - memory.buffer.byteLength) / 65536));
        timings.memoryGrown = memory.buffer.byteLength;
      }
      return made;
    };
    return function () { WebAssembly.instantiateStreaming = streaming; };
  }

  // The wheels listed in wheels.json, fetched (each under its sha256) and checked to be zip files.
  function fetchWheels(manifest) {
    return Promise.all(manifest.wheels.map(function (w) {
      // after a failed try (a filter's page, a wrong file) the next one bypasses the HTTP cache
      return fetchOk(here + w.file + "?sha256=" + w.sha256, wheelsFailed ? { cache: "reload" } : {}).then(function (r) {
        return r.arrayBuffer().then(function (buf) {
          checkWheel(w.file, r, buf);
          return buf;
        });
      });
    })).catch(function (e) {
      wheelsFailed = true;
      throw e;
    });
  }

  // Pyodide's memory snapshot (issue 22). Starting Python costs seconds on every page (Pyodide
  // sets up its interpreter and imports its own modules, then ipywidgets and the tables are
  // imported); the wasm's compiling is a small part of it. So after the first Deal live in this
  // browser has shown its table, a second Python in a worker (snapshotLater) runs bridge.py and
  // imports every chapter's table module (no JavaScript object held, no widget made), and its
  // memory is saved in IndexedDB; later pages start Python from it: Pyodide still compiles the
  // wasm, but copies the memory in place of setting Python up and importing.
  // The entry is stored under this folder's address and keyed by the build: Pyodide's version,
  // the wheels' and the standard library's sha256 and bridge.py's text. An entry made by another
  // build is never restored (it is replaced by this build's); any error in reading or restoring
  // one deletes it and Python starts normally. Pyodide 314.0.6 calls this option experimental
  // (_makeSnapshot).
  var SNAPSHOT_DB = "banking-games-live", SNAPSHOT_STORE = "python";
  var SNAPSHOT_FORMAT = 2;   // raise when what is saved changes in a way the key does not show
  var SNAPSHOT_MAX = 256 * 1024 * 1024;   // a larger one is not saved (bytes of Python's memory)
  var SNAPSHOT_CHECK = "import sys\nnext((m for m in ('bg_live_bridge', 'ipywidgets', 'banking_games.widgets.hoggenheimer') if m not in sys.modules), '')";
  function textHash(text) {   // 53-bit hash of a string (cyrb53), to name bridge.py's version
    var h1 = 0xdeadbeef, h2 = 0x41c6ce57;
    for (var i = 0; i < text.length; i++) {
      var c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
  }
  // a checksum of the saved bytes (two 32-bit lanes over 4-byte words; crypto.subtle is missing
  // on plain http from a LAN address), so that bytes damaged in storage are never restored
  function snapshotSum(bytes) {   // (int32 arithmetic only: about 20 to 100 ms for 30 MB)
    var words = bytes.byteOffset % 4 ? new Int32Array(bytes.slice(0, bytes.byteLength & ~3).buffer)
                                     : new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
    var a = 0x811c9dc5 | 0, b = bytes.byteLength | 0;
    for (var i = 0; i < words.length; i++) {
      var w = words[i];
      a = Math.imul(a ^ w, 0x01000193);
      b = (Math.imul((b + w) | 0, 0x9e3779b1 | 0) << 7) | (b >>> 25);
    }
    for (var j = words.length * 4; j < bytes.byteLength; j++) a = Math.imul(a ^ bytes[j], 0x01000193);
    return (a >>> 0).toString(16) + "-" + (b >>> 0).toString(16);
  }
  window.bgLiveSnapshotSum = snapshotSum;  // for tests
  // Python that runs bridge.py as the module bg_live_bridge (what SNAPSHOT_CHECK looks for); its
  // last expression is the loader, load(code). Here and in snapshot-worker.mjs (sent with the job).
  var BRIDGE_LOADER = "import sys, types\ndef load(code):\n    m = types.ModuleType('bg_live_bridge')\n" +
    "    m.__file__ = 'bridge.py'\n    sys.modules[m.__name__] = m\n" +
    "    exec(compile(code, 'bridge.py', 'exec'), m.__dict__)\n    return m\nload";
  function snapshotKey(manifest, bridgeCode) {
    return ["format " + SNAPSHOT_FORMAT, "pyodide " + (manifest.pyodide || "?"),
            "wheels " + manifest.wheels.map(function (w) { return w.sha256; }).join(","),
            "stdlib " + (manifest.stdlib ? manifest.stdlib.sha256 : "-"),
            "bridge " + textHash(bridgeCode)].join("; ");
  }
  function snapshotsPossible() {
    return !!window.indexedDB && !(navigator.connection && navigator.connection.saveData);
  }
  function snapshotDb() {
    return new Promise(function (resolve, reject) {
      var req = indexedDB.open(SNAPSHOT_DB, 1);
      req.onupgradeneeded = function () { req.result.createObjectStore(SNAPSHOT_STORE); };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
      req.onblocked = function () { reject(new Error("IndexedDB blocked")); };
    });
  }
  function snapshotDo(mode, job) {
    return snapshotDb().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(SNAPSHOT_STORE, mode);
        var req = job(tx.objectStore(SNAPSHOT_STORE));
        tx.oncomplete = function () { db.close(); resolve(req.result); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error || req.error); };
      });
    });
  }
  // Two records under this folder's address: "<address> meta" {key, size, sum}, small, and
  // "<address> bytes", the snapshot as a Blob (IndexedDB hands a Blob over without reading it:
  // in headless Chromium here, 30 MB came out as a Blob in 50 to 100 ms, as a Uint8Array in
  // 100 to 230 ms). Both records are read in one transaction, for a reader who has used Deal
  // live before as soon as the page is set up (opening IndexedDB takes a while), else when Deal
  // live starts; the Blob's bytes are read when Python starts, while the build's key is checked
  // and Pyodide's script and wasm load.
  // Resolves to this folder's saved entry {key, size, sum, bytes(): a promise of its Uint8Array},
  // or null (none, or unreadable: then deleted); never fails, and gives up after 3 s.
  var savedEarly = null;
  function snapshotRead() {
    if (savedEarly) { var early = savedEarly; savedEarly = null; return early; }
    if (!snapshotsPossible()) return Promise.resolve(null);
    var records = {};
    var read = snapshotDo("readonly", function (store) {
      var bytes = store.get(here + " bytes");
      bytes.onsuccess = function () { records.bytes = bytes.result; };
      return store.get(here + " meta");
    }).then(function (meta) {
      if (!meta) return null;
      if (typeof meta.key !== "string" || !(meta.size > 0) || typeof meta.sum !== "string") {
        throw new Error("malformed entry");
      }
      var blob = records.bytes, bytes = null;
      return { key: meta.key, size: meta.size, sum: meta.sum, bytes: function () {
        if (!bytes) {
          var t = performance.now();
          bytes = blob instanceof Blob ? blob.arrayBuffer().then(function (b) {
            timings.snapshotRead = performance.now() - t;
            return new Uint8Array(b);
          }) : Promise.reject(new Error("its bytes are missing"));
          bytes.catch(function () {});   // (its failure is snapshotBytes')
        }
        return bytes;
      } };
    }).catch(function (e) {
      console.warn("Deal live: the saved Python snapshot is unreadable; deleting it", e);
      timings.snapshotBad = String(e && e.message || e);
      snapshotDelete();
      return null;
    });
    var late = new Promise(function (resolve) { setTimeout(function () { resolve(null); }, 3000); });
    return Promise.race([read, late]);
  }
  // the snapshot's bytes for ``saved``, checked against its size and checksum (else it fails)
  var restoringBytes = 0;    // bytes of Python's memory in the snapshot being restored
  function snapshotBytes(saved) {
    if (saved.checked) return saved.checked;
    saved.checked = saved.bytes().then(function (bytes) {
      if (bytes.byteLength !== saved.size) throw new Error("its size differs");
      var t = performance.now();
      if (snapshotSum(bytes) !== saved.sum) throw new Error("its checksum differs");
      timings.snapshotSummed = performance.now() - t;
      timings.snapshotBytes = saved.size;
      return bytes;
    }).catch(function (e) {
      timings.snapshotBad = String(e && e.message || e);
      throw e;
    });
    saved.checked.catch(function () {});   // (its failure is loadPyodide's)
    return saved.checked;
  }
  function snapshotDelete() {
    return snapshotDo("readwrite", function (store) {
      store.delete(here + " bytes");
      return store.delete(here + " meta");
    }).catch(function () {});
  }
  // On a page that started Python normally: once the page is idle (its table shown), a second
  // Python in snapshot-worker.mjs, given bridge.py and the wheels this page fetched and checked,
  // imports every chapter's table and sends back its memory snapshot, which is saved here.
  // Not on a device that says it has under 2 GB of memory (a second Python for a few seconds).
  function snapshotLater(key, bridgeCode, wheelBufs) {
    if (navigator.deviceMemory && navigator.deviceMemory < 2) return;
    var wheels = wheelBufs.map(function (b) { return b.slice(0); });
    var t;
    window.bgLiveSnapshotSaved = new Promise(function (resolve) {
      if (window.requestIdleCallback) requestIdleCallback(resolve, { timeout: 3000 });
      else setTimeout(resolve, 500);
    }).then(function () {
      t = performance.now();
      return new Promise(function (resolve, reject) {
        var worker = new Worker(here + "snapshot-worker.mjs", { type: "module" });
        worker.onmessage = function (e) { worker.terminate(); e.data.error ? reject(new Error(e.data.error)) : resolve(e.data); };
        worker.onerror = function (e) { worker.terminate(); reject(new Error(e.message || "the worker failed")); };
        worker.postMessage({ loader: BRIDGE_LOADER, bridgeCode: bridgeCode, wheels: wheels }, wheels);
      });
    }).then(function (made) {
      var bytes = made.bytes;
      timings.snapshotMade = [made.ms, bytes.byteLength];
      if (bytes.byteLength > SNAPSHOT_MAX) return false;
      return snapshotDo("readwrite", function (store) {
        store.put(new Blob([bytes]), here + " bytes");
        return store.put({ key: key, size: bytes.byteLength, sum: snapshotSum(bytes) }, here + " meta");
      }).then(function () { timings.snapshotSaved = performance.now() - t; return true; });
    }).catch(function (e) {
      console.warn("Deal live: no Python snapshot could be made or saved", e);
      timings.snapshotFailed = String(e && e.message || e).slice(0, 300);
      return false;
    });
  }

  // Pyodide itself, loaded once per page: a later failure (a wheel a filter blocked) does not
  // load it again when the reader presses Deal live once more.
  var python = null;
  var wheelsFailed = false;
  // ``saved``: a snapshot entry to restore (see below), or null for a normal start, which then
  // makes a snapshot when this browser can keep one. Resolves to {pyodide, restored}; a failed
  // restore starts Python normally (and deletes the entry).
  // ``restoreOnly`` (a start before the press, see setUp): a restore that fails is not followed
  // by a normal start (the entry is deleted, and the press starts Python as for a new reader).
  function loadPython(saved, restoreOnly) {
    if (python) return python;
    timings.pythonLoads = (timings.pythonLoads || 0) + 1;
    python = (async function () {
      if (saved) {
        try {
          // read while Pyodide's script and wasm load (unless read before the press)
          var bytes = snapshotBytes(saved).then(function (b) {
            // the snapshot: a header (its length in the second 32-bit word), then the memory
            restoringBytes = b.byteLength - new DataView(b.buffer, b.byteOffset, 8).getUint32(4, true);
            return b;
          });
          bytes.catch(function () {});
          var py = await loadPyodideOnce({ _loadSnapshot: bytes });
          saved.checked = null;   // (30 MB no longer needed: Pyodide copied them)
          // the restored interpreter must hold what the snapshot was made with
          var missing = py.runPython(SNAPSHOT_CHECK);
          if (missing) throw new Error("the restored Python lacks " + missing);
          timings.restored = true;
          return { pyodide: py, restored: true };
        } catch (e) {
          console.warn("Deal live: the saved Python snapshot could not be restored; " +
                       (restoreOnly ? "it is deleted" : "starting Python normally"), e);
          timings.restoreFailed = String(e && e.message || e).slice(0, 300);
          restoringBytes = 0;
          await snapshotDelete();
          if (restoreOnly) throw e;
        }
      }
      return { pyodide: await loadPyodideOnce({}), restored: false, canSnapshot: snapshotsPossible() };
    })();
    python.then(function (py) { window.bgLivePython = py.pyodide; },  // for tests and debugging
                function () { python = null; });
    return python;
  }
  function loadPyodideOnce(options) {
    timings.pyodideStarts = (timings.pyodideStarts || 0) + 1;
    return (async function () {
      var restore = wasmTypeTolerant();
      // the wasm's and the standard library's bytes are counted as they stream in (progress),
      // but not when Python is restored from a snapshot: a reader who has one has these files
      // in the HTTP cache, and a response rebuilt to count its bytes is one the browser does
      // not keep compiled code for (a wasm response straight from the HTTP cache is compiled
      // once, then taken from the browser's code cache)
      var realFetch = window.fetch;
      if (!options._loadSnapshot) window.fetch = countingFetch(realFetch);
      try {
        var mod;
        try {
          mod = await import(here + "pyodide.mjs");
          timings.mjs = performance.now() - (timings.start || 0);
        } catch (e) {
          throw await whyNoModule(e);
        }
        try {
          return await mod.loadPyodide(Object.assign({ indexURL: here, packages: [], stdout: function () {} },
                                                     options));
        } catch (e) {
          throw await whyNoModule(e);
        }
      } finally {
        window.fetch = realFetch;
        restore();
      }
    })();
  }

  // ``beforePress``: started before any press, for a reader with a saved snapshot (setUp); only
  // a restore of this build's snapshot is tried then, nothing else is fetched or started.
  function start(beforePress) {
    if (started) return started;
    var t0 = performance.now();
    timings.start = t0;
    if (beforePress) timings.startedBeforePress = true;
    started = (async function () {
      step(T("Loading Python (Pyodide) from this site"), 0.05);
      var savedP = snapshotRead();   // first: opening IndexedDB takes a while
      savedP.then(function (saved) { if (saved) saved.bytes(); });   // most entries are this build's
      var managerP = widgetManager();
      // Pyodide's module is fetched and parsed while the build's key and the saved snapshot are read
      import(here + "pyodide.mjs").catch(function () {});
      // wheels.json is never taken from the HTTP cache, and each wheel is fetched under its
      // sha256 (a query string): after a redeploy with a changed engine under the same version
      // and file name, no reader runs the old wheel from the cache.
      var manifestP = fetchOk(here + "wheels.json", { cache: "no-store" }).then(function (r) { return r.json(); });
      var bridgeP = fetchOk(here + "bridge.py", { cache: "no-cache" }).then(function (r) { return r.text(); });
      manifestP.catch(function () {});
      bridgeP.catch(function () {});
      var manifest = await manifestP, bridgeCode = await bridgeP;
      var key = snapshotKey(manifest, bridgeCode);
      var saved = await savedP;
      if (saved && saved.key !== key) {
        timings.snapshotStale = true;   // made by another build of this site: never restored
        saved = null;
      }
      if (beforePress && !saved) throw new NotStarted();
      // the wheels arrive while Python starts; they are checked against wheels.json once it runs
      var wheelsP = fetchWheels(manifest);
      wheelsP.catch(function () {});
      var loaded = await loadPython(saved, beforePress);
      var pyodide = loaded.pyodide;
      timings.pyodide = performance.now() - t0;
      var tw = performance.now();
      step(T("Installing the dealing tables and ipywidgets"), 0.7);
      var sha = pyodide.runPython(
        "import hashlib\ndef sha256(b):\n    return hashlib.sha256(b.to_bytes()).hexdigest()\nsha256",
        { globals: pyodide.globals.get("dict")() });
      var bufs;
      try {
        bufs = await wheelsP;
        manifest.wheels.forEach(function (w, i) {
          if (sha(new Uint8Array(bufs[i])) !== w.sha256) {
            throw ReaderError(T("The file {file} that arrived is not the one this site lists (its sha256 " +
                                "differs from wheels.json), so it was not used: reload the page; if this " +
                                "stays, {launcher}.", { file: w.file, launcher: launcher() }));
          }
        });
      } catch (e) {
        wheelsFailed = true;
        throw e;
      } finally {
        sha.destroy();
      }
      timings.wheelsFetched = performance.now() - tw;
      // A snapshot holds Python's memory, not its files: after a restore the wheels are unpacked
      // too (a module the tables import later, or a data file, is read from them), but only
      // once the first table has been drawn (dealLive), or before a message from the page
      // reaches Python if that comes first: every module the tables need to be built was
      // imported before the snapshot was made (SNAPSHOT_CHECK).
      var unpacked = false;
      var unpackWheels = function () {
        if (unpacked) return;
        unpacked = true;
        var tu = performance.now();
        bufs.forEach(function (buf) { pyodide.unpackArchive(buf, "wheel"); });
        timings.unpacked = performance.now() - tu;
      };
      if (!loaded.restored) unpackWheels();
      step(T("Starting the widget bridge"), 0.85);
      if (!loaded.restored) {
        var module = pyodide.runPython(BRIDGE_LOADER, { globals: pyodide.globals.get("dict")() });
        try { module(bridgeCode).destroy(); } finally { module.destroy(); }
        timings.bridgeRun = performance.now() - tw;
        if (loaded.canSnapshot) snapshotLater(key, bridgeCode, bufs);
      }
      var manager = await managerP;
      var comms = {};
      window.bgLiveManager = manager;  // for benchmarks and debugging
      window.bgLiveSend = function (type, contentJson, buffers) {
        var content = JSON.parse(contentJson);
        if (window.bgLiveDebug) console.log("Deal live: " + type + " " + contentJson.slice(0, 300));
        var bufList = buffers ? buffers.toJs ? buffers.toJs() : buffers : [];
        var msg = { header: {}, parent_header: {}, metadata: content.metadata || {},
                    buffers: bufList.map(function (b) { return new DataView(b.buffer || b); }),
                    content: { comm_id: content.comm_id, target_name: content.target_name, data: content.data } };
        if (buffers && buffers.destroy) buffers.destroy();
        if (type === "comm_open") {
          var c = new PageComm(content.comm_id, content.target_name, bridge);
          comms[content.comm_id] = c;
          inOrder(function () { return manager.handle_comm_open(c, msg); });
        } else if (type === "comm_msg") {
          var target = comms[content.comm_id];
          if (!target) return;
          target._receive(msg);
        } else if (type === "comm_close") {
          var cc = comms[content.comm_id];
          delete comms[content.comm_id];
          if (cc) inOrder(function () { if (cc._onclose) cc._onclose(msg); });
        }
      };
      var bridgeModule = pyodide.pyimport("bg_live_bridge");
      var deliver = bridgeModule.deliver;
      // the wheels are there before any message from the page reaches Python (see unpackWheels)
      var bridge = { deliver: function (id, data, bufs) { unpackWheels(); return deliver(id, data, bufs); },
                     model_id: bridgeModule.model_id };
      timings.ready = performance.now() - t0;
      return { pyodide: pyodide, bridge: bridge, manager: manager, unpackWheels: unpackWheels,
               settled: function () { return chain; } };
    })();
    started.catch(function () { started = null; });
    started.beforePress = !!beforePress;
    return started;
  }
  function NotStarted() { this.message = "no snapshot of this build to restore"; }
  // Python for a reader who wants it now: the start under way, or, if that was a start before
  // the press that ended without Python (no snapshot of this build, or its restore failed),
  // a normal one
  function startNow() {
    var under = start(), early = under.beforePress;
    return under.catch(function (e) { if (early) return start(); throw e; });
  }

  // The box's table made in Python (its Python code, in the box) and its models in the page's
  // widget manager, not drawn: resolves to {model: the table's model, at: when it was made,
  // makePanels: the table's make_folded_panels, or undefined}.
  // Made once per box: at the press, or before it for a reader whose Python was restored early.
  function buildTable(box) {
    if (box.bgBuilt) return box.bgBuilt;
    box.bgBuilt = (async function () {
      var py = await startNow();
      var code = box.querySelector("script[type='text/x-python']").textContent;
      var ns = py.pyodide.globals.get("dict")();
      var tc = performance.now();
      var table = py.pyodide.runPython(code, { globals: ns, filename: "deal-live.py" });
      timings.code = performance.now() - tc;
      var id = py.bridge.model_id(table);
      var makePanels = table.make_folded_panels;   // (a dealing table's; not a board's)
      if (makePanels) makePanels = makePanels.copy();   // (borrowed: it goes with the table's proxy)
      table.destroy();
      await py.settled();
      timings.settled = performance.now() - tc;
      var model = await py.manager.get_model(id);
      return { model: model, at: performance.now(), makePanels: makePanels };
    })();
    box.bgBuilt.catch(function () { box.bgBuilt = null; });
    return box.bgBuilt;
  }

  async function dealLive(box, button) {
    var status = box.querySelector(".bg-live-status");
    var bar = box.querySelector("progress");
    button.disabled = true;
    box.setAttribute("aria-busy", "true");
    bar.hidden = false;
    var t0 = performance.now();
    // Real progress: the bytes of this site's Python files received so far (the browser's
    // resource timing, also for files fetched before the press), out of what the build
    // measured the first visit fetches (data-bytes on the box). Nothing is fetched twice.
    var total = Number(box.getAttribute("data-bytes")) || 0;
    var received = {};
    var stepText = "", stepFraction = 0;
    var mb = function (n) { return num(n / 1e6, 1); };
    var show = function () {
      var got = 0, url;
      for (url in received) got += arriving[url] ? Math.max(received[url], arriving[url]) : received[url];
      for (url in arriving) if (!(url in received)) got += arriving[url];
      var loading = stepFraction < 0.7 && total > 0;
      status.textContent = loading ? T("{step} ({got} of {total} MB)...", { step: stepText, got: mb(Math.min(got, total)),
                                                                          total: mb(total) }) :
        T("{step}...", { step: stepText });
      bar.value = loading ? Math.max(stepFraction, 0.05 + 0.65 * Math.min(got / total, 1)) : stepFraction;
    };
    var listener = function (text, fraction) { stepText = text; stepFraction = fraction; show(); };
    var observer = null;
    if (window.PerformanceObserver) {
      try {
        observer = new PerformanceObserver(function (list) {
          list.getEntries().forEach(function (e) {
            if (e.name.indexOf(here) === 0) received[e.name] = e.encodedBodySize || e.transferSize || 0;
          });
          show();
        });
        observer.observe({ type: "resource", buffered: true });
      } catch (e) { observer = null; }
    }
    stepListeners.push(listener);
    byteListeners.push(show);
    // Python may have started loading when the section came into view: show the step under way now
    listener.apply(null, lastStep || [T("Loading Python (Pyodide) from this site"), 0.05]);
    try {
      var py = await startNow();
      listener(T("Dealing"), 0.95);
      timings.pressToReady = performance.now() - t0;
      var built = await buildTable(box);
      timings.builtBeforePress = built.at < t0;
      var view = await py.manager.create_view(built.model);
      var host = document.createElement("div");
      host.className = "bg-live-table";
      var replay = box.getAttribute("data-replaces");
      var old = replay ? document.getElementById(replay) : null;
      if (old) old.hidden = true;  // the live table takes the replay's place
      box.parentNode.insertBefore(host, box.nextSibling);
      await py.manager.display_view(view, host);
      host.bgModelId = built.model.model_id;   // (a class session's board is found by it)
      keepAccessible(host);
      timings.table = performance.now() - t0;
      // once the page is idle, the table drawn: after a restore the wheels are unpacked; then
      // the table's folded panels ("Step through this deal", "Repeat", ...) are made, still
      // closed (made at their first opening, the replay took 0.1 to 0.17 s of that click)
      var idle = window.requestIdleCallback || setTimeout;
      idle(function () {
        py.unpackWheels();
        if (built.makePanels) idle(function () {
          var tp = performance.now();
          try {
            built.makePanels();
            timings.panelsMade = performance.now() - tp;
          } catch (e) {
            console.warn("Deal live: the folded panels were not made", e);
          } finally {
            built.makePanels.destroy();
            built.makePanels = null;
          }
        }, { timeout: 3000 });
      }, { timeout: 2000 });
      var what = box.getAttribute("data-what");
      // what the box shows (data-what, its English name: live_tables.RUNS), in whole sentences
      var runs = {
        "class results board": [T("The class results board below runs in this page (Python in your browser) in " +
                                  "place of the table shown before; reload the page to see that table again."),
                                T("Live class results board")]
      };
      status.textContent = !what ?
        T("The live table below runs in this page (Python in your browser) " +
          "in place of the replay. It deals its own games from the seed in its Seed field, so the " +
          "text above about the replay's deal no longer describes what you see; reload the page " +
          "to see the replay again.") : runs[what] ? runs[what][0] :
        "The " + what + " below runs in this page (Python in your browser) in place of the table " +
        "shown before; reload the page to see that table again.";
      // keyboard and screen-reader users continue in the table, not at the top of the page
      host.setAttribute("tabindex", "-1");
      host.setAttribute("role", "region");
      host.setAttribute("aria-label", !what ? T("Live dealing table") : runs[what] ? runs[what][1] : "Live " + what);
      host.focus({ preventScroll: true });
      host.scrollIntoView({ block: "nearest" });
      bar.hidden = true;
      button.hidden = true;
      box.querySelector(".bg-live-note").hidden = true;
      box.classList.add("bg-live-running");
      remember();
    } catch (err) {
      console.warn("Deal live failed", err);
      say(status, (err && err.reader ? err.message :
        T("Python could not start in this page ({why}).", { why: err && err.message || err })) +
        " " + T("The replay above still works."));
      box.classList.add("bg-live-failed");
      bar.hidden = true;
      button.disabled = false;
    } finally {
      if (observer) observer.disconnect();
      stepListeners.splice(stepListeners.indexOf(listener), 1);
      byteListeners.splice(byteListeners.indexOf(show), 1);
      box.removeAttribute("aria-busy");
    }
  }

  // Who pays (issue 22): Python (about 14 MB) starts loading before the press, when the
  // section comes into view, only for a reader who has used Deal live on this site before
  // (a mark in this browser's storage: they are likely to press again, and their browser
  // probably holds the files already) on a device with memory to spare (memoryToSpare), and
  // never when the reader asked to save data.
  // Anyone else fetches nothing of Python until they press the button.
  var USED = "banking-games:deal-live-used";
  function remember() {
    try { window.localStorage.setItem(USED, "1"); } catch (e) { /* storage off: no early start */ }
  }
  function startEarly() {
    if (navigator.connection && navigator.connection.saveData) return false;
    try { return window.localStorage.getItem(USED) === "1"; } catch (e) { return false; }
  }

  // a device that can hold Python (about 130 MB) for a reader who may not press:
  // one reporting 4 GB or more (Chromium), or, where no browser reports it, one with a mouse
  // or trackpad (not a phone: some phone browsers close a tab that takes much memory)
  function memoryToSpare() {
    if (navigator.deviceMemory) return navigator.deviceMemory >= 4;
    return !!(window.matchMedia && window.matchMedia("(pointer: fine)").matches);
  }
  // Whether this page's copy of live-tables.js came from the browser's HTTP cache (fresh, or
  // revalidated: fewer bytes transferred than its body). If it did not, the cache was cleared
  // (or never kept this site's files), and Python's files would come from the network too:
  // about 15 MB fetched for a page where the reader may never press.
  function filesCached() {
    var entry = window.performance && performance.getEntriesByName ?
      performance.getEntriesByName(scriptUrl)[0] : null;
    return !!entry && (entry.transferSize === 0 || entry.transferSize < entry.encodedBodySize);
  }
  function afterLoad(job) {
    var idle = function () { (window.requestIdleCallback || setTimeout)(job, { timeout: 300 }); };
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
  }

  function setUp() {
    if (typeof WebAssembly !== "object" || !window.requirejs) return;  // keep the replay only
    if (location.protocol === "file:") {
      // A page opened from files (file://, e.g. a USB stick): browsers do not let a page's
      // script fetch the site's files, so Python cannot start; nothing is fetched, and the
      // box says so and how to open the book so that it works (the replay stays).
      document.querySelectorAll(".bg-live").forEach(function (box) {
        say(box.querySelector(".bg-live-status"), T("Your browser does not let Python start in a page " +
          "opened from files (file://), so this table cannot be dealt live here: {launcher}, then it can.",
          { launcher: launcher() }) + " " + T("The replay above still works."));
        box.classList.add("bg-live-failed");
      });
      return;
    }
    document.querySelectorAll(".bg-live").forEach(function (box) {
      var button = box.querySelector("button");
      button.hidden = false;
      box.querySelector(".bg-live-note").hidden = false;
      button.addEventListener("click", function () { dealLive(box, button); });
      if (startEarly() && !savedEarly && snapshotsPossible()) {
        // a reader who has used Deal live before: what costs no download and little memory
        // is done now, not after the press (the saved snapshot's records are opened, not read;
        // the widget manager's script, already on the page, is set up once the page is idle)
        savedEarly = snapshotRead();
        var idle = window.requestIdleCallback || setTimeout;
        idle(function () {
          window.requirejs(["@jupyter-widgets/html-manager"], function () {}, function () {});
        });
        // and, on a device with memory to spare whose HTTP cache holds this site's files,
        // Python is restored from the snapshot once the page has loaded and is idle, then the
        // box's table is made (not drawn; not a board, whose groups are read from this
        // browser's storage when it is made, and another tab may add some before the press)
        // and the wheels unpacked, each when the page is idle again: two small files fetched
        // (wheels.json and bridge.py, under 2 kB; the rest comes from the HTTP cache), about a
        // second of work and 130 MB of memory held by the page (headless Chromium here), done
        // before the press rather than after it. Nothing else is started: a snapshot of another
        // build, or one that fails to restore, waits for the press (or the section, below),
        // and then Python starts as on a first visit.
        if (memoryToSpare() && filesCached()) {
          savedEarly.then(function (saved) {
            if (saved) return snapshotBytes(saved);
          }).then(function (bytes) {
            if (bytes) afterLoad(function () {
              start(true).then(function (py) {
                return new Promise(function (resolve) { idle(resolve, { timeout: 300 }); }).then(function () {
                  if (!box.hasAttribute("data-what")) return buildTable(box);
                }).then(function () { idle(py.unpackWheels, { timeout: 2000 }); });
              }).catch(function (e) {
                if (!(e instanceof NotStarted)) console.warn("Deal live: Python was not restored before the press", e);
              });
            });
          }, function () { /* bytes that fail their check: the press starts Python normally */ });
        }
      }
      var section = box.closest("section") || box;
      if ("IntersectionObserver" in window && startEarly() && memoryToSpare()) {
        var seen = new IntersectionObserver(function (entries) {
          if (entries.some(function (e) { return e.isIntersecting; })) {
            seen.disconnect();
            startNow().catch(function (e) { console.warn("Deal live: Python did not start", e); });
          }
        });
        seen.observe(section);
      }
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();

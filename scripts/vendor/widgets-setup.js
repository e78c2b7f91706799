/* Offline set-up for the ipywidgets HTML manager served by this site.
 * Loaded between require.js and embed-amd.js on pages with widgets (see
 * nb_ipywidgets_js in book/_config.yml).
 *
 * 1. require.js paths. embed-amd.js defines named AMD modules and computes
 *    the URL of its icon fonts from the URL require.js gives each module.
 *    Without these paths that URL would be "<page dir>/@jupyter-widgets/...",
 *    and the fonts would 404.
 * 2. MathJax 3 bridge. The widget manager typesets labels with the MathJax 2
 *    call MathJax.Hub.Queue(["Typeset", MathJax.Hub, element]); the site
 *    uses MathJax 3, which has no Hub, so that call threw a TypeError.
 *    A small Hub.Queue forwards it to MathJax 3's typesetPromise.
 */
(function () {
  var here = document.currentScript.src.replace(/[^\/]*$/, "");
  var manager = here + "html-manager/embed-amd";
  var names = [
    "@jupyter-widgets/html-manager",
    "@jupyter-widgets/html-manager/dist/libembed-amd",
    "@jupyter-widgets/base",
    "@jupyter-widgets/base7",
    "@jupyter-widgets/controls",
    "@jupyter-widgets/controls7"
  ];
  var paths = {};
  names.forEach(function (name) { paths[name] = manager; });
  window.requirejs.config({ paths: paths });

  function installHub() {
    var mj = window.MathJax;
    // only once MathJax 3 itself has loaded (before that, window.MathJax may be its config)
    if (!mj || mj.Hub || !mj.version) return;
    mj.Hub = {
      Queue: function () {
        var elements = [];
        for (var i = 0; i < arguments.length; i++) {
          var job = arguments[i];
          if (Array.isArray(job) && job[0] === "Typeset" && job[2]) elements.push(job[2]);
        }
        // labels are plain text; ipywidgets writes math in them as $...$, which
        // this site's MathJax (like Sphinx's) reads only as \( \) and \[ \]
        elements.forEach(function (el) {
          if (el.children.length === 0 && /\$[^$]+\$/.test(el.textContent)) {
            el.textContent = el.textContent
              .replace(/\$\$([^$]+)\$\$/g, "\\[$1\\]")
              .replace(/\$([^$]+)\$/g, "\\($1\\)");
          }
        });
        var ready = mj.startup && mj.startup.promise ? mj.startup.promise : Promise.resolve();
        ready.then(function () {
          if (mj.typesetPromise) return mj.typesetPromise(elements.length ? elements : undefined);
        }).catch(function (err) { console.warn("MathJax could not typeset a widget label", err); });
      }
    };
  }
  installHub();
  document.addEventListener("DOMContentLoaded", installHub);
})();

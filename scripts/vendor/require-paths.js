/* Offline set-up for the ipywidgets HTML manager (served from this site).
 *
 * embed-amd.js defines named AMD modules and computes the URL of its icon
 * fonts from the URL require.js gives each module. Without these paths
 * require.js would place them at "<page dir>/@jupyter-widgets/base.js" and
 * the fonts would 404. Loaded between require.js and embed-amd.js (see
 * nb_ipywidgets_js in book/_config.yml).
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
})();

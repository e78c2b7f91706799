// "Try it in JupyterLite": the Pyodide that the site's JupyterLite kernel loads (issue 22).
//
// jupyterlite-pyodide-kernel imports `loadPyodide` from its setting `pyodideUrl`, which
// scripts/lite_site.py points here. This module is the site's own Pyodide core (the one of
// "Deal live", ../live/pyodide.mjs) with one change: the kernel's preloaded packages (the
// loadPyodide option `packages`) are not unpacked wheel by wheel by Pyodide's installer, which
// takes 2 s of every kernel start in the reader's browser. Instead, while Python starts, it
// reads `bgPreloadURL` in a worker of its own (kernel-bundle-worker.mjs): the file tree that
// Pyodide's own installer made from the same wheels at build time (scripts/preload_bundle.mjs),
// checked against `bgPreloadIntegrity` (the browser's subresource integrity), and writes those
// files in place once Python has started.
//
// On any failure (a missing or changed file, a package the bundle lacks, a browser without
// DecompressionStream or workers in workers) it says why on the console and lets Pyodide
// install the packages itself, as without this module: the kernel starts either way.
import { loadPyodide as loadCore } from "../live/pyodide.mjs";

export * from "../live/pyodide.mjs";

const INDEX_URL = new URL("../live/", import.meta.url).href;

// the file read and decompressed in a worker of its own (kernel-bundle-worker.mjs), on another
// core while this worker starts Python
function readBundle(url, integrity) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./kernel-bundle-worker.mjs", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => {
      worker.terminate();
      if (data.error) reject(new Error(data.error));
      else resolve({ header: data.header, data: new Uint8Array(data.buffer, data.offset) });
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || "its worker failed"));
    };
    worker.postMessage({ url, integrity });
  });
}

function install(py, { header, data }) {
  const version = py.runPython("import platform; platform.python_version()");
  if (header.python !== version) throw new Error(`made for Python ${header.python}, not ${version}`);
  const { FS } = py;
  for (const dir of header.dirs) FS.mkdirTree(dir);
  let at = 0;
  for (const [path, size] of header.files) {
    FS.writeFile(path, data.subarray(at, at + size), { canOwn: true });
    at += size;
  }
  Object.assign(py.loadedPackages, header.packages);
  py.runPython("import importlib; importlib.invalidate_caches()");
}

export async function loadPyodide(options = {}) {
  const { bgPreloadURL, bgPreloadIntegrity, packages = [], ...rest } = options;
  const bundle = bgPreloadURL && typeof DecompressionStream === "function" && typeof Worker === "function"
    ? readBundle(bgPreloadURL, bgPreloadIntegrity) : Promise.reject(new Error("not available here"));
  bundle.catch(() => {}); // handled below, once Python has started
  const py = await loadCore({ ...rest, indexURL: INDEX_URL, packages: [] });
  let missing = packages;
  try {
    const got = await bundle;
    install(py, got);
    missing = packages.filter((name) => !(name in got.header.packages));
  } catch (error) {
    console.warn(`kernel-pyodide: the preloaded packages' bundle was not used (${error.message}); `
                 + "Pyodide installs the packages itself");
  }
  if (missing.length) await py.loadPackage(missing, { messageCallback: () => {} });
  return py;
}

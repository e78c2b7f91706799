// Makes the "Deal live" Python snapshot off the page's thread (issue 22), for live-tables.js.
//
// The page starts Python normally on a first visit (a start made to save a snapshot is slower:
// Pyodide's `js` module then goes through a slower path, and every table module must be
// imported first), shows its table, and when it is idle sends this worker what it has already
// fetched and checked: bridge.py's text and the wheels' bytes. Here a second Python starts with
// Pyodide's (experimental) _makeSnapshot option, unpacks the wheels, runs bridge.py and imports
// every chapter's table module (bridge.import_tables), holds no JavaScript object, and the memory
// snapshot goes back to the page (transferred, not copied), which keeps it in IndexedDB for the
// reader's later pages. Pyodide's own files come from the HTTP cache the page just filled.
//
// Message in: {loader: Python whose last expression runs bridge.py's text as the module
//              bg_live_bridge and returns it (live-tables.js BRIDGE_LOADER),
//              bridgeCode: string, wheels: [ArrayBuffer, ...]}
// Message out: {bytes: Uint8Array, ms: number} or {error: string}
const here = new URL(".", import.meta.url).href;

self.onmessage = async function (event) {
  try {
    const t0 = performance.now();
    const { loadPyodide } = await import(here + "pyodide.mjs");
    const py = await loadPyodide({ indexURL: here, packages: [], stdout: () => {}, _makeSnapshot: true });
    for (const buf of event.data.wheels) py.unpackArchive(buf, "wheel");
    const load = py.runPython(event.data.loader, { globals: py.globals.get("dict")() });
    try {
      const bridge = load(event.data.bridgeCode);
      bridge.import_tables();
      bridge.destroy();
    } finally { load.destroy(); }
    const bytes = py.makeMemorySnapshot();
    self.postMessage({ bytes: bytes, ms: performance.now() - t0 }, [bytes.buffer]);
  } catch (e) {
    self.postMessage({ error: String((e && e.message) || e).slice(0, 500) });
  }
};

// The JupyterLite kernel's preloaded packages as Pyodide itself installs them, in one file (issue 22).
//
// Pyodide installs a wheel by unpacking it file by file with Python's zipfile, inside the
// WebAssembly Python, on every kernel start: 2.0-2.2 s of a second visit's 10 s in headless
// Chromium here (the kernel's 11 preloaded packages and their dependencies: 25 wheels, 3,617
// files, 3,688 once installed with Pyodide's metadata and the data files). This script runs the site's own Pyodide under Node.js at build time, lets Pyodide's
// own loadPackage() install those packages from the site's lock file and wheels, and writes every
// file that the install added to Pyodide's file system into one gzip file. In the reader's
// browser, book/_lite/kernel-pyodide.mjs fetches that file while Python starts and writes the
// files in place from JavaScript, so the result is the file tree Pyodide's installer makes
// (dist-info with Pyodide's INSTALLER and PYODIDE_SOURCE, data files), without unpacking.
//
// Format of OUT (gzip-compressed): a 4-byte little-endian length N, N bytes of UTF-8 JSON
//   {"format": 1, "python": "3.14.2", "packages": {"<lock name>": "<channel>", ...},
//    "dirs": ["/abs/dir", ...] (the directories the install made, parents first),
//    "files": [["/abs/path", size], ...]}
// then the files' bytes, one after another in that order.
//
// Usage: node scripts/preload_bundle.mjs PYODIDE_DIR LITE_PYODIDE_DIR OUT PACKAGE[,PACKAGE...]
//   PYODIDE_DIR: the npm package pyodide; LITE_PYODIDE_DIR: the site's pyodide-lock.json, its
//   wheels and the kernel's python_stdlib.zip.
// Prints one JSON line {"files", "bytes", "gzip_bytes", "packages"}, or exits 1 with the error
// (also when a package fails to load).
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const [pyodideDir, liteDir, out, names] = process.argv.slice(2);
if (!pyodideDir || !liteDir || !out || !names) {
  console.error("usage: node preload_bundle.mjs PYODIDE_DIR LITE_PYODIDE_DIR OUT PACKAGE[,PACKAGE...]");
  process.exit(2);
}
const { loadPyodide } = await import(`${pyodideDir}/pyodide.mjs`);
const py = await loadPyodide({
  indexURL: `${pyodideDir}/`, lockFileURL: `${liteDir}/pyodide-lock.json`,
  stdLibURL: `${liteDir}/python_stdlib.zip`, packageBaseUrl: `${liteDir}/`,
  stdout: () => {}, stderr: (t) => console.error(t),
});
const FS = py.FS;
const SKIP = new Set(["/dev", "/proc", "/tmp", "/home"]);

function files(dir = "/", found = new Map(), dirs = new Set()) {
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const path = dir === "/" ? `/${name}` : `${dir}/${name}`;
    if (SKIP.has(path)) continue;
    const { mode } = FS.lstat(path);
    if (FS.isDir(mode)) {
      dirs.add(path);
      files(path, found, dirs);
    } else if (FS.isFile(mode)) found.set(path, FS.readFile(path));
  }
  return found;
}

const dirsBefore = new Set();
const before = files("/", new Map(), dirsBefore);
const failed = [];
await py.loadPackage(names.split(","), { messageCallback: () => {}, errorCallback: (m) => failed.push(m) });
if (failed.length) {
  console.error(failed.join("\n"));
  process.exit(1);
}
const dirsAfter = new Set();
const added = [...files("/", new Map(), dirsAfter)].filter(([path, data]) => {
  const old = before.get(path);
  return !old || old.length !== data.length || !old.every((b, i) => b === data[i]);
}).sort(([a], [b]) => (a < b ? -1 : 1));
const header = new TextEncoder().encode(JSON.stringify({
  format: 1,
  python: py.runPython("import platform; platform.python_version()"),
  packages: Object.fromEntries(Object.entries(py.loadedPackages).sort()),
  dirs: [...dirsAfter].filter((d) => !dirsBefore.has(d)).sort(),
  files: added.map(([path, data]) => [path, data.length]),
}));
const length = new Uint8Array(4);
new DataView(length.buffer).setUint32(0, header.length, true);
const raw = Buffer.concat([length, header, ...added.map(([, data]) => data)]);
const gz = gzipSync(raw, { level: 9 });
writeFileSync(out, gz);
console.log(JSON.stringify({ files: added.length, bytes: raw.length, gzip_bytes: gz.length,
                             packages: Object.keys(py.loadedPackages).length }));

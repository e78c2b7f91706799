// Add bytecode to the site's pure-Python wheels, made by the very Pyodide the site serves (Node.js).
//
// Pyodide never writes bytecode (sys.dont_write_bytecode), so every module a notebook imports is
// compiled from source again on each kernel start in the reader's browser (issue 22: `import
// sympy` alone took 8 s of the JupyterLite notebook's start on 2 loaded cores, 1 s from
// bytecode). Run by scripts/lite_site.py at build time, this script
//   * unpacks the wheels into this Pyodide's site-packages and runs SPEC.warm (the imports of the
//     kernel and of the notebooks), noting which modules of the wheels that imported;
//   * rewrites each wheel with, for each of those modules `pkg/mod.py`, the file
//     `pkg/__pycache__/mod.<cache tag>.pyc`: an unchecked-hash pyc, valid without comparing file
//     times (which unpacking in the browser does not keep); the sources all stay, so tracebacks,
//     `??` and modules imported later work as before. The import system checks the magic number:
//     bytecode of another Python would be ignored, never misread;
//   * with "keep_source": false for a wheel, puts each compiled module's bytecode in place of its
//     source (`pkg/mod.pyc`, where the import system loads a pyc that has no source);
//   * leaves out a wheel's members whose names match its "drop" regular expression, if any;
//   * compiles every module of the wheels marked "all" (the kernel's installer, run by each
//     `%pip install` cell, imports its modules as it goes);
//   * writes RECORD again for the new contents;
//   * if SPEC.stdlib is given, writes a copy of Pyodide's python_stdlib.zip with bytecode for every
//     module of it that loaded (Python's own start-up, Pyodide's, and SPEC.warm's imports): the zip
//     holds sources only, so the reader's browser compiled some 140 modules on every start (Pyodide
//     took 3.0-3.7 s to start under Node.js here, 1.0-1.1 s with this bytecode). zipimport looks
//     for `mod.pyc` beside `mod.py` and takes it first; it is an unchecked-hash pyc, so it is used
//     without the source. With "keep_source": false, the sources of the compiled modules are left
//     out (fewer bytes to fetch; their lines no longer show in tracebacks).
//
// Usage: node scripts/compile_wheels.mjs PYODIDE_DIR SPEC.json
//   SPEC.json: {"wheels": [{"wheel": "/abs/in.whl", "out": "/abs/out.whl", "drop": "regex"|null, "all": bool,
//                           "keep_source": bool (default true)}, ...],
//               "warm": "python code",
//               "stdlib": {"out": "/abs/python_stdlib.zip", "keep_source": bool}   (optional)}
//   While SPEC.warm runs, globalThis.bgLiveSend is a function that does nothing (the "Deal live"
//   bridge sends its widget messages there).
// Prints one JSON line: [{"out", "compiled", "dropped"}, ...] (the stdlib's entry last, if asked),
// or exits 1 with the Python error.
import { readFileSync, writeFileSync } from "node:fs";

const [pyodideDir, specPath] = process.argv.slice(2);
if (!pyodideDir || !specPath) {
  console.error("usage: node compile_wheels.mjs PYODIDE_DIR SPEC.json");
  process.exit(2);
}
const { loadPyodide } = await import(`${pyodideDir}/pyodide.mjs`);
const py = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {}, stderr: (t) => console.error(t) });
const spec = JSON.parse(readFileSync(specPath, "utf8"));
for (const [i, s] of spec.wheels.entries()) py.FS.writeFile(`/tmp/in${i}.whl`, readFileSync(s.wheel));
if (spec.stdlib) py.FS.writeFile("/tmp/stdlib-in.zip", readFileSync(`${pyodideDir}/python_stdlib.zip`));
globalThis.bgLiveSend = () => {};
py.globals.set("SPEC", JSON.stringify(spec));
let result;
try {
  result = py.runPython(`
import base64, hashlib, importlib.util, io, json, re, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

spec = json.loads(SPEC)
SITE = "/lib/python%d.%d/site-packages/" % sys.version_info[:2]
TAG = sys.implementation.cache_tag


def top_meta(name):
    return name.split("/")[0].endswith((".dist-info", ".data"))


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


wheels = [zipfile.ZipFile(f"/tmp/in{i}.whl") for i in range(len(spec["wheels"]))]
for s, z in zip(spec["wheels"], wheels):   # installed as the browser will have them
    drop = re.compile(s["drop"]) if s.get("drop") else None
    z.extractall(SITE, [n for n in z.namelist() if drop is None or not drop.search(n)])
exec(compile(spec["warm"], "<warm>", "exec"), {})
imported = {m.__file__[len(SITE):] for m in list(sys.modules.values())
            if (getattr(m, "__file__", None) or "").startswith(SITE) and m.__file__.endswith(".py")}

out = []
for s, src in zip(spec["wheels"], wheels):
    files, compiled, dropped, record = {}, 0, 0, None
    drop = re.compile(s["drop"]) if s.get("drop") else None
    for info in src.infolist():
        name = info.filename
        if info.is_dir():
            continue
        if name.endswith(".dist-info/RECORD"):
            record = name
            continue
        if drop is not None and drop.search(name):
            dropped += 1
            continue
        data = src.read(name)
        files[name] = data
        if name in imported or (s.get("all") and name.endswith(".py") and not top_meta(name)):
            code = compile(data, SITE + name, "exec", dont_inherit=True)
            pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
            compiled += 1
            if s.get("keep_source", True):
                folder, _, leaf = name.rpartition("/")
                files[(folder + "/" if folder else "") + f"__pycache__/{leaf[:-3]}.{TAG}.pyc"] = pyc
            else:   # without its source, a pyc is imported only from the module's own place
                del files[name]
                files[name[:-3] + ".pyc"] = pyc
    if record is None:
        raise SystemExit(f"{s['wheel']}: no RECORD")
    lines = [record_line(n, d) for n, d in files.items()] + [f"{record},,"]
    files[record] = ("\\n".join(lines) + "\\n").encode()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for n in sorted(files):
            zi = zipfile.ZipInfo(n, date_time=(1980, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            z.writestr(zi, files[n], compresslevel=9)
    with open(f"/tmp/out{len(out)}.whl", "wb") as f:
        f.write(buf.getvalue())
    out.append({"out": s["out"], "compiled": compiled, "dropped": dropped})

if spec.get("stdlib"):
    # the standard library's zip, as sys.path names it ("/lib/python314.zip"); zipimport's own
    # layout: "pkg/mod.pyc" beside "pkg/mod.py", "pkg/__init__.pyc" for a package
    STDZIP = next(p for p in sys.path if p.endswith(".zip")) + "/"
    loaded = {m.__spec__.origin[len(STDZIP):] for m in list(sys.modules.values())
              if getattr(m, "__spec__", None) is not None and isinstance(m.__spec__.origin, str)
              and m.__spec__.origin.startswith(STDZIP) and m.__spec__.origin.endswith(".py")}
    keep = spec["stdlib"]["keep_source"]
    src = zipfile.ZipFile("/tmp/stdlib-in.zip")
    buf = io.BytesIO()
    compiled = dropped = 0
    with zipfile.ZipFile(buf, "w") as z:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename in loaded:
                code = compile(data, STDZIP + info.filename, "exec", dont_inherit=True)
                zi = zipfile.ZipInfo(info.filename[:-3] + ".pyc", date_time=info.date_time)
                zi.compress_type = info.compress_type
                zi.external_attr = info.external_attr
                z.writestr(zi, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False)))
                compiled += 1
                if not keep:
                    dropped += 1
                    continue
            z.writestr(info, data)
    with open("/tmp/stdlib-out.zip", "wb") as f:
        f.write(buf.getvalue())
    out.append({"out": spec["stdlib"]["out"], "compiled": compiled, "dropped": dropped})
json.dumps(out)
`);
} catch (e) {
  console.error(String(e));
  process.exit(1);
}
for (const [i, s] of spec.wheels.entries()) writeFileSync(s.out, py.FS.readFile(`/tmp/out${i}.whl`));
if (spec.stdlib) writeFileSync(spec.stdlib.out, py.FS.readFile("/tmp/stdlib-out.zip"));
console.log(result);

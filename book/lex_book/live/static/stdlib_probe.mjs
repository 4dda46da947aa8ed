// Lex Maritima, at build time (book/_ext/live_runtime.py): the page's Python, made ready to load fast.
//
// Node runs Pyodide (node_modules/pyodide) with its whole standard library, puts the runtime's bundle on the path
// and does what a page does: start the Runtime, compute every calculator, run a what-if cell, fail one. Then, in
// that same Python (so the byte code is Pyodide's own version's), it writes:
//   OUT_STDLIB: the standard library's files then in sys.modules, compiled (name.pyc for name.py, hash-based and
//               unchecked, so zipimport takes them as they are; optimize=2, as python -OO: no docstrings or asserts,
//               which nothing the page runs reads, and 0.3 MB less to download), in the library's own order;
//   OUT_BUNDLE: the bundle with each module compiled likewise (its data files as they are).
// Both are zips with fixed times, the same bytes for the same inputs.
//
//   node stdlib_probe.mjs PYODIDE_DIR BUNDLE_ZIP CALLS_JSON OUT_STDLIB OUT_BUNDLE
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, bundlePath, callsPath, outStdlib, outBundle] = process.argv.slice(2);
process.on("uncaughtException", (error) => {
  console.error(String(error && error.message ? error.message : error)); // not the minified source line
  process.exit(1);
});
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {}, stderr: (line) => console.error(line) });
pyodide.FS.writeFile("/tmp/bundle.zip", new Uint8Array(readFileSync(bundlePath)));
pyodide.globals.set("calls_json", readFileSync(callsPath, "utf8"));
pyodide.runPython(`
import json, os, sys, zipfile
zipfile.ZipFile("/tmp/bundle.zip").extractall("/lex")
sys.path.insert(0, "/lex")
from widgets.views.live import Runtime
calls = json.loads(calls_json)
runtime = Runtime(json.load(open("/lex/reader_pages.json", encoding="utf-8")), "book/chapters")
for provision_id, form in calls["compute"]:
    runtime.compute(provision_id, json.dumps(form))
for source in calls["run"]:
    runtime.run_cell(source)
library = os.path.dirname(os.__file__) + "/"
used = {m.__file__[len(library):] for m in list(sys.modules.values())
        if (getattr(m, "__file__", None) or "").startswith(library)}

import py_compile

TIME = (1980, 1, 1, 0, 0, 0)

def pyc(source, filename):
    with open("/tmp/module.py", "wb") as handle:
        handle.write(source)
    py_compile.compile("/tmp/module.py", "/tmp/module.pyc", filename, doraise=True, optimize=2,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open("/tmp/module.pyc", "rb") as handle:
        return handle.read()

def put(archive, name, data):
    info = zipfile.ZipInfo(name, TIME)
    info.compress_type = zipfile.ZIP_STORED  # the host compresses the whole zip (live_runtime.py)
    archive.writestr(info, data)

with zipfile.ZipFile(library.rstrip("/")) as source, zipfile.ZipFile("/tmp/stdlib.zip", "w") as target:
    for info in source.infolist():
        if info.filename in used:
            put(target, info.filename[:-3] + ".pyc", pyc(source.read(info), library + info.filename))
with zipfile.ZipFile("/tmp/bundle.zip") as source, zipfile.ZipFile("/tmp/bundle-compiled.zip", "w") as target:
    for info in source.infolist():
        data = source.read(info)
        if info.filename.endswith(".py"):
            put(target, info.filename[:-3] + ".pyc", pyc(data, "/lex/" + info.filename))
        else:
            put(target, info.filename, data)
`);
writeFileSync(outStdlib, pyodide.FS.readFile("/tmp/stdlib.zip"));
writeFileSync(outBundle, pyodide.FS.readFile("/tmp/bundle-compiled.zip"));

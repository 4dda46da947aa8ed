// Lex Maritima, at build time (book/_ext/live_runtime.py): which files of Python's standard library the page's
// runtime loads. Node runs Pyodide (node_modules/pyodide) with its whole standard library, puts the runtime's bundle
// on the path and does what a page does: start the Runtime, compute every calculator, run a what-if cell, fail one.
// Prints a JSON list of the standard library's files then in sys.modules, relative to the library's folder.
//
//   node stdlib_probe.mjs PYODIDE_DIR BUNDLE_ZIP CALLS_JSON
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, bundlePath, callsPath] = process.argv.slice(2);
process.on("uncaughtException", (error) => {
  console.error(String(error && error.message ? error.message : error)); // not the minified source line
  process.exit(1);
});
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {}, stderr: (line) => console.error(line) });
pyodide.unpackArchive(new Uint8Array(readFileSync(bundlePath)), "zip", { extractDir: "/lex" });
pyodide.globals.set("calls_json", readFileSync(callsPath, "utf8"));
const used = pyodide.runPython(`
import json, os, sys
sys.path.insert(0, "/lex")
from widgets.views.live import Runtime
calls = json.loads(calls_json)
runtime = Runtime(json.load(open("/lex/reader_pages.json", encoding="utf-8")), "book/chapters")
for provision_id, form in calls["compute"]:
    runtime.compute(provision_id, json.dumps(form))
for source in calls["run"]:
    runtime.run_cell(source)
library = os.path.dirname(os.__file__) + "/"
json.dumps(sorted({m.__file__[len(library):] for m in list(sys.modules.values())
                   if (getattr(m, "__file__", None) or "").startswith(library)}))
`);
process.stdout.write(used);

// Lex Maritima: the page's Python, in a Web Worker (a module worker started by calculators.js).
//
// Pyodide from the site itself (_static/live/, written by book/_ext/live_runtime.py): its core, a standard library
// trimmed to what the rules load, and lex-live.zip (the widgets package, babel, PyYAML, the reader's page table).
// One widgets.views.live.Runtime answers every message of the page:
//   {type: "init", folder}            -> {type: "progress", text}…, then {type: "ready", ms} or {type: "failed", error}
//   {type: "compute", id, pid, form}  -> {type: "result", id, html, problems}
//   {type: "run", id, source}         -> {type: "output", id, html, error}
// Nothing is fetched from outside the site.
import { loadPyodide } from "./pyodide.mjs";

const here = new URL("./", import.meta.url);
let runtime = null;

function say(text) {
  self.postMessage({ type: "progress", text });
}

async function fetched(name, version) {
  const url = new URL(name, here);
  if (version) url.searchParams.set("v", version);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return response;
}

const phases = {}; // milliseconds since the start at the end of each phase (benchmarks/live.py reads them)

async function start(folder) {
  const started = performance.now();
  const mark = (name) => (phases[name] = Math.round(performance.now() - started));
  const manifest = await (await fetched("runtime.json")).json();
  say("Downloading Python for this page (about 4 MB, once)…");
  const bundle = fetched("lex-live.zip", manifest.versions["lex-live.zip"]).then((r) => r.arrayBuffer());
  const stdlib = new URL("python_stdlib.zip", here);
  stdlib.searchParams.set("v", manifest.versions["python_stdlib.zip"]);
  // Pyodide's loader does not fail on a missing core file (it waits for ever): ask for each beside it, and fail at
  // once if one is not there.
  const present = Promise.all(
    ["pyodide.asm.mjs", "pyodide.asm.wasm"].map(async (name) => {
      const response = await fetch(new URL(name, here), { method: "HEAD" });
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    }),
  );
  const loading = loadPyodide({
    indexURL: here.href,
    stdLibURL: stdlib.href,
    lockFileURL: new URL("pyodide-lock.json", here).href,
    stdout: () => {},
    stderr: () => {},
  });
  loading.catch(() => {}); // a missing file is reported by `present`; the loader's own error, if any, below
  await present;
  mark("checked");
  const pyodide = await loading;
  mark("python");
  say("Starting the rules…");
  pyodide.unpackArchive(await bundle, "zip", { extractDir: "/lex" });
  mark("unpacked");
  pyodide.globals.set("page_folder", folder);
  runtime = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/lex")
from widgets.views.live import Runtime
with open("/lex/reader_pages.json", encoding="utf-8") as pages:
    runtime = Runtime(json.load(pages), page_folder)
runtime
`);
  mark("rules");
  return Math.round(performance.now() - started);
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "init") {
    try {
      self.postMessage({ type: "ready", ms: await start(message.folder), phases });
    } catch (error) {
      self.postMessage({ type: "failed", error: String(error && error.message ? error.message : error) });
    }
    return;
  }
  const started = performance.now();
  try {
    if (message.type === "compute") {
      const answer = JSON.parse(runtime.compute(message.pid, JSON.stringify(message.form)));
      self.postMessage({ type: "result", id: message.id, ms: performance.now() - started, ...answer });
    } else if (message.type === "run") {
      const answer = JSON.parse(runtime.run_cell(message.source));
      self.postMessage({ type: "output", id: message.id, ms: performance.now() - started, ...answer });
    }
  } catch (error) {
    self.postMessage({ type: "crashed", id: message.id, error: String(error && error.message ? error.message : error) });
  }
};

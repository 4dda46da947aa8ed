// Lex Maritima: the page's Python, in a Web Worker (a module worker started by calculators.js).
//
// Pyodide from the site itself (_static/live/, written by lex_book/live/live_runtime.py): its core, a standard
// library trimmed to what the rules load, and lex-live.zip (the widgets package, PyYAML, the reader's page table).
// One widgets.views.live.Runtime answers every message of the page:
//   {type: "init", folder}            -> {type: "progress", text, received, total}…, then {type: "ready", ms}
//                                        or {type: "failed", error, kind} (kind: missing, offline, dropped, broken)
//   {type: "compute", id, pid, form}  -> {type: "result", id, html, problems}
//   {type: "run", id, source}         -> {type: "output", id, html, error}
// Nothing is fetched from outside the site.
//
// The download on a slow link: runtime.json lists the bytes of the wasm, the library and the bundle, and every byte
// of them is counted as it arrives (Pyodide's loader fetches the first two itself: the worker's fetch is wrapped for
// those URLs), so the page shows real progress and never gives up while bytes arrive. A connection that drops or
// stalls (nothing for STALL_MS) is asked again, from where it stopped when the host answers a Range request for the
// bytes as they are (else the whole file, the bytes already received skipped), up to TRIES times. An HTTP error is
// final at once (kind "missing"), as is a failure to reach the site at all ("offline" when the browser says so).
import { loadPyodide } from "./pyodide.mjs";

const here = new URL("./", import.meta.url);
const STALL_MS = 30000;
const TRIES = 5;
const COUNTED = ["pyodide.asm.wasm", "python_stdlib.zip", "lex-live.zip"];
let runtime = null;

class Failure extends Error {
  constructor(message, kind) {
    super(message);
    this.kind = kind;
  }
}

function say(text) {
  self.postMessage({ type: "progress", text, received: counter.received, total: counter.total, wire: counter.wire });
}

const counter = { received: 0, total: 0, wire: 0, said: 0 };
let giveUp = null; // rejects start() when a counted download fails for good (Pyodide's loader would wait for ever)
const broken = new Promise((_, reject) => {
  giveUp = reject;
});
broken.catch(() => {});

function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

function sayProgress(force) {
  const now = performance.now();
  if (!force && now - counter.said < 250) return;
  counter.said = now;
  const share = counter.total ? Math.min(1, counter.received / counter.total) : 0;
  const wire = counter.wire ? ` (about ${megabytes(share * counter.wire)} of ${megabytes(counter.wire)} MB)` : "";
  say(`Downloading Python for this page, once: ${Math.floor(share * 100)}%${wire}…`);
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function unreachable(name, error) {
  if (self.navigator && self.navigator.onLine === false) {
    return new Failure(`you are offline, and this page's Python (${name}) is not saved on this device`, "offline");
  }
  return new Failure(`the site could not be reached for ${name} (${error.message})`, "offline");
}

const realFetch = self.fetch.bind(self);

async function open(url, from) {
  const controller = new AbortController();
  const init = { signal: controller.signal };
  if (from) init.headers = { Range: `bytes=${from}-` };
  const response = await realFetch(url, init);
  return { response, controller };
}

/* One counted file as a Response whose body counts its bytes, asks again when the connection drops or stalls, and
   fails (and makes start() fail) on an HTTP error or when every try is spent. */
async function counted(url) {
  const name = url.pathname.split("/").pop();
  let tries = 0;
  let opened = null;
  while (!opened) {
    try {
      opened = await open(url, 0);
    } catch (error) {
      if (++tries >= TRIES || (self.navigator && self.navigator.onLine === false)) throw unreachable(name, error);
      say(`The connection failed; asking again for ${name} (try ${tries + 1} of ${TRIES})…`);
      await pause(1000 * tries);
    }
  }
  if (!opened.response.ok) throw new Failure(`${name}: HTTP ${opened.response.status}`, "missing");
  let { response, controller } = opened;
  let reader = response.body.getReader();
  let delivered = 0;
  let skip = 0;
  function read() {
    let timer = null;
    const stalled = new Promise((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Error(`no byte for ${STALL_MS / 1000} s`));
      }, STALL_MS);
    });
    return Promise.race([reader.read(), stalled]).finally(() => clearTimeout(timer));
  }
  async function resume(error) {
    for (;;) {
      if (++tries >= TRIES) {
        throw new Failure(
          `the connection dropped while downloading ${name} (${megabytes(counter.received)} of ` +
            `${megabytes(counter.total)} MB received; ${error.message})`,
          "dropped",
        );
      }
      say(`The connection dropped; carrying on with ${name} (try ${tries + 1} of ${TRIES})…`);
      await pause(1000 * tries);
      try {
        ({ response, controller } = await open(url, delivered));
      } catch (again) {
        error = again;
        continue;
      }
      const partial = response.status === 206 && !response.headers.get("Content-Encoding");
      if (!partial && !response.ok) throw new Failure(`${name}: HTTP ${response.status}`, "missing");
      if (!partial && response.status === 206) {
        ({ response, controller } = await open(url, 0)); // a range of compressed bytes: the whole file again
      }
      skip = partial ? 0 : delivered;
      reader = response.body.getReader();
      return;
    }
  }
  const body = new ReadableStream({
    async pull(out) {
      for (;;) {
        let chunk;
        try {
          chunk = await read();
        } catch (error) {
          try {
            await resume(error);
          } catch (failure) {
            giveUp(failure);
            out.error(failure);
            return;
          }
          continue;
        }
        if (chunk.done) {
          out.close();
          return;
        }
        let bytes = chunk.value;
        if (skip) {
          if (bytes.length <= skip) {
            skip -= bytes.length;
            continue;
          }
          bytes = bytes.subarray(skip);
          skip = 0;
        }
        delivered += bytes.length;
        counter.received += bytes.length;
        sayProgress(false);
        out.enqueue(bytes);
        return;
      }
    },
    cancel() {
      controller.abort();
    },
  });
  const type = response.headers.get("Content-Type") || "application/octet-stream";
  return new Response(body, { status: 200, headers: { "Content-Type": type } });
}

/* Pyodide's loader fetches the wasm and the library through this worker's fetch: those two are counted. */
self.fetch = async (input, init) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, here);
  const name = url.pathname.split("/").pop();
  if (url.origin !== here.origin || !COUNTED.includes(name) || (init && init.method && init.method !== "GET")) {
    return realFetch(input, init);
  }
  try {
    return await counted(url);
  } catch (error) {
    giveUp(error);
    throw error;
  }
};

async function manifestOf() {
  let response;
  try {
    response = await realFetch(new URL("runtime.json", here));
  } catch (error) {
    throw unreachable("runtime.json", error);
  }
  if (!response.ok) throw new Failure(`runtime.json: HTTP ${response.status}`, "missing");
  return response.json();
}

const phases = {}; // milliseconds since the start at the end of each phase (benchmarks/live.py reads them)

async function start(folder) {
  const started = performance.now();
  const mark = (name) => (phases[name] = Math.round(performance.now() - started));
  const manifest = await manifestOf();
  const sizes = manifest.bytes || {};
  counter.total = COUNTED.reduce((sum, name) => sum + (sizes[name] || 0), 0);
  counter.wire = COUNTED.reduce((sum, name) => sum + ((manifest.gzip || {})[name] || 0), 0);
  sayProgress(true);
  const versioned = (name) => {
    const url = new URL(name, here);
    url.searchParams.set("v", manifest.versions[name]);
    return url;
  };
  const bundle = self.fetch(versioned("lex-live.zip")).then((response) => response.arrayBuffer());
  bundle.catch(() => {});
  // Pyodide's loader waits for ever on a missing pyodide.asm.mjs (imported, not fetched): ask for it first. No answer
  // at all (offline) is not a failure here: the site's service worker may have it (it does not answer a HEAD).
  const script = await realFetch(new URL("pyodide.asm.mjs", here), { method: "HEAD" }).catch(() => null);
  if (script && !script.ok) throw new Failure(`pyodide.asm.mjs: HTTP ${script.status}`, "missing");
  mark("checked");
  const pyodide = await Promise.race([
    loadPyodide({
      indexURL: here.href,
      stdLibURL: versioned("python_stdlib.zip").href,
      lockFileURL: new URL("pyodide-lock.json", here).href,
      stdout: () => {},
      stderr: () => {},
    }),
    broken,
  ]);
  mark("python");
  say("Starting the rules…");
  pyodide.unpackArchive(await Promise.race([bundle, broken]), "zip", { extractDir: "/lex" });
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
      const ms = await start(message.folder);
      self.postMessage({ type: "ready", ms, phases, received: counter.received, total: counter.total });
    } catch (error) {
      const text = String(error && error.message ? error.message : error);
      self.postMessage({ type: "failed", error: text, kind: (error && error.kind) || "broken" });
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

// Lex Maritima: the page's Python, in a Web Worker (a module worker started by calculators.js).
//
// Pyodide from the site itself (_static/live/, written by lex_book/live/live_runtime.py): its core, a standard
// library trimmed to what the rules load, and lex-live.zip (the widgets package, PyYAML, the reader's page table).
// One widgets.views.live.Runtime answers every message of the page:
//   {type: "init", folder, eager}     -> {type: "progress", text, received, total}…, then {type: "ready", ms, from}
//                                        or {type: "failed", error, kind} (kind: missing, offline, dropped, broken);
//                                        eager (a runtime digest: an early start, below) may first answer
//                                        {type: "waiting"} and go on only at {type: "go"}
//   {type: "compute", id, pid, form}  -> {type: "result", id, html, problems}
//                                        (the first, on a fresh start: then {type: "snapshot", state, …} below)
//   {type: "run", id, source}         -> {type: "output", id, html, error}
// Nothing is fetched from outside the site. A request that never comes back (a what-if cell in an endless loop, a
// worker the browser closed) is the page's to notice: calculators.js gives each one a deadline and starts a new
// worker when it passes.
//
// The download on a slow link: runtime.json lists the bytes of the wasm, the library and the bundle, and every byte
// of them is counted as it arrives (Pyodide's loader fetches the first two itself: the worker's fetch is wrapped for
// those URLs), so the page shows real progress and never gives up while bytes arrive. A connection that drops or
// stalls (nothing for STALL_MS) is asked again, from where it stopped when the host answers a Range request for the
// bytes as they are (else the whole file, the bytes already received skipped), up to TRIES times. An HTTP error is
// final at once (kind "missing"), as is a failure to reach the site at all ("offline" when the browser says so).
//
// Repeat visits: a memory snapshot of this Python (Pyodide's makeMemorySnapshot: its whole heap, the rules imported),
// made in the reader's browser once the first result of a fresh start has been sent, is kept in the Cache API under
// the digest of runtime.json (cache "lex-snapshot-<digest>", the digest the site's service worker names its runtime
// cache by: new rules or a new Pyodide are a new digest, and the old snapshot is deleted). The next start restores it
// (loadPyodide's _loadSnapshot) instead of starting Python and importing the rules again, then makes the page's
// Runtime. The snapshot's entry is named by the digest of this script too (what it leaves in memory before the
// snapshot is its own doing). Only where the browser has the Cache API and SubtleCrypto (a secure context), and never
// once a what-if cell has run (the reader's code could have changed the rules' modules). A snapshot that fails to
// restore is deleted and Python started as on a first visit; so is one whose last restore never finished (a marker
// is kept while one runs: a restore that hung or crashed the worker is not tried again).
//
// A repeat visit is fast by doing the little that is left as early as it can, and at once: the page starts this
// worker as it opens when it has a hint that a snapshot is kept (calculators.js, startIfKept: an early start, which
// goes no further than a restore, with nothing downloaded, until the reader wants Python); the start imports
// Pyodide's two scripts, reads runtime.json and looks for the snapshot side by side; the snapshot's bytes are read
// into a buffer of their kept size while Pyodide's loader compiles the wasm and sets up its module (restored,
// timed); the page's Runtime is made by one call of a function the snapshot holds (pageRuntime). What remains is
// Pyodide's own: its module factory, the wasm's instantiation, the module's runtime and the restore itself
// (benchmarks/live.py --repeat-only prints each step).
/* When each step of the start ended, as milliseconds since 1970 (performance.timeOrigin + now: the page takes its
   own timeOrigin from them), posted with "ready" and the first result; benchmarks/live.py prints the breakdown. */
const marks = {};
const stamp = (name) => {
  if (!(name in marks)) marks[name] = performance.timeOrigin + performance.now();
};
stamp("script");
const here = new URL("./", import.meta.url);
// Pyodide's loader and its 1.2 MB module factory, both asked for at once as the start begins (a static import
// would fetch the loader before this script runs, and the factory only after): they are read and compiled while
// runtime.json and the snapshot are looked up. The factory is handed to the loader (createPyodideModule: timed).
let loader = null;
let asm = null;
function importPyodide() {
  if (loader) return;
  loader = import("./pyodide.mjs");
  asm = import("./pyodide.asm.mjs");
  loader.catch(() => {});
  asm.then(() => stamp("asm-imported"), () => {});
}

// A start the page asked for before the reader wanted Python (eager: the page's hint says a snapshot is kept) goes
// no further than looking for the snapshot when it finds none (or cannot restore it): it says "waiting" and goes on
// only at the page's "go" (an edit, a calculator in view), so that nothing is downloaded before then.
let go = null;
const asked = new Promise((resolve) => {
  go = resolve;
});
let waited = false;
function wanted() {
  if (!waited) {
    waited = true;
    stamp("waiting");
    self.postMessage({ type: "waiting" });
  }
  return asked;
}

/* A module of Pyodide's, imported, or a Failure that says which could not be. */
async function imported(module, name) {
  try {
    return await module;
  } catch (error) {
    const kind = self.navigator && self.navigator.onLine === false ? "offline" : "missing";
    throw new Failure(`${name} could not be loaded (${error.message})`, kind);
  }
}
const STALL_MS = 30000;
const TRIES = 5;
const COUNTED = ["pyodide.asm.wasm", "python_stdlib.zip", "lex-live.zip"];
const SNAPSHOT_CACHE = "lex-snapshot-";
const SNAPSHOT_AFTER_MS = 500; // after the first result, so that the reader sees it first
const SNAPSHOT_SIZE = "X-Snapshot-Bytes"; // the header kept with a snapshot: its size (sparse, below)
const BLOCK = 4096; // a snapshot is kept without its blocks of zeros (sparse)
let runtime = null;
let pyodide = null;
const snapshot = { digest: null, entry: null, may: false, from: "fresh", discarded: null, marked: null };

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
  const counting = url.origin === here.origin && COUNTED.includes(name) && !(init && init.method && init.method !== "GET");
  if (name === "pyodide.asm.wasm") stamp("wasm-asked");
  if (!counting || snapshot.from === "snapshot") {
    const response = realFetch(input, init);
    if (name === "pyodide.asm.wasm") response.then(() => stamp("wasm-answered"), () => {});
    return response;
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
  const bytes = await response.arrayBuffer();
  return { manifest: JSON.parse(new TextDecoder().decode(bytes)), digest: await digestOf(bytes) };
}

/* The snapshot's entry for this script: named by the digest of its own text, or null. */
async function entryOf() {
  try {
    const response = await realFetch(import.meta.url);
    const digest = response.ok ? await digestOf(await response.arrayBuffer()) : null;
    return digest ? new URL(`python-snapshot-${digest}.bin`, here).href : null;
  } catch (error) {
    return null;
  }
}

/* --- the memory snapshot (see the head of this file) ---------------------------------------------------------- */

function snapshotsWork() {
  return typeof caches === "object" && !!caches && !!(self.crypto && self.crypto.subtle);
}

/* Whether the snapshot cache of runtime `digest` (the page's hint) is there. */
async function hintedRuntime(digest) {
  try {
    return typeof digest === "string" && /^[0-9a-f]{16}$/.test(digest) && (await caches.has(SNAPSHOT_CACHE + digest));
  } catch (error) {
    return false;
  }
}

/* The first 16 hex digits of the SHA-256 of runtime.json's bytes (lex_book/offline/service_worker.py's RUNTIME). */
async function digestOf(bytes) {
  if (!snapshotsWork()) return null;
  try {
    const hash = new Uint8Array(await self.crypto.subtle.digest("SHA-256", bytes));
    return Array.from(hash.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
  } catch (error) {
    return null;
  }
}

const trying = () => new URL("python-snapshot-restoring", here).href; // the marker of a restore under way

/* The snapshot kept for this runtime and this script, as a Response (its bytes are read while Pyodide's loader
   makes the module: restored), or null. One whose last restore never finished is deleted. The marker of a restore
   under way is written meanwhile (snapshot.marked): the restore waits for it. */
async function savedSnapshot() {
  if (!snapshot.digest || !snapshot.entry) return null;
  try {
    const cache = await caches.open(SNAPSHOT_CACHE + snapshot.digest);
    const [kept, stuck] = await Promise.all([cache.match(snapshot.entry), cache.match(trying())]);
    if (stuck) {
      snapshot.discarded = "its last restore did not finish";
      await forgetSnapshots(null);
      return null;
    }
    if (kept) snapshot.marked = cache.put(trying(), new Response(""));
    return kept || null;
  } catch (error) {
    return null;
  }
}

async function restoreFinished() {
  try {
    await (await caches.open(SNAPSHOT_CACHE + snapshot.digest)).delete(trying());
  } catch (error) {
    /* nothing to clear */
  }
}

/* Every snapshot but the one of cache `keep` (none when null). */
async function forgetSnapshots(keep) {
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(SNAPSHOT_CACHE) && n !== keep).map((n) => caches.delete(n)));
  } catch (error) {
    /* no cache to clear */
  }
}

async function saveSnapshot() {
  if (!snapshot.may) return;
  snapshot.may = false;
  const started = performance.now();
  try {
    const bytes = pyodide.makeMemorySnapshot();
    const made = Math.round(performance.now() - started);
    const name = SNAPSHOT_CACHE + snapshot.digest;
    const cache = await caches.open(name);
    const headers = { "Content-Type": "application/octet-stream", [SNAPSHOT_SIZE]: String(bytes.byteLength) };
    const kept = sparse(bytes);
    await cache.put(snapshot.entry, new Response(kept, { headers }));
    await forgetSnapshots(name);
    for (const request of await cache.keys()) {
      if (request.url !== snapshot.entry) await cache.delete(request); // an earlier script's
    }
    const ms = Math.round(performance.now() - started);
    const { digest } = snapshot;
    self.postMessage({ type: "snapshot", state: "saved", bytes: bytes.byteLength, kept: kept.size, made, ms, digest });
  } catch (error) {
    self.postMessage({ type: "snapshot", state: "failed", error: String(error && error.message ? error.message : error) });
  }
}

const phases = {}; // milliseconds since the start at the end of each phase (benchmarks/live.py reads them)

/* A snapshot as it is kept: a map of its BLOCK-byte blocks (a bit each, set for a block not all zeros), then those
   blocks. Python's heap is mostly zeros (about 60% of its blocks after the first result): what is read back on the
   next visit, and kept on the reader's device, is less than half the snapshot. */
function sparse(bytes) {
  const blocks = Math.ceil(bytes.length / BLOCK);
  const map = new Uint8Array(Math.ceil(blocks / 8));
  const parts = [map];
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  for (let block = 0; block < blocks; block++) {
    const start = block * BLOCK;
    const end = Math.min(bytes.length, start + BLOCK);
    let used = false;
    for (let i = start >> 2; i < end >> 2 && !used; i++) used = words[i] !== 0;
    for (let i = end & ~3; i < end && !used; i++) used = bytes[i] !== 0;
    if (used) {
      map[block >> 3] |= 1 << (block & 7);
      parts.push(bytes.subarray(start, end));
    }
  }
  return new Blob(parts);
}

/* The runs of blocks `map` marks, as [start, end) byte ranges of a snapshot of `size` bytes. */
function ranges(map, size) {
  const found = [];
  const blocks = Math.ceil(size / BLOCK);
  for (let block = 0; block < blocks; block++) {
    if (!(map[block >> 3] & (1 << (block & 7)))) continue;
    const start = block * BLOCK;
    const end = Math.min(size, start + BLOCK);
    const last = found[found.length - 1];
    if (last && last[1] === start) last[1] = end;
    else found.push([start, end]);
  }
  return found;
}

/* The kept snapshot (sparse) read from `body` into `into` (zeros, of the snapshot's size), which it must fill
   exactly: its map, then its blocks each in their place. */
async function fill(body, into) {
  const map = new Uint8Array(Math.ceil(Math.ceil(into.length / BLOCK) / 8));
  const reader = body.getReader();
  let mapped = 0;
  let runs = null;
  let run = 0;
  let at = 0; // where the next byte goes, in runs[run]
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let chunk = value;
    if (mapped < map.length) {
      const part = chunk.subarray(0, map.length - mapped);
      map.set(part, mapped);
      mapped += part.length;
      chunk = chunk.subarray(part.length);
      if (mapped < map.length) continue;
      runs = ranges(map, into.length);
      at = runs.length ? runs[0][0] : 0;
    }
    while (chunk.length) {
      if (run >= runs.length) throw new Error("the snapshot is longer than when it was kept");
      const take = Math.min(chunk.length, runs[run][1] - at);
      into.set(chunk.subarray(0, take), at);
      chunk = chunk.subarray(take);
      at += take;
      if (at === runs[run][1] && ++run < runs.length) at = runs[run][0];
    }
  }
  if (!runs || run < runs.length) throw new Error("the snapshot is shorter than when it was kept");
  stamp("snapshot-read");
}

/* Python from the snapshot kept for this runtime, or null (none, or it failed: then it is deleted). The wasm is
   then fetched as it is (not counted: it was received whole before the snapshot was made), so that the browser may
   use the code it compiled from it last time. The loader wants the snapshot before it makes the module, and makes
   the module before it restores the snapshot: it is given a buffer of the snapshot's size (kept beside it,
   SNAPSHOT_SIZE), which is filled from the cache (sparse: its blocks of zeros are the new buffer's) while the
   module is made (the wasm compiled, the runtime set up); the restore waits for the last byte (timed). */
async function restored(options, loadPyodide, kept) {
  say("Starting Python from this device's copy…");
  try {
    const size = Number(kept.headers.get(SNAPSHOT_SIZE));
    if (!Number.isSafeInteger(size) || size <= 0 || size % 4 || !kept.body) throw new Error("no size kept with it");
    const bytes = new Uint8Array(size);
    const read = fill(kept.body, bytes);
    read.catch(() => {});
    const before = Promise.all([read, snapshot.marked]);
    before.catch(() => {}); // the loader's failure (timed)
    const restoring = { ...options, _loadSnapshot: bytes, createPyodideModule: (settings) => timed(settings, before) };
    const python = await Promise.race([loadPyodide(restoring), broken]);
    python.globals.get("__name__"); // a call into the restored Python: it answers, or this fails here
    return python;
  } catch (error) {
    snapshot.from = "fresh";
    if (error instanceof Failure) {
      await restoreFinished();
      throw error; // the download, not the snapshot
    }
    snapshot.discarded = String(error && error.message ? error.message : error).slice(0, 200);
    await forgetSnapshots(null);
    return null;
  }
}

/* Pyodide's own createPyodideModule (the loader's documented option), its steps stamped: the wasm asked to be
   instantiated, instantiated, the module's file system and runtime ready; the module is handed on once `before`
   (the snapshot's bytes, when restoring) is done. */
async function timed(settings, before) {
  const create = (await imported(asm, "pyodide.asm.mjs")).default;
  stamp("loader");
  const instantiate = settings.instantiateWasm;
  if (instantiate) {
    settings.instantiateWasm = (imports, success) => {
      stamp("instantiate");
      return instantiate(imports, (instance, module) => {
        stamp("instantiated");
        success(instance, module);
      });
    };
  }
  const module = await create(settings);
  stamp("module");
  await before; // the snapshot's bytes read meanwhile (restored), before the loader restores it
  return module;
}

/* page_runtime(folder): the page's widgets.views.live.Runtime. Defined on a fresh start, it is in the snapshot with
   the page table it read, so a restored Python makes the page's Runtime with one call (pageRuntime). */
const RUNTIME_CODE = `
import json, sys
if "/lex" not in sys.path:
    sys.path.insert(0, "/lex")
from widgets.views.live import Runtime

def page_runtime(folder, _read=[]):
    if not _read:
        with open("/lex/reader_pages.json", encoding="utf-8") as pages:
            _read.append(json.load(pages))
    return Runtime(_read[0], folder)

page_runtime
`;

function pageRuntime(python, folder) {
  const make = python.globals.get("page_runtime") || python.runPython(RUNTIME_CODE);
  try {
    return make(folder);
  } finally {
    make.destroy();
  }
}

/* The bundle's files into `folder` of Python's file system. The bundle stores its files (live_runtime.py): they are
   taken from the zip's central directory as they are, without Python (whose zipfile and shutil would be imported for
   it, and take a few hundred milliseconds); a zip that compresses any file is left to Pyodide's unpackArchive. */
function unpack(python, buffer, folder) {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  const files = [];
  if (end >= 0) {
    const count = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    const names = new TextDecoder();
    for (let i = 0; i < count; i++) {
      if (view.getUint32(at, true) !== 0x02014b50 || view.getUint16(at + 10, true) !== 0) {
        files.length = 0;
        break;
      }
      const size = view.getUint32(at + 24, true);
      const nameLength = view.getUint16(at + 28, true);
      const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      const local = view.getUint32(at + 42, true);
      const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
      if (view.getUint32(local, true) !== 0x04034b50) {
        files.length = 0;
        break;
      }
      const data = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      files.push([name, bytes.subarray(data, data + size)]);
      at += 46 + skip;
    }
  }
  if (!files.length) {
    python.unpackArchive(buffer, "zip", { extractDir: folder });
    return;
  }
  for (const [name, data] of files) {
    if (name.endsWith("/")) continue;
    const path = `${folder}/${name}`;
    python.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    python.FS.writeFile(path, data);
  }
}

async function start(folder, eager) {
  const started = performance.now();
  const mark = (name) => (phases[name] = Math.round(performance.now() - started));
  // an early start imports Pyodide at once too when the hinted runtime's snapshot cache is still there (its runtime
  // is this build's: the site's service worker deletes both with an earlier build's), else once a snapshot is found
  if (!eager) importPyodide();
  else hintedRuntime(eager).then((current) => current && importPyodide());
  const [{ manifest, digest }, entry] = await Promise.all([manifestOf(), entryOf()]);
  stamp("manifest");
  snapshot.digest = digest;
  snapshot.entry = entry;
  const sizes = manifest.bytes || {};
  counter.total = COUNTED.reduce((sum, name) => sum + (sizes[name] || 0), 0);
  counter.wire = COUNTED.reduce((sum, name) => sum + ((manifest.gzip || {})[name] || 0), 0);
  sayProgress(true);
  const versioned = (name) => {
    const url = new URL(name, here);
    url.searchParams.set("v", manifest.versions[name]);
    return url;
  };
  const kept = await savedSnapshot();
  stamp("snapshot-found");
  if (!kept && eager) await wanted();
  importPyodide();
  if (kept) snapshot.from = "snapshot";
  const bundle = self.fetch(versioned("lex-live.zip")).then((response) => response.arrayBuffer());
  bundle.catch(() => {});
  // Pyodide's loader waits for ever on a missing pyodide.asm.mjs (imported, not fetched): it is asked for meanwhile,
  // and a failure ends the start (the loader is raced with `broken`). No answer at all (offline) is not a failure
  // here: the site's service worker may have it (it does not answer a HEAD).
  realFetch(new URL("pyodide.asm.mjs", here), { method: "HEAD" }).then(
    (script) => {
      if (!script.ok) giveUp(new Failure(`pyodide.asm.mjs: HTTP ${script.status}`, "missing"));
      mark("checked");
    },
    () => {},
  );
  const { loadPyodide } = await imported(loader, "pyodide.mjs");
  const options = {
    indexURL: here.href,
    stdLibURL: versioned("python_stdlib.zip").href,
    lockFileURL: new URL("pyodide-lock.json", here).href,
    stdout: () => {},
    stderr: () => {},
    createPyodideModule: (settings) => timed(settings, null),
  };
  pyodide = kept ? await restored(options, loadPyodide, kept) : null;
  if (pyodide) {
    mark("python");
    stamp("python");
    try {
      unpack(pyodide, await Promise.race([bundle, broken]), "/lex");
      mark("unpacked");
      stamp("unpacked");
      runtime = pageRuntime(pyodide, folder);
      stamp("rules");
      restoreFinished(); // not waited for: a crash from here on is not the restore's
    } catch (error) {
      if (error instanceof Failure) {
        await restoreFinished();
        throw error;
      }
      snapshot.discarded = String(error && error.message ? error.message : error).slice(0, 200);
      await forgetSnapshots(null);
      pyodide = null;
      snapshot.from = "fresh";
    }
  }
  if (!pyodide) {
    if (eager) await wanted();
    snapshot.from = "fresh";
    snapshot.may = !!(digest && entry);
    pyodide = await Promise.race([loadPyodide({ ...options, _makeSnapshot: snapshot.may }), broken]);
    mark("python");
    stamp("python");
    say("Starting the rules…");
    unpack(pyodide, await Promise.race([bundle, broken]), "/lex");
    mark("unpacked");
    stamp("unpacked");
    runtime = pageRuntime(pyodide, folder);
    stamp("rules");
  }
  mark("rules");
  return Math.round(performance.now() - started);
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "go") {
    go();
    return;
  }
  if (message.type === "init") {
    try {
      const ms = await start(message.folder, message.eager || null);
      const { from, discarded } = snapshot;
      stamp("ready");
      const { received, total } = counter;
      self.postMessage({ type: "ready", ms, phases, marks, received, total, from, discarded });
    } catch (error) {
      const text = String(error && error.message ? error.message : error);
      self.postMessage({ type: "failed", error: text, kind: (error && error.kind) || "broken" });
    }
    return;
  }
  const started = performance.now();
  try {
    if (message.type === "compute") {
      stamp("compute");
      const answer = JSON.parse(runtime.compute(message.pid, JSON.stringify(message.form)));
      stamp("computed");
      self.postMessage({ type: "result", id: message.id, ms: performance.now() - started, marks, ...answer });
      if (snapshot.may) setTimeout(saveSnapshot, SNAPSHOT_AFTER_MS);
    } else if (message.type === "run") {
      snapshot.may = false; // the reader's code may have changed what a snapshot would keep
      const answer = JSON.parse(runtime.run_cell(message.source));
      self.postMessage({ type: "output", id: message.id, ms: performance.now() - started, ...answer });
    }
  } catch (error) {
    if (snapshot.from === "snapshot") forgetSnapshots(null); // a restored Python that fails is not kept for next time
    self.postMessage({ type: "crashed", id: message.id, error: String(error && error.message ? error.message : error) });
  }
};

// Lex Maritima: the book offline (written to the site's root by lex_book/offline/service_worker.py, which puts in
// this build's VERSION and the runtime's RUNTIME digest).
//
// Caches: lex-pages-VERSION (each page read, what it links from _static, the search index, the calculators' own
// scripts: a new worker.js comes with a new build) and lex-runtime-RUNTIME (the calculators' Python, the rest of
// _static/live/); the calculators' worker keeps its memory snapshot of that Python in
// lex-snapshot-RUNTIME (live/static/worker.js). On activation every other lex- cache is deleted: a new build never
// serves an old build's pages, and keeps the runtime and its snapshot when it did not change.
//   pages (navigations): the network first, then the cache (the address without its query), then offline.html;
//   _static/, pagefind/: the cache first (their addresses carry versions or hashes), else the network, kept;
//   runtime.json: the network first (it names the runtime's digests), then the cache.
// A page's {type: "keep", urls} message keeps what it loaded before the worker controlled it; {type: "save"} fetches offline.json's list into the caches, answering {type: "saved", done,
// total, failed} as it goes; {type: "tidy"} deletes other builds' caches (what activation does).
const VERSION = "__VERSION__";
const RUNTIME = "__RUNTIME__";
const PAGES = `lex-pages-${VERSION}`;
const LIVE = `lex-runtime-${RUNTIME}`;
const SNAPSHOT = `lex-snapshot-${RUNTIME}`;
const LIVE_CODE = __LIVE_CODE__; // the page's own code in _static/live/: a build's, kept with its pages
const ROOT = new URL("./", self.location.href);
const OFFLINE = new URL("offline.html", ROOT).href;
const SKIPPED = ["lite", "data", "akn"];

function cacheFor(url) {
  const live = new URL("_static/live/", ROOT).pathname;
  if (!url.pathname.startsWith(live)) return PAGES;
  return LIVE_CODE.includes(url.pathname.slice(live.length)) ? PAGES : LIVE;
}

async function tidy() {
  const names = await caches.keys();
  const kept = [PAGES, LIVE, SNAPSHOT];
  await Promise.all(names.filter((n) => n.startsWith("lex-") && !kept.includes(n)).map((n) => caches.delete(n)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(PAGES).then((cache) => cache.add(OFFLINE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(tidy().then(() => self.clients.claim()));
});

/* The response as it arrives, to the page at once; a copy into the cache meanwhile (awaiting the put would hold the
   whole download back until its last byte, and the page's progress with it). */
function keep(event, request, response) {
  if (response && response.status === 200 && response.type === "basic") {
    const copy = response.clone();
    event.waitUntil(caches.open(cacheFor(new URL(request.url))).then((cache) => cache.put(request, copy)));
  }
  return response;
}

async function page(event, request) {
  try {
    return keep(event, request, await fetch(request));
  } catch (error) {
    const cache = await caches.open(PAGES);
    return (
      (await cache.match(request, { ignoreSearch: true })) ||
      (await cache.match(OFFLINE)) ||
      new Response("You are offline.", { status: 503, headers: { "Content-Type": "text/plain" } })
    );
  }
}

async function cacheFirst(event, request) {
  const url = new URL(request.url);
  const cache = await caches.open(cacheFor(url));
  // Pagefind asks for its entry file with a time in the query, to pass the HTTP cache: the file is the same one
  const loose = url.pathname.startsWith(new URL("pagefind/", ROOT).pathname);
  const kept = await cache.match(loose ? url.origin + url.pathname : request.url);
  if (kept) return kept;
  const response = await fetch(request);
  if (request.headers.has("Range")) return response; // a part of a file: never kept
  return keep(event, new Request(loose ? url.origin + url.pathname : request.url), response);
}

async function networkFirst(event, request) {
  try {
    return keep(event, request, await fetch(request));
  } catch (error) {
    const kept = await caches.match(request.url);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== ROOT.origin || !url.pathname.startsWith(ROOT.pathname)) return;
  const top = url.pathname.slice(ROOT.pathname.length).split("/")[0];
  if (SKIPPED.includes(top)) return; // the lab (its own worker), the open data's downloads: the network's
  if (request.mode === "navigate") {
    event.respondWith(page(event, request));
    return;
  }
  const path = url.pathname.slice(ROOT.pathname.length);
  if (path === "_static/live/runtime.json" || path === "offline.json") event.respondWith(networkFirst(event, request));
  else if (path.startsWith("_static/") || path.startsWith("pagefind/")) event.respondWith(cacheFirst(event, request));
  else event.respondWith(networkFirst(event, request));
});

async function save(port) {
  const list = await (await fetch(new URL("offline.json", ROOT), { cache: "no-store" })).json();
  const total = list.files.length;
  let done = 0;
  const failed = [];
  const queue = list.files.slice();
  async function one() {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const url = new URL(name, ROOT);
      const cache = await caches.open(cacheFor(url));
      try {
        if (!(await cache.match(url.href))) {
          const response = await fetch(url.href);
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          await cache.put(url.href, response);
        }
      } catch (error) {
        failed.push(name);
      }
      done += 1;
      if (done % 10 === 0 || done === total) port.postMessage({ type: "saved", done, total, failed: failed.length });
    }
  }
  await Promise.all([one(), one(), one(), one()]);
  port.postMessage({ type: "saved", done, total, failed: failed.length, finished: true, bytes: list.bytes });
}

/* The page that installed the worker, and what it loaded before the worker controlled it: kept, so that the first
   page read also reads offline. */
async function keepLoaded(urls) {
  await Promise.all(
    urls.map(async (name) => {
      const url = new URL(name, ROOT);
      if (url.origin !== ROOT.origin) return;
      const cache = await caches.open(cacheFor(url));
      if (await cache.match(url.href)) return;
      try {
        const response = await fetch(url.href);
        if (response.ok && response.status === 200) await cache.put(url.href, response);
      } catch (error) {
        /* offline already: nothing to keep */
      }
    }),
  );
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "keep") {
    event.waitUntil(keepLoaded(event.data.urls || []));
    return;
  }
  const port = event.ports && event.ports[0];
  if (!port) return;
  if (event.data && event.data.type === "save") event.waitUntil(save(port));
  else if (event.data && event.data.type === "tidy") event.waitUntil(tidy().then(() => port.postMessage({ type: "tidied" })));
});

"""The book offline: a service worker written with the site, the offline page, and what "Save for offline" fetches.

Students read on phones with slow or no connections (seafarers, often offline for weeks). When the build finishes
(``offline.html`` before the search reads the pages; the rest after the search index, so that every file is
written) this writes, at the site's root:

``sw.js``
    The service worker (``offline/static/sw.js``, vanilla: no library), with the build's ``VERSION`` (a digest of
    every page and static file of the site) and ``RUNTIME`` (the digest of ``_static/live/runtime.json``) put in. Its
    caches are named by them: ``lex-pages-<VERSION>`` (each page read, its styles and scripts, the search index) and
    ``lex-runtime-<RUNTIME>`` (the calculators' Python, fetched once); beside them the calculators' worker keeps
    ``lex-snapshot-<RUNTIME>``, its memory snapshot of that Python (``live/static/worker.js``). A new build activates a
    new worker, which deletes every other ``lex-`` cache: a rebuilt site is never read from an old build's cache, and
    the 4 MB runtime and its snapshot are kept when only the pages changed. Pages are asked of the network first
    (the cache when offline, then ``offline.html``); ``_static`` files, the runtime's (by digest) and Pagefind's (by
    hash) from the cache first.
``offline.html``
    What a page that was never read says when there is no connection, instead of the browser's error.
``offline.json``
    What "Save for offline" fetches (the landing page's button, ``offline/static/offline.js``): the chapters of
    ``_toc.yml``, each statute's contents page, the glossary, the search page and Pagefind's index, the calculators'
    runtime, and every ``_static`` file those pages link; with their bytes.

``offline.js`` (and its styles) is linked from every page: it registers the worker (not on a ``file://`` page) and,
on the landing page, shows the "Save for offline" box.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from lex_book import atomic_files
from lex_book.live import live_runtime
from lex_book.speed import complete_build, site_memo

FRONT_END = Path(__file__).resolve().parent / "static"
SERVED = ("offline.js", "offline.css")
STATIC = Path("_static") / "offline"
SKIPPED = ("data", "akn", "lite", "_sources", "_images")
"""Folders of the site the version ignores and nothing saves: the open data (downloads, not pages), the lab."""
LINKED = re.compile(r"""(?:href|src)=["']([^"'#]+)["']""")
RUNTIME = ("runtime.json", "worker.js", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
"""The runtime's files the worker asks for by name; the two zips it asks for with their digest (``?v=``)."""
OFFLINE_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Offline — {title}</title>
<script>
// Shown at the address of the page asked for, at any depth: its links are relative to the site's root, where the
// service worker that answered lives.
(function () {{
  var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!worker) return;
  var base = document.createElement("base");
  base.href = new URL("./", worker.scriptURL).href;
  document.head.appendChild(base);
}})();
</script><style>
:root {{ color-scheme: light dark; }}
body {{ font: 1rem/1.5 system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; }}
a {{ color: LinkText; }} li {{ margin: 0.5rem 0; }}
</style></head><body><main>
<h1>You are offline</h1>
<p>This page has not been saved on this device, so it cannot be shown without a connection. Pages you have read
here before, and every page saved with <b>Save for offline</b> on the book's first page, can still be read.</p>
<ul><li><a href="{landing}">The book's first page</a></li>{chapters}</ul>
<p>Connect to the internet and reload the page to read it.</p>
</main></body></html>
"""


def front_end(app: Sphinx) -> None:
    """``offline.js`` and its styles into ``_static/offline/`` before any page is written (their links' checksums)."""
    if app.builder.format != "html":
        return
    target = Path(app.outdir) / STATIC
    target.mkdir(parents=True, exist_ok=True)
    for name in SERVED:
        shutil.copyfile(FRONT_END / name, target / name)


def page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """The worker's registration on every page; the "Save for offline" box's place on the landing page."""
    app.add_js_file("offline/offline.js", loading_method="defer")
    app.add_css_file("offline/offline.css")
    if pagename == app.config.root_doc and "body" in context:
        context["body"] = "<div class='lm-save-offline' data-save-offline hidden></div>" + context["body"]


def cached_files(outdir: Path) -> dict[str, list[int]]:
    """The site's files a reader's browser may cache (not :data:`SKIPPED`), with their sizes and times
    (:func:`lex_book.speed.complete_build.site_files`)."""
    return complete_build.site_files(outdir, leave_out=(*complete_build.KEPT, *SKIPPED))


def site_version(outdir: Path, kept: Path | None = None, listed: dict[str, list[int]] | None = None) -> str:
    """A digest of every file of the site a reader's browser may cache (:func:`cached_files`, or ``listed``), not the
    worker's. With a store (``kept``), a file's bytes are read again only when it was written since
    (:mod:`lex_book.speed.site_memo`)."""
    listed = cached_files(outdir) if listed is None else listed
    files = {path: stamp for path, stamp in listed.items() if path not in ("sw.js", "offline.json")}
    digests = site_memo.learnt(outdir, files, site_memo.sha256, kept, "sha256")
    digest = hashlib.sha256()
    for relative in sorted(digests):
        digest.update(relative.encode() + b"\0" + bytes.fromhex(digests[relative]))
    return digest.hexdigest()[:16]


def chapters(app: Sphinx) -> list[str]:
    """The pages of ``_toc.yml`` (not the statutes' generated pages nor the comparisons), in reading order."""
    site_map = getattr(app.config, "external_site_map", None)
    names = list(site_map) if site_map is not None else [app.config.root_doc]
    return [name for name in names if not name.startswith(("book/reader/", "book/comparisons/"))]


def saved_files(app: Sphinx, outdir: Path, listed: dict[str, list[int]]) -> list[str]:
    """What "Save for offline" fetches, relative to the site's root (see the module docstring); ``listed``: the
    site's files (:func:`cached_files`)."""
    pages = [f"{name}.html" for name in chapters(app)]
    pages += sorted(p for p in listed if re.fullmatch(r"book/reader/[^/]+/index\.html", p))
    pages += [p for p in ("book/reader/glossary.html", "search.html") if p in listed]
    files: dict[str, None] = dict.fromkeys(pages)
    stamps = {page: listed[page] for page in pages}
    links = site_memo.learnt(outdir, stamps, _links, site_memo.store(app, "offline-links"), LINKED.pattern)
    for page in pages:
        for link in links[page]:
            if re.match(r"^[a-z][a-z0-9+.-]*:|^//", link):
                continue
            resolved = Path(*_normal((Path(page).parent / link.split("?")[0]).as_posix()))
            if resolved.parts and resolved.parts[0] == "_static" and resolved.as_posix() in listed:
                query = link.split("?", 1)[1] if "?" in link else ""
                files[resolved.as_posix() + (f"?{query}" if query else "")] = None
    files |= dict.fromkeys(p for p in sorted(listed) if p.startswith("pagefind/"))
    live = outdir / "_static" / "live"
    manifest = json.loads((live / "runtime.json").read_text(encoding="utf-8"))
    files |= dict.fromkeys(f"_static/live/{name}" for name in RUNTIME)
    files |= dict.fromkeys(f"_static/live/{name}?v={digest}" for name, digest in manifest["versions"].items())
    return list(files)


def _links(page: Path) -> list[str]:
    return LINKED.findall(page.read_text(encoding="utf-8"))


def _normal(path: str) -> list[str]:
    parts: list[str] = []
    for part in path.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if parts:
                parts.pop()
        else:
            parts.append(part)
    return parts


def write_offline_page(app: Sphinx, exception: Exception | None) -> None:
    """``offline.html`` at the site's root (see the module docstring), before the search reads the site's pages."""
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    title = html.escape(app.config.html_title or app.config.project)
    links = "".join(
        f"<li><a href='{html.escape(name)}.html'>{html.escape(name.rsplit('/', 1)[-1].replace('-', ' ').capitalize())}"
        "</a></li>"
        for name in chapters(app)
        if name != app.config.root_doc
    )
    atomic_files.write_text(
        outdir / "offline.html", OFFLINE_PAGE.format(title=title, landing=f"{app.config.root_doc}.html", chapters=links)
    )


def write_offline(app: Sphinx, exception: Exception | None) -> None:
    """``sw.js`` and ``offline.json`` at the site's root (see the module docstring), once every file is written."""
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    listed = cached_files(outdir)  # one walk for both: what is saved, and the version (neither counts offline.json)
    files = saved_files(app, outdir, listed)
    sizes = sum((outdir / name.split("?")[0]).stat().st_size for name in files)
    atomic_files.write_text(outdir / "offline.json", json.dumps({"files": files, "bytes": sizes}, indent=0) + "\n")
    runtime = hashlib.sha256((outdir / "_static" / "live" / "runtime.json").read_bytes()).hexdigest()[:16]
    worker = (FRONT_END / "sw.js").read_text(encoding="utf-8")
    worker = worker.replace("__VERSION__", site_version(outdir, site_memo.store(app, "site-files"), listed))
    worker = worker.replace("__RUNTIME__", runtime).replace("__LIVE_CODE__", json.dumps(list(live_runtime.SERVED)))
    atomic_files.write_text(outdir / "sw.js", worker)


def register(app: Sphinx) -> None:
    app.connect("builder-inited", front_end)
    app.connect("html-page-context", page_context)
    app.connect("build-finished", write_offline_page, priority=400)  # before the search reads the pages (500)
    app.connect("build-finished", write_offline, priority=900)

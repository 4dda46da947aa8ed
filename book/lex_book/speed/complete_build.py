"""A build that was stopped part way is finished by the next one: the site is never left stale or half written.

Sphinx saves its environment once every page is read, before it writes any, and judges a page's HTML current when
the file is newer than the page's source. A ``make book-build`` killed while it wrote pages (or while the
extensions wrote the search index, the open data, the service worker) left pages half written, old, or missing
their neighbours' changes, and the next build said "no targets are out of date", exited 0 and published them.

So a build proves it finished: its last act (``build-finished``, after every other handler) writes a stamp in the
doctree folder listing every file of the site with its size and modification time (:func:`site_files`). The next
build's first act (``builder-inited``, before any extension writes into the site) compares the site with the stamp,
then removes the stamp, so that a build killed at any later point leaves none. No stamp (the last build did not
finish), or a file missing, added, resized or rewritten since: the site's files are removed (:data:`KEPT` aside)
and this build writes every page again from the stored doctrees, copies every asset and runs every extension's
``build-finished`` work, as a clean build would; pages whose sources changed are read again as always. Checking
costs a ``stat`` per file of the site (some 10 µs each), not a hash of its bytes: a file changed in place with
the same size and time would pass, which no build, kill or full disk does.

Pages are written whole (:class:`AtomicPagesBuilder`, :mod:`lex_book.atomic_files`): a kill leaves a page's old bytes
or its new ones, and a host serving the site during a build never sends half a page.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Collection
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.util import logging

from lex_book import atomic_files

STAMP = "lex-maritima/finished-site.json"
"""In the build's doctree folder (not in the site: it is not published)."""

KEPT = ("lite",)
"""Folders of the site that another step writes after the book (``make lite``: the lab, rebuilt whole each time),
neither stamped nor removed."""

logger = logging.getLogger(__name__)


def site_files(outdir: Path, leave_out: Collection[str] = KEPT) -> dict[str, list[int]]:
    """Every file of the site by its path relative to ``outdir``, its top folders ``leave_out`` aside (by default
    :data:`KEPT`): its size and mtime (ns).

    :func:`os.scandir` and plain strings: some 10 µs a file (Path objects took six times as long)."""
    files: dict[str, list[int]] = {}

    def walk(folder: str, prefix: str) -> None:
        with os.scandir(folder) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                if entry.is_dir(follow_symlinks=False):
                    if prefix or entry.name not in leave_out:
                        walk(entry.path, f"{prefix}{entry.name}/")
                else:
                    status = entry.stat()
                    files[prefix + entry.name] = [status.st_size, status.st_mtime_ns]

    walk(str(outdir), "")
    return files


def unfinished(stamp: Path, outdir: Path) -> str | None:
    """Why the site in ``outdir`` is not the one a finished build left (``None`` when it is, or when it is empty)."""
    present = site_files(outdir) if outdir.is_dir() else {}
    if not present:
        return None
    try:
        recorded = json.loads(stamp.read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return "the last build did not finish"
    if recorded == present:
        return None
    changed = sorted(set(recorded) ^ set(present)) or sorted(p for p in present if present[p] != recorded[p])
    verb = "is missing" if changed[0] in recorded and changed[0] not in present else "is new"
    verb = "changed" if changed[0] in recorded and changed[0] in present else verb
    return f"{changed[0]} {verb} since the last build finished"


def clear_site(outdir: Path) -> None:
    """Remove every file and folder of ``outdir`` but :data:`KEPT`."""
    for entry in sorted(outdir.iterdir()):
        if entry.name in KEPT:
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()


def check(app: Sphinx) -> None:
    """``builder-inited``, first: a site an unfinished build left is removed, to be written whole; then the stamp."""
    if app.builder.format != "html":
        return
    outdir, stamp = Path(app.outdir), Path(app.doctreedir) / STAMP
    reason = unfinished(stamp, outdir)
    stamp.unlink(missing_ok=True)  # from here until build-finished, a stopped build leaves no stamp
    if reason is not None:
        logger.info(f"[complete_build] {reason}: every page of {outdir} is written again")
        clear_site(outdir)


def write_stamp(app: Sphinx, exception: BaseException | None) -> None:
    """``build-finished``, last: the site this build finished, file by file."""
    if exception is not None or app.builder.format != "html":
        return
    stamp = Path(app.doctreedir) / STAMP
    stamp.parent.mkdir(parents=True, exist_ok=True)
    atomic_files.write_text(stamp, json.dumps({"files": site_files(Path(app.outdir))}))


class AtomicPagesBuilder(StandaloneHTMLBuilder):
    """Sphinx's HTML builder, each page written whole: rendered into its partial file, then renamed into place."""

    def handle_page(
        self,
        pagename: str,
        addctx: dict[str, Any],
        templatename: str = "page.html",
        outfilename: str | None = None,
        event_arg: Any = None,
    ) -> None:
        target = outfilename or self.get_outfilename(pagename)
        partial = atomic_files.partial_path(target)
        try:
            super().handle_page(pagename, addctx, templatename, str(partial), event_arg)
            if partial.exists():  # Sphinx logs a page it could not render or write, and writes nothing
                os.replace(partial, target)
        finally:
            partial.unlink(missing_ok=True)


def register(app: Sphinx) -> None:
    app.add_builder(AtomicPagesBuilder, override=True)
    app.connect("builder-inited", check, priority=100)  # before any handler writes into the site (500)
    app.connect("build-finished", write_stamp, priority=1000)  # after every other handler (900 and below)

"""The site search's index of a built site, timed (lex_book/search/site_search.py): the statutes' records made from
the corpus (cold: no cache), the built pages read, Pagefind's index written (into a temporary folder, the site's own
index untouched), and the index's size.

    .venv/bin/python benchmarks/search_index.py [_build/html]

One run; numbers depend on the machine and its load. Prints one JSON object.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

import corpus
from lex_book.paths import NODE_MODULES
from lex_book.search import site_search


def main(site: Path) -> dict[str, object]:
    doc_ids = [d.id for d in corpus.documents()]
    start = time.perf_counter()
    records = site_search.corpus_records(doc_ids, {})
    made = time.perf_counter()
    pages = list(site_search.page_files(site, doc_ids))
    read = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        report = site_search.write_index(records, pages, Path(folder) / "pagefind", NODE_MODULES)
        written = time.perf_counter()
        files = [p for p in Path(folder).rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
    return {
        "statute_records": len(records),
        "pages_read": len(pages),
        "pages_kept": report["pages"],
        "index_files": len(files),
        "index_bytes": size,
        "records_s": round(made - start, 2),
        "pages_s": round(read - made, 2),
        "pagefind_s": round(written - read, 2),
        "errors": report["errors"],
    }


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1] if len(sys.argv) > 1 else "_build/html")), indent=1))

"""``python -m corpus build [--all]`` rebuilds the AKN from the sources; ``python -m corpus stats`` shows coverage."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from corpus import notes
from corpus.annotation_store import AnnotationError
from corpus.build import BuildError, build
from corpus.catalogue import CatalogueError
from corpus.corrections import CorrectionError
from corpus.layouts import QuirksError
from corpus.source_text import SourceError
from corpus.stats import table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    build_cmd = sub.add_parser("build", help="rebuild corpus/akn/*.xml from corpus/sources/")
    build_cmd.add_argument("--all", action="store_true", help="rebuild every document, changed or not")
    build_cmd.add_argument("--only", nargs="+", metavar="DOC", help="consider only these documents")
    build_cmd.add_argument("--jobs", type=int, default=1, help="build the documents in this many processes")
    sub.add_parser("stats", help="print coverage counts per document")
    notes_cmd = sub.add_parser("notes", help="check or export the annotations")
    notes_cmd.add_argument("action", choices=("check", "export"))
    notes_cmd.add_argument("--with", dest="extra", nargs="*", default=[], type=Path, help="course annotation files")
    args = parser.parse_args(argv)
    if args.command == "stats":
        print(table())
        return 0
    if args.command == "notes":
        return notes_command(args.action, args.extra)
    try:
        rebuilt = build(only_changed=not args.all, only=args.only, jobs=args.jobs)
    except (BuildError, CatalogueError, CorrectionError, QuirksError, SourceError) as err:
        print(f"corpus build failed: {err}", file=sys.stderr)
        return 1
    print(f"rebuilt: {', '.join(rebuilt)}" if rebuilt else "corpus is up to date")
    return 0


def notes_command(action: str, extra: list[Path]) -> int:
    try:
        if action == "export":
            print(json.dumps(notes.export(extra), indent=1, ensure_ascii=False))
            return 0
        found = notes.check(extra)
    except AnnotationError as err:
        print(f"annotations rejected: {err}", file=sys.stderr)
        return 2
    for orphan in found:
        print(f"orphaned: {orphan}", file=sys.stderr)
    print(f"{len(notes.all_notes(extra))} notes, {len(found)} orphaned")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

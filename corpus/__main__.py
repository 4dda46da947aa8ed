"""``python -m corpus build [--all]`` rebuilds the AKN from the sources; ``python -m corpus stats`` shows coverage;
``python -m corpus derivations`` checks the derivation tables (Bill to Act, Act to Act, Act to Bill) and measures
the candidate method against each."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from corpus import annotation_store, derivations, notes
from corpus.build import BuildError, build
from corpus.catalogue import CatalogueError
from corpus.corrections import CorrectionError
from corpus.layouts import QuirksError
from corpus.link.refs import LinkError
from corpus.outputs import CorpusFileError
from corpus.source_text import SourceError
from corpus.stats import table
from corpus.yamlio import DataFileError


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
    notes_cmd.add_argument(
        "--no-project-notes", dest="project", action="store_false",
        help="only the course files' notes, as a book with lex_notes_project: false shows them",
    )  # fmt: skip
    derive_cmd = sub.add_parser(
        "derivations", help="check the derivation tables; how often the method's guess was right, per table"
    )
    derive_cmd.add_argument("--candidates", action="store_true", help="print each clause's candidate sections")
    derive_cmd.add_argument("--rescore", action="store_true", help="rewrite the score and rank columns")
    args = parser.parse_args(argv)
    if args.command == "derivations":
        return derivations_command(args.candidates, args.rescore)
    if args.command == "stats":
        try:
            print(table())
        except CorpusFileError as err:
            print(f"corpus stats failed: {err}", file=sys.stderr)
            return 1
        return 0
    if args.command == "notes":
        return notes_command(args.action, args.extra, args.project)
    why: dict[str, str] = {}
    try:
        rebuilt = build(only_changed=not args.all, only=args.only, jobs=args.jobs, why=why)
    except (
        BuildError,
        CatalogueError,
        CorpusFileError,
        CorrectionError,
        DataFileError,
        LinkError,
        QuirksError,
        SourceError,
    ) as err:
        print(f"corpus build failed: {err}", file=sys.stderr)
        return 1
    if not rebuilt:
        print("corpus is up to date")
    elif args.all:
        print(f"rebuilt: {', '.join(rebuilt)}")
    else:
        print(f"rebuilt: {', '.join(f'{doc_id} ({why[doc_id]})' for doc_id in rebuilt)}")
    return 0


def notes_command(action: str, extra: list[Path], project: bool = True) -> int:
    """``notes check``: exit 2 and one line on a malformed file, 1 listing the orphans, else 0; ``notes export``."""
    try:
        if action == "export":
            print(json.dumps(notes.export(extra, project), indent=1, ensure_ascii=False))
            return 0
        loaded = notes.all_notes(extra, project)
        found = annotation_store.orphans(loaded)
    except CorpusFileError as err:
        print(f"corpus notes failed: {err}", file=sys.stderr)
        return 2
    except notes.REFUSED as err:
        print(f"annotations rejected: {err}", file=sys.stderr)
        return 2
    for orphan in found:
        print(f"orphaned: {orphan}", file=sys.stderr)
    print(f"{len(loaded)} notes, {len(found)} orphaned")
    return 1 if found else 0


def derivations_command(
    show_candidates: bool = False, rescore: bool = False, folder: Path = derivations.TABLES_DIR
) -> int:
    """Check every derivation table (exit 2 and one line on a malformed one), print its rows per relation and how
    often the method's guess (its first candidate) is the reviewed section, per table; ``show_candidates``: each
    section's three candidates; ``rescore``: rewrite the score and rank columns first; ``folder``: where the tables
    are (the corpus's)."""
    for path in derivations.tables(folder):
        try:
            if rescore:
                derivations.rescore(path)
            table = derivations.read_table(path)
        except derivations.DerivationError as err:
            print(f"derivation table rejected: {err}", file=sys.stderr)
            return 2
        if show_candidates:
            for number, found in derivations.candidates(table.older, table.newer).items():
                ranked = "  ".join(f"{section} ({score:.2f})" for section, score in found)
                print(f"{table.older} {number}: {ranked}")
        counts = ", ".join(f"{n} {relation}" for relation, n in derivations.relation_counts(table).items())
        agreed = derivations.agreement(table)
        older, newer = derivations.labels(table)
        print(f"{path.name}: {len(table.all_rows)} rows: {counts}")
        if table.gaps:
            print(f"  rows naming a section the source lacks (no score): {len(table.gaps)}: ", end="")
            print(", ".join(f"{r.older or '-'} -> {';'.join(r.newer) or '-'}" for r in table.gaps))
        if table.scope.older is not None or table.scope.newer is not None:
            said = [f"the {older}'s {table.scope.older_said}" if table.scope.older_said else f"the whole {older}"]
            said.append(f"the {newer}'s {table.scope.newer_said}" if table.scope.newer_said else f"the whole {newer}")
            print(f"  covers {said[0]} and {said[1]} (scope.yaml)")
        print(f"  method's guess = reviewed section: {agreed.agreed}/{agreed.compared} ({agreed.share:.0%})")
        print(f"  reviewed section-to-section links ranked first by the method: {agreed.first_links}/{agreed.links}")
        for number, method, reviewed in agreed.departures:
            print(f"  {older} {number}: method {method}, reviewed {reviewed}")
    return 0


if __name__ == "__main__":
    from corpus.outputs import run_command

    sys.exit(run_command(main, "python -m corpus"))

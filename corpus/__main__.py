"""``python -m corpus build [--all]`` rebuilds the AKN from the sources; ``python -m corpus stats`` shows coverage."""

from __future__ import annotations

import argparse
import sys

from corpus.build import BuildError, build
from corpus.corrections import CorrectionError
from corpus.source_text import SourceError
from corpus.stats import table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    build_cmd = sub.add_parser("build", help="rebuild corpus/akn/*.xml from corpus/sources/")
    build_cmd.add_argument("--all", action="store_true", help="rebuild every document, changed or not")
    build_cmd.add_argument("--only", nargs="+", metavar="DOC", help="consider only these documents")
    sub.add_parser("stats", help="print coverage counts per document")
    args = parser.parse_args(argv)
    if args.command == "stats":
        print(table())
        return 0
    try:
        rebuilt = build(only_changed=not args.all, only=args.only)
    except (BuildError, CorrectionError, SourceError) as err:
        print(f"corpus build failed: {err}", file=sys.stderr)
        return 1
    print(f"rebuilt: {', '.join(rebuilt)}" if rebuilt else "corpus is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())

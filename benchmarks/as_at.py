"""How far the amendment notes take ``corpus.cite(..., as_at=date)``, and what it costs: for each consolidated Act of
the catalogue and each date, how many of its sections have a text on that date, why the others have none (the
:class:`corpus.CitationError`'s reason, counted), and the time per citation.

    .venv/bin/python benchmarks/as_at.py [--dates 1960-01-01 1985-07-14 2000-01-01 2025-01-01]
"""

from __future__ import annotations

import argparse
import collections
import time

import corpus
from corpus import amendments
from corpus.cite import sections

REASONS = {
    "gives no date": "a note gives no date",
    "only describes": "a note only describes the words",
    "does not say": "a note does not say what it replaced",
    "does not quote": "an omission not quoted",
    "marks no words": "a note marks no words",
    "had no words": "no words on that date",
    "dates from": "before the Act",
}


def reason(message: str) -> str:
    return next((label for key, label in REASONS.items() if key in message), message)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dates", nargs="+", default=["1960-01-01", "1985-07-14", "2000-01-01", "2025-01-01"])
    args = parser.parse_args()
    docs = [d for d in corpus.documents() if d.layout in amendments.CONSOLIDATED_LAYOUTS and d.kind == "act"]
    print("| document | date | sections with a text | ms per citation | why not (sections) |")
    print("|---|---|---|---|---|")
    for doc in docs:
        numbers = list(sections(doc.id))
        for date in args.dates:
            why: collections.Counter[str] = collections.Counter()
            start = time.perf_counter()
            for number in numbers:
                try:
                    corpus.cite(doc.id, number, as_at=date)
                except corpus.CitationError as error:
                    why[reason(str(error))] += 1
            elapsed = (time.perf_counter() - start) * 1000 / max(len(numbers), 1)
            reasons = "; ".join(f"{label} {count}" for label, count in why.most_common())
            print(
                f"| {doc.id} | {date} | {len(numbers) - sum(why.values())}/{len(numbers)} | {elapsed:.1f} | {reasons} |"
            )


if __name__ == "__main__":
    main()

"""Traceability of the rules to the corpus: the text of every provision a rule implements, as it read when recorded.

Each rule module ``widgets/rules/<name>.py`` has a data file ``widgets/rules/<name>.trace.yaml`` holding, for every
provision its rules declare, the citation, the sha256 of the provision's text (``corpus.by_eid(...).text``, UTF-8)
and that text. ``check`` compares them with the corpus and explains each difference (with a diff of the text);
``tests/widgets/test_traceability.py`` fails on any.

    python -m widgets.trace record          # record the provisions not recorded yet (whose AKN exists)
    python -m widgets.trace record --all    # re-record everything, after reviewing ``check``'s diffs
    python -m widgets.trace record --module wages_on_wreck   # only one rule module's file
    python -m widgets.trace check           # list the problems; exit 1 if there are any
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import sys
from pathlib import Path
from typing import Any

import yaml

from widgets.rules.provisions import Ref
from widgets.rules.registry import rules

RULES_DIR = Path(__file__).parent / "rules"


def declared() -> dict[str, list[Ref]]:
    """The provisions declared by the rules, by rule module name (``wages_on_wreck``), without repeats, in order."""
    out: dict[str, dict[Ref, None]] = {}
    for found in rules().values():
        module = found.compute.__module__.rsplit(".", 1)[-1]
        for ref in found.provisions:
            out.setdefault(module, {}).setdefault(ref)
    return {module: list(refs) for module, refs in out.items()}


def trace_path(module: str) -> Path:
    return RULES_DIR / f"{module}.trace.yaml"


def recorded(module: str) -> dict[tuple[str, str, str], dict[str, Any]]:
    """The recorded entries of ``module`` by (document, eId, citation): a Table item and its proviso share an eId."""
    path = trace_path(module)
    if not path.exists():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return {(e["document"], e["eid"], e["citation"]): e for e in data.get("provisions", [])}


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def current_text(ref: Ref) -> str:
    """The provision's text in the corpus now; ``LookupError`` if it (or its document's AKN) is missing."""
    import corpus

    path = corpus.document(ref.document).akn_path
    if not path.exists():
        raise LookupError(f"{path.relative_to(path.parents[2])} is not built yet")
    return corpus.by_eid(ref.document, ref.eid).text


def cites_alike(declared: str, printed: str) -> bool:
    """Whether a rule's citation of a provision is the corpus's: the same, or the same with " proviso" where the
    corpus holds the proviso inside the element it cites (the s.256 Table's item 51, whose proviso is in its
    penalty cell)."""
    return declared in {printed, f"{printed} proviso"}


def _citation_problem(ref: Ref) -> str | None:
    import corpus

    printed = corpus.citation(ref.document, ref.eid)
    if not cites_alike(ref.citation, printed):
        return f"{ref.document} {ref.eid}: the rule cites it as {ref.citation!r} but the corpus cites {printed!r}"
    return None


def changed(module: str, ref: Ref, entry: dict[str, Any], text: str) -> str:
    """What changed in ``ref``'s text since ``entry`` was recorded, as a word diff."""
    words = difflib.unified_diff(entry["text"].split(), text.split(), "as recorded", "corpus now", n=3, lineterm="")
    return f"{module}: {ref.document} {ref.eid} ({ref.citation}) changed:\n" + "\n".join(words)


def check() -> list[str]:
    """Every traceability problem: provisions not recorded, missing from the corpus, cited wrongly or changed."""
    problems: list[str] = []
    for module, refs in declared().items():
        entries = recorded(module)
        for ref in refs:
            entry = entries.get((ref.document, ref.eid, ref.citation))
            try:
                text = current_text(ref)
            except LookupError as error:
                problems.append(f"{module}: {ref.document} {ref.eid} ({ref.citation}) is not in the corpus: {error}")
                continue
            cited = _citation_problem(ref)
            if cited:
                problems.append(f"{module}: {cited}")
            if entry is None or not entry.get("sha256"):
                problems.append(f"{module}: {ref.document} {ref.eid} ({ref.citation}) has no recorded hash")
                continue
            if digest(text) != entry["sha256"]:
                problems.append(changed(module, ref, entry, text))
    return problems


def record(everything: bool = False, modules: list[str] | None = None) -> list[str]:
    """Record the hash and text of the provisions not recorded yet (all of them with ``everything``), of every rule
    module or only of ``modules``; returns what was done."""
    done: list[str] = []
    for module, refs in declared().items():
        if modules and module not in modules:
            continue
        entries = recorded(module)
        out = []
        for ref in refs:
            entry = entries.get((ref.document, ref.eid, ref.citation))
            if entry is None or not entry.get("sha256") or everything:
                try:
                    text = current_text(ref)
                except LookupError:
                    entry = {**ref.as_dict(), "sha256": None, "text": None}
                    done.append(f"pending  {ref.document} {ref.eid}")
                else:
                    entry = {**ref.as_dict(), "sha256": digest(text), "text": text}
                    done.append(f"recorded {ref.document} {ref.eid}")
            out.append(entry)
        header = f"# Provisions implemented by widgets/rules/{module}.py, as they read when recorded.\n"
        header += "# Written by `python -m widgets.trace record`; checked by tests/widgets/test_traceability.py.\n"
        body = yaml.safe_dump({"provisions": out}, allow_unicode=True, sort_keys=False, width=120)
        from corpus import outputs

        outputs.write_text(trace_path(module), header + body)
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m widgets.trace", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    recorder = commands.add_parser("record")
    recorder.add_argument("--all", action="store_true", help="re-record recorded provisions too")
    recorder.add_argument("--module", action="append", help="only this rule module (e.g. wages_on_wreck); repeatable")
    commands.add_parser("check")
    args = parser.parse_args(argv)
    if args.command == "record":
        print("\n".join(record(args.all, args.module)))
        return 0
    from corpus.outputs import CorpusFileError

    try:
        problems = check()
    except CorpusFileError as error:
        print(f"trace check failed: {error}", file=sys.stderr)
        return 2
    print("\n".join(problems) or "every declared provision matches the corpus")
    return 1 if problems else 0


if __name__ == "__main__":
    from corpus.outputs import run_command

    sys.exit(run_command(main, "python -m widgets.trace"))

"""The command line of the rules.

    python -m widgets list                 # the provision ids, one a line
    python -m widgets eval PROVISION_ID    # facts as a JSON object on stdin -> result as JSON on stdout
    python -m widgets facts PROVISION_ID   # the facts and options the provision accepts, as JSON

Exit 0 on success. Invalid facts, invalid JSON or an unknown id: exit 2 with one line on stderr naming each bad field
and why, never a traceback and never a figure. Standard input is read as bytes and decoded here (so a stream that is
not UTF-8 is refused by name whatever the terminal's encoding), at most ``STDIN_MAX`` bytes of it; JSON nested deeper
than Python can parse, or an integer literal too long to convert, is refused as invalid JSON. The plausibility bounds
of the facts themselves are in ``widgets.rules.facts``.
"""

from __future__ import annotations

import argparse
import json
import sys

from widgets import FactError, UnknownProvision, describe, evaluate, provision_ids
from widgets.rules.facts import quoted


def _fail(message: str) -> int:
    print(" ".join(message.split()), file=sys.stderr)
    return 2


STDIN_MAX = 1_000_000
"""The most bytes of facts read from standard input (a rule's facts take a few hundred)."""


class BadInput(ValueError):
    """Standard input that is not a JSON document of facts; the message says why in a few words."""


def _refuse_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object as a dict; a name given twice is refused (the later value would silently win)."""
    out: dict[str, object] = {}
    for name, value in pairs:
        if name in out:
            raise BadInput(f"{quoted(name)} is given twice")
        out[name] = value
    return out


def _read_facts() -> object:
    data = sys.stdin.buffer.read(STDIN_MAX + 1)
    if len(data) > STDIN_MAX:
        raise BadInput(f"more than {STDIN_MAX:,} bytes on standard input")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BadInput(f"not UTF-8 (byte 0x{data[error.start]:02x} at offset {error.start})") from None
    if not text.strip():
        return {}
    try:
        return json.loads(text, object_pairs_hook=_refuse_duplicates)
    except json.JSONDecodeError as error:
        raise BadInput(f"not valid JSON ({error})") from None
    except BadInput:
        raise
    except RecursionError:
        raise BadInput("not valid JSON (nested too deeply)") from None
    except ValueError as error:  # an integer literal past Python's digit limit for int()
        raise BadInput(f"not valid JSON ({str(error).split(';')[0]})") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m widgets", description="Lex Maritima's executable provisions.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="print the provision ids, one a line")
    for name, text in (("eval", "evaluate the facts on stdin"), ("facts", "describe the facts a provision accepts")):
        commands.add_parser(name, help=text).add_argument("provision_id")
    args = parser.parse_args(argv)

    if args.command == "list":
        print("\n".join(provision_ids()))
        return 0
    try:
        if args.command == "facts":
            result = describe(args.provision_id)
        else:
            try:
                facts = _read_facts()
            except BadInput as error:
                return _fail(f"facts: {error}")
            result = evaluate(args.provision_id, facts)
    except UnknownProvision as error:
        return _fail(f"provision_id: {error}")
    except FactError as error:
        return _fail(str(error))
    json.dump(result, sys.stdout, ensure_ascii=False, indent=2)
    print()
    return 0


if __name__ == "__main__":
    from corpus.outputs import run_command

    sys.exit(run_command(main, "python -m widgets"))

"""The command line of the rules.

    python -m widgets list                 # the provision ids, one a line
    python -m widgets eval PROVISION_ID    # facts as a JSON object on stdin -> result as JSON on stdout
    python -m widgets facts PROVISION_ID   # the facts and options the provision accepts, as JSON

Exit 0 on success. Invalid facts, invalid JSON or an unknown id: exit 2 with one line on stderr naming each bad field
and why, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys

from widgets import FactError, UnknownProvision, describe, evaluate, provision_ids


def _fail(message: str) -> int:
    print(" ".join(message.split()), file=sys.stderr)
    return 2


def _read_facts() -> object:
    text = sys.stdin.read()
    if not text.strip():
        return {}
    return json.loads(text)


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
            except json.JSONDecodeError as error:
                return _fail(f"facts: not valid JSON ({error})")
            result = evaluate(args.provision_id, facts)
    except UnknownProvision as error:
        return _fail(f"provision_id: {error}")
    except FactError as error:
        return _fail(str(error))
    json.dump(result, sys.stdout, ensure_ascii=False, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Reading the project's YAML data (catalogue, corrections, reviewed cells, misprints, quirks): safely, with libyaml's
parser where PyYAML has it (ten times the pure-Python one's speed), which reads the same data. A file that is not
UTF-8 or not YAML is a :class:`DataFileError` naming the file, the line and what is wrong, never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class DataFileError(ValueError):
    """A data file that cannot be read: not UTF-8, or not well-formed YAML (the message names file and line)."""


def load(path: Path) -> Any:
    """The data of the YAML file at ``path`` (UTF-8); None for an empty file."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise DataFileError(f"{path.name}: line {line}: not UTF-8 (byte {err.object[err.start]:#04x})") from None
    try:
        return yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
        line = f"line {mark.line + 1}: " if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err).split("\n", 1)[0]
        raise DataFileError(f"{path.name}: {line}not well-formed YAML ({problem})") from None

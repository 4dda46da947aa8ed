"""Reading the project's YAML data (catalogue, corrections, reviewed cells, misprints): safely, with libyaml's
parser where PyYAML has it (ten times the pure-Python one's speed), which reads the same data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(path: Path) -> Any:
    """The data of the YAML file at ``path`` (UTF-8); None for an empty file."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)

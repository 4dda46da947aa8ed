"""Where a benchmark leaves its numbers: ``benchmarks/results/<name>.json`` (ignored by git), for the issue notes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent / "results"


def write_results(name: str, data: Any, indent: int = 1) -> Path:
    """``data`` as JSON in ``benchmarks/results/<name>.json``; its path."""
    path = FOLDER / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=indent) + "\n", encoding="utf-8")
    return path

"""Reading a source file: the one place where the raw text enters the pipeline.

A file that is missing, empty or not UTF-8 stops the build with a message that names it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


class SourceError(Exception):
    """A source file cannot be used; the message names the file and why."""


@dataclass(frozen=True)
class SourceText:
    """The lines of one document within its source file, numbered as in the file (1-based)."""

    path: Path
    first: int
    last: int
    all_lines: tuple[str, ...]

    def line(self, number: int) -> str:
        """The text of file line ``number`` (1-based)."""
        return self.all_lines[number - 1]

    def numbered(self) -> list[tuple[int, str]]:
        """``(line number, text)`` for every line of the document's range."""
        return [(n, self.all_lines[n - 1]) for n in range(self.first, self.last + 1)]


def read_source(path: Path, first: int = 1, last: int | None = None) -> SourceText:
    """Read ``path`` and return the lines ``first``..``last`` (inclusive, 1-based) as a :class:`SourceText`."""
    if not path.is_file():
        raise SourceError(f"source file {path} is missing")
    raw = path.read_bytes()
    if not raw.strip():
        raise SourceError(f"source file {path} is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise SourceError(f"source file {path} is not UTF-8 (byte {err.start}: {err.reason})") from None
    lines = tuple(text.split("\n"))
    last = len(lines) if last is None else last
    if not 1 <= first <= last <= len(lines):
        raise SourceError(f"source file {path} has {len(lines)} lines; the catalogue asks for {first}-{last}")
    return SourceText(path=path, first=first, last=last, all_lines=lines)

"""Reading a source file: the one place where the raw text enters the pipeline.

A file that is missing, empty, not UTF-8, or holding NUL or other control characters stops the build with a message
that names it (and the line). Line endings are normalised before anything reads the text: CRLF and a lone CR become
LF, and a byte-order mark at the start is dropped, so that a checkout that converted a source still reads as the
verbatim file. A document's source is checked against the SHA-256 its catalogue entry records (of the file as copied,
or of the same file with its line endings converted): a changed source is an error naming the file.

A JSON record (the India Code layout, ``corpus/sources/1_2021.json``) is read as a text view of the same file: each
line keeps its number, a line holding a string value the document uses (the record's ``title``, each provision's
``section``, ``title`` and ``content``) reads as that string decoded, every other line as a blank line. Line numbers
in errors and reports are then the JSON file's own.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from corpus.catalogue import Document

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_JSON_FIELD = re.compile(r'^\s*"(?P<key>[a-z_]+)": (?P<value>".*")\s*,?\s*$')
_TEXT_FIELDS = frozenset({"title", "section", "content"})  # the fields whose words the document holds


SOURCE_MAX_BYTES = 16 * 1024 * 1024
"""The largest source file read (the largest statute of the corpus is some 600 KB): a file past it is refused at
once, so that junk cannot keep a build busy for minutes."""


class SourceError(Exception):
    """A source file cannot be used; the message names the file and why."""


def _read(path: Path) -> bytes:
    """The bytes of the source file ``path``; missing, a folder or too large: a :class:`SourceError` naming it."""
    if not path.is_file():
        raise SourceError(f"source file {path} is missing")
    size = path.stat().st_size
    if size > SOURCE_MAX_BYTES:
        raise SourceError(f"source file {path} holds {size:,} bytes, more than a source may ({SOURCE_MAX_BYTES:,})")
    return path.read_bytes()


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


def _decoded(path: Path, raw: bytes) -> str:
    """The text of ``raw`` (the bytes of ``path``) with its line endings normalised; errors name the file."""
    if not raw.strip():
        raise SourceError(f"source file {path} is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise SourceError(f"source file {path} is not UTF-8 (byte {err.start}: {err.reason})") from None
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    bad = _CONTROL.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        code = f"U+{ord(bad.group()):04X}"
        raise SourceError(f"source file {path} line {line}: a control character ({code}) is not text; remove it")
    return text


def read_source(path: Path, first: int = 1, last: int | None = None) -> SourceText:
    """Read ``path`` and return the lines ``first``..``last`` (inclusive, 1-based) as a :class:`SourceText`."""
    lines = tuple(_decoded(path, _read(path)).split("\n"))
    last = len(lines) if last is None else last
    if not 1 <= first <= last <= len(lines):
        raise SourceError(f"source file {path} has {len(lines)} lines; the catalogue asks for {first}-{last}")
    return SourceText(path=path, first=first, last=last, all_lines=lines)


def check_digest(path: Path, expected: str) -> None:
    """Raise :class:`SourceError` unless ``path`` is the file whose SHA-256 is ``expected`` (line endings aside)."""
    raw = _read(path)
    if hashlib.sha256(raw).hexdigest() == expected:
        return
    for converted in (raw.replace(b"\r\n", b"\n"), raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")):
        if hashlib.sha256(converted.removeprefix(b"\xef\xbb\xbf")).hexdigest() == expected:
            return
    raise SourceError(
        f"source file {path} has changed: its SHA-256 is {hashlib.sha256(raw).hexdigest()}, the catalogue records"
        f" {expected} (a corrected source is a new copy with a new digest; fix OCR through corpus/corrections/)"
    )


def read_document(doc: Document) -> SourceText:
    """The source lines of ``doc`` (its ``lines`` range, or the whole file), its digest checked first."""
    check_digest(doc.source_path, doc.sha256)
    if doc.source_path.suffix == ".json":
        return read_record_view(doc.source_path)
    return read_source(doc.source_path, *(doc.lines or (1, None)))


def record_fields(path: Path) -> list[tuple[str, int, str]]:
    """``(key, line, value)`` of every string field of the JSON record ``path``, in file order.

    The record must be printed one field a line, as India Code's dataset prints it: a field that is not is a
    :class:`SourceError` naming the line.
    """
    text = _decoded(path, _read(path))
    try:
        json.loads(text)
    except json.JSONDecodeError as err:
        raise SourceError(f"source file {path} line {err.lineno}: not JSON ({err.msg})") from None
    fields = []
    for number, line in enumerate(text.split("\n"), start=1):
        field = _JSON_FIELD.match(line)
        if field is None:
            if re.match(r'^\s*"[^"]+": "', line):
                raise SourceError(f"source file {path} line {number}: not one field a line")
            continue
        try:
            value = json.loads(field["value"])
        except json.JSONDecodeError as err:
            raise SourceError(f"source file {path} line {number}: not a JSON string ({err.msg})") from None
        fields.append((field["key"], number, value))
    return fields


def read_record_view(path: Path) -> SourceText:
    """The text view of a JSON record (see the module docstring): the file's lines, each a decoded value or blank."""
    lines = len(_decoded(path, _read(path)).split("\n"))
    view = [""] * lines
    for key, number, value in record_fields(path):
        if key in _TEXT_FIELDS:
            view[number - 1] = value.replace("\n", " ")
    return SourceText(path=path, first=1, last=len(view), all_lines=tuple(view))

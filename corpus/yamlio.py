"""Reading the project's YAML data (catalogue, corrections, reviewed cells, misprints, quirks): safely, with libyaml's
parser where PyYAML has it (ten times the pure-Python one's speed), which reads the same data. A file that is not
UTF-8 or not YAML is a :class:`DataFileError` naming the file, the line and what is wrong, never a traceback.

:func:`load_marked` reads the same data with every mapping and list remembering its lines (:class:`MarkedMap`,
:class:`MarkedList`), so that a reader checking the data names the line of a wrong field (:func:`line_of`).

Bounded: a data file is at most :data:`MAX_BYTES`, and its aliases may expand it to at most :data:`MAX_NODES` values
(an "alias bomb", a few kilobytes of anchors each aliased nine times by the next, would otherwise stand for billions
of values, and any message quoting one would run to hundreds of megabytes); an error's message is one line of at most
:data:`corpus.outputs.MESSAGE_MAX` characters of the parser's own words."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

import yaml

from corpus.outputs import one_line

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_BYTES = 4 * 1024 * 1024
"""The largest data file read (the largest the project has is some 25 KB)."""
MAX_NODES = 200_000
"""The most values (scalars and collections) a data file may stand for once its aliases are expanded."""


class DataFileError(ValueError):
    """A data file that cannot be read: not UTF-8, or not well-formed YAML (the message names file and line)."""


class MarkedMap(dict[Any, Any]):
    """A mapping of a data file, with its ``line`` (1-based; where its first key is) and each key's (``key_lines``)."""

    line: int = 0
    key_lines: dict[Any, int]


class MarkedList(list[Any]):
    """A list of a data file, with its ``line`` (1-based; where its first item is) and each item's (``item_lines``)."""

    line: int = 0
    item_lines: list[int]


# mypy cannot take a base chosen at import (libyaml's CSafeLoader, else SafeLoader); both are a SafeConstructor
class _MarkedLoader(_LOADER):  # type: ignore[misc,valid-type]
    """The safe loader, its mappings and lists remembering their lines."""


def _marked_map(loader: yaml.constructor.SafeConstructor, node: yaml.MappingNode) -> Iterator[MarkedMap]:
    data = MarkedMap()
    data.line = node.start_mark.line + 1
    yield data  # first, as PyYAML's own constructor does, so that an alias inside it can refer to it
    data.update(loader.construct_mapping(node))  # merges (<<) flattened into node.value by now
    data.key_lines = {loader.construct_object(key): key.start_mark.line + 1 for key, _ in node.value}


def _marked_list(loader: yaml.constructor.SafeConstructor, node: yaml.SequenceNode) -> Iterator[MarkedList]:
    data = MarkedList()
    data.line = node.start_mark.line + 1
    yield data
    data.extend(loader.construct_sequence(node))
    data.item_lines = [item.start_mark.line + 1 for item in node.value]


_MarkedLoader.add_constructor("tag:yaml.org,2002:map", _marked_map)
_MarkedLoader.add_constructor("tag:yaml.org,2002:seq", _marked_list)


def line_of(data: object, path: Sequence[str | int]) -> int | None:
    """The line of the value at ``path`` (keys and 0-based indexes) in ``data`` as :func:`load_marked` read it: of
    the deepest step of ``path`` that is there (a missing field: the line of what should hold it); None when
    ``data`` is not marked."""
    line = data.line if isinstance(data, MarkedMap | MarkedList) else None
    for step in path:
        if isinstance(data, MarkedMap) and step in data:
            line, data = data.key_lines.get(step, line), data[step]
        elif isinstance(data, MarkedList) and isinstance(step, int) and 0 <= step < len(data):
            line, data = data.item_lines[step], data[step]
        else:
            break
    return line


def where(path: Path, data: object, steps: Sequence[str | int]) -> str:
    """``name: line N``, where a one-line message about the value at ``steps`` of ``data`` (read by
    :func:`load_marked` from ``path``) starts; the bare name when the line is not known."""
    line = line_of(data, steps)
    return f"{path.name}: line {line}" if line else path.name


def entry_message(path: Path, entries: object, index: int, field: str, problem: str) -> str:
    """The one-line message about entry ``index`` (1-based) of the list ``entries`` read from ``path``:
    ``in-msa-1880.yaml: line 8: entry 2: field 'wrong': …`` (at the field's line; at the entry's when the field is
    missing, or "" for the entry as a whole)."""
    at = f"{where(path, entries, [index - 1, field] if field else [index - 1])}: entry {index}"
    return f"{at}: field '{field}': {one_line(problem)}" if field else f"{at}: {one_line(problem)}"


def wrong_field(entry: object, known: Sequence[str], required: Sequence[str]) -> tuple[str, str] | None:
    """``(field, problem)`` when ``entry`` is not a mapping of ``known`` fields holding every ``required`` one: its
    first unknown field, else its first missing one ("" for an entry that is no mapping); None when it is one."""
    if not isinstance(entry, dict):
        return "", f"must be a mapping of {', '.join(known)}"
    for name in entry:
        if name not in known:
            return str(name), f"unknown field (known: {', '.join(known)})"
    for name in required:
        if name not in entry:
            return name, "missing"
    return None


_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def field_path(field: str) -> list[str | int]:
    """The steps of a field's name as messages write it: ``standing.sources[1].quote`` is ``["standing",
    "sources", 0, "quote"]`` (the numbers in brackets 1-based)."""
    return [int(number) - 1 if number else name for name, number in _STEP.findall(field)]


def load(path: Path) -> Any:
    """The data of the YAML file at ``path`` (UTF-8); None for an empty file."""
    return _load(path, _LOADER)


def load_marked(path: Path) -> Any:
    """:func:`load`, its mappings and lists a :class:`MarkedMap` and a :class:`MarkedList` (their lines known)."""
    return _load(path, _MarkedLoader)


def _load(path: Path, loader: type[Any]) -> Any:
    try:
        size = path.stat().st_size
        data = path.read_bytes() if size <= MAX_BYTES else b""
    except IsADirectoryError:
        raise DataFileError(f"{path.name}: a folder, not a data file") from None
    except OSError as err:
        raise DataFileError(f"{path.name}: cannot be read ({one_line(err.strerror or err)})") from None
    if size > MAX_BYTES:
        raise DataFileError(f"{path.name}: {size:,} bytes, more than a data file may hold ({MAX_BYTES:,})")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise DataFileError(f"{path.name}: line {line}: not UTF-8 (byte {err.object[err.start]:#04x})") from None
    try:
        if "&" in text:  # anchors, so perhaps aliases: count what they expand to before building anything
            _check_expansion(path, text)
        return yaml.load(text, Loader=loader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
        problem = getattr(err, "problem", None) or str(err).split("\n", 1)[0]
        raise DataFileError(f"{path.name}: {_at(mark)}not well-formed YAML ({one_line(problem)})") from None
    except RecursionError:
        raise DataFileError(f"{path.name}: nested too deeply to be data") from None


def _check_expansion(path: Path, text: str) -> None:
    """Refuse ``text`` if its aliases make it stand for more than :data:`MAX_NODES` values, naming the line of the
    alias that crosses the bound (read from the parser's events: nothing is built)."""
    sizes: dict[str, int] = {}  # an anchor's node: how many values it stands for, its aliases expanded
    open_nodes: list[list[Any]] = []  # the collections being read: [anchor, values so far]
    total = 0
    for event in yaml.parse(text, Loader=_LOADER):
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            open_nodes.append([event.anchor, 1])
            continue
        if isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            anchor, count = open_nodes.pop()
            if anchor:
                sizes[anchor] = count
        elif isinstance(event, yaml.ScalarEvent):
            count = 1
            if event.anchor:
                sizes[event.anchor] = 1
        elif isinstance(event, yaml.AliasEvent):
            # an alias to an anchor not yet closed is the loader's error
            count = sizes.get(event.anchor, 1) if event.anchor else 1
        else:
            continue
        if open_nodes:
            open_nodes[-1][1] += count
        else:
            total += count
        if total > MAX_NODES or (open_nodes and open_nodes[-1][1] > MAX_NODES):
            raise DataFileError(
                f"{path.name}: {_at(event.start_mark)}its aliases make the file stand for more than"
                f" {MAX_NODES:,} values (an alias bomb?); write the data out, or use fewer aliases"
            )


class Mark(Protocol):
    """Where the parser is in a file: PyYAML's ``yaml.Mark``, or libyaml's (``yaml._yaml.Mark``), alike."""

    line: int  # 0-based


def _at(mark: Mark | None) -> str:
    """``line N: `` of the parser's ``mark`` (0-based), or nothing when there is none."""
    return f"line {mark.line + 1}: " if mark is not None else ""

"""The layouts: one module per kind of source layout, each turning a document's source into bluebell markup.

The catalogue names a document's ``layout`` (``pk-ordinance`` is :mod:`corpus.layouts.pk_ordinance`); what is
particular to one document (its section range and numbers outside the run, its known seams, its definition sections
…) is data, in ``corpus/sources/<id>.yaml`` beside its source, every entry naming its source line. Each layout
module has ``to_markup(source, quirks)`` and ``read_quirks(data, doc)`` (the quirks file's data, checked: an unknown
or malformed field is a :class:`QuirksError` naming the file and the field; and what the layout takes from the
catalogue entry).

Layouts: ``pk-ordinance`` (the Pakistan Ordinance's reprint, one paragraph a line), ``gazette-bill`` (a Bill of the
Gazette of India: the Merchant Shipping Bill, in Parts and Chapters with a penalty Table, and the Major Port
Authorities Bill, in Chapters with lettered cross-headings, the difference between them their quirks files),
``old-acts`` (the 1875/1880 Acts, which lost their section numbers) and ``india-code`` (a JSON record of India Code).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from corpus import yamlio
from corpus.catalogue import Document
from corpus.report import MarkupResult
from corpus.source_text import SourceText


class QuirksError(Exception):
    """A document's quirks file cannot be used; the one-line message names the file and the field."""


def module_name(layout: str) -> str:
    """The module of ``layout``: ``corpus.layouts.pk_ordinance`` for ``pk-ordinance``."""
    return f"{__name__}.{layout.replace('-', '_')}"


def quirks_data(doc: Document) -> dict[str, Any]:
    """The data of ``doc``'s quirks file (``{}`` when it has none)."""
    if not doc.quirks_path.exists():
        return {}
    data = yamlio.load_marked(doc.quirks_path)  # its lines kept, for the messages below
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise QuirksError(f"{doc.quirks_path.name}: must be a mapping of fields")
    return data


def to_markup(doc: Document, source: SourceText) -> MarkupResult:
    """The markup of ``doc`` read from ``source`` by its layout, with its quirks."""
    layout = importlib.import_module(module_name(doc.layout))
    quirks = layout.read_quirks(quirks_data(doc), doc)
    return layout.to_markup(source, quirks)


# -- reading quirks files ------------------------------------------------------------------------------------------


def located(where: str, data: object, steps: Sequence[str | int]) -> str:
    """``where`` (``<file>`` or ``<file>: <place>``) with the line of the value at ``steps`` of ``data`` (as
    :func:`quirks_data` read it) after the file's name: ``in-msa-1958.yaml: line 12: absent entry 3``."""
    line = yamlio.line_of(data, steps)
    if line is None:
        return where
    name, _, place = where.partition(": ")
    return f"{name}: line {line}: {place}" if place else f"{name}: line {line}"


def check_fields(data: dict[str, Any], where: str, known: set[str]) -> None:
    """An unknown field of ``data`` is a :class:`QuirksError` naming it and its line."""
    for key in data:
        if key not in known:
            at = located(where, data, [key])
            raise QuirksError(f"{at}: unknown field '{key}' (known: {', '.join(sorted(known))})")


def entries(data: dict[str, Any], key: str, where: str, fields: Mapping[str, type]) -> list[dict[str, Any]]:
    """The list ``data[key]`` (``[]`` when absent): each entry a mapping of a ``line`` and ``fields`` (their types)."""
    found = data.get(key) or []
    if not isinstance(found, list):
        raise QuirksError(f"{located(where, data, [key])}: field '{key}' must be a list")
    wanted = {"line": int, **fields}
    for index, entry in enumerate(found, start=1):
        if not isinstance(entry, dict):
            at = located(where, data, [key, index - 1])
            raise QuirksError(f"{at}: {key} entry {index}: must be a mapping ({', '.join(wanted)})")
        for name, kind in wanted.items():
            if not isinstance(entry.get(name), kind):
                at = located(where, data, [key, index - 1, name])
                raise QuirksError(f"{at}: {key} entry {index}: field '{name}' must be {kind.__name__}")
        check_fields(entry, f"{where}: {key} entry {index}", set(wanted))
    return found


def whole_number(data: dict[str, Any], key: str, where: str) -> int:
    """The whole number ``data[key]``."""
    value = data.get(key)
    if not isinstance(value, int):
        raise QuirksError(f"{located(where, data, [key])}: field '{key}' must be a whole number")
    return value


def span(data: dict[str, Any], key: str, where: str) -> tuple[int, int]:
    """``data[key]`` as ``{first: L, last: L}``: a range of source lines."""
    value = data.get(key)
    if not (isinstance(value, dict) and isinstance(value.get("first"), int) and isinstance(value.get("last"), int)):
        raise QuirksError(f"{located(where, data, [key])}: field '{key}' must be {{first: <line>, last: <line>}}")
    return value["first"], value["last"]


def check_line(source: SourceText, line: int, words: str, where: str) -> None:
    """A quirk's ``line`` must hold ``words``: else the quirk names the wrong line (a :class:`QuirksError`).

    A line outside ``source`` (an extract of the document, as a test's fixture) is not checked."""
    if source.first <= line <= source.last and words not in source.line(line):
        raise QuirksError(f"{where}: line {line} of {Path(source.path).name} does not hold {words!r}")

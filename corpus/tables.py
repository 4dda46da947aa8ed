"""eIds for the rows of numbered tables, so that a table item can be cited like any provision.

bluebell gives a table an eId but not its rows. In a numbered table (the Merchant Shipping Bill's penalty Table,
whose first column is the serial number "38.") each item's first row becomes ``<table eId>__item_38`` and its
sub-rows ``<table eId>__item_38__row_2``, ``__row_3``…; rows before the first item (the column headings) become
``<table eId>__row_1``… The names follow AKN-NC's pattern of ``<name>_<num>`` steps joined by ``__``.
"""

from __future__ import annotations

import re

from lxml import etree

from corpus.xmlio import NS

_SERIAL = re.compile(r"^(\d+[A-Z]?)\.$")


def _serial(row: etree._Element) -> str | None:
    cells = row.findall("a:td", NS) + row.findall("a:th", NS)
    if not cells:
        return None
    match = _SERIAL.match(" ".join("".join(cells[0].itertext()).split()))
    return match[1] if match else None


def number_rows(root: etree._Element) -> int:
    """Give every row of every table in ``root`` an eId as described above; return how many rows were named."""
    named = 0
    for table in root.iter(f"{{{NS['a']}}}table"):
        base, item, sub, lead = table.get("eId"), None, 1, 0
        for row in table.iterfind("a:tr", NS):
            serial = _serial(row)
            if serial is not None:
                item, sub = serial, 1
                row.set("eId", f"{base}__item_{item}")
            elif item is not None:
                sub += 1
                row.set("eId", f"{base}__item_{item}__row_{sub}")
            else:
                lead += 1
                row.set("eId", f"{base}__row_{lead}")
            named += 1
    return named

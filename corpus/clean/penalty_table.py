"""The penalty Table of the Merchant Shipping Bill, 2016, s.256 (Gazette L3487-4005, printed after sub-section (6)):
lines to an AKN table.

Five columns: (1) Serial No., (2) Offences, (3) Section to which the offence refers, (4) Penalties imposed, (5) By
whom triable (``Court`` or ``Principal Officer``). The text extraction joined each visual row *across* the columns
(SURVEY.md §3): L3495 ``1. If any person causes 14(1) Imprisonment which Court`` is col. 1 + 2 + 3 + 4 + 5, and the
lines after it alternate fragments of col. 2 and col. 4 (L3497 ``a vessel to proceed to may extend to six sea in
contravention months or fine which``); ``Principal`` and ``Officer`` often fall on different lines.

How the columns are recovered:
- a row opens with its serial number (the next expected one, 1..81) or, inside an item, a sub-row with ``(a)`` or
  ``(i)`` (items 11, 21, 27, 34, 38, 39, 42, 48, 59, 71, 77); item 71's two sub-rows share one line (L3945) and are
  cut at its ``(b)``;
- col. 3 is the section reference after the offence's first words (``14(1)``, ``94 (1) (b)``, ``122(1) or``,
  ``83(14)(a);``, ``General``) and any compact reference (``83(14)(b)``, ``214(3).``) later in the row that no
  ``section`` precedes;
- col. 5 is every ``Court``, ``Principal`` and ``Officer`` standing as a cell word; it also ends a visual line;
- col. 2 and col. 4 are untangled by a Viterbi search over the row's words: each word goes on the offence sentence
  or the penalty sentence, each sentence scored by a bigram model of the Bill's own prose (its source lines, the
  Table's left out: no other document changes a cell), so that ``may extend to six`` continues ``Imprisonment
  which`` and ``a vessel to proceed to`` continues ``If any person causes``; a sentence that has ended
  (``section 14.``) is not continued;
- where the printer's lines are out of order (a penalty's tail printed above its row's other lines, L3505, L3583,
  L3871, or above the row itself, L3615, L3621, L3689, L3943) or the search is wrong, the cells come from the reviewed
  ``penalty_table_cells.yaml`` next to this module; its ``lines`` move a line to its row, and its cells are used only
  when they hold exactly the words of that row (with col. 3's, when an entry names col. 3 itself: L3849 ``general``,
  L3753 ``and``), checked here and in tests/corpus/test_penalty_table.py.

Sub-rows are nested rows: the item's row holds its serial number with ``rowspan`` over its sub-rows. When the item's
own first line already carries col. 3-5 (item 38, L3713 ``If a seafarer,— 94(1)(a) He shall be liable to``), those
belong to its first sub-row, whose penalty sentence they begin.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from corpus import markup, yamlio
from corpus.report import MarkupResult, Unparsed

ITEMS = 81
CELLS_FILE = Path(__file__).with_name("penalty_table_cells.yaml")
_ITEM = re.compile(r"^(?P<num>\d{1,2})\. ")
_LABEL = re.compile(r"^\((?P<num>[a-h]|[ivx]{1,4})\) ")
_REF_ONE = r"(?:\d{1,3}(?: ?\(\w{1,3}\))*|General)"
_FIRST_REF = re.compile(
    rf"(?<![\w(])(?<!section )(?P<ref>{_REF_ONE}(?:(?:;| and| \.\.\.)? {_REF_ONE})*(?: or|;)?)(?= [A-Z]|$)"
)
_COMPACT_REF = re.compile(r"^\d{1,3}(?:\(\w{1,3}\))+[;.]?$")
_TRIABLE = frozenset({"Court", "Principal", "Officer"})
_LINE_END = "\n"  # a col. 5 word: the end of a visual line
_WORD = re.compile(r"[A-Za-z0-9]+")

# Scores of the untangling search (log-probabilities of the bigram model are added to them).
_SWITCH = 2.0  # each jump from one column to the other
_AFTER_STOP = 30.0  # continuing a sentence that ended with "."
_AFTER_SEMICOLON = 12.0  # continuing after ";" other than with "or" / "and" (L3563 "vessel; or")
_AT_LINE_END = 2.0  # a visual line (ended by a col. 5 word) starts in col. 2 and ends in col. 4


@dataclass
class _Part:
    """One (sub-)row: its label (``""`` for the item's own row, ``(a)``, ``(ii)``) and its physical lines."""

    label: str
    lines: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class _Item:
    num: str
    parts: list[_Part] = field(default_factory=list)


@dataclass(frozen=True)
class Cells:
    """The four text cells of one (sub-)row (col. 1, the serial number, is the item's)."""

    offence: str
    section: str
    penalty: str
    triable: str


def to_markup(lines: list[tuple[int, str]], document: list[tuple[int, str]]) -> MarkupResult:
    """The ``TABLE`` markup of the s.256 Table from its cleaned lines (``TABLE`` heading line included);
    ``document`` is the source lines of the Bill that holds it, on which the splitter is trained."""
    model = Model(document)
    result = MarkupResult(markup="")
    items, header = rows(lines, result)
    out = []
    if header and header[0][1] == "TABLE":  # L3487: the Table's own title, before it
        out.append("P.table-title " + markup.text("TABLE"))
        header = header[1:]
    out.append("TABLE")
    headings = reviewed_headings(header)
    if headings:  # the printed column titles (L3489, L3491), each in its column
        out += ["  TR", *(line for h in headings for line in ("    TH", "      " + markup.text(h)))]
    elif len(header) > 1:  # titles the reviewed reading does not hold exactly: kept as printed, in one cell
        title = " ".join(t for _, t in header[:-1])
        out += ["  TR", "    TC{colspan 5}", "      P.table-title " + markup.text(title)]
    if header:  # L3493 "(1) (2) (3) (4) (5)": the printed column numbers
        out += ["  TR", *(line for c in re.findall(r"\(\d\)", header[-1][1]) for line in ("    TH", f"      {c}"))]
    used = 0
    for item in items:
        cells = item_cells(item, model)
        used += sum(1 for _, _, from_file in cells if from_file)
        out += _item_markup(item, [(part, c) for part, c, _ in cells])
    result.markup = "\n".join(out)
    result.facts = {
        "items": len(items),
        "rows": sum(len(i.parts) for i in items),
        "cells_from_reviewed_file": used,
    }
    return result


def rows(lines: list[tuple[int, str]], result: MarkupResult) -> tuple[list[_Item], list[tuple[int, str]]]:
    """The items and their sub-rows, in order, lines re-homed as the reviewed file says; the header lines."""
    header: list[tuple[int, str]] = []
    items: list[_Item] = []
    expected = 1
    for number, text in lines:
        opening = _ITEM.match(text)
        if opening and int(opening["num"]) == expected and expected <= ITEMS:
            rest = text[opening.end() :]
            label = _LABEL.match(rest)
            part = _Part(f"({label['num']})", [(number, rest[label.end() :])]) if label else _Part("", [(number, rest)])
            items.append(_Item(opening["num"], [part]))
            expected += 1
        elif not items:
            header.append((number, text))
        elif label := _LABEL.match(text):
            items[-1].parts.append(_Part(f"({label['num']})", [(number, text[label.end() :])]))
        else:
            items[-1].parts[-1].lines.append((number, text))
    for item in items:
        _cut_shared_lines(item)
    _rehome(items)
    if expected <= ITEMS:  # the numbering broke off: keep the lines not placed, as printed
        placed = {n for i in items for p in i.parts for n, _ in p.lines} | {n for n, _ in header}
        result.unparsed += [Unparsed(n, t) for n, t in lines if n not in placed and t != "TABLE"]
    return items, header


def _cut_shared_lines(item: _Item) -> None:
    """A sub-row printed on its predecessor's line (L3945 ``… complied with; or (b) if the owner, master or 243(2)
    Imprisonment…``): the line is cut at the next label when a section reference follows it on that line."""
    for index, part in enumerate(item.parts):
        nxt = _next_label(part.label)
        if not nxt or any(p.label == nxt for p in item.parts):
            continue
        for k, (number, text) in enumerate(part.lines):
            at = text.find(f" {nxt} ")
            if at > 0 and _FIRST_REF.search(text[at + len(nxt) + 2 :]):
                part.lines[k] = (number, text[:at])
                item.parts.insert(index + 1, _Part(nxt, [(number, text[at + len(nxt) + 2 :]), *part.lines[k + 1 :]]))
                del part.lines[k + 1 :]
                return


def _next_label(label: str) -> str:
    letters = "abcdefgh"
    inner = label.strip("()")
    return f"({letters[letters.index(inner) + 1]})" if len(inner) == 1 and inner in letters[:-1] else ""


def _rehome(items: list[_Item]) -> None:
    """Lines the reviewed file gives to another row than the one they were printed in (L3943, above item 71)."""
    for entry in reviewed_cells():
        target = _find_part(items, entry["item"], entry.get("part", ""))
        if target is None:
            continue
        have = {n for n, _ in target.lines}
        for number in entry["lines"]:
            if number in have:
                continue
            for item in items:
                for part in item.parts:
                    moving = [line for line in part.lines if line[0] == number]
                    if moving and part is not target:
                        part.lines = [line for line in part.lines if line[0] != number]
                        target.lines += moving
        order = {n: k for k, n in enumerate(entry["lines"])}
        target.lines.sort(key=lambda line: order.get(line[0], len(order)))


def _find_part(items: list[_Item], num: int | str, label: str) -> _Part | None:
    for item in items:
        if item.num == str(num):
            return next((p for p in item.parts if p.label == label), None)
    return None


@cache
def _reviewed_entries() -> tuple[dict, ...]:
    if not CELLS_FILE.is_file():
        return ()
    return tuple(yamlio.load(CELLS_FILE) or ())


def reviewed_cells() -> tuple[dict, ...]:
    """The reviewed cells of ``penalty_table_cells.yaml`` (item, part, lines, offence, penalty, reason)."""
    return tuple(e for e in _reviewed_entries() if "item" in e)


def reviewed_header() -> dict | None:
    """The reviewed reading of the column titles in ``penalty_table_cells.yaml`` (lines, headings, reason)."""
    return next((e for e in _reviewed_entries() if "headings" in e), None)


def reviewed_headings(header: list[tuple[int, str]]) -> list[str] | None:
    """The five column titles, when the reviewed reading holds exactly the words of its ``lines`` among ``header``
    (the Table's lines before its first item: L3489 "penalties imposed", L3491 "Serial Offences Section …")."""
    entry = reviewed_header()
    if entry is None:
        return None
    printed = Counter(w for n, t in header if n in entry["lines"] for w in t.split())
    if set(entry["lines"]) <= {n for n, _ in header} and printed == Counter(" ".join(entry["headings"]).split()):
        return list(entry["headings"])
    return None


def item_cells(item: _Item, model: Model) -> list[tuple[_Part, Cells, bool]]:
    """Each part of ``item`` with its cells, and whether they came from the reviewed file."""
    parts = item.parts
    out: list[tuple[_Part, Cells, bool]] = []
    merged = len(parts) > 1 and not parts[0].label and _has_penalty_side(parts[0]) and _has_penalty_side(parts[1])
    for index, part in enumerate(parts):
        if merged and index == 0:  # its col. 3-5 are the first sub-row's (item 38, L3713)
            continue
        intro = parts[0].lines if merged and index == 1 else []
        tokens, section, triable = _tokens(intro + part.lines)
        reviewed = _reviewed(item.num, part, tokens, section)
        if reviewed:  # the reviewed cells hold exactly this part's words: no search needed
            if intro:
                out.append((parts[0], Cells(reviewed[2], "", "", ""), False))
            out.append((part, Cells(reviewed[0], reviewed[3] or section, reviewed[1], triable), True))
            continue
        offence, penalty = _untangle(tokens, model)
        if intro:
            intro_words = sum(1 for w, _ in _tokens(intro)[0] if w != _LINE_END)
            out.append((parts[0], Cells(_join([(w, o) for w, o in offence if o < intro_words]), "", "", ""), False))
            offence = [(w, o) for w, o in offence if o >= intro_words]
        out.append((part, Cells(_join(offence), section, _join(penalty), triable), False))
    return out


def _has_penalty_side(part: _Part) -> bool:
    return any(w in _TRIABLE for _, text in part.lines for w in text.split())


def _reviewed(
    num: str, part: _Part, tokens: list[tuple[str, int | None]], section: str
) -> tuple[str, str, str, str] | None:
    """The reviewed (offence, penalty, intro, section) of this part, if the file has them and they hold exactly its
    words (an entry that names its own col. 3 holds the words found there too)."""
    for entry in reviewed_cells():
        mine = str(entry["item"]) == num and entry.get("part", "") == part.label
        words = Counter(w for w, _ in tokens if w != _LINE_END)
        if "section" in entry:
            words += Counter(section.split())
        if mine and words == Counter(reviewed_words(entry)):
            return entry["offence"], entry["penalty"], entry.get("intro", ""), entry.get("section", "")
    return None


def reviewed_words(entry: dict) -> list[str]:
    """The words of a reviewed entry's cells (its col. 3 too, when it names one)."""
    cells = (entry.get("intro", ""), entry["offence"], entry["penalty"], entry.get("section", ""))
    return " ".join(cells).split()


def _join(words: list[tuple[str, int]]) -> str:
    """A cell's words as text; a word the Gazette broke at the end of its column's line ("sub-" / "section", the
    cells of items 13, 14, 17, …) joined again, its hyphen kept ("sub-section")."""
    return _LINE_BREAK_HYPHEN.sub(r"\1", " ".join(w for w, _ in words))


def _tokens(lines: list[tuple[int, str]]) -> tuple[list[tuple[str, int | None]], str, str]:
    """The words of col. 2 and 4 in printed order, each with its forced column (4 after col. 3, else None), a
    ``_LINE_END`` where a col. 5 word stood; and the col. 3 and col. 5 cells."""
    refs: list[str] = []
    triable: list[str] = []
    tokens: list[tuple[str, int | None]] = []
    for k, (_, text) in enumerate(lines):
        text = " ".join(text.split())
        if k == 0 and (ref := _FIRST_REF.search(text)):
            refs.append(ref["ref"])
            head, tail = text[: ref.start()].split(), text[ref.end() :].split()
            tokens += [(w, 2) for w in head]
            words = tail
            forced_first: int | None = 4
        else:
            words, forced_first = text.split(), None
        previous = tokens[-1][0] if tokens else ""
        for word in words:
            if word in _TRIABLE:
                triable.append(word)
                tokens.append((_LINE_END, None))
            elif _COMPACT_REF.match(word) and previous not in {"section", "sections"} and refs:
                refs.append(word)
            else:
                tokens.append((word, forced_first))
                forced_first = None
            previous = word
    return tokens, " ".join(refs), _triable_cell(triable)


def _triable_cell(words: list[str]) -> str:
    """``Court`` or ``Principal Officer`` (the two words found apart are put together)."""
    if "Principal" in words or "Officer" in words:
        return "Principal Officer"
    return "Court" if "Court" in words else ""


def _after_end(previous: str, word: str) -> float:
    """The cost of ``word`` after ``previous`` when ``previous`` closed its sentence."""
    if previous.endswith(".") and not previous.endswith("etc."):
        return _AFTER_STOP
    if previous.endswith(";") and word not in {"or", "and"}:
        return _AFTER_SEMICOLON
    return 0.0


def _untangle(
    tokens: list[tuple[str, int | None]], model: Model
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """The offence (col. 2) and penalty (col. 4) words, each with its index among the words, by a Viterbi search.

    State after word ``i``: (its column, index of the last word of the other column or -1). A word continues its
    column's sentence with the bigram log-probability of the pair; jumping columns costs ``_SWITCH``; a sentence
    that has ended is continued at ``_AFTER_STOP`` (``_AFTER_SEMICOLON``);
    after a col. 5 word (the end of a visual line) the next word is
    col. 2's, the word before it col. 4's, each by ``_AT_LINE_END``.
    """
    words = [w for w, _ in tokens if w != _LINE_END]
    forced = [f for w, f in tokens if w != _LINE_END]
    after_end = set()
    before_end = set()
    count = 0
    for w, _ in tokens:
        if w == _LINE_END:
            after_end.add(count)
            before_end.add(count - 1)
        else:
            count += 1
    n = len(words)
    if not n:
        return [], []

    memo: dict[tuple[int, str | None, str], float] = {}

    def step(column: int, previous: str | None, word: str) -> float:
        key = (column, previous, word)
        if key not in memo:
            if previous is None:
                memo[key] = model.logp(column, "<s>", word)
            else:
                memo[key] = model.logp(column, previous, word) - _after_end(previous, word)
        return memo[key]

    def bonus(i: int, column: int) -> float:
        if forced[i] is not None and forced[i] != column:
            return -1e6
        value = 0.0
        if i in after_end:
            value += _AT_LINE_END if column == 2 else 0.0
        if i in before_end:
            value += _AT_LINE_END if column == 4 else 0.0
        return value

    layers: list[dict[tuple[int, int], tuple[float, tuple[int, int] | None]]] = [
        {(c, -1): (step(c, None, words[0]) + bonus(0, c) + (0.0 if c == 2 else -_SWITCH), None) for c in (2, 4)}
    ]
    for i in range(1, n):
        word = words[i]
        stay = {c: (step(c, words[i - 1], word), bonus(i, c)) for c in (2, 4)}
        jump = {c: bonus(i, c) for c in (2, 4)}
        layer: dict[tuple[int, int], tuple[float, tuple[int, int] | None]] = {}
        for state, (score, _) in layers[-1].items():
            column, other = state
            # staying in the column keeps (column, other), a state no jump reaches (a jump's other is i - 1)
            kept, kept_bonus = stay[column]
            layer[state] = (score + kept + kept_bonus, state)
            key = (6 - column, words[other] if other >= 0 else None, word)
            value = score + (memo[key] if key in memo else step(*key)) - _SWITCH + jump[6 - column]
            target = (6 - column, i - 1)
            if target not in layer or value > layer[target][0]:
                layer[target] = (value, state)
        layers.append(layer)
    at: tuple[int, int] | None = max(layers[-1], key=lambda s: layers[-1][s][0])
    columns = [0] * n
    for i in range(n - 1, -1, -1):
        assert at is not None
        columns[i] = at[0]
        at = layers[i][at][1]
    offence = [(w, i) for i, w in enumerate(words) if columns[i] == 2]
    penalty = [(w, i) for i, w in enumerate(words) if columns[i] == 4]
    return offence, penalty


@dataclass
class _Bigrams:
    """An interpolated (Witten-Bell) bigram model of lower-cased words, numbers folded to ``<n>``."""

    unigrams: Counter = field(default_factory=Counter)
    bigrams: Counter = field(default_factory=Counter)
    followers: Counter = field(default_factory=Counter)
    total: int = 0  # the sum of the unigram counts, kept as words are added

    def add(self, texts: list[str]) -> None:
        """Count the words of each of ``texts``, each text opening with ``<s>``."""
        words = [w for w in map(_fold, " <s> ".join(["", *texts]).split()) if w]
        self.unigrams.update(words)
        self.bigrams.update(pair for pair in itertools.pairwise(words) if pair[1] != "<s>")
        self.total += len(words)

    def p(self, previous: str, word: str) -> float:
        a, b = _fold(previous) if previous != "<s>" else previous, _fold(word)
        unigram = (self.unigrams[b] + 0.5) / (self.total + 0.5 * len(self.unigrams))
        seen = self.unigrams[a]
        if not seen:
            return unigram
        weight = seen / (seen + self.followers[a] + 1)
        return weight * self.bigrams[a, b] / seen + (1 - weight) * unigram


@cache
def _fold(word: str) -> str:
    word = word.lower().strip(",.;:—-()'\"’“”")
    return "<n>" if word.isdigit() else word


_LINE_BREAK_HYPHEN = re.compile(r"\b([a-z]{2,}-) (?=[a-z])")
# Penalty prose in the corpus: what follows "punishable with" / "liable to" up to the end of the clause.
_PENALTY_PROSE = re.compile(r"\b(?:punishable|liable)\s+(?:with|to)\s+(?P<text>[^.;:]+)", re.IGNORECASE)
_PENALTY_WEIGHT = 0.7  # col. 4 words: this much of the penalty-prose model, the rest of the general one


class Model:
    """The general model and the penalty-prose model of one document, trained on its own source lines except the
    Table's (from its first item on): no other document changes a cell."""

    def __init__(self, document: list[tuple[int, str]]) -> None:
        self.general, self.penalty = _Bigrams(), _Bigrams()
        skip = _table_range(document)
        lines = [text for number, text in document if not skip[0] <= number <= skip[1]]
        self.general.add(lines)
        self.penalty.add([match["text"] for text in lines for match in _PENALTY_PROSE.finditer(text)])
        self.general.followers.update(a for a, _ in self.general.bigrams)
        self.penalty.followers.update(a for a, _ in self.penalty.bigrams)
        self._memo: dict[tuple[int, str, str], float] = {}  # the untangling asks the same questions many times

    def logp(self, column: int, previous: str, word: str) -> float:
        key = (column, previous, word)
        if key not in self._memo:
            value = self.general.p(previous, word)
            if column == 4:
                value = (1 - _PENALTY_WEIGHT) * value + _PENALTY_WEIGHT * self.penalty.p(previous, word)
            self._memo[key] = math.log(value)
        return self._memo[key]


def _table_range(lines: list[tuple[int, str]]) -> tuple[int, int]:
    """The lines of an interleaved Table in a document: from ``1. … Court|Principal`` to its 81st item's end."""
    start = next((n for n, t in lines if t.startswith("1. ") and t.split()[-1] in _TRIABLE), None)
    if start is None:
        return (0, -1)
    last = next((n for n, t in lines if n > start and t.startswith(f"{ITEMS}. ")), start)
    return (start, last + 6)


def _item_markup(item: _Item, cells: list[tuple[_Part, Cells]]) -> list[str]:
    """One item: a ``TR`` per (sub-)row, the serial number spanning them."""
    out: list[str] = []
    for i, (part, c) in enumerate(cells):
        label = f"{part.label} " if part.label else ""
        out.append("  TR")
        if i == 0:
            span = f"{{rowspan {len(cells)}}}" if len(cells) > 1 else ""
            out += [f"    TC{span}", f"      {markup.text(item.num + '.')}"]
        out += _cell(label + c.offence) + _cell(c.section) + _cell(c.penalty) + _cell(c.triable)
    return out


def _cell(text: str) -> list[str]:
    return ["    TC", "      " + (markup.text(text) if text.strip() else markup.remark("blank"))]


def words(text: str) -> list[str]:
    """The words of ``text`` as the conservation checks count them (``[A-Za-z0-9]+``)."""
    return _WORD.findall(text)

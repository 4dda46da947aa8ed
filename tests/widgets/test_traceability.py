"""Every provision a rule declares resolves in the corpus, is cited as the corpus cites it, and reads as recorded.

The recorded text and hash live in ``widgets/rules/<module>.trace.yaml`` (``python -m widgets.trace record``). When
the corpus text of a provision changes, the test fails and prints a word diff, so a change in the law cannot silently
orphan a calculator. A document whose AKN has not been built yet fails here too: the check is on, not skipped.
"""

from __future__ import annotations

import pytest

from widgets import trace
from widgets.rules.provisions import Ref


def _declared() -> list:
    return [
        pytest.param(module, ref, id=f"{module}: {ref.document} {ref.citation}")
        for module, refs in trace.declared().items()
        for ref in refs
    ]


@pytest.mark.parametrize(("module", "ref"), _declared())
def test_declared_provision_matches_the_corpus(module: str, ref: Ref):
    import corpus

    text = trace.current_text(ref)  # fails naming the document whose AKN is not built, or the missing eId
    printed = corpus.citation(ref.document, ref.eid)
    assert trace.cites_alike(ref.citation, printed), f"corpus cites {printed!r}"
    entry = trace.recorded(module).get((ref.document, ref.eid, ref.citation))
    assert entry and entry.get("sha256"), f"no hash recorded: run `python -m widgets.trace record` ({module})"
    if trace.digest(text) != entry["sha256"]:
        pytest.fail(trace.changed(module, ref, entry, text))


def test_every_rule_declares_the_provisions_its_steps_cite():
    import widgets
    from tests.widgets.test_cases import CASES_DIR, _load
    from widgets.rules.registry import rule as find_rule

    for path in sorted(CASES_DIR.glob("*.yaml")):
        data = _load(path)
        rule = find_rule(data["provision"])
        declared = {(ref.document, ref.eid) for ref in rule.provisions}
        for case in data["cases"]:
            if "error" in case:
                continue
            for cited in widgets.evaluate(data["provision"], case["facts"])["citations"]:
                assert (cited["document"], cited["eid"]) in declared, f"{rule.id} cites undeclared {cited}"


def test_a_table_item_and_its_proviso_are_recorded_apart(tmp_path, monkeypatch):
    """The load-line rule declares s.256 Table item 51 and its proviso, which share one eId: recording keeps two
    entries, each with its own citation, and checking finds both."""
    monkeypatch.setattr(trace, "RULES_DIR", tmp_path)
    trace.record(modules=["load_line"])
    entries = trace.recorded("load_line")
    item = "part_XIV__sec_256__wrapup__table_1__item_51"
    assert {c for d, e, c in entries if e == item} == {"s. 256 Table item 51", "s. 256 Table item 51 proviso"}
    assert "&id" not in trace.trace_path("load_line").read_text(encoding="utf-8")

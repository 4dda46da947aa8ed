"""The calculator as plain HTML for a page of the book: a form built from the rule's fact schema, and its result.

    calculator_html("pk-mso-2001/wages-on-wreck", facts, link, law=[...])   # built into the page at build time
    form_facts("pk-mso-2001/wages-on-wreck", {"monthly_wage": "1,50,000"})  # a form's strings -> the rule's facts
    form_result("pk-mso-2001/wages-on-wreck", form, link)                   # what the page shows for a form

The form is real HTML (labels, inputs, selects, radio buttons) that reads and works without JavaScript; the page's
script (``book/lex_book/live/static/calculators.js``) recomputes it in the reader's browser with :func:`form_result`,
run by
Pyodide in a Web Worker — the same Python that rendered the build-time result (``widgets.views.panels``), never a
JavaScript copy. Nothing here imports ipywidgets or lxml: the worker has neither.

The contract the page's script and outside checks rely on: the root element is ``.lm-calc`` with
``data-provision-id`` and ``data-state`` (``static``, ``starting``, ``live`` or ``error``); every input is named by
its fact (``name="monthly_wage"``); the result region carries ``data-result``; each field's message goes into its
``[data-error-for=<fact>]`` element.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Mapping, Sequence
from typing import Any

import widgets
from widgets.rules.facts import NOT_SHOWN
from widgets.views import display
from widgets.views.panels import error_html, result_html, summary_text
from widgets.views.reader_links import Link

PROOF_CHOICES = (("proved", True), ("disproved", False), (NOT_SHOWN, NOT_SHOWN))
"""A proof fact's three answers: the form's value, the rule's value."""
FLAG_VALUES = {"true": True, "false": False}
AMOUNTS_SEPARATOR = ";"
"""Between the sums of an amounts fact in its text box ("1,500; 2,000; 0"): a comma groups digits."""
NUMBER_NOISE = re.compile(r"[,\s_]|^(?:rs\.?|₹|inr|pkr)", re.IGNORECASE)
"""What a reader may type around a number: grouping commas (1,50,000), spaces, a currency sign in front."""
STATIC_NOTE = "Worked out when the book was built, for the facts shown. Change a fact to work it out again."

_ids = itertools.count(1)
"""Element ids unique within a page: one notebook (one kernel) renders the calculators of one page, in order."""


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def form_value(fact: dict[str, Any], value: Any) -> str:
    """The text a form control holds for ``value`` of ``fact`` (empty: not given)."""
    if value is None:
        return ""
    if fact["kind"] == "proof":
        return next(text for text, rule_value in PROOF_CHOICES if rule_value == value)
    if fact["kind"] == "flag":
        return "true" if value else "false"
    if fact["kind"] == "amounts":
        return f"{AMOUNTS_SEPARATOR} ".join(form_value({"kind": "money"}, item) for item in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _field(fact: dict[str, Any], value: Any, currency: str, prefix: str) -> str:
    """One fact's label, control, explanation and (empty) message slot."""
    name, kind = fact["name"], fact["kind"]
    ident = f"{prefix}-{name}"
    text = form_value(fact, value)
    doc = f"<small class='lm-doc' id='{ident}-doc'>{_e(display.in_words(name, fact['doc']))}</small>"
    message = f"<span class='lm-field-error' id='{ident}-msg' data-error-for='{_e(name)}' role='alert' hidden></span>"
    described = f"aria-describedby='{ident}-doc {ident}-msg'"
    label = _e(display.fact_label(fact, currency))
    if kind == "proof":
        radios = "".join(
            f"<label class='lm-radio'><input type='radio' name='{_e(name)}' value='{_e(choice)}'"
            f"{' checked' if choice == text else ''}> {_e(choice)}</label>"
            for choice, _ in PROOF_CHOICES
        )
        return (
            f"<fieldset class='lm-field lm-proof' data-fact='{_e(name)}' data-kind='proof' {described}>"
            f"<legend>{label}</legend><span class='lm-radios'>{radios}</span>{doc}{message}</fieldset>"
        )
    if kind == "flag":
        control = (
            f"<input type='checkbox' id='{ident}' name='{_e(name)}' value='true'"
            f"{' checked' if text == 'true' else ''} {described}>"
        )
        return (
            f"<div class='lm-field lm-flag' data-fact='{_e(name)}' data-kind='flag'>"
            f"<label for='{ident}'>{control} {label}</label>{doc}{message}</div>"
        )
    if kind in ("choice", "option"):
        options = "".join(
            f"<option value='{_e(choice)}'{' selected' if choice == text else ''}>"
            f"{_e(display.choice_words(name, choice))}</option>"
            for choice in fact["choices"]
        )
        control = f"<select id='{ident}' name='{_e(name)}' {described}>{options}</select>"
    elif kind == "date":
        control = f"<input type='date' id='{ident}' name='{_e(name)}' value='{_e(text)}' {described}>"
    else:  # money, number, count: typed as text, so "1,50,000" reaches the rule's reader of numbers
        mode = "numeric" if kind == "count" else "text" if kind == "amounts" else "decimal"
        hint = "" if fact.get("required") or value is not None else " placeholder='not given'"
        control = (
            f"<input type='text' inputmode='{mode}' autocomplete='off' id='{ident}' name='{_e(name)}'"
            f" value='{_e(text)}'{hint} {described}>"
        )
    return (
        f"<div class='lm-field' data-fact='{_e(name)}' data-kind='{_e(kind)}'>"
        f"<label for='{ident}'>{label}</label>{control}{doc}{message}</div>"
    )


def calculator_html(
    provision_id: str, facts: Mapping[str, Any], link: Link | None = None, law: Sequence[str] = ()
) -> str:
    """The calculator of ``provision_id`` opening on ``facts`` (the rule's defaults for the rest), with its result.

    ``law`` holds the HTML of the provisions' text (``widgets.views.provision_texts``); ``link(document, eid)`` the
    reader URL of a cited provision.
    """
    info = widgets.describe(provision_id)
    values = {f["name"]: f.get("default") for f in info["facts"]} | dict(facts)
    prefix = f"lm{next(_ids)}-{re.sub(r'[^a-z0-9]+', '-', provision_id)}"
    fields = [
        _field(f, values.get(f["name"]), info["currency"], prefix) for f in info["facts"] if f["kind"] != "option"
    ]
    options = [
        _field(f, values.get(f["name"]), info["currency"], prefix) for f in info["facts"] if f["kind"] == "option"
    ]
    options_box = (
        "<fieldset class='lm-options'><legend>Interpretive options <small>(where the law is arguable; each has a"
        f" default)</small></legend>{''.join(options)}</fieldset>"
        if options
        else ""
    )
    law_box = f"<details class='lm-law'><summary>The law</summary>{''.join(law)}</details>" if law else ""
    opening = answer(provision_id, values, link)
    return (
        f"<section class='lm-calc' data-provision-id='{_e(provision_id)}' data-state='static'"
        f" aria-labelledby='{prefix}-title'>"
        f"<h4 class='lm-calc-title' id='{prefix}-title'>{_e(info['title'])}</h4>"
        f"<form class='lm-calc-form' novalidate><div class='lm-facts'>{''.join(fields)}</div>{options_box}"
        "<button type='submit' class='lm-compute'>Compute</button></form>"
        # stays at the foot of the screen while the form is edited (calculators.css: sticky), linking to the result
        f"<a class='lm-calc-summary' href='#{prefix}-result' data-summary>{_e(opening['summary'])}</a>"
        f"{law_box}"
        f"<p class='lm-calc-status' role='status'>{_e(STATIC_NOTE)}</p>"
        f"<div class='lm-calc-result' id='{prefix}-result' data-result aria-live='polite'>{opening['html']}</div>"
        "</section>"
    )


CHECK_FACTS = "Please check the facts marked above."


def answer(provision_id: str, facts: Mapping[str, Any], link: Link | None = None) -> dict[str, Any]:
    """The result region for ``facts`` (``None`` values left out): ``html`` of the result, or of the rule's message
    naming each bad fact, and ``problems`` as (fact, why) pairs — never a figure for facts the rule refused; and
    ``summary``, the result in one line (:func:`widgets.views.panels.summary_text`)."""
    raw = {name: value for name, value in facts.items() if value is not None}
    try:
        result = widgets.evaluate(provision_id, raw)
    except widgets.FactError as error:
        words = display.problems_in_words(error.problems)
        return {"html": error_html(error.problems), "problems": [list(p) for p in words], "summary": CHECK_FACTS}
    return {"html": result_html(result, link), "problems": [], "summary": summary_text(result)}


def result_panel(provision_id: str, facts: Mapping[str, Any], link: Link | None = None) -> str:
    """The result region's HTML for ``facts`` (:func:`answer`)."""
    return answer(provision_id, facts, link)["html"]


def opening_form(provision_id: str, facts: Mapping[str, Any]) -> dict[str, str]:
    """The strings the calculator's form holds for ``facts``, the rule's defaults for the facts not given."""
    info = widgets.describe(provision_id)
    values = {f["name"]: f.get("default") for f in info["facts"]} | dict(facts)
    return {f["name"]: form_value(f, values.get(f["name"])) for f in info["facts"]}


def _number(text: str) -> float | str:
    cleaned = NUMBER_NOISE.sub("", text)
    try:
        return float(cleaned)
    except ValueError:
        return text  # the rule names the field and says why


def form_facts(provision_id: str, form: Mapping[str, str]) -> dict[str, Any]:
    """The facts a form's strings stand for, as the rule takes them; an empty field is left out (its default)."""
    kinds = {f["name"]: f["kind"] for f in widgets.describe(provision_id)["facts"]}
    facts: dict[str, Any] = {}
    for name, text in form.items():
        kind = kinds.get(name)
        text = text.strip()
        if kind is None or text == "":
            continue
        if kind in ("money", "number", "count"):
            value = _number(text)
            facts[name] = int(value) if kind == "count" and isinstance(value, float) and value.is_integer() else value
        elif kind == "amounts":
            facts[name] = [_number(item.strip()) for item in text.split(AMOUNTS_SEPARATOR)]
        elif kind == "flag":
            facts[name] = FLAG_VALUES.get(text, text)
        elif kind == "proof":
            facts[name] = dict(PROOF_CHOICES).get(text, text)
        else:
            facts[name] = text
    return facts


def form_result(provision_id: str, form: Mapping[str, str], link: Link | None = None) -> dict[str, Any]:
    """What the page shows for a form (:func:`answer` of :func:`form_facts`): the rule's own messages go beside
    their fields."""
    return answer(provision_id, form_facts(provision_id, form), link)

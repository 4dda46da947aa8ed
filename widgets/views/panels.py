"""The HTML panels of a calculator: the result (amounts, outcomes, steps, burdens, options), errors, provision text.

Pure functions from a result dict (as ``widgets.evaluate`` returns it) to HTML, so the book can also render them at
build time without a kernel. Every value of the result is put into words by ``widgets.views.display`` (money with its
currency, numbers with their units, outcomes in words, "not applicable" with its reason): no raw Python value reaches
the page.
"""

from __future__ import annotations

import html
from typing import Any

from widgets.views import display

SKIPPED = ("provision_id", "currency")


def _e(text: str) -> str:
    return html.escape(text)


def _amount_row(name: str, amount: dict[str, Any], document: str, link: Any) -> str:
    """One row: the amount's name and the provision that fixes it, its value, its kind (three columns fit a phone)."""
    kind, gloss, colour = display.kind(amount)
    href = link(document, amount["eid"]) if link else "#" + amount["eid"]
    return (
        f"<tr><th scope='row' style='text-align:left'>{_e(display.amount_label(name))}"
        f"<br><small><a href='{_e(href)}'>{_e(amount['citation'])}</a></small></th>"
        # a sum is never broken across lines
        f"<td class='lm-amount' style='white-space:nowrap'>"
        f"{_e(display.shown(amount['value'], currency=amount['currency']))}</td>"
        f"<td><span class='lm-kind' title='{_e(gloss)}' style='color:{colour}'>{_e(kind)}</span>"
        f"<br><small class='lm-kind-gloss'>{_e(gloss)}</small></td></tr>"
    )


def _outcomes(result: dict[str, Any]) -> list[str]:
    """The result's other outcomes in words, those shown as another's reason left out."""
    used = display.reasons_used(result)
    items = []
    for name, value in result.items():
        if name in result["amounts"] or name in SKIPPED or name in used or isinstance(value, list | dict):
            continue
        label, text = display.outcome(name, result)
        items.append(f"<li><b>{_e(label)}</b>: {_e(text)}</li>")
    return items


def summary_text(result: dict[str, Any]) -> str:
    """The result in one line, for the calculator's summary that stays in sight while the facts are edited: the total
    (or the first amount) with its value and kind, else the first outcome in words."""
    amounts = result["amounts"]
    if amounts:
        name = next((n for n in amounts if n.startswith("total")), next(iter(amounts)))
        amount = amounts[name]
        value = display.shown(amount["value"], currency=amount["currency"])
        return f"{display.amount_label(name)}: {value} ({display.kind(amount)[0]})"
    used = display.reasons_used(result)
    for name, value in result.items():
        if name not in SKIPPED and name not in used and not isinstance(value, list | dict):
            label, text = display.outcome(name, result)
            return f"{label}: {text}"
    return "No sum of money is worked out on these facts."


def result_html(result: dict[str, Any], link: Any = None) -> str:
    """The result panel: each amount with its kind and provision, then the other outcomes, steps, burdens and options.

    ``link(document, eid)`` gives the URL of a provision in the statute reader (default: the bare ``#eId``).
    """
    document = result["provision_id"].split("/")[0]
    rows = "".join(_amount_row(name, amount, document, link) for name, amount in result["amounts"].items())
    table = (
        # words break only where they must (the panel's "anywhere" would split "entitlement" on a phone)
        # in a box of its own that scrolls sideways if a phone is narrower still: never cut off
        "<div class='lm-table-box' style='overflow-x:auto;max-width:100%'>"
        "<table class='lm-amounts' style='width:100%;overflow-wrap:break-word'><thead><tr><th>amount</th>"
        f"<th>value</th><th>kind</th></tr></thead><tbody>{rows}</tbody></table></div>"
        if rows
        else "<p class='lm-no-amounts'>No sum of money is worked out on these facts.</p>"
    )
    others = "".join(_outcomes(result))
    steps = "".join(f"<li><b>{_e(s['citation'])}</b> {_e(s['text'])}</li>" for s in result["steps"])
    burdens = "".join(
        f"<li>{_e(display.fact_name(b['fact']))}: burden on {_e(b['burden_on'])} ({_e(b['citation'])}) — "
        f"{_e(b['effect'])}</li>"
        for b in result.get("burdens", [])
    )
    options = "".join(
        f"<li><b>{_e(display.fact_name(o['name']))}</b>: {_e(display.choice_words(o['name'], str(o['value'])))} "
        f"{_e(display.option_note(o))}<br><small>{_e(display.in_words(o['name'], o['doc']))}"
        "</small></li>"
        for o in result.get("options", [])
    )
    parts = [
        # long citations and words wrap inside a phone's width instead of being cut off at the widget's edge
        "<div class='lm-result' style='max-width:100%;overflow-wrap:anywhere'>",
        table,
        f"<ul class='lm-outcomes'>{others}</ul>" if others else "",
        f"<details open><summary>How it was worked out</summary><ol class='lm-steps'>{steps}</ol></details>",
        f"<details><summary>Burdens of proof</summary><ul>{burdens}</ul></details>" if burdens else "",
        f"<details><summary>Interpretive options used</summary><ul>{options}</ul></details>" if options else "",
        "</div>",
    ]
    return "".join(parts)


def error_html(problems: list[tuple[str, str]]) -> str:
    """The message shown in place of a result when facts are invalid: each bad field and why."""
    items = "".join(
        f"<li><b>{_e(display.fact_name(field))}</b>: {_e(why)}</li>"
        for field, why in display.problems_in_words(problems)
    )
    return f"<div class='lm-error' role='alert'><b>Please check these facts:</b><ul>{items}</ul></div>"


def provision_html(citation: str, heading: str | None, text: str, href: str) -> str:
    """One provision's text, with its citation linking to it in the statute reader."""
    title = f" <i>{_e(heading)}</i>" if heading else ""
    return (
        f"<div class='lm-provision'><p><a href='{_e(href)}'><b>{_e(citation)}</b></a>{title}</p>"
        f"<blockquote>{_e(text)}</blockquote></div>"
    )

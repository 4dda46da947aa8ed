"""The HTML panels of a calculator: the result (typed amounts, steps, burdens, options), errors, provision text.

Pure functions from a result dict (as ``widgets.evaluate`` returns it) to HTML, so the book can also render them at
build time without a kernel.
"""

from __future__ import annotations

import html
from typing import Any

from widgets.rules.money import format_money

KIND_LABELS = {
    "entitlement": ("entitlement", "#1b5e20"),
    "maximum": ("statutory maximum", "#8a4b00"),
    "minimum": ("statutory minimum", "#0d47a1"),
}


def _e(value: Any) -> str:
    return html.escape(str(value))


def _amount(value: Any, currency: str) -> str:
    return format_money(value, currency) if isinstance(value, int | float) else _e(value)


def result_html(result: dict[str, Any], link: Any = None) -> str:
    """The result panel: each amount with its kind and provision, then the steps, burdens and options.

    ``link(document, eid)`` gives the URL of a provision in the statute reader (default: the bare ``#eId``).
    """
    currency = result["currency"]
    document = result["provision_id"].split("/")[0]
    rows = []
    for name, amount in result["amounts"].items():
        kind, colour = KIND_LABELS.get(amount["kind"], (amount["kind"], "#333"))
        rows.append(
            f"<tr><th scope='row'>{_e(name.replace('_', ' '))}</th>"
            f"<td class='lm-amount'>{_amount(amount['value'], currency)}</td>"
            f"<td><span class='lm-kind' style='color:{colour}'>{_e(kind)}</span></td>"
            f"<td><a href='{_e(link(document, amount['eid']) if link else '#' + amount['eid'])}'>"
            f"{_e(amount['citation'])}</a></td></tr>"
        )
    others = [
        f"<li><b>{_e(k.replace('_', ' '))}</b>: {_e(v)}</li>"
        for k, v in result.items()
        if k not in result["amounts"] and not isinstance(v, list | dict) and k not in ("provision_id", "currency")
    ]
    steps = "".join(f"<li><b>{_e(s['citation'])}</b> {_e(s['text'])}</li>" for s in result["steps"])
    burdens = "".join(
        f"<li>{_e(b['fact'].replace('_', ' '))}: burden on {_e(b['burden_on'])} ({_e(b['citation'])}) — "
        f"{_e(b['effect'])}</li>"
        for b in result.get("burdens", [])
    )
    options = "".join(
        f"<li><code>{_e(o['name'])}</code> = {_e(o['value'])}{'' if o['is_default'] else ' (not the default)'}</li>"
        for o in result.get("options", [])
    )
    parts = [
        # long citations and words wrap inside a phone's width instead of being cut off at the widget's edge
        "<div class='lm-result' style='max-width:100%;overflow-wrap:anywhere'>",
        "<table class='lm-amounts' style='width:100%'><thead><tr>",
        "<th>amount</th><th>value</th><th>kind</th><th>provision</th></tr></thead>",
        f"<tbody>{''.join(rows)}</tbody></table>",
        f"<ul class='lm-outcomes'>{''.join(others)}</ul>" if others else "",
        f"<details open><summary>How it was worked out</summary><ol class='lm-steps'>{steps}</ol></details>",
        f"<details><summary>Burdens of proof</summary><ul>{burdens}</ul></details>" if burdens else "",
        f"<details><summary>Interpretive options used</summary><ul>{options}</ul></details>" if options else "",
        "</div>",
    ]
    return "".join(parts)


def error_html(problems: list[tuple[str, str]]) -> str:
    """The message shown in place of a result when facts are invalid: each bad field and why."""
    items = "".join(f"<li><b>{_e(field.replace('_', ' '))}</b>: {_e(why)}</li>" for field, why in problems)
    return f"<div class='lm-error' role='alert'><b>Please check these facts:</b><ul>{items}</ul></div>"


def provision_html(citation: str, heading: str, text: str, href: str) -> str:
    """One provision's text, with its citation linking to it in the statute reader."""
    return (
        f"<div class='lm-provision'><p><a href='{_e(href)}'><b>{_e(citation)}</b></a> <i>{_e(heading)}</i></p>"
        f"<blockquote>{_e(text)}</blockquote></div>"
    )

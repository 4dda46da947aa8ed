"""A page printed is a handout: what it says, and where it came from.

Printed, a chapter keeps the law it quotes, each calculator's facts and its result, the what-if cells' outputs and
the exercises' questions, and drops what only works on a screen: the theme's bars and sidebars, the buttons, the
code cells' toggles and sources, the answer boxes, the ¶ menus and jump lists (``static/site_theme.css``, ``@media
print``; each feature's own sheet hides its own controls). A section's or a statute's page prints its text the same
way, and so does a whole statute gathered on its contents page (``lex_book.reader.statute_print``). Printed from a dark
page, it is printed in the light colours.

Each page ends with a footer that only print shows (:func:`add_print_footer`): the page's citation (a reader page's
is the corpus's, "Merchant Shipping Ordinance, 2001, s. 161"; any other page's, its title in the book's), its address
and the date the book was built (Sphinx's ``format_date``, which honours ``SOURCE_DATE_EPOCH``). The same citation
and date run along the foot of every printed page (a ``@page`` margin box, with the page number);
``static/print_handout.js`` puts the page's full address (``location.href``, unknown when the page is written) in
both and the day it was printed, and prints a dark page light.
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

from sphinx.application import Sphinx
from sphinx.util.i18n import format_date

import corpus
from corpus.page_map import document_pages
from lex_book.reader.akn_render import cite_line

READER = "book/reader/"


def reader_citation(pagename: str) -> str | None:
    """The corpus's citation of a reader page ("Merchant Shipping Ordinance, 2001, s. 161"), or None for a page
    that is not one of a statute's."""
    if not pagename.startswith(READER) or pagename.count("/") != 3:
        return None
    doc_id, slug = pagename[len(READER) :].split("/")
    if doc_id not in {d.id for d in corpus.documents()}:
        return None
    page = document_pages(doc_id).page(slug)
    if page is None or page.kind == "contents" or not page.elements:
        return corpus.document(doc_id).short_title
    return cite_line(doc_id, page.elements[0])


def citation(app: Sphinx, pagename: str, context: dict[str, Any]) -> str:
    book = app.config.html_title or app.config.project
    found = reader_citation(pagename)
    if found is not None:
        return found
    title = str(context.get("pagetitle") or context.get("title") or "")
    return f"{book}, “{title}”" if title and title != book else book


def css_string(text: str) -> str:
    """``text`` as a CSS string in ASCII: every other character (and ``<``, so that no title closes the ``<style>``)
    as CSS's hex escape, ``\\201c `` (the space ends the escape)."""
    quoted = json.dumps(text, ensure_ascii=True).replace("<", "\\u003c")
    return re.sub(r"\\u([0-9a-fA-F]{4})", r"\\\1 ", quoted)


def add_print_footer(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if not isinstance(context.get("body"), str) or app.builder.format != "html":
        return
    cite = citation(app, pagename, context)
    built = format_date("%Y-%m-%d", language="en")
    address = f"{app.config.html_baseurl.rstrip('/')}/{pagename}.html" if app.config.html_baseurl else ""
    shown = address or f"{pagename}.html"
    context["body"] += (
        f'<footer class="lm-print-footer" data-lm-cite="{escape(cite)}" data-lm-built="{built}">'
        f'<p class="lm-print-cite">{escape(cite)}</p>'
        f'<p>At <span class="lm-print-url">{escape(shown)}</span></p>'
        f'<p>Text as built on {built}<span class="lm-print-printed"></span>.</p></footer>'
    )
    foot = css_string(f"{cite} · built {built}" + (f" · {address}" if address else ""))
    context["metatags"] = str(context.get("metatags") or "") + (
        f'\n<style media="print" id="lm-print-page">@page {{ @bottom-left {{ content: {foot}; }} }}</style>'
    )


def register(app: Sphinx) -> None:
    app.add_js_file("print_handout.js", loading_method="defer")
    app.connect("html-page-context", add_print_footer, priority=600)  # after the theme's context (500)

"""where each document of the corpus stands, as a banner on every reader page of it.

legislation.gov.uk puts a document's status and version at the top of each of its pages; the reader does the same
from the catalogue's ``standing`` (:class:`corpus.catalogue.Standing`, every fact with its source). Under the title of
every page of a document (its contents page, each Part's or Chapter's page, each section's page) a ``div.lm-status``
with ``role="note"`` says, in one or two lines:

    **Bill** · Not enacted; a later Bill became the Merchant Shipping Act, 2025 (not verified) · Text as introduced,
    16 December 2016 · Status and sources

its kind (Act, Ordinance, Bill), where it stands (in force since …, repealed by …, not enacted, enacted with changes as
… — a link when the corpus holds that document, and "(not verified)" in words when the catalogue says so), the date of
the text shown and, when the catalogue knows it, a link to the official page. On the contents page the banner ends in
a ``<details id="document-status">`` with every fact and its source (a source file's line, an India Code record's
field, a public page) and what is not verified; every other page links to it. An Act the corpus also holds as a Bill
names that Bill. Static HTML: no script, no image, nothing that moves the page once drawn.

``{statute-standing} <doc-id>`` says the same in a chapter that computes figures from the document: for a Bill, that
the figures are the Bill's, as introduced, and what became of the Bill (``book/chapters/wages-on-wreck.md``).

The words come only from the catalogue (:func:`standing_parts`, :func:`chapter_parts`); ``data/catalogue.json`` and
the page "The corpus as data" use the same words in plain text (:func:`plain_summary`).
"""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any
from urllib.parse import urlsplit

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import corpus
from corpus import derivations
from corpus.catalogue import CATALOGUE_FILE, Document, succession_of
from corpus.page_map import derivation_docname, document_pages
from lex_book.notes.note_nodes import HTML_VISITORS, details, summary
from widgets.rules.wording import date_text

ANCHOR = "document-status"
"""The id of the details of a document's standing, on its contents page."""

Part = str | tuple[str, str]
"""A piece of a sentence: text, or (text, catalogue id) for a link to that document's contents page."""


def kind_label(doc: Document) -> str:
    """ "Act", "Bill" or "Ordinance" (an Act of the subtype ``ord``)."""
    if doc.subtype == "ord":
        return "Ordinance"
    return {"act": "Act", "bill": "Bill"}.get(doc.kind, doc.kind)


def long_date(iso: str) -> str:
    """ "16 December 2016" from ``2016-12-16``; a bare year stays as it is."""
    return iso if len(iso) == 4 else date_text(datetime.date.fromisoformat(iso))


def text_date(doc: Document) -> str:
    """ "Text as introduced, 16 December 2016": what the corpus's text is and its date (a year when the source
    gives no more; the work date's name when it is not the date of enactment or introduction)."""
    when = doc.date[:4] if doc.date_name == "year only" else long_date(doc.date)
    named = f" ({doc.date_name})" if doc.date_name and doc.date_name != "year only" else ""
    return f"Text {doc.text_status}, {when}{named}"


def _named(value: str) -> Part:
    """A ``by`` or ``enacted_as`` value: the catalogue document it names, as a link, or the title it gives."""
    ids = {d.id for d in corpus.documents()}
    if value in ids:
        return (f"the {corpus.document(value).short_title}", value)
    return f"the {value}" if not value.startswith("the ") else value


def standing_parts(doc: Document) -> list[Part]:
    """Where ``doc`` stands, as the banner says it: "In force since 3 November 2021", "Enacted, with changes, as
    the Major Port Authorities Act, 2021" (a link), "Not enacted; a later Bill became the …"."""
    standing = doc.standing
    since = f" since {long_date(standing.since)}" if standing.since else ""
    if standing.state == "in-force":
        return [f"In force{since}"]
    if standing.state == "repealed":
        when = (
            "" if not standing.since else f" {'in' if len(standing.since) == 4 else 'on'} {long_date(standing.since)}"
        )
        return ["Repealed by ", _named(standing.by), when]
    if standing.state == "superseded":
        return ["Superseded by ", _named(standing.by)]
    if standing.state == "enacted":
        return ["Enacted, with changes, as ", _named(standing.enacted_as)]
    if standing.state == "lapsed":
        return ["Lapsed: not enacted"]
    if standing.state == "not-enacted":
        return ["Not enacted", *(["; a later Bill became ", _named(standing.by)] if standing.by else [])]
    return ["Where it stands today is not verified here"]


def bills_of(doc: Document) -> list[tuple[str, Document]]:
    """The Bills of the corpus that came before the Act ``doc``, each with the banner's words for it: "Its Bill" when
    its standing says it was enacted as ``doc``, "An earlier Bill" when a later Bill became ``doc``."""
    return [
        ("Its Bill" if d.standing.enacted_as == doc.id else "An earlier Bill", d)
        for d in corpus.documents()
        if d.kind == "bill" and doc.id in (d.standing.enacted_as, d.standing.by)
    ]


def derivation_pairs(doc: Document) -> list[tuple[str, str]]:
    """(older, newer) of each derivation table of the corpus that ``doc`` is a side of: its banner links to that
    table's page ("From Act to Bill: the Merchant Shipping Bill, 2016")."""
    return [pair for pair in map(derivations.documents, derivations.tables()) if doc.id in pair]


def _plain(parts: list[Part]) -> str:
    return "".join(p if isinstance(p, str) else p[0] for p in parts)


def summary_parts(doc: Document) -> list[Part]:
    """The banner's words before its links: kind, standing, "(not verified)", the date of the text."""
    standing = doc.standing
    flag = [" (not verified)"] if not standing.verified and standing.state != "unverified" else []
    return [f"{kind_label(doc)} · ", *standing_parts(doc), *flag, f" · {text_date(doc)}"]


def plain_summary(doc: Document) -> str:
    """The banner in plain text: "Bill · Not enacted; a later Bill became the Merchant Shipping Act, 2025 (not
    verified) · Text as introduced, 16 December 2016"."""
    bills = [f" · {words} in this corpus: the {b.short_title}" for words, b in bills_of(doc)]
    links = [f" · {words} {_plain([_named(other)])}" for words, other in succession_of(doc, corpus.documents())]
    return _plain(summary_parts(doc)) + "".join(bills) + "".join(links)


def standing_data(doc: Document) -> dict[str, Any]:
    """The standing as ``data/catalogue.json`` gives it: the catalogue's fields that are set, the banner's words
    (``summary``) and each source's fields that are set."""
    data = {k: v for k, v in dataclasses.asdict(doc.standing).items() if v not in ("", None) and k != "sources"}
    data["summary"] = plain_summary(doc)
    data["sources"] = [
        {k: v for k, v in dataclasses.asdict(s).items() if v not in ("", None, False)} for s in doc.standing.sources
    ]
    return data


def chapter_parts(doc: Document) -> list[Part]:
    """What a chapter that computes from ``doc`` says of it: for a Bill, that the figures are the Bill's, as
    introduced, and what became of it; for an Act, where it stands."""
    standing = doc.standing
    unverified = " (not verified here)" if not standing.verified and standing.state != "unverified" else ""
    text = text_date(doc).removeprefix("Text ")
    if doc.kind != "bill":
        first, *rest = standing_parts(doc)
        first = _plain([first])  # a string: the standing's first words
        intro = f"The figures this chapter computes from the {doc.short_title} are its text's, {text}; "
        return [intro, first[0].lower() + first[1:], *rest, f"{unverified}."]
    held = {d.id for d in corpus.documents()}
    intro = f"The figures this chapter computes from the {doc.short_title} are the Bill's, {text}: "
    if standing.state == "enacted":
        fate = ["the Bill was enacted, with changes, as ", _named(standing.enacted_as), ", whose figures may differ"]
    elif standing.state == "not-enacted":
        later = ["; a later Bill became ", _named(standing.by)] if standing.by else []
        absent = [", an Act this book does not hold"] if standing.by and standing.by not in held else []
        fate = ["the Bill was not enacted", *later, *absent]
    elif standing.state == "lapsed":
        fate = ["the Bill lapsed: it was not enacted"]
    else:
        fate = ["what became of the Bill is not verified here"]
    return [intro, *fate, f"{unverified}."]


class status_banner(nodes.General, nodes.Element):
    """``<div class="lm-status" role="note" aria-label="…">``: where a document stands (a landmark in words). The
    site's search leaves it out (``data-pagefind-ignore``): the same words on a thousand section pages are no
    result, and a section's excerpt starts with its law."""


def visit_status_banner(self: Any, node: status_banner) -> None:
    label = node.get("label", "Status of this document")
    attributes = {"aria-label": label, "data-pagefind-ignore": "all"}
    self.body.append(self.starttag(node, "div", "\n", role="note", **attributes))


def depart_status_banner(self: Any, node: status_banner) -> None:
    self.body.append("</div>\n")


def _nodes(parts: list[Part]) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for part in parts:
        if isinstance(part, str):
            if part:
                out.append(nodes.Text(part))
        else:
            text, doc_id = part
            out.append(nodes.reference("", "", nodes.Text(text), internal=True, refuri="", akn_target=f"{doc_id} "))
    return out


def _page_link(docname: str, text: str) -> nodes.reference:
    """A link to the book's page ``docname``, dropped with the words around it (its parent) when the book being
    built has no such page (a small book of the tests' that leaves the comparisons out)."""
    return nodes.reference("", text, internal=True, refuri="", lm_page=docname)


def _details_link(doc_id: str, text: str) -> nodes.reference:
    """A link to the details of ``doc_id``'s standing on its contents page (resolved at ``doctree-resolved``)."""
    return nodes.reference("", text, internal=True, refuri="", lm_status_of=doc_id)


def _official(doc: Document) -> list[nodes.Node]:
    """ " · Official text: indiacode.nic.in" (a link), when the catalogue states the official page."""
    url = doc.standing.official
    if not url:
        return []
    host = urlsplit(url).hostname or url
    return [nodes.Text(" · Official text: "), nodes.reference("", host.removeprefix("www."), refuri=url)]


def banner(doc_id: str, contents: bool) -> status_banner:
    """The banner of a reader page of ``doc_id``; the contents page's (``contents``) holds the details of every
    fact and its source, the others link to it. A text of a derivation table links to the table's page, named by
    its direction and the other text ("From Act to Act: the Indian Ports Act, 1908")."""
    doc = corpus.document(doc_id)
    state = "verified" if doc.standing.verified else "unverified"
    node = status_banner(classes=["lm-status", f"lm-status-{doc.standing.state}", f"lm-status-{state}"])
    line = nodes.paragraph("", "", classes=["lm-status-line"])
    kind, *rest = summary_parts(doc)
    line += nodes.strong("", _plain([kind]).removesuffix(" · "), classes=["lm-status-kind"])
    line += nodes.Text(" · ")
    line += _nodes(rest)
    for words, bill in bills_of(doc):
        line += nodes.Text(f" · {words} in this corpus: ")
        line += _nodes([(f"the {bill.short_title}", bill.id)])
    for words, other in succession_of(doc, corpus.documents()):
        line += nodes.Text(f" · {words} ")
        line += _nodes([_named(other)])
    for older_id, newer_id in derivation_pairs(doc):
        counterpart = corpus.document(newer_id if doc.id == older_id else older_id)
        words = f"{derivations.pair_direction(older_id, newer_id)}: the {counterpart.short_title}"
        line += nodes.inline("", " · ", _page_link(derivation_docname(older_id, newer_id), words))
    line += _official(doc)
    if not contents:
        line += nodes.Text(" · ")
        line += _details_link(doc_id, "Status and sources")
    node += line
    if contents:
        node += status_details(doc)
    return node


def status_details(doc: Document) -> details:
    """``<details id="document-status">``: what is not verified, where the official text is, and each fact with
    its source."""
    standing = doc.standing
    toggle = details(classes=["lm-status-details"], ids=[ANCHOR])
    toggle += summary("", "Where it stands, and the sources")
    if standing.unverified:
        toggle += nodes.paragraph("", f"Not verified here. {standing.unverified}", classes=["lm-status-unverified"])
    if standing.official_note:
        toggle += nodes.paragraph("", standing.official_note)
    toggle += nodes.paragraph("", "Each fact, and where it is stated:")
    facts = nodes.bullet_list(classes=["lm-status-sources"])
    for source in standing.sources:
        item = nodes.paragraph("", f"{source.fact} ")
        if source.url:
            who = "official" if source.official else "not an official record"
            item += nodes.Text(f"— {source.publisher or 'a public page'} ({who}): ")
            item += nodes.reference("", source.url, refuri=source.url)
        else:
            item += nodes.Text(f"— {source.where}: ")
            item += nodes.literal("", source.quote)
        facts += nodes.list_item("", item)
    toggle += facts
    return toggle


class StatuteStanding(SphinxDirective):
    """``{statute-standing} <doc-id>``: a chapter's note that the figures it computes from the document are that
    document's, and where the document stands (for a Bill: what became of it), from the catalogue."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        try:
            doc = corpus.document(self.arguments[0])
        except KeyError as error:
            raise self.error(str(error.args[0])) from None
        for source in (CATALOGUE_FILE, __file__):
            self.env.note_dependency(str(source))
        node = status_banner(classes=["lm-status", "lm-status-chapter"], label=f"Status of the {doc.short_title}")
        para = nodes.paragraph("", "", *_nodes(chapter_parts(doc)))
        para += nodes.Text(" ")
        para += _details_link(doc.id, "Where it stands, and the sources")
        para += nodes.Text(".")
        node += para
        return [node]


def resolve_details_links(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Give each link to a document's standing its address: ``<its contents page>.html#document-status``; each link
    to a page of the book its page's, or drop it with its words when the book has no such page."""
    for ref in list(doctree.findall(nodes.reference)):
        page = ref.get("lm_page")
        if page is not None:
            if page in app.env.all_docs:
                ref["refuri"] = app.builder.get_relative_uri(docname, page)
                del ref["lm_page"]
            else:
                ref.parent.parent.remove(ref.parent)
            continue
        doc_id = ref.get("lm_status_of")
        if doc_id is None:
            continue
        contents = document_pages(doc_id).contents.docname(doc_id)
        uri = "" if contents == docname else app.builder.get_relative_uri(docname, contents)
        ref["refuri"] = f"{uri}#{ANCHOR}"
        del ref["lm_status_of"]


def skip(self: object, node: nodes.Node) -> None:
    raise nodes.SkipNode


def register(app: Sphinx) -> None:
    others: dict[str, Any] = {"latex": (skip, None), "text": (skip, None), "man": (skip, None), "texinfo": (skip, None)}
    app.add_node(status_banner, html=(visit_status_banner, depart_status_banner), **others)
    for node, visitors in HTML_VISITORS.items():
        app.add_node(node, override=True, html=visitors)
    app.add_directive("statute-standing", StatuteStanding)
    app.connect("doctree-resolved", resolve_details_links)
    app.add_css_file("document_status.css")

"""Reading a built HTML site: its pages' anchors and internal links, every external URL it holds, its search index.

Used by the tests of the built book and by ``benchmarks/book_build.py``. External URLs are found in

- HTML attributes: ``src``/``srcset``/``poster``/``data`` (fetched), ``<link href>`` (fetched unless the link is
  only navigational: ``rel`` canonical/next/prev/…), ``<a href>``/``<area href>``/``<form action>`` (navigation),
  ``<meta http-equiv=refresh>`` (fetched), ``style`` attributes and ``<style>`` elements (``url()``/``@import``);
- CSS files: ``url()`` and ``@import``, comments removed (fetched);
- JavaScript files and inline ``<script>`` elements: every ``http(s)://`` or ``//host`` string. Whether a script
  fetches such a string cannot be read off the text, so each must be explained in ``external_urls_allowed.yaml``.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import yaml
from lxml import html as lxml_html

ALLOWED_FILE = Path(__file__).resolve().parent / "external_urls_allowed.yaml"
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)
CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3""", re.IGNORECASE)
CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
JS_URL = re.compile(r"""(?:https?:)?//[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?::\d+)?(?:/[^\s"'`)\\<>]*)?""")
NAVIGATION_RELS = {"canonical", "next", "prev", "alternate", "author", "license", "help", "search", "index", "top"}
FETCHED_ATTRIBUTES = {"src", "srcset", "poster", "data", "background"}


@dataclass(frozen=True)
class ExternalUrl:
    """An external URL found in the site: the file, the URL, where it was found, and whether the browser fetches it."""

    file: str
    url: str
    context: str
    fetched: bool | None  # None: a string in a script, which the allowlist must explain


@dataclass(frozen=True)
class Link:
    """An internal link of a page: the page, the href, the file it points to and the fragment."""

    page: str
    href: str
    target: Path
    fragment: str


def pages(site: Path, skip: tuple[str, ...] = ()) -> list[Path]:
    """The HTML pages of the site, except those under the folders ``skip`` (relative to the site)."""
    return sorted(p for p in site.rglob("*.html") if not p.relative_to(site).as_posix().startswith(skip))


@cache
def _tree(path: Path):
    return lxml_html.fromstring(path.read_bytes())


@cache
def anchors(path: Path) -> frozenset[str]:
    """Every ``id`` (and ``<a name>``) of the page at ``path``."""
    tree = _tree(path)
    return frozenset(tree.xpath("//@id")) | frozenset(tree.xpath("//a/@name"))


def _is_external(url: str) -> bool:
    return bool(EXTERNAL.match(url.strip())) and not url.strip().lower().startswith(("file:", "data:"))


def internal_links(site: Path) -> list[Link]:
    """Every ``<a href>`` of the site that stays inside it (no scheme, not ``mailto:``/``javascript:``)."""
    links = []
    for page in pages(site):
        for href in _tree(page).xpath("//a/@href"):
            if _is_external(href) or re.match(r"^[a-z][a-z0-9+.-]*:", href, re.IGNORECASE):
                continue
            parts = urlsplit(href)
            target = page if not parts.path else (page.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            links.append(Link(page.relative_to(site).as_posix(), href, target, unquote(parts.fragment)))
    return links


def _css_urls(text: str) -> list[str]:
    return [m.group(2) or m.group(4) for m in CSS_URL.finditer(CSS_COMMENT.sub("", text))]


def _script_urls(text: str) -> list[str]:
    return [m.group(0) for m in JS_URL.finditer(text)]


def _attribute_urls(name: str, tag: str, el: Any, attr: str, value: str) -> list[ExternalUrl]:
    """The external URLs of one attribute of an element, each classed as fetched or not."""
    found: list[ExternalUrl] = []
    urls = [u.strip().split(" ")[0] for u in value.split(",")] if attr == "srcset" else [value]
    for url in (u for u in urls if _is_external(u)):
        if attr in FETCHED_ATTRIBUTES or (attr == "href" and tag in {"image", "use"}):
            found.append(ExternalUrl(name, url, f"<{tag} {attr}>", True))
        elif attr == "href" and tag == "link":
            rels = set((el.get("rel") or "").lower().split())
            found.append(ExternalUrl(name, url, f"<link rel={' '.join(rels)}>", not rels <= NAVIGATION_RELS))
        elif attr in {"href", "action", "cite"}:
            found.append(ExternalUrl(name, url, f"<{tag} {attr}>", False))
        elif not attr.startswith(("data-", "xmlns")) and attr not in {"content", "title", "alt"}:
            found.append(ExternalUrl(name, url, f"<{tag} {attr}>", True))
    if attr == "style":
        found += [ExternalUrl(name, u, "style url()", True) for u in _css_urls(value) if _is_external(u)]
    return found


def _element_urls(name: str, el: Any) -> list[ExternalUrl]:
    """The external URLs of one element of a page: its attributes, a refresh, a style or script's text."""
    tag = el.tag.lower()
    found: list[ExternalUrl] = []
    for attr, value in el.attrib.items():
        found += _attribute_urls(name, tag, el, attr.lower().split("}")[-1], value)
    if tag == "meta" and (el.get("http-equiv") or "").lower() == "refresh":
        target = (el.get("content") or "").partition("url=")[2]
        if _is_external(target):
            found.append(ExternalUrl(name, target, "<meta refresh>", True))
    if tag == "style" and el.text:
        found += [ExternalUrl(name, u, "<style> url()", True) for u in _css_urls(el.text) if _is_external(u)]
    if tag == "script" and el.text:
        found += [ExternalUrl(name, u, "<script> text", None) for u in _script_urls(el.text)]
    return found


def external_urls(site: Path, skip: tuple[str, ...] = ()) -> list[ExternalUrl]:
    """Every external URL in the site's HTML, CSS and JavaScript files (except those under the folders ``skip``)."""
    found: list[ExternalUrl] = []
    for page in pages(site, skip):
        name = page.relative_to(site).as_posix()
        for el in _tree(page).iter():
            if isinstance(el.tag, str):
                found += _element_urls(name, el)
    for css in sorted(p for p in site.rglob("*.css") if not p.relative_to(site).as_posix().startswith(skip)):
        text = css.read_text(encoding="utf-8", errors="replace")
        name = css.relative_to(site).as_posix()
        found += [ExternalUrl(name, u, "css url()", True) for u in _css_urls(text) if _is_external(u)]
    scripts = [*site.rglob("*.js"), *site.rglob("*.mjs")]  # Pyodide's modules are .mjs
    for js in sorted(p for p in scripts if not p.relative_to(site).as_posix().startswith(skip)):
        text = js.read_text(encoding="utf-8", errors="replace")
        name = js.relative_to(site).as_posix()
        found += [ExternalUrl(name, u, "script text", None) for u in _script_urls(text)]
    return found


@cache
def allowed() -> tuple[dict, ...]:
    """The explained script strings: ``url`` (a prefix), ``files`` (a glob of site paths) and ``why``."""
    return tuple(yaml.safe_load(ALLOWED_FILE.read_text(encoding="utf-8")))


def explanation(found: ExternalUrl) -> str | None:
    """Why ``found`` (a URL string in a script) is never fetched, or ``None`` if the allowlist does not say."""
    for entry in allowed():
        if found.url.startswith(entry["url"]) and fnmatch.fnmatch(found.file, entry["files"]):
            return entry["why"]
    return None

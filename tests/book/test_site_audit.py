"""The external-URL and link checker (tests/book/site_audit.py) finds what it must, on a small hand-made site."""

from __future__ import annotations

from pathlib import Path

from site_audit import ExternalUrl, anchors, explanation, external_urls, internal_links

PAGE = """<!DOCTYPE html><html><head>
<link rel="stylesheet" href="https://cdn.example.org/theme.css">
<link rel="canonical" href="https://lex.example.org/page.html">
<script src="//cdn.example.org/lib.js"></script>
<script>var u = "https://api.example.org/v1";</script>
<style>body { background: url('https://img.example.org/bg.png') }</style>
</head><body>
<img srcset="local.png 1x, https://img.example.org/big.png 2x">
<div style="background-image: url(//img.example.org/x.png)" id="top"></div>
<a href="https://docs.example.org/">docs</a>
<a href="other.html#sec_1">ok</a> <a href="other.html#missing">broken</a> <a href="#top">self</a>
</body></html>"""


def make_site(root: Path) -> Path:
    root.mkdir()
    (root / "page.html").write_text(PAGE.replace("<body>", '<body><svg xmlns="http://www.w3.org/2000/svg"></svg>'))
    (root / "other.html").write_text('<html><body><section id="sec_1"></section></body></html>')
    (root / "style.css").write_text(
        "/* url(https://comment.example.org/x.png) */ a { background: url(https://img.example.org/a.png) }"
    )
    (root / "app.js").write_text('fetch("https://api.example.org/data.json")')
    return root


def test_every_kind_of_external_url_is_found_and_classified(tmp_path):
    found = {(u.file, u.url, u.fetched) for u in external_urls(make_site(tmp_path / "site"))}
    assert found == {
        ("page.html", "https://cdn.example.org/theme.css", True),
        ("page.html", "https://lex.example.org/page.html", False),
        ("page.html", "//cdn.example.org/lib.js", True),
        ("page.html", "https://api.example.org/v1", None),
        ("page.html", "https://img.example.org/bg.png", True),
        ("page.html", "https://img.example.org/big.png", True),
        ("page.html", "//img.example.org/x.png", True),
        ("page.html", "https://docs.example.org/", False),
        ("style.css", "https://img.example.org/a.png", True),
        ("app.js", "https://api.example.org/data.json", None),
    }


def test_a_script_string_needs_a_listed_reason():
    assert explanation(ExternalUrl("_static/app.js", "https://api.example.org/data.json", "script text", None)) is None
    namespace = ExternalUrl("_static/x.js", "http://www.w3.org/2000/svg", "script text", None)
    assert "namespace" in explanation(namespace)


def test_links_and_anchors(tmp_path):
    site = make_site(tmp_path / "site")
    links = {(link.href, link.fragment in anchors(link.target)) for link in internal_links(site)}
    assert links == {("other.html#sec_1", True), ("other.html#missing", False), ("#top", True)}


def test_a_skipped_folder_is_left_out(tmp_path):
    site = make_site(tmp_path / "site")
    (site / "lite").mkdir()
    (site / "lite" / "app.js").write_text('import("https://cdn.example.org/pyodide.mjs")')
    assert any(u.file == "lite/app.js" for u in external_urls(site))
    assert not any(u.file.startswith("lite/") for u in external_urls(site, skip=("lite/",)))

"""The lab under its own Content-Security-Policy: the README's deployment section gives the site one policy and the
lab's path (``lite/``) another, since JupyterLite compiles code from strings (``'unsafe-eval'``: under the site's
policy the lab reported 324 EvalErrors and never loaded). Served with that policy, the lab opens a chapter, starts
its Python and runs a cell with no violation reported; and the README states both policies as this test sends them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from localsite import CHROMIUM
from playwright.sync_api import expect, sync_playwright

from tests.serving import QuietHandler, serving

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LAB_POLICY = (
    "default-src 'self'; "
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval'; "
    "style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; "
    "font-src 'self' data:; "
    "connect-src 'self' data: blob:; "
    "worker-src 'self' blob:; "
    "object-src 'none'; "
    "base-uri 'self'; "
    "form-action 'self'; "
    "frame-ancestors 'self'"
)
CHAPTER = "wages-on-wreck"
KERNEL_MS = 180_000
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__cspViolations.push(`${e.violatedDirective}: ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`));
"""


class LabHandler(QuietHandler):
    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", LAB_POLICY)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()


@pytest.fixture(scope="module")
def lab_url(lite_site: Path) -> Iterator[str]:
    with serving(lite_site.parent, LabHandler) as url:
        yield f"{url}/lite/"


def test_the_readme_gives_the_labs_policy_for_its_path() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"Content-Security-Policy: {LAB_POLICY}" in readme.replace("` `", " ")


def test_the_lab_runs_a_cell_under_its_policy_with_no_violation(lab_url: str) -> None:
    problems: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script(RECORD_VIOLATIONS)
        page = context.new_page()
        page.on("console", lambda m: "Content Security Policy" in m.text and problems.append(f"console: {m.text}"))
        page.on("pageerror", lambda error: "EvalError" in str(error) and problems.append(f"error: {error}"))
        try:
            response = page.goto(f"{lab_url}lab/index.html?path=chapters/{CHAPTER}.ipynb")
            assert response is not None and response.headers["content-security-policy"] == LAB_POLICY
            expect(page.get_by_role("tab", name=f"{CHAPTER}.ipynb")).to_be_visible(timeout=KERNEL_MS)
            status = page.locator(".jp-StatusBar-TextItem", has_text="Python (Pyodide)")
            expect(status).to_contain_text("Idle", timeout=KERNEL_MS)
            page.locator(".jp-Cell").first.click()
            page.keyboard.press("Shift+Enter")
            expect(status).to_contain_text("Idle", timeout=KERNEL_MS)
            problems += [f"violation: {v}" for v in page.evaluate("window.__cspViolations")]
        finally:
            context.close()
            browser.close()
    assert problems == []

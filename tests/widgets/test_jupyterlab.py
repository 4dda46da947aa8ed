"""The calculators' ipywidgets view in a real JupyterLab (issue 26, item 8): no label is drawn over its dropdown or
box, none is cut, on a desktop's screen and a narrow window's (JupyterLab is not offered on a phone: at 390 px its
notebook is a column a few letters wide).

JupyterLab (the project's own, from .venv) is started as CI and most containers run it, as root (``--allow-root``,
the README's line), on a free port with a token, over a notebook that shows the desertion calculator (India, 1958 Act:
the longest labels and eight option dropdowns); Debian's Chromium opens it, runs the cell and measures every label
against every control. ipywidgets gives a label and a control's row one line's fixed height (28 px): a label that
wrapped ran its second line over the dropdown below it, and a row that wrapped (label, then dropdown) over the next
row's label (widgets/views/notebook.py, ``LABEL_WRAP``)."""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser
CALCULATOR = 'from widgets.views import calculator\ncalculator("in-msa-1958/desertion")'
JUPYTER = Path(sys.executable).with_name("jupyter")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab server over a folder holding ``calc.ipynb``; yields the notebook's URL with its token."""
    root = tmp_path_factory.mktemp("lab")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(CALCULATOR)]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, root / "calc.ipynb")
    port, token = free_port(), secrets.token_hex(16)
    env = os.environ | {
        "HOME": str(root / "home"),
        "JUPYTER_CONFIG_DIR": str(root / "config"),
        "JUPYTER_RUNTIME_DIR": str(root / "runtime"),
    }
    command = [
        str(JUPYTER), "lab", "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={port}",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}", "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]  # fmt: skip
    log = (root / "lab.log").open("w")
    server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=5)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"jupyter lab did not start:\n{(root / 'lab.log').read_text()[-3000:]}")
                time.sleep(1)
        yield f"http://127.0.0.1:{port}/lab/tree/calc.ipynb?token={token}"
    finally:
        server.terminate()
        server.wait(30)
        log.close()


MEASURE = """() => {
  const box = el => el.getBoundingClientRect();
  const shown = el => box(el).width > 0 && box(el).height > 0;
  const labels = [...document.querySelectorAll('.lm-calculator .widget-label')]
    .filter(l => shown(l) && l.textContent.trim());
  const controls = [...document.querySelectorAll(
    '.lm-calculator select, .lm-calculator input, .lm-calculator button')].filter(shown);
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const over = [];
  for (const l of labels) for (const c of controls) {
    if (meet(box(l), box(c))) over.push(`${l.textContent.trim().slice(0, 50)} over a ${c.tagName}`);
  }
  const cut = labels.filter(l => l.scrollHeight > l.clientHeight + 1 || l.scrollWidth > l.clientWidth + 1)
    .map(l => l.textContent.trim().slice(0, 50));
  const options = [...document.querySelectorAll('.lm-calculator .widget-dropdown')]
    .filter(d => d.textContent.includes('Reading:')).length;
  return {labels: labels.length, controls: controls.length, options, over, cut};
}"""


@pytest.mark.parametrize("width", [800, 1280])
def test_no_label_is_drawn_over_its_control_in_jupyterlab(lab, browser, width):
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(lab)
        cell = page.locator(".jp-Notebook .jp-Cell").first
        cell.wait_for(timeout=120_000)
        select = page.locator(".jp-Dialog").get_by_role("button", name="Select", exact=True)
        try:  # asked which kernel (a server's first notebook): the notebook's own
            select.wait_for(timeout=5_000)
            select.click()
        except PlaywrightTimeout:
            pass
        if page.locator("#jp-left-stack").is_visible():
            page.keyboard.press("Control+b")  # the file browser closed: the notebook takes the width
        kernel_ready = page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first
        kernel_ready.wait_for(state="attached", timeout=120_000)
        cell.click()
        page.keyboard.press("Shift+Enter")
        page.locator(".lm-calculator select").first.wait_for(timeout=180_000)
        page.wait_for_timeout(1000)  # the widgets' layout settles
        found = page.evaluate(MEASURE)
        page.locator(".lm-calculator").first.screenshot(path=f"/tmp/jupyterlab-calculator-{width}.png")
        assert found["labels"] >= 20 and found["controls"] >= 20 and found["options"] >= 5, found
        assert found["over"] == [], found["over"]
        assert found["cut"] == [], found["cut"]
    finally:
        page.close()

"""The front-end files the built book serves itself, so that no page fetches anything from a CDN at read time.

They come from npm (``package.json`` / ``package-lock.json`` at the repository root, installed by ``npm ci``) and are
copied into :data:`VENDOR_DIR`, which ``_config.yml`` gives to Sphinx as an ``html_static_path`` entry: Sphinx copies
them to ``_build/html/_static/vendor/``. They are deliberately kept out of the book's own ``_static/`` folder, every
``.js`` file of which Jupyter Book would inject into every page.

``_config.yml`` points at them with ``mathjax_path`` (Sphinx's ``sphinx.ext.mathjax``). No page loads the
ipywidgets bundle (the calculators are HTML forms recomputed by the page's own Python,
``book/lex_book/live/live_calculators.py``; ``nb_ipywidgets_js`` is empty), so RequireJS and ``embed-amd.js`` are not
vendored. Pyodide, which the live calculators run, is copied by ``lex_book/live/live_runtime.py``
when the book is built.

Run ``python book/lex_book/theme/vendor_assets.py`` (``make book-vendor`` does) after ``npm ci``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
NODE_MODULES = ROOT / "node_modules"
VENDOR_DIR = ROOT / "_build" / "vendor-static"
"""The ``html_static_path`` entry; its ``vendor/`` folder becomes ``_static/vendor/`` in the built site."""

# (source under node_modules, destination under VENDOR_DIR/vendor, glob of the files to take; "" = the file itself)
ASSETS: tuple[tuple[str, str, str], ...] = (
    # MathJax 3, TeX input and CommonHTML output; it loads its fonts, TeX extensions (autoload), the menu's
    # accessibility components and the speech rule engine's maps relative to the location of tex-chtml.js.
    ("mathjax/es5", "mathjax", "tex-chtml.js"),
    ("mathjax/es5/input/tex", "mathjax/input/tex", "**/*"),
    ("mathjax/es5/output/chtml", "mathjax/output/chtml", "**/*"),
    ("mathjax/es5/ui", "mathjax/ui", "*.js"),
    ("mathjax/es5/a11y", "mathjax/a11y", "*.js"),
    ("mathjax/es5/sre", "mathjax/sre", "**/*"),
)

MATHJAX = "vendor/mathjax/tex-chtml.js"
"""Paths relative to the built site's ``_static/`` (as ``_config.yml`` names them)."""


class VendorError(RuntimeError):
    """An asset is missing from node_modules: ``npm ci`` has not run or package.json changed."""


def copy_assets(node_modules: Path = NODE_MODULES, vendor_dir: Path = VENDOR_DIR) -> list[Path]:
    """Copy every asset of :data:`ASSETS` from ``node_modules`` into ``vendor_dir/vendor``; return the files written.

    The destination is emptied first, so that a file dropped from :data:`ASSETS` does not linger in the site.
    """
    target_root = vendor_dir / "vendor"
    if target_root.exists():
        shutil.rmtree(target_root)
    written: list[Path] = []
    for source, destination, pattern in ASSETS:
        source_path = node_modules / source
        files = [source_path] if not pattern else sorted(p for p in source_path.glob(pattern) if p.is_file())
        if not files or not all(f.is_file() for f in files):
            raise VendorError(f"{source_path / pattern} matches no file: run `npm ci` at the repository root")
        for file in files:
            target = target_root / destination
            if pattern:
                target = target / file.relative_to(source_path)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(file, target)
            written.append(target)
    return written


if __name__ == "__main__":
    try:
        files = copy_assets()
    except VendorError as error:
        sys.exit(str(error))
    size = sum(f.stat().st_size for f in files)
    print(f"vendored {len(files)} files ({size / 1e6:.1f} MB) into {VENDOR_DIR.relative_to(ROOT)}/vendor")

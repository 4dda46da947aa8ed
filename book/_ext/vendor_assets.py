"""The front-end files the built book serves itself, so that no page fetches anything from a CDN at read time.

They come from npm (``package.json`` / ``package-lock.json`` at the repository root, installed by ``npm ci``) and are
copied into :data:`VENDOR_DIR`, which ``_config.yml`` gives to Sphinx as an ``html_static_path`` entry: Sphinx copies
them to ``_build/html/_static/vendor/``. They are deliberately kept out of the book's own ``_static/`` folder, every
``.js`` file of which Jupyter Book would inject into every page.

``_config.yml`` points at them with ``mathjax_path`` (Sphinx's ``sphinx.ext.mathjax``) and ``nb_ipywidgets_js``
(myst-nb's ``ipywidgets_js`` setting, whose default loads RequireJS and ``embed-amd.js`` from cdnjs/jsDelivr).

One file is not copied byte for byte: ``embed-amd.js`` gets :func:`widgets_paths_prefix` in front of it (see there why).

Run ``python book/_ext/vendor_assets.py`` (``make book-vendor`` does) after ``npm ci``.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
VENDOR_DIR = ROOT / "_build" / "vendor-static"
"""The ``html_static_path`` entry; its ``vendor/`` folder becomes ``_static/vendor/`` in the built site."""

# (source under node_modules, destination under VENDOR_DIR/vendor, glob of the files to take; "" = the file itself)
ASSETS: tuple[tuple[str, str, str], ...] = (
    ("requirejs/require.js", "require.js", ""),
    # embed-amd.js bundles @jupyter-widgets/base, controls and output; its Font Awesome fonts go beside it, where
    # widgets_paths_prefix() makes the bundle look for them.
    ("@jupyter-widgets/html-manager/dist", "jupyter-widgets", "embed-amd.js"),
    ("@jupyter-widgets/html-manager/dist", "jupyter-widgets", "*.woff2"),
    ("@jupyter-widgets/html-manager/dist", "jupyter-widgets", "*.woff"),
    ("@jupyter-widgets/html-manager/dist", "jupyter-widgets", "*.ttf"),
    ("@jupyter-widgets/html-manager/dist", "jupyter-widgets", "*.eot"),
    ("@jupyter-widgets/html-manager/dist", "jupyter-widgets", "*.svg"),
    # MathJax 3, TeX input and CommonHTML output; it loads its fonts, TeX extensions (autoload), the menu's
    # accessibility components and the speech rule engine's maps relative to the location of tex-chtml.js.
    ("mathjax/es5", "mathjax", "tex-chtml.js"),
    ("mathjax/es5/input/tex", "mathjax/input/tex", "**/*"),
    ("mathjax/es5/output/chtml", "mathjax/output/chtml", "**/*"),
    ("mathjax/es5/ui", "mathjax/ui", "*.js"),
    ("mathjax/es5/a11y", "mathjax/a11y", "*.js"),
    ("mathjax/es5/sre", "mathjax/sre", "**/*"),
)

REQUIREJS = "vendor/require.js"
WIDGETS_EMBED = "vendor/jupyter-widgets/embed-amd.js"
MATHJAX = "vendor/mathjax/tex-chtml.js"
"""Paths relative to the built site's ``_static/`` (as ``_config.yml`` names them)."""


AMD_NAME = re.compile(rb'define\("([^"]+)"')
"""A named AMD module of a bundle: ``define("@jupyter-widgets/base",["module"],...)``."""


class VendorError(RuntimeError):
    """An asset is missing from node_modules: ``npm ci`` has not run or package.json changed."""


def widgets_paths_prefix(bundle: bytes) -> bytes:
    """The script put in front of ``embed-amd.js``: a RequireJS ``paths`` entry naming the file itself for each AMD
    module it defines.

    Each webpack bundle in ``embed-amd.js`` takes the folder of its own URL as the folder of its font files
    (``url = new URL(module.uri, document.location)``, the folder of which becomes webpack's ``publicPath``).
    ``module.uri`` is the URL RequireJS gives the module's name; without a ``paths`` entry that is the name under
    RequireJS's base URL, the page's folder: on ``book/chapters/wages-on-wreck.html`` the Font Awesome files were
    requested from ``book/chapters/@jupyter-widgets/html-manager/dist/<hash>.woff2`` (404). With every module name
    mapped to this file, ``module.uri`` is ``_static/vendor/jupyter-widgets/embed-amd.js`` on every page, and the
    fonts are found beside it. The modules are defined by the file itself, so RequireJS never fetches that URL.
    (``window.__jupyter_widgets_assets_path__``, html-manager's own setting, is read only after the bundle's CSS
    has taken its font URLs, so it cannot serve.) ``document.currentScript`` is this script while it runs.
    """
    names = sorted({m.decode() for m in AMD_NAME.findall(bundle)})
    if not names:
        raise VendorError("embed-amd.js defines no named AMD module: the @jupyter-widgets/html-manager bundle changed")
    return (
        "/* Lex Maritima (book/_ext/vendor_assets.py): RequireJS paths for the modules of this file, so that their\n"
        "   fonts are looked for beside it rather than under the page's folder. */\n"
        "(function () {\n"
        '  var here = new URL("embed-amd", document.currentScript.src).href, paths = {};\n'
        f"  {json.dumps(names)}.forEach(function (name) {{ paths[name] = here; }});\n"
        "  window.require.config({ paths: paths });\n"
        "})();\n"
    ).encode()


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
            if target == target_root.parent / WIDGETS_EMBED:
                bundle = target.read_bytes()
                target.write_bytes(widgets_paths_prefix(bundle) + bundle)
            written.append(target)
    return written


if __name__ == "__main__":
    try:
        files = copy_assets()
    except VendorError as error:
        sys.exit(str(error))
    size = sum(f.stat().st_size for f in files)
    print(f"vendored {len(files)} files ({size / 1e6:.1f} MB) into {VENDOR_DIR.relative_to(ROOT)}/vendor")

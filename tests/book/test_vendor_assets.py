"""The front-end files the site serves itself (lex_book/theme/), and the config that points pages at them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from lex_book.theme import vendor_assets

ROOT = Path(__file__).resolve().parents[2]


def sphinx_config() -> dict:
    return yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))["sphinx"]["config"]


def test_the_config_points_mathjax_at_the_vendored_file_and_loads_no_widget_script():
    config = sphinx_config()
    assert vendor_assets.VENDOR_DIR.relative_to(ROOT).as_posix() in config["html_static_path"]
    assert config["mathjax_path"] == vendor_assets.MATHJAX
    assert config["nb_ipywidgets_js"] == {}  # the calculators are HTML forms: no RequireJS, no embed-amd.js


def test_the_vendored_files_come_from_node_modules(tmp_path):
    written = vendor_assets.copy_assets(vendor_dir=tmp_path)
    names = {p.relative_to(tmp_path).as_posix() for p in written}
    assert vendor_assets.MATHJAX in names
    original = (vendor_assets.NODE_MODULES / "mathjax/es5/tex-chtml.js").read_bytes()
    assert (tmp_path / vendor_assets.MATHJAX).read_bytes() == original
    assert not any(n.startswith(("vendor/jupyter-widgets/", "vendor/require.js")) for n in names)
    assert any(n.startswith("vendor/mathjax/output/chtml/fonts/woff-v2/") for n in names)
    assert any(n.startswith("vendor/mathjax/input/tex/extensions/") for n in names)


def test_a_file_no_longer_vendored_does_not_linger(tmp_path):
    stale = tmp_path / "vendor" / "old-library.js"
    stale.parent.mkdir(parents=True)
    stale.write_text("// from an earlier package.json")
    vendor_assets.copy_assets(vendor_dir=tmp_path)
    assert not stale.exists()


def test_without_npm_ci_the_error_says_what_to_run(tmp_path):
    with pytest.raises(vendor_assets.VendorError, match="run `npm ci`"):
        vendor_assets.copy_assets(node_modules=tmp_path / "node_modules", vendor_dir=tmp_path / "out")


def test_package_lock_pins_exactly_what_package_json_asks_for():
    package = json.loads((ROOT / "package.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"][""]["dependencies"] == package["dependencies"]
    for name, version in package["dependencies"].items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version  # exact pins, no ranges

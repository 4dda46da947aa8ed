"""The front-end files the site serves itself (book/_ext/vendor_assets.py), and the config that points pages at them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import vendor_assets
import yaml

ROOT = Path(__file__).resolve().parents[2]


def sphinx_config() -> dict:
    return yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))["sphinx"]["config"]


def test_the_config_points_mathjax_and_the_widget_scripts_at_the_vendored_files():
    config = sphinx_config()
    assert vendor_assets.VENDOR_DIR.relative_to(ROOT).as_posix() in config["html_static_path"]
    assert config["mathjax_path"] == vendor_assets.MATHJAX
    assert list(config["nb_ipywidgets_js"]) == [vendor_assets.REQUIREJS, vendor_assets.WIDGETS_EMBED]
    cdn = config["nb_ipywidgets_js"][vendor_assets.WIDGETS_EMBED]["data-jupyter-widgets-cdn"]
    assert not cdn.startswith(("http:", "https:", "//"))


def test_the_vendored_files_come_from_node_modules(tmp_path):
    written = vendor_assets.copy_assets(vendor_dir=tmp_path)
    names = {p.relative_to(tmp_path).as_posix() for p in written}
    for asset in (vendor_assets.REQUIREJS, vendor_assets.WIDGETS_EMBED, vendor_assets.MATHJAX):
        assert asset in names
        original = (vendor_assets.NODE_MODULES / _source_of(asset)).read_bytes()
        vendored = (tmp_path / asset).read_bytes()
        if asset == vendor_assets.WIDGETS_EMBED:  # the one file with a prefix: the bundle itself follows unchanged
            assert vendored == vendor_assets.widgets_paths_prefix(original) + original
        else:
            assert vendored == original
    assert any(n.startswith("vendor/mathjax/output/chtml/fonts/woff-v2/") for n in names)
    assert any(n.startswith("vendor/mathjax/input/tex/extensions/") for n in names)
    assert any(n.startswith("vendor/jupyter-widgets/") and n.endswith(".woff2") for n in names)


def _source_of(asset: str) -> str:
    return {
        vendor_assets.REQUIREJS: "requirejs/require.js",
        vendor_assets.WIDGETS_EMBED: "@jupyter-widgets/html-manager/dist/embed-amd.js",
        vendor_assets.MATHJAX: "mathjax/es5/tex-chtml.js",
    }[asset]


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


def test_every_module_of_the_widget_bundle_is_pointed_at_the_bundle_itself():
    bundle = (vendor_assets.NODE_MODULES / _source_of(vendor_assets.WIDGETS_EMBED)).read_bytes()
    prefix = vendor_assets.widgets_paths_prefix(bundle).decode()
    names = re.findall(r'define\("([^"]+)"', bundle.decode())
    # each of its bundles takes its fonts' folder from its module's URL (the 404s under book/chapters/@jupyter-widgets/)
    assert len(names) == bundle.count(b".uri,document.location)") == 6
    assert "@jupyter-widgets/html-manager/dist/libembed-amd" in names
    assert all(f'"{name}"' in prefix for name in names)
    assert "require.config({ paths: paths })" in prefix and 'new URL("embed-amd", document.currentScript.src)' in prefix


def test_a_bundle_with_no_named_module_is_refused():
    with pytest.raises(vendor_assets.VendorError, match="no named AMD module"):
        vendor_assets.widgets_paths_prefix(b"(function () {})();")

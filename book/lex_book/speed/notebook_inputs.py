"""a notebook's cached outputs are dropped when the code it imports changes.

The chapters are notebooks executed through jupyter-cache (``execute_notebooks: cache``), which keys an executed
notebook by the text of its code cells alone. The calculators those cells show come from ``widgets/`` (rules, views,
exercises) and quote the corpus; when that code or the statute text changes and a chapter does not, Sphinx does not
read the chapter again and, were it read, the cache would hand back the outputs of the old code.

So the SHA-256 of the files the notebooks depend on (the globs of ``lex_notebook_inputs`` in ``_config.yml``, relative
to the book's root, with their paths and bytes) is stored with the outputs it describes, in the execution cache's
folder (``_build/.jupyter_cache``, which ``jupyter-book clean`` keeps). Before a build reads anything
(``env-get-outdated``) :func:`outdated_notebooks` compares it with the files' digest now; when it differs (or was
never stored) the whole execution cache is removed and every page that was executed is read again, which executes it
afresh. The new digest is stored only when the build has finished without an exception, so a build that stops half
way leaves the next one to do it all again. A file rewritten with the same bytes changes nothing. In the other
execution modes (``off``, ``force``, ``auto``) there is no cache and the extension does nothing.

Measured here (``benchmarks/book_build.py``): the digest of some 95 files takes about 10 ms of a 1.8 s no-op build;
a build after a change to one of them runs the 5 chapters again, 15 s instead of 2.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from lex_book import state as build_state
from lex_book.speed import build_cache

STAMP = "lex-maritima-inputs.json"
"""The stored digest, in the execution cache's folder."""

logger = logging.getLogger(__name__)


def input_files(root: Path, patterns: list[str]) -> list[Path]:
    """The files matching ``patterns`` (globs relative to ``root``), in a fixed order, caches left out."""
    found = {p for pattern in patterns for p in root.glob(pattern) if p.is_file() and "__pycache__" not in p.parts}
    return sorted(found)


def digest(root: Path, patterns: list[str]) -> str:
    """SHA-256 of the patterns, and of the path (relative to ``root``) and bytes of every file they match
    (:func:`build_cache.digest`)."""
    return build_cache.digest(input_files(root, patterns), patterns, root)


def cache_folder(env: BuildEnvironment) -> Path | None:
    """myst-nb's execution cache, ``None`` unless notebooks are executed through it."""
    config = env.mystnb_config  # type: ignore[attr-defined]  # myst-nb's, on env
    return Path(config.execution_cache_path) if config.execution_mode == "cache" else None


def stored_digest(cache: Path) -> str | None:
    try:
        return json.loads((cache / STAMP).read_text(encoding="utf-8"))["digest"]
    except (OSError, ValueError, KeyError, TypeError):
        return None  # never stored, or not readable: counts as changed


def executed_pages(env: BuildEnvironment) -> list[str]:
    """The pages whose notebook was executed or taken from the cache when they were read (myst-nb's record)."""
    return sorted(name for name, data in getattr(env, "nb_metadata", {}).items() if data.get("exec_data"))


def outdated_notebooks(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """The executed pages to read again (all of them when the inputs changed, none otherwise); drops the cache."""
    cache = cache_folder(env)
    if cache is None:
        return []
    state = build_state.of(app)
    state.notebook_inputs = digest(Path(app.srcdir), app.config.lex_notebook_inputs)
    if stored_digest(cache) == state.notebook_inputs:
        return []
    pages = executed_pages(env)  # Sphinx keeps those it still finds
    cached = cache.is_dir()
    if cached:
        shutil.rmtree(cache)
    if cached or pages:
        state.notebook_news = f"the notebooks' inputs changed: execution cache cleared, {len(pages)} page(s) to run"
    return pages


def report(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """Say why the notebooks run again (here, after Sphinx's line counting the pages to read, not inside it)."""
    news = build_state.of(app).notebook_news
    if news:
        logger.info(news)


def store_digest(app: Sphinx, exception: Exception | None) -> None:
    """After a build that finished, the digest its notebooks were executed with, beside their outputs."""
    key = build_state.of(app).notebook_inputs  # set only when notebooks are executed through the cache
    if exception is not None or key is None:
        return
    cache = Path(app.env.mystnb_config.execution_cache_path)  # type: ignore[attr-defined]  # myst-nb's, on env
    if stored_digest(cache) == key:
        return
    cache.mkdir(parents=True, exist_ok=True)
    partial = cache / f"{STAMP}.tmp"
    partial.write_text(json.dumps({"digest": key}), encoding="utf-8")
    partial.replace(cache / STAMP)


def register(app: Sphinx) -> None:
    app.connect("env-get-outdated", outdated_notebooks)
    app.connect("env-before-read-docs", report)
    app.connect("build-finished", store_digest)

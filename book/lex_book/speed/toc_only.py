"""only the pages of the table of contents are read, the rule of Jupyter Book's
``only_build_toc_files: true``, found out in milliseconds.

Jupyter Book hands that setting to sphinx-external-toc (``external_toc_exclude_missing``), which globs the whole
source folder — the repository: ``node_modules/`` and earlier builds in ``_build/`` included — for every source
suffix, on every build: 0.2 s of a one-page rebuild here. So ``_config.yml`` sets it false and this extension
applies the same rule through Sphinx's own file discovery, which does not descend into excluded folders: every
source file that ``exclude_patterns`` leaves in and the table of contents does not list (by docname, with or without
its suffix, or through one of its globs) is excluded. It runs after the table of contents is read and the reader's
and comparison pages are added to it (``config-inited``, after every handler at priority 900).
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.project import Project
from sphinx.util import logging
from sphinx.util.matching import patmatch

logger = logging.getLogger(__name__)


def exclude_pages_not_in_toc(app: Sphinx, config: Config) -> None:
    site_map = config.external_site_map
    globs = list(site_map.globs())
    project = Project(app.srcdir, config.source_suffix)
    extra = []
    for docname in sorted(project.discover(config.exclude_patterns, config.include_patterns)):
        path = project.doc2path(docname, absolute=False)
        if docname in site_map or str(path) in site_map or any(patmatch(docname, g) for g in globs):
            continue
        extra.append(str(path))
    if extra:
        logger.info(f"[toc_only] excluded {len(extra)} file(s) not in the table of contents: {', '.join(extra)}")
        config["exclude_patterns"] = config["exclude_patterns"] + extra


def register(app: Sphinx) -> None:
    app.setup_extension("sphinx_external_toc")
    app.connect("config-inited", exclude_pages_not_in_toc, priority=950)

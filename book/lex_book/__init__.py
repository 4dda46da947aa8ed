"""The book's Sphinx extension (``_config.yml``: ``extra_extensions: [lex_book]``), a folder per feature.

========== ====================================================================================================
folder     what it adds to the book
========== ====================================================================================================
reader/    the statutes as pages (contents, Part/Chapter, section) from corpus/akn; {provision}; the glossary;
           the terms' popovers; the standing banner
notes/     the annotated corpus's notes beside their provisions; comparison pages; From Bill to Act
live/      the calculators recomputed in the reader's browser (Pyodide in a Web Worker); the runtime it loads
exercises/ the exercises checked in the page: answer boxes, variants, salted digests, solutions after a try
offline/   the book offline: a service worker from the site, the offline page, "Save for offline"
search/    the Pagefind index: the statutes' sections from the corpus, the book's pages as they mark
           themselves (data-pagefind-body); citations understood; the builder writes no Sphinx index
open_data/ the corpus as downloadable data and FRBR addresses in the site
theme/     the theme's chrome on a phone, the icon font cut to the icons shown, nothing from outside the site
speed/     the fixed cost of every build: stamps by content, caches, the collector, only the pages of _toc.yml;
           a stopped build's site written again whole
========== ====================================================================================================

:mod:`lex_book.extension` sets them up in that list's order (after :mod:`lex_book.config`, every setting declared
once); each folder's ``extension.py`` registers its modules. Build state lives in :mod:`lex_book.state`, one
namespace per build. Static files and templates stay in their folder (``<folder>/static``, ``<folder>/templates``).

Event order. Sphinx runs an event's handlers by priority (lower first), then in the order they were registered.
This table is every handler of the package in the order Sphinx runs it (``tests/book/test_extension.py`` checks it
against what :func:`setup` registers); "why" says what the place is for.

==================== ======== ============================================= ============================================
event                priority handler                                       why here
==================== ======== ============================================= ============================================
config-inited        400      config.check                                  before anything reads a setting
config-inited        500      reader.statute_reader.add_static              static folders: reader, notes, theme,
config-inited        500      notes.comparison_pages.add_static             search (file names never collide)
config-inited        500      notes.reader_notes.read_course_setting        LEX_NOTES into lex_notes
config-inited        500      theme.site_theme.keep_pydata_navbar_undrawn
config-inited        500      theme.site_theme.add_templates_and_static     theme's templates before the search's
config-inited        500      search.site_search.add_templates_and_static
config-inited        900      speed.static_files.record_digest              after every static folder is added (500)
config-inited        900      reader.statute_reader.add_to_toc              after sphinx-external-toc read _toc.yml;
config-inited        900      notes.comparison_pages.add_to_toc             the reader's pages before the comparisons
config-inited        950      speed.toc_only.exclude_pages_not_in_toc       after every page is in the toc (900)
builder-inited       100      speed.complete_build.check                    before anything writes into the site
builder-inited       500      speed.content_stamps.refresh                  stamps before any page is read
builder-inited       500      speed.template_cache.use_bytecode_cache
builder-inited       500      notes.reader_notes.prepare                    every note checked before reading
builder-inited       500      live.live_calculators.front_end               scripts in _static before pages link them
builder-inited       500      exercises.exercise_boxes.front_end
builder-inited       500      offline.service_worker.front_end
builder-inited       500      theme.site_theme.place_late_assets            before pages link them (their ?v= checksum)
builder-inited       500      open_data.open_data.forget_files
builder-inited       900      speed.gc_freeze.freeze                        after the others' start-of-build work
env-get-outdated     500      speed.notebook_inputs.outdated_notebooks
env-before-read-docs 500      speed.notebook_inputs.report
doctree-read         500      notes.reader_notes.add_notes
doctree-read         500      open_data.open_data.add_contents_downloads
env-get-updated      0        speed.gc_freeze.pause                         before Sphinx's TocTreeCollector (500)
env-get-updated      1000     speed.gc_freeze.resume                        after it
doctree-resolved     500      reader.document_status.resolve_details_links
doctree-resolved     500      reader.statute_reader.resolve_links
doctree-resolved     600      reader.definition_popover.add_definitions     after resolve_links (500)
doctree-resolved     600      theme.inline_scripts.drop_thebe_kernel_name   after sphinx-thebe appended it (500)
html-page-context    400      theme.site_theme.add_sidebar_nav              before pydata-sphinx-theme renders the
                                                                            sidebar to see if it is empty (500)
html-page-context    500      exercises.exercise_boxes.page_context
html-page-context    500      offline.service_worker.page_context
html-page-context    500      search.site_search.mark_body                  what a page holds is what the search reads
html-page-context    600      theme.site_theme.fix_page                     after pydata-sphinx-theme's (500)
html-page-context    600      theme.print_handout.add_print_footer          after the theme's context (500)
html-page-context    900      live.live_calculators.page_context            after myst-nb added its scripts (500)
html-page-context    900      theme.offline_pages.keep_pages_offline        after every extension added its assets
html-page-context    950      theme.inline_scripts.move_inline_scripts      after thebe's scripts are dropped (900)
build-finished       400      offline.service_worker.write_offline_page     a page too (the search reads every page)
build-finished       400      theme.site_theme.write_landing                before sphinx-external-toc's (500)
build-finished       400      theme.site_theme.write_not_found
build-finished       400      open_data.open_data.write_open_data           before the search indexes the pages
build-finished       500      speed.notebook_inputs.store_digest
build-finished       500      speed.gc_freeze.resume_after_failure
build-finished       500      live.live_calculators.write_runtime
build-finished       500      exercises.exercise_boxes.write_solutions
build-finished       500      theme.icon_font.write_fonts
build-finished       500      search.site_search.index_site                 every page and file is written
build-finished       900      offline.service_worker.write_offline          the worker's version digests every file
build-finished       1000     speed.complete_build.write_stamp              last: the site this build finished
==================== ======== ============================================= ============================================
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx


def setup(app: Sphinx) -> dict[str, Any]:
    # imported here, not above, so that importing one module of a folder (a test, a tool) sets up nothing else
    from lex_book.extension import setup_extension

    return setup_extension(app)

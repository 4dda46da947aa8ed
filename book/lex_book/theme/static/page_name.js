// pydata-sphinx-theme's DOCUMENTATION_OPTIONS.pagename, from this script's data-pagename (written by
// book/lex_book/theme/inline_scripts.py in place of the theme's inline script, which differs on every page).
DOCUMENTATION_OPTIONS.pagename = document.currentScript.dataset.pagename;

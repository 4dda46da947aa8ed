"""Theme: the chrome on a phone (menu, contents, sidebar toggles named, light mode), the icon font cut to the icons
shown, no asset from outside the site (vendor_assets.py copies the npm front-end; `make book-vendor`).

Its setup: :func:`lex_book.theme.extension.setup_theme`."""

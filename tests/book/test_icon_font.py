"""The icon font cut to the site's icons (book/lex_book/theme/icon_font.py) is the same bytes on every build."""

from __future__ import annotations

import pytest

from lex_book.theme import icon_font


def test_a_font_cut_at_two_dates_is_the_same_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    font = sorted(icon_font.THEME_FONTS.glob("*.woff2"))[0]
    bars = 0xF0C9  # fa-bars, the phone menu's icon
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # what fontTools dates a font it saves by, when set
    first = icon_font.cut(font, {bars})
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")
    assert icon_font.cut(font, {bars}) == first

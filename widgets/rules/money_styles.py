"""Each currency's layout, as babel reads it from CLDR: written by ``widgets.rules.money.write_styles``,
never by hand (tests/widgets/test_money.py checks it against babel)."""

from typing import Any

STYLES: dict[str, dict[str, Any]] = {
    "INR": {
        "prefixes": ["₹", "-₹"],
        "suffixes": ["", ""],
        "grouping": [3, 2],
        "min_digits": 1,
        "group": ",",
        "decimal": ".",
        "quantum": "0.01",
    },
    "PKR": {
        "prefixes": ["Rs ", "-Rs "],
        "suffixes": ["", ""],
        "grouping": [3, 3],
        "min_digits": 1,
        "group": ",",
        "decimal": ".",
        "quantum": "0.01",
    },
}

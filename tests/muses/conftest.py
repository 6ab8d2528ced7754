"""Fixtures of the Muses tests."""

from __future__ import annotations

import pytest

from games.muses.cards import CardSet

from .helpers import make_set


@pytest.fixture
def trio() -> CardSet:
    """Three cards covering a no-power card, a flip and a re-roll, blank and full edges."""
    return make_set(
        [
            ("Alpha", 3, "flip", ["7", "≥ 10", "", ""]),
            ("Beta", 2, "reroll", ["Pair", "Both odd", "⚀⚀", "12"]),
            ("Gamma", 4, "", ["≥ 9", "Pair ≥ 8", "", ""]),
        ],
        target=7,
        hints=2,
    )

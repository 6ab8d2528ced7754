"""Fixtures of the Muses tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop_muses.cards import CardSet

from .helpers import make_set


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Solutions, data and settings of every Muses test go under its own tmp_path, never the user's."""
    for name, sub in (
        ("TABLETOP_CACHE_DIR", "cache"),
        ("TABLETOP_DATA_DIR", "data"),
        ("XDG_CACHE_HOME", "xdg-cache"),
        ("XDG_DATA_HOME", "xdg-data"),
        ("XDG_STATE_HOME", "xdg-state"),
        ("XDG_CONFIG_HOME", "xdg-config"),
    ):
        monkeypatch.setenv(name, str(tmp_path / "env" / sub))


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

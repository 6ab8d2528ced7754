"""Fixtures of the research-adapter tests: every built-in game and the example, by id and options."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("muster", {}),
    ("muster", {"simplified": True, "power_of_one": True}),
    ("muses", {}),
    ("highcard", {}),
    ("highcard", {"hand": 4, "low": True}),
    ("fivedice", {}),
    ("fivedice", {"players": 3, "joker": "free"}),
    ("freecell", {}),
    ("freecell", {"deal": 617, "cells": 2, "auto": "off"}),
    ("klondike", {}),
    ("klondike", {"draw": 3, "scoring": "vegas"}),
]
"""Each game with the options its tests run: the defaults and a variant."""


def game_label(case: tuple[str, dict[str, Any]]) -> str:
    """A test id: the game and its options, ``highcard-hand=4-low=True``."""
    game_id, options = case
    return "-".join([game_id, *(f"{k}={v}" for k, v in options.items())])


@pytest.fixture(autouse=True)
def _example_installed(example_plugin_path: Path) -> None:
    """The example game is installed (its entry point found) for every adapter test."""

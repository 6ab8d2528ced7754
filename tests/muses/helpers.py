"""Small card sets and helpers shared by the Muses tests."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from rich.console import Console

from tabletop.loop import Match
from tabletop.ui.base import Prompter
from tabletop_muses import game
from tabletop_muses.cards import CardSet, parse_cards
from tabletop_muses.rules import MusesState
from tabletop_muses.ui import MusesUI

SMALL = """
[game]
target = {target}
hints = {hints}
{cards}
"""

CARD = """
[[card]]
name = "{name}"
points = {points}
power = "{power}"
edges = [{edges}]
"""


def make_set(cards: Iterable[tuple[str, int, str, list[str]]], target: int = 6, hints: int = 2) -> CardSet:
    """A card set from (name, points, power, edges) tuples."""
    body = "".join(
        CARD.format(name=n, points=p, power=pw, edges=", ".join(f'"{e}"' for e in edges)) for n, p, pw, edges in cards
    )
    return parse_cards(SMALL.format(target=target, hints=hints, cards=body), "small.toml")


def play(state: MusesState, *texts: str) -> MusesState:
    """Apply actions by their notation (each must be legal)."""
    for text in texts:
        matches = [a for a in state.legal_actions() if str(a) == text]
        assert matches, f"{text!r} not legal; legal: {[str(a) for a in state.legal_actions()]}"
        state.apply(matches[0])
    return state


def tabletop(tmp_path: Path, *argv: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The real program with ``argv``, as a person runs it, with every folder it writes under tmp_path."""
    env = dict(
        os.environ,
        TABLETOP_DATA_DIR=str(tmp_path / "data"),
        TABLETOP_CACHE_DIR=str(tmp_path / "cache"),
        XDG_DATA_HOME=str(tmp_path / "xdg-data"),
        XDG_CACHE_HOME=str(tmp_path / "xdg-cache"),
        XDG_STATE_HOME=str(tmp_path / "xdg-state"),
        TTY_COMPATIBLE="0",
        COLUMNS="100",
    )
    command = [sys.executable, "-m", "tabletop", "--data-dir", str(tmp_path / "data"), *argv]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout, check=False)


def solve(tmp_path: Path, cards: Path) -> subprocess.CompletedProcess[str]:
    """``tabletop muses solve --cards FILE`` through :func:`tabletop`."""
    return tabletop(tmp_path, "muses", "solve", "--cards", str(cards), timeout=120)


class _Silent(Prompter):
    """A prompter whose pauses go on at once."""

    def pause(self, message: str = "Press any key to go on") -> None:
        pass


def hint(state: MusesState) -> tuple[str, int]:
    """What the table's Coach prints for ``state`` (played with its card set), and how often the game was marked."""
    from tabletop.ui.coach import give_hint
    from tabletop.ui.play import Table
    from tabletop_muses.cards import embed_cardset

    match = Match(game, options={"cards": embed_cardset(state.cardset)}, seed=1)
    match.state = state
    console = Console(width=80, file=io.StringIO(), color_system=None)
    marked: list[int] = []
    table = Table(match, MusesUI(game), console, _Silent(), ["You"], on_hint=lambda: marked.append(1))
    notice = give_hint(table, 0)
    return console.file.getvalue() + notice, len(marked)  # type: ignore[attr-defined]

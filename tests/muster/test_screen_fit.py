"""Nothing that decides a move is cut: hint lines and the notice line wrap, and the board keeps its title
at every size the program plays on (the log gives way first); below the smallest, a plain sentence."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from rich.console import Console

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop.loop import Match
from tabletop.ui.base import Choice, Prompter
from tabletop.ui.coach import action_words, give_hint
from tabletop.ui.play import Table, _draw
from tabletop_muster import game
from tabletop_muster.actions import MusterAction
from tabletop_muster.position import build_state
from tabletop_muster.ui import MusterUI
from tabletop_muster.view import MusterView

SWAP_WORDS = "Make a Rainbow Swap > South's Feather Wizard, first in the column > with P5 Feather 5"
MENU_LINES = 10
"""The longest first list under the board: its question, six action types, Hint, Log and the game menu."""


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS", "LINES", "TERM"):
        monkeypatch.delenv(name, raising=False)
    yield


class Quiet(Prompter):
    def pause(self, message: str = "") -> None:
        pass

    def select(self, message: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        raise AssertionError("nothing is asked here")


class SwapFirst(Analyst[MusterAction, MusterView]):
    """Rates the Swap of South's lone Feather Wizard best, every other action lower."""

    def analyse(
        self,
        view: Any,
        legal: Sequence[MusterAction],
        *,
        seconds: float,
        rng: random.Random,
        progress: Callable[[float], None] | None = None,
    ) -> Analysis[MusterAction]:
        words = action_words(MusterUI(game), view, legal)
        return Analysis([Rated(a, 0.447 if words[a] == SWAP_WORDS else 0.2) for a in legal], exact=False)


def table_at(width: int, height: int) -> tuple[Table, io.StringIO]:
    """A table at North's decision, South's lone Feather Wizard swappable with North's P5, on a console that size."""
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, color_system=None, force_terminal=False)
    match = Match(game, seed=3, agents=[None, None])
    match.state = build_state(
        north="P5 W2 L1 C3 F4", south="W1 W3 L2 C1 C2", south_columns={"feather": "RW"}, castles={"water": "W4"}
    )
    table = Table(match, MusterUI(game), console, Quiet(), ["You", "Computer"])
    table._analyst.append(SwapFirst())
    return table, out


def joined(text: str) -> str:
    """The text with its wrapped lines joined up again (a line's indent gone)."""
    return " ".join(line.strip() for line in text.splitlines())


@pytest.mark.parametrize("width", [80, 60])
def test_a_hint_names_the_card_to_play_whole_in_its_list_and_in_the_notice(width: int) -> None:
    table, out = table_at(width, 24)
    notice = give_hint(table, 0)
    listed = joined(out.getvalue())
    assert SWAP_WORDS in listed, out.getvalue()
    assert "…" not in out.getvalue()
    assert SWAP_WORDS in notice
    table.console.file = out = io.StringIO()
    _draw(table, 0, notice)
    assert "with P5 Feather 5" in joined(out.getvalue()), out.getvalue()
    assert "…" not in out.getvalue()


@pytest.mark.parametrize(("width", "height"), [(80, 24), (60, 20), (120, 40)])
def test_a_long_notice_is_said_whole_and_the_board_keeps_its_title(width: int, height: int) -> None:
    table, out = table_at(width, height)
    notice = (
        "Make a Rainbow Swap > South's Feather Wizard, first in the column: the only choice. "
        "Draw from the deck: the only choice."
    )
    _draw(table, 0, notice)
    lines = out.getvalue().rstrip("\n").split("\n")
    assert notice in joined(out.getvalue()), out.getvalue()
    assert lines[0].startswith("Muster · turn 1"), lines[0]
    # The board and the notice leave the longest first list its lines: the title stays on screen.
    assert len(lines) + MENU_LINES <= height, "\n".join(lines)
    assert max(len(line) for line in lines) <= width


@pytest.mark.parametrize(("width", "height"), [(50, 15), (80, 19), (59, 24)])
def test_below_the_smallest_size_the_table_says_so_plainly(width: int, height: int) -> None:
    table, out = table_at(width, height)
    _draw(table, 0, "Undone.")
    text = joined(out.getvalue())
    assert f"Tabletop needs at least 60 x 20; this terminal is {width} x {height}." in text
    assert "Muster ·" not in text and "Your hand" not in text

"""Fitting a list under a board: how many lines a list takes, and a board drawn shorter to leave it room."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.interface import Choice
from tabletop.ui.entries import entry_lines, list_keys, shown_entry

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult


SHORT_REASON = "not now"
"""A greyed-out entry's reason on a terminal too short for the reasons that wrap (the board keeps its title)."""


QUESTION_LINES = 2
"""Lines a list needs beside its entries: its question, and the line the cursor rests on below it."""
MIN_LIST_LINES = 3
"""The fewest entries a list shows at once when the board leaves less room: it scrolls through the rest."""


def list_overflow(question: str, entries: Sequence[Choice], width: int) -> int:
    """Lines a list takes at ``width`` beyond one for its question and one an entry: the entries and question
    that wrap (a board keeps room for a list by its entries, each a line).

    >>> list_overflow("Your move:", [Choice("Play a Banner", 1, key="b"), Choice("Castle", 2, "no castle space")], 80)
    0
    >>> list_overflow("Your move:", [Choice("Make a Rainbow Swap > South's Feather Wizard > with P1", 1, key="s")], 40)
    1
    """
    from rich.cells import cell_len

    def lines(text: str) -> int:
        return max(1, -(-cell_len(text) // max(width, 1)))

    keys = list_keys(entries)
    extra = lines(f"? {question} (keys or arrows, Enter)") - 1
    for entry, key in zip(entries, keys):
        if not entry.hidden:  # a key, not a line
            extra += len(entry_lines(shown_entry(entry, key), width)) - 1
    return extra


class Shorter:
    """A renderable drawn as if the terminal had ``lines`` fewer lines: room kept under it for more text.

    A game's board reads the terminal's height to fit itself (:class:`tabletop.ui.base.Fitted`), keeping
    one line for the notice; a notice that wraps to more lines takes them from the board.
    """

    def __init__(self, renderable: RenderableType, lines: int) -> None:
        self.renderable = renderable
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.console import ConsoleDimensions

        if self.lines <= 0:
            yield self.renderable
            return
        shorter = options.copy()
        width, height = options.size
        shorter.size = ConsoleDimensions(width, max(height - self.lines, 1))
        yield from console.render(self.renderable, shorter)

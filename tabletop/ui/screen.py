"""The table's screen: a board drawn with a line said under it, and room left for the list asked below it.

Shared by every table that asks for moves: the local one (:mod:`tabletop.ui.play`) and a seat played across the
network (:mod:`tabletop.net.table`). Each draws its own board; this module fits it and the question to the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.ui.base import Choice, Prompter
from tabletop.ui.fit import MIN_LIST_LINES, QUESTION_LINES, SHORT_REASON, Shorter, list_overflow
from tabletop.ui.terminal import clear_screen

if TYPE_CHECKING:
    from rich.console import Console, RenderableType


def draw_board(
    console: Console, board: RenderableType, notice: str | None = None, overflow: int = 0, *, scrollback: bool = False
) -> int:
    """Clear the screen (its scrollback too where a hand must not stay readable), draw ``board`` and the notice
    under it; return the lines they took.

    ``overflow``: lines the list asked under them takes beyond a line for its question and one for each entry
    (a long entry wraps at a narrow width), taken from the board.
    """
    from rich.text import Text

    from tabletop.ui.terminal import too_small

    clear_screen(console, scrollback=scrollback)
    refusal = too_small(console)
    if refusal:
        console.print(refusal, markup=False)
        return 0
    said = Text(notice) if notice else None
    # The notice wraps rather than lose its end; a board drawn for one notice line gives up the others.
    notice_lines = len(console.render_lines(said)) if said is not None else 0
    fitted = Shorter(board, overflow + max(notice_lines - 1, 0))
    drawn = console.render_lines(fitted, pad=False, new_lines=False)
    console.print(fitted)
    if said is not None:
        console.print(said)
    return len(drawn) + notice_lines


def draw_for_list(
    console: Console,
    prompter: Prompter,
    draw: Callable[[int], int],
    question: str,
    entries: list[Choice],
) -> list[Choice]:
    """Draw the board (``draw(overflow)``, which returns the lines it took) with room for the list about to be
    asked under it; return the list's entries.

    A list longer than the room the board leaves shows as many entries as fit and scrolls through the others
    (:attr:`Prompter.list_lines`): the board is never pushed off the top. Below
    :data:`tabletop.ui.terminal.MIN_LINES` lines, greyed-out entries whose reasons wrap say :data:`SHORT_REASON`
    instead: what an entry does is never cut, why one cannot be used may be.
    """
    from tabletop.ui.terminal import MIN_LINES

    width, height = console.width, console.height
    if height < MIN_LINES and list_overflow(question, [e for e in entries if e.disabled], width):
        entries = [Choice(e.title, e.value, SHORT_REASON, e.back, e.key) if e.disabled else e for e in entries]
    overflow = list_overflow(question, entries, width)
    drawn = draw(overflow)
    room = height - drawn - QUESTION_LINES - overflow
    if drawn and sum(not e.hidden for e in entries) > room:
        prompter.list_lines = max(room, MIN_LIST_LINES)
    prompter.redraws = True  # a new size, or Ctrl-L: the board is drawn again, then the list
    return entries

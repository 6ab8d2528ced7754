"""A list too long for the room a board leaves on a short terminal scrolls: the board's header stays on screen."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from typing import Any

import pexpect
import pytest
from rich.console import Console

from tabletop.loop import Match
from tabletop.ui.base import Choice, Prompter
from tabletop.ui.play import Table, _ask_action
from tabletop_freecell import game
from tests.cli.pty_helpers import spawn

HEADER = "Deal 1 · move 0"
YOUR_MOVE = r"Your move: (?:\x1b\[[0-9;]*m)*\(keys or arrows"
LAST_ENTRY = "Game menu"
"""The title of the first list's last entry (after the eight cascades, the coach and the log)."""


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS", "LINES", "TERM"):
        monkeypatch.delenv(name, raising=False)
    yield


class Asked(Exception):
    """Raised by :class:`Recording` at the first list, once it has seen it."""


class Recording(Prompter):
    """Records the first list it is asked and the room it is given for it."""

    def __init__(self) -> None:
        self.entries: list[Choice] = []
        self.lines: int | None = None

    def select(self, message: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        self.entries, self.lines = list(choices), self.list_lines
        raise Asked


def first_list_at(width: int, height: int) -> tuple[Recording, list[str]]:
    """The first list of FreeCell deal 1 on a console of that size, and the lines drawn above it."""
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, color_system=None, force_terminal=False)
    match = Match(game, options={"deal": "1"}, seed=1, agents=[None])
    prompter = Recording()
    with pytest.raises(Asked):
        _ask_action(Table(match, game.ui(), console, prompter, ["You"]), 0)
    return prompter, out.getvalue().splitlines()


@pytest.mark.parametrize(("width", "height"), [(60, 20), (70, 21)])
def test_on_a_short_terminal_the_list_gets_the_room_the_board_leaves(width: int, height: int) -> None:
    prompter, drawn = first_list_at(width, height)
    assert drawn[0].startswith(HEADER)
    assert prompter.lines is not None and prompter.lines < len(prompter.entries)
    question_and_cursor = 2
    assert len(drawn) + question_and_cursor + prompter.lines <= height


def test_where_the_list_fits_it_is_shown_whole() -> None:
    prompter, drawn = first_list_at(80, 24)
    assert drawn[0].startswith(HEADER)
    assert prompter.lines is None


def test_the_real_list_scrolls_and_its_last_entry_is_still_reached(tmp_path: Any) -> None:
    child = spawn(["play", "freecell", "--deal", "1"], data_dir=tmp_path, columns=60, lines=20)
    child.expect(YOUR_MOVE)
    child.expect("Coach")
    child.expect(pexpect.TIMEOUT, timeout=1)  # the rest of the list's drawing, if any came
    assert LAST_ENTRY not in child.before  # below the room left: out of sight until the cursor goes there
    child.send("\x1b[F")  # End: the last entry, scrolled into view
    child.expect(LAST_ENTRY)
    child.sendcontrol("c")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize(
    ("top", "bottom", "marks"),
    [(True, False, "   v"), (False, False, "^  v"), (False, True, "^   "), (True, True, "    ")],
    ids=["at-the-top", "in-the-middle", "at-the-end", "all-seen"],
)
def test_the_scroll_marks_say_only_where_more_entries_lie(top: bool, bottom: bool, marks: str) -> None:
    from types import SimpleNamespace
    from typing import cast

    from prompt_toolkit.layout.containers import WindowRenderInfo

    from tabletop.ui.prompts import ScrollMarks

    seen = cast(WindowRenderInfo, SimpleNamespace(top_visible=top, bottom_visible=bottom))
    drawn = ScrollMarks().create_margin(seen, 1, len(marks))
    assert "".join(fragment[1] for fragment in drawn if fragment[1] != "\n") == marks

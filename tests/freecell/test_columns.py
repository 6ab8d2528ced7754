"""FreeCell at the terminal as it is laid out on a table: the cascades in columns, one entry to a free cell,
the cards that went home by themselves said on the board, and a numbered deal's end naming its number."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from tabletop_freecell import game
from tabletop_freecell.coach import winning_line
from tests.cli.pty_helpers import END_OF_GAME, ENTER, leave, spawn

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
YOUR_MOVE = r"Your move: (?:\x1b\[[0-9;]*m)*\((?:keys or )?arrows"
HEADER = "Deal 1 · move 0 │ a ·· b ·· c ·· d ··"
KEYS_LINE = re.compile(r"^ *1 +2 +3 +4 +5 +6 +7 +8$")
"""The line of the cascades' numbers above the columns."""
TO_A_CELL = "to a free cell"

pytestmark = pytest.mark.pty


def screen_lines(text: str) -> list[str]:
    """The lines the program drew, without colours or cursor moves."""
    return [line.rstrip() for line in ANSI.sub("", text).replace("\r", "").split("\n")]


def read_columns(lines: list[str]) -> list[list[str]]:
    """The cards of each column read downward from under the line of the cascades' numbers, each card found
    under its cascade's number (its rank ends there, its suit follows)."""
    top = next(i for i, line in enumerate(lines) if KEYS_LINE.match(line))
    places = [m.start() for m in re.finditer(r"\d", lines[top])]
    cascades: list[list[str]] = [[] for _ in places]
    for line in lines[top + 1 :]:
        cards = [line[p - 1 : p + 2].strip() for p in places]
        if not any(re.fullmatch(r"(10|[2-9AJQK])[♣♦♥♠]", card) for card in cards):
            break  # the board ends: the list's question, or a line that says something
        for cascade, card in zip(cascades, cards):
            if card:
                cascade.append(card)
    return cascades


def start(tmp_path: Path, *args: str, columns: int = 80, lines: int = 24) -> pexpect.spawn:
    return spawn(
        ["play", "freecell", "--deal", "1", *args],
        data_dir=tmp_path / "data",
        columns=columns,
        lines=lines,
        extra_env={"TABLETOP_CACHE_DIR": str(tmp_path / "cache"), "TABLETOP_STATE_DIR": str(tmp_path / "state")},
    )


def test_deal_1_is_drawn_in_columns_at_80x24_with_the_first_list_under_it(tmp_path: Path) -> None:
    child = start(tmp_path)
    child.expect(r"m\) (?:\x1b\[[0-9;]*m)*Game menu")  # the first list's last entry: the whole list is drawn
    lines = screen_lines(child.before)
    board = lines[next(i for i, line in enumerate(lines) if line.startswith(HEADER)) :]
    dealt = [[card.display for card in cascade] for cascade in game.new_initial_state({"deal": "1"}).cascades]
    assert read_columns(board) == dealt  # J♦ K♦ 2♠ 4♣ 3♠ 6♦ 6♠ down the first column, ...
    assert KEYS_LINE.match(board[1])  # under the header: the cells and home in a row above the columns
    # The board, the list's question and its twelve entries within the 24 lines, nothing scrolled away.
    shown = [line for line in board if line.strip()]
    assert len(shown) <= 24 and not any(line.rstrip().endswith(" v") for line in shown)
    leave(child)


def test_a_card_goes_to_a_free_cell_by_one_entry_the_first_empty_cell(tmp_path: Path) -> None:
    child = start(tmp_path)
    child.expect(YOUR_MOVE)
    child.expect(r"m\) (?:\x1b\[[0-9;]*m)*Game menu")
    first = " ".join(screen_lines(child.before))
    # Every cascade's one move is the one entry "to a free cell", made by the cascade's key alone.
    assert first.count(TO_A_CELL) == 8 and "free cell a" not in first and "free cell b" not in first
    child.send("3")  # the 2♥ to a free cell: the first, a
    child.expect(YOUR_MOVE)
    assert any(line.startswith("Deal 1 · move 1 │ a 2♥ b ·· c ·· d ··") for line in screen_lines(child.before))
    child.send("1")  # the 6♠: to the first empty cell, now b
    child.expect(YOUR_MOVE)
    assert any(line.startswith("Deal 1 · move 2 │ a 2♥ b 6♠ c ·· d ··") for line in screen_lines(child.before))
    leave(child)


def test_the_cards_that_go_home_by_themselves_are_said_on_the_board(tmp_path: Path) -> None:
    child = start(tmp_path)
    child.expect(YOUR_MOVE)
    child.send("6")  # the 3♦ off the 2♣: nothing goes home yet
    child.expect(YOUR_MOVE)
    assert not any("went home" in line for line in screen_lines(child.before))
    child.send("6")  # the 2♣ off the A♣: the A♣, then the 2♣ from its cell, then the A♠ under them go home
    child.expect(YOUR_MOVE)
    lines = screen_lines(child.before)
    header = next(i for i, line in enumerate(lines) if line.startswith("Deal 1 · move 2"))
    assert "home ♣2 ♦·· ♥·· ♠A" in lines[header]
    assert "A♣ 2♣ A♠ went home" in lines[header:]
    leave(child)


def test_a_numbered_deal_ends_with_its_deal_number_only(tmp_path: Path) -> None:
    line = winning_line(game.new_initial_state({"deal": "1"}))
    assert line and line[-1] == "2a"  # the last move sends a card to a free cell, and every card goes home
    moves = tmp_path / "moves.txt"
    moves.write_text(" ".join(line[:-1]) + "\n")
    child = start(tmp_path, "--moves", str(moves))
    child.expect(YOUR_MOVE)
    child.send("2")
    if child.expect([r"won in \d+ moves", YOUR_MOVE]) == 1:  # cascade 2 had more than one move: which
        child.expect(TO_A_CELL)
        child.send("a")
        child.expect(r"won in \d+ moves")
    child.expect(r"Deal 1: replay it with --deal 1\.")
    assert "Seed" not in screen_lines(child.before)[-1]
    child.expect(END_OF_GAME)
    child.send(ENTER)
    child.expect(pexpect.EOF)

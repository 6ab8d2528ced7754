"""The score sheet keeps its shape as the points grow: each box stays in its column, whatever it shows."""

from __future__ import annotations

import io

from rich.console import Console

from tabletop_fivedice import game
from tabletop_fivedice.rules import FiveDiceState
from tabletop_fivedice.ui import FiveDiceUI


def drawn(state: FiveDiceState) -> list[str]:
    console = Console(width=80, color_system=None, record=True, file=io.StringIO())
    console.print(FiveDiceUI(game).sheet(state, 0, show_now=True))
    return console.export_text().splitlines()


def columns(lines: list[str], words: str) -> int:
    return next(line.index(words) for line in lines if words in line)


def test_the_boxes_stay_in_their_columns_as_their_points_grow() -> None:
    small, large = FiveDiceState(), FiveDiceState()
    small.dice, small.rolls = (1, 2, 3, 4, 6), 1
    large.dice, large.rolls = (6, 6, 6, 6, 6), 1
    large.sheets[0][:4] = [3, 8, 12, 16]  # the upper total in two digits
    large.sheets[0][6] = 28
    before, after = drawn(small), drawn(large)
    for words in ("Aces", "3 of a kind", "Chance", "upper"):
        assert columns(before, words) == columns(after, words), words
    assert max(map(len, before)) == max(map(len, after))


def test_the_sheet_of_the_player_to_act_says_which_turn_it_is() -> None:
    state = FiveDiceState()
    state.dice, state.rolls = (1, 2, 3, 4, 6), 1
    state.sheets[0][0], state.sheets[0][7] = 1, 0
    assert drawn(state)[0].startswith("Five Dice · total 1 · turn 3 of 13")


def test_a_solo_sheet_says_the_total_that_wins_from_the_first_turn() -> None:
    solo, table = FiveDiceState(), FiveDiceState(players=2)
    for state in (solo, table):
        state.dice, state.rolls = (1, 2, 3, 4, 6), 1
    lines = drawn(solo)
    assert lines[0].startswith("Five Dice · total 0 · turn 1 of 13")
    assert lines[1].strip() == "200 or more to win"  # said before any box is filled, not only in the result
    assert len(lines) == len(drawn(table))  # in the line the headings take: the board is no taller
    assert not any("to win" in line for line in drawn(table))  # at a table the highest total wins

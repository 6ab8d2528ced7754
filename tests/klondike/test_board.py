"""Klondike's board: the piles in columns, face-down cards packed only where the room under them is short."""

from __future__ import annotations

import io
import re

from rich.console import Console

from tabletop.loop import Match
from tabletop.ui.base import Log
from tabletop_klondike import game
from tabletop_klondike.rules import KlondikeState
from tests.klondike.test_rules import table

KEYS_LINE = re.compile(r"^ *1 +2 +3 +4 +5 +6 +7$")


def dealt() -> KlondikeState:
    match = Match(game, seed=5, agents=[None])
    match.advance()  # the 52 cards, dealt by chance
    state = match.state
    assert isinstance(state, KlondikeState)
    return state


def drawn(state: KlondikeState, width: int, height: int) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, height=height, color_system=None).print(game.ui().render(state.view(0), Log()))
    return out.getvalue().splitlines()


def columns_of(lines: list[str]) -> list[list[str]]:
    """Each pile's cards read downward under its number (face-down ones as ``##``)."""
    top = next(i for i, line in enumerate(lines) if KEYS_LINE.match(line))
    places = [m.start() for m in re.finditer(r"\d", lines[top])]
    piles: list[list[str]] = [[] for _ in places]
    for line in lines[top + 1 :]:
        for pile, place in zip(piles, places):
            pile += line[place - 1 : place + 2].split()
    return piles


def test_the_deal_is_drawn_in_columns_at_80x24() -> None:
    state = dealt()
    piles = columns_of(drawn(state, 80, 24))
    assert piles == [["##"] * i + [state.piles[i].cards[-1].display] for i in range(7)]


def test_a_short_terminal_packs_the_face_down_cards_and_keeps_the_face_up_card_its_line() -> None:
    from tabletop.patience.board import TABLE_LINES
    from tabletop_klondike.ui import Table, first_entries

    state = dealt()
    lines = drawn(state, 80, 14)
    assert len(lines) <= 14 - TABLE_LINES - first_entries(Table(state.view(0)))  # the first list's room
    seventh = [line[6 * 11 :].split() for line in lines[2:]]  # 11 cells a pile at 80 columns
    assert seventh[0] == ["##", "##"] and seventh[-1] == [state.piles[6].cards[-1].display]


def test_a_move_names_the_cards_it_carries_not_the_whole_face_up_run() -> None:
    # Pile 1 shows 8♦ 7♠ 6♥ 5♠: onto the 6♦ only the 5♠ goes, onto the 8♥ the 7♠ and two more.
    # Where a move carries every face-up card, as from the waste, the source's label has named them.
    state = table(["8D 7S 6H 5S", "6D", "8H", "10H", "7C"], waste="9C", stock="2D")
    steps = {str(step.action): step.path for step in game.ui().steps(state.view(0), state.legal_actions())}
    assert steps["12"] == ("pile 1: 8♦ 7♠ 6♥ 5♠", "5♠ onto pile 2 (6♦)")
    assert steps["13"] == ("pile 1: 8♦ 7♠ 6♥ 5♠", "7♠ and 2 more onto pile 3 (8♥)")
    assert steps["w4"] == ("waste: 9♣", "onto pile 4 (10♥)")
    assert steps["25"] == ("pile 2: 6♦", "onto pile 5 (7♣)")  # the whole face-up run: named once
    keys = game.ui().label_keys(state.view(0))
    assert keys["5♠ onto pile 2 (6♦)"] == "2" and keys["7♠ and 2 more onto pile 3 (8♥)"] == "3"

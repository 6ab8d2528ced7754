"""Holds toggled by one key per die: the screen behind "Keep dice by their numbers", and the table playing its hold."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from rich.console import Console

from tabletop.ui.base import REDRAW, Choice, Chosen, Prompter
from tabletop_fivedice import game
from tabletop_fivedice.holds import ALL_HELD, ROLL, choose_holds
from tabletop_fivedice.rules import FiveDiceState, Keep, Roll
from tabletop_fivedice.ui import HOLDS, HOLDS_KEY, FiveDiceUI


class Keys(Prompter):
    """Presses the keys given, one per question, and keeps every list it was shown."""

    def __init__(self, *keys: str) -> None:
        self.keys = list(keys)
        self.lists: list[list[Choice]] = []
        self.defaults: list[Any] = []

    def select(self, message: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        self.lists.append(list(choices))
        self.defaults.append(default)
        key = self.keys.pop(0)
        choice = next(c for c in choices if c.key == key)
        assert choice.disabled is None, f"{choice.title}: {choice.disabled}"
        return choice.value


def holds(dice: tuple[int, ...], *keys: str) -> tuple[Keep | None, Keys]:
    prompter = Keys(*keys)
    console = Console(file=io.StringIO(), width=80, height=24)
    return choose_holds(dice, 1, "the sheet", console, prompter), prompter


def test_each_die_has_its_number_as_its_key_and_a_second_press_lets_it_roll() -> None:
    keep, prompter = holds((2, 3, 3, 5, 6), "2", "5", "3", "5", "r")
    assert keep == Keep((3, 3))
    assert [c.key for c in prompter.lists[0]] == ["1", "2", "3", "4", "5", "r", "b"]
    assert [c.title for c in prompter.lists[-1]][:5] == [
        "[2]  rolls",
        "[3]  held",
        "[3]  held",
        "[5]  rolls",
        "[6]  rolls",
    ]
    assert prompter.lists[-1][5].title == "Roll 3 dice, holding 3 3"


def test_the_cursor_rests_on_the_roll_so_that_enter_rolls() -> None:
    _, prompter = holds((2, 3, 3, 5, 6), "2", "4", "r")
    assert prompter.defaults == [ROLL, ROLL, ROLL]


def test_a_die_held_by_its_position_is_named_where_it_is_not_the_leftmost_of_its_face() -> None:
    state = FiveDiceState(1)
    state.apply(Roll((2, 3, 3, 5, 6)))
    console = Console(file=io.StringIO(), width=80, height=24)
    outcome = FiveDiceUI(game).handle_extra(HOLDS, console, Keys("3", "r"), state.view(0))
    assert isinstance(outcome, Chosen) and str(outcome.action) == "keep 3 at 3"
    state.apply(outcome.action)
    assert state.held == (2,)


def test_nothing_held_rolls_all_five_and_back_rolls_nothing() -> None:
    assert holds((1, 2, 3, 4, 6), "r")[0] == Keep(())
    assert holds((1, 2, 3, 4, 6), "1", "b")[0] is None


def test_all_five_held_cannot_be_rolled() -> None:
    keep, prompter = holds((4, 4, 4, 4, 6), "1", "2", "3", "4", "5", "5", "r")
    assert keep == Keep((4, 4, 4, 4))
    all_held = next(c for c in prompter.lists[5] if c.value == ROLL)
    assert all_held.disabled == ALL_HELD


def test_the_table_gets_the_hold_picked_and_it_is_legal() -> None:
    state = FiveDiceState(1)
    state.apply(Roll((2, 3, 3, 5, 6)))
    ui = FiveDiceUI(game)
    entry = next(c for c in ui.extra_choices(state.view(0)) if c.value == HOLDS)
    assert entry.key == HOLDS_KEY
    console = Console(file=io.StringIO(), width=80, height=24)
    outcome = ui.handle_extra(HOLDS, console, Keys("2", "3", "r"), state.view(0))
    assert outcome == Chosen(Keep((3, 3))) and Keep((3, 3)) in state.legal_actions()
    assert ui.handle_extra(HOLDS, console, Keys("b"), state.view(0)) == REDRAW


def test_no_holds_entry_once_the_last_roll_is_made() -> None:
    state = FiveDiceState(1)
    for faces in [(2, 3, 3, 5, 6), None, (3, 3, 3, 4, 5), None, (3, 3, 3, 3, 1)]:
        state.apply(Roll(tuple(sorted(faces))) if faces else Keep((3, 3) if state.rolls == 1 else (3, 3, 3)))
    assert state.rolls == 3
    assert all(c.value != HOLDS for c in FiveDiceUI(game).extra_choices(state.view(0)))


def test_the_boxes_are_listed_down_the_sheet() -> None:
    """Each scoring list gives its boxes in the sheet's order (Aces to Sixes; 3 of a kind to Chance), not
    in the alphabetical order of their names."""
    from tabletop.ui.steps import level_choices
    from tabletop_fivedice.scoring import BOX_NAMES, LOWER, UPPER
    from tabletop_fivedice.ui import SCORE_LOWER, SCORE_UPPER

    state = game.new_initial_state({})
    state.apply(Roll((1, 3, 3, 5, 6)))
    ui = FiveDiceUI(game)
    steps = ui.steps(state.view(0), state.legal_actions())
    for label, boxes in ((SCORE_UPPER, UPPER), (SCORE_LOWER, LOWER)):
        titles = [c.title for c in level_choices(steps, [], (label,), ui.label_order(state.view(0)))]
        assert [t.split(":")[0] for t in titles] == [BOX_NAMES[b] for b in boxes], titles


def test_the_end_screen_says_the_final_score_once() -> None:
    """The board of a finished game says it is over; the result under it gives the score (the table shows both)."""
    from tabletop.agents import RandomAgent
    from tabletop.loop import Match

    match = Match(game, seed=4, agents=[RandomAgent()])
    match.run()
    ui = FiveDiceUI(game)
    console = Console(file=io.StringIO(), width=80, height=24, record=True)
    state = match.state
    assert isinstance(state, FiveDiceState)
    console.print(ui.render(state.view(0), []))
    console.print(ui.render_result(match.state))
    screen = console.export_text()
    assert screen.count("Final score") == 1 and "the game is over" in screen, screen

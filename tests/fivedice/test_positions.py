"""Dice stay where they lie: a held die keeps its place, only the dice rolled change, and a record's holds (old
or new notation) replay to the very same table."""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest
from rich.console import Console

from tabletop.game import IllegalActionError, InvalidActionError
from tabletop.rng import make_rng
from tabletop_fivedice import game
from tabletop_fivedice.rules import (
    DICE,
    ROLLS_PER_TURN,
    FiveDiceState,
    Keep,
    Roll,
    Score,
    keep_at,
    parse_action,
    state_from_json,
)
from tabletop_fivedice.ui import FiveDiceUI

ROLLS = 100
"""How many rerolls the seeded games below make, each checked."""
DIE = re.compile(r"\[(\d)\]")


def board_dice(state: FiveDiceState) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    """The dice as the board draws them at 80x24, the positions marked held (``*``) and the line of numbers."""
    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    console.print(FiveDiceUI(game).render(state.view(0), []))
    lines = console.export_text().splitlines()
    at = next(i for i, line in enumerate(lines) if "Dice [" in line)
    cells = re.findall(r"\[(\d)\](\*?)", lines[at])
    faces = tuple(int(face) for face, _ in cells)
    held = tuple(p for p, (_, mark) in enumerate(cells) if mark)
    return faces, held, lines[at + 1]


def rerolls(seed: int, count: int) -> list[tuple[FiveDiceState, Keep, Roll]]:
    """Seeded solo turns in which every hold is some dice picked at random by position (the dice rolled by
    the game's own draw), until ``count`` rerolls: each as the state before the hold, the hold and the roll."""
    rng = make_rng(seed)
    state = FiveDiceState(1)
    found: list[tuple[FiveDiceState, Keep, Roll]] = []
    while len(found) < count and not state.is_terminal():
        state.apply(state.sample_chance(rng))
        while state.rolls < ROLLS_PER_TURN:
            assert state.dice is not None
            positions = tuple(sorted(rng.sample(range(DICE), rng.randrange(DICE))))
            before, keep = state.clone(), keep_at(state.dice, positions)
            state.apply(keep)
            roll = state.sample_chance(rng)
            assert isinstance(roll, Roll)
            state.apply(roll)
            found.append((before, keep, roll))
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Score)))
    return found


def test_held_dice_stay_in_place_over_100_seeded_rolls_in_the_engine_and_on_the_board() -> None:
    checked = moved = 0
    for seed in range(10):
        for before, keep, roll in rerolls(seed, ROLLS - checked):
            assert before.dice is not None
            held = keep.at if keep.at is not None else tuple(sorted(keep_positions(before.dice, keep.kept)))
            state = before.clone()
            state.apply(keep)
            assert board_dice(state)[:2] == (before.dice, held)  # the hold is marked where the dice lie
            state.apply(roll)
            assert state.dice is not None
            assert all(state.dice[p] == before.dice[p] for p in held), (before.dice, held, state.dice)
            assert Counter(state.dice) == Counter(roll.faces)  # the roll's outcome is the whole table
            faces, marked, numbers = board_dice(state)
            assert faces == state.dice and not marked
            assert numbers.split() == ["1", "2", "3", "4", "5"]
            moved += state.dice != tuple(sorted(state.dice))
            checked += 1
        if checked == ROLLS:
            break
    assert checked == ROLLS
    assert moved > ROLLS // 4  # many tables are not lowest first: nothing sorts them


def keep_positions(dice: tuple[int, ...], kept: tuple[int, ...]) -> list[int]:
    """The leftmost dice showing ``kept``, found here apart from the engine's own rule."""
    free = list(range(len(dice)))
    chosen = []
    for face in kept:
        position = next(p for p in free if dice[p] == face)
        free.remove(position)
        chosen.append(position)
    return chosen


def after(*texts: str) -> FiveDiceState:
    state = FiveDiceState(1)
    for text in texts:
        state.apply(parse_action(text))
    return state


def test_a_roll_fills_the_dice_not_held_in_order_lowest_first() -> None:
    state = after("roll 1 3 3 5 6", "keep 3 6 at 3 5", "roll 2 2 3 4 6")
    assert state.dice == (2, 2, 3, 4, 6)
    state = after("roll 1 3 3 5 6", "keep 3 6 at 3 5", "roll 1 3 5 6 6")
    assert state.dice == (1, 5, 3, 6, 6)


def test_an_old_hold_without_positions_holds_the_leftmost_dice_of_its_faces() -> None:
    state = after("roll 2 3 3 3 6", "keep 3 3", "roll 1 3 3 4 5")
    assert state.dice == (1, 3, 3, 4, 5)
    state = after("roll 2 3 3 3 6", "keep 3 3 at 3 4", "roll 1 3 3 4 5")
    assert state.dice == (1, 4, 3, 3, 5)


def test_a_hold_says_its_positions_only_where_they_are_not_the_leftmost() -> None:
    dice = (3, 5, 3, 1, 3)
    assert str(keep_at(dice, (0, 2))) == "keep 3 3"
    assert str(keep_at(dice, (4, 2))) == "keep 3 3 at 3 5"
    assert keep_at(dice, (4, 2)) == Keep((3, 3))  # the same decision: the dice score the same
    for keep in (keep_at(dice, (4, 2)), keep_at(dice, (1, 3))):
        parsed = parse_action(str(keep))
        assert isinstance(parsed, Keep) and parsed == keep and parsed.at == keep.at


@pytest.mark.parametrize("text", ["keep 3 3 at 1", "keep 3 at 6", "keep 3 3 at 2 2", "keep 3 at x"])
def test_a_hold_with_wrong_positions_is_not_read(text: str) -> None:
    with pytest.raises(InvalidActionError):
        parse_action(text)


def test_a_hold_naming_dice_that_do_not_show_its_faces_is_refused_and_changes_nothing() -> None:
    state = after("roll 1 3 3 5 6")
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="the dice at 1 2 show 1 3"):
        state.apply(parse_action("keep 3 3 at 1 2"))
    assert state.to_json() == before


def test_a_record_replays_to_the_same_table_and_its_json_keeps_the_holds() -> None:
    for before, keep, roll in rerolls(5, 30):
        played = before.clone()
        replayed = state_from_json(before.to_json())
        for action in (keep, roll):
            played.apply(action)
            replayed.apply(game.parse_action(replayed, str(action)))
            assert replayed.to_json() == played.to_json()
            assert state_from_json(played.to_json()).to_json() == played.to_json()


def test_a_state_saved_with_faces_only_holds_the_leftmost_dice() -> None:
    state = after("roll 2 3 3 3 6", "keep 3 3 at 3 4")
    data = state.to_json()
    assert isinstance(data, dict) and data["held"] == [2, 3] and data["kept"] == [3, 3]
    old = {key: value for key, value in data.items() if key != "held"}
    assert state_from_json(old).held == (1, 2)


def test_the_log_says_what_was_kept_and_what_came_up() -> None:
    state = after("roll 1 3 3 5 6")
    assert state.describe(parse_action("keep 3 3 6")) == "You held 3 3 6 (dice 2 3 5) and rolled the other two."
    state.apply(parse_action("keep 3 3 6"))
    assert state.describe(Roll((2, 3, 3, 5, 6))) == "You kept 3 3 6, rolled 2 5."
    state = after("roll 1 3 3 5 6", "keep 6 3 at 5 2")
    assert state.describe(Roll((1, 1, 3, 4, 6))) == "You kept 3 6, rolled 1 1 4."
    state = after("roll 1 3 3 5 6", "keep none")
    assert state.describe(Roll((1, 1, 3, 4, 6))) == "You kept nothing, rolled 1 1 3 4 6."
    table = game.new_initial_state({"players": "2"})
    for text in ("roll 6 6 6 6 6", "score five-kind", "roll 2 4 6 6 6", "keep 6 6 6"):
        table.apply(parse_action(text))
    assert table.describe(Roll((1, 5, 6, 6, 6))) == "Player 2 kept 6 6 6, rolled 1 5."
    assert "again" not in table.describe(parse_action("roll 1 5 6 6 6"))

"""Each box and each hold keeps its key, whichever boxes are open and whatever the dice: a finger that learnt a
key never scores in another box than the one it meant."""

from __future__ import annotations

from tabletop.ui.steps import Leaf, level_choices
from tabletop_fivedice import game
from tabletop_fivedice.rules import FiveDiceState, Score
from tabletop_fivedice.scoring import BOX_NAMES, LOWER, UPPER
from tabletop_fivedice.ui import OTHER_HOLDS, ROLL_AGAIN, SCORE_LOWER, SCORE_UPPER, FiveDiceUI

LOWER_KEYS = {"3 of a kind": "3", "4 of a kind": "4", "Full house": "f", "Sm straight": "s", "Lg straight": "g"}
LOWER_KEYS |= {"5 of a kind": "5", "Chance": "c"}


def position(dice: tuple[int, ...], filled: dict[int, int], rolls: int = 3) -> FiveDiceState:
    state = FiveDiceState()
    for box, points in filled.items():
        state.sheets[0][box] = points
    state.dice, state.rolls = dice, rolls
    return state


def keys_of(state: FiveDiceState, prefix: tuple[str, ...]) -> dict[str, str | None]:
    """The titles of the list asked after ``prefix`` and their keys, as the table gives them."""
    ui, view = FiveDiceUI(game), state.view(0)
    steps = ui.steps(view, state.legal_actions())
    shown = level_choices(steps, ui.unavailable(view), prefix, ui.label_order(view), ui.label_keys(view))
    return {c.title.split(":")[0]: c.key for c in shown}


def test_an_upper_box_has_its_face_as_its_key_however_many_are_filled() -> None:
    dice = (1, 3, 3, 3, 3)
    for filled in ({}, {0: 1, 3: 4}, {0: 1, 1: 2, 3: 4, 4: 5}):
        keys = keys_of(position(dice, filled), (SCORE_UPPER,))
        assert keys == {BOX_NAMES[box]: str(box + 1) for box in UPPER if box not in filled}
        assert keys["Threes"] == "3"


def test_a_lower_box_keeps_its_key_too() -> None:
    dice = (2, 3, 4, 5, 5)
    for filled in ({}, {6: 19, 8: 25}, {box: 0 for box in LOWER[:5]}):
        keys = keys_of(position(dice, filled), (SCORE_LOWER,))
        open_boxes = [BOX_NAMES[box] for box in LOWER if box not in filled]
        if len(open_boxes) > 1:
            assert keys == {name: LOWER_KEYS[name] for name in open_boxes}


def test_the_last_open_box_of_a_kind_is_one_entry_with_the_kinds_key() -> None:
    state = position((6, 6, 6, 6, 6), {box: 0 for box in LOWER if box != 11})
    ui, view = FiveDiceUI(game), state.view(0)
    first = level_choices(ui.steps(view, state.legal_actions()), (), (), ui.label_order(view), ui.label_keys(view))
    assert [c.key for c in first if isinstance(c.value, Leaf) and "5 of a kind" in c.title] == ["d"]
    assert Score(11) in state.legal_actions()


def test_a_hold_of_alike_dice_has_the_position_of_the_first_as_its_key() -> None:
    state = position((5, 2, 6, 2, 6), {}, rolls=1)
    ui, view = FiveDiceUI(game), state.view(0)
    steps = ui.steps(view, state.legal_actions())
    shown = level_choices(steps, (), (ROLL_AGAIN,), ui.label_order(view), ui.label_keys(view))
    assert [(c.title, c.key) for c in shown] == [
        ("keep 5 (die 1)", "1"),
        ("keep 2 2 (dice 2 4)", "2"),
        ("keep 6 6 (dice 3 5)", "3"),
        ("roll all five", "0"),
        ("other holds, face by face", "o"),
    ]


def test_five_alike_are_held_by_how_many() -> None:
    state = position((4, 4, 4, 4, 4), {}, rolls=2)
    ui, view = FiveDiceUI(game), state.view(0)
    steps = ui.steps(view, state.legal_actions())
    shown = level_choices(steps, (), (ROLL_AGAIN,), ui.label_order(view), ui.label_keys(view))
    assert [(c.title, c.key) for c in shown] == [
        ("keep 4 4 4 4 (dice 1 2 3 4)", "4"),
        ("keep 4 4 4 (dice 1 2 3)", "3"),
        ("keep 4 4 (dice 1 2)", "2"),
        ("keep 4 (die 1)", "1"),
        ("roll all five", "0"),
    ]


def test_each_hold_has_the_number_of_dice_it_keeps_as_its_key_in_the_same_order_every_time() -> None:
    state = position((2, 2, 5, 6, 6), {}, rolls=1)
    ui, view = FiveDiceUI(game), state.view(0)
    steps = ui.steps(view, state.legal_actions())
    other = (ROLL_AGAIN, OTHER_HOLDS)
    shown = level_choices(steps, (), other, ui.label_order(view), ui.label_keys(view))
    assert [(c.title, c.key) for c in shown] == [("2 2: hold 2", "2"), ("2 2: hold 1", "1"), ("2 2: reroll all", "0")]
    after = level_choices(steps, (), (*other, "2 2: hold 2"), ui.label_order(view), ui.label_keys(view))
    assert [(c.title, c.key) for c in after] == [("5: hold", "1"), ("5: reroll", "0")]
    # Holding no 2 nor 5, all that is left is one six (both is a hold of alike dice): shown whole, same key.
    after = level_choices(steps, (), (*other, "2 2: reroll all"), ui.label_order(view), ui.label_keys(view))
    assert [(c.title, c.key) for c in after] == [("5: hold", "1"), ("5: reroll > 6 6: hold 1", "0")]


def test_the_move_prompt_leaves_u_and_r_to_the_table() -> None:
    """``u`` (take-back) and ``r`` (redo) are the table's in every game: no Five Dice entry takes them."""
    for dice, rolls in (((1, 2, 3, 4, 6), 1), ((5, 5, 5, 5, 5), 2), ((2, 2, 3, 3, 3), 3)):
        for players in (1, 2):
            state = position(dice, {}, rolls)
            state.players, state.sheets, state.bonuses = players, [[None] * 13] * players, [0] * players
            ui, view = FiveDiceUI(game), state.view(0)
            steps = ui.steps(view, state.legal_actions())
            first = level_choices(steps, (), (), ui.label_order(view), ui.label_keys(view))
            keys = [c.key for c in first + ui.extra_choices(view)]
            assert "u" not in keys and "r" not in keys, keys

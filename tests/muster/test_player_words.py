"""The log speaks to the player who acts as "you": "North (you) swaps ... in your own ... column"."""

from __future__ import annotations

from tabletop.game import SPECTATOR
from tabletop_muster import game
from tabletop_muster.game import OPTIONS
from tabletop_muster.position import build_state
from tabletop_muster.state import MusterState


def _swap_position() -> MusterState:
    return build_state(
        north="W3 R L2 C1 X",
        south="W2 L2 C2 F2 P2",
        north_columns={"leaf": "L1 RW"},
        south_columns={"water": "W1 RW"},
    )


def test_a_swap_in_your_own_column_reads_your_own_to_you() -> None:
    state = _swap_position()
    action = game.parse_action(state, "sL2>1L")
    assert state.describe(action, 0) == "North (you) swaps Leaf 2 for the Rainbow Wizard in your own Leaf column."


def test_others_read_the_swap_as_before() -> None:
    state = _swap_position()
    action = game.parse_action(state, "sL2>1L")
    third_person = "North swaps Leaf 2 for the Rainbow Wizard in their own Leaf column."
    assert state.describe(action, 1) == third_person
    assert state.describe(action, SPECTATOR) == third_person
    assert state.describe(action) == third_person


def test_a_swap_in_the_other_players_column_names_its_owner() -> None:
    state = _swap_position()
    action = game.parse_action(state, "sW2>2W")
    assert state.describe(action, 0) == "North (you) swaps Water 2 for the Rainbow Wizard in South's Water column."
    assert state.describe(action, 1) == "North swaps Water 2 for the Rainbow Wizard in South's Water column."
    assert state.describe(action) == "North swaps Water 2 for the Rainbow Wizard in South's Water column."


def test_no_description_calls_the_acting_viewer_they() -> None:
    """Along a whole game, what the player who acts reads never speaks of them in the third person."""
    import random

    rng = random.Random(11)
    state = game.new_initial_state({"first": "1"})
    read = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        if not state.is_chance_node():
            me = state.current_player()
            for action in actions:
                text = state.describe(action, me)
                assert " their " not in text and " they " not in text, text
                read += 1
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(actions))
    assert read > 100


def test_first_player_option_says_which_seat_is_north() -> None:
    first = next(option for option in OPTIONS if option.key == "first")
    assert first.help == "Who goes first: random, 1 (North) or 2 (South)."
    assert [first.label_of(value) for value in first.choices] == ["random", "1 (North)", "2 (South)"]


def test_play_help_says_which_seat_is_north() -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    tabletop = str(Path(sys.executable).with_name("tabletop"))
    result = subprocess.run(
        [tabletop, "play", "muster", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert result.returncode == 0, result.stderr
    assert "Who goes first: random, 1 (North) or 2 (South). (default: random)" in result.stdout

"""The three variants, each alone and combined."""

from __future__ import annotations

import pytest

from tabletop_muster import game
from tabletop_muster.cards import token_code
from tabletop_muster.position import build_state
from tests.muster.helpers import legal, play, why

HAND = "W1 W3 R R L2"
OTHER = "F1 F2 F3 P1 P2"


def test_options_set_the_switches_independently() -> None:
    for key, attr in (
        ("simplified", "simplified"),
        ("power_of_one", "power_of_one"),
        ("over_the_rainbow", "over_rainbow"),
    ):
        state = game.new_initial_state({key: "on", "first": "2"})
        flags = {a: getattr(state, a) for a in ("simplified", "power_of_one", "over_rainbow")}
        assert flags == {a: a == attr for a in flags}
        assert state.cur == 1


def test_unknown_option_value_is_refused() -> None:
    with pytest.raises(ValueError, match="not one of"):
        game.new_initial_state({"first": "3"})


# -------------------------------------------------------------- Simplified
def test_simplified_any_stronger_card_but_never_weaker() -> None:
    state = build_state(north="W3 W5 W1 L1 C1", south=OTHER, north_columns={"water": "W1"}, simplified=True)
    assert {"W3>W", "W5>W", "W1>W"} <= legal(state)
    strict = build_state(north="W3 W5 W1 L1 C1", south=OTHER, north_columns={"water": "W1"})
    assert "W3>W" not in legal(strict) and "W5>W" not in legal(strict)
    top = build_state(north="W3 W2 W1 L1 C1", south=OTHER, north_columns={"water": "W4"}, simplified=True)
    assert not {"W3>W", "W2>W", "W1>W"} & legal(top)
    assert "4 or more" in why(top, "W3>W")


def test_simplified_has_no_bridges_rainbow_cards_are_wizards() -> None:
    state = build_state(north=HAND, south=OTHER, north_columns={"water": "W1"}, simplified=True)
    moves = legal(state)
    assert not any("+" in m for m in moves)
    assert {"R>W", "R>L"} <= moves
    assert "Simplified" in why(state, "R+W3>W")


def test_simplified_swaps_still_work() -> None:
    state = build_state(north="W4 L1 C1 F1 P1", south=OTHER, south_columns={"water": "W1 RW"}, simplified=True)
    assert "sW4>2W" in legal(state)  # any strength >= the 1 below


# ---------------------------------------------------------- Power of One
def test_power_of_one_only_a_1_starts_a_column() -> None:
    state = build_state(north="W1 W3 L2 C1 F4", south=OTHER, power_of_one=True)
    moves = legal(state)
    assert {"W1>W", "C1>C"} <= moves
    assert not {"W3>W", "L2>L", "F4>F"} & moves
    assert "Power of One" in why(state, "W3>W")


def test_power_of_one_does_not_restrict_bridges_or_wizards() -> None:
    state = build_state(north="R L2 W1 C1 F1", south=OTHER, power_of_one=True)
    assert {"R+L2>L", "R>W"} <= legal(state)


def test_power_of_one_swap_at_the_bottom_needs_a_1() -> None:
    state = build_state(north="W1 W2 L1 C1 F1", south=OTHER, south_columns={"water": "RW"}, power_of_one=True)
    moves = legal(state)
    assert "sW1>2W" in moves and "sW2>2W" not in moves


# ------------------------------------------------ Somewhere Over the Rainbow
def test_over_the_rainbow_several_bridges_then_the_next_banner() -> None:
    state = build_state(north="R R W4 W3 L1", south=OTHER, north_columns={"water": "W1"}, over_the_rainbow=True)
    moves = legal(state)
    assert {"RR+W4>W", "R+W3>W"} <= moves
    play(state, "RR+W4>W")
    assert [token_code(t) for t in state.cols[0][0]] == ["W1", "RB2", "RB3", "W4"]
    assert state.score().results[0].strengths[0] == 1 + 1 + 1 + 4
    assert state.need == 3


def test_over_the_rainbow_is_limited_by_rainbow_cards_and_strength_5() -> None:
    state = build_state(north="R R W5 L4 C1", south=OTHER, north_columns={"water": "W1"}, over_the_rainbow=True)
    moves = legal(state)
    assert "RR+L4>L" not in moves and "R+L4>L" not in moves  # empty Leaf: 1,2 then a 3; 1 then a 2
    assert "RRR+L4>L" not in moves  # only two Rainbow cards
    assert "RRR+W5>W" not in moves and "RR+W5>W" not in moves  # on the 1: 2,3 then 4
    assert "you hold only 2" in why(state, "RRR+L4>L")


def test_without_over_the_rainbow_one_bridge_only() -> None:
    state = build_state(north="R R W4 W3 L1", south=OTHER, north_columns={"water": "W1"})
    assert "RR+W4>W" not in legal(state)
    assert "one Bridge at a time" in why(state, "RR+W4>W")


# ------------------------------------------------------------ combinations
def test_power_of_one_and_over_the_rainbow_start_a_column_with_bridges() -> None:
    state = build_state(north="R R R W4 L1", south=OTHER, power_of_one=True, over_the_rainbow=True)
    moves = legal(state)
    assert "RRR+W4>W" in moves  # Bridges as 1, 2, 3 then a 4
    assert "W4>W" not in moves


def test_simplified_and_over_the_rainbow_still_no_bridges() -> None:
    state = build_state(
        north="R R W4 W3 L1", south=OTHER, north_columns={"water": "W1"}, simplified=True, over_the_rainbow=True
    )
    assert not any("+" in m for m in legal(state))
    assert "W4>W" in legal(state)


def test_simplified_and_power_of_one() -> None:
    state = build_state(
        north="W1 W5 L3 C1 F1", south=OTHER, north_columns={"leaf": "L1"}, simplified=True, power_of_one=True
    )
    moves = legal(state)
    assert "W5>W" not in moves and "W1>W" in moves  # an empty column still takes only a 1
    assert "L3>L" in moves  # then any stronger card


def test_all_three_variants_together() -> None:
    state = build_state(north="R R W4 W1 L1", south=OTHER, simplified=True, power_of_one=True, over_the_rainbow=True)
    moves = legal(state)
    assert not any("+" in m for m in moves) and "W4>W" not in moves and {"W1>W", "R>W"} <= moves

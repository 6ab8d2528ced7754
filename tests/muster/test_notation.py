"""Short notation round trips, long descriptions, and errors for bad or illegal text."""

from __future__ import annotations

import random

import pytest

from tabletop.game import IllegalActionError, InvalidActionError
from tabletop_muster import game
from tabletop_muster.actions import ALL_ACTIONS, parse_text
from tabletop_muster.position import build_state
from tabletop_muster.reasons import VERBS, why_unplayable
from tests.muster.helpers import card, play


def test_every_action_round_trips_through_its_notation() -> None:
    state = game.new_initial_state()
    texts = [str(a) for a in ALL_ACTIONS]
    assert len(set(texts)) == len(texts)
    assert texts == sorted(texts)
    for action in ALL_ACTIONS:
        assert game.parse_action(state, str(action)) is action
        assert game.parse_action(state, str(action).lower()) is action
        assert game.parse_action(state, " ".join(str(action))) is action  # spaces are ignored


def test_legal_actions_are_sorted_by_notation_along_a_game() -> None:
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        texts = [str(a) for a in state.legal_actions()]
        assert texts == sorted(texts) and len(set(texts)) == len(texts)
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))


@pytest.mark.parametrize("text", ["", "W6>W", "Z1>W", "play", "W3>Q", "sW3>3W", "R+W1>W", "mW>W", "cW3>L"])
def test_garbage_is_invalid_with_the_grammar(text: str) -> None:
    with pytest.raises(InvalidActionError, match="not a Muster action; actions: W3>L"):
        game.parse_action(game.new_initial_state(), text)


def test_bare_card_names_the_chance_outcome_at_a_chance_node() -> None:
    state = game.new_initial_state({"first": "1"})
    assert game.parse_action(state, "w3") is parse_text("*W3")


def test_well_formed_but_illegal_says_why() -> None:
    state = build_state(north="W1 L1 C1 F1 P1", south="W2 L2 C2 F2 P2", north_columns={"water": "W1 W2 W3"})
    with pytest.raises(IllegalActionError, match=r"W1>W: on a 3 only strength 3 or 4"):
        state.apply(game.parse_action(state, "W1>W"))
    with pytest.raises(IllegalActionError, match="goes under the Leaf castle only"):
        state.apply(game.parse_action(state, "L1>W"))
    with pytest.raises(IllegalActionError, match="not a Rainbow Wizard"):
        state.apply(game.parse_action(state, "mW>L"))
    with pytest.raises(IllegalActionError, match="no Rainbow card"):
        state.apply(game.parse_action(state, "sW1>1W"))
    with pytest.raises(IllegalActionError, match="now you must take a turn's action"):
        state.apply(game.parse_action(state, "*W4"))


def test_describe_long_forms() -> None:
    state = build_state(north="W3 R L1 C1 X", south="W2 L2 C2 F2 P2", north_columns={"water": "W1", "leaf": "RW"})

    def d(text: str) -> str:
        return state.describe(game.parse_action(state, text))

    assert d("R+W3>W") == "North makes a Rainbow Bridge (as 2) under the Water castle and plays Water 3 on it."
    assert d("C1>C") == "North plays Cloud 1 under the Cloud castle."
    assert d("mL>C") == "North moves a Rainbow Wizard from under the Leaf castle to under the Cloud castle."
    assert d("cX>F") == "North castles a Rainbow Castle onto the Flame castle space."
    assert d("sL2>1L") == "North swaps Leaf 2 for the Rainbow Wizard in their own Leaf column."
    refill = build_state(
        north="W3 L1 C1 F1", south="W2 L2 C2 F2 P2", castles={"water": "R", "leaf": "L4"}, phase="refill", to_draw=1
    )
    assert (
        refill.describe(game.parse_action(refill, "dW"))
        == "North takes a Rainbow Wizard/Bridge from the Water castle space."
    )
    assert refill.describe(game.parse_action(refill, "dL")) == "North takes Leaf 4 from the Leaf castle space."


def test_describe_hides_cards_from_the_other_player() -> None:
    state = game.new_initial_state({"first": "2"})
    deal = game.parse_action(state, "*F5")
    assert state.describe(deal, 1) == "South (you) is dealt Flame 5."  # as the board names the viewer's side
    assert state.describe(deal, 0) == "South is dealt a card."
    assert state.describe(deal) == "South is dealt Flame 5."
    drawn = build_state(north="W3 R L1 C1 F1", south="W2 L2 C2 F2 P2")
    play(drawn, "cW3", "d")
    action = game.parse_action(drawn, "*P5")
    assert drawn.describe(action, 0) == "North (you) draws Feather 5 from the deck."
    assert drawn.describe(action, 1) == "North draws a card from the deck."


def test_why_unplayable_explains_greyed_out_cards() -> None:
    state = build_state(north="W1 X R L5 C1", south="W2 L2 C2 F2 P2", north_columns={"water": "W2 W3", "leaf": "RW"})
    w1 = card("W1")
    assert why_unplayable(state, w1) is None  # it can always be castled
    assert why_unplayable(state, w1, "castle") is None
    assert "only strength 3 or 4" in (why_unplayable(state, w1, "banner") or "")
    assert "Rainbow Castle card is only ever castled" in (why_unplayable(state, card("X"), "banner") or "")
    assert why_unplayable(state, card("R"), "wizard") is None
    assert "no Water 5" in (why_unplayable(state, card("W5"), "banner") or "")
    assert why_unplayable(state, card("L5"), "swap") is None  # a 5 may start a column: it replaces the Wizard
    assert "Rainbow Castle" in (why_unplayable(state, w1, "swap") or "")
    for verb in VERBS:  # every verb answers with a string or None, never an exception
        for code in ("W1", "X", "R", "L5", "C1"):
            result = why_unplayable(state, card(code), verb)
            assert result is None or isinstance(result, str)


def test_why_unplayable_works_on_a_view() -> None:
    state = build_state(north="W1 X R L5 C1", south="W2 L2 C2 F2 P2", north_columns={"water": "W2 W3"})
    view = state.view(0)
    assert why_unplayable(view, card("W1"), "banner") == why_unplayable(state, card("W1"), "banner")
    assert why_unplayable(state.view(1), card("W2")) == "it is not your turn to act"

"""Every ruling of Muses, on small card sets."""

from __future__ import annotations

import json

import pytest

from tabletop.game import CHANCE, TERMINAL, IllegalActionError, InvalidActionError, InvalidStateError
from tabletop_muses import game
from tabletop_muses.cards import CardSet
from tabletop_muses.rules import ACT, DRAW, OVER, REROLL, ROLL, Claim, End, Hint, MusesState, Roll, UsePower

from .helpers import make_set, play


def test_turn_starts_by_turning_up_a_card_uniformly(trio: CardSet) -> None:
    state = MusesState(trio)
    assert state.current_player() == CHANCE and state.phase == DRAW
    outcomes = state.chance_outcomes()
    assert sorted(str(a) for a, _ in outcomes) == ["draw Alpha", "draw Beta", "draw Gamma"]
    assert all(p == pytest.approx(1 / 3) for _, p in outcomes)
    play(state, "draw Beta")
    assert state.display == [(1, 0)] and state.phase == ROLL  # upright, then the roll


def test_roll_has_21_unordered_outcomes(trio: CardSet) -> None:
    state = play(MusesState(trio), "draw Alpha")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 21
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    probs = {str(a): p for a, p in outcomes}
    assert probs["roll 3 3"] == pytest.approx(1 / 36) and probs["roll 2 5"] == pytest.approx(2 / 36)
    state.apply(game.parse_action(state, "roll 5 2"))
    assert state.dice == (2, 5) and state.current_player() == 0


def test_claim_needs_the_top_condition_and_ends_the_turn(trio: CardSet) -> None:
    state = play(MusesState(trio), "draw Alpha", "roll 2 4")
    assert "claim Alpha" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalActionError, match="do not meet Alpha's top condition"):
        state.apply(Claim("Alpha"))
    play(state, "hint 4 +1")  # 2 + 5 = 7
    play(state, "claim Alpha")
    assert state.tableau == [(0, False)] and state.phase == DRAW and state.dice is None
    assert state.claimed_points() == 3


def test_one_claim_per_turn(trio: CardSet) -> None:
    state = play(MusesState(trio), "draw Gamma", "roll 4 5", "end", "draw Beta", "roll 5 5")
    # Gamma (now "Pair ≥ 8") and Beta ("Pair") are both met, but a claim ends the turn.
    legal = [str(a) for a in state.legal_actions()]
    assert "claim Beta" in legal and "claim Gamma" in legal
    play(state, "claim Gamma")
    assert state.phase == DRAW and dict(state.display) == {1: 1}


def test_rotation_and_discard_on_blank_edge(trio: CardSet) -> None:
    state = play(MusesState(trio), "draw Alpha", "roll 1 1", "end")
    assert state.display == [(0, 1)]  # the right edge ("≥ 10") came to the top
    play(state, "draw Beta", "roll 1 1")
    assert state.card(0).top(1) is not None
    play(state, "end")
    assert 0 in state.discarded  # Alpha's third edge is blank
    assert state.display == [(1, 1)]


def test_card_coming_back_upright_is_discarded() -> None:
    cards = make_set([("Solo", 1, "", ["12", "12", "12", "12"])], target=5, hints=0)
    state = MusesState(cards)
    play(state, "draw Solo")
    play(state, "roll 1 2", "end")  # rotation 1
    assert state.phase == ROLL  # deck empty, display not: the next turn has no draw
    play(state, "roll 1 2", "end", "roll 1 2", "end")  # rotations 2 and 3
    assert state.display == [(0, 3)]
    play(state, "roll 1 2", "end")  # back upright: discarded, game over
    assert state.discarded == [0] and state.phase == OVER and state.current_player() == TERMINAL


def test_hints_adjust_by_one_within_the_faces(trio: CardSet) -> None:
    state = play(MusesState(trio), "draw Gamma", "roll 1 6")
    legal = {str(a) for a in state.legal_actions()}
    assert {"hint 1 +1", "hint 6 -1"} <= legal
    assert "hint 1 -1" not in legal and "hint 6 +1" not in legal  # no die below 1 or above 6
    play(state, "hint 1 +1", "hint 2 +1")
    assert state.hints == 0 and state.dice == (3, 6)
    assert not any(isinstance(a, Hint) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="no hints are left"):
        state.apply(Hint(3, 1))


def powered_state(power: str) -> MusesState:
    cards = make_set(
        [
            ("Giver", 1, power, ["≥ 2", "", "", ""]),
            ("Taker", 5, "", ["12", "", "", ""]),
            ("Later", 1, "", ["2", "", "", ""]),
        ],
        target=9,
        hints=0,
    )
    state = MusesState(cards)
    return play(state, "draw Giver", "roll 2 3", "claim Giver", "draw Taker")


def test_power_flip() -> None:
    state = play(powered_state("flip"), "roll 1 6")
    play(state, "power Giver 1")
    assert state.dice == (6, 6) and state.tableau == [(0, True)]
    assert not any(isinstance(a, UsePower) for a in state.legal_actions())  # once per game
    play(state, "claim Taker")


def test_power_reroll_is_a_chance_node() -> None:
    state = play(powered_state("reroll"), "roll 2 6")
    play(state, "power Giver 2")
    assert state.phase == REROLL and state.current_player() == CHANCE and state.kept == 6
    outcomes = state.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == [f"reroll {v}" for v in range(1, 7)]
    play(state, "reroll 6")
    assert state.dice == (6, 6) and state.phase == ACT


def test_power_adjust_by_up_to_two() -> None:
    state = play(powered_state("adjust 2"), "roll 4 5")
    legal = {str(a) for a in state.legal_actions() if isinstance(a, UsePower)}
    assert legal == {"power Giver 4 +1", "power Giver 4 +2", "power Giver 4 -1", "power Giver 4 -2",
                     "power Giver 5 +1", "power Giver 5 -1", "power Giver 5 -2"}  # fmt: skip
    play(state, "power Giver 4 +2")
    assert state.dice == (5, 6)


def test_power_match() -> None:
    state = play(powered_state("match"), "roll 3 6")
    play(state, "power Giver 3")
    assert state.dice == (6, 6)
    doubles = play(powered_state("match"), "roll 4 4")
    assert not any(isinstance(a, UsePower) for a in doubles.legal_actions())


def test_power_of_a_card_claimed_this_game_only() -> None:
    state = play(powered_state("flip"), "roll 1 2")
    assert any(isinstance(a, UsePower) for a in state.legal_actions())
    fresh = MusesState(state.cardset)
    play(fresh, "draw Giver", "roll 1 2")
    assert not any(isinstance(a, UsePower) for a in fresh.legal_actions())


def test_score_counts_points_and_unused_hints_and_20_wins() -> None:
    cards = make_set([("Big", 5, "", ["≥ 2", "", "", ""]), ("Small", 1, "", ["≥ 2", "", "", ""])], target=7, hints=3)
    won = play(MusesState(cards), "draw Big", "roll 1 1", "claim Big", "draw Small", "roll 1 1", "claim Small")
    assert won.phase == OVER and won.score() == 9 and won.returns() == [1.0]
    assert "You win" in won.outcome_text()
    lost = play(MusesState(cards), "draw Big", "roll 1 1", "hint 1 +1", "hint 1 +1", "end", "draw Small")
    play(lost, "roll 1 1", "claim Small")
    assert lost.phase == OVER and lost.score() == 2 and lost.returns() == [0.0]
    exact = make_set([("Big", 5, "", ["≥ 2", "", "", ""])], target=8, hints=3)
    assert play(MusesState(exact), "draw Big", "roll 1 1", "claim Big").returns() == [1.0]  # 5 + 3 = target


def test_default_target_is_20() -> None:
    assert game.new_initial_state().cardset.target == 20


def test_notation_round_trips_and_garbage_is_refused(trio: CardSet) -> None:
    state = play(MusesState(trio), "draw Alpha", "roll 3 4")
    for action in state.legal_actions():
        assert game.parse_action(state, str(action)) == action
    assert game.parse_action(state, "CLAIM alpha") == Claim("Alpha")
    assert game.parse_action(state, "roll 6 1") == Roll(1, 6)
    assert game.parse_action(state, "end") == End()
    for bad in ("claim Zeta", "hint 7 +1", "jump", "hint 3 +2"):
        with pytest.raises(InvalidActionError):
            game.parse_action(state, bad)


def test_json_round_trip_and_validation(trio: CardSet) -> None:
    game.register(trio)
    state = play(MusesState(trio), "draw Beta", "roll 1 1", "claim Beta", "draw Alpha", "roll 3 3")
    play(state, "power Beta 3")
    data = json.loads(json.dumps(state.to_json()))
    back = game.state_from_json(data)
    assert back == state and back.phase == REROLL
    for key, value, message in [
        ("hints", -1, "hints"),
        ("hints", 5, "hints"),
        ("phase", "dance", "phase"),
        ("deck", ["Alpha"], "exactly one place"),
        ("kept", None, "kept"),
        ("digest", "0" * 64, "card"),
    ]:
        broken = dict(data, **{key: value})
        with pytest.raises(InvalidStateError, match=message):
            game.state_from_json(broken)
    with pytest.raises(InvalidStateError):
        game.state_from_json([1, 2])


def test_view_shows_everything_visible(trio: CardSet) -> None:
    state = play(MusesState(trio), "draw Beta", "roll 1 2")
    view = state.view(0)
    data = view.to_json()["state"]
    assert data["display"] == [{"name": "Beta", "rotation": 0}] and data["dice"] == [1, 2]
    assert sorted(data["deck"]) == ["Alpha", "Gamma"]  # which cards are left, never their order
    assert view.state == state


def test_cards_option_takes_a_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "two.toml"
    path.write_text('[[card]]\nname = "Ona"\npoints = 2\nedges = ["7", "", "", ""]\n', encoding="utf-8")
    options = game.resolve_options({"cards": str(path)})
    state = game.new_initial_state(options)
    assert [c.name for c in state.cardset.cards] == ["Ona"]
    with pytest.raises(ValueError, match="no such card file"):
        game.resolve_options({"cards": str(tmp_path / "missing.toml")})
    with pytest.raises(ValueError, match="no option"):
        game.resolve_options({"colour": "red"})


def test_the_log_counts_one_point_as_1_pt() -> None:
    cards = make_set([("Solo", 1, "", ["7", "", "", ""]), ("Duo", 2, "", ["7", "", "", ""])], target=3, hints=0)
    state = MusesState(cards)
    assert state.describe(game.parse_action(state, "draw Solo")).startswith("Turned up Solo (1 pt), top:")
    assert state.describe(game.parse_action(state, "draw Duo")).startswith("Turned up Duo (2 pts), top:")
    play(state, "draw Solo", "roll 3 4")
    assert state.describe(Claim("Solo")).startswith("Claimed Solo (+1 pt).")

"""Five Dice's rules: the kit for every rule set and player count, the scoring and the joker rules."""

from __future__ import annotations

import pytest

from tabletop.testing import check_agents, check_game, check_steps, option_combinations
from tabletop_fivedice import game
from tabletop_fivedice.rules import FiveDiceState, Keep, Roll, Score, parse_action
from tabletop_fivedice.scoring import (
    ACES,
    CHANCE,
    FIVE_KIND,
    FIVES,
    FOUR_KIND,
    FREE,
    FULL_HOUSE,
    LARGE_STRAIGHT,
    NONE,
    OFFICIAL,
    SIXES,
    SMALL_STRAIGHT,
    THREE_KIND,
    box_score,
    scoring_choices,
)

ALL = frozenset(range(13))


KIT_OPTIONS = [o for o in option_combinations(game) if o["players"] in ("1", "3") or o["joker"] == "official"]
"""Each rule set solo and with three players, and every player count under the official rule."""


@pytest.mark.parametrize("options", KIT_OPTIONS, ids=str)
def test_the_kit_passes(options: dict[str, str]) -> None:
    check_game(game, options=options, playouts=2)


@pytest.mark.parametrize("players", ["1", "2"])
def test_the_computer_levels_play_legal_moves_and_every_move_can_be_chosen(players: str) -> None:
    check_agents(game, options={"players": players}, levels=["simple"], games=1)
    check_steps(game, options={"players": players}, games=1)


@pytest.mark.parametrize(
    ("box", "faces", "points"),
    [
        (FIVES, (5, 5, 1, 2, 5), 15),
        (THREE_KIND, (3, 3, 3, 1, 6), 16),
        (THREE_KIND, (3, 3, 1, 1, 6), 0),
        (FOUR_KIND, (2, 2, 2, 2, 2), 10),
        (FULL_HOUSE, (2, 2, 3, 3, 3), 25),
        (FULL_HOUSE, (3, 3, 3, 3, 3), 0),
        (SMALL_STRAIGHT, (1, 2, 3, 4, 4), 30),
        (SMALL_STRAIGHT, (1, 2, 3, 5, 6), 0),
        (LARGE_STRAIGHT, (2, 3, 4, 5, 6), 40),
        (LARGE_STRAIGHT, (1, 2, 3, 4, 6), 0),
        (FIVE_KIND, (4, 4, 4, 4, 4), 50),
        (CHANCE, (1, 2, 3, 4, 6), 16),
    ],
)
def test_each_box_scores_by_its_rule(box: int, faces: tuple[int, ...], points: int) -> None:
    assert box_score(box, tuple(sorted(faces))) == points


def test_the_official_joker_is_forced_to_its_upper_box_then_the_lower_then_a_zero() -> None:
    sixes = (6, 6, 6, 6, 6)
    assert scoring_choices(OFFICIAL, ALL - {FIVE_KIND}, 50, sixes) == [(SIXES, 30)]
    lower = scoring_choices(OFFICIAL, ALL - {FIVE_KIND, SIXES}, 0, sixes)
    assert dict(lower) == {
        THREE_KIND: 30,
        FOUR_KIND: 30,
        FULL_HOUSE: 25,
        SMALL_STRAIGHT: 30,
        LARGE_STRAIGHT: 40,
        CHANCE: 30,
    }
    assert scoring_choices(OFFICIAL, {ACES, FIVES}, 50, sixes) == [(ACES, 0), (FIVES, 0)]


def test_the_free_joker_goes_anywhere_with_joker_values_only_once_its_upper_box_is_filled() -> None:
    sixes = (6, 6, 6, 6, 6)
    open_upper = dict(scoring_choices(FREE, ALL - {FIVE_KIND}, 50, sixes))
    assert open_upper[SIXES] == 30 and open_upper[FULL_HOUSE] == 0 and open_upper[ACES] == 0
    filled_upper = dict(scoring_choices(FREE, ALL - {FIVE_KIND, SIXES}, 50, sixes))
    assert filled_upper[FULL_HOUSE] == 25 and filled_upper[LARGE_STRAIGHT] == 40 and filled_upper[ACES] == 0


def test_no_bonus_has_no_joker() -> None:
    assert dict(scoring_choices(NONE, ALL - {FIVE_KIND, SIXES}, 50, (6, 6, 6, 6, 6)))[FULL_HOUSE] == 0


def play(state: FiveDiceState, *texts: str) -> None:
    for text in texts:
        state.apply(parse_action(text))


def test_a_second_five_of_a_kind_earns_100_and_the_upper_bonus_counts_at_63() -> None:
    state = FiveDiceState(1, OFFICIAL)
    play(state, "roll 6 6 6 6 6", "score five-kind", "roll 6 6 6 6 6")
    assert [str(a) for a in state.legal_actions() if isinstance(a, Score)] == ["score sixes"]
    play(state, "score sixes")
    assert state.total(0) == 50 + 30 + 100
    for face, box in ((5, "fives"), (4, "fours")):
        play(state, f"roll {face} {face} {face} {face} 1", f"score {box}")
    assert state.total(0) == 180 + 20 + 16 + 35  # 30 + 20 + 16 = 66 >= 63


def test_a_turn_has_three_rolls_at_most_and_holds_are_kept() -> None:
    state = FiveDiceState(1)
    play(state, "roll 1 2 3 3 6", "keep 3 3")
    assert all(str(d).startswith("roll") for d in state.legal_actions())
    assert all(a.faces.count(3) >= 2 for a in state.legal_actions() if isinstance(a, Roll))
    play(state, "roll 3 3 4 5 6", "keep 3 4 5", "roll 2 3 4 5 6")
    assert not any(isinstance(a, Keep) for a in state.legal_actions())


def test_a_multiplayer_game_is_won_by_the_highest_total() -> None:
    state = game.new_initial_state({"players": "2"})
    rolls = ["roll 6 6 6 6 6", "roll 1 1 1 2 2"]
    for turn in range(26):
        play(state, rolls[turn % 2])
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Score)))
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0]

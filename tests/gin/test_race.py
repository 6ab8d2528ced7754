"""Hard's race (tabletop_gin.race): the quick draw gives what the full search of melds gives, and the knock
chances it weighs by are those the bench measures."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_gin.melds import deadwood
from tabletop_gin.race import KNOCK_CHANCE, PACE_CAP, RACE_DRAWS, draw_and_throw, draws_to_knock, race_value, still_in
from tabletop_gin.strategy import _greedy_draw
from tests.bench_scripts import load_bench

MEASURED_DEALS, MEASURED_SEED = 20_000, 1


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=11, max_size=11, unique=True))
def test_the_quick_draw_keeps_and_throws_as_the_full_search_of_melds(cards: list[int]) -> None:
    hand = sum(1 << c for c in cards[:10])
    assert draw_and_throw(hand, deadwood(hand), cards[10]) == _greedy_draw(hand, cards[10])


def test_the_knock_chances_are_those_the_bench_measures() -> None:
    bench = load_bench("gin_race")
    taken = bench.knock_draws(MEASURED_DEALS, MEASURED_SEED)
    left = len(taken)
    for draw, chance in enumerate(KNOCK_CHANCE, 1):
        knocked = taken.count(draw)
        assert round(knocked / left, 3) == chance, draw
        left -= knocked
    assert len(KNOCK_CHANCE) == RACE_DRAWS


def test_a_hand_that_knocks_sooner_is_worth_more_and_one_that_never_does_nothing() -> None:
    rng = random.Random(5)
    deck = list(range(52))
    rng.shuffle(deck)
    hand = sum(1 << c for c in deck[:10])
    runs = [rng.sample(deck[10:], RACE_DRAWS) for _ in range(32)]
    chances = still_in(0)
    needed = [draws_to_knock(hand, run, 10) for run in runs]
    expected = sum(chances[n] for n in needed if n <= RACE_DRAWS) / len(runs)
    assert race_value(hand, runs, chances, 10) == expected
    assert race_value(hand, runs, chances, 10, later=2) < expected  # the other player has had longer
    assert race_value(hand, [[]], chances, 10) == (1.0 if deadwood(hand) <= 10 else 0.0)
    assert all(a > b for a, b in itertools.pairwise(chances))


def test_a_faster_pace_leaves_the_other_player_in_the_hand_less_often_and_pace_one_changes_nothing() -> None:
    assert still_in(3, pace=1.0) == still_in(3)
    faster = still_in(3, pace=2.5)
    assert all(f < s for f, s in zip(faster[1:], still_in(3)[1:], strict=True))
    steps = [b / a for a, b in itertools.pairwise(still_in(40, pace=2.5))]
    assert all(round(1 - s, 9) == PACE_CAP for s in steps)  # late draws: the cap, not 2.5 times the late chance

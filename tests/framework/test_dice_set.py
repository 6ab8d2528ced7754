"""The framework's dice set: holds, rerolls and their exact probabilities."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.dice_set import DiceSet, first_roll, holds_of, roll_ways

dice_sets = st.lists(st.integers(1, 6), min_size=1, max_size=5).map(lambda faces: DiceSet(tuple(faces)))


@given(dice_sets)
def test_notation_round_trips_and_faces_are_sorted(dice: DiceSet) -> None:
    assert DiceSet.parse(str(dice)) == dice
    assert list(dice.faces) == sorted(dice.faces)


@given(dice_sets, st.data())
def test_a_reroll_is_an_exact_distribution_that_keeps_the_held_dice(dice: DiceSet, data: st.DataObject) -> None:
    kept = data.draw(st.sampled_from(dice.holds()))
    outcomes = dice.reroll_outcomes(kept)
    assert sum(p for _, p in outcomes) == 1
    assert len({d for d, _ in outcomes}) == len(outcomes)
    for after, _ in outcomes:
        assert len(after) == len(dice)
        assert not Counter(kept) - after.counts()
    assert [d.faces for d, _ in outcomes] == sorted(d.faces for d, _ in outcomes)


def test_the_probabilities_match_counting_every_ordered_roll() -> None:
    dice = DiceSet((1, 2, 2, 4, 6))
    kept = (2, 2)
    counted: Counter[tuple[int, ...]] = Counter()
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                counted[tuple(sorted(kept + (a, b, c)))] += 1
    assert {d.faces: p for d, p in dice.reroll_outcomes(kept)} == {k: Fraction(n, 216) for k, n in counted.items()}


def test_the_holds_are_every_distinct_sub_multiset() -> None:
    assert len(holds_of((1, 2, 3, 4, 5))) == 32
    assert len(holds_of((6, 6, 6, 6, 6))) == 6
    assert holds_of((2, 2, 5))[0] == () and holds_of((2, 2, 5))[-1] == (2, 2, 5)


def test_five_dice_have_252_results_and_462_holds_in_all() -> None:
    assert len(first_roll(5)) == 252
    every_hold = {hold for dice, _ in first_roll(5) for hold in dice.holds()}
    assert len(every_hold) == 462
    assert sum(p for _, p in roll_ways(3)) == 1


def test_a_reroll_samples_like_its_distribution() -> None:
    rng = random.Random(5)
    dice = DiceSet((1, 1, 3, 4, 6))
    outcomes = dice.reroll_chances((1, 1))
    draws = Counter(rng.choices([d for d, _ in outcomes], [p for _, p in outcomes], k=20000))
    assert abs(draws[DiceSet((1, 1, 2, 2, 2))] / 20000 - 1 / 216) < 0.003


@pytest.mark.parametrize("text", ["", "7", "1 2 x", "0 1"])
def test_bad_faces_are_refused_plainly(text: str) -> None:
    if text == "":
        assert DiceSet.parse(text) == DiceSet(())
        return
    with pytest.raises(ValueError, match=r"face|die"):
        DiceSet.parse(text)


def test_holding_dice_that_are_not_showing_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot hold 5 5"):
        DiceSet((1, 5, 2)).reroll_outcomes((5, 5))

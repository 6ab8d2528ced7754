"""The naive player's exact odds (NaiveEvaluator) against a brute force over the rules engine and NaiveAgent."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from tabletop_muses.agents import NaiveAgent
from tabletop_muses.cards import CardSet, load_cards
from tabletop_muses.rules import ACT, Draw, MusesState, Roll
from tabletop_muses.solver import SCORE, WIN, NaiveEvaluator

from .helpers import make_set


def naive_brute_force(state: MusesState, memo: dict[str, Fraction], mode: str = WIN) -> Fraction:
    """The value of NaiveAgent's own choices, over every draw and roll of the rules engine, in exact fractions."""
    key = repr(state.to_json())
    if key in memo:
        return memo[key]
    if state.is_terminal():
        score = state.score()
        value = Fraction(score) if mode == SCORE else Fraction(int(score >= state.cardset.target))
    elif state.phase == ACT:
        action = NaiveAgent().choose(state.view(0), state.legal_actions(), random.Random(0))
        child = state.clone()
        child.apply(action)
        value = naive_brute_force(child, memo, mode)
    else:
        value = Fraction(0)
        for action, _ in state.chance_outcomes():
            if isinstance(action, Draw):
                p = Fraction(1, len(state.deck))
            else:
                assert isinstance(action, Roll)  # the naive player never re-rolls
                p = Fraction(1 if action.low == action.high else 2, 36)
            child = state.clone()
            child.apply(action)
            value += p * naive_brute_force(child, memo, mode)
    memo[key] = value
    return value


SETS = {
    # Several cards claimable by one roll, so the order of the claim ("oldest first") matters.
    "overlap": make_set(
        [
            ("Alpha", 3, "flip", ["≥ 7", "≥ 9", "≥ 10", "12"]),
            ("Beta", 1, "reroll", ["≥ 6", "≥ 8", "11", ""]),
            ("Gamma", 4, "", ["Pair", "Pair ≥ 6", "Pair ≥ 8", "⚅⚅"]),
        ],
        target=7,
        hints=1,
    ),
    "four": make_set(
        [
            ("Alpha", 3, "flip", ["≥ 10", "12", "Pair", "⚀⚀"]),
            ("Beta", 1, "reroll", ["Difference ≥ 3", "⚀⚅", "", ""]),
            ("Gamma", 4, "", ["7", "Both odd", "Odd", "≥ 4"]),
            ("Delta", 2, "adjust 1", ["Pair", "", "", ""]),
        ],
        target=8,
        hints=2,
    ),
    "four-long": make_set(
        [
            ("Alpha", 2, "flip", ["Odd", "≥ 8", "≥ 10", "⚅⚅"]),
            ("Gamma", 3, "match", ["Even", "Pair", "Pair ≥ 8", "12"]),
            ("Delta", 2, "reroll", ["⚄", "Both ≥ 4", "", ""]),
            ("Eps", 1, "adjust 1", ["No pair", "Difference ≥ 2", "Difference ≥ 4", "⚀⚅"]),
        ],
        target=6,
        hints=1,
    ),
}


@pytest.mark.parametrize("name", sorted(SETS))
@pytest.mark.parametrize("mode", [WIN, SCORE])
def test_exact_naive_value_matches_brute_force(name: str, mode: str) -> None:
    cards = SETS[name]
    exact = naive_brute_force(MusesState(cards), {}, mode)
    evaluated = NaiveEvaluator(cards, mode, exact=True).win_probability()
    assert evaluated == exact  # the same fraction, not merely close
    assert abs(NaiveEvaluator(cards, mode).win_probability() - float(exact)) < 1e-12
    if mode == WIN:
        assert 0 < exact < 1


def test_claim_order_matters_on_a_set_where_it_changes_the_odds() -> None:
    """The evaluator follows NaiveAgent's order: a claim of the newest muse first gives another value."""
    cards = SETS["overlap"]
    oldest_first = NaiveEvaluator(cards, exact=True).win_probability()

    class NewestFirst(NaiveEvaluator):
        def _turn(self, deck: int, slots: tuple[int, int, int], drawn: int, claimed: int) -> object:
            return super()._turn(deck, (slots[2], slots[1], slots[0]), drawn, claimed)

    assert NewestFirst(cards, exact=True).win_probability() != oldest_first


def _naive_games(cards: CardSet, games: int) -> float:
    agent, wins = NaiveAgent(), 0
    for seed in range(games):
        rng = random.Random(seed)
        state = MusesState(cards)
        while not state.is_terminal():
            if state.phase == ACT:
                state.apply(agent.choose(state.view(0), state.legal_actions(), rng))
            else:
                state.apply(state.sample_chance(rng))
        wins += state.score() >= cards.target
    return wins / games


def test_exact_naive_value_of_the_default_set_agrees_with_seeded_games() -> None:
    cards = load_cards()
    exact = NaiveEvaluator(cards).win_probability()
    games = 3000
    rate = _naive_games(cards, games)
    sigma = math.sqrt(exact * (1 - exact) / games)
    assert abs(rate - exact) <= 4 * sigma + 1 / games  # 4 standard errors: a false alarm once in 15,000 runs

"""The default card set has the rulebook's shape: conditions on most edges, each quarter turn harder."""

from __future__ import annotations

import itertools
from pathlib import Path

from tabletop_muses.cards import Card, load_cards
from tabletop_muses.solver import NaiveEvaluator


def live_edges(card: Card) -> int:
    """Edges with a condition before the first blank one, counting from upright."""
    count = 0
    for edge in card.edges:
        if edge is None:
            break
        count += 1
    return count


def test_most_cards_keep_a_condition_on_three_or_four_edges() -> None:
    cards = load_cards().cards
    assert sum(live_edges(c) >= 3 for c in cards) >= 6
    assert sum(live_edges(c) == 4 for c in cards) >= 2  # discarded on coming back upright
    # Blanks only on the cards that leave early: no condition after a blank edge.
    for card in cards:
        assert all(edge is None for edge in card.edges[live_edges(card) :]), card.name


def test_each_quarter_turn_makes_the_condition_no_easier() -> None:
    for card in load_cards().cards:
        odds = [edge.probability() for edge in card.edges if edge is not None]
        assert all(later <= earlier for earlier, later in itertools.pairwise(odds)), card.name
        assert odds[0] > odds[-1] or len(odds) == 1, card.name


def test_points_powers_and_the_reconstruction_note() -> None:
    cards = load_cards()
    assert sorted({c.points for c in cards.cards}) == [1, 2, 3, 4, 5]
    assert {c.name for c in cards.cards if c.power is None} == {"Calliope", "Cleo"}
    text = (Path(__file__).parents[2] / "games/muses/tabletop_muses/default.toml").read_text(encoding="utf-8")
    assert "RECONSTRUCTION" in text and "--cards YOUR_FILE.toml" in text


def test_the_naive_player_rarely_wins_the_default_set() -> None:
    """Exact, not sampled: the fixed policy of NaiveAgent evaluated over every turn-start position."""
    assert NaiveEvaluator(load_cards()).win_probability() <= 0.10

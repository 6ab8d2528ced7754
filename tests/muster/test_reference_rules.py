"""The engine against the plain reimplementation in ``bench/muster_reference.py``, move by move.

Along random games of the base rules, both must offer the very same legal moves
at every decision, end at the same moment and name the same winner. The two
share no code: the engine's tables and caches against the reference's card
codes and strings, written from the same rulings.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop_muster.cards import card_code
from tabletop_muster.rules import MusterRules
from tests.bench_scripts import load_bench

reference = load_bench("muster_reference")

GAMES = 60


def play_both(seed: int) -> tuple[list[str], MusterRules, Any]:
    """One random game played on both, checked at every decision; returns (moves played, engine, reference)."""
    rng = random.Random(seed)
    first = seed % 2
    engine = MusterRules.new(first=first)
    dealt = []
    while engine.is_chance_node():
        card = engine.sample_chance(rng)
        dealt.append(card_code(card.card))
        engine.apply(card)
    ref = reference.ReferenceGame(random.Random(seed), first=first, deal=dealt)
    played: list[str] = []
    while not engine.is_terminal():
        offered = [str(a) for a in engine.legal_actions()]
        assert ref.legal_moves() == offered, (seed, played, ref.hands, ref.columns, ref.spaces)
        move = engine.legal_actions()[rng.randrange(len(offered))]
        engine.apply(move)
        drawn = None
        if engine.is_chance_node():  # a card from the deck: the same one for the reference
            card = engine.sample_chance(rng)
            drawn = card_code(card.card)
            engine.apply(card)
        ref.apply(str(move), drawn)
        played.append(str(move))
    assert ref.phase == "over"
    return played, engine, ref


@pytest.mark.parametrize("seed", range(GAMES))
def test_the_engine_and_the_plain_reimplementation_agree_move_by_move(seed: int) -> None:
    played, engine, ref = play_both(seed)
    assert ref.winner() == engine.score().winner
    assert len(played) > 20


def test_the_games_compared_play_every_kind_of_move() -> None:
    """A comparison that never met a Swap or a Bridge would prove nothing about them."""
    kinds = {kind_of(move) for seed in range(GAMES) for move in play_both(seed)[0]}
    assert kinds == {"banner", "wizard", "bridge", "move", "castle", "swap", "draw", "place"}


def kind_of(move: str) -> str:
    if move.startswith("R+"):
        return "bridge"
    kinds = {"R": "wizard", "m": "move", "c": "castle", "s": "swap", "d": "draw", "p": "place"}
    return kinds.get(move[0], "banner")

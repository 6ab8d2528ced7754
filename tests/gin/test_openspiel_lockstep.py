"""Gin Rummy against OpenSpiel's ``gin_rummy``, in lockstep: the same deals, legal moves, deadwood and scores.

A short run here; ``bench/gin_openspiel.py`` plays the long one (10,000 games) and prints its figures.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.bench_scripts import load_bench

pytest.importorskip(
    "pyspiel", reason="OpenSpiel (pip install open_spiel) is the reference these games are checked against"
)

GAMES = 250


@pytest.fixture(scope="module")
def bench() -> Any:
    return load_bench("gin_openspiel")


def test_random_games_agree_move_for_move_with_openspiel(bench: Any) -> None:
    tally = bench.lockstep(GAMES, seed=2026)
    assert tally.mismatches == [], tally.mismatches[0]
    assert tally.games == GAMES and tally.knocks > 0


def test_every_meld_maps_to_its_own_openspiel_number(bench: Any) -> None:
    from tabletop_gin.melds import ALL_MELDS

    numbers = {bench.meld_id(meld) for meld in ALL_MELDS}
    assert numbers == set(range(len(ALL_MELDS)))

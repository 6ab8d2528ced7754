"""bench/ismcts_vs_hard.py plays a real game of OpenSpiel's ISMCTS against Hard (with a tiny budget here)."""

from __future__ import annotations

import pytest

from tests.bench_scripts import load_bench

pytest.importorskip("pyspiel")


def test_one_game_of_ismcts_against_hard_is_played_to_its_end() -> None:
    bench = load_bench("ismcts_vs_hard")
    result = bench.play(seed=3, ismcts_seat=1, seconds=0.005)
    assert result.score in (0.0, 0.5, 1.0) and result.moves > 20 and result.simulations_per_move >= 2

"""Five Dice's optimal computer holds no more memory after thousands of games than after a hundred.

Slow on purpose: 2,000 games of the ``optimal`` level (about 35 s of processor time), since an
advisor that keeps what each game asked grows by a few kilobytes a turn, which shows only over many
games (254 MB after 3,000 games, where 50 MB will do). It runs ``bench/fivedice_memory.py`` in a
process of its own, so that the memory measured is the games' alone, reading the session's solution
(so it runs in that solve's group, tests/parallel.py).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tabletop_fivedice.advisor import Advisor
from tests.bench_scripts import BENCH

GAMES = 2000
EVERY = 100
GROWTH_MB = 20
"""How much more memory than after the first hundred games the process may hold at any later report."""


def test_the_optimal_computers_memory_stays_flat_over_2000_games(solved: tuple[Advisor, Path], tmp_path: Path) -> None:
    _, folder = solved
    env = dict(
        os.environ,
        TABLETOP_CACHE_DIR=str(folder),
        TABLETOP_DATA_DIR=str(tmp_path / "data"),
        TABLETOP_STATE_DIR=str(tmp_path / "state"),
    )
    command = [sys.executable, str(BENCH / "fivedice_memory.py"), str(GAMES), str(EVERY)]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900, check=False)
    assert result.returncode == 0, result.stderr
    held = {
        int(games.replace(",", "")): float(mb)
        for games, mb in re.findall(r"after ([\d,]+) games: (\d+) MB held", result.stdout)
    }
    assert sorted(held) == list(range(EVERY, GAMES + 1, EVERY)), result.stdout
    assert max(held.values()) - held[EVERY] <= GROWTH_MB, result.stdout

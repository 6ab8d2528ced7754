"""Five Dice's computer levels over seeded solo games: the mean score with its 99% interval.

    .venv/bin/python bench/fivedice_mean.py [GAMES] [LEVEL ...]

Game ``n`` is played from seed ``n`` (the same games for every level). The interval is the
mean plus or minus 2.576 standard errors. The optimal level's mean should hold 254.5877.

>>> mean, half = summary([250, 260, 254, 256])
>>> mean, round(half, 2)
(255.0, 5.36)
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Sequence

Z99 = 2.576


def play(level: str, seed: int) -> int:
    """One solo game of ``level`` from ``seed``: its final score."""
    from tabletop_fivedice import game
    from tabletop_fivedice.agents import play_solo

    return play_solo(game.agents()[level](), seed).total(0)


def summary(scores: Sequence[int]) -> tuple[float, float]:
    """The mean and the half-width of its 99% interval."""
    mean = sum(scores) / len(scores)
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / (len(scores) - 1))
    return mean, Z99 * spread / math.sqrt(len(scores))


def main(args: list[str]) -> int:
    games = int(args[0]) if args else 1000
    for level in args[1:] or ["optimal", "simple"]:
        wall, cpu = time.perf_counter(), time.process_time()
        scores = [play(level, seed) for seed in range(games)]
        mean, half = summary(scores)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(
            f"{level}: mean {mean:.2f} ± {half:.2f} (99%) over {games:,} seeded games; "
            f"best {max(scores)}, worst {min(scores)}; processor {cpu:.0f} s, wall {wall:.0f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The memory Five Dice's optimal computer holds over many seeded solo games: it should stay flat.

    .venv/bin/python bench/fivedice_memory.py [GAMES] [EVERY]

Plays GAMES solo games (default 4,000; game ``n`` from seed ``n``) with the ``optimal`` level in
this one process, as ``tabletop simulate fivedice --agents optimal`` does, and prints after every
EVERY games (default 500) the memory the process holds then, its peak so far, and the processor
and wall time so far. The solution is read from the cache folder (``$TABLETOP_CACHE_DIR``, ...),
solved first if it is not there. The last line gives the growth since the first report.

>>> report(100, 51.2, 60.0, 1.5, 2.0)
'after 100 games: 51 MB held, 60 MB peak; processor 1.5 s, wall 2.0 s'
"""

from __future__ import annotations

import os
import sys
import time

from tabletop.solutions import peak_memory_mb


def play(seed: int) -> int:
    """One solo game of the optimal level from ``seed``: its final score."""
    from tabletop_fivedice import game
    from tabletop_fivedice.agents import play_solo

    return play_solo(game.agents()["optimal"](), seed).total(0)


def held_mb() -> float:
    """The memory this process holds now (its resident set), in MB; its peak where the system does not say."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):  # not Linux
        return peak_memory_mb() or 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)


def report(games: int, held: float, peak: float, cpu: float, wall: float) -> str:
    """One line of the bench's output."""
    return f"after {games:,} games: {held:.0f} MB held, {peak:.0f} MB peak; processor {cpu:.1f} s, wall {wall:.1f} s"


def main(args: list[str]) -> int:
    games = int(args[0]) if args else 4000
    every = int(args[1]) if len(args) > 1 else 500
    wall, cpu = time.perf_counter(), time.process_time()
    first: float | None = None
    for seed in range(1, games + 1):
        play(seed)
        if seed % every == 0 or seed == games:
            held = held_mb()
            first = held if first is None else first
            line = report(seed, held, peak_memory_mb() or held, time.process_time() - cpu, time.perf_counter() - wall)
            print(line, flush=True)
    print(f"growth since the first report: {held_mb() - (first or 0.0):+.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

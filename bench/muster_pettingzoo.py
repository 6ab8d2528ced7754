"""Muster through the PettingZoo adapter beside PettingZoo's own ``connect_four_v3``: random steps per second.

Both environments are driven by the same loop, in the same process, one after the other:
``last()`` (which builds the observation and its action mask), a uniform pick among the actions
the mask allows, ``step()``; a finished game is reset with the next seed. Each is timed for a
few seconds; the rates are per second of this process's processor time (one core's work,
whatever else shares the machine), with the wall-clock rate beside them, and the ratio of the two
processor-time rates.

Usage: ``python bench/muster_pettingzoo.py [SECONDS]`` (default 3 seconds per environment).
PettingZoo's classic games import ``pygame`` (for their drawings): ``pip install pygame`` first,
or the script times Muster alone and says what is missing.

    >>> from tabletop.adapters.pettingzoo import env
    >>> rate = steps_per_second(env("muster"), 0.05)
    >>> rate.steps > 0 and rate.cpu > 0 and rate.wall > 0
    True
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass
from typing import Any

DEFAULT_SECONDS = 3.0
"""How long each environment runs, in processor seconds."""


@dataclass(frozen=True)
class Rate:
    """Steps taken, and the processor and wall-clock seconds they took."""

    steps: int
    games: int
    cpu: float
    wall: float

    def per_cpu_second(self) -> float:
        return self.steps / self.cpu

    def per_wall_second(self) -> float:
        return self.steps / self.wall


def steps_per_second(environment: Any, seconds: float, seed: int = 0) -> Rate:
    """Random play in ``environment`` (a PettingZoo AEC env) for about ``seconds`` of processor time."""
    import numpy as np

    rng = random.Random(seed)
    game_seed = seed
    environment.reset(seed=game_seed)
    steps = games = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = cpu_start + seconds
    while True:
        observation, _, termination, truncation, _ = environment.last()
        if termination or truncation:
            environment.step(None)
            if not environment.agents:
                games += 1
                if time.process_time() >= deadline:
                    break
                game_seed += 1
                environment.reset(seed=game_seed)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return Rate(steps, games, time.process_time() - cpu_start, time.perf_counter() - start)


def report(label: str, rate: Rate) -> str:
    """One line: steps/s per processor second, with the wall-clock figure beside it."""
    return (
        f"{label:>15}: {rate.steps:,} steps in {rate.games:,} games, {rate.cpu:.2f} s CPU: "
        f"{rate.per_cpu_second():,.0f} steps/s; wall clock {rate.wall:.2f} s: {rate.per_wall_second():,.0f} steps/s"
    )


def main(argv: list[str]) -> int:
    from tabletop.adapters.pettingzoo import env

    seconds = float(argv[0]) if argv else DEFAULT_SECONDS
    print(f"Random steps through PettingZoo's AEC loop, {seconds:g} s of processor time each, one process")
    muster = steps_per_second(env("muster"), seconds)
    print(report("muster", muster))
    try:
        from pettingzoo.classic import connect_four_v3
    except ImportError as error:
        print(f"connect_four_v3 not timed: {error} (PettingZoo's classic games need it: pip install pygame)")
        return 1
    connect_four = steps_per_second(connect_four_v3.env(), seconds)
    print(report("connect_four_v3", connect_four))
    ratio = muster.per_cpu_second() / connect_four.per_cpu_second()
    print(f"ratio muster / connect_four_v3: {ratio:.2f} (processor time; target at least 1.00)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

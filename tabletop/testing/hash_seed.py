"""The kit's check that a game replays in another process: the same seeds, another ``PYTHONHASHSEED``.

A game whose chance or rules depend on the order of a set (strings hash differently in every process unless
``PYTHONHASHSEED`` is fixed) plays the same game from a seed in one process and another game in the next:
its saved games would not replay. The checks within one process cannot see it, since the order of a set is
fixed for the life of a process. :func:`check_other_process` plays the kit's playouts again in a fresh
interpreter under another hash seed and fails if any differs.

The game travels to that process by :mod:`pickle`, as a reference to its class, so it must be importable
there (a game made inside a function is not, and is then not checked this way: the report says how many
playouts were). The other process runs :mod:`tabletop.testing.playout_child`.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.testing.util import action_list, fail

CANNOT_LOAD = 3
"""The exit status of the other process when it cannot import the game (it is then not checked)."""
SECONDS = 600
"""How long the other process may take: it replays every playout, on a machine that may be busy."""


def other_hash_seed(environ: Mapping[str, str]) -> str:
    """A hash seed unlike this process's: the next number after a fixed one, else 1 (this one is random)."""
    mine = environ.get("PYTHONHASHSEED", "")
    return str((int(mine) + 1) % 2**32) if mine.isdigit() else "1"


def check_other_process(game: Any, options: Mapping[str, str], histories: Mapping[int, Sequence[str]]) -> int:
    """Replay the playouts of these seeds in another process under another hash seed; fail if one differs.

    ``histories`` maps each playout's seed to its actions in notation. Returns how many playouts were
    compared: 0 when the game cannot be sent to another process.
    """
    try:
        payload = pickle.dumps((game, dict(options), sorted(histories)))
    except Exception:  # a game of a class made inside a function: no other process can import it
        return 0
    seed = other_hash_seed(os.environ)
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    done = subprocess.run(
        [sys.executable, "-m", "tabletop.testing.playout_child"],
        input=payload,
        env=env,
        capture_output=True,
        timeout=SECONDS,
        check=False,
    )
    if done.returncode == CANNOT_LOAD:
        return 0
    if done.returncode != 0:
        fail(f"replaying in another process (PYTHONHASHSEED={seed}) failed:\n{done.stderr.decode(errors='replace')}")
    replayed: dict[str, list[str]] = json.loads(done.stdout)
    for playout_seed, history in sorted(histories.items()):
        other = replayed[str(playout_seed)]
        if list(history) != other:
            first = next((i for i, (a, b) in enumerate(zip(history, other)) if a != b), min(len(history), len(other)))
            fail(
                f"the playout with seed {playout_seed} is another game in another process (PYTHONHASHSEED={seed}): "
                f"from action {first + 1} on, {action_list(list(history[first : first + 4]))} here, "
                f"{action_list(other[first : first + 4])} there. Something depends on the order of a set or a "
                "dict built from one (a draw by position in outcomes listed from a set, a set iterated by the "
                "rules): sort it, or draw by notation as the default sample_chance does"
            )
    return len(histories)

"""``python -m tabletop.testing.playout_child``: the kit's playouts played in a process of their own.

It reads a pickled game, its options and the playouts' seeds on its standard input and writes each
playout's actions in notation as JSON, for :func:`tabletop.testing.hash_seed.check_other_process` to
compare with the same playouts played in the kit's own process.
"""

from __future__ import annotations

import json
import pickle
import sys

from tabletop.testing.hash_seed import CANNOT_LOAD
from tabletop.testing.kit import random_playout


def main() -> int:
    """Read the pickled game, options and seeds from standard input; write each playout's actions as JSON."""
    try:
        game, options, seeds = pickle.loads(sys.stdin.buffer.read())
    except Exception as exc:  # the game's module cannot be imported here
        print(f"cannot load the game: {type(exc).__name__}: {exc}", file=sys.stderr)
        return CANNOT_LOAD
    histories = {str(seed): random_playout(game, seed, options).history for seed in seeds}
    json.dump(histories, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())

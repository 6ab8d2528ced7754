"""A simple Gin Rummy player alone: its chance of getting to knock at each draw of a hand (Hard's
``tabletop_gin.race.KNOCK_CHANCE``).

    .venv/bin/python bench/gin_race.py [DEALS] [SEED]

Each deal gives ten cards; the player draws from the other 42 in turn, keeping a card that lowers its
deadwood and throwing the highest card left out of its melds, until its deadwood is 10 or less. Printed: for
each draw, the deals that got there at it, the chance of getting there at it given not before (the figure
Hard uses), and the share still drawing after it; then the processor time.
"""

from __future__ import annotations

import random
import sys
import time

from tabletop_gin.melds import deadwood
from tabletop_gin.race import RACE_DRAWS, draws_to_knock

KNOCK_CARD = 10
HAND = 10


def knock_draws(deals: int, seed: int) -> list[int]:
    """For each deal, the draws it took to get to knock (``RACE_DRAWS + 1``: not within)."""
    rng = random.Random(seed)
    taken = []
    for _ in range(deals):
        deck = list(range(52))
        rng.shuffle(deck)
        hand = sum(1 << c for c in deck[:HAND])
        while deadwood(hand) <= KNOCK_CARD:  # a hand that may knock on the deal: not a race
            rng.shuffle(deck)
            hand = sum(1 << c for c in deck[:HAND])
        taken.append(draws_to_knock(hand, deck[HAND : HAND + RACE_DRAWS], KNOCK_CARD))
    return taken


def main(argv: list[str]) -> int:
    deals = int(argv[0]) if argv else 4000
    seed = int(argv[1]) if len(argv) > 1 else 1
    start = time.process_time()
    taken = knock_draws(deals, seed)
    left = deals
    chances = []
    print("draw  knocked  chance  still drawing")
    for draw in range(1, RACE_DRAWS + 1):
        knocked = taken.count(draw)
        chances.append(knocked / left if left else 0.0)
        left -= knocked
        print(f"{draw:4d}  {knocked:7d}  {chances[-1]:6.3f}  {left / deals:13.3f}")
    print("KNOCK_CHANCE = (" + ", ".join(f"{c:.3f}" for c in chances) + ")")
    print(f"{deals} deals, seed {seed}: {time.process_time() - start:.1f} s of processor time")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Gin Rummy: how often OpenSpiel's simple bot knocks straight after taking the card a level has just thrown, and
how well hands sampled as a simple player's (``tabletop_gin.feeding``) tell which throws would let it.

    nice .venv/bin/python bench/gin_feeding.py --level hard:feed=0 --hands 200 --seed 3
    nice .venv/bin/python bench/gin_feeding.py --level hard --hands 200 --seed 3

Hands are played in lockstep with OpenSpiel's engine as ``bench/gin_strength.py`` plays them (OpenSpiel's rules,
seats alternating). Printed: the hands won and lost, the bot's knocks and how many came at the turn it took the
level's throw. Then, at each of the level's discards, every card it could throw is rated by
:func:`~tabletop_gin.feeding.knock_risk` over 32 sampled hands and checked against the bot's real hand (would
taking it let the bot knock at once?): the share that would, the Brier score of the ratings beside that of the
share alone, and the real share within each tenth of the ratings (calibration).

>>> calibration([(0.05, False), (0.07, True), (0.45, True)])
{0: (2, 0.5), 4: (1, 1.0)}
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from typing import Any

from tabletop_gin.actions import Discard, Draw, Knock, Take
from tabletop_gin.feeding import knock_risk, simple_hands
from tabletop_gin.melds import deadwood_after_discard
from tabletop_gin.rules import GinState
from tabletop_gin.view import DISCARD

SAMPLED_HANDS = 32
TOP_BIN = 4
"""Ratings of 40% and more share the last tenth."""


def calibration(pairs: list[tuple[float, bool]]) -> dict[int, tuple[int, float]]:
    """For each tenth of the ratings (the last from :data:`TOP_BIN` up): how many, and the real share."""
    bins: dict[int, list[int]] = collections.defaultdict(lambda: [0, 0])
    for rating, truth in pairs:
        tenth = min(TOP_BIN, int(rating * 10))
        bins[tenth][0] += 1
        bins[tenth][1] += truth
    return {tenth: (count, round(hits / count, 3)) for tenth, (count, hits) in sorted(bins.items())}


def run(level: str, hands: int, seed: int) -> tuple[collections.Counter[str], list[tuple[float, bool]]]:
    """The counts of the hands and the bot's knocks, and each possible throw's rating with what it would do."""
    import pyspiel
    from gin_strength import Record, hand_points

    game = pyspiel.load_game("gin_rummy")
    rng, sampling = random.Random(seed), random.Random(seed + 1)
    counts: collections.Counter[str] = collections.Counter()
    pairs: list[tuple[float, bool]] = []
    for index in range(hands):
        seat = index % 2
        took_now = False

        def watch(state: GinState, player: int, action: Any, seat: int = seat) -> None:
            nonlocal took_now
            if player == 1 - seat:
                took_now = isinstance(action, Take) or (took_now and not isinstance(action, Draw))
                if isinstance(action, Knock):
                    counts["bot knocks"] += 1
                    counts["bot knocks at the turn it took a throw"] += took_now
            elif player == seat and state.view(seat).phase == DISCARD:
                pairs.extend(_rated_throws(state.view(seat), state.legal_actions(), state.hands[1 - seat], sampling))

        points = hand_points(level, "simple", seat, rng, Record(), game, watch)
        counts["won" if points > 0 else "lost" if points < 0 else "drawn"] += 1
    return counts, pairs


def _rated_throws(view: Any, legal: Any, real: int, rng: random.Random) -> list[tuple[float, bool]]:
    near = simple_hands(view, SAMPLED_HANDS, rng)
    cards = [a.card for a in legal if isinstance(a, Discard)]
    return [
        (knock_risk(c, near, view.knock_card), deadwood_after_discard(real | 1 << c, c) <= view.knock_card)
        for c in cards
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
    start = time.process_time()
    counts, pairs = run(args.level, args.hands, args.seed)
    print(f"{args.level} against the simple bot, {args.hands} hands (seed {args.seed})")
    print(f"won {counts['won']}, lost {counts['lost']}, drawn {counts['drawn']}")
    print(f"the bot knocked {counts['bot knocks']} times, {counts['bot knocks at the turn it took a throw']} of them")
    print("  at the turn it took the card just thrown")
    share = sum(t for _, t in pairs) / len(pairs)
    brier = sum((p - t) ** 2 for p, t in pairs) / len(pairs)
    constant = sum((share - t) ** 2 for _, t in pairs) / len(pairs)
    print(f"{len(pairs)} possible throws, {share:.1%} of them would have let the bot knock at once")
    print(f"Brier score of the ratings {brier:.4f}, of that share alone {constant:.4f}")
    print("by tenth of the ratings (count, real share):", calibration(pairs))
    print(f"{time.process_time() - start:.0f} s of processor time")
    return 0


if __name__ == "__main__":
    sys.exit(main())

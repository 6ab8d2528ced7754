"""Gin Rummy's computer levels against OpenSpiel's simple bot and against each other: win shares with intervals.

Hands are played under OpenSpiel's rules (``OPENSPIEL_OPTIONS``) in lockstep with OpenSpiel's engine, so the
simple bot (``pyspiel.make_simple_gin_rummy_bot``, restarted before each hand) plays its own game while
ours plays the same cards. Seats alternate hand by hand; the games to 100 are
read off the same hands in order. Each share counts the decided hands (and games) only, with its 95% Wilson interval.

    nice .venv/bin/python bench/gin_strength.py --hands 2000 --level hard --against simple
    nice .venv/bin/python bench/gin_strength.py --hands 1000 --level hard --against medium
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tabletop_gin.agents import AGENTS
from tabletop_gin.options import KNOCKER, Rules
from tabletop_gin.rules import GinState

Z95 = 1.96
GAME_TARGET = 100


def wilson(wins: int, total: int) -> tuple[float, float, float]:
    """The share ``wins / total`` and its 95% Wilson interval."""
    if total == 0:
        return 0.0, 0.0, 1.0
    p = wins / total
    centre = (p + Z95**2 / (2 * total)) / (1 + Z95**2 / total)
    half = Z95 * math.sqrt(p * (1 - p) / total + Z95**2 / (4 * total**2)) / (1 + Z95**2 / total)
    return p, centre - half, centre + half


@dataclass
class Record:
    """Hands and games won by the level (``won``) and by its opponent (``lost``)."""

    won: int = 0
    lost: int = 0
    drawn: int = 0
    points: list[int] = field(default_factory=list)
    seconds: float = 0.0
    decisions: int = 0
    slowest: float = 0.0


def make_agent(spec: str) -> Any:
    """A level with settings: ``hard`` or ``hard:samples=8:danger=1``."""
    name, *settings = spec.split(":")
    values = {key: float(text) if "." in text else int(text) for key, text in (s.split("=") for s in settings)}
    return AGENTS[name](**values)


Watch = Callable[[GinState, int, Any], None]
"""Called before each move of a hand is made: the position, the seat to move (-1: chance) and the move."""


def hand_points(
    level: str, against: str, seat: int, rng: random.Random, record: Record, game: Any, watch: Watch | None = None
) -> int:
    """One hand in lockstep; the level sits in ``seat``. Returns its points (negative when it loses)."""
    import pyspiel
    from gin_openspiel import to_openspiel

    ours = GinState.new(Rules(target=0, tie=KNOCKER, openspiel=True))
    theirs = game.new_initial_state()
    agent = make_agent(level)
    other = None if against == "simple" else make_agent(against)
    bot = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - seat) if other is None else None
    if bot is not None:
        bot.restart()
    while not theirs.is_terminal():
        player = theirs.current_player()
        if theirs.is_chance_node():
            number = rng.choice([a for a, _ in theirs.chance_outcomes()])
            action = next(a for a, _ in ours.chance_outcomes() if to_openspiel(a) == number)
        elif player == 1 - seat and bot is not None:
            number = bot.step(theirs)
            action = next(a for a in ours.legal_actions() if to_openspiel(a) == number)
        else:
            mover = agent if player == seat else other
            assert mover is not None
            start = time.process_time()  # processor time: the machine may be shared
            action = mover.choose(ours.view(player), ours.legal_actions(), rng)
            spent = time.process_time() - start
            if player == seat:
                record.seconds += spent
                record.decisions += 1
                record.slowest = max(record.slowest, spent)
            number = to_openspiel(action)
        if watch is not None:
            watch(ours, -1 if theirs.is_chance_node() else player, action)
        theirs.apply_action(number)
        ours.apply(action)
    return int(theirs.returns()[seat])


def run(level: str, against: str, hands: int, seed: int) -> tuple[Record, Record]:
    """``hands`` hands, seats alternating; the same hands, in turn, also make the games to 100: both records."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    per_hand, per_game = Record(), Record()
    totals = [0, 0]  # the level's and the opponent's points in the game under way
    for index in range(hands):
        points = hand_points(level, against, index % 2, rng, per_hand, game)
        per_hand.points.append(points)
        if points > 0:
            per_hand.won += 1
            totals[0] += points
        elif points < 0:
            per_hand.lost += 1
            totals[1] -= points
        else:
            per_hand.drawn += 1
        if max(totals) >= GAME_TARGET:
            per_game.won += totals[0] >= GAME_TARGET
            per_game.lost += totals[1] >= GAME_TARGET
            totals = [0, 0]
    return per_hand, per_game


def describe(name: str, record: Record) -> str:
    """One line: the share of decided hands or games with its interval."""
    decided = record.won + record.lost
    share, low, high = wilson(record.won, decided)
    return f"{name}: won {record.won} of {decided} decided ({share:.1%}, 95% interval {low:.1%} to {high:.1%})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard", help="a level, with settings: hard:samples=8")
    parser.add_argument("--against", default="simple", help="simple (OpenSpiel's bot) or a level")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
    start = time.perf_counter()
    per_hand, per_game = run(args.level, args.against, args.hands, args.seed)
    elapsed = time.perf_counter() - start
    print(f"{args.level} against {args.against}, {args.hands} hands, seats alternating by the deal ({elapsed:.0f} s)")
    print(describe("hands", per_hand) + f", {per_hand.drawn} drawn")
    print(describe("games to 100", per_game))
    mean = sum(per_hand.points) / max(1, len(per_hand.points))
    thinking = per_hand.seconds / max(1, per_hand.decisions)
    print(
        f"mean points a hand {mean:+.2f}; thinking {thinking * 1000:.1f} ms a move, "
        f"slowest {per_hand.slowest:.2f} s (processor time)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

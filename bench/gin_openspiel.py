"""Gin Rummy played in lockstep with OpenSpiel's ``gin_rummy``: the same deals, the same moves, compared.

Each game deals the same cards in both engines (OpenSpiel's chance outcome, a card, is our ``Deal``
of that card), then at every decision compares the player to act, the legal moves (each of ours
mapped to OpenSpiel's action number), each player's deadwood as OpenSpiel counts it, and at the end
the hand's score; a random legal move is then played in both. Our rules run with
``OPENSPIEL_OPTIONS`` (OpenSpiel's single hand, its tie rule and its counts).

    nice .venv/bin/python bench/gin_openspiel.py --games 10000 --seed 1

prints the games, decisions and mismatches (the first few told in full).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from tabletop_gin.actions import Deal, Discard, Draw, GinAction, Knock, LayOff, Meld, Pass, Take
from tabletop_gin.melds import cards_of, deadwood, rank, value
from tabletop_gin.options import KNOCKER, Rules
from tabletop_gin.reference import openspiel_deadwood, openspiel_id
from tabletop_gin.rules import GinState
from tabletop_gin.view import DISCARD, DRAW, FIRST, KNOCK_DISCARD, WALL

DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56
RANK_MELDS, RUNS_OF_THREE, RUNS_OF_FOUR = 65, 44, 40
KNOCK_BIAS = 0.5
"""How often a random player knocks when it may: knocks (and so lay-offs) come up in most games."""
GREEDY = 0.8
"""How often a random player discards to keep its deadwood least."""
DEADWOOD = re.compile(r"Player(\d): Deadwood=(\d+)")
PLAY_PHASES = (FIRST, DRAW, DISCARD, WALL)


def meld_id(meld: int) -> int:
    """OpenSpiel's number of a meld (``MeldToInt``)."""
    cards = cards_of(meld)
    ranks = {rank(c) for c in cards}
    if len(ranks) == 1:
        r = rank(cards[0])
        if len(cards) == 4:
            return r * 5 + 4
        suits = {openspiel_id(c) // 13 for c in cards}
        missing = next(s for s in range(4) if s not in suits)
        return r * 5 + missing
    low = min(cards, key=rank)
    os_suit, low_rank = openspiel_id(low) // 13, rank(low)
    if len(cards) == 3:
        return RANK_MELDS + os_suit * 11 + low_rank
    if len(cards) == 4:
        return RANK_MELDS + RUNS_OF_THREE + os_suit * 10 + low_rank
    return RANK_MELDS + RUNS_OF_THREE + RUNS_OF_FOUR + os_suit * 9 + low_rank


def to_openspiel(action: GinAction) -> int:
    """Our action as OpenSpiel's action number."""
    if isinstance(action, (Deal, Discard, LayOff)):
        return openspiel_id(action.card)
    if isinstance(action, Meld):
        return MELD_BASE + meld_id(action.cards)
    return {Take: DRAW_UPCARD, Draw: DRAW_STOCK, Pass: PASS, Knock: KNOCK}[type(action)]


@dataclass
class Tally:
    """What a lockstep run found."""

    games: int = 0
    decisions: int = 0
    knocks: int = 0
    mismatches: list[str] = field(default_factory=list)


def expected_deadwood(state: GinState, player: int, wall_knock: bool) -> int | None:
    """OpenSpiel's ``deadwood_[player]`` here, or None where its value is not comparable."""
    hand = state.hands[player]
    if state.phase in PLAY_PHASES:
        return openspiel_deadwood(hand)
    if player == state.knocker:
        return openspiel_deadwood(hand) if state.phase == KNOCK_DISCARD and wall_knock else value(hand)
    return None if wall_knock else value(hand)


def play_one(pyspiel_game: Any, rng: random.Random, tally: Tally) -> None:
    """One game in lockstep; each difference goes into ``tally.mismatches``."""
    theirs = pyspiel_game.new_initial_state()
    ours = GinState.new(Rules(target=0, tie=KNOCKER, openspiel=True))
    wall_knock = False
    while not theirs.is_terminal():
        if theirs.is_chance_node():
            card = rng.choice([a for a, _ in theirs.chance_outcomes()])
            mine = next(a for a, _ in ours.chance_outcomes() if to_openspiel(a) == card)
        else:
            if not _same_decision(theirs, ours, wall_knock, tally):
                return
            card = _pick(theirs.legal_actions(), ours, rng)
            mine = next(a for a in ours.legal_actions() if to_openspiel(a) == card)
            wall_knock = wall_knock or (card == KNOCK and ours.phase == WALL)
            tally.knocks += card == KNOCK
        theirs.apply_action(card)
        ours.apply(mine)
    if not ours.is_terminal():
        tally.mismatches.append(f"OpenSpiel's hand is over, ours is in phase {ours.phase}")
    elif list(theirs.returns()) != [float(p) for p in ours.hand_points()]:
        tally.mismatches.append(f"scores {theirs.returns()} and {ours.hand_points()}\n{theirs}")
    tally.games += 1


def _pick(legal: list[int], ours: GinState, rng: random.Random) -> int:
    """A random move, leaning to knocks and to discards that keep deadwood low, so that hands end by knocks."""
    if KNOCK in legal and rng.random() < KNOCK_BIAS:
        return KNOCK
    if ours.phase == DISCARD and rng.random() < GREEDY:
        hand = ours.hands[ours.player]
        discards = [a for a in ours.legal_actions() if isinstance(a, Discard)]
        best = min(discards, key=lambda a: (deadwood(hand & ~(1 << a.card)), rng.random()))
        return to_openspiel(best)
    return rng.choice(legal)


def _same_decision(theirs: Any, ours: GinState, wall_knock: bool, tally: Tally) -> bool:
    tally.decisions += 1
    player = theirs.current_player()
    if ours.current_player() != player:
        tally.mismatches.append(f"player {player} and ours {ours.current_player()} in {ours.phase}\n{theirs}")
        return False
    mine = sorted(to_openspiel(a) for a in ours.legal_actions())
    if mine != sorted(theirs.legal_actions()):
        tally.mismatches.append(f"legal {sorted(theirs.legal_actions())} and ours {mine} in {ours.phase}\n{theirs}")
        return False
    counted = {int(p): int(d) for p, d in DEADWOOD.findall(str(theirs))}
    for seat in (0, 1):
        # After a knock OpenSpiel updates a seat's count only as that seat acts: compare the one to act.
        expected = expected_deadwood(ours, seat, wall_knock)
        if expected is None or (ours.phase not in PLAY_PHASES and seat != player):
            continue
        if counted[seat] != expected:
            tally.mismatches.append(
                f"deadwood of {seat}: {counted[seat]} and ours {expected} in {ours.phase}\n{theirs}"
            )
            return False
    return True


def lockstep(games: int, seed: int) -> Tally:
    """Play ``games`` random games in lockstep from ``seed``."""
    import pyspiel

    pyspiel_game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    tally = Tally()
    for _ in range(games):
        play_one(pyspiel_game, rng, tally)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    tally = lockstep(args.games, args.seed)
    seconds = time.perf_counter() - start
    print(f"games {tally.games:,} of {args.games:,}, decisions {tally.decisions:,}, knocks {tally.knocks:,}")
    print(f"mismatches {len(tally.mismatches)}  ({seconds:.1f} s)")
    for text in tally.mismatches[:3]:
        print(text)
    return 1 if tally.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())

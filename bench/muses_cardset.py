"""Benchmark: the figures of a Muses card set, one command per figure.

    python bench/muses_cardset.py shape          [--cards FILE]   # each card's live edges and their odds
    python bench/muses_cardset.py optimal        [--cards FILE]   # optimal win probability (exact, solver)
    python bench/muses_cardset.py naive          [--cards FILE]   # naive win probability (exact, policy evaluation)
    python bench/muses_cardset.py naive-games    [--cards FILE] [--games 100000]
    python bench/muses_cardset.py optimal-games  [--cards FILE] [--games 10000]

*naive* is :class:`~tabletop_muses.agents.NaiveAgent`: it claims the first claimable muse of
the display, oldest first, and never uses a hint or a power. ``naive`` evaluates that fixed
policy exactly over the solver's turn-start positions (:class:`NaiveEvaluator`); ``naive-games``
plays seeded games of the agent itself and checks the exact figure against the 99.9% interval.
``optimal-games`` plays seeded games of the optimal agent and measures the display at each turn's
decision (how many muses it holds when the dice are rolled) and the discards: a card coming back
upright (all four edges had their turn) or showing a blank edge. Seeds are 0 to games - 1.
Nothing is read from or written to the solution cache.
"""

from __future__ import annotations

import argparse
import math
import random
import resource
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop_muses.advisor import Advisor
from tabletop_muses.agents import NaiveAgent
from tabletop_muses.cards import CardSet, load_cards
from tabletop_muses.rules import ACT, Claim, End, MusesState
from tabletop_muses.solver import SCORE, WIN, NaiveEvaluator

Z_999 = 3.29
"""The half-width of a 99.9% normal interval, in standard errors."""


def live_edges(cardset: CardSet, index: int) -> int:
    """Edges with a condition before the first blank one, counting from upright."""
    count = 0
    for edge in cardset.cards[index].edges:
        if edge is None:
            break
        count += 1
    return count


def shape(cardset: CardSet) -> None:
    """Each card: points, power, live edges and the chance of a fresh roll meeting each edge."""
    print(f"card set: {cardset.source} (target {cardset.target}, {cardset.hints} hints)")
    for i, card in enumerate(cardset.cards):
        odds = "  ".join("blank" if e is None else f"{e} ({round(e.probability() * 36)}/36)" for e in card.edges)
        print(
            f"  {card.name:<12} {card.points} pts  {card.power or '-'!s:<9} live edges {live_edges(cardset, i)}: {odds}"
        )
    counts = Counter(live_edges(cardset, i) for i in range(len(cardset.cards)))
    print(f"cards with 3 or 4 live edges: {counts[3] + counts[4]}; with all 4: {counts[4]}")
    print(f"points in play: {sum(c.points for c in cardset.cards)} + {cardset.hints} hints")


def optimal(cardset: CardSet) -> None:
    """The optimal win probability, exact, from a cold solve."""
    start = time.perf_counter()
    value = Advisor(cardset, cache_dir=None).solve()
    print(f"optimal win probability (exact): {value:.6f} ({value:.2%})")
    print(f"solve time {time.perf_counter() - start:.1f} s, peak memory {_peak_mb():.0f} MB")


def naive(cardset: CardSet) -> None:
    """The naive player's win probability and expected score, exact."""
    start = time.perf_counter()
    evaluator = NaiveEvaluator(cardset, WIN)
    value = evaluator.win_probability()
    score = NaiveEvaluator(cardset, SCORE).win_probability()
    print(f"naive win probability (exact, policy evaluation): {value:.6f} ({value:.2%})")
    print(f"naive expected score (exact): {score:.3f}")
    print(f"{len(evaluator.memo):,} turn-start positions, {time.perf_counter() - start:.1f} s")


def naive_games(cardset: CardSet, games: int) -> None:
    """Seeded games of NaiveAgent, and whether the exact figure lies in the 99.9% interval."""
    agent = NaiveAgent()
    wins = 0
    scores = 0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = MusesState(cardset)
        while not state.is_terminal():
            if state.phase == ACT:
                action = agent.choose(state.view(0), state.legal_actions(), rng)
            else:
                action = state.sample_chance(rng)
            state.apply(action)
        wins += state.score() >= cardset.target
        scores += state.score()
    rate = wins / games
    half = Z_999 * math.sqrt(max(rate * (1 - rate), 1 / games) / games)
    exact = NaiveEvaluator(cardset).win_probability()
    inside = "inside" if abs(exact - rate) <= half else "OUTSIDE"
    print(
        f"naive agent, {games:,} seeded games: {rate:.4%} won (99.9% interval +-{half:.4%}), mean score {scores / games:.3f}"
    )
    print(f"exact {exact:.4%}: {inside} the interval; {time.perf_counter() - start:.1f} s")


def optimal_games(cardset: CardSet, games: int) -> None:
    """Seeded games of the optimal player: the display at each turn's decision, and the discards."""
    advisor = Advisor(cardset, cache_dir=None)
    exact = advisor.solve()
    start = time.perf_counter()
    wins = 0
    sizes: Counter[int] = Counter()
    upright = blank = 0
    games_upright = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = MusesState(cardset)
        seen_turn = 0
        game_upright = 0
        while not state.is_terminal():
            if state.phase != ACT:
                state.apply(state.sample_chance(rng))
                continue
            if state.turn != seen_turn:  # the first decision of the turn: the dice are rolled
                seen_turn = state.turn
                sizes[len(state.display)] += 1
            action = advisor.advise(state).best
            if isinstance(action, (Claim, End)):
                claimed = cardset.index(action.card) if isinstance(action, Claim) else None
                _, gone = state.rotation_outcome(claimed)
                rotations = dict(state.display)
                for card in gone:
                    if rotations[card] + 1 >= len(cardset.cards[card].edges):
                        game_upright += 1
                    else:
                        blank += 1
            state.apply(action)
        wins += state.score() >= cardset.target
        upright += game_upright
        games_upright += game_upright > 0
    turns = sum(sizes.values())
    mean = sum(k * v for k, v in sizes.items()) / turns
    rate = wins / games
    half = Z_999 * math.sqrt(max(rate * (1 - rate), 1 / games) / games)
    print(f"optimal agent, {games:,} seeded games: {rate:.2%} won (99.9% interval +-{half:.2%}; exact {exact:.2%})")
    print(f"display at each turn's decision ({turns:,} turns): mean {mean:.2f} muses, maximum {max(sizes)}")
    for k in sorted(sizes):
        print(f"  {k} muses: {sizes[k] / turns:.1%} of turns")
    print(
        f"discarded on coming back upright: {upright:,} cards ({upright / games:.2f} a game), "
        f"in {games_upright / games:.1%} of games"
    )
    print(f"discarded on a blank edge: {blank:,} cards ({blank / games:.2f} a game)")
    print(f"{time.perf_counter() - start:.1f} s")


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    """Print the figure the command names."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("figure", choices=("shape", "optimal", "naive", "naive-games", "optimal-games"))
    parser.add_argument("--cards", default=None, help="a TOML card file (default: the game's default set)")
    parser.add_argument("--games", type=int, default=0, help="games to play (naive-games 100000, optimal-games 10000)")
    args = parser.parse_args()
    cardset = load_cards(args.cards)
    if args.figure == "shape":
        shape(cardset)
    elif args.figure == "optimal":
        optimal(cardset)
    elif args.figure == "naive":
        naive(cardset)
    elif args.figure == "naive-games":
        naive_games(cardset, args.games or 100_000)
    else:
        optimal_games(cardset, args.games or 10_000)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The coach: it deals the cards it cannot see at random, many times, and solves each deal with every card known.

It reads the player's view alone (face-down cards and an unseen stock are
``??`` there), so its advice is what a player could work out; its figures are
estimates: the share of sampled deals that the solver wins, which a player who
cannot see the hidden cards wins less often. The computer level ``coach``
plays its advice, with fewer samples a move.

>>> import random
>>> from tabletop_klondike.rules import KlondikeState
>>> state, rng = KlondikeState(draw=1, passes=0, vegas=False), random.Random(4)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> positions = sample_positions(state.view(0), random.Random(1), 3)
>>> len(positions), [len(p) for p in positions[0].piles]
(3, [1, 2, 3, 4, 5, 6, 7])
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop.game import Agent, InvalidActionError
from tabletop.playing_cards import SUITS
from tabletop_klondike.rules import Action, Draw, GiveUp, KlondikeState, Move, TableView
from tabletop_klondike.solver import Position, solve

HINT_SAMPLES = 16
"""Deals the coach samples for a hint."""
HINT_NODES = 400
"""Positions each sampled deal's solve may expand for a hint (most won deals take under 100)."""
RATED_MOVES = 3
"""Moves rated on their own in a hint, as many as the Coach lists."""
PLAY_SAMPLES = 6
"""Deals the computer level samples a move."""
PLAY_NODES = 200
"""Positions each of the computer level's solves may expand."""


def sample_positions(view: TableView, rng: random.Random, count: int) -> list[Position]:
    """``count`` positions the view cannot be told from, the cards it does not show dealt at random each time
    by the game's own :meth:`~tabletop_klondike.rules.KlondikeState.resample_hidden`."""
    seen = KlondikeState.seen_in(view)
    return [position_of(seen.resample_hidden(view.player, rng)) for _ in range(count)]


def position_of(state: KlondikeState) -> Position:
    """The solver's form of a state whose every card is known."""
    return Position(
        tuple(tuple(c.number for c in p.cards) for p in state.piles),
        tuple(p.down for p in state.piles),
        tuple(c.number for c in state.stock),
        tuple(c.number for c in state.waste),
        tuple(state.home[s] for s in SUITS),
        state.turned,
        state.draw,
        state.passes,
    )


def _first_move(line: Sequence[str]) -> Action | None:
    if not line:
        return None
    if line[0] == "s":
        return Draw()
    try:
        return Move.parse(line[0])
    except InvalidActionError:
        return None


def votes(
    positions: Sequence[Position], legal: Sequence[Action], nodes: int, deadline: float | None = None
) -> tuple[dict[Action, int], int, int]:
    """For each legal action, in how many of the sampled ``positions`` the solver's win starts with it; the
    positions won, and the positions solved before the ``deadline`` (if any)."""
    counts: dict[Action, int] = {}
    won = done = 0
    for position in positions:
        if deadline is not None and done and time.monotonic() > deadline:
            break
        result = solve(position, node_limit=nodes)
        done += 1
        first = _first_move(result.moves) if result.solved else None
        if first is not None and first in legal:
            counts[first] = counts.get(first, 0) + 1
            won += 1
    return counts, won, done


def apply_to(position: Position, action: Action) -> Position | None:
    """The sampled position after ``action``, as the solver sees it (None if the solver cannot make it)."""
    from tabletop_klondike.solver import steps

    if isinstance(action, Draw):
        stock, waste, turned = list(position.stock), list(position.waste), position.turned
        if stock:
            for _ in range(min(position.draw, len(stock))):
                waste.append(stock.pop())
        else:
            stock, waste, turned = waste[::-1], [], turned + 1
        p = position
        return Position(p.piles, p.downs, tuple(stock), tuple(waste), p.home, turned, p.draw, p.passes)
    text = str(action)
    return next((s.after for s in steps(position) if s.moves == (text,)), None)


class SamplingAnalyst(Analyst[Action, TableView]):
    """Hint and Review: the share of sampled deals won after each of the most promising moves."""

    exact = False
    name = "the coach's sampled solves"
    timed = True

    def __init__(self, samples: int = HINT_SAMPLES, nodes: int = HINT_NODES) -> None:
        self.samples, self.nodes = samples, nodes

    def analyse(
        self,
        view: TableView,
        legal: Sequence[Action],
        *,
        seconds: float,
        rng: random.Random,
        progress: Callable[[float], None] | None = None,
    ) -> Analysis[Action]:
        deadline = time.monotonic() + seconds
        positions = sample_positions(view, rng, self.samples)
        counts, won, done = votes(positions, legal, self.nodes, deadline)
        rated: dict[Action, Rated[Action]] = {a: Rated(a, n / done, samples=done) for a, n in counts.items()}
        # The likeliest moves are rated again on their own: the share of samples won after each. Where the
        # votes name fewer than three, the moves that play on come next, so the Coach lists three as others do.
        voted = sorted(counts, key=lambda a: -counts[a])
        # (With no sampled deal won at all, every move is listed as one would try them: below.)
        playing_on = [a for a in sorted(legal, key=_try_order) if a not in counts and not isinstance(a, GiveUp)]
        for action in [*voted, *(playing_on if counts else [])][:RATED_MOVES]:
            if time.monotonic() > deadline:
                break
            wins = tried = 0
            for position in positions[:done]:
                after = apply_to(position, action)
                if after is None:
                    continue
                tried += 1
                wins += solve(after, node_limit=self.nodes).solved
            if tried:
                rated[action] = Rated(action, wins / tried, samples=tried)
        if progress is not None:
            progress(1.0)
        note = (
            f"An estimate: with every card known, the solver won {won} of {done} deals dealt at random "
            "from the cards you cannot see; not seeing them, you will win less often."
        )
        if not rated:
            if done:
                note = (
                    f"With every card known, the solver won none of {done} deals dealt at random from the cards "
                    "you cannot see: this deal is most likely lost. The moves are listed as one would try them."
                )
            hopeless = sorted(legal, key=_try_order)
            return Analysis([Rated(a, 0.0, samples=done) for a in hopeless], exact=False, samples=done, notes=[note])
        return Analysis(list(rated.values()), exact=False, samples=done, notes=[note])


def _try_order(action: Action) -> int:
    """Where a move stands when none is rated: cards home, moves on the table, the stock, a card taken back
    from home, and giving up last (the coach never offers it before the moves that play on)."""
    if isinstance(action, GiveUp):
        return 4
    if isinstance(action, Draw):
        return 2
    assert isinstance(action, Move)
    if action.target == "h":
        return 0
    return 3 if action.source.startswith("h") else 1


def fallback(legal: Sequence[Action], view: TableView) -> Action:
    """A move when no sampled deal was won: a card home, else a look at a stock not yet seen, else give up
    (no deal the cards you cannot see could be was won: going round the stock for ever will not help)."""
    for action in legal:
        if isinstance(action, Move) and action.target == "h":
            return action
    if view.turned == 0 and any(isinstance(a, Draw) for a in legal):
        return Draw()
    return next((a for a in legal if isinstance(a, GiveUp)), legal[0])


class CoachAgent(Agent[Action, TableView]):
    """The computer level that plays the coach's advice: the move that starts the most sampled wins."""

    name = "coach"

    def __init__(self, samples: int = PLAY_SAMPLES, nodes: int = PLAY_NODES) -> None:
        self.samples, self.nodes = samples, nodes

    def choose(self, view: TableView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        positions = sample_positions(view, rng, self.samples)
        counts, _, _ = votes(positions, legal, self.nodes)
        if not counts:
            return fallback(legal, view)

        return max(legal, key=lambda a: counts.get(a, 0))


__all__ = ["CoachAgent", "SamplingAnalyst", "sample_positions"]

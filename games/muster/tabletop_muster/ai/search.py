"""Monte Carlo tree search over sampled deals: ISMCTS and determinized UCT (PIMC).

Both searches share one iteration (:func:`_iterate`): descend a tree with UCB,
expand one node, play a short random rollout, score the position with
:func:`tabletop_muster.ai.features.evaluate` (or the result, if the game ended),
and back the value up. They differ in what they search:

* **ISMCTS** (Cowling, Powley & Whitehouse 2012, single-observer): one tree of
  information sets. Every iteration samples a new deal of the cards the agent
  has not seen; a child is *available* when its action is legal in that deal,
  and UCB uses availability counts instead of the parent's visits. The
  opponent's actions come from a hidden hand, so summed over deals they branch
  widely; they are keyed by an abstraction (:data:`KEY_COARSE`: the kind of
  action and its column, so "castle some Water card" is one child) unless
  ``opponent_keys="exact"``.
* **PIMC**: a few deals are sampled up front; each gets its own tree searched
  as if the deal were known (exact opponent actions), iterations are shared
  round-robin, and the root actions' visits are summed over the trees (a vote).

Chance events (deck draws, the card a Move turns up) are sampled at random on
the way down and are not tree edges: the node after a draw decision stands for
every card it might bring, and availability counts cover the actions that
depend on it. Refill choices (deck or which castle space) are tree decisions.

Budgets are by iterations (reproducible) or by time (checked every few
iterations). All randomness comes from the ``rng`` given to ``choose``.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from tabletop.game import Agent
from tabletop_muster import actions as A
from tabletop_muster.ai.features import RAINBOW_IN_HAND, evaluate
from tabletop_muster.ai.sampling import DealSampler
from tabletop_muster.cards import FIRST_RAINBOW
from tabletop_muster.playout import random_playout
from tabletop_muster.rules import DECK_PHASES, OVER, MusterRules
from tabletop_muster.view import MusterView

_ALL = A.ALL_ACTIONS
_DEAL_ID = A.DEAL_ID


def _coarse_key(a: A.MusterAction) -> int:
    """An abstraction of an opponent action: its kind and its column (a Move: both columns).

    Castle actions collapse to their space, Banner plays and Bridges to their column;
    the card's strength is left out because, summed over deals, it is what multiplies
    the opponent's actions.
    """
    if a.op == A.MOVE:
        return 1000 + a.src * 5 + a.col
    if a.op == A.SWAP:
        return 2000 + a.side * 5 + a.col
    if a.op == A.CASTLE_CARD:
        return 3000 + a.col * 3 + (0 if a.card < FIRST_RAINBOW else a.card - FIRST_RAINBOW + 1)
    return 4000 + a.op * 10 + a.col


KEY_EXACT: tuple[int, ...] = tuple(a.id for a in _ALL)
KEY_COARSE: tuple[int, ...] = tuple(_coarse_key(a) if a.op not in (A.DRAW, A.PLACE) else a.id for a in _ALL)


class Node:
    """A tree node: visits, summed reward of the player who chose the edge into it, availability."""

    __slots__ = ("avail", "children", "n", "w")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 1


@dataclass(frozen=True)
class SearchConfig:
    """Settings of a search. ``iterations`` set: a fixed, reproducible budget; else ``seconds``."""

    seconds: float = 1.0
    iterations: int | None = None
    exploration: float = 0.7
    rollout: int = 4
    """Random decisions played after the expansion before the position is evaluated.
    16 measured a little stronger at 0.1 s a move, 4 makes more of longer budgets
    (docs/muster-ai.md, "Making time count")."""
    opponent_keys: str = "coarse"
    """ISMCTS: ``"coarse"`` (:data:`KEY_COARSE`) or ``"exact"`` (every action its own child)."""
    deals: int = 8
    """PIMC: how many deals are searched."""
    check_every: int = 8
    """Iterations between two looks at the clock."""
    stop_early: bool = True
    """End the search once no other root action can overtake the most visited one
    in the iterations left (:func:`_settled`): the same move, sooner."""
    rainbow: float = RAINBOW_IN_HAND
    """What the evaluation counts a Rainbow Wizard/Bridge card in hand as worth, in castle units."""
    swap_risk: bool = False
    """Let the evaluation count a Wizard open to a Swap by a Banner the opponent holds (in the sampled
    deal) as partly swapped already (:func:`tabletop_muster.ai.features.swap_exposure`)."""
    pause_gc: bool = False
    """Turn Python's cyclic garbage collector off while searching. The tree holds
    no reference cycles, so nothing is left uncollected; long searches run about
    15% more iterations a second (docs/muster-ai.md, "Not done yet")."""


def _iterate(
    root: Node, s: MusterRules, me: int, opp_keys: Sequence[int], cfg: SearchConfig, rng: random.Random
) -> None:
    """One iteration on the sampled state ``s`` (consumed)."""
    node = root
    path: list[tuple[Node, int]] = []
    c = cfg.exploration
    log = math.log
    sqrt = math.sqrt
    randrange = rng.randrange
    apply = s.apply_unchecked
    while True:
        ph = s.phase
        if ph == OVER:
            break
        if ph in DECK_PHASES:
            deck = s.deck
            apply(_ALL[_DEAL_ID[deck[randrange(len(deck))]]])
            continue
        player = s.cur
        ids = s.legal_ids()
        keys = KEY_EXACT if player == me else opp_keys
        children = node.children
        fresh: list[int] = []
        for i in ids:
            if keys[i] not in children:
                fresh.append(i)
        if fresh:
            i = fresh[randrange(len(fresh))]
            child = Node()
            children[keys[i]] = child
            apply(_ALL[i])
            path.append((child, player))
            random_playout(s, rng, cfg.rollout)
            break
        # Every available action has a child: UCB with availability counts.
        best_value = -1.0
        best: list[int] = []
        seen: set[int] = set()
        for i in ids:
            k = keys[i]
            if k in seen:
                # Several actions share an abstract key: pick among them at random below.
                if k == keys[best[0]]:
                    best.append(i)
                continue
            seen.add(k)
            ch = children[k]
            ch.avail += 1
            value = ch.w / ch.n + c * sqrt(log(ch.avail) / ch.n)
            if value > best_value:
                best_value = value
                best = [i]
        i = best[randrange(len(best))] if len(best) > 1 else best[0]
        node = children[keys[i]]
        apply(_ALL[i])
        path.append((node, player))
    v = evaluate(s, rainbow=cfg.rainbow, swap_risk=cfg.swap_risk)
    root.n += 1
    for child, player in path:
        child.n += 1
        child.w += v if player == 0 else 1.0 - v


SETTLE_EVERY = 64
"""Iterations between two checks of :func:`_settled`."""
SETTLE_MARGIN = 1.5
"""How much faster than so far the iterations left are assumed to run, under a time budget."""


def _run(
    trees: list[tuple[Node, MusterRules | None]],
    sampler: DealSampler,
    me: int,
    opp_keys: Sequence[int],
    cfg: SearchConfig,
    rng: random.Random,
    deadline: float,
    root_ids: Sequence[int],
) -> int:
    """Run iterations round-robin over ``trees`` (a tree with a fixed deal, or None: a fresh deal each time).

    ``root_ids``: the agent's legal actions at the root; with ``cfg.stop_early`` the
    search ends as soon as the most visited of them is settled.
    """
    done = 0
    limit = cfg.iterations
    every = cfg.check_every
    count = len(trees)
    roots = [root for root, _ in trees]
    settle = cfg.stop_early and len(root_ids) > 1
    start = time.perf_counter()
    while True:
        if limit is not None:
            if done >= limit:
                return done
        elif done % every == 0 and time.perf_counter() >= deadline:
            return done
        if settle and done and done % SETTLE_EVERY == 0:
            if limit is not None:
                left = limit - done
            else:
                now = time.perf_counter()
                left = int(SETTLE_MARGIN * done * (deadline - now) / max(now - start, 1e-9)) + every
            if _settled(roots, root_ids, left):
                return done
        root, deal = trees[done % count]
        s = sampler.sample(rng) if deal is None else deal.clone()
        _iterate(root, s, me, opp_keys, cfg, rng)
        done += 1


def _settled(roots: Sequence[Node], root_ids: Sequence[int], left: int) -> bool:
    """True when ``left`` more iterations cannot change the most visited root action.

    Each iteration adds one visit to one root action, so a lead in visits of more
    than ``left`` stands whatever they do; :func:`_most_visited` then picks the
    same action it would pick at the end of the budget (its value tie-break is
    worth less than one visit).

        >>> a, b = Node(), Node()
        >>> a.n, b.n = 700, 100
        >>> root = Node(); root.children = {1: a, 2: b}
        >>> _settled([root], [1, 2], 599), _settled([root], [1, 2], 600)
        (True, False)
    """
    first = second = 0
    for i in root_ids:
        n = _visits(roots, i)
        if n > first:
            first, second = n, first
        elif n > second:
            second = n
    return first - second > left


def _visits(roots: Sequence[Node], action_id: int) -> int:
    """Visits of a root action, summed over the roots (PIMC's vote)."""
    return sum(r.children[action_id].n for r in roots if action_id in r.children)


def _most_visited(roots: Sequence[Node], legal: Sequence[Any], rng: random.Random) -> Any:
    best: list[Any] = []
    best_n = -1.0
    for a in legal:
        n = 0.0
        for r in roots:
            ch = r.children.get(a.id)
            if ch is not None:
                n += ch.n + ch.w / (ch.n + 1)  # visits, then value as a tie-break
        if n > best_n + 1e-12:
            best, best_n = [a], n
        elif n > best_n - 1e-12:
            best.append(a)
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


@contextmanager
def _collector_paused(pause: bool) -> Iterator[None]:
    """Keep the cyclic garbage collector off inside the block when ``pause`` (and it was on)."""
    if not pause or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class SearchAgent(Agent[A.MusterAction, MusterView]):
    """Common part of the search players: a budget, a view, a decision."""

    name = "search"

    def __init__(self, config: SearchConfig | None = None) -> None:
        self.config = config or SearchConfig()
        self.last_iterations = 0
        """Iterations run for the latest decision (for benchmarks and the log)."""

    def choose(self, view: MusterView, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        deadline = time.perf_counter() + self.config.seconds
        sampler = DealSampler(view, rng)
        with _collector_paused(self.config.pause_gc):
            roots = self.search(sampler, view.player, rng, deadline, [a.id for a in legal])
        return _most_visited(roots, legal, rng)

    def search(
        self, sampler: DealSampler, me: int, rng: random.Random, deadline: float, root_ids: Sequence[int]
    ) -> list[Node]:
        """Search until the budget is spent (or the choice among ``root_ids`` is settled);
        return the root(s) whose visits decide."""
        raise NotImplementedError


class ISMCTSAgent(SearchAgent):
    """Single-observer Information Set MCTS: one tree, a new deal every iteration."""

    name = "ismcts"

    def search(
        self, sampler: DealSampler, me: int, rng: random.Random, deadline: float, root_ids: Sequence[int]
    ) -> list[Node]:
        root = Node()
        keys = KEY_COARSE if self.config.opponent_keys == "coarse" else KEY_EXACT
        self.last_iterations = _run([(root, None)], sampler, me, keys, self.config, rng, deadline, root_ids)
        return [root]


class PIMCAgent(SearchAgent):
    """Determinized UCT: a tree per sampled deal, searched as perfect information, then a vote."""

    name = "pimc"

    def search(
        self, sampler: DealSampler, me: int, rng: random.Random, deadline: float, root_ids: Sequence[int]
    ) -> list[Node]:
        trees: list[tuple[Node, MusterRules | None]] = [
            (Node(), sampler.sample(rng)) for _ in range(max(1, self.config.deals))
        ]
        self.last_iterations = _run(trees, sampler, me, KEY_EXACT, self.config, rng, deadline, root_ids)
        return [root for root, _ in trees]

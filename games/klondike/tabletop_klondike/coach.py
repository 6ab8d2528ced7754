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
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop.game import Agent, InvalidActionError
from tabletop.playing_cards import Card
from tabletop_klondike.rules import Action, Draw, GiveUp, KlondikeState, Move, TableView
from tabletop_klondike.solver import Position, solve, stuck_for_good, stuck_words

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
STRONG_SAMPLES = 12
"""Deals the stronger level samples a move: twice the coach level's."""
STRONG_NODES = 400
"""Positions each of the stronger level's solves may expand: twice the coach level's."""
LOOKS_LOST = "This deal looks lost"
"""How the Coach's note begins where none of its sampled deals was won (and Give up comes first)."""
IS_LOST = "This deal is lost"
"""How the Coach's note begins where the cards it sees prove the deal lost (and Give up comes first)."""
CERTAIN = "certain"
"""What the figures rest on where the cards in sight prove the deal lost: every move's 0% is no estimate."""


def sample_positions(view: TableView, rng: random.Random, count: int) -> list[Position]:
    """``count`` positions the view cannot be told from, the cards it does not show dealt at random each time
    by the game's own :meth:`~tabletop_klondike.rules.KlondikeState.resample_hidden`."""
    return [Position.of(state) for state in sample_states(view, rng, count)]


def sample_states(view: TableView, rng: random.Random, count: int) -> list[KlondikeState]:
    """``count`` states the view cannot be told from (as :func:`sample_positions` deals them), for the game's
    own rules to play a move on."""
    seen = KlondikeState.seen_in(view)
    return [seen.resample_hidden(view.player, rng) for _ in range(count)]


def _first_move(line: Sequence[str]) -> Action | None:
    if not line:
        return None
    if line[0] == "s":
        return Draw()
    try:
        return Move.parse(line[0])
    except InvalidActionError:
        return None


class Tally(NamedTuple):
    """What the solves of sampled positions say of each legal action."""

    counts: dict[Action, int]
    """In how many positions the solver's win starts with the action."""
    won: int
    done: int
    """The positions won, and the positions solved (before a deadline)."""
    nearer: dict[Action, int]
    """Where no win was found: by how much (:func:`~tabletop_klondike.solver.promise`'s points, summed over
    the positions) the line to the position found nearest a win, starting with the action, leads nearer."""


def tally(positions: Sequence[Position], legal: Sequence[Action], nodes: int, deadline: float | None = None) -> Tally:
    """The solver's word on each of the sampled ``positions``, counted by the legal action it starts with."""
    counts: dict[Action, int] = {}
    nearer: dict[Action, int] = {}
    won = done = 0
    for position in positions:
        if deadline is not None and done and time.monotonic() > deadline:
            break
        result = solve(position, node_limit=nodes)
        done += 1
        first = _first_move(result.moves if result.solved else result.nearest)
        if first is None or first not in legal:
            continue
        if result.solved:
            counts[first] = counts.get(first, 0) + 1
            won += 1
        else:
            nearer[first] = nearer.get(first, 0) + result.progress
    return Tally(counts, won, done, nearer)


def position_after(state: KlondikeState, action: Action) -> Position:
    """The solver's form of ``state`` once ``action`` is played on a copy of it by the game's own rules."""
    after = state.clone()
    after.apply(action)
    return Position.of(after)


def wins_after(action: Action, states: Sequence[KlondikeState], nodes: int) -> int:
    """In how many of the sampled ``states`` the solver wins once ``action`` is played."""
    return sum(solve(position_after(state, action), node_limit=nodes).solved for state in states)


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
        stuck = stuck_in_view(view)
        if stuck:
            if progress is not None:
                progress(1.0)
            return proven_lost(legal, stuck)
        deadline = time.monotonic() + seconds
        states = sample_states(view, rng, self.samples)
        counted = tally([Position.of(s) for s in states], legal, self.nodes, deadline)
        counts, won, done = counted.counts, counted.won, counted.done
        if done and not counts:
            if progress is not None:
                progress(1.0)
            return looks_lost(legal, done, counted.nearer)
        rated: dict[Action, Rated[Action]] = {a: Rated(a, n / done, samples=done) for a, n in counts.items()}
        # The likeliest moves are rated again on their own: the share of samples won after each. Where the
        # wins name fewer than three, the moves that play on come next, so the Coach lists three as others do.
        voted = sorted(counts, key=lambda a: -counts[a])
        playing_on = [a for a in sorted(legal, key=_try_order) if a not in counts and not isinstance(a, GiveUp)]
        for action in [*voted, *playing_on][:RATED_MOVES]:
            if time.monotonic() > deadline:
                break
            wins = wins_after(action, states[:done], self.nodes)
            if done:
                rated[action] = Rated(action, wins / done, samples=done)
        if progress is not None:
            progress(1.0)
        note = (
            f"An estimate: with every card known, the solver won {won} of {done} deals dealt at random "
            "from the cards you cannot see; not seeing them, you will win less often."
        )
        if not rated:  # no deal sampled at all: the moves as one would try them, giving up last
            return Analysis(
                [Rated(a, 0.0, samples=0) for a in sorted(legal, key=_try_order)], exact=False, notes=[note]
            )
        # Giving up is left out: where every move listed goes back to a position already passed, the Coach puts
        # it first, as the game's last resort (tabletop.circles).
        return Analysis(list(rated.values()), exact=False, samples=done, notes=[note])


def looks_lost(legal: Sequence[Action], done: int, nearer: Mapping[Action, int] | None = None) -> Analysis[Action]:
    """The Coach's word when none of the ``done`` sampled deals was won: the deal looks lost, so giving up
    comes first, then the moves that play on, each rated 0: first those that lead ``nearer`` a win the most
    (:class:`Tally`, the move the computer level plays), then as one would try them (a card home first, a card
    taken back from home last).

    >>> from tabletop_klondike.rules import Move
    >>> analysis = looks_lost([Draw(), Move("hd", "3"), GiveUp(), Move("w", "h")], 16)
    >>> [str(r.action) for r in analysis.rated]
    ['resign', 'wh', 's', 'hd3']
    >>> print(analysis.notes[0])
    This deal looks lost: with every card known, the solver won none of 16 deals dealt at random from the cards you cannot see. Give up comes first; the moves after it play on.
    """
    note = (
        f"{LOOKS_LOST}: with every card known, the solver won none of {done} deals dealt at random from the "
        "cards you cannot see. Give up comes first; the moves after it play on."
    )
    first = [a for a in legal if isinstance(a, GiveUp)]
    closer = nearer or {}
    playing_on = sorted(
        (a for a in legal if not isinstance(a, GiveUp)), key=lambda a: (-closer.get(a, 0), _try_order(a))
    )
    return Analysis([Rated(a, 0.0, samples=done) for a in first + playing_on], exact=False, samples=done, notes=[note])


def stuck_in_view(view: TableView) -> list[tuple[int, Card]]:
    """The cards that keep others face down for ever, whatever the face-down cards are, where the cards the
    view shows prove it (:func:`~tabletop_klondike.solver.stuck_for_good`; the stock must have been seen, as
    it could hold any card while it is not); else none."""
    if None in view.stock:
        return []
    return stuck_for_good(Position.of(KlondikeState.seen_in(view)))


def proven_lost(legal: Sequence[Action], stuck: Sequence[tuple[int, Card]]) -> Analysis[Action]:
    """The Coach's word where the cards in sight prove the deal lost (:func:`stuck_in_view`): it says which
    cards can never move; Give up comes first, then the moves that play on, as :func:`looks_lost` lists them.

    >>> from tabletop.playing_cards import Card
    >>> analysis = proven_lost([Draw(), GiveUp()], [(3, Card.parse("9H"))])
    >>> [str(r.action) for r in analysis.rated]
    ['resign', 's']
    >>> print(analysis.notes[0])
    This deal is lost: the 9♥ in pile 3 can never move, so the cards under it stay face down, however you play. Give up comes first; the moves after it play on.
    """
    note = f"{IS_LOST}: {stuck_words(stuck)}, however you play. Give up comes first; the moves after it play on."
    # Not marked exact, which would make the table list no move: the moves are listed, Give up first.
    return Analysis(list(looks_lost(legal, 0).rated), exact=False, notes=[note], basis=CERTAIN)


def _try_order(action: Action) -> int:
    """Where a move stands when none is rated: cards home, moves on the table, the stock, a card taken back
    from home, and giving up last (where the deal looks lost, :func:`looks_lost` puts it first instead)."""
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
    """The computer level that plays the coach's advice. The moves that start the most sampled wins (up to
    three) are each played on the same sampled deals and solved again, as the Coach rates them, and the one
    that wins the most deals is played: the first move of a line the solver found is often one of several that
    could come first, and counting first moves alone splits their votes. Where no sampled deal is won, it
    plays on (as the Coach, saying the deal looks lost, would not) toward the positions the solver found with
    the fewest cards face down: the move whose lines lead nearer a win by the most (:attr:`Tally.nearer`); a
    card home, a stock not yet seen or giving up only when no line leads nearer."""

    name = "coach"

    def __init__(self, samples: int = PLAY_SAMPLES, nodes: int = PLAY_NODES) -> None:
        self.samples, self.nodes = samples, nodes

    def choose(self, view: TableView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        states = sample_states(view, rng, self.samples)
        counted = tally([Position.of(s) for s in states], legal, self.nodes)
        if counted.counts:
            return self._most_wins(counted.counts, states)
        if not counted.nearer:
            return fallback(legal, view)
        return max(legal, key=lambda a: (counted.nearer.get(a, 0), -_try_order(a)))

    def _most_wins(self, counts: Mapping[Action, int], states: Sequence[KlondikeState]) -> Action:
        """Of the moves that start the most sampled wins, the one after which the most deals are won."""
        voted = sorted(counts, key=lambda a: -counts[a])[:RATED_MOVES]
        if len(voted) == 1:
            return voted[0]

        return max(voted, key=lambda a: (wins_after(a, states, self.nodes), counts[a]))


class StrongAgent(CoachAgent):
    """The coach level with twice the sampled deals and twice the positions a solve: for the bench and
    ``tabletop simulate``, nearly four times as long a game (docs/klondike.md)."""

    name = "strong"

    def __init__(self, samples: int = STRONG_SAMPLES, nodes: int = STRONG_NODES) -> None:
        super().__init__(samples, nodes)


__all__ = [
    "IS_LOST",
    "LOOKS_LOST",
    "CoachAgent",
    "SamplingAnalyst",
    "StrongAgent",
    "looks_lost",
    "proven_lost",
    "sample_positions",
    "sample_states",
    "stuck_in_view",
]

"""Review: a player's decisions in a finished game, each graded by the game's analyst.

The game is replayed from its record; at every decision of the reviewed seat
with more than one legal action, the analyst rates the actions from the view
that player had then (never the cards hidden from them), and the decision
costs what its action's chance falls short of the best one's. No I/O here:
:mod:`tabletop.commands.review` draws the result.

    >>> from tabletop.analysis import Analysis, Rated
    >>> graded = Graded(7, None, "a", 0.4, "b", 0.65, exact=True, log=[])
    >>> round(graded.cost, 2), graded.agreed
    (0.25, False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.analysis import REVIEW_SECONDS, Analyst
from tabletop.game import Game, View
from tabletop.loop import Match
from tabletop.rng import derive_seed, make_rng

COSTLIEST = 3
"""How many of the costliest decisions a review shows."""


@dataclass(frozen=True)
class Graded:
    """One decision: where it stood, what was played and what the analyst preferred, with their chances."""

    ply: int
    """How many actions (chance included) came before it."""
    view: View | None
    played: Any
    played_win: float
    best: Any
    best_win: float
    exact: bool
    log: list[str]
    """The log as the player had read it up to the decision."""
    samples: int | None = None

    @property
    def cost(self) -> float:
        """The chance of winning given away by this decision (0 when it was as good as the best)."""
        return max(0.0, self.best_win - self.played_win)

    @property
    def agreed(self) -> bool:
        """Whether the action played was the analyst's first choice (or as good)."""
        return self.cost <= 1e-12


@dataclass(frozen=True)
class Review:
    """Every graded decision of one seat, in the order they were made."""

    seat: int
    decisions: list[Graded]
    exact: bool
    seconds: float | None
    """The thinking time of each decision, for an analyst that searches by time (else None)."""

    def costliest(self, count: int = COSTLIEST) -> list[Graded]:
        """The decisions that gave away the most, costliest first (only those that gave away anything)."""
        costly = [d for d in self.decisions if not d.agreed]
        return sorted(costly, key=lambda d: (-d.cost, d.ply))[:count]

    @property
    def given_away(self) -> float:
        """The chances given away, summed over the decisions."""
        return sum(d.cost for d in self.decisions)


def decisions_of(game: Game[Any], history: Sequence[str], options: Mapping[str, str], seat: int) -> list[int]:
    """The plies at which ``seat`` chose among more than one action."""
    state = game.new_initial_state(options)
    plies = []
    for ply, text in enumerate(history):
        if state.current_player() == seat and len(state.legal_actions()) > 1:
            plies.append(ply)
        state.apply(game.parse_action(state, text))
    return plies


def review_game(
    game: Game[Any],
    history: Sequence[str],
    *,
    options: Mapping[str, str],
    seed: int,
    seat: int,
    analyst: Analyst[Any],
    seconds: float = REVIEW_SECONDS,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Grade every decision ``seat`` made in the game recorded as ``history``.

    ``progress(done, total)`` is called before the first decision and after each.
    Each analysis draws on its own RNG, derived from the seed and the ply, so a
    review of a game repeats (for an analyst with a fixed budget).
    """
    plies = set(decisions_of(game, history, options, seat))
    match = Match(game, options=options, seed=seed)
    graded: list[Graded] = []
    if progress is not None:
        progress(0, len(plies))
    for ply, text in enumerate(history):
        state = match.state
        action = game.parse_action(state, text)
        if ply in plies:
            view = state.view(seat)
            rng = make_rng(derive_seed(seed, f"review-{ply}"))
            analysis = analyst.analyse(view, state.legal_actions(), seconds=seconds, rng=rng)
            played_win = analysis.win_of(action)
            if played_win is not None:
                best = analysis.rated[0]
                log = [event.text_for(seat) for event in match.events]
                graded.append(
                    Graded(ply, view, action, played_win, best.action, best.win, analysis.exact, log, analysis.samples)
                )
            if progress is not None:
                progress(len([p for p in plies if p <= ply]), len(plies))
        match.apply(action)
    return Review(seat, graded, analyst.exact, seconds if analyst.timed else None)

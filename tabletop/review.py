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
from dataclasses import dataclass, field
from typing import Any

from tabletop.analysis import REVIEW_SECONDS, Analysis, Analyst, analysis_of_json, analysis_rng
from tabletop.circles import LOSS, note_position, without_circles
from tabletop.game import Game, View
from tabletop.loop import Match
from tabletop.state import State

COSTLIEST = 3
"""How many of the costliest decisions a review shows."""

INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.15
POINTS_SCALE = 100.0
"""An analyst whose figures are expected points (:attr:`~tabletop.analysis.Analyst.points`) is graded on its
figures divided by this: a point of expected score weighs as a point (a hundredth) of win chance, so the
grades fall at 5, 10 and 15 points of expected score given away, and ``cost * 100`` is the points given away."""
"""What a decision must give away (in win chance, 0 to 1) to be called an inaccuracy, a mistake, a
blunder: 5, 10 and 15 points of win chance, the thresholds of lichess's review (a drop of 0.1, 0.2 and 0.3
in its winning chances, which run from -1 to 1)."""
GRADES = (("blunder", "??", BLUNDER), ("mistake", "?", MISTAKE), ("inaccuracy", "?!", INACCURACY))
"""Each grade, its mark and its threshold, the worst first."""


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
    reply: str | None = None
    """The reply the analyst expected to its pick (:attr:`tabletop.analysis.Rated.reply`), if it says."""
    facts: list[Any] = field(default_factory=list)
    """The facts of each log line (:attr:`tabletop.events.Event.facts`), when the game gives them."""

    @property
    def cost(self) -> float:
        """The chance of winning given away by this decision (0 when it was as good as the best)."""
        return max(0.0, self.best_win - self.played_win)

    @property
    def agreed(self) -> bool:
        """Whether the action played was the analyst's first choice (or as good)."""
        return self.cost <= 1e-12

    @property
    def grade(self) -> str:
        """``best``, ``good`` (gave away less than an inaccuracy), ``inaccuracy``, ``mistake`` or ``blunder``.

        >>> [Graded(1, None, "a", 0.5 - cost, "b", 0.5, exact=True, log=[]).grade for cost in (0, 0.01, 0.07, 0.2)]
        ['best', 'good', 'inaccuracy', 'blunder']
        """
        return grade_of(self.cost)


@dataclass(frozen=True)
class Review:
    """Every graded decision of one seat, in the order they were made."""

    seat: int
    decisions: list[Graded]
    exact: bool
    effort: str | None
    """What each decision's analysis cost, in words (``5,000 search iterations``), for an analyst that
    searches (else None)."""
    points: bool = False
    """Whether the figures are expected final scores in points (the analyst's :attr:`~Analyst.points`)."""

    def costliest(self, count: int = COSTLIEST) -> list[Graded]:
        """The decisions that gave away the most, costliest first (only those that gave away anything)."""
        costly = [d for d in self.decisions if not d.agreed]
        return sorted(costly, key=lambda d: (-d.cost, d.ply))[:count]

    def count(self, grade: str) -> int:
        """How many decisions have ``grade``."""
        return sum(d.grade == grade for d in self.decisions)

    @property
    def given_away(self) -> float:
        """The chances given away, summed over the decisions."""
        return sum(d.cost for d in self.decisions)


def grade_of(cost: float) -> str:
    """The grade of a decision that gave away ``cost`` (win chance, 0 to 1)."""
    if cost <= 1e-12:
        return "best"
    return next((name for name, _, least in GRADES if cost >= least - 1e-12), "good")


def mark_of(grade: str) -> str:
    """The chess mark of a grade: ``??`` a blunder, ``?`` a mistake, ``?!`` an inaccuracy, else nothing."""
    return next((mark for name, mark, _ in GRADES if name == grade), "")


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
    analyst: Analyst[Any, Any],
    seconds: float = REVIEW_SECONDS,
    progress: Callable[[int, int], None] | None = None,
    kept: Mapping[int, Analysis[Any] | str] | None = None,
) -> Review:
    """Grade every decision ``seat`` made in the game recorded as ``history``.

    ``progress(done, total)`` is called before the first decision and after each.
    ``kept`` holds the Coach's analyses given during play, by ply (an
    :class:`~tabletop.analysis.Analysis`, or its JSON as the store keeps it): a
    decision with one is graded by it, as the player was shown it, and not
    analysed again, so the move the Coach put first is never graded as a loss.
    Any other draws on its own RNG, derived from the seed and the ply, so a
    review of a game repeats (for an analyst with a fixed budget).
    """
    plies = set(decisions_of(game, history, options, seat))
    match = Match(game, options=options, seed=seed)
    passed: set[str] = set()  # the positions the seat stood at so far: the Coach never put a circle first
    resort = game.last_resort_actions(match.options)  # put first where every move rated goes round
    scale = POINTS_SCALE if analyst.points else 1.0
    graded: list[Graded] = []
    if progress is not None:
        progress(0, len(plies))
    for ply, text in enumerate(history):
        state = match.state
        action = game.parse_action(state, text)
        if ply in plies:
            view = state.view(seat)
            analysis = kept_at(game, state, (kept or {}).get(ply))
            if analysis is None:
                rng = analysis_rng(seed, ply)  # as the hint at this decision drew: the same analysis
                analysis = analyst.analyse(view, state.legal_actions(), seconds=seconds, rng=rng)
                analysis = without_circles(analysis, state, seat, passed, resort)
            played_win = analysis.win_of(action)
            if played_win is None and action in resort and not analyst.points:  # giving up, not rated: a loss
                played_win = LOSS
            if played_win is not None:
                best = analysis.rated[0]
                log = [event.text_for(seat) for event in match.events]
                facts = [event.facts_for(seat) for event in match.events]
                graded.append(
                    Graded(
                        ply,
                        view,
                        action,
                        played_win / scale,
                        best.action,
                        best.win / scale,
                        analysis.exact,
                        log,
                        analysis.samples,
                        best.reply,
                        facts,
                    )
                )
            if progress is not None:
                progress(len([p for p in plies if p <= ply]), len(plies))
        note_position(state, seat, passed)
        match.apply(action)
    return Review(seat, graded, analyst.exact, effort_of(analyst, seconds), analyst.points)


def kept_at(game: Game[Any], state: State[Any], kept: Analysis[Any] | str | None) -> Analysis[Any] | None:
    """The analysis kept at a decision, read with ``game`` in ``state``; None when there is none, or it cannot
    be read, or it rates an action that is not legal there (then the decision is analysed again)."""
    if kept is None:
        return None
    if isinstance(kept, str):
        try:
            kept = analysis_of_json(kept, lambda text: game.parse_action(state, text))
        except ValueError:
            return None
    legal = state.legal_actions()
    return kept if all(r.action in legal for r in kept.rated) else None


def effort_of(analyst: Analyst[Any, Any], seconds: float) -> str | None:
    """What one analysis by ``analyst`` costs, in words, or None for one that does not search.

    >>> from tabletop_muster.ai.analyst import MusterAnalyst
    >>> effort_of(MusterAnalyst(5000), 1.0), effort_of(MusterAnalyst(None), 0.25)
    ('5,000 search iterations', 'about 0.25 s')
    """
    if analyst.iterations is not None:
        return f"{analyst.iterations:,} {analyst.iteration_words}"
    return f"about {seconds:g} s" if analyst.timed else None

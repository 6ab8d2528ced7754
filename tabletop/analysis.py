"""The analyst: how good each legal action is, judged from one player's view.

A game may offer an analyst (:meth:`tabletop.game.Game.analyst`); the table
then gives that game a **Coach** (the best actions, with their chances) and a
**Review** of a finished game (each of a player's decisions graded, the
costliest shown). The analyst sees what the player saw and nothing more: the
view, never the hidden cards, so a hint is advice a strong player could give.

An analyst rates actions by the player's chance of winning after each one
(for a solo game, of reaching its goal), exactly or as an estimate::

    >>> analysis = Analysis([Rated("b", 0.25), Rated("a", 0.75)], exact=True)
    >>> analysis.best, analysis.win_of("b"), analysis.win_of("z") is None
    ('a', 0.25, True)
    >>> analysis.basis
    'exact'
"""

from __future__ import annotations

import abc
import copy
import json
import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Generic

from tabletop.state import A
from tabletop.views import V

HINT_SECONDS = 1.0
"""About how long a hint may think, for an analyst that searches by time."""
REVIEW_SECONDS = HINT_SECONDS
"""About how long a review thinks about each decision, for an analyst that searches by time: as long as a
hint, so that the review judges a position as the hint did."""


def analysis_rng(seed: int, ply: int) -> random.Random:
    """The randomness of an analysis of the position after ``ply`` actions of the game dealt from ``seed``.

    The Coach and Review both draw on it, so that for an analyst with a fixed budget
    (:attr:`Analyst.iterations`) the review of a decision is the very analysis
    the hint gave in that position: the action a hint put first is never graded
    as a loss, and a review repeats to the last figure.

        >>> analysis_rng(7, 12).random() == analysis_rng(7, 12).random() != analysis_rng(7, 13).random()
        True
    """
    from tabletop.rng import derive_seed, make_rng

    return make_rng(derive_seed(seed, f"analysis-{ply}"))


class AnalysisUnavailable(Exception):
    """The analyst cannot rate this game's positions (an exact solver refused a set too large for the
    memory, say): the game goes on without it. The message says why, in words for the player; ``summary``
    is a few words for the line under the board."""

    def __init__(self, message: str, summary: str = "no figures for this game") -> None:
        super().__init__(message)
        self.summary = summary


@dataclass(frozen=True)
class Rated(Generic[A]):
    """One action and the player's chance of winning after it (0 to 1)."""

    action: A
    win: float
    samples: int | None = None
    """How many samples (sampled deals searched, say) the estimate rests on (None: exact, or not counted)."""
    reply: str | None = None
    """The reply the analyst expects from the opponent after this action, in words the player may read
    (``South makes a Rainbow Swap under Water``), or None when there is none to tell."""


class Analysis(Generic[A]):
    """The actions an analyst rated, best first, and whether the figures are exact."""

    def __init__(
        self,
        rated: Sequence[Rated[A]],
        *,
        exact: bool,
        samples: int | None = None,
        notes: Sequence[str] = (),
        basis: str | None = None,
    ) -> None:
        if not rated:
            raise ValueError("an analysis rates at least one action")
        self.rated: tuple[Rated[A], ...] = tuple(sorted(rated, key=lambda r: -r.win))
        self.exact = exact
        self.samples = samples
        """The samples behind the whole analysis (None: exact, or not counted)."""
        self.notes = tuple(notes)
        """Anything the player should be told with it (a saved solution that had to be made again, say)."""
        self._basis = basis

    @property
    def best(self) -> A:
        """The action rated highest (or put first: :meth:`with_last`)."""
        return self.rated[0].action

    def with_last(self, last: Collection[A]) -> Analysis[A]:
        """The same figures with the actions in ``last`` listed after the others, when any other is left: moves
        not to be put first whatever they are worth (one that goes round in a circle, :mod:`tabletop.circles`).

        >>> analysis = Analysis([Rated("back", 0.5), Rated("on", 0.4)], exact=True).with_last({"back"})
        >>> [r.action for r in analysis.rated], analysis.best
        (['on', 'back'], 'on')
        """
        kept = [r for r in self.rated if r.action not in last]
        if not kept or len(kept) == len(self.rated):
            return self
        other = copy.copy(self)
        other.rated = (*kept, *(r for r in self.rated if r.action in last))
        return other

    def win_of(self, action: A) -> float | None:
        """The chance rated for ``action``, or None if the analyst did not rate it."""
        return next((r.win for r in self.rated if r.action == action), None)

    @property
    def basis(self) -> str:
        """What the figures rest on, in a few words: ``exact`` or ``estimated from 2,400 samples``, or what the
        analyst said instead (``certain``, where a proof that nothing wins still lists the moves).

        >>> Analysis([Rated("a", 0.5)], exact=False, samples=2400).basis
        'estimated from 2,400 samples'
        >>> Analysis([Rated("resign", 0.0)], exact=False, basis="certain").basis
        'certain'
        """
        if self._basis is not None:
            return self._basis
        if self.exact:
            return "exact"
        if self.samples:
            return f"estimated from {self.samples:,} samples"
        return "estimated"


def analysis_json(analysis: Analysis[A]) -> str:
    """``analysis`` as JSON, to keep with the game: its rated actions in their order, each by its notation.

    >>> analysis_json(Analysis([Rated("a", 0.5, 10, "b")], exact=False, samples=10))
    '{"rated": [{"action": "a", "win": 0.5, "samples": 10, "reply": "b"}], "exact": false, "samples": 10}'
    """
    rated = [{"action": str(r.action), "win": r.win, "samples": r.samples, "reply": r.reply} for r in analysis.rated]
    return json.dumps({"rated": rated, "exact": analysis.exact, "samples": analysis.samples})


def analysis_of_json(text: str, parse: Callable[[str], A]) -> Analysis[A]:
    """The analysis :func:`analysis_json` wrote, its actions read by ``parse``, in the order they were kept
    (the Coach's first move first, whatever its figure); :class:`ValueError` if ``text`` is not one.

        >>> kept = analysis_of_json(analysis_json(Analysis([Rated("a", 0.5)], exact=True).with_last({"a"})), str)
        >>> [(r.action, r.win) for r in kept.rated], kept.exact
        ([('a', 0.5)], True)
    """
    try:
        data = json.loads(text)
        rated = [
            Rated(parse(_text(r["action"])), _figure(r["win"]), _count(r.get("samples")), _optional(r.get("reply")))
            for r in data["rated"]
        ]
        exact, samples = data["exact"], _count(data.get("samples"))
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
        raise ValueError(f"not a kept analysis: {exc}") from None
    if not isinstance(exact, bool):
        raise ValueError("not a kept analysis: its exactness is not true or false")
    analysis = Analysis(rated, exact=exact, samples=samples)
    analysis.rated = tuple(rated)
    return analysis


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not a text")
    return value


def _optional(value: object) -> str | None:
    return None if value is None else _text(value)


def _figure(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{value!r} is not a figure")
    return float(value)


def _count(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{value!r} is not a count")
    return value


class Analyst(abc.ABC, Generic[A, V]):
    """Rates a player's legal actions from that player's view.

    ``seconds`` is a budget for analysts that search (an exact one may ignore
    it); ``rng`` is the only randomness an analyst may use, so that an analysis
    can be repeated; ``progress`` (if given) may be called with a fraction done.
    """

    exact: bool = False
    """Whether the figures are exact (else they are estimates)."""
    name: str = "the game's analyst"
    """Who does the analysis, for a sentence: "graded by Hard's search"."""
    timed: bool = False
    """Whether ``seconds`` bounds its work (a search), so a review says how long each decision was thought about."""
    iterations: int | None = None
    """The fixed work of one analysis, for an analyst that searches by iterations rather than by time (then
    ``seconds`` is not read, and an analysis depends on the view and the ``rng`` alone), else None."""
    iteration_words: str = "search iterations"
    """What :attr:`iterations` counts, in the plural, for a review's line ("24 sampled deals played out")."""
    points: bool = False
    """Whether the figures are expected final scores in points (a solo score game) rather than win chances:
    each :attr:`Rated.win` is then the expected final score after the action, and Hint and Review say points."""

    def with_iterations(self, iterations: int) -> Analyst[A, V]:
        """The same analyst doing ``iterations`` of work per analysis (an analyst without a fixed budget: itself)."""
        return self

    def with_moves(self, moves: Sequence[str]) -> Analyst[A, V]:
        """The same analyst told the moves the player has made so far in this game, in notation, oldest first
        (the match's history keeps them; a state need not): for an analyst whose words look back over the
        game, such as where a lost game was last winnable. One that reads the view alone returns itself."""
        return self

    @abc.abstractmethod
    def analyse(
        self,
        view: V,
        legal: Sequence[A],
        *,
        seconds: float,
        rng: random.Random,
        progress: Callable[[float], None] | None = None,
    ) -> Analysis[A]:
        """Rate ``legal`` (the actions of ``view.player``, who is to move) from ``view`` alone.

        Raises :class:`AnalysisUnavailable` when it cannot (and says why).
        """

    def begin(self) -> None:
        """A match with a hint on offer has begun at the table: start any slow preparation (a solve) in the
        background here, in a way that never makes the game's prompts wait. The default does nothing."""

    def status(self) -> str | None:
        """While the analyst is still getting ready (solving in the background, say), how far it has got."""
        return None

"""The coach of a game whose analyst is an exact solver, and what surrounds it: Muses' and Five Dice's.

Such a game has an *advisor* that reads its solution from disk (where
:class:`~tabletop.solutions.SolutionPlace` says what it found), or solves and keeps
it, then values each legal action. Around it this kit gives:

- :class:`SolverAnalyst`, the analyst behind the Coach and Review. When a match begins it
  starts the solve in a process of its own, unless the solution is on disk already or
  could not be kept; it says how far that solve has got, makes the first hint wait for it,
  remembers a refusal (a set too large to solve here), and turns the advisor's values into
  the Coach's figures, with what the player should hear about the saved solution. A game
  says only what differs: where its advisor is, how its solve starts, the values of a
  view, and its words.
- :class:`SharedAdvisors`, one advisor per key in a process, so that the coach and the
  computer players read a solution once; only the few asked last are kept, so that a
  simulation over many card sets does not hold every solution in memory.
- :func:`background_solve` and :func:`serve_advisor`, the solve a game's background module
  runs, from both ends.
- :class:`Stopwatch` and :func:`print_solved`, how a game's ``solve`` command ends: the
  time, the positions, the peak memory and where the solution is kept.

>>> shared: SharedAdvisors[str] = SharedAdvisors(size=2)
>>> shared.get("a", lambda: "advisor a") is shared.get("a", lambda: "another")
True
>>> _ = shared.get("b", lambda: "advisor b"), shared.get("c", lambda: "advisor c")
>>> shared.keys()
['b', 'c']
"""

from __future__ import annotations

import abc
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from tabletop.analysis import Analysis, AnalysisUnavailable, Analyst, Rated
from tabletop.solutions import BackgroundSolve, Progress, SolutionPlace, peak_memory_mb, say_kept, say_notes, serve
from tabletop.state import A
from tabletop.views import V


@dataclass(frozen=True)
class Advice(Generic[A]):
    """What a solved game's advisor says of a position: its value and each legal action's, best first (a
    value is a win chance, or the expected final score of a game scored in points).

    >>> Advice(0.5, [("hold", 0.5), ("roll", 0.25)]).best
    'hold'
    """

    value: float
    options: list[tuple[A, float]]

    @property
    def best(self) -> A:
        """The action the solution rates best."""
        return self.options[0][0]


class Advising(Protocol):
    """What :class:`SolverAnalyst` asks of a game's advisor beyond the values, which the game reads."""

    def take_notes(self) -> list[str]:
        """What the player should be told about the saved solution (set aside, not kept, ...), each once."""
        ...


class Solving(Protocol):
    """What a background solve asks of a game's advisor."""

    place: SolutionPlace

    def solve(self, progress: Progress | None = None) -> float:
        """Read the solution from its place, or solve and keep it there."""
        ...


T = TypeVar("T")
AdvisorT = TypeVar("AdvisorT", bound=Advising)


def cache_folder(cache_dir: str | Path | None) -> Path | None:
    """The folder a solution is kept in, as the games are given it: "" the user's cache folder (as the environment
    says now), None none (the solution stays in memory), else that folder."""
    from tabletop.userdirs import user_dir

    if cache_dir is None:
        return None
    return user_dir("cache") if cache_dir == "" else Path(cache_dir)


# -- one advisor per solution in a process --

ADVISORS_KEPT = 4
"""How many advisors a process keeps by default, the most recently asked: a game asks one or two at a time
(its coach's and its computer players', often the same), and one asked again after it was let go is read
back from disk."""


class SharedAdvisors(Generic[T]):
    """The advisors of a process, one per key (a rule set, a card set, with the folder they are kept in),
    so a solution is solved or read once however many analysts and computer players ask it; only the
    ``size`` asked last are held."""

    def __init__(self, size: int = ADVISORS_KEPT) -> None:
        if size < 1:
            raise ValueError("at least one advisor is kept")
        self.size = size
        self._kept: OrderedDict[Hashable, T] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The advisor of ``key``, made by ``make()`` unless it is held already."""
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = make()
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return found

    def keys(self) -> list[Hashable]:
        """The keys of the advisors held, the one asked longest ago first."""
        return list(self._kept)


# -- the analyst --


class SolverAnalyst(Analyst[A, V], Generic[A, V, AdvisorT]):
    """Exact figures from a game's advisor, its solution worked out in the background when the match begins.

    ``cache_dir``: the folder the solution is kept in ("": the user's cache folder; None: none, so
    nothing is solved in the background and the first hint solves in the game's own process).
    """

    exact = True
    name = "the exact solver"
    working = "Working out the best play"
    """What the line under the board says while the background solve runs, before how far it has got."""
    refusals: tuple[type[Exception], ...] = ()
    """What the advisor raises when it will not solve here (too large for the memory allowed): said by
    :meth:`unavailable`, and not tried again."""

    def __init__(self, cache_dir: str | Path | None = "") -> None:
        self.cache_dir = cache_dir
        self.background: BackgroundSolve | None = None
        """The solve started when the game began, while it runs or until a hint has waited for it."""
        self.refusal: str | None = None
        """Why the solution cannot be worked out here, once known."""

    @abc.abstractmethod
    def advisor(self) -> AdvisorT:
        """The advisor of this analyst's solution, shared in the process (see :class:`SharedAdvisors`)."""

    @abc.abstractmethod
    def needs_solve(self, folder: Path) -> bool:
        """Whether a solve begun now would keep in ``folder`` a solution it does not hold yet.

        False when the solution is there already, or when nothing could be kept there (a pipe at
        the solution's name, a file where the folder should be): the first hint then solves, and
        says why.
        """

    @abc.abstractmethod
    def solve_in_background(self, folder: Path) -> BackgroundSolve:
        """The solve (not started yet) whose solution lands in ``folder``, where the advisor reads it."""

    @abc.abstractmethod
    def values(self, advisor: AdvisorT, view: V) -> Sequence[tuple[A, float]]:
        """Each legal action of the player to move in ``view`` with its value, from ``advisor``, best first.

        Raises one of :attr:`refusals` when the solution cannot be worked out here.
        """

    def own_notes(self, view: V) -> list[str]:
        """What the game says with every hint in ``view``, after what is said about the saved solution."""
        return []

    def unavailable(self, reason: str) -> AnalysisUnavailable:
        """What a hint says when the solution cannot be worked out here, ``reason`` being why."""
        return AnalysisUnavailable(reason)

    def begin(self) -> None:
        """Solve in another process unless the solution is on disk already, or nowhere could keep it."""
        folder = cache_folder(self.cache_dir)
        if folder is None or self.background is not None or not self.needs_solve(folder):
            return
        self.background = self.solve_in_background(folder)
        self.background.start()

    def status(self) -> str | None:
        """How far the background solve has got, while it runs."""
        if self.background is None or not self.background.running():
            return None
        return f"{self.working}: {self.background.fraction:.0%} done"

    def analyse(
        self,
        view: V,
        legal: Sequence[A],
        *,
        seconds: float,
        rng: random.Random,
        progress: Callable[[float], None] | None = None,
    ) -> Analysis[A]:
        """Exact figures; :class:`~tabletop.analysis.AnalysisUnavailable` when the solution cannot be worked out here."""
        if self.background is not None:  # wait for the solve the game began with, then read what it wrote
            self.background.wait(progress)
            if self.background.refusal is not None:
                self.refusal = self.background.refusal
            self.background = None
        if self.refusal is not None:
            raise self.unavailable(self.refusal)
        advisor = self.advisor()
        try:
            options = self.values(advisor, view)
        except self.refusals as exc:
            self.refusal = str(exc)
            raise self.unavailable(self.refusal) from None
        wanted = set(legal)
        rated = [Rated(action, value) for action, value in options if action in wanted]
        return Analysis(rated, exact=True, notes=[*advisor.take_notes(), *self.own_notes(view)])


# -- the solve in a process of its own --


def background_solve(module: str, folder: Path, request: Mapping[str, Any]) -> BackgroundSolve:
    """The solve ``python -m module`` runs for ``request`` (JSON), its solution kept in ``folder`` (not started)."""
    return BackgroundSolve(module, {**request, "cache": str(folder)})


def serve_advisor(
    advisor_of: Callable[[Mapping[str, Any], Path], Solving], refused: tuple[type[Exception], ...] = ()
) -> int:
    """The main of a game's background module (see :func:`~tabletop.solutions.serve`): the advisor
    ``advisor_of(request, folder)`` solves, and the solve counts as done only with its solution kept."""

    def solve(request: Mapping[str, Any], progress: Progress) -> None:
        advisor = advisor_of(request, Path(request["cache"]))
        advisor.solve(progress)
        advisor.place.require_kept()

    return serve(solve, refused)


# -- how a solve command ends --


@dataclass(frozen=True)
class SolveTime:
    """How long a solve took, in seconds: on the wall clock, and of the processor's time."""

    wall: float
    processor: float


class Stopwatch:
    """Started when made; :meth:`read` says the wall and processor time since."""

    def __init__(self) -> None:
        self._wall = time.perf_counter()
        self._processor = time.process_time()

    def read(self) -> SolveTime:
        """The time since the stopwatch was made."""
        return SolveTime(time.perf_counter() - self._wall, time.process_time() - self._processor)


def print_solved(
    place: SolutionPlace,
    lines: Sequence[str],
    took: SolveTime,
    *,
    solved: int | None,
    positions: str | None,
    processor: bool = True,
) -> None:
    """The end of a ``solve`` command: what the player should hear about the solution's place (on the error
    output), the game's ``lines`` (what was solved, its value), the time it ``took`` (with the ``processor``'s)
    and whether the solution was read from the cache (``solved`` None) or that many positions were solved,
    ``Positions:`` then ``positions`` (unless None), the peak memory, and where the solution is kept."""
    say_notes(place)
    for line in lines:
        print(line)
    spent = f"{took.wall:.2f} s wall, {took.processor:.2f} s processor" if processor else f"{took.wall:.2f} s"
    origin = "read from the cache" if solved is None else f"{solved:,} positions solved"
    print(f"Time: {spent} ({origin})")
    if positions is not None:
        print(f"Positions: {positions}")
    peak = peak_memory_mb()
    if peak is not None:
        print(f"Peak memory: {peak:.0f} MB")
    say_kept(place)

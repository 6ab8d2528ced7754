"""The advisor: the win probability after each legal action, from the exact solver.

>>> from tabletop_muses.cards import load_cards
>>> from tabletop_muses.rules import MusesState
>>> cards = load_cards().with_target(5)
>>> state = MusesState(cards)
>>> for text in ("draw Erato", "roll 1 2"):
...     state.apply(next(a for a in state.legal_actions() if str(a) == text))
>>> advice = Advisor(cards, cache_dir=None).advise(state)
>>> str(advice.best), advice.value == advice.options[0][1]
('claim Erato', True)
"""

from __future__ import annotations

import contextlib
import hashlib
import operator
import time
from pathlib import Path

from tabletop import solutions
from tabletop.solutions import DAMAGED, LOADED, SolutionPlace
from tabletop.solver_coach import Advice as Advised
from tabletop.solver_coach import SharedAdvisors, cache_folder
from tabletop_muses.cards import CardSet
from tabletop_muses.fast_solver import MEMORY_LIMIT, FastSolver, Progress
from tabletop_muses.rules import (
    ACT,
    DRAW,
    OVER,
    REROLL,
    ROLL,
    Claim,
    End,
    Hint,
    MusesAction,
    MusesState,
    UsePower,
)
from tabletop_muses.solver import ROLL_WEIGHTS, WIN, _change, _idx

SUBJECT = "card set"
"""What a solution is of, as the player is told (:data:`tabletop.solutions.FOREIGN_NOTE`)."""
DAMAGED_CACHE = solutions.DAMAGED_NOTE
"""Said to the player when the on-disk solution fails its checks (it is then replaced)."""
FOREIGN_CACHE = solutions.FOREIGN_NOTE.format(path="{path}", subject=SUBJECT)
"""Said when the file at this set's name holds another set's solution (copied there, say): it is then replaced."""


def default_cache_dir() -> Path:
    """``$TABLETOP_CACHE_DIR``, else ``$XDG_CACHE_HOME/tabletop``, else ``~/.cache/tabletop``."""
    from tabletop.userdirs import user_dir

    return user_dir("cache")


def cache_file(cardset: CardSet, mode: str, cache_dir: Path) -> Path:
    """Where the solution of ``cardset`` lives: named by a hash of the card file's content."""
    name = hashlib.sha256(f"{cardset.digest}|{cardset.target}|{cardset.hints}|{mode}".encode()).hexdigest()[:32]
    return cache_dir / f"muses-{name}.bin"


Advice = Advised[MusesAction]
"""The value of the position and of each legal action, best first."""


class Advisor:
    """Exact values of Muses positions for one card set.

    The first question no saved solution answers solves the whole game with
    :class:`~tabletop_muses.fast_solver.FastSolver` (seconds; the solution is
    then kept on disk), and every answer after that is read from it.

    ``cache_dir``: a folder for the on-disk solution (None: keep it in memory
    only; the default: :func:`default_cache_dir`).
    """

    def __init__(
        self,
        cardset: CardSet,
        cache_dir: str | Path | None = "",
        mode: str = WIN,
        memory_limit: int | None = MEMORY_LIMIT,
    ) -> None:
        self.solver = FastSolver(cardset, mode)
        self.solver.memory_limit = memory_limit
        self.cardset = cardset
        self.seconds = 0.0
        self.from_cache = False
        directory = cache_folder(cache_dir)
        self.place = SolutionPlace(cache_file(cardset, mode, directory) if directory is not None else None, SUBJECT)
        """Where the solution is kept, whether it is, and what the player is to hear about it."""
        self._loaded = False
        self._saved = 0

    @property
    def path(self) -> Path | None:
        return self.place.path

    @property
    def kept(self) -> bool:
        """True once the solution is on disk (read from there, or written)."""
        return self.place.kept

    @property
    def damaged_cache(self) -> bool:
        """True when the on-disk solution failed its checks and was set aside."""
        return self.place.found == DAMAGED

    def prepare(self) -> None:
        """Read the on-disk solution once, if there is one; a damaged one is set aside (see ``damaged_cache``)."""
        self._ensure_loaded()

    def take_notes(self) -> list[str]:
        """What the player should be told about the saved solution (not kept, set aside, ...), each once."""
        return self.place.take_notes()

    def _ensure_loaded(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        self.from_cache = self.place.read(self.solver.load) == LOADED
        self._saved = len(self.solver.memo)

    def save(self) -> None:
        """Keep what was computed (every memoised value is exact, even of a partial solve).

        A failure (a full disk, a read-only folder) loses only time: the next run solves
        again. It is noted for the player (:meth:`take_notes`), once.
        """
        if len(self.solver.memo) == self._saved or not self.place.keep(self.solver.save):
            return
        self._saved = len(self.solver.memo)
        self._remove_old_leftover()

    def _remove_old_leftover(self) -> None:
        """Remove the temporary file an earlier version left beside the solution when its write failed
        (``muses-*.tmp``, as large as a solution): only a regular file of that name, once this one is kept."""
        import stat

        assert self.path is not None
        leftover = self.path.with_suffix(".tmp")
        with contextlib.suppress(OSError):
            if stat.S_ISREG(leftover.lstat().st_mode):
                leftover.unlink()

    def solve(self, progress: Progress | None = None) -> float:
        """Solve the whole game (or read the cached solution); the value of a new game.

        ``progress(done, total)`` is called as the solve goes (not at all on a cache hit).
        Raises :class:`~tabletop_muses.size.SolveRefused` when the set is too large to solve
        within the memory allowed, or the memory ran out.
        """
        start = time.perf_counter()
        self._ensure_loaded()
        self.solver.progress = progress
        try:
            value = self.solver.win_probability()
        finally:
            self.solver.progress = None
        self.save()
        self.seconds = time.perf_counter() - start
        return value

    def _terms(self, state: MusesState) -> tuple[int, list[tuple[int, int]], int, int]:
        solver = self.solver
        deck = sum(1 << i for i in state.deck)
        powers = [solver.kind_of[i] for i in state.unused_powers()]
        return deck, list(state.display), state.claimed_points(), solver.resources(state.hints, powers)

    def value(self, state: MusesState) -> float:
        """The value of any position under perfect play from here on."""
        self._ensure_loaded()
        deck, display, claimed, r = self._terms(state)
        if state.phase == OVER:
            return self.solver.terminal(claimed, state.hints)
        if state.phase == DRAW:
            slots = [-1, -1, -1]
            for c, rot in display:
                slots[rot - 1] = c
            return self.solver.value(deck, (slots[0], slots[1], slots[2]), claimed, r)
        tables = self.solver.turn_tables(deck, display, claimed, r)
        row = tables[r]
        if state.phase == ROLL:
            return row if isinstance(row, float) else sum(map(operator.mul, ROLL_WEIGHTS, row))
        if state.phase == REROLL:
            assert state.kept is not None
            kept = state.kept
            return sum(row if isinstance(row, float) else row[_idx(kept, v)] for v in range(1, 7)) / 6
        assert state.dice is not None
        return row if isinstance(row, float) else row[_idx(*state.dice)]

    def advise(self, state: MusesState) -> Advice:
        """Every legal action with the value after it, best first (of equal ones, those that spend nothing)."""
        if state.phase != ACT or state.dice is None:
            raise ValueError("advice is given when the dice are rolled and it is your move")
        self._ensure_loaded()
        solver = self.solver
        deck, display, claimed, r = self._terms(state)
        options, tables = solver.turn_solution(deck, display, claimed, r)
        ends = {claim: values[r] for claim, _, values in options}
        pair = state.dice

        def after(field: int, moved: tuple[int, ...], random_: bool) -> float:
            table = tables[r - solver.unit(field)]
            if isinstance(table, float):
                return table
            return sum(table[j] for j in moved) / 6 if random_ else table[moved[0]]

        rated: list[tuple[MusesAction, float]] = []
        for action in state.legal_actions():
            if isinstance(action, End):
                v = ends[-1]
            elif isinstance(action, Claim):
                v = ends[self.cardset.index(action.card)]
            elif isinstance(action, Hint):
                v = after(0, (_change(pair, action.die, action.die + action.delta),), False)
            else:
                assert isinstance(action, UsePower)
                v = self._power_value(state, action, after)
            rated.append((action, v))
        rated = best_first(rated)
        row = tables[r]
        value = row if isinstance(row, float) else row[_idx(*pair)]
        return Advice(value, rated)

    def _power_value(self, state: MusesState, action: UsePower, after: object) -> float:
        index = self.cardset.index(action.card)
        power = self.cardset.cards[index].power
        assert power is not None and state.dice is not None
        field = self.solver.kind_of[index] + 1
        pair = state.dice
        other = pair[1] if pair[0] == action.die else pair[0]
        if power.kind == "reroll":
            moved = tuple(_idx(other, v) for v in range(1, 7))
            return after(field, moved, True)  # type: ignore[operator, no-any-return]
        new = {"flip": 7 - action.die, "adjust": action.die + action.delta, "match": other}[power.kind]
        return after(field, (_change(pair, action.die, new),), False)  # type: ignore[operator, no-any-return]


def best_first(rated: list[tuple[MusesAction, float]]) -> list[tuple[MusesAction, float]]:
    """``rated`` best first; of equal values, what spends no hint or power first (a hint kept counts at the
    end, and a power kept may serve later), else in the order given.

    >>> from tabletop_muses.rules import End, Hint
    >>> [str(a) for a, _ in best_first([(Hint(2, 1), 1.0), (End(), 1.0), (Hint(5, -1), 0.5)])]
    ['end', 'hint 2 +1', 'hint 5 -1']
    """
    return sorted(rated, key=lambda av: (-av[1], isinstance(av[0], (Hint, UsePower))))


ADVISORS_KEPT = 2
"""How many card sets' advisors a process holds: a solution may take GBs, and a game asks one (its coach's
and its computer players' are the same)."""
_ADVISORS: SharedAdvisors[Advisor] = SharedAdvisors(ADVISORS_KEPT)


def advisor_for(cardset: CardSet, cache_dir: str | Path | None = "", mode: str = WIN) -> Advisor:
    """A shared advisor per card set, so a solution is computed or read once per process."""
    directory = cache_folder(cache_dir)  # where the environment says now
    return _ADVISORS.get((cardset.digest, str(directory), mode), lambda: Advisor(cardset, directory, mode))

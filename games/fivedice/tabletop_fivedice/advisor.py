"""The advisor: the expected final score after each legal action, from the exact solution (kept on disk).

The solution of a rule set is the table of state values (:mod:`tabletop_fivedice.solver`),
8 MB of doubles. It is kept in the user's cache folder under a name made of the rule
set and the format version, behind a header that repeats both and a SHA-256 of the
values: a file that is damaged, cut short, of another rule set or of another format
is refused (and solved again and replaced), never trusted. What the player is told
about it (a damaged file, a pipe at its name, a write that failed) is the framework's
(:class:`tabletop.solutions.SolutionPlace`), as for Muses.

>>> cache_file("official", Path("cache")).name
'fivedice-official-v2.bin'
"""

from __future__ import annotations

from collections import OrderedDict
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop import solutions
from tabletop.solutions import SolutionFormat, SolutionPlace, identity_of
from tabletop.solver_coach import Advice as Advised
from tabletop.solver_coach import SharedAdvisors, cache_folder
from tabletop_fivedice.rules import ROLLS_PER_TURN, FiveDiceAction, FiveDiceState, Keep, Score
from tabletop_fivedice.scoring import (
    FIVE_KIND,
    FIVE_KIND_POINTS,
    NONE,
    OFFICIAL,
    UPPER,
    UPPER_BONUS,
    UPPER_BONUS_AT,
    upper_total,
)
from tabletop_fivedice.solver import STATES, Progress, Solver, hold_means, state_index

if TYPE_CHECKING:
    from tabletop_fivedice.solver import FloatArray

SUBJECT = "rule set"
"""What a solution is of, as the player is told (:data:`tabletop.solutions.FOREIGN_NOTE`)."""
DAMAGED_CACHE = solutions.DAMAGED_NOTE
"""Said to the player when the on-disk solution fails its checks (it is then replaced)."""
CACHE_MAGIC = b"FIVEDICE"
CACHE_VERSION = 2
"""Raised whenever the layout of a saved solution changes; another version is solved again. Version 2 is the
framework's solution file (:mod:`tabletop.solutions`), whose identity names the rule set."""
VALUE_BYTES = 8
"""A value is a little-endian double."""
SOLUTION_FORMAT = SolutionFormat(CACHE_MAGIC, CACHE_VERSION, VALUE_BYTES)
LOADED, MISSING, DAMAGED = solutions.LOADED, solutions.MISSING, solutions.DAMAGED
"""What reading found: the solution; none; a file that fails its checks (see :meth:`SolutionFormat.read`
for the others: another rule set's, another version's, not a regular file, no folder, unreadable)."""
TURNS_KEPT = 1024
"""How many turns' values an advisor keeps, the most recently asked (4 KB each). A turn is asked up to
three times in a row (once a roll) and the first turns of every game come back, but later turns rarely
do: keeping every turn ever asked grew without end (254 MB after 3,000 games), while these 1,024 solve
9.2 turns a game of the 7.7 that keeping all of them would (13 with none kept)."""


def default_cache_dir() -> Path:
    """``$TABLETOP_CACHE_DIR``, else ``$XDG_CACHE_HOME/tabletop``, else ``~/.cache/tabletop``."""
    from tabletop.userdirs import user_dir

    return user_dir("cache")


def cache_file(rule: str, cache_dir: Path) -> Path:
    """Where the solution of a rule set lives: its name says the rule set and the format version."""
    return cache_dir / f"fivedice-{rule}-v{CACHE_VERSION}.bin"


def solution_identity(rule: str) -> bytes:
    """What a saved solution of ``rule`` belongs to: the format, the rule set and the size of the table.

    >>> solution_identity("official") == solution_identity("free")
    False
    """
    return identity_of(f"fivedice solution {CACHE_VERSION}\nrule {rule}\nstates {STATES}")


def read_solution(path: Path, rule: str) -> tuple[str, Any]:
    """(:data:`LOADED`, the values) from a solution file of ``rule``, else (why not, None): :data:`MISSING`,
    :data:`DAMAGED` (damaged, cut short, or of a table of another size), or another status of
    :meth:`SolutionFormat.read` (another rule set's, another version's, not a regular file, ...)."""
    import numpy

    status, payload, count = SOLUTION_FORMAT.read(path, solution_identity(rule))
    if status != LOADED:
        return status, None
    if count != STATES:
        return DAMAGED, None
    return LOADED, numpy.frombuffer(payload, dtype="<f8").astype(float)


def write_solution(path: Path, rule: str, values: FloatArray) -> None:
    """Keep a solution, whole or not at all (a reader never sees half a file)."""
    SOLUTION_FORMAT.write(path, solution_identity(rule), len(values), [values.astype("<f8").tobytes()])


Advice = Advised[FiveDiceAction]
"""The expected final score of the position and after each legal action, best first."""


def solver_state(state: FiveDiceState, player: int) -> tuple[int, int, int]:
    """The solver's state of ``player``'s sheet: filled boxes, capped upper sum, five-of-a-kind box at 50."""
    sheet = state.sheets[player]
    mask = sum(1 << box for box, points in enumerate(sheet) if points is not None)
    flag = int(state.rule != NONE and sheet[FIVE_KIND] == FIVE_KIND_POINTS)
    return mask, min(UPPER_BONUS_AT, upper_total(sheet)), flag


class Advisor:
    """Exact expected final scores of a rule set's positions, played solitaire (each player for their own sheet).

    ``cache_dir``: a folder for the on-disk solution (None: keep it in memory only; "": the user's cache).
    """

    def __init__(self, rule: str = OFFICIAL, cache_dir: str | Path | None = "") -> None:
        self.rule = rule
        self.solver = Solver(rule)
        self.from_cache = False
        directory = cache_folder(cache_dir)
        self.place = SolutionPlace(cache_file(rule, directory) if directory is not None else None, SUBJECT)
        """Where the solution is kept, whether it is, and what the player is to hear about it."""
        self._turns: OrderedDict[tuple[int, int, int], FloatArray] = OrderedDict()

    @property
    def path(self) -> Path | None:
        return self.place.path

    @property
    def damaged_cache(self) -> bool:
        """True when the on-disk solution failed its checks (it is solved again and replaced)."""
        return self.place.found == DAMAGED

    def take_notes(self) -> list[str]:
        """What the player should be told about the saved solution (set aside, not kept, ...), each once."""
        return self.place.take_notes()

    def prepare(self) -> None:
        """Read the on-disk solution unless it is in memory already; what was wrong with it is noted."""
        if self.solver.values is None:
            self.from_cache = self.place.read(self._load) == LOADED

    def solve(self, progress: Progress | None = None) -> float:
        """Read the solution from disk, or solve (and keep it); the expected score of a new game."""
        self.prepare()
        if self.solver.values is None:
            values = self.solver.solve(progress)
            self.place.keep(lambda path: write_solution(path, self.rule, values))
        return self.solver.new_game_value()

    def _load(self, path: Path) -> str:
        status, values = read_solution(path, self.rule)
        if status == LOADED:
            self.solver.values = values
        return status

    def rolls_ahead(self, key: tuple[int, int, int]) -> FloatArray:
        """The value of each roll of a turn from one state (252 x 2): after the second roll (a reroll to
        come), then after the third (its best box). Kept a while: a turn asks twice, once a roll."""
        import numpy

        found = self._turns.get(key)
        if found is not None:
            self._turns.move_to_end(key)
            return found
        self.solve()
        assert self.solver.values is not None
        masks, ups, flags = (numpy.array([k]) for k in key)
        turn = self.solver.turn_values(self.solver.values, masks, ups, flags)
        found = self._turns[key] = numpy.hstack([turn.after_second, turn.scored])
        if len(self._turns) > TURNS_KEPT:
            self._turns.popitem(last=False)
        return found

    def score_value(self, state: FiveDiceState, box: int, points: int) -> float:
        """What scoring ``points`` in ``box`` brings now and later: the points, bonuses and the next state's value."""
        mask, up, flag = solver_state(state, state.player)
        gained = points + state.bonus_now()
        if box in UPPER:
            if up < UPPER_BONUS_AT <= up + points:
                gained += UPPER_BONUS
            up = min(UPPER_BONUS_AT, up + points)
        if box == FIVE_KIND and points == FIVE_KIND_POINTS and self.rule != NONE:
            flag = 1
        assert self.solver.values is not None
        return gained + float(self.solver.values[state_index(mask | 1 << box, up, flag)])

    def advise(self, state: FiveDiceState) -> Advice:
        """Every legal action with the expected final score after it, best first (ties in notation order)."""
        if state.dice is None or state.kept is not None or state.is_terminal():
            raise ValueError("advice is given when the dice are rolled and it is a player's move")
        self.solve()
        so_far = state.total(state.player)  # the upper bonus, once earned, is in it; the solver adds it when earned
        choices = dict(state.choices())
        holds: Any = None
        if state.rolls < ROLLS_PER_TURN:  # the last roll's choices are boxes: the next turns' values tell them
            ahead = self.rolls_ahead(solver_state(state, state.player))
            holds = hold_means(ahead[:, state.rolls - 1 : state.rolls])
        rated: list[tuple[FiveDiceAction, float]] = []
        for action in state.legal_actions():
            if isinstance(action, Score):
                value = self.score_value(state, action.box, choices[action.box])
            else:
                assert isinstance(action, Keep) and holds is not None
                value = float(holds[hold_places()[action.kept], 0])
            rated.append((action, so_far + value))
        rated.sort(key=lambda av: -av[1])  # stable: equal values keep notation order
        return Advice(rated[0][1], rated)


@cache
def hold_places() -> dict[tuple[int, ...], int]:
    """Each hold's row in the solver's tables, made once (a hint asks it for every hold it rates)."""
    from tabletop_fivedice.solver import dice_tables

    return {hold: i for i, hold in enumerate(dice_tables().holds)}


_ADVISORS: SharedAdvisors[Advisor] = SharedAdvisors()


def advisor_for(rule: str, cache_dir: str | Path | None = "") -> Advisor:
    """A shared advisor per rule set and folder, so a solution is computed or read once per process."""
    directory = cache_folder(cache_dir)
    return _ADVISORS.get((rule, str(directory)), lambda: Advisor(rule, directory))

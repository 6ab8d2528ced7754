"""The advisor: the expected final score after each legal action, from the exact solution (kept on disk).

The solution of a rule set is the table of state values (:mod:`tabletop_fivedice.solver`),
8 MB of doubles. It is kept in the user's cache folder under a name made of the rule
set and the format version, behind a header that repeats both and a SHA-256 of the
values: a file that is damaged, cut short, of another rule set or of another format
is refused (and solved again and replaced), never trusted.

>>> cache_file("official", Path("cache")).name
'fivedice-official-v2.bin'
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop import solutions
from tabletop.files import FileRefused
from tabletop.solutions import SolutionFormat, identity_of
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
from tabletop_fivedice.solver import STATES, Progress, Solver, TurnValues, hold_means, state_index

if TYPE_CHECKING:
    from tabletop_fivedice.solver import FloatArray

DAMAGED_CACHE = "The saved Five Dice solution failed its checks; solving again."
"""Said to the player when the on-disk solution is refused (it is then replaced)."""
CACHE_MAGIC = b"FIVEDICE"
CACHE_VERSION = 2
"""Raised whenever the layout of a saved solution changes; another version is solved again. Version 2 is the
framework's solution file (:mod:`tabletop.solutions`), whose identity names the rule set."""
VALUE_BYTES = 8
"""A value is a little-endian double."""
SOLUTION_FORMAT = SolutionFormat(CACHE_MAGIC, CACHE_VERSION, VALUE_BYTES)
LOADED, MISSING, DAMAGED = solutions.LOADED, solutions.MISSING, solutions.DAMAGED
"""What reading found: the solution; none; a file that is not this rule set's sound solution."""


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
    """(:data:`LOADED`, the values) from a solution file of ``rule``, else (:data:`MISSING` or :data:`DAMAGED`,
    None). Any file that is not this rule set's sound solution counts as damaged: damaged, cut short, of
    another rule set or format, not a regular file or not readable (see :meth:`SolutionFormat.read`)."""
    import numpy

    status, payload, count = SOLUTION_FORMAT.read(path, solution_identity(rule))
    if status == MISSING:
        return MISSING, None
    if status != LOADED or count != STATES:
        return DAMAGED, None
    return LOADED, numpy.frombuffer(payload, dtype="<f8").astype(float)


def write_solution(path: Path, rule: str, values: FloatArray) -> None:
    """Keep a solution, whole or not at all (a reader never sees half a file)."""
    SOLUTION_FORMAT.write(path, solution_identity(rule), len(values), [values.astype("<f8").tobytes()])


@dataclass(frozen=True)
class Advice:
    """The expected final score of the position and after each legal action, best first."""

    value: float
    options: list[tuple[FiveDiceAction, float]]

    @property
    def best(self) -> FiveDiceAction:
        return self.options[0][0]


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
        self.damaged_cache = False
        """True when the on-disk solution was refused (damaged, cut short, foreign) and solved again."""
        directory = default_cache_dir() if cache_dir == "" else (Path(cache_dir) if cache_dir is not None else None)
        self.path = cache_file(rule, directory) if directory is not None else None
        self._turns: dict[tuple[int, int, int], TurnValues] = {}

    def solve(self, progress: Progress | None = None) -> float:
        """Read the solution from disk, or solve (and keep it); the expected score of a new game."""
        if self.solver.values is None:
            if self.path is not None:
                status, values = read_solution(self.path, self.rule)
                self.damaged_cache = status == DAMAGED
                if status == LOADED:
                    self.solver.values = values
                    self.from_cache = True
            if self.solver.values is None:
                values = self.solver.solve(progress)
                if self.path is not None:
                    with contextlib.suppress(OSError, FileRefused):  # a read-only cache only costs time next run
                        write_solution(self.path, self.rule, values)
        return self.solver.new_game_value()

    def turn(self, key: tuple[int, int, int]) -> TurnValues:
        """The values of every stage of a turn from one state (kept: a turn asks several times)."""
        import numpy

        if key not in self._turns:
            self.solve()
            assert self.solver.values is not None
            masks, ups, flags = (numpy.array([k]) for k in key)
            self._turns[key] = self.solver.turn_values(self.solver.values, masks, ups, flags)
        return self._turns[key]

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
        key = solver_state(state, state.player)
        so_far = state.total(state.player)  # the upper bonus, once earned, is in it; the solver adds it when earned
        turn = self.turn(key)
        choices = dict(state.choices())
        holds: Any = None
        if state.rolls < ROLLS_PER_TURN:
            from tabletop_fivedice.solver import dice_tables

            later = turn.after_second if state.rolls == 1 else turn.scored
            holds = hold_means(later)
            tables = dice_tables()
        rated: list[tuple[FiveDiceAction, float]] = []
        for action in state.legal_actions():
            if isinstance(action, Score):
                value = self.score_value(state, action.box, choices[action.box])
            else:
                assert isinstance(action, Keep) and holds is not None
                value = float(holds[tables.index_of_hold(action.kept), 0])
            rated.append((action, so_far + value))
        rated.sort(key=lambda av: -av[1])  # stable: equal values keep notation order
        return Advice(rated[0][1], rated)


_ADVISORS: dict[tuple[str, str], Advisor] = {}


def advisor_for(rule: str, cache_dir: str | Path | None = "") -> Advisor:
    """A shared advisor per rule set and folder, so a solution is computed or read once per process."""
    directory = default_cache_dir() if cache_dir == "" else cache_dir
    key = (rule, str(directory))
    if key not in _ADVISORS:
        _ADVISORS[key] = Advisor(rule, directory)
    return _ADVISORS[key]

"""The kit of the games whose coach is an exact solver (tabletop.solver_coach), with a fake game's solver.

The fake game's actions are letters, its solution a line of text kept in a folder. Its
background solve is this module run as a program (``python -m tests.framework.test_solver_coach``).
"""

from __future__ import annotations

import os
import random
import struct
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import pytest

from tabletop.analysis import Analysis, AnalysisUnavailable, Rated
from tabletop.solutions import DAMAGED_NOTE, LOADED, BackgroundSolve, SolutionFormat, SolutionPlace, identity_of
from tabletop.solver_coach import (
    SharedAdvisors,
    SolverAnalyst,
    SolveTime,
    background_solve,
    cache_folder,
    print_solved,
    serve_advisor,
)
from tabletop.views import View

MODULE = "tests.framework.test_solver_coach"
ROOT = Path(__file__).resolve().parents[2]
VALUES = {"a": 0.25, "b": 0.5, "c": 0.75}
FORMAT = SolutionFormat(b"FAKEGAME", version=1, entry_bytes=8)
IDENTITY = identity_of("fake game")
VIEW = cast(View, object())  # the fake game's values do not depend on the position
OWN_NOTE = "The fake game's own word."


class TooLarge(Exception):
    """The fake solver's refusal."""


class FakeAdvisor:
    """The fake game's solution: read from ``folder``, else solved (``solves`` counts it) and kept there."""

    def __init__(self, folder: Path | None, *, steps: int = 0, pause: float = 0.0) -> None:
        self.place = SolutionPlace(folder / "fake.bin" if folder is not None else None, "fake game")
        self.values: dict[str, float] | None = None
        self.solves = 0
        self.steps = steps
        self.pause = pause

    def prepare(self) -> None:
        if self.values is None:
            self.place.read(self._load)

    def _load(self, path: Path) -> str:
        status, payload, _ = FORMAT.read(path, IDENTITY)
        if status == LOADED:
            self.values = dict(zip(VALUES, struct.unpack("<3d", payload), strict=True))
        return status

    def solve(self, progress: Callable[[int, int], None] | None = None) -> float:
        self.prepare()
        if self.values is None:
            if self.steps < 0:
                raise TooLarge("too large for the memory allowed")
            for done in range(self.steps + 1):
                if progress is not None:
                    progress(done, self.steps)
                time.sleep(self.pause)
            self.solves += 1
            self.values = dict(VALUES)
            self.place.keep(keep_solution)
        return max(self.values.values())

    def take_notes(self) -> list[str]:
        return self.place.take_notes()


def keep_solution(path: Path) -> None:
    FORMAT.write(path, IDENTITY, len(VALUES), [struct.pack("<3d", *VALUES.values())])


def solution_at(path: Path) -> str:
    return FORMAT.read(path, IDENTITY)[0]


SHARED: SharedAdvisors[FakeAdvisor] = SharedAdvisors()


class FakeAnalyst(SolverAnalyst[str, View, FakeAdvisor]):
    """The fake game's coach, as a game writes one: its advisor, its solve, its values and its words."""

    working = "Working out the fake game"
    refusals = (TooLarge,)

    def __init__(self, cache_dir: str | Path | None, *, steps: int = 30, pause: float = 0.02) -> None:
        super().__init__(cache_dir)
        self.steps = steps
        self.pause = pause
        self.asked = 0
        """How many times the advisor's values were asked."""

    def advisor(self) -> FakeAdvisor:
        folder = cache_folder(self.cache_dir)
        return SHARED.get((str(folder), self.steps), lambda: FakeAdvisor(folder, steps=self.steps))

    def needs_solve(self, folder: Path) -> bool:
        advisor = self.advisor()
        advisor.prepare()
        return advisor.values is None and advisor.place.writable

    def solve_in_background(self, folder: Path) -> BackgroundSolve:
        return background_solve(MODULE, folder, {"steps": self.steps, "pause": self.pause})

    def values(self, advisor: FakeAdvisor, view: View) -> Sequence[tuple[str, float]]:
        self.asked += 1
        advisor.solve()
        assert advisor.values is not None
        return sorted(advisor.values.items(), key=lambda av: -av[1])

    def own_notes(self, view: View) -> list[str]:
        return [OWN_NOTE]


@pytest.fixture(autouse=True)
def importable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The background solve finds this module wherever the tests are run from."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))


def hint(
    analyst: FakeAnalyst, legal: Sequence[str] = ("a", "b", "c"), seen: list[float] | None = None
) -> Analysis[str]:
    progress = None if seen is None else seen.append
    return analyst.analyse(VIEW, legal, seconds=1, rng=random.Random(0), progress=progress)


def test_a_match_begins_a_background_solve_only_when_the_solution_could_be_kept_and_is_not(tmp_path: Path) -> None:
    nowhere = FakeAnalyst(None)  # no folder: the first hint solves
    nowhere.begin()
    assert nowhere.background is None and nowhere.status() is None
    kept = tmp_path / "kept"
    keep_solution(kept / "fake.bin")
    on_disk = FakeAnalyst(kept)
    on_disk.begin()
    assert on_disk.background is None
    (tmp_path / "blocked" / "fake.bin").mkdir(parents=True)  # a folder at the solution's name: nothing is kept
    blocked = FakeAnalyst(tmp_path / "blocked")
    blocked.begin()
    assert blocked.background is None
    needed = FakeAnalyst(tmp_path / "empty", steps=1000)
    needed.begin()
    started = needed.background
    assert started is not None and started.running()
    assert (needed.status() or "").startswith("Working out the fake game: ")
    assert (needed.status() or "").endswith("% done")
    needed.begin()  # begun twice: the one solve goes on
    assert needed.background is started
    started.stop()


def test_a_hint_waits_for_the_background_solve_and_reads_what_it_kept(tmp_path: Path) -> None:
    analyst = FakeAnalyst(tmp_path)
    analyst.begin()
    assert analyst.background is not None
    seen: list[float] = []
    analysis = hint(analyst, seen=seen)
    assert analyst.background is None and analyst.status() is None
    assert seen and all(0 <= f <= 1 for f in seen)
    assert solution_at(tmp_path / "fake.bin") == LOADED
    assert analyst.advisor().solves == 0, "the hint read the solution the background solve kept"
    assert analysis.exact and [r.action for r in analysis.rated] == ["c", "b", "a"]


def test_the_figures_are_the_advisors_values_of_the_legal_actions_only() -> None:
    analysis = hint(FakeAnalyst(None), legal=["a", "c", "z"])  # "b" is not legal here; "z" has no value
    assert list(analysis.rated) == [Rated("c", 0.75), Rated("a", 0.25)]


def test_what_was_wrong_with_the_saved_solution_is_said_with_the_first_hint_only(tmp_path: Path) -> None:
    (tmp_path / "fake.bin").write_text("garbage")
    analyst = FakeAnalyst(tmp_path)
    analyst.begin()  # reads the damaged file, and solves it again in the background
    assert analyst.background is not None
    first = hint(analyst)
    assert list(first.notes) == [DAMAGED_NOTE, OWN_NOTE]
    assert list(hint(analyst).notes) == [OWN_NOTE]  # the game's own word comes with every hint
    assert solution_at(tmp_path / "fake.bin") == LOADED


def test_a_refusal_of_the_background_solve_is_said_and_kept(tmp_path: Path) -> None:
    analyst = FakeAnalyst(tmp_path, steps=-1)
    analyst.begin()
    for _ in range(2):
        with pytest.raises(AnalysisUnavailable, match="too large for the memory allowed"):
            hint(analyst)
    assert analyst.refusal == "too large for the memory allowed" and analyst.asked == 0


def test_a_refusal_in_the_games_own_process_is_said_and_not_tried_again() -> None:
    analyst = FakeAnalyst(None, steps=-1)
    for _ in range(2):
        with pytest.raises(AnalysisUnavailable, match="too large for the memory allowed"):
            hint(analyst)
    assert analyst.asked == 1


def test_a_background_solve_that_cannot_keep_its_solution_does_not_count_as_done(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    solve = background_solve(MODULE, tmp_path / "file", {"steps": 1, "pause": 0})  # a file where the folder is
    solve.start()
    solve.wait()
    assert not solve.succeeded() and "so this solution is not kept" in (solve.not_kept or "")


def test_a_process_keeps_the_advisors_asked_last() -> None:
    made: list[str] = []

    def make(key: str) -> Callable[[], str]:
        def advisor() -> str:
            made.append(key)
            return f"advisor {key}"

        return advisor

    shared: SharedAdvisors[str] = SharedAdvisors(size=2)
    for key in ("a", "b", "a", "c", "a", "b"):
        assert shared.get(key, make(key)) == f"advisor {key}"
    assert made == ["a", "b", "c", "b"]  # "b" was let go for "c", and made again
    assert shared.keys() == ["a", "b"]
    with pytest.raises(ValueError, match="at least one"):
        SharedAdvisors(size=0)


def test_a_solve_command_ends_with_the_time_positions_memory_and_where_the_solution_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    place = SolutionPlace(tmp_path / "fake.bin", "fake game")
    place.note("A word for the player.")
    place.keep(keep_solution)
    print_solved(place, ["Fake game", "Value: 1"], SolveTime(2.5, 1.25), solved=12345, positions="12,345 starts")
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[:4] == [
        "Fake game",
        "Value: 1",
        "Time: 2.50 s wall, 1.25 s processor (12,345 positions solved)",
        "Positions: 12,345 starts",
    ]
    assert lines[-1] == f"Solution kept in {tmp_path / 'fake.bin'}"
    assert err == "A word for the player.\n"
    unkept = SolutionPlace(None, "fake game")
    print_solved(unkept, ["Fake game"], SolveTime(0.5, 0.25), solved=None, positions=None, processor=False)
    out, _ = capsys.readouterr()
    assert out.splitlines()[:2] == ["Fake game", "Time: 0.50 s (read from the cache)"]
    assert "Positions" not in out and "kept" not in out


def _advisor_of(request: Mapping[str, Any], folder: Path) -> FakeAdvisor:
    return FakeAdvisor(folder, steps=int(request["steps"]), pause=float(request["pause"]))


if __name__ == "__main__":
    sys.exit(serve_advisor(_advisor_of, refused=(TooLarge,)))

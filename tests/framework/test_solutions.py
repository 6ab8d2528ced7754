"""The framework's solution files and background solves (tabletop.solutions), as the exact-solver games use them."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from tabletop.files import FileRefused
from tabletop.solutions import (
    DAMAGED,
    EXIT_REFUSED,
    FOREIGN,
    LOADED,
    MISSING,
    NO_FOLDER,
    NOT_A_FILE,
    OUTDATED,
    BackgroundSolve,
    SolutionFormat,
    identity_of,
)

FORMAT = SolutionFormat(b"TESTSOLV", version=2, entry_bytes=8, old_magics=(b"TESTOLD\0",))
IDENTITY = identity_of("test solution\nrule a")
ENTRIES = [bytes(range(8)), bytes(range(8, 16)), bytes(range(16, 24))]


def kept(path: Path) -> bytes:
    FORMAT.write(path, IDENTITY, len(ENTRIES), ENTRIES)
    return path.read_bytes()


def test_a_solution_written_is_read_back_whole(tmp_path: Path) -> None:
    path = tmp_path / "deeper" / "solution.bin"  # the folder is made
    kept(path)
    assert FORMAT.read(path, IDENTITY) == (LOADED, b"".join(ENTRIES), 3)
    assert [p.name for p in path.parent.iterdir()] == ["solution.bin"]  # no temporary file left


@pytest.mark.parametrize(
    ("change", "status"),
    [
        (lambda data: data[:-1] + bytes([data[-1] ^ 1]), DAMAGED),  # a bit flipped in an entry
        (lambda data: data[:-8], DAMAGED),  # cut short by an entry
        (lambda data: data[:20], DAMAGED),  # cut inside the header
        (lambda data: b"not a solution at all" * 5, DAMAGED),
        (lambda data: data + b"\0" * 8, DAMAGED),  # longer than its header says
        (lambda data: data[:8] + (3).to_bytes(4, "little") + data[12:], OUTDATED),  # another version
        (lambda data: b"TESTOLD\0" + data[8:], OUTDATED),  # written before the header existed
        (lambda data: b"", DAMAGED),
    ],
)
def test_a_file_that_fails_a_check_is_refused(tmp_path: Path, change: object, status: str) -> None:
    path = tmp_path / "solution.bin"
    good = kept(path)
    assert callable(change)
    path.write_bytes(change(good))
    assert FORMAT.read(path, IDENTITY) == (status, b"", 0)


def test_another_solution_at_this_name_is_foreign_not_damaged(tmp_path: Path) -> None:
    path = tmp_path / "solution.bin"
    FORMAT.write(path, identity_of("test solution\nrule b"), len(ENTRIES), ENTRIES)
    assert FORMAT.read(path, IDENTITY)[0] == FOREIGN
    assert FORMAT.read(path, identity_of("test solution\nrule b"))[0] == LOADED


def test_what_is_not_a_regular_file_is_neither_read_nor_replaced(tmp_path: Path) -> None:
    path = tmp_path / "solution.bin"
    assert FORMAT.read(path, IDENTITY)[0] == MISSING
    os.mkfifo(path)  # never waits for a writer
    assert FORMAT.read(path, IDENTITY)[0] == NOT_A_FILE
    with pytest.raises(FileRefused):
        FORMAT.write(path, IDENTITY, len(ENTRIES), ENTRIES)
    assert not path.is_file() and [p.name for p in tmp_path.iterdir()] == ["solution.bin"]
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    assert FORMAT.read(blocker / "solution.bin", IDENTITY)[0] == NO_FOLDER
    with pytest.raises(FileRefused):
        FORMAT.write(blocker / "solution.bin", IDENTITY, len(ENTRIES), ENTRIES)


SOLVER = """
import sys, time
from pathlib import Path
from tabletop.solutions import serve

class TooLarge(Exception):
    pass

def solve(request, progress):
    if request["steps"] < 0:
        raise TooLarge("too large\\n  for the memory allowed")
    for done in range(request["steps"] + 1):
        progress(done, request["steps"])
        time.sleep(request["pause"])
    Path(request["out"]).write_text("solved")

sys.exit(serve(solve, refused=(TooLarge,)))
"""


@pytest.fixture
def solver_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A solving module of its own, found by the process a background solve starts."""
    (tmp_path / "toy_solver.py").write_text(textwrap.dedent(SOLVER))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    return "toy_solver"


def test_a_background_solve_reports_its_progress_and_ends(solver_module: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    solve = BackgroundSolve(solver_module, {"steps": 300, "pause": 0, "out": str(out)})
    solve.start()
    seen: list[float] = []
    solve.wait(seen.append)
    assert solve.succeeded() and not solve.running() and solve.refusal is None
    assert solve.fraction == 1.0 and all(0 <= f <= 1 for f in seen)
    assert out.read_text() == "solved"


def test_a_refused_solve_says_why_on_one_line(solver_module: str, tmp_path: Path) -> None:
    solve = BackgroundSolve(solver_module, {"steps": -1, "pause": 0, "out": str(tmp_path / "out")})
    solve.start()
    solve.wait()
    assert solve.refusal == "too large for the memory allowed"
    assert not solve.succeeded() and solve._process is not None and solve._process.returncode == EXIT_REFUSED


def test_stopping_ends_a_solve_still_running(solver_module: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    solve = BackgroundSolve(solver_module, {"steps": 1000, "pause": 0.05, "out": str(out)})
    solve.start()
    assert solve.running()
    solve.stop()
    assert not solve.running() and not solve.succeeded() and not out.exists()

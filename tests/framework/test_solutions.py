"""The framework's solution files and background solves (tabletop.solutions), as the exact-solver games use them."""

from __future__ import annotations

import errno
import os
import textwrap
from pathlib import Path

import pytest

from tabletop.files import FileRefused
from tabletop.solutions import (
    DAMAGED,
    DAMAGED_NOTE,
    EXIT_NOT_KEPT,
    EXIT_REFUSED,
    FOREIGN,
    LOADED,
    MISSING,
    NO_FOLDER,
    NOT_A_FILE,
    OUTDATED,
    BackgroundSolve,
    SolutionFormat,
    SolutionPlace,
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


def read_at(place: SolutionPlace) -> str:
    return place.read(lambda path: FORMAT.read(path, IDENTITY)[0])


def write_at(place: SolutionPlace) -> bool:
    return place.keep(lambda path: FORMAT.write(path, IDENTITY, len(ENTRIES), ENTRIES))


def test_a_solution_is_said_to_be_kept_once_it_is_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "solution.bin"
    place = SolutionPlace(path, "rule set")
    assert read_at(place) == MISSING and not place.kept and place.kept_line() is None
    assert write_at(place) and place.kept and place.kept_line() == f"Solution kept in {path}"
    assert FORMAT.read(path, IDENTITY)[0] == LOADED and place.take_notes() == []
    again = SolutionPlace(path, "rule set")
    assert read_at(again) == LOADED and again.kept and again.take_notes() == []


def test_a_damaged_or_foreign_file_is_said_once_then_replaced(tmp_path: Path) -> None:
    path = tmp_path / "solution.bin"
    path.write_bytes(b"not a solution at all")
    place = SolutionPlace(path, "rule set")
    assert read_at(place) == DAMAGED and read_at(place) == DAMAGED
    assert write_at(place) and place.take_notes() == [DAMAGED_NOTE] and place.take_notes() == []
    FORMAT.write(path, identity_of("test solution\nrule b"), len(ENTRIES), ENTRIES)
    other = SolutionPlace(path, "rule set")
    assert read_at(other) == FOREIGN
    assert other.take_notes() == [
        f"The saved solution {path} belongs to another rule set or another version; solving this rule set again."
    ]


def _folder_at_the_name(tmp_path: Path) -> Path:
    (tmp_path / "solution.bin").mkdir()
    return tmp_path / "solution.bin"


def _pipe_at_the_name(tmp_path: Path) -> Path:
    os.mkfifo(tmp_path / "solution.bin")
    return tmp_path / "solution.bin"


def _file_for_a_folder(tmp_path: Path) -> Path:
    (tmp_path / "cache").write_text("a file where the folder should be")
    return tmp_path / "cache" / "solution.bin"


@pytest.mark.parametrize(
    ("make", "status", "said"),
    [
        (_folder_at_the_name, NOT_A_FILE, "The saved solution's place {path} is a folder, not a regular file: it is"),
        (_pipe_at_the_name, NOT_A_FILE, "The saved solution's place {path} is a named pipe, not a regular file: it"),
        (_file_for_a_folder, NO_FOLDER, "The cache folder cannot hold solutions: {path.parent} is a regular file,"),
        (lambda _: Path("/dev/null/solution.bin"), NO_FOLDER, "The cache folder cannot hold solutions: /dev/null is a"),
    ],
    ids=["folder", "pipe", "file for a folder", "device for a folder"],
)
def test_what_cannot_hold_a_solution_is_named_and_nothing_is_said_to_be_kept(
    tmp_path: Path, make: object, status: str, said: str
) -> None:
    assert callable(make)
    path = make(tmp_path)
    place = SolutionPlace(path, "rule set")
    assert read_at(place) == status and not write_at(place)
    assert not place.kept and place.kept_line() is None and not place.writable
    notes = place.take_notes()
    assert len(notes) == 1 and notes[0].startswith(said.format(path=path)), notes
    assert notes[0].endswith("so this solution is not kept.") and "damaged" not in notes[0]
    assert not any(p.name.endswith(".tmp") for p in tmp_path.iterdir())


def test_a_write_that_fails_is_said_once_and_not_tried_again(tmp_path: Path) -> None:
    path = tmp_path / "solution.bin"
    place = SolutionPlace(path, "rule set")
    tries: list[Path] = []

    def full_disk(target: Path) -> None:
        tries.append(target)
        raise OSError(errno.ENOSPC, "No space left on device")

    assert not place.keep(full_disk) and not place.keep(full_disk) and tries == [path]
    assert not place.kept and place.kept_line() is None
    assert place.take_notes() == [f"The solution could not be kept in {path}: no space left on device."]


SOLVER = """
import sys, time
from pathlib import Path
from tabletop.solutions import NotKept, serve

class TooLarge(Exception):
    pass

def solve(request, progress):
    if request["steps"] < 0:
        raise TooLarge("too large\\n  for the memory allowed")
    if request.get("unkept"):
        raise NotKept("The solution could not be kept in X: read-only file system.")
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


def test_a_solve_whose_solution_is_not_kept_does_not_count_as_done(solver_module: str, tmp_path: Path) -> None:
    solve = BackgroundSolve(solver_module, {"steps": 3, "pause": 0, "out": str(tmp_path / "out"), "unkept": True})
    solve.start()
    solve.wait()
    assert solve.not_kept == "The solution could not be kept in X: read-only file system."
    assert not solve.succeeded() and solve._process is not None and solve._process.returncode == EXIT_NOT_KEPT


def test_stopping_ends_a_solve_still_running(solver_module: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    solve = BackgroundSolve(solver_module, {"steps": 1000, "pause": 0.05, "out": str(out)})
    solve.start()
    assert solve.running()
    solve.stop()
    assert not solve.running() and not solve.succeeded() and not out.exists()

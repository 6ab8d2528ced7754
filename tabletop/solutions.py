"""Exact solutions kept on disk and worked out in the background, for the games whose coach is an exact solver.

Two pieces a game's solver shares with every other:

- :class:`SolutionFormat`, the file a solution is kept in: a header (the game's
  magic, the format's version, the solution's *identity*, the number of entries,
  the SHA-256 of what follows), then the entries. The identity is the SHA-256 of
  everything the values depend on (the rule set, the cards, the format), so a
  file copied in from another rule set is told apart from a damaged one
  (:data:`FOREIGN`, :data:`DAMAGED`). A file is read only if it is a regular
  file whose size matches its header, and written whole or not at all.
- :class:`BackgroundSolve`, a solve in a process of its own at a lower priority,
  started when a game begins so the first Hint never waits long. The process
  runs ``python -m MODULE``, reads its request (JSON) on standard input, and
  says how far it has got on standard output; the module's main is
  :func:`serve`. A Hint asked before it is done waits for it (showing how far
  it has got), then reads the solution it kept.

And the place a solution is kept, :class:`SolutionPlace`: the one judge of whether a
solution is on disk, and of what the player is told about it (a damaged file, a pipe at
its name, a write that failed), for a game's advisor, its ``solve`` command and its
background solve alike; a ``solve`` command prints them with :func:`say_notes` and
:func:`say_kept`. It also has :func:`solve_with_progress`, :func:`say` and
:func:`peak_memory_mb`.

>>> fmt = SolutionFormat(b"EXAMPLE!", version=1, entry_bytes=8)
>>> fmt.header.size
84
>>> len(identity_of("example solution 1"))
32
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

LOADED, MISSING, OUTDATED, DAMAGED, FOREIGN = "loaded", "missing", "outdated", "damaged", "foreign"
"""What reading a solution file found: the solution; no file; a file of another format version; one that fails
its checks (cut short, a bit flipped, not a solution at all); a sound solution of something else."""
NOT_A_FILE, NO_FOLDER, UNREADABLE = "not a file", "no folder", "unreadable"
"""Why no solution was read: its name holds a pipe, a device or a folder; a folder on the way is a file;
the file cannot be read (no permission, say)."""

PREFIX = struct.Struct("<8sI")
"""Magic and version: what every version's header starts with."""
HEADER = struct.Struct("<8sI32sQ32s")
"""Magic, version, identity, number of entries, SHA-256 of the entries that follow."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``, called as a solve goes."""


def identity_of(text: str) -> bytes:
    """The identity of a solution: the SHA-256 of a text naming everything its values depend on."""
    return hashlib.sha256(text.encode("utf-8")).digest()


@dataclass(frozen=True)
class SolutionFormat:
    """One game's solution file: its magic, format version and entry size (see the module's description)."""

    magic: bytes
    """Eight bytes that start every file of this game."""
    version: int
    """Raised whenever the layout or the meaning of the entries changes: a file of another version is solved again."""
    entry_bytes: int
    """The size of one entry: the file's size is the header's plus the count times this."""
    old_magics: tuple[bytes, ...] = ()
    """The starts of files written before this header existed: :data:`OUTDATED`, never trusted."""
    header: struct.Struct = field(default=HEADER, repr=False)

    def write(self, path: Path, identity: bytes, count: int, payload: Sequence[bytes]) -> None:
        """Write a solution file whole or not at all: the header, then ``payload`` (``count`` entries).

        The bytes go through a temporary file that is removed on any failure (a full disk, say);
        ``path`` is replaced only if it is a regular file. Raises :class:`~tabletop.files.FileRefused`
        (a pipe or a device at ``path``, a file where a folder should be) or ``OSError``.
        """
        from tabletop.files import write_atomic

        digest = hashlib.sha256()
        for chunk in payload:
            digest.update(chunk)
        head = self.header.pack(self.magic, self.version, identity, count, digest.digest())
        write_atomic(path, [head, *payload], make_folder=True)

    def read(self, path: Path, identity: bytes) -> tuple[str, bytes, int]:
        """The checked entries of the solution file of ``identity``: (:data:`LOADED`, the entries, their count),
        or a status saying why there are none, with no bytes: :data:`MISSING`, :data:`OUTDATED`,
        :data:`DAMAGED`, :data:`FOREIGN`, :data:`NOT_A_FILE`, :data:`NO_FOLDER` or :data:`UNREADABLE`.

        Only a regular file is opened (a named pipe never makes it wait), and nothing is read
        into memory before its size matches the header.
        """
        from tabletop.files import NotRegularFile, open_regular

        try:
            with open_regular(path) as fh:
                size = os.fstat(fh.fileno()).st_size
                head = fh.read(self.header.size)
                status, count, checksum = self._check_header(head, size, identity)
                if status != LOADED:
                    return status, b"", 0
                payload = fh.read(count * self.entry_bytes)
        except FileNotFoundError:
            return MISSING, b"", 0
        except NotRegularFile:
            return NOT_A_FILE, b"", 0
        except NotADirectoryError:
            return NO_FOLDER, b"", 0
        except OSError:
            return UNREADABLE, b"", 0
        if len(payload) != count * self.entry_bytes or hashlib.sha256(payload).digest() != checksum:
            return DAMAGED, b"", 0
        return LOADED, payload, count

    def _check_header(self, head: bytes, size: int, identity: bytes) -> tuple[str, int, bytes]:
        """(:data:`LOADED`, count, checksum) when the header is this format's, of ``identity`` and the file's size."""
        if any(head.startswith(old) for old in self.old_magics):
            return OUTDATED, 0, b""
        if len(head) < PREFIX.size or PREFIX.unpack_from(head)[0] != self.magic:
            return DAMAGED, 0, b""
        if PREFIX.unpack_from(head)[1] != self.version:
            return OUTDATED, 0, b""
        if len(head) < self.header.size:
            return DAMAGED, 0, b""
        _, _, found, count, checksum = self.header.unpack(head)
        if size != self.header.size + count * self.entry_bytes:
            return DAMAGED, 0, b""
        if found != identity:
            return FOREIGN, 0, b""
        return LOADED, count, checksum


# -- what is said about the solution kept on disk --

DAMAGED_NOTE = "The saved solution was damaged; solving again."
FOREIGN_NOTE = (
    "The saved solution {path} belongs to another {subject} or another version; solving this {subject} again."
)
"""Said rather than done quietly: a file of something else at this name is no accident, and the solve takes time."""
UNREADABLE_NOTE = "The saved solution {path} cannot be read ({reason}); solving again."
NOT_A_FILE_NOTE = (
    "The saved solution's place {path} is {kind}, not a regular file: it is left as it is, "
    "so this solution is not kept."
)
NO_FOLDER_NOTE = "The cache folder cannot hold solutions: {problem}; so this solution is not kept."
NOT_KEPT_NOTE = "The solution could not be kept in {path}: {reason}."
"""Said when writing failed (a full disk, say): nothing is left behind, and it is solved again next time."""
KEPT_LINE = "Solution kept in {path}"
"""What a ``solve`` command prints once the solution is on disk, and only then."""


class NotKept(Exception):
    """A solve ended without its solution on disk; the message says why."""


class SolutionPlace:
    """Where one solution is kept (``path``; None: in memory only) and what the player is to hear about it.

    :attr:`kept` is True only once the solution was read from ``path`` or written there whole,
    so "kept" is said of nothing that is not on disk. What reading or writing found that the
    player should know (a damaged file, a pipe at the name, a full disk) waits in :attr:`notes`,
    each said once. ``subject`` names what a solution is of ("card set"), for :data:`FOREIGN_NOTE`.
    """

    def __init__(self, path: Path | None, subject: str) -> None:
        self.path = path
        self.subject = subject
        self.found: str | None = None
        """What the last reading found (:data:`LOADED`, :data:`DAMAGED`, ...), None before any."""
        self.kept = False
        self.notes: list[str] = []
        self.writable = path is not None
        """False where a write cannot succeed or already failed: it is not tried (and said) again."""

    def read(self, reader: Callable[[Path], str]) -> str:
        """``reader(path)``'s status (:data:`MISSING` with no path), noting what the player should hear."""
        if self.path is None:
            return MISSING
        self.found = reader(self.path)
        self.kept = self.found == LOADED
        self.writable = self.found not in (NOT_A_FILE, NO_FOLDER)
        self.note(note_on_reading(self.found, self.path, self.subject))
        return self.found

    def keep(self, writer: Callable[[Path], None]) -> bool:
        """``writer(path)``, unless it cannot succeed; whether the solution is now on disk.

        A failure (a full disk, a read-only folder, a device at the name) loses only time:
        it is noted once, and not tried again.
        """
        from tabletop.files import FileRefused

        if self.path is None or not self.writable:
            return False
        try:
            writer(self.path)
        except (OSError, FileRefused, MemoryError) as exc:
            self.note(NOT_KEPT_NOTE.format(path=self.path, reason=failure_reason(exc)))
            self.writable = False
            return False
        self.kept = True
        return True

    def note(self, text: str | None) -> None:
        """Add ``text`` to what the player is to hear, unless it waits there already."""
        if text is not None and text not in self.notes:
            self.notes.append(text)

    def take_notes(self) -> list[str]:
        """The notes not yet given (see :attr:`notes`); each is given once."""
        notes, self.notes = self.notes, []
        return notes

    def kept_line(self) -> str | None:
        """The line saying where the solution is kept, when it is (else None)."""
        return KEPT_LINE.format(path=self.path) if self.kept else None

    def require_kept(self) -> None:
        """Raise :class:`NotKept` (with the notes as its reason) unless the solution is on disk."""
        if not self.kept:
            raise NotKept(" ".join(self.take_notes()) or "nothing was written")


def note_on_reading(status: str, path: Path, subject: str) -> str | None:
    """What the player should hear when reading the solution at ``path`` found ``status`` (None: nothing)."""
    from tabletop.files import folder_problem, kind_of

    if status == DAMAGED:
        return DAMAGED_NOTE
    if status == FOREIGN:
        return FOREIGN_NOTE.format(path=path, subject=subject)
    if status == NOT_A_FILE:
        try:
            kind = kind_of(path.stat().st_mode)
        except OSError:
            kind = "not a regular file"
        return NOT_A_FILE_NOTE.format(path=path, kind=kind)
    if status == NO_FOLDER:
        return NO_FOLDER_NOTE.format(problem=folder_problem(path.parent) or f"{path.parent} is not a folder")
    if status == UNREADABLE:
        return UNREADABLE_NOTE.format(path=path, reason=unreadable_reason(path))
    return None


def unreadable_reason(path: Path) -> str:
    """Why the regular file ``path`` cannot be read, in a few words."""
    from tabletop.files import open_regular

    try:
        with open_regular(path):
            pass
    except OSError as exc:
        return failure_reason(exc)
    return "it could not be read whole"


def failure_reason(exc: BaseException) -> str:
    """Why reading or writing failed, in a few lower-case words: ``no space left on device``."""
    from tabletop.files import FileRefused

    if isinstance(exc, MemoryError):
        return "not enough memory to write it"
    if isinstance(exc, OSError) and not isinstance(exc, FileRefused):
        return (exc.strerror or str(exc)).lower()
    return str(exc)


# -- the solve a game begins with, in a process of its own --

NICENESS = 10
"""How much lower the solving process's priority is than the game's, so the game's prompts never lag."""
POLL_SECONDS = 0.1
"""How often a Hint that waits looks at how far the solve has got."""
REFUSED = "refused "
"""The start of the line that says why the solving process will not solve (too large for the memory allowed)."""
EXIT_REFUSED = 3
"""The solving process's status when it refused."""
NOT_KEPT_LINE = "not kept "
"""The start of the line that says why the solving process solved but could not keep the solution."""
EXIT_NOT_KEPT = 4
"""The solving process's status when its solution is not on disk (:class:`NotKept`)."""


class BackgroundSolve:
    """One solve in another process: ``python -m module`` given ``request`` (JSON) on standard input."""

    def __init__(self, module: str, request: Mapping[str, Any]) -> None:
        self.module = module
        self.request = dict(request)
        self.fraction = 0.0
        """How much of the solve is done, 0 to 1, as the solving process last said."""
        self.refusal: str | None = None
        """Why the solving process would not solve, when it said so."""
        self.not_kept: str | None = None
        """Why the solving process could not keep its solution, when it said so."""
        self._process: subprocess.Popen[str] | None = None
        self._reader: threading.Thread | None = None

    def start(self) -> None:
        """Start solving; the process ends by itself when done, or when this program ends."""
        self._process = subprocess.Popen(
            [sys.executable, "-m", self.module],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert self._process.stdin is not None
        self._process.stdin.write(json.dumps(self.request))
        self._process.stdin.close()
        self._reader = threading.Thread(target=self._read_progress, daemon=True)
        self._reader.start()
        import atexit

        atexit.register(self.stop)

    def _read_progress(self) -> None:
        assert self._process is not None and self._process.stdout is not None
        for line in self._process.stdout:
            if line.startswith(REFUSED):
                self.refusal = line[len(REFUSED) :].strip()
                continue
            if line.startswith(NOT_KEPT_LINE):
                self.not_kept = line[len(NOT_KEPT_LINE) :].strip()
                continue
            done, _, total = line.partition(" ")
            if done.isdigit() and total.strip().isdigit() and int(total):
                self.fraction = min(1.0, int(done) / int(total))

    def running(self) -> bool:
        """Whether the solve is still going."""
        return self._process is not None and self._process.poll() is None

    def succeeded(self) -> bool:
        """Whether the solve ended and kept its solution."""
        return self._process is not None and self._process.poll() == 0

    def wait(self, progress: Callable[[float], None] | None = None) -> None:
        """Wait for the solve to end, telling ``progress`` how far it has got now and then."""
        while self.running():
            if progress is not None:
                progress(self.fraction)
            time.sleep(POLL_SECONDS)
        if self._reader is not None:
            self._reader.join(timeout=1)

    def stop(self) -> None:
        """End the solving process if it still runs (the program is ending: the next game starts it again)."""
        if self.running():
            assert self._process is not None
            self._process.terminate()
            try:
                self._process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self._process.kill()


def serve(
    solve: Callable[[Mapping[str, Any], Progress], object],
    refused: tuple[type[Exception], ...] = (),
) -> int:
    """The solving process's main: ``solve(request, progress)`` at a lower priority; its exit status.

    Progress goes to standard output as ``done total`` lines, one per percent; an
    exception of a ``refused`` kind is said as a ``refused REASON`` line (status
    :data:`EXIT_REFUSED`), and :class:`NotKept` as a ``not kept REASON`` line (status
    :data:`EXIT_NOT_KEPT`), so that only a solution on disk counts as done. Ended by the
    game (it is leaving), the process unwinds, so that a solution half written is removed,
    not left behind.
    """
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    with contextlib.suppress(OSError):  # not allowed here: solve at the same priority
        os.nice(NICENESS)
    request = json.loads(sys.stdin.read())
    said = -1

    def progress(done: int, total: int) -> None:
        nonlocal said
        percent = done * 100 // max(total, 1)
        if percent > said:
            said = percent
            print(done, total, flush=True)

    try:
        solve(request, progress)
    except refused as exc:
        print(REFUSED + " ".join(str(exc).split()), flush=True)
        return EXIT_REFUSED
    except NotKept as exc:
        print(NOT_KEPT_LINE + " ".join(str(exc).split()), flush=True)
        return EXIT_NOT_KEPT
    return 0


def solve_with_progress(solve: Callable[[Callable[[int, int], None]], float]) -> float:
    """``solve(progress)`` behind a progress bar at a terminal (nothing is drawn when the output is piped)."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

    console = Console(highlight=False)
    columns = (TextColumn("Solving"), BarColumn(), TaskProgressColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task("solving", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return solve(progress)


def say(text: str) -> None:
    """Print ``text`` on the error output, wrapped between words at a terminal's width (whole elsewhere)."""
    from tabletop.text import say as say_on

    say_on(text, sys.stderr)


def say_notes(place: SolutionPlace) -> None:
    """Print, on the error output, what the player should know about the solution's place (set aside, ...)."""
    for note in place.take_notes():
        say(note)


def say_kept(place: SolutionPlace) -> None:
    """Print "Solution kept in PATH" when the solution is on disk; nothing otherwise."""
    line = place.kept_line()
    if line is not None:
        print(line)


def peak_memory_mb() -> float | None:
    """The most memory this process has held, in MB (None where the system does not say)."""
    try:
        import resource
    except ImportError:  # not on Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024  # bytes on macOS, KB elsewhere

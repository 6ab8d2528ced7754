"""Files a person names or the program keeps: read only regular files, bounded; write whole or not at all.

A path from the command line or inside a file may name anything: a pipe that
never answers, a device that never ends (``/dev/zero``), a file of gigabytes.
:func:`read_bounded` opens without waiting (a named pipe returns at once),
refuses anything but a regular file, and reads at most ``limit`` bytes, so
a bad path costs a message, never memory or a hang. :func:`open_regular` is
the same first step for a reader that checks sizes itself.

:func:`write_atomic` writes a file through a temporary file beside it, synced
and then renamed over the old one, so a reader sees the old file or the new one,
never half of one; a failure (a full disk, an interruption) removes the temporary
file. It never replaces what is not a regular file (a device, a pipe, a folder).

    >>> import shutil, tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> write_atomic(folder / "a.txt", [b"hello ", b"world"])
    >>> read_bounded(folder / "a.txt", 100), [p.name for p in folder.iterdir()]
    (b'hello world', ['a.txt'])
    >>> try:
    ...     write_atomic(Path("/dev/null"), [b"x"])
    ... except FileRefused as exc:
    ...     print(exc)
    /dev/null is a character device, not a regular file; it is left as it is
    >>> shutil.rmtree(folder)
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO


class FileRefused(ValueError):
    """The file is not one to read or replace (not a regular file, or too large); the message says which."""


class NotRegularFile(FileRefused):
    """The path names a pipe, a device, a socket or a folder, not a regular file."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind
        """What the path is, in words: ``a named pipe``."""


class NotAFolder(FileRefused):
    """A folder on the way to a file is something else (a file, say); the message names it."""


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISREG, "a regular file"),
)


def kind_of(mode: int) -> str:
    """What a file of ``st_mode`` ``mode`` is, in words.

    >>> kind_of(os.stat("/dev/null").st_mode), kind_of(os.stat("/").st_mode)
    ('a character device', 'a folder')
    """
    return next((words for test, words in _KINDS if test(mode)), "something other than a file")


@contextlib.contextmanager
def open_regular(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """``path`` opened for reading in binary, if it is a regular file (symbolic links are followed to it).

    Opening never waits (a named pipe with no writer returns at once) and the
    file is checked once open, so what is read is what was checked. Raises
    :class:`NotRegularFile` for a pipe, a device, a socket or a folder (its
    message is ``not a regular file (KIND)``), and ``OSError`` as :func:`open` does.
    """
    # Non-blocking, so that opening a named pipe returns at once instead of waiting for a writer.
    fd = os.open(Path(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = kind_of(mode)
            raise NotRegularFile(f"not a regular file ({kind})", kind)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        yield handle


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path``, of at most ``limit`` bytes.

    Raises :class:`FileRefused` for a pipe, a device, a socket or a larger file,
    ``IsADirectoryError`` for a folder and ``OSError`` as :func:`open` does.
    """
    try:
        with open_regular(path) as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > limit:
                raise FileRefused(f"the file is {size:,} bytes, more than the {limit:,} it may have")
            data = handle.read(limit + 1)
    except NotRegularFile as exc:
        if exc.kind == "a folder":
            raise IsADirectoryError(21, "is a directory", str(path)) from None
        raise
    if len(data) > limit:  # it grew while being read
        raise FileRefused(f"the file is more than the {limit:,} bytes it may have")
    return data


def read_bounded_stdin(limit: int) -> str:
    """Standard input as text, at most ``limit`` characters; :class:`FileRefused` beyond."""
    text = sys.stdin.read(limit + 1)
    if len(text) > limit:
        raise FileRefused(f"standard input holds more than the {limit:,} characters it may have")
    return text


def folder_problem(folder: Path) -> str | None:
    """Why files cannot be kept in ``folder`` because of what it is, or None.

    The nearest of ``folder`` and its parents that exists must be a folder:
    ``/home/ann/.cache/tabletop is a regular file, not a folder``. A folder
    that does not exist yet is no problem (it is made when first written).
    """
    for place in (folder, *folder.parents):
        try:
            mode = os.stat(place).st_mode
        except FileNotFoundError:
            continue
        except OSError:
            return None  # not ours to judge (no permission, say): the write says what is wrong
        return None if stat.S_ISDIR(mode) else f"{place} is {kind_of(mode)}, not a folder"
    return None


def replaceable(target: Path) -> None:
    """Raise :class:`NotRegularFile` unless ``target`` is missing or a regular file (one a rename may replace).

    A symbolic link is judged by what it points to: a link to a device is refused.
    """
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return
    except NotADirectoryError:
        problem = folder_problem(target.parent)
        raise NotAFolder(problem or f"{target.parent} is not a folder") from None
    if not stat.S_ISREG(mode):
        kind = kind_of(mode)
        raise NotRegularFile(f"{target} is {kind}, not a regular file; it is left as it is", kind)


def write_atomic(target: Path, chunks: Iterable[bytes], *, make_folder: bool = False) -> None:
    """Write the bytes of ``chunks`` to ``target`` whole or not at all.

    The bytes go to a new temporary file beside ``target`` (never an existing
    one: a pipe or a link of that name is not opened), are synced to the disk,
    and the file is renamed over ``target``. On any failure (a full disk, an
    interruption) the temporary file is removed and ``target`` is as it was.
    ``target`` must be missing or a regular file (:func:`replaceable`);
    ``make_folder`` makes its folder first. Raises :class:`NotAFolder` when a
    folder on the way is a file, :class:`NotRegularFile`, or ``OSError``.
    """
    folder = target.parent
    problem = folder_problem(folder)
    if problem is not None:
        raise NotAFolder(problem)
    if make_folder:
        folder.mkdir(parents=True, exist_ok=True)
    replaceable(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    written = False
    try:
        with os.fdopen(fd, "wb") as handle:
            for chunk in chunks:
                handle.write(chunk)
            handle.flush()
            os.fsync(handle.fileno())
        replaceable(target)  # it may have changed while the bytes were written
        os.replace(tmp, target)
        written = True
    finally:
        if not written:
            with contextlib.suppress(OSError):
                os.unlink(tmp)

"""Reading a file a person names, bounded: only a regular file, and never more than a limit.

A path from the command line or inside a file may name anything: a pipe that
never answers, a device that never ends (``/dev/zero``), a file of gigabytes.
:func:`read_bounded` opens without waiting (a named pipe returns at once),
refuses anything but a regular file, and reads at most ``limit`` bytes, so
a bad path costs a message, never memory or a hang.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path


class FileRefused(ValueError):
    """The file is not one to read (not a regular file, or too large); the message says which."""


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path``, of at most ``limit`` bytes.

    Raises :class:`FileRefused` for a pipe, a device, a socket or a larger file,
    ``IsADirectoryError`` for a folder and ``OSError`` as :func:`open` does.
    """
    # Non-blocking, so that opening a named pipe returns at once instead of waiting for a writer.
    fd = os.open(Path(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(21, "is a directory", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("not a regular file (a pipe, a device or a socket is not read)")
        if info.st_size > limit:
            raise FileRefused(f"the file is {info.st_size:,} bytes, more than the {limit:,} it may have")
        data = _read_at_most(fd, limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while being read
        raise FileRefused(f"the file is more than the {limit:,} bytes it may have")
    return data


def read_bounded_stdin(limit: int) -> str:
    """Standard input as text, at most ``limit`` characters; :class:`FileRefused` beyond."""
    text = sys.stdin.read(limit + 1)
    if len(text) > limit:
        raise FileRefused(f"standard input holds more than the {limit:,} characters it may have")
    return text


def _read_at_most(fd: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size < limit and (chunk := os.read(fd, limit - size)):
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)

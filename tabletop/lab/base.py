"""What every lab shares: the :class:`Lab` a run is played on, its limits, and how many workers a machine gives.

A lab takes a function and its calls (one tuple of arguments per game) and
gives back ``(index, result)`` pairs as the games finish, each index once.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import Any, TypeVar

R = TypeVar("R")

BACKENDS = ("processes", "ray")
"""The ``--backend`` choices; ``processes`` is the default."""
INSTALL_RAY = "pip install 'tabletop[cluster]'"
"""What to type to get Ray."""
MAX_WORKERS = 1024
"""The most workers ``--workers`` may ask for (on processes, the machine's processors bound it further)."""
MAX_REPLAYS = 3
"""How many times one game is played again after the worker playing it died, before the run gives up."""
LEAVING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
"""Ctrl-C, ``kill`` and a closed terminal: the signals that end a run."""


def always() -> bool:
    """Go on: the default ``more`` of :meth:`Lab.run`, which never stops a run early."""
    return True


def report_on_stderr(message: str) -> None:
    """Say ``message`` on standard error, as the program says its notices."""
    print(f"tabletop: {message}", file=sys.stderr, flush=True)


class Lab:
    """A place to play games: call :meth:`run`, and close it (or use it as a context manager) when done."""

    name = "lab"
    workers = 1

    def run(
        self, fn: Callable[..., R], calls: Sequence[tuple[Any, ...]], *, more: Callable[[], bool] = always
    ) -> Iterator[tuple[int, R]]:
        """``fn(*calls[i])`` for every ``i``, as ``(i, result)`` pairs in the order they finish.

        No new call starts once ``more()`` is false; the calls already started are waited for.
        """
        raise NotImplementedError

    def describe(self) -> str:
        """The workers in words, for the line under a table: ``2 worker(s)``."""
        return f"{self.workers} worker(s)"

    def close(self) -> None:
        """Let go of the workers."""

    def __enter__(self) -> Lab:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def processors() -> int:
    """How many processors this program may run on (its affinity, where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no affinity on this system
        return max(1, os.cpu_count() or 1)


def capped_workers(asked: int, report: Callable[[str], None]) -> int:
    """``asked`` workers, at most one per processor of this machine; a cap is reported."""
    cpus = processors()
    if asked <= cpus:
        return asked
    report(f"--workers {asked}: this machine has {cpus} processor(s), so {cpus} worker(s) play")
    return cpus

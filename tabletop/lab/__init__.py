"""Where the simulation lab plays its games: processes on this machine, or the workers of a Ray cluster.

A backend takes a function and its calls (one tuple of arguments per game) and
gives back ``(index, result)`` pairs as the games finish, each index once. The
games are seeded by the caller from the table's seed and the game's index, never
by the worker, so a table is the same on either backend.

Ray is imported only when :class:`RayLab` is made: ``tabletop list``, the menu
and a simulation on processes never load it.

    >>> with open_lab("processes", workers=1) as lab:
    ...     sorted(lab.run(pow, [(2, 3), (3, 2)]))
    [(0, 8), (1, 9)]
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.lab.base import (
    BACKENDS,
    INSTALL_RAY,
    MAX_REPLAYS,
    MAX_WORKERS,
    Lab,
    capped_workers,
    processors,
    report_on_stderr,
)
from tabletop.lab.errors import LabError, LabUsageError
from tabletop.lab.processes import ProcessLab
from tabletop.lab.ray_cluster import RayLab, import_ray

__all__ = [
    "BACKENDS",
    "INSTALL_RAY",
    "MAX_REPLAYS",
    "MAX_WORKERS",
    "Lab",
    "LabError",
    "LabUsageError",
    "ProcessLab",
    "RayLab",
    "capped_workers",
    "import_ray",
    "open_lab",
    "processors",
]


def open_lab(
    backend: str,
    *,
    workers: int | None = None,
    address: str | None = None,
    report: Callable[[str], None] = report_on_stderr,
) -> Lab:
    """The :class:`Lab` named by ``--backend``: ``processes`` (``address`` must be None) or ``ray``."""
    if backend == "processes":
        if address is not None:
            raise LabUsageError("--address names a Ray cluster: use it with --backend ray")
        return ProcessLab(workers, report=report)
    if backend == "ray":
        return RayLab(address, workers, report=report)
    raise LabUsageError(f"no backend {backend!r} (backends: {', '.join(BACKENDS)})")

"""How ``./test.sh`` shares the tests between its pytest-xdist workers (``-n 2 --dist loadgroup``).

Each test is a unit of work of its own, handed to whichever worker is free,
except the tests of one group, which one worker runs in a row:

* ``ray``: every test under ``tests/cluster/``. Ray's driver keeps the first
  token it reads for the life of the process, so one cluster serves a process's
  tests (``tests/cluster/conftest.py``), and two clusters of two CPUs each on
  two cores would only slow each other down.
* ``fivedice-solution``: the tests that use the ``solved`` fixture (a cold solve
  of about 12 s of processor time), so that it is solved once, not once per worker.

The main process knows the tests by their node ids only, so the groups are
beginnings of node ids (:data:`GROUPS`); each collection checks that every test
using a shared fixture is in its group (:func:`check_groups`). They are not
``xdist_group`` marks, which pytest-xdist 3.8 no longer sees under pytest 9.2
(pytest-dev/pytest-xdist#1386); the marks are still honoured when they work.
The longest tests and groups, as measured, are handed out first, so that no
worker is left running one of them alone at the end of the run. The order is
given to the units of work, never to the collection: a worker is told which
tests to run by their places in its own collection, so a reordered collection
would send it other tests than the ones meant (groups split, solves repeated).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

GROUPS: dict[str, str] = {
    "tests/cluster/": "ray",
    "tests/fivedice/test_solver.py::": "fivedice-solution",
    "tests/fivedice/test_pty.py::": "fivedice-solution",
    "tests/fivedice/test_background.py::": "fivedice-solution",
    "tests/fivedice/test_memory.py::": "fivedice-solution",  # 2,000 games of the optimal computer, about 35 s
}
"""The beginning of a test's node id, and the group it runs in."""

SHARED_FIXTURES: dict[str, str] = {"cluster": "ray", "solved": "fivedice-solution"}
"""The session fixtures set up once for all the tests that use them, and the group those tests must be in."""

LONGEST: tuple[str, ...] = (
    "tests/cli/test_fresh_clone.py::",  # a new virtual environment from the package registry, each
    "tests/fivedice/test_solver.py::",  # the group of the cold solve and its users
    "tests/test_code_quality.py::test_mypy_strict_finds_no_error",  # mypy over the whole tree, cold
    "tests/muster/test_pty_coach.py::",  # a whole game against the computer, then the review of every decision
    "tests/muses/test_pty.py::test_whole_seeded_game_with_advice",
    "tests/muses/test_pty_rotation.py::",
    "tests/muses/test_conformance.py::",
    "tests/cli/test_hidden_information.py::",
    "tests/fivedice/test_rules.py::test_the_kit_passes",
    "tests/adapters/test_stable_baselines3.py::test_maskable_ppo_trains",
    "tests/muses/test_cardset_naive.py::test_exact_naive_value_of_the_default_set",
    "tests/freecell/test_pty.py::",
    "tests/freecell/test_solver.py::test_deal_11982_has_no_solution",
)
"""The tests (node ids, or their beginnings) that take the longest, as measured, longest first."""


def group_of(nodeid: str) -> str | None:
    """The group a test runs in, if any."""
    for beginning, group in GROUPS.items():
        if nodeid.startswith(beginning):
            return group
    return None


def rank(nodeid: str) -> int:
    """Where a test stands in :data:`LONGEST` (its length when it is not there)."""
    return next((i for i, beginning in enumerate(LONGEST) if nodeid.startswith(beginning)), len(LONGEST))


def longest_first(nodeids: Sequence[str]) -> list[str]:
    """The tests in the order they are handed out: those of :data:`LONGEST` first, the rest as collected."""
    return sorted(nodeids, key=rank)  # a stable sort: ties keep the collection's order


def check_groups(items: Sequence[pytest.Item]) -> None:
    """Refuse a test that uses a fixture of :data:`SHARED_FIXTURES` outside its group (a new or moved file)."""
    for item in items:
        for fixture, group in SHARED_FIXTURES.items():
            if fixture in getattr(item, "fixturenames", ()) and group_of(item.nodeid) != group:
                raise pytest.UsageError(
                    f"{item.nodeid} uses the fixture {fixture!r}: add its file to the group {group!r} in tests/parallel.py"
                )


def scheduler(config: pytest.Config, log: Any) -> Any:
    """pytest-xdist's ``loadgroup`` scheduling with the groups of :data:`GROUPS` and the longest tests first."""
    from xdist.scheduler import LoadGroupScheduling

    class TabletopScheduling(LoadGroupScheduling):  # type: ignore[misc]  # pytest-xdist is untyped
        ordered = False

        def _assign_work_unit(self, node: Any) -> None:
            # The units of work (a group, or one test) are put in order here, before the first is handed
            # out. The collection itself must keep the workers' order: a worker is told which tests to run
            # by their places in it.
            if not self.ordered:
                self.ordered = True
                units = sorted(self.workqueue.items(), key=lambda unit: min(map(rank, unit[1])))
                self.workqueue.clear()
                self.workqueue.update(units)
            super()._assign_work_unit(node)

        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid) or str(super()._split_scope(nodeid))

    return TabletopScheduling(config, log)

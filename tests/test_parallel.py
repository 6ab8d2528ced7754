"""How ./test.sh shares the tests between its workers (tests/parallel.py): its groups and its order."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.parallel import GROUPS, LONGEST, SHARED_FIXTURES, check_groups, group_of, longest_first

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("beginning", [*GROUPS, *LONGEST])
def test_each_named_test_file_exists(beginning: str) -> None:
    assert (ROOT / beginning.split("::")[0]).exists(), f"{beginning} names no file: a test file moved"


def test_the_ray_tests_and_the_users_of_the_solve_are_grouped() -> None:
    assert group_of("tests/cluster/test_ray_backend.py::test_each_game_is_the_same_on_ray_as_on_processes") == "ray"
    assert group_of("tests/fivedice/test_pty.py::test_a_solo_game_with_a_hint_and_the_review") == "fivedice-solution"
    assert group_of("tests/muses/test_pty.py::test_whole_seeded_game_with_advice") is None
    assert set(SHARED_FIXTURES.values()) <= set(GROUPS.values())


def test_the_longest_come_first_and_the_rest_keep_their_order() -> None:
    collected = [
        "tests/adapters/test_encoding.py::test_a",
        "tests/test_code_quality.py::test_mypy_strict_finds_no_error",
        "tests/adapters/test_encoding.py::test_b",
        "tests/cli/test_fresh_clone.py::test_first_play_sh_opens_the_menu",
    ]
    assert longest_first(collected) == [
        "tests/cli/test_fresh_clone.py::test_first_play_sh_opens_the_menu",
        "tests/test_code_quality.py::test_mypy_strict_finds_no_error",
        "tests/adapters/test_encoding.py::test_a",
        "tests/adapters/test_encoding.py::test_b",
    ]


class _Item:
    def __init__(self, nodeid: str, fixturenames: list[str]) -> None:
        self.nodeid = nodeid
        self.fixturenames = fixturenames


def test_a_user_of_a_shared_fixture_outside_its_group_is_refused() -> None:
    inside = _Item("tests/cluster/test_new.py::test_x", ["cluster"])
    outside = _Item("tests/muses/test_new.py::test_x", ["cluster"])
    check_groups([inside])  # type: ignore[list-item]
    with pytest.raises(pytest.UsageError, match=r"test_new.py::test_x uses the fixture 'cluster'.*group 'ray'"):
        check_groups([inside, outside])  # type: ignore[list-item]

"""The on-disk solution: a damaged one is set aside with a word to the player, and the set is solved again."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tabletop.solutions import DAMAGED, LOADED, MISSING, OUTDATED
from tabletop_muses import game
from tabletop_muses.advisor import ADVISORS_KEPT, DAMAGED_CACHE, Advisor, advisor_for
from tabletop_muses.rules import MusesState
from tabletop_muses.solver import _HEADER, CACHE_MAGIC, CACHE_VERSION, Solver

from .helpers import hint, make_set, play, solve

CARDS = make_set(
    [
        ("Alpha", 3, "reroll", ["≥ 9", "Pair ≥ 8", "", ""]),
        ("Beta", 2, "match", ["⚄", "Both ≥ 5", "", ""]),
        ("Gamma", 4, "", ["Both even", "Pair", "12", ""]),
    ],
    target=8,
    hints=2,
)


COUNT_AT = 8 + 4 + 32
"""Where the header's count of entries starts: after the magic, the version and the identity."""


def flip_bit(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0x10]) + data[at + 1 :]


DAMAGES: dict[str, Callable[[bytes], bytes]] = {
    "truncated": lambda data: data[: len(data) // 2],
    "cut inside the header": lambda data: data[:20],
    "empty": lambda data: b"",
    "garbage": lambda data: os.urandom(len(data)),
    "a wrong header": lambda data: b"NOTMUSES" + data[8:],
    "a bit flipped in a value": lambda data: flip_bit(data, len(data) - 3),
    "a bit flipped in a key": lambda data: flip_bit(data, _HEADER.size + 3),
    "a bit flipped in the count": lambda data: flip_bit(data, COUNT_AT),
    "a bit flipped in the checksum": lambda data: flip_bit(data, COUNT_AT + 8),
    "bytes added at the end": lambda data: data + b"\0" * 16,
}


def solved(tmp_path: Path) -> tuple[float, Path]:
    first = Advisor(CARDS, cache_dir=tmp_path / "cache")
    value = first.solve()
    assert first.path is not None and first.path.exists() and not first.from_cache
    return value, first.path


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_solution_is_solved_again_and_replaced(tmp_path: Path, damage: str) -> None:
    value, path = solved(tmp_path)
    path.write_bytes(DAMAGES[damage](path.read_bytes()))
    second = Advisor(CARDS, cache_dir=tmp_path / "cache")
    assert second.solve() == value
    assert second.damaged_cache and not second.from_cache
    third = Advisor(CARDS, cache_dir=tmp_path / "cache")
    assert third.solve() == value and third.from_cache and not third.damaged_cache  # replaced by a sound one


def test_load_says_what_it_found(tmp_path: Path) -> None:
    _, path = solved(tmp_path)
    solver = Solver(CARDS)
    assert solver.load(path) == LOADED and solver.memo
    assert Solver(CARDS).load(tmp_path / "none.bin") == MISSING
    path.write_bytes(b"MUSES01\0" + b"\0" * 40)  # the format before checksums: solved again, not trusted
    assert Solver(CARDS).load(path) == OUTDATED
    path.write_bytes(CACHE_MAGIC + b"\x63\0\0\0" + b"\0" * 40)  # a version this program does not write
    assert Solver(CARDS).load(path) == OUTDATED
    path.write_bytes(CACHE_MAGIC + b"\2\0\0\0" + (10**9).to_bytes(8, "little") + b"\0" * 32)
    assert Solver(CARDS).load(path) == OUTDATED  # version 2 had no identity: solved again, not trusted
    head = CACHE_MAGIC + CACHE_VERSION.to_bytes(4, "little") + Solver(CARDS).identity()
    path.write_bytes(head + (10**9).to_bytes(8, "little") + b"\0" * 32)
    assert Solver(CARDS).load(path) == DAMAGED  # a count the file's size cannot hold: nothing allocated


@pytest.mark.parametrize("damage", ["truncated", "garbage", "a bit flipped in a value"])
def test_the_solve_command_says_the_solution_was_damaged_and_solves_again(tmp_path: Path, damage: str) -> None:
    cards = tmp_path / "three.toml"
    cards.write_text(
        '[game]\ntarget = 8\nhints = 2\n[[card]]\nname = "Alpha"\npoints = 3\npower = "reroll"\nedges = ["≥ 9", "Pair ≥ 8", "", ""]\n'
        '[[card]]\nname = "Beta"\npoints = 2\npower = "match"\nedges = ["⚄", "Both ≥ 5", "", ""]\n'
        '[[card]]\nname = "Gamma"\npoints = 4\nedges = ["Both even", "Pair", "12", ""]\n',
        encoding="utf-8",
    )
    first = solve(tmp_path, cards)
    assert first.returncode == 0, first.stderr
    (saved,) = (tmp_path / "cache").iterdir()
    saved.write_bytes(DAMAGES[damage](saved.read_bytes()))
    again = solve(tmp_path, cards)
    assert again.returncode == 0, again.stderr
    assert DAMAGED_CACHE in again.stderr and "positions solved" in again.stdout
    assert "Traceback" not in again.stderr and "went wrong" not in again.stderr
    probability = [line for line in first.stdout.splitlines() if line.startswith("Optimal win probability")]
    assert probability and probability[0] in again.stdout
    third = solve(tmp_path, cards)
    assert "read from the cache" in third.stdout and DAMAGED_CACHE not in third.stderr


def test_a_hint_in_play_says_the_solution_was_damaged(tmp_path: Path) -> None:
    cache = tmp_path / "env" / "cache"  # the player's cache folder in these tests (see conftest)
    cache.mkdir(parents=True)
    advisor = Advisor(CARDS, cache_dir=cache)
    advisor.solve()
    assert advisor.path is not None
    advisor.path.write_bytes(b"garbage")
    game.register(CARDS)
    state = play(MusesState(CARDS), "draw Beta", "roll 4 5")
    out, _ = hint(state)
    assert DAMAGED_CACHE in out and "win chance with best play" in out
    assert advisor_for(CARDS).path == advisor.path


def test_a_process_holds_the_advisors_of_the_card_sets_asked_last_only(tmp_path: Path) -> None:
    first = advisor_for(CARDS, tmp_path)
    assert advisor_for(CARDS, tmp_path) is first  # one solution per card set in a process
    others = [advisor_for(CARDS.with_target(target), tmp_path) for target in range(3, 3 + ADVISORS_KEPT)]
    assert len({id(advisor) for advisor in others}) == ADVISORS_KEPT
    assert advisor_for(CARDS, tmp_path) is not first  # let go for the sets asked since: read again when asked
    assert advisor_for(CARDS, tmp_path).path == first.path

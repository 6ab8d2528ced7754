"""A saved solution proves which card set, mode and format it belongs to: another one is refused and solved again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tabletop.solutions import FOREIGN, LOADED
from tabletop_muses import game
from tabletop_muses.advisor import FOREIGN_CACHE, Advisor, cache_file
from tabletop_muses.cards import CardSet, load_cards
from tabletop_muses.fast_solver import FastSolver
from tabletop_muses.rules import MusesState
from tabletop_muses.solver import SCORE, WIN, Solver

from .helpers import hint, make_set, play, solve

CARD_FILE = """[game]
target = {target}
hints = 2
[[card]]
name = "Alpha"
points = 3
power = "reroll"
edges = ["≥ 9", "Pair ≥ 8", "", ""]
[[card]]
name = "Beta"
points = 2
power = "match"
edges = ["⚄", "Both ≥ 5", "", ""]
[[card]]
name = "Gamma"
points = 4
edges = ["{gamma}", "Pair", "12", ""]
"""


def card_file(folder: Path, name: str, target: int = 8, gamma: str = "Both even") -> Path:
    path = folder / name
    path.write_text(CARD_FILE.format(target=target, gamma=gamma), encoding="utf-8")
    return path


def squeezed(text: str) -> str:
    """The text without its spaces and line breaks."""
    return "".join(text.split())


def probability(stdout: str) -> str:
    (line,) = [line for line in stdout.splitlines() if line.startswith("Optimal win probability")]
    return line


def test_another_sets_solution_copied_over_is_refused_said_and_solved_again(tmp_path: Path) -> None:
    mine, other = card_file(tmp_path, "mine.toml"), card_file(tmp_path, "other.toml", gamma="≥ 10")
    first, theirs = solve(tmp_path, mine), solve(tmp_path, other)
    assert first.returncode == 0 and theirs.returncode == 0, (first.stderr, theirs.stderr)
    assert probability(first.stdout) != probability(theirs.stdout)  # so a wrong answer would show
    my_file = cache_file(load_cards(mine), WIN, tmp_path / "cache")
    shutil.copyfile(cache_file(load_cards(other), WIN, tmp_path / "cache"), my_file)

    again = solve(tmp_path, mine)
    assert again.returncode == 0, again.stderr
    assert probability(again.stdout) == probability(first.stdout)
    assert "positions solved" in again.stdout and "read from the cache" not in again.stdout
    assert FOREIGN_CACHE.format(path=my_file) in again.stderr
    assert "Traceback" not in again.stderr and "went wrong" not in again.stderr
    third = solve(tmp_path, mine)  # the file was replaced by this set's solution
    assert probability(third.stdout) == probability(first.stdout) and "read from the cache" in third.stdout
    assert third.stderr == ""


def test_a_hint_with_another_sets_solution_says_so_and_gives_this_sets_figures(tmp_path: Path) -> None:
    cards = make_set(
        [("Alpha", 3, "flip", ["≥ 9", "Pair", "", ""]), ("Beta", 2, "", ["⚄", "Both ≥ 4", "", ""])], target=5
    )
    other = make_set(
        [("Alpha", 3, "flip", ["≥ 9", "Pair", "", ""]), ("Beta", 2, "", ["⚅", "Both ≥ 4", "", ""])], target=5
    )
    cache = tmp_path / "env" / "cache"  # the player's cache folder in these tests (see conftest)
    mine, theirs = Advisor(cards, cache_dir=cache), Advisor(other, cache_dir=cache)
    mine.solve()
    theirs.solve()
    assert mine.path is not None and theirs.path is not None
    shutil.copyfile(theirs.path, mine.path)
    game.register(cards)
    state = play(MusesState(cards), "draw Alpha", "roll 2 6")  # another set's values say 98.8% here
    out, _ = hint(state)
    assert squeezed(FOREIGN_CACHE.format(path=mine.path)) in squeezed(out)  # the console wraps the long path
    best = Advisor(cards, cache_dir=None).advise(state)
    assert f"win chance with best play {best.value:.1%} (exact)" in out


@pytest.mark.parametrize("solver", [Solver, FastSolver])
def test_both_solvers_refuse_a_solution_of_another_set_mode_or_target(tmp_path: Path, solver: type[Solver]) -> None:
    cards = make_set([("Alpha", 3, "flip", ["≥ 9", "Pair", "", ""]), ("Beta", 2, "", ["⚄", "", "", ""])], target=4)
    saved = Solver(cards)
    saved.win_probability()
    path = tmp_path / "solution.bin"
    saved.save(path)
    assert solver(cards).load(path) == LOADED
    edited = make_set([("Alpha", 3, "flip", ["≥ 9", "Pair", "", ""]), ("Beta", 2, "", ["⚅", "", "", ""])], target=4)
    others: list[tuple[CardSet, str]] = [
        (cards, SCORE),  # the same cards, the other mode
        (cards.with_target(5), WIN),  # another target
        (edited, WIN),  # one edge changed
        (make_set([("Alpha", 3, "flip", ["≥ 9", "Pair", "", ""]), ("Beta", 2, "", ["⚄", "", "", ""])], 4, 1), WIN),
    ]
    for other, mode in others:
        assert solver(other, mode).load(path) == FOREIGN, (other, mode)
        assert not solver(other, mode).memo

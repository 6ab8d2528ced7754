"""The Pig example: a whole game in at most 100 lines, written from declarations, found, conforming and typed."""

from __future__ import annotations

import importlib
import runpy
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.errors import IllegalActionError, InvalidActionError, InvalidStateError
from tabletop.game import CHANCE, TERMINAL
from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.testing.plugins import dist_info_from_pyproject

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "pig"
MOST_LINES = 100
"""The most lines of Python the whole game may take (blank and comment lines aside, docstrings counted)."""


@pytest.fixture(scope="module")
def pig_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder holding ``tabletop_pig`` and its dist-info as pip would install them, on ``sys.path``."""
    site = tmp_path_factory.mktemp("pig-site")
    (site / "tabletop_pig").symlink_to(EXAMPLE / "tabletop_pig", target_is_directory=True)
    dist_info_from_pyproject(EXAMPLE / "pyproject.toml", site)
    sys.path.insert(0, str(site))
    importlib.invalidate_caches()
    yield site
    sys.path.remove(str(site))
    importlib.invalidate_caches()


@pytest.fixture(scope="module")
def game(pig_site: Path) -> Any:
    return Registry.discover().get("pig")


def play(game: Any, texts: list[str]) -> Any:
    state = game.new_initial_state()
    for text in texts:
        state.apply(game.parse_action(state, text))
    return state


def test_the_whole_game_is_at_most_100_lines() -> None:
    counter = runpy.run_path(str(ROOT / "scripts" / "plugin_lines.py"))
    lines = sum(counter["code_lines"](path.read_text()) for path in (EXAMPLE / "tabletop_pig").rglob("*.py"))
    assert 50 < lines <= MOST_LINES


def test_found_through_its_entry_point(game: Any) -> None:
    registry = Registry.discover()
    assert registry.source("pig") == "tabletop-pig (tabletop_pig:game)"
    assert game.info.name == "Pig" and game.info.players == 2


def test_the_examples_own_tests_pass(pig_site: Path) -> None:
    tests = runpy.run_path(str(EXAMPLE / "tests" / "test_pig.py"))
    tests["test_conforms"]()
    tests["test_computer_players_and_interface"]()


def test_a_turn_banks_its_rolls_and_a_one_loses_them(game: Any) -> None:
    state = play(game, ["face 4", "roll", "face 6", "hold"])
    assert state.scores == [10, 0] and state.current_player() == CHANCE
    state = play(game, ["face 4", "roll", "face 6", "hold", "face 5", "roll", "face 1"])
    assert state.scores == [10, 0] and state.player == 0 and state.stake == 0
    fresh = play(game, ["face 3"])
    assert fresh.describe(game.parse_action(fresh, "hold")) == "Ann holds and banks 3."
    assert fresh.describe(game.parse_action(fresh, "roll")) == "Ann rolls again."


def test_reaching_100_wins_at_once(game: Any) -> None:
    state = game.state_from_json({"scores": [96, 40], "player": 0, "stake": 0, "rolling": True, "turns": 30})
    state.apply(game.parse_action(state, "face 5"))
    assert state.current_player() == TERMINAL and state.returns() == [1.0, 0.0]
    assert state.outcome_text() == "Ann wins, 101 to 40."


def test_equal_scores_at_the_turn_limit_are_a_draw(game: Any) -> None:
    state = game.state_from_json({"scores": [60, 58], "player": 1, "stake": 0, "rolling": True, "turns": 399})
    for text in ["face 2", "hold"]:
        state.apply(game.parse_action(state, text))
    assert state.current_player() == TERMINAL and state.returns() == [0.5, 0.5]
    assert state.outcome_text() == "Nobody wins, 60 to 60."


def test_notation_and_json_come_from_the_declarations(game: Any) -> None:
    state = play(game, ["face 4"])
    assert [str(a) for a in state.legal_actions()] == ["hold", "roll"]
    assert game.parse_action(state, "  FACE   6 ") == game.parse_action(state, "face 6")
    with pytest.raises(InvalidActionError, match=r"'jump' is not a Pig action \(actions: roll, hold, face PIPS\)"):
        game.parse_action(state, "jump")
    with pytest.raises(IllegalActionError, match="not allowed now"):
        state.apply(game.parse_action(state, "face 2"))
    assert state.to_json() == {"scores": [0, 0], "player": 0, "stake": 4, "rolling": False, "turns": 0}
    assert game.state_from_json(state.to_json()) == state
    with pytest.raises(InvalidStateError, match=r"\$\.scores\[1\]: expected a whole number, got 'x'"):
        game.state_from_json({**state.to_json(), "scores": [1, "x"]})
    with pytest.raises(InvalidStateError, match="has no field 'dice'"):
        game.state_from_json({**state.to_json(), "dice": 2})
    with pytest.raises(InvalidStateError, match="nothing below 0"):
        game.state_from_json({**state.to_json(), "stake": -3})


def test_a_match_with_the_steady_computer_replays_from_its_seed(game: Any) -> None:
    steady = game.agents()["steady"]
    match = Match(game, agents=[steady(), steady()], seed=4)
    match.run()
    again = Match.replay(game, match.history, seed=4)
    assert again.state == match.state and match.state.is_terminal()


def test_mypy_strict_passes_on_the_plugin_in_its_own_folder(tmp_path: Path) -> None:
    """The guide's instruction, run where a plugin author runs it: in the plugin's folder, outside Tabletop's tree."""
    folder = tmp_path / "pig"
    shutil.copytree(EXAMPLE / "tabletop_pig", folder / "tabletop_pig")
    done = subprocess.run(
        [sys.executable, "-m", "tabletop.testing.typecheck", "tabletop_pig"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout

"""A lower-is-better game through the real program: statistics, History and the end of a game count its
lowest score as its best (the Golf patience of ``golf_plugin``, whose score is the cards left)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tabletop.agents import RandomAgent
from tabletop.game import score_of
from tabletop.loop import Match
from tabletop.store import Store, start_recording
from tabletop.testing.plugins import write_dist_info
from tabletop.ui.play import best_score_words
from tests.framework import golf_plugin

ROOT = Path(__file__).resolve().parents[2]
TABLETOP = str(Path(sys.executable).with_name("tabletop"))


@pytest.fixture
def played(tmp_path: Path) -> tuple[Path, dict[int, float]]:
    """A database of Golf games a person played (a random player in their seat), and each game's score."""
    data = tmp_path / "data"
    scores: dict[int, float] = {}
    with Store.open(data) as store:
        for seed in range(1, 9):
            match = Match(golf_plugin.game, seed=seed, agents=[RandomAgent()])
            row = start_recording(store, match, ["human"], ["You"]).row_id
            match.run()
            score = score_of(match.state)
            assert score is not None
            scores[row] = score
    assert len(set(scores.values())) > 1  # the best differs from the worst, or the test proves nothing
    return data, scores


def _run(command: str, data: Path, tmp_path: Path) -> str:
    site = tmp_path / "site"
    write_dist_info(site, "golf-test", "1.0", {"tabletop.games": {"golf": "tests.framework.golf_plugin:game"}})
    env = {**os.environ, "TABLETOP_DATA_DIR": str(data), "COLUMNS": "120", "PYTHONPATH": f"{site}{os.pathsep}{ROOT}"}
    done = subprocess.run([TABLETOP, command], env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_tabletop_stats_shows_the_lowest_score_as_best(played: tuple[Path, dict[int, float]], tmp_path: Path) -> None:
    data, scores = played
    out = _run("stats", data, tmp_path)
    (line,) = [line for line in out.splitlines() if "Golf" in line]
    assert line.strip("│ ").split()[-1] == f"{min(scores.values()):g}", out


def test_tabletop_history_marks_the_games_of_the_lowest_score(
    played: tuple[Path, dict[int, float]], tmp_path: Path
) -> None:
    data, scores = played
    out = _run("history", data, tmp_path)
    marked = {int(m.group(1)) for m in re.finditer(r"^\s*(\d+) .*\(best\)", out, flags=re.MULTILINE)}
    assert marked == {row for row, score in scores.items() if score == min(scores.values())}, out


def test_the_end_of_a_game_counts_the_lowest_score_as_best() -> None:
    match = Match(golf_plugin.game, seed=3, agents=[RandomAgent()])
    match.run()
    score = score_of(match.state)
    assert score is not None
    assert (
        best_score_words(match, score + 1)
        == f"Score {score:g} cards left: a new best, better than {score + 1:g} (the lowest is best)."
    )
    assert (
        best_score_words(match, score - 1)
        == f"Score {score:g} cards left; your best is {score - 1:g} (the lowest is best)."
    )
    assert best_score_words(match, None).startswith(f"Score {score:g} cards left: your first at Golf")


@pytest.mark.pty
def test_the_menus_history_marks_the_game_of_the_lowest_score(
    played: tuple[Path, dict[int, float]], tmp_path: Path
) -> None:
    from tests.cli.pty_helpers import select, spawn

    data, scores = played
    best = min(row for row, score in scores.items() if score == min(scores.values()))
    site = tmp_path / "site"
    write_dist_info(site, "golf-test", "1.0", {"tabletop.games": {"golf": "tests.framework.golf_plugin:game"}})
    child = spawn([], pythonpath=f"{site}{os.pathsep}{ROOT}", data_dir=data, columns=120)
    child.expect("What would you like to play")
    select(child, "History and replays")
    child.expect("Replay which game")
    child.expect(rf"#{best} Golf[^\r\n]*\(best\)")
    child.sendintr()
    child.expect(pexpect.EOF)

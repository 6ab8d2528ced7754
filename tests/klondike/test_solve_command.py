"""``tabletop klondike solve SEED`` as a user runs it, and the winnability bench on a few deals."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pexpect
import pytest

from tabletop_klondike.command import dealt
from tests.bench_scripts import load_bench
from tests.cli.pty_helpers import TABLETOP, spawn
from tests.klondike.test_solver_proofs import play_line

COLUMNS = 80
"""The terminal's width where the output is read as a player sees it."""


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path)}
    return subprocess.run([TABLETOP, "klondike", "solve", *args], capture_output=True, text=True, env=env, timeout=120)


def test_a_won_deal_prints_a_line_that_wins_the_game_of_that_seed(tmp_path: Path) -> None:
    done = run(tmp_path, "1")
    assert done.returncode == 0, done.stderr
    head, *lines, searched = done.stdout.splitlines()
    found = re.fullmatch(r"Deal 1 \(draw 1, every card known\): won in (\d+) moves\.", head)
    assert re.fullmatch(r"\([\d,]+ positions searched in [\d.]+ s\.\)", searched), searched
    assert found, head
    moves = " ".join(lines).split()
    assert len(moves) == int(found.group(1))
    assert play_line(dealt(1, 1), tuple(moves)).won()


def test_a_blocked_deal_is_proven_lost(tmp_path: Path) -> None:
    done = run(tmp_path, "4", "--draw", "3")
    assert done.returncode == 1
    assert "Deal 4 (draw 3, every card known): lost: no line wins" in done.stdout
    assert "(0 positions searched" in done.stdout  # proven before any search
    # Each holds the others' way out face down: the J♥ needs a black Queen or the hearts home to the 10, the
    # J♦ likewise, the 7♣ a red 8 or the A♣, and all of those lie under the three.
    assert "the J♥ in pile 4, the J♦ in pile 5 and the 7♣ in pile 7 can never move" in done.stdout


@pytest.mark.pty
def test_on_a_terminal_the_reason_is_broken_between_words_at_its_width(tmp_path: Path) -> None:
    child = spawn(["klondike", "solve", "4", "--draw", "3"], data_dir=tmp_path, columns=COLUMNS)
    child.expect(pexpect.EOF)
    child.close()
    lines = str(child.before).replace("\r", "").strip().split("\n")
    assert child.exitstatus == 1, lines
    assert all(len(line) < COLUMNS for line in lines), lines  # none left to the terminal to break mid-word
    assert "the 7♣ in pile 7 can never move" in " ".join(lines)


def test_a_search_cut_short_says_unknown(tmp_path: Path) -> None:
    done = run(tmp_path, "6", "--draw", "3", "--limit", "50")
    assert done.returncode == 1
    assert "unknown: no win found within the limit." in done.stdout and "--limit searches further" in done.stdout


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["x"], "a seed is a whole number"),
        (["1", "--draw", "2"], "invalid choice: '2'"),
        (["1", "--limit", "0"], "--limit"),
        ([], "seed"),
    ],
)
def test_bad_arguments_are_refused_in_plain_words(tmp_path: Path, args: list[str], said: str) -> None:
    done = run(tmp_path, *args)
    assert done.returncode == 2
    assert said in done.stderr and "Traceback" not in done.stderr


def test_the_winnability_bench_counts_and_bounds(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("klondike_winnability")
    assert bench.main(["3", "4", "2000", "3"]) == 0  # deals 3 to 6: 3 and 5 won, 4 blocked, 6 not settled so soon
    out = capsys.readouterr().out
    assert "seed 4: lost" in out and "seed 3: won" in out
    assert "draw 3, limit 2,000: 2 won, 1 lost, 1 unknown (25.0%) of 4" in out
    assert re.search(r"winnable: 50\.0% \(95% [\d.]+%-[\d.]+%\) counting the unknown as lost, 75\.0%", out)

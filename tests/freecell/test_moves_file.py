"""A list of moves, Tabletop's own or another solver's, played into a new game: ``tabletop play freecell
--deal N --moves FILE`` (``-`` for standard input), stopping at the first move the rules refuse."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tabletop.commands.moves import MoveRefused, play_moves
from tabletop.loop import Match
from tabletop_freecell import game
from tabletop_freecell.coach import winning_line
from tabletop_freecell.command import standard_line
from tabletop_freecell.rules import Action, FreeCellState
from tests.bench_scripts import load_bench
from tests.cli.pty_helpers import ENTER, spawn
from tests.freecell.test_rules import position

TABLETOP = str(Path(sys.executable).with_name("tabletop"))
FC_SOLVE_DEALS = range(1, 31)
"""Deals fc-solve solves for the test (the bench runs 1 to 300)."""


def tabletop(*args: str, moves: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TABLETOP_DATA_DIR=str(tmp_path / "data"), COLUMNS="100")
    return subprocess.run([TABLETOP, *args], input=moves, capture_output=True, text=True, timeout=120, env=env)


def new_game(deal: int, auto: str = "safe") -> Match[Action]:
    return Match(game, options={"deal": str(deal), "auto": auto}, seed=1, agents=[None])


@pytest.mark.parametrize("deal", [1, 617, 1941])
def test_the_solvers_line_played_from_standard_input_wins_the_deal(deal: int, tmp_path: Path) -> None:
    line = standard_line(
        FreeCellState(deal=deal, cells=4, auto=True), winning_line(game.new_initial_state({"deal": str(deal)})) or []
    )
    assert line
    done = tabletop(
        "play", "freecell", "--deal", str(deal), "--moves", "-", moves=" ".join(line) + "\n", tmp_path=tmp_path
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"All {len(line)} moves were played." in done.stdout and f"won in {len(line)} moves" in done.stdout


def test_the_first_refused_move_is_named_with_the_position_and_the_reason(tmp_path: Path) -> None:
    done = tabletop("play", "freecell", "--deal", "1", "--moves", "-", moves="6a 6b\n1h 57\n", tmp_path=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    said = " ".join(done.stdout.split())
    assert "Move 3 of standard input, '1h': it is not allowed here: 1h: 6♠ is not next on its foundation" in said
    assert "move 2" in said  # the position after the two moves played, its header drawn
    assert "Traceback" not in done.stdout + done.stderr


def test_a_moves_file_that_is_not_there_or_not_text_is_refused_plainly(tmp_path: Path) -> None:
    missing = tabletop(
        "play", "freecell", "--deal", "1", "--moves", str(tmp_path / "no.txt"), moves="", tmp_path=tmp_path
    )
    assert missing.returncode == 2 and "--moves: no such file" in missing.stderr
    binary = tmp_path / "moves.bin"
    binary.write_bytes(b"\xff\xfe\x00")
    refused = tabletop("play", "freecell", "--deal", "1", "--moves", str(binary), moves="", tmp_path=tmp_path)
    said = " ".join(refused.stderr.split())
    assert refused.returncode == 2 and "is not text (UTF-8)" in said and "Traceback" not in said


def test_a_bare_move_onto_an_empty_cascade_is_one_card_as_solvers_write_it() -> None:
    state = position(["KS QH JS", "2C", "3C", "4C", "5C", "6C"], [None, None, None, None])
    assert str(game.parse_action(state, "17")) == "17"  # the game's own notation: the longest run (3 cards)
    assert str(game.parse_listed_action(state, "17")) == "17/1"  # a solver's: one card
    assert (
        str(game.parse_listed_action(state, "17v3")) == "17" and str(game.parse_listed_action(state, "17v2")) == "17/2"
    )


@pytest.mark.skipif(shutil.which("fc-solve") is None, reason="fc-solve (Debian's freecell-solver-bin) is not installed")
def test_fc_solves_solutions_replay_here_and_win() -> None:
    bench = load_bench("freecell_fcsolve")
    for deal in FC_SOLVE_DEALS:
        moves = bench.fc_solve_moves(deal)
        assert moves, f"fc-solve found no solution of deal {deal}"
        assert bench.replay(deal, moves) is None, f"deal {deal}: {bench.replay(deal, moves)}"


def test_the_moves_stop_at_the_end_of_the_game() -> None:
    match = new_game(1)
    line = winning_line(FreeCellState(deal=1, cells=4, auto=True)) or []
    with pytest.raises(MoveRefused, match="the game is over already"):
        play_moves(match, [*line, "1a"])


@pytest.mark.pty
def test_at_a_terminal_the_game_goes_on_from_the_first_refused_move(tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("6a 6b\n1b 1h\n", encoding="utf-8")
    child = spawn(["play", "freecell", "--deal", "1", "--moves", str(moves)], data_dir=tmp_path / "data")
    child.expect("The moves stop here")
    child.expect("Move 4 of")
    child.expect("Press any key")
    child.send(ENTER)
    child.expect("move 3")  # the three moves before it stand, and the player plays on from there
    child.expect("Your move")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130

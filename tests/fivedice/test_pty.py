"""End to end: a solo game of Five Dice played to the end with the Coach, holds by the dice's keys and Review, and a game
against the computer."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pexpect
import pytest

from tabletop_fivedice.advisor import Advisor, cache_file
from tabletop_fivedice.scoring import OFFICIAL
from tests.cli.pty_helpers import END_OF_GAME, ENTER, POINTER, QUESTION, answered, select, spawn

PROMPT = r"((?:Your move|Score in an upper box|Score in a lower box)[^\r\n\x1b?]*?:) "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PASS_THE_KEYBOARD = r"press any key(?: when you are ready|, then pass the keyboard)"


def _cache(solved: tuple[Advisor, Path], tmp_path: Path) -> dict[str, str]:
    """A cache folder holding the session's solution, so the game's coach reads it instead of solving."""
    _, folder = solved
    cache = tmp_path / "cache"
    cache.mkdir()
    shutil.copy(cache_file(OFFICIAL, folder), cache_file(OFFICIAL, cache))
    return {"TABLETOP_CACHE_DIR": str(cache)}


def _play_first_choices(child: pexpect.spawn, done: str) -> str:
    """Answer every prompt with its first entry (and pass the keyboard when asked) until ``done``; return all
    that was shown, without colour codes."""
    shown = []
    for _ in range(400):
        index = child.expect([PROMPT, done, r"press any key(?: when you are ready|, then pass the keyboard)"])
        shown.append(ANSI.sub("", f"{child.before}{child.after}"))
        if index == 1:
            return "".join(shown)
        if index == 2:  # the screen between turns at a table of several seats
            child.send(ENTER)
            continue
        prompt = child.match.group(1)
        child.expect(POINTER)
        child.send(ENTER)
        child.expect(answered(prompt))
    raise AssertionError("the game did not end")


@pytest.mark.pty
def test_a_solo_game_with_a_hint_and_the_review(solved: tuple[Advisor, Path], tmp_path: Path) -> None:
    child = spawn(["play", "fivedice", "--seed", "7"], data_dir=tmp_path / "data", extra_env=_cache(solved, tmp_path))
    child.expect("Five Dice · total 0")
    child.expect(r"upper 0 / 63")
    child.expect("Your move:")
    child.send("?")  # the Coach's key takes it at once
    child.expect("Press any key")
    hint = ANSI.sub("", child.before)
    assert re.search(r"Coach: expected final score with best play \d{3}\.\d\d \(exact\)\.", hint), hint
    assert re.search(r"\n +1\. +\d{3}\.\d\d  (Roll again|Score in)", hint), hint
    child.send(ENTER)
    child.expect(r"Coach \(\d{3}\.\d\): ")
    select(child, "Keep dice by their numbers")  # the dice are 1 2 3 4 6: hold the 3 and the 4 by their keys
    child.expect("Hold dice")
    select(child, "[3]  rolls")
    child.expect(r"\[3\]\*")
    select(child, "[4]  rolls")
    select(child, "Roll 3 dice, holding 3 4")
    child.expect("You kept 3 4 and rolled 3 again.")
    _play_first_choices(child, END_OF_GAME)
    child.send("y")
    child.expect(r"Review of game 1 \(Five Dice\)\.", timeout=60)
    child.expect(r"Graded by the exact solver: exact figures\.")
    child.expect(r"You chose as the analyst would in \d+ of \d+ decisions\.")
    child.expect(r"Expected score given away in all: \d+\.\d\d points\.")
    said = ""
    while child.expect([r"Esc ends review", pexpect.EOF, r"Final score"]) == 0:
        said += ANSI.sub("", child.before)
        child.send(ENTER)
    said += ANSI.sub("", child.before)
    assert "expected final score after each" in said, said


@pytest.mark.pty
def test_two_players_one_a_computer(solved: tuple[Advisor, Path], tmp_path: Path) -> None:
    child = spawn(
        ["play", "fivedice", "--players", "2", "--opponent", "optimal", "--seed", "3"],
        data_dir=tmp_path / "data",
        extra_env=_cache(solved, tmp_path),
    )
    child.expect("Player 1 · total 0")
    child.expect(r"Others: Player 2 0")
    log = _play_first_choices(child, END_OF_GAME)
    assert "Player 2 scored" in log  # the computer played its turns, never asked for the keyboard
    assert "Player 2, press any key" not in log
    assert re.search(r"Final scores: Player \d \d+, Player \d \d+\.", log)
    child.send(ENTER)


@pytest.mark.pty
def test_the_setup_screen_seats_the_computer_it_shows_when_players_rise(
    solved: tuple[Advisor, Path], tmp_path: Path
) -> None:
    child = spawn([], data_dir=tmp_path / "data", extra_env=_cache(solved, tmp_path))
    select(child, "Five Dice")
    child.expect(r"Rules: standard rules\r\n")  # a solo game: no seats to name, no opponent to choose
    select(child, "Players: ")
    select(child, "2")
    child.expect(r"Seats: you are Player 1; the computer is Player 2\.\r\n")
    select(child, "Opponent: computer, Optimal")
    child.send(ENTER)  # the opponent shown stays
    child.expect(r"Seats: you are Player 1; the computer is Player 2\.\r\n")
    select(child, "Start the game")
    child.expect(r"Others: Player 2 0")
    log = _play_first_choices(child, "Player 2 scored")
    assert "press any key" not in log  # nobody passes the keyboard to a computer


@pytest.mark.pty
def test_two_people_and_a_computer_at_one_table(solved: tuple[Advisor, Path], tmp_path: Path) -> None:
    child = spawn(
        ["play", "fivedice", "--players", "3", "--seats", "human,simple", "--seed", "11"],
        data_dir=tmp_path / "data",
        extra_env=_cache(solved, tmp_path),
    )
    shown = []
    for _ in range(600):  # each question answered with the entry under the cursor (the first: a score)
        index = child.expect([QUESTION, r"Final scores: [^\r\n]+\.", PASS_THE_KEYBOARD])
        shown.append(ANSI.sub("", f"{child.before}{child.after}"))
        if index == 1:
            break
        child.send(ENTER)
        if index == 0:
            child.expect(answered(child.match.group(1)))
    log = "".join(shown)
    assert "Final scores" in log, log[-2000:]
    assert "Player 2, your turn is over" in log or "Player 2, press any key" in log  # a person: the keyboard passes
    assert "Player 3, press any key" not in log and "Player 3, your turn" not in log  # the computer asks nobody
    assert "Player 3 scored" in log
    assert "Player 1 · total 0" in log and "Hint" not in log  # two people at the table: no coach for either

"""End to end: a solo game of Five Dice played to the end with the Coach, holds by the dice's keys and Review, a game
against the computer, holds by the dice's positions (held dice stay where they lie on the board over 100 rolls),
and the keys a decision takes, counted over seeded games a scripted player plays as a person would."""

from __future__ import annotations

import random
import re
import shutil
import statistics
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest

from tabletop.loop import Match
from tabletop.ui.steps import Leaf, level_choices
from tabletop_fivedice import game
from tabletop_fivedice.advisor import Advisor, cache_file
from tabletop_fivedice.rules import DICE, ROLLS_PER_TURN, FiveDiceAction, FiveDiceState, Keep, Score, keep_at
from tabletop_fivedice.scoring import OFFICIAL
from tabletop_fivedice.ui import HOLDS_KEY, OTHER_HOLDS, FiveDiceUI
from tests.cli.pty_helpers import END_OF_GAME, ENTER, POINTER, PROMPT_ENDED, QUESTION, answered, select, spawn
from tests.conftest import FIGURE

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
    child.expect(r"You kept 3 4, rolled \d \d \d\.")
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


DICE_LINE = re.compile(r"Dice ((?:\[\d\]\*? *){5})")
ROLLS_ON_THE_BOARD = 100
"""How many rerolls the program shows, each checked against the dice before it."""
KEY_GAMES = (1, 2, 3)
"""The seeds of the games whose keys are counted."""


def board_dice(shown: str) -> tuple[int, ...]:
    """The dice of the last dice line in ``shown`` (colour codes taken out), left to right."""
    lines = DICE_LINE.findall(ANSI.sub("", shown))
    assert lines, shown[-1500:]
    return tuple(int(face) for face in re.findall(r"\[(\d)\]", lines[-1]))


def press(child: pexpect.spawn, key: str) -> None:
    """Press ``key`` at the list on screen, once it is drawn, and wait until the list has read it."""
    child.expect(POINTER)
    child.send(key)
    child.expect(PROMPT_ENDED)


def holds_screen_keys(dice: tuple[int, ...], held: tuple[int, ...]) -> list[str]:
    """Keep dice by their numbers: its key, each held die's position, then Enter (the cursor is on the roll)."""
    return [HOLDS_KEY, *(str(position + 1) for position in held), ENTER]


def list_keys(state: FiveDiceState, action: FiveDiceAction) -> list[str]:
    """The keys that take ``action`` through the lists, as a person reads them: each list's entry on the way,
    by the key shown before it, until an entry names the whole action."""
    ui, view = FiveDiceUI(game), state.view(0)
    steps = ui.steps(view, state.legal_actions())
    path = next(step.path for step in steps if step.action == action)
    keys = []
    for depth in range(len(path)):
        entries = level_choices(steps, (), path[:depth], ui.label_order(view), ui.label_keys(view))
        entry = next(e for e in entries if e.value in (path[depth], Leaf(action)))
        assert entry.key is not None
        keys.append(entry.key)
        if isinstance(entry.value, Leaf) or depth == len(path) - 1:
            return keys
    raise AssertionError(f"no entry names {action}")


def person_keys(state: FiveDiceState, action: FiveDiceAction) -> list[str]:
    """The fewest keys a person who knows the keys presses for ``action``: the lists', or for a hold they do
    not name in one step, the holds screen's."""
    ui, view = FiveDiceUI(game), state.view(0)
    path = next(step.path for step in ui.steps(view, state.legal_actions()) if step.action == action)
    if isinstance(action, Keep) and OTHER_HOLDS in path:
        assert state.dice is not None
        return holds_screen_keys(state.dice, state_after_keep(state, action))
    return list_keys(state, action)


def state_after_keep(state: FiveDiceState, action: Keep) -> tuple[int, ...]:
    """The positions ``action`` holds here."""
    after = state.clone()
    after.apply(action)
    assert after.held is not None
    return after.held


Player = Callable[[FiveDiceState], tuple[FiveDiceAction, list[str]]]
"""A scripted person: the action they choose here and the keys they press for it."""


def play_a_game(child: pexpect.spawn, seed: int, player: Player) -> tuple[list[int], int]:
    """Play the program's seeded solo game to its end as ``player``, a copy of the match kept here telling
    every position; check after each roll that the board shows the copy's dice where they lie, the held ones
    where they were. Return the keys of each decision and the rerolls checked."""
    model: Match[FiveDiceAction] = Match(game, seed=seed, agents=[None])
    counts, rerolls = [], 0
    held: tuple[int, ...] = ()
    before: tuple[int, ...] | None = None
    while True:
        model.advance()
        state = model.state
        assert isinstance(state, FiveDiceState) and state.dice is not None
        legal = state.legal_actions()
        if len(legal) == 1 and not _ends(state, legal[0]):  # the table plays a lone action itself
            model.apply(legal[0])
            continue
        child.expect("Your move:")
        shown = board_dice(child.before)
        assert shown == state.dice, (shown, state.dice)
        if before is not None and state.rolls > 1:
            assert all(shown[p] == before[p] for p in held), (before, held, shown)
            rerolls += 1
        action, keys = player(state)
        for key in keys:
            press(child, key)
        counts.append(len(keys))
        if isinstance(action, Keep):
            before, held = state.dice, state_after_keep(state, action)
        model.apply(action)
        if model.is_over():
            child.expect(END_OF_GAME)
            child.send(ENTER)
            return counts, rerolls


def _ends(state: FiveDiceState, action: FiveDiceAction) -> bool:
    after = state.clone()
    after.apply(action)
    return after.is_terminal()


@pytest.mark.pty
def test_a_die_is_held_by_its_position_and_stays_there(solved: tuple[Advisor, Path], tmp_path: Path) -> None:
    child = spawn(["play", "fivedice", "--seed", "7"], data_dir=tmp_path / "data", extra_env=_cache(solved, tmp_path))
    child.expect("Your move:")
    assert board_dice(child.before) == (1, 2, 3, 4, 6)
    assert re.search(
        r"Dice \[1\] +\[2\] +\[3\] +\[4\] +\[6\] +roll 1 of 3\r?\n +1 +2 +3 +4 +5", ANSI.sub("", child.before)
    )
    press(child, HOLDS_KEY)
    press(child, "5")  # the 6, the last die
    child.expect(r"\[6\]\*")
    press(child, "3")
    child.expect("Roll 3 dice, holding 3 6")  # the entry under the cursor
    child.send(ENTER)
    child.expect(r"You kept 3 6, rolled (\d) (\d) (\d)\.")
    came_up = tuple(int(face) for face in child.match.groups())
    dice = board_dice(child.before)
    assert (dice[2], dice[4]) == (3, 6) and (dice[0], dice[1], dice[3]) == came_up
    child.expect("Your move:")
    press(child, "a")  # Roll again: a die's number keeps it and the dice alike
    child.expect(r"5\) keep 6 \(die 5\)")  # drawn under the cursor's entry
    child.send("5")
    child.expect(r"You kept 6, rolled \d \d \d \d\.")
    assert board_dice(child.before)[4] == 6


@pytest.mark.pty
def test_held_dice_stay_where_they_lie_on_the_board_over_100_rolls(
    solved: tuple[Advisor, Path], tmp_path: Path
) -> None:
    rng = random.Random(5)

    def hold_at_random(state: FiveDiceState) -> tuple[FiveDiceAction, list[str]]:
        """Hold some dice picked at random by position while a roll is left (the holds screen), then score."""
        assert state.dice is not None
        if state.rolls < ROLLS_PER_TURN:
            held = tuple(sorted(rng.sample(range(DICE), rng.randrange(DICE))))
            return keep_at(state.dice, held), holds_screen_keys(state.dice, held)
        score = next(a for a in state.legal_actions() if isinstance(a, Score))
        return score, list_keys(state, score)

    checked, env = 0, _cache(solved, tmp_path)
    for seed in range(1, 9):
        child = spawn(["play", "fivedice", "--seed", str(seed)], data_dir=tmp_path / "data", extra_env=env)
        checked += play_a_game(child, seed, hold_at_random)[1]
        child.close(force=True)
        if checked >= ROLLS_ON_THE_BOARD:
            break
    assert checked >= ROLLS_ON_THE_BOARD


@pytest.mark.pty
def test_a_decision_takes_two_keys_in_the_median(
    solved: tuple[Advisor, Path], tmp_path: Path, record_property: Callable[[str, object], None]
) -> None:
    """A scripted person plays as the optimal policy would, pressing the fewest keys the screens offer."""
    advisor, _ = solved

    def optimal(state: FiveDiceState) -> tuple[FiveDiceAction, list[str]]:
        action = advisor.advise(state).best
        return action, person_keys(state, action)

    counts: list[int] = []
    env = _cache(solved, tmp_path)
    for seed in KEY_GAMES:
        child = spawn(["play", "fivedice", "--seed", str(seed)], data_dir=tmp_path / "data", extra_env=env)
        counts += play_a_game(child, seed, optimal)[0]
        child.close(force=True)
    median = statistics.median(counts)
    record_property(  # printed at the end of the run (tests/conftest.py), from any worker
        FIGURE,
        f"Five Dice keys per decision, seeded games {', '.join(map(str, KEY_GAMES))} played as the optimal policy "
        f"would: median {median:g}, mean {statistics.mean(counts):.2f}, most {max(counts)} over {len(counts)} decisions",
    )
    assert median <= 2

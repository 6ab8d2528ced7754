"""What asks before it loses something: leaving a game, quitting, abandoning or forgetting a saved game."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pexpect
import pytest
from rich.console import Console

from tabletop.agents import RandomAgent
from tabletop.commands.menu import Menu
from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.store import Store, start_recording
from tabletop.ui.base import Choice, Prompter
from tests.cli.pty_helpers import DOWN, ENTER, POINTER, TABLETOP, UP, select, spawn


def _unfinished_games(data_dir: Path, count: int) -> list[int]:
    """``count`` games of Muster against the computer, each stopped after its first move; their ids."""
    muster = Registry.discover().get("muster")
    ids = []
    with Store.open(data_dir) as store:
        for seed in range(count):
            match = Match(muster, seed=seed, agents=[None, RandomAgent()])
            recorder = start_recording(store, match, ["human", "random"], ["You", "Computer (Random)"])
            match.advance()
            assert recorder.row_id is not None
            ids.append(recorder.row_id)
    return ids


def _unfinished_ids(data_dir: Path) -> list[int]:
    with Store.open(data_dir, write=False) as store:
        return sorted(r.id for r in store.unfinished() if r.id is not None)


def _asks(question: str) -> str:
    """The pattern of a yes-or-no question whose answer is no unless the person types y."""
    return re.escape(question) + " (?:\x1b\\[[0-9;]*m)*\\(y/N\\)"


def _finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return int(child.exitstatus if child.exitstatus is not None else -child.signalstatus)


class Scripted(Prompter):
    """Answers from a script: for each question, the words it must contain and the answer, a title (or part
    of one) for a list and True or False for a yes-or-no question. Every question asked is kept."""

    def __init__(self, script: Sequence[tuple[str, str | bool]]) -> None:
        self.script = list(script)
        self.asked: list[tuple[str, list[Choice] | bool]] = []
        self.pauses: list[str] = []

    def _next(self, message: str) -> str | bool:
        assert self.script, f"not expecting another question, but asked {message!r}"
        words, answer = self.script.pop(0)
        assert words in message, f"expected a question with {words!r}, asked {message!r}"
        return answer

    def select(self, message: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        self.asked.append((message, list(choices)))
        title = self._next(message)
        assert isinstance(title, str), f"a list was asked ({message!r}) where the script answers yes or no"
        usable = [c for c in choices if title in c.title and not c.disabled]
        assert usable, f"no usable entry with {title!r} in {[c.title for c in choices]}"
        return usable[0].value

    def confirm(self, message: str, *, default: bool = True) -> bool:
        self.asked.append((message, default))
        answer = self._next(message)
        assert isinstance(answer, bool), f"a yes-or-no question was asked ({message!r}) where the script names an entry"
        return answer

    def pause(self, message: str = "Press any key to go on") -> None:
        self.pauses.append(message)


def _titles(prompter: Scripted, words: str) -> list[list[str]]:
    """The titles of every list asked whose question has ``words``."""
    return [
        [c.title for c in asked] for message, asked in prompter.asked if words in message and isinstance(asked, list)
    ]


# ---------------------------------------------------------------------------- leaving a game


@pytest.mark.parametrize(
    ("saved", "question"),
    [
        (True, "Leave the game? It is saved: Continue it from the menu."),
        (False, "Leave the game? It is not being saved and will be lost."),
    ],
)
def test_leave_asks_first_and_no_goes_back_to_the_game(example_plugin_path: Path, saved: bool, question: str) -> None:
    from tabletop.ui.play import LeaveGame, Table, _game_menu

    game = Registry.discover().get("highcard")

    def table(prompter: Prompter) -> Table:
        match = Match(game, seed=1, agents=[None, None])
        return Table(match, game.ui(), Console(record=True), prompter, ["North", "South"], saved=saved)

    staying = Scripted([("Game menu", "Leave"), ("Leave the game", False)])
    assert _game_menu(table(staying), 0) is None  # back to the game
    assert staying.asked[-1] == (question, False)  # Enter means no
    leaving = Scripted([("Game menu", "Leave"), ("Leave the game", True)])
    with pytest.raises(LeaveGame):
        _game_menu(table(leaving), 0)


def test_leave_one_key_too_far_past_a_greyed_out_undo_asks_first(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn(["play", "highcard", "--seed", "9"], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("Your move:")
    child.expect(POINTER)
    child.send(UP)  # round to the last entry, the game menu
    child.expect(POINTER)
    assert child.match.group(1).startswith("Game menu")
    child.send(ENTER)
    child.expect("Game menu:")
    child.expect(POINTER)
    assert child.match.group(1).startswith("Back to the game")
    child.send(DOWN)
    child.expect(POINTER)
    child.send(DOWN)  # Undo is greyed out before any move: the cursor skips it
    child.expect(POINTER)
    assert child.match.group(1).startswith("Leave")
    child.send(ENTER)
    child.expect(_asks("Leave the game? It is saved: Continue it from the menu."))
    child.send(ENTER)  # no
    child.expect("Your move:")
    child.expect(POINTER)
    assert child.isalive()
    child.sendintr()
    assert _finish(child) == 130


def test_q_at_the_move_prompt_opens_the_game_menu_where_q_leaves(example_plugin_path: Path, tmp_path: Path) -> None:
    # As q (then y) leaves the main menu, q q (then y) leaves a game: the first opens the game menu.
    child = spawn(["play", "highcard", "--seed", "9"], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("Your move:")
    child.expect(POINTER)
    child.send("q")
    child.expect("Game menu:")
    child.expect(POINTER)
    child.send("q")
    child.expect(_asks("Leave the game? It is saved: Continue it from the menu."))
    child.send("y")
    child.expect("Left the game.")
    assert _finish(child) == 0


# ---------------------------------------------------------------------------- quitting


def test_esc_at_the_main_menu_asks_before_quitting(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn([], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("What would you like to play")
    child.expect(POINTER)
    child.send("\x1b")
    child.expect(_asks("Quit Tabletop?"))
    child.send(ENTER)  # no: the menu again
    child.expect("What would you like to play")
    child.expect(POINTER)
    child.send("\x1b")
    child.expect(re.escape("Quit Tabletop?"))
    child.send("y")
    child.expect("Goodbye")
    assert _finish(child) == 0


def test_ctrl_c_at_the_quit_question_leaves_at_once(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn([], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("What would you like to play")
    child.expect(POINTER)
    child.send("\x1b")
    child.expect(re.escape("Quit Tabletop?"))
    child.sendintr()
    child.expect(pexpect.EOF)
    assert "Traceback" not in str(child.before)
    assert _finish(child) == 130


# ---------------------------------------------------------------------------- continuing and abandoning


def test_up_to_three_unfinished_games_each_have_an_entry(tmp_path: Path) -> None:
    ids = _unfinished_games(tmp_path, 3)
    menu = Menu(Console(record=True), Prompter(), data_dir=str(tmp_path))
    continues = [c for c in menu._main_choices() if c.title.startswith("Continue")]
    assert [c.value for c in continues] == [
        ("continue", r) for r in sorted(menu.store.unfinished(), key=lambda r: -r.id)
    ]
    assert len(continues) == len(ids) == 3


def test_more_unfinished_games_share_one_entry_that_lists_them_all(tmp_path: Path) -> None:
    ids = _unfinished_games(tmp_path, 5)
    prompter = Scripted(
        [
            ("What would you like to play", "Continue a game (5 unfinished)"),
            ("Continue which game", f"#{ids[0]} Muster"),  # the oldest, once out of reach
            ("What would you like to do with it", "Back"),
            ("Continue which game", "Back"),
            ("What would you like to play", "Quit"),
            ("Quit Tabletop", True),
        ]
    )
    Menu(Console(record=True), prompter, data_dir=str(tmp_path)).loop()
    main = _titles(prompter, "What would you like to play")[0]
    assert [t for t in main if t.startswith("Continue")] == ["Continue a game (5 unfinished)"]
    listed = _titles(prompter, "Continue which game")[0]
    assert [t.split()[0] for t in listed[:-1]] == [f"#{i}" for i in reversed(ids)]  # all, newest first
    assert listed[-1] == "Back"
    assert _titles(prompter, "do with it")[0] == ["Continue", "Abandon (delete this unfinished game)", "Back"]
    assert _unfinished_ids(tmp_path) == ids  # nothing was lost on the way


def test_abandon_asks_then_deletes_the_game(tmp_path: Path) -> None:
    ids = _unfinished_games(tmp_path, 4)
    console = Console(record=True, width=80)
    prompter = Scripted(
        [
            ("What would you like to play", "Continue a game (4 unfinished)"),
            ("Continue which game", f"#{ids[1]} Muster"),
            ("What would you like to do with it", "Abandon"),
            (f"Abandon game {ids[1]}?", False),  # no: kept
            ("Continue which game", f"#{ids[1]} Muster"),
            ("What would you like to do with it", "Abandon"),
            (f"Abandon game {ids[1]}?", True),
            ("Continue which game", "Back"),
            ("What would you like to play", "History and replays"),  # a Continue entry plays on at once
            ("Replay which game", f"#{ids[3]} Muster"),
            (f"Game {ids[3]}:", "Abandon"),
            ("Abandon game", True),
            ("Replay which game", "Back"),
            ("What would you like to play", "Quit"),
            ("Quit Tabletop", True),
        ]
    )
    Menu(console, prompter, data_dir=str(tmp_path)).loop()
    assert (f"Abandon game {ids[1]}? It will be deleted and cannot be continued.", False) in prompter.asked
    assert f"Game {ids[1]} deleted." in console.export_text()
    listed = _titles(prompter, "Continue which game")
    assert len(listed[0]) == 5 and len(listed[1]) == 5  # four games and Back; no kept the game
    assert len(listed[2]) == 4 and not any(t.startswith(f"{ids[1]}.") for t in listed[2])
    after = _titles(prompter, "What would you like to play")[1]
    assert len([t for t in after if t.startswith("Continue Muster")]) == 3  # three left: an entry each
    assert _unfinished_ids(tmp_path) == [ids[0], ids[2]]  # the newest of the three was abandoned from History


def test_abandon_on_a_read_only_database_says_why_and_keeps_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = _unfinished_games(tmp_path, 1)
    real = os.access

    def access(path: Any, mode: int, **kwargs: Any) -> bool:
        if mode & os.W_OK and Path(path).resolve().is_relative_to(tmp_path.resolve()):
            return False
        return real(path, mode, **kwargs)

    monkeypatch.setattr(os, "access", access)
    console = Console(record=True, width=200)
    prompter = Scripted(
        [
            ("What would you like to play", "History and replays"),
            ("Replay which game", f"#{ids[0]} Muster"),
            (f"Game {ids[0]}:", "Abandon"),
            ("Replay which game", "Back"),
            ("What would you like to play", "Quit"),
            ("Quit Tabletop", True),
        ]
    )
    Menu(console, prompter, data_dir=str(tmp_path)).loop()
    text = console.export_text()
    assert "This game cannot be abandoned: the game database" in text and "is read-only" in text
    assert prompter.pauses == ["Press any key to go on"]
    monkeypatch.setattr(os, "access", real)
    assert _unfinished_ids(tmp_path) == ids


def test_the_fourth_unfinished_game_is_abandoned_at_the_terminal(example_plugin_path: Path, tmp_path: Path) -> None:
    for seed in range(4):
        child = spawn(["play", "highcard", "--seed", str(seed)], pythonpath=str(example_plugin_path), data_dir=tmp_path)
        child.expect("Your move:")
        child.expect(POINTER)
        child.sendintr()
        assert _finish(child) == 130
    oldest = _unfinished_ids(tmp_path)[0]
    child = spawn([], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("What would you like to play")
    select(child, "Continue a game (4 unfinished)")
    child.expect("Continue which game")
    select(child, f"#{oldest} High Card v Computer (Random), started")
    child.expect("What would you like to do with it")
    select(child, "Abandon")
    child.expect(_asks(f"Abandon game {oldest}? It will be deleted and cannot be continued."))
    child.send("y")
    child.expect(f"Game {oldest} deleted.")
    child.expect("Continue which game")
    child.expect(POINTER)
    child.send("\x1b")
    child.expect("What would you like to play")
    child.expect("Quit[\r\x1b]")
    menu = str(child.before)
    assert menu.count("Continue High Card") == 3 and "unfinished)" not in menu
    child.sendintr()
    assert _finish(child) == 130
    assert len(_unfinished_ids(tmp_path)) == 3 and oldest not in _unfinished_ids(tmp_path)


# ---------------------------------------------------------------------------- tabletop history --delete


def _tabletop(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The program with nothing on standard input (not a terminal)."""
    env = dict(os.environ, TABLETOP_DATA_DIR=str(data_dir), COLUMNS="200")
    return subprocess.run(
        [TABLETOP, *args], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60
    )


def test_history_delete_without_a_terminal_needs_yes(tmp_path: Path) -> None:
    [game] = _unfinished_games(tmp_path, 1)
    refused = _tabletop(tmp_path, "history", "--delete", str(game))
    assert refused.returncode == 2
    assert "add --yes to delete without asking" in refused.stderr and "Traceback" not in refused.stderr
    assert _unfinished_ids(tmp_path) == [game]
    deleted = _tabletop(tmp_path, "history", "--delete", str(game), "--yes")
    assert deleted.returncode == 0, deleted.stderr
    assert f"Game {game} deleted." in deleted.stdout
    assert _unfinished_ids(tmp_path) == []


def test_history_delete_at_a_terminal_asks_first(tmp_path: Path) -> None:
    [game] = _unfinished_games(tmp_path, 1)
    question = rf"Forget game {game} \(Muster v Computer \(Random\), [-0-9: ]+, unfinished\)\? \[y/N\]"
    answers: list[tuple[str, Callable[[pexpect.spawn], None]]] = [
        ("\r", lambda child: child.expect("Nothing deleted.")),
        ("n\r", lambda child: child.expect("Nothing deleted.")),
        ("y\r", lambda child: child.expect(f"Game {game} deleted.")),
    ]
    for answer, outcome in answers:
        child = spawn(["history", "--delete", str(game)], data_dir=tmp_path)
        child.expect(question)
        child.send(answer)
        outcome(child)
        assert _finish(child) == 0
    assert _unfinished_ids(tmp_path) == []

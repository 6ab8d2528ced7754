"""Keys in the real program: every list shows a key before each entry and the key takes it at once (the
main menu and the setup screen too), Start is one key away, the Coach is named so it never meets a game's
own words, History exports a finished game, and a review with nothing to show waits for a key."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pexpect
import pytest
from rich.console import Console

from tabletop.agents import RandomAgent
from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.store import Store, start_recording
from tabletop.ui.base import Prompter
from tests.cli.pty_helpers import ENTER, QUESTION, spawn

KEYED = r"(\S+)\) (?:\x1b\[[0-9;]*m)*"
"""The key shown before an entry's title."""


def key_of(child: pexpect.spawn, title: str) -> str:
    """The key the list on screen shows before the entry starting with ``title``."""
    child.expect(KEYED + title.replace("(", r"\(").replace(")", r"\)"))
    return str(child.match.group(1))


def _finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in str(child.before)
    return int(child.exitstatus if child.exitstatus is not None else 128 + (child.signalstatus or 0))


@pytest.mark.pty
def test_a_digit_takes_its_entry_in_the_main_menu_and_s_starts_from_anywhere_on_the_setup_screen(
    tmp_path: Path,
) -> None:
    child = spawn([], data_dir=tmp_path / "data")
    child.expect("What would you like to play")
    muster = key_of(child, "Muster: Raise the Banners")
    assert muster.isdigit()
    child.send(muster)  # no Enter: the key takes the entry
    child.expect("Set up the game:")
    child.expect(r"s\) (?:\x1b\[[0-9;]*m)*Start the game")
    seed = key_of(child, "Seed: random")
    assert seed.isdigit()
    child.send(seed)
    child.expect(r"Seed \(empty for a random deal\):")
    child.send("42" + ENTER)
    child.expect("Set up the game:")
    child.expect(r"» (?:\x1b\[[0-9;]*m)*\d\) Seed: 42")  # the cursor stays on the line just changed
    child.send("s")  # Start, one key from there
    child.expect(QUESTION, timeout=30)
    assert child.match.group(1) == "Your move:"
    child.expect(r"b\) (?:\x1b\[[0-9;]*m)*Play a Banner")  # each kind of action has its own letter
    child.sendintr()
    assert _finish(child) == 130


@pytest.mark.pty
def test_a_key_no_entry_has_rings_the_bell_and_the_list_stays(tmp_path: Path) -> None:
    child = spawn([], data_dir=tmp_path / "data")
    child.expect("What would you like to play")
    muster = key_of(child, "Muster: Raise the Banners")
    child.expect("Quit")
    child.send("z")  # no entry of the main menu has it
    child.expect("\a", timeout=5)
    child.send(muster)  # the list still takes its keys
    child.expect("Set up the game:")
    child.sendintr()
    child.expect(pexpect.EOF)


def test_muses_names_the_coach_apart_from_the_rulebooks_hints(tmp_path: Path) -> None:
    child = spawn(
        ["play", "muses", "--seed", "5"],
        data_dir=tmp_path / "data",
        extra_env={"TABLETOP_CACHE_DIR": str(tmp_path / "cache")},
    )
    child.expect(QUESTION, timeout=30)
    assert child.match.group(1) == "Your move:"
    child.expect(r"\?\) (?:\x1b\[[0-9;]*m)*Coach: the best moves and what each is worth")
    screen = str(child.before)
    assert "h) Use a hint" in screen and "e) End the turn" in screen  # the game's own words keep their keys
    assert "Hint:" not in screen and ") Hint" not in screen
    child.sendintr()
    assert _finish(child) == 130


def _records(data: Path) -> tuple[int, int]:
    """A finished Muster game and an unfinished one, both with a person in the first seat."""
    game = Registry.discover().get("muster")
    with Store.open(data) as store:
        match = Match(game, seed=8, agents=[RandomAgent(), RandomAgent()])
        finished = start_recording(store, match, ["human", "random"], ["You", "Computer (Random)"]).row_id
        match.run()
        match = Match(game, seed=9, agents=[None, RandomAgent()])
        unfinished = start_recording(store, match, ["human", "random"], ["You", "Computer (Random)"]).row_id
        match.advance()
    return finished, unfinished


@pytest.mark.pty
def test_history_exports_a_finished_game_where_the_player_says_and_refuses_an_unfinished_one(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    finished, unfinished = _records(data)
    child = spawn([], data_dir=data)
    child.expect("What would you like to play")
    child.send(key_of(child, "History and replays"))
    child.expect("Replay which game")
    child.send(key_of(child, f"#{unfinished} Muster"))
    child.expect(f"Game {unfinished}:")
    child.expect(r"- Export it to a file \(JSON\) \(unfinished: it would show the hands in play\)")
    child.send("\x1b")  # back to the list
    child.expect("Replay which game")
    child.send(key_of(child, f"#{finished} Muster"))
    child.expect(f"Game {finished}:")
    child.send(key_of(child, "Export it to a file"))
    child.expect(rf"Write the record to:.*tabletop-muster-{finished}\.json")  # the command line's default name
    target = tmp_path / "out" / "game.json"
    target.parent.mkdir()
    child.send("\x15" + str(target) + ENTER)  # Ctrl-U clears the default, then the path and Enter
    child.expect(f"Game {finished} written to")
    child.expect("Press any key to go back")
    child.send(ENTER)
    child.expect("Replay which game")
    record = json.loads(target.read_text(encoding="utf-8"))
    assert record["game"] == "muster" and record["finished"] and record["result"]
    child.sendintr()
    assert _finish(child) == 130


class Paused(Prompter):
    def __init__(self) -> None:
        self.paused: list[str] = []

    def pause(self, message: str = "Press any key to go on") -> None:
        self.paused.append(message)


def test_a_review_with_nothing_to_show_waits_for_a_key(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from tabletop.commands import replay, review
    from tabletop.review import Review

    finished, _ = _records(tmp_path / "data")
    with Store.open(tmp_path / "data") as store:
        record = store.get(finished)
    game = Registry.discover().get("muster")
    keys: list[str] = []

    def nothing(*_: Any, **__: Any) -> Review:
        return Review(seat=0, decisions=[], exact=False, effort=None)

    def read_command(*_: Any, **__: Any) -> str:
        keys.append("")  # Enter
        return ""

    monkeypatch.setattr(review, "grade", nothing)
    monkeypatch.setattr(replay, "read_command", read_command)
    out = io.StringIO()
    review.show_review(Console(file=out, width=80), Paused(), record, game)
    assert "nothing to grade" in out.getvalue()
    assert keys  # the summary stays until a key is pressed

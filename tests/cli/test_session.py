"""Starting a game from the menu or `tabletop play`: trouble at the start ends that game, not the program."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from tabletop.commands.session import play_setup
from tabletop.commands.setup import Setup
from tabletop.registry import Registry
from tabletop.ui.base import Prompter


class Pauses(Prompter):
    """Counts the pauses; asks nothing else (every seat is a computer)."""

    def __init__(self) -> None:
        self.pauses: list[str] = []

    def pause(self, message: str = "Press any key to go on") -> None:
        self.pauses.append(message)


def _computers_only(game: Any) -> Setup:
    return Setup(game, ["random", "random"], game.info.default_options(), seed=3)


def test_a_game_that_fails_to_start_is_reported_and_the_caller_goes_on(
    example_plugin_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABLETOP_STATE_DIR", str(tmp_path))  # where the crash report goes
    game = Registry.discover().get("highcard")

    def broken_start(options: Any = None) -> Any:
        raise RuntimeError("no deck in the box")

    monkeypatch.setattr(game, "new_initial_state", broken_start)
    console, prompter = Console(record=True, width=80), Pauses()
    assert play_setup(_computers_only(game), console, prompter, data_dir=str(tmp_path / "data")) is False
    text = console.export_text()
    assert "High Card stopped on an unexpected error" in text and "no deck in the box" in text
    assert "Traceback" not in text and list((tmp_path / "crash-reports").glob("tabletop-crash-*.txt"))
    assert prompter.pauses == ["Press any key to go on"]


def test_a_database_that_cannot_record_refuses_the_game_and_says_so(
    example_plugin_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game that could not be saved is not played unsaved: it does not start."""
    from tabletop.store import StoreError

    def busy(*args: Any) -> Any:
        raise StoreError("the database is locked by another tabletop")

    monkeypatch.setattr("tabletop.store.start_recording", busy)
    game = Registry.discover().get("highcard")
    console, prompter = Console(record=True, width=80), Pauses()
    assert play_setup(_computers_only(game), console, prompter, data_dir=str(tmp_path / "data")) is False
    text = console.export_text()
    assert "This game cannot start: the database is locked by another tabletop" in text
    assert "wins" not in text and "draw" not in text.lower()  # not played
    assert prompter.pauses == ["Press any key to go on"]


def test_the_game_menu_says_whether_leaving_keeps_the_game(example_plugin_path: Path) -> None:
    from tabletop.loop import Match
    from tabletop.ui.play import Table, _game_menu

    class Looks(Prompter):
        def __init__(self) -> None:
            self.titles: list[str] = []

        def select(self, message: str, choices: Any, *, default: Any = None) -> Any:
            self.titles = [c.title for c in choices]
            return "back"

    game = Registry.discover().get("highcard")
    for saved, words in (
        (True, "Leave (the game is saved; Continue it from the menu)"),
        (False, "Leave (this game is not being saved)"),
    ):
        prompter = Looks()
        match = Match(game, seed=1, agents=[None, None])
        _game_menu(Table(match, game.ui(), Console(record=True), prompter, ["North", "South"], saved=saved), 0)
        assert words in prompter.titles


def test_a_setup_with_the_wrong_number_of_seats_is_refused(example_plugin_path: Path) -> None:
    game = Registry.discover().get("highcard")
    with pytest.raises(ValueError, match="High Card has 2 seat\\(s\\), not 3"):
        Setup(game, ["human", "random", "random"]).check()

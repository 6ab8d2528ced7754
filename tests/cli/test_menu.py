"""The menu's own decisions, without a terminal."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from tabletop.agents import RandomAgent
from tabletop.commands.menu import Menu
from tabletop.loop import Match
from tabletop.store import start_recording
from tabletop.ui.base import Prompter


def test_after_a_continued_game_the_cursor_goes_to_its_entry(tmp_path: Path) -> None:
    menu = Menu(Console(), Prompter(), data_dir=str(tmp_path))
    assert menu.store is not None
    muster = next(g for g in menu.games if g.info.id == "muster")
    assert menu._main_choices()[0].value != ("game", muster)  # so the first entry would be the wrong place
    match = Match(muster, seed=3, agents=[None, RandomAgent()])
    recorder = start_recording(menu.store, match, ["human", "random"], ["You", "Computer (Random)"])
    match.advance()
    record = menu.store.get(recorder.row_id)
    assert menu._where_continued(record) == ("continue", record)  # left again: its Continue entry
    match.agents[0] = RandomAgent()
    match.run()
    assert menu._where_continued(record) == ("game", muster)  # finished: its game


def test_each_game_keeps_its_number_when_games_wait_to_be_continued(tmp_path: Path) -> None:
    from tabletop.ui.entries import list_keys

    menu = Menu(Console(), Prompter(), data_dir=str(tmp_path))
    assert menu.store is not None

    def game_keys() -> dict[str, str | None]:
        choices = menu._main_choices()
        keys = list_keys(choices)
        return {c.value[1].info.id: k for c, k in zip(choices, keys, strict=True) if c.value[0] == "game"}

    before = game_keys()
    assert list(before.values())[:3] == ["1", "2", "3"]
    muster = next(g for g in menu.games if g.info.id == "muster")
    for seed in range(4):  # one more than has an entry of its own
        start_recording(menu.store, Match(muster, seed=seed), ["human", "random"], ["You", "Computer"])
        choices = menu._main_choices()
        continues = [c for c in choices if c.value[0] in ("continue", "unfinished")]
        assert [c.key for c in continues] == (["c", "d", "e"][: seed + 1] if seed < 3 else ["c"])
        assert game_keys() == before


def test_a_setup_line_keeps_its_key_when_the_opponent_line_appears(tmp_path: Path) -> None:
    from tabletop.commands.setup import Setup
    from tabletop.commands.setup_screen import SetupScreen
    from tabletop.ui.entries import list_keys

    menu = Menu(Console(), Prompter(), data_dir=str(tmp_path))
    fivedice = next(g for g in menu.games if g.info.id == "fivedice")
    screen = SetupScreen(menu.console, menu.prompter, menu.store, {})
    setup = Setup.default(fivedice)

    def keys() -> dict[str, str | None]:
        choices = screen._setup_choices(setup)
        return {c.value: k for c, k in zip(choices, list_keys(choices), strict=True)}

    solo = keys()
    assert "opponent" not in solo
    setup.options["players"] = "2"
    setup.fit_seats()
    table = keys()
    assert table.pop("opponent") == "o"  # the line that appeared has a key no other line takes
    assert table == solo  # Players, Joker rule, Seed, the rules, Start and Back: each as it was
    assert solo["option:players"] == "1" and solo["start"] == "s"


def test_an_option_named_as_a_setup_line_has_a_key_and_a_line_of_its_own(tmp_path: Path) -> None:
    from tabletop.commands.setup import Setup
    from tabletop.commands.setup_screen import SetupScreen
    from tabletop.ui.entries import list_keys
    from tests.framework.test_table import Scripted

    menu = Menu(Console(file=io.StringIO()), Prompter(), data_dir=str(tmp_path))
    gin = next(g for g in menu.games if g.info.id == "gin")  # its option "rules": written or OpenSpiel's
    assert "rules" in [option.key for option in gin.info.options]
    prompter = Scripted("Rule set: written", "OpenSpiel", "Start")
    screen = SetupScreen(menu.console, prompter, menu.store, {})
    choices = screen._setup_choices(Setup.default(gin))
    keys = list_keys(choices)
    assert len(set(keys)) == len(keys), keys
    setup = screen.show(gin)  # the option's line changes the option; it does not open the rules
    assert setup is not None
    assert setup.options["rules"] == "openspiel", setup.options


def test_history_offers_to_continue_or_abandon_an_unfinished_game(tmp_path: Path) -> None:
    from tests.cli.test_confirmations import Scripted, _titles, _unfinished_games

    (game,) = _unfinished_games(tmp_path, 1)
    prompter = Scripted(
        [
            ("What would you like to play", "History and replays"),
            ("Replay which game", f"#{game} Muster"),
            (f"Game {game}:", "Back"),
            ("Replay which game", "Back"),
            ("What would you like to play", "Quit"),
            ("Quit Tabletop", True),
        ]
    )
    Menu(Console(record=True), prompter, data_dir=str(tmp_path)).loop()
    assert _titles(prompter, f"Game {game}:") == [
        ["Continue it", "Replay it", "Abandon (delete this unfinished game)", "Export it to a file (JSON)", "Back"]
    ]

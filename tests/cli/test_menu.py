"""The menu's own decisions, without a terminal."""

from __future__ import annotations

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

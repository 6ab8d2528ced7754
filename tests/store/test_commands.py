"""The history, export, replay and stats commands, run as the program runs them."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tabletop.agents import RandomAgent
from tabletop.commands import export, history, replay, stats
from tabletop.loop import Match
from tabletop.store import Store, start_recording
from tests.store.store_fakegames import FakeRegistry


@pytest.fixture
def games(data: Path, reg: FakeRegistry) -> dict[str, int]:
    """A finished duel, an unfinished duel and a finished solo game."""
    with Store.open(data) as store:
        done = Match(reg.get("nim"), options={"pile": "9"}, seed=777, agents=[RandomAgent(), RandomAgent()])
        done_row = start_recording(store, done, ["human", "random"], ["Ann", "Computer"]).row_id
        done.run()
        open_match = Match(reg.get("nim"), seed=888, agents=[RandomAgent(), None])
        open_row = start_recording(store, open_match, ["random", "human"], ["Computer", "Bob"]).row_id
        open_match.advance()
        solo = Match(reg.get("climb"), seed=5, agents=[RandomAgent()])
        solo_row = start_recording(store, solo, ["human"], ["Cy"]).row_id
        solo.run()
    return {"done": done_row, "open": open_row, "solo": solo_row}


def test_history_lists_games_newest_first(
    cli_args: Any, games: dict[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    assert history.run(cli_args(history)) == 0
    out = capsys.readouterr().out
    assert "777" in out and "Ann v Computer (random)" in out
    assert f"{games['open']} *" in out and "unfinished" in out
    # The seed of the unfinished game would fix every card still hidden in it.
    assert "888" not in out
    lines = [line for line in out.splitlines() if "Climb" in line or "Nim" in line]
    assert "Climb" in lines[0]  # the most recent game first


def test_history_of_an_empty_store(cli_args: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert history.run(cli_args(history)) == 0
    assert "No games yet." in capsys.readouterr().out


def test_export_then_replay_the_file(
    cli_args: Any,
    games: dict[str, int],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    row = games["done"]
    assert export.run(cli_args(export, str(row))) == 0
    path = tmp_path / f"tabletop-nim-{row}.json"
    data = json.loads(path.read_text())
    assert data["seed"] == 777 and data["format"] == 1
    capsys.readouterr()

    assert replay.run(cli_args(replay, str(path), "--print")) == 0
    out = capsys.readouterr().out
    assert f"after action {len(data['history'])} of {len(data['history'])}" in out
    for number, notation in enumerate(data["history"], 1):
        assert re.search(rf"(?m)^ *{number}\. +{re.escape(notation)} ", out), (
            f"action {number} ({notation}) is not listed"
        )
    assert f"Result: {data['result']}" in out

    # The same game replayed from the store prints the same thing.
    assert replay.run(cli_args(replay, str(row), "--print")) == 0
    assert capsys.readouterr().out == out


def test_export_refuses_to_overwrite_and_unknown_ids(
    cli_args: Any, games: dict[str, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "mine.json"
    target.write_text("keep me")
    assert export.run(cli_args(export, str(games["done"]), "-o", str(target))) == 2
    assert "already exists" in capsys.readouterr().err and target.read_text() == "keep me"
    assert export.run(cli_args(export, str(games["done"]), "-o", str(target), "--force")) == 0
    assert json.loads(target.read_text())["game"] == "nim"
    assert export.run(cli_args(export, "999")) == 2
    assert "no game with id 999" in capsys.readouterr().err
    assert export.run(cli_args(export, "abc")) == 2
    assert "not a game id" in capsys.readouterr().err


def test_export_to_standard_output(cli_args: Any, games: dict[str, int], capsys: pytest.CaptureFixture[str]) -> None:
    assert export.run(cli_args(export, str(games["solo"]), "-o", "-")) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "climb"


def test_replay_of_an_unfinished_game_prints(
    cli_args: Any, games: dict[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    assert replay.run(cli_args(replay, str(games["open"]), "--print")) == 0
    assert "Unfinished game." in capsys.readouterr().out


def test_replay_refuses_bad_files_clearly(cli_args: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": 1, "game": "nim", "seed": 4')
    assert replay.run(cli_args(replay, str(broken), "--print")) == 2
    err = capsys.readouterr().err
    assert "cannot replay" in err and "truncated" in err and "Traceback" not in err
    assert replay.run(cli_args(replay, str(tmp_path / "nothing.json"), "--print")) == 2
    message = " ".join(capsys.readouterr().err.split())  # wrapped to the terminal where the path's length falls
    assert "no such file" in message


def test_interactive_replay_needs_a_terminal(
    cli_args: Any, games: dict[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    # Under pytest standard input and output are not terminals.
    assert replay.run(cli_args(replay, str(games["done"]))) == 2
    assert "needs a terminal" in capsys.readouterr().err


def test_interactive_replay_steps_forwards_and_backwards(
    cli_args: Any, games: dict[str, int], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    keys = iter(["", "n", "b", "e", "b", "x", "q"])
    monkeypatch.setattr("tabletop.commands.replay.require_terminal", lambda what: None)
    monkeypatch.setattr("tabletop.commands.replay.read_command", lambda: next(keys))
    assert replay.run(cli_args(replay, str(games["done"]))) == 0
    out = capsys.readouterr().out
    with Store.open(cli_args(history).data_dir) as store:
        n = len(store.get(games["done"]).history)
    positions = [
        int(line.split("after action ")[1].split(" ")[0]) for line in out.splitlines() if "after action" in line
    ]
    assert positions == [0, 1, 2, 1, n, n - 1, n - 1]
    # An unknown key is named, and the position stays.
    assert out.count("'x' is not a replay key.") == 1


def test_stats_command(cli_args: Any, games: dict[str, int], capsys: pytest.CaptureFixture[str]) -> None:
    assert stats.run(cli_args(stats)) == 0
    out = capsys.readouterr().out
    assert "Statistics" in out and "Nim" in out and "Climb" in out and "Solo" in out


def test_data_dir_option_beats_the_environment(
    cli_args: Any,
    games: dict[str, int],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "elsewhere"))
    assert history.run(cli_args(history)) == 0
    assert "777" in capsys.readouterr().out
    args = cli_args(history)
    args.data_dir = None
    assert history.run(args) == 0
    assert "No games yet." in capsys.readouterr().out


def test_history_delete(cli_args: Any, games: dict[str, int], capsys: pytest.CaptureFixture[str]) -> None:
    assert history.run(cli_args(history, "--delete", str(games["open"]), "--yes")) == 0
    assert f"Game {games['open']} deleted." in capsys.readouterr().out
    with Store.open(cli_args(history).data_dir) as store:
        assert [r.id for r in store.history()] == [games["solo"], games["done"]]
        assert store.unfinished() == []
    assert history.run(cli_args(history, "--delete", str(games["open"]))) == 2
    assert "no game with id" in capsys.readouterr().err


def test_a_replay_gives_the_board_the_same_log_window_as_play() -> None:
    from rich.console import Console

    from tabletop.commands.replay import Replay, draw
    from tabletop.ui.play import LOG_EVENTS

    seen: list[list[str]] = []

    class State:
        def view(self, seat: int) -> str:
            return "view"

        def is_terminal(self) -> bool:
            return False

    class UI:
        def render(self, view: Any, log: list[str]) -> str:
            seen.append(list(log))
            return ""

    made: list[UI] = []

    class Game:
        class info:
            short = "Long"

        def ui(self) -> UI:
            made.append(UI())
            return made[-1]

    class Record:
        seed = 1
        is_finished = True

    log = [f"event {i}" for i in range(1, 81)]
    replay = Replay(Record(), Game(), [State()] * 81, log, log, 0)  # type: ignore[arg-type, list-item]
    console = Console(file=io.StringIO())
    draw(console, replay, 80)
    draw(console, replay, 10)
    assert seen[0] == log[80 - LOG_EVENTS : 80] and seen[1] == log[:10]
    assert len(made) == 1  # one interface for the whole replay

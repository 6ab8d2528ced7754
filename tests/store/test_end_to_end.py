"""The real program on a real plugin: play into the store, then history, export and replay the file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.agents import RandomAgent
from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.store import Store, start_recording


def _tabletop(env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *argv], env=env, capture_output=True, text=True, timeout=60
    )


def test_export_and_replay_a_plugin_game(example_plugin_path: Path, data: Path, tmp_path: Path) -> None:
    game = Registry.discover().get("highcard")
    with Store.open(data) as store:
        match = Match(game, seed=4242, agents=[None, RandomAgent()])
        recorder = start_recording(store, match, ["human", "random"], ["Ann", "Computer"])
        match.agents[0] = RandomAgent()  # let the computer play the person's cards for the test
        match.run()
        row = recorder.row_id
    env = dict(os.environ, PYTHONPATH=str(example_plugin_path), TTY_COMPATIBLE="0", COLUMNS="120")
    env.pop("TABLETOP_DATA_DIR", None)

    listed = _tabletop(env, "--data-dir", str(data), "history")
    if listed.returncode == 2 and "unknown command" in listed.stderr:
        pytest.skip("the program does not offer the history command")
    assert listed.returncode == 0, listed.stderr
    assert "4242" in listed.stdout and "High Card" in listed.stdout

    record_file = tmp_path / "game.json"
    exported = _tabletop(env, "--data-dir", str(data), "export", str(row), "-o", str(record_file))
    assert exported.returncode == 0, exported.stderr
    record = json.loads(record_file.read_text())
    assert record["history"] == match.history

    replayed = _tabletop(env, "replay", str(record_file), "--print")
    assert replayed.returncode == 0, replayed.stderr
    assert f"after action {len(match.history)} of {len(match.history)}" in replayed.stdout
    assert match.state.outcome_text() in replayed.stdout

    record["history"][1] = "nonsense"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    refused = _tabletop(env, "replay", str(bad), "--print")
    assert refused.returncode == 2
    assert "action 2 ('nonsense')" in refused.stderr and "Traceback" not in refused.stderr

    not_a_tty = _tabletop(env, "replay", str(record_file))
    assert not_a_tty.returncode == 2 and "needs a terminal" in not_a_tty.stderr


def test_replay_of_an_unfinished_game_shows_no_hand_and_a_finished_one_every_hand(example_plugin_path: Path) -> None:
    from dataclasses import replace

    from tabletop.commands.replay import build_replay
    from tabletop.game import SPECTATOR
    from tabletop.store.records import GameRecord

    history = ["deal 9", "deal 1", "deal 8", "deal 2", "deal 7", "deal 3", "play 9", "play 2"]
    record = GameRecord(
        game_id="highcard",
        options={"hand": "3", "low": "off"},
        seed=0,
        seats=["human", "random"],
        names=["You", "Computer (Random)"],
        history=history,
        started="2026-01-01T00:00:00",
    )
    replay = build_replay(record, Registry.discover())
    # While the game goes on it is shown from no seat: no dealt card is told, every card played is.
    assert replay.seat == SPECTATOR
    assert replay.notations == ["-", "-", "-", "-", "-", "-", "play 9", "play 2"]
    assert replay.log[:2] == ["North is dealt a card.", "South is dealt a card."]
    assert replay.log[6] == "North leads 9."
    hands = replay.view_at(6).to_json()["hands"]
    assert hands == [[None, None, None], [None, None, None]]

    # Once the game is over, what was hidden is told, in notation and in words alike, and both hands are shown.
    history += ["play 8", "play 3", "play 7", "play 1"]
    finished = replace(record, history=history, finished="2026-01-01T00:05:00", returns=[1.0, 0.0])
    replay = build_replay(finished, Registry.discover())
    assert replay.notations == history
    assert replay.log[:2] == ["North is dealt 9.", "South is dealt 1."]
    assert replay.view_at(6).to_json()["hands"] == [[7, 8, 9], [1, 2, 3]]

"""One damaged row of the database is one damaged game: every other game lists, counts, plays and resumes.

Each column of ``games`` and ``actions`` is given a value the program never
writes there (text that is not JSON, a list where an object belongs, a number
where text belongs, binary data, a missing action), and the real program is run
on the database: the damaged game is listed in the history with what is wrong,
refused by every command that would play, replay or export it, and nothing else
changes.
"""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tabletop.loop import Match
from tabletop.rebuild import load_match
from tabletop.registry import Registry
from tabletop.store import Store, StoreError
from tabletop.store.errors import DamagedRecordError
from tests.cli.pty_helpers import END_OF_GAME, ENTER, play_first_choices, select, spawn

TABLETOP = str(Path(sys.executable).with_name("tabletop"))

CORRUPTIONS = [
    # games: one parameter each (what the column is set to, or the statement; words the listing must show)
    pytest.param("UPDATE games SET game_id = x'00ff' WHERE id = :row", "game: expected text", id="game_id"),
    pytest.param(
        "UPDATE games SET options = 'not json' WHERE id = :row", "options: 'not json' is not JSON", id="options"
    ),
    pytest.param(
        "UPDATE games SET options = '[1, 2]' WHERE id = :row", "options: expected an object", id="options-list"
    ),
    pytest.param(
        """UPDATE games SET options = '{"joker": 617}' WHERE id = :row""",
        "options: the value of 'joker' must be text",
        id="options-number",
    ),
    pytest.param("UPDATE games SET seed = 'abc' WHERE id = :row", "seed: expected a whole number", id="seed"),
    pytest.param("UPDATE games SET seed = -5 WHERE id = :row", "seed: must be from 0", id="seed-range"),
    pytest.param("UPDATE games SET seats = 'nope' WHERE id = :row", "seats: 'nope' is not JSON", id="seats"),
    pytest.param(
        "UPDATE games SET seats = '[\"human\", 3]' WHERE id = :row", "seats: expected a list", id="seats-kind"
    ),
    pytest.param('UPDATE games SET names = \'["A", "B"]\' WHERE id = :row', "1 seat(s) but 2 name(s)", id="names"),
    pytest.param("UPDATE games SET started = x'01' WHERE id = :row", "started: expected a date", id="started"),
    pytest.param("UPDATE games SET finished = x'04' WHERE id = :row", "finished: expected a date", id="finished"),
    pytest.param("UPDATE games SET result = x'02' WHERE id = :row", "result: must be text", id="result"),
    pytest.param("UPDATE games SET returns = 'nope' WHERE id = :row", "returns: 'nope' is not JSON", id="returns"),
    pytest.param("UPDATE games SET returns = '[1, 2, 3]' WHERE id = :row", "returns: 1 expected", id="returns-count"),
    pytest.param("UPDATE games SET score = 'lots' WHERE id = :row", "score: must be a number", id="score"),
    pytest.param("UPDATE games SET hints = -1 WHERE id = :row", "hints: must be a whole number", id="hints"),
    pytest.param("UPDATE games SET program_version = x'03' WHERE id = :row", "program_version", id="program_version"),
    pytest.param("UPDATE games SET record_format = 99 WHERE id = :row", "format 99", id="record_format"),
    pytest.param("UPDATE games SET record_format = 'one' WHERE id = :row", "record_format", id="record_format-kind"),
    # actions
    pytest.param(
        "UPDATE actions SET game = 999999 WHERE game = :row AND ply = 1", "skip action 2 (ply 1)", id="actions.game"
    ),
    pytest.param("DELETE FROM actions WHERE game = :row AND ply = 1", "skip action 2 (ply 1)", id="actions.ply-gap"),
    pytest.param(
        "UPDATE actions SET ply = 'x' WHERE game = :row AND ply = 1", "'x' is not an action's number", id="actions.ply"
    ),
    pytest.param(
        "UPDATE actions SET ply = -1 WHERE game = :row AND ply = 0", "'-1' is not an action's", id="actions.ply-neg"
    ),
    pytest.param(
        "UPDATE actions SET notation = x'00' WHERE game = :row AND ply = 0",
        "action 1 is binary data",
        id="actions.notation",
    ),
]
SQL = {str(param.id): str(param.values[0]) for param in CORRUPTIONS}


def run(*args: str, data: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TABLETOP_DATA_DIR=str(data), COLUMNS="250")
    return subprocess.run(
        [TABLETOP, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
    )


def five_dice_game(store: Store, seed: int, *, finished: bool) -> int:
    """A Five Dice game played at random (to its end when ``finished``, else a few actions in); its row id."""
    match = Match(Registry.discover().get("fivedice"), seed=seed, agents=[None])
    rng = random.Random(seed)
    while not match.is_over() and (finished or len(match.history) < 6):
        state = match.state
        match.apply(state.sample_chance(match.rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    row = store.begin(match, ["human"], ["Ann"])
    if finished:
        store.finish(row, match)
    return row


def corrupt(data: Path, sql: str, row: int) -> None:
    conn = sqlite3.connect(data / "tabletop.db")
    with conn:
        conn.execute(sql, {"row": row})
    conn.close()


def assert_plain(result: subprocess.CompletedProcess[str]) -> None:
    shown = result.stdout + result.stderr
    assert "Traceback" not in shown and "went wrong" not in shown, shown[-800:]


@pytest.mark.parametrize(("sql", "words"), CORRUPTIONS)
def test_a_damaged_column_damages_one_game(sql: str, words: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Store.open(data) as store:
        kept = five_dice_game(store, 1, finished=True)
        victim = five_dice_game(store, 2, finished=True)
        playing = five_dice_game(store, 3, finished=False)
    corrupt(data, sql, victim)

    listed = run("history", data=data, cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert_plain(listed)
    lines = {line.split()[0]: line for line in listed.stdout.splitlines() if line.strip()[:1].isdigit()}
    assert "damaged" in lines[f"{victim}"] and words in " ".join(lines[f"{victim}"].split()), listed.stdout
    assert "damaged" not in lines[f"{kept}"] + lines[f"{playing}"], listed.stdout

    stats = run("stats", data=data, cwd=tmp_path)
    assert stats.returncode == 0, stats.stderr
    assert_plain(stats)
    assert "Five Dice" in stats.stdout and " 1 " in stats.stdout, stats.stdout  # the intact finished game only

    for command in (["export", str(victim), "-o", "out.json"], ["replay", str(victim), "--print"]):
        refused = run(*command, data=data, cwd=tmp_path)
        assert refused.returncode == 1, (command, refused.stdout, refused.stderr)
        assert_plain(refused)
        assert f"game {victim} is damaged" in refused.stderr and words in " ".join(refused.stderr.split())
    assert not (tmp_path / "out.json").exists()

    exported = run("export", str(kept), "-o", "kept.json", data=data, cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    replayed = run("replay", str(tmp_path / "kept.json"), "--print", data=data, cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr


@pytest.mark.pty
def test_with_a_damaged_game_per_column_the_others_still_play(example_plugin_path: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Store.open(data) as store:
        victims = {name: five_dice_game(store, seed, finished=False) for seed, name in enumerate(SQL, 10)}
        match = Match(Registry.discover().get("highcard"), seed=5, agents=[None, None])
        intact = store.begin(match, ["human", "random"], ["You", "Computer"])
    for name, row in victims.items():
        corrupt(data, SQL[name], row)

    gap = victims["actions.ply-gap"]
    child = spawn(["resume", str(gap)], pythonpath=str(example_plugin_path), data_dir=data)
    child.expect(f"Game {gap} cannot be continued: it is damaged in the database")
    child.expect("skip action 2")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1

    child = spawn([], pythonpath=str(example_plugin_path), data_dir=data)
    child.expect("What would you like to play")
    select(child, "History and replays")
    child.expect("Replay which game")
    select(child, f"#{victims['record_format']} ")  # the list shows the latest games
    child.expect("is damaged in the database:")
    child.expect("has format 99")
    select(child, "Back")
    child.expect("Replay which game")
    select(child, "Back")
    child.expect("What would you like to play")
    select(child, "Continue High Card")  # the latest unfinished game that is whole
    play_first_choices(child, "Seed \\d+: replay this game")
    child.expect(END_OF_GAME)
    child.send(ENTER)
    child.expect("What would you like to play")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()

    with Store.open(data, write=False) as store:
        assert store.get(intact).is_finished
        listed = store.listing(None)
    damaged = {game.id for game in listed if not hasattr(game, "history")}
    assert damaged == set(victims.values())


def stored_actions(data: Path, row: int) -> list[tuple[int, str]]:
    conn = sqlite3.connect(data / "tabletop.db")
    rows = conn.execute("SELECT ply, notation FROM actions WHERE game = ? ORDER BY ply", (row,)).fetchall()
    conn.close()
    return rows


def test_a_save_never_writes_over_a_stored_action_of_another_move(tmp_path: Path) -> None:
    data = tmp_path / "data"
    match = Match(Registry.discover().get("fivedice"), seed=8, agents=[None])
    match.apply(match.state.sample_chance(match.rng))  # the first roll
    with Store.open(data) as store:
        row = store.begin(match, ["human"], ["Ann"])
        saved = len(match.history)
        corrupt(data, f"INSERT INTO actions (game, ply, notation) VALUES (:row, {saved}, 'written elsewhere')", row)
        match.apply(match.state.legal_actions()[0])
        with pytest.raises(StoreError, match=f"action {saved + 1} differs"):
            store.record(row, match.history, saved)
    assert stored_actions(data, row)[saved] == (saved, "written elsewhere")


def test_a_save_over_stored_actions_with_a_gap_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Store.open(data) as store:
        row = five_dice_game(store, 4, finished=False)
        match = load_match(store.get(row), Registry.discover())
    corrupt(data, SQL["actions.ply-gap"], row)
    before = stored_actions(data, row)
    with Store.open(data) as store, pytest.raises(DamagedRecordError, match="skip action 2"):
        store.record(row, match.history)
    assert stored_actions(data, row) == before


@pytest.mark.parametrize(
    ("sql", "words"),
    [
        pytest.param(
            "DELETE FROM actions WHERE game = :row AND ply = (SELECT MAX(ply) FROM actions WHERE game = :row)",
            "the record says the game finished, but after its",
            id="finished-cut-short",
        ),
        pytest.param(
            "INSERT INTO actions (game, ply, notation, actor)"
            " SELECT :row, MAX(ply) + 1, 'roll 1 1 1 1 1', -1 FROM actions WHERE game = :row",
            "the game was already over",
            id="action-after-the-end",
        ),
        pytest.param("UPDATE games SET returns = '[0.25]' WHERE id = :row", "returns: the record says", id="returns"),
    ],
)
def test_export_writes_only_what_replay_reads(sql: str, words: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Store.open(data) as store:
        row = five_dice_game(store, 5, finished=True)
    corrupt(data, sql, row)
    exported = run("export", str(row), "-o", "out.json", data=data, cwd=tmp_path)
    assert exported.returncode == 1, (exported.stdout, exported.stderr)
    assert_plain(exported)
    said = " ".join(exported.stderr.split())
    assert f"game {row} is not exported: its record would not replay" in said and words in said, said
    assert not (tmp_path / "out.json").exists()

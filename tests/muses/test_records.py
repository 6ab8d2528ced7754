"""A game's record carries its card set: replays and resumes never open a path a record names."""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path

import pytest

from tabletop.commands.setup import Setup, describe_options
from tabletop.game import InvalidStateError
from tabletop.rebuild import load_match
from tabletop.registry import Registry
from tabletop.store import (
    RecordError,
    Store,
    record_to_json,
    start_recording,
)
from tabletop_muses import game
from tabletop_muses.agents import NaiveAgent
from tabletop_muses.cards import embed_cardset, is_embedded, load_cards
from tabletop_muses.game import CARDS_OPTION, upgrade_options

from .helpers import tabletop

THREE = """
[game]
target = 8
hints = 1

[[card]]
name = "Alpha"
points = 4
power = "flip"
edges = ["≥ 7", "Pair", "", ""]

[[card]]
name = "Beta"
points = 3
edges = ["≤ 8", "Odd", "", ""]

[[card]]
name = "Gamma"
points = 2
power = "reroll"
edges = ["Both ≥ 2", "", "", ""]
"""
EDITED = THREE.replace("points = 4", "points = 40").replace("target = 8", "target = 80")


def play_and_save(tmp_path: Path, cards: Path, seed: int, *, finish: bool) -> tuple[int, str, list[str]]:
    """A game of ``cards`` chosen as a person chooses it, saved as it is played: its row, outcome and history."""
    match = Setup(game, ["human"], {"cards": str(cards)}, seed).make_match()
    with Store.open(tmp_path / "data") as store:
        recorder = start_recording(store, match, ["human"], ["You"])
        match.agents[0] = NaiveAgent()  # the computer plays the person's moves for the test
        if finish:
            match.run()
        else:
            for _ in range(6):
                match.step()
        return recorder.row_id, match.state.outcome_text(), list(match.history)


def test_a_game_replays_and_resumes_with_its_cards_after_the_file_is_edited_then_deleted(tmp_path: Path) -> None:
    cards = tmp_path / "three.toml"
    cards.write_text(THREE, encoding="utf-8")
    finished, outcome, _ = play_and_save(tmp_path, cards, 7, finish=True)
    unfinished, _, history = play_and_save(tmp_path, cards, 8, finish=False)
    with Store.open(tmp_path / "data") as store:
        score = store.get(finished).score
        before = load_match(store.get(unfinished), Registry.discover()).state.to_json()
    assert score is not None and "/8" not in outcome

    for change in ("edit", "delete"):
        if change == "edit":
            cards.write_text(EDITED, encoding="utf-8")
        else:
            cards.unlink()
        shown = tabletop(tmp_path, "replay", str(finished), "--print")
        assert shown.returncode == 0, (change, shown.stderr)
        assert outcome in shown.stdout, change  # the stored result, from the original cards
        assert f"Score {int(score)}/8" in shown.stdout and "/80" not in shown.stdout
        with Store.open(tmp_path / "data") as store:
            resumed = load_match(store.get(unfinished), Registry.discover())
        assert resumed.history == history and resumed.state.to_json() == before
        assert [c.points for c in resumed.state.cardset.cards] == [4, 3, 2]  # type: ignore[attr-defined]


def test_the_chosen_file_is_read_once_and_shown_by_name_and_digest(tmp_path: Path) -> None:
    cards = tmp_path / "three.toml"
    cards.write_text(THREE, encoding="utf-8")
    options = game.resolve_options({"cards": str(cards)})
    value = options["cards"]
    assert is_embedded(value) and "Alpha" in value and str(tmp_path) not in value
    digest = load_cards(cards).digest
    assert CARDS_OPTION.label_of(value) == f"three.toml (sha256 {digest[:8]}) · 3 cards, target 8, 1 hint"
    assert describe_options(game, options) == f"Card file: {CARDS_OPTION.label_of(value)}"
    assert CARDS_OPTION.argument(value) == "three.toml"  # what `tabletop play muses --cards` is given again
    cards.unlink()
    assert game.resolve_options(options) == options  # the embedded set needs the file no more
    assert [c.name for c in game.new_initial_state(options).cardset.cards] == ["Alpha", "Beta", "Gamma"]
    assert game.resolve_options({}) == {"cards": "default"}


def test_comments_and_spelling_do_not_change_the_set(tmp_path: Path) -> None:
    plain, dressed = tmp_path / "plain.toml", tmp_path / "dressed.toml"
    plain.write_text(THREE, encoding="utf-8")
    dressed.write_text("# my cards\n" + THREE.replace('"≥ 7"', '">= 7"').replace('"Odd"', '"odd"'), encoding="utf-8")
    assert load_cards(plain).digest == load_cards(dressed).digest  # one solution on disk for both


def record_file(tmp_path: Path, cards_value: str) -> Path:
    """A finished default-set game's exported record, with ``cards`` set to ``cards_value``."""
    match = Setup(game, ["human"], {}, 3).make_match()
    match.agents[0] = NaiveAgent()
    match.run()
    data = {
        "format": 1, "program": "tabletop", "version": "0.1.0", "id": None, "game": "muses",
        "options": {"cards": cards_value}, "seed": 3, "seats": [{"player": "human", "name": "You"}],
        "started": "2026-01-01T00:00:00.000+00:00", "finished": "2026-01-01T00:05:00.000+00:00",
        "result": match.state.outcome_text(), "returns": match.state.returns(), "score": None,
        "history": match.history,
    }  # fmt: skip
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("kind", ["a card file", "/dev/zero", "a named pipe"])
def test_a_record_naming_a_path_is_refused_without_opening_it(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "default.toml"
    if kind == "a card file":  # even a valid file: the record says which cards, not where to look
        target.write_text(THREE, encoding="utf-8")
    elif kind == "/dev/zero":
        target = Path("/dev/zero")
    else:
        os.mkfifo(target)
    start = time.monotonic()
    shown = tabletop(tmp_path, "replay", str(record_file(tmp_path, str(target))), "--print", timeout=30)
    assert time.monotonic() - start < 20
    assert shown.returncode == 2, shown.stderr
    assert "names a card file by its path ('" + target.name + "')" in shown.stderr
    assert "tabletop play muses --cards FILE" in shown.stderr
    assert "Traceback" not in shown.stderr and "went wrong" not in shown.stderr


def test_the_rules_engine_opens_no_path(tmp_path: Path) -> None:
    with pytest.raises(InvalidStateError, match="names a card file by its path"):
        game.new_initial_state({"cards": "/dev/zero"})
    with pytest.raises(ValueError, match="names a card file by its path"):
        game.check_options({"cards": str(tmp_path / "fifo")})
    state = game.new_initial_state({"cards": embed_cardset(load_cards())}).to_json()
    state["digest"] = "0" * 64
    state["cards"] = "/dev/zero"
    with pytest.raises(InvalidStateError, match="card set not loaded here"):
        game.state_from_json(state)


def test_a_damaged_embedded_set_is_refused_with_a_message() -> None:
    value = embed_cardset(load_cards())
    with pytest.raises(ValueError, match="does not match its SHA-256 digest"):
        game.check_options({"cards": value.replace("points = 5", "points = 9")})
    with pytest.raises(ValueError, match="not in the form Tabletop writes"):
        game.check_options({"cards": "muses-cards/1 broken"})


def test_an_old_saved_game_naming_a_path_is_upgraded_while_its_file_is_there(tmp_path: Path) -> None:
    cards = tmp_path / "three.toml"
    cards.write_text(THREE, encoding="utf-8")
    row, outcome, _ = play_and_save(tmp_path, cards, 5, finish=True)
    with sqlite3.connect(tmp_path / "data" / "tabletop.db") as db:  # as an older Tabletop saved it
        db.execute("UPDATE games SET options = ? WHERE id = ?", (json.dumps({"cards": str(cards)}), row))
    db.close()
    with Store.open(tmp_path / "data") as store:
        old = store.get(row)
    # Continuing a saved game brings its options up to date first, while the file is there.
    assert load_match(old, Registry.discover()).state.outcome_text() == outcome
    old.options = upgrade_options(old.options)
    assert is_embedded(old.options["cards"])
    assert load_match(old, Registry.discover()).state.outcome_text() == outcome
    assert game.upgrade_options(record_to_json(old)["options"]) == old.options  # the game's hook, unchanged now
    cards.unlink()
    gone = {"cards": str(cards)}
    assert upgrade_options(gone) == gone  # nothing to read: left as it was, and refused when replayed
    old.options = gone
    with pytest.raises(RecordError, match="names a card file by its path"):
        load_match(old, Registry.discover())


def test_an_old_saved_game_is_given_its_cards_by_the_first_writing_command(tmp_path: Path) -> None:
    """A game saved when records named their card file: it replays while the file is there, and the
    first command that writes to the database takes the cards in, so it replays once the file is gone."""
    cards = tmp_path / "three.toml"
    cards.write_text(THREE)
    muses = Registry.discover().get("muses")
    from tabletop.loop import Match

    match = Match(muses, options=muses.resolve_options({"cards": str(cards)}), seed=12, agents=[NaiveAgent()])
    match.run()
    data = tmp_path / "data"
    with Store.open(data) as store:
        row = start_recording(store, match, ["human"], ["You"]).row_id
        store.finish(row, match)
        stored_result = store.get(row).result
    # As an older Tabletop kept it: the card file's path in the options.
    with sqlite3.connect(data / "tabletop.db") as conn:
        conn.execute("UPDATE games SET options = ? WHERE id = ?", (json.dumps({"cards": str(cards)}), row))
    conn.close()

    shown = tabletop(tmp_path, "replay", str(row), "--print")
    assert shown.returncode == 0, shown.stderr
    assert f"Result: {stored_result}" in shown.stdout
    with Store.open(data, write=False) as store:
        assert store.get(row).options == {"cards": str(cards)}  # a reading command changes nothing

    other = tabletop(tmp_path, "history", "--delete", "999")  # a writing command, about another game
    assert other.returncode == 2
    with Store.open(data, write=False) as store:
        assert is_embedded(store.get(row).options["cards"])
    cards.unlink()
    shown = tabletop(tmp_path, "replay", str(row), "--print")
    assert shown.returncode == 0, shown.stderr
    assert f"Result: {stored_result}" in shown.stdout

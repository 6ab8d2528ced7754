"""Record files from anywhere: bounded, checked against their own actions, and printed harmlessly.

Each is given to the real program, which must answer with a plain message and
exit status 2, leave the file as it was, and write no crash report.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.store import Store
from tabletop.store.records import MAX_RECORD_BYTES, record_to_json


def tabletop(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TABLETOP_DATA_DIR=str(data), COLUMNS="100")
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *args], env=env, capture_output=True, text=True, timeout=60
    )


@pytest.fixture
def finished_record(tmp_path: Path) -> dict[str, Any]:
    """A finished Muster game's record, as `tabletop export` writes it."""
    match = Match(Registry.discover().get("muster"), seed=31337, agents=[None, None])
    rng = random.Random(5)
    while not match.is_over():
        state = match.state
        match.apply(state.sample_chance(match.rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    with Store.open(tmp_path / "data") as store:
        row = store.begin(match, ["human", "human"], ["Ann", "Bob"])
        store.finish(row, match)
        return record_to_json(store.get(row))


def refused(path: Path, data: Path, *words: str) -> str:
    """Replay ``path``; assert a plain refusal naming ``words``; return the message."""
    before = path.read_bytes() if path.is_file() and path.stat().st_size < 1_000_000 else None
    result = tabletop("replay", str(path), "--print", data=data)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr and "went wrong" not in result.stderr
    for word in words:
        assert word in result.stderr, result.stderr
    if before is not None:
        assert path.read_bytes() == before
    return result.stderr


def test_a_stated_result_that_the_actions_do_not_give_is_refused(
    finished_record: dict[str, Any], tmp_path: Path
) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(finished_record))
    shown = tabletop("replay", str(good), "--print", data=tmp_path / "data")
    assert shown.returncode == 0, shown.stderr
    assert f"Result: {finished_record['result']}" in shown.stdout

    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(dict(finished_record, result="North wins, 5 castles to 0.")))
    refused(forged, tmp_path / "data", "result", "5 castles to 0", "its actions give")


def test_escape_codes_in_a_record_never_reach_the_terminal(finished_record: dict[str, Any], tmp_path: Path) -> None:
    clear = "\u001b[2J\u001b]0;owned\u0007"
    sneaky = tmp_path / "sneaky.json"
    sneaky.write_text(json.dumps(dict(finished_record, result=finished_record["result"] + clear)))
    message = refused(sneaky, tmp_path / "data", "result")
    assert "\x1b" not in message and "\x07" not in message

    # Names are stored and listed: a name with escape codes is listed without them.
    data = tmp_path / "names"
    match = Match(Registry.discover().get("muster"), seed=1, agents=[None, None])
    with Store.open(data) as store:
        store.begin(match, ["human", "human"], ["Ann" + clear, "Bob\r\n"])
    listed = tabletop("history", data=data)
    assert listed.returncode == 0, listed.stderr
    assert "Ann[2J]0;owned" in listed.stdout and "Bob" in listed.stdout
    assert "\x1b" not in listed.stdout and "\x07" not in listed.stdout


@pytest.mark.parametrize(
    "text, words",
    [
        ('{"format": 1, "seed": ' + "9" * 5000 + "}", ["5000 digits"]),
        ("[" * 50 + "]" * 50, ["nests"]),
        ("[" * 100_000 + "]" * 100_000, ["nested far too deeply"]),
        ('{"format": 1, "seed": NaN}', ["NaN"]),
    ],
    ids=["a 5000-digit number", "nesting 50 deep", "nesting 100000 deep", "NaN"],
)
def test_json_that_no_record_holds_is_refused_before_it_is_used(text: str, words: list[str], tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(text)
    refused(path, tmp_path / "data", *words)


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as handle:
        handle.truncate(MAX_RECORD_BYTES + 1)  # sparse: large without taking the disk
    refused(huge, tmp_path / "data", f"{MAX_RECORD_BYTES:,}")


def test_pipes_and_devices_are_never_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer for ever
    refused(fifo, tmp_path / "data", "not a regular file")
    refused(Path("/dev/zero"), tmp_path / "data", "not a regular file")

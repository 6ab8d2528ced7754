"""The interactive replay in a real pseudo-terminal: forwards, backwards, quit, Ctrl-C."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")

from tabletop.agents import RandomAgent  # noqa: E402
from tabletop.loop import Match  # noqa: E402
from tabletop.registry import Registry  # noqa: E402
from tabletop.store import Store, record_to_json, start_recording  # noqa: E402

pytestmark = [pytest.mark.pty, pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")]


def _write_record(data: Path, path: Path, *, finished: bool) -> Path:
    """A High Card record as JSON: played to the end, or stopped at Bob's first move."""
    with Store.open(data) as store:
        bob: RandomAgent[Any] | None = RandomAgent() if finished else None
        match = Match(Registry.discover().get("highcard"), seed=31, agents=[RandomAgent(), bob])
        row = start_recording(store, match, ["random", "random" if finished else "human"], ["Computer", "Bob"]).row_id
        if finished:
            match.run()
        else:
            match.advance()  # up to Bob's first move, which never comes
        path.write_text(json.dumps(record_to_json(store.get(row))))
    return path


@pytest.fixture
def record_file(example_plugin_path: Path, data: Path, tmp_path: Path) -> Path:
    return _write_record(data, tmp_path / "game.json", finished=True)


def _spawn(example_plugin_path: Path, *argv: str) -> Any:
    env = dict(
        os.environ,
        PYTHONPATH=str(example_plugin_path),
        TERM="xterm-256color",
        TTY_COMPATIBLE="0",
        PROMPT_TOOLKIT_NO_CPR="1",  # a terminal here that never answers the cursor-position query: no waiting for it
        COLUMNS="100",
        NO_COLOR="1",
    )
    return pexpect.spawn(
        sys.executable, ["-m", "tabletop", *argv], env=env, encoding="utf-8", dimensions=(40, 100), timeout=20
    )


def _quit(child: Any) -> None:
    """At the replay's prompt: q leaves with status 0."""
    child.expect("> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_step_forwards_backwards_and_quit(example_plugin_path: Path, record_file: Path) -> None:
    n = len(json.loads(record_file.read_text())["history"])
    child = _spawn(example_plugin_path, "replay", str(record_file))
    child.expect(f"after action 0 of {n}")
    child.expect("> ")
    child.sendline("")
    child.expect(f"after action 1 of {n}")
    child.expect("> ")
    child.sendline("n")
    child.expect(f"after action 2 of {n}")
    child.expect("> ")
    child.sendline("b")
    child.expect(f"after action 1 of {n}")
    child.expect("> ")
    child.sendline("e")
    child.expect(f"after action {n} of {n}")
    child.expect("End of the game")
    _quit(child)


RIGHT, LEFT, HOME, END, ESC = "\x1b[C", "\x1b[D", "\x1b[H", "\x1b[F", "\x1b"


def test_arrow_keys_step_without_enter_and_esc_leaves(example_plugin_path: Path, record_file: Path) -> None:
    n = len(json.loads(record_file.read_text())["history"])
    child = _spawn(example_plugin_path, "replay", str(record_file))
    for key, position in ((RIGHT, 1), (RIGHT, 2), (LEFT, 1), (END, n), (HOME, 0)):
        child.expect("> ")
        child.send(key)
        child.expect(f"after action {position} of {n}")
    child.expect("> ")
    child.send("2")  # a number being typed is not lost to an arrow key
    child.send(LEFT)
    child.send("\r")
    child.expect(f"after action 2 of {n}")
    child.expect("> ")
    child.send(ESC)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_leaves_cleanly(example_plugin_path: Path, record_file: Path) -> None:
    child = _spawn(example_plugin_path, "replay", str(record_file), "--to-end")
    child.expect("End of the game")
    child.expect("> ")
    # Let the program reach its read of the keyboard: a SIGINT landing between Python's
    # signal check and the read() call waits for the next key (a CPython race, not ours).
    time.sleep(0.3)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in (child.before or "")
    assert child.exitstatus == 130


def test_the_end_of_an_unfinished_record_says_so(example_plugin_path: Path, data: Path, tmp_path: Path) -> None:
    path = _write_record(data, tmp_path / "unfinished.json", finished=False)
    child = _spawn(example_plugin_path, "replay", str(path), "--to-end")
    child.expect("End of the record: the game is unfinished.")
    _quit(child)

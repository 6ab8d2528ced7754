"""What no well-behaved client sends: the host refuses it, closes only that connection, and keeps serving the game.

A hand-made client speaks the wire protocol byte by byte; at the end two ordinary clients play the game out,
so the host is seen still serving after all of it.
"""

from __future__ import annotations

import time
from pathlib import Path

from tabletop.net.wire import CLIENT_LIMIT, LENGTH_BYTES, frame
from tests.net.hosting import Hosted, RawClient, finished, history, host, join, next_turn, play_out

FLOOD = 1000
"""Malformed messages sent, each on a connection of its own."""


def _malformed(i: int) -> bytes:
    """The ``i``-th of a few kinds of rubbish: not JSON, not an object, of no known type, of a wrong field, too
    large, or a move before any hello."""
    kinds = [
        b"\x00\x00\x00\x05hello",
        frame({"type": "hello"}),
        b"\x00\x00\x00\x02[]",
        frame({"type": "teleport", "to": "the castle"}),
        frame({"type": "hello", "version": "1", "code": 7}),
        (CLIENT_LIMIT + 1).to_bytes(LENGTH_BYTES, "big") + b"x" * 64,
        frame({"type": "move", "move": "W3", "at": 0}),
        b"\xff\xff\xff\xff",
    ]
    return kinds[i % len(kinds)]


def _flood(hosted: Hosted) -> list[str]:
    """Send :data:`FLOOD` malformed messages; the reasons the host gave as it closed each connection."""
    reasons = []
    for i in range(FLOOD):
        client = RawClient(hosted.address, hosted.port)
        client.send_bytes(_malformed(i))
        answer = client.receive()
        if answer is not None:
            reasons.append(answer["reason"])
        assert client.receive() is None, "the connection was left open"
        client.close()
    return reasons


def test_the_host_refuses_rubbish_illegal_moves_and_moves_out_of_turn_and_plays_on(tmp_path: Path) -> None:
    hosted = host(tmp_path / "host", "host", "muster")
    try:
        reasons = _flood(hosted)
        assert len(reasons) == FLOOD  # each told why, in a sentence
        assert any("not JSON" in r for r in reasons) and any("over the limit" in r for r in reasons)
        assert any("says hello first" in r for r in reasons) and any("no message of type" in r for r in reasons)

        # Two players seated by hand; the game begins once both are there.
        first = RawClient(hosted.address, hosted.port)
        first.hello(hosted.code)
        second = RawClient(hosted.address, hosted.port)
        second.hello(hosted.code)
        assert first.receive_type(["welcome"])["seat"] != second.receive_type(["welcome"])["seat"]
        mover, moving = next_turn([first, second])
        waiter = second if mover is first else first

        waiter.send({"type": "move", "move": moving["legal"][0], "at": moving["at"]})
        assert waiter.receive_type(["refused"])["reason"] == "It is not your turn."
        mover.send({"type": "move", "move": "castle the moon", "at": moving["at"]})
        assert "is not one of your legal moves" in mover.receive_type(["refused"])["reason"]
        mover.send({"type": "move", "move": moving["legal"][0], "at": moving["at"] - 1})
        assert "earlier position" in mover.receive_type(["refused"])["reason"]
        mover.send_bytes(b"\x00\x00\x00\x03{x}")  # rubbish from a seated player closes its connection only
        assert "not JSON" in mover.receive_type(["error"])["reason"]
        mover.close()
        waiter.close()

        play_out(tmp_path, hosted)
    finally:
        hosted.stop()
    (record,) = history(tmp_path / "host")
    assert record.is_finished


def test_a_dropped_player_is_waited_for_and_takes_the_seat_again_with_the_same_code(tmp_path: Path) -> None:
    hosted = host(tmp_path / "host", "host", "muster")
    try:
        killed = join(tmp_path / "killed", hosted, "hard")  # a slow thinker, killed mid-game
        other = join(tmp_path / "other", hosted, "easy")
        _wait_for_actions(tmp_path / "host", KILLED_AFTER)
        killed.kill()
        killed.communicate(timeout=30)
        hosted.read_until("to come back: tabletop join")  # the line that joins again, in sight on the host
        back = join(tmp_path / "back", hosted, "easy")
        for player in (back, other):
            status, output = finished(player)
            assert status == 0, output
        hosted.read_until("The game is over")
    finally:
        hosted.stop()
    (record,) = history(tmp_path / "host")
    assert record.is_finished and len(record.history) > KILLED_AFTER
    (kept,) = history(tmp_path / "back")
    assert kept.history == record.history
    assert history(tmp_path / "killed") == []  # killed before the end: nothing of it kept on its side


KILLED_AFTER = 20
"""Actions played before the slow player is killed."""


def _wait_for_actions(data_dir: Path, count: int, seconds: float = 60.0) -> None:
    """Wait until the host has saved ``count`` actions of its game."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        games = history(data_dir)
        if games and len(games[0].history) >= count:
            return
        time.sleep(0.1)
    raise AssertionError(f"the host never saved {count} actions")


def test_a_killed_host_is_hosted_again_and_the_players_finish_the_game(tmp_path: Path) -> None:
    hosted = host(tmp_path / "host", "host", "muster")
    played: list[str] = []
    try:
        clients = []
        for _ in range(2):
            client = RawClient(hosted.address, hosted.port)
            client.hello(hosted.code)
            client.receive_type(["welcome"])
            clients.append(client)
        while len(played) < 6:  # six moves between them, then the host is killed
            client, update = next_turn(clients)
            client.send({"type": "move", "move": update["legal"][0], "at": update["at"]})
            played.append(update["legal"][0])
        hosted.stop()  # SIGKILL
        for client in clients:
            client.close()
    finally:
        hosted.stop()
    (unfinished,) = history(tmp_path / "host")
    assert not unfinished.is_finished and len(unfinished.history) > len(played)
    again = host(tmp_path / "host", "resume", str(unfinished.id), "--host")
    try:
        play_out(tmp_path, again)
    finally:
        again.stop()
    (record,) = history(tmp_path / "host")
    assert record.is_finished and record.history[: len(unfinished.history)] == unfinished.history


def test_a_host_that_leaves_tells_the_players_how_the_game_goes_on(tmp_path: Path) -> None:
    import signal

    hosted = host(tmp_path / "host", "host", "muster")
    try:
        clients = [RawClient(hosted.address, hosted.port) for _ in range(2)]
        for client in clients:
            client.hello(hosted.code)
            client.receive_type(["welcome"])
        next_turn(clients)  # the game is on
        hosted.process.send_signal(signal.SIGINT)  # Ctrl-C at the host's terminal
        for client in clients:
            farewell = client.receive_type(["error"])["reason"]
            assert "The host left the game" in farewell and "tabletop resume 1 --host" in farewell
        assert hosted.process.wait(30) == 130  # left as Ctrl-C leaves, the game saved
    finally:
        hosted.stop()

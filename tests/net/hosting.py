"""Hosts and players as separate programs on 127.0.0.1: ``tabletop host --serve-only`` and ``tabletop join --agent``,
and a hand-made client speaking the wire protocol, for what no well-behaved program sends."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.net.wire import LENGTH_BYTES, PROTOCOL_VERSION, frame
from tabletop.store import GameRecord, Store

TABLETOP = [sys.executable, "-m", "tabletop"]
JOIN_LINE = re.compile(r"tabletop join (\S+):(\d+) ([0-9A-Z]{5}-[0-9A-Z]{5})")
SECONDS = 60.0
"""How long a whole game between computer levels may take on a busy machine."""


@dataclass
class Hosted:
    """A host program serving a game, and where it is joined."""

    process: subprocess.Popen[str]
    address: str
    port: int
    code: str
    output: list[str] = field(default_factory=list)

    def read_until(self, text: str, seconds: float = SECONDS) -> str:
        """The host's output up to the line holding ``text`` (AssertionError if it ends first)."""
        assert self.process.stdout is not None
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.output.append(line)
            if text in line:
                return "".join(self.output)
        raise AssertionError(f"the host never said {text!r}:\n{''.join(self.output)}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(SECONDS)
        if self.process.stdout is not None:
            self.process.stdout.close()


def host(data_dir: Path, *args: str) -> Hosted:
    """``tabletop host ... --serve-only --port 0`` (or ``tabletop resume ... --host``), running, its join line read."""
    command = [*TABLETOP, "--data-dir", str(data_dir), *args, "--serve-only", "--port", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert process.stdout is not None
    lines = []
    for line in process.stdout:
        lines.append(line)
        found = JOIN_LINE.search(line)
        if found:
            return Hosted(process, found[1], int(found[2]), found[3], lines)
    process.wait(SECONDS)
    raise AssertionError("the host printed no join line:\n" + "".join(lines))


def join(
    data_dir: Path, hosted: Hosted, level: str, code: str | None = None, tls: Path | None = None
) -> subprocess.Popen[str]:
    """``tabletop join ADDRESS:PORT CODE --agent LEVEL`` (``--tls CERT``), running."""
    command = [*TABLETOP, "--data-dir", str(data_dir), "join", f"{hosted.address}:{hosted.port}"]
    command += [code or hosted.code, "--agent", level] + (["--tls", str(tls)] if tls else [])
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def play_out(folder: Path, hosted: Hosted, tls: Path | None = None) -> None:
    """Two players of the easy level join the hosted game and play it to its end, which the host says."""
    players = [join(folder / f"player{i}", hosted, "easy", tls=tls) for i in range(2)]
    for player in players:
        status, output = finished(player)
        assert status == 0, output
    hosted.read_until("The game is over")


def finished(process: subprocess.Popen[str], seconds: float = SECONDS) -> tuple[int, str]:
    """A program's exit status and all it printed."""
    output, _ = process.communicate(timeout=seconds)
    return process.returncode, output


def history(data_dir: Path) -> list[GameRecord]:
    """The games kept in ``data_dir``, oldest first."""
    with Store.open(data_dir, write=False) as store:
        return list(reversed(store.history(None)))


class RawClient:
    """A client written by hand: it sends whatever it is told to and keeps every byte it receives."""

    def __init__(self, address: str, port: int) -> None:
        self.socket = socket.create_connection((address, port), timeout=SECONDS)
        self.received = bytearray()

    def send_bytes(self, data: bytes) -> None:
        self.socket.sendall(data)

    def send(self, message: dict[str, Any]) -> None:
        self.send_bytes(frame(message))

    def hello(self, code: str, version: int = PROTOCOL_VERSION) -> None:
        self.send({"type": "hello", "version": version, "code": code})

    def receive(self) -> dict[str, Any] | None:
        """The next message (pings skipped), or None once the host has closed the connection."""
        while True:
            head = self._exactly(LENGTH_BYTES)
            if head is None:
                return None
            body = self._exactly(int.from_bytes(head, "big"))
            if body is None:
                return None
            message: dict[str, Any] = json.loads(body)
            if message["type"] != "ping":
                return message

    def receive_type(self, kinds: Sequence[str]) -> dict[str, Any]:
        """The next message of one of ``kinds``, the others skipped (AssertionError if the connection ends)."""
        while True:
            message = self.receive()
            assert message is not None, f"the host closed the connection before a {kinds} message"
            if message["type"] in kinds:
                return message

    def _exactly(self, count: int) -> bytes | None:
        data = bytearray()
        while len(data) < count:
            chunk = self.socket.recv(count - len(data))
            if not chunk:
                return None
            data += chunk
        self.received += data
        return bytes(data)

    def close(self) -> None:
        self.socket.close()


def next_turn(clients: Sequence[RawClient], seconds: float = SECONDS) -> tuple[RawClient, dict[str, Any]]:
    """The client whose turn it is, and the update that gives it its legal moves (the others' updates skipped)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for client in clients:
            client.socket.settimeout(0.1)
            try:
                message = client.receive()
            except TimeoutError:
                continue
            finally:
                client.socket.settimeout(SECONDS)
            assert message is not None, "the host closed a connection"
            if message["type"] == "update" and message["legal"]:
                return client, message
    raise AssertionError("nobody was given a move")

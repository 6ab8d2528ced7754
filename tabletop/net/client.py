"""A player's connection to a host: the messages it sends, read in a thread of its own into a queue.

>>> connection = Connection("127.0.0.1", 7427, "7KQ2M-X9D4R")   # doctest: +SKIP
>>> connection.open()                                            # doctest: +SKIP
>>> connection.next(timeout=5)["type"]                           # doctest: +SKIP
'welcome'
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import ssl
import threading
from collections.abc import Callable
from typing import Any

from tabletop.net.wire import (
    HOST_LIMIT,
    HOST_MESSAGES,
    IDLE_SECONDS,
    PING_SECONDS,
    PROTOCOL_VERSION,
    BadMessage,
    read_message,
    send_message,
)

CONNECT_SECONDS = 10.0
LOST = "lost"
"""The type of the message the connection puts in its queue when the host has gone (its ``reason`` says how)."""


class JoinError(Exception):
    """The host could not be reached, or refused to seat this player: the message says why."""


def parse_address(text: str, default_port: int) -> tuple[str, int]:
    """``HOST:PORT`` (or a bare host, on the default port) as a host and a port; ValueError saying what is wrong.

    >>> parse_address("127.0.0.1:7427", 1), parse_address("example.org", 7427), parse_address("[::1]:80", 1)
    (('127.0.0.1', 7427), ('example.org', 7427), ('::1', 80))
    """
    host, _, port = text.strip().rpartition(":") if ":" in text else (text.strip(), "", "")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not host:
        raise ValueError(f"{text!r} names no host: give HOST:PORT, such as 127.0.0.1:7427")
    if not port:
        return host, default_port
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{port!r} is not a port: a whole number from 1 to 65535")
    return host, int(port)


class Connection:
    """The connection to the host at ``address``:``port`` with the join ``code``."""

    def __init__(self, address: str, port: int, code: str, *, tls: ssl.SSLContext | None = None) -> None:
        self.address, self.port, self.code = address, port, code
        self.tls = tls
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._writer: asyncio.StreamWriter | None = None
        self._thread: threading.Thread | None = None
        self.on_lost: Callable[[], None] | None = None
        """Called from the connection's own thread once the host has gone (its :data:`LOST` message queued)."""

    def open(self) -> None:
        """Connect and say hello; JoinError if the host cannot be reached. Its answer arrives in :meth:`next`."""
        ready = threading.Event()
        failed: list[str] = []

        def run() -> None:
            asyncio.set_event_loop(self._loop)
            try:
                reader, self._writer = self._loop.run_until_complete(self._connect())
            except (OSError, TimeoutError) as exc:
                failed.append(_unreachable(self.address, self.port, exc))
                ready.set()
                return
            ready.set()
            self._loop.run_until_complete(self._receive(reader))

        self._thread = threading.Thread(target=run, name="tabletop-join", daemon=True)
        self._thread.start()
        ready.wait()
        if failed:
            raise JoinError(failed[0])

    def next(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message from the host (a :data:`LOST` one when it has gone), or None after ``timeout`` seconds."""
        try:
            return self._inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def requeue(self, message: dict[str, Any]) -> None:
        """Put a message taken with :meth:`next` back, to be taken next."""
        with self._inbox.mutex:
            self._inbox.queue.appendleft(message)
            self._inbox.not_empty.notify()

    def send(self, message: dict[str, Any]) -> None:
        """Send a message to the host (lost without a word if the connection has gone: the inbox says so)."""
        if self._writer is not None and self._loop.is_running():
            writer = self._writer
            asyncio.run_coroutine_threadsafe(_send_quietly(writer, message), self._loop)

    def close(self) -> None:
        """Say goodbye and close the connection."""
        if self._writer is None or not self._loop.is_running():
            return
        writer = self._writer

        async def goodbye() -> None:
            await _send_quietly(writer, {"type": "bye"})
            writer.close()

        with contextlib.suppress(TimeoutError, RuntimeError):
            asyncio.run_coroutine_threadsafe(goodbye(), self._loop).result(CONNECT_SECONDS)

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(self.address, self.port, limit=HOST_LIMIT, ssl=self.tls), CONNECT_SECONDS
        )
        await send_message(writer, {"type": "hello", "version": PROTOCOL_VERSION, "code": self.code})
        return reader, writer

    async def _receive(self, reader: asyncio.StreamReader) -> None:
        assert self._writer is not None
        pinger = asyncio.ensure_future(_ping(self._writer))
        reason = "the host closed the connection"
        try:
            while True:
                message = await asyncio.wait_for(read_message(reader, HOST_LIMIT, HOST_MESSAGES), IDLE_SECONDS)
                if message["type"] != "ping":
                    self._inbox.put(message)
        except BadMessage as exc:
            reason = f"the host sent what this program cannot read ({exc})"
        except TimeoutError:
            reason = "nothing was heard from the host for too long"
        except (asyncio.IncompleteReadError, OSError):
            pass
        finally:
            pinger.cancel()
            self._writer.close()
        self._inbox.put({"type": LOST, "reason": reason})
        if self.on_lost is not None:
            self.on_lost()


async def _ping(writer: asyncio.StreamWriter) -> None:
    while True:
        await asyncio.sleep(PING_SECONDS)
        await _send_quietly(writer, {"type": "ping"})


async def _send_quietly(writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
    with contextlib.suppress(OSError):  # the receiving side notices the connection has gone
        await send_message(writer, message)


def _unreachable(address: str, port: int, exc: BaseException) -> str:
    if isinstance(exc, TimeoutError):
        return f"No answer from {address}:{port} within {CONNECT_SECONDS:g} s: check the address and the port."
    if isinstance(exc, ssl.SSLError):
        return (
            f"The connection to {address}:{port} could not be encrypted ({exc.reason or exc}): check that the "
            "host uses TLS and that --tls names its certificate."
        )
    if isinstance(exc, ConnectionRefusedError):
        return f"Nothing is listening at {address}:{port}: check the port, and that the game is still hosted."
    return f"Cannot reach {address}:{port}: {getattr(exc, 'strerror', None) or exc}."

"""The host's listener: it gives seats to the people who join with the code, sends each only its own updates,
and queues their moves for the match, which checks them as it checks a local move.

The match lives in the program's main thread (the host's own table, or the serving loop); the listener runs
an asyncio loop in a thread of its own. They meet in three places only: :meth:`Host.publish` (the main thread
builds each seat's update from the match and hands the messages over), :meth:`Host.next_move` (a move a player
sent, waiting in a queue) and :meth:`Host.refuse`.

A connection that sends what is not a message of the protocol (not JSON, too large, of no known type) is told
why and closed; the game and the other connections go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import ssl
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.net.codes import code_matches
from tabletop.net.seat import event_data, seat_update, with_log
from tabletop.net.wire import (
    CLIENT_LIMIT,
    CLIENT_MESSAGES,
    HELLO_SECONDS,
    IDLE_SECONDS,
    PING_SECONDS,
    PROTOCOL_VERSION,
    BadMessage,
    frame,
    read_message,
    send_message,
)

if TYPE_CHECKING:
    from tabletop.loop import Match

WRONG_CODE_SECONDS = 1.0
"""How long a wrong code waits before it is refused: guessing would take longer than anyone will wait."""
SEND_SECONDS = 10.0
"""How long a message may take to leave before its connection is given up as stuck."""
LOOPBACK = "127.0.0.1"


class Host:
    """One match served across the network: the seats people play from elsewhere, their connections and moves."""

    def __init__(
        self,
        match: Match[Any],
        remote: Sequence[int],
        names: Sequence[str],
        code: str,
        *,
        address: str = LOOPBACK,
        port: int = 0,
        idle_seconds: float = IDLE_SECONDS,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.match = match
        self.remote = tuple(remote)
        """The seats played from other terminals."""
        self.names = list(names)
        self.code = code
        self.address, self.port = address, port
        self.idle_seconds = idle_seconds
        self.tls = tls
        """The TLS context connections are wrapped in, or None for plain TCP."""
        self._moves: dict[int, queue.Queue[tuple[int, str]]] = {seat: queue.Queue() for seat in self.remote}
        self._writers: dict[int, asyncio.StreamWriter] = {}
        self._latest: dict[int, tuple[dict[str, Any], tuple[dict[str, Any], ...]]] = {}
        """Each remote seat's latest update and its whole log: what a seat that joins now is sent first."""
        self._logs: dict[int, list[dict[str, Any]]] = {seat: [] for seat in self.remote}
        """Each remote seat's log as it reads it, written once per event."""
        self._joining: set[int] = set()
        """Seats being given to a connection that has not had its first update yet."""
        self._sent: dict[int, int] = {}
        """How many events of its log each connected seat has been sent."""
        self._turn = -1
        self._loop = asyncio.new_event_loop()
        self._thread: threading.Thread | None = None
        self._server: asyncio.Server | None = None
        self.record: dict[str, Any] | None = None
        """The finished game's record, sent to each seat that is or comes connected."""
        self.join_command = ""
        """The command that joins this game, as the host's screen shows it."""
        self.certificate: str | None = None
        """The file of the certificate players trust the host by (shown in the join line), with TLS."""
        self.record_of: Callable[[], dict[str, Any] | None] | None = None
        """Where the finished game's record is read from (the store's), when the game ends."""
        self._tasks: set[asyncio.Future[Any]] = set()
        self._connections: set[asyncio.Task[Any]] = set()

    # -- the main thread's side ----------------------------------------------------------------------------------

    def start(self) -> tuple[str, int]:
        """Listen (OSError if the address cannot be had) and serve in a thread; the address and port listened on."""
        started = threading.Event()
        failed: list[BaseException] = []

        def serve() -> None:
            asyncio.set_event_loop(self._loop)
            self._loop.set_exception_handler(_quiet_about_connections)
            try:
                self._server = self._loop.run_until_complete(
                    asyncio.start_server(self._connection, self.address, self.port, limit=CLIENT_LIMIT, ssl=self.tls)
                )
            except OSError as exc:
                failed.append(exc)
                started.set()
                return
            self.port = self._server.sockets[0].getsockname()[1]
            started.set()
            self._loop.run_forever()

        self.publish()
        self._thread = threading.Thread(target=serve, name="tabletop-host", daemon=True)
        self._thread.start()
        started.wait()
        if failed:
            raise failed[0]
        return self.address, self.port

    def publish(self) -> None:
        """Send each remote seat its update for the match as it stands now (call after every action)."""
        match = self.match
        self._turn = match.state.current_player()
        updates = {seat: self._update(seat) for seat in self.remote}
        self._latest = updates
        if self._thread is not None:
            self._loop.call_soon_threadsafe(self._send_updates, updates)
        if match.is_over() and self.record is None and self.record_of is not None:
            self.record = self.record_of()
            self._call(self._send_record_to_all)

    def on_action(self, match: Match[Any], event: Any) -> None:
        """The match's ``on_action``: publish after each action."""
        self.publish()

    def next_move(self, seat: int, timeout: float) -> tuple[int, str] | None:
        """The next move ``seat``'s player sent (the history's length they chose it at, and its notation), or None
        when none came within ``timeout`` seconds."""
        try:
            return self._moves[seat].get(timeout=timeout)
        except queue.Empty:
            return None

    def refuse(self, seat: int, reason: str) -> None:
        """Tell ``seat``'s player their move was refused, and why; they are asked again."""
        self._call(self._send_to, seat, {"type": "refused", "reason": reason})

    def connected(self, seat: int) -> bool:
        """Whether ``seat`` is played from a terminal that is connected now (a seat played here always is)."""
        return seat not in self.remote or seat in self._writers

    def connected_seats(self) -> list[bool]:
        """Whether each seat is connected, in seat order."""
        return [self.connected(seat) for seat in range(self.match.players)]

    def flush(self, seconds: float = SEND_SECONDS) -> None:
        """Wait up to ``seconds`` for every message on its way out to have left."""
        if self._thread is None:
            return

        async def sent() -> None:
            while self._tasks:
                await asyncio.gather(*self._tasks, return_exceptions=True)

        with contextlib.suppress(TimeoutError, OSError):
            asyncio.run_coroutine_threadsafe(sent(), self._loop).result(seconds)

    def close(self, farewell: str | None = None) -> None:
        """Stop listening and close every connection, telling each player ``farewell`` first (why it ends)."""
        if self._thread is None:
            return
        self.flush()
        if farewell is not None:
            with contextlib.suppress(TimeoutError, OSError):
                asyncio.run_coroutine_threadsafe(self._farewell(farewell), self._loop).result(SEND_SECONDS)
        asyncio.run_coroutine_threadsafe(self._shut(), self._loop).result(SEND_SECONDS)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(SEND_SECONDS)
        self._thread = None
        self._loop.close()

    def _update(self, seat: int) -> tuple[dict[str, Any], tuple[dict[str, Any], ...]]:
        match = self.match
        before = match.view_at_turn_start(seat)
        log = self._logs[seat]
        log.extend(event_data(event, seat) for event in match.events[len(log) :])
        return seat_update(match, seat, before, self.connected_seats()), tuple(log)

    def _call(self, function: Any, *args: Any) -> None:
        if self._thread is not None:
            self._loop.call_soon_threadsafe(lambda: self._spawn(function(*args)))

    def _spawn(self, coroutine: Any) -> None:
        """Run ``coroutine`` on the listener's loop, keeping hold of it until it is done."""
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- the listener's side ---------------------------------------------------------------------------------------

    def _send_updates(self, updates: dict[int, tuple[dict[str, Any], tuple[dict[str, Any], ...]]]) -> None:
        for seat, (update, log) in updates.items():
            if seat in self._writers:
                self._spawn(self._send_to(seat, self._with_new_events(seat, update, log)))

    def _with_new_events(self, seat: int, update: dict[str, Any], log: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """``update`` with the events of ``log`` the seat has not been sent yet (it is sent them now)."""
        first = min(self._sent.get(seat, 0), len(log))
        self._sent[seat] = len(log)
        return with_log(update, log, first)

    async def _send_to(self, seat: int, message: dict[str, Any]) -> None:
        writer = self._writers.get(seat)
        if writer is None:
            return
        try:
            await asyncio.wait_for(send_message(writer, message), SEND_SECONDS)
        except (OSError, TimeoutError):
            writer.close()

    async def _send_record_to_all(self) -> None:
        for seat in list(self._writers):
            await self._send_to(seat, {"type": "end", "record": self.record})

    async def _announce_presence(self) -> None:
        message = {"type": "presence", "connected": self.connected_seats()}
        for seat in list(self._writers):
            await self._send_to(seat, message)

    async def _farewell(self, reason: str) -> None:
        for writer in list(self._writers.values()):
            await _say_error(writer, reason)

    async def _shut(self) -> None:
        """Stop listening, close every connection and let each connection's task end."""
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers.values()):
            writer.close()
        connections = list(self._connections)
        if connections:  # each ends on its own once its connection is closed
            await asyncio.wait(connections, timeout=SEND_SECONDS)

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        seat: int | None = None
        task = asyncio.current_task()
        if task is not None:
            self._connections.add(task)
        try:
            seat = await self._welcome(reader, writer)
            if seat is not None:
                await self._serve_seat(seat, reader, writer)
        except BadMessage as exc:
            await _say_error(writer, f"{exc}: the connection is closed.")
        except TimeoutError:
            await _say_error(writer, "Nothing was heard from this connection for too long: it is closed.")
        except (asyncio.IncompleteReadError, OSError):
            pass  # the other side went: its seat waits for it to come back
        finally:
            if task is not None:
                self._connections.discard(task)
            if seat is not None and self._writers.get(seat) is writer:
                del self._writers[seat]
                await self._announce_presence()
            writer.close()

    async def _welcome(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> int | None:
        """Read the hello; the seat given, or None after saying why none is."""
        hello = await asyncio.wait_for(read_message(reader, CLIENT_LIMIT, CLIENT_MESSAGES), HELLO_SECONDS)
        if hello["type"] != "hello":
            raise BadMessage("a connection says hello first")
        if hello["version"] != PROTOCOL_VERSION:
            await _say_error(
                writer,
                f"This host speaks Tabletop's network protocol {PROTOCOL_VERSION}, and the joining program "
                f"{hello['version']}: both sides need the same version of Tabletop.",
            )
            return None
        if not code_matches(hello["code"], self.code):
            await asyncio.sleep(WRONG_CODE_SECONDS)
            await _say_error(writer, "That join code is not this game's: check it with the host.")
            return None
        seat = next((s for s in self.remote if s not in self._writers and s not in self._joining), None)
        if seat is None:
            await _say_error(writer, "Every seat of this game is taken.")
            return None
        self._joining.add(seat)
        try:
            await send_message(writer, self._welcome_message(seat))
        finally:
            self._joining.discard(seat)
        # From here to the seat's first update nothing waits: no update published meanwhile can go before it.
        self._sent[seat] = 0
        update, log = self._latest[seat]
        writer.write(frame(self._with_new_events(seat, update, log)))
        self._writers[seat] = writer
        await writer.drain()
        if self.record is not None:
            await send_message(writer, {"type": "end", "record": self.record})
        await self._announce_presence()
        return seat

    def _welcome_message(self, seat: int) -> dict[str, Any]:
        match = self.match
        return {
            "type": "welcome",
            "version": PROTOCOL_VERSION,
            "game": match.game.info.id,
            "options": dict(match.options),
            "seat": seat,
            "names": self.names,
        }

    async def _serve_seat(self, seat: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        pinger = asyncio.ensure_future(_ping(writer))  # cancelled (and so let go) when the connection ends
        try:
            while True:
                message = await asyncio.wait_for(read_message(reader, CLIENT_LIMIT, CLIENT_MESSAGES), self.idle_seconds)
                if message["type"] == "bye":
                    return
                if message["type"] == "move":
                    await self._take_move(seat, message)
        finally:
            pinger.cancel()

    async def _take_move(self, seat: int, message: dict[str, Any]) -> None:
        if self._turn != seat:
            await self._send_to(seat, {"type": "refused", "reason": "It is not your turn."})
            return
        self._moves[seat].put((message["at"], message["move"]))


async def _ping(writer: asyncio.StreamWriter) -> None:
    """Keep a quiet connection open: a ping every :data:`PING_SECONDS`."""
    while True:
        await asyncio.sleep(PING_SECONDS)
        await send_message(writer, {"type": "ping"})


async def _say_error(writer: asyncio.StreamWriter, reason: str) -> None:
    """Tell the other side why its connection ends (if it still listens)."""
    with contextlib.suppress(OSError, TimeoutError):
        await asyncio.wait_for(send_message(writer, {"type": "error", "reason": reason}), SEND_SECONDS)


def _quiet_about_connections(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The listener's handler of errors no task caught: a connection that failed (a client that is not one, a
    TLS handshake gone wrong) concerns that connection only, and is not printed over the host's table."""
    if isinstance(context.get("exception"), OSError):
        return
    loop.default_exception_handler(context)

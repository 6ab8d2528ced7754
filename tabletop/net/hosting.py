"""Hosting a match: the listener started, the join line printed, the players waited for, the match played
(at this terminal, or only served) and saved as a local game is, its record sent to each side at the end."""

from __future__ import annotations

import ssl
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.agents import REMOTE
from tabletop.net.codes import new_code, shown
from tabletop.net.remote import RemoteSeat
from tabletop.net.server import LOOPBACK, Host

if TYPE_CHECKING:
    from rich.console import Console

    from tabletop.loop import Match
    from tabletop.store import Recorder

EVERYWHERE = "0.0.0.0"
"""The address a ``--public`` host listens on: every network this machine is on."""
WAIT_SECONDS = 0.2
MOVE_AWAITED = "'s move..."
"""How :meth:`RemoteSeat.waiting_words` ends while the player is there: a serving terminal does not say it."""


@dataclass
class Hosting:
    """Where and how a match is hosted: the address and port to listen on, and whether this terminal plays."""

    port: int
    public: bool = False
    serve_only: bool = False
    tls: tuple[str, str] | None = None
    """The certificate and key files that encrypt the traffic (TLS), or None for plain TCP."""

    @property
    def address(self) -> str:
        """The address listened on: this machine alone, unless the host is public."""
        return EVERYWHERE if self.public else LOOPBACK


def remote_seats(people: Sequence[int], serve_only: bool) -> list[int]:
    """The seats played from other terminals: every person's but the first (the host's own), or every one when
    the host only serves."""
    return list(people) if serve_only else list(people[1:])


def recorded_seats(seats: Sequence[str], remote: Sequence[int]) -> list[str]:
    """The seats as the host's record has them: each played from another terminal is :data:`REMOTE`'s.

    >>> recorded_seats(["human", "human", "easy"], [1])
    ['human', 'remote', 'easy']
    """
    return [REMOTE if seat in remote else spec for seat, spec in enumerate(seats)]


def open_host(match: Match[Any], remote: Sequence[int], names: Sequence[str], hosting: Hosting) -> Host:
    """Seat the remote players in ``match`` and start listening (OSError when the port cannot be had).

    Call it before the recorder is attached, so that each action is saved before it is sent.
    """
    context = server_context(*hosting.tls) if hosting.tls else None
    host = Host(match, remote, names, new_code(), address=hosting.address, port=hosting.port, tls=context)
    host.certificate = hosting.tls[0] if hosting.tls else None
    for seat in remote:
        match.agents[seat] = RemoteSeat(host, seat, match)
    match.on_action = host.on_action
    host.start()
    return host


def join_line(host: Host) -> str:
    """The command that joins ``host``'s game, with the address other machines reach it at (and the certificate
    that tells the host from an impostor, when the traffic is encrypted)."""
    address = _reachable_address() if host.address == EVERYWHERE else host.address
    tls = f" --tls {host.certificate}" if host.certificate else ""
    return f"tabletop join {address}:{host.port} {shown(host.code)}{tls}"


def server_context(certificate: str, key: str) -> ssl.SSLContext:
    """The TLS context a host listens with; OSError or :class:`ssl.SSLError` when the files cannot be read."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certificate, key)
    return context


def client_context(certificate: str) -> ssl.SSLContext:
    """The TLS context a player joins with: it trusts the host's own certificate, given as a file (a host's
    certificate is usually its own, signed by no authority, so it is trusted as itself, whatever name it bears)."""
    context = ssl.create_default_context(cafile=certificate)
    context.check_hostname = False  # the certificate itself is what is trusted, not a name in it
    return context


def _reachable_address() -> str:
    """This machine's address on its network (where a public host is reached), or the loopback one."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent, a route is chosen
            address: str = probe.getsockname()[0]
            return address
    except OSError:
        return LOOPBACK


def presence(host: Host) -> str:
    """Whether the players across the network are connected, in a line for the host's table."""
    away = [host.names[s] for s in host.remote if not host.connected(s)]
    if away:
        return f"{' and '.join(away)} away: the game waits for them to join again ({host.join_command})."
    there = [host.names[s] for s in host.remote]
    return f"{' and '.join(there)} {'are' if len(there) > 1 else 'is'} connected."


def wait_for_players(host: Host, console: Console) -> None:
    """Wait until every remote seat is connected, saying who is awaited (Ctrl-C leaves)."""
    awaited = [host.names[s] for s in host.remote if not host.connected(s)]
    if not awaited:
        return
    with console.status(_awaiting(host), spinner="dots") as spinner:
        while not all(host.connected(s) for s in host.remote):
            spinner.update(_awaiting(host))
            time.sleep(WAIT_SECONDS)


def _awaiting(host: Host) -> str:
    awaited = [host.names[s] for s in host.remote if not host.connected(s)]
    return f"Waiting for {' and '.join(awaited)} to join..."


def serve(match: Match[Any], host: Host, console: Console) -> None:
    """Play the match with no one at this terminal: each move comes from a remote seat or a computer. It says
    who is awaited as the game goes, never a card: whoever watches this terminal sees no hand."""
    said = [""]

    def say(words: str) -> None:
        if words != said[0] and not words.endswith(MOVE_AWAITED):  # a player gone, not every move awaited
            console.print(words, markup=False)
        said[0] = words

    while not match.is_over():
        player = match.state.current_player()
        agent = match.agents[player] if player >= 0 else None
        if isinstance(agent, RemoteSeat):
            agent.on_wait = say
        match.step()
    console.print(f"The game is over: {match.state.outcome_text()}", markup=False)


def send_record(host: Host, recorder: Recorder) -> None:
    """From now on, the finished game's record (as saved) goes to each side when the game ends."""
    from tabletop.store import StoreError
    from tabletop.store.records import record_to_json

    def record() -> dict[str, Any] | None:
        try:
            return record_to_json(recorder.store.get(recorder.row_id))
        except StoreError:
            return None

    host.record_of = record

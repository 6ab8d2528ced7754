"""Joining a hosted game: the welcome read, the seat played (by the person at this terminal, or by a computer
level), and the finished game's record, checked as any record file is, kept in this computer's History."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.agents import HUMAN, REMOTE
from tabletop.net.client import LOST, Connection
from tabletop.net.seen import HostDataError, Seen

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rich.console import Console

    from tabletop.analysis import Analysis
    from tabletop.game import Agent
    from tabletop.loop import Match
    from tabletop.registry import Registry
    from tabletop.store.db import Store

WELCOME_SECONDS = 15.0
"""How long the host has to answer a hello (a wrong code is answered after a pause)."""


class JoinFailed(Exception):
    """The game could not be joined or played on: the message says why, in the player's words."""


@dataclass
class Ended:
    """How a joined game ended: its record kept here as game ``row_id`` (None: not kept, ``why`` says why)."""

    result: str
    row_id: int | None
    why: str = ""
    match: Match[Any] | None = None
    """The finished game, rebuilt from its record (None when the record did not replay)."""


def welcome(connection: Connection, registry: Registry) -> Seen:
    """The seat the host gives (JoinFailed with the host's reason when it gives none)."""
    message = connection.next(WELCOME_SECONDS)
    if message is None:
        raise JoinFailed("The host did not answer: check the address and the port.")
    if message["type"] == LOST:
        raise JoinFailed(f"No Tabletop game answered there ({message['reason']}): check the address and the port.")
    if message["type"] == "error":
        raise JoinFailed(f"The host refused: {message['reason']}")
    if message["type"] != "welcome":
        raise JoinFailed("The host did not answer as a Tabletop host does.")
    try:
        return Seen.welcomed(registry, message)
    except HostDataError as exc:
        raise JoinFailed(f"This game cannot be played here: {exc}.") from None


def play_with_agent(connection: Connection, seen: Seen, agent: Agent[Any, Any], console: Console) -> dict[str, Any]:
    """Play the seat with a computer player until the game ends; the finished game's record (JSON data)."""
    rng = random.Random()
    console.print(f"Joined {seen.game.info.name} as {seen.names[seen.seat]}.", markup=False)
    while True:
        message = next_message(connection)
        kind = message["type"]
        if kind == "end":
            return dict(message["record"])
        if kind == "presence":
            seen.present(message)
        elif kind == "refused":
            console.print(f"Refused: {message['reason']}", markup=False)
        elif kind == "update":
            _take_update(seen, message)
            if seen.legal:
                action = agent.choose(seen.view, seen.legal, rng)
                connection.send({"type": "move", "move": str(action), "at": seen.at})


def next_message(connection: Connection) -> dict[str, Any]:
    """The host's next message; JoinFailed when the host has gone or sent an error."""
    message = None
    while message is None:
        message = connection.next(1.0)
    if message["type"] == LOST:
        raise JoinFailed(f"The connection to the host was lost: {message['reason']}.")
    if message["type"] == "error":
        raise JoinFailed(f"The host closed the connection: {message['reason']}")
    return message


def _take_update(seen: Seen, message: dict[str, Any]) -> None:
    try:
        seen.update(message)
    except HostDataError as exc:
        raise JoinFailed(f"The game cannot go on here: {exc}.") from None


def _seat_here(spec: str, mine: bool) -> str:
    """A seat of the host's record as this computer keeps it: its own person's, another person's, a computer's."""
    if mine:
        return HUMAN
    return REMOTE if spec in (HUMAN, REMOTE) else spec


def keep_record(
    data: dict[str, Any],
    seat: int,
    registry: Registry,
    store: Store,
    coached: Mapping[int, Analysis[Any]] | None = None,
) -> Ended:
    """Check the finished game's record as a record file is checked, and keep it in this computer's History as
    played from ``seat``: that seat the person's here, every other person's :data:`REMOTE`; with the Coach's
    analyses given here, by ply (each a tip; the host's record counts its own player's)."""
    from tabletop.analysis import analysis_json
    from tabletop.rebuild import record_from_json
    from tabletop.store import RecordError, StoreError

    try:
        record = record_from_json(data, registry)
    except RecordError as exc:
        return Ended("", None, f"the host's record of it does not replay ({exc})")
    from tabletop.rebuild import check_record

    match = check_record(record, registry.get(record.game_id))
    if not 0 <= seat < len(record.seats):
        return Ended("", None, "the host's record has no seat for this player")
    seats = [_seat_here(spec, i == seat) for i, spec in enumerate(record.seats)]
    try:
        row_id = store.begin(match, seats, record.names, takebacks_allowed=record.takebacks_allowed)
        store.finish(row_id, match)
        for ply, analysis in (coached or {}).items():
            store.note_hint(row_id)
            store.keep_analysis(row_id, ply, analysis_json(analysis))
    except StoreError as exc:
        return Ended(match.state.outcome_text(), None, str(exc), match)
    return Ended(match.state.outcome_text(), row_id, match=match)

"""What a seat played across the network knows: the game and seat it was given, and the latest update's view,
log and legal moves, each read and checked as the host's word is never trusted blindly.

    >>> seen = Seen.welcomed(registry, welcome)      # doctest: +SKIP
    >>> seen.update(update_message); seen.legal      # doctest: +SKIP
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.errors import GameError, InvalidStateError
from tabletop.net.seat import read_event

if TYPE_CHECKING:
    from tabletop.events import Event
    from tabletop.game import Game, State, View
    from tabletop.interface import Log
    from tabletop.registry import Registry


class HostDataError(Exception):
    """The host sent what does not read as its game's: the message says what."""


@dataclass
class Seen:
    """A seat's knowledge of a game played across the network."""

    game: Game[Any]
    options: dict[str, str]
    seat: int
    names: list[str]
    view: View | None = None
    before: View | None = None
    events: list[Event] = field(default_factory=list)
    legal: list[Any] = field(default_factory=list)
    """The seat's legal moves, when it is to act (else empty)."""
    to_act: int = -1
    at: int = 0
    """How many actions the match had at the latest update (sent back with a move)."""
    connected: list[bool] = field(default_factory=list)
    over: bool = False
    _reader: State[Any] | None = None

    @classmethod
    def welcomed(cls, registry: Registry, welcome: dict[str, Any]) -> Seen:
        """The seat a ``welcome`` message gives; HostDataError for a game not installed here or not readable."""
        from tabletop.registry import GameLoadError, UnknownGameError

        try:
            game = registry.get(welcome["game"])
        except UnknownGameError:
            raise HostDataError(f"the host plays {welcome['game'][:40]!r}, which is not installed here") from None
        except GameLoadError as exc:
            raise HostDataError(f"the host's game cannot be loaded here: {exc}") from None
        names = welcome["names"]
        try:
            options = game.check_options({str(k): str(v) for k, v in welcome["options"].items()})
            players = game.info.seat_count(options)
        except ValueError as exc:
            raise HostDataError(f"the host's options: {exc}") from None
        seat = welcome["seat"]
        if not 0 <= seat < players or len(names) != players or not all(isinstance(n, str) for n in names):
            raise HostDataError("the host's seats do not fit its game")
        return cls(game, options, seat, [n[:40] for n in names])

    def update(self, message: dict[str, Any]) -> None:
        """Take in an ``update``; HostDataError for one that does not read as this game's."""
        try:
            self._update(message)
        except (InvalidStateError, GameError, ValueError, TypeError, KeyError) as exc:
            raise HostDataError(f"the host sent a position this program cannot read ({exc})") from None

    def _update(self, message: dict[str, Any]) -> None:
        game, players = self.game, len(self.names)
        view = game.view_from_json(message["view"])
        if view.player != self.seat:
            raise ValueError("the view is another seat's")
        first = message["first"]
        if not 0 <= first <= len(self.events):
            raise ValueError("the log does not follow on from the one received")
        events = [read_event(game, data, players) for data in message["events"]]
        self.events = self.events[:first] + events
        self.view = view
        before = message["before"]
        self.before = None if before is None else game.view_from_json(before)
        self.legal = [self._read_move(text) for text in message["legal"]]
        self.to_act, self.at, self.over = message["to_act"], message["at"], message["status"] == "over"
        self.connected = [c is True for c in message["connected"]][:players]

    def _read_move(self, text: Any) -> Any:
        """One legal move from its notation: read as the game reads any move, and written back the same."""
        if not isinstance(text, str):
            raise ValueError("a legal move is its notation, as text")
        if self._reader is None:
            self._reader = self.game.new_initial_state(self.options)
        action = self.game.parse_action(self._reader, text)
        if str(action) != text:
            raise ValueError(f"the move {text[:40]!r} does not read back as itself")
        return action

    def present(self, message: dict[str, Any]) -> None:
        """Take in who is connected (a ``presence`` message)."""
        self.connected = [c is True for c in message["connected"]][: len(self.names)]

    def log(self, shown: int) -> Log:
        """The latest ``shown`` log lines as the seat reads them, with what is new since its latest decision."""
        from tabletop.interface import Log

        return Log.latest(self.events, self.seat, shown, before=self.before)

    def status(self) -> str:
        """Whose turn it is and whether the others are connected, in a line under the board."""
        if self.over:
            return "The game is over."
        others = [s for s in range(len(self.names)) if s != self.seat]
        away = [self.names[s] for s in others if s < len(self.connected) and not self.connected[s]]
        there = "the game waits for " + " and ".join(away) if away else "everyone is connected"
        if self.to_act == self.seat:
            return f"Your turn ({self.names[self.seat]}) · {there}."
        if 0 <= self.to_act < len(self.names):
            return f"{self.names[self.to_act]} to move · {there}."
        return f"Waiting · {there}."

"""A seat played from another terminal, as the match sees it: an agent that waits for its player's move.

The match asks it for a move as it asks a computer player; it answers with the move its player sent, once that
move is one of the legal actions here (compared by notation, as the host listed them to the player), and
refuses anything else back to the player, who is asked again. A player who is away is waited for.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.agents import Agent
from tabletop.views import View

if TYPE_CHECKING:
    from tabletop.loop import Match
    from tabletop.net.server import Host

POLL_SECONDS = 0.2
"""How often a wait looks again at whether the player is connected (to say so while it waits)."""


class RemoteSeat(Agent[Any, View]):
    """The seat ``seat`` of ``match``, played across the network through ``host``."""

    name = "remote"

    person = True
    """A person plays it: a take-back never crosses its moves as if they were a computer's."""

    def __init__(self, host: Host, seat: int, match: Match[Any]) -> None:
        self.host, self.seat, self.match = host, seat, match
        self.on_wait: Callable[[str], object] | None = None
        """Told, while the seat is awaited, what is awaited (a table's spinner line)."""

    def waiting_words(self) -> str:
        """What the table is waiting for: the player's move, or the player to come back."""
        name = self.host.names[self.seat]
        if self.host.connected(self.seat):
            return f"Waiting for {name}'s move..."
        return f"Waiting for {name} to come back: {self.host.join_command or 'they join again with the same code'}"

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """The legal action the player sends (anything else is refused to them, and they are asked again)."""
        by_notation = {str(action): action for action in legal}
        said = ""
        while True:
            words = self.waiting_words()
            if words != said and self.on_wait is not None:
                self.on_wait(words)
            said = words
            sent = self.host.next_move(self.seat, POLL_SECONDS)
            if sent is None:
                continue
            at, notation = sent
            if at != len(self.match.history):
                self.host.refuse(self.seat, "That move was chosen at an earlier position: here is the one now.")
                self.host.publish()
                continue
            action = by_notation.get(notation)
            if action is None:
                self.host.refuse(self.seat, f"{notation[:60]!r} is not one of your legal moves here.")
                continue
            return action

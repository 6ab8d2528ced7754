"""Events: the log of a match as the framework keeps it, one event per applied action.

An event says who acted, what they did (the action's notation), and for each
viewer the words they may read and the facts a board may draw from: what the
game's :meth:`~tabletop.game.State.event_facts` gives, as that viewer may know
it (None when the game tells its log in words only). A board draws its log from
the facts, never by reading its own words back::

    >>> event = Event(0, "W3", ("North plays Water 3.", "North plays Water 3.", "North plays Water 3."))
    >>> event.text_for(1), event.facts_for(1) is None
    ('North plays Water 3.', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Event:
    """One applied action: who took it, its notation, and how each viewer may read it and see it."""

    actor: int
    """The seat that acted, or :data:`~tabletop.game.CHANCE`."""
    notation: str
    texts: tuple[str, ...]
    """``texts[p]`` is what player ``p`` may know; the last entry is the full truth."""
    facts: tuple[Any, ...] = ()
    """``facts[p]``: what the action did as data, as player ``p`` may know it (laid out as ``texts``);
    empty when the game gives no facts."""

    def text_for(self, viewer: int | None) -> str:
        """The text as ``viewer`` may read it; None (no seat) gets the full truth."""
        return self.texts[-1] if viewer is None else self.texts[viewer]

    def facts_for(self, viewer: int | None) -> Any:
        """The facts as ``viewer`` may know them (None: no seat, the full truth); None when the game gives none."""
        if not self.facts:
            return None
        return self.facts[-1] if viewer is None else self.facts[viewer]

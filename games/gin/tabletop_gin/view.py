"""What one player may know of a Gin Rummy position: :class:`GinView`.

A seat sees its own hand, the discard pile (every card of it, as a player who watched the game
remembers them), how many cards the stock and the other hand hold, the cards the other player
took from the pile and still holds, the melds laid, and the scores. The spectator's view hides both
hands; the revealed view shows them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tabletop.views import View
from tabletop_gin.melds import CARD_OF, cards_text
from tabletop_gin.options import Rules

FIRST, DRAW, DRAWING, DISCARD, WALL = "first", "draw", "drawing", "discard", "wall"
KNOCK_DISCARD, KNOCK_LAY, LAYOFF, DEFEND_LAY = "knock-discard", "knock-lay", "layoff", "defend-lay"
DEAL, OVER = "deal", "over"
PHASES = (DEAL, FIRST, DRAW, DRAWING, DISCARD, WALL, KNOCK_DISCARD, KNOCK_LAY, LAYOFF, DEFEND_LAY, OVER)


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: ``kind`` is gin, knock, undercut or draw; ``points`` went to ``winner``."""

    kind: str
    winner: int | None
    points: int
    deadwood: tuple[int, int]
    knocker: int | None
    hands: tuple[int, int]
    """Each seat's cards left unmelded at the end (masks), shown face up."""

    def as_seen(self) -> HandResult:
        """This result as the players see it: a drawn hand is not spread, so neither hand nor its deadwood is
        shown (both are 0 here); a hand won by a knock or gin is."""
        if self.winner is not None:
            return self
        return replace(self, deadwood=(0, 0), hands=(0, 0))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "winner": self.winner,
            "points": self.points,
            "deadwood": list(self.deadwood),
            "knocker": self.knocker,
            "hands": [cards_text(h) for h in self.hands],
        }


@dataclass(frozen=True, eq=False)
class GinView(View):
    """Everything ``player`` may know (``player`` is -3 for a spectator; ``revealed`` shows every hand)."""

    player: int
    phase: str
    to_act: int
    dealer: int
    hands: tuple[int | None, int | None]
    """Each seat's hand as a mask, or None where this viewer cannot see it."""
    counts: tuple[int, int]
    known: tuple[int, int]
    """Cards each seat took from the discard pile and still holds (public)."""
    declined: tuple[int, int]
    """Upcards each seat passed or left for the stock this hand (public)."""
    pile: tuple[int, ...]
    stock: int
    knock_card: int
    taken: int | None
    passes: int
    knocker: int | None
    melds: tuple[tuple[int, ...], tuple[int, ...]]
    layoffs: tuple[int, ...]
    scores: tuple[int, int]
    boxes: tuple[int, int]
    hand_number: int
    last: HandResult | None
    rules: Rules

    @property
    def hand(self) -> int:
        """The viewer's own hand (0 for a spectator's view)."""
        own = self.hands[self.player] if self.player in (0, 1) else None
        return own or 0

    @property
    def upcard(self) -> int | None:
        """The top of the discard pile, or None."""
        return self.pile[-1] if self.pile else None

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "phase": self.phase,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "hands": [None if h is None else cards_text(h) for h in self.hands],
            "counts": list(self.counts),
            "pile": [str(CARD_OF[c]) for c in self.pile],
            "stock": self.stock,
            "knock_card": self.knock_card,
            "taken": None if self.taken is None else str(CARD_OF[self.taken]),
            "passes": self.passes,
            **public_json(self),
            "rules": self.rules.to_json(),
        }


def public_json(table: Any) -> dict[str, Any]:
    """What a state and every view of it write alike: the cards known in each hand, the upcards each
    declined, the knock with its melds and lay-offs, the scores and the hand last played."""
    return {
        "known": [cards_text(k) for k in table.known],
        "declined": [cards_text(k) for k in table.declined],
        "knocker": table.knocker,
        "melds": [[cards_text(m) for m in ms] for ms in table.melds],
        "layoffs": [str(CARD_OF[c]) for c in table.layoffs],
        "scores": list(table.scores),
        "boxes": list(table.boxes),
        "hand_number": table.hand_number,
        "last": None if table.last is None else table.last.to_json(),
    }

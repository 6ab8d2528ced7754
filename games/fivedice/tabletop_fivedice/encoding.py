"""Five Dice in numbers: every action a game can offer, and a seat's view as a vector.

The enumeration holds every roll the five dice can show (252, lowest face first), every hold of
fewer than five dice (210) and a score in each of the 13 boxes: 475 actions for any number of
players and any joker rule. Nothing is hidden in Five Dice, so the encoding reads the whole position
from the view, the viewer's own sheet first.

    >>> actions = distinct_actions()
    >>> len(actions), str(actions[0]), str(actions[252]), str(actions[-1])
    (475, 'roll 1 1 1 1 1', 'keep none', 'score chance')
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from tabletop.encoding import Features, ViewEncoding
from tabletop_fivedice.rules import DICE, ROLLS_PER_TURN, FiveDiceAction, FiveDiceView, Keep, Roll, Score
from tabletop_fivedice.scoring import BOXES, FIVE_KIND_POINTS

FACES = range(1, 7)
MOST_BOX_POINTS = FIVE_KIND_POINTS
"""The most points one box can hold (five of a kind): a box's points are scaled by it."""
MOST_BONUSES = BOXES
"""Five-of-a-kind bonuses are scaled by this many (one a turn at most)."""


def distinct_actions() -> list[FiveDiceAction]:
    """Every action of a game, in a fixed order: the rolls, the holds, then a score in each box."""
    actions: list[FiveDiceAction] = [Roll(faces) for faces in combinations_with_replacement(FACES, DICE)]
    actions += [Keep(kept) for size in range(DICE) for kept in combinations_with_replacement(FACES, size)]
    actions += [Score(box) for box in range(BOXES)]
    return actions


class FiveDiceEncoding(ViewEncoding[FiveDiceView]):
    """The position as numbers: each sheet from the viewer's on, whose turn it is, the dice, the hold and the rolls."""

    def __init__(self, players: int) -> None:
        self.players = players
        sheet = 2 * BOXES + 1
        self.size = players * sheet + players + 2 * (len(FACES) + 1) + 1

    def encode(self, view: FiveDiceView) -> list[float]:
        """The view as :attr:`size` numbers."""
        data = view.state.to_json()
        seats = [(view.player + offset) % self.players for offset in range(self.players)]
        f = Features()
        for seat in seats:
            for points in data["sheets"][seat]:
                f.flag(points is not None)
                f.scalar(points or 0, MOST_BOX_POINTS)
            f.scalar(data["bonuses"][seat], MOST_BONUSES)
        f.one_hot(seats.index(data["player"]), self.players)
        for dice in (data["dice"], data["kept"]):
            f.flag(dice is not None)
            f.counts([(dice or []).count(face) for face in FACES], [DICE] * len(FACES))
        f.scalar(data["rolls"], ROLLS_PER_TURN)
        return f.values

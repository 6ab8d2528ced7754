"""Muses in numbers: every action a card set can offer, and the position as a vector.

A card set fixes the enumeration: a draw and a claim of each muse, the 21 rolls, six re-roll faces,
the hints, each use of each muse's power, and the end of a turn. Nothing is hidden in Muses (the
deck's order is never part of a state), so the encoding reads the whole position from the view.

    >>> from tabletop_muses.cards import default_cards
    >>> cards = default_cards()
    >>> actions = distinct_actions(cards)
    >>> len(actions) == len({str(a) for a in actions}), str(actions[-1])
    (True, 'end')
"""

from __future__ import annotations

from tabletop.encoding import Features, ViewEncoding
from tabletop_muses.cards import CardSet
from tabletop_muses.rules import PHASES, Claim, Draw, End, Hint, MusesAction, MusesView, Reroll, Roll, UsePower

FACES = range(1, 7)
PLACES = ("deck", "display", "tableau", "discarded")


def power_uses(cardset: CardSet, index: int) -> list[UsePower]:
    """Every use of muse ``index``'s power any dice could allow (none for a muse without one)."""
    card = cardset.cards[index]
    power = card.power
    if power is None:
        return []
    if power.kind == "adjust":
        return [
            UsePower(card.name, d, s * k)
            for d in FACES
            for k in range(1, power.amount + 1)
            for s in (1, -1)
            if 1 <= d + s * k <= 6
        ]
    return [UsePower(card.name, d) for d in FACES]


def distinct_actions(cardset: CardSet) -> list[MusesAction]:
    """Every action of a game with this card set, in a fixed order."""
    names = [card.name for card in cardset.cards]
    actions: list[MusesAction] = [Draw(name) for name in names]
    actions += [Roll(low, high) for low in FACES for high in FACES if low <= high]
    actions += [Reroll(v) for v in FACES]
    actions += [Hint(d, s) for d in FACES for s in (1, -1) if 1 <= d + s <= 6]
    for index in range(len(names)):
        actions += power_uses(cardset, index)
    actions += [Claim(name) for name in names]
    actions.append(End())
    return actions


class MusesEncoding(ViewEncoding[MusesView]):
    """The position as numbers: where each muse is and how it is turned, the dice, hints, phase and turn."""

    def __init__(self, cardset: CardSet) -> None:
        self.cardset = cardset
        self.size = len(cardset.cards) * (len(PLACES) + 4 + 1) + 1 + 3 * 6 + len(PHASES) + 1

    def encode(self, view: MusesView) -> list[float]:
        """The view as :attr:`size` numbers."""
        data = view.state.to_json()
        cards = self.cardset
        place: dict[str, int] = {}
        rotation: dict[str, int] = {}
        used: dict[str, bool] = {}
        for name in data["deck"]:
            place[name] = 0
        for entry in data["display"]:
            place[entry["name"]], rotation[entry["name"]] = 1, entry["rotation"]
        for entry in data["tableau"]:
            place[entry["name"]], used[entry["name"]] = 2, entry["power_used"]
        for name in data["discarded"]:
            place[name] = 3
        f = Features()
        for card in cards.cards:
            f.one_hot(place.get(card.name), len(PLACES))
            f.one_hot(rotation.get(card.name), 4)
            f.flag(used.get(card.name, False))
        f.scalar(data["hints"], cards.hints)
        dice = data["dice"] or [None, None]
        f.one_hot(None if dice[0] is None else dice[0] - 1, 6)
        f.one_hot(None if dice[1] is None else dice[1] - 1, 6)
        f.one_hot(None if data["kept"] is None else data["kept"] - 1, 6)
        f.one_hot(PHASES.index(data["phase"]), len(PHASES))
        f.scalar(data["turn"], 4 * len(cards.cards) + 1)
        return f.values

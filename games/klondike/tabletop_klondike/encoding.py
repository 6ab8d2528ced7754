"""Klondike in numbers: every action a game can offer, and what the player sees as a vector.

The enumeration holds the deal's chance outcomes (each of the 52 cards dealt to the next place),
turning the stock, giving up, and every move: a pile, the waste or a foundation to a pile, and a
pile or the waste home.

    >>> actions = distinct_actions()
    >>> len(actions), str(actions[0]), str(actions[52]), str(actions[-1])
    (139, 'deal AC', 's', 'hs7')

The encoding reads the view alone, so a face-down card or an unseen card of the stock is
nowhere in it: only how many face-down cards each pile holds and how many cards the stock holds.
"""

from __future__ import annotations

from tabletop.encoding import Features, ViewEncoding
from tabletop.playing_cards import DECK_SIZE, SUITS, Card, standard_deck
from tabletop_klondike.rules import (
    HOME_KEY,
    MOVE_LIMIT,
    PILE_KEYS,
    PILES,
    STOCK_CARDS,
    WASTE_KEY,
    Action,
    Dealt,
    Draw,
    GiveUp,
    Move,
    TableView,
    suit_key,
)

WASTE_PLACE = PILES
HOME_PLACE = PILES + 1
STOCK_PLACE = PILES + 2
"""A card of the stock the player has seen (the stock's order is known once it has been gone through)."""
PLACES = PILES + 3
"""Where a seen card can lie: one of the piles (face up), the waste, home, or the stock once known."""
LONGEST_FACE_UP = 13
"""The most face-up cards a pile can hold (a King down to an Ace): a card's depth on its pile is scaled by it."""
MOST_FACE_DOWN = PILES - 1
"""The most face-down cards a pile starts with (the seventh pile's six)."""
PASSES_SCALE = 10
"""Passes through the stock are scaled by this many (more are possible, unlimited, but say little more)."""


def distinct_actions() -> list[Action]:
    """Every action of a game, in a fixed order: the deal, the stock, giving up, then the moves."""
    actions: list[Action] = [Dealt(card) for card in standard_deck()]
    actions += [Draw(), GiveUp()]
    for source in PILE_KEYS:
        actions.append(Move(source, HOME_KEY))
        actions += [Move(source, target) for target in PILE_KEYS if target != source]
    actions.append(Move(WASTE_KEY, HOME_KEY))
    actions += [Move(WASTE_KEY, target) for target in PILE_KEYS]
    actions += [Move(suit_key(suit), target) for suit in SUITS for target in PILE_KEYS]
    return actions


class KlondikeEncoding(ViewEncoding[TableView]):
    """Each seen card's place and depth, each pile's face-down cards, the stock and waste sizes, the options."""

    size = DECK_SIZE * (PLACES + 1) + PILES + 7

    def encode(self, view: TableView) -> list[float]:
        """The view as :attr:`size` numbers (before the deal is done, what has been dealt so far)."""
        place: list[int | None] = [None] * DECK_SIZE
        depth = [0] * DECK_SIZE

        def lay(cards: list[Card | None], where: int) -> None:
            for i, card in enumerate(c for c in cards if c is not None):
                place[card.index], depth[card.index] = where, i

        for column, pile in enumerate(view.piles):
            lay(list(pile.cards), column)
        waste, stock = list(view.waste), list(view.stock)
        lay(waste[::-1], WASTE_PLACE)  # the top first: depth 0 is the card in play
        lay(stock[::-1], STOCK_PLACE)
        for suit in SUITS:
            for rank in range(1, view.home[suit.value] + 1):
                place[Card(rank, suit).index] = HOME_PLACE
        f = Features()
        for index in range(DECK_SIZE):
            where = place[index]
            f.one_hot(where, PLACES)
            f.scalar(depth[index], LONGEST_FACE_UP if where is not None and where < PILES else STOCK_CARDS)
        for pile in view.piles:
            f.scalar(pile.down, MOST_FACE_DOWN)
        f.scalar(len(stock), STOCK_CARDS)
        f.scalar(len(waste), STOCK_CARDS)
        f.scalar(view.turned, PASSES_SCALE)
        f.flag(view.draw == 3)
        f.scalar(view.passes, PASSES_SCALE)
        f.flag(view.vegas)
        f.scalar(view.moves, MOVE_LIMIT)
        return f.values

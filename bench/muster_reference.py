"""A plain reimplementation of Muster's base rules: the yardstick ``bench/muster_playouts.py`` measures against.

Written straight from the rulebook and the rulings of docs/muster.md, the way a
first engine is written: cards are their short codes (``"W3"``, ``"R"``,
``"X"``; in a column ``"RW"`` is a Wizard and ``"RB2"`` a Bridge that stood for
2), the deck is shuffled once and drawn from its end, and the legal moves are
found by trying every card of the hand on every column, as notation strings
(the engine's notation, so the two can be compared move for move). It shares
no code with ``tabletop_muster``; nothing in it is tuned for speed.

The base rules only (no variant), and the first player chosen by a coin.

    >>> deal = ["W1", "L1", "W2", "L2", "R", "X", "C1", "F1", "P1", "C2"]  # to North, South, North, ...
    >>> game = ReferenceGame(random.Random(0), first=0, deal=deal)
    >>> game.hands[0], len(game.deck)
    (['W1', 'W2', 'R', 'C1', 'P1'], 37)
    >>> [move for move in game.legal_moves() if not move.startswith(("c", "R>"))]
    ['C1>C', 'P1>P', 'R+W2>W', 'W1>W', 'W2>W']
"""

from __future__ import annotations

import random
from collections.abc import Callable

FACTIONS = "WLCFP"
COPIES_OF_STRENGTH = {1: 3, 2: 2, 3: 1, 4: 1, 5: 1}
RAINBOW_CARDS = 5
RAINBOW_CASTLES = 2
HAND_SIZE = 5
WIZARD_STRENGTH = 6
TURN_LIMIT = 500
"""The engine's safeguard against endless play (docs/muster.md, ruling 11)."""


def new_deck() -> list[str]:
    deck = [f + str(s) for f in FACTIONS for s, copies in COPIES_OF_STRENGTH.items() for _ in range(copies)]
    return deck + ["R"] * RAINBOW_CARDS + ["X"] * RAINBOW_CASTLES


def is_banner(card: str) -> bool:
    return card[0] in FACTIONS


def strength(token: str) -> int:
    """What a column card counts when scoring: a Banner its strength, a Wizard 6, a Bridge 1."""
    if is_banner(token):
        return int(token[1])
    return WIZARD_STRENGTH if token == "RW" else 1


def top_value(column: list[str]) -> int:
    """What the next card must follow: 0 on an empty column, a Bridge what it stood for."""
    if not column:
        return 0
    top = column[-1]
    if top == "RW":
        return WIZARD_STRENGTH
    if top.startswith("RB"):
        return int(top[2])
    return int(top[1])


def may_follow(below: int, card_strength: int) -> bool:
    """Play a Banner's strength rule: anything on an empty column, else equal or one more (nothing on a Wizard)."""
    if below == 0:
        return True
    if below == WIZARD_STRENGTH:
        return False
    return card_strength in (below, below + 1)


class ReferenceGame:
    """One game, from the deal to the end. ``apply(move)`` plays a move of :meth:`legal_moves`.

    A move that draws from the deck (``d``, or a Move's turned-up card) takes the
    deck's last card, or the card ``drawn`` names when the caller plays the deck.
    """

    def __init__(self, rng: random.Random, first: int | None = None, deal: list[str] | None = None) -> None:
        self.deck = new_deck()
        rng.shuffle(self.deck)
        self.player = rng.randrange(2) if first is None else first
        self.hands: list[list[str]] = [[], []]
        for i, card in enumerate(deal or [self.deck[-1 - i] for i in range(2 * HAND_SIZE)]):
            self.hands[(self.player + i) % 2].append(card)
            self.deck.remove(card)
        self.columns: list[dict[str, list[str]]] = [{f: [] for f in FACTIONS}, {f: [] for f in FACTIONS}]
        self.spaces: dict[str, list[str]] = {f: [] for f in FACTIONS}
        self.phase = "act"  # act, refill, place or over
        self.to_draw = 0
        self.castled_on = ""
        self.turned_up = ""
        self.turns = 0

    # -- what may be played --

    def legal_moves(self) -> list[str]:
        if self.phase == "act":
            moves = self.actions()
        elif self.phase == "refill":
            moves = ["d"] if self.deck else []
            moves += [
                "d" + f for f, space in self.spaces.items() if space and space[-1] != "X" and f != self.castled_on
            ]
        elif self.phase == "place":
            moves = ["p" + f for f in FACTIONS]
        else:
            moves = []
        return sorted(set(moves))

    def icon_matches(self, card: str, space: str) -> bool:
        return card[0] == space or self.spaces[space][-1:] == ["X"]  # a Rainbow Castle on top lifts the icon rule

    def actions(self) -> list[str]:
        hand = self.hands[self.player]
        own = self.columns[self.player]
        moves = []
        for card in hand:
            if card == "R":
                moves += ["R>" + f for f in FACTIONS] + ["cR>" + f for f in FACTIONS]
            elif card == "X":
                moves += ["cX>" + f for f in FACTIONS]
            else:
                moves.append("c" + card)
                for f in FACTIONS:
                    if self.icon_matches(card, f) and may_follow(top_value(own[f]), int(card[1])):
                        moves.append(f"{card}>{f}")
                    if "R" in hand and self.icon_matches(card, f) and int(card[1]) == top_value(own[f]) + 2:
                        moves.append(f"R+{card}>{f}")  # a Bridge standing for the strength between
                moves += self.swaps(card)
        for f in FACTIONS:
            if own[f] and own[f][-1] == "RW":
                moves += [f"m{f}>{g}" for g in FACTIONS if g != f]
        return moves

    def swaps(self, card: str) -> list[str]:
        """The Rainbow cards ``card`` may replace: the lowest Rainbow card of any column, on either side."""
        moves = []
        for side in (0, 1):
            for f, column in self.columns[side].items():
                rainbows = [i for i, token in enumerate(column) if not is_banner(token)]
                if not rainbows or not self.icon_matches(card, f):
                    continue
                i = rainbows[0]
                s = int(card[1])
                if column[i] == "RW":
                    below = strength(column[i - 1]) if i > 0 else 0
                    above = column[i + 1] if i + 1 < len(column) else "RW"  # a Wizard above, or nothing: no rule
                    fits = may_follow(below, s) and (not is_banner(above) or may_follow(s, int(above[1])))
                else:
                    fits = s == int(column[i][2])
                if fits:
                    moves.append(f"s{card}>{side + 1}{f}")
        return moves

    # -- playing a move --

    def apply(self, move: str, drawn: str | None = None) -> None:
        take = self._taker(drawn)
        if self.phase == "refill":
            self.draw(move, take)
        elif self.phase == "place":
            self.spaces[move[1]].append(self.turned_up)
            self.turned_up = ""
            self.end_turn()
        elif move.startswith("m"):
            self.move_wizard(move[1], move[3], take)
        elif move.startswith("s"):
            self.swap(move)
        elif move.startswith("c"):
            card, space = (move[1], move[3]) if ">" in move else (move[1:], move[1])
            self.hands[self.player].remove(card)
            self.spaces[space].append(card)
            self.castled_on = space
            self.start_refill()
        else:
            self.play(move)

    def _taker(self, drawn: str | None) -> Callable[[], str]:
        def take() -> str:
            if drawn is None:
                return self.deck.pop()
            self.deck.remove(drawn)
            return drawn

        return take

    def play(self, move: str) -> None:
        hand = self.hands[self.player]
        column = self.columns[self.player][move[-1]]
        if move.startswith("R+"):
            hand.remove("R")
            column.append(f"RB{top_value(column) + 1}")
            hand.remove(move[2:4])
            column.append(move[2:4])
        elif move.startswith("R>"):
            hand.remove("R")
            column.append("RW")
        else:
            hand.remove(move[:2])
            column.append(move[:2])
        self.start_refill()

    def move_wizard(self, source: str, target: str, take: Callable[[], str]) -> None:
        own = self.columns[self.player]
        own[target].append(own[source].pop())
        card = take()
        if not self.deck and card in ("R", "X"):
            self.turned_up = card
            self.phase = "over"  # the game ended with the deck's last card, still face up
        elif card in ("R", "X"):
            self.turned_up = card
            self.phase = "place"
        else:
            self.spaces[card[0]].append(card)
            if self.deck:
                self.end_turn()
            else:
                self.phase = "over"

    def swap(self, move: str) -> None:
        card, side, space = move[1:3], int(move[4]) - 1, move[5]
        column = self.columns[side][space]
        i = next(i for i, token in enumerate(column) if not is_banner(token))
        column[i] = card
        self.hands[self.player].remove(card)
        self.hands[self.player].append("R")
        self.end_turn()

    def start_refill(self) -> None:
        self.to_draw = HAND_SIZE - len(self.hands[self.player])
        self.phase = "refill"

    def draw(self, move: str, take: Callable[[], str]) -> None:
        if move == "d":
            self.hands[self.player].append(take())
            if not self.deck:
                self.phase = "over"
                return
        else:
            self.hands[self.player].append(self.spaces[move[1]].pop())
        self.to_draw -= 1
        if self.to_draw == 0:
            self.end_turn()

    def end_turn(self) -> None:
        self.castled_on = ""
        self.turns += 1
        if self.turns >= TURN_LIMIT:
            self.phase = "over"
        else:
            self.player = 1 - self.player
            self.phase = "act"

    # -- the end --

    def winner(self) -> int | None:
        """0 or 1, or None for a draw: most castles, then most strength over all five columns."""
        castles = [0, 0]
        totals = [0, 0]
        for f in FACTIONS:
            a, b = self.columns[0][f], self.columns[1][f]
            strengths = [sum(strength(t) for t in a), sum(strength(t) for t in b)]
            totals[0] += strengths[0]
            totals[1] += strengths[1]
            banners = [sum(is_banner(t) for t in a), sum(is_banner(t) for t in b)]
            for key in (strengths, banners):
                if key[0] != key[1]:
                    castles[0 if key[0] > key[1] else 1] += 1
                    break
        for key in (castles, totals):
            if key[0] != key[1]:
                return 0 if key[0] > key[1] else 1
        return None


def random_game(seed: int) -> tuple[int, int | None]:
    """A uniformly random game: (decisions made, winner)."""
    rng = random.Random(seed)
    game = ReferenceGame(rng)
    decisions = 0
    while game.phase != "over":
        moves = game.legal_moves()
        game.apply(moves[rng.randrange(len(moves))])
        decisions += 1
    return decisions, game.winner()

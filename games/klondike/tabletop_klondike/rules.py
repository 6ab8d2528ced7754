"""Klondike's rules: seven piles dealt with their top card face up, a stock and a waste, four foundations.

Moves are written as a source then a destination: piles ``1``-``7``, the
waste ``w``, home ``h`` (the card's own foundation); a foundation as a source
is ``h`` and its suit (``hs3``: the top spade back down onto pile 3). ``s``
turns cards from the stock (one or three), or turns the waste over into a new
stock once the stock is empty. A move from a pile takes the face-up cards from
the one that fits the destination up (``37``: the run from the card that goes
on pile 7's top, or from the King onto an empty pile 7).

The deal is 52 chance draws, one per card (the stock, then the piles row by
row), so a hidden card stays hidden in every log and replay of a game still
being played:

>>> import random
>>> state, rng = KlondikeState(draw=1, passes=0, vegas=False), random.Random(1)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> [len(p) for p in state.piles], len(state.stock), [p.down for p in state.piles]
([1, 2, 3, 4, 5, 6, 7], 24, [0, 1, 2, 3, 4, 5, 6])
>>> state.view(0).to_json()["piles"][1]
{'cards': '?? 4S', 'down': 1}
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.game import (
    CHANCE,
    JSON,
    TERMINAL,
    IllegalActionError,
    InvalidActionError,
    State,
    View,
)
from tabletop.patience import ALTERNATE_COLOURS, cards_home, next_home
from tabletop.patience.notation import Dealing, read_move
from tabletop.patience.record import home_json
from tabletop.playing_cards import (
    ACE,
    DECK_SIZE,
    KING,
    SUITS,
    Card,
    FacedPile,
    Suit,
    draw_outcomes,
    standard_deck,
)

NAME = "Klondike"
PILES = 7
BUILD = ALTERNATE_COLOURS
"""Piles build down in alternate colours; the solver and the interface follow the same rule."""
PILE_KEYS = "1234567"
WASTE_KEY = "w"
STOCK_KEY = "s"
HOME_KEY = "h"
RESIGN = "resign"
TABLEAU_CARDS = PILES * (PILES + 1) // 2
"""28 cards on the piles: one on the first, seven on the last."""
STOCK_CARDS = 52 - TABLEAU_CARDS
"""The 24 cards of the stock."""
MOVE_LIMIT = 1_000
"""A game ends, lost, after this many moves: a safeguard against going round the stock for ever."""
MOVE_PATTERN = r"\s*([1-7w]|h[cdhs])\s*([1-7h])\s*"
"""A move: a pile, the waste or a foundation, then a pile or home."""
MOVE_HELP = (
    "a Klondike move: write a source and a destination, piles 1-7, the waste w, home h (w5, 3h, 37, hs3), "
    "or s to turn the stock"
)
HIDDEN = "??"
"""A face-down card, or a card of the stock not yet seen, in a view."""

# Scoring as the well-known Windows program counts it.
WASTE_TO_PILE, TO_HOME, TURN_UP, FROM_HOME = 5, 10, 5, -15
TURN_OVER_DRAW_ONE, TURN_OVER_DRAW_THREE = -100, -20
FREE_TURNS_DRAW_THREE = 2
"""With three cards drawn at a time, the waste may be turned over twice (three passes) before it costs points."""
VEGAS_STAKE, VEGAS_HOME = -52, 5
"""Vegas scoring: the game costs 52, each card home pays 5 (and a card taken back from home costs 5)."""


class Dealt(Dealing[Card]):
    """Chance deals the card ``what`` to the next place of the deal (a pile, then the stock)."""


@dataclass(frozen=True)
class Draw:
    """Turn cards from the stock onto the waste, or turn the waste over when the stock is empty: ``s``."""

    def __str__(self) -> str:
        return STOCK_KEY


@dataclass(frozen=True)
class Move:
    """Move a card (or a run of cards) from ``source`` to ``target``.

    ``source`` is a pile ``1``-``7``, the waste ``w`` or a foundation ``hc hd hh hs``;
    ``target`` a pile or home ``h``.

    >>> Move.parse("W5"), str(Move("hs", "3")), Move.parse("3 h")
    (Move(source='w', target='5'), 'hs3', Move(source='3', target='h'))
    """

    source: str
    target: str

    def __str__(self) -> str:
        return self.source + self.target

    @classmethod
    def parse(cls, text: str) -> Move:
        """A move from its notation; :class:`InvalidActionError` for text that is no Klondike move."""
        found = read_move(text, MOVE_PATTERN, MOVE_HELP)
        source, target = found.group(1), found.group(2)
        if source.startswith(HOME_KEY) and target == HOME_KEY:
            raise InvalidActionError(f"{text!r}: a card at home goes back down onto a pile")
        return cls(source, target)


@dataclass(frozen=True)
class GiveUp:
    """End the game here, lost: ``resign`` (a game that cannot be won no longer waits to be left)."""

    def __str__(self) -> str:
        return RESIGN


Action = Dealt | Draw | Move | GiveUp


def shown_cards(text: str) -> list[Card | None]:
    """Cards as a view gives them (``?? 4S``), bottom or oldest first: None for each hidden one."""
    return [None if word == HIDDEN else Card.parse(word) for word in text.split()]


def suit_key(suit: Suit) -> str:
    """A foundation's key as a source: ``hs`` for the spades."""
    return HOME_KEY + suit.value.lower()


def place_words(key: str) -> str:
    """``pile 3``, ``the waste``, ``home``, ``the spades at home``."""
    if key in PILE_KEYS:
        return f"pile {key}"
    if key == WASTE_KEY:
        return "the waste"
    if key == HOME_KEY:
        return "home"
    return f"the {_suit_of_key(key).word} at home"


def _suit_of_key(key: str) -> Suit:
    return Suit(key[1].upper())


def deal_place(index: int) -> tuple[int, bool] | None:
    """Where the ``index``-th card of the deal goes: None for the stock (the first 24), then (pile, face up).

    The piles are dealt row by row: a card on each pile from the first, then a
    card on each from the second, and so on, each pile's last card face up.
    The stock comes first so that the last card drawn, the one chance has no
    other choice for, is pile 7's face-up card: a record of a game still being
    played hides each face-down draw among the others it could have been, and
    a last draw with no other would be named.

    >>> deal_place(0), [deal_place(STOCK_CARDS + i) for i in (0, 6, 7, 27)]
    (None, [(0, True), (6, False), (1, True), (6, True)])
    """
    if index < STOCK_CARDS:
        return None
    index -= STOCK_CARDS
    row = 0
    while index >= PILES - row:
        index -= PILES - row
        row += 1
        if row == PILES:
            return None
    pile = row + index
    return pile, pile == row


COUNTED = frozenset({"moves", "score", "over", "won"})
"""What a view counts rather than shows of the table: left out of its position's key."""


class ShownCards(tuple[Card | None, ...]):
    """Cards as a player sees them, bottom or oldest first: None for a face-down card or one of the stock not yet
    seen; written ``?? 4S``.

    >>> cards = ShownCards.parse("?? 4S"); cards[1], str(cards)
    (Card.parse('4S'), '?? 4S')
    """

    @classmethod
    def parse(cls, text: str) -> ShownCards:
        return cls(shown_cards(text))

    def __str__(self) -> str:
        return " ".join(HIDDEN if c is None else str(c) for c in self)


@dataclass(frozen=True)
class ShownPile:
    """A tableau pile as a player sees it: its cards, the ``down`` bottom ones face down (None)."""

    cards: ShownCards
    down: int


@dataclass(frozen=True, eq=False)
class TableView(View):
    """The table as ``player`` sees it: face-down cards and unseen stock cards hidden (written ``??``)."""

    player: int
    draw: int
    passes: int
    vegas: bool
    dealt: int
    """How many cards chance has dealt."""
    piles: tuple[ShownPile, ...]
    stock: ShownCards
    """The stock, its top last: hidden until every card of it has been seen once."""
    waste: ShownCards
    home: dict[str, int]
    """Each foundation's top rank, by suit letter (``{"C": 3, ...}``)."""
    turned: int
    """How many times the waste has been turned over into the stock."""
    score: int
    moves: int
    over: bool
    won: bool

    def position_key(self) -> str:
        """The cards where they lie, not the count of moves or the score (nor the passes through the stock made,
        where they are unlimited): a move that puts the cards back as they were goes round in a circle.

        >>> from dataclasses import replace
        >>> view = KlondikeState(draw=1, passes=0, vegas=False).view(0)
        >>> view.position_key() == replace(view, moves=9, score=40, turned=2).position_key()
        True
        """
        counted = COUNTED | ({"turned"} if not self.passes else set())
        return json.dumps({k: v for k, v in self.to_json().items() if k not in counted}, sort_keys=True)


class KlondikeState(State[Action]):
    """A Klondike position: the piles, the stock, the waste, the foundations and the score."""

    def __init__(self, *, draw: int, passes: int, vegas: bool) -> None:
        self.draw = draw
        self.passes = passes
        """How many passes through the stock are allowed (0: unlimited)."""
        self.vegas = vegas
        self.dealt = 0
        """How many cards chance has dealt (52: the game is under way)."""
        self.piles: list[FacedPile] = [FacedPile() for _ in range(PILES)]
        self.stock: list[Card] = []
        """The stock, its top (the next card turned) last."""
        self.waste: list[Card] = []
        """The waste, its top (the card that may be played) last."""
        self.home: dict[Suit, int] = {s: 0 for s in SUITS}
        self.turned = 0
        """How many times the waste has been turned over into a new stock."""
        self.score = VEGAS_STAKE if vegas else 0
        self.moves_made = 0
        """How many moves the player has made since the deal (the match's history holds the moves themselves):
        the count the move limit and the end's words read."""
        self.finish: tuple[str, ...] = ()
        """The cards that went home by themselves once every card was face up, in the order they went (none
        before that: the finish ends the game, so only the last move can have sent any)."""
        self.resigned = False
        self._legal: list[Action] | None = None
        self._stuck: bool | None = None

    # -- whose turn ----------------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.dealt < DECK_SIZE:
            return CHANCE
        if self.resigned or self.won() or self.moves_made >= MOVE_LIMIT or self.stuck():
            return TERMINAL
        return 0

    def won(self) -> bool:
        """Whether every card is home."""
        return sum(self.home.values()) == DECK_SIZE

    def stuck(self) -> bool:
        """Whether nothing can ever change but the stock going round: no move but turning the stock, and no card
        the stock can bring up goes anywhere (as far as the player can see: a stock not yet seen may help)."""
        if self._stuck is None:
            moves = self._legal_actions(0)
            # An unseen stock may hold a card that fits: only a player who has seen it all can be stuck.
            self._stuck = (
                not any(isinstance(a, Move) for a in moves)
                and (self.stock_known() or not self.stock)
                and not any(self._fits_anywhere(card) for card in self.reachable_talon())
            )
        return self._stuck

    def stock_known(self) -> bool:
        """Whether the player has seen every card of the stock: once the waste has been turned over, the stock
        is the waste they saw, in the order they saw it."""
        return self.turned > 0

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.dealt >= DECK_SIZE:
            raise IllegalActionError("the cards are dealt already")
        used = set(self.stock) | {c for p in self.piles for c in p.cards}
        return draw_outcomes([c for c in standard_deck() if c not in used], Dealt)

    # -- the stock -----------------------------------------------------------------------------------------
    def may_turn_over(self) -> bool:
        """Whether the waste may be turned over into a new stock (the passes allow one more)."""
        return not self.passes or self.turned + 1 < self.passes

    def reachable_talon(self) -> list[Card]:
        """Every card that turning the stock (and the waste over, as the passes allow) can bring to the top of
        the waste, the current top first."""
        stock, waste, turned = list(self.stock), list(self.waste), self.turned
        seen: list[Card] = [waste[-1]] if waste else []
        for _ in range(2 * (len(stock) + len(waste)) + 2):
            if stock:
                for _ in range(min(self.draw, len(stock))):
                    waste.append(stock.pop())
            elif waste and (not self.passes or turned + 1 < self.passes):
                stock, waste, turned = waste[::-1], [], turned + 1
                continue
            else:
                break
            if waste[-1] not in seen:
                seen.append(waste[-1])
        return seen

    def _fits_anywhere(self, card: Card) -> bool:
        if next_home(self.home, card):
            return True
        return any(self._fits_on(card, pile) for pile in self.piles)

    # -- moves ---------------------------------------------------------------------------------------------
    @staticmethod
    def _fits_on(card: Card, pile: FacedPile) -> bool:
        top = pile.top
        return card.rank == KING if top is None else BUILD.builds_on(card, top)

    def run_start(self, source: int, target: int) -> int | None:
        """The index in pile ``source`` of the face-up card that moves onto pile ``target`` with the cards
        above it, or None if none fits (a King already at the bottom of its pile does not move to an empty one)."""
        pile, onto = self.piles[source], self.piles[target]
        for i in range(pile.down, len(pile)):
            if self._fits_on(pile.cards[i], onto):
                return None if onto.top is None and i == 0 else i
        return None

    def foundation_card(self, key: str) -> Card | None:
        """The top card of the foundation named by ``key`` (``hs``), or None if it is empty."""
        suit = _suit_of_key(key)
        return Card(self.home[suit], suit) if self.home[suit] else None

    def _legal_actions(self, player: int) -> list[Action]:
        if self._legal is None:
            self._legal = self._list_moves()
        return list(self._legal)

    def _list_moves(self) -> list[Action]:
        actions: list[Action] = [GiveUp()]
        if self.stock or (self.waste and self.may_turn_over()):
            actions.append(Draw())
        for i, pile in enumerate(self.piles):
            key = PILE_KEYS[i]
            if pile.top is not None and next_home(self.home, pile.top):
                actions.append(Move(key, HOME_KEY))
            for j in range(PILES):
                if j != i and pile.face_up and self.run_start(i, j) is not None:
                    actions.append(Move(key, PILE_KEYS[j]))
        if self.waste:
            card = self.waste[-1]
            if next_home(self.home, card):
                actions.append(Move(WASTE_KEY, HOME_KEY))
            actions += [Move(WASTE_KEY, PILE_KEYS[j]) for j, p in enumerate(self.piles) if self._fits_on(card, p)]
        for suit in SUITS:
            if self.home[suit]:
                card = Card(self.home[suit], suit)
                actions += [
                    Move(suit_key(suit), PILE_KEYS[j]) for j, p in enumerate(self.piles) if self._fits_on(card, p)
                ]
        return actions

    def _why_illegal(self, action: Action) -> str:
        if self.is_terminal() or self.is_chance_node():
            return super()._why_illegal(action)
        if isinstance(action, Draw):
            return f"{action}: the stock is empty and the waste may not be turned over again"
        if not isinstance(action, Move):
            return super()._why_illegal(action)
        card = self.source_card(action.source)
        if card is None:
            return f"{action}: {place_words(action.source)} has no card"
        if action.target == HOME_KEY:
            return f"{action}: {card.display} is not next on its foundation"
        onto = self.piles[int(action.target) - 1].top
        if action.source in PILE_KEYS:
            if onto is None:
                return f"{action}: only a King goes on an empty pile, and pile {action.source} has none to move"
            return f"{action}: no face-up card of pile {action.source} goes on {onto.display}"
        if onto is None:
            return f"{action}: only a King goes on an empty pile"
        return f"{action}: {card.display} does not go on {onto.display}"

    def source_card(self, key: str) -> Card | None:
        """The card a move from ``key`` takes (a pile's top, the waste's top, a foundation's top)."""
        if key in PILE_KEYS:
            return self.piles[int(key) - 1].top
        if key == WASTE_KEY:
            return self.waste[-1] if self.waste else None
        return self.foundation_card(key)

    def _apply_action(self, action: Action) -> None:
        # apply() has checked the action is legal.
        self._legal, self._stuck = None, None
        if isinstance(action, Dealt):
            self._deal(action.what)
            return
        if isinstance(action, GiveUp):
            self.resigned = True
        elif isinstance(action, Draw):
            self._turn_stock()
        else:
            self._move(action)
        self.moves_made += 1
        self._finish_if_all_face_up()

    def _deal(self, card: Card) -> None:
        place = deal_place(self.dealt)
        if place is None:
            self.stock.append(card)
        else:
            pile, face_up = place
            self.piles[pile] = self.piles[pile].put([card], face_up=face_up)
        self.dealt += 1

    def _turn_stock(self) -> None:
        if self.stock:
            for _ in range(min(self.draw, len(self.stock))):
                self.waste.append(self.stock.pop())
            return
        self.stock, self.waste = self.waste[::-1], []
        self.turned += 1
        if not self.vegas:
            if self.draw == 1:
                self._add(TURN_OVER_DRAW_ONE)
            elif self.turned > FREE_TURNS_DRAW_THREE:
                self._add(TURN_OVER_DRAW_THREE)

    def _move(self, action: Move) -> None:
        source, target = action.source, action.target
        if source in PILE_KEYS:
            index = int(source) - 1
            pile = self.piles[index]
            start = len(pile) - 1 if target == HOME_KEY else self.run_start(index, int(target) - 1)
            assert start is not None
            cards = pile.cards[start:]
            pile = pile.take(len(cards))
            if pile.down and pile.down == len(pile):
                pile = pile.turn_up()
                self._add(0 if self.vegas else TURN_UP)
            self.piles[index] = pile
        elif source == WASTE_KEY:
            cards = (self.waste.pop(),)
            if target != HOME_KEY and not self.vegas:
                self._add(WASTE_TO_PILE)
        else:
            suit = _suit_of_key(source)
            cards = (Card(self.home[suit], suit),)
            self.home[suit] -= 1
            self._add(-VEGAS_HOME if self.vegas else FROM_HOME)
        if target == HOME_KEY:
            self._send_home(cards[0])
        else:
            self.piles[int(target) - 1] = self.piles[int(target) - 1].put(cards)

    def _send_home(self, card: Card) -> None:
        assert card.suit is not None
        self.home[card.suit] = card.rank
        self._add(VEGAS_HOME if self.vegas else TO_HOME)

    def _add(self, points: int) -> None:
        self.score += points
        if not self.vegas:
            self.score = max(0, self.score)

    def all_face_up(self) -> bool:
        """Whether every card left is face up on a pile: the stock and waste empty, no card face down."""
        return not self.stock and not self.waste and not any(p.down for p in self.piles)

    def _finish_if_all_face_up(self) -> None:
        """Once every card is face up the game is won: each card goes home by itself, the lowest first."""
        if not self.all_face_up():
            return
        went: list[str] = []
        while not self.won():
            index = min(
                (i for i, p in enumerate(self.piles) if p.top is not None),
                key=lambda i: self.piles[i].top.rank,  # type: ignore[union-attr]
            )
            card = self.piles[index].top
            assert card is not None and next_home(self.home, card)
            self.piles[index] = self.piles[index].take(1)
            self._send_home(card)
            went.append(str(card))
        self.finish = tuple(went)

    # -- results -------------------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        return [1.0 if self.won() else 0.0]

    def final_score(self) -> float | None:
        """The score at the end (standard or Vegas, as the game was set up)."""
        return float(self.score) if self.is_terminal() else None

    def outcome_text(self) -> str:
        home = sum(self.home.values())
        if self.won():
            return f"Won in {self.moves_made} moves, score {self.score}."
        if self.resigned:
            return f"Given up, with {cards_home(home)}, score {self.score}."
        if self.moves_made >= MOVE_LIMIT:
            return f"The {MOVE_LIMIT}-move limit is reached with {cards_home(home)}, score {self.score}."
        return f"Lost: nothing more can be moved, with {cards_home(home)}, score {self.score}."

    def truncated(self) -> bool:
        """Whether the move limit, not the cards or the player, ended the game."""
        return not (self.won() or self.resigned) and self.moves_made >= MOVE_LIMIT

    # -- views ---------------------------------------------------------------------------------------------
    def table(self, player: int, *, revealed: bool) -> TableView:
        """The table as ``player`` sees it: the hidden cards hidden unless ``revealed``."""
        known = revealed or self.stock_known()
        return TableView(
            player=player,
            draw=self.draw,
            passes=self.passes,
            vegas=self.vegas,
            dealt=self.dealt,
            piles=tuple(ShownPile(ShownCards(p.cards if revealed else p.shown()), p.down) for p in self.piles),
            stock=ShownCards(c if known else None for c in self.stock),
            waste=ShownCards(self.waste),
            home=home_json(self.home),
            turned=self.turned,
            score=self.score,
            moves=self.moves_made,
            over=self.dealt >= DECK_SIZE and self.is_terminal(),
            won=self.won(),
        )

    def view(self, player: int) -> TableView:
        return self.table(player, revealed=False)

    def _table_view(self, revealed: bool) -> TableView:
        from tabletop.game import SPECTATOR

        return self.table(SPECTATOR, revealed=revealed)

    def resample_hidden(self, player: int, rng: random.Random) -> KlondikeState:
        """The same table with the face-down cards, and the stock while it is unseen, dealt again at random."""
        other = self.clone()
        hidden = [c for p in other.piles for c in p.cards[: p.down]]
        if not other.stock_known():
            hidden += other.stock
        rng.shuffle(hidden)
        cards = iter(hidden)
        for i, pile in enumerate(other.piles):
            down = tuple(next(cards) for _ in range(pile.down))
            other.piles[i] = FacedPile(down + pile.face_up, pile.down)
        if not other.stock_known():
            other.stock = [next(cards) for _ in other.stock]
        other._legal, other._stuck = None, None
        return other

    @classmethod
    def seen_in(cls, view: TableView) -> KlondikeState:
        """A state ``view`` cannot be told from: the cards it hides are those it does not show, put in a fixed
        order (:meth:`resample_hidden` deals them at random).

        >>> state = KlondikeState(draw=3, passes=0, vegas=False)
        >>> for card in standard_deck(): state.apply(Dealt(card))
        >>> KlondikeState.seen_in(state.view(0)).view(0) == state.view(0)
        True
        """
        state = cls(draw=view.draw, passes=view.passes, vegas=view.vegas)
        shown = [c for p in view.piles for c in p.cards] + list(view.stock) + list(view.waste)
        seen = {c for c in shown if c is not None}
        seen |= {Card(rank, suit) for suit in SUITS for rank in range(ACE, view.home[suit.value] + 1)}
        unseen = iter(c for c in standard_deck() if c not in seen)

        def filled(cards: Sequence[Card | None]) -> list[Card]:
            return [c if c is not None else next(unseen) for c in cards]

        state.dealt, state.turned, state.score, state.moves_made = view.dealt, view.turned, view.score, view.moves
        state.piles = [FacedPile(tuple(filled(p.cards)), p.down) for p in view.piles]
        state.stock, state.waste = filled(view.stock), filled(view.waste)
        state.home = {s: view.home[s.value] for s in SUITS}
        return state

    # -- words ---------------------------------------------------------------------------------------------
    def describe(self, action: Action, viewer: int | None = None) -> str:
        if isinstance(action, Dealt) and viewer is not None:
            place = deal_place(self.dealt)
            if place is None:
                return "A card is put in the stock."
            pile, face_up = place
            if not face_up:
                return f"A card is dealt face down on pile {pile + 1}."
        return self._describe(action)

    def _describe(self, action: Action) -> str:
        if isinstance(action, Dealt):
            place = deal_place(self.dealt)
            if place is None:
                return f"{action.what.display} is put in the stock."
            pile, face_up = place
            return f"{action.what.display} is dealt {'face up' if face_up else 'face down'} on pile {pile + 1}."
        if isinstance(action, GiveUp):
            return "resign: give up; the game counts as lost."
        if isinstance(action, Draw):
            if self.stock:
                return "s: turn the stock."
            return "s: turn the waste over into a new stock."
        card = self.source_card(action.source)
        if card is None:
            return f"{action}: from {place_words(action.source)} to {place_words(action.target)}."
        count = 1
        if action.source in PILE_KEYS and action.target in PILE_KEYS:
            start = self.run_start(int(action.source) - 1, int(action.target) - 1)
            if start is not None:
                run = self.piles[int(action.source) - 1]
                card, count = run.cards[start], len(run) - start
        lead = card.display + (f" and {count - 1} more" if count > 1 else "")
        return f"{action}: {lead} from {place_words(action.source)} to {place_words(action.target)}."

    # -- copies and data -----------------------------------------------------------------------------------
    def clone(self) -> KlondikeState:
        other = KlondikeState.__new__(KlondikeState)
        other.draw, other.passes, other.vegas, other.dealt = self.draw, self.passes, self.vegas, self.dealt
        other.piles = list(self.piles)  # the piles are immutable
        other.stock, other.waste = list(self.stock), list(self.waste)
        other.home = dict(self.home)
        other.turned, other.score, other.resigned = self.turned, self.score, self.resigned
        other.moves_made, other.finish = self.moves_made, self.finish
        other._legal, other._stuck = self._legal, self._stuck
        return other

    def to_json(self) -> JSON:
        return {
            "draw": self.draw,
            "passes": self.passes,
            "vegas": self.vegas,
            "dealt": self.dealt,
            "piles": [p.to_json() for p in self.piles],
            "stock": " ".join(str(c) for c in self.stock),
            "waste": " ".join(str(c) for c in self.waste),
            "home": home_json(self.home),
            "turned": self.turned,
            "score": self.score,
            "resigned": self.resigned,
            "moves": self.moves_made,
            "finish": " ".join(self.finish),
        }

    def cards_in_play(self) -> list[Card]:
        """Every card on the table, the foundations' included."""
        cards = [c for p in self.piles for c in p.cards] + self.stock + self.waste
        return cards + [Card(rank, suit) for suit in SUITS for rank in range(ACE, self.home[suit] + 1)]

    def invariant_violations(self) -> list[str]:
        """Every card dealt is in one place exactly; the deal, the piles' runs and the record are well formed."""
        cards = self.cards_in_play()
        if len(cards) != self.dealt or len(set(cards)) != len(cards):
            return [f"{len(cards)} cards are on the table ({len(set(cards))} different) after {self.dealt} were dealt"]
        if self.moves_made < 0:
            return [f"{self.moves_made} moves were made"]
        if self.finish and not self.won():
            return ["cards went home by themselves in a game not won"]
        for i, pile in enumerate(self.piles):
            up = pile.face_up
            if any(not BUILD.builds_on(a, b) for b, a in itertools.pairwise(up)):
                return [f"the face-up cards of pile {i + 1} are not a run down in alternate colours"]
            if self.dealt >= DECK_SIZE and pile.cards and pile.down == len(pile):
                return [f"pile {i + 1}'s top card lies face down"]
        return []

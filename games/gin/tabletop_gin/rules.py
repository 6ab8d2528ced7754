"""Gin Rummy's rules engine: :class:`GinState`, a hand and the game around it (no I/O, no random numbers).

Every card off the stock is a chance node (dealt, turned up, drawn), so a game replays from its
seed and actions. Seat 0 (North) receives the first ten cards and plays first; South deals the
first hand, and the winner of each hand deals the next.

>>> import random
>>> from tabletop_gin.options import Rules
>>> state = GinState.new(Rules(target=0))
>>> rng = random.Random(4)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> state.phase, state.current_player(), [str(a) for a in state.legal_actions()]
('first', 0, ['pass', 'take'])
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.state import CHANCE, SPECTATOR, TERMINAL, State
from tabletop_gin.actions import Deal, Discard, Draw, GinAction, Knock, LayOff, Meld, Pass, Spread, Take
from tabletop_gin.layoffs import best_defence, layoff_cards
from tabletop_gin.melds import (
    CARD_OF,
    CARDS,
    VALUE,
    best_melds,
    cards_of,
    cards_text,
    deadwood,
    deadwood_after_discard,
    melds_in,
    suit,
    value,
)
from tabletop_gin.options import Rules
from tabletop_gin.reference import openspiel_deadwood
from tabletop_gin.scoring import DRAWN, game_totals, score_hand
from tabletop_gin.view import (
    DEAL,
    DEFEND_LAY,
    DISCARD,
    DRAW,
    DRAWING,
    FIRST,
    KNOCK_DISCARD,
    KNOCK_LAY,
    LAYOFF,
    OVER,
    WALL,
    GinView,
    HandResult,
    public_json,
)
from tabletop_gin.words import SEAT_NAMES, say_action, say_deal, say_draw, say_result

HAND_SIZE = 10
DEALT = 2 * HAND_SIZE + 1
"""Cards off the stock before play: two hands and the upcard."""
WALL_STOCK = 2
"""The hand ends without a score when a discard leaves this many cards in the stock (the wall)."""
MOST_UPCARD_TAKES = 50
"""A safeguard against endless play (OpenSpiel's): the 50th upcard taken in a hand ends it as a draw."""
MOST_HANDS = 50
"""A safeguard: a game not decided after this many hands ends on its totals."""
HAND_LENGTH = 300
"""A bound on the actions of one hand, chance included (OpenSpiel's ``max_game_length``)."""
ALL_CARDS = (1 << CARDS) - 1
SPADES = 3
ACE_KNOCK = 0
"""Oklahoma: an Ace turned up means the hand can only end by gin."""
QUIET = "quiet"
"""The facts of an event the board leaves out of its short log: a card of the deal."""
TOLD_NEXT = "told next"
"""The facts of a draw from the stock, which the card drawn, the next event, tells again: left out of every log."""
REVEALED = (KNOCK_LAY, LAYOFF, DEFEND_LAY)
"""Phases in which the knocker's hand lies face up."""


class GinState(State[GinAction]):
    """A position of a game of Gin Rummy."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.scores = [0, 0]
        self.boxes = [0, 0]
        self.hand_number = 0
        self.dealer = 1
        self.last: HandResult | None = None
        self.winner: int | None = None
        self._new_hand()

    @classmethod
    def new(cls, rules: Rules | None = None) -> GinState:
        """A new game, its first card about to be dealt."""
        return cls(rules or Rules())

    def _new_hand(self) -> None:
        self.hand_number += 1
        self.phase = DEAL
        self.player = 1 - self.dealer
        self.hands = [0, 0]
        self.stock = ALL_CARDS
        self.pile: list[int] = []
        self.dealt = 0
        self.knock_card = self.rules.knock
        self.doubled = False
        self.passes = 0
        self.taken: int | None = None
        self.prev_upcard: int | None = None
        self.repeated = False
        self.upcard_takes = 0
        self.known = [0, 0]
        self.declined = [0, 0]
        self.knocker: int | None = None
        self.melds: list[list[int]] = [[], []]
        self.layoffs: list[int] = []

    # -- the protocol ------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase in (DEAL, DRAWING):
            return CHANCE
        return self.player

    def chance_outcomes(self) -> list[tuple[GinAction, float]]:
        cards = cards_of(self.stock)
        p = 1 / len(cards)
        return [(Deal(c), p) for c in cards]

    def _legal_actions(self, player: int) -> list[GinAction]:
        hand = self.hands[player]
        if self.phase == FIRST:
            return [Draw()] if self.passes == 2 else [Take(), Pass()]
        if self.phase == DRAW:
            return [Take(), Draw()]
        if self.phase == DISCARD:
            moves: list[GinAction] = [Discard(c) for c in cards_of(hand) if self._may_discard(c)]
            return moves + [Knock()] if self.can_knock(hand) else moves
        if self.phase == WALL:
            upcard = self.pile[-1]
            return [Pass(), Knock()] if self.can_knock(hand | 1 << upcard, upcard) else [Pass()]
        if self.phase == KNOCK_DISCARD:
            return [Discard(c) for c in self.knock_discards()]
        spread: list[GinAction] = [Spread()] if self._may_spread() else []
        if self.phase == KNOCK_LAY:
            melds: list[GinAction] = [Meld(m) for m in self.knock_melds()]
            return spread + melds + [Pass()] if value(hand) <= self.knock_card else spread + melds
        if self.phase == LAYOFF:
            return [*spread, Pass(), *(LayOff(c) for c in self.layoff_choices())]
        return [*spread, Pass(), *(Meld(m) for m in melds_in(hand))]

    def _may_spread(self) -> bool:
        """The written rules' whole spread, offered before a first meld or lay-off."""
        if self.rules.openspiel:
            return False
        return not self.layoffs if self.phase == LAYOFF else not self.melds[self.player]

    def _may_discard(self, card: int) -> bool:
        return self.rules.openspiel or card != self.taken

    def can_knock(self, hand: int, taken: int | None = None) -> bool:
        """Whether an eleven-card ``hand`` may knock (``taken``: the card just taken, not to be thrown back)."""
        return self.knock_deadwood(hand, self.taken if taken is None else taken) <= self.knock_card

    def knock_deadwood(self, hand: int, taken: int | None = None) -> int:
        """The deadwood an eleven-card hand knocks with: after its best discard (OpenSpiel: its estimate)."""
        if self.rules.openspiel:
            return openspiel_deadwood(hand)
        return deadwood_after_discard(hand, -1 if taken is None else taken)

    def knock_discards(self) -> list[int]:
        """The cards the knocker may put face down: any that leaves a hand within the knock card."""
        hand = self.hands[self.player]
        return [c for c in cards_of(hand) if self._may_discard(c) and deadwood(hand & ~(1 << c)) <= self.knock_card]

    def knock_melds(self) -> list[int]:
        """The melds the knocker may lay: each leaves cards still within the knock card."""
        hand = self.hands[self.player]
        return [m for m in melds_in(hand) if deadwood(hand & ~m) <= self.knock_card]

    def layoff_choices(self) -> list[int]:
        """The cards the defender may lay off on the knocker's melds now."""
        assert self.knocker is not None
        cards = layoff_cards(self.melds[self.knocker], self.layoffs, openspiel=self.rules.openspiel)
        return [c for c in sorted(cards) if self.hands[self.player] >> c & 1]

    def _apply_action(self, action: GinAction) -> None:
        if isinstance(action, Deal):
            self._deal(action.card)
        elif isinstance(action, Take):
            self._take()
        elif isinstance(action, Draw):
            self.prev_upcard = self.pile[-1]
            self.declined[self.player] |= 1 << self.pile[-1]
            self.phase = DRAWING
        elif isinstance(action, Pass):
            self._pass()
        elif isinstance(action, Discard):
            self._discard(action.card)
        elif isinstance(action, Knock):
            self._knock()
        elif isinstance(action, Spread):
            self._spread()
        elif isinstance(action, Meld):
            self.hands[self.player] &= ~action.cards
            self.melds[self.player].append(action.cards)
        else:
            self.hands[self.player] &= ~(1 << action.card)
            self.layoffs.append(action.card)
        for seat in (0, 1):  # a card laid face up is no longer a known card of the hand
            self.known[seat] &= self.hands[seat]

    def _deal(self, card: int) -> None:
        self.stock &= ~(1 << card)
        if self.phase == DRAWING:
            self.hands[self.player] |= 1 << card
            self.taken = None
            self.phase = DISCARD
            return
        self.dealt += 1
        if self.dealt < DEALT:
            receiver = 1 - self.dealer if self.dealt <= HAND_SIZE else self.dealer
            self.hands[receiver] |= 1 << card
            return
        self.pile.append(card)
        if self.rules.oklahoma:
            self.knock_card = ACE_KNOCK if VALUE[card] == 1 else VALUE[card]
            self.doubled = suit(card) == SPADES and not self.rules.openspiel
        self.phase, self.player = FIRST, 1 - self.dealer

    def _take(self) -> None:
        if self.phase == DRAW:
            self.upcard_takes += 1
            if self.upcard_takes == MOST_UPCARD_TAKES:
                self._end_hand(None)
                return
        card = self.pile.pop()
        self.hands[self.player] |= 1 << card
        self.known[self.player] |= 1 << card
        self.taken = self.prev_upcard = card
        self.phase = DISCARD

    def _pass(self) -> None:
        if self.phase == FIRST:
            self.declined[self.player] |= 1 << self.pile[-1]
            self.passes += 1
            self.player = 1 - self.player
        elif self.phase == WALL:
            self._end_hand(None)
        elif self.phase == KNOCK_LAY:
            self.player = 1 - self.player
            self.phase = DEFEND_LAY if value(self.hands[1 - self.player]) == 0 else LAYOFF
        elif self.phase == LAYOFF:
            self.phase = DEFEND_LAY
        else:
            self._score_knock()

    def _spread(self) -> None:
        hand = self.hands[self.player]
        melds: tuple[int, ...] = best_melds(hand)
        if self.phase == LAYOFF:
            assert self.knocker is not None
            _, (laid, *own) = best_defence(self.melds[self.knocker], hand, openspiel=False)
            self.layoffs += cards_of(laid)
            hand &= ~laid
            melds = tuple(own)
            self.phase = DEFEND_LAY
        for meld in melds:
            hand &= ~meld
            self.melds[self.player].append(meld)
        self.hands[self.player] = hand
        self._pass()

    def _discard(self, card: int) -> None:
        hand = self.hands[self.player] & ~(1 << card)
        self.hands[self.player] = hand
        self.known[self.player] &= ~(1 << card)
        self.pile.append(card)
        self.taken = None
        if self.phase == KNOCK_DISCARD:
            self.phase = KNOCK_LAY
            return
        self.player = 1 - self.player
        if card == self.prev_upcard:
            if self.repeated:  # both threw back the card they took: OpenSpiel ends the hand
                self._end_hand(None)
                return
            self.repeated = True
        else:
            self.repeated = False
        self.phase = WALL if self.stock.bit_count() == WALL_STOCK else DRAW

    def _knock(self) -> None:
        if self.phase == WALL:
            card = self.pile.pop()
            self.hands[self.player] |= 1 << card
            self.known[self.player] |= 1 << card
            self.taken = card
        self.knocker = self.player
        self.phase = KNOCK_DISCARD

    def _score_knock(self) -> None:
        knocker = self.knocker
        assert knocker is not None
        dead = (value(self.hands[0]), value(self.hands[1]))
        kind, winner, points = score_hand(
            self.rules,
            knocker=knocker,
            knocker_deadwood=dead[knocker],
            defender_deadwood=dead[1 - knocker],
            doubled=self.doubled,
        )
        self._end_hand(HandResult(kind, winner, points, dead, knocker, (self.hands[0], self.hands[1])))

    def _end_hand(self, result: HandResult | None) -> None:
        if result is None:
            dead = (deadwood(self.hands[0]), deadwood(self.hands[1]))
            result = HandResult(DRAWN, None, 0, dead, None, (self.hands[0], self.hands[1]))
        self.last = result
        if self.rules.single_hand:
            self.phase = OVER
            return
        if result.winner is not None:
            self.scores[result.winner] += result.points
            self.boxes[result.winner] += 1
            self.dealer = result.winner
            if self.scores[result.winner] >= self.rules.target:
                self.winner = result.winner
                self.phase = OVER
                return
        if self.hand_number >= MOST_HANDS:
            self.phase = OVER
            return
        self._new_hand()

    # -- results -----------------------------------------------------------------------------------------
    def hand_points(self) -> tuple[int, int]:
        """The last hand's score for each seat (what it won, less what the other won)."""
        if self.last is None or self.last.winner is None:
            return (0, 0)
        signed = self.last.points if self.last.winner == 0 else -self.last.points
        return (signed, -signed)

    def totals(self) -> tuple[int, int]:
        """Each seat's total with the box and game bonuses (points alone while the game goes on)."""
        if self.phase != OVER:
            return self.scores[0], self.scores[1]
        return game_totals((self.scores[0], self.scores[1]), (self.boxes[0], self.boxes[1]), self.winner)

    def returns(self) -> list[float]:
        first = self.hand_points()[0] if self.rules.single_hand else self.totals()[0] - self.totals()[1]
        return [1.0, 0.0] if first > 0 else [0.0, 1.0] if first < 0 else [0.5, 0.5]

    def final_score(self) -> float | None:
        return None

    def outcome_text(self) -> str:
        if self.rules.single_hand:
            return say_result(self.last) if self.last else "Game over."
        a, b = self.totals()
        if a == b:
            return f"A drawn game, {a} to {b}."
        best = 0 if a > b else 1
        return f"{SEAT_NAMES[best]} wins the game, {max(a, b)} to {min(a, b)}."

    # -- views and words ----------------------------------------------------------------------------------
    def view(self, player: int) -> GinView:
        return self._view(player, revealed=False)

    def _table_view(self, revealed: bool) -> GinView:
        return self._view(SPECTATOR, revealed=revealed)

    def _view(self, player: int, *, revealed: bool) -> GinView:
        shown = [revealed or p == player or (p == self.knocker and self.phase in REVEALED) for p in (0, 1)]
        hands = tuple(h if s else None for h, s in zip(self.hands, shown, strict=True))
        return GinView(
            player=player,
            phase=self.phase,
            to_act=self.current_player(),
            dealer=self.dealer,
            hands=(hands[0], hands[1]),
            counts=(self.hands[0].bit_count(), self.hands[1].bit_count()),
            known=(self.known[0], self.known[1]),
            declined=(self.declined[0], self.declined[1]),
            pile=tuple(self.pile),
            stock=self.stock.bit_count(),
            knock_card=self.knock_card,
            taken=self.taken,
            passes=self.passes,
            knocker=self.knocker,
            melds=(tuple(self.melds[0]), tuple(self.melds[1])),
            layoffs=tuple(self.layoffs),
            scores=(self.scores[0], self.scores[1]),
            boxes=(self.boxes[0], self.boxes[1]),
            hand_number=self.hand_number,
            last=self.last if self.last is None or revealed else self.last.as_seen(),
            rules=self.rules,
        )

    def resample_hidden(self, player: int, rng: random.Random) -> GinState:
        """Redeal the other hand's unknown cards and the stock from the cards ``player`` has not seen."""
        other = self.clone()
        opponent = 1 - player
        if self.knocker == opponent and self.phase in REVEALED:
            return other
        secret = self.hands[opponent] & ~self.known[opponent]
        unseen = cards_of(secret | self.stock)
        rng.shuffle(unseen)
        count = secret.bit_count()
        new_secret = sum(1 << c for c in unseen[:count])
        other.hands[opponent] = self.known[opponent] | new_secret
        other.stock = sum(1 << c for c in unseen[count:])
        return other

    def describe(self, action: GinAction, viewer: int | None = None) -> str:
        name = SEAT_NAMES[self.player] if self.phase != DEAL else ""
        if isinstance(action, Deal):
            return self._describe_deal(action.card, viewer)
        upcard = self.pile[-1] if self.pile else None
        text = say_action(name, action, phase=self.phase, upcard=upcard)
        after = self.clone()
        after.apply(action)
        if after.hand_number != self.hand_number or after.phase == OVER:
            result = after.last
            return f"{text} {say_result(result)}" if result else text
        return text

    def _describe_deal(self, card: int, viewer: int | None) -> str:
        if self.phase == DRAWING:
            return say_draw(SEAT_NAMES[self.player], card, seen=viewer is None or viewer == self.player)
        dealt = self.dealt + 1
        receiver = 1 - self.dealer if dealt <= HAND_SIZE else self.dealer
        seen = viewer is None or viewer == receiver
        return say_deal(SEAT_NAMES[receiver], card, seen=seen, upcard=dealt == DEALT)

    def event_facts(self, action: GinAction, viewer: int | None = None) -> Any:
        """:data:`TOLD_NEXT` for a draw from the stock (told by the card drawn next), :data:`QUIET` for the
        cards of the deal, which the board leaves out of its log; else None."""
        if isinstance(action, Draw):
            return TOLD_NEXT
        if self.phase == DEAL and self.dealt + 1 < DEALT:
            return QUIET
        return None

    # -- copies and checks --------------------------------------------------------------------------------
    def clone(self) -> GinState:
        other = object.__new__(GinState)
        other.__dict__.update(self.__dict__)
        other.hands = list(self.hands)
        other.pile = list(self.pile)
        other.known = list(self.known)
        other.declined = list(self.declined)
        other.melds = [list(self.melds[0]), list(self.melds[1])]
        other.layoffs = list(self.layoffs)
        other.scores = list(self.scores)
        other.boxes = list(self.boxes)
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_json(),
            "phase": self.phase,
            "player": self.player,
            "dealer": self.dealer,
            "hands": [cards_text(h) for h in self.hands],
            "stock": cards_text(self.stock),
            "pile": [str(CARD_OF[c]) for c in self.pile],
            "dealt": self.dealt,
            "knock_card": self.knock_card,
            "doubled": self.doubled,
            "passes": self.passes,
            "taken": _card_or_none(self.taken),
            "prev_upcard": _card_or_none(self.prev_upcard),
            "repeated": self.repeated,
            "upcard_takes": self.upcard_takes,
            **public_json(self),
            "winner": self.winner,
        }

    def invariant_violations(self) -> list[str]:
        places = [*self.hands, self.stock, sum(1 << c for c in self.pile), *self.melds[0], *self.melds[1]]
        places += [1 << c for c in self.layoffs]
        total = 0
        for mask in places:
            if total & mask:
                return ["a card lies in two places"]
            total |= mask
        return [] if total == ALL_CARDS else ["a card is missing"]


def _card_or_none(card: int | None) -> str | None:
    return None if card is None else str(CARD_OF[card])

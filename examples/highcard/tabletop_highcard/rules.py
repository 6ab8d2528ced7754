"""The rules of High Card: no I/O, no random numbers; the deal is a chance node.

Nine cards numbered 1 to 9. Each of two players is dealt a hand of three (or
four) cards, one at a time, North first. North leads the first trick; the
follower sees the lead card and answers with any card of theirs; the higher
card wins (the lower one in the *lowball* variant) and its player leads next.
Most tricks wins; equal tricks is a draw.

    >>> state = HighCardState(hand_size=3, low=False)
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 9)
    >>> for card in [9, 1, 8, 2, 7, 3]:
    ...     state.apply(Deal(card))
    >>> [str(a) for a in state.legal_actions()]
    ['play 7', 'play 8', 'play 9']
    >>> state.view(1).to_json()["hand"]
    [1, 2, 3]
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tabletop.game import (
    CHANCE,
    JSON,
    SPECTATOR,
    TERMINAL,
    IllegalActionError,
    InvalidStateError,
    State,
    Switch,
    View,
    whole_number,
)

CARDS = tuple(range(1, 10))
SEATS = ("North", "South")
HAND = whole_number("hand", "Cards per hand", 3, 4, default=3, help="How many cards each player is dealt.")
"""The hand size, read as an int (a record keeps it as text, like every option)."""
LOW = Switch("low", "Lowball", help="The lower card wins each trick.")


@dataclass(frozen=True)
class Deal:
    """Chance deals ``card`` from the face-down deck to the player whose turn it is to receive."""

    card: int

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True)
class Play:
    """The player to act puts ``card`` from their hand on the trick."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


Action = Deal | Play


def beats(card: int, other: int, low: bool) -> bool:
    """Whether ``card`` takes a trick from ``other``: the higher card, or the lower one in Lowball.

    >>> beats(7, 3, low=False), beats(7, 3, low=True)
    (True, False)
    """
    return card < other if low else card > other


@dataclass(frozen=True, eq=False)
class HighCardView(View):
    """What one player knows: their hand, the table, and the size of every hidden pile."""

    player: int
    hand: tuple[int, ...]
    opponent_cards: int
    deck_cards: int
    trick: tuple[int, ...]
    leader: int
    tricks: tuple[int, int]
    played: tuple[tuple[int, int, int], ...]
    to_act: int
    low: bool


@dataclass(frozen=True, eq=False)
class HighCardTable(View):
    """The table seen from no seat (a replay): each hand face down, or face up once revealed.

    A face-down card is ``None``, so a hand shows its size and nothing more.
    """

    player: int
    """Always :data:`tabletop.game.SPECTATOR`."""
    hands: tuple[tuple[int | None, ...], tuple[int | None, ...]]
    deck_cards: int
    trick: tuple[int, ...]
    leader: int
    tricks: tuple[int, int]
    played: tuple[tuple[int, int, int], ...]
    to_act: int
    low: bool


class HighCardState(State[Action]):
    """A position: both hands, the undealt deck, the trick on the table and the score."""

    def __init__(self, hand_size: int, low: bool) -> None:
        self.hand_size = hand_size
        self.low = low
        self.hands: list[list[int]] = [[], []]
        self.deck: list[int] = list(CARDS)
        self.leader = 0
        self.trick: list[int] = []
        self.tricks = [0, 0]
        # Finished tricks as [leader, lead card, follow card]: public knowledge.
        self.played: list[list[int]] = []

    # -- whose turn ------------------------------------------------------------
    def _dealt(self) -> int:
        return len(CARDS) - len(self.deck)

    def current_player(self) -> int:
        if self._dealt() < 2 * self.hand_size:
            return CHANCE
        if len(self.played) == self.hand_size:
            return TERMINAL
        return self.leader if not self.trick else 1 - self.leader

    def _legal_actions(self, player: int) -> list[Action]:
        return [Play(c) for c in self.hands[player]]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.is_chance_node():
            raise IllegalActionError("no card is being dealt now")
        p = 1 / len(self.deck)
        return [(Deal(c), p) for c in self.deck]

    # -- moves -----------------------------------------------------------------
    def _apply_action(self, action: Action) -> None:
        # apply() has checked the action is legal: a card left in the deck, or in the player's hand.
        if isinstance(action, Deal):
            receiver = self._dealt() % 2
            self.deck.remove(action.card)
            _insert_sorted(self.hands[receiver], action.card)
            return
        self.hands[self.current_player()].remove(action.card)
        self.trick.append(action.card)
        if len(self.trick) == 2:
            self._finish_trick()

    def _finish_trick(self) -> None:
        lead, follow = self.trick
        winner = self.leader if beats(lead, follow, self.low) else 1 - self.leader
        self.tricks[winner] += 1
        self.played.append([self.leader, lead, follow])
        self.leader = winner
        self.trick = []

    def invariant_violations(self) -> list[str]:
        """Every card is in the deck, a hand, the trick or a finished trick, exactly once."""
        places = self.deck + self.hands[0] + self.hands[1] + self.trick
        places += [card for _, lead, follow in self.played for card in (lead, follow)]
        if sorted(places) != list(CARDS):
            return [f"the cards are {sorted(places)}, not {list(CARDS)} once each"]
        return []

    # -- results ---------------------------------------------------------------
    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        north, south = self.tricks
        if north == south:
            return [0.5, 0.5]
        return [1.0, 0.0] if north > south else [0.0, 1.0]

    def outcome_text(self) -> str:
        north, south = self.tricks
        if north == south:
            return f"A draw, {north} tricks each."
        winner = 0 if north > south else 1
        return f"{SEATS[winner]} wins {max(north, south)} tricks to {min(north, south)}."

    # -- copies, views, hidden information ---------------------------------------
    def view(self, player: int) -> HighCardView:
        return HighCardView(
            player=player,
            hand=tuple(self.hands[player]),
            opponent_cards=len(self.hands[1 - player]),
            deck_cards=len(self.deck),
            trick=tuple(self.trick),
            leader=self.leader,
            tricks=(self.tricks[0], self.tricks[1]),
            played=tuple((t[0], t[1], t[2]) for t in self.played),
            to_act=self.current_player(),
            low=self.low,
        )

    def _table_view(self, revealed: bool) -> HighCardTable:
        """The table from no seat: both hands face down (a replay of a game going on), or face up."""

        def shown(hand: list[int]) -> tuple[int | None, ...]:
            return tuple(hand) if revealed else (None,) * len(hand)

        return HighCardTable(
            player=SPECTATOR,
            hands=(shown(self.hands[0]), shown(self.hands[1])),
            deck_cards=len(self.deck),
            trick=tuple(self.trick),
            leader=self.leader,
            tricks=(self.tricks[0], self.tricks[1]),
            played=tuple((t[0], t[1], t[2]) for t in self.played),
            to_act=self.current_player(),
            low=self.low,
        )

    def resample_hidden(self, player: int, rng: random.Random) -> HighCardState:
        """Redeal the opponent's hand and the deck from the cards ``player`` has not seen."""
        other = self.clone()
        opponent = 1 - player
        unseen = other.hands[opponent] + other.deck
        rng.shuffle(unseen)
        size = len(other.hands[opponent])
        other.hands[opponent] = sorted(unseen[:size])
        other.deck = sorted(unseen[size:])
        return other

    def to_json(self) -> JSON:
        return {
            "hand_size": self.hand_size,
            "low": self.low,
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "leader": self.leader,
            "trick": list(self.trick),
            "tricks": list(self.tricks),
            "played": [list(t) for t in self.played],
        }

    # -- words -----------------------------------------------------------------
    def describe(self, action: Action, viewer: int | None = None) -> str:
        if isinstance(action, Deal):
            receiver = self._dealt() % 2
            if viewer is None:
                return f"{SEATS[receiver]} is dealt {action.card}."
            if viewer == receiver:
                return f"You are dealt {action.card}."
            return f"{SEATS[receiver]} is dealt a card."
        actor = self.current_player()
        who = "You" if viewer == actor else SEATS[actor]
        if not self.trick:
            return f"{who} {'lead' if who == 'You' else 'leads'} {action.card}."
        lead = self.trick[0]
        winner = self.leader if beats(lead, action.card, self.low) else actor
        won = "you win" if viewer == winner else f"{SEATS[winner]} wins"
        return f"{who} {'play' if who == 'You' else 'plays'} {action.card} on {lead}: {won} the trick."


def _insert_sorted(cards: list[int], card: int) -> None:
    cards.append(card)
    cards.sort()


def state_from_json(state_type: type[HighCardState], data: JSON) -> HighCardState:
    """A state of class ``state_type`` from :meth:`HighCardState.to_json`'s form, checked card by card."""
    if not isinstance(data, dict):
        raise InvalidStateError("a High Card state is a JSON object")
    try:
        state = state_type(int(data["hand_size"]), bool(data["low"]))
        state.hands = [_cards(h) for h in data["hands"]]
        state.deck = _cards(data["deck"])
        state.leader = int(data["leader"])
        state.trick = [int(c) for c in data["trick"]]
        state.tricks = [int(t) for t in data["tricks"]]
        state.played = [[int(x) for x in t] for t in data["played"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidStateError(f"malformed High Card state: {type(exc).__name__}: {exc}") from None
    _check_consistent(state)
    return state


def _cards(value: Any) -> list[int]:
    return sorted(int(c) for c in value)


def _check_consistent(state: HighCardState) -> None:
    if state.hand_size not in (3, 4) or len(state.hands) != 2 or state.leader not in (0, 1):
        raise InvalidStateError("hand_size must be 3 or 4, with two hands and a leader 0 or 1")
    seen = state.hands[0] + state.hands[1] + state.deck + state.trick
    seen += [c for t in state.played for c in t[1:]]
    if sorted(seen) != list(CARDS):
        raise InvalidStateError(f"the cards must be 1 to 9 once each, found {sorted(seen)}")
    if len(state.trick) > 1 or sum(state.tricks) != len(state.played):
        raise InvalidStateError("the trick and the trick count do not add up")


RULES = """\
# High Card

Nine cards, numbered 1 to 9. Each player is dealt three cards (four with the
*Cards per hand* option); the rest stay face down.

North leads the first trick by playing any card face up. South answers with
any card. The higher card wins the trick (the **lower** one in *Lowball*), and
the winner leads the next trick. When the hands are empty, whoever won more
tricks wins the game; equal tricks is a draw.
"""

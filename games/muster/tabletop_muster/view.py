"""What one player may know of a Muster state, and determinizations built from it.

A view holds the viewer's hand, both boards, every castle space's stack, the
deck size, the opponent's hand size, the cards known on each side (taken from a
castle space or by a Swap and not played since), the turn and phase, the
variants, and the score so far. Nothing else.

:func:`determinize_as` turns a view back into a full position by dealing the
cards the viewer has not seen at random (:func:`tabletop_muster.state.determinize`
makes it a ``MusterState``); a full state's hidden cards are redealt by
:func:`tabletop_muster.state.deal_unseen` (``resample_hidden``, and the search's
samples). A view's JSON and its phase line are written here too, as the view is
all they need.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from tabletop.game import SPECTATOR, View
from tabletop_muster.cards import (
    COPIES,
    FACTION_KEYS,
    FACTION_NAMES,
    NUM_KINDS,
    SEAT_KEYS,
    SEAT_NAMES,
    card_code,
    card_name,
    token_code,
)
from tabletop_muster.rules import DECISION_PHASES, PHASE_NAMES, MusterRules
from tabletop_muster.scoring import CastleResult, Score, castle_results, score

Column = tuple[int, ...]
R = TypeVar("R", bound=MusterRules)

_DECISION_PHASE_NAMES = frozenset(PHASE_NAMES[p] for p in DECISION_PHASES)


@dataclass(frozen=True, eq=False)
class MusterView(View):
    """Player ``player``'s view. Cards are kinds and column tokens as in :mod:`tabletop_muster.cards`.

    ``columns[p][f]`` and ``castles[f]`` list cards bottom to top. ``to_move`` is
    the player who must decide now (None at a chance node or when the game is
    over); ``turn_of`` is the player whose turn it is.
    """

    player: int
    hand: tuple[int, ...]
    known_by_opponent: tuple[int, ...]
    """Cards of the viewer's own hand that the opponent knows."""
    opponent_hand_size: int
    opponent_known: tuple[int, ...]
    """Cards known to be in the opponent's hand."""
    columns: tuple[tuple[Column, ...], tuple[Column, ...]]
    castles: tuple[Column, ...]
    deck_size: int
    phase: str
    """One of ``first deal act refill draw flip place over`` (see :data:`PHASE_NAMES`)."""
    turn_of: int
    first: int | None
    turn: int
    to_draw: int
    """Cards still to draw in a refill."""
    castled: int | None
    """Castle space castled onto this turn: its top card may not be drawn back."""
    pending: int | None
    """Rainbow card turned up by a Move, awaiting a space."""
    simplified: bool
    power_of_one: bool
    over_rainbow: bool

    @property
    def to_move(self) -> int | None:
        return self.turn_of if self.phase in _DECISION_PHASE_NAMES else None

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def score(self) -> Score:
        """Castles held, totals and the per-castle breakdown, as the board stands."""
        return score(self.columns)

    def castle_results(self) -> tuple[CastleResult, ...]:
        return castle_results(self.columns)

    def legal_actions(self) -> list[Any]:
        """The viewer's legal actions when they are to move (empty otherwise)."""
        if self.to_move != self.player:
            return []
        return determinize_as(MusterRules, self, random.Random(0)).legal_actions()

    def phase_text(self) -> str:
        """A short line for a status bar, e.g. ``refill, 2 to draw (not from the Water space)``."""
        return phase_text(self)

    def to_json(self) -> Any:
        return view_to_json(self)


@dataclass(frozen=True, eq=False)
class TableView(View):
    """Muster seen from no seat, as a replay shows it: the board, and each hand as its size and
    the cards known in it (taken from a castle space or by a Swap); ``revealed`` shows both hands
    whole, for a game that is over.

    ``board`` carries the public part and is drawn from South's side; its own hand fields hold
    only South's known cards, never a hidden one.
    """

    player: int
    """Always :data:`tabletop.game.SPECTATOR`."""
    board: MusterView
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    """Per seat: the known cards, or the whole hand when ``revealed``."""
    hand_sizes: tuple[int, int]
    revealed: bool

    def is_terminal(self) -> bool:
        return self.board.is_terminal()

    def to_json(self) -> Any:
        return {
            "kind": "table",
            "board": view_to_json(self.board),
            "hands": [list(h) for h in self.hands],
            "hand_sizes": list(self.hand_sizes),
            "revealed": self.revealed,
        }


def table_view_of(state: MusterRules, *, revealed: bool) -> TableView:
    """The view from no seat: public cards only, or (``revealed``) both hands too."""
    seen = state.hands if revealed else state.known
    hands = (tuple(sorted(seen[0])), tuple(sorted(seen[1])))
    board = replace(view_of(state, 1), hand=tuple(sorted(state.known[1])))
    return TableView(SPECTATOR, board, hands, (len(state.hands[0]), len(state.hands[1])), revealed)


def view_of(state: MusterRules, player: int) -> MusterView:
    other = 1 - player
    return MusterView(
        player=player,
        hand=tuple(sorted(state.hands[player])),
        known_by_opponent=tuple(sorted(state.known[player])),
        opponent_hand_size=len(state.hands[other]),
        opponent_known=tuple(sorted(state.known[other])),
        columns=(tuple(tuple(c) for c in state.cols[0]), tuple(tuple(c) for c in state.cols[1])),
        castles=tuple(tuple(c) for c in state.castles),
        deck_size=len(state.deck),
        phase=PHASE_NAMES[state.phase],
        turn_of=state.cur,
        first=state.first if state.first >= 0 else None,
        turn=state.turn,
        to_draw=state.need,
        castled=state.castled if state.castled >= 0 else None,
        pending=state.pending if state.pending >= 0 else None,
        simplified=state.simplified,
        power_of_one=state.power_of_one,
        over_rainbow=state.over_rainbow,
    )


def redeal_hidden(state: MusterRules, other: int, hand_size: int, rng: random.Random) -> None:
    """Fill ``other``'s hand up to ``hand_size`` and the deck with the cards the state lacks.

    ``state`` holds everything the viewer knows (the opponent's hand holds just
    its known cards, the deck is empty); the missing cards are shuffled and the
    opponent's unknown cards are dealt from them, the rest forming the deck.
    """
    counts = state.card_count()
    pool = [k for k in range(NUM_KINDS) for _ in range(COPIES[k] - counts[k])]
    rng.shuffle(pool)
    missing = hand_size - len(state.hands[other])
    state.hands[other].extend(pool[:missing])
    state.deck = sorted(pool[missing:])
    state._legal = None


def determinize_as(kind: type[R], view: MusterView, rng: random.Random) -> R:
    """A full position of class ``kind`` consistent with ``view``: hidden cards dealt at
    random from the unseen ones.

    >>> s = MusterRules.new(first=0)
    >>> for _ in range(10): s.apply(s.sample_chance(random.Random(1)))
    >>> d = determinize_as(MusterRules, view_of(s, 0), random.Random(2))
    >>> view_of(d, 0) == view_of(s, 0), len(d.deck)
    (True, 37)
    """
    p, other = view.player, 1 - view.player
    s = kind()
    s.set_variants(view.simplified, view.power_of_one, view.over_rainbow)
    s.phase = PHASE_NAMES.index(view.phase)
    s.cur = view.turn_of
    s.first = -1 if view.first is None else view.first
    s.turn = view.turn
    s.need = view.to_draw
    s.castled = -1 if view.castled is None else view.castled
    s.pending = -1 if view.pending is None else view.pending
    s.hands[p] = list(view.hand)
    s.known[p] = list(view.known_by_opponent)
    s.hands[other] = list(view.opponent_known)
    s.known[other] = list(view.opponent_known)
    s.cols = [[list(c) for c in view.columns[0]], [list(c) for c in view.columns[1]]]
    s.castles = [list(c) for c in view.castles]
    s.dealt = len(view.hand) + view.opponent_hand_size if view.phase == "deal" else 0
    s.sync()
    redeal_hidden(s, other, view.opponent_hand_size, rng)
    return s


def phase_text(v: MusterView) -> str:
    """Whose turn and what they must do, e.g. ``North: refill, 2 to draw (not from the Water space)``."""
    who = SEAT_NAMES[v.turn_of]
    if v.phase == "act":
        return f"{who} to act"
    if v.phase == "refill":
        not_from = f" (not from the {FACTION_NAMES[v.castled]} space)" if v.castled is not None else ""
        return f"{who}: refill, {v.to_draw} to draw{not_from}"
    if v.phase == "place":
        return (
            f"{who}: choose a castle space for the {card_name(v.pending) if v.pending is not None else 'Rainbow card'}"
        )
    if v.phase == "draw":
        return f"{who} draws from the deck"
    if v.phase == "flip":
        return "the deck's top card is turned up"
    if v.phase == "deal":
        return "dealing"
    if v.phase == "first":
        return "choosing the first player"
    return "game over"


# ------------------------------------------------------------------ JSON
# The spelling of cards, stacks, columns and the common header is shared with the
# full state's writer (:func:`tabletop_muster.codec.state_to_json`).
VARIANT_KEYS = ("simplified", "power_of_one", "over_the_rainbow")


def json_cards(kinds: Iterable[int]) -> list[str]:
    """A multiset of cards (a hand, the deck), written sorted."""
    return [card_code(k) for k in sorted(kinds)]


def json_stack(kinds: Iterable[int]) -> list[str]:
    """A castle space's stack, bottom to top."""
    return [card_code(k) for k in kinds]


def json_columns(cols: Sequence[Sequence[int]]) -> dict[str, list[str]]:
    """One player's five columns, tokens bottom to top."""
    return {FACTION_KEYS[f]: [token_code(t) for t in cols[f]] for f in range(5)}


def json_header(
    phase: int,
    cur: int,
    first: int,
    turn: int,
    need: int,
    castled: int,
    pending: int,
    variants: tuple[bool, bool, bool],
) -> dict[str, Any]:
    """The fields a full state and a view share."""
    return {
        "game": "muster",
        "variants": dict(zip(VARIANT_KEYS, variants)),
        "phase": PHASE_NAMES[phase],
        "turn_of": SEAT_KEYS[cur],
        "first": SEAT_KEYS[first] if first >= 0 else None,
        "turn": turn,
        "to_draw": need,
        "castled": FACTION_KEYS[castled] if castled >= 0 else None,
        "pending": card_code(pending) if pending >= 0 else None,
    }


def view_to_json(v: MusterView) -> dict[str, Any]:
    """A view; ``score`` is derived from the columns and ignored when read back."""
    data: dict[str, Any] = {"kind": "view", "viewer": SEAT_KEYS[v.player]}
    data.update(
        json_header(
            PHASE_NAMES.index(v.phase),
            v.turn_of,
            -1 if v.first is None else v.first,
            v.turn,
            v.to_draw,
            -1 if v.castled is None else v.castled,
            -1 if v.pending is None else v.pending,
            (v.simplified, v.power_of_one, v.over_rainbow),
        )
    )
    data["deck_size"] = v.deck_size
    data["castles"] = {FACTION_KEYS[f]: json_stack(v.castles[f]) for f in range(5)}
    me, other = v.player, 1 - v.player
    data[SEAT_KEYS[me]] = {
        "hand": json_cards(v.hand),
        "known": json_cards(v.known_by_opponent),
        "columns": json_columns(v.columns[me]),
    }
    data[SEAT_KEYS[other]] = {
        "hand_size": v.opponent_hand_size,
        "known": json_cards(v.opponent_known),
        "columns": json_columns(v.columns[other]),
    }
    sc = score(v.columns)
    data["score"] = {
        "castles": list(sc.castles),
        "totals": list(sc.totals),
        "leader": SEAT_KEYS[sc.winner] if sc.winner is not None else None,
    }
    return data

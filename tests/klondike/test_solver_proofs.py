"""The Klondike solver's verdicts against the game itself: every line it finds wins when played, and no
endgame it calls lost has a win anywhere in the game's own graph of positions (searched in full, every legal
move tried but taking back from home a card that was home when the endgame began, which makes the graph too
large to search; on endgames small enough to search so)."""

from __future__ import annotations

import random

import pytest

from tabletop.playing_cards import KING, SUITS, Card, FacedPile, Suit, parse_cards
from tabletop_klondike.command import dealt
from tabletop_klondike.rules import Draw, GiveUp, KlondikeState, Move
from tabletop_klondike.solver import Position, blocked, settle, solve

LOWEST_HOME = 7
"""Each suit of an endgame is home up to a rank from the 7 to the Queen, at random: 4 to 24 cards in play."""
LOW_HOME = 4
"""A lower start for some endgames, where lines that bring cards back from home come up."""
LOW_ENDGAMES = 600
"""Enough that bringing back no card whose builders are all home (rather than face down) is caught at either draw."""
ENDGAMES = 400
"""Endgames a draw: enough that the search of every step is caught at either draw when it leaves out a step
it needs (the split that frees a card for home, say; :func:`tabletop_klondike.solver.steps`)."""
GRAPH_LIMIT = 20_000
"""Positions the full search of an endgame may meet before the test gives that endgame up as too large."""


def endgame(rng: random.Random, draw: int, lowest_home: int = LOWEST_HOME) -> KlondikeState:
    """A position holding the high cards only, dealt at random to piles (some face down) and the talon."""
    home = {suit: rng.randint(lowest_home, KING - 1) for suit in SUITS}
    cards = [Card(rank, suit) for suit in SUITS for rank in range(home[suit] + 1, KING + 1)]
    rng.shuffle(cards)
    state = KlondikeState(draw=draw, passes=0, vegas=False)
    state.dealt = 52
    state.home = home
    talon = rng.randint(1, min(5, len(cards) - 1))
    state.stock, rest = cards[:talon], cards[talon:]
    piles: list[list[Card]] = [[] for _ in state.piles]
    used = rng.randint(2, 3)  # few deep piles, many cards face down: some endgames are lost
    for card in rest:
        piles[rng.randrange(used)].append(card)
    state.piles = [FacedPile(tuple(pile), down=max(0, len(pile) - 1)) for pile in piles]
    return state


def position_text(state: KlondikeState) -> tuple[object, ...]:
    """The position, its piles in any order (the rules treat them alike)."""
    return (
        tuple(sorted((tuple(c.number for c in p.cards), p.down) for p in state.piles)),
        tuple(state.stock),
        tuple(state.waste),
        tuple(state.home[suit] for suit in SUITS),
    )


def winnable_by_the_game(start: KlondikeState) -> bool | None:
    """Whether a sequence of the game's legal moves wins, none taking back a card home from the start, searched
    in full (None: too many positions)."""
    seen = {position_text(start)}
    stack = [start]
    while stack:
        state = stack.pop()
        for action in state.legal_actions():
            if isinstance(action, GiveUp) or _below_the_endgame(start, state, action):
                continue
            after = state.clone()
            after.apply(action)
            if after.won():
                return True
            key = position_text(after)
            if key not in seen and not after.is_terminal():
                seen.add(key)
                if len(seen) > GRAPH_LIMIT:
                    return None
                stack.append(after)
    return False


def _below_the_endgame(start: KlondikeState, state: KlondikeState, action: object) -> bool:
    """Whether ``action`` takes back from home a card that was home when the endgame began."""
    if not (isinstance(action, Move) and action.source.startswith("h")):
        return False
    card = state.source_card(action.source)
    return card is not None and card.suit is not None and card.rank <= start.home[card.suit]


def play_line(state: KlondikeState, moves: tuple[str, ...]) -> KlondikeState:
    """``state`` after the solver's ``moves``, each checked legal as it is played."""
    for text in moves:
        action = Draw() if text == "s" else Move.parse(text)
        assert action in state.legal_actions(), f"{text} is not legal here"
        state.apply(action)
    return state


@pytest.mark.parametrize(
    ("draw", "lowest_home", "endgames"),
    [(1, LOWEST_HOME, ENDGAMES), (3, LOWEST_HOME, ENDGAMES), (1, LOW_HOME, LOW_ENDGAMES), (3, LOW_HOME, LOW_ENDGAMES)],
)
def test_the_solver_and_the_full_graph_agree_on_endgames(draw: int, lowest_home: int, endgames: int) -> None:
    rng = random.Random(draw if lowest_home == LOWEST_HOME else 100 * draw + lowest_home)
    verdicts = {True: 0, False: 0}
    for _ in range(endgames):
        state = endgame(rng, draw, lowest_home)
        truth = winnable_by_the_game(state)
        if truth is None:
            continue
        result = settle(Position.of(state), node_limit=GRAPH_LIMIT)
        assert result.solved or result.exhausted, "an endgame this small is settled"
        if truth:
            assert result.solved, f"the solver calls a won endgame lost: {position_text(state)}"
        if result.solved:
            assert play_line(state.clone(), result.moves).won()
        verdicts[result.solved] += 1
    assert verdicts[True] >= 10 and verdicts[False] >= 5, verdicts


def test_a_win_that_brings_two_cards_back_from_home_is_found() -> None:
    # The 10♦ covers a pile's face-down cards and no black Jack is free: the Q♥ comes back from home onto
    # the K♣, then the J♣ onto it, and the 10♦ can leave.
    state = KlondikeState(draw=1, passes=0, vegas=False)
    state.dealt = 52
    state.home = {Suit.CLUBS: 10, Suit.DIAMONDS: 7, Suit.HEARTS: 9, Suit.SPADES: 10}
    state.stock = list(parse_cards("10H KH 8D"))
    state.piles = [
        FacedPile(tuple(parse_cards("JH QC JC")), down=2),
        FacedPile(tuple(parse_cards("9D JD QD JS QS KS 10D KC QH KD")), down=9),
        *(FacedPile((), down=0) for _ in range(5)),
    ]
    assert winnable_by_the_game(state)
    result = settle(Position.of(state), node_limit=GRAPH_LIMIT)
    assert result.solved
    assert play_line(state, result.moves).won()


@pytest.mark.parametrize("draw", [1, 3])
def test_every_line_found_for_a_deal_wins_it(draw: int) -> None:
    won = 0
    for seed in range(1, 16):
        state = dealt(seed, draw)
        result = solve(Position.of(state), node_limit=5_000)
        if result.solved:
            won += 1
            assert play_line(state, result.moves).won(), f"seed {seed}"
    assert won >= 8


def test_a_blocked_deal_is_proven_lost_without_a_search() -> None:
    state = dealt(4, 3)  # the 9♠ under pile 6's face-up card needs a red 10, both face down below it
    assert blocked(Position.of(state))
    result = settle(Position.of(state), node_limit=1_000)
    assert result.exhausted and not result.solved

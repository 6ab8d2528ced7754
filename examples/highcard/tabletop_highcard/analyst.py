"""High Card's analyst: every deal of the unseen cards, each played out as if both hands were known.

The player's view holds their own hand and the cards played; the opponent's
hand is some set of the cards they have not seen, each set equally likely.
For each legal card, this analyst averages over every such set the result of
perfect play by both sides with both hands open (a small minimax). That is an
estimate, not the game's exact value: real players cannot see each other's
hands. It is the whole of what a game needs to get a Coach and a Review.

    >>> import random
    >>> from tabletop_highcard.rules import Deal, HighCardState
    >>> state = HighCardState(hand_size=3, low=False)
    >>> for card in [9, 1, 8, 2, 7, 3]:
    ...     state.apply(Deal(card))
    >>> analysis = HighCardAnalyst().analyse(state.view(0), state.legal_actions(), seconds=1, rng=random.Random(0))
    >>> [(str(r.action), round(r.win, 3)) for r in analysis.rated]
    [('play 7', 1.0), ('play 8', 1.0), ('play 9', 1.0)]
    >>> analysis.samples  # the opponent's possible hands: 3 cards of the 6 North has not seen
    20
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from functools import cache

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop_highcard.rules import CARDS, Action, HighCardView, Play, beats

HandPair = tuple[tuple[int, ...], tuple[int, ...]]


class HighCardAnalyst(Analyst[Action, HighCardView]):
    """Rates each card by its average result over the opponent's possible hands, both hands open."""

    name = "an open-hands search"

    def analyse(
        self,
        view: HighCardView,
        legal: Sequence[Action],
        *,
        seconds: float,
        rng: random.Random,
        progress: Callable[[float], None] | None = None,
    ) -> Analysis[Action]:

        me = view.player
        seen = set(view.hand) | set(view.trick) | {c for _, lead, follow in view.played for c in (lead, follow)}
        unseen = [c for c in CARDS if c not in seen]
        hands = list(itertools.combinations(unseen, view.opponent_cards))
        totals = dict.fromkeys(legal, 0.0)
        for theirs in hands:
            for action in legal:
                assert isinstance(action, Play)
                won = (view.tricks[me], view.tricks[1 - me])
                totals[action] += _after(view.hand, theirs, view.trick, won, view.low, action.card)
        rated = [Rated(action, total / len(hands), len(hands)) for action, total in totals.items()]
        return Analysis(rated, exact=False, samples=len(hands))


def _after(
    mine: Sequence[int], theirs: Sequence[int], trick: Sequence[int], won: tuple[int, int], low: bool, card: int
) -> float:
    """The player's result (1 win, 0.5 draw, 0 loss) after playing ``card``, both hands open.

    ``won``: the tricks the player and the opponent have taken so far.
    """
    hands = (tuple(x for x in mine if x != card), tuple(theirs))
    if trick:  # ``card`` answers the opponent's lead
        takes = not beats(trick[0], card, low)
        return _value(hands, (), won[0] + takes, won[1] + (not takes), low, int(takes))
    return _value(hands, (card,), won[0], won[1], low, 0)


@cache
def _value(hands: HandPair, trick: tuple[int, ...], mine_won: int, theirs_won: int, low: bool, i_lead: int) -> float:
    """The result for "me" (hands[0]) with perfect play from here; ``i_lead``: whether I lead the next trick.

    With ``trick`` holding my lead card, the opponent answers it.
    """
    mine, theirs = hands
    if not trick and not mine:
        total_mine, total_theirs = mine_won, theirs_won
        return 1.0 if total_mine > total_theirs else 0.5 if total_mine == total_theirs else 0.0
    if trick:  # the opponent answers my lead, choosing what is worst for me
        results = []
        for answer in theirs:
            rest = (mine, tuple(c for c in theirs if c != answer))
            mine_takes = beats(trick[0], answer, low)
            results.append(_value(rest, (), mine_won + mine_takes, theirs_won + (not mine_takes), low, int(mine_takes)))
        return min(results)
    if i_lead:
        return max(
            _value(((tuple(c for c in mine if c != card)), theirs), (card,), mine_won, theirs_won, low, 1)
            for card in mine
        )
    # The opponent leads; I answer with what is best for me.
    results = []
    for lead in theirs:
        rest_theirs = tuple(c for c in theirs if c != lead)
        best = 0.0
        for answer in mine:
            they_take = beats(lead, answer, low)
            best = max(
                best,
                _value(
                    (tuple(c for c in mine if c != answer), rest_theirs),
                    (),
                    mine_won + (not they_take),
                    theirs_won + they_take,
                    low,
                    int(not they_take),
                ),
            )
        results.append(best)
    return min(results)

"""Which discards would let the other player knock at once (tabletop_gin.feeding), over hands sampled as a simple
player's."""

from __future__ import annotations

import random

from tabletop_gin.feeding import knock_risk, simple_hands
from tabletop_gin.melds import deadwood, mask_of, parse
from tests.gin.test_rules import NORTH, SOUTH, dealt, play

NEAR_A_KNOCK = "AC 2C 3C 7D 7H 7S 5S 6S 9D 2H"  # deadwood 22: the 4♠ melds the spades, and it knocks


def test_a_sampled_hand_holds_what_the_player_took_and_could_not_yet_knock() -> None:
    state = play(dealt(NORTH, SOUTH, "KD"), "take", "discard KH")  # North takes the K♦ and keeps it
    view = state.view(1)
    seen = view.hand | mask_of(view.pile)
    hands = simple_hands(view, 20, random.Random(1))
    assert len(hands) == 20 and len(set(hands)) > 1
    for hand in hands:
        assert hand >> parse("KD")[0] & 1 and hand.bit_count() == 10
        assert not hand & seen and deadwood(hand) > view.knock_card


def test_a_discard_is_a_risk_in_the_hands_it_lets_knock_at_once() -> None:
    near, far = mask_of(parse(NEAR_A_KNOCK)), mask_of(parse(NORTH))
    four, king = parse("4S KH")
    assert knock_risk(four, [near], 10) == 1.0  # taken into 4♠ 5♠ 6♠, the 9♦ thrown: deadwood 2
    assert knock_risk(king, [near], 10) == 0.0  # the K♥ melds nothing: taking it leaves 23
    assert knock_risk(four, [near, far], 10) == 0.5
    assert knock_risk(four, [], 10) == 0.0

"""Which discards would let the other player knock at once (tabletop_gin.feeding), over hands sampled as a simple
player's."""

from __future__ import annotations

import random

import pytest

from tabletop_gin.feeding import growing_safeties, knock_risk, runs_with_offers, safeties, simple_hands
from tabletop_gin.melds import VALUE, deadwood, mask_of, parse
from tabletop_gin.race import RACE_DRAWS, draws_ahead, race_value, run_to_knock, still_in
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


def test_each_cards_safety_is_the_share_of_hands_it_does_not_let_knock() -> None:
    rng = random.Random(4)
    hands = [mask_of(parse(NEAR_A_KNOCK)), mask_of(parse(NORTH))]
    while len(hands) < 40:  # hands within a few points of a knock, where most risks lie
        hand = mask_of(rng.sample(range(52), 10))
        if 10 < deadwood(hand) <= 20:
            hands.append(hand)
    safe = safeties(hands, 10)
    for card in range(52):
        holding = [hand for hand in hands if not hand >> card & 1]
        assert safe[card] == pytest.approx(1.0 - knock_risk(card, holding, 10) * len(holding) / len(hands))
    assert sum(value < 1.0 for value in safe) > 10


def test_the_cards_thrown_on_the_way_to_a_knock_weigh_the_run_but_not_the_throw_made_with_it() -> None:
    near = mask_of(parse(NEAR_A_KNOCK))
    king, nine, four = parse("KD 9D 4S")
    safe = [1.0] * 52
    safe[king], safe[nine] = 0.5, 0.1
    # The K♦ is drawn and thrown (at risk), then the 4♠ melds and the 9♦ goes with the knock.
    assert run_to_knock(near, [king, four], 10, [safe]) == (2, 0.5)
    assert run_to_knock(near, [four], 10, [safe]) == (1, 1.0)
    assert run_to_knock(near, [king, king], 10, [safe]) == (3, 0.25)


def test_with_every_card_safe_the_fed_race_is_the_race() -> None:
    rng = random.Random(9)
    hand = mask_of(parse(NORTH))
    runs = draws_ahead(~hand & (1 << 52) - 1, 31, 64, rng)
    chances = still_in(0)
    plain = race_value(hand, runs, chances, 10, later=1)
    assert plain > 0
    assert race_value(hand, runs, chances, 10, later=1, safe=[[1.0] * 52]) == plain
    halved = race_value(hand, runs, chances, 10, later=1, safe=[[0.5] * 52])
    assert 0 < halved < plain


def test_later_throws_are_weighed_by_the_risks_of_hands_drawn_on() -> None:
    near = mask_of(parse(NEAR_A_KNOCK))
    king, four = parse("KD 4S")
    now, later = [1.0] * 52, [1.0] * 52
    now[king], later[king] = 0.9, 0.5
    assert run_to_knock(near, [king, four], 10, [now, later]) == (2, 0.5)  # thrown at the first draw
    hands = [mask_of(parse(NORTH)), mask_of(parse(SOUTH))]
    unseen = (1 << 52) - 1 & ~hands[0] & ~hands[1]
    tables = growing_safeties(hands, unseen, 10, 6, 3, random.Random(2))
    assert len(tables) == 7 and tables[0] == safeties(hands, 10)
    assert tables[1] is tables[0] and tables[2] is tables[0] and tables[4] is tables[3]


def test_a_run_takes_the_other_players_throw_where_it_lowers_the_deadwood() -> None:
    near = mask_of(parse(NEAR_A_KNOCK))
    king, eight, four = parse("KD 8H 4S")
    assert run_to_knock(near, [king, eight], 10, []) == (3, 1.0)  # from the stock alone, not within two draws
    assert run_to_knock(near, [king, eight], 10, [], [four]) == (1, 1.0)  # the 4♠ thrown to it melds at once
    assert run_to_knock(near, [king, eight], 10, [], [king, four]) == (2, 1.0)  # a K♦ offered is left
    assert run_to_knock(near, [king, eight], 10, [], [four], skip=1) == (2, 1.0)  # the first draw is made now
    # the 8♥ offered replaces the 9♦ (one point less), which is then thrown at its risk, not the K♦ drawn
    nine = parse("9D")[0]
    safe = [1.0] * 52
    safe[king], safe[nine] = 0.1, 0.5
    assert run_to_knock(near, [king, four], 10, [safe], [eight]) == (2, 0.5)


def test_the_offers_come_from_a_sampled_hand_that_the_run_does_not_draw_from() -> None:
    hands = [mask_of(parse(NORTH)), mask_of(parse(SOUTH))]
    unseen = (1 << 52) - 1 & ~mask_of(parse("AD AH AS 5C 6D 9H 9S TC TD KC"))  # the player's own hand
    runs, offers = runs_with_offers(hands, unseen, 31, 40, random.Random(5))
    assert len(runs) == len(offers) == 40
    for i, (run, thrown) in enumerate(zip(runs, offers)):
        theirs = hands[i % 2]
        assert len(run) == len(thrown) == RACE_DRAWS
        assert not mask_of(run) & theirs and not mask_of(run) & mask_of(thrown)
        assert mask_of(thrown) & ~unseen == 0 and len(set(thrown)) == len(thrown)
    # North's first throw is its highest loose card, the Q♠, unless the card it draws melds it or is worth as much
    queen = parse("QS")[0]
    assert all(VALUE[thrown[0]] == 10 for thrown in offers[::2])
    assert sum(thrown[0] == queen for thrown in offers[::2]) > 10
    plain, none = runs_with_offers([], unseen, 31, 5, random.Random(5))
    assert len(plain) == 5 and none == []

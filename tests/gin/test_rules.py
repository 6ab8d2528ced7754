"""Gin Rummy's rulings, one by one (docs/gin.md)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from tabletop.errors import IllegalActionError
from tabletop_gin.actions import Deal, Discard, Draw, Knock, LayOff, Meld, Pass, Spread, Take, parse_action
from tabletop_gin.codec import state_from_json
from tabletop_gin.melds import (
    ALL_MELDS,
    MELD_VALUE,
    VALUE,
    best_arrangement,
    deadwood,
    highest_loose,
    mask_of,
    melds_in,
    parse,
    value,
)
from tabletop_gin.options import KNOCKER, Rules
from tabletop_gin.rules import GinState
from tabletop_gin.scoring import BOX_BONUS, GAME_BONUS
from tabletop_gin.view import DEFEND_LAY, DISCARD, DRAW, FIRST, KNOCK_LAY, LAYOFF, OVER, WALL

NORTH = "AC 2C 3C 7D 7H 7S KH QS 9D 4H"
SOUTH = "4S 5S 6S 8C 8D 8H JC JD 2D 3D"


def dealt(north: str, south: str, upcard: str, rules: Rules | None = None, rest: str = "") -> GinState:
    """A new hand with these cards: North (the non-dealer) is dealt first, then South, then the upcard."""
    state = GinState.new(rules or Rules(target=0))
    for card in [*parse(north), *parse(south), *parse(upcard)]:
        state.apply(Deal(card))
    return state


def play(state: GinState, *texts: str) -> GinState:
    for text in texts:
        state.apply(parse_action(text))
    return state


def test_the_upcard_is_offered_to_the_non_dealer_then_the_dealer_then_the_stock_is_drawn() -> None:
    state = dealt(NORTH, SOUTH, "KD")
    assert (state.phase, state.current_player()) == (FIRST, 0)
    play(state, "pass")
    assert (state.phase, state.current_player()) == (FIRST, 1)
    play(state, "pass")
    assert state.current_player() == 0 and state.legal_actions() == [Draw()]
    play(state, "draw")
    assert state.is_chance_node()


def test_the_card_just_taken_may_not_be_thrown_back_by_the_written_rules() -> None:
    state = play(dealt(NORTH, SOUTH, "KD"), "take")
    assert Discard(parse("KD")[0]) not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply(parse_action("discard KD"))
    openspiel = play(dealt(NORTH, SOUTH, "KD", Rules(target=0, openspiel=True)), "take")
    assert Discard(parse("KD")[0]) in openspiel.legal_actions()


def test_a_knock_is_offered_only_with_deadwood_within_the_knock_card() -> None:
    state = play(dealt(NORTH, SOUTH, "AD"), "pass", "take")  # South: A-3 of diamonds, JC JD left
    assert Knock() in state.legal_actions()
    low = play(dealt(NORTH, SOUTH, "KD"), "take")
    assert Knock() not in low.legal_actions()


def test_knock_lay_off_and_score() -> None:
    state = play(dealt(NORTH, SOUTH, "AD"), "pass", "take", "knock", "discard JD")
    assert state.phase == KNOCK_LAY and Spread() in state.legal_actions()
    play(state, "meld 4S 5S 6S", "meld 8C 8D 8H", "meld AD 2D 3D", "pass")
    assert state.phase == LAYOFF and state.current_player() == 0
    assert set(state.legal_actions()) == {Spread(), Pass(), LayOff(parse("7S")[0])}  # 7S would break a set
    play(state, "pass", "meld AC 2C 3C", "meld 7D 7H 7S", "pass")
    assert state.phase == OVER
    assert state.hand_points() == (-23, 23)  # North's deadwood 33 against South's 10


def test_undercut_on_a_tie_by_the_written_rules_and_not_by_openspiel() -> None:
    from tabletop_gin.scoring import score_hand

    assert score_hand(Rules(), knocker=0, knocker_deadwood=7, defender_deadwood=7, doubled=False)[:2] == (
        "undercut",
        1,
    )
    assert score_hand(Rules(tie=KNOCKER), knocker=0, knocker_deadwood=7, defender_deadwood=7, doubled=False) == (
        "knock",
        0,
        0,
    )


def test_a_hand_at_the_wall_may_end_in_a_draw() -> None:
    state = dealt(NORTH, SOUTH, "KD")
    play(state, "pass", "pass", "draw")
    rng = random.Random(0)
    while state.phase != WALL and state.phase != OVER:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        elif state.phase == DISCARD:
            state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard)))
        else:
            state.apply(Draw())
    assert state.phase == WALL and state.stock.bit_count() == 2
    state.apply(Pass())
    assert state.phase == OVER and state.hand_points() == (0, 0) and state.returns() == [0.5, 0.5]


def test_oklahoma_sets_the_knock_card_by_the_upcard_and_an_ace_means_gin_only() -> None:
    assert dealt(NORTH, SOUTH, "6D", Rules(target=0, oklahoma=True)).knock_card == 6
    assert dealt(NORTH, SOUTH, "QD", Rules(target=0, oklahoma=True)).knock_card == 10
    assert dealt(NORTH, SOUTH, "AS", Rules(target=0, oklahoma=True)).knock_card == 0
    assert dealt(NORTH, SOUTH, "9S", Rules(target=0, oklahoma=True)).doubled
    assert not dealt(NORTH, SOUTH, "9S", Rules(target=0, oklahoma=True, openspiel=True)).doubled


def test_lay_offs_grow_a_run_card_by_card_by_the_written_rules() -> None:
    from tabletop_gin.layoffs import layoff_cards

    run = mask_of(parse("5S 6S 7S"))
    assert layoff_cards([run], parse("8S 9S"), openspiel=False) == set(parse("4S TS"))
    assert layoff_cards([run], parse("8S 9S"), openspiel=True) == set(parse("4S 9S"))
    three = mask_of(parse("8C 8D 8H"))
    assert layoff_cards([three], [], openspiel=False) == set(parse("8S"))


def test_a_game_to_100_adds_boxes_and_the_game_bonus_and_the_winner_deals_next() -> None:
    state = GinState.new(Rules(target=100))
    state.scores, state.boxes = [90, 20], [3, 1]
    from tabletop_gin.view import HandResult

    state._end_hand(HandResult("knock", 1, 15, (5, 20), 1, (0, 0)))
    assert state.dealer == 1 and state.phase != OVER and state.scores == [90, 35]
    state._end_hand(HandResult("gin", 0, 30, (0, 5), 0, (0, 0)))
    assert state.phase == OVER and state.winner == 0
    assert state.totals() == (120 + 4 * BOX_BONUS + GAME_BONUS, 35 + 2 * BOX_BONUS)
    assert state.returns() == [1.0, 0.0]


def test_the_best_arrangement_is_the_best_of_every_set_of_disjoint_melds() -> None:
    rng = random.Random(11)
    for _ in range(300):
        hand = mask_of(rng.sample(range(52), 10))
        candidates = melds_in(hand)
        best = 0
        for size in range(4):
            for combo in itertools.combinations(candidates, size):
                union = 0
                for meld in combo:
                    if union & meld:
                        break
                    union |= meld
                else:
                    best = max(best, value(union))
        assert best_arrangement(hand)[0] == best
    assert len(ALL_MELDS) == 185 and deadwood(mask_of(parse(NORTH))) == 33


def test_hands_rich_in_melds_get_disjoint_best_melds_and_throw_their_highest_loose_card() -> None:
    # Cards of two suits and four ranks make hands with many overlapping melds: the search, which looks only at
    # cards a meld could hold and remembers positions by them, must still find the best of every combination.
    rng = random.Random(12)
    for _ in range(300):
        suits, ranks = rng.sample(range(4), 2), rng.sample(range(13), 4)
        pool = [s * 13 + r for s in suits for r in range(13)] + [s * 13 + r for s in range(4) for r in ranks]
        hand = mask_of(rng.sample(sorted(set(pool)), rng.choice((10, 11))))
        covered, melds = best_arrangement(hand)
        union = 0
        for meld in melds:
            assert meld in MELD_VALUE and meld & hand == meld and not meld & union
            union |= meld
        assert covered == value(union) == max(value(m) for m in _disjoint_unions(melds_in(hand)))
        loose = [c for c in range(52) if hand >> c & 1 and not union >> c & 1]
        assert highest_loose(hand) == max(loose, key=lambda c: (VALUE[c], c), default=-1)


def _disjoint_unions(melds: list[int]) -> Iterator[int]:
    """The cards of every set of disjoint melds among ``melds``."""
    yield 0
    for i, meld in enumerate(melds):
        for rest in _disjoint_unions([m for m in melds[i + 1 :] if not m & meld]):
            yield meld | rest


def test_a_position_reads_back_from_its_json_and_resampling_keeps_the_known_cards() -> None:
    state = play(dealt(NORTH, SOUTH, "KD"), "take", "discard KH")
    assert state_from_json(state.to_json()) == state
    rng = random.Random(1)
    for _ in range(20):
        other = state.resample_hidden(1, rng)
        assert other.hands[0] & (1 << parse("KD")[0])
        assert other.view(1) == state.view(1)
    assert state.phase == DRAW and state.current_player() == 1


def test_meld_actions_read_back_and_only_melds_parse() -> None:
    assert parse_action("meld 7h 7d 7s") == Meld(mask_of(parse("7D 7H 7S")))
    assert parse_action("layoff 9s") == LayOff(parse("9S")[0])
    assert parse_action("take") == Take()
    with pytest.raises(Exception, match="not a meld"):
        parse_action("meld 7H 8D 9S")


def test_a_spread_lays_the_knockers_melds_then_the_defenders_lay_offs_and_melds() -> None:
    state = play(dealt(NORTH, SOUTH, "AD"), "pass", "take", "knock", "discard JD", "spread")
    assert state.phase == LAYOFF
    play(state, "spread")
    assert state.phase == OVER
    assert state.last is not None and state.last.deadwood == (33, 10) and state.last.kind == "knock"


def test_gin_leaves_the_defender_no_lay_off_and_earns_its_bonus() -> None:
    north = "AC 2C 3C 4C 5C 6C 7C 8C 9C KD"
    south = "5S 6S 7S 8D 8H 8S JH JD 2D 3D"
    state = play(dealt(north, south, "TC"), "take", "knock", "discard KD", "spread")
    assert state.phase == DEFEND_LAY and not any(isinstance(a, LayOff) for a in state.legal_actions())
    play(state, "spread")
    assert state.last is not None and state.last.kind == "gin"
    assert state.hand_points() == (25 + 25, -50)  # South's deadwood JH JD 2D 3D is 25

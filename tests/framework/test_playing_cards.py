"""The framework's playing cards: notation, display, decks, dealing as chance, numbered deals, face-down piles."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.playing_cards import (
    JOKER,
    SUITS,
    Card,
    CardError,
    FacedPile,
    Suit,
    cards_text,
    deal_rows,
    deal_tableau,
    draw_outcomes,
    microsoft_deal,
    numbered_outcomes,
    numbered_shuffle,
    parse_cards,
    standard_deck,
)

cards = st.builds(Card, st.integers(1, 13), st.sampled_from(SUITS))


@given(cards)
def test_notation_and_display_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.display) == card
    assert Card.parse(str(card).lower()) == card
    assert len(str(card)) == 2


def test_the_ten_is_read_three_ways_and_shown_as_10() -> None:
    ten = Card(10, Suit.DIAMONDS)
    assert Card.parse("TD") == Card.parse("10D") == Card.parse("10♦") == ten
    assert str(ten) == "TD" and ten.display == "10♦"


def test_display_tells_the_suit_without_colour() -> None:
    shown = {Card(1, s).display for s in SUITS}
    assert shown == {"A♣", "A♦", "A♥", "A♠"}


@pytest.mark.parametrize("text", ["", "S", "1S", "11H", "AX", "ZZ", "10", "A♠♠", "JKR"])
def test_bad_text_is_refused_with_a_message(text: str) -> None:
    with pytest.raises(CardError, match="not a card"):
        Card.parse(text)


def test_a_card_needs_a_real_rank_and_a_suit() -> None:
    with pytest.raises(CardError):
        Card(14, Suit.SPADES)
    with pytest.raises(CardError):
        Card(5, None)


def test_decks_with_jokers_and_several_packs() -> None:
    deck = standard_deck()
    assert len(deck) == len(set(deck)) == 52
    assert [c.index for c in deck] == list(range(52))
    assert all(Card.from_index(c.index) == c for c in deck)
    double = standard_deck(decks=2, jokers=2)
    assert len(double) == 106 and double.count(JOKER) == 2 and double.count(Card.parse("QH")) == 2
    assert str(JOKER) == "JK" and Card.parse("jk") == JOKER and JOKER.is_joker


def test_colours() -> None:
    assert Card.parse("AH").is_red and Card.parse("AD").is_red
    assert not Card.parse("AS").is_red and not Card.parse("AC").is_red


def test_drawing_one_card_is_chance_whatever_order_the_cards_come_in() -> None:
    deck = standard_deck(decks=2)
    forward = draw_outcomes(deck, str)
    backward = draw_outcomes(list(reversed(deck)), str)
    assert forward == backward
    assert len(forward) == 52 and abs(sum(p for _, p in forward) - 1) < 1e-12
    with pytest.raises(ValueError):
        draw_outcomes([], str)


def test_numbered_outcomes_and_shuffles() -> None:
    outcomes = numbered_outcomes(4, lambda n: n)
    assert [n for n, _ in outcomes] == [1, 2, 3, 4] and sum(p for _, p in outcomes) == 1
    deck = standard_deck()
    shuffled = numbered_shuffle(12345, deck)
    assert sorted(shuffled) == sorted(deck) and shuffled != deck
    assert numbered_shuffle(12345, deck) == shuffled and numbered_shuffle(12346, deck) != shuffled


def test_microsoft_deal_numbers_are_bounded() -> None:
    assert len(set(microsoft_deal(1_000_000))) == 52
    for number in (0, 1_000_001, -5):
        with pytest.raises(ValueError, match="1 to 1,000,000"):
            microsoft_deal(number)


# Deal 1 as published by Rosetta Code's task "Deal cards for FreeCell"
# (https://rosettacode.org/wiki/Deal_cards_for_FreeCell, also on wiki.formulae.org/Deal_cards_for_FreeCell),
# rows of the layout top to bottom, cascades 1 to 8 left to right.
PUBLISHED_DEAL_1 = """\
JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C TS QH 4H AC 4D 7S
3S TD 4S TH 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C TC
6S 9C 2H 6H"""


def test_microsoft_deal_1_matches_the_published_layout() -> None:
    cascades = deal_rows(microsoft_deal(1), 8)
    rows = [" ".join(str(c[r]) for c in cascades if len(c) > r) for r in range(7)]
    assert "\n".join(rows) == PUBLISHED_DEAL_1


def test_deal_rows_and_tableau() -> None:
    assert deal_rows(list(range(10)), 4) == [[0, 4, 8], [1, 5, 9], [2, 6], [3, 7]]
    piles = deal_tableau(standard_deck(), [1, 2, 3])
    assert [p.down for p in piles] == [0, 1, 2]
    with pytest.raises(ValueError):
        deal_tableau(standard_deck()[:2], [1, 2])


def test_faced_pile_hides_face_down_cards_and_turns_them() -> None:
    pile = FacedPile(tuple(parse_cards("KS QH 5C")), down=2)
    assert pile.shown() == (None, None, Card.parse("5C"))
    assert pile.take(1).shown() == (None, None)
    turned = pile.take(1).turn_up()
    assert turned.shown() == (None, Card.parse("QH")) and turned.top == Card.parse("QH")
    assert turned.turn_up() == turned  # a face-up top stays as it is
    grown = turned.put(parse_cards("JS TD"))
    assert grown.face_up == tuple(parse_cards("QH JS TD")) and grown.down == 1
    with pytest.raises(ValueError):
        grown.put(parse_cards("9C"), face_up=False)
    assert FacedPile.from_json(grown.to_json()) == grown
    bad: object
    for bad in ({"cards": "ZZ"}, {"cards": "AS", "down": 2}, [], {"cards": "AS", "down": "1"}):
        with pytest.raises(ValueError):
            FacedPile.from_json(bad)


def test_cards_text_round_trips() -> None:
    deck = standard_deck(jokers=1)
    assert parse_cards(cards_text(deck)) == deck

"""The patience kit: build rules, sequence moves, safe moves home, the solvers' card numbers, the shared board."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tabletop.game import InvalidActionError, InvalidStateError
from tabletop.patience import (
    ALTERNATE_COLOURS,
    ANY_SUIT,
    SAME_SUIT,
    BuildRule,
    next_home,
    safe_home,
    safe_home_number,
    sequence_limit,
)
from tabletop.patience.board import EMPTY, card_text, home_text, pile_text
from tabletop.patience.notation import Dealing, read_move
from tabletop.patience.numbered import BELOW_HOME, IS_KING, NUMBERS, RANK_OF, RED_OF, SUIT_OF, number_of
from tabletop.patience.record import home_json, read_home, read_record, reading, record_json
from tabletop.patience.stats import DEAL_PREFIX, player_moves
from tabletop.playing_cards import (
    FIRST_NUMBER,
    JOKER,
    LAST_NUMBER,
    SUITS,
    Card,
    CardError,
    Suit,
    parse_cards,
    standard_deck,
)

RULES = (ALTERNATE_COLOURS, SAME_SUIT, ANY_SUIT)
cards = st.builds(Card, st.integers(1, 13), st.sampled_from(SUITS))


# -- the card numbers -------------------------------------------------------------------------------------


def test_every_card_numbers_and_reads_back() -> None:
    numbers = [card.number for card in standard_deck()]
    assert numbers == list(NUMBERS) == list(range(4, 56))
    assert [Card.from_number(n) for n in numbers] == standard_deck()


def test_a_number_is_rank_times_four_plus_the_suits_place_and_zero_is_no_card() -> None:
    assert Card.parse("AC").number == FIRST_NUMBER == 4
    assert Card.parse("KS").number == LAST_NUMBER == 55
    assert Card.parse("QH").number == 12 * 4 + 2
    assert all(card.number == card.index + FIRST_NUMBER for card in standard_deck())


@pytest.mark.parametrize("number", [0, 3, 56, -1])
def test_a_number_of_no_card_is_refused(number: int) -> None:
    with pytest.raises(CardError):
        Card.from_number(number)


def test_a_joker_has_no_number() -> None:
    with pytest.raises(CardError):
        _ = JOKER.number


@given(cards)
def test_the_tables_tell_a_cards_rank_suit_and_colour(card: Card) -> None:
    n = card.number
    assert card.suit is not None
    assert (RANK_OF[n], SUITS[SUIT_OF[n]], RED_OF[n]) == (card.rank, card.suit, card.is_red)
    assert BELOW_HOME[n] == card.rank - 1 and IS_KING[n] == (card.rank == 13)
    assert number_of(card.rank, SUIT_OF[n]) == n


# -- build rules ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "under", "alternate", "suit", "any_suit"),
    [
        ("9H", "TS", True, False, True),
        ("9H", "TD", False, False, True),
        ("9H", "TH", False, True, True),
        ("9C", "TS", False, False, True),
        ("9C", "TH", True, False, True),
        ("8H", "TS", False, False, False),
        ("TS", "9H", False, False, False),
        ("KS", "AH", False, False, False),
        ("AH", "2C", True, False, True),
    ],
)
def test_each_rule_builds_down_by_one_in_the_suits_it_allows(
    card: str, under: str, alternate: bool, suit: bool, any_suit: bool
) -> None:
    a, b = Card.parse(card), Card.parse(under)
    assert [rule.builds_on(a, b) for rule in RULES] == [alternate, suit, any_suit]
    assert [rule.fits[a.number][b.number] for rule in RULES] == [alternate, suit, any_suit]


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.name)
def test_the_table_of_a_rule_is_its_rule_on_cards_for_every_pair(rule: BuildRule) -> None:
    deck = standard_deck()
    assert all(rule.fits[a.number][b.number] == rule.builds_on(a, b) for a in deck for b in deck)
    fitting = sum(rule.fits[a][b] for a in NUMBERS for b in NUMBERS)
    assert fitting == {"down by alternate colours": 96, "down by suit": 48, "down regardless of suit": 192}[rule.name]


@pytest.mark.parametrize(
    ("pile", "alternate", "suit", "any_suit"),
    [
        ("", 0, 0, 0),
        ("KD", 1, 1, 1),
        ("KD 9C 8H 7S", 3, 1, 3),
        ("KD 9H 8H 7H", 1, 3, 3),
        ("QS JH TD 9C", 2, 1, 4),
        ("5C 9S 8S", 1, 2, 2),
    ],
)
def test_the_top_run_of_a_pile_by_each_rule(pile: str, alternate: int, suit: int, any_suit: int) -> None:
    cards_of_pile = parse_cards(pile)
    numbers = bytes(card.number for card in cards_of_pile)
    assert [rule.top_run(cards_of_pile) for rule in RULES] == [alternate, suit, any_suit]
    assert [rule.run_length(numbers) for rule in RULES] == [alternate, suit, any_suit]


def test_a_rule_knows_which_suits_build_on_each_suit() -> None:
    clubs, diamonds, hearts, spades = range(4)
    assert ALTERNATE_COLOURS.builders[hearts] == (clubs, spades)
    assert ALTERNATE_COLOURS.builders[spades] == (diamonds, hearts)
    assert SAME_SUIT.builders[diamonds] == (diamonds,)
    assert ANY_SUIT.builders[clubs] == (clubs, diamonds, hearts, spades)


# -- sequence moves ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cells", "empty", "to_empty", "limit"),
    [
        (0, 0, False, 1),
        (4, 0, False, 5),
        (2, 1, False, 6),
        (1, 2, False, 8),
        (4, 4, False, 80),
        (2, 1, True, 3),
        (1, 2, True, 4),
        (3, 1, True, 4),
        (0, 0, True, 1),
    ],
)
def test_the_sequence_limit_doubles_with_each_empty_column_but_the_target(
    cells: int, empty: int, to_empty: bool, limit: int
) -> None:
    assert sequence_limit(cells, empty, to_empty=to_empty) == limit


@pytest.mark.parametrize(("cells", "empty"), [(0, 0), (0, 3), (2, 0), (2, 3), (4, 1)])
def test_where_only_kings_fill_empty_columns_the_free_cells_alone_count(cells: int, empty: int) -> None:
    for to_empty in (False, True):
        assert sequence_limit(cells, empty, to_empty=to_empty, kings_only=True) == cells + 1


# -- moves home -------------------------------------------------------------------------------------------


def foundations(clubs: int, diamonds: int, hearts: int, spades: int) -> dict[Suit, int]:
    return dict(zip(SUITS, (clubs, diamonds, hearts, spades), strict=True))


def test_a_card_goes_home_when_it_is_next_on_its_foundation() -> None:
    home = foundations(2, 0, 5, 13)
    assert next_home(home, Card.parse("3C")) and next_home(home, Card.parse("AD"))
    assert not next_home(home, Card.parse("4C")) and not next_home(home, Card.parse("5H"))


@pytest.mark.parametrize(
    ("home", "card", "alternate", "suit"),
    [
        ((2, 2, 2, 1), "AS", False, False),  # not next: the spade ace is home already
        ((0, 0, 0, 1), "2S", True, True),  # twos always
        ((0, 0, 0, 0), "AH", True, True),
        ((2, 2, 2, 1), "3H", False, True),  # 2S could still need the 3H
        ((2, 2, 2, 2), "3H", True, True),
        ((4, 0, 4, 4), "5H", True, True),
        ((4, 0, 4, 2), "5H", False, True),
        ((4, 3, 4, 2), "5C", False, True),
        ((4, 4, 1, 0), "5C", False, True),
        ((4, 4, 4, 0), "5C", True, True),
    ],
)
def test_a_card_goes_home_by_itself_once_nothing_could_still_need_it(
    home: tuple[int, int, int, int], card: str, alternate: bool, suit: bool
) -> None:
    played = Card.parse(card)
    assert safe_home(ALTERNATE_COLOURS, foundations(*home), played) is alternate
    assert safe_home(SAME_SUIT, foundations(*home), played) is suit
    assert safe_home_number(ALTERNATE_COLOURS, home, played.number) is alternate
    assert safe_home_number(SAME_SUIT, list(home), played.number) is suit


def test_any_suit_waits_for_every_foundation() -> None:
    seven = Card.parse("7D")
    assert not safe_home(ANY_SUIT, foundations(6, 6, 6, 5), seven)
    assert safe_home(ANY_SUIT, foundations(6, 6, 6, 6), seven)


@given(cards, st.tuples(*[st.integers(0, 13)] * 4))
def test_safe_home_is_the_same_on_cards_and_numbers(card: Card, home: tuple[int, int, int, int]) -> None:
    for rule in RULES:
        assert safe_home(rule, foundations(*home), card) == safe_home_number(rule, home, card.number)
        assert not safe_home(rule, foundations(*home), card) or next_home(foundations(*home), card)


@given(cards, st.tuples(*[st.integers(0, 13)] * 4))
@example(Card.parse("5H"), (3, 2, 4, 3))  # both black 4s can go home when free, and the 3♦ after them
@example(Card.parse("5H"), (3, 1, 4, 3))  # the 3♦ could not: a black 4 may yet be needed to hold it
def test_two_below_sends_a_card_home_only_when_each_that_could_lie_on_it_can_go_home_itself(
    card: Card, home: tuple[int, int, int, int]
) -> None:
    def home_or_next(c: int) -> bool:
        return home[SUIT_OF[c]] >= BELOW_HOME[c]

    for rule in RULES:
        safe = safe_home_number(rule, home, card.number)
        far = safe_home_number(rule, home, card.number, two_below=True)
        assert far or not safe
        if rule is ALTERNATE_COLOURS and card == Card.parse("5H") and home in ((3, 2, 4, 3), (3, 1, 4, 3)):
            assert far is (home[1] == 2)
        if far and not safe:
            on_it = [b for b in NUMBERS if rule.fits[b][card.number]]
            assert all(home_or_next(b) for b in on_it)
            assert all(home_or_next(a) for b in on_it for a in NUMBERS if rule.fits[a][b])


# -- the board ----------------------------------------------------------------------------------------------


def test_a_card_is_drawn_red_or_bold_by_its_colour() -> None:
    assert (card_text(Card.parse("TD")).plain, card_text(Card.parse("TD")).style) == ("10♦", "red")
    assert (card_text(Card.parse("AS")).plain, card_text(Card.parse("AS")).style) == ("A♠", "bold")


def test_the_foundations_and_a_pile_are_drawn_as_one_line() -> None:
    assert home_text(foundations(3, 1, 0, 13)).plain == f"home ♣3 ♦A ♥{EMPTY} ♠K"
    assert pile_text("5", []).plain == "5 │ (empty)"
    assert pile_text("2", [card_text(c) for c in parse_cards("KS QH")]).plain == "2 │ K♠ Q♥ "


# -- notation and the record ------------------------------------------------------------------------------

PILES = "([1-7w])\\s*([1-7h])"


def test_chance_deals_in_words_the_statistics_leave_out() -> None:
    assert [str(Dealing(617)), str(Dealing(Card.parse("AS")))] == ["deal 617", "deal AS"]
    assert str(Dealing(1)).startswith(DEAL_PREFIX)

    record = SimpleNamespace(history=[str(Dealing(Card.parse("AS"))), "w5", str(Dealing(3)), "3h"])
    assert player_moves(record) == 2


def test_a_move_is_read_by_the_games_pattern_in_any_case() -> None:
    assert read_move("W 5", PILES, "a move").groups() == ("w", "5")
    with pytest.raises(InvalidActionError, match="'x5' is not a move: say it"):
        read_move("x5", PILES, "a move: say it")
    with pytest.raises(InvalidActionError, match="'55' moves a card to where it is"):
        read_move("55", PILES, "a move")


def test_the_foundations_and_the_moves_made_round_trip_through_json() -> None:
    home = foundations(3, 0, 13, 1)
    assert home_json(home) == {"C": 3, "D": 0, "H": 13, "S": 1}
    assert read_home(home_json(home)) == home
    written = record_json(["3a", "1h"], [[], ["AS", "2S"]])
    assert written == {"moves": ["3a", "1h"], "automatic": ["", "AS 2S"]}
    assert read_record(written) == (["3a", "1h"], [[], ["AS", "2S"]])


@pytest.mark.parametrize(
    ("read", "data"),
    [(read_record, {}), (read_record, {"moves": [], "automatic": None}), (read_home, {"C": "x"}), (read_home, {})],
)
def test_a_malformed_state_is_one_error_naming_the_game(read: Callable[[object], object], data: object) -> None:
    with pytest.raises(InvalidStateError, match="malformed Golf state"), reading("Golf"):
        read(data)

"""Declarations instead of boilerplate: JSON, notation and copies from a dataclass, checked in real games.

A Golf patience (``golf_plugin``) is written against ``tabletop.playing_cards`` with no card code and no
JSON or parsing of its own and passes the kit; a game whose chance follows the order of a set
(``set_chance_plugin``) passes every check within one process and fails the kit's replay in another.
"""

from __future__ import annotations

import ast
import enum
import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tabletop.cloning import clone_state, immutable_kind
from tabletop.codec import from_data, to_data
from tabletop.errors import InvalidActionError, InvalidStateError
from tabletop.notation import Notation, parse_declared
from tabletop.playing_cards import Card, FacedPile
from tabletop.testing import ConformanceError, check_agents, check_game, check_steps
from tests.framework import golf_plugin, set_chance_plugin


class Colour(enum.Enum):
    RED = "r"
    BLUE = "b"


@dataclass(frozen=True)
class Place(Notation):
    """Put ``card`` on ``pile`` in ``colour``."""

    pile: int
    colour: Colour
    card: Card


@dataclass
class Table:
    piles: dict[int, FacedPile] = field(default_factory=dict)
    hand: list[Card] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    last: Place | None = None
    pair: tuple[int, str] = (0, "")


def test_a_dataclass_of_every_supported_kind_round_trips_through_json() -> None:
    table = Table(
        piles={3: FacedPile((Card.parse("KS"), Card.parse("7H")), down=1)},
        hand=[Card.parse("AS"), Card.parse("TD")],
        seen={"b", "a"},
        last=Place(2, Colour.BLUE, Card.parse("QH")),
        pair=(4, "x"),
    )
    data = to_data(table)
    assert data == {
        "piles": {"3": {"cards": "KS 7H", "down": 1}},
        "hand": ["AS", "TD"],
        "seen": ["a", "b"],
        "last": "place 2 blue QH",
        "pair": [4, "x"],
    }
    assert from_data(Table, data) == table


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"hand": ["ZZ"]}, r"\$\.hand\[0\]: .*is not a card"),
        ({"piles": {"x": {"cards": "", "down": 0}}}, r"\$\.piles\.x: expected a whole number as a key"),
        ({"last": "place two blue QH"}, r"\$\.last: .*notation of a Place"),
        ({"pair": [1]}, r"\$\.pair: expected a list of 2"),
        ({"seen": "ab"}, r"\$\.seen: expected a list, got 'ab'"),
        ({"hand": [], "extra": 1}, r"\$: Table has no field 'extra'"),
        ([], r"\$: expected an object of Table's fields"),
    ],
)
def test_a_damaged_value_is_refused_saying_where(data: object, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        from_data(Table, data)


def test_a_declared_action_writes_and_reads_its_notation() -> None:
    place = Place(2, Colour.RED, Card.parse("10D"))
    assert str(place) == "place 2 red TD"
    assert parse_declared([Place], " PLACE  2 red td ", "Demo") == place
    with pytest.raises(
        InvalidActionError, match=r"'place 2 green TD' is not a Demo action \(actions: place PILE COLOUR CARD\)"
    ):
        parse_declared([Place], "place 2 green TD", "Demo")


def test_the_default_clone_shares_what_cannot_change_and_keeps_aliasing() -> None:
    state = golf_plugin.GolfState()
    state.columns[0] = state.stock[:3]
    state.waste = state.columns[0]  # two fields holding one list
    copy = clone_state(state)
    assert copy == state and copy is not state
    assert copy.columns[0] is copy.waste and copy.columns[0] is not state.columns[0]
    assert copy.stock[0] is state.stock[0]  # a card is immutable: shared, not copied
    copy.waste.append(Card.parse("KS"))
    assert len(state.waste) == 3 and len(copy.columns[0]) == 4
    assert immutable_kind(Card) and immutable_kind(Place) and not immutable_kind(Table)


def test_a_state_with_slots_or_its_own_copying_keeps_the_deep_copy() -> None:
    class Slotted:
        __slots__ = ("cards",)

        def __init__(self) -> None:
            self.cards = [1, 2]

    slotted = Slotted()
    twin = clone_state(slotted)
    twin.cards.append(3)
    assert slotted.cards == [1, 2]


def test_golf_uses_the_framework_cards_and_writes_no_json_parsing_or_copying() -> None:
    tree = ast.parse(Path(golf_plugin.__file__).read_text())
    classes = {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    methods = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    assert classes == {"Deal", "Play", "Turn", "GolfState", "GolfUI", "Golf"}  # no card, suit or deck of its own
    assert not methods & {"to_json", "state_from_json", "parse_action", "clone", "parse", "__str__"}


def test_golf_passes_the_kit_and_keeps_its_score_lower_is_better() -> None:
    report = check_game(golf_plugin.game)
    assert report.replayed_elsewhere == report.playouts == 20
    check_agents(golf_plugin.game)
    check_steps(golf_plugin.game)
    assert golf_plugin.game.info.score_direction == "lower"


def test_golf_states_read_back_and_refuse_a_second_deck() -> None:
    game = golf_plugin.game
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(40):
        state.apply(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    assert game.state_from_json(state.to_json()) == state
    damaged = state.to_json()
    damaged["waste"].append(damaged["waste"][0])
    with pytest.raises(InvalidStateError, match="not one deck"):
        game.state_from_json(damaged)


def test_chance_that_follows_a_set_passes_in_one_process_and_fails_the_kit() -> None:
    game = set_chance_plugin.game
    assert check_game(game, other_process=False).playouts == 20  # nothing within one process sees it
    with pytest.raises(
        ConformanceError, match=r"check_other_process failed: the playout with seed \d+ is another game"
    ):
        check_game(game)

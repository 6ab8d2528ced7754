"""Card files: the default set, any number of cards, and refusals that say where."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop_muses.cards import MAX_CARDS, CardFileError, load_cards, parse_cards

from .helpers import make_set

NAMES = {"Calliope", "Cleo", "Erato", "Euterpe", "Melpomene", "Polyhymnia", "Terpsichore", "Thalia", "Urania"}


def test_default_set_keeps_the_known_facts() -> None:
    cards = load_cards()
    assert {c.name for c in cards.cards} == NAMES
    assert all(1 <= c.points <= 5 for c in cards.cards)
    powerless = {c.name for c in cards.cards if c.power is None}
    assert powerless == {"Calliope", "Cleo"}
    assert all(len(c.edges) == 4 and c.edges[0] is not None for c in cards.cards)
    # The upright condition is the easiest one on each card.
    for card in cards.cards:
        upright = card.edges[0].probability()  # type: ignore[union-attr]
        assert all(upright >= e.probability() for e in card.edges[1:] if e is not None), card.name
    assert (cards.target, cards.hints) == (20, 3)
    text = (Path(__file__).parents[2] / "games/muses/tabletop_muses/default.toml").read_text(encoding="utf-8")
    assert "RECONSTRUCTION" in text


def test_any_number_of_cards_up_to_the_limit(tmp_path: Path) -> None:
    two = make_set([("Alpha", 1, "", ["7", "", "", ""]), ("Beta", 2, "match", ["Pair", "12", "", ""])])
    assert len(two.cards) == 2
    many = make_set([(f"M{chr(97 + i)}", 1, "", ["≥ 2", "", "", ""]) for i in range(MAX_CARDS)])
    assert len(many.cards) == MAX_CARDS
    path = tmp_path / "mine.toml"
    path.write_text('[[card]]\nname = "Solo"\npoints = 4\nedges = ["7", "die 5", "blank", ""]\n', encoding="utf-8")
    solo = load_cards(path)
    assert solo.cards[0].edges[2] is None and solo.source == str(path)
    assert solo.digest != load_cards().digest


GOOD = '[[card]]\nname = "Erato"\npoints = 3\npower = "adjust 2"\nedges = ["7", "≥ 9", "", ""]\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[card]\n", "f.toml: not valid TOML"),
        ("", "f.toml: expected at least one [[card]]"),
        (GOOD.replace('"≥ 9"', '"≥ 13"'), "f.toml: card 1 (Erato), edge 2: in '≥ 13': expected a sum from 2 to 12"),
        (GOOD.replace('"7"', '""'), "card 1 (Erato), edge 1: expected a condition (the upright edge cannot be blank)"),
        (GOOD.replace('"7", ', ""), "card 1 (Erato), edges: expected a list of 4 conditions"),
        (GOOD.replace('"adjust 2"', '"teleport"'), "card 1 (Erato), power: expected one of flip, reroll"),
        (GOOD.replace('"adjust 2"', '"adjust 9"'), "card 1 (Erato), power: expected 'adjust N' with N from 1 to 3"),
        (GOOD.replace("points = 3", "points = -1"), "card 1 (Erato), points: expected a whole number from 0 to 99"),
        (GOOD.replace("points = 3", 'points = "3"'), "card 1 (Erato), points"),
        (GOOD.replace('"Erato"', '"Erato 2"'), "card 1 (Erato 2), name: expected a name of letters"),
        (GOOD + GOOD.replace('"Erato"', '"erato"'), "card 2 (erato): the name is already used by card 1"),
        (GOOD.replace("points = 3", "points = 3\ncolour = 1"), "card 1 (Erato): unknown key 'colour'"),
        (GOOD.replace('edges = ["7", "≥ 9", "", ""]', ""), "card 1 (Erato): expected edges"),
        (GOOD.replace('"7"', "7"), "card 1 (Erato), edge 1: expected a condition in quotes"),
        ("[game]\ntarget = -3\n" + GOOD, "f.toml: [game], target: expected a whole number"),
        ("[rules]\n" + GOOD, "unknown section 'rules'"),
        (GOOD.replace('"Erato"', '"Cleo"'), "card 1 (Cleo), power: Cleo has no power in the rules"),
        (GOOD.replace('"Erato"', '"calliope"'), "card 1 (calliope), power: calliope has no power in the rules"),
    ],
)
def test_mistakes_are_refused_with_place_and_expectation(text: str, message: str) -> None:
    with pytest.raises(CardFileError) as info:
        parse_cards(text, "f.toml")
    assert message in str(info.value)


def test_missing_file_is_a_plain_error(tmp_path: Path) -> None:
    with pytest.raises(CardFileError, match="no such card file"):
        load_cards(tmp_path / "nope.toml")

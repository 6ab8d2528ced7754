"""Typed options: a game reads ints and bools, while records, flags and the menu keep working with text."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.commands.list_games import _flag
from tabletop.commands.play import game_parser
from tabletop.game import Switch, WholeNumber, one_of, whole_number
from tabletop.loop import Match


@pytest.fixture(scope="module")
def highcard(example_plugin_path: object) -> Any:
    from tabletop_highcard import game

    return game


def test_a_number_is_read_as_an_int_within_its_bounds() -> None:
    players = whole_number("seats", "Seats", 1, 4, default=2)
    assert players.value({}) == 2 and players.value({"seats": "4"}) == 4
    assert players.choices == ("1", "2", "3", "4") and not players.free_text
    with pytest.raises(ValueError, match="'many' is not a whole number from 1 to 4"):
        players.value({"seats": "many"})
    with pytest.raises(ValueError, match="the default 9 is not from 1 to 4"):
        whole_number("seats", "Seats", 1, 4, default=9)


def test_a_wide_range_is_typed_rather_than_listed() -> None:
    target = whole_number("target", "Target", 10, 100, default=20)
    assert target.free_text and target.choices == ()
    assert target.parse(" 50 ") == "50"
    with pytest.raises(ValueError, match="from 10 to 100"):
        target.parse("101")


def test_switches_and_words_read_as_what_they_are() -> None:
    low = Switch("low", "Lowball")
    assert low.is_flag and low.value({}) is False and low.value({"low": "ON"}) is True
    first = one_of("first", "First player", ["random", "1", "2"], default="random", labels=["random", "North", "South"])
    assert first.value({}) == "random" and first.label_of("2") == "South"
    with pytest.raises(ValueError, match="is not one of"):
        one_of("first", "First player", ["1", "2"], default="3")


def test_the_example_reads_typed_values_and_its_record_keeps_text(highcard: Any) -> None:
    hand = highcard.info.option("hand")
    assert isinstance(hand, WholeNumber) and isinstance(highcard.info.option("low"), Switch)
    state = highcard.new_initial_state({"hand": "4", "low": "on"})
    assert state.hand_size == 4 and state.low is True
    match = Match(highcard, options={"hand": "4"}, seed=3)
    assert match.options == {"hand": "4", "low": "off"}  # what a record stores: text, as ever


def test_flags_and_the_list_follow_from_the_declaration(highcard: Any) -> None:
    parsed = game_parser(highcard).parse_args(["--hand", "4", "--low"])
    assert parsed.hand == "4" and parsed.low == "on"
    assert [_flag(o) for o in highcard.info.options] == ["--hand\u00a03..4", "--low"]
    with pytest.raises(ValueError, match="not a whole number from 3 to 4"):
        highcard.resolve_options({"hand": "7"})

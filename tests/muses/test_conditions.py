"""The condition language: printed and ASCII spellings, masks, and refusals."""

from __future__ import annotations

import pytest

from tabletop_muses.conditions import PAIRS, ConditionError, parse_condition


def satisfying(text: str) -> set[tuple[int, int]]:
    cond = parse_condition(text)
    return {(a, b) for a, b in PAIRS if cond.holds(a, b)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7", {(1, 6), (2, 5), (3, 4)}),
        ("= 7", {(1, 6), (2, 5), (3, 4)}),
        ("≥ 11", {(5, 6), (6, 6)}),
        (">= 11", {(5, 6), (6, 6)}),
        ("≤ 3", {(1, 1), (1, 2)}),
        ("<= 3", {(1, 1), (1, 2)}),
        ("> 11", {(6, 6)}),
        ("< 3", {(1, 1)}),
        ("sum ≥ 12", {(6, 6)}),
        ("Pair ≥ 10", {(5, 5), (6, 6)}),
        ("pair>=10", {(5, 5), (6, 6)}),
        ("⚅⚅", {(6, 6)}),
        ("die 1 die 6", {(1, 6)}),
        ("Both ≥ 5", {(5, 5), (5, 6), (6, 6)}),
        ("Difference ≥ 5", {(1, 6)}),
        ("⚀ and ≥ 7", {(1, 6)}),
        ("12 or 2", {(1, 1), (6, 6)}),
    ],
)
def test_conditions_select_the_right_pairs(text: str, expected: set[tuple[int, int]]) -> None:
    assert satisfying(text) == expected


def test_die_face_printed_and_ascii_agree() -> None:
    for n, glyph in enumerate("⚀⚁⚂⚃⚄⚅", start=1):
        assert parse_condition(glyph).mask == parse_condition(f"die {n}").mask
        assert satisfying(glyph) == {(a, b) for a, b in PAIRS if n in (a, b)}


def test_words() -> None:
    assert satisfying("Both odd") == {(a, b) for a, b in PAIRS if a % 2 and b % 2}
    assert satisfying("BOTH EVEN") == {(a, b) for a, b in PAIRS if a % 2 == 0 and b % 2 == 0}
    assert satisfying("Pair") == {(n, n) for n in range(1, 7)}
    assert satisfying("Pair ≥ 6") == {(3, 3), (4, 4), (5, 5), (6, 6)}
    assert satisfying("No pair") == {(a, b) for a, b in PAIRS if a != b}
    assert satisfying("Odd") == {(a, b) for a, b in PAIRS if (a + b) % 2}


def test_mask_and_probability() -> None:
    cond = parse_condition("7")
    assert bin(cond.mask).count("1") == 3
    assert cond.probability() == pytest.approx(6 / 36)
    assert parse_condition("≥ 2").probability() == pytest.approx(1.0)


@pytest.mark.parametrize(
    "text", ["7", "≥ 9", "⚄", "Both odd", "Pair ≥ 6", "Pair", "⚂⚄", "Difference ≥ 3", "≤ 4 or Pair"]
)
def test_printed_text_round_trips(text: str) -> None:
    assert str(parse_condition(text)) == text


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("13", "a sum from 2 to 12"),
        ("≥", "a sum (a number from 2 to 12), found the end"),
        ("die 7", "a die face from 1 to 6"),
        ("Both", "'odd', 'even' or a comparison"),
        ("Pear", "expected a condition"),
        ("7 8", "the end of the condition"),
        ("> 12", "can never be met"),
        ("Pair ≥ 13", "the sum of the pair from 2 to 12"),
    ],
)
def test_bad_text_is_refused_with_what_was_expected(text: str, fragment: str) -> None:
    with pytest.raises(ConditionError, match=None) as info:
        parse_condition(text)
    assert fragment in str(info.value)

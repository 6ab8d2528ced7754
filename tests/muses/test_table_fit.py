"""A card's conditions are never cut: they wrap on the card; the head line stays on a 60x20 screen."""

from __future__ import annotations

import pytest

from tabletop_muses.cards import default_cards
from tabletop_muses.rules import MusesState

from .helpers import play
from .test_table_display import FULL_TURNS, drawn, first_list, full_table, logged


def card_column(lines: list[str]) -> list[str]:
    """The inside of the first card of the display, line by line, its border left out."""
    return [line.split("│")[1].strip() for line in lines if line.startswith("│")]


@pytest.mark.parametrize(("width", "height"), [(80, 24), (60, 20), (120, 40)])
def test_a_long_condition_is_shown_whole_with_its_chance(width: int, height: int) -> None:
    # Polyhymnia's top edge in the default set: "Difference 3 and ≥ 7", met by 4 rolls in 36.
    state = play(MusesState(default_cards()), "draw Polyhymnia", "roll 1 1")
    lines = drawn(state, [], width, height)
    card = " ".join(card_column(lines))
    assert "▲ Diff 3 and ≥ 7 · 11%" in card or "▲ Difference 3 and ≥ 7 · 11%" in card, "\n".join(lines)
    assert "…" not in "\n".join(lines)


@pytest.mark.parametrize(("width", "height"), [(80, 24), (60, 20)])
def test_a_full_display_keeps_the_head_line_and_every_top_condition(width: int, height: int) -> None:
    state, log = full_table()
    log += logged(state, FULL_TURNS[-1])
    lines = drawn(state, log, width, height)
    text = "\n".join(lines)
    assert len(lines) + first_list(state) <= height, text
    assert max(len(line) for line in lines) <= width, text
    assert "Turn 6  Dice: [⚂ 3] [⚃ 4]" in text and "Score 4/12" in text and "Claimed: Erato 1" in text
    assert "…" not in text
    joined = " ".join(" ".join(line.split()) for line in lines)
    for top in ("▲ ≥ 9 · 28%", "▲ ⚀ 1 ⚅ 6", "▲ Both odd", "· 6%", "· 25%"):
        assert top in joined, text

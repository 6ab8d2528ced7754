"""Rules said right in the app (Muster's and Muses'), and menus that keep the hand's order."""

from __future__ import annotations

import re

from tabletop.ui.base import Choice
from tabletop.ui.steps import with_keys
from tabletop_muster import game
from tabletop_muster.board import board
from tabletop_muster.position import build_state
from tabletop_muster.rules_text import rules_markdown
from tabletop_muster.ui import BANNER, MusterUI
from tests.muster.ui_helpers import text_of

UI = MusterUI(game)


def test_the_rules_say_a_castle_goes_to_the_total_strength_under_it() -> None:
    text = rules_markdown()
    assert "total strength of their column under it" in text
    assert "not just the top one" in text
    # The two-line example: a higher top card loses to a stronger column.
    assert "W1 W1 W2 W2 W3 = 1+1+2+2+3 = 9" in text and "W5             = 5      -> North controls Water" in text
    assert "Strength in Numbers" in text and "L2 L3 (5, two Banners) beats South's L5" in text
    assert "higher column strength" not in text
    assert "**str** is the column's total strength" in text


def test_the_rules_cover_swap_fit_the_last_card_and_the_marks() -> None:
    text = rules_markdown()
    assert "Only the first-placed Rainbow card of a column can be swapped" in text
    assert "by a Move" in text and "turning it up" in text
    assert "**›**" in text and "draw 2 of 3" in text


def test_the_board_names_the_castle_space_top_card_as_such() -> None:
    state = build_state(north="W1 L3 R L2 C1", south="F5 C2 X P1 L4", castles={"water": "W4 W5"})
    text = text_of(board(state.view(1)))
    assert "Castle space (top)" in text


def test_muses_rules_define_every_power_and_condition_word() -> None:
    from tabletop_muses.cards import POWER_KINDS
    from tabletop_muses.docs import rules_markdown as muses_rules

    text = muses_rules()
    for kind in POWER_KINDS:
        assert f"*{kind}" in text, kind
    assert "1 and 6, 2 and 5, 3 and 4" in text
    for word in ("Both odd", "Both even", "Both ≥ 4", "Pair", "Pair ≥ 6", "No pair", "*Odd*", "*Even*", "Difference"):
        assert word in text, word
    assert "*and*" in text and "*or*" in text
    assert "Advise" not in text
    assert re.search(r"\*\*Coach\*\* in the move menu \(key \*\*\?\*\*\)", text)
    assert "exact chances of winning" in text


def test_card_menus_keep_the_hand_order_with_greyed_out_cards_in_place() -> None:
    # North's W3 cannot follow the W1 in their Water column: it is greyed out where it stands in the hand.
    state = build_state(
        north="W1 W3 L2 C1 P4",
        south="F1 F2 F3 P1 P2",
        north_columns={"water": "W1", "feather": "P1 P2 P3"},
        turn_of="north",
    )
    view = state.view(0)
    steps = UI.steps(view, state.legal_actions())
    greyed = [(p[1], why) for p, why in UI.unavailable(view) if p[0] == BANNER and len(p) == 2]
    usable = list(dict.fromkeys(s.path[1] for s in steps if s.path[0] == BANNER))
    assert [title for title, _ in greyed] == ["W3 Water 3"]
    choices = with_keys(
        [Choice(label, label) for label in usable] + [Choice(t, None, why) for t, why in greyed], UI.label_order(view)
    )
    hand = [c.title for c in choices]
    assert hand == [label for label in UI.label_order(view) if label in hand]
    assert hand.index("W1 Water 1") < hand.index("W3 Water 3") < hand.index("L2 Leaf 2")
    keys = [c.key for c in choices if c.disabled is None]
    assert keys == [str(i) for i in range(1, len(keys) + 1)]


def test_label_order_starts_with_the_action_types_in_rulebook_order() -> None:
    from tabletop_muster.ui import ACTION_TYPES

    state = build_state(north="W1 W3 R L2 C1", south="F1 F2 F3 P1 P2")
    assert list(UI.label_order(state.view(0)))[:6] == list(ACTION_TYPES)

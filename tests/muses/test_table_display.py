"""The table shows the game: cards with four live edges, the chances of their conditions, faces with
digits, a log that tells what the rotation did, and screens that fit 80x24 and use 120x40."""

from __future__ import annotations

import io
import re
from fractions import Fraction

import pytest
from rich.console import Console

from tabletop_muses import game
from tabletop_muses.cards import CardSet, default_cards
from tabletop_muses.conditions import parse_condition
from tabletop_muses.rules import Claim, End, MusesState, condition_text
from tabletop_muses.ui import MENU_RESERVE, MusesUI, chance, percent

from .helpers import make_set, play

FOUR = make_set(
    [
        ("Calliope", 5, "", ["≥ 10", "Pair ≥ 8", "Difference ≥ 3", "⚀⚅"]),
        ("Terpsichore", 2, "reroll", ["⚄", "⚄⚄", "Both odd", "≤ 4 or Pair"]),
        ("Polyhymnia", 2, "match", ["Difference ≥ 3", "⚀⚅", "Both ≥ 4", "No pair"]),
        ("Urania", 3, "flip", ["≥ 9", "Pair ≥ 10", "Odd", "7"]),
        ("Erato", 1, "adjust 1", ["≤ 5", "⚀⚁", "Even", "Both even and ≥ 8"]),
        ("Thalia", 1, "adjust 2", ["Odd", "Both ≤ 3", "", "Pair"]),
    ],
    target=12,
    hints=3,
)
"""Cards whose four edges are live (Thalia's third is blank, the rest come back upright)."""

FULL_TURNS = ["draw Calliope", "roll 1 2", "end", "draw Terpsichore", "roll 1 2", "end",
              "draw Polyhymnia", "roll 1 2", "end", "draw Urania", "roll 3 4"]  # fmt: skip
"""Four cards in the display, at rotations 3, 2, 1 and 0."""


def logged(state: MusesState, *texts: str) -> list[str]:
    """Apply actions by their notation, returning the log lines they make."""
    lines = []
    for text in texts:
        (action,) = [a for a in state.legal_actions() if str(a) == text]
        lines.append(state.describe(action))
        state.apply(action)
    return lines


def drawn(state: MusesState, log: list[str], width: int = 80, height: int = 24) -> list[str]:
    """The board's lines at ``width`` x ``height``."""
    game.register(state.cardset)
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, color_system=None)
    console.print(MusesUI(game).render(state.view(0), log))
    return out.getvalue().splitlines()


def first_list(state: MusesState) -> int:
    """Lines under the board at the largest first list: the notice, the question, the steps usable or
    greyed, Hint, Log and Game menu."""
    ui, view = MusesUI(game), state.view(0)
    firsts = {step.path[0] for step in ui.steps(view, state.legal_actions())}
    greyed = [path for path, _ in ui.unavailable(view) if len(path) == 1]
    return 1 + 1 + len(firsts) + len(greyed) + len(ui.extra_choices(view)) + 3


def full_table() -> tuple[MusesState, list[str]]:
    """Four four-edge cards on display, one claimed muse, a long log."""
    state = MusesState(FOUR)
    log = logged(state, "draw Erato", "roll 1 1", "claim Erato", "draw Thalia", "roll 1 2", "end")
    log += logged(state, *FULL_TURNS[:-1])
    return state, log


def test_chances_are_those_of_the_36_rolls_for_every_condition_word() -> None:
    words = ["7", "2", "12", "≥ 9", "<= 4", "> 10", "< 5", "= 6", "sum 8", "⚄", "die 1", "⚀⚅", "⚃⚃",
             "die 2 die 3", "Both odd", "Both even", "Both ≥ 4", "Both < 3", "Both = 6", "Pair", "Double",
             "Pair ≥ 6", "Pair ≤ 4", "Pair 8", "No pair", "Odd", "Even", "Odd sum", "Difference ≥ 3",
             "Diff 0", "Difference < 2", "Difference = 5", "≤ 4 or Pair", "Both odd and ≥ 8",
             "Odd and Difference ≥ 3 or ⚅⚅", "≥ 2"]  # fmt: skip
    for text in words:
        condition = parse_condition(text)
        met = sum(condition.holds(a, b) for a in range(1, 7) for b in range(1, 7))
        assert chance(condition) == Fraction(met, 36), text
        assert percent(condition) == f"{round(100 * met / 36)}%", text
    assert percent(parse_condition("7")) == "17%" and percent(parse_condition("≥ 2")) == "100%"
    assert percent(parse_condition("Pair ≥ 12")) == "3%"  # the rarest: one roll in 36


def test_a_card_lists_its_edges_in_the_order_they_come_up_and_how_it_leaves() -> None:
    state = MusesState(FOUR)
    logged(state, *FULL_TURNS)
    text = "\n".join(drawn(state, []))
    # Urania, just turned up: all four edges, the top marked, each with its chance, then the discard.
    column = [line[:20] for line in text.splitlines()]
    assert column[1:8] == [
        "│Urania       3 pts│",
        "│▲ ≥ 9 · 28%       │",
        "│2 Pair ≥ 10 · 6%  │",
        "│3 Odd · 50%       │",
        "│4 7 · 17%         │",
        "│✗ upright: discard│",
        "│flip a die        │",
    ]
    # Calliope has turned three times: its last edge is on top, then it comes back upright.
    calliope = [line[60:] for line in text.splitlines()]
    assert calliope[2:4] == ["│▲ ⚀ 1 ⚅ 6 · 6%    │", "│✗ upright: discard│"]
    # A long condition is wrapped under its start, never cut, its chance kept with it.
    assert "▲ Diff ≥ 3 · 33%" not in text and "3 Both ≥ 4 · 25%" in text
    terpsichore = [line[40:60] for line in text.splitlines()]
    assert "│4 ≤ 4 or Pair     │" in terpsichore and "│  · 28%           │" in terpsichore
    assert "…" not in text


def test_a_blank_edge_is_where_the_card_leaves() -> None:
    state = play(MusesState(FOUR), "draw Thalia", "roll 2 2")
    text = "\n".join(drawn(state, []))
    assert "▲ Odd · 50%" in text and "2 Both ≤ 3 · 25%" in text and "✗ blank: discarded" in text
    assert "Pair ·" not in text  # the edge after the blank never comes up


def test_faces_show_their_digits_on_cards_and_dice() -> None:
    state = play(MusesState(FOUR), "draw Terpsichore", "roll 2 5")
    text = "\n".join(drawn(state, []))
    assert "▲ ⚄ 5 · 31%" in text and "2 ⚄ 5 ⚄ 5 · 3%" in text
    assert "Dice: [⚁ 2] [⚄ 5]" in text
    assert condition_text(parse_condition("die 1 die 6 or ⚃")) == "⚀ 1 ⚅ 6 or ⚃ 4"


def test_four_four_edge_cards_fit_80x24_with_the_largest_list() -> None:
    state, log = full_table()
    log += logged(state, FULL_TURNS[-1])
    assert len(state.display) == 4 and sorted(r for _, r in state.display) == [0, 1, 2, 3]
    lines = drawn(state, log)
    assert max(len(line) for line in lines) <= 80
    assert first_list(state) == MENU_RESERVE
    assert len(lines) + first_list(state) <= 24, "\n".join(lines)
    text = "\n".join(lines)
    for name in ("Calliope", "Terpsichore", "Polyhymnia", "Urania"):
        assert name in text
    assert "Claimed: Erato 1 (READY: ±1)" in text and "Dice: [⚂ 3] [⚃ 4]" in text
    assert "Rolled ⚂ 3 and ⚃ 4." in lines[-1]  # the latest log line is in sight
    assert sum(line.startswith("  ") for line in lines) >= 2  # and at least two lines of log


@pytest.mark.parametrize("claims", [0, 3, 6])
def test_every_position_with_a_full_display_fits_80x24(claims: int) -> None:
    # Many claimed muses with long power words: the claimed lines are cut, never the board.
    names = [f"Muse{'x' * k}" for k in range(claims)]
    extra = [(name.replace("x", "a"), 9, "adjust 3", ["Pair", "Odd", "Even", "7"]) for name in names]
    cards = make_set(
        [(n, 1, "reroll", ["≥ 2", "Difference ≥ 1", "Both odd and ≥ 8", "Pair ≥ 4"]) for n in ("Aa", "Bb", "Cc")]
        + [("Terpsichore", 2, "match", ["≥ 2", "≤ 11", "No pair", "Both ≥ 2"])]
        + extra,
        target=30,
        hints=3,
    )
    state = MusesState(cards)
    log = []
    for card in extra:
        log += logged(state, f"draw {card[0]}", "roll 1 1", f"claim {card[0]}")
    log += logged(state, "draw Aa", "roll 1 1", "end", "draw Bb", "roll 1 1", "end", "draw Cc", "roll 1 1", "end")
    log += logged(state, "draw Terpsichore", "roll 3 4")
    lines = drawn(state, log)
    assert len(state.display) == 4
    assert max(len(line) for line in lines) <= 80 and len(lines) + first_list(state) <= 24, "\n".join(lines)


def test_a_large_terminal_shows_more_of_the_log() -> None:
    state, log = full_table()
    log += logged(state, FULL_TURNS[-1])
    small, large = drawn(state, log), drawn(state, log, 120, 40)
    assert max(len(line) for line in large) <= 120 and len(large) + first_list(state) <= 40
    log_small = [line for line in small if line.startswith("  ")]
    log_large = [line for line in large if line.startswith("  ")]
    assert len(log_large) >= 2 * len(log_small) >= 4
    # Wider cards say how a card leaves in more words.
    assert "✗ back upright: discarded" in "\n".join(large)


def test_the_log_tells_what_the_rotation_did() -> None:
    state = MusesState(FOUR)
    logged(state, "draw Thalia", "roll 1 2", "end", "draw Calliope", "roll 1 2")
    assert state.describe(End()) == (
        "Ended the turn without a claim. Turned: Calliope to Pair ≥ 8. Discarded: Thalia (blank edge)."
    )
    logged(state, "end", "draw Urania", "roll 1 2", "end", "draw Erato", "roll 1 2", "end", "draw Polyhymnia")
    logged(state, "roll 1 2")
    assert state.describe(Claim("Erato")) == (
        "Claimed Erato (+1 pt). Turned: Urania to 7, Polyhymnia to ⚀ 1 ⚅ 6. Discarded: Calliope (came back upright)."
    )
    state = play(MusesState(FOUR), "draw Erato", "roll 1 1")
    assert state.describe(Claim("Erato")) == "Claimed Erato (+1 pt)."  # nothing else in the display
    state = play(MusesState(FOUR), "draw Terpsichore")
    assert state.describe(game.parse_action(state, "roll 1 2")) == "Rolled ⚀ 1 and ⚁ 2."
    assert "top: ⚄ 5." in MusesState(FOUR).describe(game.parse_action(state, "draw Terpsichore"))


def test_a_long_turn_end_is_wrapped_on_the_board_not_lost() -> None:
    state = MusesState(FOUR)
    log = logged(state, *FULL_TURNS[:-1])
    text = "\n".join(drawn(state, log))
    words = " ".join(line.strip() for line in text.splitlines() if line.startswith("  "))
    assert log[-1] in words  # the whole of the last turn's end, over two lines


def _result(cards: CardSet) -> str:
    state = MusesState(cards)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(MusesUI(game).render_result(state))
    return out.getvalue()


def test_the_end_screen_names_the_card_set() -> None:
    assert "Played with small.toml: 6 cards, target 12, 3 hints." in _result(FOUR)
    one = make_set([("Solo", 1, "", ["≥ 2", "", "", ""])], target=1, hints=1)
    assert "Played with small.toml: 1 card, target 1, 1 hint." in _result(one)
    default = default_cards()
    words = f"{len(default.cards)} cards, target {default.target}, {default.hints} hints"
    assert f"Played with the default cards: {words}." in _result(default)


def test_the_rules_explain_every_power_condition_word_and_the_card_display() -> None:
    from tabletop_muses.cards import POWER_KINDS
    from tabletop_muses.docs import RULES

    for kind in POWER_KINDS:
        assert re.search(rf"\*{kind}( N)?\*", RULES), kind
    for word in ("Both odd", "Both even", "Both ≥ 4", "Pair", "Pair ≥ 6", "No pair", "Odd", "Even",
                 "Difference ≥ 3", "Diff", "*and*", "*or*", "`7`", "`≥ 9`", "`≤ 4`", "`⚄`", "`⚂⚄`",
                 "die 5", "Double", "sum", "blank"):  # fmt: skip
        assert word in RULES, word
    for word in ("▲", "17%", "36", "✗ upright", "✗ blank", "in the order"):
        assert word in RULES, word


def test_a_face_keeps_its_digit_when_the_log_wraps() -> None:
    from tabletop_muses.ui import log_lines

    entry = "Ended the turn without a claim. Turned: Cleo to ⚅ 6 ⚅ 6, Terpsichore to ⚀ 1 ⚄ 5, Polyhymnia to ⚂ 3."
    for width in range(60, 81):
        lines = log_lines([entry], width, 3)
        assert " ".join(line.strip() for line in lines) == entry, width
        assert not any(line.rstrip()[-1] in "⚀⚁⚂⚃⚄⚅" for line in lines), (width, lines)
        assert not any(re.search("[⚀-⚅] [1-6]$", line) for line in lines[:-1]), (width, lines)  # ⚀ 1 ⚄ 5 whole


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_the_opening_board_says_the_score_so_far_is_the_unused_hints(width: int, height: int) -> None:
    state = MusesState(default_cards())
    log = logged(state, "draw Euterpe", "roll 4 5")
    lines = drawn(state, log, width, height)
    text = "\n".join(lines)
    assert max(len(line) for line in lines) < width, text
    head = next(line for line in lines if line.startswith("Turn 1  "))
    assert head.endswith("Score 3/20 (3 unused hints)" if width < 120 else "Score 3/20 (3 for unused hints)"), text
    # Where the 3 points come from, as the rulebook scores hints: 1 point for each unused one, at the end.
    assert "Claimed: none yet; each hint left unused scores 1 point at the end" in lines, text
    assert "from hints" not in text


def test_once_the_hints_are_gone_the_opening_board_no_longer_counts_them() -> None:
    state = MusesState(default_cards())
    logged(state, "draw Euterpe", "roll 4 5")
    state.hints = 0
    lines = drawn(state, [])
    assert "Claimed: none yet" in lines and not any("unused" in line for line in lines)
    assert any(line.endswith("Score 0/20") for line in lines)

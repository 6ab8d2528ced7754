"""The Muster board as drawn in the terminal: size, facts shown, nothing hidden leaked, no colour needed."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tabletop_muster import game
from tabletop_muster.board import board, column_text
from tabletop_muster.board_log import condense, log_lines
from tabletop_muster.cards import parse_token
from tabletop_muster.events import BANNER, DECK_DRAW, DRAWN, FIRST, TAKE, TURNED_UP, MusterEvent
from tabletop_muster.position import build_state
from tabletop_muster.reckoning import result
from tabletop_muster.state import MusterState
from tabletop_muster.ui import MusterUI
from tests.muster.helpers import event_log
from tests.muster.ui_helpers import console, decision_states, lines_of, text_of

BOARD_LINES = 16
"""The board must leave room for a prompt with about six entries on a 24-line screen."""


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Rich reads these; the snapshots must not depend on the terminal running the tests."""
    for name in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS", "LINES", "TERM"):
        monkeypatch.delenv(name, raising=False)
    yield


def busy() -> MusterState:
    """South to act, mid-game: Wizards, a Bridge, a Rainbow Castle, known cards on both sides."""
    return build_state(
        north="W1 L3 R L2 C1",
        south="F5 C2 X P1 L4",
        north_columns={"water": "W1 W2 W3 RW", "flame": "F1 F1 F2 F2 F3 F4 RW", "leaf": "L2"},
        south_columns={"water": "W4 W5", "cloud": "C1 RB2 C3", "feather": "P1 P1 P2 P2 P3 P4 P5 RW"},
        castles={"water": "W1 W2", "leaf": "L1 X", "cloud": "C2"},
        known=("R L2", "X"),
        turn=14,
        turn_of="south",
    )


LOG = [
    "North plays Water 3 under the Water castle.",
    "North takes Leaf 2 from the Leaf castle space.",
    "North castles a Rainbow Castle onto the Leaf castle space.",
]


def test_the_board_fits_80_columns_and_leaves_room_for_the_prompt() -> None:
    text = text_of(board(busy().view(1), LOG))
    lines = lines_of(text)
    assert len(lines) <= BOARD_LINES
    assert max(len(line.rstrip()) for line in lines) <= 80


def test_every_position_of_random_games_fits() -> None:
    for seed in (1, 2):
        for state in decision_states(seed, {"over_the_rainbow": "on"} if seed == 2 else None, every=5):
            for seat in (0, 1):
                lines = lines_of(text_of(board(state.view(seat), LOG)))
                assert len(lines) <= BOARD_LINES, "\n".join(lines)
                assert max(len(line.rstrip()) for line in lines) <= 80, "\n".join(lines)


def test_the_board_shows_strengths_leads_deck_known_cards_and_the_hand() -> None:
    state = busy()
    text = text_of(board(state.view(1), LOG))
    water = next(line for line in lines_of(text) if " W Water " in line)
    # North's Water column W1 W2 W3 RW = 12 leads South's W4 W5 = 9: the arrow points left.
    assert re.search(r"W1 W2 W3 RW\s+12\s+◀ W Water\s+W2 ×2\s+9 W4 W5", water)
    cloud = next(line for line in lines_of(text) if " C Cloud " in line)
    assert re.search(r"0\s+C Cloud\s+C2 ×1\s+▶\s+5 C1 RB2 C3", cloud)
    leaf = next(line for line in lines_of(text) if " L Leaf " in line)
    assert "X any ×2" in leaf  # the Rainbow Castle on top is marked
    assert len(state.deck) == 7 and "deck 7 " in text  # 47 cards - 10 in hands - 25 in columns - 5 on spaces
    assert "North's hand (5): L2 R ? ? ?" in text  # the known cards, the rest hidden
    assert "Your hand: L4  C2  F5  P1  X°" in text  # ° marks the card North knows
    assert "castles led: North 3, you 2" in text
    for line in LOG:
        assert line in text


def test_the_title_and_columns_name_the_viewer() -> None:
    text = text_of(board(busy().view(1), LOG))
    assert "South (you)" in text and "North (you)" not in text
    text = text_of(board(busy().view(0), LOG))
    assert "North (you)" in text and "South (you)" not in text


def test_no_hidden_card_of_the_opponent_is_drawn() -> None:
    # North's hand holds the only P4, F4, F5 and L5 of the game; North's hand is unknown to South.
    state = build_state(north="P4 F4 F5 L5 W3", south="W1 W2 C1 C2 P1", south_columns={"cloud": "C3"}, turn_of="south")
    text = text_of(board(state.view(1), []))
    for code in ("P4", "F4", "F5", "L5", "W3"):
        assert code not in text
    assert "North's hand (5): ? ? ? ? ?" in text
    # Once North takes a card from a castle space, South knows it.
    state = build_state(north="P4 F4 F5 L5 W3", south="W1 W2 C1 C2 P1", known=("W3", ""), turn_of="south")
    text = text_of(board(state.view(1), []))
    assert "W3" in text and "P4" not in text
    assert "(? unknown)" in text  # the legend, beside the cards not known
    state = build_state(north="P4 F4 F5 L5 W3", south="W1 W2 C1 C2 P1", known=("P4 F4 F5 L5 W3", ""), turn_of="south")
    text = text_of(board(state.view(1), []))
    assert "North's hand (5): W3 L5 F4 F5 P4\n" in text and "(? unknown)" not in text  # no ? left to explain


def test_hot_seat_each_player_sees_only_their_own_hand() -> None:
    state = build_state(north="P4 F4 F5 L5 W3", south="W1 W2 C1 C2 P1")
    ui = MusterUI(game)
    for seat, own, other in ((0, "P4", "C2"), (1, "C2", "P4")):
        c = console()
        c.print(ui.render(state.view(seat), []))
        text = c.export_text()
        assert own in text and other not in text


def test_the_board_reads_the_same_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    view = busy().view(1)
    coloured = console(force_terminal=True, color_system="truecolor")
    coloured.print(board(view, LOG))
    assert "\x1b[" in coloured.file.getvalue()  # type: ignore[attr-defined]
    plain = coloured.export_text()
    monkeypatch.setenv("NO_COLOR", "1")
    no_colour = console(force_terminal=True)
    no_colour.print(board(view, LOG))
    assert no_colour.export_text() == plain
    assert not re.search(r"\x1b\[[0-9;]*3[0-9]m|\x1b\[[0-9;]*38;", no_colour.file.getvalue())  # type: ignore[attr-defined]
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    dumb = console(force_terminal=True)
    dumb.print(board(view, LOG))
    assert "\x1b[" not in dumb.file.getvalue()  # type: ignore[attr-defined]
    assert dumb.file.getvalue().rstrip() == plain.rstrip()  # type: ignore[attr-defined]


def test_long_columns_shorten_but_keep_their_top_cards() -> None:
    tokens = [parse_token(c) for c in ["W1", "F1", "P1", "L1", "W2", "W2", "C3", "F4", "W5", "RW", "RW"]]
    assert None not in tokens
    text = column_text(tokens, 0, width=21).plain  # type: ignore[arg-type]
    assert len(text) <= 21
    assert text.startswith("+") and text.endswith("5 R* R*")
    short = column_text([parse_token(c) for c in ["P1", "P1", "P2", "P2", "P3", "P4", "P5", "RW"]], 4, width=21).plain  # type: ignore[misc]
    assert short == "1 1 2 2 3 4 5 R*"
    assert column_text([parse_token("W1"), parse_token("RB2"), parse_token("W3")], 0).plain == "W1 RB2 W3"  # type: ignore[list-item]


def test_log_lines_wrap_and_keep_the_newest() -> None:
    long = "The deck's top card, Leaf 1, goes face up onto the Leaf castle space. That was the deck's last card: the game ends."
    lines = [t.plain for t in log_lines(["old", "older", long], 3)]
    assert lines[0] == "· older" and lines[-1].endswith("the game ends.") and len(lines) == 3
    assert [t.plain for t in log_lines(["a", "b", "c", "d"], 3)] == ["· b", "· c", "· d"]
    # Short of room, the newest entry is told shorter; one too long even so is cut with an ellipsis.
    turned_up = MusterEvent(TURNED_UP, None, card="Leaf 1", castle="Leaf", last_card=True)
    assert turned_up.words() == long
    one = log_lines(event_log([turned_up]), 1)
    assert [t.plain for t in one] == ["· Leaf 1 turned up onto Leaf: the deck's last card, the game ends"]
    endless = log_lines(["North plays " + "Water 1, " * 20 + "under the Water castle."], 1)
    assert len(endless) == 1 and endless[0].plain.endswith("…") and len(endless[0].plain) <= 78


def test_a_deck_draw_is_logged_once() -> None:
    log = [
        MusterEvent(DECK_DRAW, 1),
        MusterEvent(DRAWN, 1, card="Water 3"),
        MusterEvent(DECK_DRAW, 0),
        MusterEvent(DRAWN, 0, last_card=True),
    ]
    lines = [t.plain for t in log_lines(event_log(log), 3)]
    assert lines[0] == "· South draws Water 3 from the deck."
    assert lines[1].startswith("· North draws a card from the deck.")
    assert not any(line.endswith("draws from the deck.") for line in lines)
    # A draw whose card is not logged yet (the chance has not happened) stays.
    assert [t.plain for t in log_lines(["North draws from the deck."], 3)] == ["· North draws from the deck."]


def test_a_refill_from_the_deck_is_one_log_line() -> None:
    hidden = [
        MusterEvent(BANNER, 1, card="Leaf 4", castle="Leaf"),
        MusterEvent(DECK_DRAW, 1),
        MusterEvent(DRAWN, 1),
    ]
    hidden += [MusterEvent(DECK_DRAW, 1), MusterEvent(DRAWN, 1, last_card=True)]
    assert condense(event_log(hidden)) == [
        "South plays Leaf 4 under the Leaf castle.",
        "South draws 2 cards from the deck. That was the deck's last card: the game ends.",
    ]
    seen = [MusterEvent(DRAWN, 0, card="Water 3"), MusterEvent(DRAWN, 0, card="Rainbow Wizard/Bridge")]
    assert condense(event_log(seen)) == ["North draws Water 3 and a Rainbow Wizard/Bridge from the deck."]
    # Draws of different players, or after a castle-space take, stay apart.
    apart = [MusterEvent(DRAWN, 0), MusterEvent(DRAWN, 1)]
    assert condense(event_log(apart)) == ["North draws a card from the deck.", "South draws a card from the deck."]
    took = [MusterEvent(TAKE, 0, card="Flame 2", castle="Flame"), MusterEvent(DRAWN, 0)]
    assert condense(event_log(took)) == [
        "North takes Flame 2 from the Flame castle space.",
        "North draws a card from the deck.",
    ]
    # The play stays in view above a two-card refill in three log lines.
    lines = [t.plain for t in log_lines(event_log([MusterEvent(FIRST, 0), *hidden]), 3)]
    assert lines[0] == "· South plays Leaf 4 under the Leaf castle."


def test_a_short_terminal_gets_fewer_log_lines() -> None:
    ui = MusterUI(game)
    tall, short = console(height=24), console(height=20)
    tall.print(ui.render(busy().view(1), LOG))
    short.print(ui.render(busy().view(1), LOG))
    # The short board leaves room for the notice line and the longest first list (11 lines), its title first.
    short_lines = lines_of(short.export_text())
    assert len(lines_of(tall.export_text())) == 13
    assert len(short_lines) == 20 - 11
    assert short_lines[0].startswith("Muster · turn 15")


def finished(north_columns: dict[str, str], south_columns: dict[str, str]) -> MusterState:
    return build_state(north_columns=north_columns, south_columns=south_columns, phase="over")


def test_the_result_table_shows_strengths_banners_tie_breaks_and_the_winner() -> None:
    state = finished(
        {"water": "W1 W2", "leaf": "L1 L2 RW", "cloud": "C3"},
        {"water": "W3", "leaf": "L2 L3 RW", "cloud": "C1 C2", "flame": "F5"},
    )
    text = text_of(result(state.score(), viewer=0))
    rows = {line.split()[1]: line.split() for line in lines_of(text) if re.match(r" [WLCFP] ", line)}
    # The board's order: the opponent (South) left, the viewer (North) right.
    assert re.search(r"Castle\s+South\s+North\s+How it was decided\s+Controlled by", text)
    assert "total strength of each side under each castle" in text
    assert rows["Water"][2:] == ["3", "3", "3", "each;", "Banners", "2", "to", "1", "North", "(you)"]
    assert rows["Leaf"][2:] == ["11", "9", "stronger,", "11", "to", "9", "South"]
    assert rows["Cloud"][2:] == ["3", "3", "3", "each;", "Banners", "2", "to", "1", "South"]
    assert rows["Flame"][2:] == ["5", "0", "stronger,", "5", "to", "0", "South"]
    assert rows["Feather"][2:] == ["0", "0", "no", "cards", "on", "either", "side", "nobody"]
    assert "Castles won: South 3, North (you) 1." in text
    assert "South wins, 3 castles to 1." in text
    assert "total strength decides" not in text
    assert max(len(line.rstrip()) for line in lines_of(text)) <= 80


def test_the_result_names_the_total_strength_tie_break_and_a_draw() -> None:
    state = finished({"water": "W5", "leaf": "L1"}, {"water": "W1", "leaf": "L5"})
    text = text_of(result(state.score()))
    assert "Castles tied 1-1: total strength decides, North 6 to South 6." in text
    assert "Draw" in text
    state = finished({"water": "W5", "leaf": "L1", "cloud": "C1"}, {"water": "W1", "leaf": "L5"})
    text = text_of(result(state.score()))
    assert "Castles won: North 2, South 1." in text and "total strength decides" not in text


def test_render_result_marks_the_last_viewer() -> None:
    state = finished({"water": "W5"}, {"leaf": "L5", "cloud": "C1"})
    ui = MusterUI(game)
    c = console()
    c.print(ui.render(state.view(1), ["The deck's last card is drawn: the game ends."]))
    c.print(ui.render_result(state))
    text = c.export_text()
    assert "Final reckoning" in text
    assert "South (you) wins, 2 castles to 1." in text
    assert len(lines_of(text)) <= 22  # the end screen keeps the board and the table together


def test_the_title_line_fits_80_columns_with_every_variant_on() -> None:
    from itertools import product

    from tabletop_muster.board import VARIANT_TAGS, title_line

    for flags in product((False, True), repeat=3):
        state = build_state(
            north="W1 L1 C1 F1 P1",
            south="W2 L2 C2 F2 P2",
            turn=499,
            simplified=flags[0],
            power_of_one=flags[1],
            over_the_rainbow=flags[2],
        )
        line = title_line(state.view(0)).plain
        assert len(line) < 80, line
        for on, (name, short) in zip(flags, VARIANT_TAGS):
            assert (name in line or short in line) == on, line

"""The board's log: the opponent's last turn always in view, shorter before it is dropped, more on a tall screen."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest
from rich.console import Console

from tabletop.agents import RandomAgent
from tabletop.loop import Match
from tabletop.ui.base import Log
from tabletop.ui.play import Table
from tabletop_muster import game
from tabletop_muster.board import log_count
from tabletop_muster.board_log import condense, fit_log
from tabletop_muster.events import (
    BANNER,
    BRIDGE,
    CASTLE,
    DEALT,
    DECK_DRAW,
    DRAWN,
    FIRST,
    MOVE,
    TAKE,
    TURNED_UP,
    MusterEvent,
)
from tabletop_muster.position import build_state
from tabletop_muster.state import MusterState
from tabletop_muster.ui import MusterUI
from tabletop_muster.view import MusterView
from tests.muster.helpers import event_log

UI = MusterUI(game)
MENU_LINES = 10
"""The longest "Your move:" menu: six action types, Hint, Log, Game menu, and the question line."""
NOTICE_LINES = 1


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS", "LINES", "TERM"):
        monkeypatch.delenv(name, raising=False)
    yield


def screen(renderable: object, width: int = 80, height: int = 24) -> list[str]:
    """The lines a terminal of that size shows, without colour."""
    c = Console(file=io.StringIO(), width=width, height=height, color_system=None, record=True)
    c.print(renderable)
    return c.export_text().rstrip("\n").split("\n")


def position() -> MusterState:
    return build_state(
        north="W1 L3 R L2 C1",
        south="F5 C2 X P1 L4",
        north_columns={"water": "W1 W2 W3 RW", "feather": "P1 P2 P3 P4 P5"},
        south_columns={"water": "W4 W5", "cloud": "C1 RB2 C3"},
        castles={"water": "W1 W2", "cloud": "C2"},
        turn=14,
        turn_of="south",
    )


OLD = [
    MusterEvent(BANNER, 0, 1, card="Water 3", castle="Water"),
    MusterEvent(DECK_DRAW, 0, 1),
    MusterEvent(DRAWN, 0, 1),
    MusterEvent(BANNER, 1, 1, card="Cloud 3", castle="Cloud"),
    MusterEvent(DECK_DRAW, 1, 1),
]
BUSY_TURN = [
    MusterEvent(DRAWN, 1, 1, card="Flame 5"),
    MusterEvent(BRIDGE, 0, 1, card="Feather 3", castle="Feather", count=1, stood="2"),
    MusterEvent(TAKE, 0, 1, card="Water 2", castle="Water"),
    MusterEvent(DECK_DRAW, 0, 1),
    MusterEvent(DRAWN, 0, 1),
]
"""What came after South's last decision: their own draw, then North's whole turn."""
BUSY_WORDS = [
    "South (you) draws Flame 5 from the deck.",
    "North makes a Rainbow Bridge (as 2) under the Feather castle and plays Feather 3 on it.",
    "North takes Water 2 from the Water castle space.",
    "North draws from the deck.",
    "North draws a card from the deck.",
]


def busy_log(*, before: MusterView | None = None) -> Log:
    """The old lines and the busy turn, as the table hands them to the board."""
    return event_log(OLD + BUSY_TURN, fresh=len(BUSY_TURN), before=before)


def test_the_events_read_as_the_log_always_read() -> None:
    assert [e.words() for e in BUSY_TURN] == BUSY_WORDS


def shown(lines: list[str]) -> str:
    """The log lines of a screen joined up, wrapped lines undone."""
    log = [line[2:].rstrip() for line in lines if line.startswith(("· ", "  "))]
    return " ".join(log)


@pytest.mark.parametrize(("width", "height"), [(80, 24), (60, 20), (120, 40)])
def test_the_opponent_main_action_is_always_in_view(width: int, height: int) -> None:
    log = busy_log()
    lines = screen(UI.render(position().view(1), log), width, height)
    text = shown(lines)
    assert "North makes a" in text and "Feather 3" in text, "\n".join(lines)
    assert max(len(line.rstrip()) for line in lines) <= width


def test_old_lines_give_way_first_then_fresh_ones_are_shortened() -> None:
    lines = fit_log(busy_log(), 3, 78, fresh=len(BUSY_TURN))
    assert len(lines) == 3
    # No old line while the fresh ones need the room; the takes and draws are kept, told shorter.
    assert not any("Water 3 under" in line for line in lines)
    text = shown(lines)
    assert "North makes a Bridge (as 2) + Feather 3 under Feather" in text
    assert "takes Water 2 from Water" in text and "draws a card" in text
    assert "South (you) draws Flame 5" in text
    # With room, the fresh lines come whole and old ones fill the rest.
    roomy = fit_log(busy_log(), 8, 118, fresh=len(BUSY_TURN))
    assert roomy[-1] == "· North draws a card from the deck."
    assert "· North takes Water 2 from the Water castle space." in roomy
    assert "· South (you) plays Cloud 3 under the Cloud castle." in roomy


def test_one_line_keeps_the_main_action_and_drops_draws_first() -> None:
    lines = fit_log(busy_log(), 1, 58, fresh=len(BUSY_TURN))
    assert len(lines) == 1 and len(lines[0]) <= 58
    assert lines[0].startswith("· North makes a Bridge (as 2) + Feather 3")
    assert "Flame 5" not in lines[0]


def test_a_plain_list_is_still_drawn() -> None:
    lines = screen(UI.render(position().view(1), [e.words() for e in OLD + BUSY_TURN]))
    assert "North draws a card from the deck." in shown(lines)
    assert not any("›" in line for line in lines)


def test_short_forms() -> None:
    told = [
        MusterEvent(BANNER, 1, card="Feather 5", castle="Feather"),
        MusterEvent(CASTLE, 0, card="Rainbow Castle", castle="Leaf"),
        MusterEvent(MOVE, 0, castle="Leaf", source="Water"),
        MusterEvent(TURNED_UP, None, card="Leaf 1", castle="Leaf"),
        MusterEvent(DRAWN, 0, last_card=True),
    ]
    assert [e.words() for e in told] == [
        "South plays Feather 5 under the Feather castle.",
        "North castles a Rainbow Castle onto the Leaf castle space.",
        "North moves a Rainbow Wizard from under the Water castle to under the Leaf castle.",
        "The deck's top card, Leaf 1, goes face up onto the Leaf castle space.",
        "North draws a card from the deck. That was the deck's last card: the game ends.",
    ]
    assert [e.short_words() for e in told] == [
        "South plays Feather 5 under Feather",
        "North castles a Rainbow Castle onto Leaf",
        "North moves a Wizard from Water to Leaf",
        "Leaf 1 turned up onto Leaf",
        "North draws a card: the deck's last card, the game ends",
    ]


def test_the_deal_is_one_line_per_player() -> None:
    deal = [MusterEvent(FIRST, 0), MusterEvent(DEALT, 0, 1), MusterEvent(DEALT, 1, 1, card="Water 2")]
    deal += [MusterEvent(DEALT, 0, 1), MusterEvent(DEALT, 1, 1, card="Leaf 1")]
    assert condense(event_log(deal)) == [
        "North goes first.",
        "North is dealt 2 cards.",
        "South (you) is dealt Water 2 and Leaf 1.",
    ]
    # The deal is nobody's turn: the opponent's first move still gets the room.
    lines = fit_log(event_log([*deal, MusterEvent(BANNER, 0, 1, card="Leaf 5", castle="Leaf")]), 1, 78, fresh=6)
    assert lines == ["· North plays Leaf 5 under the Leaf castle."]


def test_the_log_screen_is_condensed_like_the_board() -> None:
    whole = event_log(OLD + BUSY_TURN)
    assert UI.whole_log(whole) == condense(whole)
    assert "North draws from the deck." not in UI.whole_log(whole)
    assert "North draws from the deck." in whole


def test_the_whole_screen_fits_24_lines_with_the_longest_menu() -> None:
    log = busy_log(before=position().view(1))
    lines = screen(UI.render(position().view(1), log))
    assert len(lines) + NOTICE_LINES + MENU_LINES <= 24, "\n".join(lines)


def test_a_tall_terminal_shows_more_of_the_log() -> None:
    assert (log_count(20), log_count(24), log_count(39), log_count(40)) == (1, 3, 3, 12)
    many = [MusterEvent(BANNER, 0, 1, card=f"Water {i % 5 + 1}", castle="Water") for i in range(30)]
    tall = screen(UI.render(position().view(1), event_log(many, fresh=1)), 120, 40)
    short = screen(UI.render(position().view(1), event_log(many, fresh=1)), 80, 24)
    assert len(tall) - len(short) == 9
    assert len(tall) + NOTICE_LINES + MENU_LINES <= 40


def test_real_games_keep_the_opponent_turn_in_view() -> None:
    """Along random games against the computer: every action of the opponent's last turn is on the screen."""
    from tabletop_muster.board_log import condense_marked

    for seed in (11, 12):
        rng = random.Random(seed)
        match = Match(game, seed=seed, agents=[RandomAgent(), None])
        table = Table(match, UI, Console(file=io.StringIO()), None, ["North", "South"])  # type: ignore[arg-type]
        for _ in range(40):
            match.advance()
            if match.is_over():
                break
            log = table.log(1)
            assert len(log.facts) == len(log)  # the table hands the board the events' facts
            mains = [e for e, new in condense_marked(log, log.fresh) if new and e.main and e.seat == 0]
            view = match.state.view(1)
            assert isinstance(view, MusterView)
            text = shown(screen(UI.render(view, log)))
            for entry in mains:
                assert entry.long in text or entry.short in text, (entry, text)
            match.apply(rng.choice(match.state.legal_actions()))


def test_a_wide_terminal_shows_the_log_beside_the_board() -> None:
    log = busy_log()
    lines = screen(UI.render(position().view(1), log), 120, 24)
    assert len(lines) <= 13 and max(len(line.rstrip()) for line in lines) <= 120
    right = " ".join(line[80:].strip().removeprefix("· ") for line in lines if len(line) > 80 and line[80:].strip())
    assert "North makes a" in right and "Feather 3" in right
    assert "North takes Water 2 from the Water castle space." in right  # room enough for the whole entries
    assert lines[-1].startswith("Your turn")
    assert lines[0].startswith("Muster · turn 15") and lines[0][78:80].strip() == ""

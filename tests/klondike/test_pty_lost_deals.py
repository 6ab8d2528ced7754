"""The real program, followed through lost deals: at each decision the Coach is asked (the first list's
entry) and the move it lists first is played by its labels, to the game's end.

Each game must end, lost or given up, well inside the game's 1,000-move limit, and no move the Coach put
first may have taken the table back to a position already passed in that game (read afterwards from the
game the store kept: its moves and the Coach's analysis at each decision). The moves of each game are
counted and said in the test's output (``-rA`` or ``-s`` shows them).

The deals are played with the game's default options (draw 1, passes unlimited). Each is lost however it
is played: some face-down card can never be turned up (the card above it can go nowhere), so the Coach
loses it too, whatever its solver. They were chosen, among such deals of seeds 1 to 4,500, as those the
Coach played to their end in the fewest moves: each hint thinks for about a second, the most of a game's
time, and the twenty games still take some twenty minutes of test time (20 to 115 moves a game).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pexpect
import pytest

from tabletop.analysis import analysis_of_json
from tabletop.circles import note_position
from tabletop.game import state_after
from tabletop.registry import Registry
from tabletop.store import Store
from tabletop_klondike.ui import GIVE_UP_QUESTION, GIVE_UP_TITLE
from tests.cli.pty_helpers import DOWN, END_OF_GAME, ENTER, POINTER, PROMPT_ENDED, QUESTION, select, spawn

LOST_SEEDS = (
    58,
    94,
    178,
    225,
    343,
    560,
    665,
    864,
    951,
    1228,
    1255,
    1274,
    2028,
    2167,
    2962,
    3226,
    3320,
    3632,
    3680,
    4397,
)
"""Deals the Coach loses (see the module's documentation)."""
MOVE_BOUND = 300
"""Each game ends within this many moves: far below the game's 1,000-move limit."""
YOUR_MOVE = r"Your move: (?:\x1b\[[0-9;]*m)*\((?:keys or )?arrows"
"""The first list, waiting for an answer."""
COACH_ENTRY = "the best moves and what each is worth"
"""The Coach's entry in the first list."""
GO_ON = r"Press any key to go on \(then ! plays the Coach's first move\)"
"""The Coach screen's last line, once it has listed its moves."""
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
"""A terminal's control sequence (a colour, a cursor move)."""
FIRST_LISTED = re.compile(r" 1\. (\d+\.\d)% (.+?) (?:likely reply: .*? )?(?:2\. |Press any key)")
"""The Coach's first move in its list (its lines joined up again, where a long one wraps)."""
LOST = re.compile(r"This deal (?:looks|is) lost:")
"""How the Coach's screen begins where none of its sampled deals was won, or where the cards in sight prove
the deal lost."""
ENDED = re.compile(r"(Given up|Lost: nothing more can be moved), with \d+ cards? home")
"""How a lost game's end is said (the move limit's words are not among them)."""


def screen_text(text: str) -> str:
    """What the terminal showed, its colour codes gone and its lines joined up again."""
    return " ".join(ANSI.sub("", text).split())


def coach_first(child: pexpect.spawn) -> tuple[list[str], bool]:
    """Ask the Coach at the open move list; return the labels of the move it lists first, and whether it said
    the deal looks lost or is (its screen then left, back at the move list)."""
    select(child, COACH_ENTRY)
    child.expect(GO_ON, timeout=60)
    shown = screen_text(str(child.before)) + " Press any key"
    listed = FIRST_LISTED.search(shown)
    assert listed is not None, shown
    child.send(" ")
    child.expect(YOUR_MOVE)
    return listed.group(2).split(" > "), LOST.search(shown) is not None


def pick(child: pexpect.spawn, labels: list[str]) -> int:
    """In the open list, move to the entry that starts the move named by ``labels`` and press Enter; return
    how many of the labels it stands for (a list shows a move whose later steps have one choice whole:
    ``pile 2: Q♠ > onto pile 1 (K♥)``)."""
    for _ in range(60):
        child.expect(POINTER)
        line = child.match.group(1)
        if labels[0] in line:
            child.send(ENTER)
            return max(n for n in range(1, len(labels) + 1) if " > ".join(labels[:n]) in line)
        child.send(DOWN)
    raise AssertionError(f"no entry for {labels[0]!r}")


def play_labels(child: pexpect.spawn, labels: list[str]) -> None:
    """Choose a move by the labels of its lists, each list's question awaited before its label is picked;
    giving up is confirmed, as it must be."""
    left = labels
    while left:
        left = left[pick(child, left) :]
        child.expect(PROMPT_ENDED)
        if left:
            child.expect(QUESTION)
    if labels == [GIVE_UP_TITLE]:
        child.expect(re.escape(GIVE_UP_QUESTION))
        child.send("y")


def follow_the_coach(child: pexpect.spawn) -> tuple[int, str]:
    """Play the Coach's first move at every decision until the game ends; the moves made and how it ended."""
    moves = 0
    while True:
        index = child.expect([YOUR_MOVE, END_OF_GAME], timeout=60)
        if index == 1:
            ended = ENDED.search(screen_text(str(child.before)))
            assert ended is not None, screen_text(str(child.before))[-600:]
            return moves, ended.group(1)
        assert moves < MOVE_BOUND, f"the game went past {MOVE_BOUND} moves"
        labels, lost = coach_first(child)
        assert not lost or labels == [GIVE_UP_TITLE], labels  # where the deal looks lost, Give up comes first
        play_labels(child, labels)
        moves += 1


def kept_game_without_circles(data: Path) -> int:
    """Read the game back from the store: every decision the Coach's first move was played, and none of them
    took the table back to a position passed before; return the player's moves."""
    game: Any = Registry.discover().get("klondike")
    with Store.open(data, write=False) as store:
        (record,) = store.history()
        kept = store.analyses(record.id) if record.id is not None else {}
    assert record.is_finished, record.result
    state = game.new_initial_state(record.options)
    passed: set[str] = set()
    moves = 0
    for ply, text in enumerate(record.history):
        action = game.parse_action(state, text)
        if state.current_player() == 0:
            analysis = analysis_of_json(kept[ply], lambda notation: game.parse_action(state, notation))
            first = analysis.rated[0].action
            assert first == action, (ply, text, str(first))  # the Coach's first move, and it was played
            back = state_after(state, first).view(0).position_key() in passed
            assert not back, f"move {moves + 1} ({text}) took the table back to a position already passed"
            note_position(state, 0, passed)
            moves += 1
        state.apply(action)
    assert state.is_terminal()
    return moves


@pytest.mark.pty
@pytest.mark.parametrize("seed", LOST_SEEDS)
def test_the_coach_is_followed_through_a_lost_deal_to_its_end(seed: int, tmp_path: Path) -> None:
    started = time.monotonic()
    data = tmp_path / "data"
    child = spawn(
        ["play", "klondike", "--seed", str(seed)],
        data_dir=data,
        extra_env={"TABLETOP_CACHE_DIR": str(tmp_path / "cache"), "TABLETOP_STATE_DIR": str(tmp_path / "state")},
    )
    moves, ended = follow_the_coach(child)
    child.sendcontrol("c")  # at the offer of a review: no review
    child.expect(pexpect.EOF)
    child.close()
    assert kept_game_without_circles(data) == moves
    print(f"seed {seed}: {ended} after {moves} moves, in {time.monotonic() - started:.0f} s")

"""Take-backs at the table: ``u`` takes the last decision back and ``r`` makes it again, at the move prompt, against
the computer too. One over a card the player has seen is allowed and counted (History says so), unless the
game was set up without take-backs; at a hot-seat table the other person is asked first."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pexpect
import pytest

from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.ui.play import Table
from tabletop.ui.takeback import redo, take_back, undo_offer
from tests.cli.pty_helpers import history, leave, spawn
from tests.framework.test_table import Scripted

YOUR_MOVE = r"Your move: (?:\x1b\[[0-9;]*m)*\((?:keys or )?arrows"
LAST_ENTRY = r"m\) (?:\x1b\[[0-9;]*m)*Game menu"
"""The last entry of the move list: once it is drawn, a key is read by the list."""
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
MUSTER_SEED = "21"
"""A deal where North moves first: ``c`` then ``1`` castles Leaf 3, and North then draws from the deck."""


def plain(text: str) -> str:
    return " ".join(ANSI.sub("", text).split())


def at_the_list(child: pexpect.spawn) -> str:
    """Wait until the move list is drawn whole; the screen drawn since the last key."""
    child.expect(YOUR_MOVE, timeout=60)
    before = plain(child.before)
    child.expect(LAST_ENTRY)
    return before


def castle_leaf_three(child: pexpect.spawn) -> None:
    """At the move list: castle Leaf 3 (then North draws from the deck, and the computer replies)."""
    child.send("c")
    child.expect(r"1\) (?:\x1b\[[0-9;]*m)*L3 Leaf 3")
    child.send("1")
    child.expect("Draw from the deck: the only choice", timeout=60)
    child.expect(LAST_ENTRY)


def said_after(child: pexpect.spawn, key: str, notice: str) -> str:
    """Press ``key`` at the move list; the screen drawn up to the list under ``notice`` (the notice joined up)."""
    child.send(key)
    child.expect(notice, timeout=60)
    screen = child.before + str(child.after)
    child.expect(LAST_ENTRY)
    return plain(screen + child.before)


def muster(tmp_path: Path, *more: str) -> pexpect.spawn:
    return spawn(
        ["play", "muster", "--opponent", "easy", "--seed", MUSTER_SEED, *more],
        data_dir=tmp_path / "data",
        lines=40,
        extra_env={"TABLETOP_CACHE_DIR": str(tmp_path / "cache")},
    )


@pytest.mark.pty
def test_against_the_computer_u_takes_back_over_a_card_seen_and_the_game_counts_it(tmp_path: Path) -> None:
    child = muster(tmp_path)
    at_the_list(child)
    assert "no decision yet" in said_after(child, "u", "Nothing to undo")
    castle_leaf_three(child)
    # Over the card drawn, which North has seen, and the computer's reply.
    screen = said_after(child, "u", "Counted as a take-back")
    assert "Undone: North (you) castles Leaf 3 onto the Leaf castle space" in screen, screen
    assert "Counted as a take-back, as it goes back over what you had seen: North (you) draws" in screen, screen
    assert "Your hand: L3 C1 F1 F2 P4" in screen  # the hand before the decision
    screen = said_after(child, "r", "Redone: ")
    assert "Redone: North (you) castles Leaf 3 onto the Leaf castle space." in screen, screen
    leave(child)
    assert re.search(r"Muster .*You v Computer \(Easy\).*\(1 take-back\)", history(tmp_path / "data"))


@pytest.mark.pty
def test_a_game_set_up_without_take_backs_refuses_one_and_keeps_a_clean_record(tmp_path: Path) -> None:
    child = muster(tmp_path, "--takebacks", "no")
    at_the_list(child)
    castle_leaf_three(child)
    screen = said_after(child, "u", "Nothing to undo")
    assert "Nothing to undo: you have seen what came after it" in screen, screen
    assert "; this game was set up without take-backs" in screen, screen
    leave(child)
    listed = history(tmp_path / "data")
    assert "Muster" in listed and "take-back" not in listed


def _hot_seat(answers: list[Any]) -> tuple[Table, Scripted, list[str]]:
    """A Muster between two people, North's castling then South's move made; ``answers`` are the questions'."""
    game = Registry.discover().get("muster")
    match = Match(game, seed=int(MUSTER_SEED), options={"first": "1"})
    match.advance()
    for _ in range(2):
        player = match.human_to_act()
        match.apply(match.state.legal_actions()[0])
        match.advance()
        while match.human_to_act() == player:  # a lone draw after the decision
            match.apply(match.state.legal_actions()[0])
            match.advance()
    counted: list[str] = []

    class Asked(Scripted):
        def confirm(self, message: str, *, default: bool = False) -> bool:
            counted.append(message)
            return bool(answers.pop())

    prompter = Asked()
    table = Table(match, game.ui(), None, prompter, ["North", "South"])  # type: ignore[arg-type]
    table.on_takeback = lambda: counted.append("counted")
    return table, prompter, counted


def test_at_a_hot_seat_table_the_other_person_is_asked_first() -> None:
    table, _, said = _hot_seat([False])
    player = table.match.human_to_act()
    assert player is not None
    before = list(table.match.history)
    offer = undo_offer(table, player)
    assert offer.to is not None and offer.costs  # over the other person's move: a take-back
    assert take_back(table, player, offer) == "Not undone: the other player said no."
    assert table.match.history == before and "counted" not in said
    other = table.names[1 - player]
    assert said[0].startswith(f"{other}: {table.names[player]} asks to take back ")

    table, _, said = _hot_seat([True])
    words = take_back(table, player)
    assert words.startswith("Undone: ") and "Counted as a take-back" in words
    assert said[-1] == "counted" and table.match.human_to_act() == player
    assert redo(table, player).startswith("Redone: ")


@pytest.mark.pty
def test_in_five_dice_against_the_computer_u_takes_back_a_roll_seen_and_the_game_counts_it(tmp_path: Path) -> None:
    child = spawn(
        ["play", "fivedice", "--players", "2", "--opponent", "simple", "--seed", "5"],
        data_dir=tmp_path / "data",
        lines=40,
        extra_env={"TABLETOP_CACHE_DIR": str(tmp_path / "cache")},
    )
    first = at_the_list(child)
    assert "Dice [2] [2] [3] [3] [4]" in first, first
    child.send("a")  # Roll again
    child.expect(r"0\) (?:\x1b\[[0-9;]*m)*roll all five")
    child.send("0")
    child.expect("rolled all five dice again", timeout=60)
    child.expect(LAST_ENTRY)
    screen = said_after(child, "u", "Counted as a take-back")
    assert "Undone: Player 1 rolled all five dice again" in screen, screen
    assert "Counted as a take-back, as it goes back over what you had seen: Player 1 kept nothing, rolled" in screen, (
        screen
    )
    assert "Dice [2] [2] [3] [3] [4]" in screen  # the dice before the roll taken back
    leave(child)
    assert re.search(r"Five Dice .*\(1 take-back\)", history(tmp_path / "data"))


def test_a_move_that_turns_a_card_face_up_has_shown_it_so_its_undo_is_a_take_back() -> None:
    game = Registry.discover().get("klondike")
    match = Match(game, seed=1367727011, agents=[None])
    match.advance()  # pile 4 shows A♦ over three face-down cards
    match.apply(next(a for a in match.state.legal_actions() if str(a) == "4h"))  # turns the card under it up
    reason = match.undo_offer(0)
    assert reason == "you have seen what came after it: 4h: A♦ from pile 4 to home"
    to = match.undo_point(0, takeback=True)
    assert to is not None and match.takeback_costs(to, 0) == ["4h: A♦ from pile 4 to home"]

"""The real ``tabletop`` program in a pseudo-terminal, driven as a person would."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest

from tabletop.testing.plugins import write_dist_info
from tests.cli.pty_helpers import DOWN, END_OF_GAME, ENTER, POINTER, play_first_choices, select, spawn

pytestmark = pytest.mark.pty


def _plugin_site(tmp_path: Path, dist: str, game_id: str, target: str) -> Path:
    """A folder for PYTHONPATH holding one installed-looking plugin (its module is written by the test)."""
    site = tmp_path / "site"
    write_dist_info(site, dist, "1.0", {"tabletop.games": {game_id: target}})
    return site


def _at_the_seed_prompt(plugin_path: Path, data_dir: Path) -> pexpect.spawn:
    """The menu, High Card's setup screen, then its seed question, waiting for text."""
    child = spawn([], pythonpath=str(plugin_path), data_dir=data_dir)
    child.expect("What would you like to play")
    select(child, "High Card")
    select(child, "Seed:")
    child.expect("Seed \\(empty")
    return child


def _interrupt(child: pexpect.spawn) -> int:
    """Press Ctrl-C; the program must leave without a traceback. Returns its exit status."""
    child.sendintr()
    child.expect(pexpect.EOF)
    assert "Traceback" not in str(child.before)
    return _finish(child)


def _quit(child: pexpect.spawn) -> None:
    """Choose Quit at the main menu and say yes to the question it asks."""
    select(child, "Quit")
    child.expect("Quit Tabletop\\?")
    child.send("y")
    child.expect("Goodbye")


def _continue(child: pexpect.spawn, title: str) -> None:
    """Choose an unfinished game's Continue entry at the main menu: the game goes on at once."""
    select(child, title)


def _finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return int(child.exitstatus if child.exitstatus is not None else -child.signalstatus)


def _play_highcard_to_the_end(child: pexpect.spawn) -> str:
    """Take the first legal card at every move until the result shows."""
    return play_first_choices(child, "Seed \\d+: replay this game")


def test_menu_into_the_example_game_and_out(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn([], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("What would you like to play")
    select(child, "High Card")
    child.expect("Set up the game")
    select(child, "Start the game")
    before_result = _play_highcard_to_the_end(child)
    assert "Tricks" in before_result
    child.expect(END_OF_GAME)
    child.send(ENTER)
    child.expect("What would you like to play")
    _quit(child)
    assert _finish(child) == 0


def test_options_and_seed_from_the_setup_screen(example_plugin_path: Path, tmp_path: Path) -> None:
    child = _at_the_seed_prompt(example_plugin_path, tmp_path)
    child.send("12x" + ENTER)
    child.expect("whole number")  # refused, the prompt stays
    child.send("\b" + ENTER)
    child.expect("Set up the game")
    select(child, "Seed: 12")
    child.expect("Seed \\(empty")
    child.send("\b\b" + "7" + ENTER)
    select(child, "Start the game")
    _play_highcard_to_the_end(child)
    child.expect(END_OF_GAME)
    child.sendintr()
    assert _finish(child) == 130


def test_the_setup_screen_remembers_the_last_choices(example_plugin_path: Path, tmp_path: Path) -> None:
    child = _at_the_seed_prompt(example_plugin_path, tmp_path)
    child.send("12" + ENTER)
    child.expect("Set up the game")
    child.expect(POINTER)
    assert child.match.group(1).startswith("Seed: 12")  # the cursor stays on the line just changed
    child.send(DOWN)  # redraw the list for select(), which reads the pointer line afresh
    select(child, "Back to the games")
    select(child, "High Card")
    child.expect("Seed: 12")  # kept on the way back in
    child.send(DOWN)  # redraw the list: its pointer line was read with the seed line
    select(child, "Start the game")
    _play_highcard_to_the_end(child)
    child.expect(END_OF_GAME)
    child.send(ENTER)
    select(child, "High Card")
    child.expect("Seed: random")  # a new game deals afresh
    child.sendintr()
    assert _finish(child) == 130


def test_a_new_session_starts_from_the_last_saved_game_of_that_game(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn(
        ["play", "highcard", "--low", "on", "--hand", "4", "--opponent", "human"],
        pythonpath=str(example_plugin_path),
        data_dir=tmp_path,
    )
    child.expect("Pass the keyboard")
    child.expect("press any key when you are ready")  # a key sent before the prompt reads keys can be dropped
    child.sendintr()  # the game is saved from its first action
    assert _finish(child) == 130

    child = spawn([], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("What would you like to play")
    select(child, "High Card: ")  # the game's own entry, not "Continue High Card"
    child.expect("Rules: Cards per hand: 4, Lowball")
    child.expect("Seats: North and South share this keyboard.")
    child.expect("Seed: random")  # a new deal
    child.sendintr()
    assert _finish(child) == 130


def test_esc_goes_back_from_a_list_that_has_a_way_back(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn([], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("What would you like to play")
    select(child, "High Card")
    child.expect("Seats: you are North; the computer is South.")
    child.expect("Set up the game")
    child.expect(POINTER)
    child.send("\x1b")
    child.expect("What would you like to play")
    child.expect(POINTER)
    assert child.match.group(1).startswith("High Card")  # the cursor is back on the game left
    child.send(DOWN)  # redraw the list for select()
    _quit(child)
    assert _finish(child) == 0


def test_home_and_end_jump_to_the_ends_of_a_list(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn([], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("What would you like to play")
    child.expect(POINTER)
    first = child.match.group(1)
    child.send("\x1b[F")  # End
    child.expect(POINTER)
    assert child.match.group(1).startswith("Quit")
    child.send("\x1b[H")  # Home
    child.expect(POINTER)
    assert child.match.group(1) == first
    child.send("\x1b[F")
    child.expect(POINTER)
    child.send(ENTER)
    child.expect("Quit Tabletop\\?")
    child.send("y")
    child.expect("Goodbye")
    assert _finish(child) == 0


def test_esc_at_the_seed_prompt_keeps_the_seed(example_plugin_path: Path, tmp_path: Path) -> None:
    child = _at_the_seed_prompt(example_plugin_path, tmp_path)
    child.send("12" + ENTER)
    child.expect("Set up the game")
    select(child, "Seed: 12")  # the cursor is on it already
    child.expect("Seed \\(empty")
    child.expect("12")  # the current seed stands in the box
    child.send("\x1b")
    child.expect("Set up the game")
    child.expect(POINTER)
    assert child.match.group(1).startswith("Seed: 12")
    child.sendintr()
    assert _finish(child) == 130


def test_ctrl_c_at_the_menu_leaves_with_130_and_no_traceback(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn([], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("What would you like to play")
    child.expect(POINTER)  # the list is drawn: the prompt has the terminal
    assert _interrupt(child) == 130


def test_ctrl_c_in_a_game(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn(["play", "highcard", "--seed", "3"], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("Your move:")
    child.expect(POINTER)  # the list is drawn: the prompt has the terminal
    assert _interrupt(child) == 130


def test_ctrl_d_at_a_text_prompt_leaves_quietly(example_plugin_path: Path, tmp_path: Path) -> None:
    child = _at_the_seed_prompt(example_plugin_path, tmp_path)
    child.sendeof()
    child.expect(pexpect.EOF)
    assert "Traceback" not in str(child.before)
    child.close()
    assert child.exitstatus == 0


def test_hot_seat_shows_a_pass_screen_between_turns(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn(
        ["play", "highcard", "--opponent", "human", "--seed", "5"],
        pythonpath=str(example_plugin_path),
        data_dir=tmp_path,
    )
    child.expect("Pass the keyboard to")
    child.expect("press any key")
    child.send(ENTER)
    child.expect("Your move:")
    child.send(ENTER)
    # The player first sees the position their move left, then the keyboard passes.
    child.expect("North, your turn is over: press any key, then pass the keyboard")
    child.send(ENTER)
    child.expect("Pass the keyboard to South")
    child.expect("press any key")
    child.sendintr()
    assert _finish(child) == 130


def test_in_game_menu_rules_and_leave(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn(["play", "highcard", "--seed", "9"], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("Your move:")
    select(child, "Game menu")
    child.expect("Game menu:")
    select(child, "Read the rules")
    child.expect("Your move:")
    select(child, "Game menu")
    select(child, "Leave")
    child.expect("Leave the game\\? It is saved: Continue it from the menu.")
    child.send("y")
    child.expect("Left the game")
    assert _finish(child) == 0


def test_a_saved_game_whose_plugin_is_gone_is_listed_but_not_offered(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn(["play", "highcard", "--seed", "21"], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("Your move:")
    child.expect(POINTER)
    child.sendintr()
    assert _finish(child) == 130

    child = spawn([], data_dir=tmp_path)  # High Card is no longer installed
    child.expect("What would you like to play")
    # The whole entry, reason and all, fits the 80 columns (the terminal would cut it off).
    child.expect(r"- Continue highcard v Computer \(Random\) \([-0-9: ]+\) \(not installed\)")
    _quit(child)
    assert _finish(child) == 0


def test_a_saved_game_whose_plugin_fails_to_load_says_so(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn(["play", "highcard", "--seed", "21"], pythonpath=str(example_plugin_path), data_dir=tmp_path / "data")
    child.expect("Your move:")
    child.expect(POINTER)
    child.sendintr()
    assert _finish(child) == 130

    site = _plugin_site(tmp_path, "tabletop-highcard", "highcard", "broken_highcard:game")
    (site / "broken_highcard.py").write_text("raise RuntimeError('High Card 2.0 is broken on purpose')\n")
    child = spawn([], pythonpath=str(site), data_dir=tmp_path / "data")
    child.expect("Skipped a game")
    child.expect("What would you like to play")
    child.expect(r"- Continue highcard v Computer \(Random\) \([-0-9: ]+\) \(fails to load\)")
    _quit(child)
    assert _finish(child) == 0


def test_a_plugin_that_fails_to_import_is_reported_and_the_menu_survives(
    example_plugin_path: Path, tmp_path: Path
) -> None:
    site = _plugin_site(tmp_path, "broken-game", "broken", "broken_game:game")
    (site / "broken_game.py").write_text("raise RuntimeError('this plugin is broken on purpose')\n")
    child = spawn([], pythonpath=f"{site}:{example_plugin_path}", data_dir=tmp_path / "data")
    child.expect("Skipped a game")
    child.expect("broken on purpose")
    child.expect("What would you like to play")
    _quit(child)
    assert _finish(child) == 0


def test_small_terminal_gets_a_request_to_enlarge(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn([], pythonpath=str(example_plugin_path), data_dir=tmp_path, columns=60, lines=20)
    child.expect("60x20")
    child.expect("Enlarge")
    child.expect("What would you like to play")
    child.expect(POINTER)  # the list is drawn: the prompt has the terminal
    child.sendintr()
    assert _finish(child) == 130


def test_no_color_and_dumb_terminal_still_play(example_plugin_path: Path, tmp_path: Path) -> None:
    import io

    child = spawn(
        ["play", "highcard", "--seed", "4"],
        pythonpath=str(example_plugin_path),
        data_dir=tmp_path,
        extra_env={"NO_COLOR": "1", "TERM": "dumb"},
    )
    log = io.StringIO()
    child.logfile_read = log
    # A dumb terminal gets numbered lists: Enter takes the first entry.
    for _ in range(20):
        if child.expect(["Choose 1-", "Seed \\d+: replay this game"]) == 1:
            break
        child.send(ENTER)
    child.expect("Review your decisions")  # (y/N): Enter says no
    child.send(ENTER)
    assert _finish(child) == 0
    assert "Tricks" in log.getvalue() and "\x1b" not in log.getvalue()


_ = DOWN


def _final_tally(text: str) -> str:
    """The last screen (board, log and result) without terminal codes."""
    import re

    last_screen = text.split("\x1b[2J")[-1]
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", last_screen)
    assert "wins" in plain or "draw" in plain.lower(), plain
    return plain


def test_ctrl_c_mid_game_then_continue_from_the_menu_finishes_the_same_game(
    example_plugin_path: Path, tmp_path: Path
) -> None:
    path = str(example_plugin_path)
    # The same deal played straight through, for comparison.
    straight = spawn(["play", "highcard", "--seed", "21"], pythonpath=path, data_dir=tmp_path / "straight")
    expected = _final_tally(_play_highcard_to_the_end(straight))
    straight.expect(END_OF_GAME)
    straight.sendintr()
    _finish(straight)

    data = tmp_path / "interrupted"
    child = spawn(["play", "highcard", "--seed", "21"], pythonpath=path, data_dir=data)
    child.expect("Your move:")
    child.expect("» ")
    child.send(ENTER)
    child.expect("Your move:")
    child.expect(POINTER)  # the list is drawn: the prompt has the terminal
    child.sendintr()
    assert _finish(child) == 130

    child = spawn([], pythonpath=path, data_dir=data)
    child.expect("What would you like to play")
    _continue(child, "Continue High Card")
    assert _final_tally(_play_highcard_to_the_end(child)) == expected
    child.expect(END_OF_GAME)
    child.send(ENTER)
    child.expect("What would you like to play")
    select(child, "Statistics")
    child.expect("High Card")
    child.expect("Press any key")
    child.sendintr()
    assert _finish(child) == 130


EXPLODING = """
from dataclasses import replace

from tabletop_highcard.game import HighCard
from tabletop_highcard.rules import HighCardState


class ExplodingState(HighCardState):
    def apply(self, action):
        if self.played:
            raise RuntimeError("the rules broke on purpose")
        super().apply(action)


class Exploding(HighCard):
    info = replace(HighCard.info, id="exploding", name="Exploding Cards")
    state_type = ExplodingState


game = Exploding()
"""


def test_a_plugin_that_raises_during_play_is_reported_and_the_game_is_saved(
    example_plugin_path: Path, tmp_path: Path
) -> None:
    site = _plugin_site(tmp_path, "exploding-game", "exploding", "exploding_game:game")
    (site / "exploding_game.py").write_text(EXPLODING)
    path = f"{site}:{example_plugin_path}"
    child = spawn([], pythonpath=path, data_dir=tmp_path / "data")
    child.expect("What would you like to play")
    select(child, "Exploding Cards")
    select(child, "Start the game")
    play_first_choices(child, "stopped on an unexpected error")
    child.expect("the rules broke on purpose")
    child.expect("All of game 1 is saved: continue it from the menu once the game is fixed")  # read back
    child.expect("Press any key")
    child.send(ENTER)
    child.expect("What would you like to play")
    _continue(child, "Continue Exploding Cards")  # the menu survived and the game was kept
    # Every move before the broken one was kept; making it again breaks the same way.
    play_first_choices(child, "stopped on an unexpected error")
    child.expect("Press any key")
    child.send(ENTER)
    child.expect("What would you like to play")
    _quit(child)
    assert _finish(child) == 0


def test_d_at_the_main_menu_plays_on_the_second_latest_unfinished_game_at_once(
    example_plugin_path: Path, tmp_path: Path
) -> None:
    for options in (["--low", "on"], []):  # game 1, lowball, then game 2, the latest
        child = spawn(["play", "highcard", *options], pythonpath=str(example_plugin_path), data_dir=tmp_path)
        child.expect("Your move:")
        child.expect(POINTER)
        child.sendintr()  # left unfinished: kept
        assert _finish(child) == 130

    child = spawn([], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("What would you like to play")
    child.expect(r"d\) (?:\x1b\[[0-9;]*m)*Continue High Card")
    child.expect("Quit[\r\x1b]")  # the whole list is drawn: it takes its keys
    child.send("d")  # one key, as the menu's c for the latest
    child.expect("Your move:")
    board = str(child.before)
    assert "lower card wins" in board and "higher card wins" not in board  # game 1's board, not game 2's
    assert "What would you like to do with it" not in board
    child.expect(POINTER)
    child.sendintr()
    child.expect("All of game 1 is saved")  # the game played on is game 1
    assert _finish(child) == 130


def test_an_unfinished_game_is_abandoned_from_history(example_plugin_path: Path, tmp_path: Path) -> None:
    from tabletop.store import Store

    child = spawn(["play", "highcard", "--seed", "6"], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("Your move:")
    child.expect(POINTER)
    child.sendintr()
    assert _finish(child) == 130

    child = spawn([], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("What would you like to play")
    select(child, "History and replays")
    child.expect("Replay which game")
    select(child, "#1 High Card")
    child.expect("Game 1:")
    select(child, "Abandon (delete this unfinished game)")
    child.expect("Abandon game 1\\? It will be deleted and cannot be continued.")
    child.send("y")
    child.expect("Game 1 deleted.")  # said in History, where it was deleted
    child.expect("Replay which game")
    child.expect("No games yet")
    child.expect(POINTER)
    child.send("\x1b")
    child.expect("What would you like to play")
    child.expect("Quit[\r\x1b]")
    assert "Continue High Card" not in str(child.before)
    child.sendintr()
    assert _finish(child) == 130
    with Store.open(tmp_path, write=False) as store:
        assert store.unfinished() == []


def test_ctrl_d_at_a_list_leaves_and_says_the_game_is_saved(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn(["play", "highcard", "--seed", "2"], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("Your move:")
    child.expect("» ")
    child.sendeof()
    # Broken between words to fit 80 columns, the command kept whole to copy.
    child.expect("Left Tabletop. All of game 1 is saved: continue it from the menu, or run\r\n`tabletop resume 1`")
    assert _finish(child) == 0


def test_ctrl_c_at_a_text_prompt(example_plugin_path: Path, tmp_path: Path) -> None:
    child = _at_the_seed_prompt(example_plugin_path, tmp_path)
    child.sendintr()
    child.expect("Left Tabletop")
    assert "Traceback" not in str(child.before)
    assert _finish(child) == 130


def test_small_terminal_in_a_game_asks_to_enlarge(example_plugin_path: Path, tmp_path: Path) -> None:
    # Below the smallest size a game is played on, a plain sentence stands where the board would be broken.
    child = spawn(
        ["play", "highcard", "--seed", "1"],
        pythonpath=str(example_plugin_path),
        data_dir=tmp_path,
        columns=50,
        lines=15,
    )
    child.expect(r"Tabletop\s+needs\s+at\s+least\s+60\s+x\s+20;\s+this\s+terminal\s+is\s+50\s+x\s+15")
    child.expect("Your move:")
    child.expect(POINTER)  # the list is drawn: the prompt has the terminal
    child.sendintr()
    assert _finish(child) == 130


def test_history_and_replay_from_the_menu(example_plugin_path: Path, tmp_path: Path) -> None:
    child = spawn(["play", "highcard", "--seed", "6"], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    _play_highcard_to_the_end(child)
    child.expect(END_OF_GAME)
    child.send(ENTER)
    assert _finish(child) == 0
    child = spawn([], pythonpath=str(example_plugin_path), data_dir=tmp_path)
    child.expect("What would you like to play")
    select(child, "History and replays")
    child.expect("Replay which game")
    # One line: who was faced, when, and the result.
    child.expect(
        r"#1 High Card v Computer \(Random\), [-0-9: ]+: (North \(you\)|South) wins"
    )  # the person played North
    child.send(DOWN)  # redraw the list for select()
    select(child, "#1 High Card")
    select(child, "Replay it")  # a finished game with an analyst: replay it, or review it
    child.expect("after action 0 of")
    child.expect("Esc quit")
    child.send("e" + ENTER)
    child.expect("End of the game")
    child.expect("Esc quit")
    child.send("b" + ENTER)
    child.expect("Esc quit")
    child.send("q" + ENTER)
    child.expect("Replay which game")  # back to the list, to pick another
    child.send(DOWN + "\x1b[A")  # redraw the list for select()
    select(child, "#1 High Card")
    select(child, "Review my decisions")
    child.expect(r"Review of game 1 \(High Card\)\.")
    child.expect(r"Graded by an open-hands search: estimates")
    child.expect(r"You chose as the analyst would in \d+ of \d+ decisions\.")
    while child.expect(["Esc ends review", "Replay which game"]) == 0:
        child.send(ENTER)  # the summary, then one screen for each decision
    select(child, "Back")
    child.expect("What would you like to play")
    _quit(child)
    assert _finish(child) == 0

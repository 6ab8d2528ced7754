"""End to end: ``!`` at the move prompt plays the move the Coach puts first, in a solo game (FreeCell) and in a
duel against the computer (Muster): the one the Coach just listed first when it was asked at that decision,
else it is asked then. The board shows the move made, the notice says what was played, Undo takes it back,
and History counts each such move as a Coach tip.

What the program shows is checked against a copy of the match kept here (the same deal or seed, the same
computer), which plays the move the notice names and draws or words the position after it.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pexpect
import pytest
from rich.console import Console

from tabletop.analysis import HINT_SECONDS, analysis_rng
from tabletop.game import state_after
from tabletop.loop import Match
from tabletop.ui.base import Log, Prompter
from tabletop.ui.coach import action_words
from tests.cli.pty_helpers import ENTER, history, leave, spawn

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
YOUR_MOVE = r"Your move: (?:\x1b\[[0-9;]*m)*\((?:keys or )?arrows"
COACH_ENTRY = r"\?\) (?:\x1b\[[0-9;]*m)*Coach: the best moves"
"""The Coach's entry of the move list."""
LAST_ENTRY = r"m\) (?:\x1b\[[0-9;]*m)*Game menu"
"""The last entry of the move list: once it is drawn, ``!`` (a key, not a line of the list) is read."""
GO_ON = r"Press any key to go on \(then ! plays the Coach's first move\)"
"""The last line of the Coach's screen: how to play the move it lists first."""
FIRST_LISTED = re.compile(r" 1\. (\d+\.\d)% (.+?) (?:likely reply: .*?)?2\. ")
"""The Coach's first move in its list (its lines joined up again, where a long one wraps)."""
PLAYED = re.compile(r"Played the Coach's move \((\d+)%\): (.+?)\.(?: |$)")
"""The notice under the board (joined up again, where it wraps)."""


def plain(text: str) -> str:
    return ANSI.sub("", text)


def joined(text: str) -> str:
    return " ".join(text.split())


def coach_list(child: pexpect.spawn) -> str:
    """Open the Coach with ``?`` and go on from it at once (Enter, as before); return the move it lists first."""
    child.send("?")
    child.expect(GO_ON, timeout=60)
    listed = FIRST_LISTED.search(joined(plain(child.before)))
    assert listed is not None, plain(child.before)
    child.send(ENTER)  # any key still goes back to the move prompt, the Coach's move said under the board
    child.expect(YOUR_MOVE)
    assert f"Coach ({float(listed.group(1)):.0f}%): {listed.group(2)}" in joined(plain(child.before))
    return listed.group(2)


def play_coach_move(child: pexpect.spawn) -> tuple[str, str]:
    """Press ``!`` at the move prompt; once the next prompt is up, return the move the notice says was played
    and the screen drawn since the key (the board after the move, and the notice)."""
    child.expect(COACH_ENTRY)
    child.expect(LAST_ENTRY)  # the whole list is drawn: a key pressed now is read by it
    assert "Play the Coach's move" not in plain(child.before)  # a key, not a line of the list
    child.send("!")
    child.expect("Played the Coach's move", timeout=60)
    screen = plain(child.before) + "Played the Coach's move"
    child.expect(YOUR_MOVE, timeout=60)
    screen += plain(child.before)
    said = PLAYED.search(joined(screen))
    assert said is not None, screen
    return said.group(2), screen


def action_named(match: Match[Any], words: str) -> Any:
    """The legal action of the person to move in ``match`` that the table words as ``words``."""
    state = match.state
    player = match.human_to_act()
    assert player is not None
    named = {w: a for a, w in action_words(match.game.ui(), state.view(player), state.legal_actions()).items()}
    assert words in named, f"{words!r} is not one of the legal moves {sorted(named)}"
    return named[words]


FREECELL_DEAL = "3"
"""A deal the solver wins in about 40 moves: the Coach answers at once."""


def freecell_header(match: Match[Any]) -> str:
    """The first line of the FreeCell board of ``match`` (the deal, the moves made, free cells and home)."""
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    console.print(match.game.ui().render(match.state.view(0), Log([])))
    return out.getvalue().splitlines()[0].rstrip()


@pytest.mark.pty
def test_in_freecell_the_key_plays_the_coachs_first_move_and_counts_as_a_tip(tmp_path: Path) -> None:
    from tabletop_freecell import game
    from tabletop_freecell.rules import FreeCellState

    model = Match(game, options={"deal": FREECELL_DEAL}, seed=1, agents=[None])
    child = spawn(
        ["play", "freecell", "--deal", FREECELL_DEAL],
        data_dir=tmp_path / "data",
        extra_env={"TABLETOP_CACHE_DIR": str(tmp_path / "cache")},
    )
    child.expect(YOUR_MOVE)

    # Asked at once, without a look at the Coach first: the Coach's first move, as it would list it.
    analyst = game.analyst(model.options)
    assert analyst is not None
    state = model.state
    assert isinstance(state, FreeCellState)
    view, legal = state.view(0), state.legal_actions()
    first = analyst.analyse(view, legal, seconds=HINT_SECONDS, rng=analysis_rng(model.seed, 0)).rated[0]
    played, screen = play_coach_move(child)
    assert played == action_words(game.ui(), view, legal)[first.action]
    model.apply(action_named(model, played))
    assert freecell_header(model) in screen  # the board shows the move made

    # After a look at the Coach: the move it listed first, not another.
    listed = coach_list(child)
    played, screen = play_coach_move(child)
    assert played == listed
    model.apply(action_named(model, played))
    assert freecell_header(model) in screen
    assert "Deal 3 · move 2 " in screen

    # Made like a chosen move: Undo takes it back.
    child.send("m")
    child.expect(r"u\) (?:\x1b\[[0-9;]*m)*Undo my last decision")
    child.send("u")
    child.expect(YOUR_MOVE)
    screen = plain(child.before)
    assert "Undone: " in screen and "Deal 3 · move 1 " in screen
    leave(child)
    # The look and the move after it are one tip; the move asked at once is another.
    assert re.search(r"FreeCell .*\(2 coach tips\)", history(tmp_path / "data"))


MUSTER_SEED = 21


def mirror(model: Match[Any]) -> None:
    """Play the copy on to the person's next decision: the computer's moves, and the person's lone actions
    (the table makes those for them) unless one ends the game."""
    while True:
        model.advance()
        if model.is_over():
            return
        legal = model.state.legal_actions()
        if len(legal) > 1 or state_after(model.state, legal[0]).is_terminal():
            return
        model.apply(legal[0])


def check_played(child: pexpect.spawn, model: Match[Any], played: str) -> None:
    """Play ``played`` in the copy too, and on to the person's next decision; the game's Log (``l``) then says
    the move made, then the computer's reply, in the copy's words."""
    start = len(model.events)
    model.apply(action_named(model, played))
    mirror(model)
    child.send("l")  # the Log's key; its pager here is cat, and the board comes back under it
    child.expect(YOUR_MOVE)
    log = joined(plain(child.before)).partition("the game so far")[2].partition("Muster ·")[0]
    at = 0
    # The computer's reply: its first action (the Log joins a choice to draw with the card drawn).
    said = [model.events[start], next(e for e in model.events[start + 1 :] if e.actor == 1)]
    for event in said:
        found = log.find(f". {joined(event.text_for(0))}", at)
        assert found >= at, f"{event.text_for(0)!r} is not in the log after what came before it: {log}"
        at = found + 1


@pytest.mark.pty
def test_against_the_computer_the_key_plays_the_coachs_first_move_and_counts_as_a_tip(tmp_path: Path) -> None:
    from tabletop_muster import game
    from tabletop_muster.agents import AGENTS

    model = Match(game, seed=MUSTER_SEED, agents=[None, AGENTS["easy"]()])
    # Tall enough for the whole list under the board: none of its entries scrolled out of sight.
    child = spawn(
        ["play", "muster", "--opponent", "easy", "--seed", str(MUSTER_SEED)],
        data_dir=tmp_path / "data",
        lines=40,
        extra_env={"NO_COLOR": "1", "TABLETOP_CACHE_DIR": str(tmp_path / "cache")},
    )
    mirror(model)
    child.expect(YOUR_MOVE, timeout=60)

    # After a look at the Coach: the move it listed first (Hard's search, asked once: the same move).
    listed = coach_list(child)
    played, _ = play_coach_move(child)
    assert played == listed
    check_played(child, model, played)

    # Asked at once: the Coach is asked behind its spinner, and its first move is one of the person's own.
    played, _ = play_coach_move(child)
    check_played(child, model, played)
    leave(child)
    assert re.search(r"Muster .*You v Computer \(Easy\).*\(2 coach tips\)", history(tmp_path / "data"))


def test_the_coach_move_is_offered_only_where_the_coach_is() -> None:
    """Two people at one keyboard have neither the Coach nor its move; one person against the computer has both."""
    from tabletop.ui.play import Table, _table_entries
    from tabletop_muster import game
    from tabletop_muster.agents import AGENTS

    def titles(agents: list[Any]) -> list[str]:
        match = Match(game, seed=MUSTER_SEED, agents=agents)
        table = Table(match, game.ui(), Console(file=io.StringIO()), Prompter(), ["A", "B"])
        return [f"{c.key}) {c.title}" + (" (hidden)" if c.hidden else "") for c in _table_entries(table)]

    assert "!) Play the Coach's move (the first it lists) (hidden)" in titles([None, AGENTS["easy"]()])
    assert not any("Coach" in t for t in titles([None, None]))

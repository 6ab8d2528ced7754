"""End to end: Undo against the computer in a pseudo-terminal, in a game set up without take-backs. It takes
back the person's last decision together with the computer's reply when no card they could see came in
between, and says why not when one did (with take-backs, that one is a take-back: tests/cli/test_pty_takebacks.py).

A copy of the match kept here (the same seed, the same computer) knows every position the program shows; the
person's choices are made with the keys each list shows (:func:`tests.muster.test_pty_coach.press`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pexpect
import pytest

from tabletop.loop import Match
from tabletop.ui.steps import step_question
from tabletop_muster import game
from tabletop_muster.agents import AGENTS
from tabletop_muster.ui import MusterUI
from tabletop_muster.view import MusterView
from tests.cli.pty_helpers import QUESTION, spawn
from tests.muster.test_pty_coach import plain, press

SEED = 18
"""A game in which the person's second decision is followed by a card they draw (no undo), and their sixth,
a card taken from a castle space, by the computer's whole turn with a card it draws face down."""
KEYED = r"([0-9a-z?]|Esc)\) (?:\x1b\[[0-9;]*m)*"


def _choice(match: Match[Any]) -> Any:
    """The person's choice: a card from a castle space when one can be taken (no card from the deck comes to
    light after it), else the first legal action."""
    legal = match.state.legal_actions()
    takes = [a for a in legal if str(a).startswith("d") and str(a) != "d"]
    return takes[0] if takes else legal[0]


def _take(child: pexpect.spawn, model: Match[Any], ui: MusterUI, *, asked: bool = False) -> None:
    """Make the model's next decision in the program with the keys its lists show (none for a lone action);
    ``asked``: the program's first question has been read already."""
    state = model.state
    view = state.view(0)
    assert isinstance(view, MusterView)
    legal = state.legal_actions()
    action = _choice(model)
    steps = ui.steps(view, legal)
    if len(steps) > 1:
        path = next(s.path for s in steps if s.action == action)
        depth = 0
        if not asked:
            child.expect(QUESTION, timeout=60)
        while not press(child, path, depth):
            depth += 1
            child.expect(QUESTION)
            depth = next(d for d in range(depth, len(path)) if child.match.group(1) == step_question(path[:d]))
    model.apply(action)
    model.advance()


def _game_menu(child: pexpect.spawn) -> str:
    """Open the game menu at the move list; return the menu as shown, without colour codes."""
    child.expect(QUESTION, timeout=60)
    assert child.match.group(1) == "Your move:"
    child.send("m")
    child.expect(r"Game menu: (?:\x1b\[[0-9;]*m)*\((?:keys or )?arrows")
    child.expect("Leave")
    return plain(str(child.before))


@pytest.mark.pty
def test_undo_takes_back_the_computers_reply_with_the_decision_unless_a_seen_card_came_between(
    tmp_path: Path,
) -> None:
    model: Match[Any] = Match(game, seed=SEED, agents=[None, AGENTS["easy"]()])
    model.advance()
    ui = MusterUI(game)
    child = spawn(
        ["play", "muster", "--opponent", "easy", "--seed", str(SEED), "--takebacks", "no"],
        data_dir=tmp_path / "data",
        extra_env={"NO_COLOR": "1", "TABLETOP_CACHE_DIR": str(tmp_path / "cache")},
    )
    refused = False
    positions: dict[int, object] = {}  # the position before each of the person's decisions, by its index
    for _ in range(40):
        point = model.undo_point(0)
        asked = len(model.state.legal_actions()) > 1  # a lone action is taken for the person: no list to open
        if asked and point is None and any(e.actor == 0 for e in model.events) and not refused:
            # A card the person drew came after their decision: Undo is greyed out, and says why.
            menu = _game_menu(child)
            reason = model.undo_offer(0)
            assert isinstance(reason, str) and reason.startswith("you have seen what came after it: ")
            said = re.search(r"Undo my last decision[^\n]*\n?[^\n]*", menu)
            assert said and "you have seen what came after it" in " ".join(said.group(0).split()), menu
            child.send("\x1b")  # Esc: back to the game
            refused = True
        elif asked and point is not None and any(e.actor == 1 for e in model.events[point:]):
            break
        positions[len(model.history)] = model.state.to_json()
        _take(child, model, ui)
    else:
        raise AssertionError("no position where Undo takes back the computer's reply")
    assert refused
    undone = model.events[point:]
    menu = _game_menu(child)
    key = re.search(KEYED + r"Undo my last decision", str(child.before))
    assert key is not None, menu
    child.send(key.group(1))
    child.expect(QUESTION, timeout=30)
    notice = " ".join(plain(str(child.before)).split())
    decision = undone[0].text_for(0).rstrip(".")
    assert f"Undone: {decision}, and the computer's reply (r: redo)." in notice, notice
    model.undo(point)
    assert model.state.to_json() == positions[point]  # back before the decision, the reply gone with it
    # The program stands where the copy stands: the same decision, by the keys its lists show, and the same
    # reply (the computer's choice is seeded by the move number), then the next list as the copy expects it.
    _take(child, model, ui, asked=True)
    _take(child, model, ui)
    child.expect(QUESTION, timeout=60)
    child.sendcontrol("c")
    child.expect(pexpect.EOF)

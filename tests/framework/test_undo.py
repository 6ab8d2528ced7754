"""Undo where it is fair: a player's own decisions, with the computer's reply to them, never across a random
event the player saw nor another person's move."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from rich.console import Console

from tabletop.agents import RandomAgent
from tabletop.game import CHANCE
from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.ui.base import GameUI, Prompter
from tabletop.ui.play import TURN_PASSED, Table, _ask_action, why_no_undo
from tabletop.ui.takeback import REDO
from tests.framework.test_table import Scripted
from tests.store.store_fakegames import FakeRegistry


def _muster_match(seed: int = 4) -> Match[Any]:
    game = Registry.discover().get("muster")
    match = Match(game, seed=seed, options={"first": "1"}, agents=[None, RandomAgent()])
    match.advance()
    assert match.human_to_act() == 0
    return match


def test_own_decision_can_be_undone_to_the_same_position() -> None:
    match = _muster_match()
    before = match.state.to_json()
    rng_before = match.rng.getstate()
    assert match.undo_point(0) is None  # the deal just happened: nothing of ours to take back
    assert why_no_undo(match, 0) == "you have made no decision yet"
    castle = next(a for a in match.state.legal_actions() if str(a).startswith("c"))
    match.apply(castle)
    point = match.undo_point(0)
    assert point == len(match.history) - 1
    match.undo(point)
    assert match.state.to_json() == before
    assert match.rng.getstate() == rng_before
    assert match.human_to_act() == 0


def test_no_undo_across_a_draw_from_the_deck() -> None:
    match = _muster_match()
    castle = next(a for a in match.state.legal_actions() if str(a).startswith("c"))
    match.apply(castle)
    legal = match.state.legal_actions()
    draw = next(a for a in legal if str(a) == "d")
    match.apply(draw)
    # Choosing the deck is still ours to take back (with the castling when the deck was the only choice)...
    assert match.undo_point(0) == len(match.history) - (1 if len(legal) > 1 else 2)
    assert match.state.current_player() == CHANCE
    drawn = match.step()  # ...but once the card is drawn, it is not: the same card would come again, now known
    assert drawn is not None
    assert match.undo_point(0) is None
    assert why_no_undo(match, 0) == f"you have seen what came after it: {drawn.text_for(0).rstrip('.')}"


def test_no_undo_of_another_persons_move() -> None:
    game = Registry.discover().get("muster")
    match = Match(game, seed=4, options={"first": "1"})  # two people at one keyboard
    match.advance()
    start = len(match.events)
    while not any(event.actor == 1 for event in match.events[start:]):  # our turn, then the other person's
        match.apply(match.state.legal_actions()[0])
        match.advance()
    assert not match.is_over() and match.state.current_player() == 1
    assert match.undo_point(1) is None or match.events[match.undo_point(1) or 0].actor == 1
    while match.state.current_player() == 1:
        match.apply(match.state.legal_actions()[0])
        match.advance()
    assert match.undo_point(0) is None
    assert why_no_undo(match, 0) == "the other player has moved since"


def test_undo_takes_back_the_computers_reply_with_the_decision_when_nothing_came_to_light() -> None:
    game = Registry.discover().get("muster")
    match = Match(game, seed=1, options={"first": "1"}, agents=[None, RandomAgent()])
    match.advance()
    for _ in range(60):
        before, rng_before = match.state.to_json(), match.rng.getstate()
        legal = match.state.legal_actions()
        takes = [a for a in legal if str(a).startswith("d") and str(a) != "d"]  # a card from a castle space
        match.apply((takes or legal)[0])
        decided = len(match.history) - 1
        match.advance()
        point = match.undo_point(0)
        if point == decided and any(event.actor == 1 for event in match.events[point:]):
            break
    else:
        raise AssertionError("no decision of ours was followed by the computer's reply alone")
    assert all(e.text_for(0) != e.text_for(None) for e in match.events[point:] if e.actor == CHANCE)
    match.undo(point)  # the decision and the reply go; the position and the RNG stand where they stood
    assert match.state.to_json() == before and match.rng.getstate() == rng_before
    assert match.human_to_act() == 0


def _before_a_lone_card() -> Match[Any]:
    """A High Card match where North, with one card left, is to lead the last trick but one (not the game's end)."""
    from tabletop.game import state_after
    from tabletop_highcard import game

    for seed in range(50):
        match = Match(game, seed=seed, options={"hand": "3"}, agents=[None, RandomAgent()])
        match.advance()
        while not match.is_over():
            legal = match.state.legal_actions()
            if match.state.current_player() == 0 and len(legal) == 1:
                break
            match.apply(legal[0])
            match.advance()
        if not match.is_over() and not state_after(match.state, legal[0]).is_terminal():
            return match
    raise AssertionError("North never led the last trick")


def test_a_lone_action_goes_back_with_the_decision_before_it(example_plugin_path: Path) -> None:
    match = _before_a_lone_card()
    decisions = [i for i, e in enumerate(match.events) if e.actor == 0]
    (lone,) = match.state.legal_actions()
    match.apply(lone)  # the lone card: no decision of North's
    assert match.undo_point(0) == decisions[-1]  # Undo goes back to North's last choice, not to the lone card


def test_muses_hint_can_be_undone_but_not_the_roll_before_it() -> None:
    game = Registry.discover().get("muses")
    for seed in range(30):
        match = Match(game, seed=seed)
        match.advance()
        hints = [a for a in match.state.legal_actions() if str(a).startswith("hint")]
        if not hints:
            continue
        assert match.undo_point(0) is None  # the dice were just rolled
        before = match.state.to_json()
        match.apply(hints[0])
        point = match.undo_point(0)
        assert point is not None
        match.undo(point)
        assert match.state.to_json() == before
        return
    raise AssertionError("no seed offered a hint on the first turn")


def test_undo_says_the_lone_actions_it_takes_back_with_the_decision(example_plugin_path: Path) -> None:
    import io

    from rich.console import Console

    from tabletop.ui.play import Table
    from tabletop.ui.takeback import undo as _undo

    match = _before_a_lone_card()
    decision = next(e for e in reversed(match.events) if e.actor == 0).text_for(0).rstrip(".")
    (only,) = match.state.legal_actions()
    lone = match.apply(only).text_for(0).rstrip(".")
    to = match.undo_point(0)
    assert to is not None
    table = Table(match, match.game.ui(), Console(file=io.StringIO()), Prompter(), ["North", "South"])
    said = _undo(table, 0, to)
    assert said.startswith(f"Undone: {decision}, and what then had no other choice: {lone}"), said


def test_a_redo_that_passes_the_turn_on_asks_the_player_nothing_of_the_computers_turn() -> None:
    game = FakeRegistry().get("nim")
    match = Match(game, options={"pile": "9"}, seed=3, agents=[None, RandomAgent()])
    match.advance()  # the roll
    table = Table(match, GameUI(game), Console(file=io.StringIO()), Scripted(REDO), ["You", "Random"])
    match.apply(match.state.legal_actions()[-1])
    assert match.human_to_act() is None  # the computer's turn
    match.undo(len(match.history) - 1)
    assert _ask_action(table, 0) is TURN_PASSED  # made again, the decision hands the turn on
    assert match.human_to_act() is None
    assert table.notice is not None and table.notice.startswith("Redone: ")
    assert [question for question, _, _ in table.prompter.asked] == ["Your move:"]  # type: ignore[attr-defined]

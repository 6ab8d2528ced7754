"""Undo where it is fair: a player's own decisions since the last random event, never across one."""

from __future__ import annotations

from typing import Any

from tabletop.agents import RandomAgent
from tabletop.game import CHANCE
from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.ui.play import why_no_undo


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
    draw = next(a for a in match.state.legal_actions() if str(a) == "d")
    match.apply(draw)
    assert match.undo_point(0) == len(match.history) - 1  # choosing the deck is still ours...
    assert match.state.current_player() == CHANCE
    match.step()  # ...but once the card is drawn, it is not
    assert match.undo_point(0) is None
    assert why_no_undo(match, 0) == "a draw or roll came after your last decision"


def test_no_undo_of_the_opponents_move() -> None:
    match = _muster_match()
    start = len(match.events)
    while not any(event.actor == 1 for event in match.events[start:]):  # our turn, then the computer's
        match.apply(match.state.legal_actions()[0])
        match.advance()
    assert not match.is_over() and match.human_to_act() == 0
    assert match.undo_point(0) is None
    assert why_no_undo(match, 0) == "the other player has moved since"


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

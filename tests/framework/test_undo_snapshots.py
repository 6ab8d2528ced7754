"""Undo and redo cost the same at any point of a game: a snapshot is kept at each of a person's actions, and
neither the game menu nor an undo plays the game again from its first action."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.loop import Match
from tabletop.registry import Registry


def _played(actions: int, seed: int = 3) -> Match[Any]:
    """A solo Five Dice game played at random for about ``actions`` actions, stopped where the player may
    undo (a decision made since the dice were last rolled)."""
    match = Match(Registry.discover().get("fivedice"), seed=seed, agents=[None])
    rng = random.Random(seed)
    while len(match.history) < actions or match.undo_point(0) is None:
        match.advance()
        match.apply(rng.choice(match.state.legal_actions()))
    assert not match.is_over()
    return match


def _actions_read(match: Match[Any], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every action text the game is asked to read from now on."""
    read: list[str] = []
    parse = match.game.parse_action

    def counted(state: Any, text: str) -> Any:
        read.append(text)
        return parse(state, text)

    monkeypatch.setattr(match.game, "parse_action", counted)
    return read


@pytest.mark.parametrize("actions", [4, 45])
def test_the_menu_and_an_undo_read_no_more_actions_late_in_a_game(
    actions: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = _played(actions)
    read = _actions_read(match, monkeypatch)
    offer = match.undo_offer(0)
    assert isinstance(offer, int), offer
    match.undo(offer)
    match.redo()
    assert len(read) <= 3, f"{len(read)} actions read to undo and redo once, {len(match.history)} actions in"


def test_an_undo_from_a_snapshot_gives_what_replaying_the_game_gives() -> None:
    for seed in range(10):
        match = _played(20 + 3 * seed, seed)
        to = match.undo_point(0)
        assert to is not None
        replayed = Match.replay(match.game, match.history[:to], options=match.options, seed=match.seed, agents=[None])
        match.undo(to)
        assert match.state.to_json() == replayed.state.to_json()
        assert match.rng.getstate() == replayed.rng.getstate()
        assert match.history == replayed.history and match.events == replayed.events

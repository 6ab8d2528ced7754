"""The Coach never goes round in a circle: a move that brings the table back to a position the player has
already stood at in this game is never put first while another move is left (:func:`without_circles`).

A circle is read from the player's view alone (:meth:`tabletop.views.View.position_key`, which leaves out a
count of moves or a score), so it tells nothing hidden; the Coach at the table and the review of a finished
game apply the same rule, so that the move the Coach put first is the one the review grades against.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.analysis import Analysis
from tabletop.game import Game, State, state_after


def passed_positions(game: Game[Any], options: Mapping[str, str], history: Sequence[str], seat: int) -> set[str]:
    """The positions ``seat`` stood at, deciding, in the game recorded as ``history`` (each its view's key)."""
    state = game.new_initial_state(options)
    passed: set[str] = set()
    for text in history:
        note_position(state, seat, passed)
        state.apply(game.parse_action(state, text))
    return passed


def note_position(state: State[Any], seat: int, passed: set[str]) -> None:
    """Add the position at ``state`` to ``passed`` when ``seat`` decides there."""
    if state.current_player() == seat and len(state.legal_actions()) > 1:
        passed.add(state.view(seat).position_key())


def without_circles(analysis: Analysis[Any], state: State[Any], seat: int, passed: set[str]) -> Analysis[Any]:
    """``analysis`` with every move that returns ``seat`` to a position in ``passed`` listed after the others
    (their figures unchanged), when any other is left."""
    circling = {r.action for r in analysis.rated if state_after(state, r.action).view(seat).position_key() in passed}
    return analysis.with_last(circling)

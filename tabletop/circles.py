"""The Coach never goes round in a circle: a move that brings the table back to a position the player has
already stood at in this game is never put first while another move is left (:func:`without_circles`).

A circle is read from the player's view alone (:meth:`tabletop.views.View.position_key`, which leaves out a
count of moves or a score), so it tells nothing hidden; the Coach at the table and the review of a finished
game apply the same rule, so that the move the Coach put first is the one the review grades against. Where
every move rated goes round, the game's last resort (:meth:`tabletop.game.Game.last_resort_actions`, Klondike's
Give up) comes first, rated as the loss it is, rather than a circle.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from tabletop.analysis import Analysis, Rated
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


LOSS = 0.0
"""The chance a last resort is rated at where it is added: giving up loses."""


def without_circles(
    analysis: Analysis[Any], state: State[Any], seat: int, passed: set[str], last_resort: Collection[Any] = ()
) -> Analysis[Any]:
    """``analysis`` with every move that returns ``seat`` to a position in ``passed`` listed after the others
    (their figures unchanged), when any other is left. Where every move rated goes round in a circle, the
    legal moves of ``last_resort`` (the game's :meth:`~tabletop.game.Game.last_resort_actions`) are added,
    rated as a loss unless the analysis rates them, and so come first."""
    circling = {r.action for r in analysis.rated if state_after(state, r.action).view(seat).position_key() in passed}
    if all(r.action in circling for r in analysis.rated if r.action not in last_resort):
        analysis = with_last_resort(analysis, state, last_resort)
    return analysis.with_last(circling)


def with_last_resort(analysis: Analysis[Any], state: State[Any], last_resort: Collection[Any]) -> Analysis[Any]:
    """``analysis`` with the legal moves of ``last_resort`` it does not rate added, each rated a loss."""
    rated = {r.action for r in analysis.rated}
    added = [Rated(a, LOSS, samples=analysis.samples) for a in state.legal_actions() if a in last_resort]
    added = [r for r in added if r.action not in rated]
    if not added:
        return analysis
    other = copy.copy(analysis)
    other.rated = tuple(sorted([*analysis.rated, *added], key=lambda r: -r.win))  # as an analysis orders them
    return other

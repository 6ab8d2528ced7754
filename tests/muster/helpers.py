"""Shared helpers for the Muster tests."""

from __future__ import annotations

from games.muster import game
from games.muster.state import MusterState


def legal(state: MusterState) -> set[str]:
    """The legal actions' notations."""
    return {str(a) for a in state.legal_actions()}


def play(state: MusterState, *texts: str) -> MusterState:
    """Apply actions given in notation, in order."""
    for text in texts:
        state.apply(game.parse_action(state, text))
    return state

"""The errors a game raises for bad input: text that is no action, an action the rules refuse, a damaged state."""

from __future__ import annotations


class GameError(Exception):
    """Base class of the errors a game raises for bad input."""


class InvalidActionError(GameError, ValueError):
    """A text is not an action of this game at all (it does not parse)."""


class IllegalActionError(GameError, ValueError):
    """A well-formed action that the rules do not allow in this state."""


class InvalidStateError(GameError, ValueError):
    """A serialised state or position is malformed or impossible."""

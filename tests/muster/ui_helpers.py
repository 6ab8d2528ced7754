"""Helpers for the Muster terminal-interface tests: consoles, positions from random games, a scripted prompter."""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from typing import Any

from rich.console import Console, RenderableType

from tabletop.ui.base import Choice, Prompter
from tabletop_muster import game
from tabletop_muster.state import MusterState

WIDTH = 80


def console(width: int = WIDTH, **kwargs: Any) -> Console:
    return Console(file=io.StringIO(), width=width, record=True, **kwargs)


def text_of(renderable: RenderableType, width: int = WIDTH) -> str:
    """Plain text of a renderable, as an 80-column terminal shows it."""
    c = console(width)
    c.print(renderable)
    return c.export_text()


def lines_of(text: str) -> list[str]:
    return text.rstrip("\n").split("\n")


def decision_states(seed: int, options: dict[str, str] | None = None, every: int = 3) -> list[MusterState]:
    """Copies of the positions where a player decides, every ``every``-th one, from a random game."""
    rng = random.Random(seed)
    state = game.new_initial_state(options or {})
    out = []
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        if decisions % every == 0:
            out.append(state.clone())
        decisions += 1
        state.apply(rng.choice(state.legal_actions()))
    out.append(state)
    return out


class PathPrompter(Prompter):
    """Answers each select with the entry titled by the path's label at that depth, or by the rest of the
    path from there when the list shows the action whole (never a disabled one).

    The depth is read from the question (``Your move:``, or the labels so far
    as :func:`tabletop.ui.steps.step_question` puts them), since a step with
    one choice is taken without asking.
    """

    def __init__(self, path: Sequence[str]) -> None:
        self.path = list(path)
        self.asked = 0

    def select(self, message: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        from tabletop.ui.steps import step_question

        depths = [d for d in range(1, len(self.path)) if step_question(self.path[:d]) == message]
        assert message == "Your move:" or depths, f"{message!r} asks about none of {self.path}"
        depth = depths[0] if depths else 0
        label = self.path[depth]
        self.asked += 1
        whole = " > ".join(self.path[depth:])  # an entry that shows the rest of the action whole
        matches = [c for c in choices if c.title in (label, whole)]
        assert len(matches) == 1, f"{label!r} appears {len(matches)} times in {[c.title for c in choices]}"
        assert matches[0].disabled is None, f"{label!r} is disabled: {matches[0].disabled}"
        return matches[0].value

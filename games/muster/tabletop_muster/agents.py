"""Muster's computer levels, in menu order: ``AGENTS`` (name -> factory) and ``LABELS``.

Each factory takes optional settings, so benchmarks and tests can vary the budget::

    >>> from tabletop_muster.agents import AGENTS
    >>> agent = AGENTS["hard"](iterations=200)   # a fixed, reproducible budget
    >>> agent.config.iterations
    200
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.agents import RandomAgent
from tabletop.game import Agent
from tabletop_muster.actions import MusterAction
from tabletop_muster.ai import EasyAgent, ISMCTSAgent, MediumAgent, PIMCAgent, SearchAgent, SearchConfig

DEFAULT_SECONDS = 1.0
"""Thinking time per move of the search levels unless told otherwise."""


def _config(seconds: float | None, iterations: int | None, settings: dict[str, Any]) -> SearchConfig:
    return SearchConfig(seconds=DEFAULT_SECONDS if seconds is None else seconds, iterations=iterations, **settings)


def ismcts(seconds: float | None = None, iterations: int | None = None, **settings: Any) -> SearchAgent:
    """Information Set MCTS (opponent actions keyed by kind and column)."""
    return ISMCTSAgent(_config(seconds, iterations, settings))


def pimc(seconds: float | None = None, iterations: int | None = None, **settings: Any) -> SearchAgent:
    """Determinized UCT over sampled deals, with a vote."""
    return PIMCAgent(_config(seconds, iterations, settings))


HARD = ismcts
"""The search that measured stronger (docs/muster-ai.md)."""


HARD_SETTINGS: dict[str, Any] = {"rainbow": 0.7, "swap_risk": True}
"""Hard's evaluation, beyond the search's defaults: a Wizard open to a Swap counts as partly swapped, a
Rainbow card in hand counts more (docs/muster-ai.md, "A lone Wizard")."""


def hard(seconds: float | None = None, iterations: int | None = None, **settings: Any) -> SearchAgent:
    """The Hard level: the stronger search, 1 s per move by default."""
    agent = HARD(seconds, iterations, **{**HARD_SETTINGS, **settings})
    agent.name = "hard"
    return agent


SEARCHES: dict[str, Callable[..., SearchAgent]] = {"hard": hard, "ismcts": ismcts, "pimc": pimc}
"""The levels that search (they report ``last_iterations``)."""

AGENTS: dict[str, Callable[..., Agent[MusterAction, Any]]] = {
    "easy": EasyAgent,
    "medium": MediumAgent,
    **SEARCHES,
    "random": RandomAgent,
}

LABELS: dict[str, str] = {
    "easy": "Easy (random, leaning to sensible moves)",
    "medium": "Medium (greedy, one move ahead)",
    "hard": "Hard (search, 1 s per move)",
    "ismcts": "Experimental: Information Set MCTS",
    "pimc": "Experimental: determinized search (PIMC)",
    "random": "Random (uniform legal moves)",
}

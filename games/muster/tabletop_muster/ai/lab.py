"""Muster for the simulation lab with chosen computer levels and budgets.

:class:`LabGame` is the Muster plugin whose ``agents()`` are given agent specs
(``"hard:seconds=4"``, ``"ismcts:iterations=2000,rollout=8"``, ``"medium"``), so
:func:`tabletop.commands.simulate.play_game` can pit any two budgets against
each other with the menu's engine, agents and turn loop.

    >>> from tabletop.commands.simulate import play_game
    >>> r = play_game(LabGame(["medium", "easy"]), {}, ["medium", "easy"], seed=3, rotation=0)
    >>> sorted(r.returns) in ([0.0, 1.0], [0.5, 0.5])
    True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from functools import partial
from typing import Any

from tabletop_muster.game import MusterGame
from tabletop_muster.state import MusterState


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"hard:seconds=4,rollout=8"`` -> ``("hard", {"seconds": 4, "rollout": 8})``.

    >>> parse_spec("ismcts:iterations=500,opponent_keys=exact")
    ('ismcts', {'iterations': 500, 'opponent_keys': 'exact'})
    >>> parse_spec("hard:colour=3")
    Traceback (most recent call last):
    ...
    ValueError: 'hard:colour=3': hard has no setting 'colour' (settings: check_every, deals, exploration, iterations, opponent_keys, pause_gc, rainbow, rollout, seconds, stop_early, swap_risk)
    """
    from tabletop_muster.agents import AGENTS, SEARCHES
    from tabletop_muster.ai.search import SearchConfig

    level, _, rest = spec.partition(":")
    if level not in AGENTS:
        raise ValueError(f"unknown Muster level {level!r} (levels: {', '.join(AGENTS)})")
    known = sorted(f.name for f in fields(SearchConfig)) if level in SEARCHES else []
    settings: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"{spec!r}: settings are key=value, not {item!r}")
        key = key.strip()
        if key not in known:
            offered = f"settings: {', '.join(known)}" if known else "it takes no settings"
            raise ValueError(f"{spec!r}: {level} has no setting {key!r} ({offered})")
        settings[key] = _number(value.strip())
    return level, settings


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


class _LabState(MusterState):
    """A Muster state without ``score()``.

    ``play_game`` reads a state's ``score()`` as a solo game's final number, while
    Muster's returns a per-castle breakdown; the lab needs only the returns.
    """

    __slots__ = ()
    score = None  # type: ignore[assignment]


class LabGame(MusterGame):
    """Muster whose computer levels are the given agent specs."""

    def __init__(self, specs: Sequence[str]) -> None:
        self.specs = tuple(specs)

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> MusterState:
        state = super().new_initial_state(options)
        state.__class__ = _LabState
        return state

    def agents(self) -> dict[str, Callable[[], Any]]:
        from tabletop_muster.agents import AGENTS

        out: dict[str, Callable[[], Any]] = {}
        for spec in self.specs:
            level, settings = parse_spec(spec)
            out[spec] = partial(AGENTS[level], **settings)
        return out

"""The end of a game's last words: how to play the same game again.

A game is dealt again by its options and its seed; the seed is named only where it
decides something. In a game with no chance and no computer player (a numbered
FreeCell deal played alone) the options alone deal it again, and naming a seed would
suggest the deal depends on it: such a deal is named by its number ("Deal 1: replay it
with --deal 1.").
"""

from __future__ import annotations

from typing import Any

from tabletop.game import CHANCE
from tabletop.loop import Match


def seed_matters(match: Match[Any]) -> bool:
    """Whether ``match``'s seed decided anything: a chance outcome, or a computer player's choice."""
    return any(agent is not None for agent in match.agents) or any(e.actor == CHANCE for e in match.events)


def replay_arguments(match: Match[Any], *, with_seed: bool = True) -> str:
    """The arguments of ``tabletop play GAME`` that deal this game again: its seed (unless ``with_seed`` is
    false) and every option not at its default (``--seed 7 --cards three.toml``)."""
    words = [f"--seed {match.seed}"] if with_seed else []
    for option in match.game.info.options:
        value = match.options.get(option.key, option.default)
        if value == option.default:
            continue
        flag = "--" + option.key.replace("_", "-")
        words.append(flag if option.is_flag and value == "on" else f"{flag} {_quoted(option.argument(value))}")
    return " ".join(words)


DEAL_OPTION = "deal"
"""The option by which a game numbers its deals (FreeCell's family: ``--deal 617``, 0 for a random one): a
numbered deal is named by its number."""


def replay_line(match: Match[Any]) -> str:
    """``Seed 7: replay this game with --seed 7 --pile 9.``; where the seed decided nothing, a numbered deal by
    its number, ``Deal 617: replay it with --deal 617.``, any other game by its options,
    ``Replay this game with --cards three.toml.``"""
    if seed_matters(match):
        return f"Seed {match.seed}: replay this game with {replay_arguments(match)}."
    arguments = replay_arguments(match, with_seed=False)
    if not arguments:
        return f"Replay this game with `tabletop play {match.game.info.id}`."
    for option in match.game.info.options:
        deal = match.options.get(option.key, option.default)
        if option.key == DEAL_OPTION and deal != option.default:
            return f"Deal {deal}: replay it with {arguments}."
    return f"Replay this game with {arguments}."


def _quoted(word: str) -> str:
    """A word as a shell reads it back: quoted only when it must be."""
    import shlex

    return shlex.quote(word)

"""Every installed game registered with the research libraries that are installed, on import of the adapters.

``import tabletop.adapters`` runs :func:`register_installed`: then ``gymnasium.make("tabletop/Muses-v0")``
and ``pyspiel.load_game("tabletop_muster")`` find the games. Neither library has a plugin
mechanism that would let them find the games alone (Gymnasium 1.x dropped its entry points), so
this import is the one step a research script needs. The menu and ``tabletop list`` never import
the adapters, so they never load a research library.
"""

from __future__ import annotations

import importlib.util
import re
from typing import Any

from tabletop.game import PLAYERS_OPTION, Game

GYMNASIUM_NAMESPACE = "tabletop"
"""The namespace of the Gymnasium ids: ``tabletop/Muses-v0``."""
GYMNASIUM_VERSION = 0
"""The version of every Gymnasium id (``-v0``); raised when an environment's behaviour changes."""
GYMNASIUM_ENTRY_POINT = "tabletop.adapters.gymnasium:TabletopEnv"
"""What ``gymnasium.make`` builds: the adapter's environment, imported only then."""
REGISTERED_DEFAULTS = {"illegal_action": "terminate"}
"""How a registered id differs from :func:`tabletop.adapters.gymnasium.env`: learning code (and the
libraries' own checks, Gymnasium's and stable-baselines3's ``check_env``) samples actions unmasked,
so an illegal action ends the episode lost instead of raising. ``illegal_action="raise"`` restores it."""


def gymnasium_id(game: Game[Any]) -> str:
    """A game's Gymnasium id: its name without spaces or punctuation, ``tabletop/FiveDice-v0``."""
    name = "".join(word[:1].upper() + word[1:] for word in re.split(r"[^A-Za-z0-9]+", game.info.name) if word)
    return f"{GYMNASIUM_NAMESPACE}/{name}-v{GYMNASIUM_VERSION}"


def one_seat_options(game: Game[Any]) -> dict[str, str] | None:
    """The options that make ``game`` a one-seat game (``{"players": "1"}`` for a range), or None if none do."""
    counts = game.info.player_counts
    if 1 not in counts:
        return None
    return {} if len(counts) == 1 else {PLAYERS_OPTION: "1"}


def register_gymnasium(games: list[Game[Any]]) -> list[str]:
    """Register every one-seat game (and every game with a one-player option) with Gymnasium; the ids back."""
    import gymnasium

    ids = []
    for game in games:
        options = one_seat_options(game)
        if options is None:
            continue
        env_id = gymnasium_id(game)
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id,
                entry_point=GYMNASIUM_ENTRY_POINT,
                kwargs={**REGISTERED_DEFAULTS, "game": game.info.id, **options},
            )
        ids.append(env_id)
    return ids


def register_installed() -> tuple[list[str], list[str]]:
    """Register the installed games with Gymnasium and OpenSpiel, each if installed; their ids and names back."""
    gymnasium_ids: list[str] = []
    openspiel_names: list[str] = []
    if not (_installed("gymnasium") or _installed("pyspiel")):
        return gymnasium_ids, openspiel_names
    from tabletop.registry import Registry

    games = Registry.discover().load_all()
    if _installed("gymnasium"):
        gymnasium_ids = register_gymnasium(games)
    if _installed("pyspiel"):
        from tabletop.adapters.openspiel import register_all

        openspiel_names = register_all(games)
    return gymnasium_ids, openspiel_names


def _installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None

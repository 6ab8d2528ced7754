"""The plugin registry: games are found through the entry-point group ``tabletop.games``.

A plugin package declares, in its ``pyproject.toml``::

    [project.entry-points."tabletop.games"]
    mygame = "mygame:game"

where ``mygame.game`` is a :class:`tabletop.game.Game` instance (or a callable
returning one). Entries are listed without importing them; a game's module is
imported the first time it is needed. A game that fails to load is reported
and skipped; two games claiming one id are both refused, with a message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from tabletop.game import Game

GROUP = "tabletop.games"


class UnknownGameError(LookupError):
    """No installed game has that id."""


@dataclass
class Problem:
    """A game the registry could not offer, and why."""

    id: str
    source: str
    message: str


@dataclass
class Registry:
    """Installed games by id, loaded lazily."""

    entries: dict[str, EntryPoint] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    _loaded: dict[str, Game[Any]] = field(default_factory=dict)

    @classmethod
    def discover(cls, group: str = GROUP) -> Registry:
        """The games the entry points of ``group`` name, none imported yet; an id claimed twice is refused and kept in :attr:`problems`."""
        found: dict[str, list[EntryPoint]] = {}
        for ep in entry_points(group=group):
            found.setdefault(ep.name, []).append(ep)
        registry = cls()
        for game_id, eps in sorted(found.items()):
            sources = sorted({_source(ep) for ep in eps})
            if len(sources) > 1:
                registry.problems.append(
                    Problem(
                        game_id,
                        ", ".join(sources),
                        f"two plugins claim the game id {game_id!r}: {' and '.join(sources)}; neither is loaded",
                    )
                )
                continue
            registry.entries[game_id] = eps[0]
        return registry

    def ids(self) -> list[str]:
        """The id of every game found, loaded or not."""
        return list(self.entries)

    def source(self, game_id: str) -> str:
        """Where a game comes from: its distribution and entry point, ``"tabletop-muster (tabletop_muster:game)"``."""
        return _source(self.entries[game_id])

    def package(self, game_id: str) -> str:
        """Which installed package provides a game, and its version."""
        return package_of(self.entries[game_id])

    def get(self, game_id: str) -> Game[Any]:
        """Load a game by id; raise :class:`UnknownGameError`, or :class:`GameLoadError` (also kept in :attr:`problems`)."""
        if game_id in self._loaded:
            return self._loaded[game_id]
        if game_id not in self.entries:
            known = ", ".join(self.entries) or "none installed"
            raise UnknownGameError(f"no game called {game_id!r} (games: {known})")
        ep = self.entries[game_id]
        try:
            obj = ep.load()
            game = obj() if callable(obj) and not isinstance(obj, Game) else obj
        except Exception as exc:  # a plugin's bug must not take the menu down
            self._fail(game_id, f"failed to load: {type(exc).__name__}: {exc}")
            raise GameLoadError(self.problems[-1].message) from exc
        if not isinstance(game, Game):
            self._fail(game_id, f"{ep.value} is not a tabletop Game")
            raise GameLoadError(self.problems[-1].message)
        if game.info.id != game_id:
            self._fail(game_id, f"registered as {game_id!r} but calls itself {game.info.id!r}")
            raise GameLoadError(self.problems[-1].message)
        self._loaded[game_id] = game
        return game

    def load_all(self) -> list[Game[Any]]:
        """Every game that loads; the others end up in :attr:`problems`."""
        games = []
        for game_id in list(self.entries):
            try:
                games.append(self.get(game_id))
            except GameLoadError:
                continue
        return games

    def _fail(self, game_id: str, message: str) -> None:
        source = _source(self.entries.pop(game_id))
        self.problems.append(Problem(game_id, source, f"game {game_id!r} ({source}) {message}"))


class GameLoadError(RuntimeError):
    """A plugin was found but could not be loaded."""


def package_of(ep: EntryPoint) -> str:
    """The distribution that registered an entry point, with its version (``"tabletop 0.1.0"``)."""
    dist = getattr(ep, "dist", None)
    if dist is None:
        return "?"
    return f"{dist.name} {dist.version}"


def _source(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    name = getattr(dist, "name", None) if dist is not None else None
    return f"{name} ({ep.value})" if name else ep.value

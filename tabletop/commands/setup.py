"""Turning a player's choices (opponent, options, seed) into a ready match.

Shared by ``tabletop play``, the menu and ``tabletop resume``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.agents import HUMAN
from tabletop.game import Game
from tabletop.loop import Match


@dataclass
class Setup:
    """Who plays what: a seat spec per seat ("human" or a computer level), options and seed."""

    game: Game[Any]
    seats: list[str]
    options: dict[str, str] = field(default_factory=dict)
    seed: int | None = None
    rival: str | None = None
    """Who plays the seats after the first while there are none (a player count that may still rise):
    the opponent chosen, or the one the seats held before the count fell to one."""
    takebacks: bool = True
    """Whether take-backs over what a player has seen are allowed (each counted in the record)."""

    @classmethod
    def default(cls, game: Game[Any], opponent: str | None = None) -> Setup:
        """One person in seat 0; computer (or a second person) elsewhere."""
        players = game.info.seat_count(game.info.default_options())
        if opponent is None:
            opponent = game.default_agent() or HUMAN
        seats = [HUMAN] + [opponent] * (players - 1)
        return cls(game, seats, game.info.default_options())

    def copy(self) -> Setup:
        """An independent copy: editing it leaves this setup as it was."""
        return Setup(self.game, list(self.seats), dict(self.options), self.seed, self.rival, self.takebacks)

    def check(self) -> None:
        """Raise ValueError with a plain message for an unknown level or option.

        A game whose player count is a range has as many seats as its options say (see :meth:`fit_seats`).
        """
        info = self.game.info
        self.fit_seats()
        players = info.seat_count(self.options)
        if len(self.seats) != players:
            raise ValueError(f"{self.game.info.name} has {players} seat(s), not {len(self.seats)}")
        levels = self.game.agents()
        for spec in self.seats:
            if spec != HUMAN and spec not in levels:
                choices = ", ".join([HUMAN, *levels])
                raise ValueError(f"no opponent {spec!r} in {self.game.info.name} (choose from {choices})")
        self.options = self.game.resolve_options(self.options)

    def fit_seats(self) -> None:
        """Give a game whose player count is a range as many seats as its options say: seats beyond the
        count are left out, and new ones take the last other seat's player, else the :meth:`opponent`
        (ValueError for options the game refuses). A solo setup whose count rises seats the opponent
        that its setup screen shows."""
        info = self.game.info
        if len(info.player_counts) == 1 or not self.seats:
            return
        players = info.seat_count(self.game.resolve_options(self.options))
        self.rival = self.opponent()
        newcomer = self.seats[-1] if len(self.seats) > 1 else self.rival
        self.seats = (self.seats + [newcomer] * players)[:players]

    def opponent(self) -> str:
        """Who sits in the second seat (a level, or "human"); with one seat, the :attr:`rival` if one was
        chosen, else the game's default opponent."""
        if len(self.seats) > 1:
            return self.seats[1]
        return self.rival or self.game.default_agent() or HUMAN

    def seat_names(self) -> list[str]:
        """ "You" for a lone person, the game's seat names for several, "Computer (Level)" for the rest."""
        humans = self.seats.count(HUMAN)
        defaults = self.game.info.seat_names or tuple(f"Player {i + 1}" for i in range(len(self.seats)))
        names = []
        for i, spec in enumerate(self.seats):
            if spec == HUMAN:
                names.append("You" if humans == 1 else defaults[i])
            else:
                names.append(f"Computer ({spec.capitalize()})")
        return names

    def make_match(self) -> Match[Any]:
        """The match this setup describes, checked first (ValueError for an unknown level or option)."""
        self.check()
        levels = self.game.agents()
        agents = [None if spec == HUMAN else levels[spec]() for spec in self.seats]
        return Match(self.game, options=self.options, seed=self.seed, agents=agents)


def describe_options(game: Game[Any], options: Mapping[str, str]) -> str:
    """The options in force, in the menu's words: each flag that is on, by its label, and each other option set away from its default; ``"standard rules"`` for none."""
    parts = []
    for option in game.info.options:
        value = options.get(option.key, option.default)
        if option.is_flag:
            if value == "on":
                parts.append(option.label)
        elif value and value != option.default:
            parts.append(f"{option.label}: {option.label_of(value)}")
    return ", ".join(parts) or "standard rules"

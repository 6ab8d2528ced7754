"""A game's metadata (:class:`GameInfo`): readable without loading its rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tabletop.options import PLAYERS_OPTION, Option, WholeNumber, whole_number

SCORE_DIRECTIONS = ("higher", "lower", "none")
"""The values of :attr:`GameInfo.score_direction`: which score is best, or that a game keeps none."""


@dataclass(frozen=True)
class GameInfo:
    """Metadata of a game, readable without loading its rules."""

    id: str
    name: str
    summary: str
    players: int
    """The number of seats; when ``fewest_players`` is given, the most a game may have."""
    max_length: int
    """An upper bound on the number of actions (chance outcomes included) in one game."""
    options: tuple[Option, ...] = ()
    seat_names: tuple[str, ...] = ()
    perfect_information: bool = False
    short_name: str = ""
    """A shorter name for narrow tables such as the history (default: ``name``)."""
    fewest_players: int = 0
    """With a player count that is a range, its low end (0: always ``players``).

    The count is then an option of its own, :data:`PLAYERS_OPTION` (a :class:`WholeNumber`
    put first among ``options``), chosen like any other and kept in records as text.
    """
    default_players: int = 0
    """The player count a new game of a range starts from (0: ``fewest_players``)."""
    score_direction: str = "higher"
    """Which score is best: ``"higher"``, ``"lower"`` (cards left in a patience) or ``"none"``."""
    score_unit: str = ""
    """What a score counts, said after it where it is not points (FreeCell's ``cards home``)."""

    def __post_init__(self) -> None:
        if self.score_direction not in SCORE_DIRECTIONS:
            raise ValueError(f"score_direction must be one of {SCORE_DIRECTIONS}, not {self.score_direction!r}")
        if self.fewest_players and self.fewest_players != self.players:
            default = self.default_players or self.fewest_players
            count = whole_number(PLAYERS_OPTION, "Players", self.fewest_players, self.players, default=default)
            object.__setattr__(self, "options", (count, *self.options))  # frozen: set once, here

    @property
    def short(self) -> str:
        """The name for narrow places (a list, a table): ``short_name``, else ``name``."""
        return self.short_name or self.name

    @property
    def player_counts(self) -> range:
        """Every player count the game allows.

        >>> GameInfo("pig", "Pig", "Dice.", players=4, max_length=99, fewest_players=1).player_counts
        range(1, 5)
        """
        return range(self.fewest_players or self.players, self.players + 1)

    def seat_count(self, options: Mapping[str, str] | None = None) -> int:
        """The number of seats of a game with these options: the chosen count of a range, else ``players``.

        >>> pig = GameInfo("pig", "Pig", "Dice.", players=4, max_length=99, fewest_players=1, default_players=2)
        >>> pig.seat_count(), pig.seat_count({"players": "3"}), pig.options[0].key
        (2, 3, 'players')
        """
        if len(self.player_counts) == 1:
            return self.players
        count = self.option(PLAYERS_OPTION)
        assert isinstance(count, WholeNumber)
        return count.value(options or {})

    def default_options(self) -> dict[str, str]:
        """Every option's key with its default value."""
        return {o.key: o.default for o in self.options}

    def option(self, key: str) -> Option:
        """The option with this key; a KeyError if the game has none."""
        for o in self.options:
            if o.key == key:
                return o
        raise KeyError(key)

"""A game whose chance draws from a set: the same seed plays another game under another ``PYTHONHASHSEED``.

Its ``sample_chance`` is the kind a game might write "for speed": it draws by position among the tiles left
in an order made once from a set, never from ``chance_outcomes()``, so the kit's reordering of the listed
outcomes cannot see it.
Within one process the set's order is fixed and every check passes; only a second process, whose strings
hash differently, plays another game from the same seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from tabletop.game import CHANCE, TERMINAL, Game, GameInfo, State
from tabletop.notation import Notation

TILES = ("ash", "birch", "cedar", "elm", "fir", "hazel", "larch", "maple", "oak", "pine", "rowan", "yew")
ORDER = list(set(TILES))
"""The tiles in the order of a set: fixed for the life of a process, another in the next one."""


@dataclass(frozen=True)
class Draw(Notation):
    """Chance turns up ``tile``."""

    tile: str


@dataclass(frozen=True)
class Keep(Notation):
    """The player keeps the tile turned up and the next is drawn."""


@dataclass
class TilesState(State[Draw | Keep]):
    """The tiles still face down (a set) and those drawn, in order."""

    left: set[str] = field(default_factory=lambda: set(TILES))
    drawn: list[str] = field(default_factory=list)

    def current_player(self) -> int:
        if not self.left:
            return TERMINAL
        return CHANCE if len(self.drawn) % 2 == 0 or len(self.left) == len(TILES) else 0

    def _legal_actions(self, player: int) -> list[Draw | Keep]:
        return [Keep()]

    def chance_outcomes(self) -> list[tuple[Draw | Keep, float]]:
        return [(Draw(tile), 1 / len(self.left)) for tile in sorted(self.left)]

    def sample_chance(self, rng: random.Random) -> Draw | Keep:
        left = [tile for tile in ORDER if tile in self.left]
        return Draw(left[rng.randrange(len(left))])  # by position in the order of a set: the defect

    def _apply_action(self, action: Draw | Keep) -> None:
        if isinstance(action, Draw):
            self.left.discard(action.tile)
        self.drawn.append(str(action))

    def returns(self) -> list[float]:
        return [1.0]


class Tiles(Game[Draw | Keep]):
    """Draw every tile, keeping each."""

    info = GameInfo(
        id="tiles",
        name="Tiles",
        summary="Chance from a set.",
        players=1,
        max_length=4 * len(TILES),
        perfect_information=True,
    )

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> TilesState:
        return TilesState()


game = Tiles()

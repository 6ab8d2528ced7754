"""What the adapters share: the game and its options, its numbered actions, rewards and the text board.

This module imports no research library; each adapter turns what it gives into its library's types.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.encoding import ActionIndex, ViewEncoding
from tabletop.game import CHANCE, Game, IllegalActionError, State, View

BOARD_WIDTH = 100
"""The width of the text board :func:`board_text` draws."""
BOARD_HEIGHT = 60
"""The height of the console the board is drawn for (boards that fit the screen read it)."""


class AdapterError(ValueError):
    """A game cannot be offered to a research library as asked (a missing hook, a wrong seat count)."""


def load(game: str | Game[Any]) -> Game[Any]:
    """A game by its registered id (any installed plugin), or the game object itself."""
    if isinstance(game, Game):
        return game
    from tabletop.registry import Registry

    return Registry.discover().get(game)


class Table:
    """One game with checked options: its seats, numbered actions, view encoding and rewards.

    Made by every adapter from a game id (or game) and the options as keyword arguments,
    ``Table("highcard", hand="4")``; an option's value may be given as a number or a bool.
    """

    def __init__(self, game: str | Game[Any], options: Mapping[str, Any] | None = None) -> None:
        self.game: Game[Any] = load(game)
        # Options a person chose, as at the menu: a game may read what they name (Muses: a card file).
        self.options = self.game.resolve_options({k: _option_text(v) for k, v in (options or {}).items()})
        self.players = self.game.info.seat_count(self.options)
        actions = self.game.distinct_actions(self.options)
        if actions is None:
            raise AdapterError(
                f"{self.game.info.name} gives no fixed enumeration of its actions (Game.distinct_actions), "
                "which a research library's integer action space needs"
            )
        self.index: ActionIndex[Any] = ActionIndex(actions)
        self.last_resort = frozenset(self.index.numbers(self.game.last_resort_actions(self.options)))
        """The numbers of the actions offered only when nothing else is legal (Klondike's ``resign``)."""

    def encoding(self) -> ViewEncoding[Any]:
        """The game's numeric encoding of a view; an :class:`AdapterError` if it gives none."""
        encoding = self.game.view_encoding(self.options)
        if encoding is None:
            raise AdapterError(
                f"{self.game.info.name} gives no numeric encoding of its views (Game.view_encoding), "
                "which observations for a learning program need"
            )
        return encoding

    def new_state(self) -> State[Any]:
        """The position before the first action."""
        return self.game.new_initial_state(self.options)

    def seat_ids(self) -> list[str]:
        """A name for each seat: its seat name in lower case (``north``), or ``player_0`` and on.

        Seats that are numbered rather than named (Five Dice's ``Player 1`` to ``Player 4``) get
        ``player_0`` and on too, PettingZoo's own names, so an agent's number is its seat's.
        """
        names = [_identifier(n) for n in self.game.info.seat_names[: self.players]]
        numbered = any(name[-1:].isdigit() for name in names)
        if numbered or len(names) != self.players or len(set(names)) != self.players or not all(names):
            names = [f"player_{seat}" for seat in range(self.players)]
        return names

    def offered(self, state: State[Any]) -> list[int]:
        """The numbers of the actions the adapters offer the player to act: its legal actions, sorted.

        Those the game keeps as a last resort (:meth:`tabletop.game.Game.last_resort_actions`) are
        left out while any other action is legal, so random play (a uniform pick among the mask's
        actions) plays the game instead of giving it up within a few moves. They can still be taken.
        """
        numbers = self.index.numbers(state.legal_actions())
        if not self.last_resort:
            return numbers
        return [n for n in numbers if n not in self.last_resort] or numbers

    def utilities(self, returns: Sequence[float]) -> list[float]:
        """A finished game's returns as the libraries score them.

        Two seats: win +1, loss -1, draw 0 (the protocol's 1, 0 and 0.5 moved to a zero sum, as
        the libraries' own board games score). Any other count: the game's returns as they are.
        """
        if self.players == 2:
            return [2.0 * float(r) - 1.0 for r in returns]
        return [float(r) for r in returns]

    @property
    def zero_sum(self) -> bool:
        """Whether :meth:`utilities` sum to zero (two seats)."""
        return self.players == 2

    def apply_number(self, state: State[Any], number: Any, who: str) -> Any:
        """Apply the action numbered ``number`` to ``state`` for ``who``; refuse an illegal one, saying why.

        Raises :class:`tabletop.game.IllegalActionError` for a number out of the space or an action
        the rules do not allow now (the game's own reason is in the message); nothing changes then.
        """
        try:
            action = self.index.action(_number(number))
        except ValueError as exc:
            raise IllegalActionError(f"{who}: {exc}") from None
        try:
            state.apply(action)  # the protocol's apply checks legality and changes nothing if it refuses
        except IllegalActionError as exc:
            numbers = self.index.numbers(state.legal_actions())[:8]
            legal = ", ".join(f"{n} ({self.index.action(n)})" for n in numbers)
            raise IllegalActionError(
                f"{who}: action {_number(number)} ({action}) is not legal now: {exc}; legal actions include {legal}"
            ) from None
        return action


def settle(state: State[Any], rng: Any) -> None:
    """Resolve chance nodes with ``rng`` (a ``random.Random``) until a seat must act or the game ends."""
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))


def board_text(game: Game[Any], view: View, log: Sequence[str] = ()) -> str:
    """The game's own board (its ``GameUI.render``) printed to a string, without colour."""
    from rich.console import Console

    buffer = io.StringIO()
    console = Console(
        file=buffer, width=BOARD_WIDTH, height=BOARD_HEIGHT, color_system=None, force_terminal=False, highlight=False
    )
    console.print(game.ui().render(view, list(log)))
    return buffer.getvalue()


def _identifier(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_")


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _number(value: Any) -> int:
    """An action number given as an int, a NumPy integer or a one-element integer array; a ValueError otherwise.

    PettingZoo's and Gymnasium's ``Discrete`` spaces accept the same: ``27``, ``np.int64(27)``,
    ``np.array(27)`` and ``np.array([27])`` are all action 27.
    """
    if getattr(value, "size", None) == 1 and getattr(value, "ndim", 0) >= 1 and hasattr(value, "reshape"):
        value = value.reshape(())  # a one-element array, as a 0-d one (which has __index__ if integer)
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise ValueError(f"an action is an integer, not {value!r}")
    try:
        return int(value.__index__())
    except TypeError:  # an array of floats or of several numbers has __index__ but refuses it
        raise ValueError(f"an action is an integer, not {value!r}") from None

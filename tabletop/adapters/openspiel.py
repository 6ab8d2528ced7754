"""Any Tabletop game as an OpenSpiel Python game, so OpenSpiel's own algorithms play it.

    >>> from tabletop.adapters.openspiel import load_game       # doctest: +SKIP
    >>> game = load_game("muster")                               # doctest: +SKIP
    >>> import pyspiel; pyspiel.load_game("tabletop_muster")     # doctest: +SKIP

Importing :mod:`tabletop.adapters` (so this module too) registers every installed game with
OpenSpiel as ``tabletop_<id>``, its options as the game's parameters (``pyspiel.load_game("tabletop_highcard(hand=4)")``). The game
keeps its own rules; OpenSpiel sees:

* actions and chance outcomes as their numbers in the game's ``distinct_actions`` (so
  ``num_distinct_actions`` and ``max_chance_outcomes`` are both the length of that enumeration),
  with the game's own probabilities at explicit chance nodes;
* returns as :meth:`tabletop.adapters.common.Table.utilities` gives them: win +1, loss -1, draw 0
  for two seats, the game's own returns otherwise; a game of exactly two seats is zero-sum, any
  other general-sum (Five Dice for two too: its type covers every count it allows);
* legal actions as the game's, without an action it keeps as a last resort (Klondike's ``resign``)
  while another is legal, so random rollouts and random bots play the game instead of leaving it;
* a parameter that is unknown, of another type or out of range refused with ``pyspiel.SpielError``,
  as OpenSpiel's own games refuse it;
* information-state strings with perfect recall: the number of actions so far, the seat's record of
  each of them (its own actions by their notation, every other action as the seat's log words it)
  and the seat's view now as canonical JSON; the observation string is the view alone, and the
  observation tensor the game's view encoding. No information-state tensor is given
  (``provides_information_state_tensor`` is false): the view encoding forgets the past;
* ``resample_from_infostate`` from the game's ``resample_hidden``, with a generator seeded from
  OpenSpiel's sampler, so ISMCTS searches over worlds the player cannot tell from the real one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

from tabletop.adapters.common import AdapterError, Table, load
from tabletop.game import CHANCE, SPECTATOR, TERMINAL, Game, OneOf, Option, State, Switch, WholeNumber

PREFIX = "tabletop_"
"""OpenSpiel's name of a game is this and its id: ``tabletop_muster``."""


def short_name(game_id: str) -> str:
    """The name OpenSpiel knows a game by: ``tabletop_`` and its id."""
    return PREFIX + game_id


def load_game(game: str | Game[Any], **options: Any) -> TabletopGame:
    """The game (an id or a game object) with these options as an OpenSpiel game, registered first if need be.

    Options are given as keyword arguments, ``load_game("highcard", hand=4, low=True)``.
    """
    tabletop_game = load(game)
    cls = register(tabletop_game)
    spec = _parameters(tabletop_game)
    unknown = sorted(set(options) - set(spec))
    if unknown:
        raise pyspiel.SpielError(
            f"Unknown parameter '{unknown[0]}'. Available parameters are: {', '.join(spec) or 'none'}"
        )
    return cls({key: _parameter(key, spec[key], value) for key, value in options.items()})


GameFactory = Callable[[Mapping[str, Any] | None], "TabletopGame"]
"""What OpenSpiel registers for a game: its parameters in, the game out."""

_REGISTERED: dict[str, GameFactory] = {}


def register(game: str | Game[Any]) -> GameFactory:
    """Register a game with OpenSpiel (once) under :func:`short_name`; its game class back."""
    tabletop_game = load(game)
    name = short_name(tabletop_game.info.id)
    if name in _REGISTERED:
        return _REGISTERED[name]
    info = tabletop_game.info
    counts = info.player_counts
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"Tabletop {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION
        if info.perfect_information
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if counts == range(2, 3) else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=tabletop_game.view_encoding(tabletop_game.check_options({})) is not None,
        parameter_specification=_parameters(tabletop_game),
    )

    class Registered(TabletopGame):
        __doc__ = f"{info.name} as an OpenSpiel game ({name})."

        def __init__(self, params: Mapping[str, Any] | None = None) -> None:
            super().__init__(tabletop_game, game_type, params)

    Registered.__name__ = Registered.__qualname__ = f"TabletopGame_{info.id}"
    pyspiel.register_game(game_type, Registered)
    _REGISTERED[name] = Registered
    return Registered


def register_all(games: list[Game[Any]] | None = None) -> list[str]:
    """Register those of these games (default: every installed game) that OpenSpiel can load; their names back.

    A game that cannot be one with its default options (it gives no ``distinct_actions``, or its hook
    fails) is left out, so every name given back loads; :func:`load_game` says what such a game lacks.
    """
    if games is None:
        from tabletop.registry import Registry

        games = Registry.discover().load_all()
    names = []
    for game in games:
        try:
            Table(game)
        except Exception:  # a plugin's hook is the plugin's: it keeps that game out, not the others
            continue
        register(game)
        names.append(short_name(game.info.id))
    return names


class TabletopGame(pyspiel.Game):  # type: ignore[misc]
    """A Tabletop game with its options as an OpenSpiel game."""

    def __init__(self, game: Game[Any], game_type: Any, params: Mapping[str, Any] | None) -> None:
        spec = _parameters(game)
        given = {
            key: _parameter(key, spec[key], value) if key in spec else value for key, value in (params or {}).items()
        }
        chosen = {**spec, **given}
        options = {key: _option_text(value) for key, value in chosen.items()}
        try:
            self.table = Table(game, options)
        except AdapterError:
            raise
        except ValueError as exc:  # an option's value the game refuses: a player count out of its range, say
            raise pyspiel.SpielError(str(exc)) from None
        table = self.table
        size = len(table.index)
        utilities = table.utilities([0.0] * table.players) + table.utilities([1.0] * table.players)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=size,
            max_chance_outcomes=size,
            num_players=table.players,
            min_utility=min(utilities),
            max_utility=max(utilities),
            utility_sum=0.0 if game_type.utility == pyspiel.GameType.Utility.ZERO_SUM else None,
            max_game_length=game.info.max_length,
        )
        super().__init__(game_type, game_info, dict(chosen))
        encoding = game.view_encoding(table.options)
        self.encoding = encoding

    def new_initial_state(self) -> TabletopState:
        """The position before the first action."""
        return TabletopState(self, _Holder(self.table.new_state(), _Records.empty(self.table.players)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TabletopObserver:
        """An observer of views: perfect recall gives the information state, otherwise the observation."""
        perfect_recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return TabletopObserver(self, perfect_recall)


class _Record:
    """What one seat saw of the actions so far, newest last: a chain of entries that copies share, never copied."""

    __slots__ = ("entry", "parent")

    def __init__(self, parent: _Record | None, entry: str) -> None:
        self.parent = parent
        self.entry = entry

    def __deepcopy__(self, memo: object) -> _Record:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its entries: the chain itself would pickle a level deeper for each action of a long game.
        return (_Record.chain, (_Record.entries(self),))

    @staticmethod
    def chain(entries: list[str]) -> _Record | None:
        """The record of ``entries``, oldest first (:meth:`entries` read back)."""
        record = None
        for entry in entries:
            record = _Record(record, entry)
        return record

    @staticmethod
    def entries(record: _Record | None) -> list[str]:
        """The entries of ``record``, oldest first."""
        entries = []
        while record is not None:
            entries.append(record.entry)
            record = record.parent
        return entries[::-1]


class _Records:
    """Each seat's record and the public one (what anyone at the table saw); immutable, so shared by copies."""

    __slots__ = ("public", "seats")

    def __init__(self, seats: tuple[_Record | None, ...], public: _Record | None) -> None:
        self.seats = seats
        self.public = public

    @classmethod
    def empty(cls, players: int) -> _Records:
        """The records before the first action."""
        return cls((None,) * players, None)

    def after(self, state: State[Any], action: Any) -> _Records:
        """The records once ``action`` is taken in ``state``: the actor's own entry is the action's notation."""
        actor = state.current_player()
        seats = tuple(
            _Record(record, f"you: {action}" if seat == actor else state.describe(action, seat))
            for seat, record in enumerate(self.seats)
        )
        return _Records(seats, _Record(self.public, state.describe(action, SPECTATOR)))

    def kept_for(self, player: int) -> _Records:
        """``player``'s record kept, every other seat's replaced by the public one (for a resampled world)."""
        seats = tuple(record if seat == player else self.public for seat, record in enumerate(self.seats))
        return _Records(seats, self.public)

    def __deepcopy__(self, memo: object) -> _Records:
        return self


class _Holder:
    """The Tabletop state inside an OpenSpiel state and the seats' records: the state copied with its ``clone``."""

    __slots__ = ("records", "state")

    def __init__(self, state: State[Any], records: _Records) -> None:
        self.state = state
        self.records = records

    def __deepcopy__(self, memo: object) -> _Holder:
        return _Holder(self.state.clone(), self.records)


class TabletopState(pyspiel.State):  # type: ignore[misc]
    """A position of a Tabletop game, as OpenSpiel steps through it."""

    def __init__(self, game: TabletopGame, holder: _Holder) -> None:
        super().__init__(game)
        self._holder = holder
        self._table = _Shared(game.table)

    @property
    def tabletop_state(self) -> State[Any]:
        """The Tabletop state this OpenSpiel state wraps."""
        return self._holder.state

    def current_player(self) -> int:
        """The player to act, ``pyspiel.PlayerId.CHANCE`` or ``pyspiel.PlayerId.TERMINAL``."""
        player = self._holder.state.current_player()
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self._table.value.offered(self._holder.state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes as numbers with the game's probabilities, sorted by number."""
        index = self._table.value.index
        return sorted((index.index(a), p) for a, p in self._holder.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        holder = self._holder
        state = holder.state
        who = "chance" if state.current_player() == CHANCE else f"player {state.current_player()}"
        table = self._table.value
        legal = 0 <= action < len(table.index) and table.index.action(action) in state.legal_actions()
        # Only a legal action is described (a game's words need not cover others); an illegal one is refused below.
        records = holder.records.after(state, table.index.action(action)) if legal else holder.records
        table.apply_number(state, action, who)  # refuses an illegal action, saying why, changing nothing
        holder.records = records

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._table.value.index.action(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._holder.state.is_terminal()

    def returns(self) -> list[float]:
        """Each player's utility: zero until the game is over."""
        table = self._table.value
        state = self._holder.state
        if not state.is_terminal():
            return [0.0] * table.players
        return table.utilities(state.returns())

    def information_state_string(self, player: int | None = None) -> str:
        """Perfect recall: the number of actions so far, ``player``'s record of each, and its view now.

        The record names the player's own actions by their notation and every other action as the
        player's log words it, so two histories that differ in anything the player did or saw give
        different strings, even where the view now is the same (a card castled on one space or another,
        the same two draws in another order).
        """
        seat = self.current_player() if player is None else player
        view = self.observation_string(seat)  # refuses a player not in the game
        record = _Record.entries(self._holder.records.seats[seat])
        return f"{len(self.history())} {json.dumps(record, separators=(',', ':'))} {view}"

    def observation_string(self, player: int | None = None) -> str:
        """``player``'s view as canonical JSON; ``pyspiel.SpielError`` for a player not in the game."""
        seat = self.current_player() if player is None else player
        if not 0 <= seat < self.num_players():
            raise pyspiel.SpielError(f"player {seat} is not in the game: player < num_players_ = {self.num_players()}")
        return json.dumps(self._holder.state.view(seat).to_json(), sort_keys=True, separators=(",", ":"))

    def resample_from_infostate(self, player: int, sampler: Any) -> TabletopState:
        """A state ``player`` cannot tell from this one (the game's ``resample_hidden``), same history.

        ``player``'s record is kept; the other seats' records, which the player cannot know in the
        world drawn, become the public record of the game so far.
        """
        rng = random.Random(int(sampler() * 2**52))
        clone: TabletopState = self.clone()
        holder = self._holder
        clone._holder = _Holder(holder.state.resample_hidden(player, rng), holder.records.kept_for(player))
        return clone

    def __str__(self) -> str:
        return json.dumps(self._holder.state.to_json(), sort_keys=True, separators=(",", ":"))


class _Shared:
    """What every copy of a state shares (the table): never copied."""

    __slots__ = ("value",)

    def __init__(self, value: Table) -> None:
        self.value = value

    def __deepcopy__(self, memo: object) -> _Shared:
        return self


class TabletopObserver:
    """OpenSpiel's observer of a Tabletop game: strings from views and records, the tensor from the view encoding.

    With perfect recall the string is the information state and the tensor is empty: the view
    encoding forgets the past, so it is no information-state tensor.
    """

    def __init__(self, game: TabletopGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.encoding = None if perfect_recall else game.encoding
        size = self.encoding.size if self.encoding is not None else 0
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor} if self.encoding is not None else {}

    def set_from(self, state: TabletopState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        if self.encoding is not None:
            self.tensor[:] = self.encoding.encode(state.tabletop_state.view(player))

    def string_from(self, state: TabletopState, player: int) -> str:
        """The information state (perfect recall) or the observation of ``player``."""
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


def _parameters(game: Game[Any]) -> dict[str, Any]:
    """The game's options as OpenSpiel parameters with their defaults: ints, bools and strings."""
    return {option.key: _default(option) for option in game.info.options}


def _default(option: Option) -> Any:
    if isinstance(option, WholeNumber) or _numbers_only(option):
        return int(option.default)
    if isinstance(option, Switch) or option.is_flag:
        return option.default == "on"
    return option.default


def _numbers_only(option: Option) -> bool:
    """Whether every value of a choice is a whole number (Klondike's ``draw``: 1 or 3): an integer parameter, as
    OpenSpiel reads such a value back from a game string."""
    return isinstance(option, OneOf) and all(choice.isdecimal() for choice in option.choices)


_TRUE_TEXTS = frozenset({"on", "true", "1", "yes"})
_FALSE_TEXTS = frozenset({"off", "false", "0", "no"})


def _parameter(key: str, default: Any, value: Any) -> Any:
    """``value`` in the type OpenSpiel expects for a parameter with this default.

    A value of another kind raises ``pyspiel.SpielError``, as OpenSpiel's own games do.
    """
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        text = str(value).lower()
        if text in _TRUE_TEXTS | _FALSE_TEXTS:
            return text in _TRUE_TEXTS
        raise pyspiel.SpielError(f"Wrong type for parameter {key}. Expected a boolean (true/false), got {value!r}")
    if isinstance(default, int):
        try:
            return int(value)
        except (TypeError, ValueError):
            raise pyspiel.SpielError(f"Wrong type for parameter {key}. Expected an integer, got {value!r}") from None
    return str(value)


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)

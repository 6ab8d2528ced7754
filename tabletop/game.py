"""The protocol every game implements: metadata, states, actions and views.

A game is metadata plus a factory (:meth:`Game.new_initial_state`). A state says
whose turn it is -- a player index, :data:`CHANCE` or :data:`TERMINAL` -- lists
its legal actions sorted by their notation, and applies one. Chance is a
player: a shuffle, a draw from a face-down deck or a dice roll is a chance node
whose outcomes carry probabilities, so a game replays exactly from its list of
actions, and a rules engine never touches a random number generator itself.

Actions are small immutable values (frozen dataclasses are ideal) whose
``str()`` is a short notation that :meth:`Game.parse_action` reads back::

    >>> action = state.legal_actions()[0]          # doctest: +SKIP
    >>> game.parse_action(state, str(action)) == action   # doctest: +SKIP
    True

Hidden information lives in :meth:`State.view`: ``view(p)`` holds exactly what
player ``p`` may know. Agents and the user interface only ever receive views.
:meth:`State.public_view` is what someone at no seat may know (:data:`SPECTATOR`),
and :meth:`State.revealed_view` everything, for a game that has ended.

A game writes only what is its own. :meth:`State.legal_actions` and
:meth:`State.apply` are template methods: the base class answers a chance node
from :meth:`State.chance_outcomes`, sorts the actions, checks an action is legal
before applying it, and asks the game for its player's actions
(``_legal_actions``), its transition (``_apply_action``) and its reason for
refusing (``_why_illegal``). A game of perfect information also keeps the
default view, description, copy and revealed view. A game whose search is
performance-critical may override ``legal_actions`` and ``apply`` themselves.
"""

from __future__ import annotations

import abc
import dataclasses
import math
import random
import typing
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeAlias, TypeVar

from tabletop.cloning import clone_state
from tabletop.codec import from_data, to_data
from tabletop.errors import GameError as GameError
from tabletop.errors import IllegalActionError as IllegalActionError
from tabletop.errors import InvalidActionError as InvalidActionError
from tabletop.errors import InvalidStateError as InvalidStateError
from tabletop.notation import parse_declared, type_arguments
from tabletop.numbers import NumberError, excerpt, read_number

if TYPE_CHECKING:
    from tabletop.analysis import Analyst
    from tabletop.encoding import ViewEncoding
    from tabletop.ui.base import GameUI

CHANCE = -1
"""``current_player()`` of a chance node: the next action is a random outcome."""
TERMINAL = -2
"""``current_player()`` of a finished game."""
SPECTATOR = -3
"""A viewer at no seat: :meth:`State.public_view` is what they see, and ``describe(action, SPECTATOR)``
tells an action as they may know it (a replay of an unfinished game is shown this way)."""

JSON = Any
"""A value made of dicts, lists, strings, numbers, booleans and None."""


class Action(Hashable, Protocol):
    """What an action value offers: a hashable value whose ``str()`` is its notation."""

    def __str__(self) -> str: ...


A = TypeVar("A", bound=Action)
"""A game's action type: every generic class here (:class:`State`, :class:`Game`, :class:`Agent`) takes it."""

LISTED_IN_REFUSAL = 6
"""How many legal actions the default refusal (:meth:`State._why_illegal`) names."""


class View(abc.ABC):
    """What one player may know of a state, and nothing more.

    Views compare equal exactly when they hold the same information, and
    serialise to JSON for files and tests.
    """

    player: int

    @abc.abstractmethod
    def to_json(self) -> JSON:
        """The view as JSON-compatible data."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(repr(self.to_json()))


@dataclass(frozen=True, eq=False)
class FullView(View):
    """Everything, for a game where nothing is hidden: ``FullView(player, state.to_json())``.

    >>> FullView(0, {"pile": 7}) == FullView(0, {"pile": 7}), FullView(0, {"pile": 7}) == FullView(1, {"pile": 7})
    (True, False)
    """

    player: int
    state: JSON

    def to_json(self) -> JSON:
        return {"player": self.player, "state": self.state}


class State(abc.ABC, Generic[A]):
    """A position of a game, mutated in place by :meth:`apply`.

    A game writes :meth:`current_player`, :meth:`returns` and :meth:`to_json`,
    its player's actions (``_legal_actions``), its transition
    (``_apply_action``) and, with chance, :meth:`chance_outcomes`; everything
    else has a default that a game may override. Search code copies states with
    :meth:`clone`, which a game whose search clones a lot implements by hand.
    """

    @abc.abstractmethod
    def current_player(self) -> int:
        """The player to act (0-based), or :data:`CHANCE`, or :data:`TERMINAL`."""

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """Whether the next action is a random outcome (see :meth:`chance_outcomes`)."""
        return self.current_player() == CHANCE

    # -- actions: template methods ------------------------------------------------
    def legal_actions(self) -> list[A]:
        """Actions of the player to act, sorted by ``str``: ``[]`` once the game is over.

        At a chance node they are the outcomes of :meth:`chance_outcomes`;
        otherwise the game's ``_legal_actions(player)``, in any order.
        """
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            actions = [action for action, _ in self.chance_outcomes()]
        else:
            actions = self._legal_actions(player)
        return sorted(actions, key=str)

    def _legal_actions(self, player: int) -> list[A]:
        """The actions ``player`` (the one to act, never chance) may take here, in any order."""
        raise NotImplementedError(f"{type(self).__name__} defines neither _legal_actions nor legal_actions")

    def chance_outcomes(self) -> list[tuple[A, float]]:
        """Outcomes and their probabilities at a chance node (they sum to 1)."""
        raise NotImplementedError(f"{type(self).__name__} has no chance nodes")

    def sample_chance(self, rng: random.Random) -> A:
        """Draw one chance outcome with ``rng``; games may override this for speed.

        The outcomes are put in the order of their notation first, so the draw
        never depends on the order a game lists them in (a list built from a
        set differs from one ``PYTHONHASHSEED`` to the next): seed and actions
        replay the same game in every process.  An override must keep that.
        """
        outcomes = sorted(self.chance_outcomes(), key=lambda outcome: str(outcome[0]))
        actions = [a for a, _ in outcomes]
        weights = [p for _, p in outcomes]
        return rng.choices(actions, weights)[0]

    def apply(self, action: A) -> None:
        """Apply ``action``; raise :class:`IllegalActionError` if it is not legal, changing nothing.

        The legality check is done here, once: the game's ``_apply_action`` only
        ever receives one of :meth:`legal_actions`, and a refusal carries the
        game's own reason (``_why_illegal``).
        """
        if action not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(action))
        self._apply_action(action)

    def _apply_action(self, action: A) -> None:
        """Change this state by ``action``, which :meth:`apply` has checked is legal."""
        raise NotImplementedError(f"{type(self).__name__} defines neither _apply_action nor apply")

    def _why_illegal(self, action: A) -> str:
        """Why ``action`` is refused here, for the player to read: override it to say more.

        The default names the legal actions (the first :data:`LISTED_IN_REFUSAL`).
        """
        if self.is_terminal():
            return f"{action}: the game is over"
        legal = [str(a) for a in self.legal_actions()]
        shown = ", ".join(legal[:LISTED_IN_REFUSAL]) + (", ..." if len(legal) > LISTED_IN_REFUSAL else "")
        return f"{action} is not allowed now (allowed: {shown})"

    # -- results -----------------------------------------------------------------
    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Each player's result: 1 win, 0 loss, 0.5 draw (solo games: 1 or 0)."""

    def final_score(self) -> float | None:
        """The score a finished game keeps in its record and statistics, or None (the default).

        A game with points (a solo game's total, say) returns them here once it
        is over; higher is better.
        """
        return None

    def outcome_text(self) -> str:
        """A one-line result of a finished game."""
        return "Game over."

    # -- copies, views, hidden information -------------------------------------------
    def clone(self) -> Self:
        """An independent copy of the same class.

        The default (:func:`tabletop.cloning.clone_state`) shares what cannot
        change (numbers, text, tuples, enums, frozen dataclasses of them) and
        copies lists, dicts and sets; anything else is deep-copied. A game whose
        search clones a great deal may still copy its fields by hand.
        """
        return clone_state(self)

    def view(self, player: int) -> View:
        """Everything ``player`` may know, and nothing more.

        The default is the whole state (:class:`FullView`): right for a game of
        perfect information, and one that hides anything must override it.
        """
        return FullView(player, self.to_json())

    def public_view(self) -> View:
        """What someone at no seat may know: every seat's hidden cards stay hidden.

        A replay of an unfinished game is drawn from it, so that nobody learns a
        hand by replaying a game still being played. One-seat games need not
        define it (their only player's view serves); a game of several seats
        with hidden information must, or its unfinished games cannot be replayed.
        The default is ``_table_view(revealed=False)``.
        """
        return self._table_view(revealed=False)

    def revealed_view(self) -> View:
        """Everything, every hand face up: what a replay of a finished game draws.

        The default is ``_table_view(revealed=True)``.
        """
        return self._table_view(revealed=True)

    def _table_view(self, revealed: bool) -> View:
        """The table seen from no seat: hidden hands face down, or every hand face up if ``revealed``.

        One method for both of :meth:`public_view` and :meth:`revealed_view`, since
        they are one drawing with the hands turned over. The default reveals the
        whole state as a :class:`FullView` for :data:`SPECTATOR` and has no public
        form; a game whose interface draws its own views gives both.
        """
        if revealed:
            return FullView(SPECTATOR, self.to_json())
        raise NotImplementedError(f"{type(self).__name__} has no public view")

    def resample_hidden(self, player: int, rng: random.Random) -> State[A]:
        """A state ``player`` cannot tell from this one, with all they cannot see redrawn.

        This declares, from the full state, what is hidden from ``player``; the
        conformance kit checks that :meth:`view` agrees. Games of perfect
        information keep the default.
        """
        return self.clone()

    def invariant_violations(self) -> list[str]:
        """What is wrong with this state (empty when it is sound).

        Games list the invariants their rules keep (every card accounted for,
        counters within bounds); the conformance kit and the soak test check
        them after every action.
        """
        return []

    def to_json(self) -> JSON:
        """The full state as JSON-compatible data (read back by :meth:`Game.state_from_json`).

        A state declared as a dataclass has it from its fields (:func:`tabletop.codec.to_data`);
        any other state writes its own.
        """
        if not dataclasses.is_dataclass(self):
            raise NotImplementedError(f"{type(self).__name__} is not a dataclass: write its to_json")
        return to_data(self)

    # -- words -------------------------------------------------------------------------
    def describe(self, action: A, viewer: int | None = None) -> str:
        """Say in words what ``action`` does here, as ``viewer`` may know it (None: everything).

        ``viewer`` may be :data:`SPECTATOR`: then say only what is public. The
        default tells every viewer the same, ``_describe(action)``: enough for a
        game where nothing is hidden.
        """
        return self._describe(action)

    def _describe(self, action: A) -> str:
        """``action`` in words, the same for every viewer; the default is its notation."""
        return str(action)

    def event_facts(self, action: A, viewer: int | None = None) -> Any:
        """What ``action`` does here as data, as ``viewer`` may know it, for a board to draw its log from.

        The match keeps it in the action's :class:`~tabletop.events.Event`, and the
        board gets it beside the words (``Log.facts``). Like :meth:`describe`, it
        may tell ``viewer`` no more than their view shows. None by default: the log
        is told in words only.
        """
        return None

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True)
class Option:
    """A setting a player picks before a game: a choice among fixed values or a flag."""

    key: str
    label: str
    choices: tuple[str, ...] = ("off", "on")
    default: str = "off"
    help: str = ""
    free_text: bool = False
    """Any text is accepted (e.g. a file name); ``choices`` is then ignored."""
    choice_labels: tuple[str, ...] = ()
    """How the menu shows each of ``choices``, in order, when the value alone says too little."""

    @property
    def is_flag(self) -> bool:
        """Whether the option is an on/off switch (a command-line flag with no value)."""
        return not self.free_text and self.choices == ("off", "on")

    def label_of(self, value: str) -> str:
        """The menu's words for ``value``.

        >>> Option("first", "First player", ("random", "1", "2"), "random", choice_labels=("random", "North", "South")).label_of("1")
        'North'
        """
        if value in self.choices and len(self.choice_labels) == len(self.choices):
            return self.choice_labels[self.choices.index(value)]
        return value

    def argument(self, value: str) -> str:
        """What to give ``tabletop play``'s flag of this option to choose ``value`` again (the value itself,
        unless the option keeps its values in another form: a card set's text, by its file's name)."""
        return value

    def parse(self, text: str) -> str:
        """Check ``text`` is one of the choices (case-insensitive)."""
        if self.free_text:
            return text.strip()
        lowered = text.strip().lower()
        for choice in self.choices:
            if choice.lower() == lowered:
                return choice
        raise ValueError(f"{self.label}: {text!r} is not one of {', '.join(self.choices)}")


PLAYERS_OPTION = "players"
"""The key of the option that holds the player count of a game whose count is a range."""
MENU_NUMBERS = 12
"""A whole-number option with at most this many values is offered as a list; a wider one is typed."""


@dataclass(frozen=True)
class Switch(Option):
    """An option that is on or off, read as a bool: ``--key`` on the command line.

    >>> low = Switch("low", "Lowball")
    >>> low.value({}), low.value({"low": "on"}), low.is_flag
    (False, True, True)
    """

    def value(self, options: Mapping[str, str]) -> bool:
        """Whether the switch is on in ``options`` (its default when they do not name it)."""
        return self.parse(options.get(self.key, self.default)) == "on"


@dataclass(frozen=True)
class WholeNumber(Option):
    """A whole number between ``low`` and ``high`` (both included), read as an int.

    Made by :func:`whole_number`. A record keeps the value as text, like any option's.

    >>> hand = whole_number("hand", "Cards per hand", 3, 4, default=3)
    >>> hand.value({}), hand.value({"hand": " 4"}), hand.choices
    (3, 4, ('3', '4'))
    >>> hand.parse("5")
    Traceback (most recent call last):
    ...
    ValueError: Cards per hand: '5' is not a whole number from 3 to 4
    """

    low: int = 0
    high: int = 0

    def parse(self, text: str) -> str:
        """``text`` as the number's notation, if it is a whole number within the bounds."""
        try:
            return str(read_number(text, self.low, self.high))
        except NumberError:
            raise ValueError(
                f"{self.label}: {excerpt(text)} is not a whole number from {self.low} to {self.high}"
            ) from None

    def value(self, options: Mapping[str, str]) -> int:
        """The number ``options`` give (the default when they do not name it)."""
        return int(self.parse(options.get(self.key, self.default)))


@dataclass(frozen=True)
class OneOf(Option):
    """One of a few fixed words, read as the word. Made by :func:`one_of`."""

    def value(self, options: Mapping[str, str]) -> str:
        """The word ``options`` give (the default when they do not name it)."""
        return self.parse(options.get(self.key, self.default))


def whole_number(key: str, label: str, low: int, high: int, *, default: int, help: str = "") -> WholeNumber:
    """A whole-number option from ``low`` to ``high``: a list in the menu if short, else typed."""
    if not low <= default <= high:
        raise ValueError(f"{key}: the default {default} is not from {low} to {high}")
    listed = high - low < MENU_NUMBERS
    choices = tuple(str(n) for n in range(low, high + 1)) if listed else ()
    return WholeNumber(key, label, choices, str(default), help, free_text=not listed, low=low, high=high)


def one_of(
    key: str, label: str, choices: Sequence[str], *, default: str, help: str = "", labels: Sequence[str] = ()
) -> OneOf:
    """An option that is one of ``choices`` (shown in the menu as ``labels``, if given).

    >>> one_of("first", "First player", ["random", "1", "2"], default="random").value({"first": "2"})
    '2'
    """
    if default not in choices:
        raise ValueError(f"{key}: the default {default!r} is not one of {', '.join(choices)}")
    return OneOf(key, label, tuple(choices), default, help, choice_labels=tuple(labels))


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


class Game(abc.ABC, Generic[A]):
    """A game: metadata, a factory of initial states, and readers of its notations."""

    info: GameInfo

    @abc.abstractmethod
    def new_initial_state(self, options: Mapping[str, str] | None = None) -> State[A]:
        """The position before the first action (often a chance node that deals)."""

    def parse_action(self, state: State[A], text: str) -> A:
        """Read an action's notation; raise :class:`InvalidActionError` if it does not parse.

        Parsing does not check legality: ``state.apply`` does. The default reads
        the action classes the game is declared with (``Game[Roll | Hold]``), each
        by its ``parse`` classmethod (:class:`tabletop.notation.Notation` gives one).
        """
        kinds = type_arguments(type(self), Game)
        if not kinds:
            raise NotImplementedError(f"{type(self).__name__} names no action classes: write its parse_action")
        action: A = parse_declared(kinds, text, self.info.name)
        return action

    def state_from_json(self, data: JSON) -> State[A]:
        """Read a full state; raise :class:`InvalidStateError` saying what is wrong and where.

        The default reads the dataclass :meth:`new_initial_state` is declared to
        return (:func:`tabletop.codec.from_data`), then refuses a state that
        breaks the game's own invariants (:meth:`State.invariant_violations`).
        """
        kind = typing.get_type_hints(type(self).new_initial_state).get("return")
        if not (isinstance(kind, type) and issubclass(kind, State) and dataclasses.is_dataclass(kind)):
            raise NotImplementedError(
                f"{type(self).__name__}'s states are not declared dataclasses: write its state_from_json"
            )
        state: State[A] = from_data(kind, data)
        problems = state.invariant_violations()
        if problems:
            raise InvalidStateError("; ".join(problems))
        return state

    def agents(self) -> Mapping[str, AgentFactory[A]]:
        """Computer players by level name, in menu order (e.g. ``"random"``)."""
        from tabletop.agents import RandomAgent

        return {"random": RandomAgent}

    def default_agent(self) -> str | None:
        """The computer level a new game offers as the opponent, or None without any.

        The second in menu order when there are several (list them from the
        easiest up, so a newcomer meets the next-to-easiest), else the only one.
        """
        levels = list(self.agents())
        return levels[min(1, len(levels) - 1)] if levels else None

    def agent_labels(self) -> Mapping[str, str]:
        """Human-readable label of each computer level (defaults to its name)."""
        return {name: name.capitalize() for name in self.agents()}

    def ui(self) -> GameUI[A]:
        """The game's terminal interface, imported lazily (inside this method).

        The default shows the view as data and offers each legal action by its notation.
        """
        from tabletop.ui.base import GameUI

        return GameUI(self)

    def stats_variant(self, options: Mapping[str, str]) -> str | None:
        """The name of the variant a game with these options counts under in the statistics, or None.

        Games of one variant are counted apart from the others' (Muses: each card set
        but the default). The default counts every game of this game together.
        """
        return None

    def stats_section(self, records: Sequence[Any]) -> list[str]:
        """Lines of the game's own shown under its statistics (a patience: fewest moves and best time per
        deal), from the finished games a person played (``tabletop.store.GameRecord`` values, with their
        actions), oldest first. The default shows none."""
        return []

    def analyst(self, options: Mapping[str, str]) -> Analyst[A] | None:
        """The game's analyst for a match with these (checked) options, or None (the default) if it has none.

        With one, the table offers a Hint at each decision and a Review of a
        finished game (:mod:`tabletop.analysis`). Import it lazily, inside this method.
        """
        return None

    def commands(self) -> Mapping[str, Command]:
        """Extra command-line tools, run as ``tabletop GAME NAME ARGS...``.

        Each value is a :data:`Command`: it takes the argument list and returns an exit code.
        """
        return {}

    def rules_text(self) -> str:
        """The rules in Markdown, shown from the in-game menu."""
        return self.info.summary

    def distinct_actions(self, options: Mapping[str, str]) -> Sequence[A] | None:
        """Every action a game with these (checked) options can ever offer, chance outcomes included, or None.

        Optional: the research adapters (:mod:`tabletop.adapters`) number actions by their place in
        this sequence, so it is fixed for given options, lists each action once, and holds every
        action any state's :meth:`State.legal_actions` can return. The default, None, says the game
        gives none; the adapters then refuse it. Import what it needs lazily, inside this method.
        """
        return None

    def view_encoding(self, options: Mapping[str, str]) -> ViewEncoding | None:
        """A numeric encoding of a seat's view for games with these (checked) options, or None (the default).

        Optional: a :class:`tabletop.encoding.ViewEncoding` turns ``state.view(seat)`` into a fixed
        number of values from 0 to 1, for neural networks (the PettingZoo and Gymnasium adapters'
        observations). It reads the view alone, so it tells a seat nothing the view does not.
        """
        return None

    def resolve_options(self, options: Mapping[str, str] | None) -> dict[str, str]:
        """Fill defaults and check every option value."""
        resolved = self.info.default_options()
        for key, value in (options or {}).items():
            try:
                option = self.info.option(key)
            except KeyError:
                known = ", ".join(o.key for o in self.info.options) or "none"
                raise ValueError(f"{self.info.name} has no option {key!r} (options: {known})") from None
            resolved[key] = option.parse(value)
        return resolved

    def check_options(self, options: Mapping[str, str] | None) -> dict[str, str]:
        """Check options a game was started with (a match's, a record's): fill defaults, check every value.

        :meth:`resolve_options` turns what a person chose into these options and may
        read what they named (a file); this step reads nothing, since a record's
        options come from whoever wrote the record. The default is
        :meth:`resolve_options`, for games whose options name nothing outside.
        """
        return self.resolve_options(options)

    def upgrade_options(self, options: Mapping[str, str]) -> dict[str, str]:
        """The options of a game saved by an older version of this game, in today's form.

        For the player's own saved games only (never a record file): it may read what
        the old options named. The default returns them as they are.
        """
        return dict(options)


class Agent(abc.ABC, Generic[A]):
    """A computer player of a game whose actions are ``A``. It sees only a view and the legal actions."""

    name: str = "agent"

    @abc.abstractmethod
    def choose(self, view: View, legal: Sequence[A], rng: random.Random) -> A:
        """Pick one of ``legal``, drawing any randomness from ``rng`` alone."""


AgentFactory: TypeAlias = Callable[[], Agent[A]]
"""Makes a fresh computer player of one level; an agent class with no required arguments is one."""

Command: TypeAlias = Callable[[Sequence[str]], int]
"""A game's own command-line tool (:meth:`Game.commands`): the arguments after its name, an exit code back."""


def score_of(state: State[Any]) -> float | None:
    """The score a finished game keeps: ``state.final_score()`` if it is a real number, else None.

    The value comes from a plugin, so anything but a finite number (a bool, a
    string, NaN) or an error is not kept rather than stored.

    >>> class Scored(State[str]):
    ...     def current_player(self) -> int: return TERMINAL
    ...     def returns(self) -> list[float]: return [1.0]
    ...     def to_json(self) -> JSON: return {}
    ...     def final_score(self) -> float | None: return 7
    >>> score_of(Scored())
    7.0
    """
    try:
        value = state.final_score()
    except Exception:  # a score the game cannot give is simply not kept
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def view_for(state: State[Any], viewer: int) -> View:
    """``state.view(viewer)`` for a seat, ``state.public_view()`` for :data:`SPECTATOR`."""
    return state.public_view() if viewer == SPECTATOR else state.view(viewer)


def seen_as_another(state: State[A], action: A, viewer: int) -> bool:
    """True if ``viewer`` cannot tell ``action`` from some other legal action here.

    Two actions look alike to a player when they lead to different positions
    that the player's view shows the same: a card dealt face down to the
    opponent, say. Such an action's notation would tell the player more than the
    game does, so a replay of a game still going on hides it. Only actions the
    player's log describes in the same words are compared (a log is checked by
    the conformance kit to say no more than the view), which keeps this cheap.
    """
    text = state.describe(action, viewer)
    others = [b for b in state.legal_actions() if b != action and state.describe(b, viewer) == text]
    if not others:
        return False
    after = state_after(state, action)
    return any(hidden_difference(after, state_after(state, b), viewer) for b in others)


def state_after(state: State[A], action: A) -> State[A]:
    """The position once ``action`` is applied, on a copy: ``state`` stays as it is."""
    child = state.clone()
    child.apply(action)
    return child


def hidden_difference(one: State[Any], other: State[Any], viewer: int) -> bool:
    """True if the two positions differ but ``viewer``'s view of them is the same."""
    return view_for(one, viewer) == view_for(other, viewer) and one.to_json() != other.to_json()

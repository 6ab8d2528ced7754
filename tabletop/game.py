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
import importlib
import typing
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeAlias

from tabletop.agents import Agent, AgentFactory, RandomAgent
from tabletop.codec import from_data
from tabletop.errors import GameError, IllegalActionError, InvalidActionError, InvalidStateError
from tabletop.info import SCORE_DIRECTIONS, GameInfo
from tabletop.notation import parse_declared, type_arguments
from tabletop.options import MENU_NUMBERS, PLAYERS_OPTION, OneOf, Option, Switch, WholeNumber, one_of, whole_number
from tabletop.state import (
    CHANCE,
    LISTED_IN_REFUSAL,
    SPECTATOR,
    TERMINAL,
    A,
    Action,
    State,
    hidden_difference,
    score_of,
    seen_as_another,
    state_after,
    view_for,
)
from tabletop.views import JSON, FullView, View

if TYPE_CHECKING:
    from tabletop.analysis import Analyst
    from tabletop.encoding import ViewEncoding
    from tabletop.interface import GameUI

__all__ = [
    "CHANCE",
    "JSON",
    "LISTED_IN_REFUSAL",
    "MENU_NUMBERS",
    "PLAYERS_OPTION",
    "SCORE_DIRECTIONS",
    "SPECTATOR",
    "TERMINAL",
    "A",
    "Action",
    "Agent",
    "AgentFactory",
    "Command",
    "FullView",
    "Game",
    "GameError",
    "GameInfo",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidStateError",
    "OneOf",
    "Option",
    "State",
    "Switch",
    "View",
    "WholeNumber",
    "hidden_difference",
    "one_of",
    "score_of",
    "seen_as_another",
    "state_after",
    "view_for",
    "whole_number",
]


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

    def parse_listed_action(self, state: State[A], text: str) -> A:
        """Read an action from a list of moves another program wrote (``tabletop play GAME --moves FILE``).

        The default reads the game's own notation. A game whose players trade solutions with programs that
        read one of its moves another way says so here: FreeCell reads a bare move onto an empty cascade
        as one card, as the standard notation and its solvers do, where its own records mean the longest
        sequence.
        """
        return self.parse_action(state, text)

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

    def view_from_json(self, data: JSON) -> View:
        """Read a seat's view written by ``view.to_json()``: what a player across the network is sent.

        The default reads the view class the game's state declares its ``view`` to return (a dataclass view
        reads itself from its fields), and a :class:`FullView` through :meth:`state_from_json`. Raise
        :class:`InvalidStateError` saying what is wrong and where.
        """
        if self.info.perfect_information:
            if not isinstance(data, dict) or not isinstance(data.get("player"), int):
                raise InvalidStateError("a full view is an object with a 'player' (a seat) and a 'state'")
            return FullView(data["player"], self.state_from_json(data.get("state")))
        kind = _declared_return(_state_class(self).view)
        if not (isinstance(kind, type) and issubclass(kind, View)):
            raise NotImplementedError(f"{type(self).__name__}'s views are not declared: write its view_from_json")
        return kind.from_json(data)

    def facts_from_json(self, data: JSON) -> Any:
        """Read an event's facts (:meth:`State.event_facts`) from their JSON form (:func:`tabletop.codec.to_data`).

        The default reads the dataclass the game's ``event_facts`` is declared to return, and takes any other
        facts (plain strings, numbers, lists) as they are.
        """
        kind = _declared_return(_state_class(self).event_facts)
        if data is None or not (isinstance(kind, type) and dataclasses.is_dataclass(kind)):
            return data
        return from_data(kind, data)

    agents_module: str | None = None
    """The module that holds the game's computer players, as ``AGENTS`` (level name to factory, in menu order)
    and ``LABELS`` (level name to its label), imported when they are first asked for; None: :meth:`agents`
    says."""

    def agents(self) -> Mapping[str, AgentFactory[A]]:
        """Computer players by level name, in menu order: the :attr:`agents_module`'s ``AGENTS``, by default,
        else the random player alone (``"random"``)."""
        if self.agents_module is not None:
            agents: Mapping[str, AgentFactory[A]] = importlib.import_module(self.agents_module).AGENTS
            return agents
        return {"random": RandomAgent}

    def default_agent(self) -> str | None:
        """The computer level a new game offers as the opponent, or None without any.

        The second in menu order when there are several (list them from the
        easiest up, so a newcomer meets the next-to-easiest), else the only one.
        """
        levels = list(self.agents())
        return levels[min(1, len(levels) - 1)] if levels else None

    def agent_labels(self) -> Mapping[str, str]:
        """Human-readable label of each computer level: the :attr:`agents_module`'s ``LABELS`` where it has
        them, else each level's name."""
        if self.agents_module is not None:
            labels: Mapping[str, str] | None = getattr(importlib.import_module(self.agents_module), "LABELS", None)
            if labels is not None:
                return labels
        return {name: name.capitalize() for name in self.agents()}

    def ui(self) -> GameUI[A, Any, Any]:
        """The game's terminal interface, imported lazily (inside this method).

        The default shows the view as data and offers each legal action by its notation.
        """
        from tabletop.interface import GameUI

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

    def analyst(self, options: Mapping[str, str]) -> Analyst[A, Any] | None:
        """The game's analyst for a match with these (checked) options, or None (the default) if it has none.

        With one, the table offers the Coach at each decision and a Review of a
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

    def last_resort_actions(self, options: Mapping[str, str]) -> Collection[A]:
        """Actions to take only when no other is legal, for games with these (checked) options (Klondike's ``resign``).

        Optional: a player that picks at random among every legal action would take such an action
        within a few moves and end the game before playing it, which makes random play worthless as a
        baseline. The research adapters leave these out of their action masks and legal actions while
        any other action is legal, and a game's own random player should too. The default is none.
        """
        return ()

    def view_encoding(self, options: Mapping[str, str]) -> ViewEncoding[Any] | None:
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


Command: TypeAlias = Callable[[Sequence[str]], int]
"""A game's own command-line tool (:meth:`Game.commands`): the arguments after its name, an exit code back."""


def _state_class(game: Game[Any]) -> type[State[Any]]:
    """The state class ``game.new_initial_state`` is declared to return, or its game's first state's class."""
    kind = _declared_return(type(game).new_initial_state)
    if isinstance(kind, type) and issubclass(kind, State):
        return kind
    return type(game.new_initial_state())


def _declared_return(function: Callable[..., Any]) -> Any:
    """The return type ``function`` declares, or None where it declares none its module can name (a game that
    imports its state class lazily names it only as text)."""
    try:
        return typing.get_type_hints(function).get("return")
    except NameError:
        return None

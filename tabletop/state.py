"""A position of a game: whose turn it is, its legal actions, applying one, its result, its views and words.

:class:`State` is the heart of the protocol (:mod:`tabletop.game` tells the whole of it): a game writes
what is its own, and the template methods here answer chance nodes, sort actions and refuse illegal ones.
The functions at the end read positions as a viewer may know them.
"""

from __future__ import annotations

import abc
import dataclasses
import json
import math
import random
from collections.abc import Hashable
from typing import Any, Generic, Protocol, Self, TypeVar

from tabletop.cloning import clone_state
from tabletop.codec import to_data
from tabletop.errors import IllegalActionError
from tabletop.views import JSON, FullView, View

CHANCE = -1
"""``current_player()`` of a chance node: the next action is a random outcome."""
TERMINAL = -2
"""``current_player()`` of a finished game."""
SPECTATOR = -3
"""A viewer at no seat: :meth:`State.public_view` is what they see, and ``describe(action, SPECTATOR)``
tells an action as they may know it (a replay of an unfinished game is shown this way)."""


class Action(Hashable, Protocol):
    """What an action value offers: a hashable value whose ``str()`` is its notation."""

    def __str__(self) -> str: ...


A = TypeVar("A", bound=Action)
"""A game's action type: every generic class here (:class:`State`, :class:`Game`, :class:`Agent`) takes it."""

LISTED_IN_REFUSAL = 6
"""How many legal actions the default refusal (:meth:`State._why_illegal`) names."""


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
        if not self._is_legal(action):
            raise IllegalActionError(self._why_illegal(action))
        self._apply_action(action)

    def _is_legal(self, action: A) -> bool:
        """Whether ``action`` is among :meth:`legal_actions`, without sorting them (which costs a ``str`` each)."""
        if type(self).legal_actions is not State.legal_actions:
            return action in self.legal_actions()  # the game lists them itself
        player = self.current_player()
        if player == TERMINAL:
            return False
        if player == CHANCE:
            return any(outcome == action for outcome, _ in self.chance_outcomes())
        return action in self._legal_actions(player)

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
        is over; higher is better. It is seat 0's: a game whose every seat scores
        gives the others' by :meth:`seat_score`.
        """
        return None

    def seat_score(self, seat: int) -> float | None:
        """The score ``seat`` made in a finished game, kept when a person plays that seat (a player who
        joined across the network, say): :meth:`final_score` for seat 0 and None for the others, unless a
        game whose every seat scores says more."""
        return self.final_score() if seat == 0 else None

    def outcome_text(self) -> str:
        """A one-line result of a finished game."""
        return "Game over."

    def truncated(self) -> bool:
        """Whether a finished game was stopped by a limit on its length rather than ended by its rules.

        A game that caps its length against endless play (FreeCell's 1,000 moves) says so here, so
        the research adapters report such an end as a truncation (Gymnasium's ``truncated``,
        PettingZoo's ``truncations``), not as the game's own end. The default is False.
        """
        return False

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

        The default is a copy of the whole state (:class:`FullView`): right for a
        game of perfect information, and one that hides anything must override it.
        """
        return FullView(player, self.clone())

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
            return FullView(SPECTATOR, self.clone())
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

    def position_key(self) -> str:
        """What makes two positions the same (:meth:`tabletop.views.View.position_key`, for a game that hides
        nothing): the whole state by default; a state that counts moves or keeps a record of them leaves those
        out."""
        return json.dumps(self.to_json(), sort_keys=True)

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


def score_of(state: State[Any], seat: int = 0) -> float | None:
    """The score a finished game keeps for ``seat`` (its person's): ``state.seat_score(seat)`` if it is a real
    number, else None.

    The value comes from a plugin, so anything but a finite number (a bool, a
    string, NaN) or an error is not kept rather than stored.

    >>> class Scored(State[str]):
    ...     def current_player(self) -> int: return TERMINAL
    ...     def returns(self) -> list[float]: return [1.0]
    ...     def to_json(self) -> JSON: return {}
    ...     def final_score(self) -> float | None: return 7
    >>> score_of(Scored()), score_of(Scored(), seat=1)
    (7.0, None)
    """
    try:
        value = state.seat_score(seat)
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

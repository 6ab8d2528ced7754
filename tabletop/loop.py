"""The turn loop: a match of one game between people and computer players.

A match owns the game's one RNG (seeded), resolves chance nodes with it, asks
computer agents for their moves with only their view, and keeps the history of
actions (chance outcomes included) and an event log in words.

    >>> match = Match(game, seed=7, agents=[RandomAgent(), RandomAgent()])  # doctest: +SKIP
    >>> match.run()                                                          # doctest: +SKIP
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from tabletop.events import Event
from tabletop.game import CHANCE, A, Agent, Game, State, View, state_after
from tabletop.rng import derive_seed, make_rng, new_seed

__all__ = ["Event", "Match"]


@dataclass(frozen=True)
class Snapshot(Generic[A]):
    """The match as it stood before a person's action: what :meth:`Match.undo` goes back to in one step."""

    state: State[A]
    """A copy of the state, never played on (an undo plays on a copy of it)."""
    rng: Any
    """The game's RNG state (:meth:`random.Random.getstate`)."""
    decision: bool
    """Whether the person had a choice there: a lone legal action is no decision, and goes back with the one
    before it."""


class Match(Generic[A]):
    """A game in progress: state, seed, seats and history, typed by the game's action type ``A``."""

    def __init__(
        self,
        game: Game[A],
        *,
        options: Mapping[str, str] | None = None,
        seed: int | None = None,
        agents: Sequence[Agent[A, Any] | None] = (),
        on_action: Callable[[Match[A], Event], None] | None = None,
    ) -> None:
        self.game = game
        self.options = game.check_options(options)  # resolved already: a record's options are never read as paths
        self.seed = new_seed() if seed is None else seed
        self.rng = make_rng(self.seed)
        players = self._players = game.info.seat_count(self.options)
        self.agents: list[Agent[A, Any] | None] = list(agents) + [None] * (players - len(agents))
        self.state: State[A] = game.new_initial_state(self.options)
        self.history: list[str] = []
        self.events: list[Event] = []
        self.on_action = on_action
        self.on_undo: Callable[[Match[A]], object] | None = None
        self.redoable: list[str] = []
        """The decisions taken back by :meth:`undo`, the next to redo last; a new decision other than that
        one forgets them."""
        self._turn_views: dict[tuple[int, int], View] = {}
        self.snapshots: dict[int, Snapshot[A]] = {}
        """Before each action of a person, by its index in the history: how far an undo goes, in one step."""

    @property
    def players(self) -> int:
        """How many seats the match has."""
        return self._players

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.is_terminal()

    def human_to_act(self) -> int | None:
        """The seat of the person who must act now, or None."""
        player = self.state.current_player()
        if player >= 0 and self.agents[player] is None:
            return player
        return None

    def is_person(self, seat: int) -> bool:
        """Whether a person plays ``seat``: at this keyboard (no agent), or elsewhere through an agent that says
        so (its ``person`` is true: a seat played across the network)."""
        agent = self.agents[seat]
        return agent is None or getattr(agent, "person", False) is True

    def agent_rng(self, player: int) -> random.Random:
        """A fresh RNG for one computer decision, derived from the seed and the move number.

        Agents never share the game's RNG, and a replayed match continues exactly
        as the original would have, with no RNG state to carry over.
        """
        return make_rng(derive_seed(self.seed, f"agent-{player}-{len(self.history)}"))

    def apply(self, action: A) -> Event:
        """Apply a legal action (of a person, an agent or chance) and log it."""
        state = self.state
        actor = state.current_player()
        if actor >= 0 and self.agents[actor] is None:
            self.snapshots[len(self.history)] = Snapshot(state.clone(), self.rng.getstate(), _is_decision(state))
        viewers = [*range(self.players), None]
        texts = tuple(state.describe(action, p) for p in viewers)
        facts = tuple(state.event_facts(action, p) for p in viewers)
        state.apply(action)
        if self.redoable and self.redoable[-1] == str(action):
            self.redoable.pop()
        else:
            self.redoable.clear()
        event = Event(actor, str(action), texts, facts if any(f is not None for f in facts) else ())
        self.history.append(event.notation)
        self.events.append(event)
        if self.on_action is not None:
            self.on_action(self, event)
        return event

    def step(self) -> Event | None:
        """Resolve one chance node or one computer move; None when a person must act or the game is over."""
        state = self.state
        player = state.current_player()
        if player == CHANCE:
            return self.apply(state.sample_chance(self.rng))
        if player < 0:
            return None
        agent = self.agents[player]
        if agent is None:
            return None
        action = agent.choose(state.view(player), state.legal_actions(), self.agent_rng(player))
        return self.apply(action)

    def advance(self) -> list[Event]:
        """Run chance and computer moves until a person must act or the game ends."""
        events = []
        while (event := self.step()) is not None:
            events.append(event)
        return events

    def run(self) -> State[A]:
        """Play to the end; every seat must be a computer."""
        self.advance()
        if not self.is_over():
            raise RuntimeError("run() needs a computer agent in every seat")
        return self.state

    def view_at_turn_start(self, viewer: int) -> View:
        """What ``viewer`` saw just after the first decision of their latest turn (:func:`turn_start`): what a board
        compares the position with to mark what the others did since (:attr:`tabletop.interface.Log.before`).
        Kept once made, until an undo."""
        key = (viewer, turn_start(self.events, viewer))
        if key not in self._turn_views:
            self._turn_views[key] = self.view_after(key[1], viewer)
        return self._turn_views[key]

    def view_after(self, count: int, viewer: int) -> View:
        """What ``viewer`` saw after the match's first ``count`` actions, rebuilt from the record.

        The match itself is left as it is; the rebuilt position draws on no RNG,
        since chance outcomes are in the record.
        """
        state = self.game.new_initial_state(self.options)
        for text in self.history[:count]:
            state.apply(self.game.parse_action(state, text))
        return state.view(viewer)

    def undo_point(self, player: int, *, takeback: bool = False) -> int | None:
        """Where ``player`` may undo back to, or None (:meth:`undo_offer` says why).

        A player may take back their latest decision, together with everything
        after it that a computer or chance did unseen: the computer's reply, a
        card it drew face down. An action the player had no choice about (a lone
        legal action) is no decision: it goes back with the one before it. Never
        across a random event the player saw (a card drawn, dice rolled: the
        same draw would come again, now known) nor another person's move, unless
        it is a ``takeback``: then across both (:meth:`takeback_costs` says what it crossed).
        """
        found = self.undo_offer(player, takeback=takeback)
        return found if isinstance(found, int) else None

    def undo_offer(self, player: int, *, takeback: bool = False) -> int | str:
        """Where ``player`` may undo back to (:meth:`undo_point`), or why they have nothing to take back, in a
        few words for a greyed-out menu entry: both at once, for a menu that shows one or the other.

        Its cost does not grow with the game: the decision is found among the snapshots, and only the
        actions since it are played again, to see whether the player saw a random event among them.
        """
        if self.is_over():
            return "the game is over"
        start = 0 if takeback else self._first_reachable(player)
        decision = next(
            (i for i in reversed(self.snapshots) if i >= start and self.snapshots[i].decision and self._by(i, player)),
            None,
        )
        if decision is None:
            if start and any(e.actor == player for e in self.events[:start]):
                return "the other player has moved since"
            return "you have made no decision yet"
        seen = None if takeback else self.seen_since(decision, player)
        if seen is not None:
            return f"you have seen what came after it: {seen.rstrip('.')}"
        return decision

    def takeback_costs(self, to: int, player: int) -> list[str]:
        """What undoing back to ``to`` would take back beyond ``player``'s own moves and what was done unseen:
        a random event they saw, another person's move (each in their words). Empty: an undo that gains the
        player nothing; else a take-back, which a table may refuse, or allow and count."""
        costs = []
        seen = self.seen_since(to, player)
        if seen is not None:
            costs.append(seen.rstrip("."))
        people = [e for e in self.events[to:] if e.actor not in (player, CHANCE) and self.is_person(e.actor)]
        if people:
            costs.append(people[-1].text_for(player).rstrip("."))
        return costs

    def _first_reachable(self, player: int) -> int:
        """The first event an undo by ``player`` may reach: the one after another person's latest move."""
        for i in range(len(self.events) - 1, -1, -1):
            actor = self.events[i].actor
            if actor not in (player, CHANCE) and self.is_person(actor):
                return i + 1
        return 0

    def _by(self, index: int, player: int) -> bool:
        return index < len(self.events) and self.events[index].actor == player

    def seen_since(self, decision: int, player: int) -> str | None:
        """What ``player`` saw, from their decision at ``decision`` on, that was hidden from them before it (the
        words of the action that showed it: a random event, or a move that turned a card face up), or None."""
        state = self.snapshots[decision].state.clone()
        # Worlds the player could not tell from this one: an action that shows them whether they are in it
        # (a card turned up, a different one in each world) has shown something hidden.
        worlds = [] if self.game.info.perfect_information else _worlds(state, player)
        for i in range(decision, len(self.history)):
            action = self.game.parse_action(state, self.history[i])
            if i > decision and state.current_player() == CHANCE and _revealed(state, action, player):
                return self.events[i].text_for(player)
            state.apply(action)
            if self.events[i].actor == player and not _same_to(player, state, worlds, action):
                return self.events[i].text_for(player)  # their own move showed them a card (turned it up)
            worlds = _played_on(worlds, action)  # the worlds where the others' moves and chance could happen go on
        return None

    def undo(self, to: int) -> None:
        """Take back every action from index ``to`` on: from the snapshot taken there, or (at an index
        without one) by replaying the actions before it."""
        if not 0 <= to <= len(self.history):
            raise ValueError(f"cannot undo to action {to}: the game has {len(self.history)}")
        redoable = self.redoable + self.history[to:][::-1]
        snapshot = self.snapshots.get(to)
        if snapshot is None:
            rebuilt = Match.replay(
                self.game, self.history[:to], options=self.options, seed=self.seed, agents=self.agents
            )
            self.state, self.rng, self.snapshots = rebuilt.state, rebuilt.rng, rebuilt.snapshots
            self.history, self.events = rebuilt.history, rebuilt.events
        else:
            self.state = snapshot.state.clone()
            self.rng.setstate(snapshot.rng)
            del self.history[to:], self.events[to:]
            self.snapshots = {i: kept for i, kept in self.snapshots.items() if i < to}
        self.redoable = redoable
        self._turn_views.clear()  # a turn begun again may begin elsewhere
        if self.on_undo is not None:
            self.on_undo(self)

    def redo_point(self, player: int) -> str | None:
        """The decision ``player`` may take again after an undo (it is theirs, and legal here), or None."""
        if not self.redoable or self.human_to_act() != player:
            return None
        text = self.redoable[-1]
        try:
            action = self.game.parse_action(self.state, text)
        except ValueError:
            return None
        return text if action in self.state.legal_actions() else None

    def redo(self) -> Event:
        """Take the latest decision undone again."""
        return self.apply(self.game.parse_action(self.state, self.redoable[-1]))

    @classmethod
    def replay(
        cls,
        game: Game[A],
        history: Sequence[str],
        *,
        options: Mapping[str, str] | None = None,
        seed: int | None = None,
        agents: Sequence[Agent[A, Any] | None] = (),
    ) -> Match[A]:
        """Rebuild a match from its recorded actions.

        The RNG is then re-aligned by replaying chance draws too, so play can
        continue from where it stopped exactly as it would have.
        """
        match = cls(game, options=options, seed=seed, agents=agents)
        for text in history:
            state = match.state
            if state.current_player() == CHANCE:
                # Draw as the original game did, so the RNG stands where it stood;
                # the recorded outcome is what happened.
                state.sample_chance(match.rng)
            match.apply(game.parse_action(state, text))
        return match


def turn_start(events: Sequence[Event], viewer: int) -> int:
    """How many events stood before ``viewer``'s latest turn had its first decision taken, counting it.

    A turn is the viewer's decisions with only chance between them. With no
    decision of theirs yet, the count of the opening chance events (the deal).

    >>> e = lambda actor: Event(actor, "", ())
    >>> turn_start([e(CHANCE), e(0), e(CHANCE), e(0), e(1), e(CHANCE)], 0)
    2
    >>> turn_start([e(CHANCE), e(CHANCE), e(1)], 0)
    2
    """
    mine = [i for i, event in enumerate(events) if event.actor == viewer]
    if not mine:
        return next((i for i, event in enumerate(events) if event.actor != CHANCE), len(events))
    first = mine[-1]
    for i in range(mine[-1], -1, -1):
        actor = events[i].actor
        if actor == viewer:
            first = i
        elif actor != CHANCE:
            break
    return first + 1


def _is_decision(state: State[A]) -> bool:
    """Whether the player to act has more than one legal action."""
    return len(state.legal_actions()) > 1


WORLDS = 4
"""How many worlds the player cannot tell apart an undo checks a move against (:meth:`Match.seen_since`)."""


def _worlds(state: State[A], player: int) -> list[State[A]]:
    """A few states ``player`` cannot tell from ``state``, their hidden cards dealt again (a fixed draw: which
    undo counts as a take-back never depends on luck)."""
    rng = random.Random(0)
    return [state.resample_hidden(player, rng) for _ in range(WORLDS)]


def _same_to(player: int, state: State[A], worlds: list[State[A]], action: A) -> bool:
    """Whether ``action``, played after ``state``'s last, leaves each world looking like ``state`` to ``player``
    (the worlds are left as they were)."""
    seen = state.view(player)
    for world in worlds:
        after = world.clone()
        try:
            after.apply(action)
        except ValueError:  # an action no such world allows: it told them apart
            return False
        if after.view(player) != seen:
            return False
    return True


def _played_on(worlds: list[State[A]], action: A) -> list[State[A]]:
    """The worlds that allow ``action``, with it played."""
    kept = []
    for world in worlds:
        try:
            world.apply(action)
        except ValueError:
            continue
        kept.append(world)
    return kept


def _revealed(state: State[A], outcome: A, player: int) -> bool:
    """Whether ``player``'s view tells the chance ``outcome`` at ``state`` apart from some other outcome: a card
    drawn into their hand or face up, dice rolled; not a card dealt face down to another player."""
    seen = state_after(state, outcome).view(player)
    return any(
        state_after(state, other).view(player) != seen for other, _ in state.chance_outcomes() if other != outcome
    )

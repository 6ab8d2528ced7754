"""Rebuilding a match from a game record: checking a record against its game, and continuing or replaying it.

A record is data (:mod:`tabletop.store.records`); here it meets its game. A record
read from a file is checked action by action, and its result is derived from
the game, never taken on the file's word.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.agents import HUMAN, REMOTE
from tabletop.store.records import GameRecord, RecordError, read_record_data, record_fields
from tabletop.text import printable

if TYPE_CHECKING:
    from tabletop.game import Agent, Game
    from tabletop.loop import Match
    from tabletop.registry import Registry


def read_record_file(path: Any, registry: Registry) -> GameRecord:
    """Read and check a record file; the file is only read, never changed."""
    return record_from_json(read_record_data(path), registry)


def record_from_json(data: Any, registry: Registry) -> GameRecord:
    """Check JSON data and build a record from it; raise :class:`RecordError` if anything is wrong.

    Besides the layout, this checks the game is installed, the options and
    seats are valid, and the history replays action by action.
    """
    record = record_fields(data)
    game = game_of(record.game_id, registry)
    match = check_record(record, game)
    check_stated_result(record, match)
    return record


def check_stated_result(record: GameRecord, match: Match[Any]) -> None:
    """Refuse a finished record whose result or score is not what its actions give: a result is
    derived from the game, never taken on a file's word."""
    from tabletop.game import score_of

    if not record.is_finished:
        if record.result is not None or record.score is not None:
            raise RecordError("the record states a result, but it is unfinished")
        return
    state = match.state
    derived = printable(state.outcome_text())
    if record.result is not None and record.result != derived:
        raise RecordError(f"result: the record says {record.result!r}, its actions give {derived!r}")
    score = score_of(state, record.viewer)
    # Seat 0's score was kept whatever the person's seat until scores were the person's: such a record is sound.
    if record.score is not None and record.score not in (score, score_of(state)):
        raise RecordError(
            f"score: the record says {record.score:g}, its actions give {score if score is None else f'{score:g}'}"
        )


def game_of(game_id: str, registry: Registry) -> Game[Any]:
    """The game of a record, or a RecordError saying it is not installed or does not load."""
    from tabletop.registry import GameLoadError, UnknownGameError

    try:
        return registry.get(game_id)
    except UnknownGameError:
        known = ", ".join(registry.ids()) or "none"
        raise RecordError(f"the record is of game {game_id!r}, which is not installed (games: {known})") from None
    except GameLoadError as exc:
        raise RecordError(f"the record's game cannot be loaded: {exc}") from None


def seat_count(record: GameRecord, game: Game[Any]) -> int:
    """How many seats the record's game has: a count from its options when the game's is a range."""
    try:
        return game.info.seat_count(record.options)
    except ValueError as exc:
        raise RecordError(f"options: {exc}") from None


def check_record(record: GameRecord, game: Game[Any]) -> Match[Any]:
    """Check a record against its game and return the replayed match (no computer agents)."""
    players = seat_count(record, game)
    if len(record.seats) != players or len(record.names) != players:
        raise RecordError(f"seats: {game.info.name} has {players} seat(s), the record has {len(record.seats)}")
    levels = set(game.agents())
    for i, spec in enumerate(record.seats, 1):
        if spec not in (HUMAN, REMOTE) and spec not in levels:
            raise RecordError(
                f"seats: seat {i} is {spec!r}, neither 'human' nor a level of {game.info.name} ({', '.join(levels)})"
            )
    if record.returns is not None and len(record.returns) != players:
        raise RecordError(f"returns: {players} expected, found {len(record.returns)}")
    if len(record.history) > game.info.max_length:
        raise RecordError(
            f"history: {len(record.history)} actions, more than a game of {game.info.name} can last ({game.info.max_length})"
        )
    match = replay_history(game, record, [None] * players)
    state = match.state
    if record.is_finished:
        if not state.is_terminal():
            raise RecordError(
                f"the record says the game finished, but after its {len(record.history)} actions it is not over"
            )
        if record.returns is not None and [float(r) for r in state.returns()] != record.returns:
            raise RecordError(f"returns: the record says {record.returns}, its actions give {state.returns()}")
    if record.actors is not None and len(record.actors) != len(record.history):
        raise RecordError(f"actors: {len(record.actors)} given for {len(record.history)} actions (one each)")
    return match


def replay_history(game: Game[Any], record: GameRecord, agents: Sequence[Agent[Any, Any] | None]) -> Match[Any]:
    """Rebuild the match of a record action by action, saying which action fails and why.

    This mirrors :meth:`tabletop.loop.Match.replay` (drawing at each chance node
    so the RNG ends where the original game's stood) and adds a legality check
    and a numbered message for each failure.
    """
    from tabletop.game import CHANCE, GameError
    from tabletop.loop import Match

    try:
        match = Match(game, options=record.options, seed=record.seed, agents=agents)
    except ValueError as exc:
        raise RecordError(f"options: {exc}") from None
    for number, text in enumerate(record.history, 1):
        state = match.state
        where = f"action {number} ({text!r})"
        if state.is_terminal():
            raise RecordError(f"{where}: the game was already over after action {number - 1}")
        try:
            action = game.parse_action(state, text)
        except GameError as exc:
            raise RecordError(f"{where} cannot be read: {exc}") from None
        except Exception as exc:  # a game's bug must not become a traceback
            raise RecordError(f"{where} cannot be read: {type(exc).__name__}: {exc}") from None
        if action not in state.legal_actions():
            raise RecordError(f"{where} is not allowed there: {why_illegal(state, action)}")
        actor = state.current_player()
        if record.actors is not None and number <= len(record.actors) and record.actors[number - 1] != actor:
            raise RecordError(
                f"actors: {where} is said to be taken by {_actor_words(record.actors[number - 1])}, "
                f"but it is {_actor_words(actor)}'s to take"
            )
        if actor == CHANCE:
            state.sample_chance(match.rng)
        try:
            match.apply(action)
        except GameError as exc:
            raise RecordError(f"{where} is not allowed there: {exc}") from None
        except Exception as exc:
            raise RecordError(f"{where} failed in the game's rules: {type(exc).__name__}: {exc}") from None
    return match


def _actor_words(actor: int) -> str:
    """``chance``, or ``seat 2`` (counted from 1 as players count)."""
    return "chance" if actor < 0 else f"seat {actor + 1}"


def why_illegal(state: Any, action: Any) -> str:
    """The game's own reason an action is illegal, found by applying it to a copy."""
    from tabletop.game import GameError

    try:
        state.clone().apply(action)
    except GameError as exc:
        return str(exc)
    except Exception as exc:  # a game's bug: still say something useful
        return f"{type(exc).__name__}: {exc}"
    return "it is not among the legal actions"


def make_agents(record: GameRecord, game: Game[Any]) -> list[Agent[Any, Any] | None]:
    """The computer players of a record's seats, made anew from their level names."""
    factories = game.agents()
    agents: list[Agent[Any, Any] | None] = []
    for i, spec in enumerate(record.seats, 1):
        if spec in (HUMAN, REMOTE):  # a person elsewhere plays at this keyboard when continued here
            agents.append(None)
        elif spec in factories:
            agents.append(factories[spec]())
        else:
            raise RecordError(f"seat {i} plays at level {spec!r}, which {game.info.name} no longer offers")
    return agents


def stored_record(record: GameRecord, registry: Registry) -> GameRecord:
    """A record from the player's own database, its options brought up to date by its game
    (:meth:`~tabletop.game.Game.upgrade_options`: an old Muses game's card file taken in, say).

    Upgrading may read what old options name, so it is for the player's own saved
    games only, never for a record file from elsewhere. A game that is not
    installed, or whose upgrade fails, keeps the record as it is.
    """
    from dataclasses import replace

    try:
        options = registry.get(record.game_id).upgrade_options(record.options)
    except Exception:  # replaying or continuing it will say what is wrong
        return record
    return record if options == record.options else replace(record, options=options)


def load_match(record: GameRecord, registry: Registry, *, agents: bool = True) -> Match[Any]:
    """Rebuild a record's match to continue it (computer players re-created from the seat specs).

    Raises :class:`RecordError` when the game is missing or the history no longer replays.
    """
    game = game_of(record.game_id, registry)
    record = stored_record(record, registry)
    players = seat_count(record, game)
    if len(record.seats) != players:
        raise RecordError(f"seats: {game.info.name} has {players} seat(s), the record has {len(record.seats)}")
    seat_agents = make_agents(record, game) if agents else [None] * players
    return replay_history(game, record, seat_agents)

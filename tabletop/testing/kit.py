"""``check_game``: seeded random playouts with every conformance check along the way.

Each playout plays a game from its seed with uniformly random moves, resolving
chance with the game's seeded RNG exactly as :class:`tabletop.loop.Match` does,
so a failing playout is reproduced by ``Match.replay(game, history, seed=...)``
(the message prints both). Cheap checks run at every step; the others run at
a random sample of the positions (``deep_fraction``) and always at the first
and the last.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tabletop.game import Game, State
from tabletop.loop import Match
from tabletop.rng import derive_seed, make_rng
from tabletop.testing import state_checks as sc
from tabletop.testing.hash_seed import check_other_process
from tabletop.testing.util import action_list, describe_differences, fail, snapshot
from tabletop.testing.wire_checks import check_wire

DEFAULT_PLAYOUTS = 20
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]*")


class ConformanceError(AssertionError):
    """A conformance check failed; the message says which, where, and how to replay it."""


@dataclass
class KitReport:
    """What a :func:`check_game` run covered (all checks passed if you hold one)."""

    game: str
    options: dict[str, str]
    playouts: int = 0
    positions: int = 0
    deep_positions: int = 0
    longest: int = 0
    illegal_tried: int = 0
    resamples: int = 0
    resamples_differing: int = 0
    replayed_elsewhere: int = 0
    """Playouts played again in another process under another ``PYTHONHASHSEED`` (0: the game could not be sent)."""


@dataclass
class Playout:
    """One random game: its seed, the actions taken and a copy of every position on the way."""

    seed: int
    options: dict[str, str]
    actions: list[Any] = field(default_factory=list)
    states: list[State[Any]] = field(default_factory=list)

    @property
    def history(self) -> list[str]:
        """The playout's actions in notation, as a match's history holds them."""
        return [str(a) for a in self.actions]


def option_combinations(game: Game[Any]) -> list[dict[str, str]]:
    """Every combination of the game's option values, for ``pytest.mark.parametrize``.

    >>> from tabletop_highcard import game          # doctest: +SKIP
    >>> option_combinations(game)                    # doctest: +SKIP
    [{'hand': '3', 'low': 'off'}, {'hand': '3', 'low': 'on'}, {'hand': '4', 'low': 'off'}, ...]

    Free-text options (a file name, say) keep their default.
    """
    options = [o for o in game.info.options if not o.free_text]
    keys = [o.key for o in options]
    return [dict(zip(keys, values)) for values in itertools.product(*(o.choices for o in options))]


def check_info(game: Game[Any]) -> None:
    """The metadata is usable: an id for the command line, seats, a length bound, valid option defaults."""
    info = game.info
    if not ID_PATTERN.fullmatch(info.id):
        fail(f"game id {info.id!r} must be lower-case letters, digits, '-' or '_' (it is typed as `tabletop play ID`)")
    if info.players < 1 or info.max_length < 1:
        fail(f"{info.id}: players ({info.players}) and max_length ({info.max_length}) must be at least 1")
    if info.fewest_players and not 1 <= info.fewest_players <= info.players:
        fail(f"{info.id}: fewest_players ({info.fewest_players}) must be from 1 to players ({info.players})")
    if info.default_players and info.default_players not in info.player_counts:
        fail(f"{info.id}: default_players ({info.default_players}) is not a player count of {info.player_counts}")
    if info.seat_names and len(info.seat_names) != info.players:
        fail(f"{info.id}: {len(info.seat_names)} seat names for {info.players} players")
    keys = [o.key for o in info.options]
    if len(set(keys)) != len(keys):
        fail(f"{info.id}: option keys repeat: {keys}")
    for option in info.options:
        if not option.free_text and option.default not in option.choices:
            fail(f"{info.id}: option {option.key!r} defaults to {option.default!r}, not one of {option.choices}")
    if not game.agents():
        fail(f"{info.id}: agents() offers no computer player")


def random_playout(
    game: Game[Any],
    seed: int,
    options: Mapping[str, str] | None = None,
    on_position: Callable[[State[Any], Any], None] | None = None,
) -> Playout:
    """Play one game with random moves; fail if it outlasts ``game.info.max_length``.

    Chance draws from ``make_rng(seed)`` as a :class:`~tabletop.loop.Match` does;
    moves come from a second RNG derived from the seed. ``on_position(state,
    action)`` runs before each action (and with ``None`` at the end).
    """
    resolved = game.resolve_options(options)
    playout = Playout(seed, resolved)
    chance_rng, move_rng = make_rng(seed), make_rng(derive_seed(seed, "kit-moves"))
    state = game.new_initial_state(resolved)
    bound = game.info.max_length
    while not state.is_terminal():
        if len(playout.actions) >= bound:
            fail(
                f"the game did not end within max_length={bound} actions "
                f"(last actions: {action_list(playout.history[-8:])}); it may never end, or the bound is too low"
            )
        if state.is_chance_node():
            action = state.sample_chance(chance_rng)
        else:
            legal = state.legal_actions()
            if not legal:
                fail(f"no legal actions for player {state.current_player()} in a game that is not over")
            action = legal[move_rng.randrange(len(legal))]
        if on_position is not None:
            on_position(state, action)
        playout.states.append(state.clone())
        playout.actions.append(action)
        _apply(state, action)
    if on_position is not None:
        on_position(state, None)
    playout.states.append(state.clone())
    return playout


def _apply(state: State[Any], action: Any) -> None:
    try:
        state.apply(action)
    except Exception as exc:
        raise AssertionError(f"applying the legal action {str(action)!r} raised {type(exc).__name__}: {exc}") from exc


def check_determinism(game: Game[Any], playout: Playout) -> None:
    """Applying the playout's actions again, twice, from a new initial state reaches the same state."""
    final = snapshot(playout.states[-1].to_json())
    for attempt in ("a replay", "a second replay"):
        state = game.new_initial_state(playout.options)
        for i, action in enumerate(playout.actions):
            if snapshot(state.to_json()) != snapshot(playout.states[i].to_json()):
                _not_deterministic(attempt, f"after {i} actions", playout.states[i].to_json(), state.to_json())
            try:
                state.apply(action)
            except Exception as exc:
                raise AssertionError(
                    f"{attempt} of the same actions refused {str(action)!r} (action {i + 1}): "
                    f"{type(exc).__name__}: {exc}; apply() must be deterministic"
                ) from exc
        if snapshot(state.to_json()) != final:
            _not_deterministic(attempt, "at the end", playout.states[-1].to_json(), state.to_json())


def _not_deterministic(attempt: str, when: str, expected: Any, got: Any) -> None:
    fail(
        f"{attempt} of the same actions reached a different state {when}: apply() must be deterministic, "
        "with every random event a chance action resolved by the match's seeded RNG\n"
        + describe_differences(expected, got)
    )


def check_replay(game: Game[Any], playout: Playout) -> None:
    """``Match.replay`` of the playout's seed and notations reaches the same state (twice)."""
    final = playout.states[-1].to_json()
    for attempt in ("Match.replay", "a second Match.replay"):
        try:
            match = Match.replay(game, playout.history, options=playout.options, seed=playout.seed)
        except Exception as exc:
            raise AssertionError(f"{attempt} of the seed and notations raised {type(exc).__name__}: {exc}") from exc
        if snapshot(match.state.to_json()) != snapshot(final):
            fail(
                f"{attempt} of the seed and notations reached a different state:\n"
                + describe_differences(final, match.state.to_json())
            )


def check_game(
    game: Game[Any],
    *,
    options: Mapping[str, str] | None = None,
    playouts: int = DEFAULT_PLAYOUTS,
    seed: int = 0,
    deep_fraction: float = 0.25,
    resamples: int = 2,
    illegal_per_position: int = 4,
    follow: int = 40,
    other_process: bool = True,
) -> KitReport:
    """Run every conformance check on ``playouts`` seeded random games; raise AssertionError on a failure.

    ``options`` picks a variant (see :func:`option_combinations`); raise
    ``playouts`` or ``deep_fraction`` (0..1) for a more thorough run.
    ``resamples`` is the number of ``resample_hidden`` draws per player at a
    checked position, ``illegal_per_position`` the number of actions legal
    elsewhere tried there, and ``follow`` how many of the playout's next
    actions a state read back from JSON must replay identically (the position
    nearest the middle of each playout follows it to the end). With
    ``other_process`` the playouts are played again in another process under
    another ``PYTHONHASHSEED`` and must be the same games
    (:func:`tabletop.testing.hash_seed.check_other_process`). The message of
    a failure names the check, the playout seed and how to replay it.

        >>> check_game(game, options={"hand": "4"}, playouts=50)   # doctest: +SKIP
    """
    try:
        check_info(game)
        resolved = game.resolve_options(options)
    except AssertionError as exc:
        raise ConformanceError(f"{game.info.id}: check_info failed: {exc}") from None
    except Exception as exc:
        raise ConformanceError(f"{game.info.id}: check_info failed: raised {type(exc).__name__}: {exc}") from exc
    report = KitReport(game.info.id, resolved)
    seen: dict[str, Any] = {}  # actions legal somewhere: candidates for "illegal here"
    knobs = _Knobs(deep_fraction, resamples, illegal_per_position, follow)
    histories = {seed + i: _run_playout(game, seed + i, resolved, report, seen, knobs) for i in range(playouts)}
    if not game.info.perfect_information and report.resamples and not report.resamples_differing:
        raise ConformanceError(
            f"{game.info.id} {resolved}: check_no_leak failed: resample_hidden hides nothing: "
            f"all {report.resamples} resampled states equal the original, so the no-leak check proved nothing. "
            "Redraw what each player cannot see in resample_hidden(), or declare "
            "GameInfo(perfect_information=True)."
        )
    if other_process:
        try:
            report.replayed_elsewhere = check_other_process(game, resolved, histories)
        except AssertionError as exc:
            raise ConformanceError(f"{game.info.id} {resolved}: check_other_process failed: {exc}") from None
    return report


def _run_playout(
    game: Game[Any],
    seed: int,
    options: dict[str, str],
    report: KitReport,
    seen: dict[str, Any],
    knobs: _Knobs,
) -> list[str]:
    """Play and check the playout of ``seed``; return its actions in notation."""
    players = game.info.seat_count(options)
    where = _Where(game, seed, options)
    check_rng = make_rng(derive_seed(seed, "kit-checks"))

    def every_step(state: State[Any], action: Any) -> None:
        step = len(where.history)
        with where.checking("check_current_player", step):
            sc.check_current_player(state, players)
        with where.checking("check_legal_actions", step):
            sc.check_legal_actions(state)
        with where.checking("check_invariants", step):
            sc.check_invariants(state)
        with where.checking("check_chance", step):
            sc.check_chance(state, check_rng)
        with where.checking("check_clone_independent", step):
            sc.check_clone_independent(state, action)
        for legal in state.legal_actions()[:50]:
            seen.setdefault(str(legal), legal)
        if action is not None:
            where.history.append(str(action))

    with where.checking("the random playout", lambda: len(where.history)):
        playout = random_playout(game, seed, options, every_step)
    report.playouts += 1
    report.positions += len(playout.states)
    report.longest = max(report.longest, len(playout.actions))
    with where.checking("check_determinism", lambda: len(playout.actions)):
        check_determinism(game, playout)
    steps = list(_deep_steps(len(playout.states), knobs.deep_fraction, check_rng))
    middle = min(steps, key=lambda step: abs(2 * step - len(playout.actions)))
    for step in steps:
        state = playout.states[step]
        report.deep_positions += 1
        end = None if step == middle else step + knobs.follow
        _deep_checks(game, state, playout.actions[step:end], step, where, report, seen, check_rng, knobs)
    for step in steps:  # once each position is sound: whether it reads back as a player across the network reads it
        with where.checking("check_wire", step):
            check_wire(game, playout.states[step], options, players)
    with where.checking("check_replay", lambda: len(playout.actions)):
        check_replay(game, playout)
    return playout.history


def _deep_steps(count: int, fraction: float, rng: random.Random) -> Iterator[int]:
    for step in range(count):
        if step in (0, count - 1) or rng.random() < fraction:
            yield step


def _deep_checks(
    game: Game[Any],
    state: State[Any],
    continuation: list[Any],
    step: int,
    where: _Where,
    report: KitReport,
    seen: dict[str, Any],
    rng: random.Random,
    knobs: _Knobs,
) -> None:
    players = game.info.seat_count(where.options)
    legal = {str(a) for a in state.legal_actions()}
    candidates = [a for text, a in seen.items() if text not in legal]
    candidates = rng.sample(candidates, min(knobs.illegal_per_position, len(candidates)))
    at = step
    with where.checking("check_actions_apply", at):
        sc.check_actions_apply(state)
    with where.checking("check_notation", at):
        sc.check_notation(game, state)
    with where.checking("check_illegal_refused", at):
        report.illegal_tried += sc.check_illegal_refused(game, state, candidates)
    with where.checking("check_garbage_refused", at):
        sc.check_garbage_refused(game, state)
    with where.checking("check_serialisation", at):
        sc.check_serialisation(game, state, continuation, players=players)
    with where.checking("check_views", at):
        sc.check_views(game, state, players)
    with where.checking("check_no_leak", at):
        report.resamples_differing += sc.check_no_leak(state, players, rng, knobs.resamples)
        report.resamples += players * knobs.resamples
    with where.checking("check_describe", at):
        sc.check_describe(state, players)
    with where.checking("check_returns", at):
        sc.check_returns(state, players)


@dataclass(frozen=True)
class _Knobs:
    deep_fraction: float
    resamples: int
    illegal_per_position: int
    follow: int


class _Where:
    """Where a check ran, to open its failure message with a way to reproduce it."""

    def __init__(self, game: Game[Any], seed: int, options: dict[str, str]) -> None:
        self.game, self.seed, self.options = game, seed, options
        self.history: list[str] = []

    @contextmanager
    def checking(self, name: str, step: Callable[[], int] | int) -> Iterator[None]:
        try:
            yield
        except ConformanceError:
            raise  # already located by an inner check
        except AssertionError as exc:
            raise ConformanceError(self._message(name, step, str(exc))) from None
        except Exception as exc:
            raise ConformanceError(self._message(name, step, f"raised {type(exc).__name__}: {exc}")) from exc

    def _message(self, name: str, step: Callable[[], int] | int, problem: str) -> str:
        n = step() if callable(step) else step
        history = self.history[:n]
        return (
            f"{self.game.info.id} {self.options}: {name} failed "
            f"after {n} actions of the playout with seed {self.seed}:\n"
            f"  {problem}\n"
            f"  actions: {action_list(history)}\n"
            f"  replay: Match.replay(game, {history!r}, options={self.options!r}, seed={self.seed})"
        )

"""Checks of what :func:`~tabletop.testing.check_game` leaves out: the computer players and the interface.

    from tabletop.testing import check_agents, check_steps

    def test_agents_play_legal_moves():
        check_agents(game)

    def test_every_move_can_be_chosen():
        check_steps(game)

Both play seeded games and fail with a :class:`~tabletop.testing.ConformanceError`
whose message names the check, the game's seed and the actions so far, like the
rest of the kit.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.game import Game, State, View
from tabletop.rng import derive_seed, make_rng
from tabletop.testing.kit import ConformanceError
from tabletop.testing.util import action_list, fail

if TYPE_CHECKING:
    from tabletop.ui.base import GameUI


def check_agents(
    game: Game[Any],
    *,
    options: Mapping[str, str] | None = None,
    levels: Sequence[str] | None = None,
    games: int = 2,
    seed: int = 0,
) -> int:
    """Each computer level (all of ``game.agents()``, or ``levels``) plays ``games`` seeded games against
    itself, given only views; every choice must be one of the legal actions. Returns the decisions checked.

    A slow level (a search with a time budget) can be left out through ``levels``.
    """
    factories = game.agents()
    names = list(levels) if levels is not None else list(factories)
    unknown = [name for name in names if name not in factories]
    if unknown:
        raise ConformanceError(
            f"{game.info.id}: check_agents: no level {unknown[0]!r} (levels: {', '.join(factories)})"
        )
    decisions = 0
    for name in names:
        for index in range(games):
            decisions += _agent_game(game, name, options, seed + index)
    return decisions


def _agent_game(game: Game[Any], name: str, options: Mapping[str, str] | None, seed: int) -> int:
    agents = [game.agents()[name]() for _ in range(game.info.seat_count(game.resolve_options(options)))]
    rng = make_rng(derive_seed(seed, f"kit-agent-{name}"))

    def choose(state: State[Any], legal: Sequence[Any]) -> Any:
        player = state.current_player()
        choice = agents[player].choose(state.view(player), list(legal), rng)
        if str(choice) not in {str(a) for a in legal}:
            fail(
                f"level {name!r} chose {str(choice)!r}, which is not legal here (legal: {action_list([str(a) for a in legal])})"
            )
        return choice

    return _play(game, options, seed, f"check_agents ({name})", choose)


def check_steps(
    game: Game[Any],
    *,
    options: Mapping[str, str] | None = None,
    games: int = 3,
    seed: int = 0,
    width: int = 80,
    height: int = 24,
) -> int:
    """At every decision of ``games`` seeded random games, the interface offers each legal action by
    exactly one path of labels, no path is the beginning of another (that action could never be
    picked), greyed-out entries do not hide an available one, and the position, drawn at ``width``
    columns with the game's log so far, leaves room under it for every list of the choice within
    ``height`` lines. Returns the positions checked.
    """
    from tabletop.ui.play import LOG_EVENTS

    ui = game.ui()
    # Beside the game's own entries the first list has the log, and a hint where the game has an analyst.
    table_entries = 1 + (game.analyst(game.resolve_options(options)) is not None)
    move_rng = make_rng(derive_seed(seed, "kit-steps"))
    checked = 0
    for index in range(games):
        logs: list[list[str]] = [[] for _ in range(game.info.seat_count(game.resolve_options(options)))]

        # Each game's callbacks take that game's logs by default argument: bound now, not when called.
        def check(state: State[Any], legal: Sequence[Any], logs: list[list[str]] = logs) -> Any:
            player = state.current_player()
            view = state.view(player)
            steps, unavailable = ui.steps(view, legal), ui.unavailable(view)
            _check_paths(steps, legal, unavailable, _stand_ins(ui, view, legal))
            board = _drawn_lines(ui, view, logs[player][-LOG_EVENTS:], width, height)
            _check_fits(board, steps, unavailable, len(ui.extra_choices(view)) + table_entries, width, height)
            return legal[move_rng.randrange(len(legal))]

        def log(state: State[Any], action: Any, logs: list[list[str]] = logs) -> None:
            for player, lines in enumerate(logs):
                lines.append(state.describe(action, player))

        checked += _play(game, options, seed + index, "check_steps", check, log)
    return checked


def _drawn_lines(ui: GameUI[Any, Any, Any], view: View, log: list[str], width: int, height: int) -> int:
    """How many lines ``ui.render`` takes on a ``width`` x ``height`` terminal."""
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=width, height=height, color_system=None)
    console.print(ui.render(view, log))
    return len(out.getvalue().splitlines())


NOTICE_LINES = 1
"""The line under the board where the table says what it did for the player ("...: the only choice.")."""


def _check_fits(
    board: int,
    steps: Sequence[Any],
    unavailable: Sequence[tuple[tuple[str, ...], str]],
    extras: int,
    width: int,
    height: int,
) -> None:
    """The board and each list of the choice (its question, entries and the way out) fit ``height`` lines."""
    from tabletop.ui.steps import asked_lists

    for prefix, entries in asked_lists(steps, unavailable):
        # Every list has a way out too: the game menu on the first, "Back" on the others.
        count = len(entries) + (extras if not prefix else 0) + 1
        lines = board + NOTICE_LINES + 1 + count  # a notice under the board, the question above the entries
        if lines > height:
            where = " > ".join(prefix) if prefix else "the first list"
            fail(
                f"at {width}x{height} the board ({board} lines) and {where} ({count} entries) "
                f"need {lines} lines, so the top of the board scrolls away: draw less, or split the choice into steps"
            )


def _stand_ins(ui: GameUI[Any, Any, Any], view: View, legal: Sequence[Any]) -> dict[str, str]:
    """The legal actions the interface lists as another (:meth:`~tabletop.interface.GameUI.listed_as`), each
    with the one listed in its place, in notation."""
    alike = ((action, ui.listed_as(view, action)) for action in legal)
    return {str(action): str(instead) for action, instead in alike if instead is not None}


def _check_paths(
    steps: Sequence[Any],
    legal: Sequence[Any],
    unavailable: Sequence[tuple[tuple[str, ...], str]],
    stand_ins: Mapping[str, str] | None = None,
) -> None:
    """Each legal action has one path, but those listed as another (``stand_ins``), which must be listed."""
    stand_ins = stand_ins or {}
    reached = sorted(str(step.action) for step in steps)
    if reached != sorted(str(a) for a in legal if str(a) not in stand_ins):
        missing = sorted({str(a) for a in legal} - set(reached) - set(stand_ins))
        extra = sorted((set(reached) - {str(a) for a in legal}) | (set(reached) & set(stand_ins)))
        repeated = sorted({text for text in reached if reached.count(text) > 1})
        fail(f"steps() must give each legal action once: missing {missing}, not legal {extra}, twice {repeated}")
    for action, instead in stand_ins.items():
        if instead not in reached:
            fail(f"listed_as() lists {action!r} as {instead!r}, which steps() does not give")
    paths = [tuple(step.path) for step in steps]
    for path, step in zip(paths, steps):
        if not path or not all(isinstance(label, str) and label for label in path):
            fail(f"steps() gives {str(step.action)!r} the path {path!r}: it needs one or more non-empty labels")
    if len(set(paths)) != len(paths):
        twice = sorted({p for p in paths if paths.count(p) > 1})
        fail(f"steps() gives two actions the same path {twice[0]!r}: a person could not tell them apart")
    prefixes = {path[:depth] for path in paths for depth in range(1, len(path))}
    for path in paths:
        if path in prefixes:
            fail(f"the path {path!r} is also the start of a longer path, so its action could never be chosen")
    for path, reason in unavailable:
        if tuple(path) in prefixes or tuple(path) in paths:
            fail(f"unavailable() greys out {tuple(path)!r} ({reason}), which leads to a legal action")


def _play(
    game: Game[Any], options: Mapping[str, str] | None, seed: int, check: str, decide: Any, before_apply: Any = None
) -> int:
    """Play one seeded game in which ``decide(state, legal)`` checks each decision and picks its action.

    ``before_apply(state, action)``, if given, sees every action (chance included) before it is applied.

    Chance is resolved as a :class:`~tabletop.loop.Match` resolves it; a failure
    is reported with the check, the seed and the actions that led there.
    Returns the decisions made.
    """
    resolved = game.resolve_options(options)
    state = game.new_initial_state(resolved)
    chance_rng = make_rng(seed)
    history: list[str] = []
    decisions = 0
    while not state.is_terminal():
        if len(history) >= game.info.max_length:
            problem = f"the game did not end within max_length={game.info.max_length} actions"
            raise ConformanceError(_where(game, resolved, seed, check, history, problem))
        if state.is_chance_node():
            action = state.sample_chance(chance_rng)
        else:
            try:
                action = decide(state, state.legal_actions())
            except AssertionError as exc:
                raise ConformanceError(_where(game, resolved, seed, check, history, str(exc))) from None
            except Exception as exc:
                problem = f"raised {type(exc).__name__}: {exc}"
                raise ConformanceError(_where(game, resolved, seed, check, history, problem)) from exc
            decisions += 1
        if before_apply is not None:
            before_apply(state, action)
        state.apply(action)
        history.append(str(action))
    return decisions


def _where(game: Game[Any], options: Mapping[str, str], seed: int, check: str, history: list[str], problem: str) -> str:
    return (
        f"{game.info.id} {dict(options)}: {check} failed after {len(history)} actions of the game with seed {seed}:\n"
        f"  {problem}\n"
        f"  actions: {action_list(history)}\n"
        f"  replay: Match.replay(game, {history!r}, options={dict(options)!r}, seed={seed})"
    )

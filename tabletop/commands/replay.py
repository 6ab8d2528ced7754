"""``tabletop replay ID|FILE``: step through a recorded game, forwards and backwards."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.commands import common
from tabletop.commands.common import (
    EXIT_FAILURE,
    CommandFailure,
    make_console,
    open_store,
    report,
    require_terminal,
)
from tabletop.ui.play import LOG_EVENTS

if TYPE_CHECKING:
    from rich.console import Console

    from tabletop.game import Game, State, View
    from tabletop.registry import Registry
    from tabletop.store.records import GameRecord
    from tabletop.ui.base import GameUI

KEYS = "Enter or -> next, <- back, Home/End start/end, a number to jump, Esc quit"
PLAIN_KEYS = "Enter or n next, b back, s/e start/end, a number to jump, q quit (then Enter)"
"""The keys where the terminal reads whole lines (``TERM=dumb``): letters instead of arrows."""
NO_PUBLIC_VIEW = (
    "it is unfinished, and its game cannot show it without revealing a hand; finish it first (see `tabletop resume`)"
)
ARROWS = {"right": "n", "left": "b", "home": "s", "end": "e", "pagedown": "e", "pageup": "s", "escape": "q"}
"""Keys that step at once, without Enter, and the letter each stands for."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare ``ID|FILE``, ``--print`` and ``--to-end`` on the sub-command's parser."""
    parser.add_argument(
        "source", metavar="ID|FILE", help="a game id from `tabletop history`, or an exported JSON record"
    )
    parser.add_argument(
        "--print",
        dest="print_only",
        action="store_true",
        help="print the final position and the move list, without prompting",
    )
    parser.add_argument("--to-end", action="store_true", help="start at the final position")


@dataclass
class Replay:
    """Every position of a recorded game and the log lines up to each."""

    record: GameRecord
    game: Game[Any]
    states: list[State[Any]]
    """``states[k]`` is the position after ``k`` actions."""
    log: list[str]
    """What the viewing seat read of each action; once the game is over, also what was hidden from it."""
    notations: list[str]
    """Each action's notation, or "-" where it would show the viewer something hidden from them."""
    seat: int | None
    """The seat the replay is shown from; :data:`~tabletop.game.SPECTATOR` for nobody, None for everybody."""
    _ui: GameUI[Any, Any, Any] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def length(self) -> int:
        """The number of actions: positions run from 0 (the start) to ``length`` (the last)."""
        return len(self.states) - 1

    def view_at(self, k: int) -> View:
        """What the replay shows of position ``k``: its seat's view, the public one, or everything."""
        from tabletop.game import view_for

        state = self.states[k]
        if self.seat is None:
            return state.revealed_view()
        try:
            return view_for(state, self.seat)
        except NotImplementedError:
            raise CommandFailure(f"cannot replay {_label(self.record)}: {NO_PUBLIC_VIEW}") from None

    def ui(self) -> GameUI[Any, Any, Any]:
        """The game's interface, made once for the whole replay."""
        if self._ui is None:
            self._ui = self.game.ui()
        return self._ui


def run(args: argparse.Namespace) -> int:
    """Step through a recorded game at the terminal, or print it (``--print``); return the exit status."""
    console = make_console()
    try:
        reg = common.registry()
        replay = build_replay(load_record(args, console, reg), reg)
        if args.print_only:
            print_replay(console, replay)
            return 0
        require_terminal("Stepping through a game")
        browse(console, replay, start=replay.length if args.to_end else 0)
    except CommandFailure as failure:
        return report(failure)
    except EOFError:  # Ctrl-D quits; Ctrl-C is left to the program's own handler (exit 130)
        console.print()
    return 0


def load_record(args: argparse.Namespace, console: Console, reg: Registry) -> GameRecord:
    """The record named on the command line: a file if one exists by that name, else a stored game's id."""
    from tabletop.rebuild import read_record_file, stored_record
    from tabletop.store.db import StoreError, UnknownRecordError
    from tabletop.store.records import RecordError

    source: str = args.source
    path = Path(source)
    if path.exists() or not source.strip().isdigit():
        try:
            return read_record_file(path, reg)
        except RecordError as exc:
            raise CommandFailure(f"cannot replay {source}: {exc}") from None
    try:
        with open_store(args, console, write=False) as store:
            return stored_record(store.get(common.parse_id(source)), reg)
    except UnknownRecordError as exc:
        raise CommandFailure(str(exc)) from None
    except StoreError as exc:
        raise CommandFailure(str(exc), EXIT_FAILURE) from None


def build_replay(record: GameRecord, reg: Registry) -> Replay:
    """Check the record replays, then keep a copy of every position."""
    from tabletop.rebuild import check_record, game_of
    from tabletop.store.records import RecordError

    try:
        game = game_of(record.game_id, reg)
        check_record(record, game)
    except RecordError as exc:
        raise CommandFailure(f"cannot replay {_label(record)}: {exc}") from None
    seat = replay_viewer(record, game)
    state = game.new_initial_state(record.options)
    states = [state.clone()]
    log: list[str] = []
    notations: list[str] = []
    for number, text in enumerate(record.history, 1):
        try:
            action = game.parse_action(state, text)
            # The game's own notation: the record's text, read back, may carry anything else.
            seen, shown = _told(state, action, seat, record.is_finished), str(action)
            if not record.is_finished and seat is not None and _hidden_from(state, action, seat):
                shown = "-"
            state.apply(action)
        except CommandFailure:
            raise
        except Exception as exc:  # the record was checked, so this is a bug in the game: report, do not crash
            raise CommandFailure(
                f"{game.info.name} failed at action {number} ({text!r}): {type(exc).__name__}: {exc}", EXIT_FAILURE
            ) from None
        log.append(seen)
        notations.append(shown)
        states.append(state.clone())
    replay = Replay(record, game, states, log, notations, seat)
    replay.view_at(0)  # a game without a public view is refused here, before anything is drawn
    return replay


def replay_viewer(record: GameRecord, game: Game[Any]) -> int | None:
    """Through whose eyes a replay is shown.

    A one-seat game, or one that hides nothing: the first person's seat,
    finished or not. A game of several seats with hidden cards: nobody's
    (:data:`~tabletop.game.SPECTATOR`, every hand hidden) while it is
    unfinished, so that no one learns a hand of a game still being played;
    everybody's (None: every hand face up, every draw named) once it is over.
    """
    from tabletop.game import SPECTATOR

    if game.info.seat_count(record.options) == 1 or game.info.perfect_information:
        return record.viewer
    return None if record.is_finished else SPECTATOR


def _told(state: State[Any], action: Any, seat: int | None, finished: bool) -> str:
    """An action in words for the replay's log: as ``seat`` knew it, or in full once the game is over."""
    if seat is None:
        return state.describe(action, None)
    if finished and _hidden_from(state, action, seat):
        return state.describe(action, None)
    return state.describe(action, seat)


def _hidden_from(state: State[Any], action: Any, seat: int) -> bool:
    from tabletop.game import seen_as_another

    try:
        return seen_as_another(state, action, seat)
    except NotImplementedError:
        raise CommandFailure(NO_PUBLIC_VIEW) from None


def _label(record: GameRecord) -> str:
    return f"game {record.id}" if record.id is not None else "the record"


def draw(console: Console, replay: Replay, k: int) -> None:
    """Draw position ``k`` with the log up to it."""
    from rich.markup import escape

    state = replay.states[k]
    # The seed fixes every hidden card, so it is told only once the game is over.
    seed = f" - seed {replay.record.seed}" if replay.record.is_finished else ""
    title = f"{replay.game.info.short}{seed} - after action {k} of {replay.length}"
    console.rule(escape(title))
    view = replay.view_at(k)
    try:
        ui = replay.ui()
        console.print(ui.render(view, replay.log[max(0, k - LOG_EVENTS) : k]))  # as in play
        if state.is_terminal():
            console.print(ui.render_result(state))
    except Exception as exc:  # a game's drawing bug must not end the replay with a traceback
        raise CommandFailure(
            f"{replay.game.info.name} could not draw this position: {type(exc).__name__}: {exc}", EXIT_FAILURE
        ) from None


def print_replay(console: Console, replay: Replay) -> None:
    """The final position, then every action in order with its description."""
    from rich.markup import escape
    from rich.table import Table

    from tabletop.text import printable

    draw(console, replay, replay.length)
    console.print(f"[bold]Actions[/] ({replay.length}):")
    # A table keeps a long description wrapping under itself, not under the numbers.
    moves = Table.grid(padding=(0, 1))
    moves.add_column(justify="right", no_wrap=True)
    moves.add_column(no_wrap=True)
    moves.add_column()
    for number, (notation, text) in enumerate(zip(replay.notations, replay.log, strict=True), 1):
        moves.add_row(f"{number}.", escape(notation), escape(text))
    console.print(moves)
    if replay.record.is_finished:
        # The result the actions give, not the words stored beside them.
        console.print(f"Result: {escape(printable(replay.states[-1].outcome_text()))}")
    else:
        console.print("Unfinished game.")


def next_position(answer: str, k: int, length: int) -> int | None:
    """Where an answer takes the replay from position ``k``; None to quit.

    Letters work as well as the arrows: n(ext), b(ack), s(tart), e(nd), q(uit).
    An answer that is none of these raises ValueError.

    >>> next_position("", 0, 5), next_position("b", 0, 5), next_position("e", 1, 5), next_position("3", 0, 5)
    (1, 0, 5, 3)
    >>> next_position("q", 2, 5) is None
    True
    """
    key = answer.strip().lower()
    if key in ("q", "quit"):
        return None
    if key in ("", "n", "next"):
        return min(k + 1, length)
    if key in ("b", "p", "back", "prev"):
        return max(k - 1, 0)
    if key in ("s", "start"):
        return 0
    if key in ("e", "end"):
        return length
    if key.isascii() and key.isdigit():
        # A number past the end goes to the end, however many digits it has (int() refuses thousands).
        return length if len(key.lstrip("0")) > len(str(length)) else min(int(key), length)
    raise ValueError(f"{answer.strip()!r} is not a replay key")


def _keys() -> str:
    from tabletop.ui.plain import is_dumb_terminal

    return PLAIN_KEYS if is_dumb_terminal() else KEYS


def read_command() -> str:
    """One answer at the replay's prompt: an arrow key at once, or a line ended by Enter."""
    from tabletop.ui.plain import is_dumb_terminal

    if is_dumb_terminal():
        return input("> ")
    from tabletop.ui.prompts import line_with_keys

    return line_with_keys("> ", ARROWS)


def browse(console: Console, replay: Replay, start: int = 0) -> None:
    """Step through the positions at the keyboard until q, Esc, Ctrl-C or Ctrl-D."""
    from rich.markup import escape

    from tabletop.ui.terminal import clear_screen

    k = start
    notice = ""
    while True:
        clear_screen(console)  # one position at a time, like the game itself
        draw(console, replay, k)
        if k == replay.length:
            end = "End of the game." if replay.record.is_finished else "End of the record: the game is unfinished."
            console.print(f"[dim]{end}[/]")
        if notice:
            console.print(escape(notice))
        console.print(f"[dim]{_keys()}[/]")
        try:
            target = next_position(read_command(), k, replay.length)
        except ValueError as exc:
            notice = f"{exc}."
            continue
        notice = ""
        if target is None:
            return
        k = target

"""Running one game interactively, from `tabletop play`, the menu, or `tabletop resume`.

Every game is saved after each action, so Ctrl-C or a closed terminal loses
at most the decision being made; the menu's Continue picks it up again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.agents import HUMAN
from tabletop.commands.setup import Setup
from tabletop.game import Game

if TYPE_CHECKING:
    from tabletop.loop import Match
    from tabletop.store import GameRecord, Recorder, Store
    from tabletop.ui.base import Prompter


def load_game(game_id: str) -> Game[Any]:
    """A game by id, or a UsageError naming the installed ones."""
    from tabletop.commands.common import UsageError
    from tabletop.registry import GameLoadError, Registry, UnknownGameError

    try:
        return Registry.discover().get(game_id)
    except (UnknownGameError, GameLoadError) as exc:
        raise UsageError(str(exc)) from None


def interactive_console(what: str) -> Any:
    """A console for an interactive command, or None after saying why there is no terminal."""
    import sys

    from tabletop.ui.terminal import NoTerminalError, make_console, require_terminal

    try:
        require_terminal(what)
    except NoTerminalError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return None
    return make_console()


def run_interactive(setup: Setup, *, data_dir: str | None = None, moves: tuple[str, str] | None = None) -> int:
    """Check for a terminal, then play the game set up; 0 when it ends or the player leaves, 1 when it
    could not start or stopped on an error (a save that failed, a plugin's bug).

    ``moves`` (the text of a moves file and its name) are played first (``tabletop play GAME --moves FILE``).
    """
    from tabletop.commands.common import EXIT_FAILURE, EXIT_USAGE, open_store

    console = interactive_console(f"tabletop play {setup.game.info.id}")
    if console is None:
        return EXIT_USAGE
    from tabletop.ui.plain import make_prompter

    # A game that cannot be saved (busy, read-only, not Tabletop's database) is refused before it starts.
    store = open_store(data_dir, console, write=True)
    played = play_setup(setup, console, make_prompter(), data_dir=data_dir, store=store, moves=moves)
    return 0 if played else EXIT_FAILURE


def play_setup(
    setup: Setup,
    console: Any,
    prompter: Prompter,
    *,
    data_dir: str | None = None,
    store: Store | None = None,
    moves: tuple[str, str] | None = None,
) -> bool:
    """Play a new game from ``setup`` to its end or until the player leaves.

    False if it could not start or stopped on an error (said to the player).
    """
    if _hot_seat_refused(setup.seats.count(HUMAN), console, prompter):
        return False
    try:
        match = setup.make_match()
    except Exception as exc:  # a plugin's bug in setting up its game ends the game, not the program
        _report_crash(exc, setup.game.info.name, console, prompter)
        return False
    from rich.markup import escape

    from tabletop.store import StoreError, start_recording

    store = _writable_store(store, data_dir, console, prompter, "This game cannot start")
    if store is None:
        return False
    try:
        recorder = start_recording(store, match, setup.seats, setup.seat_names(), setup.takebacks)
    except StoreError as exc:  # the database failed between opening and the first write: a game unsaved is refused
        console.print(f"[bold]This game cannot start:[/bold] {escape(_shown(exc))}")
        prompter.pause("Press any key to go on")
        return False
    if moves is not None:
        _play_moves_first(match, moves, console, prompter)
    return play_match(match, setup.seat_names(), console, prompter, recorder, takebacks=setup.takebacks)


def _play_moves_first(match: Match[Any], moves: tuple[str, str], console: Any, prompter: Prompter) -> None:
    """Play a moves file's moves into the new game (each saved as it is made); at the first refused, show the
    position and the reason, and leave the game to the player from there."""
    from rich.markup import escape

    from tabletop.commands.moves import MoveRefused, move_words, play_moves, reads_as_move, refusal_words, show_position

    text, source = moves
    try:
        play_moves(match, move_words(text, reads_as_move(match)))
    except MoveRefused as refused:
        show_position(console, match)
        console.print(f"[bold]The moves stop here.[/bold] {escape(refusal_words(refused, source))}")
        prompter.pause("Press any key to play on from here")


def _writable_store(
    store: Store | None, data_dir: str | None, console: Any, prompter: Prompter, refusal: str
) -> Store | None:
    """The store ready for writing (opened now if not given), or None after telling the player why not."""
    from rich.markup import escape

    from tabletop.commands.common import CommandFailure, open_store, upgrade_saved_options
    from tabletop.store import StoreError

    try:
        if store is None:
            return open_store(data_dir, console, write=True)
        notice = store.ensure_writable()
    except (CommandFailure, StoreError) as exc:
        console.print(f"[bold]{refusal}:[/bold] {escape(_shown(exc))}")
        prompter.pause("Press any key to go on")
        return None
    if notice:
        console.print(f"[bold]Note:[/bold] {escape(notice)}")
    upgrade_saved_options(store)
    return store


def continue_record(record: GameRecord, console: Any, prompter: Prompter, store: Store) -> bool:
    """Rebuild a saved game and play on from where it stopped; False if it could not, or stopped on an error."""
    from rich.markup import escape

    if _hot_seat_refused(record.seats.count(HUMAN), console, prompter):
        return False
    from tabletop.rebuild import load_match
    from tabletop.registry import Registry
    from tabletop.store import RecordError, StoreError, attach

    try:
        match = load_match(record, Registry.discover())
    except RecordError as exc:
        console.print(f"[bold]This game cannot be continued:[/bold] {escape(_shown(exc))}")
        prompter.pause("Press any key to go on")
        return False
    assert record.id is not None, "a record from the database has an id"
    if _writable_store(store, None, console, prompter, "This game cannot be continued") is None:
        return False
    try:
        recorder = attach(store, record.id, match)
    except StoreError as exc:  # the database cannot be written, or was moved aside since it was opened
        console.print(f"[bold]This game cannot be continued:[/bold] {escape(_shown(exc))}")
        prompter.pause("Press any key to go on")
        return False
    return play_match(match, record.names, console, prompter, recorder, takebacks=record.takebacks_allowed)


def play_match(
    match: Match[Any],
    names: Sequence[str],
    console: Any,
    prompter: Prompter,
    recorder: Recorder | None,
    *,
    takebacks: bool = True,
    undo: bool = True,
    status: Callable[[], str] | None = None,
) -> bool:
    """Play ``match`` at the terminal, seats named ``names``, saving through ``recorder`` (None: not saved);
    ``takebacks``: whether a take-back over what a player saw may be made (:mod:`tabletop.ui.takeback`);
    ``undo``: whether a decision may be undone at all (not across the network); ``status``: a line to say under
    the board at each decision.

    Leaving, a save that fails and a plugin's error each end the game with a word to the player (what of
    it is saved, read back from the database), never the program; True unless it stopped on an error.
    Ctrl-C, Ctrl-D and a leaving signal leave the program: the exception goes on, with a note of what is
    saved for the goodbye (:func:`leaving_words`).
    """
    from rich.markup import escape

    from tabletop.store import StoreError
    from tabletop.store.db import StoreMovedError
    from tabletop.ui.play import LeaveGame, Table, play

    if recorder is not None:
        match.on_undo = recorder.save
    on_hint = recorder.note_hint if recorder is not None else None
    on_takeback = recorder.note_takeback if recorder is not None else None
    try:
        best = _best_before(match, recorder)
        ui = match.game.ui()
        table = Table(match, ui, console, prompter, list(names), saved=recorder is not None, best_before=best)
        table.on_hint, table.takebacks, table.on_takeback, table.undo = on_hint, takebacks, on_takeback, undo
        table.on_analysis = recorder.keep_analysis if recorder is not None else None
        table.status = status
        play(table)
    except LeaveGame:
        console.print(f"Left the game. {_left_saved(recorder)}")
        return True
    except (KeyboardInterrupt, EOFError) as exc:  # Ctrl-C, Ctrl-D, a leaving signal: the program leaves
        exc.add_note(_kept_sentence(recorder, "continue it from the menu, or run `{command}`."))
        raise
    except StoreError as exc:  # a save failed (its message says what is kept), or the file was moved aside
        moved = isinstance(exc, StoreMovedError)  # what is kept is in the moved file, not where resume looks
        stopped = "This game has stopped:" if moved else "This game has stopped."  # a save's message is sentences
        console.print(f"[bold]{stopped}[/bold] {escape(_shown(exc))}")
        _pause(
            prompter, "" if moved else _kept_sentence(recorder, "run `{command}` to play on once that is put right.")
        )
        return False
    except Exception as exc:  # a plugin's bug ends the game, not the program
        saved = _kept_sentence(recorder, "continue it from the menu once the game is fixed.") if recorder else ""
        _report_crash(exc, match.game.info.name, console, prompter, escape(saved))
        return False
    if recorder is not None and recorder.error:
        console.print(f"[bold]This game could not be saved:[/bold] {escape(recorder.error)}")
    if not _offer_review(match, recorder, console, prompter):
        prompter.pause("Press any key to go on")
    return True


def _best_before(match: Match[Any], recorder: Recorder | None) -> float | None:
    """The person's best score at this match's game in the games finished before it, or None (none kept, or
    the database cannot say: the end of the game then shows the score alone)."""
    from functools import partial

    from tabletop.commands.common import record_variant
    from tabletop.store import StoreError
    from tabletop.store.stats import best_score

    info = match.game.info
    if recorder is None or info.score_direction == "none":
        return None
    try:
        finished = recorder.store.finished_games()
    except StoreError:
        return None
    lower, variant = info.score_direction == "lower", match.game.stats_variant(match.options)
    return best_score(finished, info.id, lower, partial(record_variant, match.game), variant)


def _shown(exc: Exception) -> str:
    """An error's message as shown on screen: printable, and bounded (a record or a plugin may make it huge)."""
    from tabletop.text import bounded, printable

    return bounded(printable(str(exc)))


def _kept_sentence(recorder: Recorder | None, then: str) -> str:
    """What the database holds of the game (read back), then ``then`` (``{command}`` is the resume command)."""
    from tabletop.store.recorder import resume_command

    if recorder is None:
        return "This game was not being saved."
    kept = recorder.kept()
    return f"{kept[:1].upper()}{kept[1:]}: {then.format(command=resume_command(recorder.store, recorder.row_id))}"


def _pause(prompter: Prompter, kept: str) -> None:
    """Wait for a key; leaving the program there says ``kept`` in the goodbye."""
    try:
        prompter.pause("Press any key to go on")
    except (KeyboardInterrupt, EOFError) as exc:
        if kept:
            exc.add_note(kept)
        raise


def _offer_review(match: Match[Any], recorder: Recorder | None, console: Any, prompter: Prompter) -> bool:
    """After a saved game with an analyst ends: ask whether to review it, and do; False if not offered."""
    from tabletop.commands.review import can_review, show_review
    from tabletop.store import StoreError

    if recorder is None or recorder.error or not match.is_over() or match.game.analyst(match.options) is None:
        return False
    try:
        record = recorder.store.get(recorder.row_id)
        kept = recorder.store.analyses(recorder.row_id)
    except StoreError:
        return False
    if not can_review(record, match.game):
        return False
    if prompter.confirm("Review your decisions (graded by the analyst)?", default=False):
        show_review(console, prompter, record, match.game, kept=kept)
    return True


def _hot_seat_refused(people: int, console: Any, prompter: Prompter) -> bool:
    """Refuse two people at a terminal that cannot wipe one player's hand before the other looks."""
    from rich.markup import escape

    from tabletop.ui.plain import hot_seat_refusal

    refusal = hot_seat_refusal() if people > 1 else None
    if refusal is None:
        return False
    console.print(escape(refusal))
    prompter.pause("Press any key to go on")
    return True


def _left_saved(recorder: Recorder | None) -> str:
    """What leaving keeps: all of the game, all but the moves since saving failed, or nothing."""
    from rich.markup import escape

    if recorder is None:
        return "It was not saved."
    if recorder.error:
        return (
            f"Its last moves could not be saved ({escape(recorder.error)}); Continue it from the menu to save the rest."
        )
    return escape(_kept_sentence(recorder, "choose Continue in the menu, or run `{command}`."))


def _report_crash(exc: Exception, game_name: str, console: Any, prompter: Prompter, more: str = "") -> None:
    """Say that the game failed and where the details went, then wait for a key."""
    from rich.markup import escape

    from tabletop.crash import crash_message

    console.print(escape(crash_message(exc, game_name)))
    if more:
        console.print(more)
    prompter.pause("Press any key to go on")

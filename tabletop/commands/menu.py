"""``tabletop`` (no arguments): the menu. Choose a game, set it up, play, come back."""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.markup import escape

from tabletop import __version__
from tabletop.commands.network import NETWORK_TITLE, network_menu
from tabletop.commands.setup import Setup
from tabletop.commands.setup_screen import BACK_KEY, SetupScreen
from tabletop.game import Game
from tabletop.ui.base import Choice, Prompter

if TYPE_CHECKING:
    from rich.console import Console

    from tabletop.store.rows import DamagedGame

QUIT = "quit"
QUIT_KEY = "q"
"""Quit, in the main menu."""
MAX_CONTINUE = 3
"""Up to this many unfinished games have a Continue entry each, which plays on at once; more share one entry
that lists them all, to continue or abandon one."""
CONTINUE_KEYS = ("c", "d", "e")
"""The keys of the Continue entries, the latest game's first: letters, so that each game keeps its number in
the main menu whether or not games wait to be continued."""
MAX_HISTORY = 15
ABANDON = "Abandon (delete this unfinished game)"
"""The entry that deletes an unfinished game, after asking: in the list of every unfinished game, and in History."""
UNEXPORTABLE = "unfinished: it would show the hands in play"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The menu takes no arguments of its own (``--data-dir`` belongs to the program)."""
    pass


def run(args: argparse.Namespace) -> int:
    """Open the menu at the terminal until Quit; return the exit status (2 without a terminal)."""
    from tabletop.commands.common import EXIT_USAGE
    from tabletop.commands.session import interactive_console

    console = interactive_console("The tabletop menu")
    if console is None:
        return EXIT_USAGE
    from tabletop.ui.plain import make_prompter

    Menu(console, make_prompter(), data_dir=args.data_dir).loop()
    return 0


class Menu:
    """The main menu: the installed games, Continue for unfinished ones, history and replays,
    statistics, Quit. It owns the registry, the store (None when it cannot be opened) and each game's
    last setup of the session."""

    def __init__(self, console: Any, prompter: Prompter, *, data_dir: str | None = None) -> None:
        from tabletop.registry import Registry

        self.console = console
        self.prompter = prompter
        self.data_dir = data_dir
        self.registry = Registry.discover()
        self.games = self.registry.load_all()
        self.store, self.store_notice = _open_store(data_dir)
        self._setups: dict[str, Setup] = {}
        """The last setup of each game this session, so that coming back keeps the player's choices."""
        self._said: str | None = None
        """A line for the next screen drawn (e.g. that a game was deleted), shown once."""

    def loop(self) -> None:
        """Show the menu and carry out each choice (set up and play, continue, replay, statistics) until Quit."""
        choice = None  # coming back, the cursor is on the entry last chosen
        while True:
            self._draw_title()
            choice = self.prompter.select("What would you like to play?", self._main_choices(), default=choice)
            if choice == QUIT:
                # Esc picks Quit too: a stray Esc then Enter must not end the session.
                if not self.prompter.confirm("Quit Tabletop?", default=False):
                    continue
                self.console.print("Goodbye.")
                return
            kind, value = choice
            if kind == "game":
                setup = self.setup_screen(value)
                if setup is not None:
                    from tabletop.commands.session import play_setup

                    play_setup(setup, self.console, self.prompter, data_dir=self.data_dir, store=self.store)
            elif kind == "continue" and self.store is not None:
                self._continue(value)  # at once: Abandon is in the list of every unfinished game, and in History
                choice = self._where_continued(value)
            elif kind == "unfinished" and self.store is not None:
                choice = self._unfinished_list(choice)
            elif kind == "stats":
                self._show_stats()
            elif kind == "history":
                self._history()
            elif kind == "network":
                network_menu(self.console, self.prompter, self.games, self.data_dir)

    def _draw_title(self) -> None:
        from tabletop.ui.terminal import clear_screen, size_warning

        clear_screen(self.console)
        self.console.print(f"[bold]Tabletop[/bold] {__version__}: games for the terminal\n")
        warning = size_warning(self.console)
        if warning:
            self.console.print(warning + "\n")
        for problem in self.registry.problems:
            self.console.print(f"[bold]Skipped a game:[/bold] {escape(problem.message)}\n")
        if self.store_notice:
            self.console.print(f"[bold]Note:[/bold] {escape(self.store_notice)}\n")
        self._say()

    def _say(self) -> None:
        if self._said:
            self.console.print(escape(self._said) + "\n")
            self._said = None

    def _main_choices(self) -> list[Choice]:
        choices = [Choice(_game_line(g, _room(self.console)), ("game", g)) for g in self.games]
        if not choices:
            choices.append(Choice("No games are installed", None, "see `tabletop list`"))
        choices[:0] = self._continue_choices()
        if any(game.info.players > 1 for game in self.games):
            choices.append(Choice(NETWORK_TITLE, ("network", None)))
        if self.store is not None:
            choices.append(Choice("History and replays", ("history", None)))
            choices.append(Choice("Statistics", ("stats", None)))
        choices.append(Choice("Quit", QUIT, back=True, key=QUIT_KEY))
        return choices

    def _unfinished(self) -> list[Any]:
        assert self.store is not None
        return sorted(self.store.unfinished(), key=lambda r: r.id or 0, reverse=True)

    def _continue_choices(self) -> list[Choice]:
        """A Continue entry for each unfinished game, or when there are more than :data:`MAX_CONTINUE`,
        one entry that lists them all."""
        if self.store is None:
            return []
        unfinished = self._unfinished()
        if len(unfinished) > MAX_CONTINUE:
            entries = [Choice(f"Continue a game ({len(unfinished)} unfinished)", ("unfinished", None))]
        else:
            entries = [self._unfinished_entry(r, ("continue", r)) for r in unfinished]
        return [replace(entry, key=key) for entry, key in zip(entries, CONTINUE_KEYS, strict=False)]

    def _unfinished_entry(self, record: Any, value: Any, *, listed: bool = False) -> Choice:
        """The entry of an unfinished game: "Continue ..." in the main menu, numbered as in the history when
        ``listed`` with the others."""
        from tabletop.ui.tables import game_line, local_time

        names = {g.info.id: g.info.short for g in self.games}
        line, started = game_line(record, names), local_time(record.started)
        return _entry(
            f"#{record.id} {line}, started {started}" if listed else f"Continue {line} ({started})",
            value,
            self._why_unplayable(record.game_id, names),
            _room(self.console),
        )

    def _unfinished_list(self, entry: Any) -> Any:
        """Every unfinished game, to continue or abandon one, until Back; return the main menu's entry for
        the cursor afterwards."""
        from tabletop.ui.terminal import clear_screen

        record = None
        while True:
            unfinished = self._unfinished()
            if not unfinished:
                return None
            clear_screen(self.console)
            self._say()
            choices = [self._unfinished_entry(r, r, listed=True) for r in unfinished]
            choices.append(Choice("Back", None, back=True, key=BACK_KEY))
            record = self.prompter.select("Continue which game?", choices, default=record)
            if record is None:
                return entry
            done = self._saved_game(record)
            if done == "continued":
                return self._where_continued(record)
            if done == "abandoned":
                record = None

    def _saved_game(self, record: Any) -> str:
        """Continue or abandon ``record``, or go back: "continued", "abandoned" or "back"."""
        from tabletop.ui.tables import game_line, local_time
        from tabletop.ui.terminal import clear_screen

        names = {g.info.id: g.info.short for g in self.games}
        clear_screen(self.console)
        self.console.print(
            f"[bold]Game {record.id}:[/bold] {escape(game_line(record, names))}, "
            f"started {local_time(record.started)}, unfinished\n"
        )
        choices = [
            Choice("Continue", "continue"),
            Choice(ABANDON, "abandon"),
            Choice("Back", "back", back=True, key=BACK_KEY),
        ]
        answer = self.prompter.select("What would you like to do with it?", choices)
        if answer == "continue":
            self._continue(record)
            return "continued"
        if answer == "abandon" and self._abandon(record):
            return "abandoned"
        return "back"

    def _continue(self, record: Any) -> None:
        """Play on the unfinished game ``record`` from where it stopped."""
        from tabletop.commands.continuing import continue_game

        assert self.store is not None
        continue_game(record, self.console, self.prompter, self.store)

    def _abandon(self, record: Any) -> bool:
        """Delete an unfinished game once the player says yes; False if they say no or it cannot be done."""
        question = f"Abandon game {record.id}? It will be deleted and cannot be continued."
        return self._delete(record.id, question, "This game cannot be abandoned")

    def _delete(self, row_id: int, question: str, refused: str) -> bool:
        """Delete game ``row_id`` once the player answers yes to ``question``; False if they say no or it
        cannot be done (``refused`` then heads the reason)."""
        from tabletop.commands.session import _writable_store
        from tabletop.store import StoreError

        if _writable_store(self.store, None, self.console, self.prompter, refused) is None:
            return False
        if not self.prompter.confirm(question, default=False):
            return False
        assert self.store is not None
        try:
            self.store.delete(row_id)
        except StoreError as exc:
            self.console.print(f"[bold]{refused}:[/bold] {escape(str(exc))}")
            self.prompter.pause("Press any key to go on")
            return False
        self._said = f"Game {row_id} deleted."
        return True

    def _history(self) -> None:
        """Pick recorded games and step through them (or continue or abandon an unfinished one), until Back."""
        from tabletop.commands.common import CommandFailure
        from tabletop.commands.replay import browse, build_replay
        from tabletop.rebuild import stored_record
        from tabletop.store.rows import DamagedGame
        from tabletop.ui.terminal import clear_screen

        assert self.store is not None
        record = None
        while True:
            clear_screen(self.console)
            self._say()  # a game just deleted
            record = self.prompter.select("Replay which game?", self._history_choices(), default=record)
            if record is None:
                return
            if isinstance(record, DamagedGame):
                record = None if self._damaged_chosen(record) else record
                continue
            try:
                answer = self._review_chosen(record)
                if answer == "abandoned":
                    record = None
                elif answer == "continued":  # its entry has changed: the cursor goes to the new one
                    record = next((r for r in self.store.listing(MAX_HISTORY) if r.id == record.id), None)
                elif answer == "replay":
                    browse(self.console, build_replay(stored_record(record, self.registry), self.registry))
            except CommandFailure as exc:
                self.console.print(escape(str(exc)))
                self.prompter.pause("Press any key to go back")

    def _damaged_chosen(self, game: DamagedGame) -> bool:
        """Say what is wrong with a damaged game and offer to forget it; True once it is deleted."""
        from tabletop.ui.terminal import clear_screen

        clear_screen(self.console)
        self.console.print(
            f"[bold]Game {game.id} is damaged in the database:[/bold] {escape(game.problem)}\n"
            "It cannot be replayed, reviewed or continued. Every other game is as it was.\n"
        )
        choices = [
            Choice("Delete it", "delete"),
            Choice("Back", "back", back=True, key=BACK_KEY),
        ]
        if self.prompter.select(f"Game {game.id}:", choices) != "delete":
            return False
        return self._delete(game.id, f"Delete game {game.id}? It cannot be undone.", "This game cannot be deleted")

    def _review_chosen(self, record: Any) -> str:
        """Ask what to do with a recorded game: continue or abandon it (an unfinished game), replay it, review
        it (a finished game with an analyst), export it (greyed out while unfinished), or go back.
        "replay" to replay it, "continued" once played on, "abandoned" once deleted, else "done"."""
        from tabletop.commands.review import can_review, reviewable, show_review

        game = next((g for g in self.games if g.info.id == record.game_id), None)
        unfinished = not record.is_finished
        choices = []
        if unfinished:
            names = {g.info.id: g.info.short for g in self.games}
            choices.append(Choice("Continue it", "continue", self._why_unplayable(record.game_id, names)))
        choices.append(Choice("Replay it", "replay"))
        if game is not None and can_review(record, game):
            choices.append(Choice("Review my decisions (graded by the analyst)", "review"))
        if unfinished:
            choices.append(Choice(ABANDON, "abandon"))
        # As `tabletop export` does, an unfinished game is refused: its record would show the hands in play.
        choices.append(Choice("Export it to a file (JSON)", "export", UNEXPORTABLE if unfinished else None))
        choices.append(Choice("Back", "back", back=True, key=BACK_KEY))
        answer = self.prompter.select(f"Game {record.id}:", choices)
        if answer == "replay":
            return "replay"
        if answer == "continue":
            self._continue(record)
            return "continued"
        if answer == "abandon" and self._abandon(record):
            return "abandoned"
        if answer == "review":
            assert game is not None
            show_review(self.console, self.prompter, record, reviewable(record, self.registry))
        elif answer == "export":
            self._export(record)
        return "done"

    def _export(self, record: Any) -> None:
        """Write a finished game's record where the player says (the command line's default name, in the
        current folder, to start from); a file already there is replaced only after asking."""
        from pathlib import Path

        from tabletop.commands.common import CommandFailure
        from tabletop.commands.export import default_name, record_text, write_new

        def valid(text: str) -> bool | str:
            return True if text.strip() else "Type a file name (Esc keeps the one shown)."

        answer = self.prompter.text(
            "Write the record to:", default=default_name(record.game_id, record.id), validate=valid
        )
        target = Path(answer.strip()).expanduser()
        force = target.exists() and not target.is_dir()
        if force and not self.prompter.confirm(f"{target} already exists. Replace it?", default=False):
            return
        try:
            write_new(target, record_text(record, self.registry), force=force)
        except CommandFailure as exc:
            self.console.print(f"[bold]Not written:[/bold] {escape(str(exc))}")
        else:
            self.console.print(f"Game {record.id} written to {escape(str(target))}")
        self.prompter.pause("Press any key to go back")

    def _where_continued(self, record: Any) -> Any:
        """The entry for the cursor after a continued game: its Continue entry if it is still unfinished,
        else its game's entry (the record itself has changed, so the old entry matches nothing)."""
        for entry in self._continue_choices():
            kind, value = entry.value
            if kind == "unfinished" and any(r.id == record.id for r in self._unfinished()):
                return entry.value
            if kind == "continue" and value.id == record.id:
                return entry.value
        return next((("game", g) for g in self.games if g.info.id == record.game_id), None)

    def _why_unplayable(self, game_id: str, names: dict[str, str]) -> str | None:
        """None for a game that loaded; else why its saved games cannot be opened."""
        if game_id in names:
            return None
        broken = any(problem.id == game_id for problem in self.registry.problems)
        return "fails to load" if broken else "not installed"

    def _history_choices(self) -> list[Choice]:
        from tabletop.commands.common import variant_namer
        from tabletop.store.records import GameRecord
        from tabletop.store.stats import best_games
        from tabletop.ui.tables import BEST_MARK, brief_result, game_line, hints_text, local_time

        assert self.store is not None
        names = {g.info.id: g.info.short for g in self.games}
        seats = {g.info.id: g.info.seat_names for g in self.games}
        lower = {g.info.id for g in self.games if g.info.score_direction == "lower"}
        best = best_games(self.store.finished_games(), lower.__contains__, variant_namer(self.registry))
        choices = [
            _entry(
                f"#{r.id} {game_line(r, names)}, {local_time(r.started)}: {brief_result(r, seats.get(r.game_id, ()))}"
                + hints_text(r)
                + (BEST_MARK if r.id in best else ""),
                r,
                self._why_unplayable(r.game_id, names),
                _room(self.console),
            )
            if isinstance(r, GameRecord)
            else _entry(
                f"#{r.id} {names.get(r.game_id, r.game_id)}: damaged ({r.problem})", r, None, _room(self.console)
            )
            for r in self.store.listing(MAX_HISTORY)
        ]
        if not choices:
            choices.append(Choice("No games yet", None, "play one first"))
        choices.append(Choice("Back", None, back=True, key=BACK_KEY))
        return choices

    def _show_stats(self) -> None:
        from tabletop.ui.tables import stats_table
        from tabletop.ui.terminal import clear_screen

        assert self.store is not None
        clear_screen(self.console)
        from tabletop.commands.common import lower_is_better, stats_sections, variant_namer

        rows = self.store.stats(variant_namer(self.registry), lower_is_better(self.registry))
        if rows:
            self.console.print(stats_table(rows, {g.info.id: g.info.short for g in self.games}))
            for name, lines in stats_sections(self.store, self.registry, [r.game_id for r in rows]):
                self.console.print(f"\n[bold]{name}[/bold]")
                for line in lines:
                    self.console.print(line, markup=False)
        else:
            self.console.print("No finished games yet.")
        self.prompter.pause("Press any key to go back")

    def setup_screen(self, game: Game[Any]) -> Setup | None:
        """Let the player adjust opponent, options and seed (:class:`SetupScreen`); None to go back."""
        return SetupScreen(self.console, self.prompter, self.store, self._setups).show(game)


def _open_store(data_dir: str | None) -> tuple[Any, str | None]:
    from tabletop.commands.common import CommandFailure, open_store

    try:  # opened for reading: starting or continuing a game opens it for writing, or says why not
        store = open_store(data_dir, write=False, show_notice=False)
    except CommandFailure as exc:
        return None, f"games will not be saved: {exc}"
    return store, store.notice


def _room(console: Console) -> int:
    """Characters an entry's title has on one line of a list on ``console`` (a key of two digits before it)."""
    from tabletop.ui.entries import LIST_INDENT, SCROLL_BAR

    return max(console.width - LIST_INDENT - SCROLL_BAR - len("10) "), MIN_ROOM)


MIN_ROOM = 30
"""The fewest characters an entry's title is given, however narrow the terminal: it wraps below that."""


def _entry(title: str, value: Any, reason: str | None, room: int) -> Choice:
    """A saved game in a list, on one line of ``room`` characters; greyed out with ``reason`` when its game
    cannot be played."""
    return Choice(_one_line(title, room - (len(reason) + 3 if reason else 0)), value, reason)


def _one_line(text: str, width: int = 76) -> str:
    """The first line of ``text``, cut at a word to fit a list entry at 80 columns."""
    import textwrap

    return textwrap.shorten(text.strip().split("\n")[0], width, placeholder=" …")


def _game_line(game: Game[Any], width: int = 76) -> str:
    """ "Name: summary" on one line; a summary too long ends at a clause if one ends in the second half.

    >>> from tabletop.game import GameInfo
    >>> class Muses:
    ...     info = GameInfo("muses", "Muses", "Solitaire with nine muse cards, two dice and three hints: claim muses whose top condition the dice meet", 1, 10)
    >>> _game_line(Muses())
    'Muses: Solitaire with nine muse cards, two dice and three hints'
    >>> class FiveDice:
    ...     info = GameInfo("fivedice", "Five Dice", "The classic category dice game: five dice, up to three rolls a turn, thirteen boxes to fill", 1, 10)
    >>> _game_line(FiveDice())
    'Five Dice: The classic category dice game'
    """
    import re

    line = f"{game.info.name}: {game.info.summary}".strip().split("\n")[0]
    ends = [m for m in re.finditer(r"[:;,.](?= )", line[: width + 1]) if m.start() >= width // 2]
    if len(line) <= width or not ends:
        return _one_line(line, width)
    # A whole clause reads better than a list cut after its first item: a colon or a stop before a comma.
    strong = [m for m in ends if m.group() != ","]
    return line[: (strong or ends)[-1].start()]

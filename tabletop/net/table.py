"""The table of a seat played across the network: the game's own board and move lists, drawn from the seat's
view alone, with a line saying whose turn it is and who is connected.

It asks for a move as the local table does (:func:`tabletop.ui.steps.choose_step`, the same keys), sends it,
and waits for the host's answer: the next position, or the move refused and why. While another player moves, the
board stays up with a spinner saying whom the game waits for. The Coach (``?``, ``!``) reads the seat's view
only, as at home; the game menu offers the rules and leaving (the seat waits: ``tabletop join`` takes it again).
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.interface import Interrupted
from tabletop.net.client import LOST
from tabletop.net.join import JoinFailed, next_message
from tabletop.net.seen import HostDataError, Seen
from tabletop.ui.base import Choice, Chosen
from tabletop.ui.coach import COACH_MOVE, COACH_MOVE_TITLE, show_hint
from tabletop.ui.play import COACH_TITLE, LEAVE_KEY, LOG_EVENTS, LOG_TITLE, show_interlude, show_rules, show_whole_log
from tabletop.ui.screen import draw_board, draw_for_list
from tabletop.ui.steps import (
    BACK_KEY,
    COACH,
    COACH_KEY,
    COACH_MOVE_KEY,
    GAME_MENU,
    LOG_KEY,
    SHOW_LOG,
    Extra,
    choose_step,
)
from tabletop.ui.terminal import discard_typeahead

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from tabletop.analysis import Analysis, Analyst
    from tabletop.interface import GameUI
    from tabletop.net.client import Connection
    from tabletop.ui.base import Prompter

POLL_SECONDS = 0.2
JOINED_MENU_TITLE = "Game menu (rules, leave)"
"""The game menu's entry at a seat played across the network, where nothing is taken back."""


class LeftJoinedGame(Exception):
    """The player left the table; the host keeps their seat for them."""


@dataclass
class JoinedTable:
    """A seat's table across the network."""

    connection: Connection
    seen: Seen
    console: Console
    prompter: Prompter
    notice: str | None = None
    analyses: dict[int, Analysis[Any]] = field(default_factory=dict)
    """The Coach's analyses given here, by the count of actions they were given at (kept with this side's
    record of the game, as a local game keeps them: its review grades those decisions by them)."""
    interludes: set[tuple[int, Any]] = field(default_factory=set)
    """The interludes shown here (:meth:`~tabletop.interface.GameUI.interlude`, the end of a hand), with the seat."""
    _ui: GameUI[Any, Any, Any] | None = None
    _analyst: list[Analyst[Any, Any] | None] | None = None
    _coached: tuple[int, Analysis[Any]] | None = None
    _gone: threading.Event = field(default_factory=threading.Event)
    """Set from the connection's thread once the host has gone."""

    @property
    def ui(self) -> GameUI[Any, Any, Any]:
        """The game's interface (made once)."""
        if self._ui is None:
            self._ui = self.seen.game.ui()
        return self._ui

    def play(self) -> dict[str, Any]:
        """Play until the game ends; the finished game's record (JSON data).

        Should the host go while the person decides, the question ends at once and the game with it
        (:class:`JoinFailed` says so), rather than after a move that would go nowhere.
        """

        def host_gone() -> None:
            self._gone.set()
            self.prompter.interrupt()

        self.connection.on_lost = host_gone
        try:
            return self._play()
        finally:
            self.connection.on_lost = None

    def _play(self) -> dict[str, Any]:
        waiting_for_answer = False
        while True:
            message = self._wait() if not waiting_for_answer else next_message(self.connection)
            kind = message["type"]
            if kind == "end":
                self._show_end()
                return dict(message["record"])
            if kind == "presence":
                self.seen.present(message)
                continue
            if kind == "refused":
                self.notice = f"Refused: {message['reason']}"
            elif kind == "update":
                self._take(message)
            waiting_for_answer = False
            if self.seen.legal:
                try:
                    action = self._ask()
                except Interrupted:  # the host has gone: its last messages are read, up to the word of it
                    waiting_for_answer = True
                    continue
                self.connection.send({"type": "move", "move": str(action), "at": self.seen.at})
                waiting_for_answer = True

    def _take(self, message: dict[str, Any]) -> None:
        try:
            self.seen.update(message)
        except HostDataError as exc:
            raise JoinFailed(f"The game cannot go on here: {exc}.") from None

    def _wait(self) -> dict[str, Any]:
        """The host's next message, the board drawn meanwhile with a spinner saying whom the game waits for."""
        message = self.connection.next(0)
        if message is not None and message["type"] not in (LOST, "error"):
            return message
        if message is not None:
            self.connection.requeue(message)
        if self.seen.view is None:
            return next_message(self.connection)
        self._draw(status=False)
        with self.console.status(self.seen.status(), spinner="dots") as spinner:
            while True:
                message = self.connection.next(POLL_SECONDS)
                if message is None:
                    continue
                if message["type"] == "presence":
                    self.seen.present(message)
                    spinner.update(self.seen.status())
                    continue
                self.connection.requeue(message)
                discard_typeahead()  # keys pressed while the other player moved are not a move
                return next_message(self.connection)

    def _board(self) -> RenderableType:
        return self.ui.render(self.seen.view, self.seen.log(LOG_EVENTS))

    def _draw(self, overflow: int = 0, notice: str | None = None, *, status: bool = True) -> int:
        """The board, the notice and (unless a spinner says it) whose turn it is and who is connected."""
        parts = (notice or self.notice, self.seen.status() if status else None)
        said = " ".join(part for part in parts if part)
        return draw_board(self.console, self._board(), said, overflow, scrollback=True)

    def _ask(self) -> Any:
        """The seat's move, asked as the local table asks it (:class:`Interrupted` once the host has gone)."""
        seen, ui = self.seen, self.ui
        view, legal = seen.view, seen.legal
        self._interlude(view)
        steps = ui.steps(view, legal)
        if len(steps) == 1 and ui.plays_lone_action(view, steps[0].action):
            self.notice = f"{' > '.join(steps[0].path)}: the only choice."
            return steps[0].action
        while True:
            if self._gone.is_set():  # gone while no question was being asked (the Coach thinking, say)
                raise Interrupted()
            notice, self.notice = self.notice, None
            chosen = choose_step(
                self.prompter,
                steps,
                ui.unavailable(view),
                ui.extra_choices(view),
                redraw=lambda question, entries, notice=notice: draw_for_list(  # type: ignore[misc]
                    self.console, self.prompter, lambda overflow: self._draw(overflow, notice), question, entries
                ),
                order=ui.label_order(view),
                table_entries=self._table_entries(),
                keys=ui.label_keys(view),
                menu_title=JOINED_MENU_TITLE,
            )
            if chosen is GAME_MENU:
                self._menu()
            elif chosen is SHOW_LOG:
                show_whole_log(self.console, ui, seen.game, seen.events, seen.seat)
            elif chosen is COACH:
                self.notice = self._coach()
            elif chosen is COACH_MOVE:
                found = self._coach_move()
                if found is not None:
                    return found
            elif isinstance(chosen, Extra):
                outcome = ui.handle_extra(chosen.value, self.console, self.prompter, view)
                if isinstance(outcome, Chosen) and outcome.action in legal:
                    return outcome.action
                if outcome is None:
                    self.prompter.pause()
            else:
                question = ui.confirmation(view, chosen)
                if question is None or self.prompter.confirm(question, default=False):
                    return chosen
            self.notice = self.notice or notice

    def _interlude(self, view: Any) -> None:
        """The game's interlude before this decision (the end of a hand), shown once, passed with a key."""
        if show_interlude(self.ui, view, self.interludes, self.console, self.prompter, scrollback=True):
            self.notice = None  # said of the part now over

    def _table_entries(self) -> list[Choice]:
        entries = []
        if self._analyst_here() is not None:
            entries.append(Choice(COACH_TITLE, COACH, key=COACH_KEY))
            entries.append(Choice(COACH_MOVE_TITLE, COACH_MOVE, key=COACH_MOVE_KEY, hidden=True))
        entries.append(Choice(LOG_TITLE, SHOW_LOG, key=LOG_KEY))
        return entries

    def _menu(self) -> None:
        choices = [
            Choice("Back to the game", "back", back=True, key=BACK_KEY),
            Choice("Read the rules", "rules"),
            Choice("Leave (your seat waits for you: join again with the same code)", "leave", key=LEAVE_KEY),
        ]
        answer = self.prompter.select("Game menu:", choices)
        if answer == "rules":
            show_rules(self.console, self.seen.game)
        elif answer == "leave" and self.prompter.confirm("Leave the game? Your seat waits for you.", default=False):
            raise LeftJoinedGame()

    def _analyst_here(self) -> Analyst[Any, Any] | None:
        if self._analyst is None:
            self._analyst = [self.seen.game.analyst(self.seen.options)]
        return self._analyst[0]

    def _analysis(self) -> Analysis[Any] | str:
        """The analyst's figures for the seat's position, from its view only; or why there are none."""
        from tabletop.analysis import HINT_SECONDS, AnalysisUnavailable

        if self._coached is not None and self._coached[0] == self.seen.at:
            return self._coached[1]
        analyst = self._analyst_here()
        assert analyst is not None, "the Coach is offered only with an analyst"
        with self.console.status(analyst.status() or "Thinking about your position...", spinner="dots"):
            try:
                analysis = analyst.analyse(self.seen.view, self.seen.legal, seconds=HINT_SECONDS, rng=random.Random())
            except AnalysisUnavailable as exc:
                return f"Coach: {exc.summary}"
        self._coached = (self.seen.at, analysis)
        self.analyses[self.seen.at] = analysis
        return analysis

    def _coach(self) -> str | None:
        analysis = self._analysis()
        if isinstance(analysis, str):
            return analysis
        analyst, view = self._analyst_here(), self.seen.view
        assert view is not None, "the Coach is asked at a decision, after a position came"
        points = analyst is not None and analyst.points
        return show_hint(self.console, self.prompter, self.ui, view, self.seen.legal, analysis, points=points)

    def _coach_move(self) -> Any:
        analysis = self._analysis()
        if isinstance(analysis, str):
            self.notice = analysis
            return None
        best = analysis.rated[0].action
        return best if best in self.seen.legal else None

    def _show_end(self) -> None:
        """The last position, its log and the game's end, as the seat saw them."""
        if self.seen.view is not None:
            draw_board(self.console, self._board(), "The game is over.", scrollback=True)


def play_joined(
    connection: Connection, seen: Seen, console: Console, prompter: Prompter
) -> tuple[dict[str, Any], dict[int, Analysis[Any]]]:
    """Play the seat at this terminal until the game ends; the finished game's record (JSON data), and the
    Coach's analyses given here."""
    table = JoinedTable(connection, seen, console, prompter)
    record = table.play()
    return record, table.analyses

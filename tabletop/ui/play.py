"""Playing a match in the terminal: draw, ask, apply, until the game ends.

The loop is the same for every game: the game's :class:`GameUI` draws its
view and names the steps to each legal action; this module asks for them one
step at a time, runs computer moves behind a spinner, hides hands between
hot-seat turns, and offers the in-game menu (rules, undo, redo, leave).

Every entry has a key that takes it at once (a game's fixed letter for a kind
of action, ``1``-``9`` for the others, ``?`` for the coach, ``!`` to play the
coach's first move, ``l`` for the log, ``m`` for the game menu, Esc for the way
back: :mod:`tabletop.ui.steps`); a lone action that does not end the game is
taken for the player and said so.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.game import Game, score_of, state_after
from tabletop.loop import Event, Match
from tabletop.loop import turn_start as turn_start  # kept here for its callers
from tabletop.ui.base import Choice, Chosen, GameUI, Log, Prompter, Step
from tabletop.ui.coach import COACH_MOVE, COACH_MOVE_TITLE, coach_move, give_hint, hint_offered
from tabletop.ui.coach import action_words as action_words  # kept here for the review, which words actions so
from tabletop.ui.replay_words import replay_arguments as replay_arguments  # kept here for its callers
from tabletop.ui.replay_words import replay_line
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
from tabletop.ui.steps import LEAVE_KEY as LEAVE_KEY  # the game menu's keys, kept here for its callers
from tabletop.ui.steps import REDO_KEY as REDO_KEY
from tabletop.ui.steps import UNDO_KEY as UNDO_KEY
from tabletop.ui.takeback import (
    REDO,
    UNDO,
    hidden_entries,
    menu_entries,
    redo,
    take_back,
    undo_offer,
)
from tabletop.ui.takeback import why_no_undo as why_no_undo
from tabletop.ui.terminal import clear_screen, discard_typeahead

if TYPE_CHECKING:
    from rich.console import Console

    from tabletop.analysis import Analysis, Analyst
    from tabletop.game import View

LOG_EVENTS = 50
"""How many of the latest events a game's ``render`` receives: each interface shows as many as it has
room for, and a computer's whole turn fits."""


TURN_PASSED = object()
"""What :func:`_ask_action` returns where no action of the player's is to be made: a decision made again (redo)
passed the turn to another seat."""
LOG_TITLE = "Log: the whole game so far"
COACH_TITLE = "Coach: the best moves and what each is worth"


@dataclass
class LeaveGame(Exception):
    """The player chose to leave; the game stays saved."""


@dataclass
class Table:
    """What the loop needs beyond the match: where to draw, whom to ask, who sits where."""

    match: Match[Any]
    ui: GameUI[Any, Any, Any]
    console: Console
    prompter: Prompter
    names: Sequence[str]
    saved: bool = True
    """Whether the game is being saved (so that leaving keeps it)."""
    on_hint: Callable[[], object] | None = None
    """Called each time the player is given a hint (the record then says a hint was used)."""
    on_analysis: Callable[[int, str], object] | None = None
    """Called with the ply and the JSON of each analysis the Coach gives (kept with the game for its review)."""
    takebacks: bool = True
    """Whether a take-back over what the player has seen may be made (:mod:`tabletop.ui.takeback`)."""
    on_takeback: Callable[[], object] | None = None
    """Called each time a take-back is made (the record then counts it)."""
    undo: bool = True
    """Whether a decision may be undone at all: not across the network, where the other side saw each move."""
    status: Callable[[], str] | None = None
    """A line said under the board at each decision (whether the players across the network are connected)."""
    best_before: float | None = None
    """The person's best score at this game before this one (by its score direction), None if none is kept."""
    notice: str | None = None
    """What to say under the board at the next question (a step taken for the player, say)."""
    coached: tuple[tuple[str, ...], Analysis[Any]] | None = None
    """The Coach's latest analysis and the history it was made at: ``!`` plays its first move there."""
    interludes: set[tuple[int, Any]] = field(default_factory=set)
    """The interludes shown (:meth:`~tabletop.interface.GameUI.interlude`), each with the seat it was shown to."""
    _analyst: list[Analyst[Any, Any] | None] = field(default_factory=list)

    def analyst(self) -> Analyst[Any, Any] | None:
        """The game's analyst for this match (asked for once), or None."""
        if not self._analyst:
            self._analyst.append(self.match.game.analyst(self.match.options))
        return self._analyst[0]

    @property
    def hot_seat(self) -> bool:
        """Whether several people share the keyboard, so that hands are hidden between their turns."""
        return sum(agent is None for agent in self.match.agents) > 1

    def log(self, viewer: int) -> Log:
        """The latest log lines as ``viewer`` may read them, with what is new to them since their last decision."""
        return Log.latest(self.match.events, viewer, LOG_EVENTS, before=self.match.view_at_turn_start(viewer))


def play(table: Table) -> None:
    """Play ``table.match`` to its end, or until the player leaves (:class:`LeaveGame`)."""
    match = table.match
    last_human: int | None = None
    if not match.is_over() and hint_offered(table):
        analyst = table.analyst()
        assert analyst is not None
        analyst.begin()  # a slow preparation starts now, not at the first hint
    while True:
        _run_computer_moves(table)
        if match.is_over():
            break
        player = match.human_to_act()
        assert player is not None
        if table.hot_seat and player != last_human:
            if last_human is not None:
                _end_of_turn(table, last_human)
            table.notice = None  # said to the person before, in their words: the next starts afresh
            _pass_the_device(table, player)
        last_human = player
        _interlude(table, player)
        action = _ask_action(table, player)
        if action is not TURN_PASSED:
            match.apply(action)
    _show_result(table, last_human)


def _run_computer_moves(table: Table) -> None:
    match = table.match
    while not match.is_over():
        player = match.state.current_player()
        if player >= 0 and match.agents[player] is None:
            return
        if player >= 0:
            agent = match.agents[player]
            waiting = getattr(agent, "waiting_words", None)  # a person playing from elsewhere, not a computer
            here = [seat for seat, a in enumerate(match.agents) if a is None]
            if callable(waiting) and len(here) == 1:  # the board stays in sight while the other person thinks
                _draw(table, here[0], table.notice)
            words = waiting() if callable(waiting) else f"{table.names[player]} is thinking..."
            with table.console.status(words, spinner="dots") as spinner:
                if callable(waiting):
                    agent.on_wait = spinner.update  # type: ignore[union-attr]
                match.step()
            if callable(waiting):
                discard_typeahead()
        else:
            match.step()


def _interlude(table: Table, player: int) -> None:
    """The game's interlude for ``player`` (the end of a hand), shown once, passed with a key."""
    view = table.match.state.view(player)
    if show_interlude(table.ui, view, table.interludes, table.console, table.prompter, scrollback=table.hot_seat):
        table.notice = None  # what was said of the part now over (a step taken for the player) is behind it


def show_interlude(
    ui: GameUI[Any, Any, Any],
    view: View,
    shown: set[tuple[int, Any]],
    console: Console,
    prompter: Prompter,
    *,
    scrollback: bool,
) -> bool:
    """Show the game's interlude before ``view.player``'s decision (:meth:`GameUI.interlude`), unless ``shown``
    (the interludes shown at this table, each with its seat) has it; pass it with a key. Whether it was shown:
    at a local table and at a seat across the network alike."""
    found = ui.interlude(view)
    if found is None or (view.player, found[0]) in shown:
        return False
    shown.add((view.player, found[0]))
    clear_screen(console, scrollback=scrollback)
    console.print(found[1])
    prompter.pause()
    return True


def _end_of_turn(table: Table, player: int) -> None:
    """Show a player the position their turn left (the cards they drew, say), and what is still to be said to
    them, before the keyboard passes."""
    _draw(table, player, table.notice)
    table.prompter.pause(f"{table.names[player]}, your turn is over: press any key, then pass the keyboard")


def _pass_the_device(table: Table, player: int) -> None:
    clear_screen(table.console, scrollback=True)
    name = table.names[player]
    table.console.print(f"\n[bold]Pass the keyboard to {name}.[/bold]\n")
    table.console.print("The other player should look away: the next screen shows a hand.\n")
    table.prompter.pause(f"{name}, press any key when you are ready")


def _draw(table: Table, player: int, notice: str | None = None, overflow: int = 0) -> int:
    """Draw the board as ``player`` sees it, and the notice under it (:func:`tabletop.ui.screen.draw_board`)."""
    board = table.ui.render(table.match.state.view(player), table.log(player))
    return draw_board(table.console, board, notice, overflow, scrollback=table.hot_seat)


def _draw_for_list(table: Table, player: int, notice: str | None, question: str, entries: list[Choice]) -> list[Choice]:
    """Draw the board with room for the list about to be asked under it (:func:`tabletop.ui.screen.draw_for_list`)."""
    return draw_for_list(
        table.console, table.prompter, lambda overflow: _draw(table, player, notice, overflow), question, entries
    )


def _ask_action(table: Table, player: int) -> Any:
    """The action ``player`` chooses; or :data:`TURN_PASSED` where a decision made again (redo) passed the turn on,
    whatever was said then kept for the next question."""
    match = table.match
    notice, table.notice = table.notice, None
    while True:
        if match.human_to_act() != player:  # the others' actions are never offered to this player
            table.notice = notice
            return TURN_PASSED
        view = match.state.view(player)
        legal = match.state.legal_actions()
        steps = table.ui.steps(view, legal)
        lone = _lone_action(table, view, steps)
        if lone is not None:
            _tell(table, [" > ".join(lone.path)], notice)
            return lone.action
        # Kept under the board while this decision is being made, with the table's own line (who is connected).
        shown = " ".join(part for part in (notice, table.status() if table.status else None) if part) or None
        taken: list[str] = []
        chosen = choose_step(
            table.prompter,
            steps,
            table.ui.unavailable(view),
            table.ui.extra_choices(view),
            redraw=lambda question, entries, shown=shown: _draw_for_list(  # type: ignore[misc]
                table, player, shown, question, entries
            ),
            order=table.ui.label_order(view),
            table_entries=_table_entries(table),
            taken=taken,
            keys=table.ui.label_keys(view),
        )
        if chosen is GAME_MENU:
            notice = _game_menu(table, player)
            continue
        if chosen is UNDO:
            notice = take_back(table, player)
            continue
        if chosen is REDO:
            notice = redo(table, player)
            continue
        if chosen is SHOW_LOG:
            show_log(table, player)
            continue
        if chosen is COACH:
            notice = give_hint(table, player)
            continue
        if chosen is COACH_MOVE:
            found = coach_move(table, player)
            if isinstance(found, str):  # the Coach names no move: why, under the board
                notice = found
                continue
            action, said = found
            if not _confirmed(table, view, action):
                continue
            table.notice = said  # what was played, under the board at the next question
            return action
        if isinstance(chosen, Extra):
            outcome = table.ui.handle_extra(chosen.value, table.console, table.prompter, view)
            if isinstance(outcome, Chosen) and outcome.action in legal:
                return outcome.action
            if outcome is None:
                table.prompter.pause()
            continue
        if not _confirmed(table, view, chosen):
            continue
        if taken:
            _tell(table, taken)
        return chosen


def _confirmed(table: Table, view: View, action: Any) -> bool:
    """Whether ``action`` may be made: it asks no question first (:meth:`GameUI.confirmation`), or the player said yes."""
    question = table.ui.confirmation(view, action)
    return question is None or table.prompter.confirm(question, default=False)


def _tell(table: Table, taken: Sequence[str], earlier: str | None = None) -> None:
    """Say at the next question which steps were taken for the player (after anything still to be said)."""
    said = "; ".join(taken) + (": the only choice." if len(taken) == 1 else ": the only choices.")
    table.notice = said_after(table.notice or earlier, said)


def said_after(before: str | None, said: str) -> str:
    """``said`` after what was still to be said; the same words again are counted, not repeated (a turn that
    ends by itself twice running).

    >>> said_after("Rolled 5 6.", "End the turn: the only choice.")
    'Rolled 5 6. End the turn: the only choice.'
    >>> once = "End the turn: the only choice."
    >>> said_after(said_after(once, once), once)
    'End the turn: the only choice (3 times).'
    >>> said_after("Lay a meld > End the turn: the only choice.", once)  # another step, ending alike
    'Lay a meld > End the turn: the only choice. End the turn: the only choice.'
    """
    if not before:
        return said
    words = said.removesuffix(".")
    again = re.search(rf"(?:^|(?<=\. )){re.escape(words)}(?: \((\d+) times\))?\.$", before)  # a whole notice
    if again is None:
        return f"{before} {said}"
    times = int(again.group(1) or 1) + 1
    return f"{before[: again.start()]}{words} ({times} times)."


def _lone_action(table: Table, view: View, steps: Sequence[Step[Any]]) -> Step[Any] | None:
    """The one legal action, when there is one, it does not end the game (the player sees that coming) and
    the game lets the table make it (:meth:`GameUI.plays_lone_action`)."""
    if len(steps) != 1 or not table.ui.plays_lone_action(view, steps[0].action):
        return None
    if state_after(table.match.state, steps[0].action).is_terminal():
        return None
    return steps[0]


def _table_entries(table: Table) -> list[Choice]:
    """The coach and its move (where the game has an analyst and one person plays), the log, beside the actions."""
    entries = []
    if hint_offered(table):
        entries.append(Choice(COACH_TITLE, COACH, key=COACH_KEY))
        # A key, not a line: the Coach's screen names it, and a line would push a full board's top off 80x24.
        entries.append(Choice(COACH_MOVE_TITLE, COACH_MOVE, key=COACH_MOVE_KEY, hidden=True))
    entries.append(Choice(LOG_TITLE, SHOW_LOG, key=LOG_KEY))
    return entries + hidden_entries()


def _game_menu(table: Table, player: int) -> str | None:
    match = table.match
    offer = undo_offer(table, player)  # what Undo and Redo offer is worked out once, as the menu opens
    choices = [
        Choice("Back to the game", "back", back=True, key=BACK_KEY),
        Choice("Read the rules", "rules"),
        *menu_entries(table, player, offer),
        Choice(
            "Leave (the game is saved; Continue it from the menu)"
            if table.saved
            else "Leave (this game is not being saved)",
            "leave",
            key=LEAVE_KEY,
        ),
    ]
    answer = table.prompter.select("Game menu:", choices)
    if answer == "rules":
        show_rules(table.console, match.game)
    elif answer is UNDO and offer.to is not None:
        return take_back(table, player, offer)
    elif answer is REDO:
        return redo(table, player)
    elif answer == "leave" and table.prompter.confirm(_leave_question(table.saved), default=False):
        raise LeaveGame()
    return None


def _leave_question(saved: bool) -> str:
    """What leaving asks first: Undo may be greyed out and skipped, so a Leave one key too far is easy."""
    if saved:
        return "Leave the game? It is saved: Continue it from the menu."
    return "Leave the game? It is not being saved and will be lost."


def show_rules(console: Console, game: Game[Any]) -> None:
    """The game's rules in Markdown: through a pager at a terminal, else printed."""
    from rich.markdown import Markdown

    paged(console, Markdown(game.rules_text()), "Rules (arrows or space to read, q to go back)")


def paged(console: Console, renderable: Any, title: str) -> None:
    """Show ``renderable`` through a pager at a terminal (its prompt line reads ``title``), else print it."""
    clear_screen(console)
    if not console.is_terminal or console.is_dumb_terminal:
        console.print(renderable)
        return
    # -R lets less pass the text styles through; the prompt tells a newcomer how to get back,
    # and "(END)" marks the end. A LESS of the player's own is left alone.
    own = os.environ.get("LESS")
    if own is None:
        os.environ["LESS"] = f"-R -Ps?e(END) .{title}$"  # a title holds none of less's prompt signs (?:.%)
    try:
        with console.pager(styles=True):
            console.print(renderable)
    finally:
        if own is None:
            os.environ.pop("LESS", None)


def show_log(table: Table, player: int) -> None:
    """The whole game's log so far, as ``player`` may know it (:func:`show_whole_log`)."""
    show_whole_log(table.console, table.ui, table.match.game, table.match.events, player)


def show_whole_log(
    console: Console, ui: GameUI[Any, Any, Any], game: Game[Any], events: Sequence[Event], player: int
) -> None:
    """The whole game's log so far, as ``player`` may know it, numbered and scrollable.

    An entry longer than a line goes on under its own first word, not under its number.
    """
    from rich.console import Group
    from rich.table import Table as Grid
    from rich.text import Text

    lines = ui.whole_log(Log.of(events, player))
    body = Grid.grid(padding=(0, 1))
    body.add_column(justify="right", no_wrap=True)
    body.add_column()
    for number, line in enumerate(lines, 1):
        body.add_row(f"{number}.", Text(line))
    hidden = " (what was hidden from you stays hidden)" if not game.info.perfect_information else ""
    title = Text(f"{game.info.name}: the game so far{hidden}", style="bold")
    paged(
        console,
        Group(title, body if lines else Text("Nothing has happened yet.")),
        "Log (arrows or space to scroll, q to go back)",
    )


def _show_result(table: Table, viewer: int | None) -> None:
    match = table.match
    clear_screen(table.console, scrollback=table.hot_seat)
    seat = viewer if viewer is not None else 0
    # As during play, the board keeps in view every action since the player's last decision.
    table.console.print(table.ui.render(match.state.view(seat), table.log(seat)))
    table.console.print(table.ui.render_result(match.state))
    best = best_score_words(match, table.best_before)
    if best:
        table.console.print(best, markup=False)
    table.console.print(replay_line(match), markup=False)


def best_score_words(match: Match[Any], before: float | None) -> str:
    """The finished game's score beside the person's best before it, the way the game counts (the lowest is
    the best where lower is better), or "" for a game that keeps no score."""
    score = score_of(match.state)
    direction = match.game.info.score_direction
    if score is None or direction == "none":
        return ""
    lower = direction == "lower"
    counts = "the lowest is best" if lower else "the highest is best"
    unit = f" {match.game.info.score_unit}" if match.game.info.score_unit else ""
    if before is None:  # the first of the way of playing it is counted under, where there are several
        variant = match.game.stats_variant(match.options)
        name = f"{match.game.info.name}, {variant}" if variant else match.game.info.name
        return f"Score {score:g}{unit}: your first at {name} ({counts})."
    if (score < before) if lower else (score > before):
        return f"Score {score:g}{unit}: a new best, better than {before:g} ({counts})."
    return f"Score {score:g}{unit}; your best is {before:g} ({counts})."

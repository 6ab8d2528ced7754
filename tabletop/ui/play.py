"""Playing a match in the terminal: draw, ask, apply, until the game ends.

The loop is the same for every game: the game's :class:`GameUI` draws its
view and names the steps to each legal action; this module asks for them one
step at a time, runs computer moves behind a spinner, hides hands between
hot-seat turns, and offers the in-game menu (rules, undo, leave).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.game import CHANCE, Game
from tabletop.loop import Event, Match
from tabletop.ui.base import Choice, GameUI, Prompter, Step
from tabletop.ui.terminal import clear_screen

if TYPE_CHECKING:
    from rich.console import Console

LOG_EVENTS = 50
"""How many of the latest events a game's ``render`` receives: each interface shows as many as it has
room for, and a computer's whole turn fits."""


class _Back:
    """The "back" entry of a step."""


class _GameMenu:
    """The entry that opens the in-game menu."""


BACK = _Back()
GAME_MENU = _GameMenu()


@dataclass
class LeaveGame(Exception):
    """The player chose to leave; the game stays saved."""


@dataclass
class Table:
    """What the loop needs beyond the match: where to draw, whom to ask, who sits where."""

    match: Match[Any]
    ui: GameUI[Any]
    console: Console
    prompter: Prompter
    names: Sequence[str]
    saved: bool = True
    """Whether the game is being saved (so that leaving keeps it)."""

    @property
    def hot_seat(self) -> bool:
        """Whether several people share the keyboard, so that hands are hidden between their turns."""
        return sum(agent is None for agent in self.match.agents) > 1


def play(table: Table) -> None:
    """Play ``table.match`` to its end, or until the player leaves (:class:`LeaveGame`)."""
    match = table.match
    last_human: int | None = None
    while True:
        _run_computer_moves(table)
        if match.is_over():
            break
        player = match.human_to_act()
        assert player is not None
        if table.hot_seat and player != last_human:
            if last_human is not None:
                _end_of_turn(table, last_human)
            _pass_the_device(table, player)
        last_human = player
        action = _ask_action(table, player)
        match.apply(action)
    _show_result(table, last_human)


def _run_computer_moves(table: Table) -> None:
    match = table.match
    while not match.is_over():
        player = match.state.current_player()
        if player >= 0 and match.agents[player] is None:
            return
        if player >= 0:
            with table.console.status(f"{table.names[player]} is thinking...", spinner="dots"):
                match.step()
        else:
            match.step()


def _end_of_turn(table: Table, player: int) -> None:
    """Show a player the position their turn left (the cards they drew, say) before the keyboard passes."""
    _draw(table, player)
    table.prompter.pause(f"{table.names[player]}, your turn is over: press any key, then pass the keyboard")


def _pass_the_device(table: Table, player: int) -> None:
    clear_screen(table.console, scrollback=True)
    name = table.names[player]
    table.console.print(f"\n[bold]Pass the keyboard to {name}.[/bold]\n")
    table.console.print("The other player should look away: the next screen shows a hand.\n")
    table.prompter.pause(f"{name}, press any key when you are ready")


def log_for(events: Sequence[Event], viewer: int) -> list[str]:
    """The latest log lines as ``viewer`` may read them, oldest first."""
    return [e.text_for(viewer) for e in events[-LOG_EVENTS:]]


def _draw(table: Table, player: int, notice: str | None = None) -> None:
    from tabletop.ui.terminal import size_warning

    match = table.match
    clear_screen(table.console, scrollback=table.hot_seat)
    warning = size_warning(table.console, brief=True)
    if warning:
        table.console.print(f"[bold]{warning}[/bold]")
    table.console.print(table.ui.render(match.state.view(player), log_for(match.events, player)))
    if notice:
        table.console.print(notice)


def _ask_action(table: Table, player: int) -> Any:
    match = table.match
    notice: str | None = None
    while True:
        _draw(table, player, notice)
        notice = None
        view = match.state.view(player)
        steps = table.ui.steps(view, match.state.legal_actions())
        chosen = choose_step(
            table.prompter,
            steps,
            table.ui.unavailable(view),
            table.ui.extra_choices(view),
            redraw=lambda: _draw(table, player),
        )
        if chosen is GAME_MENU:
            notice = _game_menu(table, player)
            continue
        if isinstance(chosen, _Extra):
            table.ui.handle_extra(chosen.value, table.console, table.prompter, view)
            table.prompter.pause()
            continue
        return chosen


@dataclass(frozen=True)
class _Extra:
    value: Any


def choose_step(
    prompter: Prompter,
    steps: Sequence[Step[Any]],
    unavailable: Sequence[tuple[tuple[str, ...], str]] = (),
    extras: Sequence[Choice] = (),
    *,
    with_menu: bool = True,
    redraw: Callable[[], None] | None = None,
) -> Any:
    """Ask for an action one label at a time; return the action, :data:`GAME_MENU` or an extra.

    At each level only labels that lead to a legal action are offered, plus
    greyed-out entries with the reason they cannot be used, and a way back.
    ``redraw`` is called before every question but the first, so answered
    steps do not pile up and push the board off the screen.
    """
    prefix: tuple[str, ...] = ()
    came_back_from: str | None = None  # after "<- Back" the cursor returns to the step left
    asked = False
    while True:
        depth = len(prefix)
        matching = [s for s in steps if s.path[:depth] == prefix]
        leaves = [s for s in matching if len(s.path) == depth]
        if leaves and len(matching) == 1:
            return leaves[0].action
        choices = _level_choices(matching, depth)
        choices += [
            Choice(p[depth], None, reason) for p, reason in unavailable if len(p) == depth + 1 and p[:depth] == prefix
        ]
        if depth == 0:
            choices += [Choice(c.title, _Extra(c.value), c.disabled) for c in extras]
            if with_menu:
                choices.append(Choice("Game menu (rules, undo, leave)", GAME_MENU))
        else:
            choices.append(Choice("<- Back", BACK, back=True))
        message = "Your move:" if depth == 0 else " > ".join(prefix) + ":"
        if asked and redraw is not None:
            redraw()
        asked = True
        answer = prompter.select(message, choices, default=came_back_from)
        came_back_from = None
        if answer is BACK:
            came_back_from = prefix[-1]
            prefix = prefix[:-1]
        elif isinstance(answer, (_Extra, _GameMenu)):
            return answer
        else:
            prefix = prefix + (answer,)


def _level_choices(matching: Sequence[Step[Any]], depth: int) -> list[Choice]:
    seen: dict[str, None] = {}
    for s in matching:
        if len(s.path) > depth:
            seen.setdefault(s.path[depth], None)
    return [Choice(label, label) for label in seen]


def why_no_undo(match: Match[Any], player: int) -> str:
    """Why ``player`` has nothing to take back, in a few words for a greyed-out menu entry."""
    if match.is_over():
        return "the game is over"
    mine = [i for i, event in enumerate(match.events) if event.actor == player]
    if not mine:
        return "you have made no decision yet"
    since = {event.actor for event in match.events[mine[-1] + 1 :]}
    if since - {CHANCE, player}:
        return "the other player has moved since"
    return "a draw or roll came after your last decision"


def _game_menu(table: Table, player: int) -> str | None:
    match = table.match
    undo_to = match.undo_point(player)
    choices = [
        Choice("Back to the game", "back", back=True),
        Choice("Read the rules", "rules"),
        Choice(
            "Undo my last decision",
            "undo",
            None if undo_to is not None else why_no_undo(match, player),
        ),
        Choice(
            "Leave (the game is saved; Continue it from the menu)"
            if table.saved
            else "Leave (this game is not being saved)",
            "leave",
        ),
    ]
    answer = table.prompter.select("Game menu:", choices)
    if answer == "rules":
        show_rules(table.console, table.ui.game)
    elif answer == "undo" and undo_to is not None:
        match.undo(undo_to)
        return "Undone."
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

    clear_screen(console)
    if console.is_terminal and not console.is_dumb_terminal:
        # -R lets less pass the text styles through; the prompt tells a newcomer how to get back, and "(END)" marks the end.
        os.environ.setdefault("LESS", "-R -Ps?e(END) .Rules (arrows or space to read, q to go back)$")
        with console.pager(styles=True):
            console.print(Markdown(game.rules_text()))
    else:
        console.print(Markdown(game.rules_text()))


def _show_result(table: Table, viewer: int | None) -> None:
    match = table.match
    clear_screen(table.console, scrollback=table.hot_seat)
    seat = viewer if viewer is not None else 0
    table.console.print(table.ui.render(match.state.view(seat), log_for(match.events, seat)))
    table.console.print(table.ui.render_result(match.state))
    table.console.print(f"Seed {match.seed}: replay this game with --seed {match.seed}.")

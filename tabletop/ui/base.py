"""What a game's terminal interface provides, and the prompter it is given.

A game draws its view with :meth:`GameUI.render` and says how a person picks an
action in a few steps with :meth:`GameUI.steps`: each legal action gets a path
of labels (``("Play a Banner", "Flame 3", "under Flame")``) and the framework
asks one step at a time, offering only what leads to a legal action, with a way
back at each step. Choices that cannot be used are listed greyed out with the
reason (:meth:`GameUI.unavailable`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from tabletop.game import Game, State, View


@dataclass(frozen=True)
class Choice:
    """One entry of a menu: a title, its value, and why it is disabled (if it is).

    ``back`` marks the entry that leaves the menu: Esc picks it too.
    """

    title: str
    value: Any
    disabled: str | None = None
    back: bool = False


@dataclass(frozen=True)
class Step:
    """A legal action and the labels a person picks, in order, to reach it."""

    action: Any
    path: tuple[str, ...]


class Prompter:
    """Asks a person. The real one uses questionary; tests may substitute another.

    Ctrl-C raises KeyboardInterrupt and Ctrl-D raises EOFError from every method.
    """

    def select(self, message: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        raise NotImplementedError

    def text(self, message: str, *, default: str = "", validate: Any = None) -> str:
        raise NotImplementedError

    def confirm(self, message: str, *, default: bool = True) -> bool:
        raise NotImplementedError

    def pause(self, message: str = "Press any key to go on") -> None:
        raise NotImplementedError


class GameUI:
    """A game's terminal interface. Override what the defaults do not do well."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def render(self, console: Console, view: View, log: Sequence[str]) -> None:
        """Draw the position as ``view.player`` sees it, with the latest log lines.

        ``log`` holds up to :data:`tabletop.ui.play.LOG_EVENTS` lines, oldest first;
        show the last few that fit.
        """
        from rich.pretty import Pretty

        console.print(Pretty(view.to_json()))
        for line in log[-5:]:
            console.print(f"  {line}")

    def steps(self, view: View, legal: Sequence[Any]) -> list[Step]:
        """How each legal action is reached; the default is one step, its description."""
        return [Step(a, (str(a),)) for a in legal]

    def unavailable(self, view: View) -> list[tuple[tuple[str, ...], str]]:
        """Choices to show greyed out: a path prefix and the reason it cannot be used."""
        return []

    def extra_choices(self, view: View) -> list[Choice]:
        """Entries added to the first step beside the actions (e.g. an advisor)."""
        return []

    def handle_extra(self, value: Any, console: Console, prompter: Prompter, state_view: View) -> None:
        """Act on an entry from :meth:`extra_choices`."""

    def render_result(self, console: Console, state: State[Any]) -> None:
        """Draw the end of a finished game: scores, tie-breaks, the winner.

        It is called just after :meth:`render` has drawn the final position, so the
        player looking is that view's ``player``: keep it there to say "you win"
        (Muster does). The state is the full one: nothing is hidden at the end.
        """
        console.print(state.outcome_text())

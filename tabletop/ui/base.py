"""What a game's terminal interface provides, and the prompter it is given.

A game draws its view with :meth:`GameUI.render`, which returns a rich
renderable (a :class:`rich.console.Group` of lines and tables, say) that the
framework prints, and says how a person picks an action in a few steps with
:meth:`GameUI.steps`: each legal action gets a path of labels
(``("Play a Banner", "Flame 3", "under Flame")``) and the framework asks one step
at a time, offering only what leads to a legal action, with a way back at each
step. Choices that cannot be used are listed greyed out with the reason
(:meth:`GameUI.unavailable`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

from tabletop.game import A

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult

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
class Step(Generic[A]):
    """A legal action and the labels a person picks, in order, to reach it.

    >>> Step("deal 7", ("Deal", "7")).path
    ('Deal', '7')
    """

    action: A
    path: tuple[str, ...]


class Fitted:
    """A renderable drawn when it is printed, to fit the console it is printed on.

    ``draw(console, options)`` makes the real renderable: a board that shows
    fewer log lines on a short terminal, or wraps text to ``options.max_width``,
    reads them there, since :meth:`GameUI.render` itself is given no console.

    >>> from rich.console import Console
    >>> from rich.text import Text
    >>> console = Console(width=30, color_system=None)
    >>> console.print(Fitted(lambda console, options: Text(f"{options.max_width} columns")))
    30 columns
    """

    def __init__(self, draw: Callable[[Console, ConsoleOptions], RenderableType]) -> None:
        self.draw = draw

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.draw(console, options)


class Prompter:
    """Asks a person. The real one uses questionary; tests may substitute another.

    Ctrl-C raises KeyboardInterrupt and Ctrl-D raises EOFError from every method.
    """

    def select(self, message: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        """The value of the entry the person picks from ``choices`` (disabled ones cannot be picked), the cursor starting on ``default``."""
        raise NotImplementedError

    def text(self, message: str, *, default: str = "", validate: Any = None) -> str:
        """A line the person types, starting from ``default``; ``validate`` returns True, or False or the reason to refuse it."""
        raise NotImplementedError

    def confirm(self, message: str, *, default: bool = True) -> bool:
        """Yes or no, ``default`` for Enter."""
        raise NotImplementedError

    def pause(self, message: str = "Press any key to go on") -> None:
        """Show ``message`` and wait for the person to go on."""
        raise NotImplementedError


LOG_SHOWN = 5
"""How many of the latest log lines the default :meth:`GameUI.render` shows."""


class GameUI(Generic[A]):
    """A game's terminal interface. Override what the defaults do not do well."""

    def __init__(self, game: Game[A]) -> None:
        self.game = game

    def render(self, view: View, log: Sequence[str]) -> RenderableType:
        """The position as ``view.player`` sees it, with the latest log lines, for the framework to print.

        ``log`` holds up to :data:`tabletop.ui.play.LOG_EVENTS` lines, oldest first;
        show the last few that fit. Return any rich renderable: a
        :class:`rich.console.Group` of tables and :class:`rich.text.Text` lines,
        or a :class:`Fitted` one that reads the console's size.
        """
        from rich.console import Group
        from rich.pretty import Pretty
        from rich.text import Text

        return Group(Pretty(view.to_json()), *(Text(f"  {line}") for line in log[-LOG_SHOWN:]))

    def steps(self, view: View, legal: Sequence[A]) -> list[Step[A]]:
        """How each legal action is reached; the default is one step, its notation."""
        return [Step(a, (str(a),)) for a in legal]

    def unavailable(self, view: View) -> list[tuple[tuple[str, ...], str]]:
        """Choices to show greyed out: a path prefix and the reason it cannot be used."""
        return []

    def extra_choices(self, view: View) -> list[Choice]:
        """Entries added to the first step beside the actions (e.g. an advisor)."""
        return []

    def handle_extra(self, value: Any, console: Console, prompter: Prompter, state_view: View) -> None:
        """Act on an entry from :meth:`extra_choices` (it may print and ask: it holds the terminal)."""

    def render_result(self, state: State[A]) -> RenderableType:
        """The end of a finished game, for the framework to print: scores, tie-breaks, the winner.

        It is printed just after :meth:`render` of the final position, so the
        player looking is that view's ``player``: keep it there to say "you win"
        (Muster does). The state is the full one: nothing is hidden at the end.
        """
        from rich.text import Text

        return Text(state.outcome_text())

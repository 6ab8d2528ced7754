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

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol

from tabletop.state import A
from tabletop.views import VT, V

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult

    from tabletop.events import Event
    from tabletop.info import GameInfo
    from tabletop.state import State
    from tabletop.views import View


@dataclass(frozen=True)
class Choice:
    """One entry of a menu: a title, its value, and why it is disabled (if it is).

    ``back`` marks the entry that leaves the menu: Esc picks it too.
    ``key`` is the entry's key: pressed, it takes the entry at once (Enter takes
    the one under the cursor); a line-at-a-time terminal takes it typed. An entry
    without one is given the next free digit or letter; ``"escape"`` shows as Esc.
    """

    title: str
    value: Any
    disabled: str | None = None
    back: bool = False
    key: str | None = None
    """The key that takes this entry (shown before its title), or None for the next free one."""
    hidden: bool = False
    """An entry not shown: its key (which it must have) takes it all the same. A shortcut that another
    entry's title names, so that it costs the list no line."""


@dataclass(frozen=True)
class Step(Generic[A]):
    """A legal action and the labels a person picks, in order, to reach it.

    >>> Step("deal 7", ("Deal", "7")).path
    ('Deal', '7')
    """

    action: A
    path: tuple[str, ...]


@dataclass(frozen=True)
class Chosen(Generic[A]):
    """An action picked on a game's own screen (:meth:`GameUI.handle_extra`): the table plays it."""

    action: A


REDRAW = "redraw"
"""What :meth:`GameUI.handle_extra` returns when nothing is left to read: the board is drawn again at once."""


class _Resized:
    def __repr__(self) -> str:
        return "RESIZED"


RESIZED = _Resized()
"""What :meth:`Prompter.select` returns, when :attr:`Prompter.redraws` allows, instead of an entry: the terminal
changed size (or Ctrl-L asked for the screen again), so whatever stands above the list must be drawn again."""


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


class Interrupted(Exception):
    """A question ended by :meth:`Prompter.interrupt` before the person answered it."""


class Prompter:
    """Asks a person. The real one uses questionary; tests may substitute another.

    Ctrl-C raises KeyboardInterrupt and Ctrl-D raises EOFError from every method.
    """

    list_lines: int | None = None
    """At most this many lines for the entries of the next :meth:`select`, which scrolls through the rest,
    or None for as many as it has. The table sets it when a board leaves a short terminal little room."""
    redraws: bool = False
    """Whether the next :meth:`select` may return :data:`RESIZED` when the terminal changes size or the person
    asks for the screen again (Ctrl-L): the table sets it under a board, which it then draws again."""

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

    def interrupt(self) -> bool:
        """From another thread: end the question now being asked, which then raises :class:`Interrupted` (news
        that cannot wait for the answer, such as a host gone); False when no question is being asked or this
        prompter cannot end one (the default: it is then answered as usual)."""
        return False


LOG_SHOWN = 5
"""How many of the latest log lines the default :meth:`GameUI.render` shows."""


class Log(list[str]):
    """The log lines a board is drawn with, oldest first, knowing which are new to its viewer.

    It is a list of strings, so a board that only shows the latest lines needs
    nothing else; a board that wants to keep what happened since the viewer's
    last decision in sight (the opponent's whole turn) reads :attr:`fresh`, and
    one that marks what just changed compares the view with :attr:`before`.

    A board that draws its log from the game's own facts rather than its words
    reads :attr:`facts`, one per line (:meth:`of` takes both from the match's events).

    >>> log = Log(["North plays Flame 3.", "South draws a card."], fresh=1)
    >>> log.new_lines()
    ['South draws a card.']
    >>> log[-1], log.before is None, log.facts
    ('South draws a card.', True, ())
    """

    def __init__(
        self, lines: Sequence[str] = (), *, fresh: int = 0, before: View | None = None, facts: Sequence[Any] = ()
    ) -> None:
        super().__init__(lines)
        self.facts = tuple(facts) if len(facts) == len(self) else ()
        """Each line's facts (:meth:`tabletop.game.State.event_facts`), as the viewer may know them; empty
        when not known (a plain list of lines)."""
        self.fresh = min(fresh, len(self))
        """How many of the last lines came after the viewer's latest decision (0: none, or not known)."""
        self.before = before
        """The viewer's view just after the first decision of their latest turn (a turn: their decisions
        with only chance between), or before the first move if they have made none; None when not known.
        What differs from it now is what the other players did since, and what chance brought the viewer."""

    @classmethod
    def of(cls, events: Sequence[Event], viewer: int | None, *, fresh: int = 0, before: View | None = None) -> Log:
        """The log of ``events`` as ``viewer`` may read them: their words, and their facts when the game gives them."""
        facts = [e.facts_for(viewer) for e in events]
        return cls(
            [e.text_for(viewer) for e in events],
            fresh=fresh,
            before=before,
            facts=facts if any(f is not None for f in facts) else (),
        )

    @classmethod
    def latest(cls, events: Sequence[Event], viewer: int, shown: int, *, before: View | None = None) -> Log:
        """The latest ``shown`` of ``events`` as ``viewer`` may read them, knowing how many came after the viewer's
        latest decision (every one, before their first).

        >>> from tabletop.events import Event
        >>> e = lambda actor: Event(actor, "", ("words",) * 3)
        >>> Log.latest([e(0), e(1), e(-1)], 0, 50).fresh, Log.latest([e(1)], 0, 50).fresh
        (2, 1)
        """
        mine = [i for i, e in enumerate(events) if e.actor == viewer]
        fresh = len(events) - 1 - mine[-1] if mine else len(events)
        return cls.of(events[-shown:], viewer, fresh=fresh, before=before)

    def new_lines(self) -> list[str]:
        """The lines that came after the viewer's latest decision."""
        return list(self[len(self) - self.fresh :]) if self.fresh else []


class OfAGame(Protocol):
    """What an interface is given of its game: the game itself (a :class:`tabletop.game.Game`), read by its
    metadata. Named this way so that the interface, which the protocol's ``Game.ui()`` returns, need not
    import the protocol back."""

    @property
    def info(self) -> GameInfo:
        """The game's metadata."""
        ...


class GameUI(Generic[A, V, VT]):
    """A game's terminal interface, given views of the game's own classes: ``V`` a seat's, ``VT`` the table's
    from no seat (a replay's; ``V`` again where nothing is hidden from anyone watching). Override what the
    defaults do not do well."""

    def __init__(self, game: OfAGame) -> None:
        self.game = game

    def render(self, view: V | VT, log: Sequence[str]) -> RenderableType:
        """The position as ``view.player`` sees it, with the latest log lines, for the framework to print.

        ``log`` holds up to :data:`tabletop.ui.play.LOG_EVENTS` lines, oldest first;
        show the last few that fit. At the table it is a :class:`Log`, which
        also says which lines are new to the viewer and how the position
        looked when their turn began (to mark the opponent's last move). Return any rich renderable: a
        :class:`rich.console.Group` of tables and :class:`rich.text.Text` lines,
        or a :class:`Fitted` one that reads the console's size.
        """
        from rich.console import Group
        from rich.pretty import Pretty
        from rich.text import Text

        return Group(Pretty(view.to_json()), *(Text(f"  {line}") for line in log[-LOG_SHOWN:]))

    def steps(self, view: V, legal: Sequence[A]) -> list[Step[A]]:
        """How each legal action is reached; the default is one step, its notation."""
        return [Step(a, (str(a),)) for a in legal]

    def listed_as(self, view: V, action: A) -> A | None:
        """The legal action the lists offer in place of ``action``, where the game holds several legal actions
        alike and lists one of them, or None (the default): ``action`` is listed itself.

        FreeCell's four empty free cells are alike: the lists offer one entry, "to a free cell", which moves
        to the first empty one, and ``3b`` (a legal move that a solution from another program may make) is
        listed as ``3a``. :func:`tabletop.testing.check_steps` accepts a legal action that :meth:`steps`
        leaves out only where this names one that :meth:`steps` gives.
        """
        return None

    def plays_lone_action(self, view: V, action: A) -> bool:
        """Whether the table may make ``action``, the one legal action, for the player (and say so) instead of
        asking. The default is yes (a game's end is always asked about). Say no where the one move may take
        back the move just made (FreeCell's card to a free cell and back): the table would undo the player's
        move, or play such moves to and fro for them."""
        return True

    def confirmation(self, view: V, action: A) -> str | None:
        """A yes/no question the table asks before the player's ``action`` is made, or None (the default).

        For an action one key should not make, as it ends the game at once and cannot be undone (Klondike's
        Give up): No, the answer Enter gives, goes back to the list.
        """
        return None

    def unavailable(self, view: V) -> list[tuple[tuple[str, ...], str]]:
        """Choices to show greyed out: a path prefix and the reason it cannot be used."""
        return []

    def label_order(self, view: V) -> Sequence[str]:
        """Labels in the order every menu should list them, greyed-out ones among the others.

        A hand is best listed in its own order, a card that cannot be played
        greyed out where it stands rather than moved to the bottom. Labels not
        named here keep their order after the named ones. The default names none:
        usable entries come in the order of :meth:`steps`, then the greyed-out ones.
        """
        return ()

    def label_keys(self, view: V) -> Mapping[str, str]:
        """Fixed keys of labels: a label named here has this key in every list that shows it.

        Give each kind of action its letter (Muster's ``b`` is always "Play a
        Banner"), or each place its key (a FreeCell cascade's digit), so that a
        player's fingers learn it; a key pressed takes its entry at once. Other entries are numbered. The
        table's own keys (:data:`tabletop.ui.steps.TABLE_KEYS`: ``?``, ``!``, ``l``, ``m``, ``u``, ``r``,
        Esc) are never given to a label. The default names none.
        """
        return {}

    def whole_log(self, lines: Sequence[str]) -> list[str]:
        """The game's whole log for the Log screen, oldest first; the default keeps every line."""
        return list(lines)

    def extra_choices(self, view: V) -> list[Choice]:
        """Entries added to the first step beside the actions (e.g. an advisor)."""
        return []

    def handle_extra(self, value: Any, console: Console, prompter: Prompter, state_view: V) -> object:
        """Act on an entry from :meth:`extra_choices` (it may print and ask: it holds the terminal).

        Return None to have the table wait for a key (the entry printed something to read),
        :data:`REDRAW` to have the board drawn again at once, or :class:`Chosen` to play an
        action picked on the entry's own screen (Five Dice's holds, toggled die by die).
        """
        return None

    def interlude(self, view: V) -> tuple[Hashable, RenderableType] | None:
        """A screen the player reads and passes with a key before their next decision, once: the end of a hand
        (its cards and score) in a game of many. Returned with a key that names it (the hand's number), so that
        it is shown once to each person. The default is none.
        """
        return None

    def render_result(self, state: State[A]) -> RenderableType:
        """The end of a finished game, for the framework to print: scores, tie-breaks, the winner.

        It is printed just after :meth:`render` of the final position, so the
        player looking is that view's ``player``: keep it there to say "you win"
        (Muster does). The state is the full one: nothing is hidden at the end.
        """
        from rich.text import Text

        return Text(state.outcome_text())

"""``tabletop play GAME --moves FILE``: a game's moves, read from a file or standard input, played into a new game.

A solution printed by another program, or a line noted down, becomes a game: each
move is read in the game's notation and checked by its rules as a move at the
keyboard is, chance and the computer playing their turns between. The first move
that cannot be read or is not allowed stops the reading with the position, the
move and the game's reason. At a terminal the game then goes on from there;
without one (``--moves - < solution.txt``) the program says how far the moves
went and exits.

>>> move_words("5a 5b 5c\\n\\nb2", lambda text: text in ("5a", "5b", "5c", "b2"))
['5a', '5b', '5c', 'b2']
>>> move_words("keep 1 4 4\\nroll", lambda text: text in ("keep 1 4 4", "roll"))
['keep 1 4 4', 'roll']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.commands.common import EXIT_FAILURE, EXIT_USAGE, CommandFailure

if TYPE_CHECKING:
    from rich.console import Console

    from tabletop.loop import Match

MAX_MOVES_CHARS = 1_000_000
"""The most a moves file may hold: far more than the longest game's moves take."""


class MoveRefused(Exception):
    """A move of the list that cannot be read or is not allowed where it comes: :attr:`number` (from 1),
    :attr:`text`, and the game's reason as the message."""

    def __init__(self, number: int, text: str, reason: str) -> None:
        super().__init__(reason)
        self.number = number
        self.text = text


def read_moves_text(source: str) -> str:
    """The text of the moves file ``source`` (``-``: standard input); :class:`CommandFailure` saying why not."""
    from tabletop.files import FileRefused, read_bounded, read_bounded_stdin

    try:
        if source == "-":
            return read_bounded_stdin(MAX_MOVES_CHARS)
        return read_bounded(source, MAX_MOVES_CHARS).decode("utf-8")
    except FileNotFoundError:
        raise CommandFailure(f"--moves: no such file: {source}") from None
    except IsADirectoryError:
        raise CommandFailure(f"--moves: {source} is a folder, not a file of moves") from None
    except FileRefused as exc:
        raise CommandFailure(f"--moves: {source}: {exc}") from None
    except UnicodeDecodeError:
        raise CommandFailure(f"--moves: {source} is not text (UTF-8)") from None
    except OSError as exc:
        raise CommandFailure(f"--moves: cannot read {source}: {exc.strerror or exc}", EXIT_FAILURE) from None


def move_words(text: str, reads_as_move: Callable[[str], bool]) -> list[str]:
    """The moves of ``text``: a line that reads as one move is one move (notations with spaces, ``keep 1 4 4``),
    else each of its words is one (solvers print several moves a line, ``5a 5b 5c``)."""
    words: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        words += [line] if reads_as_move(line) else line.split()
    return words


def reads_as_move(match: Match[Any]) -> Callable[[str], bool]:
    """Whether a text reads as a move of ``match``'s game (its form only: whether it is allowed is not asked)."""
    from tabletop.game import GameError

    def reads(text: str) -> bool:
        try:
            match.game.parse_listed_action(match.state, text)
        except GameError:
            return False
        except Exception:  # a game's bug in reading: taken for no move, and said when the word is played
            return False
        return True

    return reads


def play_moves(match: Match[Any], words: Sequence[str]) -> None:
    """Play ``words`` into ``match`` in turn, chance and computer players taking their turns between;
    :class:`MoveRefused` at the first that cannot be read or is not allowed, the match left before it."""
    from tabletop.game import GameError
    from tabletop.rebuild import why_illegal

    for number, text in enumerate(words, 1):
        match.advance()
        if match.is_over():
            raise MoveRefused(number, text, "the game is over already")
        state = match.state
        try:
            action = match.game.parse_listed_action(state, text)
        except GameError as exc:
            raise MoveRefused(number, text, f"it cannot be read: {exc}") from None
        if action not in state.legal_actions():
            raise MoveRefused(number, text, f"it is not allowed here: {why_illegal(state, action)}")
        match.apply(action)
    match.advance()


def refusal_words(refused: MoveRefused, source: str) -> str:
    """``Move 12 of solution.txt, '57': it is not allowed here: ...``."""
    from tabletop.numbers import excerpt

    where = "standard input" if source == "-" else source
    return f"Move {refused.number} of {where}, {excerpt(refused.text)}: {refused}"


def show_position(console: Console, match: Match[Any]) -> None:
    """The position as the player to move sees it (the first seat when no one is to move)."""
    seat = match.state.current_player()
    view = match.state.view(seat if seat >= 0 else 0)
    ui = match.game.ui()
    console.print(ui.render(view, [e.text_for(view.player) for e in match.events[-3:]]))
    if match.is_over():
        console.print(ui.render_result(match.state))


def check_moves(match: Match[Any], words: Sequence[str], source: str, console: Console) -> int:
    """Play ``words`` into ``match`` and say where they led: the result, or the position and the refusal.

    Exit status 0 when every move was played, 2 when one was refused.
    """
    from rich.markup import escape

    try:
        play_moves(match, words)
    except MoveRefused as refused:
        show_position(console, match)
        console.print(escape(refusal_words(refused, source)))
        return EXIT_USAGE
    show_position(console, match)
    played = f"All {len(words)} moves were played"
    console.print(escape(f"{played}." if match.is_over() else f"{played}; the game goes on from here."))
    return 0

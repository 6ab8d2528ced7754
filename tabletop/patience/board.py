"""The drawing patience interfaces share: cards in colour, the foundations, a pile as a line of its cards.

>>> from tabletop.playing_cards import Suit, parse_cards
>>> pile_text("3", [card_text(c) for c in parse_cards("JD 2S")]).plain
'3 │ J♦ 2♠ '
>>> home_text({Suit.CLUBS: 3, Suit.DIAMONDS: 1, Suit.HEARTS: 0, Suit.SPADES: 10}).plain
'home ♣3 ♦A ♥·· ♠10'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from rich.text import Text

from tabletop.interface import GameUI
from tabletop.playing_cards import SUITS, Card, Suit
from tabletop.views import V

if TYPE_CHECKING:
    from rich.console import RenderableType

    from tabletop.game import State

A = TypeVar("A")

EMPTY = "··"
"""An empty place: a free cell, a foundation, the stock or the waste."""
HOME_TITLE = "Home"
"""The first list's entry that sends a card home."""
RANK_SHOWN = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""A rank as the board shows it, Ace (1) first."""
EMPTY_PILE = "(empty)"
TABLE_LINES = 5
"""The lines under a board that the table's first list takes beside the game's own entries: the notice line,
the question, and the entries of the Coach, the Log and the game menu (and, once the game is over, the words
of its end). A board that reads the terminal's height keeps them, and a line per entry of its own."""
SEPARATOR = " │ "
"""Between the parts of a header: the count, the cells or the stock, home."""


def card_text(card: Card) -> Text:
    """A card as ``10♦``: red suits in red as well, the symbol telling the suit without colour."""
    return Text(card.display, style="red" if card.is_red else "bold")


def home_text(home: Mapping[Suit, int]) -> Text:
    """``home ♣3 ♦A ♥·· ♠2``: each foundation's top rank, an empty one dim."""
    line = Text("home")
    for suit in SUITS:
        rank = home[suit]
        line.append(f" {suit.symbol}")
        line.append(RANK_SHOWN[rank - 1] if rank else EMPTY, style="" if rank else "dim")
    return line


def pile_text(key: str, cards: Iterable[Text]) -> Text:
    """``3 │ J♦ K♦ 2♠``: a pile's key, then its cards as drawn, bottom first (``(empty)`` for none)."""
    line = Text(f"{key} │ ", style="bold")
    drawn = False
    for card in cards:
        line.append_text(card)
        line.append(" ")
        drawn = True
    if not drawn:
        line.append(EMPTY_PILE, style="dim")
    return line


def header_lines(parts: Sequence[Text], width: int) -> list[Text]:
    """The parts of a header joined by ``│`` in as few lines as fit ``width``: ``Deal 1 · move 0 │ a ·· b ·· │
    home ♣·· ♦·· ♥·· ♠··`` in one line where it fits, else broken between parts rather than mid-part.

    >>> parts = [Text("Deal 1 · move 0"), Text("a ·· b ··"), Text("home ♣··")]
    >>> [line.plain for line in header_lines(parts, 40)]
    ['Deal 1 · move 0 │ a ·· b ·· │ home ♣··']
    >>> [line.plain for line in header_lines(parts, 30)]
    ['Deal 1 · move 0 │ a ·· b ··', 'home ♣··']
    """
    lines = [parts[0].copy()]
    for part in parts[1:]:
        if lines[-1].cell_len + len(SEPARATOR) + part.cell_len > width:
            lines.append(part.copy())
            continue
        lines[-1].append(SEPARATOR)
        lines[-1].append_text(part)
    return lines


class PatienceUI(GameUI[A, V, V]):
    """What a patience's interface does as every other does: the end of a game in bold."""

    def render_result(self, state: State[A]) -> RenderableType:
        return Text(state.outcome_text(), style="bold")

"""Piles drawn as columns, as a patience is laid out on a table: each pile's key above it, its cards downward,
the card that may be played at the foot.

A column taller than the room packs the cards it covers, a few to a line, as
PySolFC overlaps them: the run that matters (the cards that may move, or those
face up) keeps a line per card, and only where that is not enough are the
others packed too. Where even that does not fit, :func:`columns` says so
(None) and the board draws its piles as rows instead.

>>> from tabletop.playing_cards import parse_cards
>>> from tabletop.patience.board import card_text
>>> piles = [Pile("1", [card_text(c) for c in parse_cards("JD KD 2S 4C")], 1), Pile("2", [], 0)]
>>> print("\\n".join(line.plain for line in columns(piles, 20, 9)))
 1         2
 J♦        ··
 K♦
 2♠
 4♣
>>> print("\\n".join(line.plain for line in columns(piles, 20, 4)))
 1         2
 J♦  K♦    ··
 2♠
 4♣
>>> columns(piles, 20, 3) is None  # three cards under the top one need two lines even packed
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

CARD_CELLS = 3
"""The cells a card takes, ``10♦`` the widest: shorter ones are aligned on their suit."""
GAP = 1
"""The space between two cards side by side."""
MIN_PITCH = CARD_CELLS + GAP
"""The narrowest column: a card and a space."""
MAX_PITCH = 14
"""The widest column: a large terminal spaces its columns out, up to this many cells apart."""
EMPTY_COLUMN = "··"
"""An empty pile, under its key."""
KEY_LINES = 1
"""The line of the piles' keys above the columns."""


@dataclass(frozen=True)
class Pile:
    """A pile to draw: its key, its cards bottom first, and how many of the top ones keep a line each while
    the cards under them are packed (the run that may move, or the cards face up)."""

    key: str
    cards: Sequence[Text]
    run: int


def pitch(count: int, width: int) -> int:
    """The cells from one column to the next: the room shared out, up to :data:`MAX_PITCH`.

    >>> pitch(8, 80), pitch(8, 120), pitch(10, 60)
    (10, 14, 6)
    """
    return min(width // max(count, 1), MAX_PITCH)


def columns(piles: Sequence[Pile], width: int, rows: int) -> list[Text] | None:
    """The piles as columns in at most ``rows`` lines (the keys' line included), or None where they do not
    fit: too many for ``width``, or too tall even with their covered cards packed."""
    step = pitch(len(piles), width)
    if step < MIN_PITCH:
        return None
    per_line = max((step - GAP) // (CARD_CELLS + GAP), 1)
    stacks = [_stacked(pile, rows - KEY_LINES, per_line) for pile in piles]
    if any(stack is None for stack in stacks):
        return None
    height = max(len(stack) for stack in stacks if stack is not None)
    lines = [_keys_line(piles, step)]
    for row in range(height):
        line = Text()
        for index, stack in enumerate(stacks):
            assert stack is not None
            cell = _cell(stack[row]) if row < len(stack) else Text()
            if index < len(stacks) - 1:
                cell.append(" " * max(step - cell.cell_len, GAP))
            line.append_text(cell)
        line.rstrip()
        lines.append(line)
    return lines


def columns_or_rows(piles: Sequence[Pile], width: int, rows: int) -> list[Text] | None:
    """The piles as :func:`columns` in ``rows`` lines where they fit; else in as many lines as the piles drawn
    as rows would take (one a pile), where columns fit those; else None: rows are shorter.

    >>> from tabletop.patience.board import card_text
    >>> from tabletop.playing_cards import parse_cards
    >>> piles = [Pile(k, [card_text(c) for c in parse_cards(cards)], 1) for k, cards in zip("12", ["JD", "KD"])]
    >>> len(columns_or_rows(piles, 20, 1))  # no room for either: the columns take no more than two rows
    2
    """
    drawn = columns(piles, width, rows)
    return drawn if drawn is not None else columns(piles, width, max(len(piles), rows))


def _keys_line(piles: Sequence[Pile], step: int) -> Text:
    """Each pile's key over the rank of its first card."""
    line = Text(style="bold")
    for index, pile in enumerate(piles):
        line.append(f"{pile.key:>{CARD_CELLS - 1}}")
        if index < len(piles) - 1:
            line.append(" " * (step - CARD_CELLS + 1))
    return line


def _stacked(pile: Pile, rows: int, per_line: int) -> list[list[Text]] | None:
    """The pile's cards a line at a time in at most ``rows`` lines: one a line where they fit, else the
    fewest to a line that fits, packing the covered cards first and the run only where that is not enough."""
    cards = list(pile.cards)
    if not cards:
        return [[Text(f"{EMPTY_COLUMN:>{CARD_CELLS}}", style="dim")]] if rows > 0 else None
    if len(cards) <= rows:
        return [[card] for card in cards]
    run = min(max(pile.run, 1), len(cards))
    for kept in (run, 1):  # the whole run kept a line a card; else the top card alone
        under, top = cards[: len(cards) - kept], cards[len(cards) - kept :]
        for packed in range(2, per_line + 1):
            if -(-len(under) // packed) + len(top) <= rows:
                return [under[i : i + packed] for i in range(0, len(under), packed)] + [[card] for card in top]
    return None


def _cell(cards: list[Text]) -> Text:
    """Cards side by side, each aligned on its suit."""
    cell = Text()
    for index, card in enumerate(cards):
        if index:
            cell.append(" " * GAP)
        cell.append(" " * max(CARD_CELLS - card.cell_len, 0))
        cell.append_text(card)
    return cell

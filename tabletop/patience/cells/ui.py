"""A FreeCell-family game at the terminal: a header line and the columns top to bottom, a move as a source
key then a destination key.

The board keeps room for the first list under it: a column taller than that
room packs the cards it covers (:mod:`tabletop.patience.columns`), and a
terminal too short even then gets the columns as rows. The cards the last
move sent home by themselves are said under the columns (``2♣ 3♣ went home``).

Columns keep their digits and cells their letters in every list, and home is
``h``, whatever else is legal; a column as the source moves the longest
sequence the destination takes. The empty cells are alike, so a move to a cell
is one entry, "to a free cell", on the first empty cell's key: the move there
(:meth:`CellsUI.listed_as`). A card goes home from the first list: ``h``
sends it in one key when only one card can go, and when several can, the next
list names each by its place's key (``h3``). In a layout of more places than
FreeCell's (Eight Off, Seahaven Towers), the moves to a cell are one entry of
the first list, ``t`` (to a cell), then the source's key; the
moves of a column to an empty one another, ``e``; and the moves from a cell a
third, ``f``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text

from tabletop.interface import Fitted, Step
from tabletop.patience.board import (
    EMPTY,
    HOME_TITLE,
    TABLE_LINES,
    PatienceUI,
    card_text,
    header_lines,
    home_text,
    pile_text,
)
from tabletop.patience.cells.actions import Action, Move
from tabletop.patience.cells.layout import HOME_KEY
from tabletop.patience.cells.state import CellsState
from tabletop.patience.columns import Pile, columns_or_rows
from tabletop.views import FullView

if TYPE_CHECKING:
    from rich.console import RenderableType

View = FullView[CellsState]

LISTED_PLACES = 12
"""The most places (columns and cells) the first list offers one by one, as FreeCell's twelve: a larger layout
offers the moves to a cell under one entry (:data:`TO_A_CELL`), those from a cell under another
(:data:`FROM_A_CELL`) and those of a column to an empty one under a third (:func:`to_empty_title`), so that its
first list and board fit a terminal of 24 lines."""
TO_A_CELL = "To a cell"
FROM_A_CELL = "From a cell"
TO_EMPTY_KEY = "e"
GROUP_KEYS = {TO_A_CELL: "t", FROM_A_CELL: "f"}


def to_empty_title(state: CellsState) -> str:
    """``To an empty column``: the entry of a larger layout's first list for the moves to an empty column."""
    return f"To an empty {state.layout.column_word}"


def cells_grouped(state: CellsState) -> bool:
    """Whether the moves to a cell, and from one, are each one entry of the first list (a layout of more than
    12 places)."""
    return len(state.layout.column_keys) + state.cell_count > LISTED_PLACES


def header(state: CellsState, width: int) -> list[Text]:
    """``Deal 617 · move 12 │ a 7♥ b ·· c ·· d ·· │ home ♣3 ♦A ♥·· ♠2``, in two lines where one would not fit
    ``width`` (the deal and move above the cells and home)."""
    cells = Text()
    if not state.cell_count:
        cells.append(f"no {state.layout.cell_word}s")
    for key, card in zip(state.layout.cell_keys, state.cells):
        cells.append(f" {key} " if cells else f"{key} ")
        cells.append_text(card_text(card) if card else Text(EMPTY, style="dim"))
    parts = [Text(f"Deal {state.deal} · move {state.moves_made}", style="bold"), cells, home_text(state.home)]
    return header_lines(parts + ([Text("manual")] if not state.auto else []), width)


def cascade_cards(state: CellsState, index: int) -> list[Text]:
    """A column's cards, bottom first, with the movable sequence at the top underlined."""
    cascade = state.cascades[index]
    run = state.layout.build.top_run(cascade)
    texts = [card_text(card) for card in cascade]
    if run > 1:
        for text in texts[-run:]:
            text.stylize("underline")
    return texts


def cascade_line(state: CellsState, index: int) -> Text:
    """``3 │ J♦ K♦ 2♠ 4♣`` with the movable sequence at the top underlined: a column as a row, where the
    terminal is too short for columns."""
    return pile_text(state.layout.column_key(index), cascade_cards(state, index))


def went_home(state: CellsState, width: int) -> Text | None:
    """``2♣ 3♣ went home``: the cards the last move sent home by themselves (``40 cards went home`` where
    their names would not fit ``width``), or None.

    >>> from tabletop.patience.cells.actions import STANDARD
    >>> state = CellsState(STANDARD, deal=1, cells=4, auto=True)
    >>> for move in ("6a", "6b"):  # the 3♦ and the 2♣ off the A♣
    ...     state.apply(next(a for a in state.legal_actions() if str(a) == move))
    >>> went_home(state, 80).plain, went_home(state, 12).plain
    ('A♣ 2♣ A♠ went home', '3 cards went home')
    """
    went = state.sent_home
    if not went:
        return None
    line = Text()
    for card in went:
        line.append_text(card_text(card))
        line.append(" ")
    line.append(WENT_HOME)
    return line if line.cell_len <= width else Text(f"{len(went)} cards {WENT_HOME}")


WENT_HOME = "went home"
"""Said of the cards the last move sent home by themselves."""


def board_lines(state: CellsState, width: int, rows: int) -> list[Text]:
    """The header, the columns top to bottom in ``rows`` lines (their covered cards packed where they must
    be), and the cards that just went home by themselves; the columns as rows where they do not fit."""
    said = went_home(state, width)
    lines = header(state, width)
    piles = [
        Pile(state.layout.column_key(i), cascade_cards(state, i), state.layout.build.top_run(cascade))
        for i, cascade in enumerate(state.cascades)
    ]
    room = rows - len(lines) - (said is not None)
    drawn = columns_or_rows(piles, width, room)
    lines += drawn if drawn is not None else [cascade_line(state, i) for i in range(len(state.cascades))]
    return lines + ([said] if said is not None else [])


class CellsUI(PatienceUI[Action, View]):
    """The layout as a header line and the columns top to bottom (rows on a short terminal); moves by
    source then destination."""

    def render(self, view: View, log: Sequence[str]) -> RenderableType:
        state = view.state
        room = list_room(self.steps(view, state.legal_actions()))
        return Fitted(
            lambda console, options: Group(*board_lines(state, options.max_width, options.size.height - room))
        )

    def listed_as(self, view: View, action: Action) -> Action | None:
        """A move to a cell other than the first empty one is listed as the move there: the cells are alike."""
        state = view.state
        first = state.first_empty_cell()
        if first is None or not isinstance(action, Move) or not state.to_a_later_cell(action):
            return None
        return Move(action.source, first)

    def steps(self, view: View, legal: Sequence[Action]) -> list[Step[Action]]:
        state = view.state
        steps: list[Step[Action]] = []
        for action in legal:
            if not isinstance(action, Move):
                steps.append(Step(action, (str(action),)))
                continue
            if action.target == HOME_KEY:
                steps.append(Step(action, (HOME_TITLE, home_label(state, action.source))))
                continue
            if state.to_a_later_cell(action):
                continue  # listed as the move to the first empty cell (listed_as)
            path: tuple[str, ...] = (source_label(state, action.source), move_target_label(state, action))
            group = _group(state, action) if cells_grouped(state) else None
            if group == TO_A_CELL:
                path = (group, source_label(state, action.source))  # the cell follows: the first empty one
            elif group:
                path = (group, *path)
            if state.is_cascade(action.source) and state.is_cascade(action.target) and not state.column(action.target):
                counts = state.movable(action.source, action.target)
                if len(counts) > 1:
                    path += (count_label(state, action.source, action.count or counts[-1], action.count == 0),)
            steps.append(Step(action, path))
        return steps

    def plays_lone_action(self, view: View, action: Action) -> bool:
        """Not the move that takes back the one just made: the player may rather undo it, or see that
        the game is lost (else a card sent to a cell would come straight back, again and again)."""
        state = view.state
        last = state.last_move
        if last is None or not isinstance(action, Move):
            return True
        return not (action.source == last.target and action.target == last.source)

    def label_keys(self, view: View) -> Mapping[str, str]:
        state = view.state
        places = state.layout.column_keys + state.cell_keys()
        keys = {source_label(state, k): k for k in places}
        keys.update({target_label(state, k): k for k in places if state.is_cascade(k)})
        first = state.first_empty_cell()
        if first:
            keys[target_label(state, first)] = first
        keys.update({home_label(state, k): k for k in places})
        keys.update(_move_targets(state))
        keys[HOME_TITLE] = HOME_KEY
        keys.update(GROUP_KEYS)
        keys[to_empty_title(state)] = TO_EMPTY_KEY
        return keys

    def label_order(self, view: View) -> Sequence[str]:
        state = view.state
        keys = state.layout.column_keys + state.cell_keys()
        moving = _move_targets(state)
        return (
            [source_label(state, k) for k in keys]
            + [HOME_TITLE, TO_A_CELL, to_empty_title(state), FROM_A_CELL]
            + [home_label(state, k) for k in keys]
            + [label for k in keys for label in _target_labels(state, k, moving)]
        )


def _group(state: CellsState, action: Move) -> str | None:
    """The entry of a larger layout's first list that ``action`` (not a move home) is offered under, or None
    for a column's move onto another (offered under the column itself)."""
    if action.target in state.layout.cell_keys:
        return TO_A_CELL
    if not state.is_cascade(action.source):
        return FROM_A_CELL
    return None if state.column(action.target) else to_empty_title(state)


def _move_targets(state: CellsState) -> dict[str, str]:
    """The destination labels that name the cards moving (:func:`move_target_label`), and their keys."""
    first = state.first_empty_cell()
    return {
        move_target_label(state, a): a.target
        for a in state.legal_actions()
        if isinstance(a, Move) and a.target != HOME_KEY and (state.is_cascade(a.target) or a.target == first)
    }


def list_room(steps: Sequence[Step[Action]]) -> int:
    """The lines the first list takes under the board: an entry for each first label, and the table's."""
    return len({step.path[0] for step in steps}) + TABLE_LINES


def source_label(state: CellsState, key: str) -> str:
    """``cascade 3: 9♠ 8♥`` (the sequence that may move), ``free cell a: 7♥``."""
    if state.is_cascade(key):
        cascade = state.column(key)
        run = cascade[len(cascade) - state.layout.build.top_run(cascade) :]
        return f"{state.place_words(key)}: " + (" ".join(c.display for c in run) if run else "empty")
    card = state.card_at(key)
    return f"{state.place_words(key)}: {card.display if card else 'empty'}"


def target_label(state: CellsState, key: str) -> str:
    """``onto cascade 3 (9♣)``, ``to empty cascade 4``, ``to a free cell`` (any of them: the first empty one),
    ``home``."""
    if key == HOME_KEY:
        return "home"
    if state.is_cascade(key):
        cascade = state.column(key)
        where = state.place_words(key)
        return f"onto {where} ({cascade[-1].display})" if cascade else f"to empty {where}"
    return f"to a {state.layout.cell_word}"


def move_target_label(state: CellsState, action: Move) -> str:
    """The destination of a move, naming the cards that go where the source showed more of them than move:
    ``onto cascade 1 (J♦): 10♠`` after ``cascade 7: J♥ 10♠``, ``to free cell c: 6♦``."""
    label = target_label(state, action.target)
    if not state.is_cascade(action.source) or (state.is_cascade(action.target) and not state.column(action.target)):
        return label  # a cell's one card, or a count asked next (onto an empty column)
    cascade = state.column(action.source)
    counts = state.movable(action.source, action.target) if state.is_cascade(action.target) else [1]
    moving = action.count or (counts[-1] if counts else 1)
    if moving >= state.layout.build.top_run(cascade):
        return label  # the whole run shown moves
    return f"{label}: {' '.join(c.display for c in cascade[-moving:])}"


def _target_labels(state: CellsState, key: str, moving: dict[str, str]) -> list[str]:
    """The labels of destination ``key``: its own, then those naming the cards moving there."""
    return [target_label(state, key), *(label for label, k in moving.items() if k == key)]


def home_label(state: CellsState, key: str) -> str:
    """``5♣ from cascade 3``, ``7♦ from free cell a``: the card a move home takes."""
    card = state.card_at(key)
    return f"{card.display if card else EMPTY} from {state.place_words(key)}"


def count_label(state: CellsState, source: str, count: int, longest: bool) -> str:
    """``all 3: 9♠ 8♥ 7♠``, ``2 cards: 8♥ 7♠``, or ``the most that can go, 2: 7♣ 6♦`` (of a longer run) onto an
    empty column."""
    cascade = state.column(source)
    cards = " ".join(c.display for c in cascade[-count:])
    if longest:
        run = state.layout.build.top_run(cascade)
        return f"all {count}: {cards}" if count >= run else f"the most that can go, {count}: {cards}"
    return f"{count} card{'s' if count > 1 else ''}: {cards}"

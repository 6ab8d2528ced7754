"""Klondike at the terminal: a header line and the piles top to bottom, a move as a source key then a destination
key.

Piles keep their digits ``1``-``7``, the waste ``w``, the stock ``s`` and home
``h`` in every list: ``s`` turns the stock in one key, ``h`` sends a card home
in one key when only one can go (else its place's key picks it), and a pile or
the waste as the source is followed by the destination's key.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text

from tabletop.interface import Fitted
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
from tabletop.patience.columns import Pile, columns_or_rows
from tabletop.patience.home import next_home
from tabletop.playing_cards import KING, SUITS, Card
from tabletop.ui.base import Step
from tabletop_klondike.rules import (
    BUILD,
    HOME_KEY,
    PILE_KEYS,
    STOCK_CARDS,
    STOCK_KEY,
    TABLEAU_CARDS,
    WASTE_KEY,
    Action,
    Draw,
    GiveUp,
    Move,
    TableView,
    place_words,
)

if TYPE_CHECKING:
    from rich.console import RenderableType


DEALT_LINE = re.compile(r"(?:A card|\S+) is (?:dealt face (?:up|down) on pile \d|put in the stock)\.$")
"""A line of the deal in the log (as :meth:`KlondikeState.describe` words it)."""
FACE_UP_LINE = re.compile(r"(\S+) is dealt face up on pile \d\.$")
FACE_DOWN = "##"
"""A face-down card on a pile."""
WASTE_SHOWN = 3
"""The waste's top cards shown, fanned (the last is the one that may be played)."""
BACK_DOWN_TITLE = "Take a card back from home"
GIVE_UP_TITLE = "Give up (the game counts as lost)"
GIVE_UP_KEY = "g"
GIVE_UP_QUESTION = "Give up this game? It counts as lost."
BACK_DOWN_KEY = "t"


class Table:
    """A view's table read back: the cards as :class:`Card` values, None for a hidden one."""

    def __init__(self, view: TableView) -> None:
        self.view = view
        self.piles: list[list[Card | None]] = [list(p.cards) for p in view.piles]
        self.downs: list[int] = [p.down for p in view.piles]
        self.stock = list(view.stock)
        self.waste = [c for c in view.waste if c is not None]
        self.home = {s: view.home[s.value] for s in SUITS}

    def top(self, index: int) -> Card | None:
        pile = self.piles[index]
        return pile[-1] if pile else None

    def run_from(self, index: int, target: int) -> list[Card]:
        """The cards a move from pile ``index`` to pile ``target`` carries."""
        pile, onto = self.piles[index], self.top(target)
        for i in range(self.downs[index], len(pile)):
            card = pile[i]
            assert card is not None
            fits = card.rank == KING if onto is None else BUILD.builds_on(card, onto)
            if fits:
                return [c for c in pile[i:] if c is not None]
        return []


def header(table: Table, width: int) -> list[Text]:
    """``Draw 1 · move 12 · score 35 │ s 20 │ w 3♣ 9♦ K♠ │ home ♣3 ♦A ♥·· ♠2``, in two lines where one would
    not fit ``width`` (the count and score above the stock, the waste and home)."""
    view = table.view
    lead = Text(f"Draw {view.draw} · move {view.moves} · score {view.score}", style="bold")
    if view.passes:
        lead.append(f" · pass {view.turned + 1}/{view.passes}")
    stock = Text(f"{STOCK_KEY} ")
    stock.append(f"{len(table.stock):2d}" if table.stock else EMPTY, style="" if table.stock else "dim")
    waste = Text(f"{WASTE_KEY} ")
    shown = table.waste[-WASTE_SHOWN:]
    if not shown:
        waste.append(EMPTY, style="dim")
    for i, card in enumerate(shown):
        text = card_text(card)
        if i == len(shown) - 1:
            text.stylize("underline")
        waste.append_text(text)
        if i < len(shown) - 1:
            waste.append(" ")
    return header_lines([lead, stock, waste, home_text(table.home)], width)


def pile_cards(table: Table, index: int) -> list[Text]:
    """A pile's cards, bottom first: face-down cards as ``##`` (shown dim once the game is over and they are
    revealed)."""
    return [_pile_card(card, i < table.downs[index]) for i, card in enumerate(table.piles[index])]


def pile_line(table: Table, index: int) -> Text:
    """``3 │ ## ## 9♠ 8♥``: a pile as a row, where the terminal is too short for columns."""
    return pile_text(str(index + 1), pile_cards(table, index))


def board_lines(table: Table, width: int, rows: int) -> list[Text]:
    """The header, then the piles as columns top to bottom in ``rows`` lines (the face-down cards packed where
    they must be), or as rows where columns do not fit."""
    piles = [
        Pile(str(i + 1), pile_cards(table, i), len(table.piles[i]) - table.downs[i]) for i in range(len(table.piles))
    ]
    lines = header(table, width)
    drawn = columns_or_rows(piles, width, rows - len(lines))
    return lines + (drawn if drawn is not None else [pile_line(table, i) for i in range(len(table.piles))])


def first_entries(table: Table) -> int:
    """At most how many entries of the first list are the game's, read from the cards in sight: the board
    keeps room for them under it.

    Give up, turning the stock (or the waste over), Home where a top card may go, taking a card back where
    one is home, the waste, and each pile with a run that fits on another pile.
    """
    tops = [table.top(i) for i in range(len(table.piles))] + table.waste[-1:]
    piles = range(len(table.piles))
    return (
        1
        + bool(table.stock or table.waste)
        + any(card is not None and next_home(table.home, card) for card in tops)
        + any(table.home.values())
        + bool(table.waste)
        + sum(any(_moves_onto(table, i, j) for j in piles if j != i) for i in piles)
    )


def _moves_onto(table: Table, source: int, target: int) -> bool:
    """Whether a run of pile ``source`` may go onto pile ``target`` (not a whole pile from a King onto an empty
    one: it would change nothing)."""
    run = table.run_from(source, target)
    return bool(run) and not (table.top(target) is None and len(run) == len(table.piles[source]))


def _pile_card(card: Card | None, down: bool) -> Text:
    if card is None:
        return Text(FACE_DOWN, style="dim")
    return Text(card.display, style="dim") if down else card_text(card)


class KlondikeUI(PatienceUI[Action, TableView]):
    """The table as a header line and the piles top to bottom (rows on a short terminal), leaving room for the
    first list under it; moves by source then destination."""

    def render(self, view: TableView, log: Sequence[str]) -> RenderableType:
        table = Table(view)
        room = (first_entries(table) if not view.over else 0) + TABLE_LINES
        return Fitted(
            lambda console, options: Group(*board_lines(table, options.max_width, options.size.height - room))
        )

    def steps(self, view: TableView, legal: Sequence[Action]) -> list[Step[Action]]:
        table = Table(view)
        steps: list[Step[Action]] = []
        for action in legal:
            steps.append(Step(action, path_of(table, action)))
        return steps

    def confirmation(self, view: TableView, action: Action) -> str | None:
        """Giving up ends the game as lost at once, past any undo: one key must not do it."""
        return GIVE_UP_QUESTION if isinstance(action, GiveUp) else None

    def label_keys(self, view: TableView) -> Mapping[str, str]:
        table = Table(view)
        keys = {source_label(table, k): k for k in PILE_KEYS + WASTE_KEY}
        keys.update({move_label(table, s, t): t for t in PILE_KEYS for s in PILE_KEYS + WASTE_KEY if s != t})
        keys.update({home_label(table, k): k for k in PILE_KEYS + WASTE_KEY})
        keys[draw_label(table)] = STOCK_KEY
        keys[HOME_TITLE] = HOME_KEY
        keys[BACK_DOWN_TITLE] = BACK_DOWN_KEY
        keys[GIVE_UP_TITLE] = GIVE_UP_KEY
        return keys

    def label_order(self, view: TableView) -> Sequence[str]:
        table = Table(view)
        order = [draw_label(table), HOME_TITLE, source_label(table, WASTE_KEY)]
        order += [source_label(table, k) for k in PILE_KEYS]
        order += [BACK_DOWN_TITLE, GIVE_UP_TITLE]
        order += [home_label(table, k) for k in WASTE_KEY + PILE_KEYS]
        return order + [move_label(table, s, t) for t in PILE_KEYS for s in PILE_KEYS + WASTE_KEY if s != t]

    def whole_log(self, lines: Sequence[str]) -> list[str]:
        """The deal's 52 lines as one, which names the cards it turned face up; the play as it came."""
        dealt = 0
        while dealt < len(lines) and DEALT_LINE.match(lines[dealt]):
            dealt += 1
        if dealt < TABLEAU_CARDS + STOCK_CARDS:  # a log cut short, or one of another shape: every line as it is
            return list(lines)
        face_up = [m.group(1) for line in lines[:dealt] if (m := FACE_UP_LINE.match(line))]
        summary = (
            f"The cards are dealt: {TABLEAU_CARDS} on the seven piles, the top card of each face up "
            f"({' '.join(face_up)}), and {STOCK_CARDS} in the stock."
        )
        return [summary, *lines[dealt:]]


def path_of(table: Table, action: Action) -> tuple[str, ...]:
    """The labels that lead to ``action`` in the lists."""
    if isinstance(action, Draw):
        return (draw_label(table),)
    if isinstance(action, GiveUp):
        return (GIVE_UP_TITLE,)
    assert isinstance(action, Move), action
    if action.target == HOME_KEY:
        return (HOME_TITLE, home_label(table, action.source))
    if action.source.startswith(HOME_KEY):
        suit = SUITS[[s.value.lower() for s in SUITS].index(action.source[1])]
        card = Card(table.home[suit], suit)
        return (BACK_DOWN_TITLE, f"{card.display} {target_label(table, action.target)}")
    return (source_label(table, action.source), move_label(table, action.source, action.target))


def draw_label(table: Table) -> str:
    """``Turn the stock (20 left)`` or ``Turn the waste over (a new pass)``."""
    if table.stock:
        return f"Turn the stock ({len(table.stock)} left)"
    return "Turn the waste over (a new pass)"


def source_label(table: Table, key: str) -> str:
    """``pile 3: 9♠ 8♥`` (its face-up cards), ``waste: 7♥``."""
    if key == WASTE_KEY:
        return "waste: " + (table.waste[-1].display if table.waste else "empty")
    index = int(key) - 1
    up = [c.display for c in table.piles[index][table.downs[index] :] if c is not None]
    return f"pile {key}: " + (" ".join(up) if up else "empty")


def target_label(table: Table, key: str) -> str:
    """``onto pile 5 (10♥)`` or ``to empty pile 5``."""
    top = table.top(int(key) - 1)
    return f"onto pile {key} ({top.display})" if top is not None else f"to empty pile {key}"


def move_label(table: Table, source: str, target: str) -> str:
    """``onto pile 5 (6♦)`` where a move from ``source`` (a pile or the waste) to pile ``target`` carries every
    card the source's label names; ``5♠ onto pile 5 (6♦)`` or ``J♥ and 2 more onto pile 2 (Q♣)`` where it
    carries fewer of its face-up cards."""
    plain = target_label(table, target)
    if source == WASTE_KEY:
        return plain
    index = int(source) - 1
    carried = table.run_from(index, int(target) - 1)
    if not carried or len(carried) == len(table.piles[index]) - table.downs[index]:
        return plain
    return carried[0].display + (f" and {len(carried) - 1} more" if len(carried) > 1 else "") + f" {plain}"


def home_label(table: Table, key: str) -> str:
    """``7♥ from pile 3`` or ``7♥ from the waste``: the card a move home takes."""
    card = table.waste[-1] if key == WASTE_KEY and table.waste else None
    if key in PILE_KEYS:
        card = table.top(int(key) - 1)
    return f"{card.display if card else EMPTY} from {place_words(key)}"

"""Klondike at the terminal: the table in eight lines, a move as a source key then a destination key.

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

from tabletop.patience.board import EMPTY, HOME_TITLE, PatienceUI, card_text, home_text, pile_text
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


def header(table: Table) -> Text:
    """``Draw 1 · move 12 · score 35 │ s 20 │ w 3♣ 9♦ K♠ │ home ♣3 ♦A ♥·· ♠2``."""
    view = table.view
    line = Text(f"Draw {view.draw} · move {view.moves} · score {view.score}", style="bold")
    if view.passes:
        line.append(f" · pass {view.turned + 1}/{view.passes}")
    line.append(f" │ {STOCK_KEY} ")
    line.append(f"{len(table.stock):2d}" if table.stock else EMPTY, style="" if table.stock else "dim")
    line.append(f" │ {WASTE_KEY} ")
    shown = table.waste[-WASTE_SHOWN:]
    if not shown:
        line.append(EMPTY, style="dim")
    for i, card in enumerate(shown):
        text = card_text(card)
        if i == len(shown) - 1:
            text.stylize("underline")
        line.append_text(text)
        if i < len(shown) - 1:
            line.append(" ")
    line.append(" │ ")
    return line.append_text(home_text(table.home))


def pile_line(table: Table, index: int) -> Text:
    """``3 │ ## ## 9♠ 8♥``: face-down cards as ``##`` (shown dim once the game is over and they are revealed)."""
    return pile_text(
        str(index + 1), [_pile_card(card, i < table.downs[index]) for i, card in enumerate(table.piles[index])]
    )


def _pile_card(card: Card | None, down: bool) -> Text:
    if card is None:
        return Text(FACE_DOWN, style="dim")
    return Text(card.display, style="dim") if down else card_text(card)


class KlondikeUI(PatienceUI[Action, TableView]):
    """The table as a header line and a line per pile; moves by source then destination."""

    def render(self, view: TableView, log: Sequence[str]) -> RenderableType:
        table = Table(view)
        return Group(header(table), *(pile_line(table, i) for i in range(len(table.piles))))

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
        keys.update({target_label(table, k): k for k in PILE_KEYS})
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
        return order + [target_label(table, k) for k in PILE_KEYS]

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
    return (source_label(table, action.source), target_label(table, action.target))


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


def home_label(table: Table, key: str) -> str:
    """``7♥ from pile 3`` or ``7♥ from the waste``: the card a move home takes."""
    card = table.waste[-1] if key == WASTE_KEY and table.waste else None
    if key in PILE_KEYS:
        card = table.top(int(key) - 1)
    return f"{card.display if card else EMPTY} from {place_words(key)}"

"""FreeCell at the terminal: the layout in nine lines, a move as a source key then a destination key.

Cascades keep their digits ``1``-``8``, free cells their letters ``a``-``d``
and home is ``h`` in every list, whatever else is legal; a cascade as the
source moves the longest sequence the destination takes. A card goes home
from the first list: ``h`` sends it in one key when only one card can go, and
when several can, the next list names each by its place's key (``h3``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text

from tabletop.game import FullView
from tabletop.patience.board import EMPTY, HOME_TITLE, PatienceUI, card_text, home_text, pile_text
from tabletop.ui.base import Step
from tabletop_freecell.rules import (
    BUILD,
    CASCADE_KEYS,
    CELL_KEYS,
    HOME_KEY,
    Action,
    FreeCellState,
    Move,
    is_cascade,
    state_from_json,
)

if TYPE_CHECKING:
    from rich.console import RenderableType

    from tabletop.game import View


def _state(view: View) -> FreeCellState:
    assert isinstance(view, FullView)
    return state_from_json(view.state)


def header(state: FreeCellState) -> Text:
    """``Deal 617 · move 12 │ a 7♥ b ·· c ·· d ·· │ home ♣3 ♦A ♥·· ♠2``."""
    line = Text(f"Deal {state.deal} · move {len(state.moves)} │ ", style="bold")
    if not state.cell_count:
        line.append("no free cells ")
    for key, card in zip(CELL_KEYS, state.cells):
        line.append(f"{key} ")
        line.append_text(card_text(card) if card else Text(EMPTY, style="dim"))
        line.append(" ")
    line.append("│ ")
    line.append_text(home_text(state.home))
    if not state.auto:
        line.append(" │ manual")
    return line


def cascade_line(state: FreeCellState, index: int) -> Text:
    """``3 │ J♦ K♦ 2♠ 4♣`` with the movable sequence at the top underlined."""
    cascade = state.cascades[index]
    run = BUILD.top_run(cascade)
    texts = [card_text(card) for card in cascade]
    if run > 1:
        for text in texts[-run:]:
            text.stylize("underline")
    return pile_text(str(index + 1), texts)


class FreeCellUI(PatienceUI[Action]):
    """The layout as one header line and a line per cascade; moves by source then destination."""

    def render(self, view: View, log: Sequence[str]) -> RenderableType:
        state = _state(view)
        lines = [header(state)] + [cascade_line(state, i) for i in range(len(state.cascades))]
        return Group(*lines)

    def steps(self, view: View, legal: Sequence[Action]) -> list[Step[Action]]:
        state = _state(view)
        steps: list[Step[Action]] = []
        for action in legal:
            if not isinstance(action, Move):
                steps.append(Step(action, (str(action),)))
                continue
            if action.target == HOME_KEY:
                steps.append(Step(action, (HOME_TITLE, home_label(state, action.source))))
                continue
            path: tuple[str, ...] = (source_label(state, action.source), move_target_label(state, action))
            if is_cascade(action.source) and is_cascade(action.target) and not state.cascades[int(action.target) - 1]:
                counts = state.movable(action.source, action.target)
                if len(counts) > 1:
                    path += (count_label(state, action.source, action.count or counts[-1], action.count == 0),)
            steps.append(Step(action, path))
        return steps

    def _move_targets(self, state: FreeCellState) -> dict[str, str]:
        """The destination labels that name the cards moving (:func:`move_target_label`), and their keys."""
        return {
            move_target_label(state, a): a.target
            for a in state.legal_actions()
            if isinstance(a, Move) and a.target != HOME_KEY
        }

    def plays_lone_action(self, view: View, action: Action) -> bool:
        """Not the move that takes back the one just made: the player may rather undo it, or see that
        the game is lost (else a card sent to a free cell would come straight back, again and again)."""
        state = _state(view)
        if not state.moves or not isinstance(action, Move):
            return True
        last = Move.parse(state.moves[-1])
        return not (action.source == last.target and action.target == last.source)

    def label_keys(self, view: View) -> Mapping[str, str]:
        state = _state(view)
        keys = {source_label(state, k): k for k in CASCADE_KEYS + state.cell_keys()}
        keys.update({target_label(state, k): k for k in CASCADE_KEYS + state.cell_keys()})
        keys.update({home_label(state, k): k for k in CASCADE_KEYS + state.cell_keys()})
        keys.update(self._move_targets(state))
        keys[HOME_TITLE] = HOME_KEY
        return keys

    def label_order(self, view: View) -> Sequence[str]:
        state = _state(view)
        keys = CASCADE_KEYS + state.cell_keys()
        moving = self._move_targets(state)
        return (
            [source_label(state, k) for k in keys]
            + [HOME_TITLE]
            + [home_label(state, k) for k in keys]
            + [label for k in keys for label in _target_labels(state, k, moving)]
        )


def source_label(state: FreeCellState, key: str) -> str:
    """``cascade 3: 9♠ 8♥`` (the sequence that may move), ``free cell a: 7♥``."""
    if is_cascade(key):
        cascade = state.cascades[int(key) - 1]
        run = cascade[len(cascade) - BUILD.top_run(cascade) :]
        return f"cascade {key}: " + (" ".join(c.display for c in run) if run else "empty")
    card = state.card_at(key)
    return f"free cell {key}: {card.display if card else 'empty'}"


def target_label(state: FreeCellState, key: str) -> str:
    """``onto cascade 3 (9♣)``, ``to empty cascade 4``, ``to free cell b``, ``home``."""
    if key == HOME_KEY:
        return "home"
    if is_cascade(key):
        cascade = state.cascades[int(key) - 1]
        return f"onto cascade {key} ({cascade[-1].display})" if cascade else f"to empty cascade {key}"
    return f"to free cell {key}"


def move_target_label(state: FreeCellState, action: Move) -> str:
    """The destination of a move, naming the cards that go where the source showed more of them than move:
    ``onto cascade 1 (J♦): 10♠`` after ``cascade 7: J♥ 10♠``, ``to free cell c: 6♦``."""
    label = target_label(state, action.target)
    if not is_cascade(action.source) or (is_cascade(action.target) and not state.cascades[int(action.target) - 1]):
        return label  # a free cell's one card, or a count asked next (onto an empty cascade)
    cascade = state.cascades[int(action.source) - 1]
    counts = state.movable(action.source, action.target) if is_cascade(action.target) else [1]
    moving = action.count or (counts[-1] if counts else 1)
    if moving >= BUILD.top_run(cascade):
        return label  # the whole run shown moves
    return f"{label}: {' '.join(c.display for c in cascade[-moving:])}"


def _target_labels(state: FreeCellState, key: str, moving: dict[str, str]) -> list[str]:
    """The labels of destination ``key``: its own, then those naming the cards moving there."""
    return [target_label(state, key), *(label for label, k in moving.items() if k == key)]


def home_label(state: FreeCellState, key: str) -> str:
    """``5♣ from cascade 3``, ``7♦ from free cell a``: the card a move home takes."""
    card = state.card_at(key)
    where = f"cascade {key}" if is_cascade(key) else f"free cell {key}"
    return f"{card.display if card else EMPTY} from {where}"


def count_label(state: FreeCellState, source: str, count: int, longest: bool) -> str:
    """``all 3: 9♠ 8♥ 7♠``, ``2 cards: 8♥ 7♠``, or ``the most that can go, 2: 7♣ 6♦`` (of a longer run) onto an
    empty cascade."""
    cascade = state.cascades[int(source) - 1]
    cards = " ".join(c.display for c in cascade[-count:])
    if longest:
        return f"all {count}: {cards}" if count >= BUILD.top_run(cascade) else f"the most that can go, {count}: {cards}"
    return f"{count} card{'s' if count > 1 else ''}: {cards}"

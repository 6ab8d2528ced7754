"""Golf, a patience written against :mod:`tabletop.playing_cards` with no card code of its own.

Seven columns of five cards, face up; the other seventeen cards are the stock, the first of them turned onto
the waste. Play the top card of a column onto the waste when it is one rank above or below the waste's top
card (no turning the corner from King to Ace), or turn the next stock card onto the waste. The game ends
when nothing can be played; the score is the cards left in the columns, and fewer is better (0 wins).

The deal is chance, card by card (:func:`tabletop.playing_cards.draw_outcomes`); the stock is kept sorted,
so its order is decided only as each card is turned, and nothing is hidden. The state is a dataclass of
cards: its JSON, notation and copies come from the declarations.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rich.console import RenderableType
from rich.text import Text

from tabletop.game import CHANCE, TERMINAL, FullView, Game, GameInfo, State
from tabletop.notation import Notation
from tabletop.playing_cards import Card, draw_outcomes, standard_deck
from tabletop.ui.base import GameUI

COLUMNS = 7
DEPTH = 5
LAYOUT = COLUMNS * DEPTH
DECK = 52
STOCK = DECK - LAYOUT - 1
"""The stock once the layout is dealt and its first card turned onto the waste."""


@dataclass(frozen=True)
class Deal(Notation):
    """Chance turns ``card`` up: onto the next column while dealing, else onto the waste."""

    card: Card


@dataclass(frozen=True)
class Play(Notation):
    """The top card of ``column`` (1 to 7) goes onto the waste."""

    column: int


@dataclass(frozen=True)
class Turn(Notation):
    """The next stock card is turned onto the waste."""


Action = Deal | Play | Turn


@dataclass
class GolfState(State[Action]):
    """The columns (bottom card first), the waste (top last) and the stock still to turn (sorted)."""

    columns: list[list[Card]] = field(default_factory=lambda: [[] for _ in range(COLUMNS)])
    waste: list[Card] = field(default_factory=list)
    stock: list[Card] = field(default_factory=standard_deck)
    turning: bool = False

    def current_player(self) -> int:
        if len(self.stock) > STOCK or self.turning:  # the deal, or a card being turned
            return CHANCE
        return 0 if self._legal_actions(0) else TERMINAL

    def _legal_actions(self, player: int) -> list[Action]:
        top = self.waste[-1]
        plays: list[Action] = [Play(i + 1) for i, c in enumerate(self.columns) if c and abs(c[-1].rank - top.rank) == 1]
        return plays + ([Turn()] if self.stock else [])

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return draw_outcomes(self.stock, Deal)

    def _apply_action(self, action: Action) -> None:
        if isinstance(action, Deal):
            self.stock.remove(action.card)
            dealt = DECK - len(self.stock) - 1
            (self.columns[dealt % COLUMNS] if dealt < LAYOUT else self.waste).append(action.card)
            self.turning = False
        elif isinstance(action, Play):
            self.waste.append(self.columns[action.column - 1].pop())
        else:
            self.turning = True

    def returns(self) -> list[float]:
        return [1.0 if self.final_score() == 0 else 0.0]

    def final_score(self) -> float:
        return float(sum(map(len, self.columns)))

    def outcome_text(self) -> str:
        left = sum(map(len, self.columns))
        return "Every column cleared: you win!" if not left else f"{left} cards left in the columns."

    def invariant_violations(self) -> list[str]:
        cards = [c for column in self.columns for c in column] + self.waste + self.stock
        return [] if sorted(cards) == standard_deck() and len(self.columns) == COLUMNS else ["not one deck"]


GolfView = FullView[GolfState]
"""A player sees the whole position: nothing is hidden."""


class GolfUI(GameUI[Action, GolfView, GolfView]):
    """Each column on a line, then the waste's top card and the stock's size."""

    def render(self, view: GolfView, log: Sequence[str]) -> RenderableType:
        state = view.state
        lines = [f"{i + 1}: {' '.join(map(str, column))}" for i, column in enumerate(state.columns)]
        waste = str(state.waste[-1]) if state.waste else "--"
        return Text("\n".join([*lines, f"Waste {waste}   Stock {len(state.stock)}", *log[-3:]]))


class Golf(Game[Action]):
    """The patience: a test of the playing cards and the declarations, not a built-in game."""

    info = GameInfo(
        id="golf",
        name="Golf",
        summary="Clear seven columns onto the waste, one rank up or down at a time.",
        players=1,
        max_length=DECK + (DECK - LAYOUT) + LAYOUT,  # every card dealt, the stock turned, every column card played
        perfect_information=True,
        score_direction="lower",
        score_unit="cards left",
    )

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> GolfState:
        return GolfState()

    def ui(self) -> GameUI[Action, GolfView, GolfView]:
        return GolfUI(self)


game = Golf()

"""High Card in the terminal: a small table drawn with rich, one step per card played."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.game import CHANCE, TERMINAL
from tabletop.ui.base import GameUI, Step
from tabletop_highcard.rules import SEATS, Action, HighCardTable, HighCardView, Play, beats

if TYPE_CHECKING:
    from rich.console import RenderableType


LOG_LINES = 4
"""How many of the latest log lines the board shows."""


def card_text(card: int | None, style: str = "bold") -> Text:
    """A card face, ``[7]``; ``None`` is a face-down card ``[#]``."""
    if card is None:
        return Text("[#]", style="dim")
    return Text(f"[{card}]", style=style)


def row(cards: Sequence[int | None], style: str = "bold") -> Text:
    """Cards side by side, ``[7] [#]``, or a dash for none."""
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        text.append_text(card_text(card, style))
    return text or Text("-", style="dim")


def _log_lines(log: Sequence[str]) -> list[Text]:
    """The latest lines of the log, indented under the board."""
    return [Text(f"  {line}") for line in log[-LOG_LINES:]]


def _rule(low: bool) -> str:
    return "lower card wins" if low else "higher card wins"


class HighCardUI(GameUI[Action, HighCardView, HighCardTable]):
    """Draws the opponent's face-down hand, the trick, your hand and the score."""

    def render(self, view: HighCardView | HighCardTable, log: Sequence[str]) -> RenderableType:
        if isinstance(view, HighCardTable):
            return self._render_table(view, log)
        me, them = view.player, 1 - view.player
        board = Table.grid(padding=(0, 2))
        board.add_column(justify="right", style="cyan")
        board.add_column()
        board.add_row(f"{SEATS[them]}", row([None] * view.opponent_cards))
        board.add_row("Trick", self._trick(view))
        board.add_row(f"{SEATS[me]} (you)", row(view.hand, "bold green"))
        board.add_row("Deck", Text(f"{view.deck_cards} face down", style="dim"))
        board.add_row("Tricks", Text(f"{SEATS[me]} {view.tricks[me]} - {view.tricks[them]} {SEATS[them]}"))
        return Group(
            Panel(board, title="High Card", subtitle=_rule(view.low), expand=False),
            *_log_lines(log),
            Text(self._status(view), style="bold"),
        )

    def _render_table(self, view: HighCardTable, log: Sequence[str]) -> RenderableType:
        """The table from no seat, as a replay shows it: both hands, face down unless revealed."""
        board = Table.grid(padding=(0, 2))
        board.add_column(justify="right", style="cyan")
        board.add_column()
        board.add_row(SEATS[0], row(view.hands[0]))
        board.add_row("Trick", self._trick(view))
        board.add_row(SEATS[1], row(view.hands[1]))
        board.add_row("Deck", Text(f"{view.deck_cards} face down", style="dim"))
        board.add_row("Tricks", Text(f"{SEATS[0]} {view.tricks[0]} - {view.tricks[1]} {SEATS[1]}"))
        to_act = [Text(f"{SEATS[view.to_act]} to play.", style="bold")] if view.to_act >= 0 else []
        return Group(Panel(board, title="High Card", subtitle=_rule(view.low), expand=False), *_log_lines(log), *to_act)

    def _trick(self, view: HighCardView | HighCardTable) -> Text:
        if view.trick:
            return Text(f"{SEATS[view.leader]} led ").append_text(card_text(view.trick[0], "bold yellow"))
        if view.played:
            leader, lead, follow = view.played[-1]
            return Text(f"last: {SEATS[leader]} {lead}, {SEATS[1 - leader]} {follow}", style="dim")
        return Text("empty", style="dim")

    def _status(self, view: HighCardView) -> str:
        if view.to_act == TERMINAL:
            return "The game is over."
        if view.to_act == CHANCE:
            return "Dealing..."
        if view.to_act == view.player:
            return "Your turn: follow the lead." if view.trick else "Your turn: lead a card."
        # The same words fit a computer thinking, a hot-seat handover and a replay.
        return f"{SEATS[view.to_act]} to play."

    def steps(self, view: HighCardView, legal: Sequence[Action]) -> list[Step[Action]]:
        """One step per card, saying whether it would take the trick when following."""
        steps: list[Step[Action]] = []
        for action in legal:
            assert isinstance(action, Play)
            label = f"Play {action.card}"
            if view.trick:
                takes = not beats(view.trick[0], action.card, view.low)
                label += " (takes the trick)" if takes else " (gives the trick away)"
            steps.append(Step(action, (label,)))
        return steps

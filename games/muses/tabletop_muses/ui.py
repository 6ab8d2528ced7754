"""The terminal interface of Muses: cards, dice, hints and powers on one 80x24 screen.

Each display muse is a card showing its name, points, the condition on top
(marked ▲) and the edges still to come in rotation order, ending with the
discard; dice are shown as faces with their digits; hints and unused powers
are always on screen. The table's Hint asks the exact solver for the best move
(:mod:`tabletop_muses.analyst`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.ui.base import GameUI, Step
from tabletop_muses.cards import Card, Power
from tabletop_muses.rules import (
    ACT,
    OVER,
    Claim,
    End,
    Hint,
    MusesAction,
    MusesState,
    MusesView,
    UsePower,
    face,
)

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType
    from rich.text import Text

    from tabletop.game import State, View

CARD_WIDTH = 19
ADVISE = "advise"
ADVICE_LINES = 6
"""Alternatives listed under the advice: with the board above, they fit 24 lines."""
LOG_LINES = 3
CLAIMED_LINES = 3
"""At most 8 lines of cards, 4 of status and 3 of log: with the largest move menu, 23 lines."""


def power_short(power: Power | None) -> str:
    """A few words for a power, to fit on a card."""
    if power is None:
        return "no power"
    return {
        "flip": "flip a die",
        "reroll": "re-roll a die",
        "match": "match the dice",
        "adjust": f"adjust a die ±{power.amount}",
    }[power.kind]


def power_word(power: Power) -> str:
    """A power in a word or two, for the list of claimed muses."""
    return {"flip": "flip", "reroll": "re-roll", "match": "match", "adjust": f"±{power.amount}"}[power.kind]


def upcoming(card: Card, rotation: int) -> list[str]:
    """The edges still to come after ``rotation``, then how the card leaves."""
    lines = []
    for rot in range(rotation + 1, len(card.edges)):
        edge = card.top(rot)
        if edge is None:
            lines.append("✗ blank: discard")
            return lines
        lines.append(f"{rot + 1} {edge}")
    lines.append("✗ upright: discard")
    return lines


def card_text(card: Card, rotation: int) -> Text:
    """The inside of a display card: six lines that never wrap."""
    from rich.text import Text

    top = card.top(rotation)
    nxt = upcoming(card, rotation)[:3]
    nxt += [""] * (3 - len(nxt))
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"{card.name[:11]:<11}", style="bold")
    text.append(f" {card.worth:>5}\n")
    text.append(f"▲ {top}", style="reverse bold")
    text.append("\n")
    for line in nxt:
        text.append(f"{line}\n", style="dim")
    text.append(power_short(card.power))
    return text


def _state(view: View) -> MusesState:
    assert isinstance(view, MusesView)
    return view.state()


def dice_text(state: MusesState) -> str:
    if state.dice is not None:
        a, b = state.dice
        return f"Dice: [{face(a)}] [{face(b)}]"
    if state.kept is not None:
        return f"Dice: [{face(state.kept)}] [re-rolling]"
    return "Dice: not rolled"


def status_lines(state: MusesState, width: int = 80) -> list[str]:
    """Score, hints, deck, then the claimed muses and their powers in at most three lines.

    A finished game shows no claimed line: the result below it adds the muses up.
    """
    hints = "●" * state.hints + "○" * (state.cardset.hints - state.hints)
    where = "Game over" if state.phase == OVER else f"Turn {state.turn}  {dice_text(state)}"
    head = (
        f"{where}  Hints {hints} ({state.hints})  Deck {len(state.deck)}  Score {state.score()}/{state.cardset.target}"
    )
    # Unused hints count a point each: say so, or a score before any claim looks wrong.
    if state.hints and len(note := f"{head} ({state.hints} from hints)") < width:
        head = note
    if state.phase == OVER:
        return [head]
    claimed = []
    for i, used in state.tableau:
        card = state.card(i)
        if card.power is None:
            claimed.append(f"{card.name} {card.points}")
        else:
            mark = "used" if used else f"READY: {power_word(card.power)}"
            claimed.append(f"{card.name} {card.points} ({mark})")
    return [head, *_pack("Claimed:", claimed or ["none yet"], width - 1, CLAIMED_LINES)]


def _pack(label: str, entries: Sequence[str], width: int, max_lines: int) -> list[str]:
    """``label`` and the comma-separated ``entries`` in lines of ``width``, breaking only between entries.

    >>> _pack("Claimed:", ["Urania 3 (used)", "Cleo 4", "Thalia 1"], 26, 3)
    ['Claimed: Urania 3 (used),', '  Cleo 4, Thalia 1']
    """
    lines = [label]
    for i, entry in enumerate(entries):
        piece = entry + ("," if i < len(entries) - 1 else "")
        if lines[-1] == label or len(lines[-1]) + 1 + len(piece) <= width:
            lines[-1] += " " + piece
        else:
            lines.append("  " + piece)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1][: width - 2] + " …"
    return lines


class MusesUI(GameUI[MusesAction]):
    """Draws Muses and names each action in a few plain steps."""

    def render(self, view: View, log: Sequence[str]) -> RenderableType:
        from rich.console import Group
        from rich.panel import Panel
        from rich.table import Table
        from rich.text import Text

        from tabletop.ui.base import Fitted

        state = _state(view)
        grid = Table.grid(padding=(0, 1))
        panels = []
        for i, rot in reversed(state.display):  # newest first: it stays longest
            panels.append(Panel(card_text(state.card(i), rot), width=CARD_WIDTH, padding=(0, 0)))
        if panels:
            for _ in panels:
                grid.add_column()
            grid.add_row(*panels)

        def lines(console: Console, options: ConsoleOptions) -> RenderableType:
            # The status packs the claimed muses into the width it is drawn at.
            shown = [Text(line, overflow="ellipsis", no_wrap=True) for line in status_lines(state, options.max_width)]
            shown += [Text(f"  {line}", style="dim", overflow="ellipsis", no_wrap=True) for line in log[-LOG_LINES:]]
            return Group(*shown)

        return Group(grid if panels else "The display is empty.", Fitted(lines))

    def steps(self, view: View, legal: Sequence[Any]) -> list[Step[MusesAction]]:
        state = _state(view)
        # Ending the turn cannot be undone (the next card is turned up), so it is listed last:
        # the cursor starts on it only when it is the one thing left to do.
        ordered = sorted(legal, key=lambda a: isinstance(a, End))
        return [Step(a, self.path(state, a)) for a in ordered]

    def path(self, state: MusesState, action: MusesAction) -> tuple[str, ...]:
        """The labels a person picks to reach ``action``."""
        if isinstance(action, End):
            return ("End the turn without a claim",)
        if isinstance(action, Claim):
            card = state.card(state.cardset.index(action.card))
            return ("Claim a muse", f"{card.name} ({card.worth})")
        if isinstance(action, Hint):
            return ("Use a hint", f"die {face(action.die)}", f"{action.delta:+d} → {action.die + action.delta}")
        if isinstance(action, UsePower):
            return ("Use a power",) + self._power_path(state, action)
        return (str(action),)

    def _power_path(self, state: MusesState, action: UsePower) -> tuple[str, ...]:
        card = state.card(state.cardset.index(action.card))
        power = card.power
        assert power is not None and state.dice is not None
        who = f"{card.name}: {power_short(power)}"
        die = f"die {face(action.die)}"
        a, b = state.dice
        other = b if a == action.die else a
        if power.kind == "adjust":
            return (who, die, f"{action.delta:+d} → {action.die + action.delta}")
        if power.kind == "flip":
            return (who, f"{die} → {7 - action.die}")
        if power.kind == "match":
            return (who, f"{die} → {other}")
        return (who, die)

    def label(self, state: MusesState, action: MusesAction) -> str:
        """One line naming an action, for the advice list."""
        return " > ".join(self.path(state, action))

    def unavailable(self, view: View) -> list[tuple[tuple[str, ...], str]]:
        state = _state(view)
        if state.phase != ACT or state.dice is None:
            return []
        out: list[tuple[tuple[str, ...], str]] = []
        claimable = set(state.claimable())
        dice = f"{state.dice[0]} and {state.dice[1]}"
        missing = [(i, r) for i, r in state.display if i not in claimable]
        if not claimable:
            out.append((("Claim a muse",), f"{dice} meet no top condition"))
        else:
            for i, rot in missing:
                card = state.card(i)
                out.append((("Claim a muse", f"{card.name} ({card.worth})"), f"{dice} do not meet {card.top(rot)}"))
        if state.hints == 0:
            out.append((("Use a hint",), "no hints left"))
        if not state.unused_powers():
            claimed_power = any(state.card(i).power is not None for i, _ in state.tableau)
            out.append(
                (
                    ("Use a power",),
                    "every claimed power is used" if claimed_power else "claim a muse with a power first",
                )
            )
        elif not any(isinstance(a, UsePower) for a in state.legal_actions()):
            out.append((("Use a power",), "your powers cannot change these dice"))
        return out

    def render_result(self, state: State[Any]) -> RenderableType:
        assert isinstance(state, MusesState)
        import textwrap

        from rich.console import Group
        from rich.text import Text

        from tabletop.ui.base import Fitted

        parts = [
            f"{state.card(i).name}\u00a0{state.card(i).points}" for i, _ in state.tableau
        ]  # name and points stay together
        total = "Claimed: " + (" + ".join(parts) if parts else "nothing") + f" = {state.claimed_points()}"

        def claimed(console: Console, options: ConsoleOptions) -> RenderableType:
            wrapped = textwrap.wrap(total, options.max_width - 1, subsequent_indent="  ")
            return Group(*(Text(line.replace("\u00a0", " ")) for line in wrapped))

        return Group(Fitted(claimed), f"Unused hints: {state.hints}", f"[bold]{state.outcome_text()}[/bold]")

"""Five Dice's terminal interface: the score sheet, the dice, the rolls left, and the choices step by step.

The sheet fits 80x24 beside the list of choices: the upper boxes and the lower boxes side by
side, each open box showing (in brackets) what the dice would score there now, the upper bonus
progress ("upper 41 / 63") and the totals. With several players the player to act's sheet is
drawn, and every other sheet's totals on one line; at 120 columns or more every sheet is drawn
side by side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop.game import State, View
from tabletop.ui.base import REDRAW, Choice, Chosen, Fitted, GameUI, Prompter, Step
from tabletop_fivedice.holds import choose_holds
from tabletop_fivedice.rules import ROLLS_PER_TURN, FiveDiceAction, FiveDiceState, Keep, Score, state_of
from tabletop_fivedice.scoring import BOX_NAMES, BOXES, LOWER, UPPER, UPPER_BONUS, UPPER_BONUS_AT, upper_total

WIDE = 120
"""From this many columns, every player's sheet is drawn side by side."""
LOG_LINES = 3
SCORE_UPPER = "Score in an upper box"
SCORE_LOWER = "Score in a lower box"
ROLL_AGAIN = "Roll again"
SHEETS = "sheets"
HOLDS = "holds"
HOLD_DICE = "Keep dice by their numbers 1-5, then roll"
HOLDS_KEY = "k"
KIND_KEYS = {SCORE_UPPER: "u", SCORE_LOWER: "d", ROLL_AGAIN: "r"}
"""Each kind of decision's own key (``k`` is the holds, ``s`` Sheets; the table's ``?``, ``l`` and ``m`` stay free)."""


GAME_OVER = "Every box is filled: the game is over."
GAME_OVER_AT_A_TABLE = "Every sheet is full: the game is over."


def _sheet_order(action: FiveDiceAction) -> int:
    """A score's place down the sheet; holds after every box (in the order they came)."""
    return action.box if isinstance(action, Score) else BOXES


def dice_text(faces: Sequence[int], kept: Sequence[int] = ()) -> Text:
    """The dice as ``[3] [3] [5]``; held dice (a reroll pending) marked with ``*`` and in bold."""
    text = Text()
    held = Counter(kept)
    for face in faces:
        if held[face]:
            held[face] -= 1
            text.append(f"[{face}]*", style="bold green")
        else:
            text.append(f"[{face}] ")
        text.append(" ")
    return text


class FiveDiceUI(GameUI[FiveDiceAction]):
    """The score sheet and the steps to each action."""

    def render(self, view: View, log: Sequence[str]) -> RenderableType:
        state = state_of(view)
        return Fitted(lambda console, options: self._draw(state, view.player, log, options))

    def _draw(self, state: FiveDiceState, viewer: int, log: Sequence[str], options: ConsoleOptions) -> Group:
        shown = state.player if not state.is_terminal() else max(0, viewer)
        wide = options.max_width >= WIDE and state.players > 1
        if wide:
            sheets = Table.grid(padding=(0, 3))
            for _ in range(state.players):
                sheets.add_column()
            sheets.add_row(*(self.sheet(state, p, show_now=p == state.player) for p in range(state.players)))
            board: RenderableType = sheets
        else:
            board = self.sheet(state, shown, show_now=shown == state.player)
        lines: list[RenderableType] = [board]
        if state.players > 1 and not wide:
            others = ", ".join(f"Player {p + 1} {state.total(p)}" for p in range(state.players) if p != shown)
            lines.append(Text(f"Others: {others}", style="dim"))
        lines.append(self._dice_line(state))
        height = options.size.height if options.size else 24
        keep = LOG_LINES if height >= 24 else 1
        lines += [Text(line, style="dim") for line in list(log)[-keep:]]
        return Group(*lines)

    def _dice_line(self, state: FiveDiceState) -> Text:
        if state.is_terminal():  # the scores come under the board, in the result (said once)
            return Text(GAME_OVER if state.players == 1 else GAME_OVER_AT_A_TABLE, style="bold")
        who = f"Player {state.player + 1}: " if state.players > 1 else ""
        if state.dice is None:
            return Text(f"{who}rolling the dice...")
        line = Text(f"{who}Dice ")
        line.append_text(dice_text(state.dice, state.kept or ()))
        line.append(f"  roll {state.rolls} of {ROLLS_PER_TURN}")
        return line

    def sheet(self, state: FiveDiceState, player: int, *, show_now: bool) -> Table:
        """One player's sheet: upper and lower boxes side by side, what the dice score now in brackets."""
        sheet = state.sheets[player]
        now = dict(state.choices()) if show_now and state.dice is not None and state.kept is None else {}
        title = f"Player {player + 1}" if state.players > 1 else "Five Dice"
        table = Table(title=f"{title} · total {state.total(player)}", title_justify="left", box=None, padding=(0, 1))
        for _ in range(2):
            table.add_column(no_wrap=True)
            table.add_column(justify="right", no_wrap=True)

        def cell(box: int) -> tuple[str, Text]:
            points = sheet[box]
            if points is not None:
                return BOX_NAMES[box], Text(str(points), style="bold")
            if box in now:
                return BOX_NAMES[box], Text(f"({now[box]})", style="cyan")
            return BOX_NAMES[box], Text("·" if not show_now or state.dice is None else "-", style="dim")

        for row in range(len(LOWER)):
            left = cell(UPPER[row]) if row < len(UPPER) else ("", Text(""))
            if row == len(UPPER):
                upper = upper_total(sheet)
                bonus = UPPER_BONUS if upper >= UPPER_BONUS_AT else 0
                left = (f"upper {upper} / {UPPER_BONUS_AT}", Text(f"+{bonus}" if bonus else "", style="bold"))
            right = cell(LOWER[row])
            table.add_row(left[0], left[1], right[0], right[1])
        if state.bonuses[player]:
            table.add_row("", "", "5-kind bonus", Text(f"{100 * state.bonuses[player]}", style="bold"))
        return table

    def steps(self, view: View, legal: Sequence[FiveDiceAction]) -> list[Step[FiveDiceAction]]:
        state = state_of(view)
        points = dict(state.choices()) if state.dice is not None else {}
        bonus = state.bonus_now() if state.dice is not None else 0
        steps: list[Step[FiveDiceAction]] = []
        for action in sorted(legal, key=_sheet_order):  # the boxes as the sheet lists them, not by name
            if isinstance(action, Score):
                group = SCORE_UPPER if action.box in UPPER else SCORE_LOWER
                extra = f" + bonus {bonus}" if bonus else ""
                steps.append(Step(action, (group, f"{BOX_NAMES[action.box]}: {points[action.box]}{extra}")))
            else:
                assert isinstance(action, Keep) and state.dice is not None
                steps.append(Step(action, (ROLL_AGAIN, *self._hold_path(state.dice, action.kept))))
        return steps

    @staticmethod
    def _hold_path(dice: Sequence[int], kept: Sequence[int]) -> tuple[str, ...]:
        """One step per face showing: how many of its dice to hold (``2 2: hold 1``, ``5: reroll``)."""
        shown, held = Counter(dice), Counter(kept)
        path = []
        for face in sorted(shown):
            faces = " ".join([str(face)] * shown[face])
            if shown[face] == 1:
                path.append(f"{faces}: hold" if held[face] else f"{faces}: reroll")
            else:
                path.append(f"{faces}: hold {held[face]}" if held[face] else f"{faces}: reroll all")
        return tuple(path)

    def extra_choices(self, view: View) -> list[Choice]:
        """Holds die by die while a reroll is left; with several players every sheet, one screen each (at 80
        columns only one is drawn with the board)."""
        state = state_of(view)
        extras = []
        if state.dice is not None and state.kept is None and state.rolls < ROLLS_PER_TURN:
            extras.append(Choice(HOLD_DICE, HOLDS, key=HOLDS_KEY))
        if state.players > 1:
            extras.append(Choice("Sheets: every player's sheet in turn", SHEETS, key="s"))
        return extras

    def handle_extra(self, value: object, console: Console, prompter: Prompter, state_view: View) -> object:
        state = state_of(state_view)
        if value == HOLDS:
            assert state.dice is not None
            board = self.sheet(state, state.player, show_now=True)
            keep = choose_holds(state.dice, state.rolls, board, console, prompter)
            return REDRAW if keep is None else Chosen(keep)
        from tabletop.ui.terminal import clear_screen

        for player in range(state.players):
            clear_screen(console)  # a sheet to a screen: on 24 lines the board and a sheet do not both fit
            console.print(self.sheet(state, player, show_now=False))
            prompter.pause("Press any key for the next sheet" if player < state.players - 1 else "Press any key")
        return REDRAW  # each sheet waited for its key

    def label_order(self, view: View) -> Sequence[str]:
        return [SCORE_UPPER, SCORE_LOWER, ROLL_AGAIN]

    def label_keys(self, view: View) -> Mapping[str, str]:
        """``u`` the upper boxes, ``d`` the lower ones (down the sheet), ``r`` roll again: the same every turn."""
        return KIND_KEYS

    def render_result(self, state: State[FiveDiceAction]) -> RenderableType:
        assert isinstance(state, FiveDiceState)
        return Text(state.outcome_text(), style="bold")

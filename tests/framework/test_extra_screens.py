"""A game's own screen behind an extra entry: it may play an action it picked, or hand the board back at once."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from rich.console import Console

from tabletop.game import View
from tabletop.loop import Match
from tabletop.ui.base import REDRAW, Choice, Chosen, GameUI, Prompter
from tabletop.ui.play import Table, _ask_action
from tests.framework.test_table import Scripted
from tests.store.store_fakegames import FakeRegistry, Move


class OwnScreen(GameUI[Move, View, View]):
    """An extra entry whose screen picks the action its script says (or goes back)."""

    def __init__(self, game: Any, outcome: object) -> None:
        super().__init__(game)
        self.outcome = outcome
        self.opened = 0

    def extra_choices(self, view: View) -> list[Choice]:
        return [Choice("Pick on a screen of its own", "own", key="o")]

    def handle_extra(self, value: Any, console: Console, prompter: Prompter, state_view: View) -> object:
        self.opened += 1
        outcome, self.outcome = self.outcome, None  # once: the next time the table asks as usual
        return outcome


def nim_table(ui_outcome: object, *answers: Any) -> tuple[Table, OwnScreen, Scripted]:
    game = FakeRegistry().get("nim")
    match: Match[Move] = Match(game, options={"pile": "5"}, seed=3, agents=[None, None])
    match.advance()  # the roll (chance)
    ui = OwnScreen(game, ui_outcome)
    prompter = Scripted(*answers)
    return Table(match, ui, Console(file=io.StringIO()), prompter, ["A", "B"]), ui, prompter


def legal_moves(table: Table) -> Sequence[Move]:
    return table.match.state.legal_actions()


def test_an_action_picked_on_the_games_own_screen_is_played() -> None:
    table, ui, prompter = nim_table(None, "own")
    wanted = legal_moves(table)[-1]
    ui.outcome = Chosen(wanted)
    assert _ask_action(table, table.match.state.current_player()) == wanted
    assert ui.opened == 1 and [m for m, _, _ in prompter.asked] == ["Your move:"]  # no pause, no second list


def test_a_screen_left_with_nothing_to_read_gives_the_board_back_without_a_pause() -> None:
    table, ui, prompter = nim_table(REDRAW, "own", "take1")
    assert str(_ask_action(table, table.match.state.current_player())) == "take1"
    assert [m for m, _, _ in prompter.asked] == ["Your move:", "Your move:"] and ui.opened == 1


def test_a_screen_that_printed_something_waits_for_a_key_as_before() -> None:
    table, ui, prompter = nim_table(None, "own", "take1")
    assert str(_ask_action(table, table.match.state.current_player())) == "take1"
    assert ui.opened == 1
    assert [m for m, _, _ in prompter.asked] == ["Your move:", "Press any key to go on", "Your move:"]


def test_an_action_not_legal_here_is_never_played() -> None:
    table, ui, prompter = nim_table(Chosen("take99"), "own", "take1")
    assert str(_ask_action(table, table.match.state.current_player())) == "take1"
    assert ui.opened == 1 and [m for m, _, _ in prompter.asked] == ["Your move:", "Your move:"]

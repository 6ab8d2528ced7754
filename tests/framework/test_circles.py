"""The Coach never goes round in a circle: a move back to a position the player has already stood at is never
put first while another move is left, at the table (its list and ``!``) and in the review alike."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from tabletop.analysis import Analysis, Analyst, Rated
from tabletop.game import TERMINAL, Game, GameInfo, State, View
from tabletop.loop import Match
from tabletop.review import review_game
from tabletop.ui.base import GameUI
from tabletop.ui.coach import coach_move
from tabletop.ui.play import Table
from tests.framework.test_table import Scripted

GOAL = 3
"""The walk is won at this square."""


@dataclass
class Walk(State[str]):
    """A token on squares 0 to 3, moved a square left or right; square 3 wins, and 20 moves end the walk."""

    at: int = 1
    moves: int = 0

    def current_player(self) -> int:
        return TERMINAL if self.at == GOAL or self.moves >= 20 else 0

    def _legal_actions(self, player: int) -> list[str]:
        return [step for step in ("left", "right") if (step == "left" and self.at > 0) or step == "right"]

    def _apply_action(self, action: str) -> None:
        self.at += 1 if action == "right" else -1
        self.moves += 1

    def returns(self) -> list[float]:
        return [1.0 if self.at == GOAL else 0.0]

    def position_key(self) -> str:
        return str(self.at)  # the square, not the count of moves


class WalkGame(Game[str]):
    info = GameInfo("walk", "Walk", "Walk to square 3", 1, 21, perfect_information=True)

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> Walk:
        return Walk()

    def parse_action(self, state: State[str], text: str) -> str:
        return text.strip()


class BackwardsFirst(Analyst[str, View]):
    """Rates going left best, as an analyst with a wrong idea might: a way round in a circle."""

    exact = True

    def analyse(self, view: View, legal: Sequence[str], **_: Any) -> Analysis[str]:
        return Analysis([Rated(a, 0.9 if a == "left" else 0.5) for a in legal], exact=True)


def test_the_coachs_first_move_never_goes_back_to_a_square_stood_on() -> None:
    game = WalkGame()
    game.analyst = lambda options: BackwardsFirst()  # type: ignore[method-assign]
    match = Match(game, seed=1, agents=[None])
    table = Table(match, GameUI(game), Console(file=io.StringIO()), Scripted(), ["You"])
    first = coach_move(table, 0)
    assert isinstance(first, tuple) and first[0] == "left"  # nothing stood on yet: the best rated goes first
    match.apply("right")  # to square 2, having stood on square 1
    again = coach_move(table, 0)
    assert isinstance(again, tuple) and again[0] == "right", again  # left would go back to square 1
    assert table.coached is not None and [r.action for r in table.coached[1].rated] == ["right", "left"]
    assert table.coached[1].win_of("left") == 0.9  # the figures stay as the analyst gave them


def test_the_review_grades_against_the_move_the_coach_put_first() -> None:
    history = ["right", "right"]  # 1 -> 2 -> 3: the Coach's first move each time
    review = review_game(WalkGame(), history, options={}, seed=1, seat=0, analyst=BackwardsFirst())
    first, second = review.decisions
    assert first.best == "left"  # at the start nothing was stood on
    assert second.best == "right" and second.cost == 0  # left would go back: right is the Coach's move


class WalkOrStop(WalkGame):
    """The walk with a last resort: stopping, which ends it lost."""

    def last_resort_actions(self, options: Mapping[str, str]) -> list[str]:
        return ["stop"]


@dataclass
class StoppableWalk(Walk):
    stopped: bool = False

    def current_player(self) -> int:
        return TERMINAL if self.stopped else super().current_player()

    def _legal_actions(self, player: int) -> list[str]:
        return [*super()._legal_actions(player), "stop"]

    def _apply_action(self, action: str) -> None:
        if action == "stop":
            self.stopped = True
        else:
            super()._apply_action(action)

    def position_key(self) -> str:
        return "stopped" if self.stopped else super().position_key()


class WalkersOnly(Analyst[str, View]):
    """Estimates the steps and never rates the stop, as Klondike's Coach rates the moves that play on."""

    exact = False

    def analyse(self, view: View, legal: Sequence[str], **_: Any) -> Analysis[str]:
        return Analysis([Rated(a, 0.3 if a == "left" else 0.2) for a in legal if a != "stop"], exact=False)


def walk_with_a_stop() -> tuple[WalkOrStop, Match[str], Table]:
    """The walk with its stop, its analyst rating the steps alone, at a table of its own."""
    game = WalkOrStop()
    game.new_initial_state = lambda options=None: StoppableWalk(at=1)  # type: ignore[method-assign]
    game.analyst = lambda options: WalkersOnly()  # type: ignore[method-assign]
    match = Match(game, seed=1, agents=[None])
    return game, match, Table(match, GameUI(game), Console(file=io.StringIO()), Scripted(), ["You"])


def test_where_every_move_rated_goes_round_the_last_resort_comes_first_at_the_table_and_in_the_review() -> None:
    game, match, table = walk_with_a_stop()
    walked = ["right", "left", "left", "right"]  # back on square 1, having stood on 0, 1 and 2: both steps go round
    for step in walked:
        match.apply(step)
    first = coach_move(table, 0)
    assert isinstance(first, tuple) and first[0] == "stop", first
    assert table.coached is not None
    assert [(r.action, r.win) for r in table.coached[1].rated] == [("stop", 0.0), ("left", 0.3), ("right", 0.2)]
    review = review_game(game, [*walked, "stop"], options={}, seed=1, seat=0, analyst=WalkersOnly())
    assert review.decisions[0].best == "left"  # nothing stood on yet
    assert review.decisions[-1].best == "stop" and review.decisions[-1].cost == 0  # every step goes round


def test_the_last_resort_stays_out_while_a_move_rated_plays_on() -> None:
    _, match, table = walk_with_a_stop()
    match.apply("right")  # on square 2: left goes back to 1, right goes on to 3
    played = coach_move(table, 0)
    assert isinstance(played, tuple) and played[0] == "right", played
    assert table.coached is not None and "stop" not in [r.action for r in table.coached[1].rated]

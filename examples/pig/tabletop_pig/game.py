"""Pig's game object with its computer player and its board: the scores, the points at stake, the latest log lines."""

import random
from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from tabletop.game import Agent, AgentFactory, FullView, Game, GameInfo
from tabletop.ui.base import GameUI, Step
from tabletop_pig.rules import GOAL, SEATS, TURN_LIMIT, Action, Hold, PigState, Roll

HOLD_AT = 20  # the computer's points at stake before it holds


PigView = FullView[PigState]
"""What a player sees of Pig: the position itself, as nothing is hidden."""


class SteadyAgent(Agent[Action, PigView]):
    """Holds once 20 points are at stake (reaching 100 banks by itself)."""

    def choose(self, view: PigView, legal: Sequence[Action], rng: random.Random) -> Action:
        return Hold() if view.state.stake >= HOLD_AT else Roll()


class PigUI(GameUI[Action, PigView, PigView]):
    def render(self, view: PigView, log: Sequence[str]) -> RenderableType:
        state, you = view.state, {view.player: " (you)"}
        scores = "    ".join(f"{name}{you.get(seat, '')}: {state.scores[seat]}" for seat, name in enumerate(SEATS))
        stake = Text(f"{SEATS[state.player]} has {state.stake} at stake this turn.")
        return Group(Text(scores, style="bold"), stake, *(Text(f"  {line}") for line in log[-5:]))

    def steps(self, view: PigView, legal: Sequence[Action]) -> list[Step[Action]]:
        return [Step(a, ("Roll again" if a == Roll() else f"Hold and bank {view.state.stake}",)) for a in legal]


class Pig(Game[Action]):
    info = GameInfo(
        id="pig",
        name="Pig",
        summary="Roll one die as often as you dare: a 1 loses the turn's points, holding banks them. First to 100.",
        players=2,
        max_length=TURN_LIMIT * GOAL,  # a turn: 50 faces (each adds 2 or more) and 49 rolls at most
        seat_names=SEATS,
        perfect_information=True,
    )

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> PigState:
        return PigState()  # Pig has no options

    def agents(self) -> Mapping[str, AgentFactory[Action]]:
        return {**super().agents(), "steady": SteadyAgent}  # the framework's random player, and Steady

    def ui(self) -> GameUI[Action, PigView, PigView]:
        return PigUI(self)


game = Pig()

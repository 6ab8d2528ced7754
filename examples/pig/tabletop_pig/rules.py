"""The rules of Pig: a turn is rolls of one die until the player holds or rolls a 1; first to 100 wins."""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rich.console import Group, RenderableType
from rich.text import Text

from tabletop.agents import RandomAgent
from tabletop.dice import chance_actions, one_die_outcomes
from tabletop.game import CHANCE, TERMINAL, Agent, AgentFactory, FullView, Game, GameInfo, State, View
from tabletop.notation import Notation
from tabletop.ui.base import GameUI, Step

# The score that wins, and the turns in all (200 each) after which the higher score wins, so every game ends.
GOAL, TURN_LIMIT = 100, 400
HOLD_AT = 20  # the computer's points at stake before it holds
SEATS = ("Ann", "Bob")


@dataclass(frozen=True)
class Roll(Notation):
    """Roll the die once more."""


@dataclass(frozen=True)
class Hold(Notation):
    """Bank the turn's points and pass the die."""


@dataclass(frozen=True)
class Face(Notation):
    """The die shows ``pips`` (a chance outcome)."""

    pips: int


Action = Roll | Hold | Face


@dataclass
class PigState(State[Action]):
    """Both scores, whose turn it is, the points at stake and whether the die is in the air."""

    scores: list[int] = field(default_factory=lambda: [0, 0])
    player: int = 0
    stake: int = 0
    rolling: bool = True
    turns: int = 0

    def current_player(self) -> int:
        if max(self.scores) >= GOAL or self.turns >= TURN_LIMIT:
            return TERMINAL
        return CHANCE if self.rolling else self.player

    def _legal_actions(self, player: int) -> list[Action]:
        return [Roll(), Hold()]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return chance_actions(one_die_outcomes(), Face)

    def _apply_action(self, action: Action) -> None:
        self.rolling = isinstance(action, Roll)
        if isinstance(action, Face) and action.pips > 1:
            self.stake += action.pips
            if self.scores[self.player] + self.stake >= GOAL:
                self._end_turn(bank=True)
        elif not self.rolling:  # a hold, or a 1
            self._end_turn(bank=isinstance(action, Hold))

    def _end_turn(self, bank: bool) -> None:
        self.scores[self.player] += self.stake if bank else 0
        self.player, self.stake, self.turns, self.rolling = 1 - self.player, 0, self.turns + 1, True

    def returns(self) -> list[float]:
        return [float(mine > theirs) + 0.5 * (mine == theirs) for mine, theirs in (self.scores, self.scores[::-1])]

    def invariant_violations(self) -> list[str]:
        sound = len(self.scores) == 2 and min(*self.scores, self.stake) >= 0 and self.player in (0, 1)
        return [] if sound else ["two scores, a seat of 0 or 1, nothing below 0"]

    def _describe(self, action: Action) -> str:
        name = SEATS[self.player]
        if isinstance(action, Face):
            return f"{name} rolls a 1 and loses {self.stake}." if action.pips == 1 else f"{name} rolls a {action.pips}."
        return f"{name} holds and banks {self.stake}." if isinstance(action, Hold) else f"{name} rolls again."

    def outcome_text(self) -> str:
        winner = "Nobody" if self.scores[0] == self.scores[1] else SEATS[self.scores[1] > self.scores[0]]
        return f"{winner} wins, {max(self.scores)} to {min(self.scores)}."


class SteadyAgent(Agent[Action]):
    """Holds once 20 points are at stake (reaching 100 banks by itself)."""

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(view, FullView)
        return Hold() if view.state["stake"] >= HOLD_AT else Roll()


class PigUI(GameUI[Action]):
    """The scores, the points at stake and the latest log lines; Roll or Hold."""

    def render(self, view: View, log: Sequence[str]) -> RenderableType:
        assert isinstance(view, FullView)
        state, you = view.state, {view.player: " (you)"}
        scores = "    ".join(f"{name}{you.get(seat, '')}: {state['scores'][seat]}" for seat, name in enumerate(SEATS))
        stake = Text(f"{SEATS[state['player']]} has {state['stake']} at stake this turn.")
        return Group(Text(scores, style="bold"), stake, *(Text(f"  {line}") for line in log[-5:]))

    def steps(self, view: View, legal: Sequence[Action]) -> list[Step[Action]]:
        assert isinstance(view, FullView)
        return [Step(a, ("Roll again" if a == Roll() else f"Hold and bank {view.state['stake']}",)) for a in legal]


class Pig(Game[Action]):
    """Two players race to 100 points with one die."""

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
        return {"random": RandomAgent[Action], "steady": SteadyAgent}

    def ui(self) -> GameUI[Action]:
        return PigUI(self)


game = Pig()

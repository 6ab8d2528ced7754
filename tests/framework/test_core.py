"""The framework core: piles, dice, seeds, options and the turn loop."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop import dice
from tabletop.agents import FirstAgent, RandomAgent
from tabletop.cards import EmptyPileError, Pile
from tabletop.game import CHANCE, Option
from tabletop.loop import Match
from tabletop.rng import MAX_SEED, derive_seed, make_rng, new_seed, parse_seed

# -- piles ---------------------------------------------------------------------------


def test_pile_draws_from_the_top() -> None:
    pile = Pile(["a", "b", "c"])
    assert pile.peek() == "c" and len(pile) == 3
    assert pile.draw() == "c" and pile.draw_many(2) == ["b", "a"]
    assert not pile
    with pytest.raises(EmptyPileError):
        pile.draw()
    with pytest.raises(EmptyPileError):
        pile.peek()
    with pytest.raises(EmptyPileError, match="cannot draw 1 from a pile of 0"):
        pile.draw_many(1)


def test_pile_put_remove_counts_and_copy() -> None:
    pile = Pile([1, 2, 2])
    copy = pile.copy()
    pile.put(3)
    pile.remove(2)
    assert pile.to_list() == [1, 2, 3] and list(pile) == [1, 2, 3]
    assert copy.to_list() == [1, 2, 2]  # the copy is independent
    assert pile.counts() == Counter({1: 1, 2: 1, 3: 1})
    assert pile == Pile([1, 2, 3]) and pile != copy


@given(st.lists(st.integers(0, 20), max_size=30), st.integers(0, 2**31 - 1))
def test_shuffle_keeps_the_cards_and_follows_the_seed(cards: list[int], seed: int) -> None:
    first, second = Pile(cards), Pile(cards)
    first.shuffle(random.Random(seed))
    second.shuffle(random.Random(seed))
    assert first == second
    assert first.counts() == Counter(cards)


# -- dice ----------------------------------------------------------------------------


def test_dice_outcome_tables() -> None:
    two = dice.two_dice_outcomes()
    assert len(two) == 21 and abs(sum(p for _, p in two) - 1) < 1e-12
    assert dict(two)[(3, 3)] == pytest.approx(1 / 36) and dict(two)[(2, 5)] == pytest.approx(2 / 36)
    assert sum(p for _, p in dice.one_die_outcomes(8)) == pytest.approx(1)


def test_dice_limits() -> None:
    assert dice.adjust(3, +2) == 5 and dice.adjust(3, -2) == 1
    with pytest.raises(ValueError, match="below 1"):
        dice.adjust(1, -1)
    with pytest.raises(ValueError, match="1 to 6, not 7"):
        dice.check_face(7)
    assert [dice.opposite(v) for v in range(1, 7)] == [6, 5, 4, 3, 2, 1]
    rng = random.Random(5)
    rolls = dice.roll_many(rng, 200)
    assert set(rolls) == set(range(1, 7)) and 1 <= dice.roll(rng, 4) <= 4


# -- seeds ---------------------------------------------------------------------------


def test_seeds() -> None:
    assert make_rng(9).random() == make_rng(9).random()
    assert derive_seed(9, "agent-0") == derive_seed(9, "agent-0") != derive_seed(9, "agent-1")
    assert 0 <= derive_seed(123, "x") <= MAX_SEED and 1 <= new_seed() <= MAX_SEED
    assert parse_seed(" 42 ") == 42
    with pytest.raises(ValueError, match="whole number"):
        parse_seed("-3")
    with pytest.raises(ValueError, match="at most"):
        parse_seed(str(MAX_SEED + 1))


# -- options -------------------------------------------------------------------------


def test_option_parsing_and_resolution(example_plugin_path: Path) -> None:
    from tabletop_highcard import game

    flag = Option("low", "Lowball")
    assert flag.is_flag and flag.parse(" ON ") == "on"
    with pytest.raises(ValueError, match="Lowball: 'maybe' is not one of off, on"):
        flag.parse("maybe")
    assert game.resolve_options({"hand": "4"}) == {"hand": "4", "low": "off"}
    with pytest.raises(ValueError, match="High Card has no option 'colour' \\(options: hand, low\\)"):
        game.resolve_options({"colour": "red"})


def test_the_default_opponent_is_the_second_level_unless_the_game_says(example_plugin_path: Path) -> None:
    from tabletop.commands.play import game_parser
    from tabletop.commands.setup import Setup
    from tabletop_highcard import game
    from tabletop_highcard.game import HighCard
    from tabletop_muster import game as muster

    assert game.default_agent() == "random"  # the only level
    assert muster.default_agent() == "medium"  # easy, medium, hard, ...
    assert Setup.default(muster).seats == ["human", "medium"]

    class ChoosesFirst(HighCard):
        def agents(self) -> dict[str, Any]:
            return {"random": RandomAgent, "first": FirstAgent}

        def default_agent(self) -> str | None:
            return "first"

    chooser = ChoosesFirst()
    assert game_parser(chooser).parse_args([]).opponent == "first"
    assert Setup.default(chooser).seats == ["human", "first"]


# -- the turn loop -------------------------------------------------------------------


@pytest.fixture
def game(example_plugin_path: Path) -> Any:
    from tabletop_highcard import game

    return game


def test_match_stops_for_people_and_logs_per_viewer(game: Any) -> None:
    match = Match(game, seed=3, agents=[None, FirstAgent()])
    events = match.advance()
    assert len(events) == 6 and match.human_to_act() == 0  # the deal, then North (a person) to act
    assert all(e.actor == CHANCE for e in events)
    for event in events:
        receiver = 0 if event.text_for(0).startswith("You") else 1
        assert event.text_for(None).endswith(event.notation.split()[1] + ".")
        assert event.text_for(1 - receiver).endswith("is dealt a card.")
    with pytest.raises(RuntimeError, match="computer agent in every seat"):
        match.run()
    match.apply(match.state.legal_actions()[0])
    assert match.advance() and match.human_to_act() == 0


def test_same_seed_same_game(game: Any) -> None:
    one = Match(game, seed=21, agents=[RandomAgent(), RandomAgent()])
    two = Match(game, seed=21, agents=[RandomAgent(), RandomAgent()])
    one.run()
    two.run()
    assert one.history == two.history and one.state == two.state
    other = Match(game, seed=22, agents=[RandomAgent(), RandomAgent()])
    other.run()
    assert other.history[:6] != one.history[:6]


@pytest.mark.parametrize("cut", [0, 3, 6, 9])
def test_replay_realigns_chance(game: Any, cut: int) -> None:
    """A replayed match continues exactly as the original (agents without randomness)."""
    original = Match(game, seed=5, options={"hand": "4"}, agents=[FirstAgent(), FirstAgent()])
    original.run()
    resumed = Match.replay(
        game, original.history[:cut], seed=5, options={"hand": "4"}, agents=[FirstAgent(), FirstAgent()]
    )
    resumed.run()
    assert resumed.history == original.history and resumed.state == original.state


def test_replay_realigns_random_agents(game: Any) -> None:
    agents: list[RandomAgent[Any]] = [RandomAgent(), RandomAgent()]
    seeds = [s for s in range(40) if _continues_differently(game, s, agents)]
    assert seeds == []


def _continues_differently(game: Any, seed: int, agents: list[Any]) -> bool:
    original = Match(game, seed=seed, options={"hand": "4"}, agents=agents)
    original.run()
    resumed = Match.replay(game, original.history[:10], seed=seed, options={"hand": "4"}, agents=agents)
    resumed.run()
    return resumed.history != original.history


def test_going_back_a_step_puts_the_cursor_on_the_step_left() -> None:
    from tabletop.ui.base import Prompter, Step
    from tabletop.ui.steps import BACK, Leaf, choose_step

    class Scripted(Prompter):
        def __init__(self, answers: list[Any]) -> None:
            self.answers = answers
            self.defaults: list[Any] = []

        def select(self, message: str, choices: Any, *, default: Any = None) -> Any:
            self.defaults.append(default)
            answer = self.answers.pop(0)
            assert answer in [c.value for c in choices]
            return answer

    steps = [
        Step(a, path) for a, path in [(1, ("Play", "x")), (2, ("Play", "y")), (3, ("Move", "z")), (4, ("Move", "w"))]
    ]
    prompter = Scripted(["Move", BACK, "Play", Leaf(2)])  # a few actions under "Play": listed whole
    assert choose_step(prompter, steps, with_menu=False) == 2
    assert prompter.defaults == [None, None, "Move", None]

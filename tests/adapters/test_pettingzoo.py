"""Every game as a PettingZoo AEC environment, checked by PettingZoo's own api_test and seed_test."""

from __future__ import annotations

import random
import re
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from tabletop.adapters.pettingzoo import env
from tabletop.game import IllegalActionError
from tabletop_klondike.rules import GiveUp
from tests.adapters.conftest import GAMES, game_label

CYCLES = {"muster": 300, "muses": 500, "highcard": 1000, "fivedice": 300, "freecell": 300, "klondike": 500}
"""Actions each check plays (api_test's num_cycles): Muster's are the slowest."""


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("case", GAMES, ids=game_label)
def test_pettingzoo_api_test(case: tuple[str, dict[str, Any]]) -> None:
    game_id, options = case
    api_test(env(game_id, **options), num_cycles=CYCLES[game_id], verbose_progress=False)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("case", GAMES, ids=game_label)
def test_pettingzoo_seed_test(case: tuple[str, dict[str, Any]]) -> None:
    game_id, options = case
    seed_test(lambda: env(game_id, **options), num_cycles=CYCLES[game_id])


def test_agents_are_seats_and_the_space_is_the_enumeration() -> None:
    table = env("muster")
    table.reset(seed=1)
    assert table.possible_agents == ["north", "south"]
    assert table.action_space("north") == spaces.Discrete(725)
    assert table.observation_space("south") is table.observation_space("south")


def test_an_illegal_action_is_refused_saying_why_and_nothing_changes() -> None:
    table = env("highcard")
    table.reset(seed=3)
    agent = table.agent_selection
    mask = table.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = table.state_.to_json()
    with pytest.raises(IllegalActionError, match=rf"{agent}: action {illegal} \(deal 1\) is not legal now"):
        table.step(illegal)
    with pytest.raises(IllegalActionError, match="outside the action space"):
        table.step(10_000)
    assert table.state_.to_json() == before


def test_an_observation_shows_only_the_seats_view() -> None:
    """Redealing every card a seat cannot see leaves its observation exactly as it was."""
    table = env("muster")
    table.reset(seed=5)
    rng = random.Random(2)
    for _ in range(30):
        agent = table.agent_selection
        seat = table.possible_agents.index(agent)
        seen = table.observe(agent)["observation"]
        real = table.state_
        for _ in range(3):
            table.state_ = real.resample_hidden(seat, rng)
            assert np.array_equal(table.observe(agent)["observation"], seen)
        table.state_ = real
        mask = table.observe(agent)["action_mask"]
        table.step(int(rng.choice(np.flatnonzero(mask))))


def test_render_is_the_games_text_board_without_colour() -> None:
    table = env("muster", render_mode="ansi")
    table.reset(seed=1)
    text = table.render()
    assert isinstance(text, str) and "Your hand:" in text and "Castle space" in text
    assert not re.search(r"\x1b\[", text)
    hidden = table.possible_agents[1 - table.possible_agents.index(table.agent_selection)]
    assert "hand (5): ? ? ? ? ?" in text, f"the board hides {hidden}'s hand"


def test_a_game_is_played_to_its_end_and_scored() -> None:
    table = env("highcard")
    table.reset(seed=11)
    rng = np.random.default_rng(0)
    final: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        if termination or truncation:
            final[agent] = reward
            table.step(None)
            continue
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert sorted(final.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_step_before_reset_is_refused_as_pettingzoo_refuses_it() -> None:
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):
        env("highcard").step(0)


def test_step_after_every_agent_is_done_warns_and_changes_nothing(caplog: pytest.LogCaptureFixture) -> None:
    table = env("highcard")
    table.reset(seed=3)
    for agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        mask = observation["action_mask"]
        table.step(None if termination or truncation else table.action_space(agent).sample(mask))
    assert table.agents == []
    table.step(0)
    assert "all agents are terminated or truncated" in caplog.text
    assert table.agents == []


@pytest.mark.parametrize("wrap", [np.int64, np.array, lambda n: np.array([n])], ids=["scalar", "0-d", "1-element"])
def test_numpy_integer_actions_are_accepted(wrap: Any) -> None:
    table = env("highcard")
    table.reset(seed=5)
    number = int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0])
    before = table.agent_selection
    table.step(wrap(number))
    assert table.agent_selection != before or table.terminations[before]


@pytest.mark.parametrize("action", [np.array([1, 2]), np.array([1.0]), "3"], ids=["two", "float", "text"])
def test_other_actions_are_refused_saying_so(action: Any) -> None:
    table = env("highcard")
    table.reset(seed=5)
    with pytest.raises(IllegalActionError, match="an action is an integer"):
        table.step(action)


def test_a_seed_that_is_not_a_natural_number_is_refused() -> None:
    import gymnasium

    with pytest.raises(gymnasium.error.Error, match="Seed must be"):
        env("highcard").reset(seed="x")  # type: ignore[arg-type]


def test_last_after_every_agent_is_done_warns_and_gives_the_final_observation(
    caplog: pytest.LogCaptureFixture,
) -> None:
    table = env("highcard")
    table.reset(seed=3)
    for agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        table.step(None if termination or truncation else table.action_space(agent).sample(observation["action_mask"]))
    observation, reward, termination, truncation, info = table.last()
    assert "last() called after all agents are terminated or truncated" in caplog.text
    assert (reward, termination, truncation, info) == (0.0, True, False, {})
    assert table.observation_space(table.agent_selection).contains(observation)
    assert not observation["action_mask"].any()


@pytest.mark.parametrize(
    "call",
    [
        lambda t: t.last(),
        lambda t: t.observe("north"),
        lambda t: t.agent_iter(),
        lambda t: t.render(),
    ],
    ids=["last", "observe", "agent_iter", "render"],
)
def test_other_calls_before_reset_are_refused_as_pettingzoo_refuses_them(call: Any) -> None:
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before"):
        call(env("muster", render_mode="ansi"))


@pytest.mark.parametrize("players", [1, 2, 4])
def test_numbered_seats_are_player_0_and_on_as_pettingzoos_own_games_name_them(players: int) -> None:
    """Five Dice's seats are Player 1 to Player 4: numbers, not names, so its agents are player_0 and on."""
    table = env("fivedice", players=players)
    table.reset(seed=1)
    assert table.possible_agents == [f"player_{seat}" for seat in range(players)]
    assert table.agent_selection == "player_0"


def test_the_move_limit_ends_the_game_in_truncations_not_terminations(caplog: pytest.LogCaptureFixture) -> None:
    table = env("freecell")
    ended = (False, False, 0)
    for seed in range(1, 10):  # a deal where random play reaches FreeCell's 1,000-move limit
        table.reset(seed=seed)
        table.action_space("you").seed(seed)
        steps = 0
        for agent in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                ended = (termination, truncation, steps)
                table.step(None)
                continue
            table.step(table.action_space(agent).sample(observation["action_mask"]))
            steps += 1
        if ended[2] == 1_000:
            break
    assert ended == (False, True, 1_000), table.state_.outcome_text()
    assert table.last()[2:4] == (False, True), "after the end, last() says how the game ended"
    assert "all agents are terminated or truncated" in caplog.text


def test_klondikes_mask_leaves_out_giving_up_while_a_move_is_open() -> None:
    table = env("klondike")
    table.reset(seed=2)
    resign = table.table.index.index(GiveUp())
    mask = table.observe("you")["action_mask"]
    assert mask[resign] == 0 and mask.sum() > 0
    table.step(resign)  # still the player's to take
    assert table.terminations == {"you": True} and table.rewards == {"you": 0.0}

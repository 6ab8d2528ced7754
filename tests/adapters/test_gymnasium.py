"""Muses as a Gymnasium environment, checked by Gymnasium's own check_env."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from tabletop.adapters.common import AdapterError
from tabletop.adapters.gymnasium import TabletopEnv, env
from tabletop.game import IllegalActionError
from tabletop_klondike.rules import GiveUp


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_gymnasium_check_env_on_muses(render_mode: str | None) -> None:
    """check_env steps actions sampled without a mask, so an illegal one ends the episode here."""
    check_env(env("muses", render_mode=render_mode, illegal_action="terminate"))


def test_an_illegal_action_is_refused_saying_why() -> None:
    muses = env("muses")
    _, info = muses.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match=rf"player: action {illegal} \(draw \w+\) is not legal now"):
        muses.step(illegal)


def test_with_terminate_an_illegal_action_ends_the_episode_lost() -> None:
    muses = env("muses", illegal_action="terminate")
    _, info = muses.reset(seed=4)
    _, reward, terminated, truncated, info = muses.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert (reward, terminated, truncated, info["illegal_action"]) == (0.0, True, False, True)


def test_a_game_is_played_to_its_end_with_the_mask() -> None:
    muses = env("muses", render_mode="ansi")
    observation, info = muses.reset(seed=9)
    assert muses.observation_space.contains(observation)
    muses.action_space.seed(0)
    terminated = False
    while not terminated:
        observation, reward, terminated, _, info = muses.step(muses.action_space.sample(info["action_mask"]))
    assert reward in (0.0, 1.0) and isinstance(info["score"], float)
    text = muses.render()
    assert isinstance(text, str) and ("You win" in text or "You lose" in text)


def test_a_game_of_two_seats_is_refused() -> None:
    with pytest.raises(AdapterError, match="2 seats: Gymnasium is for one"):
        env("muster")


def test_step_before_reset_needs_a_reset() -> None:
    import gymnasium

    with pytest.raises(gymnasium.error.ResetNeeded):
        env("muses").step(0)


def test_every_one_seat_game_is_registered_and_muses_is_made_by_its_id() -> None:
    import gymnasium

    import tabletop.adapters

    assert {"tabletop/Muses-v0", "tabletop/FreeCell-v0", "tabletop/FiveDice-v0"} <= set(tabletop.adapters.GYMNASIUM_IDS)
    assert "tabletop/Muster-v0" not in tabletop.adapters.GYMNASIUM_IDS, "two seats: PettingZoo's"
    muses = gymnasium.make("tabletop/Muses-v0")
    assert isinstance(muses.unwrapped, TabletopEnv) and muses.unwrapped.table.game.info.id == "muses"
    observation, _ = muses.reset(seed=3)
    assert muses.observation_space.contains(observation)
    assert muses.unwrapped.illegal_action == "terminate", "a registered id serves learning code that samples unmasked"
    raising = gymnasium.make("tabletop/Muses-v0", illegal_action="raise").unwrapped
    assert isinstance(raising, TabletopEnv) and raising.illegal_action == "raise"


def test_every_registered_id_is_made_and_played_with_masked_actions() -> None:
    import gymnasium

    import tabletop.adapters

    assert {"tabletop/Klondike-v0", "tabletop/FreeCell-v0"} <= set(tabletop.adapters.GYMNASIUM_IDS)
    for env_id in tabletop.adapters.GYMNASIUM_IDS:
        made = gymnasium.make(env_id)
        observation, info = made.reset(seed=5)
        made.action_space.seed(5)
        for _ in range(40):
            assert made.observation_space.contains(observation), env_id
            observation, _, terminated, truncated, info = made.step(made.action_space.sample(info["action_mask"]))
            if terminated or truncated:
                break


def test_five_dice_is_registered_with_one_player() -> None:
    import gymnasium

    import tabletop.adapters  # noqa: F401 (registers the ids)

    assert gymnasium.spec("tabletop/FiveDice-v0").kwargs["players"] == "1"


def test_action_masks_are_the_legal_actions_as_booleans() -> None:
    muses = env("muses")
    _, info = muses.reset(seed=2)
    for _ in range(6):
        masks = muses.action_masks()
        assert masks.dtype == np.bool_ and np.array_equal(masks, info["action_mask"].astype(bool)) and masks.any()
        _, _, terminated, _, info = muses.step(int(np.flatnonzero(masks)[-1]))
        if terminated:
            break


def _play_to_end(muses: TabletopEnv, seed: int) -> tuple[float, dict[str, Any]]:
    _, info = muses.reset(seed=seed)
    muses.action_space.seed(seed)
    terminated, reward = False, 0.0
    while not terminated:
        _, reward, terminated, _, info = muses.step(muses.action_space.sample(info["action_mask"]))
    return float(reward), info


def test_the_score_reward_is_the_final_score_and_the_win_reward_the_return() -> None:
    score_reward, score_info = _play_to_end(env("muses", reward="score"), seed=8)
    win_reward, win_info = _play_to_end(env("muses", reward="win"), seed=8)
    assert score_info["score"] == win_info["score"] == score_reward, "the same seed and actions, the same game"
    assert win_reward == (1.0 if score_reward >= 20 else 0.0)


def test_a_reward_of_another_name_is_refused() -> None:
    with pytest.raises(ValueError, match="reward 'points' is not one of win, score"):
        env("muses", reward="points")


def test_the_games_own_players_are_policies_that_return_action_numbers() -> None:
    muses = env("muses")
    policy = muses.agent_policy("naive")
    observation, info = muses.reset(seed=5)
    terminated = False
    while not terminated:
        number = policy(observation, info)
        assert isinstance(number, int) and info["action_mask"][number] == 1
        observation, _, terminated, _, info = muses.step(number)
    with pytest.raises(AdapterError, match="no computer player 'hard'"):
        muses.agent_policy("hard")


def test_an_agent_policy_answers_stable_baselines3s_predict() -> None:
    pytest.importorskip("stable_baselines3")
    from stable_baselines3.common.evaluation import evaluate_policy
    from stable_baselines3.common.monitor import Monitor

    muses = env("muses", reward="score")
    mean, _ = evaluate_policy(muses.agent_policy("naive"), Monitor(muses), n_eval_episodes=5)
    assert isinstance(mean, float) and 0.0 <= mean <= 25.0
    pytest.importorskip("sb3_contrib")
    from sb3_contrib.common.maskable.evaluation import evaluate_policy as evaluate_masked

    # sb3-contrib types its model as MaskablePPO; any object with its predict() is taken.
    naive = muses.agent_policy("naive")
    masked_mean, _ = evaluate_masked(naive, Monitor(muses), n_eval_episodes=5)  # type: ignore[arg-type]
    assert isinstance(masked_mean, float) and 0.0 <= masked_mean <= 25.0


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_five_dice_alone_is_made_by_its_id_and_passes_gymnasiums_check_env() -> None:
    import gymnasium

    import tabletop.adapters  # noqa: F401 (registers the ids)

    five_dice = gymnasium.make("tabletop/FiveDice-v0", reward="score")
    check_env(five_dice.unwrapped)
    _, info = five_dice.reset(seed=4)
    five_dice.action_space.seed(4)
    terminated, reward = False, 0.0
    while not terminated:
        _, step_reward, terminated, _, info = five_dice.step(five_dice.action_space.sample(info["action_mask"]))
        reward = float(step_reward)
    assert not info.get("illegal_action") and reward == info["score"] and reward >= 0


def test_a_render_mode_without_a_drawing_is_accepted_and_render_warns_and_gives_none() -> None:
    """stable-baselines3 makes every environment it is given by id with render_mode="rgb_array"."""
    import gymnasium

    import tabletop.adapters  # noqa: F401 (registers the ids)

    muses = env("muses", render_mode="rgb_array")
    muses.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode 'rgb_array' draws nothing"):
        assert muses.render() is None
    with pytest.warns(UserWarning, match="not in the possible render_modes"):
        made = gymnasium.make("tabletop/Klondike-v0", render_mode="rgb_array")
    made.reset(seed=1)
    assert made.render_mode == "rgb_array"


def _random_episode(made: Any, seed: int) -> tuple[int, bool, bool]:
    """Steps, terminated and truncated of an episode of masked random actions (Gymnasium's own ``sample(mask)``)."""
    _, info = made.reset(seed=seed)
    made.action_space.seed(seed)
    steps = 0
    while True:
        _, _, terminated, truncated, info = made.step(made.action_space.sample(info["action_mask"]))
        steps += 1
        if terminated or truncated:
            return steps, terminated, truncated


def test_the_move_limit_ends_an_episode_truncated_and_the_game_its_own_end_terminated() -> None:
    """FreeCell stops a game at 1,000 moves against endless play: a limit, not the end of the game."""
    freecell = env("freecell")
    ends = {}
    for seed in range(6):
        steps, terminated, truncated = _random_episode(freecell, seed)
        assert terminated != truncated
        assert truncated == (steps == 1_000) == freecell.state.truncated(), freecell.state.outcome_text()
        ends[truncated] = freecell.state.outcome_text()
    assert "1000-move limit" in ends[True] and "no move is left" in ends[False]


def test_random_klondike_plays_on_instead_of_giving_up_at_once() -> None:
    """Giving up is legal at every move: the mask leaves it out while another move is legal, so random play plays."""
    klondike = env("klondike")
    resign = klondike.table.index.index(GiveUp())
    lengths = []
    for seed in range(3):
        _, info = klondike.reset(seed=seed)
        assert info["action_mask"][resign] == 0 and not klondike.action_masks()[resign]
        lengths.append(_random_episode(klondike, seed)[0])
    assert min(lengths) > 100, lengths  # giving up among the masked actions: about 4 steps a game
    klondike.reset(seed=0)
    _, reward, terminated, truncated, _ = klondike.step(resign)  # still the player's to take
    assert (reward, terminated, truncated) == (0.0, True, False)


def test_a_fresh_python_makes_an_id_named_with_its_module_and_sb3_vectorises_it() -> None:
    """Gymnasium 1.x reads no entry points: its own ``module:id`` form imports the registering module."""
    import subprocess
    import sys

    script = (
        "import gymnasium\n"
        "from stable_baselines3.common.env_util import make_vec_env\n"
        "env = gymnasium.make('tabletop.adapters:tabletop/Muses-v0')\n"
        "print(env.spec.id, env.reset(seed=1)[0].shape)\n"
        "print(make_vec_env('tabletop.adapters:tabletop/FiveDice-v0', 2).num_envs)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split("\n")[0].startswith("tabletop/Muses-v0") and done.stdout.split("\n")[1] == "2"

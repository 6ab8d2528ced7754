"""Muses as a Gymnasium environment, checked by Gymnasium's own check_env."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from tabletop.adapters.common import AdapterError
from tabletop.adapters.gymnasium import env
from tabletop.game import IllegalActionError


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

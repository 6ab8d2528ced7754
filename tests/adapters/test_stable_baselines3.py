"""stable-baselines3 and sb3-contrib on a registered id, as a researcher uses them: no wrapper, no glue."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

import gymnasium
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_checker import check_env

import tabletop.adapters

SMOKE_STEPS = 3_000
"""Environment steps of the MaskablePPO smoke run: a few rollouts and updates, a few seconds of processor time."""


@pytest.mark.parametrize("reward", ["win", "score"])
def test_stable_baselines3s_check_env_passes_on_the_registered_muses(reward: str) -> None:
    check_env(gymnasium.make("tabletop/Muses-v0", reward=reward).unwrapped)
    check_env(gymnasium.make("tabletop/Muses-v0", reward=reward))


def test_maskable_ppo_trains_on_the_registered_muses_without_a_wrapper() -> None:
    torch.set_num_threads(1)
    muses = gymnasium.make("tabletop/Muses-v0", reward="score")
    model = MaskablePPO("MlpPolicy", muses, n_steps=500, batch_size=100, n_epochs=2, seed=0, device="cpu")
    before = [p.detach().clone() for p in model.policy.parameters()]
    model.learn(SMOKE_STEPS)
    assert model.num_timesteps == SMOKE_STEPS
    assert any(not torch.equal(a, b) for a, b in zip(before, model.policy.parameters(), strict=True)), "it learned"
    masks = muses.get_wrapper_attr("action_masks")
    observation, info = muses.reset(seed=1)
    terminated = False
    while not terminated:
        action, _ = model.predict(observation, action_masks=masks(), deterministic=True)
        assert info["action_mask"][int(action)] == 1, "the masked policy chooses only legal actions"
        observation, _, terminated, _, info = muses.step(int(action))
    assert isinstance(info["score"], float) and not info.get("illegal_action", False)
    assert np.isfinite(info["score"])


@pytest.mark.filterwarnings("ignore:.*render_mode='rgb_array'.*:UserWarning")
def test_make_vec_env_and_maskable_ppo_take_every_registered_id_as_it_is() -> None:
    """Both make an environment from an id with render_mode="rgb_array", and no env_kwargs are given."""
    from sb3_contrib.common.maskable.utils import get_action_masks
    from stable_baselines3.common.env_util import make_vec_env

    torch.set_num_threads(1)
    assert {"tabletop/Muses-v0", "tabletop/Klondike-v0"} <= set(tabletop.adapters.GYMNASIUM_IDS)
    rng = np.random.default_rng(0)
    for env_id in tabletop.adapters.GYMNASIUM_IDS:
        vec = make_vec_env(env_id, 4, seed=0)
        vec.reset()
        for _ in range(5):
            masks = get_action_masks(vec)
            assert masks.shape[0] == 4 and masks.any(axis=1).all(), env_id
            vec.step(np.array([rng.choice(np.flatnonzero(mask)) for mask in masks]))
        vec.close()
        model = MaskablePPO("MlpPolicy", env_id, n_steps=8, batch_size=8, n_epochs=1, seed=0, device="cpu")
        model.learn(8)
        assert model.num_timesteps == 8, env_id

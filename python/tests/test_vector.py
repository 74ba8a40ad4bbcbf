"""The in-process vector environment and the PettingZoo wrapper."""

from __future__ import annotations

import numpy as np
import pytest

import tarock
from tarock.vector import NativeVectorEnv


def random_actions(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """One legal action per row of ``mask``, uniformly."""
    noise = rng.random(mask.shape)
    return np.where(mask, noise, -1.0).argmax(axis=1)


def test_native_vector_env(variant_table):
    variant, seats = variant_table
    env = NativeVectorEnv(variant, num_tables=8, seats=seats, seed=5, observation=True, info_state=True)
    obs, info = env.reset()
    assert obs["to_act"].shape == (8,) and obs["legal_mask"].shape == (8, env.action_space)
    assert obs["observation"].dtype == np.float32 and obs["observation"].shape == (8, env.observation_size)
    assert obs["info_state"].shape == (8, env.info_state_size)
    rng = np.random.default_rng(0)
    total = np.zeros(seats)
    hands = 0
    for _ in range(400):
        obs, rewards, over, info = env.step(random_actions(rng, obs["legal_mask"]))
        assert rewards.shape == (8, seats) and over.shape == (8,)
        assert not rewards[~over].any()
        hands += int(over.sum())
        total += rewards.sum(axis=0)
        assert obs["legal_mask"].any(axis=1).all(), "every table has a seat to act"
    assert hands > 0 and info["hands_played"].sum() == hands


def test_native_vector_env_deals_the_seed_chain():
    env = NativeVectorEnv("polish-krolami", num_tables=2, seed=9)
    env.reset()
    s = env.state(1)
    expect = tarock.new_game("polish-krolami", seed=tarock.table_seed(9, 1), dealer=0)
    assert s.to_record_bytes() == expect.to_record_bytes()
    rng = np.random.default_rng(1)
    obs, _ = env.reset()
    while True:
        obs, _, over, _ = env.step(random_actions(rng, obs["legal_mask"]))
        if over[1]:
            break
    nxt = tarock.new_game("polish-krolami", seed=tarock.next_seed(tarock.table_seed(9, 1)), dealer=1)
    assert env.state(1).to_record_bytes() == nxt.to_record_bytes()


def test_native_vector_env_refuses_illegal_actions():
    env = NativeVectorEnv("danish-tarok", num_tables=2)
    obs, _ = env.reset()
    bad = np.array([np.flatnonzero(~m)[0] for m in obs["legal_mask"]])
    with pytest.raises(tarock.IllegalActionError):
        env.step(bad)
    with pytest.raises(ValueError, match="shape"):
        env.step(np.zeros(3, dtype=int))


def test_pettingzoo_api():
    from pettingzoo.test import api_test

    from tarock.pettingzoo import TarockAECEnv

    for variant in ("hungarian-illustrated", "danish-tarok"):
        api_test(TarockAECEnv(variant=variant, seed=3), num_cycles=2000)


def test_pettingzoo_episodes():
    from tarock.pettingzoo import TarockAECEnv

    env = TarockAECEnv(variant="austrian-illustrated", seed=1)
    rng = np.random.default_rng(2)
    for episode in range(5):
        env.reset()
        seen = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            seen[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            mask = obs["action_mask"]
            assert mask.dtype == np.int8 and mask.any()
            env.step(int(rng.choice(np.flatnonzero(mask))))
        assert env.agents == []
        assert [seen[a] for a in env.possible_agents] == env._state.returns()
    env.close()

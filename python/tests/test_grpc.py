"""The vector environment over the server's Play stream, against a real tarock-server; and the
key property: the native and the gRPC paths give identical encodings and outcomes on the same
seeded games."""

from __future__ import annotations

import numpy as np
import pytest

import tarock
from tarock.grpc import VectorEnv
from tarock.v1 import engine_pb2 as pb
from tarock.vector import NativeVectorEnv

from test_vector import random_actions

STEPS = 250
TABLES = 12


def test_reset_and_step_shapes(server):
    with VectorEnv(server, "hungarian-illustrated", num_tables=32, seed=1) as env:
        obs, info = env.reset()
        assert set(obs) == {"to_act", "legal_mask"}
        assert obs["to_act"].shape == (32,) and obs["legal_mask"].shape == (32, env.action_space)
        assert obs["legal_mask"].dtype == np.bool_ and obs["legal_mask"].any(axis=1).all()
        rng = np.random.default_rng(0)
        obs, rewards, over, info = env.step(random_actions(rng, obs["legal_mask"]))
        assert rewards.shape == (32, env.seats) and over.dtype == np.bool_
        assert info["hands_played"].shape == (32,)


@pytest.mark.parametrize("tensors", [False, True], ids=["masks", "tensors"])
def test_native_and_grpc_paths_agree(server, variant_table, tensors):
    """Same seeds, same actions: the same seats to act, masks, tensors, hand ends, rewards
    and records, step after step over several hands per table."""
    variant, seats = variant_table
    kwargs = dict(
        num_tables=TABLES, seats=seats, seed=17, observation=tensors, info_state=tensors, dealer=seats - 1
    )
    native = NativeVectorEnv(variant, **kwargs)
    with VectorEnv(server, variant, **kwargs) as remote:
        assert remote.action_space == native.action_space
        if tensors:
            assert remote.observation_size == native.observation_size > 0, "the server encodes observations"
            assert remote.info_state_size == native.info_state_size > 0, "the server encodes info states"
        a, _ = native.reset()
        b, _ = remote.reset()
        assert set(a) == set(b)
        rng = np.random.default_rng(seats)
        hands = 0
        for step in range(STEPS):
            for key in a:
                assert np.array_equal(a[key], b[key]), f"{key} differs at step {step}"
            if step % 2:
                # Both draw the same legal ids from the same numbers.
                actions = native.sample_legal(np.random.default_rng(step))
                assert np.array_equal(actions, remote.sample_legal(np.random.default_rng(step)))
                assert a["legal_mask"][np.arange(len(actions)), actions].all(), "a legal draw"
            else:
                actions = random_actions(rng, a["legal_mask"])
            a, ra, oa, ia = native.step(actions)
            b, rb, ob, ib = remote.step(actions)
            assert np.array_equal(oa, ob), f"hand_over differs at step {step}"
            assert np.array_equal(ra, rb), f"rewards differ at step {step}"
            assert np.array_equal(ia["hands_played"], ib["hands_played"])
            hands += int(oa.sum())
        assert hands > 0, "some hands ended"
        for x, y in zip(native.export(), remote.export()):
            assert pb.GameRecord.FromString(x) == pb.GameRecord.FromString(y)


def test_layouts_agree(server, variant_table):
    variant, seats = variant_table
    s = tarock.new_game(variant, seats=seats, seed=0)
    with VectorEnv(server, variant, num_tables=1, seats=seats, observation=True) as env:
        for mine, theirs in (
            (s.observation_layout(), env.layouts.observation),
            (s.information_state_layout(), env.layouts.info_state),
        ):
            assert [(x["name"], x["offset"], list(x["shape"])) for x in mine] == [
                (seg.name, seg.offset, list(seg.shape)) for seg in theirs.segments
            ]


def test_options_reach_the_tables(server):
    kwargs = dict(num_tables=4, options={"pack": "54"}, seed=3)
    native = NativeVectorEnv("hungarian-high", **kwargs)
    with VectorEnv(server, "hungarian-high", **kwargs) as remote:
        native.reset()
        remote.reset()
        for x, y in zip(native.export(), remote.export()):
            assert pb.GameRecord.FromString(x) == pb.GameRecord.FromString(y)


def test_illegal_actions_are_refused(server):
    with VectorEnv(server, "danish-tarok", num_tables=3, seed=2) as env:
        obs, _ = env.reset()
        actions = random_actions(np.random.default_rng(0), obs["legal_mask"])
        actions[1] = np.flatnonzero(~obs["legal_mask"][1])[0]
        before = env.export([1])
        with pytest.raises(tarock.IllegalActionError, match="table 1: ILLEGAL_ACTION"):
            env.step(actions)
        assert env.export([1]) == before, "the refused table is unchanged"
        actions[1] = env.action_space + 5
        with pytest.raises(tarock.IllegalActionError, match="UNKNOWN_ACTION_ID"):
            env.step(actions)


def test_bad_variant_is_an_error(server):
    import grpc

    with pytest.raises(grpc.RpcError):
        VectorEnv(server, "bridge", num_tables=2)


def test_reset_reopens_the_tables(server):
    with VectorEnv(server, "austrian-illustrated", num_tables=4, seed=8) as env:
        first, _ = env.reset()
        records = env.export()
        env.step(random_actions(np.random.default_rng(0), first["legal_mask"]))
        again, _ = env.reset(seed=8)
        assert np.array_equal(first["legal_mask"], again["legal_mask"])
        assert env.export() == records


def test_pettingzoo_over_the_stream(server):
    from tarock.pettingzoo import TarockAECEnv

    native = TarockAECEnv(variant="polish-krolami", seed=4)
    remote = TarockAECEnv(variant="polish-krolami", seed=4, target=server)
    rng = np.random.default_rng(5)
    for _ in range(3):
        native.reset()
        remote.reset()
        for agent in native.agent_iter():
            assert agent == remote.agent_selection
            obs, reward, term, trunc, _ = native.last()
            obs2, reward2, term2, trunc2, _ = remote.last()
            assert reward == reward2 and term == term2
            assert np.array_equal(obs["observation"], obs2["observation"])
            assert np.array_equal(obs["action_mask"], obs2["action_mask"])
            action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            native.step(action)
            remote.step(action)
    remote.close()


@pytest.mark.parametrize("tensors", [False, True], ids=["masks", "tensors"])
def test_the_asyncio_environment_agrees_with_the_native_one(server, tensors):
    """AsyncVectorEnv deals and answers as NativeVectorEnv does, and two of them step at once."""
    import asyncio

    from tarock.grpc import AsyncVectorEnv

    kwargs = dict(num_tables=TABLES, seed=23, observation=tensors, info_state=tensors)

    async def run():
        natives = [NativeVectorEnv(v, **kwargs) for v in ("hungarian-illustrated", "danish-tarok")]
        remotes = [AsyncVectorEnv(server, v, **kwargs) for v in ("hungarian-illustrated", "danish-tarok")]
        try:
            a = [n.reset()[0] for n in natives]
            b = [x[0] for x in await asyncio.gather(*(r.reset() for r in remotes))]
            hands = 0
            for step in range(120):
                for x, y in zip(a, b):
                    for key in x:
                        assert np.array_equal(x[key], y[key]), f"{key} differs at step {step}"
                acts = [n.sample_legal(np.random.default_rng(step)) for n in natives]
                for r, act in zip(remotes, acts):
                    assert np.array_equal(act, r.sample_legal(np.random.default_rng(step)))
                ours = [n.step(act) for n, act in zip(natives, acts)]
                theirs = await asyncio.gather(*(r.step(act) for r, act in zip(remotes, acts)))
                for (oa, ra, ha, _), (ob, rb, hb, _) in zip(ours, theirs):
                    assert np.array_equal(ra, rb) and np.array_equal(ha, hb), f"step {step}"
                    hands += int(ha.sum())
                a = [o[0] for o in ours]
                b = [t[0] for t in theirs]
            assert hands > 0
            for n, r in zip(natives, remotes):
                for x, y in zip(n.export(), await r.export()):
                    assert pb.GameRecord.FromString(x) == pb.GameRecord.FromString(y)
            # An id outside the action space is refused, and the stream goes on.
            bad = np.full(TABLES, remotes[0].action_space, dtype=np.int64)
            with pytest.raises(tarock.IllegalActionError):
                await remotes[0].step(bad)
            await remotes[0].step(remotes[0].sample_legal(np.random.default_rng(0)))
        finally:
            await asyncio.gather(*(r.close() for r in remotes))

    asyncio.run(run())

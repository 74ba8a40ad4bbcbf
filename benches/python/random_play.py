#!/usr/bin/env python3
"""Random play, in actions per second: the native binding, the Play stream, and OpenSpiel.

Each measurement prints one JSON line; the last line gives the ratios to OpenSpiel's Python API
(``pyspiel.load_game("tarok")``, random play in-process) when it is installed.

    python benches/python/random_play.py native  [--variant V] [--seconds S]
    python benches/python/random_play.py vector  [--tables 256]
    python benches/python/random_play.py stream  --target HOST:PORT [--tables 256]
    python benches/python/random_play.py openspiel
    python benches/python/random_play.py all     --target HOST:PORT   # all four, and the ratios

``native`` is the plain Python loop ``while not s.is_terminal(): s.apply_action(
choice(s.legal_actions()))`` (``choice`` of a seeded ``random.Random``), and ``openspiel`` the
same loop over OpenSpiel's tarok (its chance nodes, the deal, drawn by their probabilities and
not counted as actions). ``--draw random`` draws with ``legal[int(random() * len(legal))]`` in
both loops instead, which costs about a third of ``choice``: both loops get faster, OpenSpiel's
relatively less. ``stream`` draws one legal action per table from
the masks (``sample_legal``) and steps all 256 tables of a stream with one message, on
``--streams`` streams (4 by default) of ``tarock.grpc.AsyncVectorEnv`` stepped together with
``asyncio.gather``; ``stream_threaded`` does the same with the synchronous ``VectorEnv``, the
streams stepped in turn with one step of each in flight. ``vector``
plays over ``tarock.vector.NativeVectorEnv``, the native binding's tables stepped together
in-process (one call per step of all tables), drawing with its ``sample_legal``.

Run it with the package installed (``pip install ./python``; ``.ci/python.sh`` installs it into
``.ci/tools/python-pkg``), not from the source tree.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

import numpy as np


def emit(**fields) -> dict:
    fields.setdefault("python", platform.python_version())
    print(json.dumps(fields), flush=True)
    return fields


def drawer(how: str, rng: random.Random):
    """The per-state loops' draw of one legal action from a list."""
    if how == "choice":
        return rng.choice
    draw = rng.random
    return lambda legal: legal[int(draw() * len(legal))]


def bench_native(variant: str, seconds: float, how: str) -> dict:
    import tarock

    pick = drawer(how, random.Random(1))
    actions = games = 0
    seed = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            s = tarock.new_game(variant, seed=seed)
            seed += 1
            while not s.is_terminal():
                s.apply_action(pick(s.legal_actions()))
                actions += 1
            s.returns()
            games += 1
    elapsed = time.perf_counter() - start
    return emit(bench="native", draw=how, variant=variant, games=games, actions=actions, seconds=round(elapsed, 3),
                actions_per_s=round(actions / elapsed), games_per_s=round(games / elapsed, 1))


def bench_vector(variant: str, tables: int, seconds: float) -> dict:
    """``tables`` tables stepped together in-process, a random legal action each per step."""
    from tarock.vector import NativeVectorEnv

    rng = np.random.default_rng(1)
    env = NativeVectorEnv(variant, num_tables=tables, seed=0)
    obs, _ = env.reset()
    steps = hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            obs, _, over, _ = env.step(env.sample_legal(rng))
            steps += 1
            hands += int(over.sum())
    elapsed = time.perf_counter() - start
    actions = steps * tables
    return emit(bench="vector", variant=variant, tables=tables, steps=steps, games=hands,
                actions=actions, seconds=round(elapsed, 3), actions_per_s=round(actions / elapsed),
                games_per_s=round(hands / elapsed, 1))


def bench_stream(target: str, variant: str, tables: int, streams: int, seconds: float) -> dict:
    """``streams`` AsyncVectorEnvs of ``tables`` tables each, stepped together with
    ``asyncio.gather``."""
    import asyncio

    from tarock.grpc import AsyncVectorEnv

    async def run():
        rng = np.random.default_rng(1)
        envs = [AsyncVectorEnv(target, variant, num_tables=tables, seed=k) for k in range(streams)]
        await asyncio.gather(*(env.reset() for env in envs))
        steps = hands = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            answers = await asyncio.gather(*(env.step(env.sample_legal(rng)) for env in envs))
            steps += len(envs)
            hands += sum(int(over.sum()) for _, _, over, _ in answers)
        elapsed = time.perf_counter() - start
        await asyncio.gather(*(env.close() for env in envs))
        return steps, hands, elapsed

    steps, hands, elapsed = asyncio.run(run())
    actions = steps * tables
    return emit(bench="stream", variant=variant, tables=tables, streams=streams, steps=steps, games=hands,
                actions=actions, seconds=round(elapsed, 3), actions_per_s=round(actions / elapsed),
                games_per_s=round(hands / elapsed, 1))


def bench_stream_threaded(target: str, variant: str, tables: int, streams: int, seconds: float) -> dict:
    """``streams`` streams of ``tables`` tables each, stepped in turn with one step of each in
    flight: while the server answers one stream the client chooses the next stream's actions."""
    from tarock.grpc import VectorEnv, channel

    rng = np.random.default_rng(1)
    ch = channel(target)
    envs = [VectorEnv(ch, variant, num_tables=tables, seed=k) for k in range(streams)]
    for env in envs:
        env.reset()
    steps = hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    for env in envs:
        env.step_async(env.sample_legal(rng))
    while time.perf_counter() < deadline:
        for env in envs:
            _, rewards, over, _ = env.step_wait()
            env.step_async(env.sample_legal(rng))
            steps += 1
            hands += int(over.sum())
    elapsed = time.perf_counter() - start
    for env in envs:
        env.step_wait()
        env.close()
    ch.close()
    actions = steps * tables
    return emit(bench="stream_threaded", variant=variant, tables=tables, streams=streams, steps=steps,
                games=hands, actions=actions, seconds=round(elapsed, 3), actions_per_s=round(actions / elapsed),
                games_per_s=round(hands / elapsed, 1))


def bench_openspiel(seconds: float, how: str) -> dict:
    import pyspiel

    game = pyspiel.load_game("tarok")
    rng = random.Random(1)
    pick = drawer(how, rng)
    actions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes, probs = zip(*s.chance_outcomes())
                    s.apply_action(rng.choices(outcomes, probs)[0])
                else:
                    s.apply_action(pick(s.legal_actions()))
                    actions += 1
            s.returns()
            games += 1
    elapsed = time.perf_counter() - start
    return emit(bench="openspiel", draw=how, variant="tarok", games=games, actions=actions, seconds=round(elapsed, 3),
                actions_per_s=round(actions / elapsed), games_per_s=round(games / elapsed, 1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("which", choices=["native", "vector", "stream", "stream_threaded", "openspiel", "all"])
    ap.add_argument("--variant", default="hungarian-illustrated")
    ap.add_argument("--target", help="a tarock-server serving the Play stream (stream, all)")
    ap.add_argument("--tables", type=int, default=256, help="tables per stream")
    ap.add_argument("--streams", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--draw", choices=["choice", "random"], default="choice",
                    help="the per-state loops' draw (native, openspiel)")
    args = ap.parse_args()
    if args.which in ("stream", "stream_threaded", "all") and not args.target:
        ap.error("stream needs --target")
    results = {}
    if args.which in ("native", "all"):
        results["native"] = bench_native(args.variant, args.seconds, args.draw)
    if args.which in ("vector", "all"):
        results["vector"] = bench_vector(args.variant, args.tables, args.seconds)
    if args.which in ("stream", "all"):
        results["stream"] = bench_stream(args.target, args.variant, args.tables, args.streams, args.seconds)
    if args.which in ("stream_threaded", "all"):
        results["stream_threaded"] = bench_stream_threaded(
            args.target, args.variant, args.tables, args.streams, args.seconds
        )
    if args.which in ("openspiel", "all"):
        try:
            results["openspiel"] = bench_openspiel(args.seconds, args.draw)
        except ImportError:
            emit(bench="openspiel", error="pyspiel is not installed: pip install -r benches/python/requirements.txt")
            return 1 if args.which == "openspiel" else 0
    if "openspiel" in results and len(results) > 1:
        base = results["openspiel"]["actions_per_s"]
        emit(bench="ratios", **{f"{k}_over_openspiel": round(v["actions_per_s"] / base, 2)
                                for k, v in results.items() if k != "openspiel"})
    return 0


if __name__ == "__main__":
    sys.exit(main())

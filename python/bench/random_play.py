#!/usr/bin/env python3
"""Random play, in actions per second: the native binding, the Play stream, and OpenSpiel.

Each measurement prints one JSON line; the last line gives the ratios to OpenSpiel's Python API
(``pyspiel.load_game("tarok")``, random play in-process) when it is installed.

    python python/bench/random_play.py native  [--variant V] [--seconds S]
    python python/bench/random_play.py stream  --target HOST:PORT [--tables 256]
    python python/bench/random_play.py openspiel
    python python/bench/random_play.py all     --target HOST:PORT   # the three, and the ratios

``native`` is the plain Python loop ``while not s.is_terminal(): s.apply_action(
random.choice(s.legal_actions()))``; ``stream`` draws one legal action per table from the masks
with numpy and steps all 256 tables of a stream with one message, with ``--streams`` streams
(2 by default) stepped in turn, one step of each in flight; ``openspiel`` is the same loop as ``native``
over OpenSpiel's tarok.
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def emit(**fields) -> dict:
    fields.setdefault("python", platform.python_version())
    print(json.dumps(fields), flush=True)
    return fields


def bench_native(variant: str, seconds: float) -> dict:
    import tarock

    rng = random.Random(1)
    choice = rng.choice
    actions = games = 0
    seed = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            s = tarock.new_game(variant, seed=seed)
            seed += 1
            while not s.is_terminal():
                s.apply_action(choice(s.legal_actions()))
                actions += 1
            s.returns()
            games += 1
    elapsed = time.perf_counter() - start
    return emit(bench="native", variant=variant, games=games, actions=actions, seconds=round(elapsed, 3),
                actions_per_s=round(actions / elapsed), games_per_s=round(games / elapsed, 1))


def random_legal(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """One legal action id per row of ``mask``, uniformly: the r-th set bit of each row."""
    counts = mask.sum(axis=1)
    flat = np.flatnonzero(mask)
    starts = np.cumsum(counts) - counts
    picks = starts + (rng.random(len(counts)) * counts).astype(np.int64)
    return flat[picks] - np.arange(len(counts)) * mask.shape[1]


def bench_stream(target: str, variant: str, tables: int, streams: int, seconds: float) -> dict:
    """``streams`` streams of ``tables`` tables each, stepped in turn with one step of each in
    flight: while the server answers one stream the client chooses the next stream's actions."""
    from tarock.grpc import VectorEnv, channel

    rng = np.random.default_rng(1)
    ch = channel(target)
    envs = [VectorEnv(ch, variant, num_tables=tables, seed=k) for k in range(streams)]
    obs = [env.reset()[0] for env in envs]
    steps = hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    for k, env in enumerate(envs):
        env.step_async(random_legal(rng, obs[k]["legal_mask"]))
    while time.perf_counter() < deadline:
        for k, env in enumerate(envs):
            obs[k], rewards, over, _ = env.step_wait()
            env.step_async(random_legal(rng, obs[k]["legal_mask"]))
            steps += 1
            hands += int(over.sum())
    elapsed = time.perf_counter() - start
    for env in envs:
        env.step_wait()
        env.close()
    ch.close()
    actions = steps * tables
    return emit(bench="stream", variant=variant, tables=tables, streams=streams, steps=steps, games=hands,
                actions=actions, seconds=round(elapsed, 3), actions_per_s=round(actions / elapsed),
                games_per_s=round(hands / elapsed, 1))


def bench_openspiel(seconds: float) -> dict:
    import pyspiel

    game = pyspiel.load_game("tarok")
    rng = random.Random(1)
    choice = rng.choice
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
                    s.apply_action(choice(s.legal_actions()))
                    actions += 1
            s.returns()
            games += 1
    elapsed = time.perf_counter() - start
    return emit(bench="openspiel", variant="tarok", games=games, actions=actions, seconds=round(elapsed, 3),
                actions_per_s=round(actions / elapsed), games_per_s=round(games / elapsed, 1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("which", choices=["native", "stream", "openspiel", "all"])
    ap.add_argument("--variant", default="hungarian-illustrated")
    ap.add_argument("--target", help="a tarock-server serving the Play stream (stream, all)")
    ap.add_argument("--tables", type=int, default=256, help="tables per stream")
    ap.add_argument("--streams", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    if args.which in ("stream", "all") and not args.target:
        ap.error("stream needs --target")
    results = {}
    if args.which in ("native", "all"):
        results["native"] = bench_native(args.variant, args.seconds)
    if args.which in ("stream", "all"):
        results["stream"] = bench_stream(args.target, args.variant, args.tables, args.streams, args.seconds)
    if args.which in ("openspiel", "all"):
        try:
            results["openspiel"] = bench_openspiel(args.seconds)
        except ImportError:
            emit(bench="openspiel", error="pyspiel is not installed: pip install -r python/bench/requirements.txt")
            return 1 if args.which == "openspiel" else 0
    if "openspiel" in results and len(results) > 1:
        base = results["openspiel"]["actions_per_s"]
        emit(bench="ratios", **{f"{k}_over_openspiel": round(v["actions_per_s"] / base, 2)
                                for k, v in results.items() if k != "openspiel"})
    return 0


if __name__ == "__main__":
    sys.exit(main())

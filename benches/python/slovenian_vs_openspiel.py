#!/usr/bin/env python3
"""Slovenian Tarok: the native binding against OpenSpiel's tarok, in actions per second.

Both games are played in the same run, in the same kind of Python loop, with the same policy,
for 3 and 4 players; each measurement prints one JSON line, and one line per table size and
policy gives the ratios.

    python benches/python/slovenian_vs_openspiel.py [--seconds S] [--players 3 4] [--policy uniform full]

Policies (the same for both games; the bid ids agree: 0 pass, 1 klop, 2 three):

* ``uniform``: every action drawn uniformly among the legal ones. Most deals are then a valat or
  colour valat bid in the auction and lost in the first trick: short deals, mostly bidding.
* ``full``: everyone passes, forehand declares klop or three (half and half), then uniform:
  full-length deals (48 cards played; three adds the king call, the talon and the discards).

Measurements:

* ``native``: ``tarock.new_game("slovenian-tarok", seats=n, seed=k, options=OPENSPIEL_OPTIONS)``
  (our shuffle deals), then ``legal_actions()``, draw, ``apply_action()`` until the end, then
  ``returns()``.
* ``openspiel``: ``game.new_initial_state()``, the chance action (the deal, not counted as an
  action), then the same loop over pyspiel's ``tarok``.
* ``openspiel_cpp``: OpenSpiel's C++ alone: ``pyspiel.evaluate_bots`` with C++ uniform random bots
  (``make_uniform_random_bot``) plays a whole deal in C++ (chance, legal actions, the bots' draw,
  ``ApplyAction``, returns); only that call is timed. With ``uniform`` it starts from the initial
  state (the deal included); with ``full`` from the state after the auction, which Python plays
  first, untimed. This is the fastest honest C++ loop pyspiel offers: ``random_sim_test`` runs
  its checks at every step (about 5 times slower), and the ``Evaluator`` classes are not
  callable from Python.

* ``engine``: the Rust engine alone, in the same run: the ``playout`` benchmark
  (``cargo build --release -p tarock-benches --bin playout``; ``--playout PATH`` names the
  binary) with OpenSpiel's options and the same policy (``full``: ``--pass-auction``). With
  ``uniform`` it times whole deals, the deal included; with ``full``, like ``openspiel_cpp``,
  from the end of the auction to the settlement.

The C++ figures have no Python per action: compare them with ``engine`` (the ratio line's
``engine_over_openspiel_cpp``), and the two Python loops with each other.

Run it with the package installed (``.ci/python.sh`` installs it into ``.ci/tools/python-pkg``,
with open_spiel from python/requirements.txt).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time

VARIANT = "slovenian-tarok"
# OpenSpiel's rule set (see python/tests/test_openspiel_tarok.py).
OPENSPIEL_OPTIONS = {
    "rounding": "none",
    "queen_call": "false",
    "discard_taroks": "if_needed",
    "emperor_order": "any",
    "mond_penalty": "20",
    "announcements": "false",
    "radli": "off",
    "openspiel_quirks": "true",
}


def emit(**fields) -> dict:
    fields.setdefault("python", platform.python_version())
    print(json.dumps(fields), flush=True)
    return fields


def result(bench: str, n: int, policy: str, games: int, actions: int, elapsed: float) -> dict:
    return emit(bench=bench, players=n, policy=policy, games=games, actions=actions,
                seconds=round(elapsed, 3), actions_per_s=round(actions / elapsed),
                us_per_action=round(elapsed / actions * 1e6, 3), games_per_s=round(games / elapsed, 1),
                actions_per_game=round(actions / games, 1))  # fmt: skip


def state_loop(bench: str, deal, n: int, policy: str, seconds: float) -> dict:
    """The same loop over either package's State: `deal(k)` gives deal k's state, dealt."""
    rng = random.Random(1)
    choice, draw = rng.choice, rng.random
    full = policy == "full"
    actions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            s = deal(games)
            k = 0
            while not s.is_terminal():
                legal = s.legal_actions()
                if full and k < n:
                    a = 0 if k < n - 1 else (1 if draw() < 0.5 else 2)
                    if a not in legal:  # (ours: a hand without taroks is thrown in)
                        a = choice(legal)
                else:
                    a = choice(legal)
                s.apply_action(a)
                k += 1
            s.returns()
            actions += k
            games += 1
    return result(bench, n, policy, games, actions, time.perf_counter() - start)


def bench_native(n: int, policy: str, seconds: float) -> dict:
    import tarock

    def deal(k):
        return tarock.new_game(VARIANT, seats=n, seed=k, options=OPENSPIEL_OPTIONS)

    return state_loop("native", deal, n, policy, seconds)


def bench_openspiel(n: int, policy: str, seconds: float) -> dict:
    import pyspiel

    game = pyspiel.load_game("tarok", {"players": n, "rng_seed": 1})

    def deal(_k):
        s = game.new_initial_state()
        s.apply_action(0)  # the deal, OpenSpiel's one chance outcome
        return s

    return state_loop("openspiel", deal, n, policy, seconds)


def bench_openspiel_cpp(n: int, policy: str, seconds: float) -> dict:
    import pyspiel

    game = pyspiel.load_game("tarok", {"players": n, "rng_seed": 1})
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(n)]
    rng = random.Random(1)
    evaluate = pyspiel.evaluate_bots
    clock = time.perf_counter
    actions = games = 0
    timed = 0.0
    deadline = clock() + seconds
    while clock() < deadline:
        for _ in range(20):
            s = game.new_initial_state()
            before = 0
            if policy == "full":
                s.apply_action(0)
                for _ in range(n - 1):
                    s.apply_action(0)
                s.apply_action(1 if rng.random() < 0.5 else 2)
                before = len(s.history())
            t = clock()
            evaluate(s, bots, games)
            timed += clock() - t
            # Not the chance action of the deal (uniform: in the history, from the initial state).
            actions += len(s.history()) - before - (1 if policy == "uniform" else 0)
            games += 1
    return result("openspiel_cpp", n, policy, games, actions, timed)


def bench_engine(n: int, policy: str, seconds: float, playout: str) -> dict:
    import subprocess

    cmd = [playout, "--variant", VARIANT, "--seats", str(n), "--seconds", str(seconds)]
    for k, v in OPENSPIEL_OPTIONS.items():
        cmd += ["--option", f"{k}={v}"]
    if policy == "full":
        cmd.append("--pass-auction")
    out = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    if policy == "full":
        # Timed from the end of the auction, as openspiel_cpp times its full deals.
        return result("engine", n, policy, out["deals"], out["after_auction_actions"], out["after_auction_seconds"])
    return result("engine", n, policy, out["deals"], out["actions"], out["seconds"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4], choices=[3, 4])
    ap.add_argument("--policy", nargs="+", default=["uniform", "full"], choices=["uniform", "full"])
    ap.add_argument("--skip", nargs="*", default=[], choices=["native", "openspiel", "openspiel_cpp", "engine"])
    ap.add_argument("--playout", default="target/release/playout", help="the Rust playout benchmark's binary")
    args = ap.parse_args()
    benches = {
        "native": bench_native,
        "openspiel": bench_openspiel,
        "openspiel_cpp": bench_openspiel_cpp,
        "engine": lambda n, policy, seconds: bench_engine(n, policy, seconds, args.playout),
    }
    for n in args.players:
        for policy in args.policy:
            r = {name: f(n, policy, args.seconds) for name, f in benches.items() if name not in args.skip}
            ratios = {}
            if "native" in r and "openspiel" in r:
                ratios["native_over_openspiel"] = round(r["native"]["actions_per_s"] / r["openspiel"]["actions_per_s"], 2)
            if "engine" in r and "openspiel_cpp" in r:
                ratios["engine_over_openspiel_cpp"] = round(r["engine"]["actions_per_s"] / r["openspiel_cpp"]["actions_per_s"], 2)
            emit(bench="ratios", players=n, policy=policy, **ratios)
    return 0


if __name__ == "__main__":
    sys.exit(main())

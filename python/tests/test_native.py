"""The native game API on every variant and table size."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

import tarock
from tarock.v1 import engine_pb2 as pb

GAMES = 12


def play_random(s: tarock.State, rng: random.Random) -> tarock.State:
    steps = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal, "a seat to act has a legal action"
        s.apply_action(rng.choice(legal))
        steps += 1
        assert steps < 5000
    return s


def check_settlement(s: tarock.State) -> None:
    returns = s.returns()
    st = s.settlement()
    assert st is not None and st["end"] == s.end()
    assert [float(x) for x in st["totals"]] == returns
    columns = [sum(item["payments"][i] for item in st["items"]) for i in range(s.num_players())]
    assert columns == st["totals"], "the totals are the sums of the lines"
    if st["scoring"] == "payments":
        # Payments between the players sum to zero, with what went into the Danish pots.
        assert sum(st["totals"]) + sum(st["pots"]) == 0
        for item in st["items"]:
            assert sum(item["payments"]) + sum(item["pots"]) == 0, item["label"]
    else:
        assert st["scoring"] == "points"


def test_random_games_to_the_end(variant_table):
    variant, seats = variant_table
    rng = random.Random(f"{variant}-{seats}")
    ends = set()
    for g in range(GAMES):
        s = tarock.new_game(variant, seats=seats, seed=g, dealer=g % seats)
        assert s.variant == variant and s.num_players() == seats and s.dealer == g % seats
        assert s.current_player() in range(seats)
        assert not s.is_chance_node()
        play_random(s, rng)
        assert s.current_player() == tarock.TERMINAL_PLAYER == -4
        assert s.legal_actions() == [] and not s.legal_actions_mask().any()
        assert s.phase() == "over" and s.end() is not None
        check_settlement(s)
        ends.add(s.end())
    assert ends


def test_legal_actions_are_the_mask(variant_table):
    variant, seats = variant_table
    rng = random.Random(1)
    s = tarock.new_game(variant, seats=seats, seed=7)
    n = s.num_distinct_actions()
    while not s.is_terminal():
        legal = s.legal_actions()
        mask = s.legal_actions_mask()
        assert mask.dtype == np.bool_ and mask.shape == (n,)
        assert legal == sorted(legal) and legal == np.flatnonzero(mask).tolist()
        p = s.current_player()
        assert s.legal_actions(p) == legal
        assert s.legal_actions((p + 1) % seats) == [] or seats == 1
        assert not s.legal_actions_mask((p + 1) % seats).any()
        for a in legal[:3]:
            assert s.string_to_action(s.action_to_string(a)) == a
            assert s.action_to_string(p, a) == s.action_to_string(a)
        s.apply_action(rng.choice(legal))


def test_returns_are_zero_until_the_end():
    s = tarock.new_game("polish-krolami", seed=5)
    assert s.returns() == [0.0] * 4 and s.rewards() == [0.0] * 4
    assert s.settlement() is None and s.end() is None


def test_same_seed_same_game(variant_table):
    variant, seats = variant_table
    a = tarock.new_game(variant, seats=seats, seed=99)
    b = tarock.new_game(variant, seats=seats, seed=(99).to_bytes(32, "little"))
    assert a.to_record_bytes() == b.to_record_bytes()
    assert a.observation_tensor().tobytes() == b.observation_tensor().tobytes()
    c = tarock.new_game(variant, seats=seats, seed=100)
    assert c.information_state_tensor().tobytes() != a.information_state_tensor().tobytes()


def test_clone_is_independent():
    s = tarock.new_game("hungarian-illustrated", seed=3)
    c = s.clone()
    c.apply_action(c.legal_actions()[0])
    assert len(c.history()) == 1 and s.history() == []
    for dup in (copy.copy(s), copy.deepcopy(s)):
        assert dup.to_record_bytes() == s.to_record_bytes()


def test_records_round_trip_and_replay(variant_table):
    variant, seats = variant_table
    rng = random.Random(2)
    for g in range(4):
        s = tarock.new_game(variant, seats=seats, seed=1000 + g, options=None)
        prefixes = []
        while not s.is_terminal():
            if rng.random() < 0.2:
                prefixes.append((s.to_record_bytes(), s.history(), s.legal_actions()))
            s.apply_action(rng.choice(s.legal_actions()))
        data = s.to_record_bytes()
        record = pb.GameRecord.FromString(data)
        assert record.variant == variant and record.seats == seats
        assert record.rules_version == tarock.RULES_VERSION
        assert len(record.actions) == len(s.history())
        t = tarock.from_record_bytes(data)
        assert t.history() == s.history()
        assert t.returns() == s.returns() and t.settlement() == s.settlement()
        assert t.to_record_bytes() == data
        assert pickle.loads(pickle.dumps(s)).to_record_bytes() == data
        for b, history, legal in prefixes:
            u = tarock.from_record_bytes(b)
            assert u.history() == history and u.legal_actions() == legal
            # Replaying the rest of the game from the prefix gives the same end.
            for a in s.history()[len(history):]:
                u.apply_action(a)
            assert u.to_record_bytes() == data


def test_records_keep_options():
    s = tarock.new_game("hungarian-illustrated", options={"pack": "54"}, seed=1)
    t = tarock.from_record_bytes(s.to_record_bytes())
    assert t.options == [("pack", "54")] and t.num_distinct_actions() == s.num_distinct_actions()


def test_tensors(variant_table):
    variant, seats = variant_table
    rng = random.Random(3)
    s = tarock.new_game(variant, seats=seats, seed=11)
    obs_layout, info_layout = s.observation_layout(), s.information_state_layout()
    for layout, size in ((obs_layout, s.observation_tensor_size()), (info_layout, s.information_state_tensor_size())):
        at = 0
        for seg in layout:
            assert seg["offset"] == at and seg["name"] and seg["description"]
            at += int(np.prod(seg["shape"]))
        assert at == size, "the segments cover the tensor"
    assert s.observation_tensor_shape() == [s.observation_tensor_size()]
    assert s.information_state_tensor_shape() == [s.information_state_tensor_size()]
    while not s.is_terminal():
        p = s.current_player()
        o, i = s.observation_tensor(), s.information_state_tensor()
        assert o.dtype == np.float32 and o.shape == (s.observation_tensor_size(),)
        assert i.dtype == np.float32 and i.shape == (s.information_state_tensor_size(),)
        assert np.array_equal(o, s.observation_tensor(p)) and np.isfinite(o).all() and np.isfinite(i).all()
        s.apply_action(rng.choice(s.legal_actions()))
    with pytest.raises(IndexError, match="name the seat"):
        s.observation_tensor()
    s.observation_tensor((s.dealer + 1) % seats)


# -- errors ----------------------------------------------------------------------------------


def test_illegal_action_names_the_rule_and_changes_nothing():
    s = tarock.new_game("hungarian-illustrated", seed=1)
    before = s.to_record_bytes()
    illegal = [a for a in range(s.num_distinct_actions()) if a not in s.legal_actions()]
    with pytest.raises(tarock.IllegalActionError, match=r"[A-Z]{2}-[A-Z]+-\d{2}"):
        s.apply_action(illegal[0])
    assert s.to_record_bytes() == before
    assert issubclass(tarock.IllegalActionError, tarock.TarockError)
    assert issubclass(tarock.TarockError, ValueError)


@pytest.mark.parametrize("bad", [-1, 10**6, 2**40, -(2**70) + 1])
def test_action_ids_outside_the_space(bad):
    s = tarock.new_game("danish-tarok", seed=1)
    with pytest.raises((tarock.IllegalActionError, OverflowError), match="not an action|too large|overflow"):
        s.apply_action(bad)


def test_no_action_after_the_end():
    s = play_random(tarock.new_game("austrian-illustrated", seed=4), random.Random(0))
    with pytest.raises(tarock.IllegalActionError, match="over"):
        s.apply_action(0)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"variant": "skat"}, "unknown variant"),
        ({"variant": "polish-krolami", "seats": 3}, "played by"),
        ({"variant": "danish-tarok", "seats": -1}, "played by"),
        ({"variant": "hungarian-high", "dealer": 4}, "dealer 4"),
        ({"variant": "hungarian-high", "options": {"no_such_option": "1"}}, "no_such_option"),
        ({"variant": "hungarian-high", "options": {"pack": "53"}}, "pack"),
        ({"variant": "hungarian-high", "seed": b"short"}, "32 bytes"),
        ({"variant": "hungarian-high", "seed": -1}, "2\\*\\*256"),
        ({"variant": "hungarian-high", "seed": 2**256}, "2\\*\\*256"),
    ],
)
def test_bad_setups(kwargs, message):
    with pytest.raises(tarock.InvalidSetupError, match=message):
        tarock.new_game(**kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"variant": "hungarian-high", "seed": 1.5},
        {"variant": "hungarian-high", "options": 3},
        {"variant": "hungarian-high", "options": {"pack": 1.5}},
    ],
)
def test_bad_argument_types(kwargs):
    with pytest.raises(TypeError):
        tarock.new_game(**kwargs)


def test_bad_seats_for_tensors():
    s = tarock.new_game("danish-tarok", seed=1)
    for bad in (-1, 3, 99):
        with pytest.raises(IndexError, match=f"no seat {bad}"):
            s.observation_tensor(bad)
        with pytest.raises(IndexError):
            s.information_state_tensor(bad)


def test_bad_records():
    with pytest.raises(tarock.RecordError, match="not a tarock.v1.GameRecord"):
        tarock.from_record_bytes(b"\xff\xff\xff")
    good = tarock.new_game("hungarian-illustrated", seed=2)
    rng = random.Random(0)
    for _ in range(10):
        good.apply_action(rng.choice(good.legal_actions()))
    record = pb.GameRecord.FromString(good.to_record_bytes())

    r = pb.GameRecord()
    r.CopyFrom(record)
    r.variant = "bridge"
    with pytest.raises(tarock.RecordError, match="unknown variant"):
        tarock.from_record_bytes(r.SerializeToString())

    r.CopyFrom(record)
    r.rules_version = 999
    with pytest.raises(tarock.RecordError, match="rules version 999"):
        tarock.from_record_bytes(r.SerializeToString())

    r.CopyFrom(record)
    r.seed = b"\x01" * 5
    with pytest.raises(tarock.RecordError, match="32 bytes"):
        tarock.from_record_bytes(r.SerializeToString())

    r.CopyFrom(record)
    r.actions[3].CopyFrom(r.actions[0])
    r.actions[3].notation = ""
    with pytest.raises(tarock.RecordError, match=r"action 3 .*illegal|actions\[3\]"):
        tarock.from_record_bytes(r.SerializeToString())

    r.CopyFrom(record)
    r.actions[2].kind = 999
    r.actions[2].notation = ""
    with pytest.raises(tarock.RecordError, match=r"record.actions\[2\]"):
        tarock.from_record_bytes(r.SerializeToString())


def test_variants_list():
    vs = tarock.variants()
    assert [v["id"] for v in vs] == [
        "hungarian-illustrated",
        "hungarian-paskievics",
        "hungarian-high",
        "polish-krolami",
        "austrian-illustrated",
        "danish-tarok",
        "slovenian-tarok",
    ]
    for v in vs:
        assert v["seats"] and all(isinstance(n, int) for n in v["seats"])
        for o in v["options"]:
            assert o["type"] in ("bool", "int", "enum") and o["name"]


def test_sample_worlds(variant_table):
    """Worlds are complete hands the seat cannot tell from the real one: the same information
    state, the same legal actions on its turn; records that replay; the same seed, the same
    worlds."""
    variant, seats = variant_table
    rng = random.Random(4)
    s = tarock.new_game(variant, seats=seats, seed=21)
    checked = 0
    while not s.is_terminal():
        if rng.random() < 0.15:
            seat = s.current_player()
            worlds = s.sample_worlds(seat, 4, 7)
            assert len(worlds) == 4
            for w in worlds:
                assert len(w.history()) == len(s.history())
                assert np.array_equal(w.information_state_tensor(seat), s.information_state_tensor(seat))
                assert w.legal_actions() == s.legal_actions()
                r = tarock.from_record_bytes(w.to_record_bytes())
                assert r.to_record_bytes() == w.to_record_bytes()
            again = s.sample_worlds(seat, 4, 7)
            assert [w.to_record_bytes() for w in again] == [w.to_record_bytes() for w in worlds]
            checked += 1
        s.apply_action(rng.choice(s.legal_actions()))
    assert checked > 0


def test_sample_worlds_errors():
    s = tarock.new_game("polish-krolami", seed=1)
    with pytest.raises(IndexError, match="no seat 4"):
        s.sample_worlds(4, 1, 0)
    with pytest.raises(tarock.TarockError, match="1 to"):
        s.sample_worlds(0, 0, 0)
    with pytest.raises(tarock.InvalidSetupError, match="32 bytes"):
        s.sample_worlds(0, 1, b"x")


def test_bot_action(variant_table):
    """Every bot chooses a legal action at every step of a hand; the search bot chooses the same
    action again for the same state, seed and worlds."""
    variant, seats = variant_table
    s = tarock.new_game(variant, seats=seats, seed=5)
    bots = ["heuristic", "random", "search"]
    step = 0
    while not s.is_terminal():
        bot = bots[step % 3]
        a = s.bot_action(bot, seed=step, worlds=2)
        assert a in s.legal_actions(), (bot, a)
        if bot == "search" and step % 9 == 2:
            assert s.bot_action(bot, seed=step, worlds=2) == a
        s.apply_action(a)
        step += 1
    assert s.bot_action("heuristic") is None


def test_bot_action_errors():
    s = tarock.new_game("hungarian-illustrated", seed=3)
    with pytest.raises(tarock.TarockError, match="unknown bot"):
        s.bot_action("oracle")
    with pytest.raises(tarock.TarockError, match="at least 1"):
        s.bot_action("search", worlds=0)


def test_solve():
    """The double-dummy value of a late position: the best move achieves it, every legal move is
    valued, and a side and its complement share the points in play."""
    s = tarock.new_game("hungarian-illustrated", seed=8)
    while not s.is_terminal() and not (s.phase() == "play" and len(s.history()) >= 40):
        s.apply_action(s.bot_action("heuristic"))
    assert not s.is_terminal() and s.phase() == "play"
    team = s.solve()
    assert "moves" not in team
    each = s.solve(each_move=True)
    assert sorted(each["moves"]) == sorted(s.legal_actions())
    assert each["moves"][each["best"]] == each["value_thirds"]
    assert each["value"] == pytest.approx(each["value_thirds"] / 3)
    assert team["value_thirds"] == each["value_thirds"]
    seats = list(range(s.num_players()))
    some = s.solve(side=[0, 1])
    rest = s.solve(side=[2, 3])
    both = s.solve(side=seats)
    assert some["value_thirds"] + rest["value_thirds"] == both["value_thirds"]
    with pytest.raises(IndexError, match="no seat 4"):
        s.solve(side=[4])
    with pytest.raises(tarock.SolveLimitError, match="node limit") as stopped:
        s.solve(max_nodes=1)
    assert isinstance(stopped.value, tarock.TarockError)
    assert stopped.value.nodes >= 1
    # The bounds proved hold the value; a little more work narrows them.
    wide = stopped.value
    assert wide.lower_thirds <= team["value_thirds"] <= wide.upper_thirds
    with pytest.raises(tarock.SolveLimitError) as narrower:
        s.solve(max_nodes=team["nodes"] // 2)
    low, high = narrower.value.lower_thirds, narrower.value.upper_thirds
    assert low <= team["value_thirds"] <= high
    assert wide.lower_thirds <= low and high <= wide.upper_thirds and (low, high) != (
        wide.lower_thirds,
        wide.upper_thirds,
    )
    # With each move, the position is solved first (in as many nodes as alone): a limit just
    # past it stops among the moves, with the position's value proved.
    assert len(s.legal_actions()) > 1
    with pytest.raises(tarock.SolveLimitError) as among:
        s.solve(each_move=True, max_nodes=team["nodes"] + 1)
    assert among.value.lower_thirds == among.value.upper_thirds == team["value_thirds"]
    with pytest.raises(tarock.TarockError, match="not in trick play"):
        tarock.new_game("hungarian-illustrated", seed=8).solve(side=[0])


def _minimax_settlement(s, side):
    """The side's settlement under perfect play, every legal action tried."""
    if s.is_terminal():
        return sum(s.returns()[i] for i in side)
    values = []
    for a in s.legal_actions():
        t = s.clone()
        t.apply_action(a)
        values.append(_minimax_settlement(t, side))
    return max(values) if s.current_player() in side else min(values)


def test_solve_settlement():
    """The settlement under perfect play is the minimax over the game's own settlement, in one-
    and two-trick endings; each move's too. Not with cuts; a limit proves no bounds."""
    checked = 0
    for seed in range(8):
        s = tarock.new_game("hungarian-illustrated", seed=seed)
        left, plays = 1 + seed % 2, 0
        while not s.is_terminal() and not (s.phase() == "play" and plays >= 36 - 4 * left):
            plays += s.phase() == "play"
            s.apply_action(s.bot_action("heuristic", seed=seed))
        if s.is_terminal():
            continue
        team = [0, 1] if seed % 2 else [1, 3]
        got = s.solve(side=team, settlement=True, each_move=True)
        assert got["settled"] == _minimax_settlement(s, team), seed
        assert sorted(got["moves"]) == sorted(s.legal_actions())
        for a, v in got["moves"].items():
            t = s.clone()
            t.apply_action(a)
            assert v == _minimax_settlement(t, team), (seed, a)
        assert got["moves"][got["best"]] == got["settled"]
        assert s.solve(side=team, settlement=True)["settled"] == got["settled"]
        checked += 1
    assert checked >= 4
    s = tarock.new_game("hungarian-illustrated", seed=8)
    while s.phase() != "play":
        s.apply_action(s.bot_action("heuristic"))
    with pytest.raises(ValueError, match="settlement"):
        s.solve(settlement=True, cuts=[3])
    with pytest.raises(tarock.SolveLimitError) as stopped:
        s.solve(settlement=True, max_nodes=100)
    assert stopped.value.nodes == 101
    assert stopped.value.lower_thirds is None and stopped.value.upper_thirds is None


def test_solve_cuts():
    """Cuts place the exact value: at it, one third above it and well below it, with a best
    move that keeps the value there; cuts out of order or with each_move are refused."""
    s = tarock.new_game("hungarian-illustrated", seed=8)
    while not s.is_terminal() and not (s.phase() == "play" and len(s.history()) >= 40):
        s.apply_action(s.bot_action("heuristic"))
    each = s.solve(each_move=True)
    v = each["value_thirds"]
    placed = s.solve(cuts=[v - 30, v, v + 1])
    assert placed["reached"] == 2
    assert "value_thirds" not in placed
    assert each["moves"][placed["best"]] == v
    assert s.solve(cuts=[v + 1])["reached"] == 0
    with pytest.raises(ValueError, match="ascending"):
        s.solve(cuts=[3, 3])
    # Each move's bracket is its exact value's; the position's, the best of them. Cuts at the
    # moves' values, at a later position where they differ.
    t = s.clone()
    while len(set(t.solve(each_move=True)["moves"].values())) < 2:
        t.apply_action(t.bot_action("heuristic"))
        assert t.phase() == "play", "no position whose moves differ"
    exact = t.solve(each_move=True)
    cuts = sorted(set(exact["moves"].values()))
    both = t.solve(cuts=cuts, each_move=True)
    assert sorted(both["moves"]) == sorted(t.legal_actions())
    for a, r in both["moves"].items():
        assert r == sum(exact["moves"][a] >= k for k in cuts), a
    assert both["reached"] == sum(exact["value_thirds"] >= k for k in cuts)
    assert both["moves"][both["best"]] == both["reached"]
    assert "value_thirds" not in both
    with pytest.raises(tarock.SolveLimitError) as stopped:
        s.solve(cuts=[v - 30, v, v + 1], max_nodes=1)
    assert stopped.value.lower_thirds <= v <= stopped.value.upper_thirds

"""Many tables at once, in-process: the native counterpart of :class:`tarock.grpc.VectorEnv`.

Both environments have the same interface and, given the same arguments, deal the same hands:
table ``i`` deals its first hand from :func:`tarock.table_seed` ``(seed, i)`` with ``dealer``,
and after each hand deals the next from :func:`tarock.next_seed` of the last seed, the deal
passing to the next seat, as the server's ``Play`` stream does. Given the same actions they give
the same observations, masks and rewards.

The observation is a dict of numpy arrays over the tables:

``to_act``
    int64 ``[num_tables]``: the seat to act at each table.
``legal_mask``
    bool ``[num_tables, action_space]``: the legal action ids of the seat to act.
``observation`` (when asked for)
    float32 ``[num_tables, observation_size]``: the seat to act's observation tensor.
``info_state`` (when asked for)
    float32 ``[num_tables, info_state_size]``: the seat to act's information-state tensor.

``step(actions)`` takes one action id per table and returns ``(obs, rewards, hand_over,
info)``: ``rewards`` is float64 ``[num_tables, seats]``, the settlement of each hand that
ended (zeros elsewhere); ``hand_over`` is bool ``[num_tables]``; a table whose hand ended has
dealt its next hand, and its row of ``obs`` is that hand's. ``info["hands_played"]`` counts each
table's finished hands.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence, Union

import numpy as np

from . import _native
from .seeds import Seed, next_seed, table_seed

Options = Union[Mapping[str, Any], Sequence[tuple], None]


def first_hands(seed: Seed, num_tables: int, dealer: int, options: Optional[dict]):
    """The first hands' seeds and dealers: ``table_seed(seed, i)`` and ``dealer``, unless
    ``options`` names them (``{"table_seeds": [32 bytes per table], "dealers": [...]}``)."""
    options = options or {}
    seeds = options.get("table_seeds")
    seeds = [table_seed(seed, i) for i in range(num_tables)] if seeds is None else list(seeds)
    dealers = options.get("dealers")
    dealers = [dealer] * num_tables if dealers is None else [int(d) for d in dealers]
    if len(seeds) != num_tables or len(dealers) != num_tables:
        raise ValueError(f"table_seeds and dealers name {num_tables} tables")
    return seeds, dealers


class NativeVectorEnv:
    """``num_tables`` tables of one variant played in this process by the native engine."""

    def __init__(
        self,
        variant: str,
        num_tables: int = 256,
        seats: Optional[int] = None,
        options: Options = None,
        seed: Seed = 0,
        observation: bool = False,
        info_state: bool = False,
        dealer: int = 0,
    ):
        if num_tables < 1:
            raise ValueError(f"num_tables is at least 1, not {num_tables}")
        self.variant = variant
        self.num_tables = num_tables
        self.options = dict(options) if isinstance(options, Mapping) else options
        self.dealer = dealer
        self.want_observation = observation
        self.want_info_state = info_state
        self._seed = seed
        probe = _native.new_game(variant, seats=seats, options=options, seed=0, dealer=dealer)
        self.seats = probe.num_players()
        self.action_space = probe.num_distinct_actions()
        self.observation_size = probe.observation_tensor_size() if observation else 0
        self.info_state_size = probe.information_state_tensor_size() if info_state else 0
        self._states: list = []
        self._seeds: list = []
        self._dealers: list = []
        self._hands = np.zeros(num_tables, dtype=np.int64)

    # -- the Gymnasium-style interface ---------------------------------------------------------

    def reset(self, seed: Optional[Seed] = None, options: Optional[dict] = None):
        """Deals every table's first hand; returns ``(obs, info)``. ``seed`` replaces the
        environment's seed; ``options`` may name each table's first seed and dealer
        (``{"table_seeds": [...], "dealers": [...]}``)."""
        if seed is not None:
            self._seed = seed
        self._seeds, self._dealers = first_hands(self._seed, self.num_tables, self.dealer, options)
        self._states = [self._deal(i) for i in range(self.num_tables)]
        self._hands[:] = 0
        return self._observe(range(self.num_tables)), {"hands_played": self._hands.copy()}

    def step(self, actions):
        """Applies one action id per table; returns ``(obs, rewards, hand_over, info)``."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_tables,):
            raise ValueError(f"actions has shape {actions.shape}, not ({self.num_tables},)")
        if not self._states:
            raise RuntimeError("call reset() before step()")
        rewards = np.zeros((self.num_tables, self.seats), dtype=np.float64)
        over = np.zeros(self.num_tables, dtype=bool)
        for i, a in enumerate(actions.tolist()):
            s = self._states[i]
            s.apply_action(a)
            if s.is_terminal():
                rewards[i] = s.returns()
                over[i] = True
                self._hands[i] += 1
                self._seeds[i] = next_seed(self._seeds[i])
                self._dealers[i] = (self._dealers[i] + 1) % self.seats
                self._states[i] = self._deal(i)
        return self._observe(range(self.num_tables)), rewards, over, {"hands_played": self._hands.copy()}

    def export(self, tables: Optional[Sequence[int]] = None) -> list:
        """The records (GameRecord bytes) of the tables' hands in progress."""
        ids = range(self.num_tables) if tables is None else tables
        return [self._states[i].to_record_bytes() for i in ids]

    def state(self, table: int):
        """Table ``table``'s hand in progress, as a :class:`tarock.State` (a copy)."""
        return self._states[table].clone()

    def close(self) -> None:
        self._states = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- internals -----------------------------------------------------------------------------

    def _deal(self, i: int):
        return _native.new_game(
            self.variant,
            seats=self.seats,
            options=self.options,
            seed=self._seeds[i],
            dealer=self._dealers[i],
        )

    def _observe(self, ids) -> dict:
        states = self._states
        to_act = np.fromiter((states[i].current_player() for i in ids), dtype=np.int64, count=self.num_tables)
        mask = np.stack([states[i].legal_actions_mask() for i in ids])
        obs = {"to_act": to_act, "legal_mask": mask}
        if self.want_observation:
            obs["observation"] = np.stack(
                [states[i].observation_tensor(int(to_act[i])) for i in ids]
            )
        if self.want_info_state:
            obs["info_state"] = np.stack(
                [states[i].information_state_tensor(int(to_act[i])) for i in ids]
            )
        return obs

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
from .seeds import Seed, table_seed

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
        self._seats_arg = seats
        probe = _native.new_game(variant, seats=seats, options=options, seed=0, dealer=dealer)
        self.seats = probe.num_players()
        self.action_space = probe.num_distinct_actions()
        self.observation_size = probe.observation_tensor_size() if observation else 0
        self.info_state_size = probe.information_state_tensor_size() if info_state else 0
        self._game: Optional[Any] = None

    # -- the Gymnasium-style interface ---------------------------------------------------------

    def reset(self, seed: Optional[Seed] = None, options: Optional[dict] = None):
        """Deals every table's first hand; returns ``(obs, info)``. ``seed`` replaces the
        environment's seed; ``options`` may name each table's first seed and dealer
        (``{"table_seeds": [...], "dealers": [...]}``)."""
        if seed is not None:
            self._seed = seed
        seeds, dealers = first_hands(self._seed, self.num_tables, self.dealer, options)
        self._game = _native.VectorGame(
            self.variant, seeds, dealers, seats=self._seats_arg, options=self.options
        )
        return self._observe(), {"hands_played": self._hands_played()}

    def step(self, actions):
        """Applies one action id per table; returns ``(obs, rewards, hand_over, info)``. An
        illegal action raises :class:`tarock.IllegalActionError` naming its table, and no table
        moves."""
        if self._game is None:
            raise RuntimeError("call reset() before step()")
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        if actions.shape != (self.num_tables,):
            raise ValueError(f"actions has shape {actions.shape}, not ({self.num_tables},)")
        rewards = np.zeros((self.num_tables, self.seats), dtype=np.float64)
        over = np.zeros(self.num_tables, dtype=bool)
        self._game.step(actions, rewards, over)
        return self._observe(), rewards, over, {"hands_played": self._hands_played()}

    def sample_legal(self, rng: Optional[np.random.Generator] = None) -> np.ndarray:
        """One uniformly random legal action id per table (int64 ``[num_tables]``), drawn with
        ``rng`` (a numpy Generator; a new unseeded one when None): a random policy, or an
        exploring bot's random step, without decoding the masks."""
        if self._game is None:
            raise RuntimeError("call reset() first")
        rng = np.random.default_rng() if rng is None else rng
        return self._game.sample_legal(rng.random(self.num_tables))

    def export(self, tables: Optional[Sequence[int]] = None) -> list:
        """The records (GameRecord bytes) of the tables' hands in progress."""
        ids = range(self.num_tables) if tables is None else tables
        return [self.state(i).to_record_bytes() for i in ids]

    def state(self, table: int):
        """Table ``table``'s hand in progress, as a :class:`tarock.State` (a copy)."""
        if self._game is None:
            raise RuntimeError("call reset() first")
        return self._game.state(table)

    def close(self) -> None:
        self._game = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- internals -----------------------------------------------------------------------------

    def _hands_played(self) -> np.ndarray:
        return self._game.hands_played()

    def _observe(self) -> dict:
        to_act = np.empty(self.num_tables, dtype=np.int64)
        mask = np.empty((self.num_tables, self.action_space), dtype=bool)
        self._game.observe(to_act, mask)
        obs = {"to_act": to_act, "legal_mask": mask}
        if self.want_observation:
            obs["observation"] = np.empty((self.num_tables, self.observation_size), dtype=np.float32)
            self._game.observation(obs["observation"])
        if self.want_info_state:
            obs["info_state"] = np.empty((self.num_tables, self.info_state_size), dtype=np.float32)
            self._game.info_state(obs["info_state"])
        return obs

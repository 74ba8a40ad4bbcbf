"""One table as a PettingZoo AEC environment (one hand per episode).

The agents are ``seat_0`` .. ``seat_{n-1}``. ``observe(agent)`` is a dict: ``observation`` (the
seat's observation tensor, float32) and ``action_mask`` (int8 over the action ids, the legal
actions when the agent is to act, else zeros). The rewards come when the hand ends: each seat's
settlement. ``reset()`` deals the table's next hand (the seed chain and the dealer passing on, as
:class:`tarock.vector.NativeVectorEnv` deals them); ``reset(seed=s)`` starts the chain again
from ``s``.

With ``target`` (a server address) the hands are played on the server's ``Play`` stream: the
server checks each action and gives the legal mask and the settlement; the in-process engine
plays the same actions alongside, for the observations of the seats not to act and of the hand's
end, and is checked against the server's mask at every step.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import _native
from .seeds import Seed, next_seed, table_seed

Options = Union[Mapping[str, Any], Sequence[tuple], None]


class TarockAECEnv(AECEnv):
    """A table of ``variant`` as an AEC environment."""

    metadata = {"name": "tarock_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        variant: str = "hungarian-illustrated",
        seats: Optional[int] = None,
        options: Options = None,
        seed: Seed = 0,
        dealer: int = 0,
        target: Optional[str] = None,
        render_mode: Optional[str] = None,
    ):
        super().__init__()
        self.variant = variant
        self.options = options
        self.render_mode = render_mode
        probe = _native.new_game(variant, seats=seats, options=options, seed=0, dealer=dealer)
        self.seats = probe.num_players()
        self.num_actions = probe.num_distinct_actions()
        self.possible_agents = [f"seat_{i}" for i in range(self.seats)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        size = probe.observation_tensor_size()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(self.num_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._first_dealer = dealer
        self._seed_arg = seed
        self._hand_seed: Optional[bytes] = None
        self._dealer = dealer
        self._state = None
        self._stream = None
        self._stream_hand_over = False
        if target is not None:
            from .grpc import VectorEnv

            self._stream = VectorEnv(
                target, variant, num_tables=1, seats=self.seats, options=options, seed=seed, dealer=dealer
            )

    # -- the AEC interface ---------------------------------------------------------------------

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: Optional[Seed] = None, options: Optional[dict] = None) -> None:
        if seed is not None or self._hand_seed is None:
            self._seed_arg = self._seed_arg if seed is None else seed
            self._hand_seed = table_seed(self._seed_arg, 0)
            self._dealer = self._first_dealer
            continues = False
        else:
            finished = self._state is not None and self._state.is_terminal()
            self._hand_seed = next_seed(self._hand_seed)
            self._dealer = (self._dealer + 1) % self.seats
            continues = finished and self._stream_hand_over
        self._state = _native.new_game(
            self.variant, seats=self.seats, options=self.options, seed=self._hand_seed, dealer=self._dealer
        )
        if self._stream is not None:
            if not continues:
                # The stream's table is not at this hand: open it there.
                self._stream.reset(options={"table_seeds": [self._hand_seed], "dealers": [self._dealer]})
            self._stream_hand_over = False
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._state.current_player()]

    def observe(self, agent):
        seat = self.agent_name_mapping[agent]
        s = self._state
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if s.current_player() == seat:
            mask[s.legal_actions_mask()] = 1
        return {"observation": s.observation_tensor(seat), "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = int(action)
        if self._stream is not None:
            obs, rewards, over, _ = self._stream.step(np.array([action]))
            self._state.apply_action(action)
            self._stream_hand_over = bool(over[0])
            agree = self._stream_hand_over == self._state.is_terminal() and (
                self._stream_hand_over
                or np.array_equal(obs["legal_mask"][0], self._state.legal_actions_mask())
            )
            if not agree:
                raise _native.TarockError("the server and the in-process engine disagree on the hand")
        else:
            self._state.apply_action(action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        s = self._state
        if s.is_terminal():
            returns = s.returns() if self._stream is None else rewards[0].tolist()
            for a in self.agents:
                self.rewards[a] = float(returns[self.agent_name_mapping[a]])
                self.terminations[a] = True
            self.infos = {a: {"end": s.end()} for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[s.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self):
        if self.render_mode is None:
            return None
        s = self._state
        last = s.history()[-1:] or None
        said = f", last {s.action_to_string(last[0])}" if last else ""
        return f"{s!r}{said}"

    def state(self):
        """The hand as the referee sees it: the record's bytes."""
        return self._state.to_record_bytes()

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()
            self._stream = None


def env(**kwargs) -> TarockAECEnv:
    """A :class:`TarockAECEnv` (the PettingZoo convention's constructor)."""
    return TarockAECEnv(**kwargs)

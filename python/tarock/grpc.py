"""A vectorised environment over the server's bidirectional ``Play`` stream.

One :class:`VectorEnv` is one stream holding ``num_tables`` tables on the server. Each
``step`` is one request (one action id per table) and one answer, whose columns are decoded
with numpy: the legal masks (bit ``i % 8`` of byte ``i // 8``) with ``np.unpackbits``, the
tensors (little-endian float32) with ``np.frombuffer``. The interface and the deals are those of
:class:`tarock.vector.NativeVectorEnv` (see that module for the observation's keys).

Needs grpcio and protobuf (``pip install 'tarock[grpc]'``).
"""

from __future__ import annotations

import atexit
import queue
import weakref
from typing import Any, Mapping, Optional, Sequence, Union

import grpc
import grpc.aio
import numpy as np

from . import _native
from .vector import first_hands
from .seeds import Seed, seed_bytes
from .v1 import engine_pb2 as pb
from .v1 import engine_pb2_grpc as pb_grpc

Options = Union[Mapping[str, Any], Sequence[tuple], None]

# The largest answer the server writes (its ANSWER_LIMIT): a step whose answer could be larger is
# sent as several requests, each for a share of the tables.
ANSWER_LIMIT = 4 * 1024 * 1024


class PlayError(_native.TarockError):
    """A part of a Play request the server refused (an unknown table, an invalid table spec),
    or a stream that ended."""


def rule_options(options: Options) -> list:
    """Options as RuleOption messages: a dict or (name, value) pairs; bools as true/false."""
    if options is None:
        return []
    items = options.items() if isinstance(options, Mapping) else options
    out = []
    for name, value in items:
        if isinstance(value, bool):
            value = "true" if value else "false"
        out.append(pb.RuleOption(name=str(name), value=str(value)))
    return out


# Channel options: answers of any size the server writes.
CHANNEL_OPTIONS = [
    ("grpc.max_receive_message_length", 64 * 1024 * 1024),
    ("grpc.max_send_message_length", 64 * 1024 * 1024),
]

# The Play method, carrying serialized messages (a step is written and read natively).
PLAY_METHOD = "/tarock.v1.EngineService/Play"


def channel(target: str) -> grpc.Channel:
    """An insecure channel to ``target`` that takes answers of any size the server writes."""
    return grpc.insecure_channel(target, options=CHANNEL_OPTIONS)


# The environments with a stream open: closed when the interpreter exits, so that a script
# that never calls close() does not wait at exit for their streams' request threads.
_OPEN: "weakref.WeakSet[VectorEnv]" = weakref.WeakSet()


@atexit.register
def _close_open_streams() -> None:
    for env in list(_OPEN):
        try:
            env.close()
        except Exception:
            pass


class _Requests:
    """The request side of the stream: the messages put, in order, until closed."""

    _END = object()

    def __init__(self):
        self._q: queue.SimpleQueue = queue.SimpleQueue()

    def put(self, message) -> None:
        self._q.put(message)

    def close(self) -> None:
        self._q.put(self._END)

    def __iter__(self):
        return self

    def __next__(self):
        m = self._q.get()
        if m is self._END:
            raise StopIteration
        return m


class VectorEnv:
    """``num_tables`` tables of one variant on one ``Play`` stream of the server at ``target``.

    ``seed`` seeds the deals as in :class:`tarock.vector.NativeVectorEnv`; ``observation`` and
    ``info_state`` add the seat to act's tensors to each observation.
    """

    def __init__(
        self,
        target: Union[str, grpc.Channel],
        variant: str,
        num_tables: int = 256,
        seats: Optional[int] = None,
        options: Options = None,
        seed: Seed = 0,
        observation: bool = False,
        info_state: bool = False,
        dealer: int = 0,
        timeout: float = 30.0,
    ):
        if num_tables < 1:
            raise ValueError(f"num_tables is at least 1, not {num_tables}")
        self._own_channel = isinstance(target, str)
        self._channel = channel(target) if isinstance(target, str) else target
        self._stub = pb_grpc.EngineServiceStub(self._channel)
        self.variant = variant
        self.num_tables = num_tables
        self.options = options
        self.dealer = dealer
        self.want_observation = observation
        self.want_info_state = info_state
        self.timeout = timeout
        self._seed = seed
        self._rule_options = rule_options(options)
        d = self._stub.DescribeEncodings(
            pb.DescribeEncodingsRequest(variant=variant, options=self._rule_options, seats=seats or 0),
            timeout=timeout,
        )
        self.layouts = d
        self.action_space = d.action_space
        self.mask_bytes = d.legal_mask_bytes
        self.observation_size = d.observation.size if observation else 0
        self.info_state_size = d.info_state.size if info_state else 0
        self.seats = seats or _native.new_game(variant, options=options, seed=0).num_players()
        per_table = 64 + 10 * self.seats + self.mask_bytes
        per_table += 4 * (self.observation_size + self.info_state_size)
        self._chunk = max(1, (ANSWER_LIMIT - 4096) // per_table)
        self._requests: Optional[_Requests] = None
        self._responses = None
        # The id of the first table opened on the stream; negative before the first reset.
        self._base = -num_tables
        self._to_act = np.zeros(num_tables, dtype=np.int64)
        self._mask = np.zeros((num_tables, self.action_space), dtype=bool)
        # True once the arrays were handed out in an observation: the next partial update
        # copies them first rather than change what the caller holds.
        self._handed = False
        self._obs = np.zeros((num_tables, self.observation_size), dtype=np.float32)
        self._info = np.zeros((num_tables, self.info_state_size), dtype=np.float32)
        self._hands = np.zeros(num_tables, dtype=np.int64)
        self._ids: list = []
        self._pending = 0
        # Steps of every table in one message are written and read natively; anything else
        # (refusals, exports, opening tables, tensors) by the protobuf runtime.
        self._codec = _native.PlayCodec(num_tables, self.action_space, self.mask_bytes, self.seats)
        self._native_step = False
        self._closing = False

    # -- the stream ----------------------------------------------------------------------------

    def _open_stream(self) -> None:
        self._requests = _Requests()
        # The stream carries serialized messages both ways: a step is written and read natively.
        play = self._channel.stream_stream(PLAY_METHOD, request_serializer=None, response_deserializer=None)
        self._responses = play(self._requests)
        _OPEN.add(self)

    def _exchange(self, messages: list) -> list:
        """Sends the messages and reads their answers, in order."""
        for m in messages:
            self._requests.put(m.SerializeToString())
        return [pb.PlayResponse.FromString(b) for b in self._receive(len(messages))]

    def _receive(self, n: int) -> list:
        """The next ``n`` answers, serialized."""
        try:
            return [next(self._responses) for _ in range(n)]
        except StopIteration:
            raise PlayError("the Play stream ended") from None
        except grpc.RpcError as e:
            raise PlayError(f"the Play stream failed: {e.code().name}: {e.details()}") from None

    def _encodings(self) -> pb.EncodingRequest:
        return pb.EncodingRequest(
            legal_mask=True, observation=self.want_observation, info_state=self.want_info_state
        )

    # -- the Gymnasium-style interface ---------------------------------------------------------

    def reset(self, seed: Optional[Seed] = None, options: Optional[dict] = None):
        """Opens the tables (closing any opened before) and deals their first hands; returns
        ``(obs, info)``. ``seed`` and ``options`` as for
        :meth:`tarock.vector.NativeVectorEnv.reset`."""
        if self._requests is None:
            self._open_stream()
            self._base = -self.num_tables
        messages = self._reset_messages(seed, options)
        for m in messages:
            self._requests.put(m)
        return self._finish_reset(self._receive(len(messages)))

    def step(self, actions):
        """Applies one action id per table; returns ``(obs, rewards, hand_over, info)``.

        Raises :class:`tarock.IllegalActionError` if the server refused an action (the other
        tables have acted; the refused ones are unchanged)."""
        self.step_async(actions)
        return self.step_wait()

    def step_async(self, actions) -> None:
        """Sends the step without waiting for its answer (as Gymnasium's vector environments
        do): several environments can have a step in flight at once. :meth:`step_wait` reads
        the answer."""
        if self._requests is None:
            raise RuntimeError("call reset() before step()")
        for m in self._step_messages(actions):
            self._requests.put(m)

    def step_wait(self):
        """The answer to :meth:`step_async`: ``(obs, rewards, hand_over, info)``."""
        return self._finish_step(self._receive(self._pending))

    # -- the messages, whatever carries them ---------------------------------------------------

    def _reset_messages(self, seed: Optional[Seed], options: Optional[dict]) -> list:
        """The serialized messages that close the tables open (if any) and open new ones."""
        if self._pending:
            raise RuntimeError("a step is in flight: read its answer first")
        if seed is not None:
            self._seed = seed
        messages = []
        if self._base >= 0:
            closing = pb.PlayRequest(close=list(range(self._base, self._base + self.num_tables)))
            messages.append(closing.SerializeToString())
        self._closing = bool(messages)
        self._base += self.num_tables
        self._codec.base = self._base
        self._native_step = False
        seeds, dealers = first_hands(self._seed, self.num_tables, self.dealer, options)
        specs = [
            pb.TableSpec(
                variant=self.variant,
                options=self._rule_options,
                seats=self.seats,
                seed=seed_bytes(seeds[i]),
                dealer=dealers[i],
            )
            for i in range(self.num_tables)
        ]
        for start in range(0, self.num_tables, self._chunk):
            m = pb.PlayRequest(open=specs[start : start + self._chunk])
            if start == 0:
                m.encodings.CopyFrom(self._encodings())
            messages.append(m.SerializeToString())
        return messages

    def _finish_reset(self, raw: list):
        answers = [pb.PlayResponse.FromString(b) for b in raw]
        if self._closing:
            self._raise_errors(answers[:1])
            answers = answers[1:]
        self._ids = list(range(self._base, self._base + self.num_tables))
        self._hands[:] = 0
        for a in answers:
            self._read(a, None)
        self._raise_errors(answers)
        return self._observation(), {"hands_played": self._hands.copy()}

    def _step_messages(self, actions) -> list:
        """The serialized messages of one step, counted as pending."""
        if self._pending:
            raise RuntimeError("a step is in flight: call step_wait() first")
        actions = np.asarray(actions)
        if actions.shape != (self.num_tables,):
            raise ValueError(f"actions has shape {actions.shape}, not ({self.num_tables},)")
        if self._chunk >= self.num_tables:
            self._pending = 1
            return [self._codec.step_request(np.ascontiguousarray(actions, dtype=np.int64))]
        ids = self._ids
        acts = actions.tolist()
        messages = []
        for s in range(0, self.num_tables, self._chunk):
            m = pb.PlayRequest(tables=ids[s : s + self._chunk], action_ids=acts[s : s + self._chunk])
            messages.append(m.SerializeToString())
        self._pending = len(messages)
        return messages

    def _finish_step(self, raw: list):
        self._pending = 0
        rewards = np.zeros((self.num_tables, self.seats), dtype=np.float64)
        over = np.zeros(self.num_tables, dtype=bool)
        if len(raw) == 1:
            to_act = np.empty(self.num_tables, dtype=np.int64)
            mask = np.empty((self.num_tables, self.action_space), dtype=bool)
            hands = np.empty(self.num_tables, dtype=np.int64)
            if self._codec.read_step(raw[0], to_act, mask, hands, rewards, over):
                self._to_act, self._mask, self._hands = to_act, mask, hands
                self._handed = False
                self._native_step = True
                return self._observation(), rewards, over, {"hands_played": hands.copy()}
        self._native_step = False
        answers = [pb.PlayResponse.FromString(b) for b in raw]
        for a in answers:
            self._read(a, (rewards, over))
        self._raise_errors(answers)
        return self._observation(), rewards, over, {"hands_played": self._hands.copy()}

    def sample_legal(self, rng: Optional[np.random.Generator] = None) -> np.ndarray:
        """One uniformly random legal action id per table (int64 ``[num_tables]``), drawn with
        ``rng`` as :meth:`tarock.vector.NativeVectorEnv.sample_legal` draws (the same ids for
        the same masks and draws): table ``i``'s legal ids in ascending order, the one at
        ``floor(u[i] * count)`` for ``u = rng.random(num_tables)``."""
        rng = np.random.default_rng() if rng is None else rng
        u = rng.random(self.num_tables)
        if self._native_step:
            return self._codec.sample_legal(u)
        mask = self._mask
        counts = mask.sum(axis=1)
        if not counts.all():
            raise RuntimeError("a table has no legal action: call reset() first")
        flat = np.flatnonzero(mask)
        starts = np.cumsum(counts) - counts
        k = np.minimum((u * counts).astype(np.int64), np.maximum(counts - 1, 0))
        return flat[starts + k] - np.arange(self.num_tables) * self.action_space

    def export(self, tables: Optional[Sequence[int]] = None) -> list:
        """The records (GameRecord bytes) of the tables' hands in progress."""
        ids = range(self.num_tables) if tables is None else tables
        (answer,) = self._exchange([pb.PlayRequest(export=[self._base + i for i in ids])])
        self._raise_errors([answer])
        return [r.record.SerializeToString() for r in answer.records]

    def close(self) -> None:
        """Ends the stream (the server drops its tables) and closes an own channel."""
        if self._requests is not None:
            self._requests.close()
            self._requests = None
            # Drain the stream's end, so that the server sees it closed cleanly.
            try:
                for _ in self._responses:
                    pass
            except grpc.RpcError:
                pass
            self._responses = None
        if self._own_channel:
            self._channel.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    # -- answers -------------------------------------------------------------------------------

    def _observation(self) -> dict:
        self._handed = True
        obs = {"to_act": self._to_act.copy(), "legal_mask": self._mask}
        if self.want_observation:
            obs["observation"] = self._obs.copy()
        if self.want_info_state:
            obs["info_state"] = self._info.copy()
        return obs

    def _read(self, a, step) -> None:
        """Scatters one answer's columns into the tables' rows."""
        n = len(a.tables)
        if n == 0:
            return
        masks = np.frombuffer(a.legal_masks, dtype=np.uint8).reshape(n, self.mask_bytes)
        unpacked = np.unpackbits(masks, axis=1, count=self.action_space, bitorder="little").view(bool)
        if n == self.num_tables:
            # Every table, each once, in the order sent: the answer's rows are the tables'.
            rows = slice(None)
            self._mask = unpacked
        else:
            rows = np.fromiter(a.tables, dtype=np.int64, count=n) - self._base
            if self._handed:
                self._mask = self._mask.copy()
            self._mask[rows] = unpacked
        self._handed = False
        self._to_act[rows] = np.fromiter(a.to_act, dtype=np.int64, count=n)
        self._hands[rows] = np.fromiter(a.hands_played, dtype=np.int64, count=n)
        if self.want_observation:
            self._obs[rows] = np.frombuffer(a.observations, dtype="<f4").reshape(n, self.observation_size)
        if self.want_info_state:
            self._info[rows] = np.frombuffer(a.info_states, dtype="<f4").reshape(n, self.info_state_size)
        if step is not None:
            rewards, over = step
            ended = np.fromiter(a.hand_over, dtype=bool, count=n)
            if ended.any():
                done = np.arange(self.num_tables)[ended] if isinstance(rows, slice) else rows[ended]
                over[done] = True
                rewards[done] = np.fromiter(a.rewards, dtype=np.int64, count=len(a.rewards)).reshape(
                    len(done), self.seats
                )

    def _raise_errors(self, answers) -> None:
        errors = [e for a in answers for e in a.errors]
        if not errors:
            return
        parts = []
        for e in errors[:8]:
            where = f"table {e.table - self._base}" if e.HasField("table") else "message"
            rule = f" ({e.rule})" if e.rule else ""
            parts.append(f"{where}: {e.reason}{rule}: {e.message}")
        more = f" and {len(errors) - 8} more" if len(errors) > 8 else ""
        text = "; ".join(parts) + more
        if all(e.reason in ("ILLEGAL_ACTION", "UNKNOWN_ACTION_ID") for e in errors):
            raise _native.IllegalActionError(text)
        raise PlayError(text)


class AsyncVectorEnv(VectorEnv):
    """:class:`VectorEnv` for asyncio: ``await env.reset()``, ``await env.step(actions)``,
    ``await env.export()``, ``await env.close()``, over a ``grpc.aio`` channel to ``target``.

    The same tables, deals and answers as :class:`VectorEnv`; without the thread that feeds a
    synchronous stream, a step costs the client less, and several environments step at once
    with ``asyncio.gather``.
    """

    def __init__(self, target: str, variant: str, **kwargs):
        if not isinstance(target, str):
            raise TypeError("AsyncVectorEnv takes the server's address, not a channel")
        super().__init__(target, variant, **kwargs)
        self._aio = grpc.aio.insecure_channel(target, options=CHANNEL_OPTIONS)
        self._call = None

    async def reset(self, seed: Optional[Seed] = None, options: Optional[dict] = None):
        """As :meth:`VectorEnv.reset`."""
        if self._call is None:
            play = self._aio.stream_stream(PLAY_METHOD, request_serializer=None, response_deserializer=None)
            self._call = play()
            self._base = -self.num_tables
        messages = self._reset_messages(seed, options)
        return self._finish_reset(await self._exchange_async(messages))

    async def step(self, actions):
        """As :meth:`VectorEnv.step`."""
        if self._call is None:
            raise RuntimeError("call reset() before step()")
        messages = self._step_messages(actions)
        try:
            raw = await self._exchange_async(messages)
        finally:
            self._pending = 0
        return self._finish_step(raw)

    def step_async(self, actions) -> None:
        raise TypeError("AsyncVectorEnv steps with `await env.step(actions)`")

    def step_wait(self):
        raise TypeError("AsyncVectorEnv steps with `await env.step(actions)`")

    async def export(self, tables: Optional[Sequence[int]] = None) -> list:
        """As :meth:`VectorEnv.export`."""
        if self._call is None:
            raise RuntimeError("call reset() first")
        ids = range(self.num_tables) if tables is None else tables
        m = pb.PlayRequest(export=[self._base + i for i in ids])
        (raw,) = await self._exchange_async([m.SerializeToString()])
        answer = pb.PlayResponse.FromString(raw)
        self._raise_errors([answer])
        return [r.record.SerializeToString() for r in answer.records]

    async def close(self) -> None:
        """Ends the stream and closes the channels."""
        if self._call is not None:
            call, self._call = self._call, None
            try:
                await call.done_writing()
                while await call.read() is not grpc.aio.EOF:
                    pass
            except grpc.RpcError:
                pass
        await self._aio.close()
        super().close()

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.close()

    def __enter__(self):
        raise TypeError("AsyncVectorEnv is used with `async with`")

    def __del__(self):
        pass

    async def _exchange_async(self, messages: list) -> list:
        try:
            for m in messages:
                await self._call.write(m)
            out = []
            for _ in messages:
                b = await self._call.read()
                if b is grpc.aio.EOF:
                    raise PlayError("the Play stream ended")
                out.append(b)
            return out
        except grpc.RpcError as e:
            raise PlayError(f"the Play stream failed: {e.code().name}: {e.details()}") from None
